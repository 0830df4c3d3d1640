// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigtimedwait(): "If the timespec structure pointed to by timeout is
 * zero-valued and if none of the signals specified by set are pending,
 * then sigtimedwait() shall return immediately with an error" - without
 * suspending the caller at all. 1000 calls with a zero timeout and
 * SIGUSR1 (blocked) not pending each fail with [EAGAIN], leave info as
 * it was, and the thread's count of voluntary context switches
 * (getrusage(RUSAGE_THREAD), which grows only when the thread sleeps)
 * does not move. With SIGUSR2 pending but not in set the call still
 * fails at once and SIGUSR2 stays pending.
 */
#include <sys/resource.h>

#include "pts_helpers.h"

static long vcsw(void)
{
	struct rusage ru;

	if (getrusage(RUSAGE_THREAD, &ru))
		PTS_UNRES("getrusage(): %m");
	return ru.ru_nvcsw;
}

int main(void)
{
	struct timespec zero = { 0, 0 };
	sigset_t set, both, pend;
	long before, after;
	siginfo_t si;
	int i, r, e;

	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	both = set;
	sigaddset(&both, SIGUSR2);
	sigprocmask(SIG_BLOCK, &both, NULL);
	memset(&si, 0x5a, sizeof(si));

	before = vcsw();
	for (i = 0; i < 1000; i++) {
		r = sigtimedwait(&set, &si, &zero);
		e = errno;
		if (r != -1 || e != EAGAIN)
			PTS_FAILED("call %d returned %d, %s; expected -1, EAGAIN", i, r,
				   strerrorname_np(e) ?: "0");
	}
	after = vcsw();
	if (after != before)
		PTS_FAILED("%ld voluntary context switches over 1000 zero-timeout "
			   "calls: the thread slept", after - before);
	if (si.si_signo != 0x5a5a5a5a)
		PTS_FAILED("info written by a failed call");

	raise(SIGUSR2);
	before = vcsw();
	PTS_EXPECT_ERRNO(sigtimedwait(&set, &si, &zero), EAGAIN,
			 "sigtimedwait({SIGUSR1}) with SIGUSR2 pending");
	if (vcsw() != before)
		PTS_FAILED("the call with SIGUSR2 pending slept");
	sigpending(&pend);
	if (!sigismember(&pend, SIGUSR2))
		PTS_FAILED("SIGUSR2 no longer pending");
	PTS_PASSED("EAGAIN at once, no voluntary switch in 1000 calls");
}
