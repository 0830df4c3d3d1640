// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * timer_delete(): deleting one timer leaves another timer with the same
 * signal armed (it still fires, carrying its own value); deleting it
 * twice fails with [EINVAL]. The disposition of a signal already
 * pending from the deleted timer is unspecified: whether it stays
 * pending is printed only.
 */
#include "pts_helpers.h"

int main(void)
{
	struct sigevent sev = { .sigev_notify = SIGEV_SIGNAL, .sigev_signo = SIGRTMIN };
	struct timespec lim = pts_ns_ts(pts_bound_ns(10)), zero = { 0, 0 };
	struct itimerspec its = { { 0, 0 }, { 0, 1000000 } }, cur;
	timer_t a, b;
	siginfo_t si;
	sigset_t set;

	sigemptyset(&set);
	sigaddset(&set, SIGRTMIN);
	sigprocmask(SIG_BLOCK, &set, NULL);
	sev.sigev_value.sival_int = 1;
	if (timer_create(CLOCK_MONOTONIC, &sev, &a))
		PTS_UNRES("timer_create(): %m");
	sev.sigev_value.sival_int = 2;
	if (timer_create(CLOCK_MONOTONIC, &sev, &b))
		PTS_UNRES("timer_create(): %m");
	/* a fires and its signal stays pending */
	if (timer_settime(a, 0, &its, NULL))
		PTS_UNRES("timer_settime(): %m");
	{
		long long end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(10);
		sigset_t pend;

		do {
			sigpending(&pend);
			if (sigismember(&pend, SIGRTMIN))
				break;
			pts_nap();
		} while (pts_now(CLOCK_MONOTONIC) < end);
		if (!sigismember(&pend, SIGRTMIN))
			PTS_UNRES("timer a never fired");
	}
	its.it_value.tv_sec = 0;
	its.it_value.tv_nsec = 50000000;
	if (timer_settime(b, 0, &its, NULL))
		PTS_UNRES("timer_settime(): %m");
	if (timer_delete(a))
		PTS_FAILED("timer_delete(a): %m");
	PTS_EXPECT_ERRNO(timer_delete(a), EINVAL, "second timer_delete(a)");
	if (timer_gettime(b, &cur) || pts_ts_ns(&cur.it_value) <= 0)
		PTS_FAILED("timer b disarmed by deleting a");
	memset(&si, 0, sizeof(si));
	if (sigtimedwait(&set, &si, &zero) == SIGRTMIN && si.si_value.sival_int == 1)
		printf("INFO: the deleted timer's pending signal was kept\n");
	else
		printf("INFO: the deleted timer's pending signal was discarded\n");
	if (si.si_value.sival_int != 2 &&
	    (sigtimedwait(&set, &si, &lim) != SIGRTMIN || si.si_value.sival_int != 2))
		PTS_FAILED("timer b did not fire with its value after a was deleted");
	timer_delete(b);
	PTS_PASSED("another timer on the same signal unaffected; EINVAL for a deleted ID");
}
