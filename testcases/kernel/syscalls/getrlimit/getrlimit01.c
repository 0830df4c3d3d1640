// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The getrlimit(2) system call (called raw: the C library may route
 * getrlimit() through prlimit64) reports, for every resource, the soft
 * and hard limits that /proc/self/limits shows, also after the limits
 * were changed in a child; a resource number of RLIM_NLIMITS or above is
 * EINVAL, and a result pointer into unmapped memory EFAULT.
 */
#include <sys/wait.h>
#include "rlimit_proc.h"
#include "proc_ids.h"

#ifdef __NR_getrlimit
static long sys_getrlimit(unsigned int res, struct rlimit *rl)
{
	return tst_syscall(__NR_getrlimit, res, rl);
}

static void check_all(void)
{
	struct rlimit rl;
	unsigned long long s, h;
	int res, bad = 0;

	for (res = 0; res < RLIMIT_NLIMITS; res++) {
		if (sys_getrlimit(res, &rl)) {
			tst_res(TFAIL | TERRNO, "getrlimit(%d)", res);
			bad++;
			continue;
		}
		proc_rlimit(0, res, &s, &h);
		if (rl.rlim_cur != s || rl.rlim_max != h) {
			tst_res(TFAIL, "getrlimit(%d) = %llu %llu, /proc says "
				"%llu %llu", res,
				(unsigned long long)rl.rlim_cur,
				(unsigned long long)rl.rlim_max, s, h);
			bad++;
		}
	}
	if (!bad)
		tst_res(TPASS, "getrlimit() matches /proc/self/limits for all "
			"%d resources", RLIMIT_NLIMITS);
}

static void run(void)
{
	struct rlimit rl;

	check_all();

	if (!SAFE_FORK()) {
		struct rlimit nofile = { 77, 88 }, core = { 4096, 8192 };
		struct rlimit stack = { 1 << 20, RLIM_INFINITY };

		if (setrlimit(RLIMIT_NOFILE, &nofile) ||
		    setrlimit(RLIMIT_CORE, &core) ||
		    setrlimit(RLIMIT_STACK, &stack))
			tst_brk(TBROK | TERRNO, "setrlimit()");
		check_all();
		TST_EXP_PASS(sys_getrlimit(RLIMIT_NOFILE, &rl));
		TST_EXP_EXPR(rl.rlim_cur == 77 && rl.rlim_max == 88,
			     "getrlimit(RLIMIT_NOFILE) = %llu %llu (set 77 88)",
			     (unsigned long long)rl.rlim_cur,
			     (unsigned long long)rl.rlim_max);
		exit(0);
	}
	tst_reap_children();

	TST_EXP_FAIL(sys_getrlimit(RLIMIT_NLIMITS, &rl), EINVAL,
		     "getrlimit(RLIM_NLIMITS)");
	TST_EXP_FAIL(sys_getrlimit(-1, &rl), EINVAL, "getrlimit(-1)");
	TST_EXP_FAIL(sys_getrlimit(RLIMIT_NOFILE, unmapped_addr()), EFAULT,
		     "getrlimit(RLIMIT_NOFILE, unmapped)");
}

static struct tst_test test = {
	.test_all = run,
	.forks_child = 1,
};
#else
static void run(void)
{
	tst_res(TCONF, "this architecture has no getrlimit syscall "
		"(prlimit64 only)");
}

static struct tst_test test = {
	.test_all = run,
};
#endif
