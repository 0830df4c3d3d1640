// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sem_post(): "The sem_post() function shall be async-signal-safe and
 * may be invoked from a signal-catching function", and when threads are
 * blocked on the semaphore one of them is unblocked. A thread blocked in
 * sem_wait() (seen asleep in the futex wait) is released by a sem_post()
 * done in a SIGUSR1 handler running in the main thread; the value after
 * is 0.
 */
#include <pthread.h>
#include <semaphore.h>

#include "pts_helpers.h"

static sem_t s;
static volatile pid_t tid;

static void handler(int sig)
{
	(void)sig;
	sem_post(&s);
}

static void *waiter(void *arg)
{
	(void)arg;
	tid = pts_gettid();
	return (void *)(long)sem_wait(&s);
}

int main(void)
{
	struct sigaction sa;
	sigset_t set;
	pthread_t t;
	void *v;
	int val;

	sem_init(&s, 0, 0);
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	pthread_sigmask(SIG_BLOCK, &set, NULL);
	pthread_create(&t, NULL, waiter, NULL);
	pthread_sigmask(SIG_UNBLOCK, &set, NULL);
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = handler;
	sigaction(SIGUSR1, &sa, NULL);
	while (!tid)
		pts_nap();
	pts_wait_in_syscall(tid, SYS_futex);
	raise(SIGUSR1);
	pthread_join(t, &v);
	if (v)
		PTS_FAILED("sem_wait() returned %ld", (long)v);
	sem_getvalue(&s, &val);
	if (val)
		PTS_FAILED("value %d after the waiter took the post", val);
	PTS_PASSED("a post from a signal handler released the waiter");
}
