// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * "If a thread simultaneously owns several mutexes initialized with
 * different protocols, it shall execute at the highest of the priorities
 * that it would have obtained by each of these protocols." A SCHED_FIFO
 * 10 thread owns a PTHREAD_PRIO_PROTECT mutex of ceiling 15 and a
 * PTHREAD_PRIO_INHERIT mutex; its effective priority in /proc (field
 * 18, -1 - rtprio) is -16 (the ceiling); a FIFO 12 waiter on the PI
 * mutex leaves it at -16 (the ceiling is higher), a FIFO 25 waiter
 * raises it to -26; once it unlocks the PI mutex it is back at -16, and
 * at -11 (its own 10) after unlocking the PRIO_PROTECT mutex too.
 */
#include <pthread.h>

#include "pts_helpers.h"
#include "pts_pi.h"

static pthread_mutex_t pc, pi;
static pthread_mutex_t go1 = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t go2 = PTHREAD_MUTEX_INITIALIZER;
static volatile pid_t owner_tid, w12_tid, w25_tid;
static volatile int has, step2, step3, done;

static void *owner(void *arg)
{
	(void)arg;
	owner_tid = pts_gettid();
	if (pthread_mutex_lock(&pc) || pthread_mutex_lock(&pi))
		return (void *)1L;
	__atomic_store_n(&has, 1, __ATOMIC_RELEASE);
	pthread_mutex_lock(&go1);
	pthread_mutex_unlock(&go1);
	pthread_mutex_unlock(&pi);
	__atomic_store_n(&step2, 1, __ATOMIC_RELEASE);
	pthread_mutex_lock(&go2);
	pthread_mutex_unlock(&go2);
	pthread_mutex_unlock(&pc);
	__atomic_store_n(&step3, 1, __ATOMIC_RELEASE);
	pts_wait_flag(&done, "main's last look");
	return NULL;
}

static void *waiter(volatile pid_t *tid)
{
	*tid = pts_gettid();
	pthread_mutex_lock(&pi);
	pthread_mutex_unlock(&pi);
	return NULL;
}

static void *waiter12(void *arg)
{
	(void)arg;
	return waiter(&w12_tid);
}

static void *waiter25(void *arg)
{
	(void)arg;
	return waiter(&w25_tid);
}

static void start_waiter(pthread_t *t, void *(*fn)(void *), int prio,
			 volatile pid_t *tid)
{
	pts_fifo_thread(t, fn, prio);
	while (!*tid)
		pts_nap();
	pts_wait_in_syscall(*tid, SYS_futex);
}

static void expect(long long want, const char *when)
{
	long long pr = pts_task_stat(owner_tid, 18);

	if (pr != want)
		PTS_FAILED("owner's priority %lld %s, expected %lld", pr, when,
			   want);
	printf("owner's priority %lld %s\n", pr, when);
}

int main(void)
{
	pthread_mutexattr_t a;
	pthread_t o, w12, w25;
	void *v;

	pts_need_sched_fifo();
	pthread_mutexattr_init(&a);
	if (pthread_mutexattr_setprotocol(&a, PTHREAD_PRIO_PROTECT) ||
	    pthread_mutexattr_setprioceiling(&a, 15))
		PTS_UNSUPP("PTHREAD_PRIO_PROTECT not supported");
	pthread_mutex_init(&pc, &a);
	pthread_mutexattr_destroy(&a);
	pts_pi_mutex_init(&pi, 0);

	pthread_mutex_lock(&go1);
	pthread_mutex_lock(&go2);
	pts_fifo_self(30);	/* main outranks everyone to observe them */
	pts_fifo_thread(&o, owner, 10);
	pts_wait_flag(&has, "the owner's locks");
	expect(-16, "owning both, no waiter");
	start_waiter(&w12, waiter12, 12, &w12_tid);
	expect(-16, "with a FIFO 12 waiter on the PI mutex");
	start_waiter(&w25, waiter25, 25, &w25_tid);
	expect(-26, "with a FIFO 25 waiter on the PI mutex");
	pthread_mutex_unlock(&go1);
	pts_wait_flag(&step2, "the owner's PI unlock");
	pthread_join(w25, NULL);
	pthread_join(w12, NULL);
	expect(-16, "after unlocking the PI mutex");
	pthread_mutex_unlock(&go2);
	pts_wait_flag(&step3, "the owner's PRIO_PROTECT unlock");
	expect(-11, "after unlocking both");
	__atomic_store_n(&done, 1, __ATOMIC_RELEASE);
	pthread_join(o, &v);
	if (v)
		PTS_UNRES("the owner could not lock its mutexes");
	PTS_PASSED("the owner ran at the highest of the ceiling and the inherited priority");
}
