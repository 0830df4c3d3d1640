// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_self() returns the ID of the calling thread: the ID works as
 * that thread's handle. A thread's own ID, passed to the main thread,
 * joins it (with its return value) and directs pthread_kill() at it: the
 * signal is handled in the thread whose kernel TID matches, not in the
 * main thread; the value is stable across calls.
 */
#include <pthread.h>

#include "pts_helpers.h"

static pthread_t id;
static volatile int ready, hit_tid, go;

static void handler(int sig)
{
	(void)sig;
	hit_tid = pts_gettid();
}

static void *thread(void *arg)
{
	(void)arg;
	id = pthread_self();
	if (!pthread_equal(id, pthread_self()))
		return (void *)1;
	__atomic_store_n(&ready, pts_gettid(), __ATOMIC_RELEASE);
	pts_wait_flag(&go, "go");
	return (void *)42;
}

int main(void)
{
	pthread_t t;
	void *v;

	signal(SIGUSR1, handler);
	if (pthread_create(&t, NULL, thread, NULL))
		PTS_UNRES("pthread_create() failed");
	pts_wait_flag(&ready, "the thread");
	if (pthread_kill(id, SIGUSR1))
		PTS_FAILED("pthread_kill(pthread_self() of the thread) failed");
	while (!hit_tid)
		pts_nap();
	if (hit_tid != ready)
		PTS_FAILED("signal handled by TID %d, the thread is %d",
			   hit_tid, ready);
	go = 1;
	if (pthread_join(id, &v))
		PTS_FAILED("pthread_join() through the self ID failed");
	if ((long)v != 42)
		PTS_FAILED("joined value %ld (1: pthread_self() unstable)",
			   (long)v);
	if (!pthread_equal(t, id))
		PTS_FAILED("created ID and self ID differ");
	PTS_PASSED("pthread_self() is the caller's handle");
}
