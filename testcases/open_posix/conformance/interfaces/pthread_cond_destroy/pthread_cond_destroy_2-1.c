// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_cond_destroy(): "It shall be safe to destroy an initialized
 * condition variable upon which no threads are currently blocked", and
 * then it returns 0. No thread is blocked any more once its wait has
 * returned, however it ended: three waiters that timed out (ETIMEDOUT
 * after their 50 ms deadline), two woken by a broadcast (0), and one
 * cancelled inside pthread_cond_wait() (PTHREAD_CANCELED, its cleanup
 * handler releasing the mutex). After each case the destroy returns 0
 * at once (glibc's destroy waits for waiters still referencing the
 * condition variable, so a lost reference would hang it: the case runs
 * in a child reaped with a bound) and the variable is initialised
 * again for the next case.
 */
#include <pthread.h>

#include "pts_blocked.h"

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c;
static int go;

static void *timed(void *arg)
{
	struct timespec ts = pts_deadline(CLOCK_REALTIME, 50000000);
	int e = 0;

	(void)arg;
	pthread_mutex_lock(&m);
	while (!e)
		e = pthread_cond_timedwait(&c, &m, &ts);
	pthread_mutex_unlock(&m);
	return (void *)(long)e;
}

static void unlock_m(void *arg)
{
	(void)arg;
	pthread_mutex_unlock(&m);
}

static void *waiter(void *arg)
{
	volatile int e = 0;	/* live across the cancellation unwind */

	(void)arg;
	pthread_mutex_lock(&m);
	pthread_cleanup_push(unlock_m, NULL);
	while (!go && !e)
		e = pthread_cond_wait(&c, &m);
	pthread_cleanup_pop(1);
	return (void *)(long)e;
}

static int destroy_reinit(const char *what)
{
	int e = pthread_cond_destroy(&c);

	if (e) {
		printf("%s: destroy returned %d\n", what, e);
		return 1;
	}
	return pthread_cond_init(&c, NULL) ? 2 : 0;
}

static int run(void)
{
	struct pts_blocked b[3];
	int i;

	pthread_cond_init(&c, NULL);
	for (i = 0; i < 3; i++)
		if (pthread_create(&b[i].t, NULL, timed, NULL))
			return PTS_UNRESOLVED;
	for (i = 0; i < 3; i++)
		if (pts_join_long(b[i].t) != ETIMEDOUT)
			return PTS_FAIL;
	if (destroy_reinit("after ETIMEDOUT"))
		return PTS_FAIL;

	for (i = 0; i < 2; i++)
		pts_start_blocked(&b[i], waiter, NULL, SYS_futex);
	pthread_mutex_lock(&m);
	go = 1;
	pthread_cond_broadcast(&c);
	pthread_mutex_unlock(&m);
	for (i = 0; i < 2; i++)
		if (pts_join_long(b[i].t))
			return PTS_FAIL;
	if (destroy_reinit("after a broadcast"))
		return PTS_FAIL;

	go = 0;
	pts_start_blocked(&b[0], waiter, NULL, SYS_futex);
	pthread_cancel(b[0].t);
	if (pts_join_long(b[0].t) != (long)PTHREAD_CANCELED)
		return PTS_FAIL;
	if (destroy_reinit("after a cancelled wait"))
		return PTS_FAIL;
	return pthread_cond_destroy(&c) ? PTS_FAIL : PTS_PASS;
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
	pts_reap_bounded(pid, "the destroy cases");
	PTS_PASSED("destroy 0 after timed-out, woken and cancelled waiters; re-initialised");
}
