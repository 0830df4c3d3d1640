// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Deferred cancellation: "the cancellation request shall be held pending
 * until the cancelled thread reaches a cancellation point". A thread
 * spinning on a flag (no cancellation point) goes on after the request
 * until pthread_testcancel(). With cancelability disabled, a thread
 * blocked in read() on a pipe is not cancelled by the request: the read
 * completes with the byte written afterwards, and the request acts at
 * the first cancellation point after the thread enables cancelability.
 * A thread that keeps it disabled and returns normally is joined with
 * its return value, not PTHREAD_CANCELED.
 */
#include <pthread.h>

#include "pts_helpers.h"

static volatile int go, passed, got;
static volatile pid_t reader_tid;
static int p[2];
static char token;

static void *spinner(void *arg)
{
	(void)arg;
	while (!go)
		;
	passed = 1;
	pthread_testcancel();
	passed = 2;
	return NULL;
}

static void *reader(void *arg)
{
	int old;
	char c;

	pthread_setcancelstate(PTHREAD_CANCEL_DISABLE, &old);
	reader_tid = pts_gettid();
	got = read(p[0], &c, 1);
	if (arg)
		return arg;	/* keeps cancelability disabled */
	pthread_setcancelstate(PTHREAD_CANCEL_ENABLE, &old);
	pthread_testcancel();
	got = -5;
	return NULL;
}

static void cancel_reader(pthread_t *t, void *arg)
{
	long long end;

	reader_tid = 0;
	got = 0;
	pthread_create(t, NULL, reader, arg);
	end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(30);
	while (!reader_tid) {
		if (pts_now(CLOCK_MONOTONIC) > end)
			PTS_UNRES("the reader never started");
		pts_nap();
	}
	pts_wait_in_syscall(reader_tid, SYS_read);
	if (pthread_cancel(*t))
		PTS_FAILED("pthread_cancel() failed");
	if (write(p[1], "x", 1) != 1)
		PTS_UNRES("write(): %s", strerror(errno));
}

int main(void)
{
	pthread_t t;
	void *v;

	pthread_create(&t, NULL, spinner, NULL);
	if (pthread_cancel(t))
		PTS_FAILED("pthread_cancel() failed");
	go = 1;
	pthread_join(t, &v);
	if (v != PTHREAD_CANCELED || passed != 1)
		PTS_FAILED("spinner: %s, reached stage %d (expected cancelled at pthread_testcancel())",
			   v == PTHREAD_CANCELED ? "cancelled" : "not cancelled",
			   passed);
	printf("deferred request held until pthread_testcancel()\n");

	if (pipe(p))
		PTS_UNRES("pipe(): %s", strerror(errno));
	cancel_reader(&t, NULL);
	pthread_join(t, &v);
	if (got != 1)
		PTS_FAILED("read() with cancelability disabled returned %d, expected 1",
			   got);
	if (v != PTHREAD_CANCELED)
		PTS_FAILED("the pending request did not act once enabled");
	printf("disabled: read() completed, request acted on after enabling\n");

	cancel_reader(&t, &token);
	pthread_join(t, &v);
	if (got != 1 || v != &token)
		PTS_FAILED("disabled thread returning normally: read %d, value %s",
			   got, v == PTHREAD_CANCELED ? "PTHREAD_CANCELED" : "other");
	PTS_PASSED("deferred and disabled cancellation held pending");
}
