// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Inode exhaustion, and what statfs() f_files and f_ffree mean on each
 * filesystem of the matrix.
 *
 * ext2, ext3, ext4 (made again with mkfs -N 64: a fixed count of 64
 * inodes) and tmpfs (remounted with nr_inodes=64):
 * - files, directories, symlinks and FIFOs are created in turn; each one
 *   made lowers f_ffree by exactly 1, every creation with f_ffree above 0
 *   succeeds, and the first that fails does so with ENOSPC exactly when
 *   f_ffree is 0;
 * - at f_ffree 0 open(O_CREAT), mkdir(), symlink() and mknod(S_IFIFO) all
 *   fail with ENOSPC and leave no name behind; rename() still works (it
 *   needs no inode); link() works on ext (a link is no inode there) and
 *   fails with ENOSPC on tmpfs (shmem_link() charges each extra link
 *   against nr_inodes);
 * - unlinking one file makes f_ffree 1 and creation works again, once;
 * - ext: after umount and mount (no fsck) every name is there with its
 *   type, f_ffree is still 0 and creation still fails with ENOSPC;
 * - removing everything brings f_ffree back to its value at the start.
 * xfs allocates inodes as it goes (up to imaxpct of the space): f_files -
 * f_ffree is the number of inodes in use (xfs_fs_statfs()), which rises by
 * exactly one per object made, and f_ffree <= f_files; once they are
 * removed it falls back (waited for: xfs frees unlinked inodes in
 * background work). btrfs, vfat, exfat and ntfs3 keep no inode count:
 * f_files and f_ffree are 0, before and after objects are made.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <dirent.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include "tst_test.h"
#include "fs_matrix.h"
#include "fs_stress.h"

#define MNT		"mntpoint"
#define NINODES		"64"
#define MAX_OBJS	200
#define XFS_OBJS	60

enum kind { K_FILE, K_DIR, K_SYMLINK, K_FIFO, NKINDS };
static const char *const kind_name[NKINDS] = {
	"open(O_CREAT)", "mkdir()", "symlink()", "mknod(S_IFIFO)"
};

static int exists[MAX_OBJS];
static int nobj;

static unsigned long long ffree(void)
{
	struct statvfs sv;

	if (statvfs(".", &sv))
		tst_brk(TBROK | TERRNO, "statvfs(.)");
	return sv.f_ffree;
}

static void get_counts(unsigned long long *files, unsigned long long *free_)
{
	struct statvfs sv;

	if (statvfs(".", &sv))
		tst_brk(TBROK | TERRNO, "statvfs(.)");
	*files = sv.f_files;
	*free_ = sv.f_ffree;
}

static int make(const char *name, enum kind k)
{
	int fd;

	switch (k) {
	case K_FILE:
		fd = open(name, O_CREAT | O_EXCL | O_WRONLY, 0644);
		if (fd < 0)
			return -1;
		SAFE_CLOSE(fd);
		return 0;
	case K_DIR:
		return mkdir(name, 0755);
	case K_SYMLINK:
		return symlink("target", name);
	default:
		return mknod(name, S_IFIFO | 0644, 0);
	}
}

static void remove_obj(int i)
{
	char name[16];

	snprintf(name, sizeof(name), "o%d", i);
	if ((i % NKINDS == K_DIR ? rmdir(name) : unlink(name)))
		tst_brk(TBROK | TERRNO, "removing %s", name);
	exists[i] = 0;
}

static void remove_all(void)
{
	int i;

	for (i = 0; i < nobj; i++)
		if (exists[i])
			remove_obj(i);
	nobj = 0;
}

static int check_kind(int i, const char *when)
{
	static const mode_t fmt[NKINDS] = { S_IFREG, S_IFDIR, S_IFLNK,
					    S_IFIFO };
	char name[16];
	struct stat st;

	snprintf(name, sizeof(name), "o%d", i);
	if (lstat(name, &st)) {
		tst_res(TFAIL | TERRNO, "%s: lstat(%s)", when, name);
		return 0;
	}
	if ((st.st_mode & S_IFMT) != fmt[i % NKINDS]) {
		tst_res(TFAIL, "%s: %s has mode %o, made by %s", when, name,
			st.st_mode, kind_name[i % NKINDS]);
		return 0;
	}
	return 1;
}

/* The directory lists exactly the objects that exist, once each. */
static void check_names(const char *when)
{
	int seen[MAX_OBJS] = { 0 }, ok = 1, i, n;
	struct dirent *de;
	char *end;
	DIR *d = opendir(".");

	if (!d)
		tst_brk(TBROK | TERRNO, "opendir(.)");
	while ((de = readdir(d))) {
		if (de->d_name[0] != 'o')
			continue;
		n = strtol(de->d_name + 1, &end, 10);
		if (*end || n < 0 || n >= nobj || !exists[n] || seen[n]++) {
			tst_res(TFAIL, "%s: unexpected or repeated entry '%s'",
				when, de->d_name);
			ok = 0;
		}
	}
	closedir(d);
	for (i = 0; i < nobj; i++) {
		if (!exists[i])
			continue;
		if (!seen[i]) {
			tst_res(TFAIL, "%s: o%d is not listed", when, i);
			ok = 0;
		}
		ok &= check_kind(i, when);
	}
	if (ok)
		tst_res(TPASS, "%s: every object is listed once, with its "
			"type", when);
}

static void all_fail_enospc(const char *when)
{
	struct stat st;
	char name[16];
	int k;

	for (k = 0; k < NKINDS; k++) {
		snprintf(name, sizeof(name), "x%d", k);
		TST_EXP_FAIL(make(name, k), ENOSPC, "%s: %s at f_ffree 0",
			     when, kind_name[k]);
		if (!lstat(name, &st) || errno != ENOENT)
			tst_res(TFAIL, "%s: the failed %s left '%s' behind",
				when, kind_name[k], name);
	}
}

static void fill_inodes(void)
{
	unsigned long long before, after;
	char name[16];
	int bad = 0;

	for (nobj = 0; nobj < MAX_OBJS; nobj++) {
		before = ffree();
		snprintf(name, sizeof(name), "o%d", nobj);
		if (make(name, nobj % NKINDS)) {
			if (errno != ENOSPC)
				tst_res(TFAIL | TERRNO, "%s of %s with f_ffree "
					"%llu", kind_name[nobj % NKINDS],
					name, before);
			else if (before)
				tst_res(TFAIL, "%s of %s failed with ENOSPC "
					"while f_ffree was %llu",
					kind_name[nobj % NKINDS], name,
					before);
			else
				tst_res(TPASS, "%s of %s failed with ENOSPC "
					"at f_ffree 0, after %d objects",
					kind_name[nobj % NKINDS], name, nobj);
			return;
		}
		exists[nobj] = 1;
		after = ffree();
		if (!before) {
			tst_res(TFAIL, "%s of %s succeeded at f_ffree 0",
				kind_name[nobj % NKINDS], name);
			bad = 1;
		} else if (after != before - 1 && !bad++) {
			tst_res(TFAIL, "%s of %s took f_ffree from %llu to "
				"%llu, expected one less",
				kind_name[nobj % NKINDS], name, before, after);
		}
	}
	tst_brk(TFAIL, "%d objects made and no ENOSPC, f_ffree %llu", nobj,
		ffree());
}

static void run_fixed(void)
{
	unsigned long long files, start;
	int link_ok = !fs_is("tmpfs");
	struct stat st;
	int fd;

	get_counts(&files, &start);
	tst_res(TINFO, "f_files %llu, f_ffree %llu", files, start);
	fill_inodes();
	all_fail_enospc("exhausted");

	/* o0 is a file: rename it away and back, no inode needed */
	TST_EXP_PASS(rename("o0", "renamed"), "rename() at f_ffree 0");
	TST_EXP_PASS(rename("renamed", "o0"), "rename() back");
	if (link_ok) {
		TST_EXP_PASS(link("o0", "l0"), "link() at f_ffree 0 (a link "
			     "is no inode)");
		SAFE_STAT("o0", &st);
		TST_EXP_EQ_LI(st.st_nlink, 2);
		SAFE_UNLINK("l0");
	} else {
		TST_EXP_FAIL(link("o0", "l0"), ENOSPC, "tmpfs link() at "
			     "f_ffree 0 (each link is charged as an inode)");
	}

	remove_obj(0);
	TST_EXP_EQ_LI(ffree(), 1);
	fd = open("o0", O_CREAT | O_EXCL | O_WRONLY, 0644);
	if (fd < 0) {
		tst_res(TFAIL | TERRNO, "creating o0 after unlinking it");
	} else {
		tst_res(TPASS, "a file can be made again once one is removed");
		SAFE_CLOSE(fd);
		exists[0] = 1;
	}
	TST_EXP_EQ_LI(ffree(), 0);
	all_fail_enospc("exhausted again");
	check_names("exhausted");

	if (fs_can_remount()) {
		fs_remount(MNT);
		check_names("after umount and mount");
		TST_EXP_EQ_LI(ffree(), 0);
		all_fail_enospc("after umount and mount");
	}

	remove_all();
	TST_EXP_EQ_LI(ffree(), start);
}

static void run_xfs(void)
{
	unsigned long long files, free_, used0, used;
	long long deadline;
	char name[16];
	int bad = 0;

	get_counts(&files, &free_);
	used0 = files - free_;
	tst_res(TINFO, "f_files %llu, f_ffree %llu: %llu in use", files,
		free_, used0);
	for (nobj = 0; nobj < XFS_OBJS; nobj++) {
		snprintf(name, sizeof(name), "o%d", nobj);
		if (make(name, nobj % NKINDS))
			tst_brk(TBROK | TERRNO, "%s of %s",
				kind_name[nobj % NKINDS], name);
		exists[nobj] = 1;
		get_counts(&files, &free_);
		if (free_ > files || files - free_ != used0 + nobj + 1) {
			if (!bad++)
				tst_res(TFAIL, "after %d objects f_files %llu,"
					" f_ffree %llu: expected %llu in use "
					"and f_ffree <= f_files", nobj + 1,
					files, free_, used0 + nobj + 1);
		}
	}
	if (!bad)
		tst_res(TPASS, "each of %d objects made raised f_files - "
			"f_ffree by one (f_ffree <= f_files)", XFS_OBJS);
	check_names("made");
	remove_all();
	deadline = tst_mono_ms() + 10000 * tst_timeout_mul();
	do {
		get_counts(&files, &free_);
		used = files - free_;
		if (used == used0)
			break;
		usleep(20000);
	} while (tst_mono_ms() < deadline);
	tst_res(used == used0 ? TPASS : TFAIL, "after removing them %llu "
		"inodes are in use, %llu before", used, used0);
}

static void run_none(void)
{
	unsigned long long files, free_;
	char name[16];

	get_counts(&files, &free_);
	TST_EXP_EXPR(files == 0 && free_ == 0, "%s keeps no inode count: "
		     "f_files %llu, f_ffree %llu", tst_fs_type, files, free_);
	for (nobj = 0; nobj < 20; nobj++) {
		snprintf(name, sizeof(name), "o%d", nobj);
		/* FAT and exFAT have no symlinks or FIFOs: files and dirs */
		if (make(name, nobj % 2))
			tst_brk(TBROK | TERRNO, "%s of %s",
				kind_name[nobj % 2], name);
		exists[nobj] = 1;
	}
	get_counts(&files, &free_);
	TST_EXP_EXPR(files == 0 && free_ == 0, "after 20 objects: f_files "
		     "%llu, f_ffree %llu", files, free_);
	for (nobj = 0; nobj < 20; nobj++) {
		snprintf(name, sizeof(name), "o%d", nobj);
		if ((nobj % 2 ? rmdir(name) : unlink(name)))
			tst_brk(TBROK | TERRNO, "removing %s", name);
		exists[nobj] = 0;
	}
	nobj = 0;
}

static void run(void)
{
	if (fs_is("ext2 ext3 ext4 tmpfs"))
		run_fixed();
	else if (fs_is("xfs"))
		run_xfs();
	else
		run_none();
}

static void setup(void)
{
	char mnt[PATH_MAX];

	snprintf(mnt, sizeof(mnt), "%s/%s", tst_tmpdir_path, MNT);
	if (fs_is("tmpfs")) {
		SAFE_MOUNT("tmpfs", mnt, "tmpfs", MS_REMOUNT,
			   "nr_inodes=" NINODES);
		tst_res(TINFO, "tmpfs remounted with nr_inodes=" NINODES);
	}
	if (fs_is("ext2 ext3 ext4")) {
		char mkfs[16];
		const char *argv[] = { mkfs, "-F", "-q", "-N", NINODES,
				       tst_device->dev, NULL };

		snprintf(mkfs, sizeof(mkfs), "mkfs.%s", tst_fs_type);
		if (chdir(tst_tmpdir_path))
			tst_brk(TBROK | TERRNO, "chdir(%s)", tst_tmpdir_path);
		SAFE_UMOUNT(mnt);
		tst_cmd(argv, 0);
		SAFE_MOUNT(tst_device->dev, mnt, tst_fs_type, 0, NULL);
		if (chdir(mnt))
			tst_brk(TBROK | TERRNO, "chdir(%s)", mnt);
		tst_res(TINFO, "%s made again with mkfs -N " NINODES,
			tst_fs_type);
	}
}

static struct tst_test test = {
	.setup = setup,
	.test_all = run,
	.needs_root = 1,
	.all_filesystems = 1,
	.mntpoint = MNT,
	.timeout = 60,
};
