// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigwaitinfo(): "If the info argument is not NULL, the selected signal
 * shall be stored in the si_signo member, ... and the value queued with
 * the selected signal shall be stored in the si_value member"; the
 * selected signal is dequeued either way. Four SIGRTMIN queued to the
 * blocked process with values 11, 22, 33, 44: a call with info NULL
 * returns SIGRTMIN and consumes the first (11), so the next calls with
 * info return 22 and 33 in si_value (and SI_QUEUE, the pid); another
 * call with info NULL consumes 44, after which nothing is queued
 * (sigpending(), and sigtimedwait() with a zero timeout [EAGAIN]).
 */
#include "pts_helpers.h"

int main(void)
{
	struct timespec zero = { 0, 0 };
	const int val[4] = { 11, 22, 33, 44 };
	sigset_t set, pend;
	siginfo_t si;
	int i, r;

	sigemptyset(&set);
	sigaddset(&set, SIGRTMIN);
	sigprocmask(SIG_BLOCK, &set, NULL);
	for (i = 0; i < 4; i++) {
		union sigval v = { .sival_int = val[i] };

		if (sigqueue(getpid(), SIGRTMIN, v))
			PTS_UNRES("sigqueue(): %m");
	}
	r = sigwaitinfo(&set, NULL);
	if (r != SIGRTMIN)
		PTS_FAILED("sigwaitinfo(info NULL) returned %d (%m)", r);
	for (i = 1; i <= 2; i++) {
		memset(&si, 0, sizeof(si));
		r = sigwaitinfo(&set, &si);
		if (r != SIGRTMIN || si.si_signo != SIGRTMIN ||
		    si.si_value.sival_int != val[i] || si.si_code != SI_QUEUE ||
		    si.si_pid != getpid())
			PTS_FAILED("take %d: returned %d, signo %d, value %d (expected "
				   "%d), code %d, pid %d", i + 1, r, si.si_signo,
				   si.si_value.sival_int, val[i], si.si_code,
				   (int)si.si_pid);
	}
	sigpending(&pend);
	if (!sigismember(&pend, SIGRTMIN))
		PTS_FAILED("SIGRTMIN not pending with one instance still queued");
	r = sigwaitinfo(&set, NULL);
	if (r != SIGRTMIN)
		PTS_FAILED("last sigwaitinfo(info NULL) returned %d (%m)", r);
	sigpending(&pend);
	if (sigismember(&pend, SIGRTMIN))
		PTS_FAILED("SIGRTMIN pending after all four were taken");
	PTS_EXPECT_ERRNO(sigtimedwait(&set, &si, &zero), EAGAIN,
			 "sigtimedwait() after all four were taken");
	PTS_PASSED("info NULL dequeues one; the values come out in order");
}
