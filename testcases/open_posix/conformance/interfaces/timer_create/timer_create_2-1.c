// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * timer_create(): a timer can be created on each clock the system
 * supports for timers, CLOCK_REALTIME, CLOCK_MONOTONIC and the CPU-time
 * clocks CLOCK_PROCESS_CPUTIME_ID and CLOCK_THREAD_CPUTIME_ID; every
 * created timer starts disarmed (timer_gettime() reports zero) and has a
 * distinct ID. An unknown clock ID fails with [EINVAL].
 */
#include "pts_helpers.h"

static const struct { clockid_t id; const char *name; } clocks[] = {
	{ CLOCK_REALTIME, "CLOCK_REALTIME" },
	{ CLOCK_MONOTONIC, "CLOCK_MONOTONIC" },
	{ CLOCK_PROCESS_CPUTIME_ID, "CLOCK_PROCESS_CPUTIME_ID" },
	{ CLOCK_THREAD_CPUTIME_ID, "CLOCK_THREAD_CPUTIME_ID" },
};
#define N (int)(sizeof(clocks) / sizeof(clocks[0]))

int main(void)
{
	struct sigevent sev = { .sigev_notify = SIGEV_NONE };
	struct itimerspec cur;
	timer_t t[N], bad;
	int i, j;

	for (i = 0; i < N; i++) {
		if (timer_create(clocks[i].id, &sev, &t[i]))
			PTS_FAILED("timer_create(%s): %m", clocks[i].name);
		if (timer_gettime(t[i], &cur))
			PTS_FAILED("timer_gettime(%s): %m", clocks[i].name);
		if (cur.it_value.tv_sec || cur.it_value.tv_nsec ||
		    cur.it_interval.tv_sec || cur.it_interval.tv_nsec)
			PTS_FAILED("new %s timer is armed", clocks[i].name);
		for (j = 0; j < i; j++)
			if (t[j] == t[i])
				PTS_FAILED("two timers share an ID");
	}
	PTS_EXPECT_ERRNO(timer_create((clockid_t)1000, &sev, &bad), EINVAL,
			 "timer_create(clock 1000)");
	for (i = 0; i < N; i++)
		if (timer_delete(t[i]))
			PTS_FAILED("timer_delete(%s): %m", clocks[i].name);
	PTS_PASSED("timers created on all %d clocks, EINVAL for a bad clock", N);
}
