// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sched_setattr(2) with the non-realtime policies (no privilege needed;
 * each case runs in a child):
 * - SCHED_OTHER at nice 5 and SCHED_BATCH at nice 3 take effect:
 *   getpriority(), sched_getattr() and /proc/self/stat agree; SCHED_IDLE
 *   too;
 * - SCHED_FLAG_KEEP_POLICY changes the nice value but not the policy,
 *   SCHED_FLAG_KEEP_PARAMS keeps the nice value (Linux 5.3);
 * - SCHED_FLAG_RESET_ON_FORK is reported back by sched_getattr();
 * - size 0 means the first version of the structure (48 bytes); a size
 *   below 48 or above a page is E2BIG and the kernel writes the size it
 *   knows into attr->size; a larger size is accepted when the bytes
 *   beyond the kernel's structure are 0, and E2BIG when one is not;
 * - flags != 0, a NULL attr, a negative pid, an unknown sched_flags bit, a
 *   negative or unknown policy, a priority for SCHED_OTHER, and the
 *   utilisation clamp flags with a 48-byte structure are EINVAL; a
 *   reaped pid is ESRCH; an unmapped attr EFAULT;
 * - nobody may not lower its nice value (EPERM) nor change a root
 *   process (EPERM).
 * SCHED_DEADLINE is in sched_setattr02 (root, guests only).
 */
#include <sys/resource.h>
#include <sys/wait.h>
#include "sched_setparam.h"
#include "proc_ids.h"
#include "prio_helpers.h"
#include "lapi/sched.h"

static long set_attr(int policy, int nice, unsigned long long flags)
{
	struct sched_attr a;

	memset(&a, 0, sizeof(a));
	a.size = sizeof(a);
	a.sched_policy = policy;
	a.sched_nice = nice;
	a.sched_flags = flags;
	return sys_sched_setattr(0, &a, 0);
}

static void check_policy_nice(int policy, int nice)
{
	struct sched_attr a;

	memset(&a, 0, sizeof(a));
	if (sys_sched_getattr(0, &a, sizeof(a), 0))
		tst_brk(TBROK | TERRNO, "sched_getattr()");
	errno = 0;
	TST_EXP_EXPR((int)a.sched_policy == policy && a.sched_nice == nice &&
		     getpriority(PRIO_PROCESS, 0) == nice &&
		     proc_nice(0) == nice,
		     "%s nice %d: sched_getattr() says policy %u nice %d, "
		     "getpriority() %d, /proc %ld", policy_name(policy), nice,
		     a.sched_policy, a.sched_nice, getpriority(PRIO_PROCESS, 0),
		     proc_nice(0));
}

static void policies_and_nice(void)
{
	TST_EXP_PASS(set_attr(SCHED_OTHER, 5, 0),
		     "sched_setattr(SCHED_OTHER, nice 5)");
	check_policy_nice(SCHED_OTHER, 5);
	check_sched(0, SCHED_OTHER, 0);

	/* raising nice needs no privilege; lowering is root's (we are) */
	TST_EXP_PASS(set_attr(SCHED_BATCH, 3, 0),
		     "sched_setattr(SCHED_BATCH, nice 3)");
	check_policy_nice(SCHED_BATCH, 3);
	check_sched(0, SCHED_BATCH, 0);

	TST_EXP_PASS(set_attr(SCHED_IDLE, 3, 0), "sched_setattr(SCHED_IDLE)");
	check_sched(0, SCHED_IDLE, 0);
}

static void keep_flags(void)
{
	if (set_attr(SCHED_BATCH, 2, 0))
		tst_brk(TBROK | TERRNO, "sched_setattr(SCHED_BATCH, nice 2)");

	TST_EXP_PASS(set_attr(SCHED_OTHER, 7, SCHED_FLAG_KEEP_POLICY),
		     "sched_setattr(SCHED_OTHER, nice 7, KEEP_POLICY)");
	check_policy_nice(SCHED_BATCH, 7);

	TST_EXP_PASS(set_attr(SCHED_BATCH, 0, SCHED_FLAG_KEEP_PARAMS),
		     "sched_setattr(SCHED_BATCH, nice 0, KEEP_PARAMS)");
	check_policy_nice(SCHED_BATCH, 7);
}

static void reset_on_fork_reported(void)
{
	struct sched_attr a;

	TST_EXP_PASS(set_attr(SCHED_BATCH, 0, SCHED_FLAG_RESET_ON_FORK),
		     "sched_setattr(SCHED_BATCH, RESET_ON_FORK)");
	memset(&a, 0, sizeof(a));
	sys_sched_getattr(0, &a, sizeof(a), 0);
	TST_EXP_EXPR(a.sched_flags == SCHED_FLAG_RESET_ON_FORK &&
		     a.sched_policy == SCHED_BATCH, "sched_getattr() reports "
		     "SCHED_BATCH (%u) with flags %#llx", a.sched_policy,
		     (unsigned long long)a.sched_flags);
}

static void sizes(void)
{
	static unsigned char page[8192];
	struct sched_attr *a = (struct sched_attr *)page;
	long psz = getpagesize();

	memset(page, 0, sizeof(page));
	a->size = 0;
	a->sched_policy = SCHED_BATCH;
	TST_EXP_PASS(sys_sched_setattr(0, a, 0), "sched_setattr(size 0)");
	check_sched(0, SCHED_BATCH, 0);

	a->size = SCHED_ATTR_SIZE_VER0 - 1;
	TST_EXP_FAIL(sys_sched_setattr(0, a, 0), E2BIG,
		     "sched_setattr(size %d)", SCHED_ATTR_SIZE_VER0 - 1);
	TST_EXP_EXPR(a->size >= SCHED_ATTR_SIZE_VER0 && a->size < psz,
		     "the kernel wrote its size %u into attr->size", a->size);

	a->size = psz + 1;
	TST_EXP_FAIL(sys_sched_setattr(0, a, 0), E2BIG,
		     "sched_setattr(size page + 1)");

	a->size = psz;
	a->sched_policy = SCHED_OTHER;
	TST_EXP_PASS(sys_sched_setattr(0, a, 0),
		     "sched_setattr(size page, zero tail)");
	check_sched(0, SCHED_OTHER, 0);

	page[psz - 1] = 1;
	a->sched_policy = SCHED_BATCH;
	TST_EXP_FAIL(sys_sched_setattr(0, a, 0), E2BIG,
		     "sched_setattr(size page, non-zero last byte)");
	check_sched(0, SCHED_OTHER, 0);
}

static void bad_arguments(void)
{
	struct sched_attr a;
	pid_t pid;

	memset(&a, 0, sizeof(a));
	a.size = sizeof(a);
	a.sched_policy = SCHED_BATCH;
	TST_EXP_FAIL(sys_sched_setattr(0, &a, 1), EINVAL,
		     "sched_setattr(flags 1)");
	TST_EXP_FAIL(sys_sched_setattr(0, NULL, 0), EINVAL,
		     "sched_setattr(NULL)");
	TST_EXP_FAIL(sys_sched_setattr(-1, &a, 0), EINVAL,
		     "sched_setattr(pid -1)");

	a.sched_flags = 1ULL << 40;
	TST_EXP_FAIL(sys_sched_setattr(0, &a, 0), EINVAL,
		     "sched_setattr(sched_flags bit 40)");
	a.sched_flags = SCHED_FLAG_UTIL_CLAMP_MIN;
	a.size = SCHED_ATTR_SIZE_VER0;
	TST_EXP_FAIL(sys_sched_setattr(0, &a, 0), EINVAL,
		     "sched_setattr(UTIL_CLAMP_MIN, size %d)",
		     SCHED_ATTR_SIZE_VER0);
	a.size = sizeof(a);
	a.sched_flags = 0;

	a.sched_policy = -1;
	TST_EXP_FAIL(sys_sched_setattr(0, &a, 0), EINVAL,
		     "sched_setattr(policy -1)");
	a.sched_policy = 1000;
	TST_EXP_FAIL(sys_sched_setattr(0, &a, 0), EINVAL,
		     "sched_setattr(policy 1000)");
	a.sched_policy = SCHED_OTHER;
	a.sched_priority = 1;
	TST_EXP_FAIL(sys_sched_setattr(0, &a, 0), EINVAL,
		     "sched_setattr(SCHED_OTHER, priority 1)");
	check_sched(0, SCHED_OTHER, 0);

	TST_EXP_FAIL(sys_sched_setattr(0, unmapped_addr(), 0), EFAULT,
		     "sched_setattr(unmapped)");

	pid = SAFE_FORK();
	if (!pid)
		exit(0);
	reap_child(pid);
	a.sched_priority = 0;
	TST_EXP_FAIL(sys_sched_setattr(pid, &a, 0), ESRCH,
		     "sched_setattr(reaped pid %d)", (int)pid);
}

static void nobody(void)
{
	pid_t parent = getppid();
	struct sched_attr a;

	if (set_attr(SCHED_OTHER, 5, 0))
		tst_brk(TBROK | TERRNO, "sched_setattr(nice 5)");
	tst_drop_privs();

	TST_EXP_FAIL(set_attr(SCHED_OTHER, 4, 0), EPERM,
		     "nobody: sched_setattr(nice 5 -> 4)");
	check_policy_nice(SCHED_OTHER, 5);

	memset(&a, 0, sizeof(a));
	a.size = sizeof(a);
	a.sched_policy = SCHED_BATCH;
	TST_EXP_FAIL(sys_sched_setattr(parent, &a, 0), EPERM,
		     "nobody: sched_setattr(root-owned %d)", (int)parent);
	TST_EXP_VAL(sched_getscheduler(parent), SCHED_OTHER,
		    "the root process's policy");
}

static void (*const cases[])(void) = {
	policies_and_nice,
	keep_flags,
	reset_on_fork_reported,
	sizes,
	bad_arguments,
	nobody,
};

static void run(unsigned int n)
{
	if (!SAFE_FORK()) {
		cases[n]();
		exit(0);
	}
	tst_reap_children();
}

static struct tst_test test = {
	.tcnt = sizeof(cases) / sizeof(cases[0]),
	.test = run,
	.needs_root = 1,
	.forks_child = 1,
};
