// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_rwlock_clockwrlock() and pthread_rwlock_clockrdlock()
 * (POSIX.1-2024): like the timed variants with the timeout measured on
 * clock_id (CLOCK_REALTIME and CLOCK_MONOTONIC supported, [EINVAL]
 * otherwise). While another thread holds a read lock, clockwrlock with
 * a CLOCK_MONOTONIC deadline 200 ms ahead (a REALTIME time decades
 * past) gives ETIMEDOUT no earlier than it on CLOCK_MONOTONIC, and a
 * CPU-time clock EINVAL; clockrdlock beside it succeeds whatever the
 * deadline. While another thread holds the write lock, clockrdlock
 * with a CLOCK_REALTIME deadline 200 ms ahead gives ETIMEDOUT no
 * earlier than it, a MONOTONIC deadline already passed ETIMEDOUT, and
 * once the writer unlocks a clockrdlock with a distant deadline
 * returns 0.
 */
#include <pthread.h>

#include "pts_helpers.h"

static pthread_rwlock_t l;
static volatile int held, release;

static void *holder(void *arg)
{
	if (arg ? pthread_rwlock_wrlock(&l) : pthread_rwlock_rdlock(&l))
		return (void *)1;
	held = 1;
	pts_wait_flag(&release, "the release");
	pthread_rwlock_unlock(&l);
	return NULL;
}

static void timed_out(int wr, clockid_t clk, const char *what)
{
	struct timespec ts;
	long long t0, t1;
	int e;

	t0 = pts_now(clk);
	ts = pts_ns_ts(t0 + 200000000LL);
	e = wr ? pthread_rwlock_clockwrlock(&l, clk, &ts) :
		 pthread_rwlock_clockrdlock(&l, clk, &ts);
	t1 = pts_now(clk);
	if (e != ETIMEDOUT)
		PTS_FAILED("%s: returned %d, expected ETIMEDOUT", what, e);
	if (t1 < pts_ts_ns(&ts))
		PTS_FAILED("%s: ETIMEDOUT %lld ns before the deadline on the given clock",
			   what, pts_ts_ns(&ts) - t1);
}

static void start(pthread_t *t, int wr)
{
	held = release = 0;
	pthread_create(t, NULL, holder, wr ? (void *)1 : NULL);
	pts_wait_flag(&held, "the holder");
}

int main(void)
{
	struct timespec ts;
	pthread_t t;
	int e;

	pthread_rwlock_init(&l, NULL);
	start(&t, 0);
	timed_out(1, CLOCK_MONOTONIC, "clockwrlock MONOTONIC behind a reader");
	ts = pts_deadline(CLOCK_MONOTONIC, 3600 * PTS_NSEC);
	e = pthread_rwlock_clockwrlock(&l, CLOCK_PROCESS_CPUTIME_ID, &ts);
	if (e != EINVAL)
		PTS_FAILED("clockwrlock CLOCK_PROCESS_CPUTIME_ID: %d, expected EINVAL", e);
	ts = pts_deadline(CLOCK_MONOTONIC, -PTS_NSEC);
	e = pthread_rwlock_clockrdlock(&l, CLOCK_MONOTONIC, &ts);
	if (e)
		PTS_FAILED("clockrdlock beside a reader (deadline passed): %d", e);
	pthread_rwlock_unlock(&l);
	release = 1;
	pthread_join(t, NULL);

	start(&t, 1);
	timed_out(0, CLOCK_REALTIME, "clockrdlock REALTIME behind a writer");
	ts = pts_deadline(CLOCK_MONOTONIC, -PTS_NSEC);
	e = pthread_rwlock_clockrdlock(&l, CLOCK_MONOTONIC, &ts);
	if (e != ETIMEDOUT)
		PTS_FAILED("clockrdlock, passed MONOTONIC deadline: %d", e);
	release = 1;
	ts = pts_deadline(CLOCK_MONOTONIC, 3600 * PTS_NSEC);
	e = pthread_rwlock_clockrdlock(&l, CLOCK_MONOTONIC, &ts);
	if (e)
		PTS_FAILED("clockrdlock after the writer's unlock: %d", e);
	pthread_rwlock_unlock(&l);
	pthread_join(t, NULL);
	PTS_PASSED("timeouts on the given clock for both; EINVAL for a CPU-time clock");
}
