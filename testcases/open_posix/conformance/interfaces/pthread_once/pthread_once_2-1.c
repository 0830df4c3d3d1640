// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_once(): "If init_routine is a cancellation point and is
 * canceled, the effect on once_control shall be as if pthread_once()
 * was never called." A thread whose init routine is blocked in read()
 * on a pipe is cancelled; another thread waiting in pthread_once() on
 * the same once_control (seen asleep in futex) then runs the init
 * routine itself, and a later call does not run it again.
 */
#include <pthread.h>

#include "pts_helpers.h"

static pthread_once_t once = PTHREAD_ONCE_INIT;
static volatile pid_t first_tid, second_tid;
static volatile int calls;
static int p[2];

static void init(void)
{
	char c;

	if (++calls == 1) {
		first_tid = pts_gettid();
		for (;;)
			if (read(p[0], &c, 1) == 1)
				break;
	}
}

static void *first(void *arg)
{
	(void)arg;
	pthread_once(&once, init);
	return NULL;
}

static void *second(void *arg)
{
	(void)arg;
	second_tid = pts_gettid();
	return (void *)(long)pthread_once(&once, init);
}

static void wait_tid(volatile pid_t *tid)
{
	long long end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(30);

	while (!*tid) {
		if (pts_now(CLOCK_MONOTONIC) > end)
			PTS_UNRES("thread never started");
		pts_nap();
	}
}

int main(void)
{
	pthread_t t1, t2;
	void *v;

	if (pipe(p))
		PTS_UNRES("pipe(): %s", strerror(errno));
	pthread_create(&t1, NULL, first, NULL);
	wait_tid(&first_tid);
	pts_wait_in_syscall(first_tid, SYS_read);
	pthread_create(&t2, NULL, second, NULL);
	wait_tid(&second_tid);
	pts_wait_in_syscall(second_tid, SYS_futex);
	if (calls != 1)
		PTS_FAILED("init ran %d times while the first call was in it", calls);
	pthread_cancel(t1);
	pthread_join(t1, &v);
	if (v != PTHREAD_CANCELED)
		PTS_UNRES("the init routine's thread was not cancelled");
	pthread_join(t2, &v);
	if (v)
		PTS_FAILED("the waiting pthread_once() returned %ld", (long)v);
	if (calls != 2)
		PTS_FAILED("after the cancel, init ran %d times in all, expected 2",
			   calls);
	pthread_once(&once, init);
	if (calls != 2)
		PTS_FAILED("a later call ran init again (%d calls)", calls);
	PTS_PASSED("a cancelled init is as if never called; the waiter ran it");
}
