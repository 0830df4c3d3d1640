// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_rwlock_timedwrlock()/timedrdlock(): when the lock cannot be
 * acquired before the absolute CLOCK_REALTIME timeout, the call fails
 * with ETIMEDOUT no earlier than the timeout (writer vs a reader, and a
 * reader and a writer vs a writer); [EINVAL] for tv_nsec out of range
 * when it would block; and a lock that is free is taken even with a
 * deadline in the past. A writer that already holds the lock and asks
 * again gets EDEADLK (glibc detects it).
 */
#include <pthread.h>

#include "pts_helpers.h"

static pthread_rwlock_t l = PTHREAD_RWLOCK_INITIALIZER;
static int want_write;
static long nsec = -2;

static void *timed(void *arg)
{
	struct timespec dl;
	long long *out = arg;

	if (nsec == -2)
		dl = pts_deadline(CLOCK_REALTIME, 100000000);
	else {
		dl.tv_sec = 0;
		dl.tv_nsec = nsec;
	}
	out[0] = want_write ? pthread_rwlock_timedwrlock(&l, &dl) :
			      pthread_rwlock_timedrdlock(&l, &dl);
	out[1] = pts_now(CLOCK_REALTIME) - pts_ts_ns(&dl);
	if (!out[0])
		pthread_rwlock_unlock(&l);
	return NULL;
}

static void run(int w, long long *out)
{
	pthread_t t;

	want_write = w;
	pthread_create(&t, NULL, timed, out);
	pthread_join(t, NULL);
}

int main(void)
{
	struct timespec past = { 1, 0 };
	long long out[2];

	pthread_rwlock_rdlock(&l);
	run(1, out);
	if (out[0] != ETIMEDOUT || out[1] < 0)
		PTS_FAILED("writer vs reader: %lld, %lld ns after the deadline",
			   out[0], out[1]);
	nsec = 1000000000;
	run(1, out);
	if (out[0] != EINVAL)
		PTS_FAILED("timedwrlock(tv_nsec 1e9) returned %lld", out[0]);
	nsec = -2;
	pthread_rwlock_unlock(&l);
	pthread_rwlock_wrlock(&l);
	run(0, out);
	if (out[0] != ETIMEDOUT || out[1] < 0)
		PTS_FAILED("reader vs writer: %lld, %lld ns after the deadline",
			   out[0], out[1]);
	run(1, out);
	if (out[0] != ETIMEDOUT || out[1] < 0)
		PTS_FAILED("writer vs writer: %lld, %lld ns after the deadline",
			   out[0], out[1]);
	PTS_EXPECT_ERR(pthread_rwlock_timedwrlock(&l, &past), EDEADLK,
		       "timedwrlock by the holding writer");
	pthread_rwlock_unlock(&l);
	PTS_EXPECT_ERR(pthread_rwlock_timedwrlock(&l, &past), 0,
		       "free lock, past deadline");
	pthread_rwlock_unlock(&l);
	PTS_PASSED("ETIMEDOUT after the deadline, EINVAL, EDEADLK");
}
