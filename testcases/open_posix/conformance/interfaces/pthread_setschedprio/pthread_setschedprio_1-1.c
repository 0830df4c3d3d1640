// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_setschedprio(): changes the priority of the target thread to
 * prio without changing its policy (SCHED_FIFO stays SCHED_FIFO, the
 * kernel reports the new priority for the thread's TID and in the
 * priority field of /proc/TID/stat); a priority not valid for the
 * thread's policy fails with [EINVAL] and changes nothing, also 1 for a
 * SCHED_OTHER thread.
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

static int kprio(pid_t tid)
{
	struct sched_param sp;

	if (sched_getparam(tid, &sp))
		PTS_UNRES("sched_getparam(%d): %m", tid);
	return sp.sched_priority;
}

int main(void)
{
	struct sched_param sp = { .sched_priority = 3 };
	pthread_attr_t a;
	pthread_t t, o;
	int err;

	pthread_attr_init(&a);
	pthread_attr_setinheritsched(&a, PTHREAD_EXPLICIT_SCHED);
	pthread_attr_setschedpolicy(&a, SCHED_FIFO);
	pthread_attr_setschedparam(&a, &sp);
	err = pthread_create(&t, &a, thread, (void *)0);
	if (err == EPERM)
		PTS_UNSUPP("SCHED_FIFO not permitted here");
	if (err)
		PTS_UNRES("pthread_create(): %s", strerror(err));
	if (pthread_create(&o, NULL, thread, (void *)1))
		PTS_UNRES("pthread_create() failed");
	pts_wait_flag(&tids[0], "FIFO thread");
	pts_wait_flag(&tids[1], "OTHER thread");
	err = pthread_setschedprio(t, 11);
	if (err)
		PTS_FAILED("setschedprio(11): %s", strerror(err));
	if (sched_getscheduler(tids[0]) != SCHED_FIFO)
		PTS_FAILED("policy changed to %d", sched_getscheduler(tids[0]));
	if (kprio(tids[0]) != 11 || pts_task_stat(tids[0], 18) != -12)
		PTS_FAILED("kernel priority %d, /proc prio %lld after setschedprio(11)",
			   kprio(tids[0]), pts_task_stat(tids[0], 18));
	err = pthread_setschedprio(t, sched_get_priority_max(SCHED_FIFO) + 1);
	if (err != EINVAL)
		PTS_FAILED("priority max + 1 returned %d, expected EINVAL", err);
	if (kprio(tids[0]) != 11 || sched_getscheduler(tids[0]) != SCHED_FIFO)
		PTS_FAILED("a refused priority changed the thread");
	err = pthread_setschedprio(o, 1);
	if (err != EINVAL)
		PTS_FAILED("priority 1 for SCHED_OTHER returned %d, expected EINVAL",
			   err);
	if (kprio(tids[1]) != 0 || sched_getscheduler(tids[1]) != SCHED_OTHER)
		PTS_FAILED("the SCHED_OTHER thread changed");
	go = 1;
	pthread_join(t, NULL);
	pthread_join(o, NULL);
	PTS_PASSED("priority changed alone; EINVAL changes nothing");
}
