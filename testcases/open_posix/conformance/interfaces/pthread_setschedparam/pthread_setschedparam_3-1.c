// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_setschedparam() on the owner of a PTHREAD_PRIO_INHERIT mutex
 * that a FIFO 20 thread waits for: the owner "shall execute at the
 * higher of its priority or the priority of the highest priority thread
 * waiting", whatever its own priority is changed to meanwhile. The owner
 * (FIFO 10, /proc priority -11) runs at -21 with the waiter blocked;
 * lowered to FIFO 5 it stays at -21 (pthread_getschedparam() reports 5);
 * raised to FIFO 25 it runs at -26; lowered to 15 it is back at the
 * waiter's -21; once it unlocks it runs at its own 15 (-16).
 */
#include <pthread.h>

#include "pts_helpers.h"
#include "pts_pi.h"

static pthread_mutex_t m;
static pthread_mutex_t go = PTHREAD_MUTEX_INITIALIZER;
static volatile pid_t owner_tid, waiter_tid;
static int has, unlocked, done;

static void *owner(void *arg)
{
	(void)arg;
	owner_tid = pts_gettid();
	pthread_mutex_lock(&m);
	__atomic_store_n(&has, 1, __ATOMIC_RELEASE);
	pthread_mutex_lock(&go);	/* held by main until it has looked */
	pthread_mutex_unlock(&go);
	pthread_mutex_unlock(&m);
	__atomic_store_n(&unlocked, 1, __ATOMIC_RELEASE);
	pts_wait_flag(&done, "main's last look");
	return NULL;
}

static void *waiter(void *arg)
{
	(void)arg;
	waiter_tid = pts_gettid();
	pthread_mutex_lock(&m);
	pthread_mutex_unlock(&m);
	return NULL;
}

static void expect(long long want, const char *when)
{
	long long pr = pts_task_stat(owner_tid, 18);

	if (pr != want)
		PTS_FAILED("owner's priority %lld %s, expected %lld", pr, when, want);
}

static void set_owner(pthread_t o, int prio)
{
	struct sched_param p = { .sched_priority = prio };
	int pol, err = pthread_setschedparam(o, SCHED_FIFO, &p);

	if (err)
		PTS_UNRES("pthread_setschedparam(FIFO %d): %s", prio, strerror(err));
	if (pthread_getschedparam(o, &pol, &p) || pol != SCHED_FIFO ||
	    p.sched_priority != prio)
		PTS_FAILED("pthread_getschedparam() after setting FIFO %d: %d %d",
			   prio, pol, p.sched_priority);
}

int main(void)
{
	pthread_t o, w;

	pts_need_sched_fifo();
	/* main outranks everyone so that it can observe them */
	pts_fifo_self(30);
	pts_pi_mutex_init(&m, 0);
	pthread_mutex_lock(&go);
	pts_fifo_thread(&o, owner, 10);
	pts_wait_flag(&has, "the owner's lock");
	expect(-11, "before contention");
	pts_fifo_thread(&w, waiter, 20);
	while (!waiter_tid)
		pts_nap();
	pts_wait_in_syscall(waiter_tid, SYS_futex);
	expect(-21, "with a FIFO 20 waiter");
	set_owner(o, 5);
	expect(-21, "set to FIFO 5 while boosted");
	set_owner(o, 25);
	expect(-26, "set to FIFO 25, above the waiter");
	set_owner(o, 15);
	expect(-21, "set to FIFO 15, below the waiter");
	pthread_mutex_unlock(&go);
	pthread_join(w, NULL);
	pts_wait_flag(&unlocked, "the owner's unlock");
	expect(-16, "after its unlock (its own FIFO 15)");
	__atomic_store_n(&done, 1, __ATOMIC_RELEASE);
	pthread_join(o, NULL);
	PTS_PASSED("a PI owner runs at the higher of its own and the waiter's priority");
}
