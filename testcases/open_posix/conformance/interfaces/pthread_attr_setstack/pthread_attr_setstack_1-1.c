// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_attr_setstack()/setstacksize(): a thread created with a stack
 * given by setstack runs on it (a local variable's address lies inside
 * it) and getstack reads it back; a stack size below PTHREAD_STACK_MIN
 * is refused with EINVAL by both; a thread created with a stacksize of
 * PTHREAD_STACK_MIN runs.
 */
#include <limits.h>
#include <pthread.h>

#include "pts_helpers.h"

#define SZ (256 * 1024)

static char *base;

static void *on_stack(void *arg)
{
	char here;

	(void)arg;
	return (void *)(long)(&here >= base && &here < base + SZ);
}

static void *nothing(void *arg)
{
	return arg;
}

int main(void)
{
	pthread_attr_t a;
	pthread_t t;
	void *v, *gaddr;
	size_t gsize;
	int err;

	if (posix_memalign((void **)&base, 4096, SZ))
		PTS_UNRES("posix_memalign() failed");
	pthread_attr_init(&a);
	if (pthread_attr_setstack(&a, base, PTHREAD_STACK_MIN - 1) != EINVAL)
		PTS_FAILED("setstack below PTHREAD_STACK_MIN not refused");
	if (pthread_attr_setstacksize(&a, PTHREAD_STACK_MIN - 1) != EINVAL)
		PTS_FAILED("setstacksize below PTHREAD_STACK_MIN not refused");
	if (pthread_attr_setstack(&a, base, SZ))
		PTS_FAILED("pthread_attr_setstack() failed");
	pthread_attr_getstack(&a, &gaddr, &gsize);
	if (gaddr != base || gsize != SZ)
		PTS_FAILED("getstack read back %p/%zu", gaddr, gsize);
	err = pthread_create(&t, &a, on_stack, NULL);
	if (err)
		PTS_FAILED("pthread_create(own stack): %s", strerror(err));
	pthread_join(t, &v);
	if (!v)
		PTS_FAILED("the thread did not run on the given stack");
	pthread_attr_destroy(&a);
	pthread_attr_init(&a);
	if (pthread_attr_setstacksize(&a, PTHREAD_STACK_MIN))
		PTS_FAILED("setstacksize(PTHREAD_STACK_MIN) refused");
	err = pthread_create(&t, &a, nothing, &gsize);
	if (err)
		PTS_FAILED("pthread_create(PTHREAD_STACK_MIN): %s", strerror(err));
	pthread_join(t, &v);
	if (v != &gsize)
		PTS_FAILED("minimal-stack thread returned a wrong value");
	PTS_PASSED("given stack used, EINVAL below PTHREAD_STACK_MIN");
}
