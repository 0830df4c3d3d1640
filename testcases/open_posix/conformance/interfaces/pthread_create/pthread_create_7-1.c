// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The thread in which main() was first invoked differs from the others:
 * "when it returns from main(), the effect shall be as if there was an
 * implicit call to exit() using the return value of main() as the exit
 * status". In a child process a second thread sleeps in read() on a pipe
 * nobody writes (seen in the kernel), and main() returns 37: the whole
 * process ends (the blocked thread with it) with exit status 37, and
 * the atexit() handler ran (it wrote a byte the parent reads).
 */
#include <pthread.h>

#include "pts_blocked.h"

static int never[2], marker[2];

static void at_exit(void)
{
	if (write(marker[1], "e", 1) != 1)
		_exit(3);
}

static void *sleeper(void *arg)
{
	char c;

	(void)arg;
	if (read(never[0], &c, 1) == 1)
		_exit(4);
	return NULL;
}

static int child_main(void)
{
	struct pts_blocked b;

	close(marker[0]);
	if (atexit(at_exit))
		_exit(2);
	pts_start_blocked(&b, sleeper, NULL, SYS_read);
	return 37;
}

int main(void)
{
	int status;
	pid_t pid;
	char c;

	if (pipe(never) || pipe(marker))
		PTS_UNRES("pipe(): %s", strerror(errno));
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %s", strerror(errno));
	if (!pid)
		return child_main();
	close(marker[1]);
	if (read(marker[0], &c, 1) != 1 || c != 'e')
		PTS_FAILED("the atexit() handler did not run when main() returned");
	if (waitpid(pid, &status, 0) != pid)
		PTS_UNRES("waitpid(): %s", strerror(errno));
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 37)
		PTS_FAILED("the process ended with status %#x, expected exit 37",
			   status);
	PTS_PASSED("returning 37 from main() exited the process with 37");
}
