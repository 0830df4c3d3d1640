// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mlock2() error returns:
 *
 *   EINVAL  a flag other than MLOCK_ONFAULT
 *   ENOMEM  a range with nothing mapped; unprivileged, MLOCK_ONFAULT past
 *           RLIMIT_MEMLOCK (the whole length counts, touched or not)
 *   EPERM   unprivileged with RLIMIT_MEMLOCK 0
 */
#include "vm_helpers.h"
#include "lapi/mman.h"

static size_t pg;

static long sys_mlock2(void *addr, size_t len, int flags)
{
	return tst_syscall(__NR_mlock2, addr, len, flags);
}

static void setup(void)
{
	pg = vm_page_size();
}

static void test_root(void)
{
	void *p = SAFE_MMAP(NULL, pg, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS,
			    -1, 0);

	TST_EXP_FAIL(sys_mlock2(p, pg, 0x2), EINVAL, "mlock2(flags 0x2)");
	TST_EXP_FAIL(sys_mlock2(p, pg, MLOCK_ONFAULT | 0x100), EINVAL,
		     "mlock2(MLOCK_ONFAULT | 0x100)");
	SAFE_MUNMAP(p, pg);
	TST_EXP_FAIL(sys_mlock2(p, pg, MLOCK_ONFAULT), ENOMEM,
		     "mlock2() of a range with nothing mapped");
}

static void test_unprivileged(void)
{
	pid_t pid = SAFE_FORK();
	void *p;

	if (pid) {
		wait_child(pid);
		return;
	}
	p = SAFE_MMAP(NULL, 8 * pg, PROT_READ | PROT_WRITE,
		      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	become_unprivileged();
	set_memlock(0);
	TST_EXP_FAIL(sys_mlock2(p, pg, MLOCK_ONFAULT), EPERM,
		     "unprivileged mlock2(MLOCK_ONFAULT), RLIMIT_MEMLOCK 0");
	set_memlock(4 * pg);
	TST_EXP_FAIL(sys_mlock2(p, 8 * pg, MLOCK_ONFAULT), ENOMEM,
		     "unprivileged mlock2(8 untouched pages, MLOCK_ONFAULT), "
		     "RLIMIT_MEMLOCK 4 pages");
	TST_EXP_PASS(sys_mlock2(p, 4 * pg, MLOCK_ONFAULT),
		     "unprivileged mlock2(4 pages, MLOCK_ONFAULT), "
		     "RLIMIT_MEMLOCK 4 pages");
	_exit(0);
}

static void run(unsigned int n)
{
	if (n == 0)
		test_root();
	else
		test_unprivileged();
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.forks_child = 1,
};
