// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pipe(2) returns a read end and a write end of one FIFO:
 * - fds[0] is O_RDONLY, fds[1] O_WRONLY, both FIFOs of the same inode,
 *   blocking and not close-on-exec;
 * - bytes come out of fds[0] in the order they went into fds[1];
 * - the wrong end fails with EBADF (read fds[1], write fds[0]);
 * - the pipe takes F_GETPIPE_SZ bytes of page-sized writes, then an
 *   O_NONBLOCK write fails with EAGAIN; with one page free, a write of
 *   two pages (above PIPE_BUF, so not atomic) is cut to the page that
 *   fits.
 */
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include "tst_test.h"
#include "fileio.h"
#include "legacy_raw.h"

static unsigned char *data, *buf;
static long page;

static void test_ends(int fds[2])
{
	struct stat s0, s1;

	SAFE_FSTAT(fds[0], &s0);
	SAFE_FSTAT(fds[1], &s1);
	TST_EXP_EXPR(S_ISFIFO(s0.st_mode) && s0.st_ino == s1.st_ino &&
		     s0.st_dev == s1.st_dev, "both ends are one FIFO");
	TST_EXP_EQ_LI(fcntl(fds[0], F_GETFL) & (O_ACCMODE | O_NONBLOCK),
		      O_RDONLY);
	TST_EXP_EQ_LI(fcntl(fds[1], F_GETFL) & (O_ACCMODE | O_NONBLOCK),
		      O_WRONLY);
	TST_EXP_EQ_LI((fcntl(fds[0], F_GETFD) | fcntl(fds[1], F_GETFD)) &
		      FD_CLOEXEC, 0);
}

static void test_order(int fds[2])
{
	SAFE_WRITE(1, fds[1], data, 10);
	SAFE_WRITE(1, fds[1], data + 10, 300);
	SAFE_WRITE(1, fds[1], data + 310, 1);
	TST_EXP_VAL(read(fds[0], buf, 2 * page), 311,
		    "read() of 3 writes (311 bytes)");
	TST_EXP_EXPR(!memcmp(buf, data, 311), "the bytes in write order");
	TST_EXP_FAIL(read(fds[1], buf, 1), EBADF, "read() of the write end");
	TST_EXP_FAIL(write(fds[0], buf, 1), EBADF, "write() to the read end");
}

static void test_capacity(int fds[2])
{
	long size = fcntl(fds[1], F_GETPIPE_SZ), filled = 0;

	fcntl(fds[1], F_SETFL, O_NONBLOCK);
	while (write(fds[1], data, page) == page)
		filled += page;
	TST_EXP_EXPR(errno == EAGAIN && filled == size, "page-sized writes "
		     "filled %ld bytes (F_GETPIPE_SZ %ld), then %s", filled,
		     size, tst_strerrno(errno));
	TST_EXP_FAIL(write(fds[1], data, 1), EAGAIN,
		     "write(1) to the full O_NONBLOCK pipe");

	SAFE_READ(1, fds[0], buf, page);
	TST_EXP_VAL(write(fds[1], data, 2 * page), page,
		    "write(2 pages) with one page free");
	fcntl(fds[1], F_SETFL, 0);
}

static void run(void)
{
	int fds[2];

	TST_EXP_PASS(sys_pipe(fds));
	if (!TST_PASS)
		return;
	test_ends(fds);
	test_order(fds);
	test_capacity(fds);
	SAFE_CLOSE(fds[0]);
	SAFE_CLOSE(fds[1]);
}

static void setup(void)
{
	page = getpagesize();
	data = SAFE_MALLOC(2 * page);
	buf = SAFE_MALLOC(2 * page);
	fio_fill(data, 2 * page, 53);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
};
