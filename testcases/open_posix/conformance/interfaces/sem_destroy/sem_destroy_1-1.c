// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sem_destroy(): an initialised unnamed semaphore on which no thread is
 * blocked may be destroyed (0), also right after the posts that
 * released its waiters; the memory can be initialised again with
 * sem_init(), and the new value is the one seen (not the old one), for
 * a private and a process-shared semaphore.
 */
#include <pthread.h>
#include <semaphore.h>

#include "pts_helpers.h"

#define N 3

static sem_t s;
static volatile int tids[N];

static void *waiter(void *arg)
{
	long i = (long)arg;

	tids[i] = pts_gettid();
	return (void *)(long)sem_wait(&s);
}

int main(void)
{
	pthread_t t[N];
	int i, v, ps;
	void *r;

	for (ps = 0; ps < 2; ps++) {
		if (sem_init(&s, ps, 0))
			PTS_UNRES("sem_init(): %m");
		for (i = 0; i < N; i++) {
			tids[i] = 0;
			pthread_create(&t[i], NULL, waiter, (void *)(long)i);
		}
		for (i = 0; i < N; i++) {
			pts_wait_flag(&tids[i], "a waiter");
			pts_wait_in_syscall(tids[i], SYS_futex);
		}
		for (i = 0; i < N; i++)
			sem_post(&s);
		for (i = 0; i < N; i++) {
			pthread_join(t[i], &r);
			if (r)
				PTS_FAILED("a waiter's sem_wait() failed");
		}
		if (sem_destroy(&s))
			PTS_FAILED("sem_destroy() with no waiter left: %m");
		if (sem_init(&s, ps, 5))
			PTS_FAILED("sem_init() again: %m");
		sem_getvalue(&s, &v);
		if (v != 5)
			PTS_FAILED("re-initialised value %d, expected 5", v);
		if (sem_destroy(&s))
			PTS_FAILED("sem_destroy() of an unused semaphore: %m");
	}
	PTS_PASSED("destroyed after its waiters left, re-initialised");
}
