// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_setcanceltype(PTHREAD_CANCEL_ASYNCHRONOUS): a thread of that
 * type may be cancelled at any time, with no cancellation point; while
 * its cancelability state is DISABLE a request stays pending and the
 * thread runs on; once it enables it again (pthread_setcancelstate() is
 * async-cancel-safe) the pending request acts at once, in a loop that
 * makes no call: the thread never leaves the loop. The old type
 * (DEFERRED) is returned; an unknown type fails with [EINVAL] (the type
 * kept: the cancellation is still asynchronous).
 */
#include <pthread.h>

#include "pts_helpers.h"

static volatile int state, go, left;
static volatile unsigned long spins;

static void *thread(void *arg)
{
	int old, err;

	(void)arg;
	if (pthread_setcanceltype(PTHREAD_CANCEL_ASYNCHRONOUS, &old) ||
	    old != PTHREAD_CANCEL_DEFERRED) {
		__atomic_store_n(&state, 3, __ATOMIC_RELEASE);
		return (void *)1;
	}
	err = pthread_setcanceltype(99, &old);	/* old: unspecified */
	if (err != EINVAL) {
		__atomic_store_n(&state, 3, __ATOMIC_RELEASE);
		return (void *)2;
	}
	pthread_setcancelstate(PTHREAD_CANCEL_DISABLE, &old);
	__atomic_store_n(&state, 1, __ATOMIC_RELEASE);
	while (!go)
		spins++;		/* the request pends: runs on */
	__atomic_store_n(&state, 2, __ATOMIC_RELEASE);
	pthread_setcancelstate(PTHREAD_CANCEL_ENABLE, &old);
	for (;;)
		if (go == 2)		/* no call: only async cancel ends it */
			break;
	left = 1;
	return NULL;
}

int main(void)
{
	struct timespec dl;
	unsigned long s0;
	long long end;
	pthread_t t;
	void *v;

	if (pthread_create(&t, NULL, thread, NULL))
		PTS_UNRES("pthread_create() failed");
	pts_wait_flag(&state, "the thread");
	if (state == 3) {
		pthread_join(t, &v);
		PTS_FAILED("setcanceltype(): %s", v == (void *)1 ?
			   "ASYNCHRONOUS refused or old type not DEFERRED" :
			   "EINVAL not returned for type 99");
	}
	if (pthread_cancel(t))
		PTS_FAILED("pthread_cancel() failed");
	/* it goes on spinning while disabled: the count keeps growing */
	s0 = spins;
	end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(30);
	while (spins < s0 + 100000 && state == 1) {
		if (pts_now(CLOCK_MONOTONIC) > end)
			PTS_UNRES("the thread does not spin");
		sched_yield();
	}
	if (state != 1)
		PTS_FAILED("a disabled thread left its loop (state %d)", state);
	go = 1;
	dl = pts_deadline(CLOCK_REALTIME, pts_bound_ns(10));
	if (pthread_timedjoin_np(t, &v, &dl) == ETIMEDOUT) {
		go = 2;		/* let it out */
		pthread_join(t, &v);
	}
	if (v != PTHREAD_CANCELED || left)
		PTS_FAILED("not cancelled once enabled (left the loop: %d)", left);
	PTS_PASSED("asynchronous cancel held while disabled, acting at once when enabled");
}
