// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_mutex_timedlock(): when the mutex cannot be locked the wait
 * ends when the absolute timeout on CLOCK_REALTIME passes, with
 * ETIMEDOUT, not before; [EINVAL] for a tv_nsec outside [0, 1e9) when the
 * mutex is held; "under no circumstance shall the function fail with a
 * timeout if the mutex can be locked immediately": a free mutex is
 * taken even with a deadline in the past or an invalid timespec.
 */
#include <pthread.h>

#include "pts_helpers.h"

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int kind;

static void *waiter(void *arg)
{
	struct timespec ts;
	long long *out = arg;

	(void)arg;
	if (kind == 0) {
		ts = pts_deadline(CLOCK_REALTIME, 100000000);
		out[0] = pthread_mutex_timedlock(&m, &ts);
		out[1] = pts_now(CLOCK_REALTIME) - pts_ts_ns(&ts);
	} else {
		ts.tv_sec = 0;
		ts.tv_nsec = kind == 1 ? 1000000000 : -1;
		out[0] = pthread_mutex_timedlock(&m, &ts);
	}
	return NULL;
}

static void probe(long long *out)
{
	pthread_t t;

	pthread_create(&t, NULL, waiter, out);
	pthread_join(t, NULL);
}

int main(void)
{
	struct timespec past = { 1, 0 }, bad = { 0, 1000000000 };
	long long out[2];

	pthread_mutex_lock(&m);
	kind = 0;
	probe(out);
	if (out[0] != ETIMEDOUT)
		PTS_FAILED("timedlock of a held mutex returned %lld", out[0]);
	if (out[1] < 0)
		PTS_FAILED("timed out %lld ns before the deadline", -out[1]);
	kind = 1;
	probe(out);
	if (out[0] != EINVAL)
		PTS_FAILED("tv_nsec 1e9 returned %lld, expected EINVAL", out[0]);
	kind = 2;
	probe(out);
	if (out[0] != EINVAL)
		PTS_FAILED("tv_nsec -1 returned %lld, expected EINVAL", out[0]);
	pthread_mutex_unlock(&m);
	PTS_EXPECT_ERR(pthread_mutex_timedlock(&m, &past), 0,
		       "timedlock of a free mutex, past deadline");
	pthread_mutex_unlock(&m);
	PTS_EXPECT_ERR(pthread_mutex_timedlock(&m, &bad), 0,
		       "timedlock of a free mutex, bad timespec");
	pthread_mutex_unlock(&m);
	PTS_PASSED("ETIMEDOUT after the deadline, EINVAL, free mutex taken");
}
