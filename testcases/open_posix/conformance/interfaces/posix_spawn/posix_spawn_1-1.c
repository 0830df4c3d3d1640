// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * posix_spawn() creates a child process running the given file with
 * exactly the argv and envp passed, and stores the child's process ID
 * in *pid. The child reports its getpid() and getppid() through a pipe
 * (the parent's descriptor, inherited); they must be the stored pid and
 * the caller; its environment must be the two strings given and nothing
 * else; waitpid() on the stored pid returns its exit status 0.
 */
#include "pts_spawn20.h"

static int child(int argc, char **argv)
{
	char buf[64];
	int n = 0, fd = atoi(argv[2]);

	if (argc != 3 || strcmp(argv[0], PTS_SPAWN_ARGV0))
		PTS_FAILED("child: argc %d argv[0] %s", argc, argv[0]);
	while (environ[n])
		n++;
	if (n != 2 || strcmp(environ[0], "PTS_A=one") ||
	    strcmp(environ[1], "PTS_B=two"))
		PTS_FAILED("child: %d environment strings, first %s", n,
			   n ? environ[0] : "-");
	snprintf(buf, sizeof(buf), "%d %d", (int)getpid(), (int)getppid());
	if (write(fd, buf, strlen(buf) + 1) <= 0)
		PTS_FAILED("child: write: %s", strerror(errno));
	return PTS_PASS;
}

int main(int argc, char **argv)
{
	char *env[] = { "PTS_A=one", "PTS_B=two", NULL };
	char fdstr[16], buf[64];
	char *cargv[] = { PTS_SPAWN_ARGV0, "child", fdstr, NULL };
	int p[2], e, cpid, cppid, status;
	pid_t pid = -1;

	if (argc > 1)
		return child(argc, argv);
	if (pipe(p))
		PTS_UNRES("pipe: %s", strerror(errno));
	snprintf(fdstr, sizeof(fdstr), "%d", p[1]);
	e = posix_spawn(&pid, pts_spawn_exe(), NULL, NULL, cargv, env);
	if (e)
		PTS_FAILED("posix_spawn returned %d", e);
	close(p[1]);
	if (read(p[0], buf, sizeof(buf)) <= 0 ||
	    sscanf(buf, "%d %d", &cpid, &cppid) != 2)
		PTS_FAILED("no report from the child");
	if (waitpid(pid, &status, 0) != pid)
		PTS_FAILED("waitpid(stored pid %d): %s", (int)pid, strerror(errno));
	if (!WIFEXITED(status) || WEXITSTATUS(status) != PTS_PASS)
		PTS_FAILED("child status 0x%x", status);
	if (cpid != pid || cppid != getpid())
		PTS_FAILED("child pid %d ppid %d; stored pid %d, caller %d", cpid,
			   cppid, (int)pid, (int)getpid());
	PTS_PASSED("stored pid is the child's, its parent the caller, argv and envp exact, exit 0 reaped");
}
