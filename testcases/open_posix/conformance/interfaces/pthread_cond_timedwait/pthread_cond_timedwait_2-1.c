// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_cond_timedwait(): a waiter woken by pthread_cond_signal()
 * before its deadline returns 0 (not ETIMEDOUT) owning the mutex, and
 * sees the predicate the signaller set under the mutex. [EINVAL] for an
 * abstime whose tv_nsec is outside [0, 1e9) (glibc checks it before
 * blocking).
 */
#include <pthread.h>

#include "pts_helpers.h"

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c;
static int pred, waiting;

static void *waiter(void *arg)
{
	struct timespec dl = pts_deadline(CLOCK_MONOTONIC, pts_bound_ns(30));
	long err = 0;

	(void)arg;
	pthread_mutex_lock(&m);
	waiting = 1;
	while (!pred && !err)
		err = pthread_cond_timedwait(&c, &m, &dl);
	if (!err && pthread_mutex_trylock(&m) != EBUSY)
		err = -1;
	pthread_mutex_unlock(&m);
	return (void *)err;
}

int main(void)
{
	struct timespec bad = { 0, 1000000000 };
	pthread_condattr_t ca;
	pthread_t t;
	void *v;
	int w;

	pthread_condattr_init(&ca);
	pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
	pthread_cond_init(&c, &ca);
	pthread_create(&t, NULL, waiter, NULL);
	do {
		pthread_mutex_lock(&m);
		w = waiting;
		if (w) {
			pred = 1;
			pthread_cond_signal(&c);
		}
		pthread_mutex_unlock(&m);
		if (!w)
			pts_nap();
	} while (!w);
	pthread_join(t, &v);
	if ((long)v)
		PTS_FAILED("the signalled waiter returned %ld", (long)v);
	pthread_mutex_lock(&m);
	PTS_EXPECT_ERR(pthread_cond_timedwait(&c, &m, &bad), EINVAL,
		       "timedwait(tv_nsec 1e9)");
	pthread_mutex_unlock(&m);
	PTS_PASSED("signalled waiter returned 0 with the mutex, EINVAL");
}
