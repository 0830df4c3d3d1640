// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Thread attributes objects: "After a thread attributes object has been
 * used to initialize one or more threads, any function affecting the
 * attributes object (including destruction) shall not affect any
 * previously created thread". A thread created joinable is still
 * joinable (its return value comes back) after the attributes object
 * was switched to PTHREAD_CREATE_DETACHED and destroyed while it ran;
 * a thread created detached stays detached (pthread_detach() of it,
 * while it still runs, does not succeed) after the object was set back
 * to JOINABLE. A destroyed object initialised again has the defaults
 * (JOINABLE, INHERIT_SCHED), not the values set before.
 */
#include <pthread.h>

#include "pts_helpers.h"

static int p[2];

static void *thr(void *arg)
{
	char c;

	if (read(p[0], &c, 1) != 1)
		return NULL;
	return arg;
}

int main(void)
{
	pthread_attr_t a;
	pthread_t t;
	void *r;
	int v, e;
	char c = 'x';

	if (pipe(p))
		PTS_UNRES("pipe(): %s", strerror(errno));
	pthread_attr_init(&a);
	pthread_attr_setinheritsched(&a, PTHREAD_EXPLICIT_SCHED);
	pthread_attr_setdetachstate(&a, PTHREAD_CREATE_JOINABLE);
	if (pthread_create(&t, &a, thr, (void *)42))
		PTS_UNRES("pthread_create()");
	pthread_attr_setdetachstate(&a, PTHREAD_CREATE_DETACHED);
	pthread_attr_destroy(&a);
	if (write(p[1], &c, 1) != 1)
		PTS_UNRES("write(): %s", strerror(errno));
	e = pthread_join(t, &r);
	if (e || r != (void *)42)
		PTS_FAILED("join after the attr changed and was destroyed: %s, value %p",
			   strerror(e), r);

	pthread_attr_init(&a);
	pthread_attr_getdetachstate(&a, &v);
	if (v != PTHREAD_CREATE_JOINABLE)
		PTS_FAILED("re-initialised attr detachstate %d", v);
	pthread_attr_getinheritsched(&a, &v);
	if (v != PTHREAD_INHERIT_SCHED)
		PTS_FAILED("re-initialised attr inheritsched %d, expected INHERIT", v);

	pthread_attr_setdetachstate(&a, PTHREAD_CREATE_DETACHED);
	if (pthread_create(&t, &a, thr, NULL))
		PTS_UNRES("pthread_create(detached)");
	pthread_attr_setdetachstate(&a, PTHREAD_CREATE_JOINABLE);
	pthread_attr_destroy(&a);
	/* the thread is blocked in read(): its ID is still valid */
	e = pthread_detach(t);
	printf("pthread_detach() of the running detached thread: %s\n",
	       e ? strerrorname_np(e) : "0");
	if (!e)
		PTS_FAILED("a thread created detached was detachable again after the attr changed");
	if (write(p[1], &c, 1) != 1)
		PTS_UNRES("write(): %s", strerror(errno));
	PTS_PASSED("attribute changes and destruction do not affect created threads");
}
