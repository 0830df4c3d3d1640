// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_mutexattr_getprioceiling() "shall get the priority ceiling
 * attribute of a mutex attributes object". Every SCHED_FIFO priority
 * from sched_get_priority_min() to _max() is set and read back (0);
 * values outside that range are EINVAL (setprioceiling "may fail" so,
 * glibc does) and keep the value read. A PRIO_PROTECT mutex made from
 * the object runs its SCHED_FIFO 1 owner at the ceiling read back while
 * it holds it (the kernel's priority of the owner), at 1 after.
 */
#include <pthread.h>

#include "pts_j19.h"

static int prio_now(void)
{
	int pol, prio;

	pts_j19_sched_of(pts_gettid(), &pol, &prio);
	return prio;
}

int main(void)
{
	pthread_mutexattr_t a;
	pthread_mutex_t m;
	int lo, hi, i, v = -1, e, held;

	pts_need_sched_fifo();
	lo = sched_get_priority_min(SCHED_FIFO);
	hi = sched_get_priority_max(SCHED_FIFO);
	pthread_mutexattr_init(&a);
	pthread_mutexattr_setprotocol(&a, PTHREAD_PRIO_PROTECT);
	for (i = lo; i <= hi; i++) {
		PTS_EXPECT_ERR(pthread_mutexattr_setprioceiling(&a, i), 0,
			       "setprioceiling()");
		v = -1;
		PTS_EXPECT_ERR(pthread_mutexattr_getprioceiling(&a, &v), 0,
			       "getprioceiling()");
		if (v != i)
			PTS_FAILED("ceiling %d read back as %d", i, v);
	}
	pthread_mutexattr_setprioceiling(&a, 17);
	e = pthread_mutexattr_setprioceiling(&a, hi + 1);
	printf("ceiling %d: %s\n", hi + 1, e ? strerrorname_np(e) : "0");
	if (e != EINVAL)
		PTS_FAILED("ceiling max + 1 returned %d, not EINVAL", e);
	e = pthread_mutexattr_setprioceiling(&a, lo - 1);
	if (e != EINVAL)
		PTS_FAILED("ceiling min - 1 returned %d, not EINVAL", e);
	pthread_mutexattr_getprioceiling(&a, &v);
	if (v != 17)
		PTS_FAILED("the EINVAL calls changed the ceiling to %d", v);

	pts_j19_self_sched(SCHED_FIFO, 1);
	if (pthread_mutex_init(&m, &a))
		PTS_UNRES("pthread_mutex_init(PRIO_PROTECT)");
	if (pthread_mutex_lock(&m))
		PTS_UNRES("pthread_mutex_lock()");
	held = prio_now();
	pthread_mutex_unlock(&m);
	if (held != v || prio_now() != 1)
		PTS_FAILED("owner ran at %d holding a ceiling %d mutex, %d after",
			   held, v, prio_now());
	pts_j19_self_sched(SCHED_OTHER, 0);
	pthread_mutexattr_destroy(&a);
	PTS_PASSED("FIFO %d..%d read back, EINVAL kept; the owner ran at the ceiling", lo, hi);
}
