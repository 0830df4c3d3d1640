// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * timer_settime() on an armed timer replaces its setting: a timer armed
 * for 1 s and, before that expires (the returned ovalue still shows
 * time left), re-armed for 30 s does not fire at 1 s (no signal within
 * 1.5 s), and timer_gettime() reports the new time left (over
 * 28 s); re-arming with 0 ns interval/value disarms it.
 */
#include "pts_helpers.h"

int main(void)
{
	struct sigevent sev = { .sigev_notify = SIGEV_SIGNAL, .sigev_signo = SIGUSR1 };
	struct itimerspec its = { { 0, 0 }, { 1, 0 } }, old, cur;
	struct timespec wait = { 1, 500000000 };
	sigset_t set;
	timer_t t;

	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigprocmask(SIG_BLOCK, &set, NULL);
	if (timer_create(CLOCK_MONOTONIC, &sev, &t))
		PTS_UNRES("timer_create(): %m");
	if (timer_settime(t, 0, &its, NULL))
		PTS_UNRES("timer_settime(): %m");
	its.it_value.tv_sec = 30;
	its.it_value.tv_nsec = 0;
	if (timer_settime(t, 0, &its, &old))
		PTS_FAILED("re-arming: %m");
	if (pts_ts_ns(&old.it_value) <= 0)
		PTS_UNRES("the 1 s setting expired before it could be replaced");
	if (sigtimedwait(&set, NULL, &wait) == SIGUSR1)
		PTS_FAILED("the replaced 1 s setting fired");
	if (timer_gettime(t, &cur) || pts_ts_ns(&cur.it_value) < 28 * PTS_NSEC)
		PTS_FAILED("time left %lld ns after re-arming for 30 s",
			   pts_ts_ns(&cur.it_value));
	memset(&its, 0, sizeof(its));
	if (timer_settime(t, 0, &its, &old) || pts_ts_ns(&old.it_value) <= 0)
		PTS_FAILED("disarming: %m or the old value was zero");
	timer_gettime(t, &cur);
	if (pts_ts_ns(&cur.it_value))
		PTS_FAILED("still armed after a zero setting");
	timer_delete(t);
	PTS_PASSED("re-arming replaces the expiry; zero disarms");
}
