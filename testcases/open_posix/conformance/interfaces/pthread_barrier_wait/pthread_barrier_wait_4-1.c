// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_barrier_wait() is not a cancellation point: it is in neither
 * list of XSH 2.9.5.2 (functions that shall be, and that may be,
 * cancellation points), so a deferred cancel request made while a
 * thread is blocked in it must not act there. A thread blocked on a
 * barrier of count 2 (asleep in the futex wait) gets a cancel request;
 * another thread then arrives: the first returns from
 * pthread_barrier_wait() normally (0 or PTHREAD_BARRIER_SERIAL_THREAD,
 * exactly one of the two serial) and is cancelled only at its next
 * cancellation point, pthread_testcancel(), after which nothing runs;
 * its cleanup handler ran once.
 */
#include <pthread.h>

#include "pts_helpers.h"

static pthread_barrier_t b;
static volatile int tid, returned, after, cleaned, res_t, res_h;

static void cleanup(void *a)
{
	(void)a;
	cleaned++;
}

static void *target(void *arg)
{
	(void)arg;
	pthread_cleanup_push(cleanup, NULL);
	tid = pts_gettid();
	res_t = pthread_barrier_wait(&b);
	returned = 1;
	pthread_testcancel();
	after = 1;
	pthread_cleanup_pop(0);
	return NULL;
}

static void *helper(void *arg)
{
	(void)arg;
	res_h = pthread_barrier_wait(&b);
	return NULL;
}

int main(void)
{
	pthread_t t, h;
	void *r;

	if (pthread_barrier_init(&b, NULL, 2))
		PTS_UNRES("pthread_barrier_init()");
	pthread_create(&t, NULL, target, NULL);
	pts_wait_flag(&tid, "the target");
	pts_wait_in_syscall(tid, SYS_futex);
	if (pthread_cancel(t))
		PTS_UNRES("pthread_cancel()");
	pthread_create(&h, NULL, helper, NULL);
	/* the target ends either way: cancelled in the wait, or after it */
	pthread_join(t, &r);
	if (!returned)
		PTS_FAILED("the thread was cancelled inside pthread_barrier_wait()");
	if (r != PTHREAD_CANCELED || after || cleaned != 1)
		PTS_FAILED("the pending request did not act at pthread_testcancel() (value %p, after %d, cleanup %d)",
			   r, after, cleaned);
	pthread_join(h, NULL);
	if ((res_t == PTHREAD_BARRIER_SERIAL_THREAD) +
	    (res_h == PTHREAD_BARRIER_SERIAL_THREAD) != 1 ||
	    (res_t != 0 && res_t != PTHREAD_BARRIER_SERIAL_THREAD) ||
	    (res_h != 0 && res_h != PTHREAD_BARRIER_SERIAL_THREAD))
		PTS_FAILED("barrier results %d and %d", res_t, res_h);
	PTS_PASSED("a cancel request does not act inside pthread_barrier_wait()");
}
