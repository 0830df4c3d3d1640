// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sched_setparam() error paths, each with its exact errno, and none of
 * them may change the caller's policy or priority:
 *  - EINVAL: NULL param; negative pid; priority 0, 100 or -1 for a
 *    SCHED_FIFO or SCHED_RR task (valid range 1..99); priority 5 for a
 *    SCHED_OTHER task (only 0 is valid);
 *  - EFAULT: param pointing outside the address space;
 *  - ESRCH: the pid of a child that has been reaped.
 */
#include "sched_setparam.h"

#define RT_PRIO 5

enum target { SELF, NEGATIVE, REAPED };

static pid_t reaped_pid;
static struct sched_param *bad_param = (void *)-1;

static const struct tcase {
	const char *desc;
	int policy;		/* of the calling task during the call */
	enum target target;
	int null_param;
	int bad_ptr;
	int prio;
	int exp_errno;
} tcases[] = {
	{ "NULL param", SCHED_OTHER, SELF, 1, 0, 0, EINVAL },
	{ "NULL param on RT task", SCHED_FIFO, SELF, 1, 0, RT_PRIO, EINVAL },
	{ "pid -1", SCHED_OTHER, NEGATIVE, 0, 0, 0, EINVAL },
	{ "FIFO priority 0", SCHED_FIFO, SELF, 0, 0, 0, EINVAL },
	{ "FIFO priority 100", SCHED_FIFO, SELF, 0, 0, 100, EINVAL },
	{ "FIFO priority -1", SCHED_FIFO, SELF, 0, 0, -1, EINVAL },
	{ "RR priority 0", SCHED_RR, SELF, 0, 0, 0, EINVAL },
	{ "RR priority 100", SCHED_RR, SELF, 0, 0, 100, EINVAL },
	{ "OTHER priority 5", SCHED_OTHER, SELF, 0, 0, 5, EINVAL },
	{ "param outside the address space", SCHED_OTHER, SELF, 0, 1, 0,
	  EFAULT },
	{ "reaped child's pid", SCHED_OTHER, REAPED, 0, 0, 0, ESRCH },
};

static void setup(void)
{
	int status;

	reaped_pid = SAFE_FORK();
	if (!reaped_pid)
		exit(0);
	SAFE_WAITPID(reaped_pid, &status, 0);
}

static void run(unsigned int n)
{
	const struct tcase *tc = &tcases[n];
	int start_prio = tc->policy == SCHED_OTHER ? 0 : RT_PRIO;
	struct sched_param p = { .sched_priority = tc->prio };
	struct sched_param *param = &p;
	pid_t pid = 0;

	if (tc->null_param)
		param = NULL;
	if (tc->bad_ptr)
		param = bad_param;
	if (tc->target == NEGATIVE)
		pid = -1;
	if (tc->target == REAPED)
		pid = reaped_pid;

	set_policy(0, tc->policy, start_prio);

	TST_EXP_FAIL(sched_setparam(pid, param), tc->exp_errno,
		     "sched_setparam(%d, %s) by a %s task: %s", (int)pid,
		     param == &p ? "valid" : "invalid", policy_name(tc->policy),
		     tc->desc);

	/* a refused call leaves the caller as it was */
	check_sched(0, tc->policy, start_prio);

	set_policy(0, SCHED_OTHER, 0);
}

static void cleanup(void)
{
	struct sched_param p = { .sched_priority = 0 };

	sched_setscheduler(0, SCHED_OTHER, &p);
}

static struct tst_test test = {
	.tcnt = sizeof(tcases) / sizeof(tcases[0]),
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.forks_child = 1,
};
