// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mkdir(2) creates an empty directory as documented:
 * - mode is masked by the umask (0777 under umask 022 is 0755, under 0
 *   it is 0777), S_ISVTX is kept and S_ISUID/S_ISGID asked for are not
 *   set (07777 gives 01777 in a plain parent);
 * - the new directory has st_nlink 2, "." is itself and ".." its parent,
 *   the parent's st_nlink grows by one, the owner is the caller;
 * - in a setgid parent the new directory takes the parent's group and
 *   the S_ISGID bit, also when nobody creates it.
 * Runs once per filesystem of the matrix (ext2 ext3 ext4 xfs btrfs
 * vfat exfat ntfs3 tmpfs; .all_filesystems).
 */
#include <fcntl.h>
#include "tst_test.h"
#include "fsmeta.h"

#define SGID_DIR "mkdir01_sgid"

static uid_t nobody_uid;
static gid_t nobody_gid;

static void setup(void)
{
	fsm_nobody_ids(&nobody_uid, &nobody_gid);
	SAFE_MKDIR(SGID_DIR, 0777);
	/* Group "nobody's group + 1": a group neither root nor nobody has. */
	SAFE_CHOWN(SGID_DIR, 0, nobody_gid + 1);
	SAFE_CHMOD(SGID_DIR, 02777);
}

static void expect_mode(const char *path, mode_t mode)
{
	struct stat st;

	SAFE_STAT(path, &st);
	TST_EXP_EXPR(st.st_mode == (S_IFDIR | mode), "%s mode %06o, "
		     "expected %06o", path, st.st_mode, S_IFDIR | mode);
}

static void check_modes(void)
{
	mode_t old = umask(022);

	TST_EXP_PASS(mkdir("mkdir01_a", 0777), "mkdir(0777) under umask 022");
	expect_mode("mkdir01_a", 0755);
	umask(0);
	TST_EXP_PASS(mkdir("mkdir01_b", 0777), "mkdir(0777) under umask 0");
	expect_mode("mkdir01_b", 0777);
	TST_EXP_PASS(mkdir("mkdir01_c", 07777), "mkdir(07777) under umask 0");
	expect_mode("mkdir01_c", 01777);
	umask(old);
	SAFE_RMDIR("mkdir01_a");
	SAFE_RMDIR("mkdir01_b");
	SAFE_RMDIR("mkdir01_c");
}

static void check_links(void)
{
	struct stat parent_before, parent, st, dot, dotdot;

	SAFE_STAT(".", &parent_before);
	TST_EXP_PASS(mkdir("mkdir01_d", 0755));
	SAFE_STAT("mkdir01_d", &st);
	SAFE_STAT("mkdir01_d/.", &dot);
	SAFE_STAT("mkdir01_d/..", &dotdot);
	SAFE_STAT(".", &parent);
	/* btrfs keeps a directory's st_nlink at 1, subdirectories or not */
	TST_EXP_EQ_LI(st.st_nlink, fsm_dir_nlink(2));
	TST_EXP_EQ_LU(dot.st_ino, st.st_ino);
	TST_EXP_EQ_LU(dotdot.st_ino, parent.st_ino);
	TST_EXP_EQ_LI(parent.st_nlink, fsm_dir_nlink(parent_before.st_nlink + 1));
	TST_EXP_EQ_LI(st.st_uid, geteuid());
	SAFE_RMDIR("mkdir01_d");
}

static void expect_sgid_child(const char *path)
{
	struct stat st;

	SAFE_STAT(path, &st);
	TST_EXP_EXPR(st.st_gid == nobody_gid + 1 && (st.st_mode & S_ISGID),
		     "%s: group %d, mode %04o: inherits group %d and S_ISGID",
		     path, (int)st.st_gid, st.st_mode & 07777,
		     (int)nobody_gid + 1);
}

static void nobody_in_sgid_dir(void)
{
	TST_EXP_PASS(mkdir(SGID_DIR "/by_nobody", 0755),
		     "mkdir() as nobody in a setgid directory");
	expect_sgid_child(SGID_DIR "/by_nobody");
}

static void check_sgid(void)
{
	TST_EXP_PASS(mkdir(SGID_DIR "/by_root", 0755),
		     "mkdir() as root in a setgid directory");
	expect_sgid_child(SGID_DIR "/by_root");
	fsm_as_nobody(nobody_in_sgid_dir);
	SAFE_RMDIR(SGID_DIR "/by_root");
	SAFE_RMDIR(SGID_DIR "/by_nobody");
}

static void run(unsigned int n)
{
	void (*const checks[])(void) = {
		check_modes, check_links, check_sgid,
	};

	checks[n]();
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
