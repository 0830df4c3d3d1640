// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_cond_wait(): "If a signal is delivered to a thread waiting
 * for a condition variable, upon return from the signal handler the
 * thread resumes waiting for the condition variable as if it was not
 * interrupted, or it shall return zero due to spurious wakeup"; these
 * functions "shall not return an error code of [EINTR]". A waiter takes
 * three caught signals (no SA_RESTART): every return is 0 with the
 * mutex held, and it only leaves its predicate loop after the signal.
 */
#include <pthread.h>

#include "pts_helpers.h"

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static volatile int tid, hit, handled, bad, go;

static void handler(int sig)
{
	(void)sig;
	handled++;
	hit = 1;
}

static void *waiter(void *arg)
{
	int r;

	(void)arg;
	pthread_mutex_lock(&m);
	tid = pts_gettid();
	while (!go) {
		r = pthread_cond_wait(&c, &m);
		if (r)
			bad = r;
		else if (pthread_mutex_trylock(&m) != EBUSY)
			bad = -1;
	}
	pthread_mutex_unlock(&m);
	return NULL;
}

int main(void)
{
	struct sigaction sa;
	pthread_t t;
	int i;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = handler;
	sigaction(SIGUSR1, &sa, NULL);
	pthread_create(&t, NULL, waiter, NULL);
	pts_wait_flag(&tid, "the waiter");
	for (i = 0; i < 3; i++) {
		pts_wait_in_syscall(tid, SYS_futex);
		hit = 0;
		pthread_kill(t, SIGUSR1);
		pts_wait_flag(&hit, "the handler");
	}
	pthread_mutex_lock(&m);
	go = 1;
	pthread_cond_signal(&c);
	pthread_mutex_unlock(&m);
	pthread_join(t, NULL);
	if (bad)
		PTS_FAILED("a wait returned %d%s", bad,
			   bad == -1 ? " (mutex not held)" : "");
	if (handled != 3)
		PTS_FAILED("%d signals handled", handled);
	PTS_PASSED("no EINTR, mutex held on every return");
}
