// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * PTHREAD_PRIO_INHERIT is transitive: "If a thread simultaneously owns
 * several such mutexes ... and if the thread holding the lock becomes
 * blocked on another mutex, the priority inheritance effect shall be
 * propagated to the owner of that other mutex, in a recursive manner."
 * T1 (SCHED_FIFO 10) holds M1; T2 (FIFO 20) holds M2 and blocks on M1;
 * T3 (FIFO 30) blocks on M2. The kernel shows T1 at 20 once T2 waits,
 * then T2 and T1 both at 30 once T3 waits (/proc field 18, read until it
 * shows the value, bounded); T1 is back at 10 after it unlocks M1.
 */
#include <pthread.h>
#include <sched.h>

#include "pts_helpers.h"

static pthread_mutex_t m1, m2;
static volatile pid_t tid1, tid2, tid3;
static volatile long long after_unlock;
static int p[2];

static void *t1_fn(void *arg)
{
	char c;

	(void)arg;
	pthread_mutex_lock(&m1);
	tid1 = pts_gettid();
	if (read(p[0], &c, 1) != 1)
		exit(PTS_UNRESOLVED);
	pthread_mutex_unlock(&m1);
	after_unlock = pts_task_stat(pts_gettid(), 18);
	return NULL;
}

static void *t2_fn(void *arg)
{
	(void)arg;
	pthread_mutex_lock(&m2);
	tid2 = pts_gettid();
	pthread_mutex_lock(&m1);
	pthread_mutex_unlock(&m1);
	pthread_mutex_unlock(&m2);
	return NULL;
}

static void *t3_fn(void *arg)
{
	(void)arg;
	tid3 = pts_gettid();
	pthread_mutex_lock(&m2);
	pthread_mutex_unlock(&m2);
	return NULL;
}

static void start(pthread_t *t, void *(*fn)(void *), int prio)
{
	struct sched_param sp = { .sched_priority = prio };
	pthread_attr_t a;
	int err;

	pthread_attr_init(&a);
	pthread_attr_setinheritsched(&a, PTHREAD_EXPLICIT_SCHED);
	pthread_attr_setschedpolicy(&a, SCHED_FIFO);
	pthread_attr_setschedparam(&a, &sp);
	err = pthread_create(t, &a, fn, NULL);
	if (err)
		PTS_UNRES("pthread_create(SCHED_FIFO %d): %s", prio, strerror(err));
}

static void wait_tid(volatile pid_t *tid)
{
	long long end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(30);

	while (!*tid) {
		if (pts_now(CLOCK_MONOTONIC) > end)
			PTS_UNRES("thread never started");
		pts_nap();
	}
}

static void expect_prio(pid_t tid, long long want, const char *what)
{
	long long end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(10);
	long long pr;

	while ((pr = pts_task_stat(tid, 18)) != want) {
		if (pts_now(CLOCK_MONOTONIC) > end)
			PTS_FAILED("%s: /proc priority %lld, expected %lld",
				   what, pr, want);
		pts_nap();
	}
}

static int child(void)
{
	struct sched_param sp = { .sched_priority = 40 };
	pthread_mutexattr_t a;
	pthread_t t1, t2, t3;

	/* main outranks the three so that it can observe them */
	if (pthread_setschedparam(pthread_self(), SCHED_FIFO, &sp))
		PTS_UNRES("pthread_setschedparam(SCHED_FIFO 40) failed");
	pthread_mutexattr_init(&a);
	if (pthread_mutexattr_setprotocol(&a, PTHREAD_PRIO_INHERIT))
		PTS_UNSUPP("PTHREAD_PRIO_INHERIT not supported");
	pthread_mutex_init(&m1, &a);
	pthread_mutex_init(&m2, &a);
	if (pipe(p))
		PTS_UNRES("pipe(): %s", strerror(errno));
	start(&t1, t1_fn, 10);
	wait_tid(&tid1);
	pts_wait_in_syscall(tid1, SYS_read);
	expect_prio(tid1, -11, "T1 holding M1 alone");
	start(&t2, t2_fn, 20);
	wait_tid(&tid2);
	pts_wait_in_syscall(tid2, SYS_futex);
	expect_prio(tid1, -21, "T1 while T2 (FIFO 20) waits on M1");
	start(&t3, t3_fn, 30);
	wait_tid(&tid3);
	pts_wait_in_syscall(tid3, SYS_futex);
	expect_prio(tid2, -31, "T2 while T3 (FIFO 30) waits on M2");
	expect_prio(tid1, -31, "T1 at the end of the chain T3 -> M2 -> T2 -> M1");
	printf("chain: T1 at 20, then T2 and T1 at 30\n");
	if (write(p[1], "x", 1) != 1)
		PTS_UNRES("write(): %s", strerror(errno));
	pthread_join(t1, NULL);
	pthread_join(t2, NULL);
	pthread_join(t3, NULL);
	if (after_unlock != -11)
		PTS_FAILED("T1 after unlocking M1: /proc priority %lld, expected -11",
			   after_unlock);
	return PTS_PASS;
}

int main(void)
{
	if (getuid())
		PTS_UNSUPP("needs root for SCHED_FIFO");
	pts_run_child(child, "PI chain child");
	PTS_PASSED("priority inheritance propagated along the chain");
}
