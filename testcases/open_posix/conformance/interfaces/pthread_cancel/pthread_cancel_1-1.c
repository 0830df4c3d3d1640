// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_cancel(), deferred type: the request is held while the thread
 * has cancelability disabled, and acted upon at the next cancellation
 * point once it is enabled; a thread blocked in read() on a pipe (a
 * cancellation point) is cancelled there. Either thread joins with
 * PTHREAD_CANCELED and its cleanup handler ran.
 */
#include <pthread.h>

#include "pts_helpers.h"

static volatile int disabled_done, cleaned;
static volatile pid_t reader_tid;
static int p[2];

static void cleanup(void *arg)
{
	(void)arg;
	cleaned++;
}

static void *disabled(void *arg)
{
	int old;

	(void)arg;
	pthread_setcancelstate(PTHREAD_CANCEL_DISABLE, &old);
	pthread_cleanup_push(cleanup, NULL);
	while (!disabled_done)
		pthread_testcancel();	/* no effect while disabled */
	disabled_done = 2;
	pthread_setcancelstate(PTHREAD_CANCEL_ENABLE, &old);
	pthread_testcancel();
	disabled_done = 3;
	pthread_cleanup_pop(0);
	return NULL;
}

static void *reader(void *arg)
{
	char c;

	(void)arg;
	reader_tid = pts_gettid();
	pthread_cleanup_push(cleanup, NULL);
	while (read(p[0], &c, 1) <= 0)
		;
	pthread_cleanup_pop(0);
	return NULL;
}

int main(void)
{
	pthread_t t;
	void *v;

	pthread_create(&t, NULL, disabled, NULL);
	if (pthread_cancel(t))
		PTS_FAILED("pthread_cancel() failed");
	disabled_done = 1;
	pthread_join(t, &v);
	if (v != PTHREAD_CANCELED)
		PTS_FAILED("thread not cancelled once enabled (state %d)",
			   disabled_done);
	if (disabled_done != 2)
		PTS_FAILED("cancel acted on while disabled or too late (%d)",
			   disabled_done);
	if (pipe(p))
		PTS_UNRES("pipe(): %m");
	pthread_create(&t, NULL, reader, NULL);
	while (!reader_tid)
		pts_nap();
	pts_wait_in_syscall(reader_tid, SYS_read);
	pthread_cancel(t);
	pthread_join(t, &v);
	if (v != PTHREAD_CANCELED)
		PTS_FAILED("thread blocked in read() not cancelled");
	if (cleaned != 2)
		PTS_FAILED("cleanup handlers ran %d times, expected 2", cleaned);
	PTS_PASSED("deferred cancel held while disabled, acted on in read()");
}
