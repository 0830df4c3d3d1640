// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_detach() marks the thread so that its storage is reclaimed when
 * it terminates; it does not terminate the thread. A thread that has
 * already terminated (its task gone from /proc/self/task) but was not
 * joined can still be detached (returns 0). A thread may detach itself
 * (pthread_detach(pthread_self()) returns 0) and goes on running; it is
 * then no longer joinable: pthread_join() on it, while it is still
 * blocked, returns EINVAL, as for a thread created detached (glibc
 * detects it; for POSIX that use is undefined, so only glibc's
 * documented result is checked).
 */
#include <pthread.h>
#include <sys/stat.h>

#include "pts_helpers.h"

static volatile pid_t tid;
static volatile int detached_ret = -1, resumed;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int done[2];

static void *quick(void *arg)
{
	(void)arg;
	tid = pts_gettid();
	return NULL;
}

static void *selfdetach(void *arg)
{
	(void)arg;
	detached_ret = pthread_detach(pthread_self());
	pthread_mutex_lock(&m);	/* held by main */
	resumed = 1;
	pthread_mutex_unlock(&m);
	if (write(done[1], "x", 1) != 1)
		return NULL;
	return NULL;
}

int main(void)
{
	long long end;
	char path[64];
	struct stat st;
	pthread_t t;
	int err;

	pthread_create(&t, NULL, quick, NULL);
	end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(30);
	while (!tid) {
		if (pts_now(CLOCK_MONOTONIC) > end)
			PTS_UNRES("the thread never started");
		pts_nap();
	}
	snprintf(path, sizeof(path), "/proc/self/task/%d", (int)tid);
	while (!stat(path, &st)) {
		if (pts_now(CLOCK_MONOTONIC) > end)
			PTS_UNRES("the thread's task never went away");
		pts_nap();
	}
	err = pthread_detach(t);
	if (err)
		PTS_FAILED("detaching a terminated thread returned %s",
			   strerrorname_np(err));
	printf("terminated, unjoined thread detached: 0\n");

	if (pipe(done))
		PTS_UNRES("pipe(): %s", strerror(errno));
	pthread_mutex_lock(&m);
	pthread_create(&t, NULL, selfdetach, NULL);
	end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(30);
	while (detached_ret == -1) {
		if (pts_now(CLOCK_MONOTONIC) > end)
			PTS_UNRES("the thread never detached itself");
		pts_nap();
	}
	if (detached_ret)
		PTS_FAILED("pthread_detach(pthread_self()) returned %d",
			   detached_ret);
	err = pthread_join(t, NULL);
	if (err != EINVAL)
		PTS_FAILED("joining a self-detached thread returned %d, expected EINVAL",
			   err);
	if (resumed)
		PTS_FAILED("the thread ran past the mutex it waits for");
	pthread_mutex_unlock(&m);
	/* the detached thread writes to the pipe once it got the mutex */
	if (read(done[0], path, 1) != 1)
		PTS_UNRES("read(): %s", strerror(errno));
	if (!resumed)
		PTS_FAILED("the self-detached thread did not go on running");
	PTS_PASSED("terminated thread detached; self-detach, join EINVAL, thread ran on");
}
