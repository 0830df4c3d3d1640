/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A PI owner thread and a waiter thread in one process, watched by main
 * (above both at SCHED_FIFO): the owner locks pts_pi_m and marks
 * pts_pi_has, unlocks once main releases pts_pi_go (which main holds
 * from the start), marks pts_pi_unlocked and stays alive, unboosted,
 * until main sets pts_pi_done; the waiter blocks on pts_pi_m behind it.
 * With pts_pi_owner_nice set, the owner first takes that nice value
 * (the thread returns 1 when it cannot).
 */
#ifndef PTS_PI_THREADS_H
#define PTS_PI_THREADS_H

#include <pthread.h>
#include <sys/resource.h>

#include "pts_helpers.h"
#include "pts_pi.h"

static pthread_mutex_t pts_pi_m;
static pthread_mutex_t pts_pi_go = PTHREAD_MUTEX_INITIALIZER;
static volatile pid_t pts_pi_owner_tid, pts_pi_waiter_tid;
static int pts_pi_has, pts_pi_unlocked, pts_pi_done, pts_pi_owner_nice;

static void *pts_pi_owner(void *arg)
{
	(void)arg;
	pts_pi_owner_tid = pts_gettid();
	if (pts_pi_owner_nice &&
	    setpriority(PRIO_PROCESS, pts_pi_owner_tid, pts_pi_owner_nice))
		return (void *)1L;
	pthread_mutex_lock(&pts_pi_m);
	__atomic_store_n(&pts_pi_has, 1, __ATOMIC_RELEASE);
	pthread_mutex_lock(&pts_pi_go);	/* held by main until it has looked */
	pthread_mutex_unlock(&pts_pi_go);
	pthread_mutex_unlock(&pts_pi_m);
	__atomic_store_n(&pts_pi_unlocked, 1, __ATOMIC_RELEASE);
	/* stay alive, unboosted, until main has looked again */
	pts_wait_flag(&pts_pi_done, "main's last look");
	return NULL;
}

static void *pts_pi_waiter(void *arg)
{
	(void)arg;
	pts_pi_waiter_tid = pts_gettid();
	pthread_mutex_lock(&pts_pi_m);
	pthread_mutex_unlock(&pts_pi_m);
	return NULL;
}

/* the waiter at SCHED_FIFO prio, once it sleeps on the mutex */
static inline void pts_pi_start_waiter(pthread_t *w, int prio)
{
	pts_fifo_thread(w, pts_pi_waiter, prio);
	while (!pts_pi_waiter_tid)
		pts_nap();
	pts_wait_in_syscall(pts_pi_waiter_tid, SYS_futex);
}

/* the owner's priority as /proc/<tid>/stat field 18 shows it */
static inline void pts_pi_expect(long long want, const char *when)
{
	long long pr = pts_task_stat(pts_pi_owner_tid, 18);

	if (pr != want)
		PTS_FAILED("owner's priority %lld %s, expected %lld", pr, when, want);
}

#endif /* PTS_PI_THREADS_H */
