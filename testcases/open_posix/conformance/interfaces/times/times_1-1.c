// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * times(): tms_utime + tms_stime grow by at least the CPU time the
 * process consumed (read on CLOCK_PROCESS_CPUTIME_ID; each of the four
 * values is truncated to whole ticks, so a difference of two sums may
 * lose up to two ticks, three allowed); tms_cutime + tms_cstime count a
 * child's CPU time only once the child has been waited for, not while it
 * is an unreaped zombie; the returned elapsed real time grows by at
 * least the time passed (two ticks of slack), in units of
 * sysconf(_SC_CLK_TCK).
 */
#include <sys/times.h>

#include "pts_helpers.h"

static void burn(long long ns)
{
	long long end = pts_now(CLOCK_PROCESS_CPUTIME_ID) + ns;

	while (pts_now(CLOCK_PROCESS_CPUTIME_ID) < end)
		;
}

int main(void)
{
	long tck = sysconf(_SC_CLK_TCK);
	struct tms a, b;
	clock_t r0, r1;
	struct timespec ts = { 0, 500000000 };
	pid_t pid;
	long need;

	if (tck <= 0)
		PTS_UNRES("sysconf(_SC_CLK_TCK) %ld", tck);
	r0 = times(&a);
	burn(500000000LL);
	times(&b);
	need = tck / 2 - 3;
	printf("500 ms CPU: %ld ticks (tck %ld)\n",
	       (long)(b.tms_utime + b.tms_stime - a.tms_utime - a.tms_stime), tck);
	if (b.tms_utime + b.tms_stime - a.tms_utime - a.tms_stime < need)
		PTS_FAILED("tms_utime+tms_stime grew by %ld ticks, at least %ld expected",
			   (long)(b.tms_utime + b.tms_stime - a.tms_utime -
				  a.tms_stime), need);

	times(&a);
	nanosleep(&ts, NULL);
	r1 = times(&b);
	if (r1 == (clock_t)-1 || r0 == (clock_t)-1)
		PTS_UNRES("times() returned -1");
	printf("elapsed over 1 s of burn and sleep: %ld ticks\n", (long)(r1 - r0));
	if (r1 - r0 < tck - 2)
		PTS_FAILED("elapsed time grew by %ld ticks over more than 1 s",
			   (long)(r1 - r0));

	times(&a);
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %s", strerror(errno));
	if (!pid) {
		burn(500000000LL);
		_exit(0);
	}
	/* a zombie now, no wait function called yet */
	pts_wait_task_state(pid, "Z");
	times(&b);
	if (b.tms_cutime + b.tms_cstime != a.tms_cutime + a.tms_cstime)
		PTS_FAILED("an unreaped child's CPU time already counted (%ld ticks)",
			   (long)(b.tms_cutime + b.tms_cstime - a.tms_cutime -
				  a.tms_cstime));
	if (waitpid(pid, NULL, 0) != pid)
		PTS_UNRES("waitpid(): %s", strerror(errno));
	times(&b);
	printf("reaped child's 500 ms: %ld ticks\n",
	       (long)(b.tms_cutime + b.tms_cstime - a.tms_cutime - a.tms_cstime));
	if (b.tms_cutime + b.tms_cstime - a.tms_cutime - a.tms_cstime < need)
		PTS_FAILED("the waited-for child's CPU time not in tms_cutime+tms_cstime");
	PTS_PASSED("own CPU time, children's after wait only, elapsed time");
}
