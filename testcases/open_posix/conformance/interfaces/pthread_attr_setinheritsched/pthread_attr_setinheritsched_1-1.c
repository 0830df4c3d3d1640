// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_attr_setinheritsched(): with PTHREAD_EXPLICIT_SCHED the new
 * thread takes the policy and priority of the attributes object
 * (SCHED_FIFO 7), seen by the kernel (sched_getscheduler() on its thread
 * ID); with PTHREAD_INHERIT_SCHED, the default, it takes its creator's
 * (SCHED_RR 3) whatever the attributes say. An invalid inheritsched value
 * is refused with EINVAL.
 */
#include <pthread.h>
#include <sched.h>

#include "pts_helpers.h"

static void *thread(void *arg)
{
	struct sched_param p;
	int *out = arg;

	out[0] = sched_getscheduler(0);
	sched_getparam(0, &p);
	out[1] = p.sched_priority;
	return NULL;
}

static void run(int inherit, int *out)
{
	struct sched_param p = { .sched_priority = 7 };
	pthread_attr_t a;
	pthread_t t;
	int err;

	pthread_attr_init(&a);
	if (pthread_attr_setinheritsched(&a, inherit) ||
	    pthread_attr_setschedpolicy(&a, SCHED_FIFO) ||
	    pthread_attr_setschedparam(&a, &p))
		PTS_UNRES("setting the attributes failed");
	err = pthread_create(&t, &a, thread, out);
	if (err)
		PTS_FAILED("pthread_create(): %s", strerror(err));
	pthread_join(t, NULL);
	pthread_attr_destroy(&a);
}

static int child(void)
{
	struct sched_param p = { .sched_priority = 3 };
	pthread_attr_t a;
	int out[2], v;

	if (sched_setscheduler(0, SCHED_RR, &p) == -1)
		PTS_UNRES("sched_setscheduler(SCHED_RR): %m");
	pthread_attr_init(&a);
	pthread_attr_getinheritsched(&a, &v);
	if (v != PTHREAD_INHERIT_SCHED)
		PTS_FAILED("default inheritsched is not PTHREAD_INHERIT_SCHED");
	if (pthread_attr_setinheritsched(&a, 12345) != EINVAL)
		PTS_FAILED("an invalid inheritsched was not refused with EINVAL");
	run(PTHREAD_EXPLICIT_SCHED, out);
	if (out[0] != SCHED_FIFO || out[1] != 7)
		PTS_FAILED("explicit: thread has policy %d priority %d", out[0],
			   out[1]);
	run(PTHREAD_INHERIT_SCHED, out);
	if (out[0] != SCHED_RR || out[1] != 3)
		PTS_FAILED("inherit: thread has policy %d priority %d", out[0],
			   out[1]);
	return PTS_PASS;
}

int main(void)
{
	pts_run_child(child, "scheduling child");
	PTS_PASSED("explicit and inherited scheduling reach the kernel");
}
