// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * timer_create() with SIGEV_NONE: "No asynchronous notification is
 * delivered when the event of interest occurs", yet the timer runs:
 * timer_gettime() shows the time left decreasing, and a one-shot
 * SIGEV_NONE timer that has expired reads back as disarmed, no signal
 * having been generated.
 */
#include "pts_helpers.h"

int main(void)
{
	struct sigevent sev = { .sigev_notify = SIGEV_NONE };
	struct itimerspec its = { .it_value = { 0, 50000000 } }, a, b;
	long long end;
	sigset_t pend;
	timer_t t;

	if (timer_create(CLOCK_MONOTONIC, &sev, &t))
		PTS_FAILED("timer_create(SIGEV_NONE): %m");
	if (timer_settime(t, 0, &its, NULL) || timer_gettime(t, &a))
		PTS_FAILED("timer_settime/gettime: %m");
	pts_nap();
	timer_gettime(t, &b);
	if (pts_ts_ns(&a.it_value) <= 0 ||
	    pts_ts_ns(&b.it_value) >= pts_ts_ns(&a.it_value))
		PTS_FAILED("time left did not decrease: %lld then %lld",
			   pts_ts_ns(&a.it_value), pts_ts_ns(&b.it_value));
	end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(10);
	do {
		timer_gettime(t, &b);
		if (pts_now(CLOCK_MONOTONIC) > end)
			PTS_FAILED("SIGEV_NONE timer never expired");
		pts_nap();
	} while (b.it_value.tv_sec || b.it_value.tv_nsec);
	sigpending(&pend);
	if (sigismember(&pend, SIGALRM))
		PTS_FAILED("a SIGEV_NONE timer generated SIGALRM");
	PTS_PASSED("SIGEV_NONE timer ran down without notification");
}
