/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The "shall not return [EINTR]" clause of the blocking thread calls
 * (pthread_mutex_lock(), pthread_cond_wait(), pthread_rwlock_*lock(),
 * pthread_barrier_wait(), pthread_join()): a thread asleep in the call
 * takes a caught signal, runs its handler and must go back to sleep
 * instead of returning. The waiting is read from /proc (the thread sits
 * in futex()), never guessed with a sleep.
 */
#ifndef PTS_NO_EINTR_H
#define PTS_NO_EINTR_H

#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <sys/syscall.h>

#include "pts_helpers.h"

/* Handler runs so far; a test may reset it between its cases. */
static volatile int pts_ne_handled;
static volatile int pts_ne_hit;

static void pts_ne_handler(int sig)
{
	(void)sig;
	pts_ne_handled++;
	pts_ne_hit = 1;
}

/* Catch SIGUSR1 with the counting handler, without SA_RESTART. */
static inline void pts_ne_install(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = pts_ne_handler;
	if (sigaction(SIGUSR1, &sa, NULL))
		PTS_UNRES("sigaction(SIGUSR1): %s", strerror(errno));
}

/*
 * Once *tid (the sleeper's thread id, set by itself) is known, signal
 * thread t `rounds` times, each time only after it sleeps in futex()
 * and only once the handler ran for the one before. *returned, set by
 * the sleeper when its call returns, must stay 0 meanwhile: what
 * names the call in the failure. Returns with the sleeper in futex()
 * again, so the caller can release it.
 */
static inline void pts_ne_interrupt(pthread_t t, volatile int *tid,
				    int rounds, volatile int *returned,
				    const char *what)
{
	int i;

	pts_wait_flag(tid, "the sleeper's thread id");
	for (i = 0; i < rounds; i++) {
		pts_wait_in_syscall(*tid, SYS_futex);
		pts_ne_hit = 0;
		pthread_kill(t, SIGUSR1);
		pts_wait_flag(&pts_ne_hit, "the signal handler");
		if (returned && *returned)
			PTS_FAILED("%s returned after signal %d", what, i + 1);
	}
	pts_wait_in_syscall(*tid, SYS_futex);
}

#endif /* PTS_NO_EINTR_H */
