// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_detach() of a thread that has not terminated does not make it
 * terminate. A thread blocked locking a mutex main holds (asleep in the
 * kernel's futex) is detached: pthread_detach() returns 0 and the thread
 * is still there, asleep in the futex (/proc/self/task/TID, its syscall);
 * after main's unlock it acquires the mutex and runs on: it sets a flag,
 * unlocks and ends, and its task then disappears.
 */
#include <pthread.h>

#include "pts_helpers.h"

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static volatile int tid, ran;

static void *locker(void *arg)
{
	(void)arg;
	tid = pts_gettid();
	pthread_mutex_lock(&m);
	__atomic_store_n(&ran, 1, __ATOMIC_RELEASE);
	pthread_mutex_unlock(&m);
	return NULL;
}

int main(void)
{
	char path[64];
	long long end;
	pthread_t t;
	int err;

	pthread_mutex_lock(&m);
	if (pthread_create(&t, NULL, locker, NULL))
		PTS_UNRES("pthread_create()");
	pts_wait_flag(&tid, "the thread's start");
	pts_wait_in_syscall(tid, SYS_futex);
	err = pthread_detach(t);
	if (err)
		PTS_FAILED("pthread_detach() returned %d", err);
	snprintf(path, sizeof(path), "/proc/self/task/%d", tid);
	if (access(path, F_OK))
		PTS_FAILED("the detached thread's task is gone: %s", strerror(errno));
	/* still asleep where it was: the detach did not end or wake it */
	pts_wait_in_syscall(tid, SYS_futex);
	if (ran)
		PTS_FAILED("the thread ran on before the unlock");
	pthread_mutex_unlock(&m);
	pts_wait_flag(&ran, "the detached thread's lock");
	end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(30);
	while (!access(path, F_OK)) {
		if (pts_now(CLOCK_MONOTONIC) > end)
			PTS_UNRES("the detached thread never ended");
		pts_nap();
	}
	PTS_PASSED("the detached thread slept on, then acquired the mutex and ran to its end");
}
