// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_barrier_wait(): "If a signal is delivered to a thread blocked
 * on a barrier, upon return from the signal handler the thread shall
 * resume waiting at the barrier if the barrier wait has not completed";
 * no [EINTR]. A thread waiting on a barrier of count 2 takes three
 * caught signals (no SA_RESTART), is back asleep after each, and returns
 * only when the main thread arrives, with 0 or
 * PTHREAD_BARRIER_SERIAL_THREAD (exactly one of the two serial).
 */
#include <pthread.h>

#include "pts_helpers.h"

static pthread_barrier_t b;
static volatile int tid, hit, handled, passed;

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
	r = pthread_barrier_wait(&b);
	passed = 1;
	return (void *)r;
}

int main(void)
{
	struct sigaction sa;
	pthread_t t;
	int i, r;
	void *v;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = handler;
	sigaction(SIGUSR1, &sa, NULL);
	pthread_barrier_init(&b, NULL, 2);
	pthread_create(&t, NULL, waiter, NULL);
	pts_wait_flag(&tid, "the waiter");
	for (i = 0; i < 3; i++) {
		pts_wait_in_syscall(tid, SYS_futex);
		hit = 0;
		pthread_kill(t, SIGUSR1);
		pts_wait_flag(&hit, "the handler");
		if (passed)
			PTS_FAILED("the barrier released a lone waiter after signal %d",
				   i + 1);
	}
	pts_wait_in_syscall(tid, SYS_futex);
	r = pthread_barrier_wait(&b);
	pthread_join(t, &v);
	if ((r && r != PTHREAD_BARRIER_SERIAL_THREAD) ||
	    ((long)v && (long)v != PTHREAD_BARRIER_SERIAL_THREAD))
		PTS_FAILED("barrier waits returned %d and %ld", r, (long)v);
	if ((r == PTHREAD_BARRIER_SERIAL_THREAD) +
	    ((long)v == PTHREAD_BARRIER_SERIAL_THREAD) != 1)
		PTS_FAILED("%s serial thread", r == (long)v ? "not one" : "no");
	if (handled != 3)
		PTS_FAILED("%d signals handled", handled);
	PTS_PASSED("the barrier wait resumed after each signal");
}
