/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Cancellation points: run a blocking call in a new thread (deferred
 * cancelability, the default) with a cleanup handler pushed; once the
 * thread sleeps in the given system call, pthread_cancel() it. The
 * call is a cancellation point when the thread then joins with
 * PTHREAD_CANCELED, its cleanup handler having run and the code after
 * the call never reached. Used by the "X is a cancellation point"
 * tests; each one then reads back that the cancelled call consumed
 * nothing (the semaphore value, the queue's messages, the signals).
 */
#ifndef PTS_CANCEL_H
#define PTS_CANCEL_H

#include <pthread.h>

#include "pts_helpers.h"

struct pts_cancel_ctx {
	void (*body)(void *arg);
	void *arg;
	volatile int tid;
	volatile int cleaned;
	volatile int returned;
};

static void pts_cancel_cleanup_(void *a)
{
	((struct pts_cancel_ctx *)a)->cleaned = 1;
}

static void *pts_cancel_thread_(void *a)
{
	struct pts_cancel_ctx *c = a;

	pthread_cleanup_push(pts_cancel_cleanup_, c);
	c->tid = pts_gettid();
	c->body(c->arg);
	c->returned = 1;
	pthread_cleanup_pop(0);
	return NULL;
}

/*
 * body(arg) must block in system call nr; fails the test unless the
 * thread is cancelled inside it.
 */
static inline void pts_cancel_in_syscall(void (*body)(void *), void *arg,
					 long nr, const char *what)
{
	struct pts_cancel_ctx c = { .body = body, .arg = arg };
	pthread_t t;
	void *r;
	int e;

	e = pthread_create(&t, NULL, pts_cancel_thread_, &c);
	if (e)
		PTS_UNRES("pthread_create(): %s", strerror(e));
	pts_wait_flag(&c.tid, what);
	pts_wait_in_syscall(c.tid, nr);
	e = pthread_cancel(t);
	if (e)
		PTS_UNRES("pthread_cancel(): %s", strerror(e));
	pthread_join(t, &r);
	if (c.returned || r != PTHREAD_CANCELED || !c.cleaned)
		PTS_FAILED("%s: not cancelled while blocked (returned %d, value %p, cleanup %d)",
			   what, c.returned, r, c.cleaned);
}

#endif /* PTS_CANCEL_H */
