// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_sigmask(): the mask is per thread. A new thread inherits its
 * creator's mask; a change the new thread makes does not alter the
 * creator's; a signal sent to the process with kill() is delivered to the
 * one thread that has it unblocked. An invalid how returns the error
 * number EINVAL (not -1 with errno).
 */
#include <pthread.h>

#include "pts_helpers.h"

static volatile sig_atomic_t got;
static pthread_t where;
static int inherited;

static void handler(int sig)
{
	(void)sig;
	where = pthread_self();
	got = 1;
}

static void *thread(void *arg)
{
	sigset_t s, un, wait;

	(void)arg;
	pthread_sigmask(SIG_BLOCK, NULL, &s);
	inherited = sigismember(&s, SIGUSR1) && sigismember(&s, SIGUSR2);
	/* a change here must not reach the creator */
	sigemptyset(&un);
	sigaddset(&un, SIGUSR2);
	pthread_sigmask(SIG_UNBLOCK, &un, NULL);
	wait = s;
	sigdelset(&wait, SIGUSR1);
	while (!got)
		sigsuspend(&wait);
	return NULL;
}

int main(void)
{
	struct sigaction sa;
	sigset_t set, s;
	pthread_t t;
	int err;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = handler;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGUSR1, &sa, NULL);
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigaddset(&set, SIGUSR2);
	if ((err = pthread_sigmask(SIG_BLOCK, &set, NULL)))
		PTS_FAILED("pthread_sigmask(SIG_BLOCK): %s", strerror(err));
	if (pthread_create(&t, NULL, thread, NULL))
		PTS_UNRES("pthread_create() failed");
	if (kill(getpid(), SIGUSR1))
		PTS_UNRES("kill(): %m");
	pthread_join(t, NULL);
	if (!inherited)
		PTS_FAILED("the new thread did not inherit the creator's mask");
	if (!pthread_equal(where, t))
		PTS_FAILED("SIGUSR1 was handled in a thread that blocked it");
	pthread_sigmask(SIG_BLOCK, NULL, &s);
	if (!sigismember(&s, SIGUSR2))
		PTS_FAILED("the thread's SIG_UNBLOCK changed the creator's mask");
	err = pthread_sigmask(SIG_BLOCK + SIG_UNBLOCK + SIG_SETMASK + 7, &set,
			      NULL);
	if (err != EINVAL)
		PTS_FAILED("pthread_sigmask(bad how) returned %d, expected EINVAL",
			   err);
	PTS_PASSED("per-thread masks, inheritance and EINVAL");
}
