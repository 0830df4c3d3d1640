// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_cleanup_pop(): removes the handler at the top of the calling
 * thread's cancellation cleanup stack (and runs it when execute is
 * nonzero). A handler popped with 0 is gone: when the thread is later
 * cancelled (blocked in read() on a pipe) only the handlers still pushed
 * run, most recently pushed first, each with its own argument.
 */
#include <pthread.h>

#include "pts_helpers.h"

static int order[8], n;
static volatile int tid;
static int p[2];

static void handler(void *arg)
{
	order[n++] = (int)(long)arg;
}

static void *thread(void *arg)
{
	char c;

	(void)arg;
	pthread_cleanup_push(handler, (void *)1);
	pthread_cleanup_push(handler, (void *)2);
	pthread_cleanup_push(handler, (void *)3);
	pthread_cleanup_pop(0);		/* 3 removed, not run */
	pthread_cleanup_push(handler, (void *)4);
	tid = pts_gettid();
	while (read(p[0], &c, 1) <= 0)
		;
	pthread_cleanup_pop(0);
	pthread_cleanup_pop(0);
	pthread_cleanup_pop(0);
	return NULL;
}

int main(void)
{
	pthread_t t;
	void *v;

	if (pipe(p))
		PTS_UNRES("pipe(): %m");
	if (pthread_create(&t, NULL, thread, NULL))
		PTS_UNRES("pthread_create() failed");
	pts_wait_flag(&tid, "the thread");
	pts_wait_in_syscall(tid, SYS_read);
	pthread_cancel(t);
	pthread_join(t, &v);
	if (v != PTHREAD_CANCELED)
		PTS_UNRES("thread not cancelled");
	if (n != 3 || order[0] != 4 || order[1] != 2 || order[2] != 1)
		PTS_FAILED("handlers ran %d times: %d %d %d, expected 4 2 1", n,
			   order[0], order[1], order[2]);
	PTS_PASSED("popped handler gone; the rest ran in reverse");
}
