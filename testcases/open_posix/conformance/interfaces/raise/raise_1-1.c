// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * raise(): "If a signal handler is called, the raise() function shall not
 * return until after the signal handler does", and in a multi-threaded
 * process the signal goes to the calling thread. A second thread raises
 * SIGUSR1 (unblocked only there); its handler runs in that thread and
 * has run when raise() returns 0.
 */
#include <pthread.h>

#include "pts_helpers.h"

static volatile sig_atomic_t ran;
static pthread_t in_thread;

static void handler(int sig)
{
	(void)sig;
	in_thread = pthread_self();
	ran = 1;
}

static void *thread(void *arg)
{
	sigset_t set;
	long ok;

	(void)arg;
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	pthread_sigmask(SIG_UNBLOCK, &set, NULL);
	ok = raise(SIGUSR1) == 0 && ran;
	return (void *)ok;
}

int main(void)
{
	struct sigaction sa;
	sigset_t set;
	pthread_t t;
	void *ok;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = handler;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGUSR1, &sa, NULL);
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	pthread_sigmask(SIG_BLOCK, &set, NULL);
	if (pthread_create(&t, NULL, thread, NULL))
		PTS_UNRES("pthread_create() failed");
	pthread_join(t, &ok);
	if (!ok)
		PTS_FAILED("raise() returned before the handler ran");
	if (!pthread_equal(in_thread, t))
		PTS_FAILED("the handler ran in another thread");
	PTS_PASSED("handler ran in the raising thread before raise() returned");
}
