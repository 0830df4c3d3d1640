// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_cond_clockwait() (POSIX.1-2024): like pthread_cond_timedwait()
 * but the absolute timeout is measured on the clock given by clock_id,
 * whatever the condition variable's clock attribute; CLOCK_REALTIME and
 * CLOCK_MONOTONIC shall be supported, and [EINVAL] is returned for a
 * clock_id that is not. On a condition variable of the default clock
 * (REALTIME): a CLOCK_MONOTONIC deadline 200 ms ahead (a REALTIME time
 * decades past) is waited for, ETIMEDOUT no earlier than it on
 * CLOCK_MONOTONIC, mutex held; on a MONOTONIC condition variable a
 * CLOCK_REALTIME deadline 200 ms ahead likewise; a CPU-time clock and
 * an unknown id give EINVAL at once with the mutex still held; a
 * signal from another thread ends a wait with 0 before its deadline.
 */
#include <pthread.h>

#include "pts_helpers.h"

static pthread_mutex_t m;
static pthread_cond_t c;
static volatile int tid, go;

static void waited(clockid_t clk, const char *what)
{
	struct timespec ts;
	long long t0, t1;
	int e;

	t0 = pts_now(clk);
	ts = pts_ns_ts(t0 + 200000000LL);
	e = pthread_cond_clockwait(&c, &m, clk, &ts);
	t1 = pts_now(clk);
	printf("%s: %s after %lld ms\n", what, e ? strerrorname_np(e) : "0",
	       (t1 - t0) / 1000000);
	if (e != ETIMEDOUT)
		PTS_FAILED("%s: returned %d, expected ETIMEDOUT", what, e);
	if (t1 < pts_ts_ns(&ts))
		PTS_FAILED("%s: ETIMEDOUT %lld ns before the deadline on the given clock",
			   what, pts_ts_ns(&ts) - t1);
	if (pthread_mutex_unlock(&m))
		PTS_FAILED("%s: mutex not owned after ETIMEDOUT", what);
	pthread_mutex_lock(&m);
}

static void *signaller(void *arg)
{
	(void)arg;
	pts_wait_flag(&tid, "the waiter");
	pts_wait_in_syscall(tid, SYS_futex);
	pthread_mutex_lock(&m);
	go = 1;
	pthread_cond_signal(&c);
	pthread_mutex_unlock(&m);
	return NULL;
}

int main(void)
{
	pthread_mutexattr_t ma;
	pthread_condattr_t ca;
	struct timespec ts;
	pthread_t t;
	long long t0;
	int e;

	pthread_mutexattr_init(&ma);
	pthread_mutexattr_settype(&ma, PTHREAD_MUTEX_ERRORCHECK);
	pthread_mutex_init(&m, &ma);
	pthread_cond_init(&c, NULL);
	pthread_mutex_lock(&m);
	waited(CLOCK_MONOTONIC, "REALTIME condvar, MONOTONIC deadline");

	ts = pts_deadline(CLOCK_MONOTONIC, 3600 * PTS_NSEC);
	e = pthread_cond_clockwait(&c, &m, CLOCK_PROCESS_CPUTIME_ID, &ts);
	if (e != EINVAL)
		PTS_FAILED("CLOCK_PROCESS_CPUTIME_ID: %d, expected EINVAL", e);
	e = pthread_cond_clockwait(&c, &m, (clockid_t)100, &ts);
	if (e != EINVAL)
		PTS_FAILED("clock 100: %d, expected EINVAL", e);
	if (pthread_mutex_unlock(&m))
		PTS_FAILED("mutex not owned after EINVAL");
	pthread_mutex_lock(&m);

	pthread_create(&t, NULL, signaller, NULL);
	tid = pts_gettid();
	ts = pts_deadline(CLOCK_MONOTONIC, 3600 * PTS_NSEC);
	t0 = pts_now(CLOCK_MONOTONIC);
	while (!go) {
		e = pthread_cond_clockwait(&c, &m, CLOCK_MONOTONIC, &ts);
		if (e)
			PTS_FAILED("signalled wait returned %d", e);
	}
	printf("signalled after %lld ms\n", (pts_now(CLOCK_MONOTONIC) - t0) / 1000000);
	pthread_mutex_unlock(&m);
	pthread_join(t, NULL);
	pthread_cond_destroy(&c);

	pthread_condattr_init(&ca);
	pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
	pthread_cond_init(&c, &ca);
	pthread_mutex_lock(&m);
	waited(CLOCK_REALTIME, "MONOTONIC condvar, REALTIME deadline");
	pthread_mutex_unlock(&m);
	PTS_PASSED("the deadline is on the clock given, not the attribute's; EINVAL for other clocks");
}
