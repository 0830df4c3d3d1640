// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * execve(): [E2BIG] when the argument list and environment together
 * exceed the limit ({ARG_MAX}, sysconf(_SC_ARG_MAX)): arguments of twice
 * that size in total fail, the caller keeps running; a list well within
 * it (a quarter of {ARG_MAX}) executes.
 */
#include "pts_helpers.h"

static char **make_args(long total, long each)
{
	long n = total / each + 2, i;
	char **v = calloc(n + 1, sizeof(char *));
	char *s = malloc(each);

	if (!v || !s)
		PTS_UNRES("malloc()");
	memset(s, 'a', each - 1);
	s[each - 1] = 0;
	v[0] = "execve_4-1";
	for (i = 1; i < n; i++)
		v[i] = s;
	v[n] = NULL;
	return v;
}

int main(int argc, char *argv[])
{
	char *envp[] = { NULL };
	long argmax = sysconf(_SC_ARG_MAX);
	char self[4096], **v;
	int status, n;
	pid_t pid;

	(void)argv;

	if (argc > 1)
		return 0;
	if (argmax <= 0)
		PTS_UNRES("sysconf(_SC_ARG_MAX): %ld", argmax);
	n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	if (n <= 0)
		PTS_UNRES("readlink(): %m");
	self[n] = 0;
	v = make_args(argmax * 2, 32768);
	PTS_EXPECT_ERRNO(execve(self, v, envp), E2BIG, "execve(2 * ARG_MAX of arguments)");
	v = make_args(argmax / 4, 4096);
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		execve(self, v, envp);
		_exit(20);
	}
	if (waitpid(pid, &status, 0) != pid)
		PTS_UNRES("waitpid(): %m");
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		PTS_FAILED("execve with ARG_MAX / 4 of arguments: status %#x", status);
	PTS_PASSED("E2BIG over ARG_MAX (%ld), success within it", argmax);
}
