// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * PTHREAD_CANCEL_ASYNCHRONOUS: "new or pending cancellation requests may
 * be acted upon at any time", not only at cancellation points. A thread
 * blocked in pthread_mutex_lock() (asleep in the kernel, futex; the
 * call is not a cancellation point) is cancelled: with the asynchronous
 * type it ends there - the join gives PTHREAD_CANCELED, its cleanup
 * handler ran, the lock never returned; with the deferred type (the
 * control) the same request waits: the thread stays blocked, gets the
 * mutex once main unlocks it and is cancelled only at its
 * pthread_testcancel().
 */
#include <pthread.h>

#include "pts_blocked.h"

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static volatile int cleaned, locked;

static void cleanup(void *arg)
{
	(void)arg;
	cleaned = 1;
}

static void *blocker(void *arg)
{
	int type = (int)(long)arg, old;

	pthread_setcanceltype(type, &old);
	pthread_cleanup_push(cleanup, NULL);
	pthread_mutex_lock(&m);
	pthread_setcanceltype(PTHREAD_CANCEL_DEFERRED, &old);
	locked = 1;
	pthread_mutex_unlock(&m);
	pthread_testcancel();
	pthread_cleanup_pop(0);
	return NULL;
}

static void run(int type, const char *name)
{
	struct pts_blocked b;
	void *v;
	int err;

	cleaned = locked = 0;
	pthread_mutex_lock(&m);
	pts_start_blocked(&b, blocker, (void *)(long)type, SYS_futex);
	if (pthread_cancel(b.t))
		PTS_UNRES("pthread_cancel()");
	if (type == PTHREAD_CANCEL_DEFERRED)
		pts_wait_in_syscall(b.tid, SYS_futex);	/* still waiting */
	else
		/* until it has gone, whatever it did */
		pts_wait_flag(&cleaned, "the cancelled thread's cleanup");
	pthread_mutex_unlock(&m);
	err = pthread_join(b.t, &v);
	if (err || v != PTHREAD_CANCELED)
		PTS_FAILED("%s: the thread was not cancelled (join %d, value %p)",
			   name, err, v);
	if (!cleaned)
		PTS_FAILED("%s: the cleanup handler did not run", name);
	if (type == PTHREAD_CANCEL_ASYNCHRONOUS && locked)
		PTS_FAILED("%s: the thread got the mutex before it was cancelled",
			   name);
	if (type == PTHREAD_CANCEL_DEFERRED && !locked)
		PTS_FAILED("%s: the thread was cancelled inside pthread_mutex_lock()",
			   name);
	printf("%s: cancelled %s\n", name,
	       locked ? "at pthread_testcancel()" : "while blocked on the mutex");
}

int main(void)
{
	run(PTHREAD_CANCEL_ASYNCHRONOUS, "asynchronous");
	run(PTHREAD_CANCEL_DEFERRED, "deferred");
	PTS_PASSED("asynchronous cancel acts in a blocked non-cancellation-point call");
}
