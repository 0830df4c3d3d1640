// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fork() in a multi-threaded process: the child has a single thread, a
 * replica of the calling thread (here a secondary thread forks while the
 * main thread and two others are blocked); the child's pid is new and
 * matches no existing process group ID (kill(-pid, 0) fails with
 * [ESRCH] before the child creates any group); fork() returns 0 in the
 * child and the child's pid in the parent, and the child's getppid() is
 * the parent's pid.
 */
#include <dirent.h>
#include <pthread.h>

#include "pts_helpers.h"

static pid_t parent;

static int count_tasks(void)
{
	DIR *d = opendir("/proc/self/task");
	struct dirent *e;
	int n = 0;

	if (!d)
		return -1;
	while ((e = readdir(d)))
		if (e->d_name[0] != '.')
			n++;
	closedir(d);
	return n;
}

static void *blocker(void *arg)
{
	(void)arg;
	for (;;)
		pause();
	return NULL;
}

static void *forker(void *arg)
{
	int p[2], status;
	pid_t pid;
	char c;

	(void)arg;
	if (pipe(p))
		return (void *)"pipe";
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		return (void *)"fork";
	if (!pid) {
		if (getppid() != parent)
			_exit(3);
		if (count_tasks() != 1)
			_exit(4);
		if (read(p[0], &c, 1) != 1)
			_exit(5);
		_exit(0);
	}
	if (pid == parent || kill(-pid, 0) != -1 || errno != ESRCH)
		return (void *)"the new pid is a process group ID already";
	if (write(p[1], "x", 1) != 1)
		return (void *)"write";
	if (waitpid(pid, &status, 0) != pid)
		return (void *)"waitpid";
	if (!WIFEXITED(status) || WEXITSTATUS(status) == 3)
		return (void *)"the child's getppid() is not the parent";
	if (WEXITSTATUS(status) == 4)
		return (void *)"the child has more than one thread";
	if (WEXITSTATUS(status))
		return (void *)"child failed";
	return NULL;
}

int main(void)
{
	pthread_t t1, t2, t3;
	void *res;

	parent = getpid();
	if (pthread_create(&t1, NULL, blocker, NULL) ||
	    pthread_create(&t2, NULL, blocker, NULL) ||
	    pthread_create(&t3, NULL, forker, NULL))
		PTS_UNRES("pthread_create()");
	if (pthread_join(t3, &res))
		PTS_UNRES("pthread_join()");
	if (res)
		PTS_FAILED("%s", (char *)res);
	PTS_PASSED("one thread in the child, new pid, getppid(), return values");
}
