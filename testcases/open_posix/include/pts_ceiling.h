/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The PTHREAD_PRIO_PROTECT [EINVAL] clause shared by the lock calls: a
 * thread whose priority is above the mutex's ceiling fails to lock it
 * with [EINVAL]. pts_ceiling_einval() runs one lock call (given as a
 * function) at SCHED_FIFO ceiling + 5, expects EINVAL with the caller's
 * priority untouched (sched_getparam() and the kernel's /proc prio) and
 * the mutex left free, then lowers the caller to the ceiling itself,
 * where the same call must succeed and run the caller at the ceiling.
 */
#ifndef PTS_CEILING_H
#define PTS_CEILING_H

#include <pthread.h>

#include "pts_helpers.h"

#define PTS_CEIL_PRIO 11

/* the caller's SCHED_FIFO priority as the kernel sees it (/proc prio) */
static inline int pts_ceil_kprio(void)
{
	return -1 - (int)pts_task_stat(pts_gettid(), 18);
}

static inline void pts_ceil_setprio(int prio)
{
	struct sched_param sp = { .sched_priority = prio };
	int err = pthread_setschedparam(pthread_self(), SCHED_FIFO, &sp);

	if (err)
		PTS_UNRES("pthread_setschedparam(FIFO %d): %s", prio,
			  strerror(err));
}

static inline void pts_ceiling_einval(int (*lockfn)(pthread_mutex_t *),
				      const char *name)
{
	pthread_mutexattr_t a;
	pthread_mutex_t m;
	struct sched_param sp;
	int err, kprio;

	pts_need_sched_fifo();
	pthread_mutexattr_init(&a);
	if (pthread_mutexattr_setprotocol(&a, PTHREAD_PRIO_PROTECT))
		PTS_UNSUPP("PTHREAD_PRIO_PROTECT not supported");
	if (pthread_mutexattr_setprioceiling(&a, PTS_CEIL_PRIO) ||
	    pthread_mutex_init(&m, &a))
		PTS_UNRES("PRIO_PROTECT mutex with ceiling %d", PTS_CEIL_PRIO);
	pthread_mutexattr_destroy(&a);

	pts_ceil_setprio(PTS_CEIL_PRIO + 5);
	err = lockfn(&m);
	if (err != EINVAL)
		PTS_FAILED("%s at FIFO %d above ceiling %d returned %d (%s); expected EINVAL",
			   name, PTS_CEIL_PRIO + 5, PTS_CEIL_PRIO, err,
			   err ? strerrorname_np(err) : "0");
	if (sched_getparam(0, &sp) || sp.sched_priority != PTS_CEIL_PRIO + 5)
		PTS_FAILED("%s's EINVAL left the priority at %d, not %d", name,
			   sp.sched_priority, PTS_CEIL_PRIO + 5);
	kprio = pts_ceil_kprio();
	if (kprio != PTS_CEIL_PRIO + 5)
		PTS_FAILED("%s's EINVAL left the kernel priority at %d, not %d",
			   name, kprio, PTS_CEIL_PRIO + 5);

	/* at the ceiling itself the call is allowed, and the mutex is free */
	pts_ceil_setprio(PTS_CEIL_PRIO);
	err = lockfn(&m);
	if (err)
		PTS_FAILED("%s at FIFO %d, the ceiling: %d (%s); the failed call left the mutex held?",
			   name, PTS_CEIL_PRIO, err, strerrorname_np(err));
	kprio = pts_ceil_kprio();
	if (kprio != PTS_CEIL_PRIO)
		PTS_FAILED("holding the mutex at the ceiling: kernel priority %d, not %d",
			   kprio, PTS_CEIL_PRIO);
	if (pthread_mutex_unlock(&m) || pthread_mutex_destroy(&m))
		PTS_UNRES("unlock or destroy after %s", name);
	printf("%s: EINVAL at FIFO %d over ceiling %d, priority kept; 0 at the ceiling\n",
	       name, PTS_CEIL_PRIO + 5, PTS_CEIL_PRIO);
}

#endif /* PTS_CEILING_H */
