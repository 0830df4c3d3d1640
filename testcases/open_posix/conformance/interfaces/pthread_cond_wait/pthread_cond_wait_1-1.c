// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_cond_wait() with PTHREAD_PROCESS_SHARED: a condition variable
 * and mutex in a MAP_SHARED mapping synchronise two processes. A child
 * waits for a predicate; the parent, once the child sleeps in the futex
 * wait, sets it under the mutex and broadcasts; the child wakes holding
 * the mutex and sees the value.
 */
#include <pthread.h>
#include <sys/mman.h>

#include "pts_helpers.h"

struct shared {
	pthread_mutex_t m;
	pthread_cond_t c;
	int pred;
};

int main(void)
{
	pthread_mutexattr_t ma;
	pthread_condattr_t ca;
	struct shared *s;
	int ps;
	pid_t pid;

	s = mmap(NULL, sizeof(*s), PROT_READ | PROT_WRITE,
		 MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (s == MAP_FAILED)
		PTS_UNRES("mmap(): %m");
	pthread_mutexattr_init(&ma);
	pthread_mutexattr_setpshared(&ma, PTHREAD_PROCESS_SHARED);
	pthread_condattr_init(&ca);
	if (pthread_condattr_setpshared(&ca, PTHREAD_PROCESS_SHARED))
		PTS_UNSUPP("process-shared condition variables not supported");
	pthread_condattr_getpshared(&ca, &ps);
	if (ps != PTHREAD_PROCESS_SHARED)
		PTS_FAILED("getpshared read back %d", ps);
	pthread_mutex_init(&s->m, &ma);
	pthread_cond_init(&s->c, &ca);
	fflush(stdout);
	pid = fork();
	if (!pid) {
		pthread_mutex_lock(&s->m);
		while (s->pred != 77)
			pthread_cond_wait(&s->c, &s->m);
		if (pthread_mutex_trylock(&s->m) != EBUSY)
			_exit(PTS_FAIL);
		pthread_mutex_unlock(&s->m);
		_exit(PTS_PASS);
	}
	pts_wait_in_syscall(pid, SYS_futex);
	pthread_mutex_lock(&s->m);
	s->pred = 77;
	pthread_cond_broadcast(&s->c);
	pthread_mutex_unlock(&s->m);
	pts_reap(pid, "waiting child");
	PTS_PASSED("process-shared condition variable woke the other process");
}
