// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_key_delete() may be called from within a destructor, and
 * invokes no destructor; a destructor of the deleted key that has not
 * yet run for the exiting thread shall not run at all. A thread sets
 * values for two keys; whichever destructor runs first deletes the other
 * key (returning 0): exactly one destructor runs, with its own value,
 * and none at the delete itself (whichever order the C library takes
 * the keys in).
 */
#include <pthread.h>

#include "pts_helpers.h"

static pthread_key_t k[2];
static int ran[2], del_ret[2] = { -1, -1 }, bad_value;

static void dtor(void *v)
{
	int i = (int)((long)v & 1);

	ran[i]++;
	if ((long)v >> 1 != 21)
		bad_value = 1;
	del_ret[i] = pthread_key_delete(k[!i]);
}

static void *thread(void *arg)
{
	(void)arg;
	if (pthread_setspecific(k[0], (void *)((21L << 1) | 0)) ||
	    pthread_setspecific(k[1], (void *)((21L << 1) | 1)))
		return (void *)1L;
	return NULL;
}

int main(void)
{
	pthread_t t;
	void *r;
	int i;

	if (pthread_key_create(&k[0], dtor) || pthread_key_create(&k[1], dtor))
		PTS_UNRES("pthread_key_create()");
	if (pthread_create(&t, NULL, thread, NULL) || pthread_join(t, &r) || r)
		PTS_UNRES("thread");
	if (ran[0] + ran[1] != 1)
		PTS_FAILED("%d destructor calls (key 0: %d, key 1: %d); the deleted key's ran too",
			   ran[0] + ran[1], ran[0], ran[1]);
	i = ran[1];
	if (del_ret[i])
		PTS_FAILED("pthread_key_delete() inside the destructor returned %d",
			   del_ret[i]);
	if (bad_value)
		PTS_FAILED("a destructor got another value than its own");
	printf("key %d's destructor ran and deleted key %d\n", i, !i);
	PTS_PASSED("pthread_key_delete() in a destructor: the deleted key's destructor never ran");
}
