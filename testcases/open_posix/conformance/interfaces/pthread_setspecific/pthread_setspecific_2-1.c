// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Destructors see the value bound last: at thread exit "if a key value
 * has a non-NULL destructor pointer, and the thread has a non-NULL
 * value associated with that key, the value of the key is set to NULL,
 * and then the function pointed to is called with the previously
 * associated value as its sole argument". A thread binds A then B to
 * key 1 (the destructor gets B, once), binds C to key 2 and then NULL
 * (no call for key 2), and binds D to key 3 with no destructor (nothing
 * to call); inside the destructor the thread's own value for key 1
 * already reads NULL. Each of three threads does so with values of its
 * own, and each destructor call runs in its thread with its value.
 */
#include <pthread.h>

#include "pts_helpers.h"

#define NT 3

static pthread_key_t k1, k2, k3;
static int vals[NT][4];
static volatile int calls1, calls2, bad;
static __thread int me = -1;

static void d1(void *v)
{
	__atomic_add_fetch(&calls1, 1, __ATOMIC_SEQ_CST);
	if (me < 0 || v != &vals[me][1])
		bad = 1;	/* not the last value, or not this thread's */
	if (pthread_getspecific(k1))
		bad = 2;	/* the key should read NULL here */
}

static void d2(void *v)
{
	(void)v;
	__atomic_add_fetch(&calls2, 1, __ATOMIC_SEQ_CST);
}

static void *thr(void *arg)
{
	int i = (int)(long)arg;

	me = i;
	pthread_setspecific(k1, &vals[i][0]);
	pthread_setspecific(k1, &vals[i][1]);
	pthread_setspecific(k2, &vals[i][2]);
	pthread_setspecific(k2, NULL);
	pthread_setspecific(k3, &vals[i][3]);
	if (pthread_getspecific(k1) != &vals[i][1] || pthread_getspecific(k2) ||
	    pthread_getspecific(k3) != &vals[i][3])
		bad = 3;
	return NULL;
}

int main(void)
{
	pthread_t t[NT];
	long i;

	if (pthread_key_create(&k1, d1) || pthread_key_create(&k2, d2) ||
	    pthread_key_create(&k3, NULL))
		PTS_UNRES("pthread_key_create()");
	for (i = 0; i < NT; i++)
		pthread_create(&t[i], NULL, thr, (void *)i);
	for (i = 0; i < NT; i++)
		pthread_join(t[i], NULL);
	if (bad == 3)
		PTS_FAILED("getspecific() did not return the last value set");
	if (bad == 1)
		PTS_FAILED("a destructor got another value than the thread's last");
	if (bad == 2)
		PTS_FAILED("the key did not read NULL inside its destructor");
	if (calls1 != NT)
		PTS_FAILED("key 1's destructor ran %d times for %d threads", calls1, NT);
	if (calls2)
		PTS_FAILED("key 2's destructor ran %d times for a value reset to NULL",
			   calls2);
	PTS_PASSED("destructors get each thread's last value, none for NULL");
}
