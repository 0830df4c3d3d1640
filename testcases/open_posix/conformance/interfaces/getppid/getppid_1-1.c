// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * getppid(): a child reads its parent's pid, from its main thread and
 * from another thread (a process attribute), also after an exec (the
 * new image keeps the parent). The parent of the test itself is the
 * same before and after the child ran.
 */
#include <pthread.h>

#include "pts_helpers.h"

static void *thr(void *arg)
{
	return (void *)(long)getppid() == arg ? (void *)1 : NULL;
}

int main(int argc, char *argv[])
{
	pid_t me = getpid(), pp = getppid(), pid;
	char self[4096], arg[32];
	pthread_t t;
	void *ok;
	int status, n;

	if (argc > 2 && !strcmp(argv[1], "exec"))
		return getppid() == atoi(argv[2]) ? 0 : 8;
	n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	if (n <= 0)
		PTS_UNRES("readlink(): %m");
	self[n] = 0;
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		if (getppid() != me)
			_exit(3);
		if (pthread_create(&t, NULL, thr, (void *)(long)me) ||
		    pthread_join(t, &ok) || !ok)
			_exit(4);
		snprintf(arg, sizeof(arg), "%d", (int)me);
		execl(self, "getppid_1-1", "exec", arg, (char *)NULL);
		_exit(5);
	}
	if (waitpid(pid, &status, 0) != pid)
		PTS_UNRES("waitpid(): %m");
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		PTS_FAILED("child status %#x (3: main thread, 4: thread, 5: exec, 8: after exec)",
			   status);
	if (getppid() != pp)
		PTS_FAILED("the test's parent changed");
	PTS_PASSED("getppid() in the child, its thread and after exec");
}
