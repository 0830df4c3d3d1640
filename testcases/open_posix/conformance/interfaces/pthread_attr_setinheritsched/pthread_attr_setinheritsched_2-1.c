// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_attr_setinheritsched(): PTHREAD_INHERIT_SCHED - "the
 * scheduling policy and associated attributes shall be inherited from
 * the creating thread, and the scheduling attributes in this attr
 * argument shall be ignored"; PTHREAD_EXPLICIT_SCHED - they "shall be
 * set to the corresponding values from this attributes object". The
 * creator is a second thread at SCHED_FIFO 12 while main stays
 * SCHED_OTHER, so inheritance is from the creating thread, not from
 * the process: an INHERIT object holding SCHED_RR 30 gives a FIFO 12
 * thread, the same object made EXPLICIT an RR 30 one (the kernel's
 * policy and priority of each new TID).
 */
#include <pthread.h>

#include "pts_j19.h"

static int got[2][2];

static void *creator(void *arg)
{
	pthread_attr_t *a = arg;
	struct pts_j19_park p;
	int i, e;

	pts_j19_self_sched(SCHED_FIFO, 12);
	for (i = 0; i < 2; i++) {
		pthread_attr_setinheritsched(a, i ? PTHREAD_EXPLICIT_SCHED :
						    PTHREAD_INHERIT_SCHED);
		e = pts_j19_park(&p, a);
		if (e)
			PTS_UNRES("pthread_create(): %s", strerror(e));
		pts_j19_sched_of(p.tid, &got[i][0], &got[i][1]);
		pts_j19_release(&p, 1);
		pts_j19_park_close(&p);
	}
	return NULL;
}

int main(void)
{
	struct sched_param sp = { .sched_priority = 30 };
	pthread_attr_t a;
	pthread_t t;
	int pol, prio;

	pts_need_sched_fifo();
	pthread_attr_init(&a);
	pthread_attr_setschedpolicy(&a, SCHED_RR);
	pthread_attr_setschedparam(&a, &sp);
	if (pthread_create(&t, NULL, creator, &a))
		PTS_UNRES("pthread_create(creator)");
	pthread_join(t, NULL);
	pts_j19_sched_of(pts_gettid(), &pol, &prio);
	printf("INHERIT: %d/%d, EXPLICIT: %d/%d, main %d/%d\n", got[0][0],
	       got[0][1], got[1][0], got[1][1], pol, prio);
	if (got[0][0] != SCHED_FIFO || got[0][1] != 12)
		PTS_FAILED("INHERIT did not take the creating thread's FIFO 12");
	if (got[1][0] != SCHED_RR || got[1][1] != 30)
		PTS_FAILED("EXPLICIT did not apply the object's RR 30");
	if (pol != SCHED_OTHER)
		PTS_FAILED("main's policy changed");
	PTS_PASSED("INHERIT follows the creating thread, EXPLICIT the object");
}
