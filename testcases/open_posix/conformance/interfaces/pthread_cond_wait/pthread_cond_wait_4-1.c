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

#include "pts_no_eintr.h"

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static volatile int tid, bad, go;

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
	pthread_t t;

	pts_ne_install();
	pthread_create(&t, NULL, waiter, NULL);
	pts_ne_interrupt(t, &tid, 3, NULL, "pthread_cond_wait()");
	pthread_mutex_lock(&m);
	go = 1;
	pthread_cond_signal(&c);
	pthread_mutex_unlock(&m);
	pthread_join(t, NULL);
	if (bad)
		PTS_FAILED("a wait returned %d%s", bad,
			   bad == -1 ? " (mutex not held)" : "");
	if (pts_ne_handled != 3)
		PTS_FAILED("%d signals handled", pts_ne_handled);
	PTS_PASSED("no EINTR, mutex held on every return");
}
