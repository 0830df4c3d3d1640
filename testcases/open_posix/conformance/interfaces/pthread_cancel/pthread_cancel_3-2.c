// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_cancel(): cancellation processing in the target runs
 * asynchronously with respect to the caller's return from
 * pthread_cancel(). A thread blocked in read() on an empty pipe is
 * cancelled; pthread_cancel() returns 0 while the target's cleanup
 * handler has not finished: the handler, once running, waits for a flag
 * main sets only after pthread_cancel() returned (a pthread_cancel()
 * that waited for it would never return), then the thread ends with
 * PTHREAD_CANCELED.
 */
#include <pthread.h>

#include "pts_helpers.h"

static int fds[2];
static volatile int tid, in_cleanup, cancel_returned, saw_return;

static void cleanup(void *arg)
{
	long long end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(30);

	(void)arg;
	__atomic_store_n(&in_cleanup, 1, __ATOMIC_RELEASE);
	while (!__atomic_load_n(&cancel_returned, __ATOMIC_ACQUIRE) &&
	       pts_now(CLOCK_MONOTONIC) < end)
		sched_yield();
	saw_return = cancel_returned;
}

static void *reader(void *arg)
{
	char c;

	(void)arg;
	pthread_cleanup_push(cleanup, NULL);
	tid = pts_gettid();
	if (read(fds[0], &c, 1) >= 0)
		pthread_exit((void *)1L);
	pthread_cleanup_pop(0);
	return (void *)2L;
}

int main(void)
{
	pthread_t t;
	void *r;
	int err;

	if (pipe(fds) || pthread_create(&t, NULL, reader, NULL))
		PTS_UNRES("pipe/pthread_create");
	pts_wait_flag(&tid, "the reader's start");
	pts_wait_in_syscall(tid, SYS_read);
	err = pthread_cancel(t);
	__atomic_store_n(&cancel_returned, 1, __ATOMIC_RELEASE);
	if (err)
		PTS_FAILED("pthread_cancel() returned %d", err);
	if (pthread_join(t, &r))
		PTS_UNRES("pthread_join()");
	if (r != PTHREAD_CANCELED)
		PTS_FAILED("the reader was not cancelled (it returned %p)", r);
	if (!in_cleanup || !saw_return)
		PTS_FAILED("the cleanup handler %s", in_cleanup ?
			   "finished before pthread_cancel() returned" :
			   "never ran");
	PTS_PASSED("pthread_cancel() returned while the target's cancellation was still in progress");
}
