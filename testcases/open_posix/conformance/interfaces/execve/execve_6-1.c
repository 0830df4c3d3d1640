// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * execve() from a thread other than the main one: the new process image
 * has a single thread ("all other threads ... shall be terminated"), the
 * process keeps its pid (that of the original main thread), and the
 * parent sees one exit of that pid with the new image's status.
 */
#include <dirent.h>
#include <pthread.h>

#include "pts_helpers.h"

static char self[4096], pidbuf[32];

static void *execer(void *arg)
{
	(void)arg;
	execl(self, "execve_6-1", "check", pidbuf, (char *)NULL);
	_exit(30);
}

static void *sleeper(void *arg)
{
	(void)arg;
	for (;;)
		pause();
	return NULL;
}

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

int main(int argc, char *argv[])
{
	pthread_t t;
	int status, n;
	pid_t pid;

	if (argc > 2) {
		if (getpid() != atoi(argv[2]))
			return 10;
		return count_tasks() == 1 ? 0 : 11;
	}
	n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	if (n <= 0)
		PTS_UNRES("readlink(): %m");
	self[n] = 0;
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		snprintf(pidbuf, sizeof(pidbuf), "%d", (int)getpid());
		if (pthread_create(&t, NULL, sleeper, NULL) ||
		    pthread_create(&t, NULL, sleeper, NULL) ||
		    pthread_create(&t, NULL, execer, NULL))
			_exit(31);
		for (;;)
			pause();
	}
	if (waitpid(pid, &status, 0) != pid)
		PTS_UNRES("waitpid(): %m");
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		PTS_FAILED("status %#x (10: pid changed, 11: more than one thread, 30/31 set-up)",
			   status);
	PTS_EXPECT_ERRNO(waitpid(-1, &status, WNOHANG), ECHILD, "waitpid() after the one exit");
	PTS_PASSED("exec from a thread: one thread left, the process's pid kept");
}
