// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A child made by fork() starts with tms_utime, tms_stime, tms_cutime
 * and tms_cstime at 0 (XSH fork). The parent first uses 200 ms of CPU
 * and reaps a child that used 100 ms, so all its own counters are well
 * above zero; a new child's times() then reads tms_utime + tms_stime
 * below 3 ticks (what fork() and the call themselves may take) and
 * tms_cutime + tms_cstime exactly 0.
 */
#include <sys/times.h>
#include "pts_helpers.h"

static void spin(long long ns)
{
	long long t0 = pts_now(CLOCK_PROCESS_CPUTIME_ID);

	while (pts_now(CLOCK_PROCESS_CPUTIME_ID) - t0 < ns)
		;
}

static int fresh(void)
{
	struct tms t;

	if (times(&t) == (clock_t)-1)
		PTS_UNRES("times(): %m");
	if (t.tms_cutime || t.tms_cstime)
		PTS_FAILED("new child: tms_cutime %ld tms_cstime %ld, expected 0",
			   (long)t.tms_cutime, (long)t.tms_cstime);
	if (t.tms_utime + t.tms_stime >= 3)
		PTS_FAILED("new child: tms_utime %ld tms_stime %ld, expected about 0",
			   (long)t.tms_utime, (long)t.tms_stime);
	return PTS_PASS;
}

int main(void)
{
	struct tms t;
	pid_t pid;

	spin(200 * 1000000LL);
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
	if (t.tms_cutime + t.tms_cstime < 5 || t.tms_utime + t.tms_stime < 5)
		PTS_UNRES("the parent's counters did not grow");
	pts_run_child(fresh, "new child");
	PTS_PASSED("a new child's four times() counters start at 0");
}
