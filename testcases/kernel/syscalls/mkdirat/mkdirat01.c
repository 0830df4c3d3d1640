// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mkdirat(2) creates the directory where its dirfd says:
 * - a name relative to dirfd lands in that directory, AT_FDCWD uses the
 *   cwd, an absolute name ignores dirfd; mode is masked by the umask
 *   (vfat and exFAT keep no mode: 0777 & ~dmask of the mount there);
 * - EBADF for a relative name with dirfd -1, ENOTDIR for dirfd a regular
 *   file, EEXIST, ENOENT below a missing directory.
 * Runs once per filesystem of the matrix (ext2 ext3 ext4 xfs btrfs
 * vfat exfat ntfs3 tmpfs; .all_filesystems).
 */
#include <fcntl.h>
#include <limits.h>
#include "tst_test.h"
#include "fs_matrix.h"
#include "fsmeta.h"

#define DIR_NAME "mkdirat01_dir"

static int dir_fd = -1, file_fd = -1;
static char abs_path[PATH_MAX];

static void setup(void)
{
	SAFE_MKDIR(DIR_NAME, 0755);
	fsm_create_file("mkdirat01_file", 0644, "x");
	dir_fd = SAFE_OPEN(DIR_NAME, O_RDONLY | O_DIRECTORY);
	file_fd = SAFE_OPEN("mkdirat01_file", O_RDONLY);
	if (!getcwd(abs_path, sizeof(abs_path) - 64))
		tst_brk(TBROK | TERRNO, "getcwd()");
	strcat(abs_path, "/" DIR_NAME "/abs");
}

static void cleanup(void)
{
	if (dir_fd >= 0)
		SAFE_CLOSE(dir_fd);
	if (file_fd >= 0)
		SAFE_CLOSE(file_fd);
}

static void expect_dir(const char *path, mode_t mode)
{
	struct stat st;

	/* FAT and exFAT ignore the mode and the umask: 0777 & ~dmask */
	if (fs_is("vfat exfat"))
		mode = 0777 & ~fs_fat_mask("dmask");
	TST_EXP_EXPR(!stat(path, &st) && st.st_mode == (S_IFDIR | mode),
		     "%s is a directory of mode %04o", path, mode);
}

static void check_success(void)
{
	mode_t old = umask(027);

	TST_EXP_PASS(mkdirat(dir_fd, "rel", 0777),
		     "mkdirat(dirfd, \"rel\", 0777) under umask 027");
	expect_dir(DIR_NAME "/rel", 0750);
	TST_EXP_PASS(mkdirat(AT_FDCWD, DIR_NAME "/cwd", 0700),
		     "mkdirat(AT_FDCWD, \"dir/cwd\")");
	expect_dir(DIR_NAME "/cwd", 0700);
	TST_EXP_PASS(mkdirat(-1, abs_path, 0755),
		     "mkdirat(-1, absolute path)");
	expect_dir(DIR_NAME "/abs", 0750);
	umask(old);
	SAFE_RMDIR(DIR_NAME "/rel");
	SAFE_RMDIR(DIR_NAME "/cwd");
	SAFE_RMDIR(DIR_NAME "/abs");
}

static void check_errors(void)
{
	struct stat st;

	TST_EXP_FAIL(mkdirat(-1, "x", 0755), EBADF,
		     "mkdirat() with dirfd -1");
	TST_EXP_FAIL(mkdirat(file_fd, "x", 0755), ENOTDIR,
		     "mkdirat() with dirfd a regular file");
	TST_EXP_FAIL(mkdirat(dir_fd, ".", 0755), EEXIST,
		     "mkdirat(dirfd, \".\")");
	TST_EXP_FAIL(mkdirat(dir_fd, "missing/x", 0755), ENOENT,
		     "mkdirat() below a missing directory");
	TST_EXP_FAIL(stat("x", &st), ENOENT, "nothing created in the cwd");
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
