// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fchdir() makes the directory open on fildes the working directory:
 * getcwd() returns its path and relative names resolve from it, also
 * for a descriptor opened with O_RDONLY before a rename of the
 * directory (the new path is reported). Errors, cwd unchanged: [EBADF]
 * for a closed descriptor, [ENOTDIR] for a regular file's, [EACCES] for
 * nobody on a directory without search permission for it (opened by
 * root before dropping the ids).
 */
#include <limits.h>
#include <sys/stat.h>

#include "pts_helpers.h"

static char dir[64], real[PATH_MAX], a[PATH_MAX + 16], b[PATH_MAX + 16],
	    locked[PATH_MAX + 16];
static int lockedfd;

static int nobody(void)
{
	PTS_EXPECT_ERRNO(fchdir(lockedfd), EACCES,
			 "nobody fchdir() to a 0700 root directory");
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
	struct stat st;
	int dfd, ffd, closed;

	strcpy(dir, "/tmp/fchdir_1-1.XXXXXX");
	if (!mkdtemp(dir) || chmod(dir, 0755) || !realpath(dir, real))
		PTS_UNRES("mkdtemp(): %s", strerror(errno));
	snprintf(a, sizeof(a), "%s/a", real);
	snprintf(b, sizeof(b), "%s/b", real);
	snprintf(locked, sizeof(locked), "%s/locked", real);
	if (mkdir(a, 0755) || mkdir(locked, 0700))
		PTS_UNRES("mkdir(): %s", strerror(errno));
	dfd = open(a, O_RDONLY | O_DIRECTORY);
	lockedfd = open(locked, O_RDONLY | O_DIRECTORY);
	ffd = open(real, O_RDONLY);
	if (dfd < 0 || lockedfd < 0 || ffd < 0)
		PTS_UNRES("open(): %s", strerror(errno));
	close(ffd);
	{
		char f[PATH_MAX + 16];

		snprintf(f, sizeof(f), "%s/file", real);
		ffd = open(f, O_CREAT | O_RDONLY, 0644);
		if (ffd < 0)
			PTS_UNRES("open(): %s", strerror(errno));
		unlink(f);
	}
	if (rename(a, b))
		PTS_UNRES("rename(): %s", strerror(errno));
	if (fchdir(dfd))
		PTS_FAILED("fchdir(): %s", strerror(errno));
	expect_cwd(b, "after fchdir() to the renamed directory");
	close(open("rel", O_CREAT | O_WRONLY, 0644));
	{
		char p[PATH_MAX + 32];

		snprintf(p, sizeof(p), "%s/rel", b);
		if (stat(p, &st))
			PTS_FAILED("a relative name was not made in the new cwd");
		unlink(p);
	}
	closed = dup(dfd);
	close(closed);
	PTS_EXPECT_ERRNO(fchdir(closed), EBADF, "fchdir() of a closed fd");
	PTS_EXPECT_ERRNO(fchdir(ffd), ENOTDIR, "fchdir() of a regular file's fd");
	if (geteuid() == 0)
		pts_run_as_nobody(nobody, "nobody child");
	expect_cwd(b, "after the failed calls");
	if (chdir("/"))
		PTS_UNRES("chdir(): %s", strerror(errno));
	close(dfd);
	close(ffd);
	close(lockedfd);
	rmdir(b);
	rmdir(locked);
	rmdir(dir);
	PTS_PASSED("cwd from the descriptor (renamed directory), relative names; EBADF, ENOTDIR, EACCES");
}
