// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * clock_nanosleep() on CLOCK_PROCESS_CPUTIME_ID: the process's CPU-time
 * clock may be slept on (only the calling thread's own CPU clock is
 * refused), and the sleep ends once the process's CPU time has advanced
 * by the interval. A second thread spins; the main thread sleeps 50 ms
 * of process CPU time, relative and then TIMER_ABSTIME, and wakes no
 * earlier than that CPU time.
 */
#include <pthread.h>

#include "pts_helpers.h"

#define VAL 50000000LL

static volatile int stop;

static void *spinner(void *arg)
{
	(void)arg;
	while (!stop)
		;
	return NULL;
}

int main(void)
{
	struct timespec rel = { 0, VAL }, at;
	long long c0, c1;
	pthread_t t;
	int err;

	pthread_create(&t, NULL, spinner, NULL);
	c0 = pts_now(CLOCK_PROCESS_CPUTIME_ID);
	err = clock_nanosleep(CLOCK_PROCESS_CPUTIME_ID, 0, &rel, NULL);
	c1 = pts_now(CLOCK_PROCESS_CPUTIME_ID);
	if (err)
		PTS_FAILED("relative sleep on the process CPU clock returned %d", err);
	if (c1 - c0 < VAL)
		PTS_FAILED("woke after %lld ns of process CPU time, before %lld",
			   c1 - c0, VAL);
	at = pts_deadline(CLOCK_PROCESS_CPUTIME_ID, VAL);
	err = clock_nanosleep(CLOCK_PROCESS_CPUTIME_ID, TIMER_ABSTIME, &at, NULL);
	c1 = pts_now(CLOCK_PROCESS_CPUTIME_ID);
	stop = 1;
	pthread_join(t, NULL);
	if (err)
		PTS_FAILED("absolute sleep on the process CPU clock returned %d", err);
	if (c1 < pts_ts_ns(&at))
		PTS_FAILED("woke %lld ns of CPU time before the absolute time",
			   pts_ts_ns(&at) - c1);
	PTS_PASSED("slept on the process CPU clock until it advanced");
}
