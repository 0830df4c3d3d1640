// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Thread-specific data at thread exit (pthread_key_create(), applied by
 * pthread_exit() and by a return from the start routine): before a
 * destructor is called the thread's value for the key is set to NULL
 * (pthread_getspecific() inside the destructor reads NULL) and the old
 * value is the argument; if a destructor stores a new non-NULL value,
 * the process is repeated, so a destructor that sets a value once runs
 * exactly twice. A destructor that always sets a value again is called
 * at most PTHREAD_DESTRUCTOR_ITERATIONS times or forever: how many
 * times is left to the implementation and is only printed.
 */
#include <limits.h>
#include <pthread.h>

#include "pts_helpers.h"

static pthread_key_t once_key, always_key;
static int once_calls, always_calls, bad_arg, not_null;
static char v1, v2;

static void once_dtor(void *v)
{
	if (pthread_getspecific(once_key))
		not_null++;
	if (v != (once_calls ? (void *)&v2 : (void *)&v1))
		bad_arg++;
	if (!once_calls++)
		pthread_setspecific(once_key, &v2);
}

static void always_dtor(void *v)
{
	(void)v;
	if (pthread_getspecific(always_key))
		not_null++;
	always_calls++;
	if (always_calls < 1000)
		pthread_setspecific(always_key, &v1);
}

static void *by_return(void *arg)
{
	pthread_setspecific(once_key, &v1);
	return arg;
}

static void *by_exit(void *arg)
{
	pthread_setspecific(once_key, &v1);
	pthread_setspecific(always_key, &v1);
	pthread_exit(arg);
}

int main(void)
{
	pthread_t t;

	if (pthread_key_create(&once_key, once_dtor) ||
	    pthread_key_create(&always_key, always_dtor))
		PTS_UNRES("pthread_key_create() failed");
	pthread_create(&t, NULL, by_return, NULL);
	pthread_join(t, NULL);
	if (once_calls != 2)
		PTS_FAILED("after a return: destructor setting a value once ran %d times, expected 2",
			   once_calls);
	once_calls = 0;
	pthread_create(&t, NULL, by_exit, NULL);
	pthread_join(t, NULL);
	if (once_calls != 2)
		PTS_FAILED("after pthread_exit(): destructor setting a value once ran %d times, expected 2",
			   once_calls);
	if (not_null)
		PTS_FAILED("the key's value was not NULL inside the destructor (%d times)",
			   not_null);
	if (bad_arg)
		PTS_FAILED("a destructor got a value other than the thread's (%d times)",
			   bad_arg);
	printf("destructor re-armed each time: %d calls (PTHREAD_DESTRUCTOR_ITERATIONS %d, implementation-defined)\n",
	       always_calls, PTHREAD_DESTRUCTOR_ITERATIONS);
	if (always_calls < 2)
		PTS_FAILED("a destructor that stored a value again was not called again");
	PTS_PASSED("value NULL in the destructor, one repetition per new value");
}
