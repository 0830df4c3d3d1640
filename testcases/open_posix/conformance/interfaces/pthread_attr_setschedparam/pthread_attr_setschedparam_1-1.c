// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_attr_setschedparam(): with PTHREAD_EXPLICIT_SCHED and
 * SCHED_FIFO the new thread runs at the attribute's priority: the
 * kernel's sched_getparam() for its TID and the priority field of
 * /proc/TID/stat (-1 - priority for a realtime task) agree with it, for
 * the lowest and highest FIFO priorities; the value is read back by
 * pthread_attr_getschedparam(); a priority outside the policy's range
 * is refused with [EINVAL] (glibc checks it at set time, or
 * pthread_create() does) and no thread runs with it.
 */
#include <pthread.h>
#include <sched.h>

#include "pts_helpers.h"

static void *thread(void *arg)
{
	struct sched_param sp;
	long *out = arg;

	sched_getparam(0, &sp);
	out[0] = sp.sched_priority;
	out[1] = pts_task_stat(pts_gettid(), 18);
	return NULL;
}

static void run(int prio)
{
	struct sched_param sp = { .sched_priority = prio }, got;
	pthread_attr_t a;
	long out[2];
	pthread_t t;
	int err;

	pthread_attr_init(&a);
	pthread_attr_setinheritsched(&a, PTHREAD_EXPLICIT_SCHED);
	pthread_attr_setschedpolicy(&a, SCHED_FIFO);
	if (pthread_attr_setschedparam(&a, &sp))
		PTS_FAILED("setschedparam(%d) failed", prio);
	pthread_attr_getschedparam(&a, &got);
	if (got.sched_priority != prio)
		PTS_FAILED("read back %d, expected %d", got.sched_priority, prio);
	err = pthread_create(&t, &a, thread, out);
	if (err == EPERM)
		PTS_UNSUPP("SCHED_FIFO not permitted here");
	if (err)
		PTS_UNRES("pthread_create(): %s", strerror(err));
	pthread_join(t, NULL);
	if (out[0] != prio || out[1] != -1 - prio)
		PTS_FAILED("priority %d: the thread has %ld, /proc prio %ld",
			   prio, out[0], out[1]);
	pthread_attr_destroy(&a);
}

int main(void)
{
	int min = sched_get_priority_min(SCHED_FIFO);
	int max = sched_get_priority_max(SCHED_FIFO);
	struct sched_param sp = { .sched_priority = max + 1 };
	pthread_attr_t a;
	pthread_t t;
	long out[2] = { -1, -1 };
	int err;

	run(min);
	run(max);
	pthread_attr_init(&a);
	pthread_attr_setinheritsched(&a, PTHREAD_EXPLICIT_SCHED);
	pthread_attr_setschedpolicy(&a, SCHED_FIFO);
	err = pthread_attr_setschedparam(&a, &sp);
	if (!err) {
		err = pthread_create(&t, &a, thread, out);
		if (!err) {
			pthread_join(t, NULL);
			PTS_FAILED("a thread ran with priority %d (got %ld)",
				   max + 1, out[0]);
		}
	}
	if (err != EINVAL)
		PTS_FAILED("priority %d returned %d, expected EINVAL", max + 1,
			   err);
	PTS_PASSED("FIFO %d and %d applied, %d EINVAL", min, max, max + 1);
}
