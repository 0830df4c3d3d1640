// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_exit(): "Any cancellation cleanup handlers that have been
 * pushed and not yet popped shall be popped in the reverse order that
 * they were pushed and then executed. After all cancellation cleanup
 * handlers have been executed, if the thread has any thread-specific
 * data, appropriate destructor functions shall be called". A thread
 * with two handlers pushed and values bound to two keys with
 * destructors records the order of the calls: both handlers (the last
 * pushed first) come before both destructors, for pthread_exit() and
 * for cancellation (a thread blocked in read() on a pipe); the
 * destructors still see the handlers' effects (the flag they set).
 */
#include <pthread.h>

#include "pts_helpers.h"

static pthread_key_t k1, k2;
static char order[16];
static int pos, p[2];
static volatile int handlers_done, tid;

static void note(char c)
{
	if (pos < (int)sizeof(order) - 1)
		order[pos++] = c;
}

static void h1(void *a)
{
	(void)a;
	note('1');
	handlers_done++;
}

static void h2(void *a)
{
	(void)a;
	note('2');
	handlers_done++;
}

static void d1(void *v)
{
	(void)v;
	note(handlers_done == 2 ? 'a' : 'x');
}

static void d2(void *v)
{
	(void)v;
	note(handlers_done == 2 ? 'b' : 'x');
}

static void *thr(void *arg)
{
	char c;

	pthread_setspecific(k1, &c);
	pthread_setspecific(k2, &c);
	pthread_cleanup_push(h1, NULL);
	pthread_cleanup_push(h2, NULL);
	tid = pts_gettid();
	if (arg)
		pthread_exit(NULL);
	if (read(p[0], &c, 1) >= 0)
		note('r');
	pthread_cleanup_pop(0);
	pthread_cleanup_pop(0);
	return NULL;
}

static void check(const char *how)
{
	printf("%s: order %s\n", how, order);
	/* the destructors of the two keys may run in either order */
	if (strcmp(order, "21ab") && strcmp(order, "21ba"))
		PTS_FAILED("%s: calls in order \"%s\": expected both handlers (2 then 1) before both destructors",
			   how, order);
}

int main(void)
{
	pthread_t t;
	void *r;

	if (pthread_key_create(&k1, d1) || pthread_key_create(&k2, d2) ||
	    pipe(p))
		PTS_UNRES("set-up: %s", strerror(errno));
	pthread_create(&t, NULL, thr, (void *)1);
	pthread_join(t, &r);
	check("pthread_exit()");

	pos = handlers_done = tid = 0;
	memset(order, 0, sizeof(order));
	pthread_create(&t, NULL, thr, NULL);
	pts_wait_flag(&tid, "the thread");
	pts_wait_in_syscall(tid, SYS_read);
	pthread_cancel(t);
	pthread_join(t, &r);
	if (r != PTHREAD_CANCELED)
		PTS_FAILED("the thread was not cancelled in read()");
	check("cancellation");
	PTS_PASSED("cleanup handlers run, last pushed first, before the TSD destructors");
}
