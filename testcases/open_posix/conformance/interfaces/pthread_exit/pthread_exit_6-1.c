// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_exit(): "The process shall exit with an exit status of 0
 * after the last thread has been terminated. The behavior shall be as
 * if the implementation called exit() with a zero argument at thread
 * termination time." exit() runs the atexit() functions and then
 * flushes the open streams. In a child whose stdout is a pipe with a
 * full buffer mode, main() leaves text unflushed in stdout, registers
 * an atexit() function that write()s "A" to the pipe, and calls
 * pthread_exit(); the last thread then calls pthread_exit() itself.
 * The parent reads "A" followed by the buffered text, and the child's
 * status is exit 0.
 */
#include <pthread.h>

#include "pts_helpers.h"

static int p[2];
static pthread_t main_t;

static void at_exit_fn(void)
{
	if (write(p[1], "A", 1) != 1)
		_exit(3);
}

static void *last(void *arg)
{
	(void)arg;
	pthread_join(main_t, NULL);	/* main's thread has ended */
	pthread_exit(NULL);
}

static void child(void)
{
	static char buf[4096];
	pthread_t t;

	close(p[0]);
	if (dup2(p[1], STDOUT_FILENO) < 0)
		_exit(4);
	setvbuf(stdout, buf, _IOFBF, sizeof(buf));
	atexit(at_exit_fn);
	printf("buffered");
	main_t = pthread_self();
	if (pthread_create(&t, NULL, last, NULL))
		_exit(5);
	pthread_exit(NULL);
}

int main(void)
{
	char got[64];
	ssize_t n, len = 0;
	int st;
	pid_t pid;

	if (pipe(p))
		PTS_UNRES("pipe(): %s", strerror(errno));
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %s", strerror(errno));
	if (!pid)
		child();
	close(p[1]);
	while (len < (ssize_t)sizeof(got) - 1 &&
	       (n = read(p[0], got + len, sizeof(got) - 1 - len)) > 0)
		len += n;
	got[len] = 0;
	if (waitpid(pid, &st, 0) != pid)
		PTS_UNRES("waitpid(): %s", strerror(errno));
	printf("pipe: \"%s\", status %#x\n", got, st);
	if (!WIFEXITED(st) || WEXITSTATUS(st))
		PTS_FAILED("the process did not exit with status 0");
	if (strcmp(got, "Abuffered"))
		PTS_FAILED("expected the atexit() output then the flushed stdout");
	PTS_PASSED("after the last pthread_exit(): atexit() run, stdout flushed, status 0");
}
