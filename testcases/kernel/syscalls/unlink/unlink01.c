// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * unlink(2) removes a name, and only the name:
 * - the name is gone (stat() ENOENT), another hard link sees st_nlink
 *   drop by one, and the directory's mtime and ctime move forward;
 * - an open fd of the last name still reads the data, with st_nlink 0;
 * - a symlink is removed, not its target; a FIFO is removed too;
 * - nobody may remove its own file from a sticky mode 01777 directory
 *   owned by root.
 * Runs once per filesystem of the matrix (ext2 ext3 ext4 xfs btrfs
 * vfat exfat ntfs3 tmpfs; .all_filesystems).
 */
#include <fcntl.h>
#include "tst_test.h"
#include "fsmeta.h"

#define DIR_NAME "unlink01_dir"
#define STICKY "unlink01_sticky"

static void setup(void)
{
	SAFE_MKDIR(DIR_NAME, 0755);
	SAFE_MKDIR(STICKY, 0777);
	SAFE_CHMOD(STICKY, 01777);
}

static void check_names(void)
{
	struct stat dir_before, dir_after, st;

	fsm_create_file(DIR_NAME "/file", 0644, "x");
	FSM_SAFE(link(DIR_NAME "/file", DIR_NAME "/other"));
	SAFE_STAT(DIR_NAME, &dir_before);
	fsm_next_tick();
	TST_EXP_PASS(unlink(DIR_NAME "/file"));
	TST_EXP_FAIL(stat(DIR_NAME "/file", &st), ENOENT,
		     "stat() of the removed name");
	SAFE_STAT(DIR_NAME "/other", &st);
	TST_EXP_EQ_LI(st.st_nlink, 1);
	SAFE_STAT(DIR_NAME, &dir_after);
	TST_EXP_EXPR(fsm_ts_cmp(&dir_after.st_mtim, &dir_before.st_mtim) > 0 &&
		     fsm_ts_cmp(&dir_after.st_ctim, &dir_before.st_ctim) > 0,
		     "the directory's mtime and ctime moved forward");
	SAFE_UNLINK(DIR_NAME "/other");
}

static void check_open_file(void)
{
	struct stat st;
	char buf[8];
	int fd;

	fsm_create_file(DIR_NAME "/open", 0644, "still");
	fd = SAFE_OPEN(DIR_NAME "/open", O_RDONLY);
	TST_EXP_PASS(unlink(DIR_NAME "/open"), "unlink() of an open file");
	SAFE_FSTAT(fd, &st);
	TST_EXP_EQ_LI(st.st_nlink, 0);
	TST_EXP_EXPR(SAFE_READ(0, fd, buf, sizeof(buf)) == 5 &&
		     !memcmp(buf, "still", 5), "the open fd still reads");
	SAFE_CLOSE(fd);
}

static void check_kinds(void)
{
	struct stat st;

	fsm_create_file(DIR_NAME "/target", 0644, "x");
	FSM_SAFE(symlink("target", DIR_NAME "/link"));
	TST_EXP_PASS(unlink(DIR_NAME "/link"), "unlink() of a symlink");
	TST_EXP_FAIL(lstat(DIR_NAME "/link", &st), ENOENT, "link gone");
	TST_EXP_PASS(stat(DIR_NAME "/target", &st), "target kept");
	SAFE_UNLINK(DIR_NAME "/target");

	FSM_SAFE(mkfifo(DIR_NAME "/fifo", 0644));
	TST_EXP_PASS(unlink(DIR_NAME "/fifo"), "unlink() of a FIFO");
	TST_EXP_FAIL(lstat(DIR_NAME "/fifo", &st), ENOENT, "FIFO gone");
}

static void nobody_sticky_own(void)
{
	struct stat st;

	fsm_create_file(STICKY "/mine", 0644, "x");
	TST_EXP_PASS(unlink(STICKY "/mine"),
		     "unlink() as nobody of its own file in a sticky dir");
	TST_EXP_FAIL(stat(STICKY "/mine", &st), ENOENT, "its file gone");
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		check_names();
		break;
	case 1:
		check_open_file();
		break;
	case 2:
		check_kinds();
		break;
	case 3:
		fsm_as_nobody(nobody_sticky_own);
		break;
	}
}

static struct tst_test test = {
	.tcnt = 4,
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
