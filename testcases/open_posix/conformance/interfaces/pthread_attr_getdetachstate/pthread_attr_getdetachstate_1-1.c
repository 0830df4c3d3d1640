// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_attr_getdetachstate() "shall get the detachstate attribute":
 * PTHREAD_CREATE_JOINABLE by default and PTHREAD_CREATE_DETACHED once
 * set (0 returned). The value read is what the threads created from
 * the object are: the live attributes (pthread_getattr_np()) of a
 * thread created DETACHED read DETACHED and pthread_join() of it is
 * refused with EINVAL while it runs; a JOINABLE one reads JOINABLE and
 * reads DETACHED after pthread_detach(). Invalid values are EINVAL and
 * leave the value read unchanged.
 */
#include <pthread.h>

#include "pts_j19.h"

static int live_state(pthread_t t)
{
	pthread_attr_t a;
	int v = -1;

	if (pthread_getattr_np(t, &a))
		PTS_UNRES("pthread_getattr_np()");
	pthread_attr_getdetachstate(&a, &v);
	pthread_attr_destroy(&a);
	return v;
}

int main(void)
{
	struct pts_j19_park p, q;
	pthread_attr_t a;
	int v = -1, e;

	pthread_attr_init(&a);
	PTS_EXPECT_ERR(pthread_attr_getdetachstate(&a, &v), 0, "getdetachstate()");
	if (v != PTHREAD_CREATE_JOINABLE)
		PTS_FAILED("default detachstate %d", v);
	if (pts_j19_park(&q, &a))
		PTS_UNRES("pthread_create(joinable)");
	if (live_state(q.t) != PTHREAD_CREATE_JOINABLE)
		PTS_FAILED("a joinable thread reads %d", live_state(q.t));
	PTS_EXPECT_ERR(pthread_attr_setdetachstate(&a, PTHREAD_CREATE_DETACHED),
		       0, "setdetachstate(DETACHED)");
	pthread_attr_getdetachstate(&a, &v);
	if (v != PTHREAD_CREATE_DETACHED)
		PTS_FAILED("DETACHED read back as %d", v);
	PTS_EXPECT_ERR(pthread_attr_setdetachstate(&a, 77), EINVAL,
		       "setdetachstate(77)");
	pthread_attr_getdetachstate(&a, &v);
	if (v != PTHREAD_CREATE_DETACHED)
		PTS_FAILED("the EINVAL call changed the value to %d", v);
	e = pts_j19_park(&p, &a);
	if (e)
		PTS_UNRES("pthread_create(detached): %s", strerror(e));
	if (live_state(p.t) != PTHREAD_CREATE_DETACHED)
		PTS_FAILED("a thread created DETACHED reads %d", live_state(p.t));
	PTS_EXPECT_ERR(pthread_join(p.t, NULL), EINVAL, "join(detached thread)");
	pts_j19_release(&p, 0);

	PTS_EXPECT_ERR(pthread_detach(q.t), 0, "pthread_detach()");
	if (live_state(q.t) != PTHREAD_CREATE_DETACHED)
		PTS_FAILED("after pthread_detach() it reads %d", live_state(q.t));
	pts_j19_release(&q, 0);
	pthread_attr_destroy(&a);
	PTS_PASSED("JOINABLE default, DETACHED read back and followed; EINVAL kept");
}
