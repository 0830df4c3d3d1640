// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sem_wait(): with a value above zero it returns at once, taking one;
 * at zero it blocks. With two threads blocked, one sem_post() lets
 * exactly one of them return (the value goes back to 0) while the other
 * stays blocked in the kernel; a second post releases it.
 */
#include <pthread.h>
#include <semaphore.h>

#include "pts_helpers.h"

static sem_t s;
static volatile int tids[2], done[2];

static void *waiter(void *arg)
{
	long i = (long)arg;

	tids[i] = pts_gettid();
	if (sem_wait(&s))
		return (void *)1;
	__atomic_store_n(&done[i], 1, __ATOMIC_RELEASE);
	return NULL;
}

int main(void)
{
	long long end;
	pthread_t t[2];
	int i, v, first;
	void *r;

	sem_init(&s, 0, 1);
	if (sem_wait(&s))
		PTS_FAILED("sem_wait() at 1: %m");
	sem_getvalue(&s, &v);
	if (v != 0)
		PTS_FAILED("value %d after sem_wait() at 1", v);
	for (i = 0; i < 2; i++)
		pthread_create(&t[i], NULL, waiter, (void *)(long)i);
	for (i = 0; i < 2; i++) {
		pts_wait_flag(&tids[i], "a waiter");
		pts_wait_in_syscall(tids[i], SYS_futex);
	}
	sem_post(&s);
	end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(30);
	while (!done[0] && !done[1]) {
		if (pts_now(CLOCK_MONOTONIC) > end)
			PTS_FAILED("no waiter released by the post");
		pts_nap();
	}
	first = done[0] ? 0 : 1;
	pthread_join(t[first], &r);
	/* the other one is back asleep on the semaphore, not through */
	pts_wait_in_syscall(tids[!first], SYS_futex);
	if (done[!first])
		PTS_FAILED("one post released both waiters");
	sem_getvalue(&s, &v);
	if (v != 0)
		PTS_FAILED("value %d with one waiter left", v);
	sem_post(&s);
	pthread_join(t[!first], &r);
	if (r || !done[!first])
		PTS_FAILED("the second post did not release the other waiter");
	PTS_PASSED("one post, one waiter released");
}
