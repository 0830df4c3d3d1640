// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * timer_create(): "If the evp argument is NULL, the effect is as if the
 * evp argument pointed to a sigevent structure with the sigev_notify
 * member having the value SIGEV_SIGNAL, the sigev_signo having a default
 * signal number, and the sigev_value member having the value of the
 * timer ID." On Linux the default signal is SIGALRM; the value delivered
 * must equal the timer ID.
 */
#include "pts_helpers.h"

int main(void)
{
	struct itimerspec its = { .it_value = { 0, 20000000 } };
	struct timespec lim = pts_ns_ts(pts_bound_ns(10));
	sigset_t set;
	siginfo_t si;
	timer_t t;

	sigemptyset(&set);
	sigaddset(&set, SIGALRM);
	sigprocmask(SIG_BLOCK, &set, NULL);
	if (timer_create(CLOCK_MONOTONIC, NULL, &t))
		PTS_FAILED("timer_create(NULL evp): %m");
	if (timer_settime(t, 0, &its, NULL))
		PTS_UNRES("timer_settime(): %m");
	if (sigtimedwait(&set, &si, &lim) != SIGALRM)
		PTS_FAILED("no SIGALRM from a timer created with NULL evp: %m");
	if (si.si_code != SI_TIMER)
		PTS_FAILED("si_code %d, expected SI_TIMER", si.si_code);
	if (si.si_value.sival_ptr != (void *)t &&
	    si.si_value.sival_int != (int)(long)t)
		PTS_FAILED("si_value %p is not the timer ID %p",
			   si.si_value.sival_ptr, (void *)t);
	PTS_PASSED("NULL evp: SIGALRM with the timer ID as value");
}
