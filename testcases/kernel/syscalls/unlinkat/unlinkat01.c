// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * unlinkat(2):
 * - flags 0 removes a file named relative to dirfd, or to the cwd for
 *   AT_FDCWD;
 * - AT_REMOVEDIR removes an empty directory, and the parent's st_nlink
 *   drops by one (btrfs and ntfs3 keep a directory's st_nlink at 1);
 * - EISDIR for a directory without AT_REMOVEDIR, ENOTDIR for a file with
 *   it, ENOTEMPTY for a non-empty directory, EINVAL for "." with it and
 *   for an unknown flag, EBADF for dirfd -1, ENOTDIR for dirfd a regular
 *   file; each leaves the name in place.
 * Runs once per filesystem of the matrix (ext2 ext3 ext4 xfs btrfs
 * vfat exfat ntfs3 tmpfs; .all_filesystems).
 */
#include <fcntl.h>
#include "tst_test.h"
#include "fsmeta.h"

#define DIR_NAME "unlinkat01_dir"

static int dir_fd = -1, file_fd = -1;

static void setup(void)
{
	SAFE_MKDIR(DIR_NAME, 0755);
	fsm_create_file(DIR_NAME "/keep", 0644, "x");
	SAFE_MKDIR(DIR_NAME "/full", 0755);
	fsm_create_file(DIR_NAME "/full/f", 0644, "x");
	dir_fd = SAFE_OPEN(DIR_NAME, O_RDONLY | O_DIRECTORY);
	file_fd = SAFE_OPEN(DIR_NAME "/keep", O_RDONLY);
}

static void cleanup(void)
{
	if (dir_fd >= 0)
		SAFE_CLOSE(dir_fd);
	if (file_fd >= 0)
		SAFE_CLOSE(file_fd);
}

static int exists(const char *name)
{
	struct stat st;

	return !fstatat(dir_fd, name, &st, AT_SYMLINK_NOFOLLOW);
}

static void check_success(void)
{
	struct stat before, after;

	fsm_create_file(DIR_NAME "/f1", 0644, "x");
	TST_EXP_PASS(unlinkat(dir_fd, "f1", 0), "unlinkat(dirfd, \"f1\", 0)");
	TST_EXP_EXPR(!exists("f1"), "f1 gone");

	fsm_create_file(DIR_NAME "/f2", 0644, "x");
	TST_EXP_PASS(unlinkat(AT_FDCWD, DIR_NAME "/f2", 0),
		     "unlinkat(AT_FDCWD, \"dir/f2\", 0)");
	TST_EXP_EXPR(!exists("f2"), "f2 gone");

	SAFE_MKDIR(DIR_NAME "/sub", 0755);
	SAFE_STAT(DIR_NAME, &before);
	TST_EXP_PASS(unlinkat(dir_fd, "sub", AT_REMOVEDIR),
		     "unlinkat(dirfd, \"sub\", AT_REMOVEDIR)");
	TST_EXP_EXPR(!exists("sub"), "sub gone");
	SAFE_STAT(DIR_NAME, &after);
	TST_EXP_EQ_LI(after.st_nlink, fsm_dir_nlink(before.st_nlink - 1));
}

static void check_errors(void)
{
	TST_EXP_FAIL(unlinkat(dir_fd, "full", 0), EISDIR,
		     "unlinkat(directory, 0)");
	TST_EXP_FAIL(unlinkat(dir_fd, "keep", AT_REMOVEDIR), ENOTDIR,
		     "unlinkat(file, AT_REMOVEDIR)");
	TST_EXP_FAIL(unlinkat(dir_fd, "full", AT_REMOVEDIR), ENOTEMPTY,
		     "unlinkat(non-empty directory, AT_REMOVEDIR)");
	TST_EXP_FAIL(unlinkat(dir_fd, ".", AT_REMOVEDIR), EINVAL,
		     "unlinkat(\".\", AT_REMOVEDIR)");
	TST_EXP_FAIL(unlinkat(dir_fd, "keep", AT_SYMLINK_NOFOLLOW), EINVAL,
		     "unlinkat() with flag AT_SYMLINK_NOFOLLOW");
	TST_EXP_FAIL(unlinkat(-1, "keep", 0), EBADF,
		     "unlinkat() with dirfd -1");
	TST_EXP_FAIL(unlinkat(file_fd, "keep", 0), ENOTDIR,
		     "unlinkat() with dirfd a regular file");
	TST_EXP_EXPR(exists("keep") && exists("full") && exists("full/f"),
		     "every name is still there");
}

static void run(unsigned int n)
{
	if (n == 0)
		check_success();
	else
		check_errors();
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.all_filesystems = 1,
};
