// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A task that ran SCHED_FIFO or SCHED_RR at priority 5 and is switched
 * back to SCHED_OTHER, by sched_setscheduler() or by sched_setattr(),
 * must report priority 0 everywhere: sched_getparam(), sched_getattr()
 * (whose size field must say how much it filled in) and the rt_priority
 * field of /proc/PID/stat. A kernel that keeps the stale RT priority of
 * a normal task reports 5.
 *
 * Fixed by kernel commit 39fd8fd22b32.
 *
 * Syscalls: sched_setscheduler, sched_setattr, sched_getparam, sched_getattr
 */
#include "sched_setparam.h"

#define RT_PRIO 5

static const struct tcase {
	int rt_policy;
	int via_setattr;
} tcases[] = {
	{ SCHED_FIFO, 0 },
	{ SCHED_RR, 0 },
	{ SCHED_FIFO, 1 },
	{ SCHED_RR, 1 },
};

static void back_to_other(int via_setattr)
{
	struct sched_param p = { .sched_priority = 0 };
	struct sched_attr attr;

	if (!via_setattr) {
		TST_EXP_PASS(sched_setscheduler(0, SCHED_OTHER, &p),
			     "sched_setscheduler(0, SCHED_OTHER, 0)");
		return;
	}

	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.sched_policy = SCHED_OTHER;
	TST_EXP_PASS(sys_sched_setattr(0, &attr, 0),
		     "sched_setattr(0, SCHED_OTHER, nice 0)");
}

static void run(unsigned int n)
{
	const struct tcase *tc = &tcases[n];

	tst_res(TINFO, "%s priority %d, back to SCHED_OTHER by %s",
		policy_name(tc->rt_policy), RT_PRIO,
		tc->via_setattr ? "sched_setattr()" : "sched_setscheduler()");

	set_policy(0, tc->rt_policy, RT_PRIO);
	check_sched(0, tc->rt_policy, RT_PRIO);

	back_to_other(tc->via_setattr);
	if (!TST_PASS) {
		set_policy(0, SCHED_OTHER, 0);
		return;
	}
	check_sched(0, SCHED_OTHER, 0);
}

static void cleanup(void)
{
	struct sched_param p = { .sched_priority = 0 };

	sched_setscheduler(0, SCHED_OTHER, &p);
}

static struct tst_test test = {
	.tcnt = sizeof(tcases) / sizeof(tcases[0]),
	.test = run,
	.cleanup = cleanup,
	.needs_root = 1,
	.tags = (const struct tst_tag[]) {
		{ "linux-git", "39fd8fd22b32" },
		{}
	},
};
