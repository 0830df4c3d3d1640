// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_rwlock_trywrlock(): applies a write lock only if no thread
 * holds the lock for reading or writing: [EBUSY] at once while another
 * thread holds a read lock or the write lock, and while a writer of
 * another thread is blocked waiting behind a reader (it does not jump
 * ahead: still EBUSY); 0 once the lock is free, after which the
 * caller's own trywrlock and tryrdlock fail ([EBUSY] or [EDEADLK]).
 */
#include <pthread.h>

#include "pts_helpers.h"

static pthread_rwlock_t l = PTHREAD_RWLOCK_INITIALIZER;
static volatile int held, release, wtid;

static void *holder(void *arg)
{
	int r = (long)arg ? pthread_rwlock_wrlock(&l) :
		pthread_rwlock_rdlock(&l);

	if (r)
		return (void *)1;
	__atomic_store_n(&held, 1, __ATOMIC_RELEASE);
	pts_wait_flag(&release, "release");
	pthread_rwlock_unlock(&l);
	return NULL;
}

static void *writer(void *arg)
{
	(void)arg;
	wtid = pts_gettid();
	if (pthread_rwlock_wrlock(&l))
		return (void *)1;
	pthread_rwlock_unlock(&l);
	return NULL;
}

int main(void)
{
	pthread_t t, w;
	long i;
	int err;

	for (i = 0; i < 2; i++) {
		held = release = 0;
		pthread_create(&t, NULL, holder, (void *)i);
		pts_wait_flag(&held, "the holder");
		err = pthread_rwlock_trywrlock(&l);
		if (err != EBUSY)
			PTS_FAILED("trywrlock against a %s lock returned %d, expected EBUSY",
				   i ? "write" : "read", err);
		if (!i) {
			wtid = 0;
			pthread_create(&w, NULL, writer, NULL);
			pts_wait_flag(&wtid, "the writer");
			pts_wait_in_syscall(wtid, SYS_futex);
			err = pthread_rwlock_trywrlock(&l);
			if (err != EBUSY)
				PTS_FAILED("trywrlock with a writer queued returned %d",
					   err);
		}
		release = 1;
		pthread_join(t, NULL);
		if (!i)
			pthread_join(w, NULL);
	}
	if (pthread_rwlock_trywrlock(&l))
		PTS_FAILED("trywrlock of a free lock failed");
	err = pthread_rwlock_trywrlock(&l);
	if (err != EBUSY && err != EDEADLK)
		PTS_FAILED("own trywrlock while writing returned %d", err);
	err = pthread_rwlock_tryrdlock(&l);
	if (err != EBUSY && err != EDEADLK)
		PTS_FAILED("own tryrdlock while writing returned %d", err);
	pthread_rwlock_unlock(&l);
	PTS_PASSED("EBUSY against readers, writers and a queued writer; free lock taken");
}
