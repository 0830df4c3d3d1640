// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_rwlock_timedrdlock(): when the lock can be taken at once the
 * timeout does not matter: with other readers holding it, a deadline
 * already passed (and one with an invalid tv_nsec, "the validity of
 * abstime need not be checked") still gives the read lock (0). Blocked
 * behind a writer, the reader returns 0 holding the lock as soon as the
 * writer unlocks, well before its deadline; behind a writer that keeps
 * it, ETIMEDOUT no earlier than the deadline.
 */
#include <pthread.h>

#include "pts_helpers.h"

static pthread_rwlock_t l = PTHREAD_RWLOCK_INITIALIZER;
static volatile int rtid;

static void *reader(void *arg)
{
	struct timespec dl = pts_deadline(CLOCK_REALTIME, *(long long *)arg);
	long err;

	rtid = pts_gettid();
	err = pthread_rwlock_timedrdlock(&l, &dl);
	if (!err) {
		if (pthread_rwlock_trywrlock(&l) != EBUSY)
			err = -1;
		pthread_rwlock_unlock(&l);
	} else if (err == ETIMEDOUT &&
		   pts_now(CLOCK_REALTIME) < pts_ts_ns(&dl)) {
		err = -2;
	}
	return (void *)err;
}

int main(void)
{
	struct timespec past = { 1, 0 }, bad = { 0, -5 };
	long long wait = pts_bound_ns(30), shortw = 150000000;
	pthread_t t;
	void *v;
	int err;

	pthread_rwlock_rdlock(&l);
	err = pthread_rwlock_timedrdlock(&l, &past);
	if (err)
		PTS_FAILED("with only readers, a past deadline returned %d", err);
	pthread_rwlock_unlock(&l);
	err = pthread_rwlock_timedrdlock(&l, &bad);
	if (err && err != EINVAL)
		PTS_FAILED("with only readers, tv_nsec -5 returned %d", err);
	if (!err)
		pthread_rwlock_unlock(&l);
	else
		printf("tv_nsec -5 checked although the lock was free (allowed)\n");
	pthread_rwlock_unlock(&l);

	pthread_rwlock_wrlock(&l);
	pthread_create(&t, NULL, reader, &wait);
	pts_wait_flag(&rtid, "the reader");
	pts_wait_in_syscall(rtid, SYS_futex);
	pthread_rwlock_unlock(&l);
	pthread_join(t, &v);
	if (v)
		PTS_FAILED("reader woken by the unlock returned %ld", (long)v);

	rtid = 0;
	pthread_rwlock_wrlock(&l);
	pthread_create(&t, NULL, reader, &shortw);
	pthread_join(t, &v);
	pthread_rwlock_unlock(&l);
	if ((long)v == -2)
		PTS_FAILED("ETIMEDOUT before the deadline");
	if ((long)v != ETIMEDOUT)
		PTS_FAILED("behind a held write lock: %ld, expected ETIMEDOUT",
			   (long)v);
	PTS_PASSED("free lock taken regardless of the deadline; woken; ETIMEDOUT");
}
