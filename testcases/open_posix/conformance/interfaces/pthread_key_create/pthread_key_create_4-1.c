// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_key_create(): if, after the destructors ran, "there are still
 * some non-NULL values with associated destructors, then the process
 * is repeated. If, after at least {PTHREAD_DESTRUCTOR_ITERATIONS}
 * iterations of destructor calls for outstanding non-NULL values, there
 * are still some non-NULL values with associated destructors,
 * implementations may stop calling destructors, or they may continue".
 * A destructor that always sets its value again is called at least
 * PTHREAD_DESTRUCTOR_ITERATIONS times, in the exiting thread, each time
 * with the key reading NULL on entry; the count is printed (glibc
 * stops there) and the thread does end: its join returns (the thread
 * runs in a child reaped with a bound).
 */
#include <pthread.h>
#include <limits.h>

#include "pts_blocked.h"

static pthread_key_t key;
static int calls, wrong;
static pid_t tid;

static void dtor(void *v)
{
	if (pthread_getspecific(key) || pts_gettid() != tid || v != &key)
		wrong = 1;
	calls++;
	pthread_setspecific(key, &key);
}

static void *thr(void *arg)
{
	(void)arg;
	tid = pts_gettid();
	pthread_setspecific(key, &key);
	return NULL;
}

static int run(void)
{
	pthread_t t;

	if (pthread_key_create(&key, dtor) ||
	    pthread_create(&t, NULL, thr, NULL) || pthread_join(t, NULL))
		return PTS_UNRESOLVED;
	printf("destructor called %d times (PTHREAD_DESTRUCTOR_ITERATIONS %d)\n",
	       calls, PTHREAD_DESTRUCTOR_ITERATIONS);
	if (wrong)
		return PTS_FAIL;
	return calls >= PTHREAD_DESTRUCTOR_ITERATIONS ? PTS_PASS : PTS_FAIL;
}

int main(void)
{
	pid_t pid;

	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %s", strerror(errno));
	if (!pid)
		exit(run());
	pts_reap_bounded(pid, "the thread with a self-renewing value");
	PTS_PASSED("at least PTHREAD_DESTRUCTOR_ITERATIONS rounds in the thread, then it ended");
}
