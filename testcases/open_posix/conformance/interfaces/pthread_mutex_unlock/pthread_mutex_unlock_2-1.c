// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_mutex_unlock(): when threads are blocked on the mutex, the
 * scheduling policy decides which one acquires it. Under SCHED_FIFO the
 * highest-priority waiter goes first: a FIFO 10 thread blocks first, a
 * FIFO 20 one after it (both asleep in the kernel's futex), and the
 * unlock must hand the mutex to the FIFO 20 thread, not the older
 * waiter. For PTHREAD_PRIO_NONE (FUTEX_WAKE picks the top waiter of the
 * priority-sorted futex queue) and PTHREAD_PRIO_INHERIT (FUTEX_UNLOCK_PI
 * hands ownership to the top rt_mutex waiter).
 */
#include <pthread.h>

#include "pts_helpers.h"

static pthread_mutex_t m;
static int order[2], n_order;
static volatile int tid[2];

static void *waiter(void *arg)
{
	int i = (long)arg;

	tid[i] = pts_gettid();
	if (pthread_mutex_lock(&m))
		return (void *)1L;
	order[n_order++] = i;
	pthread_mutex_unlock(&m);
	return NULL;
}

static pthread_t start(int i, int prio)
{
	struct sched_param sp = { .sched_priority = prio };
	pthread_attr_t a;
	pthread_t t;

	pthread_attr_init(&a);
	pthread_attr_setinheritsched(&a, PTHREAD_EXPLICIT_SCHED);
	pthread_attr_setschedpolicy(&a, SCHED_FIFO);
	pthread_attr_setschedparam(&a, &sp);
	tid[i] = 0;
	if (pthread_create(&t, &a, waiter, (void *)(long)i))
		PTS_UNRES("pthread_create(FIFO %d)", prio);
	pthread_attr_destroy(&a);
	pts_wait_flag(&tid[i], "the waiter's start");
	pts_wait_in_syscall(tid[i], SYS_futex);
	return t;
}

static void round_(int proto)
{
	const char *what = proto ? "PI" : "plain";
	pthread_mutexattr_t a;
	pthread_t lo, hi;
	void *r1, *r2;

	pthread_mutexattr_init(&a);
	if (pthread_mutexattr_setprotocol(&a, proto))
		PTS_UNSUPP("protocol %d not supported", proto);
	if (pthread_mutex_init(&m, &a) || pthread_mutex_lock(&m))
		PTS_UNRES("mutex set-up");
	n_order = 0;
	lo = start(0, 10);
	hi = start(1, 20);
	if (pthread_mutex_unlock(&m))
		PTS_UNRES("unlock");
	if (pthread_join(lo, &r1) || pthread_join(hi, &r2) || r1 || r2)
		PTS_UNRES("%s: a waiter's lock failed", what);
	if (n_order != 2 || order[0] != 1)
		PTS_FAILED("%s: the FIFO %d waiter (blocked first) acquired the mutex before the FIFO 20 one",
			   what, 10);
	printf("%s: FIFO 20 acquired first, then FIFO 10\n", what);
	pthread_mutex_destroy(&m);
}

int main(void)
{
	struct sched_param sp = { .sched_priority = 30 };

	pts_need_sched_fifo();
	if (pthread_setschedparam(pthread_self(), SCHED_FIFO, &sp))
		PTS_UNRES("main to FIFO 30");
	round_(PTHREAD_PRIO_NONE);
	round_(PTHREAD_PRIO_INHERIT);
	PTS_PASSED("the highest-priority waiter acquired the released mutex");
}
