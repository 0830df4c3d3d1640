// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_testcancel(): creates a cancellation point in a thread that
 * makes no blocking call. With no request pending it returns and the
 * thread goes on; with a request pending and cancelability enabled the
 * thread is cancelled inside it: the code after it never runs, the
 * cleanup handlers run, and the join reports PTHREAD_CANCELED.
 */
#include <pthread.h>

#include "pts_helpers.h"

static volatile int stage, cleaned, requested;

static void cleanup(void *arg)
{
	(void)arg;
	cleaned = 1;
}

static void *thread(void *arg)
{
	int old;

	(void)arg;
	pthread_cleanup_push(cleanup, NULL);
	pthread_testcancel();		/* nothing pending: returns */
	/* the wait sleeps in nanosleep(), a cancellation point itself */
	pthread_setcancelstate(PTHREAD_CANCEL_DISABLE, &old);
	stage = 1;
	pts_wait_flag(&requested, "the request");
	pthread_setcancelstate(PTHREAD_CANCEL_ENABLE, &old);
	stage = 2;
	pthread_testcancel();		/* acts here */
	stage = 3;
	pthread_cleanup_pop(0);
	return NULL;
}

int main(void)
{
	pthread_t t;
	void *v;

	if (pthread_create(&t, NULL, thread, NULL))
		PTS_UNRES("pthread_create() failed");
	while (stage < 1)
		pts_nap();
	if (pthread_cancel(t))
		PTS_FAILED("pthread_cancel() failed");
	requested = 1;
	pthread_join(t, &v);
	if (v != PTHREAD_CANCELED)
		PTS_FAILED("the thread returned (stage %d)", stage);
	if (stage != 2)
		PTS_FAILED("cancelled at stage %d, expected in the second pthread_testcancel()",
			   stage);
	if (!cleaned)
		PTS_FAILED("the cleanup handler did not run");
	PTS_PASSED("no effect without a request; cancelled inside it with one");
}
