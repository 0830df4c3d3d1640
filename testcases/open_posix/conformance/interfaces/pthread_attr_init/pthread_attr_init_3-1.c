// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_attr_init(): "A single attributes object can be used in
 * multiple simultaneous calls to pthread_create()". One object
 * (EXPLICIT SCHED_RR 9, 256 KiB stack) is used by six threads released
 * together by a barrier, each creating four threads from it: all 24
 * calls return 0, and each of the 24 new threads runs SCHED_RR 9 (the
 * kernel's policy and priority of its TID) on a stack of at least
 * 256 KiB (pthread_getattr_np()); the object reads the same values
 * after.
 */
#include <pthread.h>

#include "pts_j19.h"

#define NC 6
#define PER 4

static pthread_attr_t attr;
static pthread_barrier_t go;
static int bad[NC];

static void *creator(void *arg)
{
	long me = (long)arg;
	struct pts_j19_park p[PER];
	size_t size;
	void *addr;
	int i, pol, prio, e;

	pthread_barrier_wait(&go);
	for (i = 0; i < PER; i++) {
		e = pts_j19_park(&p[i], &attr);
		if (e) {
			bad[me] = e;
			break;
		}
	}
	while (i-- > 0) {
		pts_j19_sched_of(p[i].tid, &pol, &prio);
		pts_j19_stack_of(p[i].t, &addr, &size);
		if (pol != SCHED_RR || prio != 9 || size < 256 * 1024)
			bad[me] = -1;
		pts_j19_release(&p[i], 1);
		pts_j19_park_close(&p[i]);
	}
	return NULL;
}

int main(void)
{
	struct sched_param sp = { .sched_priority = 9 };
	pthread_t t[NC];
	size_t size;
	long i;
	int pol;

	pts_need_sched_fifo();
	pthread_attr_init(&attr);
	pthread_attr_setinheritsched(&attr, PTHREAD_EXPLICIT_SCHED);
	pthread_attr_setschedpolicy(&attr, SCHED_RR);
	pthread_attr_setschedparam(&attr, &sp);
	pthread_attr_setstacksize(&attr, 256 * 1024);
	pthread_barrier_init(&go, NULL, NC);
	for (i = 0; i < NC; i++)
		if (pthread_create(&t[i], NULL, creator, (void *)i))
			PTS_UNRES("pthread_create(creator)");
	for (i = 0; i < NC; i++)
		pthread_join(t[i], NULL);
	for (i = 0; i < NC; i++) {
		if (bad[i] > 0)
			PTS_FAILED("creator %ld: pthread_create() returned %d", i, bad[i]);
		if (bad[i])
			PTS_FAILED("creator %ld: a thread did not run RR 9 on 256 KiB", i);
	}
	pthread_attr_getschedpolicy(&attr, &pol);
	pthread_attr_getschedparam(&attr, &sp);
	pthread_attr_getstacksize(&attr, &size);
	if (pol != SCHED_RR || sp.sched_priority != 9 || size != 256 * 1024)
		PTS_FAILED("the object changed: %d/%d, %zu", pol, sp.sched_priority, size);
	PTS_PASSED("%d simultaneous creates from one object, all RR 9 on 256 KiB", NC * PER);
}
