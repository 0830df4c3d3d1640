// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_mutex_consistent(): [EINVAL] "The mutex object referenced by
 * mutex is not robust or does not protect an inconsistent state." It is
 * refused for a held mutex that is not robust, and for a robust mutex
 * held normally (its state is consistent); both stay held by the caller
 * and unlock normally. After a real EOWNERDEAD (the owner thread exited
 * holding it) the call succeeds once, and a second call gets EINVAL.
 */
#include <pthread.h>

#include "pts_helpers.h"

static pthread_mutex_t rm;

static void *die_holding(void *arg)
{
	(void)arg;
	pthread_mutex_lock(&rm);
	return NULL;
}

int main(void)
{
	pthread_mutex_t plain = PTHREAD_MUTEX_INITIALIZER;
	pthread_mutexattr_t a;
	pthread_t t;
	int err;

	pthread_mutex_lock(&plain);
	PTS_EXPECT_ERR(pthread_mutex_consistent(&plain), EINVAL,
		       "consistent() on a non-robust held mutex");
	if (pthread_mutex_unlock(&plain))
		PTS_FAILED("the non-robust mutex no longer unlocks");

	pthread_mutexattr_init(&a);
	pthread_mutexattr_setrobust(&a, PTHREAD_MUTEX_ROBUST);
	pthread_mutex_init(&rm, &a);
	pthread_mutex_lock(&rm);
	PTS_EXPECT_ERR(pthread_mutex_consistent(&rm), EINVAL,
		       "consistent() on a consistent robust mutex");
	if (pthread_mutex_unlock(&rm))
		PTS_FAILED("the robust mutex no longer unlocks");

	pthread_create(&t, NULL, die_holding, NULL);
	pthread_join(t, NULL);
	err = pthread_mutex_lock(&rm);
	if (err != EOWNERDEAD)
		PTS_UNRES("lock after the owner exited returned %d, expected EOWNERDEAD",
			  err);
	if (pthread_mutex_consistent(&rm))
		PTS_FAILED("consistent() after EOWNERDEAD failed");
	PTS_EXPECT_ERR(pthread_mutex_consistent(&rm), EINVAL,
		       "a second consistent()");
	if (pthread_mutex_unlock(&rm) || pthread_mutex_lock(&rm))
		PTS_FAILED("the recovered mutex does not work");
	pthread_mutex_unlock(&rm);
	PTS_PASSED("EINVAL when not robust or not inconsistent");
}
