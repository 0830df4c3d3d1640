// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_rwlock_init() initialises a read-write lock unlocked, with the
 * default attributes for a NULL attr, an initialised default attr, and
 * PTHREAD_RWLOCK_INITIALIZER alike: each can be read-locked by two
 * threads at once, refuses a writer (trywrlock [EBUSY]) while read-held,
 * and a writer blocked in the kernel is woken by the last unlock. The
 * memory holding garbage before the call does not matter, and a
 * destroyed lock can be initialised again.
 */
#include <pthread.h>

#include "pts_helpers.h"

static pthread_rwlock_t *cur;
static volatile int rd_ok, wr_tid, wr_done;

static void *reader(void *arg)
{
	(void)arg;
	rd_ok = pthread_rwlock_tryrdlock(cur) == 0;
	if (rd_ok)
		pthread_rwlock_unlock(cur);
	return NULL;
}

static void *writer(void *arg)
{
	(void)arg;
	__atomic_store_n(&wr_tid, pts_gettid(), __ATOMIC_RELEASE);
	if (pthread_rwlock_wrlock(cur))
		return NULL;
	__atomic_store_n(&wr_done, 1, __ATOMIC_RELEASE);
	pthread_rwlock_unlock(cur);
	return NULL;
}

static void check(pthread_rwlock_t *l, const char *what)
{
	pthread_t t;
	int err;

	cur = l;
	rd_ok = wr_done = 0;
	wr_tid = 0;
	err = pthread_rwlock_trywrlock(l);
	if (err)
		PTS_FAILED("%s: not unlocked after init (trywrlock %d)", what, err);
	pthread_rwlock_unlock(l);
	if (pthread_rwlock_rdlock(l))
		PTS_FAILED("%s: rdlock failed", what);
	pthread_create(&t, NULL, reader, NULL);
	pthread_join(t, NULL);
	if (!rd_ok)
		PTS_FAILED("%s: a second reader was refused", what);
	err = pthread_rwlock_trywrlock(l);
	if (err != EBUSY)
		PTS_FAILED("%s: trywrlock while read-held returned %d", what, err);
	pthread_create(&t, NULL, writer, NULL);
	while (!__atomic_load_n(&wr_tid, __ATOMIC_ACQUIRE))
		pts_nap();
	pts_wait_in_syscall(wr_tid, SYS_futex);
	if (wr_done)
		PTS_FAILED("%s: a writer got the read-held lock", what);
	pthread_rwlock_unlock(l);
	pthread_join(t, NULL);
	if (!wr_done)
		PTS_FAILED("%s: the blocked writer never got the lock", what);
}

int main(void)
{
	pthread_rwlock_t stat = PTHREAD_RWLOCK_INITIALIZER, dyn;
	pthread_rwlockattr_t a;

	check(&stat, "PTHREAD_RWLOCK_INITIALIZER");
	memset(&dyn, 0xa5, sizeof(dyn));
	if (pthread_rwlock_init(&dyn, NULL))
		PTS_FAILED("pthread_rwlock_init(NULL attr) failed");
	check(&dyn, "NULL attr over garbage");
	if (pthread_rwlock_destroy(&dyn))
		PTS_FAILED("pthread_rwlock_destroy() failed");
	if (pthread_rwlockattr_init(&a) || pthread_rwlock_init(&dyn, &a))
		PTS_FAILED("pthread_rwlock_init(default attr) after destroy failed");
	pthread_rwlockattr_destroy(&a);
	check(&dyn, "default attr, re-initialised");
	pthread_rwlock_destroy(&dyn);
	PTS_PASSED("initialiser, NULL and default attr: unlocked, shared reads, exclusive writes");
}
