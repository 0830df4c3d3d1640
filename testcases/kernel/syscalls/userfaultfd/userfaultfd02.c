// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * userfaultfd() errors and who may use it (fs/userfaultfd.c):
 *
 * - EINVAL: an unknown flag (also with UFFD_USER_MODE_ONLY).
 * - Before the UFFDIO_API handshake, UFFDIO_REGISTER and read() fail with
 *   EINVAL. UFFDIO_API with a wrong api or an unknown feature fails with
 *   EINVAL and zeroes the structure; the handshake still works after
 *   that, once: a second UFFDIO_API fails with EINVAL.
 * - UFFDIO_REGISTER: EINVAL for no mode, a start not page aligned, a range
 *   nothing is mapped in.
 * - As nobody (no CAP_SYS_PTRACE): userfaultfd(0) fails with EPERM when
 *   /proc/sys/vm/unprivileged_userfaultfd is 0 and works when it is 1 (the
 *   file is read, not changed); UFFD_USER_MODE_ONLY always works; the
 *   UFFD_FEATURE_EVENT_FORK feature is refused with EPERM.
 * - With UFFD_USER_MODE_ONLY a fault the kernel takes on a registered
 *   missing page (read() from a pipe into it) is not handed to userspace:
 *   read() fails with EFAULT instead of blocking.
 */
#include <stdlib.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <linux/userfaultfd.h>
#include "tst_test.h"
#include "as_nobody.h"
#include "lapi/userfaultfd.h"

static size_t pg;
static char *area, *unmapped;
static long unpriv = -1;

static long uffd_raw(int flags)
{
	return tst_syscall(__NR_userfaultfd, flags);
}

static int uffd_open(int flags)
{
	int fd = uffd_raw(flags);

	if (fd < 0)
		tst_brk(TBROK | TERRNO, "userfaultfd(0x%x)", flags);
	return fd;
}

static void handshake(int fd)
{
	struct uffdio_api api = { .api = UFFD_API };

	if (ioctl(fd, UFFDIO_API, &api))
		tst_brk(TBROK | TERRNO, "UFFDIO_API");
}

static void test_api(void)
{
	int fd = uffd_open(O_CLOEXEC);
	struct uffdio_register reg = {
		.range = { .start = (unsigned long)area, .len = pg },
		.mode = UFFDIO_REGISTER_MODE_MISSING,
	};
	struct uffdio_api api = { .api = 0xbeef, .features = 1 };
	char c;

	TST_EXP_FAIL(ioctl(fd, UFFDIO_REGISTER, &reg), EINVAL,
		     "UFFDIO_REGISTER before UFFDIO_API");
	TST_EXP_FAIL(read(fd, &c, 1), EINVAL, "read() before UFFDIO_API");
	TST_EXP_FAIL(ioctl(fd, UFFDIO_API, &api), EINVAL,
		     "UFFDIO_API(api 0xbeef)");
	TST_EXP_EXPR(!api.api && !api.features && !api.ioctls,
		     "the failed UFFDIO_API zeroed the structure");
	api = (struct uffdio_api) { .api = UFFD_API, .features = 1ULL << 63 };
	TST_EXP_FAIL(ioctl(fd, UFFDIO_API, &api), EINVAL,
		     "UFFDIO_API(feature 1 << 63)");
	api = (struct uffdio_api) { .api = UFFD_API };
	TST_EXP_PASS(ioctl(fd, UFFDIO_API, &api),
		     "UFFDIO_API after the failed ones");
	api = (struct uffdio_api) { .api = UFFD_API };
	TST_EXP_FAIL(ioctl(fd, UFFDIO_API, &api), EINVAL,
		     "a second UFFDIO_API");

	reg.mode = 0;
	TST_EXP_FAIL(ioctl(fd, UFFDIO_REGISTER, &reg), EINVAL,
		     "UFFDIO_REGISTER(no mode)");
	reg.mode = UFFDIO_REGISTER_MODE_MISSING;
	reg.range.start = (unsigned long)area + 1;
	TST_EXP_FAIL(ioctl(fd, UFFDIO_REGISTER, &reg), EINVAL,
		     "UFFDIO_REGISTER(start not page aligned)");
	reg.range.start = (unsigned long)unmapped;
	TST_EXP_FAIL(ioctl(fd, UFFDIO_REGISTER, &reg), EINVAL,
		     "UFFDIO_REGISTER(nothing mapped)");
	SAFE_CLOSE(fd);
}

static void test_user_mode_only_kernel_fault(void)
{
	int fd = uffd_open(UFFD_USER_MODE_ONLY | O_CLOEXEC), pfd[2];
	char *p = SAFE_MMAP(NULL, pg, PROT_READ | PROT_WRITE,
			    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	struct uffdio_register reg = {
		.range = { .start = (unsigned long)p, .len = pg },
		.mode = UFFDIO_REGISTER_MODE_MISSING,
	};

	handshake(fd);
	TST_EXP_PASS(ioctl(fd, UFFDIO_REGISTER, &reg),
		     "UFFDIO_REGISTER on a UFFD_USER_MODE_ONLY descriptor");
	SAFE_PIPE(pfd);
	SAFE_WRITE(1, pfd[1], "x", 1);
	TST_EXP_FAIL(read(pfd[0], p, 1), EFAULT,
		     "read() into a registered missing page, "
		     "UFFD_USER_MODE_ONLY");
	SAFE_CLOSE(pfd[0]);
	SAFE_CLOSE(pfd[1]);
	SAFE_CLOSE(fd);
	SAFE_MUNMAP(p, pg);
}

static void as_nobody(void)
{
	struct uffdio_api api = {
		.api = UFFD_API, .features = UFFD_FEATURE_EVENT_FORK,
	};
	int fd;

	if (unpriv == 0) {
		TST_EXP_FAIL(uffd_raw(0), EPERM, "userfaultfd(0) as nobody, "
			     "vm.unprivileged_userfaultfd = 0");
		TST_EXP_FAIL(uffd_raw(O_CLOEXEC | O_NONBLOCK), EPERM,
			     "userfaultfd(O_CLOEXEC|O_NONBLOCK) as nobody, "
			     "vm.unprivileged_userfaultfd = 0");
	} else if (unpriv == 1) {
		TST_EXP_FD(uffd_raw(0), "userfaultfd(0) as nobody, "
			   "vm.unprivileged_userfaultfd = 1");
		if (TST_RET >= 0)
			close(TST_RET);
	}
	TST_EXP_FD(uffd_raw(UFFD_USER_MODE_ONLY),
		   "userfaultfd(UFFD_USER_MODE_ONLY) as nobody");
	if (TST_RET < 0)
		return;
	fd = TST_RET;
	TST_EXP_FAIL(ioctl(fd, UFFDIO_API, &api), EPERM,
		     "UFFDIO_API(UFFD_FEATURE_EVENT_FORK) as nobody");
	close(fd);
}

static void run(void)
{
	TST_EXP_FAIL(uffd_raw(1 << 1), EINVAL, "userfaultfd(flags 2)");
	TST_EXP_FAIL(uffd_raw(UFFD_USER_MODE_ONLY | (1 << 30)), EINVAL,
		     "userfaultfd(UFFD_USER_MODE_ONLY | 1 << 30)");
	test_api();
	test_user_mode_only_kernel_fault();
	run_in_nobody_child(as_nobody, "the unprivileged checks");
}

static void setup(void)
{
	pg = getpagesize();
	if (!tst_file_read_long("/proc/sys/vm/unprivileged_userfaultfd",
				&unpriv))
		tst_res(TINFO, "no /proc/sys/vm/unprivileged_userfaultfd");
	else
		tst_res(TINFO, "vm.unprivileged_userfaultfd = %ld", unpriv);
	area = SAFE_MMAP(NULL, pg, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	unmapped = SAFE_MMAP(NULL, pg, PROT_NONE,
			     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	SAFE_MUNMAP(unmapped, pg);
}

static struct tst_test test = {
	.setup = setup,
	.test_all = run,
	.forks_child = 1,
	.needs_root = 1,
};
