// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fexecve(): executes the file open on fd (opened O_RDONLY) with the
 * given argv and envp, like execve() of its path; the descriptor may be
 * closed-on-exec. It fails with [EBADF] for a descriptor that is not
 * open and with [EACCES] for a file open on fd that has no execute
 * permission; the caller keeps running.
 */
#include <sys/stat.h>

#include "pts_helpers.h"

extern char **environ;

int main(int argc, char *argv[])
{
	char *args[] = { "fexecve_1-1", "check", NULL };
	char *envp[] = { "PTS_FEXECVE=1", NULL };
	char tmpl[] = "/tmp/pts-fexecve-XXXXXX";
	int status, fd, i, nofd;
	pid_t pid;

	(void)argv;

	if (argc > 1)
		return environ[0] && !strcmp(environ[0], "PTS_FEXECVE=1") &&
		       !environ[1] ? 0 : 10;
	for (i = 0; i < 2; i++) {
		fd = open("/proc/self/exe", O_RDONLY | (i ? O_CLOEXEC : 0));
		if (fd < 0)
			PTS_UNRES("open(/proc/self/exe): %m");
		fflush(stdout);
		pid = fork();
		if (pid < 0)
			PTS_UNRES("fork(): %m");
		if (!pid) {
			fexecve(fd, args, envp);
			_exit(20);
		}
		if (waitpid(pid, &status, 0) != pid)
			PTS_UNRES("waitpid(): %m");
		if (!WIFEXITED(status) || WEXITSTATUS(status))
			PTS_FAILED("fexecve(%s fd): status %#x (10: environment, 20: failed)",
				   i ? "close-on-exec" : "plain", status);
		close(fd);
	}
	nofd = dup(0);
	if (nofd < 0)
		PTS_UNRES("dup(): %m");
	close(nofd);
	PTS_EXPECT_ERRNO(fexecve(nofd, args, envp), EBADF, "fexecve(closed fd)");
	fd = mkstemp(tmpl);
	if (fd < 0)
		PTS_UNRES("mkstemp(): %m");
	if (write(fd, "#!/bin/sh\nexit 0\n", 17) != 17)
		PTS_UNRES("write(): %m");
	fchmod(fd, 0644);
	close(fd);
	fd = open(tmpl, O_RDONLY);
	unlink(tmpl);
	if (fd < 0)
		PTS_UNRES("open(): %m");
	PTS_EXPECT_ERRNO(fexecve(fd, args, envp), EACCES, "fexecve(file without x bits)");
	PTS_PASSED("fexecve() by descriptor (also close-on-exec), EBADF, EACCES");
}
