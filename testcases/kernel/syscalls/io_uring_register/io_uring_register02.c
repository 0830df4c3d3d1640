// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * io_uring_register() error paths, each with the errno io_uring/ gives
 * in 6.1 and 6.12 alike:
 *  - EINVAL for an opcode past IORING_REGISTER_LAST (checked before the
 *    descriptor), EBADF for a descriptor that is not open, EOPNOTSUPP for
 *    one that is no io_uring;
 *  - IORING_REGISTER_FILES: EFAULT for a NULL array, EINVAL for 0 files,
 *    EMFILE for more files than RLIMIT_NOFILE (or than the 1 << 20 of
 *    the table), EBADF for a descriptor that is not open and for the ring
 *    itself (an io_uring cannot be registered in a ring);
 *  - IORING_REGISTER_BUFFERS: EFAULT for a NULL array, EINVAL for 0 or
 *    more than 1 << 14 buffers, EFAULT for an iovec of length 0, for a
 *    NULL base with a length, and for a length over 1 GiB;
 *  - a failed registration leaves nothing registered: unregistering then
 *    is ENXIO;
 *  - IORING_UNREGISTER_FILES and IORING_UNREGISTER_BUFFERS: EINVAL with
 *    an argument or a count;
 *  - IORING_REGISTER_ENABLE_RINGS on a ring that is not disabled: EBADFD.
 */
#include <fcntl.h>
#include <sys/resource.h>
#include "io_uring_raw.h"
#include "fd_checks.h"

#define IORING_REGISTER_BAD_OP		9999
#define IORING_MAX_FIXED_FILES		(1U << 20)
#define SZ_1G				(1UL << 30)

static struct uring ring = { .fd = -1 };
static int file_fd = -1, closed_fd = -1;
static char buf[64];

static void setup(void)
{
	io_uring_require();
	uring_init(&ring, 4, 0);
	file_fd = SAFE_OPEN("uring_file", O_RDWR | O_CREAT | O_TRUNC, 0600);
	closed_fd = lowest_free_fd();
}

static void test_fds(void)
{
	TST_EXP_FAIL(sys_io_uring_register(ring.fd, IORING_REGISTER_BAD_OP,
					   NULL, 0), EINVAL,
		     "io_uring_register(opcode %d)", IORING_REGISTER_BAD_OP);
	TST_EXP_FAIL(sys_io_uring_register(closed_fd, IORING_REGISTER_BAD_OP,
					   NULL, 0), EINVAL,
		     "io_uring_register(closed fd, opcode %d)",
		     IORING_REGISTER_BAD_OP);
	TST_EXP_FAIL(sys_io_uring_register(closed_fd,
					   IORING_UNREGISTER_FILES, NULL, 0),
		     EBADF, "io_uring_register(closed fd %d)", closed_fd);
	TST_EXP_FAIL(sys_io_uring_register(file_fd, IORING_UNREGISTER_FILES,
					   NULL, 0), EOPNOTSUPP,
		     "io_uring_register(regular file fd)");
}

static void test_files(void)
{
	int bad_fds[2] = { file_fd, closed_fd };
	int ring_fds[2] = { file_fd, ring.fd };
	struct rlimit rl;
	unsigned long too_many;

	TST_EXP_FAIL(sys_io_uring_register(ring.fd, IORING_REGISTER_FILES,
					   NULL, 1), EFAULT,
		     "IORING_REGISTER_FILES(NULL, 1)");
	TST_EXP_FAIL(sys_io_uring_register(ring.fd, IORING_REGISTER_FILES,
					   bad_fds, 0), EINVAL,
		     "IORING_REGISTER_FILES of 0 files");

	if (getrlimit(RLIMIT_NOFILE, &rl))
		tst_brk(TBROK | TERRNO, "getrlimit(RLIMIT_NOFILE)");
	too_many = rl.rlim_cur < IORING_MAX_FIXED_FILES ?
		   rl.rlim_cur + 1 : IORING_MAX_FIXED_FILES + 1;
	TST_EXP_FAIL(sys_io_uring_register(ring.fd, IORING_REGISTER_FILES,
					   bad_fds, too_many), EMFILE,
		     "IORING_REGISTER_FILES of %lu files (RLIMIT_NOFILE %llu)",
		     too_many, (unsigned long long)rl.rlim_cur);

	TST_EXP_FAIL(sys_io_uring_register(ring.fd, IORING_REGISTER_FILES,
					   bad_fds, 2), EBADF,
		     "IORING_REGISTER_FILES { file, closed fd }");
	TST_EXP_FAIL(sys_io_uring_register(ring.fd, IORING_REGISTER_FILES,
					   ring_fds, 2), EBADF,
		     "IORING_REGISTER_FILES { file, the ring's own fd }");

	TST_EXP_FAIL(sys_io_uring_register(ring.fd, IORING_UNREGISTER_FILES,
					   NULL, 0), ENXIO,
		     "IORING_UNREGISTER_FILES after the failed registrations");
	TST_EXP_FAIL(sys_io_uring_register(ring.fd, IORING_UNREGISTER_FILES,
					   bad_fds, 0), EINVAL,
		     "IORING_UNREGISTER_FILES with an argument");
	TST_EXP_FAIL(sys_io_uring_register(ring.fd, IORING_UNREGISTER_FILES,
					   NULL, 1), EINVAL,
		     "IORING_UNREGISTER_FILES with nr_args 1");
}

static void test_buffers(void)
{
	static const struct {
		const char *desc;
		int null_base;
		size_t len;
	} bad_iovs[] = {
		{ "iov_len 0", 0, 0 },
		{ "iov_base NULL, iov_len 64", 1, sizeof(buf) },
		{ "iov_len 1 GiB + 1", 0, SZ_1G + 1 },
	};
	struct iovec iov = { buf, sizeof(buf) };
	unsigned int i;

	TST_EXP_FAIL(sys_io_uring_register(ring.fd, IORING_REGISTER_BUFFERS,
					   NULL, 1), EFAULT,
		     "IORING_REGISTER_BUFFERS(NULL, 1)");
	TST_EXP_FAIL(sys_io_uring_register(ring.fd, IORING_REGISTER_BUFFERS,
					   &iov, 0), EINVAL,
		     "IORING_REGISTER_BUFFERS of 0 buffers");
	TST_EXP_FAIL(sys_io_uring_register(ring.fd, IORING_REGISTER_BUFFERS,
					   &iov, IORING_MAX_REG_BUFFERS + 1),
		     EINVAL, "IORING_REGISTER_BUFFERS of %u buffers",
		     IORING_MAX_REG_BUFFERS + 1);

	for (i = 0; i < sizeof(bad_iovs) / sizeof(bad_iovs[0]); i++) {
		iov.iov_base = bad_iovs[i].null_base ? NULL : buf;
		iov.iov_len = bad_iovs[i].len;
		TST_EXP_FAIL(sys_io_uring_register(ring.fd,
						   IORING_REGISTER_BUFFERS,
						   &iov, 1), EFAULT,
			     "IORING_REGISTER_BUFFERS { %s }",
			     bad_iovs[i].desc);
	}

	TST_EXP_FAIL(sys_io_uring_register(ring.fd, IORING_UNREGISTER_BUFFERS,
					   NULL, 0), ENXIO,
		     "IORING_UNREGISTER_BUFFERS after the failed "
		     "registrations");
	TST_EXP_FAIL(sys_io_uring_register(ring.fd, IORING_UNREGISTER_BUFFERS,
					   &iov, 0), EINVAL,
		     "IORING_UNREGISTER_BUFFERS with an argument");
	TST_EXP_FAIL(sys_io_uring_register(ring.fd, IORING_UNREGISTER_BUFFERS,
					   NULL, 1), EINVAL,
		     "IORING_UNREGISTER_BUFFERS with nr_args 1");
}

static void run(void)
{
	test_fds();
	test_files();
	test_buffers();
	TST_EXP_FAIL(sys_io_uring_register(ring.fd,
					   IORING_REGISTER_ENABLE_RINGS,
					   NULL, 0), EBADFD,
		     "IORING_REGISTER_ENABLE_RINGS on an enabled ring");
}

static void cleanup(void)
{
	uring_exit(&ring);
	if (file_fd >= 0)
		SAFE_CLOSE(file_fd);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_tmpdir = 1,
};
