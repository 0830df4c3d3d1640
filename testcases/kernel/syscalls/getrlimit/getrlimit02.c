// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The two ways to read a resource limit agree exactly: for every
 * resource, getrlimit(2) (called raw) and prlimit64(2) on the caller (pid
 * 0 and its own pid) give the same soft and hard limits, RLIM_INFINITY
 * included (all bits set, not a truncated or signed value);
 * after a child sets, with prlimit64(), soft limits of 0, 4096,
 * 2^40 and RLIM_INFINITY under an unlimited hard limit of
 * RLIMIT_FSIZE, getrlimit() shows each of them exactly; after setrlimit()
 * (raw) prlimit64() shows them.
 * Syscalls: getrlimit, prlimit64, setrlimit
 */
#include <signal.h>
#include <stdlib.h>
#include <sys/resource.h>
#include "tst_test.h"

struct krlimit {
	unsigned long cur, max;
};

static long sys_getrlimit(int res, struct krlimit *rl)
{
	return tst_syscall(__NR_getrlimit, res, rl);
}

static long sys_setrlimit(int res, struct krlimit *rl)
{
	return tst_syscall(__NR_setrlimit, res, rl);
}

static long sys_prlimit(pid_t pid, int res, struct krlimit *new,
			struct krlimit *old)
{
	return tst_syscall(__NR_prlimit64, pid, res, new, old);
}

static void all_agree(void)
{
	struct krlimit a, b, c;
	int res, bad = 0;

	for (res = 0; res < RLIM_NLIMITS; res++) {
		if (sys_getrlimit(res, &a) || sys_prlimit(0, res, NULL, &b) ||
		    sys_prlimit(getpid(), res, NULL, &c))
			tst_brk(TBROK | TERRNO, "reading resource %d", res);
		if (a.cur != b.cur || a.max != b.max || b.cur != c.cur ||
		    b.max != c.max) {
			tst_res(TFAIL, "resource %d: getrlimit %lx/%lx, "
				"prlimit64 %lx/%lx, by pid %lx/%lx", res,
				a.cur, a.max, b.cur, b.max, c.cur, c.max);
			bad = 1;
		}
	}
	if (!bad)
		tst_res(TPASS, "getrlimit() and prlimit64() agree for all %d "
			"resources", RLIM_NLIMITS);
}

static void set_and_read(void)
{
	static const unsigned long vals[] = {
		0, 4096, 1UL << 40, RLIM_INFINITY
	};
	struct krlimit set, got;
	unsigned int i;

	for (i = 0; i < sizeof(vals) / sizeof(vals[0]); i++) {
		set.cur = vals[i];
		set.max = RLIM_INFINITY;
		if (sys_prlimit(0, RLIMIT_FSIZE, &set, NULL))
			tst_brk(TBROK | TERRNO, "prlimit64(RLIMIT_FSIZE)");
		TST_EXP_PASS(sys_getrlimit(RLIMIT_FSIZE, &got));
		TST_EXP_EXPR(got.cur == vals[i] && got.max == RLIM_INFINITY,
			     "after prlimit64(%#lx): getrlimit() %#lx/%#lx",
			     vals[i], got.cur, got.max);
		set.cur = vals[i] ? vals[i] - 1 : 1;
		if (sys_setrlimit(RLIMIT_FSIZE, &set))
			tst_brk(TBROK | TERRNO, "setrlimit(RLIMIT_FSIZE)");
		TST_EXP_PASS(sys_prlimit(0, RLIMIT_FSIZE, NULL, &got));
		TST_EXP_EXPR(got.cur == set.cur && got.max == RLIM_INFINITY,
			     "after setrlimit(%#lx): prlimit64() %#lx/%#lx",
			     set.cur, got.cur, got.max);
	}
}

static void run(void)
{
	pid_t pid;

	all_agree();
	pid = SAFE_FORK();
	if (!pid) {
		signal(SIGXFSZ, SIG_IGN);
		set_and_read();
		all_agree();
		exit(0);
	}
	reap_child(pid);
}

static struct tst_test test = {
	.test_all = run,
	.needs_root = 1,
	.forks_child = 1,
};
