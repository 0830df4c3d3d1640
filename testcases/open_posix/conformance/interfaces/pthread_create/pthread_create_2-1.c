// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_create(): the new thread's signal mask is inherited from the
 * creating thread, and its set of pending signals is empty: a signal
 * pending for the creator (sent with pthread_kill() while blocked) is
 * not pending in the new thread, which sees SIGUSR2 blocked as its
 * creator had it and SIGUSR1 (unblocked by the creator) unblocked.
 */
#include <pthread.h>

#include "pts_helpers.h"

static sigset_t seen_mask, seen_pending;

static void *child(void *arg)
{
	(void)arg;
	pthread_sigmask(SIG_BLOCK, NULL, &seen_mask);
	sigpending(&seen_pending);
	return NULL;
}

int main(void)
{
	sigset_t set, pend;
	pthread_t t;
	int err;

	sigemptyset(&set);
	sigaddset(&set, SIGUSR2);
	sigaddset(&set, SIGRTMIN + 3);
	if (pthread_sigmask(SIG_SETMASK, &set, NULL))
		PTS_UNRES("pthread_sigmask()");
	/* pending for this thread only: a thread-directed signal */
	if (pthread_kill(pthread_self(), SIGRTMIN + 3))
		PTS_UNRES("pthread_kill(self)");
	sigpending(&pend);
	if (!sigismember(&pend, SIGRTMIN + 3))
		PTS_UNRES("the signal sent to main is not pending in main");
	err = pthread_create(&t, NULL, child, NULL);
	if (err)
		PTS_UNRES("pthread_create(): %s", strerror(err));
	pthread_join(t, NULL);
	if (!sigismember(&seen_mask, SIGUSR2) ||
	    !sigismember(&seen_mask, SIGRTMIN + 3))
		PTS_FAILED("the new thread's mask lacks the creator's blocked signals");
	if (sigismember(&seen_mask, SIGUSR1))
		PTS_FAILED("the new thread has SIGUSR1 blocked, its creator did not");
	if (sigismember(&seen_pending, SIGRTMIN + 3))
		PTS_FAILED("the creator's pending signal is pending in the new thread");
	sigpending(&pend);
	if (!sigismember(&pend, SIGRTMIN + 3))
		PTS_FAILED("the signal is no longer pending in the creator");
	printf("mask inherited (SIGUSR2, SIGRTMIN+3 blocked), pending set empty\n");
	PTS_PASSED("signal mask inherited, pending signals not");
}
