// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_sigmask() "shall not return an error code of [EINTR]": a
 * thread that blocks and unblocks SIGUSR1 20000 times while a child
 * floods the process with the caught SIGUSR1 gets 0 from every call;
 * the handler runs (at least once) in that thread, the only one with
 * SIGUSR1 unblocked at times, and the mask ends as it began.
 */
#include <pthread.h>

#include "pts_sigkit.h"

static volatile sig_atomic_t ran;

static void handler(int sig)
{
	(void)sig;
	ran++;
}

static void *thread(void *arg)
{
	sigset_t set;
	long i, bad = 0;
	int e;

	(void)arg;
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	for (i = 0; i < 20000 && !bad; i++) {
		e = pthread_sigmask(SIG_UNBLOCK, &set, NULL);
		if (!e)
			e = pthread_sigmask(SIG_BLOCK, &set, NULL);
		if (e) {
			printf("call %ld returned %d\n", i, e);
			bad = 1;
		}
	}
	/* take whatever is still in flight once more */
	while (!bad && !ran)
		pthread_sigmask(SIG_UNBLOCK, &set, NULL);
	pthread_sigmask(SIG_BLOCK, &set, NULL);
	return (void *)bad;
}

int main(void)
{
	pthread_t t;
	pid_t pid;
	void *bad;

	pts_catch(SIGUSR1, handler, 0);
	pts_mask1(SIG_BLOCK, SIGUSR1);
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %s", strerror(errno));
	if (!pid) {
		pid_t parent = getppid();

		/* stops by itself should the parent be gone */
		while (getppid() == parent && !kill(parent, SIGUSR1))
			;
		_exit(0);
	}
	if (pthread_create(&t, NULL, thread, NULL))
		PTS_UNRES("pthread_create() failed");
	pthread_join(t, &bad);
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
	printf("handler runs: %d\n", (int)ran);
	if (bad)
		PTS_FAILED("pthread_sigmask() returned an error");
	if (!ran)
		PTS_UNRES("no SIGUSR1 was delivered");
	PTS_PASSED("20000 pairs of calls under a signal flood, all 0");
}
