// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_condattr_setclock(): the clock is fixed when the condition
 * variable is initialised ("After a condition variable attributes
 * object has been used to initialize one or more condition variables,
 * any function affecting the attributes object (including destruction)
 * shall not affect any previously initialized condition variables").
 * A condition variable made with CLOCK_MONOTONIC keeps measuring its
 * timeouts on CLOCK_MONOTONIC after the attribute is switched to
 * CLOCK_REALTIME and destroyed: a deadline 300 ms ahead on
 * CLOCK_MONOTONIC (a time decades past on CLOCK_REALTIME) is waited for
 * (ETIMEDOUT no earlier than it, the mutex held again), while a
 * condition variable made from the changed attribute (REALTIME) times
 * out on the same value at once.
 */
#include <pthread.h>

#include "pts_helpers.h"

int main(void)
{
	pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
	pthread_condattr_t a;
	pthread_cond_t mono, real;
	struct timespec ts;
	long long t0, t1;
	clockid_t clk;
	int e;

	pthread_condattr_init(&a);
	if (pthread_condattr_setclock(&a, CLOCK_MONOTONIC))
		PTS_UNRES("setclock(MONOTONIC)");
	pthread_cond_init(&mono, &a);
	pthread_condattr_setclock(&a, CLOCK_REALTIME);
	pthread_cond_init(&real, &a);
	pthread_condattr_getclock(&a, &clk);
	if (clk != CLOCK_REALTIME)
		PTS_UNRES("the attribute did not switch to REALTIME");
	pthread_condattr_destroy(&a);

	pthread_mutex_lock(&m);
	t0 = pts_now(CLOCK_MONOTONIC);
	ts = pts_ns_ts(t0 + 300000000LL);
	e = pthread_cond_timedwait(&mono, &m, &ts);
	t1 = pts_now(CLOCK_MONOTONIC);
	printf("MONOTONIC condition variable: %s after %lld ms\n",
	       e ? strerrorname_np(e) : "0", (t1 - t0) / 1000000);
	if (e != ETIMEDOUT)
		PTS_FAILED("timed wait returned %d, expected ETIMEDOUT", e);
	if (t1 < pts_ts_ns(&ts))
		PTS_FAILED("ETIMEDOUT %lld ns before the MONOTONIC deadline: the condition variable changed clock",
			   pts_ts_ns(&ts) - t1);
	if (pthread_mutex_trylock(&m) != EBUSY)
		PTS_FAILED("the mutex not held after ETIMEDOUT");

	ts = pts_ns_ts(pts_now(CLOCK_MONOTONIC) + 3600 * PTS_NSEC);
	t0 = pts_now(CLOCK_MONOTONIC);
	e = pthread_cond_timedwait(&real, &m, &ts);
	t1 = pts_now(CLOCK_MONOTONIC);
	if (e != ETIMEDOUT)
		PTS_FAILED("REALTIME condition variable, past deadline: %d", e);
	if (t1 - t0 > pts_bound_ns(30))
		PTS_FAILED("REALTIME condition variable waited on a deadline long past");
	pthread_mutex_unlock(&m);
	PTS_PASSED("the clock is the one of initialisation, whatever the attribute becomes");
}
