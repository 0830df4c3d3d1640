// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * _exit() called by a secondary thread terminates the whole process
 * with that status: the main thread, blocked in read(), never returns
 * from it, the other threads end as well, and the parent gets exit
 * status 7 (also for _Exit()).
 */
#include <pthread.h>

#include "pts_helpers.h"

static int use_Exit;

static void *sleeper(void *arg)
{
	(void)arg;
	for (;;)
		pause();
	return NULL;
}

static void *exiter(void *arg)
{
	(void)arg;
	/* wait until main blocks in read() */
	pts_wait_in_syscall(getpid(), SYS_read);
	if (use_Exit)
		_Exit(7);
	_exit(7);
}

int main(void)
{
	int p[2], i, status;
	pthread_t t;
	pid_t pid;
	char c;

	for (i = 0; i < 2; i++) {
		if (pipe(p))
			PTS_UNRES("pipe(): %m");
		use_Exit = i;
		fflush(stdout);
		pid = fork();
		if (pid < 0)
			PTS_UNRES("fork(): %m");
		if (!pid) {
			close(p[1]);
			if (pthread_create(&t, NULL, sleeper, NULL) ||
			    pthread_create(&t, NULL, exiter, NULL))
				_exit(3);
			if (read(p[0], &c, 1) >= 0)
				_exit(4);
			_exit(5);
		}
		close(p[0]);
		if (waitpid(pid, &status, 0) != pid)
			PTS_UNRES("waitpid(): %m");
		close(p[1]);
		if (!WIFEXITED(status) || WEXITSTATUS(status) != 7)
			PTS_FAILED("%s from a thread: status %#x, expected exit 7 (4/5: main returned from read)",
				   i ? "_Exit" : "_exit", status);
	}
	PTS_PASSED("_exit and _Exit from a thread end the process with its status");
}
