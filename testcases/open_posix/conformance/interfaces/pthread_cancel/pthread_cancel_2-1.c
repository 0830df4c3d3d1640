// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_cancel() with PTHREAD_CANCEL_ASYNCHRONOUS: the thread can be
 * cancelled at any time, also while it spins without calling any
 * cancellation point; it joins with PTHREAD_CANCELED. Cancelling a
 * thread that has already terminated (joinable, not yet joined) returns
 * 0 or ESRCH and the join still gives its own return value.
 */
#include <pthread.h>

#include "pts_helpers.h"

static volatile int spinning;

static void *spinner(void *arg)
{
	int old;

	(void)arg;
	pthread_setcanceltype(PTHREAD_CANCEL_ASYNCHRONOUS, &old);
	for (;;)
		spinning = 1;
	return NULL;
}

static void *quick(void *arg)
{
	return arg;
}

int main(void)
{
	long long end;
	pthread_t t;
	void *v;
	int err;

	pthread_create(&t, NULL, spinner, NULL);
	end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(10);
	while (!spinning && pts_now(CLOCK_MONOTONIC) < end)
		sched_yield();
	if (pthread_cancel(t))
		PTS_FAILED("pthread_cancel() failed");
	pthread_join(t, &v);
	if (v != PTHREAD_CANCELED)
		PTS_FAILED("asynchronous cancel did not stop the spinning thread");
	pthread_create(&t, NULL, quick, (void *)&end);
	pts_nap();
	/* terminated but not joined: the ID is still valid */
	err = pthread_cancel(t);
	if (err && err != ESRCH)
		PTS_FAILED("cancel of a finished thread returned %d", err);
	pthread_join(t, &v);
	if (v != (void *)&end && v != PTHREAD_CANCELED)
		PTS_FAILED("join of the finished thread returned %p", v);
	PTS_PASSED("asynchronous cancel stopped a spinning thread");
}
