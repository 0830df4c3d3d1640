// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * openat(2) resolves a relative path from dirfd, and only then:
 * - a relative path opens (and O_CREAT creates) the file in dirfd's
 *   directory, not in the cwd;
 * - dirfd keeps naming the directory after the directory was renamed;
 * - an O_PATH directory fd works as dirfd;
 * - AT_FDCWD resolves from the cwd;
 * - an absolute path ignores dirfd, even one that is not open or not a
 *   directory.
 * Runs once per filesystem of the matrix (ext2 ext3 ext4 xfs btrfs
 * vfat exfat ntfs3 tmpfs; .all_filesystems).
 */
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include "tst_test.h"

#define DIRNAME "openat01_dir"
#define MOVED "openat01_moved"

static char abs_path[PATH_MAX];

/* The file opened is the one at path, seen through another lookup. */
static void check_same_file(int fd, const char *path)
{
	struct stat a, b;

	SAFE_FSTAT(fd, &a);
	SAFE_STAT(path, &b);
	TST_EXP_EXPR(a.st_dev == b.st_dev && a.st_ino == b.st_ino,
		     "the fd is %s", path);
	SAFE_CLOSE(fd);
}

static void run(void)
{
	int dfd, pfd, filefd;

	dfd = SAFE_OPEN(DIRNAME, O_RDONLY | O_DIRECTORY);
	TST_EXP_FD(openat(dfd, "new", O_RDWR | O_CREAT | O_EXCL, 0600),
		   "openat(dirfd, \"new\", O_CREAT)");
	if (TST_RET >= 0)
		check_same_file(TST_RET, DIRNAME "/new");
	TST_EXP_FAIL(access("new", F_OK), ENOENT,
		     "access(\"new\") in the cwd");

	SAFE_MKDIR(MOVED, 0700);
	SAFE_RMDIR(MOVED);
	if (rename(DIRNAME, MOVED))
		tst_brk(TBROK | TERRNO, "rename(%s, %s)", DIRNAME, MOVED);
	TST_EXP_FD(openat(dfd, "new", O_RDONLY),
		   "openat(dirfd) after the directory was renamed");
	if (TST_RET >= 0)
		check_same_file(TST_RET, MOVED "/new");
	if (rename(MOVED, DIRNAME))
		tst_brk(TBROK | TERRNO, "rename(%s, %s)", MOVED, DIRNAME);

	pfd = SAFE_OPEN(DIRNAME, O_PATH | O_DIRECTORY);
	TST_EXP_FD(openat(pfd, "new", O_RDONLY), "openat(O_PATH dirfd)");
	if (TST_RET >= 0)
		check_same_file(TST_RET, DIRNAME "/new");

	TST_EXP_FD(openat(AT_FDCWD, "cwd_file", O_RDONLY),
		   "openat(AT_FDCWD, \"cwd_file\")");
	if (TST_RET >= 0)
		check_same_file(TST_RET, "cwd_file");

	filefd = SAFE_OPEN("cwd_file", O_RDONLY);
	TST_EXP_FD(openat(filefd, abs_path, O_RDONLY),
		   "openat(a file's fd, absolute path)");
	if (TST_RET >= 0)
		check_same_file(TST_RET, abs_path);
	TST_EXP_FD(openat(-1, abs_path, O_RDONLY),
		   "openat(-1, absolute path)");
	if (TST_RET >= 0)
		check_same_file(TST_RET, abs_path);

	SAFE_CLOSE(filefd);
	SAFE_CLOSE(pfd);
	SAFE_CLOSE(dfd);
	SAFE_UNLINK(DIRNAME "/new");
}

static void setup(void)
{
	int fd;

	SAFE_MKDIR(DIRNAME, 0700);
	fd = SAFE_OPEN("cwd_file", O_WRONLY | O_CREAT, 0600);
	SAFE_CLOSE(fd);
	if (!getcwd(abs_path, sizeof(abs_path) - sizeof("/cwd_file")))
		tst_brk(TBROK | TERRNO, "getcwd()");
	strcat(abs_path, "/cwd_file");
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.all_filesystems = 1,
};
