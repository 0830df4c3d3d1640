// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * io_uring_enter() error paths, with the errno io_uring/io_uring.c gives
 * in 6.1 and 6.12 alike:
 *  - EBADF for a descriptor that is not open, EOPNOTSUPP for an open
 *    descriptor that is no io_uring (a regular file);
 *  - EINVAL for an unknown flag bit;
 *  - EBADFD on a ring set up with IORING_SETUP_R_DISABLED, until
 *    IORING_REGISTER_ENABLE_RINGS enabled it;
 *  - with GETEVENTS on an empty CQ ring: EINVAL for a sigset size that
 *    is not the kernel's (8) and EFAULT for a sigset pointer outside the
 *    address space; with IORING_ENTER_EXT_ARG, EINVAL for an argsz that
 *    is not sizeof(struct io_uring_getevents_arg), EFAULT for an argument
 *    or a timespec outside the address space, and ETIME when the timeout
 *    (10 ms; only that it ends is asserted) runs out with nothing done.
 * A request that fails is no syscall error: the call returns the SQEs it
 * consumed and the CQE carries -errno: -EINVAL for an unknown opcode,
 * -EBADF for a read from a descriptor that is not open.
 */
#include <fcntl.h>
#include <signal.h>
#include "io_uring_raw.h"
#include "fd_checks.h"
#include "lapi/signal.h"

#define UNKNOWN_FLAG	(1U << 31)

static struct uring ring = { .fd = -1 };
static int file_fd = -1, closed_fd = -1, disabled_fd = -1;
static sigset_t mask;

static void setup(void)
{
	struct io_uring_params p;

	io_uring_require();
	uring_init(&ring, 4, 0);
	file_fd = SAFE_OPEN("uring_file", O_RDWR | O_CREAT | O_TRUNC, 0600);
	sigemptyset(&mask);
	sigaddset(&mask, SIGUSR1);

	memset(&p, 0, sizeof(p));
	p.flags = IORING_SETUP_R_DISABLED;
	disabled_fd = sys_io_uring_setup(4, &p);
	if (disabled_fd < 0)
		tst_brk(TBROK | TERRNO, "io_uring_setup(R_DISABLED)");

	/* last: no later open() may reuse its number */
	closed_fd = lowest_free_fd();
}

static void test_fds(void)
{
	TST_EXP_FAIL(sys_io_uring_enter(closed_fd, 0, 0, 0, NULL, 0), EBADF,
		     "io_uring_enter(closed fd %d)", closed_fd);
	TST_EXP_FAIL(sys_io_uring_enter(-1, 0, 0, 0, NULL, 0), EBADF,
		     "io_uring_enter(fd -1)");
	TST_EXP_FAIL(sys_io_uring_enter(file_fd, 0, 0, 0, NULL, 0),
		     EOPNOTSUPP, "io_uring_enter(regular file fd)");
	TST_EXP_FAIL(sys_io_uring_enter(ring.fd, 0, 0, UNKNOWN_FLAG, NULL, 0),
		     EINVAL, "io_uring_enter(flags 1 << 31)");
}

static void test_disabled(void)
{
	TST_EXP_FAIL(sys_io_uring_enter(disabled_fd, 0, 0, 0, NULL, 0), EBADFD,
		     "io_uring_enter() on an R_DISABLED ring");
	if (sys_io_uring_register(disabled_fd, IORING_REGISTER_ENABLE_RINGS,
				  NULL, 0))
		tst_brk(TBROK | TERRNO, "IORING_REGISTER_ENABLE_RINGS");
	TST_EXP_VAL(sys_io_uring_enter(disabled_fd, 0, 0, 0, NULL, 0), 0,
		    "io_uring_enter() once the ring is enabled");
}

static void test_wait_args(void)
{
	/* the kernel's struct __kernel_timespec */
	struct {
		long long tv_sec;
		long long tv_nsec;
	} ts = { 0, 10000000 };
	struct io_uring_getevents_arg arg = {
		.ts = (uintptr_t)&ts,
	};
	const unsigned int flags = IORING_ENTER_GETEVENTS | IORING_ENTER_EXT_ARG;

	TST_EXP_FAIL(sys_io_uring_enter(ring.fd, 0, 1, IORING_ENTER_GETEVENTS,
					&mask, 4), EINVAL,
		     "io_uring_enter(GETEVENTS, sigset size 4)");
	TST_EXP_FAIL(sys_io_uring_enter(ring.fd, 0, 1, IORING_ENTER_GETEVENTS,
					(void *)-1, KERNEL_SIGSET_SIZE), EFAULT,
		     "io_uring_enter(GETEVENTS, sigset (void *)-1)");
	TST_EXP_FAIL(sys_io_uring_enter(ring.fd, 0, 1, flags, &arg,
					sizeof(arg) - 1), EINVAL,
		     "io_uring_enter(EXT_ARG, argsz %zu)", sizeof(arg) - 1);
	TST_EXP_FAIL(sys_io_uring_enter(ring.fd, 0, 1, flags, (void *)-1,
					sizeof(arg)), EFAULT,
		     "io_uring_enter(EXT_ARG, arg (void *)-1)");

	arg.ts = (uint64_t)-1;
	TST_EXP_FAIL(sys_io_uring_enter(ring.fd, 0, 1, flags, &arg,
					sizeof(arg)), EFAULT,
		     "io_uring_enter(EXT_ARG, ts (void *)-1)");

	arg.ts = (uintptr_t)&ts;
	TST_EXP_FAIL(sys_io_uring_enter(ring.fd, 0, 1, flags, &arg,
					sizeof(arg)), ETIME,
		     "io_uring_enter(EXT_ARG, 10 ms timeout, nothing queued)");
}

static void test_cqe_errors(void)
{
	static char buf[64];
	struct io_uring_sqe *sqe;

	uring_get_sqe(&ring, 0, 250, -1, 0xbad0);
	uring_queue(&ring, 1);
	TST_EXP_VAL(sys_io_uring_enter(ring.fd, 1, 1, IORING_ENTER_GETEVENTS,
				       NULL, 0), 1,
		    "io_uring_enter(SQE with opcode 250)");
	uring_expect_cqe(&ring, 0xbad0, -EINVAL, "unknown opcode 250");

	sqe = uring_get_sqe(&ring, 0, IORING_OP_READ, closed_fd, 0xbad1);
	sqe->addr = (uintptr_t)buf;
	sqe->len = sizeof(buf);
	uring_queue(&ring, 1);
	TST_EXP_VAL(sys_io_uring_enter(ring.fd, 1, 1, IORING_ENTER_GETEVENTS,
				       NULL, 0), 1,
		    "io_uring_enter(READ from closed fd %d)", closed_fd);
	uring_expect_cqe(&ring, 0xbad1, -EBADF, "READ from a closed fd");
}

static void run(void)
{
	test_fds();
	test_wait_args();
	test_cqe_errors();
	if (!tst_iteration)
		test_disabled();
}

static void cleanup(void)
{
	uring_exit(&ring);
	if (disabled_fd >= 0)
		SAFE_CLOSE(disabled_fd);
	if (file_fd >= 0)
		SAFE_CLOSE(file_fd);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_tmpdir = 1,
};
