// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * timer_settime(): "If the argument ovalue is not NULL ... the value
 * representing the previous amount of time before the timer would have
 * expired, or zero if the timer was disarmed, together with the previous
 * timer reload value". A periodic timer (10 s, every 3 s) is re-armed:
 * ovalue holds at most 10 s left and the 3 s interval; disarming with a
 * zero it_value returns the new setting and leaves the timer disarmed,
 * and a further disarm returns zeros. SIGEV_SIGNAL with the signal
 * blocked: the timers are too long to fire (a disarmed SIGEV_NONE timer
 * is timer_gettime_1-1's case).
 */
#include "pts_helpers.h"

int main(void)
{
	struct sigevent sev = { .sigev_notify = SIGEV_SIGNAL,
				.sigev_signo = SIGRTMIN };
	struct itimerspec a = { { 3, 0 }, { 10, 0 } };
	struct itimerspec b = { { 0, 0 }, { 20, 0 } };
	struct itimerspec zero = { { 0, 0 }, { 0, 0 } }, old, cur;
	long long left;
	sigset_t set;
	timer_t t;

	sigemptyset(&set);
	sigaddset(&set, SIGRTMIN);
	sigprocmask(SIG_BLOCK, &set, NULL);
	if (timer_create(CLOCK_MONOTONIC, &sev, &t))
		PTS_UNRES("timer_create(): %m");
	if (timer_settime(t, 0, &a, &old))
		PTS_FAILED("timer_settime(): %m");
	if (pts_ts_ns(&old.it_value) || pts_ts_ns(&old.it_interval))
		PTS_FAILED("ovalue of a disarmed timer is not zero");
	if (timer_settime(t, 0, &b, &old))
		PTS_FAILED("timer_settime(): %m");
	left = pts_ts_ns(&old.it_value);
	if (left <= 0 || left > 10 * PTS_NSEC)
		PTS_FAILED("ovalue it_value %lld ns, expected (0, 10 s]", left);
	if (old.it_interval.tv_sec != 3 || old.it_interval.tv_nsec)
		PTS_FAILED("ovalue it_interval %lld ns, expected 3 s",
			   pts_ts_ns(&old.it_interval));
	if (timer_settime(t, 0, &zero, &old))
		PTS_FAILED("disarming timer_settime(): %m");
	left = pts_ts_ns(&old.it_value);
	if (left <= 10 * PTS_NSEC || left > 20 * PTS_NSEC || old.it_interval.tv_sec)
		PTS_FAILED("ovalue after re-arm: %lld ns, interval %lld", left,
			   pts_ts_ns(&old.it_interval));
	timer_gettime(t, &cur);
	if (pts_ts_ns(&cur.it_value))
		PTS_FAILED("a zero it_value did not disarm the timer");
	timer_settime(t, 0, &zero, &old);
	if (pts_ts_ns(&old.it_value) || pts_ts_ns(&old.it_interval))
		PTS_FAILED("ovalue of a disarmed timer is not zero");
	PTS_PASSED("ovalue reports the previous setting, zero disarms");
}
