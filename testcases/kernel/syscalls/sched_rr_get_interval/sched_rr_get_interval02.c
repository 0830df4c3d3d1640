// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sched_rr_get_interval(2) for realtime tasks (root; exclusive, guests):
 * a SCHED_RR task's interval is the round-robin time slice of
 * /proc/sys/kernel/sched_rr_timeslice_ms (exact to the millisecond when
 * the file exists); a SCHED_FIFO task, which has no time slice, gets 0.
 * Asked by another task (the parent) the answers are the same.
 * The file must be in milliseconds and hold the slice in force from
 * boot (975e155ed873, c7fcb99877f9: with HZ other than 1000 it showed a
 * value that did not match the interval).
 */
#include <time.h>
#include <sys/wait.h>
#include "sched_setparam.h"

#define RR_FILE "/proc/sys/kernel/sched_rr_timeslice_ms"

static long ts_ms(const struct timespec *ts)
{
	return ts->tv_sec * 1000 + ts->tv_nsec / 1000000;
}

static void check_rr(pid_t pid, long want_ms)
{
	struct timespec ts = { -1, -1 };

	TST_EXP_PASS(sched_rr_get_interval(pid, &ts),
		     "sched_rr_get_interval(%d) of a SCHED_RR task", (int)pid);
	if (want_ms > 0)
		TST_EXP_EXPR(ts_ms(&ts) == want_ms, "interval %ld.%09ld s is "
			     "the %ld ms of " RR_FILE, (long)ts.tv_sec,
			     ts.tv_nsec, want_ms);
	else
		TST_EXP_EXPR(ts.tv_sec > 0 || ts.tv_nsec > 0, "interval "
			     "%ld.%09ld s is not 0", (long)ts.tv_sec,
			     ts.tv_nsec);
}

static void check_fifo(pid_t pid)
{
	struct timespec ts = { -1, -1 };

	TST_EXP_PASS(sched_rr_get_interval(pid, &ts),
		     "sched_rr_get_interval(%d) of a SCHED_FIFO task",
		     (int)pid);
	TST_EXP_EXPR(ts.tv_sec == 0 && ts.tv_nsec == 0,
		     "SCHED_FIFO interval %ld.%09ld s is 0", (long)ts.tv_sec,
		     ts.tv_nsec);
}

static void run(void)
{
	long want_ms = 0;
	pid_t pid;

	if (!tst_file_read_long(RR_FILE, &want_ms))
		tst_res(TINFO, RR_FILE " missing: checking for non-zero only");

	pid = SAFE_FORK();
	if (!pid) {
		set_policy(0, SCHED_RR, 10);
		check_rr(0, want_ms);
		TST_CHECKPOINT_WAKE_AND_WAIT(0);
		set_policy(0, SCHED_FIFO, 10);
		check_fifo(0);
		TST_CHECKPOINT_WAKE_AND_WAIT(0);
		exit(0);
	}
	TST_CHECKPOINT_WAIT(0);
	check_rr(pid, want_ms);
	TST_CHECKPOINT_WAKE(0);
	TST_CHECKPOINT_WAIT(0);
	check_fifo(pid);
	TST_CHECKPOINT_WAKE(0);
	tst_reap_children();
}

static struct tst_test test = {
	.test_all = run,
	.needs_root = 1,
	.exclusive = 1,
	.forks_child = 1,
	.needs_checkpoints = 1,
	.tags = (const struct tst_tag[]) {
		/* sched/rt: Show the 'sched_rr_timeslice' SCHED_RR timeslice
		 * tuning knob in milliseconds */
		{"linux-git", "975e155ed873"},
		/* sched/rt: Fix sysctl_sched_rr_timeslice intial value */
		{"linux-git", "c7fcb99877f9"},
		{}
	},
};
