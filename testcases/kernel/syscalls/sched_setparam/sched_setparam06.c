// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A non-zero RLIMIT_RTPRIO is a ceiling an unprivileged task may reach
 * but not pass (kernel/sched: user_check_sched_setscheduler()). As nobody
 * with RLIMIT_RTPRIO 10, from SCHED_OTHER:
 *  - SCHED_FIFO at 11 is EPERM and changes nothing; at 10 it is taken;
 *  - sched_setparam() to 11 is EPERM; down to 5 and back up to 10 passes;
 *  - switching to SCHED_RR at 10 passes (a policy change among RT
 *    policies needs only a non-zero limit); sched_setattr() to SCHED_FIFO
 *    at 11 is EPERM too;
 *  - once the limit is lowered to 3 below the task's priority 10, the
 *    task may still lower its priority to 7 (not above its own), but
 *    raising it to 8 is EPERM, above both the limit and its priority;
 *    down to 2, raising to 3 (the limit) passes again, 4 is EPERM.
 * The limit checked is the target task's, not the caller's: nobody with
 * RLIMIT_RTPRIO 0 may not make itself SCHED_FIFO (EPERM) but may make its
 * own child, whose limit is 10, SCHED_FIFO at 10, and not at 11.
 * Every refusal is checked to leave policy and priority as they were.
 */
#include <sys/resource.h>
#include "sched_setparam.h"

static void set_rtprio_limit(rlim_t lim)
{
	struct rlimit rl = { lim, lim };

	if (setrlimit(RLIMIT_RTPRIO, &rl))
		tst_brk(TBROK | TERRNO, "setrlimit(RLIMIT_RTPRIO, %lu)",
			(unsigned long)lim);
}

static int try_param(int prio)
{
	struct sched_param p = { .sched_priority = prio };

	return sched_setparam(0, &p);
}

static int try_sched(pid_t pid, int policy, int prio)
{
	struct sched_param p = { .sched_priority = prio };

	return sched_setscheduler(pid, policy, &p);
}

static void ceiling_child(void)
{
	struct sched_attr attr = {
		.size = sizeof(attr),
		.sched_policy = SCHED_FIFO,
		.sched_priority = 11,
	};

	set_rtprio_limit(10);
	tst_drop_privs();

	TST_EXP_FAIL(try_sched(0, SCHED_FIFO, 11), EPERM,
		     "nobody, RLIMIT_RTPRIO 10: SCHED_FIFO at 11");
	check_sched(0, SCHED_OTHER, 0);
	TST_EXP_PASS(try_sched(0, SCHED_FIFO, 10),
		     "nobody, RLIMIT_RTPRIO 10: SCHED_FIFO at 10");
	check_sched(0, SCHED_FIFO, 10);

	TST_EXP_FAIL(try_param(11), EPERM, "sched_setparam() to 11");
	check_sched(0, SCHED_FIFO, 10);
	TST_EXP_PASS(try_param(5), "sched_setparam() down to 5");
	TST_EXP_PASS(try_param(10), "sched_setparam() back up to 10");
	check_sched(0, SCHED_FIFO, 10);

	TST_EXP_PASS(try_sched(0, SCHED_RR, 10), "SCHED_FIFO -> SCHED_RR "
		     "at 10");
	check_sched(0, SCHED_RR, 10);
	TST_EXP_FAIL(sys_sched_setattr(0, &attr, 0), EPERM,
		     "sched_setattr(SCHED_FIFO, 11)");
	check_sched(0, SCHED_RR, 10);

	set_rtprio_limit(3);
	TST_EXP_PASS(try_param(7), "RLIMIT_RTPRIO 3 at priority 10: "
		     "lowering to 7");
	TST_EXP_FAIL(try_param(8), EPERM, "RLIMIT_RTPRIO 3 at priority 7: "
		     "raising to 8");
	check_sched(0, SCHED_RR, 7);
	TST_EXP_PASS(try_param(2), "lowering to 2");
	TST_EXP_PASS(try_param(3), "RLIMIT_RTPRIO 3 at priority 2: "
		     "raising to 3");
	TST_EXP_FAIL(try_param(4), EPERM, "RLIMIT_RTPRIO 3 at priority 3: "
		     "raising to 4");
	check_sched(0, SCHED_RR, 3);

	TST_EXP_PASS(try_sched(0, SCHED_OTHER, 0), "back to SCHED_OTHER");
	check_sched(0, SCHED_OTHER, 0);
	exit(0);
}

static void target_child(void)
{
	pid_t pid;

	set_rtprio_limit(10);
	tst_drop_privs();
	pid = SAFE_FORK();
	if (!pid) {
		/* keeps RLIMIT_RTPRIO 10 until the parent is done with it */
		TST_CHECKPOINT_WAIT(0);
		exit(0);
	}
	set_rtprio_limit(0);

	TST_EXP_FAIL(try_sched(0, SCHED_FIFO, 1), EPERM,
		     "nobody, RLIMIT_RTPRIO 0: itself to SCHED_FIFO at 1");
	check_sched(0, SCHED_OTHER, 0);
	TST_EXP_FAIL(try_sched(pid, SCHED_FIFO, 11), EPERM,
		     "nobody, RLIMIT_RTPRIO 0: its child (limit 10) to "
		     "SCHED_FIFO at 11");
	check_sched(pid, SCHED_OTHER, 0);
	TST_EXP_PASS(try_sched(pid, SCHED_FIFO, 10),
		     "nobody, RLIMIT_RTPRIO 0: its child (limit 10) to "
		     "SCHED_FIFO at 10");
	check_sched(pid, SCHED_FIFO, 10);
	TST_CHECKPOINT_WAKE(0);
	reap_child(pid);
	exit(0);
}

static void run(unsigned int n)
{
	pid_t pid = SAFE_FORK();

	if (!pid) {
		if (n)
			target_child();
		ceiling_child();
	}
	reap_child(pid);
}

static void setup(void)
{
	/* TCONF where even root gets no RT runtime */
	set_policy(0, SCHED_FIFO, 1);
	set_policy(0, SCHED_OTHER, 0);
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.forks_child = 1,
	.needs_checkpoints = 1,
};
