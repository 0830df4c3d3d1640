/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A thread started on fn(arg) that is known to have blocked in a given
 * system call before the starter goes on (its thread ID published first,
 * then /proc/TID/syscall read until it names the call), so tests of
 * blocking calls never sleep to synchronise; and a join that insists on
 * success and hands back the thread's value as a long; a bounded reap
 * of a child whose exit code is its verdict.
 */
#ifndef PTS_BLOCKED_H
#define PTS_BLOCKED_H

#include <pthread.h>

#include "pts_helpers.h"

struct pts_blocked {
	pthread_t t;
	volatile int tid;
	void *(*fn)(void *);
	void *arg;
};

static void *pts_blocked_fn_(void *a)
{
	struct pts_blocked *b = a;

	__atomic_store_n(&b->tid, (int)pts_gettid(), __ATOMIC_RELEASE);
	return b->fn(b->arg);
}

/* start fn(arg) in b->t and return once it sleeps in system call nr */
static inline void pts_start_blocked(struct pts_blocked *b,
				     void *(*fn)(void *), void *arg, long nr)
{
	int err;

	b->tid = 0;
	b->fn = fn;
	b->arg = arg;
	err = pthread_create(&b->t, NULL, pts_blocked_fn_, b);
	if (err)
		PTS_UNRES("pthread_create(): %s", strerror(err));
	pts_wait_flag(&b->tid, "the thread to start");
	pts_wait_in_syscall(b->tid, nr);
}

/* join t, which must succeed; its value as a long */
static inline long pts_join_long(pthread_t t)
{
	void *v;
	int err = pthread_join(t, &v);

	if (err)
		PTS_UNRES("pthread_join(): %s", strerror(err));
	return (long)v;
}

/*
 * Reap child pid, which must exit with PTS_PASS within the bound: one
 * still running then is killed and the test fails (what it waited for
 * never came), one that failed passes its PTS code on.
 */
static inline void pts_reap_bounded(pid_t pid, const char *what)
{
	long long end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(30);
	int status;
	pid_t r;

	while (!(r = waitpid(pid, &status, WNOHANG))) {
		if (pts_now(CLOCK_MONOTONIC) > end) {
			kill(pid, SIGKILL);
			waitpid(pid, &status, 0);
			PTS_FAILED("%s never finished", what);
		}
		pts_nap();
	}
	if (r != pid)
		PTS_UNRES("waitpid(%s): %s", what, strerror(errno));
	if (WIFSIGNALED(status))
		PTS_UNRES("%s killed by signal %d", what, WTERMSIG(status));
	if (WEXITSTATUS(status) != PTS_PASS)
		PTS_EXIT(WEXITSTATUS(status), "%s exited with PTS code %d", what,
			 WEXITSTATUS(status));
}

#endif /* PTS_BLOCKED_H */
