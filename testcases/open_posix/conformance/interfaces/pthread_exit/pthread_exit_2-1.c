// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_exit(): the process exits with status 0 after the last thread
 * has terminated, "as if by calling exit() with a zero argument". In a
 * child, main() calls pthread_exit() while a second thread still runs,
 * which then ends by returning; the child's status is exit 0, and the
 * second thread did its work after main() had gone (it writes to a
 * pipe the parent reads).
 */
#include <pthread.h>

#include "pts_helpers.h"

static int p[2];
static pthread_t main_t;

static void *thread(void *arg)
{
	char c = 'x';

	(void)arg;
	/* wait until main has exited its thread (its tid is cleared) */
	pthread_join(main_t, NULL);
	if (write(p[1], &c, 1) != 1)
		_exit(3);
	return NULL;
}

int main(void)
{
	pthread_t t;
	int status;
	pid_t pid;
	char c = 0;

	if (pipe(p))
		PTS_UNRES("pipe(): %m");
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		close(p[0]);
		main_t = pthread_self();
		pthread_create(&t, NULL, thread, NULL);
		pthread_exit(NULL);
	}
	close(p[1]);
	if (read(p[0], &c, 1) != 1 || c != 'x')
		PTS_FAILED("the remaining thread did not run after main exited");
	if (waitpid(pid, &status, 0) != pid)
		PTS_UNRES("waitpid(): %m");
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		PTS_FAILED("the process ended with status %#x, expected exit 0",
			   status);
	PTS_PASSED("process exited 0 after its last thread");
}
