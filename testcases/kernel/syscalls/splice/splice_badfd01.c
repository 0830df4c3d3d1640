// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * splice() between every pair of fd kinds where one side cannot take
 * part, with the errno fs/splice.c picks:
 *  - a closed fd or an O_PATH fd on either side (fdget() refuses both),
 *    the write end of a pipe as input, the read end of a pipe or an
 *    O_RDONLY directory as output: EBADF (FMODE_READ/FMODE_WRITE);
 *  - otherwise, an eventfd, an epoll fd, /dev/zero or a directory on
 *    either side (no splice_read/splice_write), or two sides neither of
 *    which is a pipe: EINVAL.
 * Kinds: regular file, pipe read end, pipe write end, UDP socket,
 * eventfd, epoll, memfd, /dev/zero, directory, O_PATH, closed.
 * Before any fd is looked at: len 0 returns 0, and an unknown flag is
 * EINVAL, even with closed fds.
 */
#include <fcntl.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include "tst_test.h"

enum kind { REG, PIPE_R, PIPE_W, SOCK, EVFD, EPFD, MEMFD, ZERO, DIR_,
	    OPATH, CLOSED, NKINDS };

static const char *const kind_name[NKINDS] = {
	"regular file", "pipe read end", "pipe write end", "UDP socket",
	"eventfd", "epoll", "memfd", "/dev/zero", "directory", "O_PATH fd",
	"closed fd",
};

static int fds[NKINDS], closed_fd;

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
	fds[DIR_] = SAFE_OPEN(".", O_RDONLY | O_DIRECTORY);
	fds[OPATH] = SAFE_OPEN("file", O_PATH);
	fds[CLOSED] = SAFE_OPEN("file", O_RDONLY);
	closed_fd = fds[CLOSED];
	/* opened last and closed: nothing takes its number afterwards */
	SAFE_CLOSE(fds[CLOSED]);
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
			exp = ebadf(in, out) ? EBADF : EINVAL;
			TST_EXP_FAIL(splice(fds[in], NULL, fds[out], NULL, 1,
					    SPLICE_F_NONBLOCK), exp,
				     "splice(%s -> %s)", kind_name[in],
				     kind_name[out]);
		}
	}
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
