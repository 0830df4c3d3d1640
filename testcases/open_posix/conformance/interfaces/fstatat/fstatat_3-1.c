// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fstatat() pathname edge cases: an absolute path ignores fd (a closed
 * descriptor, a regular file's descriptor), AT_FDCWD resolves from the
 * working directory; an empty path is [ENOENT] (no AT_EMPTY_PATH);
 * AT_SYMLINK_NOFOLLOW on a name that is not a link describes the file
 * itself. Trailing slashes: a regular file named with one is [ENOTDIR];
 * a symbolic link to a directory named with one is resolved even with
 * AT_SYMLINK_NOFOLLOW (S_ISDIR, the directory's inode), one to a regular
 * file is [ENOTDIR]; the directory itself with "//" is found.
 */
#include <sys/stat.h>

#include "pts_helpers.h"

static char dir[64];

static void same(const struct stat *a, const struct stat *b, const char *what)
{
	if (a->st_ino != b->st_ino || a->st_dev != b->st_dev ||
	    a->st_mode != b->st_mode)
		PTS_FAILED("%s: ino %lu mode %o, expected ino %lu mode %o", what,
			   (unsigned long)a->st_ino, (unsigned int)a->st_mode,
			   (unsigned long)b->st_ino, (unsigned int)b->st_mode);
}

int main(void)
{
	char path[128];
	struct stat f, d, st;
	int dfd, ffd, closed;

	snprintf(dir, sizeof(dir), "/tmp/pts_fstatat3_%d", (int)getpid());
	if (mkdir(dir, 0755))
		PTS_UNRES("mkdir(): %m");
	dfd = open(dir, O_RDONLY | O_DIRECTORY);
	ffd = openat(dfd, "file", O_WRONLY | O_CREAT, 0644);
	if (dfd < 0 || ffd < 0 || mkdirat(dfd, "sub", 0755) ||
	    symlinkat("sub", dfd, "dlink") || symlinkat("file", dfd, "flink"))
		PTS_UNRES("set-up: %m");
	closed = open("/dev/null", O_RDONLY);
	close(closed);
	snprintf(path, sizeof(path), "%s/file", dir);
	if (stat(path, &f))
		PTS_UNRES("stat(): %m");
	snprintf(path, sizeof(path), "%s/sub", dir);
	if (stat(path, &d))
		PTS_UNRES("stat(): %m");

	snprintf(path, sizeof(path), "%s/file", dir);
	if (fstatat(closed, path, &st, 0))
		PTS_FAILED("absolute path with a closed fd: %m");
	same(&st, &f, "absolute path, closed fd");
	if (fstatat(ffd, path, &st, 0))
		PTS_FAILED("absolute path with a regular file's fd: %m");
	same(&st, &f, "absolute path, file fd");
	if (chdir(dir) || fstatat(AT_FDCWD, "file", &st, 0))
		PTS_FAILED("AT_FDCWD: %m");
	same(&st, &f, "AT_FDCWD");
	if (chdir("/"))
		PTS_UNRES("chdir(): %m");
	PTS_EXPECT_ERRNO(fstatat(dfd, "", &st, 0), ENOENT, "fstatat(\"\")");
	if (fstatat(dfd, "file", &st, AT_SYMLINK_NOFOLLOW))
		PTS_FAILED("AT_SYMLINK_NOFOLLOW on a regular file: %m");
	same(&st, &f, "AT_SYMLINK_NOFOLLOW on a non-link");

	PTS_EXPECT_ERRNO(fstatat(dfd, "file/", &st, 0), ENOTDIR,
			 "a regular file with a trailing slash");
	if (fstatat(dfd, "dlink/", &st, AT_SYMLINK_NOFOLLOW))
		PTS_FAILED("\"dlink/\" with AT_SYMLINK_NOFOLLOW: %m");
	if (!S_ISDIR(st.st_mode))
		PTS_FAILED("\"dlink/\" with AT_SYMLINK_NOFOLLOW is not the directory (mode %o)",
			   (unsigned int)st.st_mode);
	same(&st, &d, "\"dlink/\"");
	if (fstatat(dfd, "dlink", &st, AT_SYMLINK_NOFOLLOW) || !S_ISLNK(st.st_mode))
		PTS_FAILED("\"dlink\" with AT_SYMLINK_NOFOLLOW not the link");
	PTS_EXPECT_ERRNO(fstatat(dfd, "flink/", &st, AT_SYMLINK_NOFOLLOW), ENOTDIR,
			 "a link to a file with a trailing slash");
	if (fstatat(dfd, "sub//", &st, 0))
		PTS_FAILED("\"sub//\": %m");
	same(&st, &d, "\"sub//\"");

	unlinkat(dfd, "flink", 0);
	unlinkat(dfd, "dlink", 0);
	unlinkat(dfd, "file", 0);
	unlinkat(dfd, "sub", AT_REMOVEDIR);
	rmdir(dir);
	PTS_PASSED("absolute paths ignore fd, empty path ENOENT, trailing slashes");
}
