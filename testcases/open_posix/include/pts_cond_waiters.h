/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Threads blocked on one condition variable. A waiter takes the mutex,
 * counts itself in *waiting and calls pthread_cond_wait(), which releases
 * the mutex: once the starter, holding the mutex, sees all n counted,
 * every waiter is inside pthread_cond_wait().
 */
#ifndef PTS_COND_WAITERS_H
#define PTS_COND_WAITERS_H

#include <pthread.h>
#include <sched.h>
#include <string.h>

#include "posixtest.h"

static inline void pts_start_waiters(pthread_t *t, int n,
				     void *(*waiter)(void *),
				     pthread_mutex_t *m, const int *waiting)
{
	int i, err, w;

	for (i = 0; i < n; i++) {
		err = pthread_create(&t[i], NULL, waiter, NULL);
		if (err)
			PTS_UNRES("pthread_create(): %s", strerror(err));
	}
	do {
		pthread_mutex_lock(m);
		w = *waiting;
		pthread_mutex_unlock(m);
		sched_yield();
	} while (w < n);
}

#endif /* PTS_COND_WAITERS_H */
