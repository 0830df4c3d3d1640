// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * PTHREAD_PRIO_INHERIT: the owner "shall execute at the higher of its
 * priority or the priority of the highest priority thread waiting on
 * any of the mutexes", which follows the waiters as they come and go. A
 * SCHED_FIFO 10 thread holds a PI mutex; a FIFO 15 thread blocks in
 * pthread_mutex_lock() and a FIFO 25 thread in
 * pthread_mutex_timedlock(): the owner runs at 25 (/proc field 18: -26);
 * once the timed waiter has returned ETIMEDOUT the owner is back at the
 * remaining waiter's 15 (-16), and after the unlock at its own 10.
 */
#include <pthread.h>
#include <sched.h>

#include "pts_helpers.h"

static pthread_mutex_t m;
static volatile int holder_tid, a_tid, b_tid, b_done, release;
static struct timespec b_deadline;

static void *holder(void *arg)
{
	(void)arg;
	pthread_mutex_lock(&m);
	__atomic_store_n(&holder_tid, pts_gettid(), __ATOMIC_RELEASE);
	pts_wait_flag(&release, "release");
	pthread_mutex_unlock(&m);
	return NULL;
}

static void *wait_a(void *arg)
{
	(void)arg;
	a_tid = pts_gettid();
	if (pthread_mutex_lock(&m))
		return (void *)1;
	pthread_mutex_unlock(&m);
	return NULL;
}

static void *wait_b(void *arg)
{
	long r;

	(void)arg;
	b_tid = pts_gettid();
	r = pthread_mutex_timedlock(&m, &b_deadline);
	__atomic_store_n(&b_done, 1, __ATOMIC_RELEASE);
	if (!r)
		pthread_mutex_unlock(&m);
	return (void *)r;
}

static void start(pthread_t *t, void *(*fn)(void *), int prio)
{
	struct sched_param p = { .sched_priority = prio };
	pthread_attr_t a;
	int err;

	pthread_attr_init(&a);
	pthread_attr_setinheritsched(&a, PTHREAD_EXPLICIT_SCHED);
	pthread_attr_setschedpolicy(&a, SCHED_FIFO);
	pthread_attr_setschedparam(&a, &p);
	err = pthread_create(t, &a, fn, NULL);
	if (err)
		PTS_UNRES("pthread_create(SCHED_FIFO %d): %s", prio, strerror(err));
}

static int child(void)
{
	struct sched_param p = { .sched_priority = 30 };
	pthread_mutexattr_t a;
	pthread_t h, wa, wb;
	long long pr;
	void *v;

	if (sched_setscheduler(0, SCHED_FIFO, &p) == -1)
		PTS_UNRES("sched_setscheduler(): %m");
	pthread_mutexattr_init(&a);
	if (pthread_mutexattr_setprotocol(&a, PTHREAD_PRIO_INHERIT))
		PTS_UNSUPP("PTHREAD_PRIO_INHERIT not supported");
	pthread_mutex_init(&m, &a);
	start(&h, holder, 10);
	pts_wait_flag(&holder_tid, "the holder");
	start(&wa, wait_a, 15);
	pts_wait_flag(&a_tid, "waiter A");
	pts_wait_in_syscall(a_tid, SYS_futex);
	b_deadline = pts_deadline(CLOCK_REALTIME, pts_bound_ns(2));
	start(&wb, wait_b, 25);
	pts_wait_flag(&b_tid, "waiter B");
	pts_wait_in_syscall(b_tid, SYS_futex);
	pr = pts_task_stat(holder_tid, 18);
	if (b_done)
		PTS_UNRES("the timed waiter left before the check");
	if (pr != -26)
		PTS_FAILED("owner's priority %lld with FIFO 15 and 25 waiting, expected -26",
			   pr);
	pthread_join(wb, &v);
	if ((long)v != ETIMEDOUT)
		PTS_FAILED("the timed waiter returned %ld, expected ETIMEDOUT",
			   (long)v);
	pr = pts_task_stat(holder_tid, 18);
	if (pr != -16)
		PTS_FAILED("owner's priority %lld after the FIFO 25 waiter timed out, expected -16",
			   pr);
	release = 1;
	pthread_join(h, NULL);
	pthread_join(wa, &v);
	if (v)
		PTS_FAILED("waiter A's lock failed");
	return PTS_PASS;
}

int main(void)
{
	pts_run_child(child, "PI child");
	PTS_PASSED("the owner's priority follows the highest waiter, also when one times out");
}
