// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fcntl(2) F_GETPIPE_SZ and F_SETPIPE_SZ:
 * - a new pipe holds 16 pages (as root, where no per-user limit applies);
 * - F_SETPIPE_SZ rounds up to a power-of-two number of pages, at least
 *   one, returns the new size, and F_GETPIPE_SZ of either end reports it;
 * - the pipe then takes exactly that many page-sized writes;
 * - resizing keeps the data; shrinking below the data held: EBUSY;
 * - above 2 GiB: EINVAL; on a regular file: EBADF;
 * - an unprivileged user cannot grow a pipe beyond fs/pipe-max-size
 *   (EPERM), and may always shrink it.
 */
#include <fcntl.h>
#include <string.h>
#include "tst_test.h"
#include "fileio.h"

static long page, max_size;
static unsigned char *data, *buf;

static void check_set(int fds[2], int which, long arg, long exp)
{
	TST_EXP_VAL(fcntl(fds[which], F_SETPIPE_SZ, arg), exp,
		    "F_SETPIPE_SZ %ld on fds[%d]", arg, which);
	TST_EXP_EQ_LI(fcntl(fds[!which], F_GETPIPE_SZ), exp);
}

/* It takes size bytes of page-sized writes, no more. */
static void check_capacity(int fds[2], long size)
{
	long filled = 0;

	while (write(fds[1], data, page) == page)
		filled += page;
	TST_EXP_EXPR(errno == EAGAIN && filled == size, "the pipe took %ld "
		     "bytes (expected %ld)", filled, size);
	while (read(fds[0], buf, page) > 0)
		;
}

static void test_sizes(void)
{
	int fds[2];

	SAFE_PIPE2(fds, O_NONBLOCK);
	if (geteuid() == 0)
		TST_EXP_EQ_LI(fcntl(fds[0], F_GETPIPE_SZ), 16 * page);
	check_set(fds, 1, 1, page);
	check_capacity(fds, page);
	check_set(fds, 0, 3 * page, 4 * page);
	check_capacity(fds, 4 * page);
	check_set(fds, 1, page + 1, 2 * page);
	check_set(fds, 1, max_size, max_size);

	SAFE_WRITE(1, fds[1], data, 3 * page);
	TST_EXP_FAIL(fcntl(fds[1], F_SETPIPE_SZ, 2 * page), EBUSY,
		     "F_SETPIPE_SZ 2 pages with 3 pages in the pipe");
	TST_EXP_VAL(fcntl(fds[1], F_SETPIPE_SZ, 4 * page), 4 * page,
		    "F_SETPIPE_SZ 4 pages with 3 pages in the pipe");
	SAFE_READ(1, fds[0], buf, 3 * page);
	TST_EXP_EXPR(!memcmp(buf, data, 3 * page), "the data survived");

	TST_EXP_FAIL(fcntl(fds[1], F_SETPIPE_SZ, (1UL << 31) + 1), EINVAL,
		     "F_SETPIPE_SZ 2 GiB + 1");
	SAFE_CLOSE(fds[0]);
	SAFE_CLOSE(fds[1]);
}

static void test_nobody(void)
{
	int fds[2];

	SAFE_PIPE(fds);
	TST_EXP_FAIL(fcntl(fds[1], F_SETPIPE_SZ, 2 * max_size), EPERM,
		     "F_SETPIPE_SZ 2 * pipe-max-size as nobody");
	TST_EXP_VAL(fcntl(fds[1], F_SETPIPE_SZ, page), page,
		    "F_SETPIPE_SZ 1 page as nobody");
	SAFE_CLOSE(fds[0]);
	SAFE_CLOSE(fds[1]);
}

static void run(void)
{
	int fd = SAFE_OPEN("f", O_RDWR | O_CREAT, 0600);

	test_sizes();
	TST_EXP_FAIL(fcntl(fd, F_SETPIPE_SZ, page), EBADF,
		     "F_SETPIPE_SZ on a regular file");
	TST_EXP_FAIL(fcntl(fd, F_GETPIPE_SZ), EBADF,
		     "F_GETPIPE_SZ on a regular file");
	SAFE_CLOSE(fd);
	fio_as_nobody(test_nobody);
}

static void setup(void)
{
	page = getpagesize();
	SAFE_FILE_SCANF("/proc/sys/fs/pipe-max-size", "%ld", &max_size);
	data = SAFE_MALLOC(4 * page);
	buf = SAFE_MALLOC(4 * page);
	fio_fill(data, 4 * page, 61);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_tmpdir = 1,
	.forks_child = 1,
};
