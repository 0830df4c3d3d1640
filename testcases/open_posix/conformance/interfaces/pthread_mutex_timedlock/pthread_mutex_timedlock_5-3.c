// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_mutex_timedlock() shall fail with [EINVAL] when "the process
 * or thread would have blocked, and the abs_timeout parameter specified
 * a nanoseconds field value less than zero or greater than or equal to
 * 1000 million" - for every kind of mutex that would block, including
 * those whose waits the kernel does (PRIO_INHERIT: FUTEX_LOCK_PI; robust;
 * process-shared). With the mutex held by main, another thread's
 * timedlock with tv_nsec -1, 1000000000 and LONG_MAX returns [EINVAL]
 * (not [ETIMEDOUT], not 0) and does not take the mutex: main's unlock
 * then lets that thread's trylock succeed. The wait does not happen: the
 * three calls return before a deadline an hour away could matter.
 */
#include <limits.h>
#include <pthread.h>

#include "pts_mutex.h"

static pthread_mutex_t m;

static void *bad_timedlocks(void *arg)
{
	static const long nsec[] = { -1, 1000000000L, LONG_MAX };
	struct timespec ts;
	unsigned int i;
	int err;

	(void)arg;
	for (i = 0; i < sizeof(nsec) / sizeof(nsec[0]); i++) {
		ts.tv_sec = pts_now(CLOCK_REALTIME) / PTS_NSEC + 3600;
		ts.tv_nsec = nsec[i];
		err = pthread_mutex_timedlock(&m, &ts);
		if (err != EINVAL) {
			printf("tv_nsec %ld: %s, expected EINVAL\n", nsec[i],
			       err ? strerrorname_np(err) : "0");
			return (void *)1L;
		}
	}
	return NULL;
}

static void run(int proto, int robust, int pshared, const char *name)
{
	pts_mutex_init_as(&m, PTHREAD_MUTEX_DEFAULT, proto, robust, pshared);
	pthread_mutex_lock(&m);
	if (pts_in_thread(bad_timedlocks, NULL))
		PTS_FAILED("%s: a timedlock with a bad tv_nsec did not fail with EINVAL",
			   name);
	if (pts_trylock_other(&m) != EBUSY)
		PTS_FAILED("%s: main lost the mutex", name);
	pthread_mutex_unlock(&m);
	if (pts_trylock_other(&m))
		PTS_FAILED("%s: the failed timedlocks left the mutex taken", name);
	pthread_mutex_destroy(&m);
	printf("%s: EINVAL for tv_nsec -1, 1e9, LONG_MAX\n", name);
}

int main(void)
{
	long long t0 = pts_now(CLOCK_MONOTONIC);

	run(PTHREAD_PRIO_NONE, 0, PTHREAD_PROCESS_PRIVATE, "plain");
	run(PTHREAD_PRIO_INHERIT, 0, PTHREAD_PROCESS_PRIVATE, "PI");
	run(PTHREAD_PRIO_NONE, 1, PTHREAD_PROCESS_PRIVATE, "robust");
	run(PTHREAD_PRIO_INHERIT, 1, PTHREAD_PROCESS_SHARED, "robust PI shared");
	run(PTHREAD_PRIO_NONE, 0, PTHREAD_PROCESS_SHARED, "shared");
	if (pts_now(CLOCK_MONOTONIC) - t0 > pts_bound_ns(60))
		PTS_FAILED("the calls waited");
	PTS_PASSED("EINVAL for a bad tv_nsec whenever the call would block");
}
