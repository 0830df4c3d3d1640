// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A child made by fork() starts with tms_utime, tms_stime, tms_cutime
 * and tms_cstime at 0 (XSH fork). The parent first uses 500 ms of CPU
 * and reaps a child that used 100 ms, so all its own counters are well
 * above zero; a new child's times() then reads tms_cutime + tms_cstime
 * exactly 0 and tms_utime + tms_stime no more than the CLOCK_MONOTONIC
 * time since the fork in ticks (+ 2), so not the parent's (a vCPU stall
 * is charged to both; only one of nearly 500 ms right there leaves it
 * undecided).
 */
#include <sys/times.h>
#include "pts_helpers.h"

static void spin(long long ns)
{
	long long t0 = pts_now(CLOCK_PROCESS_CPUTIME_ID);

	while (pts_now(CLOCK_PROCESS_CPUTIME_ID) - t0 < ns)
		;
}

static long long parent_ticks, fork_mono;

static int fresh(void)
{
	long long hz = sysconf(_SC_CLK_TCK), since;
	struct tms t;

	if (times(&t) == (clock_t)-1)
		PTS_UNRES("times(): %m");
	since = (pts_now(CLOCK_MONOTONIC) - fork_mono) * hz / PTS_NSEC;
	if (t.tms_cutime || t.tms_cstime)
		PTS_FAILED("new child: tms_cutime %ld tms_cstime %ld, expected 0",
			   (long)t.tms_cutime, (long)t.tms_cstime);
	if (since >= parent_ticks - 2)
		PTS_UNRES("%lld ticks passed since the fork (a stall): cannot tell",
			  since);
	if (t.tms_utime + t.tms_stime > since + 2)
		PTS_FAILED("new child: tms_utime %ld tms_stime %ld, %lld ticks after the fork (parent at %lld)",
			   (long)t.tms_utime, (long)t.tms_stime, since, parent_ticks);
	return PTS_PASS;
}

int main(void)
{
	struct tms t;
	pid_t pid;

	spin(500 * 1000000LL);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		spin(100 * 1000000LL);
		_exit(0);
	}
	if (waitpid(pid, NULL, 0) != pid)
		PTS_UNRES("waitpid(): %m");
	times(&t);
	printf("parent: utime %ld stime %ld cutime %ld cstime %ld ticks\n",
	       (long)t.tms_utime, (long)t.tms_stime, (long)t.tms_cutime,
	       (long)t.tms_cstime);
	parent_ticks = (long long)t.tms_utime + t.tms_stime;
	if (t.tms_cutime + t.tms_cstime < 5 || parent_ticks < 40)
		PTS_UNRES("the parent's counters did not grow");
	fork_mono = pts_now(CLOCK_MONOTONIC);
	pts_run_child(fresh, "new child");
	PTS_PASSED("a new child's four times() counters start at 0");
}
