// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_create() runs start_routine with arg in a new thread whose
 * pthread_self() is the ID stored in *thread; pthread_join() returns 0 and
 * gives back the value the thread returned (here arg + 1, and for a second
 * thread the value passed to pthread_exit()). Threads share the address
 * space: a store by the thread is seen after the join.
 */
#include <pthread.h>
#include <string.h>

#include "posixtest.h"

static pthread_t seen_self;
static int shared;

static void *start(void *arg)
{
	seen_self = pthread_self();
	shared = 42;
	return (char *)arg + 1;
}

static void *start_exit(void *arg)
{
	pthread_exit(arg);
	return NULL;
}

int main(void)
{
	static char token[4];
	pthread_t t;
	void *ret = NULL;
	int err;

	err = pthread_create(&t, NULL, start, token);
	if (err)
		PTS_UNRES("pthread_create(): %s", strerror(err));
	err = pthread_join(t, &ret);
	if (err)
		PTS_FAILED("pthread_join() returned %d (%s), expected 0", err,
			   strerror(err));
	if (ret != token + 1)
		PTS_FAILED("pthread_join() gave %p, the thread returned %p", ret,
			   (void *)(token + 1));
	if (!pthread_equal(seen_self, t))
		PTS_FAILED("pthread_self() in the thread differs from the ID pthread_create() stored");
	if (shared != 42)
		PTS_FAILED("the thread's store to a global is not seen after the join");

	err = pthread_create(&t, NULL, start_exit, token + 2);
	if (err)
		PTS_UNRES("pthread_create(): %s", strerror(err));
	err = pthread_join(t, &ret);
	if (err || ret != token + 2)
		PTS_FAILED("pthread_join() after pthread_exit(%p): %d, value %p",
			   (void *)(token + 2), err, ret);
	PTS_PASSED("pthread_join() returned 0 and the threads' values");
}
