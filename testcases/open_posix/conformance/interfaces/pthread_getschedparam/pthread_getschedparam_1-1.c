// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_getschedparam(): reports the policy and priority the target
 * thread runs with: SCHED_OTHER and 0 for a thread inheriting the
 * creator's default scheduling; SCHED_RR 7 for a thread created with an
 * explicit SCHED_RR 7; each as the kernel reports for the thread's TID;
 * the main thread's values are its own (SCHED_OTHER), not a child
 * thread's.
 */
#include <pthread.h>
#include <sched.h>

#include "pts_helpers.h"

static volatile int tids[2], go;

static void *thread(void *arg)
{
	__atomic_store_n(&tids[(long)arg], pts_gettid(), __ATOMIC_RELEASE);
	pts_wait_flag(&go, "go");
	return NULL;
}

static void check(pthread_t t, pid_t tid, int pol, int prio, const char *what)
{
	struct sched_param sp;
	int p, err;

	err = pthread_getschedparam(t, &p, &sp);
	if (err)
		PTS_FAILED("%s: pthread_getschedparam(): %s", what, strerror(err));
	if (p != pol || sp.sched_priority != prio)
		PTS_FAILED("%s: policy %d priority %d, expected %d %d", what, p,
			   sp.sched_priority, pol, prio);
	if (sched_getscheduler(tid) != pol)
		PTS_FAILED("%s: the kernel's policy is %d", what,
			   sched_getscheduler(tid));
	sched_getparam(tid, &sp);
	if (sp.sched_priority != prio)
		PTS_FAILED("%s: the kernel's priority is %d", what,
			   sp.sched_priority);
}

int main(void)
{
	struct sched_param sp = { .sched_priority = 7 };
	pthread_attr_t a;
	pthread_t t0, t1;
	int err;

	if (pthread_create(&t0, NULL, thread, (void *)0))
		PTS_UNRES("pthread_create() failed");
	pthread_attr_init(&a);
	pthread_attr_setinheritsched(&a, PTHREAD_EXPLICIT_SCHED);
	pthread_attr_setschedpolicy(&a, SCHED_RR);
	pthread_attr_setschedparam(&a, &sp);
	err = pthread_create(&t1, &a, thread, (void *)1);
	if (err == EPERM)
		PTS_UNSUPP("SCHED_RR not permitted here");
	if (err)
		PTS_UNRES("pthread_create(RR): %s", strerror(err));
	pts_wait_flag(&tids[0], "thread 0");
	pts_wait_flag(&tids[1], "thread 1");
	check(t0, tids[0], SCHED_OTHER, 0, "default thread");
	check(t1, tids[1], SCHED_RR, 7, "RR thread");
	check(pthread_self(), getpid(), SCHED_OTHER, 0, "main thread");
	go = 1;
	pthread_join(t0, NULL);
	pthread_join(t1, NULL);
	PTS_PASSED("policies and priorities reported as the kernel has them");
}
