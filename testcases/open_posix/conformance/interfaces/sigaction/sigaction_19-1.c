// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigaction(): a signal's action is per process, not per thread: a
 * handler installed by one thread runs when the signal is delivered to
 * another thread (pthread_kill()), in that thread; replacing it with
 * SIG_IGN in the second thread makes the signal ignored for the first
 * one too (nothing pending, no handler run).
 */
#include <pthread.h>

#include "pts_helpers.h"

static volatile sig_atomic_t ran;
static pthread_t in_thread, target;

static void handler(int sig)
{
	(void)sig;
	in_thread = pthread_self();
	ran++;
}

static void *installer(void *arg)
{
	struct sigaction sa = { .sa_handler = handler };

	(void)arg;
	sigemptyset(&sa.sa_mask);
	return (void *)(long)sigaction(SIGUSR1, &sa, NULL);
}

static void *waiter(void *arg)
{
	int *fd = arg;
	char c;

	while (read(fd[0], &c, 1) != 1 && errno == EINTR)
		;
	/* now set SIG_IGN from this thread */
	signal(SIGUSR1, SIG_IGN);
	return NULL;
}

int main(void)
{
	pthread_t a;
	sigset_t pend;
	void *r;
	int p[2];

	if (pipe(p))
		PTS_UNRES("pipe(): %m");
	if (pthread_create(&a, NULL, installer, NULL) || pthread_join(a, &r) || r)
		PTS_UNRES("installer thread failed");
	if (pthread_create(&target, NULL, waiter, p))
		PTS_UNRES("pthread_create()");
	pthread_kill(target, SIGUSR1);
	/* the handler runs in the target, interrupting or before its read */
	{
		long long end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(10);

		while (!ran && pts_now(CLOCK_MONOTONIC) < end)
			pts_nap();
	}
	if (ran != 1 || !pthread_equal(in_thread, target))
		PTS_FAILED("handler installed by another thread ran %d times, in the target: %d",
			   (int)ran, ran ? pthread_equal(in_thread, target) : 0);
	if (write(p[1], "x", 1) != 1)
		PTS_UNRES("write(): %m");
	pthread_join(target, NULL);
	raise(SIGUSR1);
	sigpending(&pend);
	if (ran != 1 || sigismember(&pend, SIGUSR1))
		PTS_FAILED("SIG_IGN set by the other thread not in effect for main (ran %d)",
			   (int)ran);
	PTS_PASSED("dispositions shared by all threads");
}
