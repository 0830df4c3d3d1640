// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * execle(): the new process image's environ is exactly the envp array
 * given (its strings in order, none of the caller's variables), and an
 * envp with no entries gives an empty environment.
 */
#include "pts_helpers.h"

extern char **environ;

int main(int argc, char *argv[])
{
	char *envp[] = { "A=1", "PTS_B=two", "=odd", "C=", NULL };
	char *none[] = { NULL };
	char self[4096];
	int status, n, i;
	pid_t pid;

	if (argc > 1 && !strcmp(argv[1], "full")) {
		for (i = 0; envp[i]; i++)
			if (!environ[i] || strcmp(environ[i], envp[i]))
				return 10 + i;
		return environ[i] ? 19 : 0;
	}
	if (argc > 1 && !strcmp(argv[1], "empty"))
		return environ[0] ? 20 : 0;
	n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	if (n <= 0)
		PTS_UNRES("readlink(): %m");
	self[n] = 0;
	setenv("PTS_CALLER", "x", 1);
	for (i = 0; i < 2; i++) {
		fflush(stdout);
		pid = fork();
		if (pid < 0)
			PTS_UNRES("fork(): %m");
		if (!pid) {
			if (!i)
				execle(self, "execle_1-1", "full", (char *)NULL, envp);
			else
				execle(self, "execle_1-1", "empty", (char *)NULL, none);
			_exit(30);
		}
		if (waitpid(pid, &status, 0) != pid)
			PTS_UNRES("waitpid(): %m");
		if (!WIFEXITED(status) || WEXITSTATUS(status))
			PTS_FAILED("%s envp: status %#x (10+i: entry i differs, 19: extra entries, 20: not empty)",
				   i ? "empty" : "given", status);
	}
	PTS_PASSED("environ is exactly envp, also empty");
}
