// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigwait() in a multi-threaded process: with SIGUSR1 blocked in every
 * thread, a signal sent to the process (kill()) is accepted by the one
 * thread waiting for it in sigwait(), which returns it; no handler runs.
 * The waiter is seen asleep in rt_sigtimedwait before the signal is
 * sent, so the wake-up path is exercised.
 */
#include <pthread.h>

#include "pts_helpers.h"

static volatile pid_t tid;
static volatile int handled;

static void handler(int sig)
{
	(void)sig;
	handled = 1;
}

static void *waiter(void *arg)
{
	sigset_t set;
	int sig = 0;

	(void)arg;
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	tid = pts_gettid();
	if (sigwait(&set, &sig))
		return (void *)-1L;
	return (void *)(long)sig;
}

int main(void)
{
	struct sigaction sa;
	sigset_t set;
	pthread_t t;
	void *v;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = handler;
	sigaction(SIGUSR1, &sa, NULL);
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	pthread_sigmask(SIG_BLOCK, &set, NULL);
	pthread_create(&t, NULL, waiter, NULL);
	while (!tid)
		pts_nap();
	pts_wait_in_syscall(tid, SYS_rt_sigtimedwait);
	if (kill(getpid(), SIGUSR1))
		PTS_UNRES("kill(): %m");
	pthread_join(t, &v);
	if ((long)v != SIGUSR1)
		PTS_FAILED("sigwait() in the thread returned %ld", (long)v);
	if (handled)
		PTS_FAILED("the handler ran for a signal taken by sigwait()");
	sigpending(&set);
	if (sigismember(&set, SIGUSR1))
		PTS_FAILED("SIGUSR1 still pending");
	PTS_PASSED("the process signal went to the thread in sigwait()");
}
