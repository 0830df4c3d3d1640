// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_mutexattr_setrobust(): the default is PTHREAD_MUTEX_STALLED,
 * PTHREAD_MUTEX_ROBUST is read back, another value fails with [EINVAL].
 * When the owning thread of a robust mutex terminates holding it (the
 * process goes on), the next thread to lock it gets [EOWNERDEAD] and
 * owns it; a thread already blocked in the lock at that time is the one
 * that gets it (the kernel's robust-list walk at thread exit wakes it).
 */
#include <pthread.h>

#include "pts_helpers.h"

static pthread_mutex_t m;
static volatile int locked, wtid, blocked, owner2;

static void *owner(void *arg)
{
	(void)arg;
	pthread_mutex_lock(&m);
	__atomic_store_n(&locked, 1, __ATOMIC_RELEASE);
	return NULL;		/* terminates holding it */
}

static void *blocked_owner(void *arg)
{
	(void)arg;
	pthread_mutex_lock(&m);
	__atomic_store_n(&owner2, 1, __ATOMIC_RELEASE);
	pts_wait_flag(&blocked, "the waiter to block");
	return NULL;
}

static void *waiter(void *arg)
{
	int err;

	(void)arg;
	wtid = pts_gettid();
	err = pthread_mutex_lock(&m);
	if (err == EOWNERDEAD) {
		pthread_mutex_consistent(&m);
		pthread_mutex_unlock(&m);
	}
	return (void *)(long)err;
}

int main(void)
{
	pthread_mutexattr_t a;
	pthread_t t, w;
	int v, err;
	void *r;

	pthread_mutexattr_init(&a);
	pthread_mutexattr_getrobust(&a, &v);
	if (v != PTHREAD_MUTEX_STALLED)
		PTS_FAILED("default robustness %d, expected STALLED", v);
	if (pthread_mutexattr_setrobust(&a, PTHREAD_MUTEX_ROBUST))
		PTS_FAILED("setrobust(ROBUST) failed");
	pthread_mutexattr_getrobust(&a, &v);
	if (v != PTHREAD_MUTEX_ROBUST)
		PTS_FAILED("read back %d, expected ROBUST", v);
	err = pthread_mutexattr_setrobust(&a, 3);
	if (err != EINVAL)
		PTS_FAILED("setrobust(3) returned %d, expected EINVAL", err);
	pthread_mutex_init(&m, &a);

	pthread_create(&t, NULL, owner, NULL);
	pthread_join(t, NULL);
	if (locked != 1)
		PTS_UNRES("the owner did not lock");
	err = pthread_mutex_lock(&m);
	if (err != EOWNERDEAD)
		PTS_FAILED("lock after the owner thread ended returned %d, expected EOWNERDEAD",
			   err);
	if (pthread_mutex_consistent(&m) || pthread_mutex_unlock(&m))
		PTS_FAILED("consistent/unlock by the new owner failed");

	pthread_create(&t, NULL, blocked_owner, NULL);
	pts_wait_flag(&owner2, "the second owner");
	pthread_create(&w, NULL, waiter, NULL);
	pts_wait_flag(&wtid, "the waiter");
	pts_wait_in_syscall(wtid, SYS_futex);
	blocked = 1;
	pthread_join(t, NULL);
	pthread_join(w, &r);
	if ((long)r != EOWNERDEAD)
		PTS_FAILED("the blocked waiter's lock returned %ld, expected EOWNERDEAD",
			   (long)r);
	if (pthread_mutex_trylock(&m))
		PTS_FAILED("mutex not free after consistent + unlock");
	PTS_PASSED("STALLED default, ROBUST: EOWNERDEAD after the owner thread ended");
}
