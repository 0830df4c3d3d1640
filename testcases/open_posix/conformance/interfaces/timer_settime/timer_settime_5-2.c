// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * timer_settime() with TIMER_ABSTIME on a CPU-time clock: the timer
 * expires when the clock reaches it_value. A CLOCK_PROCESS_CPUTIME_ID
 * timer set to the process's CPU time plus 200 ms signals only once the
 * process has used that much (read in the handler-less wait: the CPU
 * clock at the signal is at least it_value); one set to a CPU time
 * already passed is notified at once, before any further spinning.
 */
#include "pts_helpers.h"

#define VAL (200 * 1000000LL)

int main(void)
{
	struct sigevent sev = { .sigev_notify = SIGEV_SIGNAL, .sigev_signo = SIGUSR1 };
	struct timespec zero = { 0, 0 };
	struct itimerspec its = { { 0, 0 }, { 0, 0 } };
	long long target, end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(30);
	long long cpu;
	sigset_t set;
	timer_t t;

	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigprocmask(SIG_BLOCK, &set, NULL);
	if (timer_create(CLOCK_PROCESS_CPUTIME_ID, &sev, &t))
		PTS_UNRES("timer_create(CLOCK_PROCESS_CPUTIME_ID): %m");

	target = pts_now(CLOCK_PROCESS_CPUTIME_ID) + VAL;
	its.it_value = pts_ns_ts(target);
	if (timer_settime(t, TIMER_ABSTIME, &its, NULL))
		PTS_UNRES("timer_settime(TIMER_ABSTIME): %m");
	for (;;) {
		if (sigtimedwait(&set, NULL, &zero) == SIGUSR1)
			break;
		if (pts_now(CLOCK_MONOTONIC) > end)
			PTS_FAILED("no signal after %lld ns of CPU time",
				   pts_now(CLOCK_PROCESS_CPUTIME_ID) - target + VAL);
	}
	cpu = pts_now(CLOCK_PROCESS_CPUTIME_ID);
	if (cpu < target)
		PTS_FAILED("signalled at CPU time %lld, before it_value %lld",
			   cpu, target);

	/* a CPU time already passed: notified at once */
	its.it_value = pts_ns_ts(cpu - VAL);
	if (timer_settime(t, TIMER_ABSTIME, &its, NULL))
		PTS_UNRES("timer_settime(past): %m");
	{
		struct timespec lim = pts_ns_ts(pts_bound_ns(10));

		/* sigtimedwait() sleeps: no CPU time passes while it waits */
		if (sigtimedwait(&set, NULL, &lim) != SIGUSR1)
			PTS_FAILED("an absolute CPU time already passed: no signal (%m)");
	}
	timer_delete(t);
	PTS_PASSED("absolute CPU-time timer at +%lld ms fired at CPU +%lld ms; a past one at once",
		   VAL / 1000000, (cpu - target + VAL) / 1000000);
}
