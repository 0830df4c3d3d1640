// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_rwlock_destroy(): a read-write lock no thread holds may be
 * destroyed (0), also right after the unlock that let a blocked writer
 * in and that writer's own unlock; the object can then be initialised
 * again (with PTHREAD_PROCESS_SHARED this time, read back) and works:
 * a read lock makes another thread's trywrlock fail with [EBUSY].
 */
#include <pthread.h>

#include "pts_helpers.h"

static pthread_rwlock_t l;
static volatile int wtid;

static void *writer(void *arg)
{
	(void)arg;
	wtid = pts_gettid();
	if (pthread_rwlock_wrlock(&l))
		return (void *)1;
	return (void *)(long)pthread_rwlock_unlock(&l);
}

static void *try(void *arg)
{
	long r = pthread_rwlock_trywrlock(&l);

	(void)arg;
	if (!r)
		pthread_rwlock_unlock(&l);
	return (void *)r;
}

int main(void)
{
	pthread_rwlockattr_t a;
	pthread_t t;
	int err, v;
	void *r;

	pthread_rwlock_init(&l, NULL);
	pthread_rwlock_rdlock(&l);
	pthread_create(&t, NULL, writer, NULL);
	pts_wait_flag(&wtid, "the writer");
	pts_wait_in_syscall(wtid, SYS_futex);
	pthread_rwlock_unlock(&l);
	pthread_join(t, &r);
	if (r)
		PTS_UNRES("the writer's lock or unlock failed");
	err = pthread_rwlock_destroy(&l);
	if (err)
		PTS_FAILED("destroy of the released lock returned %d", err);
	pthread_rwlockattr_init(&a);
	pthread_rwlockattr_setpshared(&a, PTHREAD_PROCESS_SHARED);
	if (pthread_rwlock_init(&l, &a))
		PTS_FAILED("re-initialising the destroyed lock failed");
	pthread_rwlockattr_getpshared(&a, &v);
	if (v != PTHREAD_PROCESS_SHARED)
		PTS_UNRES("attribute not SHARED");
	pthread_rwlock_rdlock(&l);
	pthread_create(&t, NULL, try, NULL);
	pthread_join(t, &r);
	if ((long)r != EBUSY)
		PTS_FAILED("trywrlock against the re-initialised lock returned %ld",
			   (long)r);
	pthread_rwlock_unlock(&l);
	if (pthread_rwlock_destroy(&l))
		PTS_FAILED("second destroy failed");
	PTS_PASSED("destroyed after use, re-initialised and working");
}
