// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_cond_signal()/broadcast(): "shall have no effect if there are
 * no threads currently blocked on cond". A signal and a broadcast made
 * while nobody waits are not remembered: a thread that starts waiting
 * afterwards (with a CLOCK_MONOTONIC deadline 100 ms ahead) is not
 * woken by them and times out with ETIMEDOUT.
 */
#include <pthread.h>

#include "pts_helpers.h"

int main(void)
{
	pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
	pthread_condattr_t ca;
	pthread_cond_t c;
	struct timespec dl;
	int err;

	pthread_condattr_init(&ca);
	pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
	pthread_cond_init(&c, &ca);
	pthread_cond_signal(&c);
	pthread_cond_broadcast(&c);
	pthread_mutex_lock(&m);
	dl = pts_deadline(CLOCK_MONOTONIC, 100000000);
	err = pthread_cond_timedwait(&c, &m, &dl);
	pthread_mutex_unlock(&m);
	if (err == 0)
		PTS_FAILED("an earlier signal woke a later waiter");
	if (err != ETIMEDOUT)
		PTS_FAILED("timedwait returned %d", err);
	PTS_PASSED("signal and broadcast without waiters had no effect");
}
