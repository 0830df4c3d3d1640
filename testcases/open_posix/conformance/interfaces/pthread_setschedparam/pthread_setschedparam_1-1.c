// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_setschedparam()/pthread_getschedparam(): set the policy and
 * priority of one thread only: a second thread moved to SCHED_FIFO 9
 * reports it (and the kernel does, for its thread ID), the creator stays
 * SCHED_OTHER; pthread_setschedprio() changes the priority alone (to 4);
 * a priority out of range returns EINVAL and changes nothing.
 */
#include <pthread.h>
#include <sched.h>

#include "pts_helpers.h"

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static volatile pid_t tid;

static void *thread(void *arg)
{
	(void)arg;
	tid = pts_gettid();
	pthread_mutex_lock(&m);
	pthread_mutex_unlock(&m);
	return NULL;
}

static int child(void)
{
	struct sched_param p = { .sched_priority = 9 }, got;
	pthread_t t;
	int pol, err;

	pthread_mutex_lock(&m);
	pthread_create(&t, NULL, thread, NULL);
	while (!tid)
		pts_nap();
	err = pthread_setschedparam(t, SCHED_FIFO, &p);
	if (err)
		PTS_FAILED("pthread_setschedparam(): %s", strerror(err));
	if (pthread_getschedparam(t, &pol, &got) || pol != SCHED_FIFO ||
	    got.sched_priority != 9)
		PTS_FAILED("read back policy %d priority %d", pol,
			   got.sched_priority);
	if (sched_getscheduler(tid) != SCHED_FIFO)
		PTS_FAILED("the kernel has policy %d for the thread",
			   sched_getscheduler(tid));
	if (sched_getscheduler(0) != SCHED_OTHER)
		PTS_FAILED("the creator's policy changed");
	err = pthread_setschedprio(t, 4);
	if (err)
		PTS_FAILED("pthread_setschedprio(4): %s", strerror(err));
	sched_getparam(tid, &got);
	if (got.sched_priority != 4)
		PTS_FAILED("kernel priority %d after setschedprio(4)",
			   got.sched_priority);
	p.sched_priority = 100;
	err = pthread_setschedparam(t, SCHED_FIFO, &p);
	if (err != EINVAL)
		PTS_FAILED("priority 100 returned %d, expected EINVAL", err);
	sched_getparam(tid, &got);
	if (got.sched_priority != 4)
		PTS_FAILED("a failed call changed the priority");
	pthread_mutex_unlock(&m);
	pthread_join(t, NULL);
	return PTS_PASS;
}

int main(void)
{
	pts_run_child(child, "scheduling child");
	PTS_PASSED("per-thread policy and priority set and read back");
}
