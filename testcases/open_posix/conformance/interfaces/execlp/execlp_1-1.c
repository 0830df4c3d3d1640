// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * execlp() and execvp(): a file name without a slash is searched in the
 * directories of PATH, in order (a directory without it is skipped, the
 * first one holding it is used); a name with a slash is used as a path,
 * not searched ([ENOENT] for "./name" where the working directory has
 * no such file, though PATH has it); a name found nowhere in PATH fails
 * with [ENOENT].
 */
#include <libgen.h>

#include "pts_helpers.h"

int main(int argc, char *argv[])
{
	char self[4096], dir[4096], path[8192], *base;
	char *vargs[] = { NULL, "found", NULL };
	int status, n, i;
	pid_t pid;

	if (argc > 1 && !strcmp(argv[1], "found"))
		return 0;
	n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	if (n <= 0)
		PTS_UNRES("readlink(): %m");
	self[n] = 0;
	strcpy(dir, self);
	base = strrchr(self, '/') + 1;
	vargs[0] = base;
	snprintf(path, sizeof(path), "/nonexistent-pts:%s:/bin", dirname(dir));
	if (setenv("PATH", path, 1))
		PTS_UNRES("setenv(): %m");
	if (chdir("/"))
		PTS_UNRES("chdir(): %m");
	for (i = 0; i < 2; i++) {
		fflush(stdout);
		pid = fork();
		if (pid < 0)
			PTS_UNRES("fork(): %m");
		if (!pid) {
			if (i)
				execvp(base, vargs);
			else
				execlp(base, base, "found", (char *)NULL);
			_exit(20);
		}
		if (waitpid(pid, &status, 0) != pid)
			PTS_UNRES("waitpid(): %m");
		if (!WIFEXITED(status) || WEXITSTATUS(status))
			PTS_FAILED("%s(\"%s\") with PATH %s: status %#x",
				   i ? "execvp" : "execlp", base, path, status);
	}
	snprintf(dir, sizeof(dir), "./%s", base);
	PTS_EXPECT_ERRNO(execlp(dir, dir, "found", (char *)NULL), ENOENT,
			 "execlp(\"./name\") from / (a slash: no search)");
	PTS_EXPECT_ERRNO(execlp("pts-no-such-program", "x", (char *)NULL), ENOENT,
			 "execlp(name in no PATH directory)");
	vargs[0] = "x";
	PTS_EXPECT_ERRNO(execvp("pts-no-such-program", vargs), ENOENT,
			 "execvp(name in no PATH directory)");
	PTS_PASSED("PATH searched in order for a bare name, not for one with a slash; ENOENT");
}
