// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_mutex_unlock(): releases the mutex; a thread blocked on it
 * (asleep in the kernel, futex) then acquires it and its lock returns 0.
 * For a PTHREAD_MUTEX_RECURSIVE mutex an unlock by a thread that does
 * not own it, and an unlock of an unlocked one, return an error
 * ([EPERM]); the owner's lock count is untouched by the refused unlock.
 */
#include <pthread.h>

#include "pts_helpers.h"

static pthread_mutex_t m, r;
static volatile int tid, got;

static void *waiter(void *arg)
{
	(void)arg;
	tid = pts_gettid();
	if (pthread_mutex_lock(&m))
		return (void *)1;
	got = 1;
	pthread_mutex_unlock(&m);
	return NULL;
}

static void *stranger(void *arg)
{
	(void)arg;
	return (void *)(long)pthread_mutex_unlock(&r);
}

int main(void)
{
	pthread_mutexattr_t a;
	pthread_t t;
	void *v;

	pthread_mutex_init(&m, NULL);
	pthread_mutex_lock(&m);
	if (pthread_create(&t, NULL, waiter, NULL))
		PTS_UNRES("pthread_create() failed");
	pts_wait_flag(&tid, "the waiter");
	pts_wait_in_syscall(tid, SYS_futex);
	if (got)
		PTS_FAILED("the waiter got a locked mutex");
	if (pthread_mutex_unlock(&m))
		PTS_FAILED("unlock failed");
	pthread_join(t, &v);
	if (v || !got)
		PTS_FAILED("the blocked waiter did not acquire the mutex");

	pthread_mutexattr_init(&a);
	pthread_mutexattr_settype(&a, PTHREAD_MUTEX_RECURSIVE);
	pthread_mutex_init(&r, &a);
	PTS_EXPECT_ERR(pthread_mutex_unlock(&r), EPERM, "unlock of an unlocked recursive mutex");
	pthread_mutex_lock(&r);
	pthread_mutex_lock(&r);
	pthread_create(&t, NULL, stranger, NULL);
	pthread_join(t, &v);
	if ((long)v != EPERM)
		PTS_FAILED("non-owner unlock returned %ld, expected EPERM", (long)v);
	if (pthread_mutex_unlock(&r) || pthread_mutex_trylock(&r) ||
	    pthread_mutex_unlock(&r))
		PTS_FAILED("the owner's count changed by the refused unlock");
	if (pthread_mutex_unlock(&r))
		PTS_FAILED("the owner's last unlock failed");
	PTS_EXPECT_ERR(pthread_mutex_unlock(&r), EPERM, "unlock after the last one");
	PTS_PASSED("blocked waiter gets the released mutex; recursive EPERM");
}
