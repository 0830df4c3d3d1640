// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rename(2) on every filesystem of the matrix: the errors each
 * filesystem's own ->rename answers and the renames it must get right on
 * the disk (rename02 asserts the same errno table in the tmpdir, and the
 * mount errors on an ext4 device of its own).
 * - a file onto a directory is EISDIR, a directory onto a file ENOTDIR;
 * - a directory onto a non-empty directory is ENOTEMPTY, on xfs EEXIST
 *   (xfs_rename() answers EEXIST; rename(2) allows either);
 * - a directory into its own subdirectory is EINVAL, a subdirectory onto
 *   its own parent ENOTEMPTY, a mount point (a bind mount, in a private
 *   mount namespace) as either name EBUSY;
 *   after every error both names are as they were (same inode, data);
 * - a file renamed onto another file replaces it: the new name has the
 *   renamed inode and data, the old name is gone; a directory renamed onto
 *   an empty directory replaces it;
 * - a directory moved to another parent: its ".." is the new parent, its
 *   file goes with it, the parents' st_nlink fall and rise by one (btrfs
 *   and ntfs3 keep 1);
 * - all of that reads the same after umount and mount (tmpfs: not
 *   remounted).
 * EMLINK needs 64998 subdirectories of one directory (ext2/ext3, whose
 * images here lack dir_nlink): rename_emlink01 asserts it on ext4 made
 * without dir_nlink; this test does not (minutes under TCG).
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include "tst_test.h"
#include "fsmeta.h"
#include "fs_matrix.h"
#include "fs_cycle.h"
#include "mount_ns.h"

static char w[32];
static unsigned int round_no;

/* w/name into buf. */
static const char *wp(char *buf, const char *name)
{
	snprintf(buf, 64, "%s/%s", w, name);
	return buf;
}

static void make_file(const char *name, const char *data)
{
	char p[64];

	fsm_create_file(wp(p, name), 0644, data);
}

static void make_dir(const char *name)
{
	char p[64];

	SAFE_MKDIR(wp(p, name), 0755);
}

static ino_t ino_of(const char *name)
{
	struct stat st;
	char p[64];

	SAFE_STAT(wp(p, name), &st);
	return st.st_ino;
}

static nlink_t nlink_of(const char *name)
{
	struct stat st;
	char p[64];

	SAFE_STAT(wp(p, name), &st);
	return st.st_nlink;
}

/* name holds exactly data. */
static int holds(const char *name, const char *data)
{
	char p[64], buf[64];
	ssize_t len;
	int fd = open(wp(p, name), O_RDONLY);

	if (fd < 0)
		return 0;
	len = read(fd, buf, sizeof(buf));
	SAFE_CLOSE(fd);
	return len == (ssize_t)strlen(data) && !memcmp(buf, data, len);
}

static int absent(const char *name)
{
	struct stat st;
	char p[64];

	return lstat(wp(p, name), &st) && errno == ENOENT;
}

/* rename(from, to) fails with err; both names keep their inodes. */
static void exp_fail(const char *from, const char *to, int err,
		     const char *what)
{
	ino_t a = ino_of(from), b = ino_of(to);
	char pf[64], pt[64];

	TST_EXP_FAIL(rename(wp(pf, from), wp(pt, to)), err, "%s: rename() "
		     "of %s", tst_fs_type, what);
	TST_EXP_EXPR(ino_of(from) == a && ino_of(to) == b,
		     "%s and %s unchanged", from, to);
}

static void errors(void)
{
	int enotempty = fs_is("xfs") ? EEXIST : ENOTEMPTY;

	exp_fail("file", "dir", EISDIR, "a file onto a directory");
	exp_fail("dir", "file", ENOTDIR, "a directory onto a file");
	exp_fail("dir", "full", enotempty, "a directory onto a non-empty one");
	TST_EXP_EXPR(holds("full/f", "inside"), "full/f still holds its data");
	exp_fail("src", "src/sub/deep", EINVAL,
		 "a directory into its own subdirectory");
	exp_fail("src/sub", "src", ENOTEMPTY,
		 "a subdirectory onto its own parent");
}

/* In a child with a private mount namespace: mp is a bind mount of dst. */
static void busy_child(void)
{
	char pm[64], pd[64];

	mnt_private_ns();
	SAFE_MOUNT(wp(pd, "dst"), wp(pm, "mp"), NULL, MS_BIND, NULL);
	exp_fail("mp", "moved", EBUSY, "a mount point");
	exp_fail("dir", "mp", EBUSY, "a directory onto a mount point");
	SAFE_UMOUNT(pm);
}

static void busy(void)
{
	pid_t pid;

	make_dir("mp");
	make_dir("moved");
	pid = SAFE_FORK();
	if (!pid) {
		busy_child();
		exit(0);
	}
	reap_child(pid);
}

/* The renames that must work, and what they leave, also on disk. */
static void check_done(const char *when, ino_t a_ino, nlink_t src_nl,
		       nlink_t dst_nl)
{
	struct stat sub_up, dst;
	char p[64];

	TST_EXP_EXPR(holds("victim", "A data") && absent("a"),
		     "%s: victim holds a's data, a is gone", when);
	if (a_ino)
		TST_EXP_EXPR(ino_of("victim") == a_ino,
			     "%s: victim is a's inode", when);
	TST_EXP_EXPR(absent("dir2") && holds("edir/y", "from dir2"),
		     "%s: dir2 replaced the empty edir", when);
	SAFE_STAT(wp(p, "dst/sub/.."), &sub_up);
	SAFE_STAT(wp(p, "dst"), &dst);
	TST_EXP_EXPR(sub_up.st_ino == dst.st_ino && absent("src/sub") &&
		     holds("dst/sub/inner", "inner"),
		     "%s: dst/sub/.. is dst, its file moved along", when);
	TST_EXP_EXPR(nlink_of("src") == src_nl && nlink_of("dst") == dst_nl,
		     "%s: st_nlink src %lu (want %lu), dst %lu (want %lu)",
		     when, (unsigned long)nlink_of("src"),
		     (unsigned long)src_nl, (unsigned long)nlink_of("dst"),
		     (unsigned long)dst_nl);
}

static void renames(void)
{
	nlink_t src_nl = nlink_of("src"), dst_nl = nlink_of("dst");
	char p1[64], p2[64];
	ino_t a_ino;

	make_file("a", "A data");
	a_ino = ino_of("a");
	TST_EXP_PASS(rename(wp(p1, "a"), wp(p2, "victim")),
		     "%s: rename() of a file onto a file", tst_fs_type);
	make_dir("dir2");
	make_file("dir2/y", "from dir2");
	TST_EXP_PASS(rename(wp(p1, "dir2"), wp(p2, "edir")),
		     "%s: rename() of a directory onto an empty one",
		     tst_fs_type);
	TST_EXP_PASS(rename(wp(p1, "src/sub"), wp(p2, "dst/sub")),
		     "%s: rename() of a directory to another parent",
		     tst_fs_type);
	src_nl = fsm_dir_nlink(src_nl - 1);
	dst_nl = fsm_dir_nlink(dst_nl + 1);
	check_done("at once", a_ino, src_nl, dst_nl);
	if (fs_cycle())
		return;
	tst_res(TINFO, "%s unmounted and mounted again", tst_fs_type);
	/* FAT and exFAT make inode numbers up at each lookup */
	check_done("after the remount", fs_is("vfat exfat") ? 0 : a_ino,
		   src_nl, dst_nl);
}

static void run(void)
{
	snprintf(w, sizeof(w), "rename_fs01_%u", round_no++);
	SAFE_MKDIR(w, 0755);
	make_file("file", "file");
	make_dir("dir");
	make_dir("full");
	make_file("full/f", "inside");
	make_file("victim", "victim");
	make_dir("src");
	make_dir("src/sub");
	make_dir("src/sub/deep");
	make_file("src/sub/inner", "inner");
	make_dir("dst");
	make_dir("edir");
	errors();
	busy();
	renames();
}

static struct tst_test test = {
	.test_all = run,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.all_filesystems = 1,
	.forks_child = 1,
};
