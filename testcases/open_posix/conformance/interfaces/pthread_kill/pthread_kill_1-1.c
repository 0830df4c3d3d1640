// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_kill() directs a signal to the given thread: the handler runs in
 * that thread (pthread_self() inside it is the target), not in the
 * sender, even though only the sender has the signal unblocked when it is
 * sent (the target takes it in sigsuspend()). With
 * sig 0 no signal is sent and the call returns 0 for a live thread.
 */
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

#include "posixtest.h"

static pthread_t handled_in;
static volatile sig_atomic_t handled;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static int ready;

static void handler(int sig)
{
	(void)sig;
	handled_in = pthread_self();
	handled++;
}

static void *target(void *arg)
{
	sigset_t block, wait_mask;

	(void)arg;
	/* blocked except inside sigsuspend(): the wake-up cannot be missed */
	sigemptyset(&block);
	sigaddset(&block, SIGUSR1);
	pthread_sigmask(SIG_BLOCK, &block, &wait_mask);
	sigdelset(&wait_mask, SIGUSR1);
	pthread_mutex_lock(&m);
	ready = 1;
	pthread_cond_signal(&c);
	pthread_mutex_unlock(&m);
	while (!handled)
		sigsuspend(&wait_mask);
	return NULL;
}

int main(void)
{
	struct sigaction sa;
	pthread_t t;
	int err;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = handler;
	sigemptyset(&sa.sa_mask);
	if (sigaction(SIGUSR1, &sa, NULL))
		PTS_UNRES("sigaction(SIGUSR1): %m");

	err = pthread_create(&t, NULL, target, NULL);
	if (err)
		PTS_UNRES("pthread_create(): %s", strerror(err));
	pthread_mutex_lock(&m);
	while (!ready)
		pthread_cond_wait(&c, &m);
	pthread_mutex_unlock(&m);

	err = pthread_kill(t, 0);
	if (err)
		PTS_FAILED("pthread_kill(live thread, 0) returned %d, expected 0", err);
	if (handled)
		PTS_FAILED("pthread_kill(thread, 0) delivered a signal");

	err = pthread_kill(t, SIGUSR1);
	if (err)
		PTS_FAILED("pthread_kill(thread, SIGUSR1) returned %d", err);
	err = pthread_join(t, NULL);
	if (err)
		PTS_UNRES("pthread_join(): %s", strerror(err));
	if (handled != 1)
		PTS_FAILED("the handler ran %d times, expected once", (int)handled);
	if (!pthread_equal(handled_in, t))
		PTS_FAILED("the handler ran in another thread than the target");
	PTS_PASSED("pthread_kill() ran the handler in the target thread");
}
