// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * raise() in a threaded process is equivalent to
 * pthread_kill(pthread_self(), sig): the same signal reaches the same
 * thread with the same origin. A second thread raises SIGUSR1 and then
 * sends it with pthread_kill() to itself: both run the SA_SIGINFO
 * handler in that thread before returning, with equal si_code (printed)
 * and si_pid the process's pid, si_uid the real uid.
 */
#include <pthread.h>

#include "pts_sigkit.h"

static siginfo_t got[2];
static pthread_t in[2];
static volatile sig_atomic_t n;

static void handler(int sig, siginfo_t *si, void *uc)
{
	(void)sig;
	(void)uc;
	if (n < 2) {
		got[n] = *si;
		in[n] = pthread_self();
	}
	n++;
}

static void *thread(void *arg)
{
	long bad = 0;

	(void)arg;
	if (raise(SIGUSR1) || n != 1)
		bad = 1;
	if (pthread_kill(pthread_self(), SIGUSR1) || n != 2)
		bad = 1;
	return (void *)bad;
}

int main(void)
{
	pthread_t t;
	void *bad;
	int i;

	pts_catch_info(SIGUSR1, handler);
	if (pthread_create(&t, NULL, thread, NULL))
		PTS_UNRES("pthread_create() failed");
	pthread_join(t, &bad);
	if (bad)
		PTS_FAILED("a handler had not run when the call returned (%d runs)", (int)n);
	printf("si_code: raise %d, pthread_kill %d\n", got[0].si_code, got[1].si_code);
	for (i = 0; i < 2; i++) {
		if (!pthread_equal(in[i], t) || got[i].si_signo != SIGUSR1 ||
		    got[i].si_pid != getpid() || got[i].si_uid != getuid())
			PTS_FAILED("delivery %d: thread %d, signo %d, pid %d, uid %d", i,
				   pthread_equal(in[i], t) != 0, got[i].si_signo,
				   (int)got[i].si_pid, (int)got[i].si_uid);
	}
	if (got[0].si_code != got[1].si_code)
		PTS_FAILED("si_code differs: %d and %d", got[0].si_code, got[1].si_code);
	PTS_PASSED("raise() and pthread_kill(pthread_self()) delivered alike");
}
