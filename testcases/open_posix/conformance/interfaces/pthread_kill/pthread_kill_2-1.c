// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_kill(): [EINVAL] for an invalid signal number (returned, not
 * in errno); a signal whose action is to terminate, sent to one thread,
 * terminates the whole process ("the signal action ... shall affect the
 * process as a whole"): in a child with a second thread blocked in
 * pause(), pthread_kill(thread, SIGTERM) kills the child by SIGTERM; a
 * stop signal stops the whole process.
 */
#include <pthread.h>

#include "pts_helpers.h"

static void *sleeper(void *arg)
{
	(void)arg;
	for (;;)
		pause();
	return NULL;
}

int main(void)
{
	int status, err;
	pthread_t t;
	pid_t pid;

	err = pthread_kill(pthread_self(), _NSIG + 5);
	if (err != EINVAL)
		PTS_FAILED("invalid signal returned %d, expected EINVAL", err);
	err = pthread_kill(pthread_self(), -1);
	if (err != EINVAL)
		PTS_FAILED("signal -1 returned %d, expected EINVAL", err);
	fflush(stdout);
	pid = fork();
	if (!pid) {
		pthread_create(&t, NULL, sleeper, NULL);
		/* the whole process stops here until SIGCONT */
		pthread_kill(t, SIGSTOP);
		pthread_kill(t, SIGTERM);
		for (;;)
			pause();
	}
	if (waitpid(pid, &status, WUNTRACED) != pid || !WIFSTOPPED(status))
		PTS_FAILED("SIGSTOP to one thread did not stop the process (%#x)",
			   status);
	kill(pid, SIGCONT);
	if (waitpid(pid, &status, 0) != pid)
		PTS_UNRES("waitpid(): %m");
	if (!WIFSIGNALED(status) || WTERMSIG(status) != SIGTERM)
		PTS_FAILED("SIGTERM to one thread: status %#x, expected killed", status);
	PTS_PASSED("EINVAL; stop and termination act on the whole process");
}
