// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_mutex_clocklock() and signals: as for the other mutex lock
 * functions, a thread waiting for the mutex resumes waiting after a
 * caught signal's handler returns, and the call "shall not return an
 * error code of [EINTR]". A thread blocked in pthread_mutex_clocklock()
 * on CLOCK_MONOTONIC (deadline an hour ahead) takes three caught
 * signals (no SA_RESTART), sleeping again in the futex call after each,
 * and returns 0 owning the mutex when main unlocks: for a plain mutex
 * and a PTHREAD_PRIO_INHERIT one (on recent kernels a MONOTONIC
 * deadline for a PI mutex takes FUTEX_LOCK_PI2, whose interrupted wait
 * must be resumed), and also on CLOCK_REALTIME for the PI one.
 */
#include "pts_no_eintr.h"

static pthread_mutex_t m;
static volatile int tid, got;
static clockid_t clk;

static void *waiter(void *arg)
{
	struct timespec ts = pts_deadline(clk, 3600 * PTS_NSEC);
	long r;

	(void)arg;
	tid = pts_gettid();
	r = pthread_mutex_clocklock(&m, clk, &ts);
	got = 1;
	if (!r && pthread_mutex_unlock(&m))
		r = -1;
	return (void *)r;
}

static void run(int proto, clockid_t ck)
{
	pthread_mutexattr_t a;
	pthread_t t;
	void *v;

	clk = ck;
	pthread_mutexattr_init(&a);
	if (pthread_mutexattr_setprotocol(&a, proto))
		PTS_UNSUPP("protocol %d not supported", proto);
	pthread_mutexattr_settype(&a, PTHREAD_MUTEX_ERRORCHECK);
	pthread_mutex_init(&m, &a);
	pthread_mutexattr_destroy(&a);
	pthread_mutex_lock(&m);
	tid = pts_ne_handled = got = 0;
	pthread_create(&t, NULL, waiter, NULL);
	pts_ne_interrupt(t, &tid, 3, &got, "pthread_mutex_clocklock()");
	pthread_mutex_unlock(&m);
	pthread_join(t, &v);
	if (v)
		PTS_FAILED("protocol %d clock %d: returned %ld (%s)", proto, (int)ck,
			   (long)v, (long)v > 0 ? strerrorname_np((long)v) : "not owner");
	if (pts_ne_handled != 3)
		PTS_FAILED("protocol %d clock %d: %d signals handled", proto, (int)ck,
			   pts_ne_handled);
	pthread_mutex_destroy(&m);
}

int main(void)
{
	pts_ne_install();
	run(PTHREAD_PRIO_NONE, CLOCK_MONOTONIC);
	run(PTHREAD_PRIO_INHERIT, CLOCK_MONOTONIC);
	run(PTHREAD_PRIO_INHERIT, CLOCK_REALTIME);
	PTS_PASSED("the clocked wait resumed after each signal, 0 at the unlock");
}
