// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * timer_gettime() on a CPU-time timer: it_interval is the reload value
 * set and it_value the time until expiry on that clock, so it counts
 * down with the process's CPU time only. A CLOCK_PROCESS_CPUTIME_ID
 * timer armed for 10 s with a 3 s interval reads it_interval 3 s and
 * it_value in (0, 10 s]; across 300 ms asleep it_value goes down by no
 * more than the CPU time used meanwhile (plus a 10 ms tick); across
 * 300 ms of spinning it goes down by at least 300 ms less a tick.
 */
#include "pts_helpers.h"

#define MS 1000000LL

static timer_t t;

static long long left(void)
{
	struct itimerspec cur;

	if (timer_gettime(t, &cur))
		PTS_UNRES("timer_gettime(): %m");
	if (cur.it_interval.tv_sec != 3 || cur.it_interval.tv_nsec)
		PTS_FAILED("it_interval %lld ns, expected 3 s",
			   pts_ts_ns(&cur.it_interval));
	return pts_ts_ns(&cur.it_value);
}

int main(void)
{
	struct sigevent sev = { .sigev_notify = SIGEV_NONE };
	struct itimerspec its = { { 3, 0 }, { 10, 0 } };
	struct timespec nap = { 0, 300 * MS };
	long long l0, l1, c0, c1;

	if (timer_create(CLOCK_PROCESS_CPUTIME_ID, &sev, &t))
		PTS_UNRES("timer_create(CLOCK_PROCESS_CPUTIME_ID): %m");
	if (timer_settime(t, 0, &its, NULL))
		PTS_UNRES("timer_settime(): %m");
	l0 = left();
	if (l0 <= 0 || l0 > 10 * PTS_NSEC)
		PTS_FAILED("it_value %lld ns right after arming 10 s", l0);

	c0 = pts_now(CLOCK_PROCESS_CPUTIME_ID);
	nanosleep(&nap, NULL);
	l1 = left();
	c1 = pts_now(CLOCK_PROCESS_CPUTIME_ID);
	if (l0 - l1 > c1 - c0 + 10 * MS)
		PTS_FAILED("asleep 300 ms: it_value down %lld ns with %lld ns of CPU used",
			   l0 - l1, c1 - c0);

	c0 = pts_now(CLOCK_PROCESS_CPUTIME_ID);
	while (pts_now(CLOCK_PROCESS_CPUTIME_ID) - c0 < 300 * MS)
		;
	l0 = left();
	if (l1 - l0 < 290 * MS)
		PTS_FAILED("after 300 ms of CPU: it_value down only %lld ns", l1 - l0);
	timer_delete(t);
	PTS_PASSED("CPU-time timer's it_value follows CPU time only (down %lld ms after 300 ms of CPU)",
		   (l1 - l0) / MS);
}
