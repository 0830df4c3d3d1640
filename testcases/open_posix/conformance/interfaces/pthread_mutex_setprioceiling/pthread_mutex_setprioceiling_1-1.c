// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_mutex_setprioceiling(): changes the ceiling of a
 * PTHREAD_PRIO_PROTECT mutex and returns the old one in *old_ceiling;
 * pthread_mutex_getprioceiling() reads the new one, and the next owner
 * runs at it (a SCHED_FIFO 5 thread holding the mutex is seen by the
 * kernel at rtprio 20, /proc field 18 = -21, and at 5 again after the
 * unlock). [EINVAL] for a ceiling outside the SCHED_FIFO range (the
 * ceiling kept), and for a mutex whose protocol is not
 * PTHREAD_PRIO_PROTECT. pthread_mutexattr_getprotocol() of a new object
 * is PTHREAD_PRIO_NONE; setprotocol and setprioceiling refuse values
 * outside the defined ones with EINVAL.
 */
#include <pthread.h>
#include <sched.h>

#include "pts_helpers.h"

static int child(void)
{
	struct sched_param p = { .sched_priority = 5 };
	int lo = sched_get_priority_min(SCHED_FIFO);
	int hi = sched_get_priority_max(SCHED_FIFO);
	pthread_mutex_t m, plain = PTHREAD_MUTEX_INITIALIZER;
	pthread_mutexattr_t a;
	int v, old = 0;
	long long pr;

	if (pthread_setschedparam(pthread_self(), SCHED_FIFO, &p))
		PTS_UNRES("pthread_setschedparam(SCHED_FIFO 5) failed");
	pthread_mutexattr_init(&a);
	pthread_mutexattr_getprotocol(&a, &v);
	if (v != PTHREAD_PRIO_NONE)
		PTS_FAILED("a new mutexattr's protocol is %d, expected PRIO_NONE", v);
	PTS_EXPECT_ERR(pthread_mutexattr_setprotocol(&a, 12345), EINVAL,
		       "setprotocol(12345)");
	if (pthread_mutexattr_setprotocol(&a, PTHREAD_PRIO_PROTECT))
		PTS_UNSUPP("PTHREAD_PRIO_PROTECT not supported");
	PTS_EXPECT_ERR(pthread_mutexattr_setprioceiling(&a, hi + 1), EINVAL,
		       "attr setprioceiling(max + 1)");
	PTS_EXPECT_ERR(pthread_mutexattr_setprioceiling(&a, lo - 1), EINVAL,
		       "attr setprioceiling(min - 1)");
	pthread_mutexattr_setprioceiling(&a, 10);
	if (pthread_mutex_init(&m, &a))
		PTS_UNRES("pthread_mutex_init() failed");

	if (pthread_mutex_setprioceiling(&m, 20, &old))
		PTS_FAILED("setprioceiling(20) failed");
	if (old != 10)
		PTS_FAILED("old ceiling returned %d, expected 10", old);
	pthread_mutex_getprioceiling(&m, &v);
	if (v != 20)
		PTS_FAILED("ceiling read back %d, expected 20", v);
	PTS_EXPECT_ERR(pthread_mutex_setprioceiling(&m, hi + 1, &old), EINVAL,
		       "setprioceiling(max + 1)");
	pthread_mutex_getprioceiling(&m, &v);
	if (v != 20)
		PTS_FAILED("a refused ceiling changed it to %d", v);
	if (pthread_mutex_lock(&m))
		PTS_FAILED("lock failed");
	pr = pts_task_stat(pts_gettid(), 18);
	pthread_mutex_unlock(&m);
	if (pr != -21)
		PTS_FAILED("holding: /proc priority %lld, expected -21 (ceiling 20)",
			   pr);
	pr = pts_task_stat(pts_gettid(), 18);
	if (pr != -6)
		PTS_FAILED("after unlock: /proc priority %lld, expected -6", pr);
	PTS_EXPECT_ERR(pthread_mutex_setprioceiling(&plain, 20, &old), EINVAL,
		       "setprioceiling() of a PRIO_NONE mutex");
	printf("ceiling 10 -> 20, owner at rtprio 20 while holding\n");
	return PTS_PASS;
}

int main(void)
{
	if (getuid())
		PTS_UNSUPP("needs root for SCHED_FIFO");
	pts_run_child(child, "ceiling child");
	PTS_PASSED("ceiling changed, old returned, applied; EINVAL");
}
