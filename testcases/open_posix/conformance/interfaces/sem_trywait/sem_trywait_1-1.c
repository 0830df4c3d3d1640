// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sem_trywait(): locks the semaphore only if it is not locked (value >
 * 0), taking exactly one from the value; otherwise it fails at once
 * with [EAGAIN] without blocking and leaves the value at 0, also while
 * another thread is blocked in sem_wait() on it (that waiter stays
 * blocked). A process-shared semaphore behaves the same.
 */
#include <pthread.h>
#include <semaphore.h>

#include "pts_helpers.h"

static sem_t s;
static volatile int tid, woke;

static void *waiter(void *arg)
{
	(void)arg;
	tid = pts_gettid();
	if (sem_wait(&s))
		return (void *)1;
	woke = 1;
	return NULL;
}

static void run(int pshared)
{
	pthread_t t;
	int v;
	void *r;

	if (sem_init(&s, pshared, 2))
		PTS_UNRES("sem_init(): %m");
	if (sem_trywait(&s))
		PTS_FAILED("trywait at 2 failed: %m");
	sem_getvalue(&s, &v);
	if (v != 1)
		PTS_FAILED("value %d after one trywait from 2", v);
	if (sem_trywait(&s))
		PTS_FAILED("trywait at 1 failed: %m");
	PTS_EXPECT_ERRNO(sem_trywait(&s), EAGAIN, "trywait at 0");
	tid = woke = 0;
	pthread_create(&t, NULL, waiter, NULL);
	pts_wait_flag(&tid, "the waiter");
	pts_wait_in_syscall(tid, SYS_futex);
	PTS_EXPECT_ERRNO(sem_trywait(&s), EAGAIN, "trywait at 0 with a waiter");
	sem_getvalue(&s, &v);
	if (v > 0)
		PTS_FAILED("value %d after EAGAIN", v);
	if (woke)
		PTS_FAILED("the waiter got through");
	sem_post(&s);
	pthread_join(t, &r);
	if (r || !woke)
		PTS_FAILED("the waiter was not released by the post");
	sem_destroy(&s);
}

int main(void)
{
	run(0);
	run(1);
	PTS_PASSED("one taken per call, EAGAIN at 0 without blocking");
}
