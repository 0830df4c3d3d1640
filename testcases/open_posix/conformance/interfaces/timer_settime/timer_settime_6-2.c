// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A timer with a non-zero it_interval is periodic, also on a CPU-time
 * clock: a CLOCK_PROCESS_CPUTIME_ID timer with it_value 100 ms and
 * it_interval 50 ms, the process spinning, signals a first time at CPU
 * time >= 100 ms after arming and then again at each further 50 ms: the
 * k-th signal (k = 1..4, each taken at once) comes at >= 100 + 50 (k-1)
 * ms of CPU; timer_gettime() keeps reading the 50 ms interval.
 */
#include "pts_helpers.h"

#define MS 1000000LL

int main(void)
{
	struct sigevent sev = { .sigev_notify = SIGEV_SIGNAL, .sigev_signo = SIGUSR1 };
	struct itimerspec its = { { 0, 50 * MS }, { 0, 100 * MS } }, cur;
	struct timespec zero = { 0, 0 };
	long long c0, cpu, end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(60);
	sigset_t set;
	timer_t t;
	int k;

	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigprocmask(SIG_BLOCK, &set, NULL);
	if (timer_create(CLOCK_PROCESS_CPUTIME_ID, &sev, &t))
		PTS_UNRES("timer_create(CLOCK_PROCESS_CPUTIME_ID): %m");
	c0 = pts_now(CLOCK_PROCESS_CPUTIME_ID);
	if (timer_settime(t, 0, &its, NULL))
		PTS_UNRES("timer_settime(): %m");
	for (k = 1; k <= 4; k++) {
		while (sigtimedwait(&set, NULL, &zero) != SIGUSR1)
			if (pts_now(CLOCK_MONOTONIC) > end)
				PTS_FAILED("signal %d never came (CPU %lld ms after arming)",
					   k, (pts_now(CLOCK_PROCESS_CPUTIME_ID) - c0) / MS);
		cpu = pts_now(CLOCK_PROCESS_CPUTIME_ID) - c0;
		if (cpu < (100 + 50 * (k - 1)) * MS)
			PTS_FAILED("signal %d at %lld ns of CPU, expected >= %lld ms",
				   k, cpu, 100 + 50 * (k - 1LL));
		if (timer_gettime(t, &cur) || pts_ts_ns(&cur.it_interval) != 50 * MS)
			PTS_FAILED("it_interval %lld ns after signal %d",
				   pts_ts_ns(&cur.it_interval), k);
	}
	timer_delete(t);
	PTS_PASSED("CPU-time timer reloaded every 50 ms of CPU after the first 100 ms (4th at %lld ms)",
		   cpu / MS);
}
