// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * timer_gettime(): for an armed periodic timer it_interval is the reload
 * value as set (500 ms) and it_value the time left, in (0, 10 s] and
 * not more than what was set minus the time elapsed; after the first
 * expiry of a timer armed with 1 ms and a 50 s period, it_value is the
 * time to the next expiry, in (0, 50 s]; a TIMER_ABSTIME setting is
 * reported relative (time left, not the absolute time).
 */
#include "pts_helpers.h"

int main(void)
{
	struct sigevent sev = { .sigev_notify = SIGEV_SIGNAL, .sigev_signo = SIGUSR1 };
	struct timespec lim = pts_ns_ts(pts_bound_ns(10));
	struct itimerspec its = { { 0, 500000000 }, { 10, 0 } }, cur;
	long long t0, t1, v;
	sigset_t set;
	timer_t t;

	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigprocmask(SIG_BLOCK, &set, NULL);
	if (timer_create(CLOCK_MONOTONIC, &sev, &t))
		PTS_UNRES("timer_create(): %m");
	if (timer_settime(t, 0, &its, NULL))
		PTS_UNRES("timer_settime(): %m");
	/*
	 * The timer started before t0 and is read after t1, so at least
	 * t1 - t0 (20 ms or more) of its 10 s are gone. (Reading t0 before
	 * timer_settime() and t1 after timer_gettime() bounded the other
	 * way: a preemption of over 1 ms between them failed a correct
	 * kernel in a CI run.)
	 */
	t0 = pts_now(CLOCK_MONOTONIC);
	/* let time pass that the timer must have counted down */
	nanosleep(&(struct timespec){ 0, 20000000 }, NULL);
	t1 = pts_now(CLOCK_MONOTONIC);
	if (timer_gettime(t, &cur))
		PTS_FAILED("timer_gettime(): %m");
	v = pts_ts_ns(&cur.it_value);
	if (cur.it_interval.tv_sec != 0 || cur.it_interval.tv_nsec != 500000000)
		PTS_FAILED("it_interval %lld.%09ld, expected 0.5", (long long)cur.it_interval.tv_sec,
			   cur.it_interval.tv_nsec);
	if (v <= 0 || v > 10 * PTS_NSEC - (t1 - t0))
		PTS_FAILED("it_value %lld ns for 10 s set, %lld ns seen to pass",
			   v, t1 - t0);

	its.it_value.tv_sec = 0;
	its.it_value.tv_nsec = 1000000;
	its.it_interval.tv_sec = 50;
	its.it_interval.tv_nsec = 0;
	if (timer_settime(t, 0, &its, NULL))
		PTS_UNRES("timer_settime(): %m");
	if (sigtimedwait(&set, NULL, &lim) != SIGUSR1)
		PTS_UNRES("the timer never fired: %m");
	timer_gettime(t, &cur);
	v = pts_ts_ns(&cur.it_value);
	if (v <= 0 || v > 50 * PTS_NSEC || cur.it_interval.tv_sec != 50)
		PTS_FAILED("after the first expiry it_value %lld ns, interval %lld s",
			   v, (long long)cur.it_interval.tv_sec);

	its.it_value = pts_deadline(CLOCK_MONOTONIC, 20 * PTS_NSEC);
	its.it_interval.tv_sec = 0;
	if (timer_settime(t, TIMER_ABSTIME, &its, NULL))
		PTS_UNRES("timer_settime(TIMER_ABSTIME): %m");
	timer_gettime(t, &cur);
	v = pts_ts_ns(&cur.it_value);
	if (v <= 0 || v > 20 * PTS_NSEC)
		PTS_FAILED("TIMER_ABSTIME setting read back as %lld ns, expected the time left (<= 20 s)",
			   v);
	timer_delete(t);
	PTS_PASSED("it_interval as set, it_value the time left (also after expiry and for TIMER_ABSTIME)");
}
