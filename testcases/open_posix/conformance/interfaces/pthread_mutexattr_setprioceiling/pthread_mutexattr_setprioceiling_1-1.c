// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * PTHREAD_PRIO_PROTECT: "When a thread owns one or more mutexes
 * initialized with the PTHREAD_PRIO_PROTECT protocol, it shall execute at
 * the higher of its priority or the highest of the priority ceilings of
 * all the mutexes owned by this thread". A SCHED_FIFO 5 thread locks a
 * mutex with ceiling 25: the kernel sees it at rtprio 25 while it holds
 * it (sched_getparam and /proc field 18 = -26) and back at 5 after the
 * unlock. pthread_mutex_getprioceiling() reads the ceiling back; a
 * thread above the ceiling gets EINVAL from lock.
 */
#include <pthread.h>
#include <sched.h>

#include "pts_helpers.h"

static pthread_mutex_t m;

static int child(void)
{
	struct sched_param p = { .sched_priority = 5 };
	pthread_mutexattr_t a;
	int ceil = 0;
	long long pr;

	/* through pthreads, so that glibc knows the thread's priority */
	if (pthread_setschedparam(pthread_self(), SCHED_FIFO, &p))
		PTS_UNRES("pthread_setschedparam(SCHED_FIFO 5) failed");
	pthread_mutexattr_init(&a);
	if (pthread_mutexattr_setprotocol(&a, PTHREAD_PRIO_PROTECT))
		PTS_UNSUPP("PTHREAD_PRIO_PROTECT not supported");
	pthread_mutexattr_setprioceiling(&a, 25);
	if (pthread_mutex_init(&m, &a))
		PTS_UNRES("pthread_mutex_init() failed");
	pthread_mutex_getprioceiling(&m, &ceil);
	if (ceil != 25)
		PTS_FAILED("ceiling read back %d", ceil);
	if (pthread_mutex_lock(&m))
		PTS_FAILED("lock failed");
	pr = pts_task_stat(getpid(), 18);
	sched_getparam(0, &p);
	if (pr != -26)
		PTS_FAILED("holding: /proc priority %lld, expected -26", pr);
	pthread_mutex_unlock(&m);
	pr = pts_task_stat(getpid(), 18);
	if (pr != -6)
		PTS_FAILED("after unlock: priority %lld, expected -6", pr);
	p.sched_priority = 30;
	if (pthread_setschedparam(pthread_self(), SCHED_FIFO, &p))
		PTS_UNRES("pthread_setschedparam(SCHED_FIFO 30) failed");
	PTS_EXPECT_ERR(pthread_mutex_lock(&m), EINVAL,
		       "lock by a thread above the ceiling");
	return PTS_PASS;
}

int main(void)
{
	pts_run_child(child, "ceiling child");
	PTS_PASSED("priority raised to the ceiling while the mutex was held");
}
