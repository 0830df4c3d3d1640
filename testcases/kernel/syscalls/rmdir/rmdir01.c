// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rmdir(2) removes an empty directory:
 * - the name is gone, the parent's st_nlink drops by one;
 * - a directory still open can be removed: fstat() on its fd shows
 *   st_nlink 0 and creating a file inside it is ENOENT;
 * - a trailing slash is accepted;
 * - nobody may remove its own empty directory from a sticky mode 01777
 *   directory owned by root.
 * Runs once per filesystem of the matrix (ext2 ext3 ext4 xfs btrfs
 * vfat exfat ntfs3 tmpfs; .all_filesystems).
 */
#include <fcntl.h>
#include "tst_test.h"
#include "fsmeta.h"

#define STICKY "rmdir01_sticky"

static void setup(void)
{
	SAFE_MKDIR(STICKY, 0777);
	SAFE_CHMOD(STICKY, 01777);
}

static void check_remove(void)
{
	struct stat before, after, st;

	SAFE_MKDIR("rmdir01_d", 0755);
	SAFE_STAT(".", &before);
	TST_EXP_PASS(rmdir("rmdir01_d"));
	SAFE_STAT(".", &after);
	TST_EXP_FAIL(stat("rmdir01_d", &st), ENOENT, "the name is gone");
	TST_EXP_EQ_LI(after.st_nlink, fsm_dir_nlink(before.st_nlink - 1));

	SAFE_MKDIR("rmdir01_slash", 0755);
	TST_EXP_PASS(rmdir("rmdir01_slash/"), "rmdir(\"dir/\")");
	TST_EXP_FAIL(stat("rmdir01_slash", &st), ENOENT, "the name is gone");
}

static void check_open_dir(void)
{
	struct stat st;
	int fd;

	SAFE_MKDIR("rmdir01_open", 0755);
	fd = SAFE_OPEN("rmdir01_open", O_RDONLY | O_DIRECTORY);
	TST_EXP_PASS(rmdir("rmdir01_open"), "rmdir() of an open directory");
	SAFE_FSTAT(fd, &st);
	TST_EXP_EQ_LI(st.st_nlink, 0);
	TST_EXP_FAIL(openat(fd, "new", O_WRONLY | O_CREAT, 0644), ENOENT,
		     "creating a file in the removed directory");
	SAFE_CLOSE(fd);
}

static void nobody_sticky_own(void)
{
	struct stat st;

	SAFE_MKDIR(STICKY "/mine", 0755);
	TST_EXP_PASS(rmdir(STICKY "/mine"),
		     "rmdir() as nobody of its own dir in a sticky dir");
	TST_EXP_FAIL(stat(STICKY "/mine", &st), ENOENT, "its dir is gone");
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		check_remove();
		break;
	case 1:
		check_open_dir();
		break;
	case 2:
		fsm_as_nobody(nobody_sticky_own);
		break;
	}
}

static struct tst_test test = {
	.tcnt = 3,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.all_filesystems = 1,
	.skip_filesystems = (const struct tst_fs_skip[]) {
		{"vfat", "FAT has no per-file owner or mode: they come from "
			 "the mount options (chmod/chown: EPERM)"},
		{"exfat", "exFAT has no per-file owner or mode: they come "
			  "from the mount options (chmod/chown: EPERM)"},
		{}
	},
	.forks_child = 1,
};
