// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * wait() reports terminated children only: with the only child stopped,
 * wait() stays asleep (a stop is reported only to waitpid() with
 * WUNTRACED); once the child is continued and exits, wait() returns it
 * with its exit status, not a stopped status.
 */
#include <pthread.h>

#include "pts_helpers.h"

static pid_t child, main_tid;

static void *continuer(void *arg)
{
	(void)arg;
	/* the child is stopped and main sleeps in wait(): let the child go */
	pts_wait_task_state(child, "T");
	pts_wait_in_syscall(main_tid, SYS_wait4);
	kill(child, SIGCONT);
	return NULL;
}

int main(void)
{
	pthread_t t;
	int status;
	pid_t r;

	main_tid = pts_gettid();
	fflush(stdout);
	child = fork();
	if (child < 0)
		PTS_UNRES("fork(): %m");
	if (!child) {
		raise(SIGSTOP);
		_exit(5);
	}
	if (pthread_create(&t, NULL, continuer, NULL))
		PTS_UNRES("pthread_create()");
	r = wait(&status);
	pthread_join(t, NULL);
	if (r != child)
		PTS_FAILED("wait() returned %d (%m)", (int)r);
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 5)
		PTS_FAILED("wait() status %#x, expected exited 5 (a stop is not reported)", status);
	PTS_PASSED("wait() slept through the stop and returned the exit");
}
