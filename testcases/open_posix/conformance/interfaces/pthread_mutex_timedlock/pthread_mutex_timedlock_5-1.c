// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_mutex_timedlock(): "If a signal is delivered to a thread
 * waiting for a mutex, upon return from the signal handler the thread
 * shall resume waiting for the mutex as if it was not interrupted", and
 * it "shall not return an error code of [EINTR]". A thread blocked in
 * pthread_mutex_timedlock() with a deadline an hour ahead takes three
 * caught signals (no SA_RESTART), each only once it sleeps again in the
 * futex call; it returns only when main unlocks, with 0 (not EINTR,
 * not ETIMEDOUT) owning the mutex. For a PTHREAD_PRIO_NONE and a
 * PTHREAD_PRIO_INHERIT mutex (the kernel's timed FUTEX_LOCK_PI, whose
 * interrupted wait must be resumed with the same absolute deadline).
 */
#include "pts_no_eintr.h"

static pthread_mutex_t m;
static volatile int tid, got;

static void *waiter(void *arg)
{
	struct timespec ts = pts_deadline(CLOCK_REALTIME, 3600 * PTS_NSEC);
	long r;

	(void)arg;
	tid = pts_gettid();
	r = pthread_mutex_timedlock(&m, &ts);
	got = 1;
	if (!r && pthread_mutex_unlock(&m))
		r = -1;
	return (void *)r;
}

static void run(int proto)
{
	pthread_mutexattr_t a;
	pthread_t t;
	void *v;

	pthread_mutexattr_init(&a);
	if (pthread_mutexattr_setprotocol(&a, proto))
		PTS_UNSUPP("protocol %d not supported", proto);
	pthread_mutexattr_settype(&a, PTHREAD_MUTEX_ERRORCHECK);
	pthread_mutex_init(&m, &a);
	pthread_mutexattr_destroy(&a);
	pthread_mutex_lock(&m);
	tid = pts_ne_handled = got = 0;
	pthread_create(&t, NULL, waiter, NULL);
	pts_ne_interrupt(t, &tid, 3, &got, proto == PTHREAD_PRIO_NONE ?
			 "pthread_mutex_timedlock() (PRIO_NONE)" :
			 "pthread_mutex_timedlock() (PRIO_INHERIT)");
	pthread_mutex_unlock(&m);
	pthread_join(t, &v);
	if (v)
		PTS_FAILED("protocol %d: the timed lock returned %ld (%s)", proto,
			   (long)v, (long)v > 0 ? strerrorname_np((long)v) : "not owner");
	if (pts_ne_handled != 3)
		PTS_FAILED("protocol %d: %d signals handled", proto, pts_ne_handled);
	pthread_mutex_destroy(&m);
}

int main(void)
{
	pts_ne_install();
	run(PTHREAD_PRIO_NONE);
	run(PTHREAD_PRIO_INHERIT);
	PTS_PASSED("the timed wait resumed after each signal, 0 at the unlock");
}
