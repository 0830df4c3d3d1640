// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_rwlock_clockwrlock() and pthread_rwlock_clockrdlock() and
 * signals: as for the timed variants, a thread blocked on the lock
 * resumes waiting after a caught signal's handler returns, and "shall
 * not return an error code of [EINTR]". A writer blocked behind main's
 * read lock in clockwrlock() on CLOCK_MONOTONIC, and a reader blocked
 * behind main's write lock in clockrdlock() on CLOCK_MONOTONIC (both
 * deadlines an hour ahead), each take three caught signals (no
 * SA_RESTART), sleep again in the futex call after each, and return 0
 * holding the lock once main unlocks.
 */
#include "pts_no_eintr.h"

static pthread_rwlock_t l;
static volatile int tid, got;

static void *locker(void *arg)
{
	struct timespec ts = pts_deadline(CLOCK_MONOTONIC, 3600 * PTS_NSEC);
	long r;

	tid = pts_gettid();
	r = arg ? pthread_rwlock_clockwrlock(&l, CLOCK_MONOTONIC, &ts) :
		  pthread_rwlock_clockrdlock(&l, CLOCK_MONOTONIC, &ts);
	got = 1;
	if (!r)
		pthread_rwlock_unlock(&l);
	return (void *)r;
}

static void run(int wr)
{
	const char *what = wr ? "pthread_rwlock_clockwrlock()" :
				"pthread_rwlock_clockrdlock()";
	pthread_t t;
	void *v;

	if (wr ? pthread_rwlock_rdlock(&l) : pthread_rwlock_wrlock(&l))
		PTS_UNRES("main's lock");
	tid = got = pts_ne_handled = 0;
	pthread_create(&t, NULL, locker, wr ? (void *)1 : NULL);
	pts_ne_interrupt(t, &tid, 3, &got, what);
	pthread_rwlock_unlock(&l);
	pthread_join(t, &v);
	if (v)
		PTS_FAILED("%s returned %ld (%s)", what, (long)v,
			   strerrorname_np((long)v));
	if (pts_ne_handled != 3)
		PTS_FAILED("%s: %d signals handled", what, pts_ne_handled);
}

int main(void)
{
	pts_ne_install();
	pthread_rwlock_init(&l, NULL);
	run(1);
	run(0);
	PTS_PASSED("both clocked lock calls resumed after each signal, 0 at the unlock");
}
