// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_condattr_init() "shall initialize a condition variable
 * attributes object attr with the default value for all of the
 * attributes" and returns 0: initialised over 0xff bytes it reads
 * pshared PTHREAD_PROCESS_PRIVATE and clock CLOCK_REALTIME (POSIX's
 * defaults). A condition variable made from it times out on
 * CLOCK_REALTIME: a wait with a deadline 200 ms ahead on REALTIME
 * returns ETIMEDOUT, not before that deadline, owning the mutex.
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

	memset(&a, 0xff, sizeof(a));
	PTS_EXPECT_ERR(pthread_condattr_init(&a), 0, "pthread_condattr_init()");
	if (pthread_condattr_getpshared(&a, &psh) ||
	    pthread_condattr_getclock(&a, &clk))
		PTS_FAILED("a getter failed on an initialised object");
	if (psh != PTHREAD_PROCESS_PRIVATE)
		PTS_FAILED("default pshared %d", psh);
	if (clk != CLOCK_REALTIME)
		PTS_FAILED("default clock %d", (int)clk);
	if (pthread_cond_init(&c, &a))
		PTS_UNRES("pthread_cond_init()");
	pthread_mutex_lock(&m);
	ts = pts_deadline(CLOCK_REALTIME, 200000000);
	do
		e = pthread_cond_timedwait(&c, &m, &ts);
	while (!e);
	t = pts_now(CLOCK_REALTIME);
	if (e != ETIMEDOUT)
		PTS_FAILED("the timed wait returned %d", e);
	if (t < pts_ts_ns(&ts))
		PTS_FAILED("ETIMEDOUT %lld ns before the REALTIME deadline",
			   pts_ts_ns(&ts) - t);
	if (pthread_mutex_trylock(&m) != EBUSY)
		PTS_FAILED("the mutex was not held after ETIMEDOUT");
	pthread_mutex_unlock(&m);
	PTS_PASSED("PRIVATE and REALTIME; the wait timed out on REALTIME");
}
