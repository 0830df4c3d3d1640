// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigwaitinfo(): a signal pending for one thread (pthread_kill()) is
 * taken only by that thread: the main thread, waiting for the same
 * signal, does not see it (sigtimedwait() with a zero timeout fails with
 * [EAGAIN], sigpending() in main does not list it), while the target
 * thread's sigwaitinfo() returns it at once with si_signo set (si_code
 * SI_TKILL on Linux, printed).
 */
#include <pthread.h>

#include "pts_helpers.h"

static int go[2];

static void *target(void *arg)
{
	sigset_t *set = arg;
	siginfo_t si;
	char c;

	if (read(go[0], &c, 1) != 1)
		return NULL;
	memset(&si, 0, sizeof(si));
	if (sigwaitinfo(set, &si) != SIGUSR1 || si.si_signo != SIGUSR1)
		return NULL;
	printf("INFO: si_code %d (SI_TKILL %d)\n", si.si_code, SI_TKILL);
	return (void *)1;
}

int main(void)
{
	struct timespec zero = { 0, 0 };
	sigset_t set, pend;
	pthread_t t;
	void *r;

	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	pthread_sigmask(SIG_BLOCK, &set, NULL);
	if (pipe(go) || pthread_create(&t, NULL, target, &set))
		PTS_UNRES("pipe()/pthread_create()");
	if (pthread_kill(t, SIGUSR1))
		PTS_UNRES("pthread_kill()");
	sigpending(&pend);
	PTS_EXPECT_ERRNO(sigtimedwait(&set, NULL, &zero), EAGAIN,
			 "main's sigtimedwait() for a signal pending for another thread");
	if (write(go[1], "x", 1) != 1)
		PTS_UNRES("write(): %m");
	if (pthread_join(t, &r))
		PTS_UNRES("pthread_join()");
	if (!r)
		PTS_FAILED("the target thread's sigwaitinfo() did not return SIGUSR1");
	if (sigismember(&pend, SIGUSR1))
		PTS_FAILED("sigpending() in main listed the other thread's signal");
	PTS_PASSED("a thread-directed signal is taken only by its thread");
}
