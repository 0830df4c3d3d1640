// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_cancel(): "When the cancellation is acted on, the cancellation
 * cleanup handlers for thread shall be called. When the last
 * cancellation cleanup handler returns, the thread-specific data
 * destructor functions shall be called for thread. When the last
 * destructor function returns, thread shall be terminated." A thread
 * with three cleanup handlers pushed and values bound to two keys is
 * cancelled while blocked in read() (seen in the kernel): the handlers
 * run last-pushed first, each still seeing the thread's values bound
 * (the destructors have not run), then both destructors with the bound
 * values, and only then does the thread's join return PTHREAD_CANCELED
 * (the last destructor's step is visible to the joiner).
 */
#include <pthread.h>

#include "pts_blocked.h"

static pthread_key_t k1, k2;
static int p[2];
static char log_[16];
static int nlog, bad;

static void note(char c)
{
	if (nlog < (int)sizeof(log_) - 1)
		log_[nlog++] = c;
}

static void cleanup(void *arg)
{
	if (pthread_getspecific(k1) != &k1 || pthread_getspecific(k2) != &k2)
		bad = 1;	/* a destructor ran before this handler */
	note(*(char *)arg);
}

static void dtor(void *v)
{
	note(v == &k1 ? 'x' : v == &k2 ? 'y' : '?');
}

static void *victim(void *arg)
{
	char c;

	(void)arg;
	pthread_setspecific(k1, &k1);
	pthread_setspecific(k2, &k2);
	pthread_cleanup_push(cleanup, "a");
	pthread_cleanup_push(cleanup, "b");
	pthread_cleanup_push(cleanup, "c");
	if (read(p[0], &c, 1) == 1)
		note('R');
	pthread_cleanup_pop(0);
	pthread_cleanup_pop(0);
	pthread_cleanup_pop(0);
	return NULL;
}

int main(void)
{
	struct pts_blocked b;
	void *v;
	int err;

	if (pipe(p) || pthread_key_create(&k1, dtor) ||
	    pthread_key_create(&k2, dtor))
		PTS_UNRES("pipe() or pthread_key_create()");
	pts_start_blocked(&b, victim, NULL, SYS_read);
	if (pthread_cancel(b.t))
		PTS_FAILED("pthread_cancel() failed");
	err = pthread_join(b.t, &v);
	if (err || v != PTHREAD_CANCELED)
		PTS_FAILED("join returned %d, value %p: not cancelled", err, v);
	if (bad)
		PTS_FAILED("a cleanup handler ran after a destructor (values unbound)");
	/* the destructors' order is unspecified */
	if (strcmp(log_, "cbaxy") && strcmp(log_, "cbayx"))
		PTS_FAILED("order of actions %s, expected cba then the destructors x, y",
			   log_);
	printf("order: %s\n", log_);
	PTS_PASSED("cleanup handlers in reverse order, then destructors, then termination");
}
