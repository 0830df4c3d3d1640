// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_exit(): "Any cancellation cleanup handlers that have been
 * pushed and not yet popped shall be popped in the reverse order that
 * they were pushed and then executed. After all cancellation cleanup
 * handlers have been executed, if the thread has any non-NULL
 * thread-specific data values, the appropriate destructor functions
 * shall be called". Order recorded: cleanup 3, 2, 1, then the destructor
 * with the thread's value.
 */
#include <pthread.h>

#include "pts_helpers.h"

static char order[8];
static int n;
static pthread_key_t key;
static void *dval;

static void cleanup(void *arg)
{
	order[n++] = (char)(long)arg;
}

static void dtor(void *v)
{
	dval = v;
	order[n++] = 'd';
}

static void *thread(void *arg)
{
	pthread_setspecific(key, arg);
	pthread_cleanup_push(cleanup, (void *)'1');
	pthread_cleanup_push(cleanup, (void *)'2');
	pthread_cleanup_push(cleanup, (void *)'3');
	pthread_exit(NULL);
	pthread_cleanup_pop(0);
	pthread_cleanup_pop(0);
	pthread_cleanup_pop(0);
	return NULL;
}

int main(void)
{
	static int val;
	pthread_t t;

	if (pthread_key_create(&key, dtor))
		PTS_UNRES("pthread_key_create() failed");
	pthread_create(&t, NULL, thread, &val);
	pthread_join(t, NULL);
	if (strcmp(order, "321d"))
		PTS_FAILED("order of exit actions \"%s\", expected \"321d\"", order);
	if (dval != &val)
		PTS_FAILED("the destructor got %p, not the thread's value", dval);
	PTS_PASSED("cleanup handlers in reverse order, then the destructor");
}
