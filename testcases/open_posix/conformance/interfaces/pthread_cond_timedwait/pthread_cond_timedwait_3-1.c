// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Condition variable attributes and timeouts: a new condattr has the
 * clock CLOCK_REALTIME and PTHREAD_PROCESS_PRIVATE; setclock refuses a
 * clock that is not a valid clock for it with EINVAL (a thread CPU-time
 * clock, an unknown id), the clock kept. pthread_cond_timedwait() with
 * an abstime already past, on a REALTIME and on a MONOTONIC condition
 * variable (also the time 0), returns ETIMEDOUT without blocking and
 * "shall" return with the mutex locked by the caller: another thread's
 * trylock gets EBUSY, and the caller's unlock of its ERRORCHECK mutex
 * succeeds.
 */
#include <pthread.h>

#include "pts_helpers.h"

static pthread_mutex_t m;

static void *try(void *arg)
{
	(void)arg;
	return (void *)(long)pthread_mutex_trylock(&m);
}

static void past_wait(pthread_cond_t *c, struct timespec ts, const char *what)
{
	pthread_t t;
	void *v;
	int err;

	pthread_mutex_lock(&m);
	err = pthread_cond_timedwait(c, &m, &ts);
	if (err != ETIMEDOUT)
		PTS_FAILED("%s: past deadline returned %d, expected ETIMEDOUT",
			   what, err);
	pthread_create(&t, NULL, try, NULL);
	pthread_join(t, &v);
	if ((long)v != EBUSY)
		PTS_FAILED("%s: the mutex was not held after ETIMEDOUT (trylock %ld)",
			   what, (long)v);
	if (pthread_mutex_unlock(&m))
		PTS_FAILED("%s: the caller did not own the mutex after ETIMEDOUT",
			   what);
}

int main(void)
{
	pthread_condattr_t ca;
	pthread_mutexattr_t ma;
	pthread_cond_t rt, mono;
	clockid_t clk;
	int ps;

	pthread_condattr_init(&ca);
	pthread_condattr_getclock(&ca, &clk);
	if (clk != CLOCK_REALTIME)
		PTS_FAILED("a new condattr's clock is %d, expected CLOCK_REALTIME",
			   (int)clk);
	pthread_condattr_getpshared(&ca, &ps);
	if (ps != PTHREAD_PROCESS_PRIVATE)
		PTS_FAILED("a new condattr's pshared is %d, expected PRIVATE", ps);
	PTS_EXPECT_ERR(pthread_condattr_setclock(&ca, CLOCK_THREAD_CPUTIME_ID),
		       EINVAL, "setclock(CLOCK_THREAD_CPUTIME_ID)");
	PTS_EXPECT_ERR(pthread_condattr_setclock(&ca, (clockid_t)12345), EINVAL,
		       "setclock(12345)");
	PTS_EXPECT_ERR(pthread_condattr_setpshared(&ca, 12345), EINVAL,
		       "setpshared(12345)");
	pthread_condattr_getclock(&ca, &clk);
	if (clk != CLOCK_REALTIME)
		PTS_FAILED("clock changed to %d by a refused setclock", (int)clk);
	pthread_cond_init(&rt, &ca);
	if (pthread_condattr_setclock(&ca, CLOCK_MONOTONIC))
		PTS_UNSUPP("CLOCK_MONOTONIC refused for condition variables");
	pthread_cond_init(&mono, &ca);

	pthread_mutexattr_init(&ma);
	pthread_mutexattr_settype(&ma, PTHREAD_MUTEX_ERRORCHECK);
	pthread_mutex_init(&m, &ma);

	past_wait(&rt,
		  pts_ns_ts(pts_now(CLOCK_REALTIME) - PTS_NSEC), "REALTIME, 1 s ago");
	past_wait(&rt, pts_ns_ts(0), "REALTIME, time 0");
	past_wait(&mono,
		  pts_ns_ts(pts_now(CLOCK_MONOTONIC) - 1), "MONOTONIC, 1 ns ago");
	past_wait(&mono, pts_ns_ts(0), "MONOTONIC, time 0");
	PTS_PASSED("condattr defaults, EINVAL, past deadlines ETIMEDOUT with the mutex held");
}
