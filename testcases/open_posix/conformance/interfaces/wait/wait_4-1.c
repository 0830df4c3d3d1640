// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * wait(): children belong to the process, not to the thread that forked
 * them: a child forked by a secondary thread (which has already been
 * joined, so it no longer exists) is returned by the main thread's
 * wait() with its exit status, and waitpid() for it from main works
 * while the forking thread still runs.
 */
#include <pthread.h>

#include "pts_helpers.h"

static void *forker(void *arg)
{
	pid_t pid;

	(void)arg;
	fflush(stdout);
	pid = fork();
	if (!pid)
		_exit(21);
	return (void *)(long)pid;
}

static int hold[2];

static void *forker_stays(void *arg)
{
	pid_t *out = arg;
	char c;

	*out = fork();
	if (!*out)
		_exit(22);
	if (read(hold[0], &c, 1) != 1)
		return NULL;
	return NULL;
}

int main(void)
{
	pthread_t t;
	int status;
	void *r;
	pid_t pid = 0, got;

	if (pthread_create(&t, NULL, forker, NULL) || pthread_join(t, &r))
		PTS_UNRES("pthread_create()");
	pid = (pid_t)(long)r;
	if (pid <= 0)
		PTS_UNRES("fork() in the thread failed");
	got = wait(&status);
	if (got != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 21)
		PTS_FAILED("wait() returned %d status %#x, expected %d exit 21 (child of an exited thread)",
			   (int)got, status, (int)pid);
	pid = 0;
	if (pipe(hold) || pthread_create(&t, NULL, forker_stays, &pid))
		PTS_UNRES("pipe()/pthread_create()");
	{
		long long end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(10);

		while (!*(volatile pid_t *)&pid && pts_now(CLOCK_MONOTONIC) < end)
			pts_nap();
	}
	if (pid <= 0)
		PTS_UNRES("fork() in the thread failed");
	got = waitpid(pid, &status, 0);
	if (write(hold[1], "x", 1) != 1)
		PTS_UNRES("write(): %m");
	pthread_join(t, NULL);
	if (got != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 22)
		PTS_FAILED("waitpid() from main returned %d status %#x for a running thread's child",
			   (int)got, status);
	PTS_PASSED("children of other threads, exited or running, are waited for by main");
}
