// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * execve(): "[ENOEXEC] The new process image file has the appropriate
 * access permission but has an unrecognized format" (execve() itself,
 * unlike execvp(), does not hand it to a shell): a 0755 text file
 * without "#!", an empty 0755 file and a 0755 file holding only an ELF
 * magic number fail with ENOEXEC, and the caller goes on (same pid).
 * A "#!" line naming an interpreter that does not exist fails with
 * [ENOENT]. A control script "#!/bin/sh" in the same directory does
 * execute (exit status 7), so the errors are not a noexec mount's.
 */
#include <sys/stat.h>

#include "pts_helpers.h"

static char dir[64];

static const char *mk(const char *name, const char *data, size_t len)
{
	static char path[4][128];
	static int i;
	int fd;

	i = (i + 1) % 4;
	snprintf(path[i], sizeof(path[i]), "%s/%s", dir, name);
	fd = open(path[i], O_WRONLY | O_CREAT | O_EXCL, 0755);
	if (fd < 0 || write(fd, data, len) != (ssize_t)len || fchmod(fd, 0755) ||
	    close(fd))
		PTS_UNRES("create %s: %m", name);
	return path[i];
}

static void expect(const char *path, int e, const char *what)
{
	char *argv[] = { "x", NULL }, *envp[] = { NULL };
	pid_t me = getpid();

	errno = 0;
	execve(path, argv, envp);
	if (errno != e)
		PTS_FAILED("%s: execve() errno %s, expected %s", what,
			   strerrorname_np(errno), strerrorname_np(e));
	if (getpid() != me)
		PTS_UNRES("pid changed");
	unlink(path);
}

int main(void)
{
	const char *ok;
	int status;
	pid_t pid;

	strcpy(dir, "/tmp/pts_execve9.XXXXXX");
	if (!mkdtemp(dir))
		PTS_UNRES("mkdtemp(): %m");
	ok = mk("ok", "#!/bin/sh\nexit 7\n", 17);
	fflush(stdout);
	pid = fork();
	if (!pid) {
		char *argv[] = { "ok", NULL }, *envp[] = { NULL };

		execve(ok, argv, envp);
		_exit(errno == EACCES ? 100 : 101);
	}
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		PTS_UNRES("control script child");
	unlink(ok);
	if (WEXITSTATUS(status) == 100) {
		rmdir(dir);
		PTS_UNSUPP("%s cannot execute files (noexec?)", dir);
	}
	if (WEXITSTATUS(status) != 7)
		PTS_UNRES("the control script did not run (status %d)",
			  WEXITSTATUS(status));

	expect(mk("text", "echo hello\n", 11), ENOEXEC, "text without #!");
	expect(mk("empty", "", 0), ENOEXEC, "empty file");
	expect(mk("elf", "\177ELF", 4), ENOEXEC, "bare ELF magic");
	expect(mk("interp", "#!/nonexistent/pts-interp\n", 26), ENOENT,
	       "#! naming a missing interpreter");
	rmdir(dir);
	PTS_PASSED("ENOEXEC (text, empty, truncated ELF), ENOENT (missing interpreter)");
}
