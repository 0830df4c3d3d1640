// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * setitimer(), ITIMER_VIRTUAL and ITIMER_PROF: the first decrements only
 * while the process executes (user time) and delivers SIGVTALRM, the
 * second while it executes or the system runs on its behalf, delivering
 * SIGPROF. Each 30 ms timer must not expire while the process sleeps
 * and must expire after the process has spun for 30 ms of CPU time.
 *
 * Linux samples these timers from the CPU-time accounting, checked at
 * the scheduler tick: expiry comes late by up to a tick, never early by
 * more than what the tick accounting hides. If the CPU time read when
 * the signal is taken is short of the value by less than one tick, that
 * is the known ITIMER_PROF tick granularity (reported as TCONF, not a
 * pass); short by more is a failure.
 */
#include <sys/time.h>

#include "pts_helpers.h"

#define VAL_US 30000

static void one(int which, int sig, const char *name, long long *short_by)
{
	struct itimerval v = { { 0, 0 }, { 0, VAL_US } };
	struct timespec zero = { 0, 0 }, nap = { 0, 100000000 };
	long long c0, used, end;
	sigset_t set;
	int got;

	sigemptyset(&set);
	sigaddset(&set, sig);
	sigprocmask(SIG_BLOCK, &set, NULL);
	c0 = pts_now(CLOCK_PROCESS_CPUTIME_ID);
	if (setitimer(which, &v, NULL))
		PTS_FAILED("setitimer(%s): %m", name);
	nanosleep(&nap, NULL);
	got = sigtimedwait(&set, NULL, &zero) == sig;
	if (got && pts_now(CLOCK_PROCESS_CPUTIME_ID) - c0 < VAL_US * 1000LL / 2)
		PTS_FAILED("%s expired while the process slept", name);
	end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(30);
	while (!got && sigtimedwait(&set, NULL, &zero) != sig) {
		if (pts_now(CLOCK_MONOTONIC) > end)
			PTS_FAILED("%s: no %s after 30 s of spinning", name,
				   strsignal(sig));
	}
	used = pts_now(CLOCK_PROCESS_CPUTIME_ID) - c0;
	printf("%s: signal after %lld ns of CPU time\n", name, used);
	if (used < VAL_US * 1000LL)
		*short_by = VAL_US * 1000LL - used;
}

int main(void)
{
	long long vshort = 0, pshort = 0, tick = PTS_NSEC / sysconf(_SC_CLK_TCK);

	one(ITIMER_VIRTUAL, SIGVTALRM, "ITIMER_VIRTUAL", &vshort);
	one(ITIMER_PROF, SIGPROF, "ITIMER_PROF", &pshort);
	/* the kernel's tick can be shorter than USER_HZ's; allow 10 ms */
	if (tick < 10000000)
		tick = 10000000;
	if (vshort > tick || pshort > tick)
		PTS_FAILED("expiry early by %lld / %lld ns, more than a tick",
			   vshort, pshort);
	if (vshort || pshort)
		PTS_KNOWN_ISSUE("setitimer ITIMER_PROF granularity",
				"expired %lld / %lld ns of CPU time early (within a tick)",
				vshort, pshort);
	PTS_PASSED("ITIMER_VIRTUAL and ITIMER_PROF expired on CPU time");
}
