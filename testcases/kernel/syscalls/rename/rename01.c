// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rename(2) moves a name atomically:
 * - a file gets the new name (same inode), the old name is gone;
 * - onto an existing file: the new name now has the moved inode, and the
 *   replaced file, still open, has st_nlink 0;
 * - a directory onto an existing empty directory replaces it;
 * - a directory moved to another parent: its ".." is the new parent, the
 *   old parent's st_nlink drops by one and the new one's grows by one;
 * - two hard links of one inode: rename() does nothing, both stay;
 * - a symlink is moved, not its target.
 * Runs once per filesystem of the matrix (ext2 ext3 ext4 xfs btrfs
 * vfat exfat ntfs3 tmpfs; .all_filesystems).
 */
#include <fcntl.h>
#include "tst_test.h"
#include "fsmeta.h"

static ino_t ino_of(const char *path)
{
	struct stat st;

	FSM_SAFE(lstat(path, &st));
	return st.st_ino;
}

static int exists(const char *path)
{
	struct stat st;

	return !lstat(path, &st);
}

static void check_file(void)
{
	struct stat st;
	ino_t ino;
	int fd;

	fsm_create_file("rename01_a", 0644, "a");
	ino = ino_of("rename01_a");
	TST_EXP_PASS(rename("rename01_a", "rename01_b"));
	TST_EXP_EXPR(!exists("rename01_a") && ino_of("rename01_b") == ino,
		     "the inode moved to the new name, the old name is gone");

	fsm_create_file("rename01_c", 0644, "c");
	fd = SAFE_OPEN("rename01_c", O_RDONLY);
	TST_EXP_PASS(rename("rename01_b", "rename01_c"),
		     "rename() onto an existing file");
	TST_EXP_EQ_LU(ino_of("rename01_c"), ino);
	SAFE_FSTAT(fd, &st);
	TST_EXP_EQ_LI(st.st_nlink, 0);
	SAFE_CLOSE(fd);
	SAFE_UNLINK("rename01_c");
}

static void check_dirs(void)
{
	struct stat p1_before, p2_before, p1, p2, dotdot;
	ino_t ino;

	SAFE_MKDIR("rename01_d1", 0755);
	SAFE_MKDIR("rename01_d2", 0755);
	ino = ino_of("rename01_d1");
	TST_EXP_PASS(rename("rename01_d1", "rename01_d2"),
		     "rename() of a directory onto an empty directory");
	TST_EXP_EXPR(!exists("rename01_d1") && ino_of("rename01_d2") == ino,
		     "the directory replaced the empty one");

	SAFE_MKDIR("rename01_p1", 0755);
	SAFE_MKDIR("rename01_p2", 0755);
	SAFE_RMDIR("rename01_d2");
	SAFE_MKDIR("rename01_p1/sub", 0755);
	SAFE_STAT("rename01_p1", &p1_before);
	SAFE_STAT("rename01_p2", &p2_before);
	TST_EXP_PASS(rename("rename01_p1/sub", "rename01_p2/sub"),
		     "rename() of a directory to another parent");
	SAFE_STAT("rename01_p1", &p1);
	SAFE_STAT("rename01_p2", &p2);
	SAFE_STAT("rename01_p2/sub/..", &dotdot);
	TST_EXP_EQ_LU(dotdot.st_ino, p2.st_ino);
	TST_EXP_EQ_LI(p1.st_nlink, fsm_dir_nlink(p1_before.st_nlink - 1));
	TST_EXP_EQ_LI(p2.st_nlink, fsm_dir_nlink(p2_before.st_nlink + 1));
	SAFE_RMDIR("rename01_p2/sub");
	SAFE_RMDIR("rename01_p1");
	SAFE_RMDIR("rename01_p2");
}

static void check_same_inode_and_symlink(void)
{
	struct stat st;

	fsm_create_file("rename01_h1", 0644, "h");
	FSM_SAFE(link("rename01_h1", "rename01_h2"));
	TST_EXP_PASS(rename("rename01_h1", "rename01_h2"),
		     "rename() between two links of one inode");
	SAFE_STAT("rename01_h2", &st);
	TST_EXP_EXPR(exists("rename01_h1") && st.st_nlink == 2,
		     "both names stay, st_nlink 2");
	SAFE_UNLINK("rename01_h2");

	FSM_SAFE(symlink("rename01_h1", "rename01_sl"));
	TST_EXP_PASS(rename("rename01_sl", "rename01_sl2"),
		     "rename() of a symlink");
	FSM_SAFE(lstat("rename01_sl2", &st));
	TST_EXP_EXPR(S_ISLNK(st.st_mode) && exists("rename01_h1") &&
		     !exists("rename01_sl"),
		     "the link moved, its target stayed");
	SAFE_UNLINK("rename01_sl2");
	SAFE_UNLINK("rename01_h1");
}

static void run(unsigned int n)
{
	void (*const checks[])(void) = {
		check_file, check_dirs, check_same_inode_and_symlink,
	};

	checks[n]();
}

static struct tst_test test = {
	.tcnt = 3,
	.test = run,
	.needs_root = 1,
	.all_filesystems = 1,
	.skip_filesystems = (const struct tst_fs_skip[]) {
		{"vfat", "FAT has no hard links or symbolic links (EPERM)"},
		{"exfat", "exFAT has no hard links or symbolic links (EPERM)"},
		{}
	},
};
