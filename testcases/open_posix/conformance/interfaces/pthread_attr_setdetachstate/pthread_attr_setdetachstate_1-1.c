// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_attr_setdetachstate(): the default is PTHREAD_CREATE_JOINABLE;
 * PTHREAD_CREATE_DETACHED read back by pthread_attr_getdetachstate();
 * any other value fails with [EINVAL] and keeps the setting. A thread
 * created detached runs (its effect is seen) and is not joinable: the
 * join of its ID would be an error (checked while it still runs, where
 * the ID is valid: glibc's EINVAL).
 */
#include <pthread.h>

#include "pts_helpers.h"

static volatile int ran, go;

static void *thread(void *arg)
{
	(void)arg;
	__atomic_store_n(&ran, 1, __ATOMIC_RELEASE);
	pts_wait_flag(&go, "go");
	return NULL;
}

int main(void)
{
	pthread_attr_t a;
	pthread_t t;
	int s, err;

	pthread_attr_init(&a);
	pthread_attr_getdetachstate(&a, &s);
	if (s != PTHREAD_CREATE_JOINABLE)
		PTS_FAILED("default detachstate %d, expected JOINABLE", s);
	if (pthread_attr_setdetachstate(&a, PTHREAD_CREATE_DETACHED))
		PTS_FAILED("setdetachstate(DETACHED) failed");
	pthread_attr_getdetachstate(&a, &s);
	if (s != PTHREAD_CREATE_DETACHED)
		PTS_FAILED("read back %d, expected DETACHED", s);
	err = pthread_attr_setdetachstate(&a, 12345);
	if (err != EINVAL)
		PTS_FAILED("setdetachstate(12345) returned %d, expected EINVAL",
			   err);
	pthread_attr_getdetachstate(&a, &s);
	if (s != PTHREAD_CREATE_DETACHED)
		PTS_FAILED("a refused value changed the attribute to %d", s);
	if (pthread_create(&t, &a, thread, NULL))
		PTS_UNRES("pthread_create(detached) failed");
	pts_wait_flag(&ran, "the detached thread");
	err = pthread_join(t, NULL);
	if (err != EINVAL)
		PTS_FAILED("join of a running detached thread returned %d, expected EINVAL",
			   err);
	err = pthread_detach(t);
	if (err != EINVAL)
		PTS_FAILED("detach of a detached thread returned %d, expected EINVAL",
			   err);
	pthread_attr_destroy(&a);
	printf("Test PASSED: JOINABLE default, DETACHED not joinable, EINVAL\n");
	fflush(stdout);
	go = 1;
	pthread_exit(NULL);	/* the process ends after the thread */
}
