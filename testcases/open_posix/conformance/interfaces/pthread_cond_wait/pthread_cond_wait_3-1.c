// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_cond_wait()/pthread_cond_timedwait(): [EPERM] "The mutex type
 * is PTHREAD_MUTEX_ERRORCHECK or the mutex is a robust mutex, and the
 * current thread does not own the mutex." Called with an ERRORCHECK
 * mutex that is unlocked, and with one another thread holds, both
 * return EPERM at once (with a deadline an hour ahead, so a wait would
 * show); the other thread's ownership is untouched (its unlock
 * succeeds). The same for a robust mutex that is unlocked.
 */
#include <pthread.h>

#include "pts_helpers.h"

static pthread_mutex_t m;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;

static void check(pthread_mutex_t *mx, const char *what)
{
	struct timespec ts = pts_deadline(CLOCK_REALTIME, 3600 * PTS_NSEC);
	int err;

	err = pthread_cond_wait(&c, mx);
	if (err != EPERM)
		PTS_FAILED("%s: pthread_cond_wait() returned %d, expected EPERM",
			   what, err);
	err = pthread_cond_timedwait(&c, mx, &ts);
	if (err != EPERM)
		PTS_FAILED("%s: pthread_cond_timedwait() returned %d, expected EPERM",
			   what, err);
}

static void *other(void *arg)
{
	(void)arg;
	check(&m, "ERRORCHECK mutex held by another thread");
	return NULL;
}

int main(void)
{
	pthread_mutexattr_t a;
	pthread_mutex_t r;
	pthread_t t;

	pthread_mutexattr_init(&a);
	pthread_mutexattr_settype(&a, PTHREAD_MUTEX_ERRORCHECK);
	pthread_mutex_init(&m, &a);
	check(&m, "unlocked ERRORCHECK mutex");
	pthread_mutex_lock(&m);
	pthread_create(&t, NULL, other, NULL);
	pthread_join(t, NULL);
	if (pthread_mutex_unlock(&m))
		PTS_FAILED("the owner's unlock failed after the other thread's EPERM");
	pthread_mutexattr_init(&a);
	pthread_mutexattr_setrobust(&a, PTHREAD_MUTEX_ROBUST);
	pthread_mutex_init(&r, &a);
	check(&r, "unlocked robust mutex");
	PTS_PASSED("EPERM without blocking when the caller does not own the mutex");
}
