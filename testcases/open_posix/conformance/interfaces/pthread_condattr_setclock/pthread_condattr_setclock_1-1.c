// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_condattr_setclock(): the clock of a condition variable is the
 * one its pthread_cond_timedwait() deadline is measured on. With
 * CLOCK_MONOTONIC, a deadline 200 ms ahead on CLOCK_MONOTONIC is waited
 * for (ETIMEDOUT, not before it on that clock) even though the same
 * value lies decades in the past on CLOCK_REALTIME; with the default
 * CLOCK_REALTIME that value has passed and the wait ends at once with
 * ETIMEDOUT. getclock reads the clock back; a CPU-time clock is
 * refused with [EINVAL].
 */
#include <pthread.h>

#include "pts_helpers.h"

#define WAIT_NS 200000000LL

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

int main(void)
{
	pthread_condattr_t a;
	pthread_cond_t mono, real;
	struct timespec dl;
	long long t0, t1;
	clockid_t c;
	int err;

	if (pts_now(CLOCK_REALTIME) - pts_now(CLOCK_MONOTONIC) < 10 * PTS_NSEC)
		PTS_UNRES("CLOCK_REALTIME is not far ahead of CLOCK_MONOTONIC");
	pthread_condattr_init(&a);
	pthread_condattr_getclock(&a, &c);
	if (c != CLOCK_REALTIME)
		PTS_FAILED("default clock %d, expected CLOCK_REALTIME", (int)c);
	err = pthread_condattr_setclock(&a, CLOCK_PROCESS_CPUTIME_ID);
	if (err != EINVAL)
		PTS_FAILED("setclock(CLOCK_PROCESS_CPUTIME_ID) returned %d, expected EINVAL",
			   err);
	pthread_cond_init(&real, &a);
	if (pthread_condattr_setclock(&a, CLOCK_MONOTONIC))
		PTS_FAILED("setclock(CLOCK_MONOTONIC) failed");
	pthread_condattr_getclock(&a, &c);
	if (c != CLOCK_MONOTONIC)
		PTS_FAILED("read back clock %d, expected CLOCK_MONOTONIC", (int)c);
	pthread_cond_init(&mono, &a);

	pthread_mutex_lock(&m);
	dl = pts_deadline(CLOCK_MONOTONIC, WAIT_NS);
	do
		err = pthread_cond_timedwait(&mono, &m, &dl);
	while (!err);		/* a spurious wakeup waits on */
	t1 = pts_now(CLOCK_MONOTONIC);
	if (err != ETIMEDOUT)
		PTS_FAILED("MONOTONIC wait returned %d, expected ETIMEDOUT", err);
	if (t1 < pts_ts_ns(&dl))
		PTS_FAILED("MONOTONIC wait ended %lld ns before its deadline",
			   pts_ts_ns(&dl) - t1);

	dl = pts_deadline(CLOCK_MONOTONIC, pts_bound_ns(20));
	t0 = pts_now(CLOCK_MONOTONIC);
	err = pthread_cond_timedwait(&real, &m, &dl);
	t1 = pts_now(CLOCK_MONOTONIC);
	if (err != ETIMEDOUT)
		PTS_FAILED("REALTIME wait on a monotonic-clock value returned %d",
			   err);
	if (t1 - t0 >= pts_bound_ns(20))
		PTS_FAILED("the REALTIME condition waited on the monotonic value");
	pthread_mutex_unlock(&m);
	PTS_PASSED("deadline on the attribute's clock");
}
