// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_setcancelstate()/pthread_setcanceltype(): "The cancelability
 * state and type of any newly created threads, including the thread in
 * which main() was first invoked, shall be PTHREAD_CANCEL_ENABLE and
 * PTHREAD_CANCEL_DEFERRED respectively." Each call stores the previous
 * value in *oldstate / *oldtype. [EINVAL] for a value that is not a
 * valid state or type, and the setting is left as it was.
 */
#include <pthread.h>

#include "pts_helpers.h"

static void check_thread(const char *who)
{
	int old;

	if (pthread_setcancelstate(PTHREAD_CANCEL_DISABLE, &old))
		PTS_FAILED("%s: setcancelstate(DISABLE) failed", who);
	if (old != PTHREAD_CANCEL_ENABLE)
		PTS_FAILED("%s: initial state %d, expected PTHREAD_CANCEL_ENABLE",
			   who, old);
	if (pthread_setcanceltype(PTHREAD_CANCEL_ASYNCHRONOUS, &old))
		PTS_FAILED("%s: setcanceltype(ASYNCHRONOUS) failed", who);
	if (old != PTHREAD_CANCEL_DEFERRED)
		PTS_FAILED("%s: initial type %d, expected PTHREAD_CANCEL_DEFERRED",
			   who, old);
	PTS_EXPECT_ERR(pthread_setcancelstate(12345, &old), EINVAL,
		       "setcancelstate(12345)");
	PTS_EXPECT_ERR(pthread_setcanceltype(12345, &old), EINVAL,
		       "setcanceltype(12345)");
	if (pthread_setcanceltype(PTHREAD_CANCEL_DEFERRED, &old) ||
	    old != PTHREAD_CANCEL_ASYNCHRONOUS)
		PTS_FAILED("%s: type after EINVAL was %d, expected ASYNCHRONOUS",
			   who, old);
	if (pthread_setcancelstate(PTHREAD_CANCEL_ENABLE, &old) ||
	    old != PTHREAD_CANCEL_DISABLE)
		PTS_FAILED("%s: state after EINVAL was %d, expected DISABLE",
			   who, old);
	if (pthread_setcancelstate(PTHREAD_CANCEL_ENABLE, &old) ||
	    old != PTHREAD_CANCEL_ENABLE)
		PTS_FAILED("%s: state read back %d, expected ENABLE", who, old);
	printf("%s: ENABLE/DEFERRED initially, old values returned, EINVAL\n",
	       who);
}

static void *thread(void *arg)
{
	(void)arg;
	check_thread("new thread");
	return NULL;
}

int main(void)
{
	pthread_t t;

	check_thread("main");
	pthread_create(&t, NULL, thread, NULL);
	pthread_join(t, NULL);
	PTS_PASSED("defaults, old values and EINVAL");
}
