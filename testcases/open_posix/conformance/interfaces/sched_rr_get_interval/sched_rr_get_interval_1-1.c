// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sched_rr_get_interval(): for a SCHED_RR process it stores the time
 * quantum, positive and in range (Linux: sched_rr_timeslice_ms, read from
 * /proc/sys/kernel/sched_rr_timeslice_ms when present, within a tick);
 * for a SCHED_FIFO process it stores 0 (no quantum); pid 0 means the
 * caller; a pid with no process fails with [ESRCH].
 */
#include <sched.h>

#include "pts_helpers.h"

static int child(void)
{
	struct sched_param p = { .sched_priority = 1 };
	struct timespec ts;
	long long q, want = -1;
	FILE *f;
	int status;
	pid_t pid;

	if (sched_setscheduler(0, SCHED_RR, &p) == -1)
		PTS_UNRES("sched_setscheduler(SCHED_RR): %m");
	if (sched_rr_get_interval(0, &ts))
		PTS_FAILED("sched_rr_get_interval(0): %m");
	q = pts_ts_ns(&ts);
	if (q <= 0 || ts.tv_nsec >= PTS_NSEC)
		PTS_FAILED("quantum %lld ns", q);
	f = fopen("/proc/sys/kernel/sched_rr_timeslice_ms", "r");
	if (f) {
		if (fscanf(f, "%lld", &want) != 1)
			want = -1;
		fclose(f);
	}
	if (want > 0 && (q > want * 1000000 + 10000000 ||
			 q < want * 1000000 - 10000000))
		PTS_FAILED("quantum %lld ns, sysctl says %lld ms", q, want);
	if (sched_setscheduler(0, SCHED_FIFO, &p) == -1)
		PTS_UNRES("sched_setscheduler(SCHED_FIFO): %m");
	if (sched_rr_get_interval(0, &ts) || pts_ts_ns(&ts))
		PTS_FAILED("SCHED_FIFO quantum %lld ns, expected 0", pts_ts_ns(&ts));
	pid = fork();
	if (!pid)
		_exit(0);
	waitpid(pid, &status, 0);
	PTS_EXPECT_ERRNO(sched_rr_get_interval(pid, &ts), ESRCH,
			 "sched_rr_get_interval(reaped pid)");
	printf("SCHED_RR quantum %lld ns\n", q);
	return PTS_PASS;
}

int main(void)
{
	pts_run_child(child, "scheduling child");
	PTS_PASSED("SCHED_RR quantum reported, 0 for FIFO, ESRCH");
}
