// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sem_getvalue(): "If sem is locked, then the object to which sval
 * points shall either be set to zero or to a negative number whose
 * absolute value represents the number of processes waiting for the
 * semaphore at some unspecified time during the call." With two threads
 * asleep in sem_wait() on a zero semaphore the value read is 0 or -2,
 * nothing else (which one is implementation-defined and is printed);
 * after two posts have released both waiters it reads 0, and a third
 * post makes it 1.
 */
#include <pthread.h>
#include <semaphore.h>

#include "pts_helpers.h"

static sem_t s;
static volatile pid_t tids[2];

static void *waiter(void *arg)
{
	long i = (long)arg;

	tids[i] = pts_gettid();
	return (void *)(long)sem_wait(&s);
}

int main(void)
{
	long long end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(30);
	pthread_t t[2];
	void *r;
	long i;
	int v;

	if (sem_init(&s, 0, 0))
		PTS_UNRES("sem_init(): %m");
	for (i = 0; i < 2; i++) {
		if (pthread_create(&t[i], NULL, waiter, (void *)i))
			PTS_UNRES("pthread_create()");
		while (!tids[i]) {
			if (pts_now(CLOCK_MONOTONIC) > end)
				PTS_UNRES("waiter %ld never started", i);
			pts_nap();
		}
		pts_wait_in_syscall(tids[i], SYS_futex);
	}
	if (sem_getvalue(&s, &v))
		PTS_FAILED("sem_getvalue(): %m");
	if (v != 0 && v != -2)
		PTS_FAILED("value %d with two waiters, expected 0 or -2", v);
	printf("with two waiters sem_getvalue() reports %d (%s)\n", v,
	       v ? "the number of waiters" : "zero");
	for (i = 0; i < 2; i++)
		sem_post(&s);
	for (i = 0; i < 2; i++) {
		pthread_join(t[i], &r);
		if (r)
			PTS_FAILED("sem_wait() of waiter %ld failed", i);
	}
	sem_getvalue(&s, &v);
	if (v)
		PTS_FAILED("value %d after both waiters were released", v);
	sem_post(&s);
	sem_getvalue(&s, &v);
	if (v != 1)
		PTS_FAILED("value %d after one more post, expected 1", v);
	PTS_PASSED("locked semaphore reads 0 or -waiters; then 0, 1");
}
