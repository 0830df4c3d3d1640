// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * PTHREAD_PRIO_INHERIT: "When a thread is blocking higher priority
 * threads because of owning one or more mutexes with the
 * PTHREAD_PRIO_INHERIT protocol attribute, it shall execute at the higher
 * of its priority or the priority of the highest priority thread waiting
 * on any of the mutexes". A SCHED_FIFO 10 thread holds a PI mutex; a
 * SCHED_FIFO 20 thread blocks on it; the holder's effective priority in
 * /proc (field 18, -1 - rtprio) becomes -21, and drops back to -11 after
 * it unlocks.
 */
#include <pthread.h>
#include <sched.h>

#include "pts_helpers.h"

static pthread_mutex_t m;
static pthread_mutex_t go = PTHREAD_MUTEX_INITIALIZER;
static volatile pid_t holder_tid, waiter_tid;
static volatile int holder_has;

static void *holder(void *arg)
{
	(void)arg;
	pthread_mutex_lock(&m);
	holder_tid = pts_gettid();
	holder_has = 1;
	pthread_mutex_lock(&go);	/* held by main until it has checked */
	pthread_mutex_unlock(&go);
	pthread_mutex_unlock(&m);
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
	pthread_t h, w;
	long long pr;
	int proto;

	/* main outranks both so that it can observe them */
	if (sched_setscheduler(0, SCHED_FIFO, &p) == -1)
		PTS_UNRES("sched_setscheduler(): %m");
	pthread_mutexattr_init(&a);
	if (pthread_mutexattr_setprotocol(&a, PTHREAD_PRIO_INHERIT))
		PTS_UNSUPP("PTHREAD_PRIO_INHERIT not supported");
	pthread_mutexattr_getprotocol(&a, &proto);
	if (proto != PTHREAD_PRIO_INHERIT)
		PTS_FAILED("getprotocol read back %d", proto);
	pthread_mutex_init(&m, &a);
	pthread_mutex_lock(&go);
	start(&h, holder, 10);
	while (!holder_has)
		pts_nap();
	pr = pts_task_stat(holder_tid, 18);
	if (pr != -11)
		PTS_FAILED("holder's priority %lld before contention, expected -11",
			   pr);
	start(&w, waiter, 20);
	while (!waiter_tid)
		pts_nap();
	pts_wait_in_syscall(waiter_tid, SYS_futex);
	pr = pts_task_stat(holder_tid, 18);
	if (pr != -21)
		PTS_FAILED("holder's priority %lld while a FIFO 20 waits, expected -21",
			   pr);
	pthread_mutex_unlock(&go);
	pthread_join(w, NULL);
	pthread_join(h, NULL);
	return PTS_PASS;
}

int main(void)
{
	pts_run_child(child, "PI child");
	PTS_PASSED("the PI mutex owner inherited the waiter's priority");
}
