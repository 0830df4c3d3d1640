// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * prlimit64(2) gets and sets the limits of any task the caller may
 * control, in one atomic step:
 * - on the caller (pid 0 or its own pid): the old limits come back in
 *   old_limit while the new ones take effect (/proc/self/limits);
 * - on a child: the parent sets the child's RLIMIT_NOFILE, /proc/CHILD/
 *   limits and the child's own getrlimit() show it, and a NULL new_limit
 *   only reads;
 * - a reaped pid is ESRCH;
 * - nobody may not read or set the limits of a root process (EPERM), nor
 *   raise its own hard limit (EPERM);
 * - a resource number of RLIM_NLIMITS and a soft limit above the hard one
 *   are EINVAL; old or new limit in unmapped memory is EFAULT.
 */
#include <stdint.h>
#include <sys/wait.h>
#include "rlimit_proc.h"
#include "proc_ids.h"
#include "lapi/resource.h"

static long sys_prlimit64(pid_t pid, unsigned int res,
			  const struct rlimit64_raw *new_rl,
			  struct rlimit64_raw *old_rl)
{
	return tst_syscall(__NR_prlimit64, pid, res, new_rl, old_rl);
}

static void self_atomic(void)
{
	struct rlimit64_raw set1 = { 50, 60 }, set2 = { 40, 60 }, old;
	struct rlimit start;

	getrlimit(RLIMIT_NOFILE, &start);
	TST_EXP_PASS(sys_prlimit64(0, RLIMIT_NOFILE, &set1, &old),
		     "prlimit64(0, RLIMIT_NOFILE, {50, 60}, &old)");
	TST_EXP_EXPR(old.cur == start.rlim_cur && old.max == start.rlim_max,
		     "old limits %llu %llu are the previous ones",
		     (unsigned long long)old.cur, (unsigned long long)old.max);
	check_proc_rlimit(0, RLIMIT_NOFILE, 50, 60);

	TST_EXP_PASS(sys_prlimit64(getpid(), RLIMIT_NOFILE, &set2, &old),
		     "prlimit64(own pid, RLIMIT_NOFILE, {40, 60}, &old)");
	TST_EXP_EXPR(old.cur == 50 && old.max == 60,
		     "old limits %llu %llu are the ones set before",
		     (unsigned long long)old.cur, (unsigned long long)old.max);
	check_proc_rlimit(0, RLIMIT_NOFILE, 40, 60);
}

static void other_task(void)
{
	struct rlimit64_raw set = { 33, 44 }, old, got;
	struct rlimit mine;
	pid_t pid;

	getrlimit(RLIMIT_NOFILE, &mine);
	pid = SAFE_FORK();
	if (!pid) {
		struct rlimit rl;

		TST_CHECKPOINT_WAIT(0);
		getrlimit(RLIMIT_NOFILE, &rl);
		TST_EXP_EXPR(rl.rlim_cur == 33 && rl.rlim_max == 44,
			     "child: getrlimit(RLIMIT_NOFILE) = %llu %llu",
			     (unsigned long long)rl.rlim_cur,
			     (unsigned long long)rl.rlim_max);
		exit(0);
	}
	TST_EXP_PASS(sys_prlimit64(pid, RLIMIT_NOFILE, &set, &old),
		     "prlimit64(child, RLIMIT_NOFILE, {33, 44}, &old)");
	TST_EXP_EXPR(old.cur == mine.rlim_cur && old.max == mine.rlim_max,
		     "the child's old limits are the inherited ones");
	check_proc_rlimit(pid, RLIMIT_NOFILE, 33, 44);
	TST_EXP_PASS(sys_prlimit64(pid, RLIMIT_NOFILE, NULL, &got),
		     "prlimit64(child, RLIMIT_NOFILE, NULL, &old)");
	TST_EXP_EXPR(got.cur == 33 && got.max == 44, "read back %llu %llu",
		     (unsigned long long)got.cur, (unsigned long long)got.max);
	TST_CHECKPOINT_WAKE(0);
	tst_reap_children();

	TST_EXP_FAIL(sys_prlimit64(pid, RLIMIT_NOFILE, NULL, &got), ESRCH,
		     "prlimit64(reaped pid %d)", (int)pid);
}

static void nobody(void)
{
	struct rlimit64_raw got, raise;

	if (!SAFE_FORK()) {
		tst_drop_privs();
		TST_EXP_FAIL(sys_prlimit64(getppid(), RLIMIT_NOFILE, NULL, &got),
			     EPERM, "nobody: read root parent's limits");
		raise.cur = 1;
		raise.max = 1;
		TST_EXP_FAIL(sys_prlimit64(getppid(), RLIMIT_NOFILE, &raise,
					   NULL), EPERM,
			     "nobody: set root parent's limits");
		sys_prlimit64(0, RLIMIT_NOFILE, NULL, &got);
		raise.cur = got.cur;
		raise.max = got.max + 1;
		TST_EXP_FAIL(sys_prlimit64(0, RLIMIT_NOFILE, &raise, NULL),
			     EPERM, "nobody: raise own hard limit");
		exit(0);
	}
	tst_reap_children();
}

static void bad_arguments(void)
{
	struct rlimit64_raw got, inverted = { 20, 10 };
	void *bad = unmapped_addr();

	TST_EXP_FAIL(sys_prlimit64(0, RLIMIT_NLIMITS, NULL, &got), EINVAL,
		     "prlimit64(RLIM_NLIMITS)");
	TST_EXP_FAIL(sys_prlimit64(0, RLIMIT_NOFILE, &inverted, NULL), EINVAL,
		     "prlimit64(soft 20 > hard 10)");
	TST_EXP_FAIL(sys_prlimit64(0, RLIMIT_NOFILE, NULL, bad), EFAULT,
		     "prlimit64(old in unmapped memory)");
	TST_EXP_FAIL(sys_prlimit64(0, RLIMIT_NOFILE, bad, NULL), EFAULT,
		     "prlimit64(new in unmapped memory)");
}

static void (*const cases[])(void) = {
	self_atomic,
	other_task,
	nobody,
	bad_arguments,
};

static void run(unsigned int n)
{
	/* limits are changed in a child; the test process keeps its own */
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
	.needs_checkpoints = 1,
};
