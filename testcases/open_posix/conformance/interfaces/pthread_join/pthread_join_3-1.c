// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_join(): "shall not return an error code of [EINTR]": a thread
 * joining another that is still running takes three caught signals
 * (no SA_RESTART), goes back to waiting after each, and returns 0 with
 * the target's value only once the target has terminated.
 */
#include <pthread.h>

#include "pts_no_eintr.h"

static volatile int jtid, go, joined;
static pthread_t target;

static void *run_target(void *arg)
{
	(void)arg;
	pts_wait_flag(&go, "go");
	return (void *)77;
}

static void *joiner(void *arg)
{
	void *v = NULL;
	long r;

	(void)arg;
	jtid = pts_gettid();
	r = pthread_join(target, &v);
	joined = 1;
	if (r)
		return (void *)r;
	return v == (void *)77 ? NULL : (void *)-1L;
}

int main(void)
{
	pthread_t j;
	void *v;

	pts_ne_install();
	pthread_create(&target, NULL, run_target, NULL);
	pthread_create(&j, NULL, joiner, NULL);
	pts_ne_interrupt(j, &jtid, 3, &joined, "pthread_join()");
	go = 1;
	pthread_join(j, &v);
	if (v)
		PTS_FAILED("the join returned %ld", (long)v);
	if (pts_ne_handled != 3)
		PTS_FAILED("%d signals handled", pts_ne_handled);
	PTS_PASSED("join resumed after each signal, no EINTR");
}
