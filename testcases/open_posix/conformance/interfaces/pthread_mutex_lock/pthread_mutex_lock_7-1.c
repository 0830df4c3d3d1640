// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_mutex_lock(): "If a signal is delivered to a thread waiting
 * for a mutex, upon return from the signal handler the thread shall
 * resume waiting for the mutex as if it was not interrupted", and the
 * function "shall not return an error code of [EINTR]". A thread
 * blocked on a held mutex (plain, then PRIO_INHERIT) takes three caught
 * signals (handler without SA_RESTART), goes back to sleep in the kernel
 * after each, and returns 0 with the mutex only once it is unlocked.
 */
#include <pthread.h>

#include "pts_helpers.h"

static pthread_mutex_t m;
static volatile int tid, handled, hit, got;

static void handler(int sig)
{
	(void)sig;
	handled++;
	hit = 1;
}

static void *waiter(void *arg)
{
	long r;

	(void)arg;
	tid = pts_gettid();
	r = pthread_mutex_lock(&m);
	got = 1;
	if (!r)
		pthread_mutex_unlock(&m);
	return (void *)r;
}

static void run(int proto)
{
	pthread_mutexattr_t a;
	pthread_t t;
	int i;
	void *v;

	pthread_mutexattr_init(&a);
	if (pthread_mutexattr_setprotocol(&a, proto))
		PTS_UNSUPP("protocol %d not supported", proto);
	pthread_mutex_init(&m, &a);
	pthread_mutex_lock(&m);
	tid = handled = got = 0;
	pthread_create(&t, NULL, waiter, NULL);
	pts_wait_flag(&tid, "the waiter");
	for (i = 0; i < 3; i++) {
		pts_wait_in_syscall(tid, SYS_futex);
		hit = 0;
		pthread_kill(t, SIGUSR1);
		pts_wait_flag(&hit, "the handler");
		if (got)
			PTS_FAILED("protocol %d: the lock returned after signal %d",
				   proto, i + 1);
	}
	pts_wait_in_syscall(tid, SYS_futex);
	pthread_mutex_unlock(&m);
	pthread_join(t, &v);
	if (v)
		PTS_FAILED("protocol %d: the lock returned %ld", proto, (long)v);
	if (handled != 3)
		PTS_FAILED("protocol %d: %d signals handled", proto, handled);
	pthread_mutex_destroy(&m);
}

int main(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = handler;
	sigaction(SIGUSR1, &sa, NULL);
	run(PTHREAD_PRIO_NONE);
	run(PTHREAD_PRIO_INHERIT);
	PTS_PASSED("the wait resumed after each signal, no EINTR");
}
