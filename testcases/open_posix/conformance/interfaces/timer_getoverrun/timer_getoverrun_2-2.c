// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * timer_getoverrun() returns the number of extra expirations that
 * happened while the timer's signal was pending, also on a CPU-time
 * clock: a CLOCK_PROCESS_CPUTIME_ID timer of 20 ms reloading every
 * 20 ms, its signal blocked while the process spins 400 ms of CPU, has
 * its signal pending and, once it is taken, an overrun count between 10
 * (the 20 expiries in 400 ms less the first, with room for ticks) and
 * 22 (the count runs on until the signal is taken, a little after the
 * 400 ms; 20 was seen under load).
 */
#include "pts_helpers.h"

#define MS 1000000LL

int main(void)
{
	struct sigevent sev = { .sigev_notify = SIGEV_SIGNAL, .sigev_signo = SIGRTMIN };
	struct itimerspec its = { { 0, 20 * MS }, { 0, 20 * MS } };
	struct itimerspec off = { { 0, 0 }, { 0, 0 } };
	struct timespec zero = { 0, 0 };
	long long c0, used;
	sigset_t set;
	timer_t t;
	int ov;

	sigemptyset(&set);
	sigaddset(&set, SIGRTMIN);
	sigprocmask(SIG_BLOCK, &set, NULL);
	if (timer_create(CLOCK_PROCESS_CPUTIME_ID, &sev, &t))
		PTS_UNRES("timer_create(CLOCK_PROCESS_CPUTIME_ID): %m");
	c0 = pts_now(CLOCK_PROCESS_CPUTIME_ID);
	if (timer_settime(t, 0, &its, NULL))
		PTS_UNRES("timer_settime(): %m");
	while (pts_now(CLOCK_PROCESS_CPUTIME_ID) - c0 < 400 * MS)
		;
	if (sigtimedwait(&set, NULL, &zero) != SIGRTMIN)
		PTS_FAILED("no signal pending after 400 ms of CPU (%m)");
	/* the count is the one of the delivery just taken */
	ov = timer_getoverrun(t);
	used = pts_now(CLOCK_PROCESS_CPUTIME_ID) - c0;
	timer_settime(t, 0, &off, NULL);
	if (ov < 10 || ov > used / (20 * MS) + 2)
		PTS_FAILED("overrun %d after %lld ms of CPU time with a 20 ms interval",
			   ov, used / MS);
	timer_delete(t);
	PTS_PASSED("overrun %d for 400 ms of CPU with a 20 ms CPU-time timer", ov);
}
