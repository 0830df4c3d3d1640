// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * execl(): the new process image gets exactly the arguments passed, in
 * order, as argv[0..argc-1] with argv[argc] NULL (argv[0] is whatever the
 * caller gave, an empty string stays an empty argument), and the
 * caller's environment (environ) unchanged; execl() does not return on
 * success, the pid is the same.
 */
#include "pts_helpers.h"

int main(int argc, char *argv[])
{
	char self[4096], pidbuf[32];
	int status, n;
	pid_t pid;

	if (argc > 1 && !strcmp(argv[1], "check")) {
		if (argc != 6 || strcmp(argv[0], "zz-name") || argv[2][0] ||
		    strcmp(argv[3], "two words") || argv[6] != NULL)
			return 10;
		if (!getenv("PTS_EXECL") || strcmp(getenv("PTS_EXECL"), "v=1"))
			return 11;
		if (atoi(argv[5]) != getpid())
			return 12;
		return strcmp(argv[4], "last") ? 13 : 0;
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
		setenv("PTS_EXECL", "v=1", 1);
		snprintf(pidbuf, sizeof(pidbuf), "%d", (int)getpid());
		execl(self, "zz-name", "check", "", "two words", "last", pidbuf,
		      (char *)NULL);
		_exit(20);
	}
	if (waitpid(pid, &status, 0) != pid)
		PTS_UNRES("waitpid(): %m");
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		PTS_FAILED("new image status %#x (10 argv, 11 environ, 12 pid, 20 execl failed)",
			   status);
	PTS_PASSED("argv exactly as given, environ kept, same pid");
}
