// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * execvp() and execlp(): a file that execve() refuses with [ENOEXEC] (an
 * executable text file without "#!") is run as a shell script, by a
 * command interpreter, with the arguments given (the script sees them as
 * $1...). execve() of the same file fails with [ENOEXEC], and execv()
 * (no search, no fallback required) is only reported.
 */
#include "pts_helpers.h"

int main(void)
{
	char dir[] = "/tmp/pts-execvp-XXXXXX", file[64];
	char *args[] = { "script", "7", NULL };
	char *envp[] = { NULL };
	int status, fd, i;
	pid_t pid;

	if (!mkdtemp(dir))
		PTS_UNRES("mkdtemp(): %m");
	snprintf(file, sizeof(file), "%s/script", dir);
	fd = open(file, O_WRONLY | O_CREAT | O_EXCL, 0755);
	if (fd < 0)
		PTS_UNRES("open(): %m");
	if (dprintf(fd, "exit $((30 + $1))\n") < 0)
		PTS_UNRES("write(): %m");
	close(fd);
	PTS_EXPECT_ERRNO(execve(file, args, envp), ENOEXEC,
			 "execve(executable text file without #!)");
	for (i = 0; i < 2; i++) {
		fflush(stdout);
		pid = fork();
		if (pid < 0)
			PTS_UNRES("fork(): %m");
		if (!pid) {
			if (i)
				execlp(file, "script", "7", (char *)NULL);
			else
				execvp(file, args);
			_exit(20);
		}
		if (waitpid(pid, &status, 0) != pid)
			PTS_UNRES("waitpid(): %m");
		if (!WIFEXITED(status) || WEXITSTATUS(status) != 37) {
			unlink(file);
			rmdir(dir);
			PTS_FAILED("%s of a script without #!: status %#x, expected exit 37",
				   i ? "execlp" : "execvp", status);
		}
	}
	errno = 0;
	pid = fork();
	if (!pid) {
		execv(file, args);
		_exit(errno == ENOEXEC ? 21 : 22);
	}
	waitpid(pid, &status, 0);
	printf("INFO: execv() of the script: %s\n",
	       WIFEXITED(status) && WEXITSTATUS(status) == 37 ? "run by the shell" :
	       WIFEXITED(status) && WEXITSTATUS(status) == 21 ? "ENOEXEC" : "other");
	unlink(file);
	rmdir(dir);
	PTS_PASSED("execve ENOEXEC; execvp/execlp run the file with the shell and its arguments");
}
