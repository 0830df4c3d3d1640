// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * timer_create() SIGEV_SIGNAL with the signal ignored: a signal generated
 * while its action is SIG_IGN (and it is not blocked) is discarded, but
 * the timer itself goes on. A periodic 20 ms timer whose SIGRTMIN is
 * ignored stays armed (timer_gettime(): interval as set, time left in
 * (0, 20 ms]) and nothing is pending; once a handler is installed the
 * next expiry is delivered (SI_TIMER, the sigev_value). A one-shot
 * timer that expired while its SIGRTMIN+1 was ignored reads back
 * disarmed and its signal is gone: not pending, and not delivered when
 * the action is changed afterwards.
 */
#include "pts_helpers.h"

#define PERIOD_NS 20000000LL

static timer_t mk(int sig, int val)
{
	struct sigevent sev = { .sigev_notify = SIGEV_SIGNAL,
				.sigev_signo = sig,
				.sigev_value.sival_int = val };
	timer_t t;

	if (timer_create(CLOCK_MONOTONIC, &sev, &t))
		PTS_UNRES("timer_create(): %m");
	return t;
}

static void on_sig(int sig, siginfo_t *si, void *uc)
{
	(void)sig; (void)si; (void)uc;
}

int main(void)
{
	struct itimerspec per = { .it_value = { 0, PERIOD_NS },
				  .it_interval = { 0, PERIOD_NS } };
	struct itimerspec one = { .it_value = { 0, PERIOD_NS / 2 } };
	struct timespec zero = { 0, 0 }, bound;
	struct sigaction sa = { .sa_sigaction = on_sig,
				.sa_flags = SA_SIGINFO };
	struct itimerspec cur;
	long long start, left, bound_end;
	sigset_t set, pend;
	timer_t tp, to;
	siginfo_t si;

	signal(SIGRTMIN, SIG_IGN);
	signal(SIGRTMIN + 1, SIG_IGN);
	tp = mk(SIGRTMIN, 0x5a17);
	to = mk(SIGRTMIN + 1, 0x1e1);
	start = pts_now(CLOCK_MONOTONIC);
	if (timer_settime(tp, 0, &per, NULL) || timer_settime(to, 0, &one, NULL))
		PTS_UNRES("timer_settime(): %m");

	/*
	 * At least five periods pass with the signals ignored, and the
	 * one-shot has run down (bounded: a late timer interrupt on a
	 * loaded guest only delays it).
	 */
	while (pts_now(CLOCK_MONOTONIC) - start < 5 * PERIOD_NS)
		pts_nap();
	bound_end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(10);
	for (;;) {
		if (timer_gettime(to, &cur))
			PTS_FAILED("timer_gettime(one-shot): %m");
		if (!cur.it_value.tv_sec && !cur.it_value.tv_nsec)
			break;
		if (pts_now(CLOCK_MONOTONIC) > bound_end)
			PTS_FAILED("the one-shot timer still reads %lld ns left after %lld ns",
				   pts_ts_ns(&cur.it_value),
				   pts_now(CLOCK_MONOTONIC) - start);
		pts_nap();
	}
	if (timer_gettime(tp, &cur))
		PTS_FAILED("timer_gettime(periodic): %m");
	left = pts_ts_ns(&cur.it_value);
	printf("periodic timer with its signal ignored: %lld ns left, interval %lld ns\n",
	       left, pts_ts_ns(&cur.it_interval));
	if (pts_ts_ns(&cur.it_interval) != PERIOD_NS)
		PTS_FAILED("interval %lld ns, expected %lld",
			   pts_ts_ns(&cur.it_interval), PERIOD_NS);
	if (left <= 0 || left > PERIOD_NS)
		PTS_FAILED("the periodic timer has %lld ns left, expected (0, %lld]: it stopped",
			   left, PERIOD_NS);
	if (sigpending(&pend))
		PTS_UNRES("sigpending(): %m");
	if (sigismember(&pend, SIGRTMIN) || sigismember(&pend, SIGRTMIN + 1))
		PTS_FAILED("an ignored timer signal is pending");

	/* handlers, the signals blocked so that they are taken below */
	sigemptyset(&set);
	sigaddset(&set, SIGRTMIN);
	sigaddset(&set, SIGRTMIN + 1);
	if (sigprocmask(SIG_BLOCK, &set, NULL) ||
	    sigaction(SIGRTMIN, &sa, NULL) || sigaction(SIGRTMIN + 1, &sa, NULL))
		PTS_UNRES("sigprocmask/sigaction: %m");
	bound = pts_ns_ts(pts_bound_ns(10));
	sigdelset(&set, SIGRTMIN + 1);
	if (sigtimedwait(&set, &si, &bound) != SIGRTMIN)
		PTS_FAILED("no SIGRTMIN from the periodic timer once caught: %m");
	if (si.si_code != SI_TIMER || si.si_value.sival_int != 0x5a17)
		PTS_FAILED("si_code %d value %#x, expected SI_TIMER and 0x5a17",
			   si.si_code, si.si_value.sival_int);
	if (timer_delete(tp))
		PTS_UNRES("timer_delete(): %m");

	/* the one-shot's expiry is long past: nothing of it may remain */
	sigemptyset(&set);
	sigaddset(&set, SIGRTMIN + 1);
	errno = 0;
	if (sigtimedwait(&set, &si, &zero) != -1 || errno != EAGAIN)
		PTS_FAILED("the one-shot timer's ignored signal was kept (signal %d, %s)",
			   si.si_signo, strerrorname_np(errno));
	PTS_PASSED("an ignored timer signal is discarded, the periodic timer goes on");
}
