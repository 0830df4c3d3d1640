// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_join(): suspends the caller until the target terminates and
 * makes the value it passed to pthread_exit() (or returned) available;
 * a thread that joins itself gets EDEADLK; joining a thread created
 * detached gets EINVAL (glibc detects it). The joined thread's effects
 * are visible after the join.
 */
#include <pthread.h>

#include "pts_helpers.h"

static int effect;

static void *exiter(void *arg)
{
	struct timespec ts = { 0, 20000000 };

	nanosleep(&ts, NULL);
	effect = 42;
	pthread_exit(arg);
	return NULL;
}

static void *returner(void *arg)
{
	return (char *)arg + 1;
}

static void *selfjoin(void *arg)
{
	(void)arg;
	return (void *)(long)pthread_join(pthread_self(), NULL);
}

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *blocker(void *arg)
{
	(void)arg;
	pthread_mutex_lock(&m);
	pthread_mutex_unlock(&m);
	return NULL;
}

int main(void)
{
	static char token[4];
	pthread_attr_t a;
	pthread_t t;
	void *v;
	int err;

	pthread_create(&t, NULL, exiter, token);
	if (pthread_join(t, &v) || v != token)
		PTS_FAILED("pthread_exit() value not returned by join");
	if (effect != 42)
		PTS_FAILED("join returned before the thread's effects");
	pthread_create(&t, NULL, returner, token);
	if (pthread_join(t, &v) || v != token + 1)
		PTS_FAILED("return value not returned by join");
	pthread_create(&t, NULL, selfjoin, NULL);
	pthread_join(t, &v);
	if ((long)v != EDEADLK)
		PTS_FAILED("joining itself returned %ld, expected EDEADLK", (long)v);
	pthread_mutex_lock(&m);
	pthread_attr_init(&a);
	pthread_attr_setdetachstate(&a, PTHREAD_CREATE_DETACHED);
	pthread_create(&t, &a, blocker, NULL);
	err = pthread_join(t, NULL);
	pthread_mutex_unlock(&m);
	if (err != EINVAL)
		PTS_FAILED("joining a detached thread returned %d, expected EINVAL",
			   err);
	PTS_PASSED("values passed back, EDEADLK and EINVAL");
}
