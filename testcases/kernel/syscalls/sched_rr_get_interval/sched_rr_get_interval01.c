// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sched_rr_get_interval(2) for tasks that are not realtime (no privilege
 * needed): for SCHED_OTHER, SCHED_BATCH and SCHED_IDLE it returns 0 and a
 * normalised timespec (0 <= tv_nsec < 1e9, not negative) of at most the
 * one second CFS could ever give; for another task (a child) too. A
 * negative pid is EINVAL, a reaped pid ESRCH, an unmapped result pointer
 * EFAULT. sched_rr_get_interval02 checks the realtime policies.
 */
#include <time.h>
#include <sys/wait.h>
#include "sched_setparam.h"
#include "proc_ids.h"

static void check_interval(pid_t pid, const char *what)
{
	struct timespec ts = { -1, -1 };

	TST_EXP_PASS(sched_rr_get_interval(pid, &ts),
		     "sched_rr_get_interval(%s)", what);
	TST_EXP_EXPR(ts.tv_sec == 0 && ts.tv_nsec >= 0 &&
		     ts.tv_nsec < 1000000000, "%s: interval %ld.%09ld s is "
		     "a normalised value below 1 s", what, (long)ts.tv_sec,
		     ts.tv_nsec);
}

static void run(void)
{
	static const int policies[] = { SCHED_BATCH, SCHED_IDLE };
	struct sched_param p = { 0 };
	struct timespec ts;
	unsigned int i;
	pid_t pid;

	check_interval(0, "SCHED_OTHER self");

	pid = SAFE_FORK();
	if (!pid) {
		for (i = 0; i < 2; i++) {
			if (sched_setscheduler(0, policies[i], &p))
				tst_brk(TBROK | TERRNO, "sched_setscheduler()");
			check_interval(0, policy_name(policies[i]));
		}
		TST_CHECKPOINT_WAKE_AND_WAIT(0);
		exit(0);
	}
	TST_CHECKPOINT_WAIT(0);
	check_interval(pid, "a SCHED_IDLE child");
	TST_CHECKPOINT_WAKE(0);
	reap_child(pid);

	TST_EXP_FAIL(sched_rr_get_interval(-1, &ts), EINVAL,
		     "sched_rr_get_interval(-1)");
	TST_EXP_FAIL(sched_rr_get_interval(pid, &ts), ESRCH,
		     "sched_rr_get_interval(reaped pid %d)", (int)pid);
	TST_EXP_FAIL(sched_rr_get_interval(0, unmapped_addr()), EFAULT,
		     "sched_rr_get_interval(0, unmapped)");
}

static struct tst_test test = {
	.test_all = run,
	.forks_child = 1,
	.needs_checkpoints = 1,
};
