// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sem_timedwait(): a thread that cannot lock the semaphore waits until
 * it "is unlocked by performing a sem_post()" and then returns 0 having
 * locked it (the deadline an hour away plays no part); [EINTR] "A signal
 * interrupted this function": a handler (installed without SA_RESTART)
 * running in the waiting thread ends the wait with -1 EINTR and the
 * value untouched. The waiter is seen asleep in the futex call first.
 */
#include <pthread.h>
#include <semaphore.h>

#include "pts_helpers.h"

static sem_t s;
static volatile pid_t tid;
static int ret, err;

static void handler(int sig)
{
	(void)sig;
}

static void *waiter(void *arg)
{
	struct timespec dl = pts_deadline(CLOCK_REALTIME, 3600 * PTS_NSEC);

	(void)arg;
	tid = pts_gettid();
	errno = 0;
	ret = sem_timedwait(&s, &dl);
	err = errno;
	return NULL;
}

static void run(pthread_t *t)
{
	long long end;

	tid = 0;
	if (pthread_create(t, NULL, waiter, NULL))
		PTS_UNRES("pthread_create()");
	end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(30);
	while (!tid) {
		if (pts_now(CLOCK_MONOTONIC) > end)
			PTS_UNRES("the waiter thread never started");
		pts_nap();
	}
	pts_wait_in_syscall(tid, SYS_futex);
}

int main(void)
{
	struct sigaction sa;
	pthread_t t;
	int v;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = handler;
	if (sigaction(SIGUSR1, &sa, NULL) || sem_init(&s, 0, 0))
		PTS_UNRES("sigaction/sem_init: %m");

	run(&t);
	if (sem_post(&s))
		PTS_UNRES("sem_post(): %m");
	pthread_join(t, NULL);
	if (ret)
		PTS_FAILED("sem_timedwait() woken by a post returned %d (%s)",
			   ret, strerror(err));
	sem_getvalue(&s, &v);
	if (v)
		PTS_FAILED("value %d after the waiter took the post", v);
	printf("posted: the waiter returned 0, value 0\n");

	run(&t);
	if (pthread_kill(t, SIGUSR1))
		PTS_UNRES("pthread_kill()");
	pthread_join(t, NULL);
	if (ret != -1 || err != EINTR)
		PTS_FAILED("interrupted sem_timedwait() returned %d (%s), expected EINTR",
			   ret, strerror(err));
	sem_getvalue(&s, &v);
	if (v)
		PTS_FAILED("value %d after EINTR, expected 0", v);
	PTS_PASSED("a post ends the wait with 0; a signal with EINTR");
}
