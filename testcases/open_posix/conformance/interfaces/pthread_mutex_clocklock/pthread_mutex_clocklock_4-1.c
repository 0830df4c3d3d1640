// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_mutex_clocklock() (POSIX.1-2024) fails with [EINVAL] when the
 * mutex could not be locked without waiting and abstime's tv_nsec is
 * below 0 or at least 1000 million, on CLOCK_MONOTONIC and
 * CLOCK_REALTIME. For a default mutex and a PTHREAD_PRIO_INHERIT one
 * (whose wait is the kernel's FUTEX_LOCK_PI), held by another thread:
 * each call returns EINVAL, not ETIMEDOUT, and the holder still owns
 * the mutex (its own unlock succeeds on the ERRORCHECK PI mutex). On a
 * free mutex the validity "need not be checked": only printed.
 */
#include <pthread.h>

#include "pts_helpers.h"

static pthread_mutex_t m;
static volatile int held, release;
static volatile long unlock_ret;

static void *holder(void *arg)
{
	(void)arg;
	if (pthread_mutex_lock(&m))
		return (void *)1;
	held = 1;
	pts_wait_flag(&release, "the release");
	unlock_ret = pthread_mutex_unlock(&m);
	return NULL;
}

static void check(int protocol, const char *what)
{
	long bad[] = { 1000000000, -1 };
	clockid_t clk[] = { CLOCK_MONOTONIC, CLOCK_REALTIME };
	pthread_mutexattr_t ma;
	struct timespec ts;
	pthread_t t;
	int i, j, e;

	pthread_mutexattr_init(&ma);
	pthread_mutexattr_settype(&ma, PTHREAD_MUTEX_ERRORCHECK);
	if (pthread_mutexattr_setprotocol(&ma, protocol) || pthread_mutex_init(&m, &ma))
		PTS_UNSUPP("%s mutex refused", what);
	ts = pts_deadline(CLOCK_MONOTONIC, 3600 * PTS_NSEC);
	ts.tv_nsec = -1;
	e = pthread_mutex_clocklock(&m, CLOCK_MONOTONIC, &ts);
	printf("%s: free mutex, tv_nsec -1: %d (need not be checked)\n", what, e);
	if (!e)
		pthread_mutex_unlock(&m);
	held = release = 0;
	if (pthread_create(&t, NULL, holder, NULL))
		PTS_UNRES("pthread_create failed");
	pts_wait_flag(&held, "the holder");
	for (i = 0; i < 2; i++) {
		for (j = 0; j < 2; j++) {
			ts = pts_deadline(clk[i], 3600 * PTS_NSEC);
			ts.tv_nsec = bad[j];
			e = pthread_mutex_clocklock(&m, clk[i], &ts);
			if (e != EINVAL)
				PTS_FAILED("%s, clock %d, tv_nsec %ld: returned %d, expected EINVAL",
					   what, clk[i], bad[j], e);
		}
	}
	PTS_EXPECT_ERR(pthread_mutex_trylock(&m), EBUSY, "trylock while held");
	release = 1;
	pthread_join(t, NULL);
	if (unlock_ret)
		PTS_FAILED("%s: the holder's unlock returned %ld", what, unlock_ret);
	pthread_mutex_destroy(&m);
}

int main(void)
{
	check(PTHREAD_PRIO_NONE, "plain");
	check(PTHREAD_PRIO_INHERIT, "priority-inheritance");
	PTS_PASSED("EINVAL for a bad tv_nsec on a held mutex, plain and PI; holder keeps it");
}
