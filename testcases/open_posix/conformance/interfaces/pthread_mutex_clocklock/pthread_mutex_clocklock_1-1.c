// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_mutex_clocklock() (POSIX.1-2024): like
 * pthread_mutex_timedlock() with the timeout measured on clock_id
 * (CLOCK_REALTIME and CLOCK_MONOTONIC supported, [EINVAL] for a
 * clock_id that is not, when the call would block). With the mutex
 * held by another thread: a CLOCK_MONOTONIC deadline 200 ms ahead (a
 * REALTIME time decades past) gives ETIMEDOUT no earlier than it on
 * CLOCK_MONOTONIC; a CLOCK_REALTIME one likewise on CLOCK_REALTIME; a
 * CPU-time clock gives EINVAL; a MONOTONIC deadline already passed
 * ETIMEDOUT at once. Once the holder unlocks, a clocklock with a
 * distant deadline returns 0 owning the mutex; a free mutex is taken
 * even with a deadline already passed. For NORMAL and ERRORCHECK
 * mutexes.
 */
#include <pthread.h>

#include "pts_helpers.h"

static pthread_mutex_t m;
static volatile int held, release;

static void *holder(void *arg)
{
	(void)arg;
	pthread_mutex_lock(&m);
	held = 1;
	pts_wait_flag(&release, "the release");
	pthread_mutex_unlock(&m);
	return NULL;
}

static void timed_out(clockid_t clk, const char *what)
{
	struct timespec ts;
	long long t0, t1;
	int e;

	t0 = pts_now(clk);
	ts = pts_ns_ts(t0 + 200000000LL);
	e = pthread_mutex_clocklock(&m, clk, &ts);
	t1 = pts_now(clk);
	if (e != ETIMEDOUT)
		PTS_FAILED("%s: returned %d, expected ETIMEDOUT", what, e);
	if (t1 < pts_ts_ns(&ts))
		PTS_FAILED("%s: ETIMEDOUT %lld ns before the deadline on the given clock",
			   what, pts_ts_ns(&ts) - t1);
}

static void run(int type)
{
	pthread_mutexattr_t a;
	struct timespec ts;
	pthread_t t;
	int e;

	held = release = 0;
	pthread_mutexattr_init(&a);
	pthread_mutexattr_settype(&a, type);
	pthread_mutex_init(&m, &a);
	pthread_mutexattr_destroy(&a);

	ts = pts_deadline(CLOCK_MONOTONIC, -PTS_NSEC);
	e = pthread_mutex_clocklock(&m, CLOCK_MONOTONIC, &ts);
	if (e)
		PTS_FAILED("type %d: a free mutex with a passed deadline: %d", type, e);
	pthread_mutex_unlock(&m);

	pthread_create(&t, NULL, holder, NULL);
	pts_wait_flag(&held, "the holder");
	timed_out(CLOCK_MONOTONIC, "MONOTONIC");
	timed_out(CLOCK_REALTIME, "REALTIME");
	ts = pts_deadline(CLOCK_MONOTONIC, 3600 * PTS_NSEC);
	e = pthread_mutex_clocklock(&m, CLOCK_PROCESS_CPUTIME_ID, &ts);
	if (e != EINVAL)
		PTS_FAILED("type %d: CLOCK_PROCESS_CPUTIME_ID: %d, expected EINVAL",
			   type, e);
	ts = pts_deadline(CLOCK_MONOTONIC, -PTS_NSEC);
	e = pthread_mutex_clocklock(&m, CLOCK_MONOTONIC, &ts);
	if (e != ETIMEDOUT)
		PTS_FAILED("type %d: passed MONOTONIC deadline: %d", type, e);
	release = 1;
	ts = pts_deadline(CLOCK_MONOTONIC, 3600 * PTS_NSEC);
	e = pthread_mutex_clocklock(&m, CLOCK_MONOTONIC, &ts);
	if (e)
		PTS_FAILED("type %d: clocklock after the release: %d", type, e);
	if (pthread_mutex_unlock(&m))
		PTS_FAILED("type %d: not the owner after clocklock", type);
	pthread_join(t, NULL);
	pthread_mutex_destroy(&m);
}

int main(void)
{
	run(PTHREAD_MUTEX_NORMAL);
	run(PTHREAD_MUTEX_ERRORCHECK);
	PTS_PASSED("timeouts on the given clock; EINVAL for a CPU-time clock");
}
