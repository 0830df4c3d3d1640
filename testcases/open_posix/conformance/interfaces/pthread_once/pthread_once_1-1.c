// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_once(): "The first call to pthread_once() by any thread in a
 * process, with a given once_control, shall call the init_routine with
 * no arguments. Subsequent calls of pthread_once() with the same
 * once_control shall not call the init_routine. On return from
 * pthread_once(), init_routine shall have completed." Eight threads call
 * it together; the init routine runs once, and holds on until every
 * other thread is seen asleep in the kernel (futex) inside its own
 * pthread_once(): none of them returns before it completes.
 */
#include <pthread.h>

#include "pts_helpers.h"

#define NT 8

static pthread_once_t once = PTHREAD_ONCE_INIT;
static volatile pid_t tids[NT];
static volatile int calls, done, early;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void init(void)
{
	long long end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(30);
	pid_t me = pts_gettid();
	int i;

	calls++;
	for (i = 0; i < NT; i++) {
		while (!tids[i]) {
			if (pts_now(CLOCK_MONOTONIC) > end)
				PTS_UNRES("thread %d never started", i);
			pts_nap();
		}
		if (tids[i] != me)
			pts_wait_in_syscall(tids[i], SYS_futex);
	}
	done = 1;
}

static void *thread(void *arg)
{
	tids[(long)arg] = pts_gettid();
	if (pthread_once(&once, init))
		PTS_FAILED("pthread_once() failed");
	if (!done) {
		pthread_mutex_lock(&m);
		early++;
		pthread_mutex_unlock(&m);
	}
	return NULL;
}

int main(void)
{
	pthread_t t[NT];
	long i;

	for (i = 0; i < NT; i++)
		pthread_create(&t[i], NULL, thread, (void *)i);
	for (i = 0; i < NT; i++)
		pthread_join(t[i], NULL);
	if (pthread_once(&once, init))
		PTS_FAILED("pthread_once() from main failed");
	printf("init routine ran %d time(s); %d thread(s) returned before it completed\n",
	       calls, early);
	if (calls != 1)
		PTS_FAILED("init routine ran %d times", calls);
	if (early)
		PTS_FAILED("pthread_once() returned before init completed");
	PTS_PASSED("init ran once, the others waited for it");
}
