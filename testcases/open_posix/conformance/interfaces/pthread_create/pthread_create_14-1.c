// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_create() "shall not return an error code of [EINTR]", nor
 * pthread_join() (XSH pthread_join ERRORS). A child process floods this
 * one with SIGUSR1, caught by a handler installed without SA_RESTART,
 * while main creates and joins 2000 threads: every pthread_create() and
 * pthread_join() returns 0 (a clone() interrupted by the signal is
 * restarted) and every thread ran (a count the threads increment); the
 * handler ran at least once while they did.
 */
#include <pthread.h>
#include <signal.h>

#include "pts_helpers.h"

#define NTHR 2000

static volatile sig_atomic_t caught;
static volatile int ran;

static void handler(int sig)
{
	(void)sig;
	caught++;
}

static void *fn(void *arg)
{
	__atomic_add_fetch(&ran, 1, __ATOMIC_RELAXED);
	return arg;
}

int main(void)
{
	struct sigaction sa;
	pid_t parent = getpid(), pid;
	pthread_t t;
	int i, err, status;
	void *v;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = handler;
	sigemptyset(&sa.sa_mask);
	if (sigaction(SIGUSR1, &sa, NULL))
		PTS_UNRES("sigaction(): %s", strerror(errno));
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %s", strerror(errno));
	if (!pid) {
		/* until the parent is gone or SIGTERM ends us */
		while (!kill(parent, SIGUSR1))
			;
		_exit(0);
	}
	for (i = 0; i < NTHR; i++) {
		err = pthread_create(&t, NULL, fn, (void *)(long)i);
		if (err) {
			kill(pid, SIGKILL);
			PTS_FAILED("pthread_create() %d returned %s", i,
				   strerrorname_np(err));
		}
		err = pthread_join(t, &v);
		if (err || v != (void *)(long)i) {
			kill(pid, SIGKILL);
			PTS_FAILED("pthread_join() %d returned %s, value %p", i,
				   err ? strerrorname_np(err) : "0", v);
		}
	}
	kill(pid, SIGKILL);
	waitpid(pid, &status, 0);
	if (ran != NTHR)
		PTS_FAILED("%d of %d threads ran", ran, NTHR);
	if (!caught)
		PTS_UNRES("no SIGUSR1 arrived during the run");
	printf("%d threads created and joined under %d caught signals\n", NTHR,
	       (int)caught);
	PTS_PASSED("no EINTR from pthread_create()/pthread_join()");
}
