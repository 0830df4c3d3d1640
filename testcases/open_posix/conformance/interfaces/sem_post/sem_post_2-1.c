// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sem_post(): "If the Process Scheduling option is supported, the thread
 * to be unblocked shall be chosen in a manner appropriate to the
 * scheduling policies and parameters in effect for the blocked threads.
 * In the case of the schedulers SCHED_FIFO and SCHED_RR, the highest
 * priority waiting thread shall be unblocked, and if there is more than
 * one highest priority thread blocked waiting for the semaphore, then
 * the highest priority thread that has been waiting the longest shall be
 * unblocked." Four SCHED_FIFO threads of priorities 10, 20, 20, 5 block
 * in that order (each seen asleep before the next starts); four posts,
 * each waiting for one thread to come out, release the second, the
 * third, the first and the fourth.
 */
#include <pthread.h>
#include <sched.h>
#include <semaphore.h>

#include "pts_helpers.h"

#define N 4

static const int prio[N] = { 10, 20, 20, 5 };
static const int expect[N] = { 1, 2, 0, 3 };
static sem_t s;
static volatile pid_t tids[N];
static volatile int order[N], done;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static void *waiter(void *arg)
{
	long i = (long)arg;

	tids[i] = pts_gettid();
	if (sem_wait(&s))
		return (void *)1;
	pthread_mutex_lock(&lock);
	order[done++] = i;
	pthread_mutex_unlock(&lock);
	return NULL;
}

static int count(void)
{
	int n;

	pthread_mutex_lock(&lock);
	n = done;
	pthread_mutex_unlock(&lock);
	return n;
}

int main(void)
{
	long long end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(30);
	struct sched_param sp;
	pthread_attr_t at;
	pthread_t t[N];
	long i;
	int e;

	if (sem_init(&s, 0, 0))
		PTS_UNRES("sem_init(): %m");
	pthread_attr_init(&at);
	pthread_attr_setinheritsched(&at, PTHREAD_EXPLICIT_SCHED);
	pthread_attr_setschedpolicy(&at, SCHED_FIFO);
	for (i = 0; i < N; i++) {
		sp.sched_priority = prio[i];
		pthread_attr_setschedparam(&at, &sp);
		e = pthread_create(&t[i], &at, waiter, (void *)i);
		if (e == EPERM)
			PTS_UNSUPP("SCHED_FIFO threads not permitted here");
		if (e)
			PTS_UNRES("pthread_create(): %s", strerror(e));
		while (!tids[i]) {
			if (pts_now(CLOCK_MONOTONIC) > end)
				PTS_UNRES("waiter %ld never started", i);
			pts_nap();
		}
		pts_wait_in_syscall(tids[i], SYS_futex);
	}
	for (i = 0; i < N; i++) {
		if (sem_post(&s))
			PTS_UNRES("sem_post(): %m");
		while (count() <= i) {
			if (pts_now(CLOCK_MONOTONIC) > end)
				PTS_FAILED("post %ld released no waiter", i + 1);
			pts_nap();
		}
		if (count() != i + 1)
			PTS_FAILED("post %ld released %d waiters in all", i + 1,
				   count());
		printf("post %ld released the thread of priority %d (blocked %s)\n",
		       i + 1, prio[order[i]], order[i] == 0 ? "1st" :
		       order[i] == 1 ? "2nd" : order[i] == 2 ? "3rd" : "4th");
		if (order[i] != expect[i])
			PTS_FAILED("post %ld released waiter %d, expected waiter %d",
				   i + 1, order[i] + 1, expect[i] + 1);
	}
	for (i = 0; i < N; i++)
		pthread_join(t[i], NULL);
	PTS_PASSED("highest priority first, the longest waiting among equals");
}
