// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_attr_setschedpolicy(): with PTHREAD_EXPLICIT_SCHED a thread is
 * created with the policy of the attribute: the kernel reports SCHED_RR
 * (and SCHED_FIFO, SCHED_OTHER) for the new thread's TID while the
 * creator keeps SCHED_OTHER; the policy is read back by
 * pthread_attr_getschedpolicy(); an unknown policy fails with [EINVAL]
 * (or [ENOTSUP]) and keeps the setting.
 */
#include <pthread.h>
#include <sched.h>

#include "pts_helpers.h"

static void *thread(void *arg)
{
	(void)arg;
	return (void *)(long)sched_getscheduler(0);
}

static void create(int pol, int prio)
{
	struct sched_param sp = { .sched_priority = prio };
	pthread_attr_t a;
	pthread_t t;
	int got, err;
	void *v;

	pthread_attr_init(&a);
	pthread_attr_setinheritsched(&a, PTHREAD_EXPLICIT_SCHED);
	if (pthread_attr_setschedpolicy(&a, pol))
		PTS_FAILED("setschedpolicy(%d) failed", pol);
	pthread_attr_getschedpolicy(&a, &got);
	if (got != pol)
		PTS_FAILED("read back policy %d, expected %d", got, pol);
	pthread_attr_setschedparam(&a, &sp);
	err = pthread_attr_setschedpolicy(&a, 4242);
	if (err != EINVAL && err != ENOTSUP)
		PTS_FAILED("setschedpolicy(4242) returned %d, expected EINVAL",
			   err);
	pthread_attr_getschedpolicy(&a, &got);
	if (got != pol)
		PTS_FAILED("a refused policy changed it to %d", got);
	err = pthread_create(&t, &a, thread, NULL);
	if (err == EPERM)
		PTS_UNSUPP("policy %d not permitted here", pol);
	if (err)
		PTS_UNRES("pthread_create(policy %d): %s", pol, strerror(err));
	pthread_join(t, &v);
	if ((long)v != pol)
		PTS_FAILED("the kernel reports policy %ld for a thread created with %d",
			   (long)v, pol);
	if (sched_getscheduler(0) != SCHED_OTHER)
		PTS_FAILED("the creator's policy changed");
	pthread_attr_destroy(&a);
}

int main(void)
{
	create(SCHED_RR, 3);
	create(SCHED_FIFO, 2);
	create(SCHED_OTHER, 0);
	PTS_PASSED("RR, FIFO, OTHER created as set; EINVAL");
}
