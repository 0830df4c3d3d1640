// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_exit(): "An implicit call to pthread_exit() is made when a
 * thread other than the thread in which main() was first invoked
 * returns from the start routine that was used to create it. The
 * function's return value shall serve as the thread's exit status."
 * A thread that set a thread-specific value returns 0x5eed: its key
 * destructor runs, in that thread (its TID) with the value, as at a
 * pthread_exit(); the join returns 0 with 0x5eed; and the thread's
 * kernel task goes away (/proc/self/task/TID disappears, bounded).
 */
#include <pthread.h>

#include "pts_helpers.h"

static pthread_key_t key;
static volatile int tid, dtor_tid;
static void *dtor_val;

static void dtor(void *v)
{
	dtor_val = v;
	dtor_tid = pts_gettid();
}

static void *thr(void *arg)
{
	tid = pts_gettid();
	pthread_setspecific(key, arg);
	return (void *)0x5eedL;
}

int main(void)
{
	long long end;
	char path[64];
	pthread_t t;
	void *r = NULL;
	int e;

	if (pthread_key_create(&key, dtor))
		PTS_UNRES("pthread_key_create()");
	if (pthread_create(&t, NULL, thr, (void *)&key))
		PTS_UNRES("pthread_create()");
	e = pthread_join(t, &r);
	if (e || r != (void *)0x5eedL)
		PTS_FAILED("join returned %d with %p, expected 0 with 0x5eed", e, r);
	if (dtor_val != &key || dtor_tid != tid)
		PTS_FAILED("destructor: value %p in TID %d, expected %p in %d",
			   dtor_val, dtor_tid, (void *)&key, tid);
	snprintf(path, sizeof(path), "/proc/self/task/%d", tid);
	end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(30);
	while (!access(path, F_OK)) {
		if (pts_now(CLOCK_MONOTONIC) > end)
			PTS_FAILED("task %d still there after the join", tid);
		pts_nap();
	}
	PTS_PASSED("return is an implicit pthread_exit(): destructor in the thread, value joined, task gone");
}
