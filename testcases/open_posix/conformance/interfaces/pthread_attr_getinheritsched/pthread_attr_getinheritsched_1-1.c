// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_attr_getinheritsched() "shall get the inheritsched attribute"
 * (PTHREAD_INHERIT_SCHED or PTHREAD_EXPLICIT_SCHED). The default is
 * implementation-defined and printed; what it reads must be what a
 * thread created from the object does: with a creator at SCHED_RR 6,
 * a thread created from an object reading INHERIT runs RR 6, from one
 * reading EXPLICIT (its policy and priority set to SCHED_OTHER 0) runs
 * SCHED_OTHER 0 (kernel view of its TID). An invalid value is EINVAL and
 * leaves the value read unchanged. (EXPLICIT with the scheduling
 * attributes left at their defaults: pthread_attr_setinheritsched_2-2.)
 */
#include <pthread.h>

#include "pts_j19.h"

static void check(pthread_attr_t *a, const char *what)
{
	struct pts_j19_park p;
	int v = -1, pol, prio, e;

	PTS_EXPECT_ERR(pthread_attr_getinheritsched(a, &v), 0,
		       "pthread_attr_getinheritsched()");
	if (v != PTHREAD_INHERIT_SCHED && v != PTHREAD_EXPLICIT_SCHED)
		PTS_FAILED("%s: inheritsched reads %d", what, v);
	e = pts_j19_park(&p, a);
	if (e)
		PTS_UNRES("pthread_create(): %s", strerror(e));
	pts_j19_sched_of(p.tid, &pol, &prio);
	pts_j19_release(&p, 1);
	pts_j19_park_close(&p);
	printf("%s: reads %s, thread runs %d/%d\n", what,
	       v == PTHREAD_INHERIT_SCHED ? "INHERIT" : "EXPLICIT", pol, prio);
	if (v == PTHREAD_INHERIT_SCHED && (pol != SCHED_RR || prio != 6))
		PTS_FAILED("%s: INHERIT read, but the thread is not RR 6", what);
	if (v == PTHREAD_EXPLICIT_SCHED && (pol != SCHED_OTHER || prio))
		PTS_FAILED("%s: EXPLICIT read, but the thread is not OTHER 0", what);
}

int main(void)
{
	struct sched_param sp = { .sched_priority = 0 };
	pthread_attr_t a;
	int v;

	pts_need_sched_fifo();
	pts_j19_self_sched(SCHED_RR, 6);
	pthread_attr_init(&a);
	check(&a, "default");
	PTS_EXPECT_ERR(pthread_attr_setinheritsched(&a, PTHREAD_EXPLICIT_SCHED),
		       0, "setinheritsched(EXPLICIT)");
	pthread_attr_setschedpolicy(&a, SCHED_OTHER);
	pthread_attr_setschedparam(&a, &sp);
	check(&a, "EXPLICIT set");
	PTS_EXPECT_ERR(pthread_attr_setinheritsched(&a, 1234), EINVAL,
		       "setinheritsched(1234)");
	pthread_attr_getinheritsched(&a, &v);
	if (v != PTHREAD_EXPLICIT_SCHED)
		PTS_FAILED("the EINVAL call changed the value to %d", v);
	PTS_EXPECT_ERR(pthread_attr_setinheritsched(&a, PTHREAD_INHERIT_SCHED),
		       0, "setinheritsched(INHERIT)");
	check(&a, "INHERIT set");
	pthread_attr_destroy(&a);
	PTS_PASSED("the value read is the one new threads follow; EINVAL kept it");
}
