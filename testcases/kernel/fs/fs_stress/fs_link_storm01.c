// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Hard links to one file up to the filesystem's link maximum, and symlink
 * chains up to the kernel's follow limit, on every filesystem of the
 * matrix.
 *
 * Hard links, spread over directories of 1000 names each:
 * - where the limit is tested, link() succeeds until st_nlink is the
 *   filesystem's maximum and then fails with EMLINK, in any directory;
 *   rename() of one of the links still works at the maximum (it changes
 *   no link count). The maximum is the ext4 driver's EXT4_LINK_MAX
 *   (65000), which also serves ext2 and ext3 when the kernel has no ext2
 *   driver of its own (the ext2 driver's EXT2_LINK_MAX is 32000). The
 *   limit is run on ext2 only (5 s for its 65000 links in a TCG guest;
 *   btrfs's 65535, BTRFS_LINK_MAX, took 37 s and is not run); ext3, ext4,
 *   btrfs, xfs (limit 2^31 - 1) and tmpfs (no limit) take 3000 links;
 * - st_nlink is exact after the links are made, after umount and mount,
 *   after all of them are unlinked (1), and after another umount and
 *   mount; the directories are empty then (rmdir() succeeds);
 * vfat and exfat: link() fails with EPERM (no hard links).
 *
 * Symlinks (not on vfat and exfat, which have none):
 * - a chain of 40 symlinks to a file opens it; one of 41 fails with ELOOP
 *   on open() and stat(), while lstat() of it works; a symlink to itself
 *   is ELOOP;
 * - the limit counts every symlink of one path walk: t20/s20 (20 symlinks
 *   to the directory, then 20 to the file) opens, t20/s21 is ELOOP.
 * Paths: a 4095-byte path (4096 with its NUL, PATH_MAX) resolves, one of
 * 4096 bytes fails with ENAMETOOLONG.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <limits.h>
#include <sys/stat.h>
#include "tst_test.h"
#include "fs_matrix.h"
#include "fs_stress.h"

#define MNT		"mntpoint"
#define PER_DIR		1000
#define FEW_LINKS	3000
#define CHAIN		40

static unsigned long max_links;	/* st_nlink to reach */
static int to_limit;
static int ndirs;
static unsigned long made;		/* links made besides "f" */

static void lname(char *buf, size_t len, unsigned long i)
{
	snprintf(buf, len, "d%lu/%lu", i / PER_DIR, i % PER_DIR);
}

static unsigned long nlink_of(const char *path)
{
	struct stat st;

	SAFE_STAT(path, &st);
	return st.st_nlink;
}

static void check_nlink(unsigned long want, const char *when)
{
	unsigned long got = nlink_of("f");

	if (got == want)
		tst_res(TPASS, "%s: st_nlink %lu", when, got);
	else
		tst_res(TFAIL, "%s: st_nlink %lu, expected %lu", when, got,
			want);
}

static void make_links(void)
{
	char name[32];
	long long t0 = tst_mono_ms();
	int i;

	ndirs = (max_links + PER_DIR - 1) / PER_DIR + 1;
	for (i = 0; i < ndirs; i++) {
		snprintf(name, sizeof(name), "d%d", i);
		SAFE_MKDIR(name, 0755);
	}
	for (made = 0; made + 1 < max_links; made++) {
		lname(name, sizeof(name), made);
		if (link("f", name)) {
			tst_res(TFAIL | TERRNO, "link(f, %s) with st_nlink "
				"%lu, below %lu", name, made + 1, max_links);
			return;
		}
	}
	tst_res(TINFO, "%lu links made in %lld ms", made,
		tst_mono_ms() - t0);
	if (to_limit) {
		lname(name, sizeof(name), made);
		TST_EXP_FAIL(link("f", name), EMLINK, "link() at st_nlink "
			     "%lu, the maximum", max_links);
		TST_EXP_FAIL(link("f", "d0/extra"), EMLINK, "link() at the "
			     "maximum into another directory");
		TST_EXP_PASS(rename("d0/0", "d0/moved"), "rename() of a link "
			     "at the maximum");
		TST_EXP_PASS(rename("d0/moved", "d0/0"), "rename() back");
	}
}

static void unlink_links(void)
{
	char name[32];
	unsigned long i;

	for (i = 0; i < made; i++) {
		lname(name, sizeof(name), i);
		SAFE_UNLINK(name);
	}
	made = 0;
}

static void remove_dirs(const char *when)
{
	char name[32];
	int i, bad = 0;

	for (i = 0; i < ndirs; i++) {
		snprintf(name, sizeof(name), "d%d", i);
		if (rmdir(name) && !bad++)
			tst_res(TFAIL | TERRNO, "%s: rmdir(%s)", when, name);
	}
	if (!bad)
		tst_res(TPASS, "%s: the %d link directories are empty", when,
			ndirs);
}

static void hard_links(void)
{
	int fd;

	fd = SAFE_OPEN("f", O_CREAT | O_WRONLY | O_TRUNC, 0644);
	SAFE_WRITE(1, fd, "storm", 5);
	SAFE_CLOSE(fd);
	if (fs_is("vfat exfat")) {
		TST_EXP_FAIL(link("f", "g"), EPERM, "%s has no hard links: "
			     "link()", tst_fs_type);
		SAFE_UNLINK("f");
		return;
	}
	make_links();
	check_nlink(made + 1, "links made");
	if (fs_can_remount()) {
		fs_remount(MNT);
		check_nlink(made + 1, "after umount and mount");
	}
	unlink_links();
	check_nlink(1, "all links unlinked");
	if (fs_can_remount()) {
		fs_remount(MNT);
		check_nlink(1, "unlinked, after umount and mount");
	}
	remove_dirs("unlinked");
	SAFE_UNLINK("f");
}

static void chain(const char *prefix, const char *first, int n)
{
	char name[32], prev[32];
	int i;

	snprintf(prev, sizeof(prev), "%s", first);
	for (i = 1; i <= n; i++) {
		snprintf(name, sizeof(name), "%s%d", prefix, i);
		if (symlink(prev, name))
			tst_brk(TBROK | TERRNO, "symlink(%s, %s)", prev, name);
		snprintf(prev, sizeof(prev), "%s", name);
	}
}

static void unchain(const char *prefix, int n)
{
	char name[32];
	int i;

	for (i = 1; i <= n; i++) {
		snprintf(name, sizeof(name), "%s%d", prefix, i);
		SAFE_UNLINK(name);
	}
}

static void symlinks(void)
{
	char name[32];
	struct stat st;
	int fd;

	fd = SAFE_OPEN("f", O_CREAT | O_WRONLY | O_TRUNC, 0644);
	SAFE_CLOSE(fd);
	if (fs_is("vfat exfat")) {
		TST_EXP_FAIL(symlink("f", "s1"), EPERM, "%s has no symlinks: "
			     "symlink()", tst_fs_type);
		SAFE_UNLINK("f");
		return;
	}
	chain("s", "f", CHAIN + 1);
	chain("t", ".", CHAIN / 2);
	snprintf(name, sizeof(name), "s%d", CHAIN);
	TST_EXP_FD(open(name, O_RDONLY), "open() through %d symlinks", CHAIN);
	if (TST_RET >= 0)
		SAFE_CLOSE(TST_RET);
	snprintf(name, sizeof(name), "s%d", CHAIN + 1);
	TST_EXP_FAIL(open(name, O_RDONLY), ELOOP, "open() through %d "
		     "symlinks", CHAIN + 1);
	TST_EXP_FAIL(stat(name, &st), ELOOP, "stat() through %d symlinks",
		     CHAIN + 1);
	TST_EXP_PASS(lstat(name, &st), "lstat() of the %d-symlink chain",
		     CHAIN + 1);
	TST_EXP_FD(open("t20/s20", O_RDONLY), "open(t20/s20): 20 + 20 "
		   "symlinks in one walk");
	if (TST_RET >= 0)
		SAFE_CLOSE(TST_RET);
	TST_EXP_FAIL(open("t20/s21", O_RDONLY), ELOOP, "open(t20/s21): 20 + "
		     "21 symlinks in one walk");
	if (symlink("self", "self"))
		tst_brk(TBROK | TERRNO, "symlink(self, self)");
	TST_EXP_FAIL(open("self", O_RDONLY), ELOOP, "open() of a symlink to "
		     "itself");
	SAFE_UNLINK("self");
	unchain("s", CHAIN + 1);
	unchain("t", CHAIN / 2);
	SAFE_UNLINK("f");
}

static void long_paths(void)
{
	char *path = SAFE_MALLOC(PATH_MAX + 2);
	int fd, i;

	fd = SAFE_OPEN("f", O_CREAT | O_WRONLY | O_TRUNC, 0644);
	SAFE_CLOSE(fd);
	/* "./" repeated, then "f": 2 * k + 1 bytes */
	for (i = 0; i < PATH_MAX - 1; i += 2)
		memcpy(path + i, "./", 2);
	path[PATH_MAX - 2] = 'f';
	path[PATH_MAX - 1] = '\0';
	TST_EXP_FD(open(path, O_RDONLY), "open() of a %zu-byte path",
		   strlen(path));
	if (TST_RET >= 0)
		SAFE_CLOSE(TST_RET);
	/* the same file, one byte longer: "././ ... .//f" */
	memcpy(path + PATH_MAX - 2, "/f", 3);
	TST_EXP_FAIL(open(path, O_RDONLY), ENAMETOOLONG, "open() of a "
		     "%zu-byte path", strlen(path));
	free(path);
	SAFE_UNLINK("f");
}

static void run(void)
{
	hard_links();
	symlinks();
	long_paths();
}

static void setup(void)
{
	char sys[PATH_MAX];
	const char *dev;

	if (fs_is("ext2 ext3 ext4")) {
		dev = strrchr(tst_device->dev, '/') + 1;
		snprintf(sys, sizeof(sys), "/sys/fs/ext4/%s", dev);
		max_links = access(sys, F_OK) ? 32000 : 65000;
		tst_res(TINFO, "%s is run by the %s driver: at most %lu links",
			tst_fs_type, max_links == 65000 ? "ext4" : "ext2",
			max_links);
		to_limit = fs_is("ext2");
	}
	if (!to_limit)
		max_links = FEW_LINKS;
}

static struct tst_test test = {
	.setup = setup,
	.test_all = run,
	.needs_root = 1,
	.all_filesystems = 1,
	.mntpoint = MNT,
	.timeout = 120,
};
