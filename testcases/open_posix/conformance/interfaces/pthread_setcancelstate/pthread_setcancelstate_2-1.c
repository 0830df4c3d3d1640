// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_setcancelstate() is not a cancellation point (it is in
 * neither list of XSH 2.9.5.2): a thread that had cancelability
 * disabled when the request came, and then enables it (deferred type),
 * goes on after pthread_setcancelstate() returns - the old state
 * DISABLE is reported - and is cancelled at its next cancellation
 * point, pthread_testcancel(), its cleanup handler running there. The
 * same for pthread_setcanceltype(DEFERRED) called after the enable:
 * not a cancellation point either.
 */
#include <pthread.h>

#include "pts_helpers.h"

static volatile int ready, requested, after_enable, after_type, after_test,
	cleaned, old_state = -1;

static void cleanup(void *a)
{
	(void)a;
	cleaned = 1;
}

static void *thr(void *arg)
{
	int st, ty;

	(void)arg;
	pthread_setcancelstate(PTHREAD_CANCEL_DISABLE, NULL);
	pthread_cleanup_push(cleanup, NULL);
	ready = 1;
	pts_wait_flag(&requested, "the request");
	pthread_setcancelstate(PTHREAD_CANCEL_ENABLE, &st);
	old_state = st;
	after_enable = 1;
	pthread_setcanceltype(PTHREAD_CANCEL_DEFERRED, &ty);
	after_type = 1;
	pthread_testcancel();
	after_test = 1;
	pthread_cleanup_pop(0);
	return NULL;
}

int main(void)
{
	pthread_t t;
	void *r;

	pthread_create(&t, NULL, thr, NULL);
	pts_wait_flag(&ready, "the thread");
	if (pthread_cancel(t))
		PTS_UNRES("pthread_cancel()");
	requested = 1;
	pthread_join(t, &r);
	if (!after_enable)
		PTS_FAILED("cancelled inside pthread_setcancelstate(ENABLE)");
	if (old_state != PTHREAD_CANCEL_DISABLE)
		PTS_FAILED("old state %d, expected PTHREAD_CANCEL_DISABLE", old_state);
	if (!after_type)
		PTS_FAILED("cancelled inside pthread_setcanceltype(DEFERRED)");
	if (r != PTHREAD_CANCELED || after_test || !cleaned)
		PTS_FAILED("not cancelled at pthread_testcancel() (value %p, after %d, cleanup %d)",
			   r, after_test, cleaned);
	PTS_PASSED("enabling cancelability is not a cancellation point; the request acts at the next one");
}
