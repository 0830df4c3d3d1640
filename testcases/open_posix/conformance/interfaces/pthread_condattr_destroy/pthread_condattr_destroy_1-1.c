// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_condattr_destroy() "shall destroy a condition variable
 * attributes object" (0 returned); "A destroyed attr attributes object
 * can be reinitialized using pthread_condattr_init()": after SHARED and
 * CLOCK_MONOTONIC were set and the object destroyed, the re-initialised
 * one reads PRIVATE and REALTIME. A condition variable made from the
 * first object keeps its MONOTONIC clock after the destroy: a deadline
 * of MONOTONIC now + 200 ms makes its wait last at least 200 ms on
 * CLOCK_MONOTONIC (as a REALTIME reading it would be long past).
 */
#include <pthread.h>

#include "pts_j19.h"

int main(void)
{
	pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
	pthread_condattr_t a;
	pthread_cond_t c;
	struct timespec ts;
	int psh = -1, e;
	clockid_t clk = -1;
	long long t;

	pthread_condattr_init(&a);
	pthread_condattr_setpshared(&a, PTHREAD_PROCESS_SHARED);
	pthread_condattr_setclock(&a, CLOCK_MONOTONIC);
	if (pthread_cond_init(&c, &a))
		PTS_UNRES("pthread_cond_init()");
	PTS_EXPECT_ERR(pthread_condattr_destroy(&a), 0, "pthread_condattr_destroy()");
	PTS_EXPECT_ERR(pthread_condattr_init(&a), 0, "pthread_condattr_init() again");
	pthread_condattr_getpshared(&a, &psh);
	pthread_condattr_getclock(&a, &clk);
	if (psh != PTHREAD_PROCESS_PRIVATE || clk != CLOCK_REALTIME)
		PTS_FAILED("re-initialised object reads pshared %d clock %d",
			   psh, (int)clk);
	PTS_EXPECT_ERR(pthread_condattr_destroy(&a), 0, "pthread_condattr_destroy()");

	pthread_mutex_lock(&m);
	ts = pts_deadline(CLOCK_MONOTONIC, 200000000);
	do
		e = pthread_cond_timedwait(&c, &m, &ts);
	while (!e);
	t = pts_now(CLOCK_MONOTONIC);
	pthread_mutex_unlock(&m);
	if (e != ETIMEDOUT)
		PTS_FAILED("the timed wait returned %d", e);
	if (t < pts_ts_ns(&ts))
		PTS_FAILED("ETIMEDOUT %lld ns before the MONOTONIC deadline: the clock was lost",
			   pts_ts_ns(&ts) - t);
	PTS_PASSED("destroy 0, re-initialised to PRIVATE/REALTIME; the condvar kept MONOTONIC");
}
