// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_attr_destroy() "shall destroy a thread attributes object" and
 * returns 0; "A destroyed attr attributes object can be reinitialized
 * using pthread_attr_init()". An object with every attribute changed
 * (DETACHED, EXPLICIT SCHED_RR 20, 1 MiB stack, no guard) is destroyed
 * (0), initialised again (0) and reads the same values as a fresh
 * object; a thread created from it is joinable and runs with the
 * creator's SCHED_OTHER 0 (the kernel's policy of its TID), none of the
 * destroyed settings.
 */
#include <pthread.h>

#include "pts_j19.h"

struct vals {
	int det, inh, pol, prio, scope;
	size_t stack, guard;
};

static void read_vals(pthread_attr_t *a, struct vals *v)
{
	struct sched_param sp;

	memset(v, 0, sizeof(*v));
	pthread_attr_getdetachstate(a, &v->det);
	pthread_attr_getinheritsched(a, &v->inh);
	pthread_attr_getschedpolicy(a, &v->pol);
	pthread_attr_getschedparam(a, &sp);
	v->prio = sp.sched_priority;
	pthread_attr_getscope(a, &v->scope);
	pthread_attr_getstacksize(a, &v->stack);
	pthread_attr_getguardsize(a, &v->guard);
}

int main(void)
{
	struct sched_param sp = { .sched_priority = 20 };
	struct vals fresh, again;
	struct pts_j19_park p;
	pthread_attr_t a, b;
	int pol, prio, e;

	pthread_attr_init(&b);
	read_vals(&b, &fresh);
	pthread_attr_destroy(&b);

	PTS_EXPECT_ERR(pthread_attr_init(&a), 0, "pthread_attr_init()");
	pthread_attr_setdetachstate(&a, PTHREAD_CREATE_DETACHED);
	pthread_attr_setinheritsched(&a, PTHREAD_EXPLICIT_SCHED);
	pthread_attr_setschedpolicy(&a, SCHED_RR);
	pthread_attr_setschedparam(&a, &sp);
	pthread_attr_setstacksize(&a, 1024 * 1024);
	pthread_attr_setguardsize(&a, 0);
	PTS_EXPECT_ERR(pthread_attr_destroy(&a), 0, "pthread_attr_destroy()");
	PTS_EXPECT_ERR(pthread_attr_init(&a), 0, "pthread_attr_init() again");
	read_vals(&a, &again);
	if (memcmp(&fresh, &again, sizeof(fresh)))
		PTS_FAILED("re-initialised object differs: det %d/%d inh %d/%d pol %d/%d prio %d/%d stack %zu/%zu guard %zu/%zu",
			   again.det, fresh.det, again.inh, fresh.inh,
			   again.pol, fresh.pol, again.prio, fresh.prio,
			   again.stack, fresh.stack, again.guard, fresh.guard);
	e = pts_j19_park(&p, &a);
	if (e)
		PTS_UNRES("pthread_create(): %s", strerror(e));
	pts_j19_sched_of(p.tid, &pol, &prio);
	pts_j19_release(&p, 1);	/* joinable: the join must succeed */
	pts_j19_park_close(&p);
	if (pol != SCHED_OTHER || prio)
		PTS_FAILED("the thread runs %d/%d, not the creator's OTHER 0",
			   pol, prio);
	PTS_EXPECT_ERR(pthread_attr_destroy(&a), 0, "pthread_attr_destroy()");
	PTS_PASSED("destroy 0; re-initialised object has the defaults, its thread joinable OTHER");
}
