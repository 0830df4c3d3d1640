// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mlockall() error returns and limits:
 *
 *   EINVAL  flags 0; MCL_ONFAULT alone; an unknown flag
 *   EPERM   unprivileged with RLIMIT_MEMLOCK 0
 *   ENOMEM  unprivileged MCL_CURRENT with an address space larger than
 *           RLIMIT_MEMLOCK
 *
 * and, unprivileged, that MCL_FUTURE alone succeeds under a small limit,
 * after which a mapping that would pass the limit fails with EAGAIN while
 * one within it is made and locked.
 */
#include "vm_helpers.h"
#include "lapi/mman.h"

static size_t pg;

static void setup(void)
{
	pg = vm_page_size();
}

static void test_flags(void)
{
	TST_EXP_FAIL(mlockall(0), EINVAL, "mlockall(0)");
	TST_EXP_FAIL(mlockall(MCL_ONFAULT), EINVAL, "mlockall(MCL_ONFAULT)");
	TST_EXP_FAIL(mlockall(MCL_CURRENT | 0x40), EINVAL,
		     "mlockall(MCL_CURRENT | 0x40)");
}

static void test_unprivileged(void)
{
	long locked;
	void *p;

	become_unprivileged();
	set_memlock(0);
	TST_EXP_FAIL(mlockall(MCL_CURRENT), EPERM,
		     "unprivileged mlockall(MCL_CURRENT), RLIMIT_MEMLOCK 0");
	TST_EXP_FAIL(mlockall(MCL_FUTURE), EPERM,
		     "unprivileged mlockall(MCL_FUTURE), RLIMIT_MEMLOCK 0");

	set_memlock(16 * pg);
	TST_EXP_FAIL(mlockall(MCL_CURRENT), ENOMEM,
		     "unprivileged mlockall(MCL_CURRENT), RLIMIT_MEMLOCK 16 "
		     "pages, VmSize %ld kB", status_kb("VmSize"));
	TST_EXP_PASS(mlockall(MCL_FUTURE),
		     "unprivileged mlockall(MCL_FUTURE), RLIMIT_MEMLOCK 16 "
		     "pages");
	if (!TST_PASS)
		return;
	TST_EXP_FAIL((long)mmap(NULL, 32 * pg, PROT_READ | PROT_WRITE,
				MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), EAGAIN,
		     "then a 32-page mmap()");
	locked = status_kb("VmLck");
	p = mmap(NULL, 4 * pg, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	TST_EXP_EXPR(p != MAP_FAILED &&
		     status_kb("VmLck") - locked == (long)(4 * pg / 1024),
		     "then a 4-page mmap() works and is locked (VmLck %ld -> "
		     "%ld kB)", locked, status_kb("VmLck"));
}

static void run(unsigned int n)
{
	pid_t pid = SAFE_FORK();

	if (pid) {
		wait_child(pid);
		return;
	}
	if (n == 0)
		test_flags();
	else
		test_unprivileged();
	_exit(0);
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.forks_child = 1,
};
