// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * chmod() and fchmod() of the special mode bits, read back with stat():
 * - an unprivileged owner sets S_ISVTX on its file and its directory;
 * - root sets S_ISVTX on a file and a directory it does not own;
 * - an unprivileged owner asking for S_ISGID on a file or directory whose
 *   group it is not in succeeds, but the bit is dropped (the other bits
 *   are applied); in its own group the bit is kept;
 * - a symlink's own mode cannot be changed: chmod() of it through an
 *   O_PATH | O_NOFOLLOW descriptor (/proc/self/fd) is EOPNOTSUPP and its
 *   mode stays 0777, the target's unchanged (5d1f903f75a8);
 * - S_ISVTX and S_ISGID set by root are on the disk: after umount and
 *   mount the modes read back the same (tmpfs is not remounted).
 * It runs on every filesystem of the matrix, each storing the mode its
 * own way. vfat and exFAT have no per-file owner or mode, no S_ISVTX or
 * S_ISGID and no symlinks: chown() to another user, chmod() asking for
 * either bit and symlink() are EPERM there (fat_setattr(),
 * exfat_setattr(); no ->symlink), asserted; then the cases are TCONF.
 * Syscalls: chmod, fchmod
 */
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include "tst_test.h"
#include "as_nobody.h"
#include "fs_matrix.h"
#include "fs_cycle.h"

static uid_t nobody_uid;
static gid_t nobody_gid;

/* Change path's mode with chmod() (how 0) or fchmod() (how 1). */
static int set_mode(const char *path, mode_t mode, int how)
{
	int fd, ret;

	if (!how)
		return chmod(path, mode);
	fd = SAFE_OPEN(path, O_RDONLY);
	ret = fchmod(fd, mode);
	SAFE_CLOSE(fd);
	return ret;
}

static void expect_mode(const char *path, mode_t mode, mode_t want,
			int how, const char *what)
{
	struct stat st;

	TST_EXP_PASS(set_mode(path, mode, how), "%s(%s, %04o) %s",
		     how ? "fchmod" : "chmod", path, mode, what);
	SAFE_STAT(path, &st);
	TST_EXP_EXPR((st.st_mode & 07777) == want, "%s: mode %04o (want %04o)",
		     path, st.st_mode & 07777, want);
}

static void nobody_checks(void)
{
	int how;

	for (how = 0; how < 2; how++) {
		expect_mode("own_file", 01644, 01644, how, "by its owner");
		expect_mode("own_dir", 01755, 01755, how, "by its owner");
		expect_mode("foreign_grp_dir", 02755, 0755, how,
			    "S_ISGID, group not ours: dropped");
		expect_mode("foreign_grp_file", 02644, 0644, how,
			    "S_ISGID, group not ours: dropped");
		expect_mode("own_grp_dir", 02755, 02755, how,
			    "S_ISGID in our own group");
		/* back to plain modes for the next round */
		SAFE_CHMOD("own_file", 0644);
		SAFE_CHMOD("own_dir", 0755);
		SAFE_CHMOD("own_grp_dir", 0755);
	}
}

static void test_nobody(void)
{
	run_in_nobody_child(nobody_checks, "the checks as the owner");
}

static void test_root(void)
{
	int how;

	for (how = 0; how < 2; how++) {
		expect_mode("foreign_file", 01644, 01644, how,
			    "by root, not the owner");
		expect_mode("foreign_dir", 01777, 01777, how,
			    "by root, not the owner");
		SAFE_CHMOD("foreign_file", 0644);
		SAFE_CHMOD("foreign_dir", 0755);
	}
}

static void test_symlink(void)
{
	struct stat st;
	char path[64];
	int fd;

	fd = SAFE_OPEN("link", O_PATH | O_NOFOLLOW);
	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	TST_EXP_FAIL(chmod(path, 0644), EOPNOTSUPP, "chmod() of a symlink "
		     "itself");
	if (lstat("link", &st))
		tst_brk(TBROK | TERRNO, "lstat()");
	TST_EXP_EXPR((st.st_mode & 07777) == 0777, "the symlink's mode stays "
		     "0777 (%04o)", st.st_mode & 07777);
	SAFE_STAT("link", &st);
	TST_EXP_EXPR((st.st_mode & 07777) == 0600, "its target's stays 0600 "
		     "(%04o)", st.st_mode & 07777);
	SAFE_CLOSE(fd);
}

/* The special bits root set come back from the disk. */
static void test_from_disk(void)
{
	struct stat st;

	SAFE_CHMOD("foreign_file", 01644);
	SAFE_CHMOD("foreign_dir", 01777);
	SAFE_CHMOD("own_grp_dir", 02755);
	if (fs_cycle()) {
		tst_res(TINFO, "%s: no device to mount again",
			tst_fs_type ? tst_fs_type : "tmpdir");
	} else {
		tst_res(TINFO, "%s unmounted and mounted again", tst_fs_type);
	}
	SAFE_STAT("foreign_file", &st);
	TST_EXP_EQ_LU(st.st_mode, S_IFREG | 01644);
	SAFE_STAT("foreign_dir", &st);
	TST_EXP_EQ_LU(st.st_mode, S_IFDIR | 01777);
	SAFE_STAT("own_grp_dir", &st);
	TST_EXP_EXPR(st.st_mode == (S_IFDIR | 02755) &&
		     st.st_uid == nobody_uid && st.st_gid == nobody_gid,
		     "own_grp_dir: mode %o, owner %u:%u", st.st_mode,
		     st.st_uid, st.st_gid);
	SAFE_CHMOD("foreign_file", 0644);
	SAFE_CHMOD("foreign_dir", 0755);
	SAFE_CHMOD("own_grp_dir", 0755);
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		test_nobody();
		break;
	case 1:
		test_root();
		break;
	case 2:
		test_symlink();
		break;
	case 3:
		test_from_disk();
		break;
	}
}

static void make(const char *path, int dir, uid_t uid, gid_t gid)
{
	int fd;

	if (dir) {
		SAFE_MKDIR(path, 0755);
	} else {
		fd = SAFE_OPEN(path, O_CREAT | O_WRONLY, 0644);
		SAFE_CLOSE(fd);
	}
	SAFE_CHOWN(path, uid, gid);
	SAFE_CHMOD(path, dir ? 0755 : 0644);
}

/* FAT and exFAT: what they cannot hold is refused with EPERM. */
static void fat_setup(void)
{
	int fd = SAFE_OPEN("file", O_CREAT | O_WRONLY, 0644);

	SAFE_CLOSE(fd);
	SAFE_MKDIR("dir", 0755);
	TST_EXP_FAIL(chown("file", nobody_uid, nobody_gid), EPERM,
		     "%s: chown() to nobody", tst_fs_type);
	TST_EXP_FAIL(chmod("dir", 01755), EPERM, "%s: chmod(dir, 01755)",
		     tst_fs_type);
	TST_EXP_FAIL(chmod("dir", 02755), EPERM, "%s: chmod(dir, 02755)",
		     tst_fs_type);
	TST_EXP_FAIL(chmod("file", 01644), EPERM, "%s: chmod(file, 01644)",
		     tst_fs_type);
	TST_EXP_FAIL(symlink("file", "link"), EPERM, "%s: symlink()",
		     tst_fs_type);
	tst_brk(TCONF, "%s has no per-file owner, special mode bits or "
		"symlinks", tst_fs_type);
}

static void setup(void)
{
	struct passwd *pw = getpwnam("nobody");
	int fd;

	if (!pw)
		tst_brk(TBROK, "no user nobody");
	nobody_uid = pw->pw_uid;
	nobody_gid = pw->pw_gid;
	if (!nobody_gid)
		tst_brk(TBROK, "nobody's group is 0");
	if (fs_is("vfat exfat"))
		fat_setup();
	make("own_file", 0, nobody_uid, nobody_gid);
	make("own_dir", 1, nobody_uid, nobody_gid);
	make("own_grp_dir", 1, nobody_uid, nobody_gid);
	make("foreign_grp_dir", 1, nobody_uid, 0);
	make("foreign_grp_file", 0, nobody_uid, 0);
	make("foreign_file", 0, nobody_uid, nobody_gid);
	make("foreign_dir", 1, nobody_uid, nobody_gid);
	fd = SAFE_OPEN("target", O_CREAT | O_WRONLY, 0600);
	SAFE_CLOSE(fd);
	if (symlink("target", "link"))
		tst_brk(TBROK | TERRNO, "symlink()");
}

static struct tst_test test = {
	.tcnt = 4,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.all_filesystems = 1,
	.forks_child = 1,
	.tags = (const struct tst_tag[]) {
		/* attr: block mode changes of symlinks */
		{"linux-git", "5d1f903f75a8"},
		{}
	},
};
