/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The order in which two SCHED_FIFO threads A and B (who 0 and 1) run,
 * for the tests of a thread's place in its priority list: main takes
 * CPU 0 alone at SCHED_FIFO 30, so threads it creates below 30 are
 * runnable but cannot run until main blocks (pthread_join()); each
 * thread records its turn in pts_pos[who] (1 for the first to run).
 */
#ifndef PTS_FIFO_ORDER_H
#define PTS_FIFO_ORDER_H

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <string.h>
#include "pts_helpers.h"

static volatile int pts_seq, pts_pos[2];

static void *pts_fifo_record(void *arg)
{
	pts_pos[(long)arg] = __atomic_add_fetch(&pts_seq, 1, __ATOMIC_SEQ_CST);
	return NULL;
}

/* Thread who (0 = A, 1 = B) at SCHED_FIFO prio, explicitly scheduled. */
static inline pthread_t pts_fifo_thread(long who, int prio)
{
	struct sched_param sp = { .sched_priority = prio };
	pthread_attr_t a;
	pthread_t t;
	int e;

	pthread_attr_init(&a);
	pthread_attr_setinheritsched(&a, PTHREAD_EXPLICIT_SCHED);
	pthread_attr_setschedpolicy(&a, SCHED_FIFO);
	pthread_attr_setschedparam(&a, &sp);
	e = pthread_create(&t, &a, pts_fifo_record, (void *)who);
	if (e)
		PTS_UNRES("pthread_create(FIFO %d): %s", prio, strerror(e));
	pthread_attr_destroy(&a);
	return t;
}

/* A at a_prio and B at 20, neither run yet. */
static inline void pts_fifo_pair(int a_prio, const char *what, pthread_t *a,
				 pthread_t *b)
{
	pts_seq = pts_pos[0] = pts_pos[1] = 0;
	*a = pts_fifo_thread(0, a_prio);
	*b = pts_fifo_thread(1, 20);
	if (pts_seq)
		PTS_UNRES("%s: a thread ran while main held the CPU", what);
}

/* Let both run (main blocks); 1 when A ran before B. */
static inline int pts_fifo_a_first(pthread_t a, pthread_t b, const char *what)
{
	pthread_join(a, NULL);
	pthread_join(b, NULL);
	printf("%s: A ran %d, B ran %d\n", what, pts_pos[0], pts_pos[1]);
	return pts_pos[0] < pts_pos[1];
}

/* Main alone on CPU 0 at SCHED_FIFO 30 (TCONF without the permission). */
static inline void pts_fifo_main_hold(void)
{
	struct sched_param sp = { .sched_priority = 30 };
	cpu_set_t cs;

	pts_need_sched_fifo();
	CPU_ZERO(&cs);
	CPU_SET(0, &cs);
	if (sched_setaffinity(0, sizeof(cs), &cs))
		PTS_UNRES("sched_setaffinity(CPU 0): %s", strerror(errno));
	if (pthread_setschedparam(pthread_self(), SCHED_FIFO, &sp))
		PTS_UNRES("main to SCHED_FIFO 30");
}

static inline void pts_fifo_main_release(void)
{
	struct sched_param sp = { .sched_priority = 0 };

	pthread_setschedparam(pthread_self(), SCHED_OTHER, &sp);
}

#endif /* PTS_FIFO_ORDER_H */
