// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_rwlock_timedwrlock(): "Under no circumstances shall the
 * function fail with a timeout if the lock can be acquired immediately."
 * On a free lock, with deadlines already passed (the epoch, one second
 * ago on CLOCK_REALTIME), the call returns 0 and the caller holds the
 * write lock: another thread's tryrdlock and trywrlock fail with
 * [EBUSY]; after the unlock they succeed. The same after the lock was
 * read-locked and released by another thread.
 */
#include <pthread.h>

#include "pts_blocked.h"

static pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;

static void *tryboth(void *arg)
{
	int err = pthread_rwlock_tryrdlock(&rw);

	(void)arg;
	if (!err) {
		pthread_rwlock_unlock(&rw);
		return NULL;
	}
	if (err != EBUSY)
		return (void *)(long)err;
	err = pthread_rwlock_trywrlock(&rw);
	if (!err)
		pthread_rwlock_unlock(&rw);
	return (void *)(long)(err == EBUSY ? 1 : -err);
}

static void *reader(void *arg)
{
	(void)arg;
	if (pthread_rwlock_rdlock(&rw) || pthread_rwlock_unlock(&rw))
		return (void *)1L;
	return NULL;
}

static long other(void *(*fn)(void *))
{
	pthread_t t;

	pthread_create(&t, NULL, fn, NULL);
	return pts_join_long(t);
}

static void check(const struct timespec *dl, const char *name)
{
	int err = pthread_rwlock_timedwrlock(&rw, dl);
	long r;

	if (err)
		PTS_FAILED("%s: timedwrlock of a free lock returned %s", name,
			   strerrorname_np(err));
	r = other(tryboth);
	if (r != 1)
		PTS_FAILED("%s: while held, another thread's trylocks gave %ld (1: both EBUSY)",
			   name, r);
	if (pthread_rwlock_unlock(&rw))
		PTS_FAILED("%s: unlock failed", name);
	r = other(tryboth);
	if (r)
		PTS_FAILED("%s: after the unlock another thread's tryrdlock gave %ld",
			   name, r);
}

int main(void)
{
	struct timespec epoch = { 0, 0 };
	struct timespec ago = pts_ns_ts(pts_now(CLOCK_REALTIME) - PTS_NSEC);

	check(&epoch, "deadline at the epoch");
	check(&ago, "deadline a second ago");
	if (other(reader))
		PTS_UNRES("another thread's read lock failed");
	check(&ago, "after another thread's read lock and unlock");
	PTS_PASSED("a free lock is taken despite passed deadlines");
}
