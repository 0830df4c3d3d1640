// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sched_setparam() and sched_setscheduler() on the process do not change
 * the scheduling of its system-contention-scope threads (POSIX: threads
 * of PTHREAD_SCOPE_SYSTEM "shall not be affected"): in a child running
 * SCHED_FIFO 10 with a second thread created with explicit SCHED_RR 5,
 * sched_setparam(0, 20) makes the process (main) FIFO 20 and
 * sched_setscheduler(0, SCHED_RR, 30) RR 30, as sched_getscheduler()/
 * sched_getparam() report; the thread stays SCHED_RR 5 by
 * pthread_getschedparam() and by the kernel (/proc task policy field and
 * rt_priority).
 */
#include <pthread.h>

#include "pts_helpers.h"

static pthread_barrier_t b;
static pid_t tid;

static void *worker(void *arg)
{
	(void)arg;
	tid = pts_gettid();
	pthread_barrier_wait(&b);
	pthread_barrier_wait(&b);
	return NULL;
}

static void thread_is(pthread_t t, const char *after)
{
	struct sched_param sp;
	int pol;

	if (pthread_getschedparam(t, &pol, &sp))
		PTS_UNRES("pthread_getschedparam()");
	if (pol != SCHED_RR || sp.sched_priority != 5)
		PTS_FAILED("after %s: thread policy %d priority %d, SCHED_RR 5 expected",
			   after, pol, sp.sched_priority);
	if (pts_task_stat(tid, 41) != SCHED_RR || pts_task_stat(tid, 40) != 5)
		PTS_FAILED("after %s: kernel policy %lld rt_priority %lld for the thread",
			   after, pts_task_stat(tid, 41), pts_task_stat(tid, 40));
}

static void process_is(int pol, int prio, const char *after)
{
	struct sched_param sp;

	if (sched_getscheduler(0) != pol || sched_getparam(0, &sp) ||
	    sp.sched_priority != prio)
		PTS_FAILED("after %s: process policy %d priority %d, %d %d expected",
			   after, sched_getscheduler(0), sp.sched_priority, pol, prio);
}

static int child(void)
{
	struct sched_param sp = { .sched_priority = 10 };
	pthread_attr_t a;
	pthread_t t;
	int scope;

	if (sched_setscheduler(0, SCHED_FIFO, &sp))
		PTS_UNRES("sched_setscheduler(FIFO 10): %m");
	pthread_attr_init(&a);
	pthread_attr_getscope(&a, &scope);
	if (scope != PTHREAD_SCOPE_SYSTEM)
		PTS_UNRES("default scope is not PTHREAD_SCOPE_SYSTEM");
	pthread_attr_setinheritsched(&a, PTHREAD_EXPLICIT_SCHED);
	pthread_attr_setschedpolicy(&a, SCHED_RR);
	sp.sched_priority = 5;
	pthread_attr_setschedparam(&a, &sp);
	pthread_barrier_init(&b, NULL, 2);
	if (pthread_create(&t, &a, worker, NULL))
		PTS_UNRES("pthread_create(RR 5)");
	pthread_barrier_wait(&b);
	thread_is(t, "creation");

	sp.sched_priority = 20;
	if (sched_setparam(0, &sp))
		PTS_FAILED("sched_setparam(0, 20): %m");
	process_is(SCHED_FIFO, 20, "sched_setparam(20)");
	thread_is(t, "sched_setparam(0, 20)");
	sp.sched_priority = 30;
	if (sched_setscheduler(0, SCHED_RR, &sp))
		PTS_FAILED("sched_setscheduler(0, RR 30): %m");
	process_is(SCHED_RR, 30, "sched_setscheduler(RR 30)");
	thread_is(t, "sched_setscheduler(0, RR 30)");
	pthread_barrier_wait(&b);
	pthread_join(t, NULL);
	return PTS_PASS;
}

int main(void)
{
	pts_need_sched_fifo();
	pts_run_child(child, "threaded child");
	PTS_PASSED("process scheduling calls leave system-scope threads alone");
}
