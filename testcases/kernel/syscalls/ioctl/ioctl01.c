// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The generic ioctl(2) requests handled in fs/ioctl.c and by pipes,
 * made with the raw system call:
 * - FIONREAD on a pipe stores the number of bytes queued in it (0 when
 *   empty, then the count written, then what is left after a partial
 *   read);
 * - FIOCLEX sets and FIONCLEX clears the close-on-exec flag, as
 *   fcntl(F_GETFD) sees it;
 * - TCGETS on a regular file is ENOTTY (no such request for the file);
 * - any request on a closed descriptor is EBADF;
 * - FIONREAD on a pipe into an unmapped address is EFAULT.
 */
#include <fcntl.h>
#include <sys/ioctl.h>
#include <termios.h>
#include "tst_test.h"
#include "proc_ids.h"

static int fds[2] = {-1, -1}, file_fd = -1;

static long sys_ioctl(int fd, unsigned long req, void *arg)
{
	return tst_syscall(__NR_ioctl, fd, req, arg);
}

static void check_nread(int expected)
{
	int n = -1;

	TST_EXP_PASS(sys_ioctl(fds[0], FIONREAD, &n), "ioctl(pipe, FIONREAD)");
	TST_EXP_EQ_LI(n, expected);
}

static void run(void)
{
	char buf[64];
	struct termios t;
	int closed_fd, n;

	check_nread(0);
	SAFE_WRITE(1, fds[1], "0123456789abcdefghi", 19);
	check_nread(19);
	SAFE_READ(1, fds[0], buf, 5);
	check_nread(14);
	SAFE_READ(1, fds[0], buf, 14);
	check_nread(0);

	TST_EXP_PASS(sys_ioctl(file_fd, FIOCLEX, NULL), "ioctl(FIOCLEX)");
	TST_EXP_EQ_LI(fcntl(file_fd, F_GETFD) & FD_CLOEXEC, FD_CLOEXEC);
	TST_EXP_PASS(sys_ioctl(file_fd, FIONCLEX, NULL), "ioctl(FIONCLEX)");
	TST_EXP_EQ_LI(fcntl(file_fd, F_GETFD) & FD_CLOEXEC, 0);

	TST_EXP_FAIL(sys_ioctl(file_fd, TCGETS, &t), ENOTTY,
		     "ioctl(regular file, TCGETS)");

	closed_fd = SAFE_OPEN("closed", O_RDONLY | O_CREAT, 0600);
	close(closed_fd);
	TST_EXP_FAIL(sys_ioctl(closed_fd, FIONREAD, &n), EBADF,
		     "ioctl(closed fd, FIONREAD)");
	TST_EXP_FAIL(sys_ioctl(closed_fd, FIOCLEX, NULL), EBADF,
		     "ioctl(closed fd, FIOCLEX)");

	SAFE_WRITE(1, fds[1], "x", 1);
	TST_EXP_FAIL(sys_ioctl(fds[0], FIONREAD, unmapped_addr()), EFAULT,
		     "ioctl(pipe, FIONREAD, unmapped)");
	SAFE_READ(1, fds[0], buf, 1);
}

static void setup(void)
{
	SAFE_PIPE(fds);
	file_fd = SAFE_OPEN("file", O_RDWR | O_CREAT, 0600);
}

static void cleanup(void)
{
	if (fds[0] != -1)
		SAFE_CLOSE(fds[0]);
	if (fds[1] != -1)
		SAFE_CLOSE(fds[1]);
	if (file_fd != -1)
		SAFE_CLOSE(file_fd);
}

static struct tst_test test = {
	.setup = setup,
	.cleanup = cleanup,
	.test_all = run,
	.needs_tmpdir = 1,
};
