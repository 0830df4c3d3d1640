// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * PTHREAD_MUTEX_ROBUST with PTHREAD_PRIO_INHERIT: when the owning thread
 * terminates holding the mutex (the process goes on), a thread blocked
 * locking it gets [EOWNERDEAD] and owns it. The FIFO 10 owner is boosted
 * to rtprio 20 by the FIFO 20 waiter asleep in FUTEX_LOCK_PI (/proc of
 * the owner), then calls pthread_exit() without unlocking: the kernel's
 * robust-list walk at thread exit hands the rt_mutex to the waiter,
 * whose lock returns EOWNERDEAD; main's trylock is EBUSY while it owns
 * it; after pthread_mutex_consistent() and its unlock the mutex is free.
 */
#include <pthread.h>

#include "pts_pi.h"

static pthread_mutex_t m;
static volatile int owner_tid, waiter_tid, boosted, got, release;
static int lock_ret = -1, cons_ret = -1;

static void *owner(void *arg)
{
	(void)arg;
	if (pthread_mutex_lock(&m))
		return (void *)1L;
	owner_tid = pts_gettid();
	pts_wait_flag(&boosted, "main's view of the boost");
	pthread_exit(NULL);
}

static void *waiter(void *arg)
{
	(void)arg;
	waiter_tid = pts_gettid();
	lock_ret = pthread_mutex_lock(&m);
	if (lock_ret == EOWNERDEAD)
		cons_ret = pthread_mutex_consistent(&m);
	__atomic_store_n(&got, 1, __ATOMIC_RELEASE);
	pts_wait_flag(&release, "main's check");
	if (!lock_ret || lock_ret == EOWNERDEAD)
		pthread_mutex_unlock(&m);
	return NULL;
}

int main(void)
{
	long long end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(30);
	pthread_mutexattr_t a;
	pthread_t o, w;
	void *r;
	int err;

	pts_need_sched_fifo();
	pts_fifo_self(30);
	pthread_mutexattr_init(&a);
	if (pthread_mutexattr_setprotocol(&a, PTHREAD_PRIO_INHERIT))
		PTS_UNSUPP("PTHREAD_PRIO_INHERIT not supported");
	if (pthread_mutexattr_setrobust(&a, PTHREAD_MUTEX_ROBUST) ||
	    pthread_mutex_init(&m, &a))
		PTS_UNRES("robust PI mutex");
	pts_fifo_thread(&o, owner, 10);
	pts_wait_flag(&owner_tid, "the owner's lock");
	pts_fifo_thread(&w, waiter, 20);
	pts_wait_flag(&waiter_tid, "the waiter's start");
	pts_wait_in_syscall(waiter_tid, SYS_futex);
	while (-1 - pts_task_stat(owner_tid, 18) != 20) {
		if (pts_now(CLOCK_MONOTONIC) > end)
			PTS_FAILED("the owner was never boosted to rtprio 20 (at %lld)",
				   -1 - pts_task_stat(owner_tid, 18));
		pts_nap();
	}
	__atomic_store_n(&boosted, 1, __ATOMIC_RELEASE);
	if (pthread_join(o, &r) || r)
		PTS_UNRES("the owner did not end as set up");
	pts_wait_flag(&got, "the waiter's lock");
	if (lock_ret != EOWNERDEAD)
		PTS_FAILED("the blocked waiter's lock returned %d, not EOWNERDEAD",
			   lock_ret);
	if (cons_ret)
		PTS_FAILED("pthread_mutex_consistent() returned %d", cons_ret);
	err = pthread_mutex_trylock(&m);
	if (err != EBUSY)
		PTS_FAILED("trylock while the waiter owns the mutex: %d", err);
	__atomic_store_n(&release, 1, __ATOMIC_RELEASE);
	if (pthread_join(w, NULL))
		PTS_UNRES("pthread_join(waiter)");
	err = pthread_mutex_trylock(&m);
	if (err)
		PTS_FAILED("trylock after the recovery and unlock: %d", err);
	pthread_mutex_unlock(&m);
	PTS_PASSED("the boosted PI owner's exit gave the blocked waiter EOWNERDEAD and the mutex");
}
