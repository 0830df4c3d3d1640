// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * PTHREAD_MUTEX_ERRORCHECK: "If a thread attempts to relock a mutex that
 * it has already locked, an error shall be returned" (EDEADLK, also for
 * trylock: EBUSY), and "if a thread attempts to unlock a mutex that it
 * has not locked or a mutex which is unlocked, an error shall be
 * returned" (EPERM), from another thread and after the unlock.
 */
#include <pthread.h>

#include "pts_helpers.h"

static pthread_mutex_t m;

static void *other(void *arg)
{
	(void)arg;
	return (void *)(long)pthread_mutex_unlock(&m);
}

int main(void)
{
	pthread_mutexattr_t a;
	pthread_t t;
	void *v;
	int type;

	pthread_mutexattr_init(&a);
	if (pthread_mutexattr_settype(&a, PTHREAD_MUTEX_ERRORCHECK))
		PTS_UNRES("settype(ERRORCHECK) failed");
	pthread_mutexattr_gettype(&a, &type);
	if (type != PTHREAD_MUTEX_ERRORCHECK)
		PTS_FAILED("gettype read back %d", type);
	if (pthread_mutexattr_settype(&a, 9999) != EINVAL)
		PTS_FAILED("settype(9999) did not return EINVAL");
	pthread_mutex_init(&m, &a);
	if (pthread_mutex_lock(&m))
		PTS_FAILED("first lock failed");
	PTS_EXPECT_ERR(pthread_mutex_lock(&m), EDEADLK, "relock");
	PTS_EXPECT_ERR(pthread_mutex_trylock(&m), EBUSY, "trylock while held");
	pthread_create(&t, NULL, other, NULL);
	pthread_join(t, &v);
	if ((long)v != EPERM)
		PTS_FAILED("unlock by a non-owner returned %ld, expected EPERM",
			   (long)v);
	if (pthread_mutex_unlock(&m))
		PTS_FAILED("owner's unlock failed");
	PTS_EXPECT_ERR(pthread_mutex_unlock(&m), EPERM, "unlock of unlocked");
	PTS_PASSED("ERRORCHECK mutex: EDEADLK, EBUSY, EPERM");
}
