// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_rwlock_timedwrlock(): "If a signal that causes a signal
 * handler to be executed is delivered to a thread blocked on a
 * read-write lock via a call to pthread_rwlock_timedwrlock(), upon
 * return from the signal handler the thread shall resume waiting for
 * the lock as if it was not interrupted"; no [EINTR]. A writer blocked
 * behind two read locks main holds, with a deadline an hour ahead,
 * takes three caught signals (no SA_RESTART), sleeping again in the
 * futex call after each; it stays blocked after main releases one read
 * lock and returns 0 owning the lock (another thread's tryrdlock
 * [EBUSY]) once the last one is released, long before the deadline.
 */
#include "pts_no_eintr.h"

static pthread_rwlock_t l;
static volatile int tid, got, res = -1, release;

static void *writer(void *arg)
{
	struct timespec ts = pts_deadline(CLOCK_REALTIME, 3600 * PTS_NSEC);

	(void)arg;
	tid = pts_gettid();
	res = pthread_rwlock_timedwrlock(&l, &ts);
	got = 1;
	if (!res) {
		pts_wait_flag(&release, "main's check");
		pthread_rwlock_unlock(&l);
	}
	return NULL;
}

static void *try_read(void *arg)
{
	(void)arg;
	return (void *)(long)pthread_rwlock_tryrdlock(&l);
}

int main(void)
{
	pthread_t t, t2;
	void *r;

	pts_ne_install();
	pthread_rwlock_init(&l, NULL);
	if (pthread_rwlock_rdlock(&l) || pthread_rwlock_rdlock(&l))
		PTS_UNRES("main's read locks");
	pthread_create(&t, NULL, writer, NULL);
	pts_ne_interrupt(t, &tid, 3, &got, "pthread_rwlock_timedwrlock()");
	pthread_rwlock_unlock(&l);
	pts_wait_in_syscall(tid, SYS_futex);
	if (got)
		PTS_FAILED("the writer got in with a read lock still held (%d)", res);
	pthread_rwlock_unlock(&l);
	pts_wait_flag(&got, "the writer");
	if (res)
		PTS_FAILED("the timed write lock returned %d (%s)", res,
			   strerrorname_np(res));
	pthread_create(&t2, NULL, try_read, NULL);
	pthread_join(t2, &r);
	if ((long)r != EBUSY)
		PTS_FAILED("tryrdlock while the writer holds it: %ld", (long)r);
	release = 1;
	pthread_join(t, NULL);
	if (pts_ne_handled != 3)
		PTS_FAILED("%d signals handled", pts_ne_handled);
	PTS_PASSED("the timed writer resumed after each signal, 0 at the last unlock");
}
