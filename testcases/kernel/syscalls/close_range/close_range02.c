// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * close_range(2) argument checks, and nothing closed when it fails:
 * - EINVAL: a flag other than CLOSE_RANGE_UNSHARE and CLOSE_RANGE_CLOEXEC
 *   (bit 0, bit 30), first > last;
 * - a range above every open fd, and first == last on a closed fd,
 *   succeed and change nothing.
 */
#include <fcntl.h>
#include <linux/close_range.h>
#include <sys/syscall.h>
#include "tst_test.h"
#include "fileio.h"

static int fd = -1;

/* The raw call: glibc older than 2.34 has no wrapper. */
static int sys_close_range(unsigned int first, unsigned int last,
			   unsigned int flags)
{
	return tst_syscall(__NR_close_range, first, last, flags);
}

static void run(void)
{
	TST_EXP_FAIL(sys_close_range(fd, fd, 1), EINVAL,
		     "close_range(fd, fd, bit 0)");
	TST_EXP_FAIL(sys_close_range(fd, fd, 1U << 30), EINVAL,
		     "close_range(fd, fd, bit 30)");
	TST_EXP_FAIL(sys_close_range(fd, fd, 1U << 30 | CLOSE_RANGE_CLOEXEC),
		     EINVAL, "close_range(fd, fd, CLOEXEC | bit 30)");
	TST_EXP_FAIL(sys_close_range(fd + 1, fd, 0), EINVAL,
		     "close_range(fd + 1, fd, 0)");
	TST_EXP_FAIL(sys_close_range(~0U, 0, 0), EINVAL,
		     "close_range(~0U, 0, 0)");
	TST_EXP_EXPR(fio_fd_is_open(fd) && !(fcntl(fd, F_GETFD) & FD_CLOEXEC),
		     "fd %d is still open, not close-on-exec", fd);

	TST_EXP_PASS(sys_close_range(fd + 1000, ~0U, 0),
		     "close_range() above every open fd");
	TST_EXP_PASS(sys_close_range(fd + 1, fd + 1, 0),
		     "close_range() of one closed fd");
	TST_EXP_EXPR(fio_fd_is_open(fd), "fd %d is still open", fd);
}

static void setup(void)
{
	int i;

	/* The highest open fd: nothing may be open above it. */
	for (i = 0; i < 1024; i++) {
		if (fio_fd_is_open(i))
			fd = i;
	}
	fd = SAFE_DUP2(0, fd + 1);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
};
