// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Without CAP_SYS_NICE, RT scheduling is bounded by ownership and by
 * RLIMIT_RTPRIO. A child of a root SCHED_FIFO task drops to nobody with
 * RLIMIT_RTPRIO 0 and must get EPERM when it:
 *  - raises, or lowers, the RT priority of its root-owned parent;
 *  - raises its own RT priority above RLIMIT_RTPRIO;
 *  - switches itself from SCHED_OTHER to SCHED_FIFO;
 * while lowering its own RT priority and leaving RT are allowed. The
 * parent's priority must be unchanged afterwards.
 */
#include <sys/resource.h>
#include "sched_setparam.h"

#define PARENT_PRIO 5

static void child(void)
{
	struct rlimit no_rt = { 0, 0 };
	struct sched_param p;
	pid_t parent = getppid();

	if (setrlimit(RLIMIT_RTPRIO, &no_rt))
		tst_brk(TBROK | TERRNO, "setrlimit(RLIMIT_RTPRIO, 0)");
	tst_drop_privs();

	/* inherited from the parent across fork */
	check_sched(0, SCHED_FIFO, PARENT_PRIO);

	p.sched_priority = PARENT_PRIO + 5;
	TST_EXP_FAIL(sched_setparam(parent, &p), EPERM,
		     "nobody raises root-owned task %d to %d", (int)parent,
		     p.sched_priority);
	p.sched_priority = PARENT_PRIO - 1;
	TST_EXP_FAIL(sched_setparam(parent, &p), EPERM,
		     "nobody lowers root-owned task %d to %d", (int)parent,
		     p.sched_priority);

	p.sched_priority = PARENT_PRIO + 1;
	TST_EXP_FAIL(sched_setparam(0, &p), EPERM,
		     "nobody raises itself to %d with RLIMIT_RTPRIO 0",
		     p.sched_priority);
	check_sched(0, SCHED_FIFO, PARENT_PRIO);

	p.sched_priority = PARENT_PRIO - 1;
	TST_EXP_PASS(sched_setparam(0, &p),
		     "nobody lowers itself to %d", p.sched_priority);
	if (TST_PASS)
		check_sched(0, SCHED_FIFO, PARENT_PRIO - 1);

	p.sched_priority = 0;
	TST_EXP_PASS(sched_setscheduler(0, SCHED_OTHER, &p),
		     "nobody leaves SCHED_FIFO for SCHED_OTHER");

	p.sched_priority = 1;
	TST_EXP_FAIL(sched_setscheduler(0, SCHED_FIFO, &p), EPERM,
		     "nobody sets SCHED_FIFO priority 1 with RLIMIT_RTPRIO 0");
	check_sched(0, SCHED_OTHER, 0);

	exit(0);
}

static void run(void)
{
	set_policy(0, SCHED_FIFO, PARENT_PRIO);

	if (!SAFE_FORK())
		child();
	tst_reap_children();

	check_sched(0, SCHED_FIFO, PARENT_PRIO);
	set_policy(0, SCHED_OTHER, 0);
}

static void cleanup(void)
{
	struct sched_param p = { .sched_priority = 0 };

	sched_setscheduler(0, SCHED_OTHER, &p);
}

static struct tst_test test = {
	.test_all = run,
	.cleanup = cleanup,
	.needs_root = 1,
	.forks_child = 1,
};
