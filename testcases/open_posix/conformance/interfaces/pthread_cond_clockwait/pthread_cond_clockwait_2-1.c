// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_cond_clockwait() and signals: as for the other condition
 * wait functions, a waiter that takes a caught signal resumes waiting
 * after the handler (or returns zero as a spurious wake-up), and the
 * call "shall not return an error code of [EINTR]". A thread in a
 * predicate loop around pthread_cond_clockwait() on CLOCK_MONOTONIC
 * (deadline an hour ahead, on a condition variable of the default
 * REALTIME clock) takes three caught signals (no SA_RESTART), each once
 * it sleeps in the futex call again; no call returns an error, and it
 * leaves the loop after main sets the predicate and signals, owning
 * the mutex (its ERRORCHECK unlock succeeds).
 */
#include "pts_no_eintr.h"

static pthread_mutex_t m;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static volatile int tid, go, bad;

static void *waiter(void *arg)
{
	struct timespec ts = pts_deadline(CLOCK_MONOTONIC, 3600 * PTS_NSEC);
	int e;

	(void)arg;
	pthread_mutex_lock(&m);
	tid = pts_gettid();
	while (!go) {
		e = pthread_cond_clockwait(&c, &m, CLOCK_MONOTONIC, &ts);
		if (e) {
			bad = e;
			break;
		}
	}
	if (pthread_mutex_unlock(&m))
		bad = -1;
	return NULL;
}

int main(void)
{
	pthread_mutexattr_t ma;
	pthread_t t;

	pts_ne_install();
	pthread_mutexattr_init(&ma);
	pthread_mutexattr_settype(&ma, PTHREAD_MUTEX_ERRORCHECK);
	pthread_mutex_init(&m, &ma);
	pthread_create(&t, NULL, waiter, NULL);
	pts_ne_interrupt(t, &tid, 3, NULL, "pthread_cond_clockwait()");
	if (bad)
		PTS_FAILED("the clocked wait returned %d (%s) after a signal", bad,
			   bad > 0 ? strerrorname_np(bad) : "unlock");
	pthread_mutex_lock(&m);
	go = 1;
	pthread_cond_signal(&c);
	pthread_mutex_unlock(&m);
	pthread_join(t, NULL);
	if (bad)
		PTS_FAILED("the clocked wait returned %d", bad);
	if (pts_ne_handled != 3)
		PTS_FAILED("%d signals handled", pts_ne_handled);
	PTS_PASSED("no EINTR from a clocked condition wait interrupted by signals");
}
