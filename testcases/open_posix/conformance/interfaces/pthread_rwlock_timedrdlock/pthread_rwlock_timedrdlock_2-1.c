// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_rwlock_timedrdlock(): "If a signal that causes a signal
 * handler to be executed is delivered to a thread blocked on a
 * read-write lock via a call to pthread_rwlock_timedrdlock(), upon
 * return from the signal handler the thread shall resume waiting for
 * the lock as if it was not interrupted"; no [EINTR]. A reader blocked
 * behind main's write lock, with a deadline an hour ahead on
 * CLOCK_REALTIME, takes three caught signals (no SA_RESTART), sleeping
 * again in the futex call after each; when main unlocks it returns 0
 * holding a read lock (main's trywrlock then [EBUSY], its tryrdlock 0).
 */
#include "pts_no_eintr.h"

static pthread_rwlock_t l;
static volatile int tid, got, res = -1, release;

static void *reader(void *arg)
{
	struct timespec ts = pts_deadline(CLOCK_REALTIME, 3600 * PTS_NSEC);

	(void)arg;
	tid = pts_gettid();
	res = pthread_rwlock_timedrdlock(&l, &ts);
	got = 1;
	if (!res) {
		pts_wait_flag(&release, "main's check");
		pthread_rwlock_unlock(&l);
	}
	return NULL;
}

int main(void)
{
	pthread_t t;
	int e;

	pts_ne_install();
	pthread_rwlock_init(&l, NULL);
	if (pthread_rwlock_wrlock(&l))
		PTS_UNRES("main's write lock");
	pthread_create(&t, NULL, reader, NULL);
	pts_ne_interrupt(t, &tid, 3, &got, "pthread_rwlock_timedrdlock()");
	pthread_rwlock_unlock(&l);
	pts_wait_flag(&got, "the reader");
	if (res)
		PTS_FAILED("the timed read lock returned %d (%s)", res,
			   strerrorname_np(res));
	e = pthread_rwlock_trywrlock(&l);
	if (e != EBUSY)
		PTS_FAILED("trywrlock while the reader holds it: %d", e);
	e = pthread_rwlock_tryrdlock(&l);
	if (e)
		PTS_FAILED("tryrdlock beside the reader: %d", e);
	pthread_rwlock_unlock(&l);
	release = 1;
	pthread_join(t, NULL);
	if (pts_ne_handled != 3)
		PTS_FAILED("%d signals handled", pts_ne_handled);
	PTS_PASSED("the timed reader resumed after each signal, 0 at the unlock");
}
