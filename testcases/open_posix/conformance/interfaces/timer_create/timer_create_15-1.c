// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * timer_create() fails with [EAGAIN] when the system lacks the signal
 * queueing resources for the request. Linux preallocates the queued
 * signal of every timer against the user's RLIMIT_SIGPENDING: under a
 * uid of its own with the limit at 8, exactly 8 timers are created,
 * the ninth fails with -1 [EAGAIN] (the ID not written), and deleting
 * one timer lets one more be created.
 */
#include "pts_helpers.h"

#define LIM 8

static int child(void)
{
	struct sigevent sev = { .sigev_notify = SIGEV_SIGNAL, .sigev_signo = SIGUSR1 };
	timer_t t[LIM], extra = (timer_t)(long)0x5a5a;
	int i;

	for (i = 0; i < LIM; i++)
		if (timer_create(CLOCK_MONOTONIC, &sev, &t[i]))
			PTS_FAILED("timer %d of %d (RLIMIT_SIGPENDING %d): %m",
				   i + 1, LIM, LIM);
	PTS_EXPECT_ERRNO(timer_create(CLOCK_MONOTONIC, &sev, &extra), EAGAIN,
			 "timer_create() beyond RLIMIT_SIGPENDING");
	if (extra != (timer_t)(long)0x5a5a)
		printf("the ID was written on failure (unspecified)\n");
	if (timer_delete(t[3]))
		PTS_UNRES("timer_delete(): %m");
	if (timer_create(CLOCK_MONOTONIC, &sev, &t[3]))
		PTS_FAILED("timer_create() after deleting one: %m");
	PTS_EXPECT_ERRNO(timer_create(CLOCK_REALTIME, &sev, &extra), EAGAIN,
			 "timer_create() at the limit again");
	return PTS_PASS;
}

int main(void)
{
	struct rlimit rl = { LIM, LIM };

	if (setrlimit(RLIMIT_SIGPENDING, &rl))
		PTS_UNRES("setrlimit(RLIMIT_SIGPENDING): %m");
	pts_run_as_own_uid(child, "child under its own uid");
	PTS_PASSED("%d timers created, then EAGAIN; one more after a delete", LIM);
}
