// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_mutex_lock() is not a cancellation point: it is in neither
 * list of XSH 2.9.5.2, so a deferred cancel request made while a
 * thread is blocked in it must not act there. A thread blocked on a
 * mutex main holds (asleep in the futex call) gets a cancel request;
 * main then unlocks: the thread returns from pthread_mutex_lock() with
 * 0 owning the mutex, and is cancelled only at its next cancellation
 * point, pthread_testcancel(); its cleanup handler, run then, finds the
 * mutex its own (an ERRORCHECK unlock succeeds) and releases it; main
 * can lock it again. For a plain and a PTHREAD_PRIO_INHERIT mutex (the
 * kernel's FUTEX_LOCK_PI path).
 */
#include <pthread.h>

#include "pts_helpers.h"

static pthread_mutex_t m;
static volatile int tid, got, after, unlocked;

static void cleanup(void *a)
{
	(void)a;
	unlocked = pthread_mutex_unlock(&m) == 0 ? 1 : -1;
}

static void *target(void *arg)
{
	int e;

	(void)arg;
	tid = pts_gettid();
	e = pthread_mutex_lock(&m);
	got = e ? -1 : 1;
	if (e)
		return NULL;
	pthread_cleanup_push(cleanup, NULL);
	pthread_testcancel();
	after = 1;
	pthread_cleanup_pop(1);
	return NULL;
}

static void run(int pi)
{
	pthread_mutexattr_t a;
	pthread_t t;
	void *r;

	tid = got = after = unlocked = 0;
	pthread_mutexattr_init(&a);
	pthread_mutexattr_settype(&a, PTHREAD_MUTEX_ERRORCHECK);
	if (pi && pthread_mutexattr_setprotocol(&a, PTHREAD_PRIO_INHERIT))
		PTS_UNRES("PTHREAD_PRIO_INHERIT");
	pthread_mutex_init(&m, &a);
	pthread_mutexattr_destroy(&a);
	pthread_mutex_lock(&m);
	pthread_create(&t, NULL, target, NULL);
	pts_wait_flag(&tid, "the target");
	pts_wait_in_syscall(tid, SYS_futex);
	if (pthread_cancel(t))
		PTS_UNRES("pthread_cancel()");
	if (pthread_mutex_unlock(&m))
		PTS_UNRES("main's unlock");
	pthread_join(t, &r);
	if (got != 1)
		PTS_FAILED("pi %d: the thread did not return from the lock with 0 (%d)",
			   pi, got);
	if (r != PTHREAD_CANCELED || after)
		PTS_FAILED("pi %d: the request did not act at pthread_testcancel()", pi);
	if (unlocked != 1)
		PTS_FAILED("pi %d: the cleanup handler did not own the mutex", pi);
	if (pthread_mutex_trylock(&m))
		PTS_FAILED("pi %d: the mutex is not free after the cleanup", pi);
	pthread_mutex_unlock(&m);
	pthread_mutex_destroy(&m);
}

int main(void)
{
	run(0);
	run(1);
	PTS_PASSED("a cancel request does not act inside pthread_mutex_lock()");
}
