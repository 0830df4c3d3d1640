// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * timer_create(): a process can have at least {_POSIX_TIMER_MAX} (32)
 * timers at once, with distinct IDs; armed together, all 32 notify with
 * the same realtime signal, and each delivery carries its own timer's
 * sigev_value (si_code SI_TIMER), so every timer is reported exactly
 * once.
 */
#include "pts_helpers.h"

#define N 32

int main(void)
{
	struct timespec lim = pts_ns_ts(pts_bound_ns(10));
	struct itimerspec its = { { 0, 0 }, { 0, 1000000 } };
	struct sigevent sev;
	int i, j, seen[N] = { 0 };
	timer_t t[N];
	siginfo_t si;
	sigset_t set;

	sigemptyset(&set);
	sigaddset(&set, SIGRTMIN);
	sigprocmask(SIG_BLOCK, &set, NULL);
	for (i = 0; i < N; i++) {
		memset(&sev, 0, sizeof(sev));
		sev.sigev_notify = SIGEV_SIGNAL;
		sev.sigev_signo = SIGRTMIN;
		sev.sigev_value.sival_int = 1000 + i;
		if (timer_create(CLOCK_MONOTONIC, &sev, &t[i]))
			PTS_FAILED("timer_create() #%d: %m", i);
		for (j = 0; j < i; j++)
			if (t[j] == t[i])
				PTS_FAILED("timers %d and %d share an ID", j, i);
	}
	for (i = 0; i < N; i++)
		if (timer_settime(t[i], 0, &its, NULL))
			PTS_FAILED("timer_settime() #%d: %m", i);
	for (i = 0; i < N; i++) {
		if (sigtimedwait(&set, &si, &lim) != SIGRTMIN)
			PTS_FAILED("only %d of %d timer signals: %m", i, N);
		j = si.si_value.sival_int - 1000;
		if (si.si_code != SI_TIMER || j < 0 || j >= N || seen[j])
			PTS_FAILED("signal %d: si_code %d value %d", i, si.si_code,
				   si.si_value.sival_int);
		seen[j] = 1;
	}
	for (i = 0; i < N; i++)
		timer_delete(t[i]);
	PTS_PASSED("%d timers, each delivered once with its own value", N);
}
