// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_exit(): the process exits with status 0 "after the last
 * thread has been terminated", as if exit(0) were called - also when
 * that last thread is terminated by cancellation. In a child, main()
 * registers an atexit() function and calls pthread_exit(); the other
 * thread, once main's thread has gone, requests its own cancellation
 * and blocks in read() on a pipe no one writes (a cancellation point),
 * where it is cancelled; its cleanup handler writes "C" to the parent's
 * pipe and the atexit() function "A". The parent reads "CA" and the
 * child's status is exit 0, not a signal.
 */
#include <pthread.h>

#include "pts_helpers.h"

static int out[2], idle[2];
static pthread_t main_t;

static void at_exit_fn(void)
{
	if (write(out[1], "A", 1) != 1)
		_exit(3);
}

static void cleanup(void *arg)
{
	(void)arg;
	if (write(out[1], "C", 1) != 1)
		_exit(3);
}

static void *last(void *arg)
{
	char c;

	(void)arg;
	pthread_join(main_t, NULL);
	pthread_cleanup_push(cleanup, NULL);
	pthread_cancel(pthread_self());
	if (read(idle[0], &c, 1) >= 0)
		_exit(4);	/* never: no writer, and cancelled there */
	pthread_cleanup_pop(0);
	_exit(5);
}

int main(void)
{
	char got[16];
	ssize_t n, len = 0;
	pthread_t t;
	int st;
	pid_t pid;

	if (pipe(out) || pipe(idle))
		PTS_UNRES("pipe(): %s", strerror(errno));
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %s", strerror(errno));
	if (!pid) {
		close(out[0]);
		atexit(at_exit_fn);
		main_t = pthread_self();
		if (pthread_create(&t, NULL, last, NULL))
			_exit(6);
		pthread_exit(NULL);
	}
	close(out[1]);
	while (len < (ssize_t)sizeof(got) - 1 &&
	       (n = read(out[0], got + len, sizeof(got) - 1 - len)) > 0)
		len += n;
	got[len] = 0;
	if (waitpid(pid, &st, 0) != pid)
		PTS_UNRES("waitpid(): %s", strerror(errno));
	printf("pipe: \"%s\", status %#x\n", got, st);
	if (!WIFEXITED(st) || WEXITSTATUS(st))
		PTS_FAILED("the process did not exit with status 0");
	if (strcmp(got, "CA"))
		PTS_FAILED("expected the cleanup handler, then the atexit() function");
	PTS_PASSED("the last thread cancelled in read(): cleanup, atexit(), status 0");
}
