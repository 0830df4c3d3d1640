// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The cgroup v2 cpu controller enforces cpu.max bandwidth: a busy loop
 * in a cgroup with cpu.max "10000 100000" (10 ms per 100 ms period)
 *  - is throttled: cpu.stat nr_throttled and throttled_usec grow, and
 *    nr_periods counts the periods it ran in;
 *  - gets well under half of a CPU over at least a second (its
 *    usage_usec against the time that passed; the bound is five times
 *    the quota, so a slow emulated guest cannot make it fail, while an
 *    unenforced limit lets the loop run all the time it gets).
 * The clock and the usage are both the guest's, so TCG's slowness
 * changes neither side of the comparison.
 */
#include <time.h>
#include "tst_test.h"
#include "cgroup2.h"

static void run(void)
{
	long long start, usage0, usage, wall, periods;
	long long throttled0 = cg_read_key("", "cpu.stat", "nr_throttled");
	long long tusec0 = cg_read_key("", "cpu.stat", "throttled_usec");
	long long periods0 = cg_read_key("", "cpu.stat", "nr_periods");
	unsigned int i, max_polls = 300 * tst_timeout_mul();
	pid_t pid;

	pid = SAFE_FORK();
	if (!pid) {
		volatile unsigned long spin = 0;

		cg_enter("");
		TST_CHECKPOINT_WAKE(0);
		for (;;)
			spin++;
	}
	TST_CHECKPOINT_WAIT(0);

	/* usage from here on, over at least one second and 10 periods */
	usage0 = cg_read_key("", "cpu.stat", "usage_usec");
	start = (tst_mono_ns() / 1000);
	for (i = 0; i < max_polls; i++) {
		usleep(100000);
		periods = cg_read_key("", "cpu.stat", "nr_periods") - periods0;
		if ((tst_mono_ns() / 1000) - start >= 1000000 && periods >= 10 &&
		    cg_read_key("", "cpu.stat", "nr_throttled") - throttled0 >= 3)
			break;
	}
	usage = cg_read_key("", "cpu.stat", "usage_usec") - usage0;
	wall = (tst_mono_ns() / 1000) - start;

	SAFE_KILL(pid, SIGKILL);
	reap_child_killed(pid, SIGKILL);

	TST_EXP_EXPR(cg_read_key("", "cpu.stat", "nr_throttled") > throttled0,
		     "cpu.stat nr_throttled grew (%lld -> %lld)", throttled0,
		     cg_read_key("", "cpu.stat", "nr_throttled"));
	TST_EXP_EXPR(cg_read_key("", "cpu.stat", "throttled_usec") > tusec0,
		     "cpu.stat throttled_usec grew");
	TST_EXP_EXPR(usage > 0 && usage * 2 < wall,
		     "the loop used %lld us of CPU in %lld us (quota 10%%)",
		     usage, wall);
}

static void setup(void)
{
	static const char *const ctrls[] = {"cpu", NULL};

	cg_setup(ctrls, 0);
	CG_WRITE("", "cpu.max", "10000 100000");
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cg_cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.needs_checkpoints = 1,
	.timeout = 120,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_CGROUPS", "CONFIG_CGROUP_SCHED", "CONFIG_CFS_BANDWIDTH",
		NULL
	},
};
