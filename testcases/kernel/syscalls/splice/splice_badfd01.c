// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * splice() between every pair of fd kinds where one side cannot take
 * part, with the errno fs/splice.c picks:
 *  - a closed fd or an O_PATH fd on either side (fdget() refuses both),
 *    the write end of a pipe as input, the read end of a pipe or an
 *    O_RDONLY directory as output: EBADF (FMODE_READ/FMODE_WRITE);
 *  - otherwise, an eventfd, an epoll fd, /dev/zero, /dev/full or a
 *    directory on either side (no splice_read/splice_write), or two sides
 *    neither of which is a pipe: EINVAL.
 * /dev/zero and /dev/full can be spliced from 6.7 (1b057bd800c3,
 * "drivers/char/mem: implement splice() for /dev/zero, /dev/full":
 * copy_splice_read for both, splice_write_null for /dev/zero). From 6.7
 * splicing either into a pipe moves the length asked, all zero bytes,
 * and splicing a pipe into /dev/zero consumes what the pipe holds (an
 * empty pipe with SPLICE_F_NONBLOCK: EAGAIN); /dev/full still has no
 * splice write (EINVAL). Before 6.7 these are EINVAL, the pipe untouched.
 * Kinds: regular file, pipe read end, pipe write end, UDP socket,
 * eventfd, epoll, memfd, /dev/zero, /dev/full, directory, O_PATH, closed.
 * Before any fd is looked at: len 0 returns 0, and an unknown flag is
 * EINVAL, even with closed fds.
 */
#include <fcntl.h>
#include <sys/epoll.h>
#include <sys/ioctl.h>
#include <sys/eventfd.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include "tst_test.h"

enum kind { REG, PIPE_R, PIPE_W, SOCK, EVFD, EPFD, MEMFD, ZERO, FULL,
	    DIR_, OPATH, CLOSED, NKINDS };

static const char *const kind_name[NKINDS] = {
	"regular file", "pipe read end", "pipe write end", "UDP socket",
	"eventfd", "epoll", "memfd", "/dev/zero", "/dev/full", "directory",
	"O_PATH fd",
	"closed fd",
};

static int fds[NKINDS], closed_fd, dev_splice;

/* Can this kind take part in a splice at all? */
static int spliceable(enum kind k)
{
	return k == REG || k == PIPE_R || k == PIPE_W || k == SOCK ||
	       k == MEMFD;
}

static int ebadf(enum kind in, enum kind out)
{
	return in == CLOSED || in == OPATH || out == CLOSED || out == OPATH ||
	       in == PIPE_W || out == PIPE_R || out == DIR_;
}

static void setup(void)
{
	int p[2];

	fds[REG] = SAFE_OPEN("file", O_RDWR | O_CREAT, 0600);
	SAFE_WRITE(1, fds[REG], "data", 4);
	SAFE_PIPE(p);
	fds[PIPE_R] = p[0];
	fds[PIPE_W] = p[1];
	fds[SOCK] = SAFE_SOCKET(AF_INET, SOCK_DGRAM, 0);
	fds[EVFD] = eventfd(0, 0);
	if (fds[EVFD] < 0)
		tst_brk(TBROK | TERRNO, "eventfd()");
	fds[EPFD] = epoll_create1(0);
	if (fds[EPFD] < 0)
		tst_brk(TBROK | TERRNO, "epoll_create1()");
	fds[MEMFD] = memfd_create("splice_badfd01", 0);
	if (fds[MEMFD] < 0)
		tst_brk(TBROK | TERRNO, "memfd_create()");
	SAFE_WRITE(1, fds[MEMFD], "data", 4);
	fds[ZERO] = SAFE_OPEN("/dev/zero", O_RDWR);
	fds[FULL] = SAFE_OPEN("/dev/full", O_RDWR);
	fds[DIR_] = SAFE_OPEN(".", O_RDONLY | O_DIRECTORY);
	fds[OPATH] = SAFE_OPEN("file", O_PATH);
	fds[CLOSED] = SAFE_OPEN("file", O_RDONLY);
	closed_fd = fds[CLOSED];
	/* opened last and closed: nothing takes its number afterwards */
	SAFE_CLOSE(fds[CLOSED]);
	dev_splice = tst_kvercmp(6, 7, 0) >= 0;
}

/* The pairs 1b057bd800c3 made work, checked apart from the loop below. */
static int dev_pair(enum kind in, enum kind out)
{
	return ((in == ZERO || in == FULL) && out == PIPE_W) ||
	       (in == PIPE_R && out == ZERO);
}

static int pipe_bytes(void)
{
	int n = -1;

	if (ioctl(fds[PIPE_R], FIONREAD, &n))
		tst_brk(TBROK | TERRNO, "ioctl(FIONREAD)");
	return n;
}

static void dev_to_pipe(enum kind in)
{
	static char buf[5000];
	size_t i, got, nonzero = 0;

	if (!dev_splice) {
		TST_EXP_FAIL(splice(fds[in], NULL, fds[PIPE_W], NULL,
				    sizeof(buf), SPLICE_F_NONBLOCK), EINVAL,
			     "splice(%s -> pipe write end) before 6.7",
			     kind_name[in]);
		TST_EXP_EQ_LI(pipe_bytes(), 0);
		return;
	}
	TST_EXP_VAL(splice(fds[in], NULL, fds[PIPE_W], NULL, sizeof(buf),
			   SPLICE_F_NONBLOCK), (long)sizeof(buf),
		    "splice(%s -> pipe write end, %zu bytes)", kind_name[in],
		    sizeof(buf));
	got = TST_RET > 0 ? TST_RET : 0;
	TST_EXP_EQ_LI(pipe_bytes(), got);
	memset(buf, 0xa5, sizeof(buf));
	if (got)
		SAFE_READ(1, fds[PIPE_R], buf, got);
	for (i = 0; i < got; i++)
		nonzero += !!buf[i];
	TST_EXP_EXPR(!nonzero, "%zu of the %zu bytes spliced from %s are "
		     "not zero", nonzero, got, kind_name[in]);
}

static void pipe_to_zero(void)
{
	SAFE_WRITE(1, fds[PIPE_W], "data", 4);
	if (!dev_splice) {
		TST_EXP_FAIL(splice(fds[PIPE_R], NULL, fds[ZERO], NULL, 100,
				    SPLICE_F_NONBLOCK), EINVAL,
			     "splice(pipe read end -> /dev/zero) before 6.7");
		TST_EXP_EQ_LI(pipe_bytes(), 4);
		SAFE_READ(1, fds[PIPE_R], (char [4]){0}, 4);
		return;
	}
	TST_EXP_VAL(splice(fds[PIPE_R], NULL, fds[ZERO], NULL, 100,
			   SPLICE_F_NONBLOCK), 4,
		    "splice(pipe read end with 4 bytes -> /dev/zero)");
	TST_EXP_EQ_LI(pipe_bytes(), 0);
	TST_EXP_FAIL(splice(fds[PIPE_R], NULL, fds[ZERO], NULL, 100,
			    SPLICE_F_NONBLOCK), EAGAIN,
		     "splice(empty pipe -> /dev/zero, SPLICE_F_NONBLOCK)");
}

static void run(void)
{
	int in, out, exp;

	TST_EXP_VAL(splice(fds[CLOSED], NULL, fds[CLOSED], NULL, 0, 0), 0,
		    "splice(closed, closed, len 0)");
	TST_EXP_FAIL(splice(fds[CLOSED], NULL, fds[CLOSED], NULL, 1, 0x10),
		     EINVAL, "splice(closed, closed, unknown flag 0x10)");
	TST_EXP_FAIL(splice(fds[PIPE_R], NULL, fds[PIPE_W], NULL, 1,
			    SPLICE_F_NONBLOCK), EINVAL,
		     "splice() from a pipe into the same pipe");

	for (in = 0; in < NKINDS; in++) {
		for (out = 0; out < NKINDS; out++) {
			if (spliceable(in) && spliceable(out) &&
			    !ebadf(in, out))
				continue;
			if (dev_pair(in, out))
				continue;
			exp = ebadf(in, out) ? EBADF : EINVAL;
			TST_EXP_FAIL(splice(fds[in], NULL, fds[out], NULL, 1,
					    SPLICE_F_NONBLOCK), exp,
				     "splice(%s -> %s)", kind_name[in],
				     kind_name[out]);
		}
	}
	dev_to_pipe(ZERO);
	dev_to_pipe(FULL);
	pipe_to_zero();
}

static void cleanup(void)
{
	int i;

	for (i = 0; i < NKINDS; i++)
		if (i != CLOSED && fds[i] > 0 && fds[i] != closed_fd)
			SAFE_CLOSE(fds[i]);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_tmpdir = 1,
};
