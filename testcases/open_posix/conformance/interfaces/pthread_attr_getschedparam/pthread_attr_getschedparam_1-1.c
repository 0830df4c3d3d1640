// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_attr_getschedparam() "shall get the scheduling parameter
 * attributes in the attr argument"; for SCHED_FIFO and SCHED_RR only
 * sched_priority is required. Every priority from
 * sched_get_priority_min() to _max() of SCHED_RR is set and read back
 * exactly; the minimum, a middle value and the maximum are then given
 * to an explicitly scheduled RR thread, whose priority the kernel
 * reports as the one read back (sched_getparam() of its TID).
 */
#include <pthread.h>

#include "pts_j19.h"

int main(void)
{
	struct pts_j19_park p;
	struct sched_param sp, got;
	pthread_attr_t a;
	int lo, hi, i, pol, prio, e;
	int probe[3];

	pts_need_sched_fifo();
	lo = sched_get_priority_min(SCHED_RR);
	hi = sched_get_priority_max(SCHED_RR);
	if (lo < 0 || hi < lo)
		PTS_UNRES("SCHED_RR range %d..%d", lo, hi);
	pthread_attr_init(&a);
	pthread_attr_setschedpolicy(&a, SCHED_RR);
	for (i = lo; i <= hi; i++) {
		sp.sched_priority = i;
		PTS_EXPECT_ERR(pthread_attr_setschedparam(&a, &sp), 0,
			       "pthread_attr_setschedparam()");
		got.sched_priority = -1;
		PTS_EXPECT_ERR(pthread_attr_getschedparam(&a, &got), 0,
			       "pthread_attr_getschedparam()");
		if (got.sched_priority != i)
			PTS_FAILED("priority %d read back as %d", i,
				   got.sched_priority);
	}
	probe[0] = lo;
	probe[1] = (lo + hi) / 2;
	probe[2] = hi;
	pthread_attr_setinheritsched(&a, PTHREAD_EXPLICIT_SCHED);
	for (i = 0; i < 3; i++) {
		sp.sched_priority = probe[i];
		pthread_attr_setschedparam(&a, &sp);
		pthread_attr_getschedparam(&a, &got);
		e = pts_j19_park(&p, &a);
		if (e)
			PTS_UNRES("pthread_create(RR %d): %s", probe[i],
				  strerror(e));
		pts_j19_sched_of(p.tid, &pol, &prio);
		pts_j19_release(&p, 1);
		pts_j19_park_close(&p);
		if (pol != SCHED_RR || prio != got.sched_priority)
			PTS_FAILED("attr reads RR %d, the thread runs %d/%d",
				   got.sched_priority, pol, prio);
	}
	pthread_attr_destroy(&a);
	PTS_PASSED("RR %d..%d read back; new threads run at the value read", lo, hi);
}
