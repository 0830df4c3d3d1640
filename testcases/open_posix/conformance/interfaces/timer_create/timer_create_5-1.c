// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * timer_create() on CLOCK_PROCESS_CPUTIME_ID: the timer measures CPU
 * time consumed by the process, not elapsed time. A 50 ms CPU-time
 * timer expires only once the process has used at least 50 ms of CPU
 * (read on the same clock when the signal is taken), and while the
 * process sleeps it does not expire.
 */
#include "pts_helpers.h"

#define VAL 50000000LL

int main(void)
{
	struct itimerspec its = { .it_value = { 0, VAL } };
	struct sigevent sev = { .sigev_notify = SIGEV_SIGNAL,
				.sigev_signo = SIGRTMIN };
	struct timespec zero = { 0, 0 }, nap = { 0, 100000000 };
	long long start, used, end;
	sigset_t set;
	timer_t t;
	int got;

	sigemptyset(&set);
	sigaddset(&set, SIGRTMIN);
	sigprocmask(SIG_BLOCK, &set, NULL);
	if (timer_create(CLOCK_PROCESS_CPUTIME_ID, &sev, &t))
		PTS_FAILED("timer_create(CLOCK_PROCESS_CPUTIME_ID): %m");
	start = pts_now(CLOCK_PROCESS_CPUTIME_ID);
	if (timer_settime(t, 0, &its, NULL))
		PTS_UNRES("timer_settime(): %m");
	nanosleep(&nap, NULL);
	got = sigtimedwait(&set, NULL, &zero) == SIGRTMIN;
	if (got && pts_now(CLOCK_PROCESS_CPUTIME_ID) - start < VAL)
		PTS_FAILED("CPU-time timer expired while the process slept");
	end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(30);
	while (!got) {
		if (sigtimedwait(&set, NULL, &zero) == SIGRTMIN)
			break;
		if (pts_now(CLOCK_MONOTONIC) > end)
			PTS_FAILED("no expiry after spinning 30 s");
	}
	used = pts_now(CLOCK_PROCESS_CPUTIME_ID) - start;
	if (used < VAL)
		PTS_FAILED("expired after %lld ns of CPU, before %lld", used, VAL);
	PTS_PASSED("CPU-time timer expired after %lld ns of CPU time", used);
}
