// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigtimedwait(): with a signal of set already pending, sigtimedwait()
 * selects it and returns at once even with a zero-valued timeout (the
 * [EAGAIN] of a zero timeout is only for "none of the signals specified
 * by set are pending"), filling info (si_signo, SI_QUEUE, si_value) and
 * clearing the pending signal; a NULL timeout with a pending signal
 * behaves as sigwaitinfo(). A signal pending for the thread only
 * (pthread_kill()) is selected too.
 */
#include <pthread.h>
#include "pts_helpers.h"

int main(void)
{
	struct timespec zero = { 0, 0 };
	union sigval v = { .sival_int = 77 };
	int rt = SIGRTMIN + 1, r;
	sigset_t set, pend;
	siginfo_t si;

	sigemptyset(&set);
	sigaddset(&set, rt);
	sigaddset(&set, SIGUSR1);
	sigprocmask(SIG_SETMASK, &set, NULL);
	if (sigqueue(getpid(), rt, v))
		PTS_UNRES("sigqueue(): %s", strerror(errno));
	memset(&si, 0, sizeof(si));
	r = sigtimedwait(&set, &si, &zero);
	printf("zero timeout: %d si_signo %d si_code %d si_value %d\n", r,
	       si.si_signo, si.si_code, si.si_value.sival_int);
	if (r != rt)
		PTS_FAILED("zero timeout with a pending signal: %d (%s)", r,
			   strerror(errno));
	if (si.si_signo != rt || si.si_code != SI_QUEUE ||
	    si.si_value.sival_int != 77)
		PTS_FAILED("info not filled");
	sigpending(&pend);
	if (sigismember(&pend, rt))
		PTS_FAILED("the signal was not cleared");
	PTS_EXPECT_ERRNO(sigtimedwait(&set, &si, &zero), EAGAIN,
			 "zero timeout, nothing pending");

	r = pthread_kill(pthread_self(), SIGUSR1);
	if (r)
		PTS_UNRES("pthread_kill(): %s", strerror(r));
	memset(&si, 0, sizeof(si));
	r = sigtimedwait(&set, &si, NULL);
	printf("NULL timeout, thread-directed: %d si_signo %d\n", r, si.si_signo);
	if (r != SIGUSR1 || si.si_signo != SIGUSR1)
		PTS_FAILED("NULL timeout with a pending signal: %d", r);
	PTS_PASSED("pending signals taken at once with zero and NULL timeouts");
}
