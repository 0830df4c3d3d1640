// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_cond_timedwait(): an error is returned "if the absolute time
 * specified by abstime has already been passed at the time of the call",
 * and [ETIMEDOUT] is the error; as for every return, the mutex is then
 * locked and owned by the caller. With an ERRORCHECK mutex (so that
 * ownership can be read back: the first unlock returns 0, a second
 * [EPERM]) and deadlines of 0 (the epoch), one second ago and now, on a
 * CLOCK_REALTIME and on a CLOCK_MONOTONIC condition variable: each call
 * returns [ETIMEDOUT] and leaves main the owner; no waiting happens
 * (the whole run takes less than the multiplier-scaled bound).
 */
#include <pthread.h>

#include "pts_helpers.h"

static void run(clockid_t clk, const char *name)
{
	pthread_mutexattr_t ma;
	pthread_condattr_t ca;
	pthread_mutex_t m;
	pthread_cond_t c;
	struct timespec dl[3];
	int i, err;

	pthread_mutexattr_init(&ma);
	pthread_mutexattr_settype(&ma, PTHREAD_MUTEX_ERRORCHECK);
	pthread_mutex_init(&m, &ma);
	pthread_condattr_init(&ca);
	if (pthread_condattr_setclock(&ca, clk))
		PTS_UNSUPP("clock %s for condition variables", name);
	pthread_cond_init(&c, &ca);

	dl[0].tv_sec = 0;
	dl[0].tv_nsec = 0;
	dl[1] = pts_ns_ts(pts_now(clk) - PTS_NSEC);
	dl[2] = pts_ns_ts(pts_now(clk));
	for (i = 0; i < 3; i++) {
		pthread_mutex_lock(&m);
		err = pthread_cond_timedwait(&c, &m, &dl[i]);
		if (err != ETIMEDOUT)
			PTS_FAILED("%s: deadline %lld.%09ld passed: returned %s, expected ETIMEDOUT",
				   name, (long long)dl[i].tv_sec, dl[i].tv_nsec,
				   err ? strerrorname_np(err) : "0");
		err = pthread_mutex_unlock(&m);
		if (err)
			PTS_FAILED("%s: after ETIMEDOUT the caller did not own the mutex (unlock: %s)",
				   name, strerrorname_np(err));
		PTS_EXPECT_ERR(pthread_mutex_unlock(&m), EPERM,
			       "a second unlock");
	}
	pthread_cond_destroy(&c);
	pthread_mutex_destroy(&m);
	printf("%s: ETIMEDOUT at once for 3 passed deadlines, mutex owned\n",
	       name);
}

int main(void)
{
	long long t0 = pts_now(CLOCK_MONOTONIC);

	run(CLOCK_REALTIME, "CLOCK_REALTIME");
	run(CLOCK_MONOTONIC, "CLOCK_MONOTONIC");
	if (pts_now(CLOCK_MONOTONIC) - t0 > pts_bound_ns(10))
		PTS_FAILED("the calls with passed deadlines waited");
	PTS_PASSED("passed deadlines: ETIMEDOUT with the mutex owned");
}
