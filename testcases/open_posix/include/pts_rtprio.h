/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * An unprivileged caller under RLIMIT_RTPRIO (pthread_setschedparam_4-1,
 * pthread_setschedprio_2-2): pts_rtprio_drop() sets the limit to
 * PTS_RTPRIO_LIM and becomes nobody (in a child: no way back), so real-
 * time priorities up to the limit are allowed and raising above it fails
 * with EPERM; pts_rtprio_thread() starts a thread that waits until
 * pts_rtprio_stop(); pts_rtprio_check() fails unless the thread's policy
 * and priority are the expected ones, from pthread_getschedparam() and
 * from the kernel (/proc policy and rt_priority of its TID).
 * pts_check_new_thread() creates a thread with default attributes
 * (PTHREAD_INHERIT_SCHED) and fails unless it runs with the expected
 * policy and priority, read the same two ways (sched_setscheduler_22-1,
 * sched_setparam_21-1).
 */
#ifndef PTS_RTPRIO_H
#define PTS_RTPRIO_H

#include <pthread.h>

#include "pts_helpers.h"
#include "pts_sigkit.h"

#define PTS_RTPRIO_LIM 10

static int pts_rtprio_release;
static pid_t pts_rtprio_tid;

static inline void pts_rtprio_drop(void)
{
	struct rlimit rl = { PTS_RTPRIO_LIM, PTS_RTPRIO_LIM };

	if (setrlimit(RLIMIT_RTPRIO, &rl))
		PTS_UNRES("setrlimit(RLIMIT_RTPRIO): %s", strerror(errno));
	pts_become_nobody();
}

static int (*pts_rtprio_child_fn)(void);

static inline int pts_rtprio_child(void)
{
	pts_rtprio_drop();
	return pts_rtprio_child_fn();
}

/* fn() in a child under pts_rtprio_drop(); its PTS_* exit status is reaped */
static inline void pts_rtprio_in_child(int (*fn)(void))
{
	pts_rtprio_child_fn = fn;
	pts_reap(pts_fork_fn(pts_rtprio_child), "unprivileged child");
}

static void *pts_rtprio_fn(void *arg)
{
	(void)arg;
	__atomic_store_n(&pts_rtprio_tid, pts_gettid(), __ATOMIC_RELEASE);
	while (!__atomic_load_n(&pts_rtprio_release, __ATOMIC_ACQUIRE))
		pts_nap();
	return NULL;
}

static inline pthread_t pts_rtprio_thread(void)
{
	pthread_t t;
	int e = pthread_create(&t, NULL, pts_rtprio_fn, NULL);

	if (e)
		PTS_UNRES("pthread_create(): %s", strerror(e));
	while (!__atomic_load_n(&pts_rtprio_tid, __ATOMIC_ACQUIRE))
		pts_nap();
	return t;
}

static inline void pts_rtprio_stop(pthread_t t)
{
	__atomic_store_n(&pts_rtprio_release, 1, __ATOMIC_RELEASE);
	pthread_join(t, NULL);
}

static inline void pts_rtprio_check(pthread_t t, int pol, int prio,
				    const char *after)
{
	struct sched_param sp = { .sched_priority = -1 };
	int p = -1;
	long long kpol = pts_task_stat(pts_rtprio_tid, 41);
	long long kprio = pts_task_stat(pts_rtprio_tid, 40);

	pthread_getschedparam(t, &p, &sp);
	if (p != pol || sp.sched_priority != prio || kpol != pol || kprio != prio)
		PTS_FAILED("after %s: policy %d priority %d (kernel %lld %lld), expected %d %d",
			   after, p, sp.sched_priority, kpol, kprio, pol, prio);
}

struct pts_new_thread {
	int pol, prio;
	long long kpol, kprio;
};

static inline void *pts_new_thread_fn(void *arg)
{
	struct pts_new_thread *s = arg;
	struct sched_param sp = { .sched_priority = -1 };
	pid_t tid = pts_gettid();

	pthread_getschedparam(pthread_self(), &s->pol, &sp);
	s->prio = sp.sched_priority;
	s->kpol = pts_task_stat(tid, 41);
	s->kprio = pts_task_stat(tid, 40);
	return NULL;
}

static inline void pts_check_new_thread(int pol, int prio)
{
	struct pts_new_thread s = { -1, -1, -1, -1 };
	pthread_t t;
	int e = pthread_create(&t, NULL, pts_new_thread_fn, &s);

	if (e)
		PTS_UNRES("pthread_create(): %s", strerror(e));
	pthread_join(t, NULL);
	if (s.pol != pol || s.prio != prio || s.kpol != pol || s.kprio != prio)
		PTS_FAILED("new thread: policy %d priority %d (kernel %lld %lld), expected %d %d",
			   s.pol, s.prio, s.kpol, s.kprio, pol, prio);
}

#endif /* PTS_RTPRIO_H */
