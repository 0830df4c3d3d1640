// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_attr_getschedpolicy(): "The supported values of policy shall
 * include SCHED_FIFO, SCHED_RR, and SCHED_OTHER". Each of the three is
 * set (0) and read back (0, the same value), and a thread created from
 * the object with PTHREAD_EXPLICIT_SCHED runs under exactly that policy
 * as the kernel reports it for the thread's TID (sched_getscheduler()),
 * while the creating thread stays SCHED_OTHER.
 */
#include <pthread.h>

#include "pts_j19.h"

int main(void)
{
	static const int pols[] = { SCHED_FIFO, SCHED_RR, SCHED_OTHER };
	struct pts_j19_park p;
	struct sched_param sp;
	pthread_attr_t a;
	unsigned int i;
	int v, pol, prio, e;

	pts_need_sched_fifo();
	for (i = 0; i < 3; i++) {
		pthread_attr_init(&a);
		PTS_EXPECT_ERR(pthread_attr_setschedpolicy(&a, pols[i]), 0,
			       "pthread_attr_setschedpolicy()");
		v = -1;
		PTS_EXPECT_ERR(pthread_attr_getschedpolicy(&a, &v), 0,
			       "pthread_attr_getschedpolicy()");
		if (v != pols[i])
			PTS_FAILED("policy %d read back as %d", pols[i], v);
		sp.sched_priority = pols[i] == SCHED_OTHER ? 0 :
				    sched_get_priority_min(pols[i]);
		pthread_attr_setschedparam(&a, &sp);
		pthread_attr_setinheritsched(&a, PTHREAD_EXPLICIT_SCHED);
		e = pts_j19_park(&p, &a);
		if (e)
			PTS_UNRES("pthread_create(policy %d): %s", pols[i],
				  strerror(e));
		pts_j19_sched_of(p.tid, &pol, &prio);
		pts_j19_release(&p, 1);
		pts_j19_park_close(&p);
		if (pol != pols[i] || prio != sp.sched_priority)
			PTS_FAILED("thread created with policy %d/%d runs %d/%d",
				   pols[i], sp.sched_priority, pol, prio);
		pthread_attr_destroy(&a);
	}
	pts_j19_sched_of(pts_gettid(), &pol, &prio);
	if (pol != SCHED_OTHER)
		PTS_FAILED("the creator's policy changed to %d", pol);
	PTS_PASSED("FIFO, RR and OTHER read back and applied to new threads");
}
