// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_cleanup_pop(execute): removes the handler most recently pushed
 * and runs it only when execute is non-zero. Handlers still pushed when
 * the thread calls pthread_exit() (here from a function nested below the
 * pushes) run in reverse order of pushing, with their own arguments;
 * popped ones do not run again.
 */
#include <pthread.h>

#include "pts_helpers.h"

static char order[16];
static int n;

static void handler(void *arg)
{
	if (n < (int)sizeof(order) - 1)
		order[n++] = *(char *)arg;
}

static void nested_exit(void)
{
	pthread_exit(NULL);
}

static void *thread(void *arg)
{
	static char a = 'a', b = 'b', c = 'c', d = 'd', e = 'e';

	(void)arg;
	pthread_cleanup_push(handler, &a);
	pthread_cleanup_push(handler, &b);
	pthread_cleanup_push(handler, &c);
	pthread_cleanup_pop(1);		/* runs c */
	pthread_cleanup_push(handler, &d);
	pthread_cleanup_pop(0);		/* d removed, not run */
	pthread_cleanup_push(handler, &e);
	nested_exit();			/* e, b, a */
	pthread_cleanup_pop(0);
	pthread_cleanup_pop(0);
	pthread_cleanup_pop(0);
	return NULL;
}

int main(void)
{
	pthread_t t;

	pthread_create(&t, NULL, thread, NULL);
	pthread_join(t, NULL);
	printf("handlers ran: \"%s\"\n", order);
	if (strcmp(order, "ceba"))
		PTS_FAILED("handlers ran as \"%s\", expected \"ceba\"", order);
	PTS_PASSED("pop(1) runs, pop(0) does not, pthread_exit() runs the rest in reverse");
}
