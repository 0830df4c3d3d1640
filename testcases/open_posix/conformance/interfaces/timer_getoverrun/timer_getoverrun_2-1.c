// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * timer_getoverrun(): a timer never armed, and a one-shot timer whose
 * signal was taken, have an overrun count of 0 (a one-shot timer cannot
 * overrun); an invalid (deleted) timer ID fails with -1 and [EINVAL].
 */
#include "pts_helpers.h"

int main(void)
{
	struct sigevent sev = { .sigev_notify = SIGEV_SIGNAL, .sigev_signo = SIGUSR1 };
	struct timespec lim = pts_ns_ts(pts_bound_ns(10));
	struct itimerspec its = { { 0, 0 }, { 0, 1000000 } };
	sigset_t set;
	timer_t t;
	int r;

	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigprocmask(SIG_BLOCK, &set, NULL);
	if (timer_create(CLOCK_MONOTONIC, &sev, &t))
		PTS_UNRES("timer_create(): %m");
	if (timer_getoverrun(t))
		PTS_FAILED("a never armed timer: overrun %d", timer_getoverrun(t));
	if (timer_settime(t, 0, &its, NULL))
		PTS_UNRES("timer_settime(): %m");
	if (sigtimedwait(&set, NULL, &lim) != SIGUSR1)
		PTS_UNRES("no signal: %m");
	r = timer_getoverrun(t);
	if (r != 0)
		PTS_FAILED("one-shot timer: overrun %d, expected 0", r);
	timer_delete(t);
	PTS_EXPECT_ERRNO(timer_getoverrun(t), EINVAL, "timer_getoverrun(deleted timer)");
	PTS_PASSED("overrun 0 for a one-shot timer, EINVAL for a deleted one");
}
