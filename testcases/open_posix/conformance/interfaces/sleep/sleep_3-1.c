// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sleep() "shall" be a cancellation point (XSH 2.9.5.2). A thread in
 * sleep(3600) (asleep in clock_nanosleep) is cancelled by a deferred
 * request: it joins with PTHREAD_CANCELED at once, its cleanup handler
 * ran and sleep() never returned. The process goes on: main's own
 * sleep(0) returns 0.
 */
#include "pts_cancel.h"

static void body(void *arg)
{
	(void)arg;
	sleep(3600);
}

int main(void)
{
	long long t0 = pts_now(CLOCK_MONOTONIC);

	pts_cancel_in_syscall(body, NULL, SYS_clock_nanosleep, "sleep()");
	printf("cancelled after %lld ms\n",
	       (pts_now(CLOCK_MONOTONIC) - t0) / 1000000);
	if (sleep(0))
		PTS_FAILED("sleep(0) in main did not return 0");
	PTS_PASSED("sleep() is a cancellation point");
}
