// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * chdir() makes path the starting point of relative path names: a file
 * created by a relative name appears in the new directory, getcwd()
 * returns its absolute path (symbolic links resolved), the working
 * directory is per process (a child's chdir() leaves the parent's) and
 * inherited by fork(). Errors, cwd unchanged: [ENOENT] (also ""),
 * [ENOTDIR] for a regular file, [EACCES] for nobody without search
 * permission.
 */
#include <limits.h>
#include <sys/stat.h>

#include "pts_helpers.h"

static char dir[64], sub[PATH_MAX + 16], locked[PATH_MAX + 16],
	    file[PATH_MAX + 16], lnk[PATH_MAX + 16];

static int nobody(void)
{
	PTS_EXPECT_ERRNO(chdir(locked), EACCES, "nobody chdir() into 0700 root dir");
	return PTS_PASS;
}

static void expect_cwd(const char *want, const char *when)
{
	char cwd[PATH_MAX];

	if (!getcwd(cwd, sizeof(cwd)))
		PTS_UNRES("getcwd(): %s", strerror(errno));
	if (strcmp(cwd, want))
		PTS_FAILED("%s: cwd '%s', expected '%s'", when, cwd, want);
}

int main(void)
{
	char real[PATH_MAX];
	struct stat st;
	int fd, status;
	pid_t pid;

	strcpy(dir, "/tmp/chdir_1-1.XXXXXX");
	if (!mkdtemp(dir) || chmod(dir, 0755) || !realpath(dir, real))
		PTS_UNRES("mkdtemp(): %s", strerror(errno));
	snprintf(sub, sizeof(sub), "%s/sub", real);
	snprintf(locked, sizeof(locked), "%s/locked", real);
	snprintf(file, sizeof(file), "%s/file", real);
	snprintf(lnk, sizeof(lnk), "%s/lnk", real);
	if (mkdir(sub, 0755) || mkdir(locked, 0700) || symlink("sub", lnk))
		PTS_UNRES("set-up: %s", strerror(errno));
	fd = open(file, O_CREAT | O_WRONLY, 0644);
	close(fd);

	if (chdir(sub))
		PTS_FAILED("chdir(): %s", strerror(errno));
	expect_cwd(sub, "after chdir(sub)");
	fd = open("rel", O_CREAT | O_WRONLY, 0644);
	close(fd);
	{
		char p[PATH_MAX + 32];

		snprintf(p, sizeof(p), "%s/rel", sub);
		if (stat(p, &st))
			PTS_FAILED("a relative name was not made in the new cwd");
		unlink(p);
	}
	if (chdir(real) || chdir(lnk))
		PTS_FAILED("chdir() through a symlink: %s", strerror(errno));
	expect_cwd(sub, "after chdir(lnk)");

	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %s", strerror(errno));
	if (!pid) {
		char cwd[PATH_MAX];

		if (!getcwd(cwd, sizeof(cwd)) || strcmp(cwd, sub))
			_exit(1);
		_exit(chdir("/") ? 2 : 0);
	}
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		PTS_UNRES("child did not exit");
	if (WEXITSTATUS(status) == 1)
		PTS_FAILED("the child did not inherit the cwd");
	expect_cwd(sub, "after the child's chdir(\"/\")");

	PTS_EXPECT_ERRNO(chdir("missing"), ENOENT, "chdir(missing)");
	PTS_EXPECT_ERRNO(chdir(""), ENOENT, "chdir(\"\")");
	PTS_EXPECT_ERRNO(chdir(file), ENOTDIR, "chdir(regular file)");
	if (geteuid() == 0)
		pts_run_as_nobody(nobody, "nobody child");
	expect_cwd(sub, "after the failed calls");
	if (chdir("/"))
		PTS_UNRES("chdir(/): %s", strerror(errno));
	unlink(lnk);
	unlink(file);
	rmdir(sub);
	rmdir(locked);
	rmdir(dir);
	PTS_PASSED("relative names, getcwd(), per process and inherited; ENOENT, ENOTDIR, EACCES");
}
