// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_condattr_setpshared(): the default is PTHREAD_PROCESS_PRIVATE;
 * PTHREAD_PROCESS_SHARED is read back; another value fails with
 * [EINVAL]. A PROCESS_SHARED condition variable (with a PROCESS_SHARED
 * mutex) in a MAP_SHARED mapping is one object for several processes:
 * one pthread_cond_broadcast() by the parent wakes both children blocked
 * on it, each returning with the mutex held.
 */
#include <pthread.h>
#include <sys/mman.h>

#include "pts_helpers.h"

#define KIDS 2

struct shared {
	pthread_mutex_t m;
	pthread_cond_t c;
	int waiting, go, woken;
};

static struct shared *s;

static int child(void)
{
	struct timespec dl = pts_deadline(CLOCK_REALTIME, pts_bound_ns(30));
	int err = 0;

	pthread_mutex_lock(&s->m);
	s->waiting++;
	while (!s->go && !err)
		err = pthread_cond_timedwait(&s->c, &s->m, &dl);
	if (err) {
		printf("child %d: wait returned %d, not woken\n", getpid(), err);
		return PTS_FAIL;
	}
	/* the mutex is held: this increment is exclusive */
	s->woken++;
	if (pthread_mutex_unlock(&s->m))
		return PTS_FAIL;
	return PTS_PASS;
}

int main(void)
{
	pthread_mutexattr_t ma;
	pthread_condattr_t a;
	pid_t pid[KIDS];
	long long end;
	int v, err, i, n;

	s = mmap(NULL, sizeof(*s), PROT_READ | PROT_WRITE,
		 MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (s == MAP_FAILED)
		PTS_UNRES("mmap(): %m");
	pthread_condattr_init(&a);
	pthread_condattr_getpshared(&a, &v);
	if (v != PTHREAD_PROCESS_PRIVATE)
		PTS_FAILED("default pshared %d, expected PRIVATE", v);
	if (pthread_condattr_setpshared(&a, PTHREAD_PROCESS_SHARED))
		PTS_FAILED("setpshared(SHARED) failed");
	pthread_condattr_getpshared(&a, &v);
	if (v != PTHREAD_PROCESS_SHARED)
		PTS_FAILED("read back %d, expected SHARED", v);
	err = pthread_condattr_setpshared(&a, -7);
	if (err != EINVAL)
		PTS_FAILED("setpshared(-7) returned %d, expected EINVAL", err);
	pthread_mutexattr_init(&ma);
	pthread_mutexattr_setpshared(&ma, PTHREAD_PROCESS_SHARED);
	pthread_mutex_init(&s->m, &ma);
	pthread_cond_init(&s->c, &a);
	fflush(stdout);
	for (i = 0; i < KIDS; i++) {
		pid[i] = fork();
		if (pid[i] < 0)
			PTS_UNRES("fork(): %m");
		if (!pid[i])
			exit(child());
	}
	end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(30);
	/* once both counted themselves and the mutex is free, both wait */
	for (;;) {
		pthread_mutex_lock(&s->m);
		n = s->waiting;
		if (n == KIDS)
			break;
		pthread_mutex_unlock(&s->m);
		if (pts_now(CLOCK_MONOTONIC) > end)
			PTS_UNRES("only %d waiters arrived", n);
		pts_nap();
	}
	s->go = 1;
	pthread_cond_broadcast(&s->c);
	pthread_mutex_unlock(&s->m);
	for (i = 0; i < KIDS; i++)
		pts_reap(pid[i], "waiter");
	if (s->woken != KIDS)
		PTS_FAILED("%d of %d waiters woken", s->woken, KIDS);
	PTS_PASSED("PRIVATE default, a SHARED broadcast wakes waiters in two processes");
}
