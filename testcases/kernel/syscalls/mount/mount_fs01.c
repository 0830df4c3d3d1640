// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mount() of every filesystem of the matrix, freshly: the test process
 * moves out of the matrix's mount and unmounts it, so that no superblock
 * of the device is left and each mount() below reads the device anew
 * (the filesystem's fill_super), then:
 * - mount(device, dir, type, 0) succeeds; dir's st_dev changes from its
 *   parent's to the filesystem's: the device's number (st_rdev of the
 *   loop device) on ext2/3/4, xfs, vfat, exfat and ntfs3, an anonymous
 *   device (major 0) on btrfs and tmpfs; statfs() f_type is the
 *   filesystem's magic number; the mount is in /proc/self/mountinfo;
 * - a file written there, unmounted and mounted again, reads back (the
 *   data went to the device, not only to the page cache); on tmpfs,
 *   where each mount is a new instance, the new mount is empty;
 * - umount() brings dir's st_dev back to the parent's and the mount
 *   leaves mountinfo; a second umount() is EINVAL (not a mount point);
 * - mount() with MS_RDONLY: statvfs() shows ST_RDONLY and creating a
 *   file is EROFS, while the file written before reads back.
 * At the end the device is mounted back where the matrix had it.
 * Syscalls: mount, umount2
 */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/sysmacros.h>
#include <sys/vfs.h>
#include "tst_test.h"
#include "fs_matrix.h"
#include "mount_ns.h"

#define MNT "mnt"
#define DIR2 "mount_fs01_dir"
#define DATA "written before the umount"

static const struct {
	const char *fs;
	const char *type;	/* mount(2) type */
	unsigned long magic;
	int anon_dev;		/* st_dev is not the block device's */
} fs_facts[] = {
	{ "ext2", "ext2", 0xEF53, 0 },
	{ "ext3", "ext3", 0xEF53, 0 },
	{ "ext4", "ext4", 0xEF53, 0 },
	{ "xfs", "xfs", 0x58465342, 0 },
	{ "btrfs", "btrfs", 0x9123683E, 1 },
	{ "vfat", "vfat", 0x4d44, 0 },
	{ "exfat", "exfat", 0x2011BAB0, 0 },
	{ "ntfs3", "ntfs3", 0x7366746e, 0 },
	{ "tmpfs", "tmpfs", 0x01021994, 1 },
};

static unsigned int fsi;
static char mnt_abs[4096];
static int matrix_unmounted;
static dev_t parent_dev;

static int do_mount(unsigned long flags)
{
	const char *src = tst_device ? tst_device->dev : "tmpfs";
	const char *data = tst_device ? NULL : "size=16m";

	return mount(src, DIR2, fs_facts[fsi].type, flags, data);
}

static void check_mounted(const char *when)
{
	struct statfs sf;
	struct stat st, dst;

	SAFE_STAT(DIR2, &st);
	if (st.st_dev == parent_dev) {
		tst_res(TFAIL, "%s: st_dev %u:%u did not change", when,
			major(st.st_dev), minor(st.st_dev));
	} else if (fs_facts[fsi].anon_dev) {
		TST_EXP_EXPR(major(st.st_dev) == 0,
			     "%s: st_dev %u:%u is an anonymous device", when,
			     major(st.st_dev), minor(st.st_dev));
	} else {
		SAFE_STAT(tst_device->dev, &dst);
		TST_EXP_EXPR(st.st_dev == dst.st_rdev,
			     "%s: st_dev %u:%u is the device's %u:%u", when,
			     major(st.st_dev), minor(st.st_dev),
			     major(dst.st_rdev), minor(dst.st_rdev));
	}
	TST_EXP_PASS(statfs(DIR2, &sf), "%s: statfs()", when);
	TST_EXP_EXPR((unsigned long)sf.f_type == fs_facts[fsi].magic,
		     "%s: f_type %#lx is the %s magic %#lx", when,
		     (unsigned long)sf.f_type, tst_fs_type,
		     fs_facts[fsi].magic);
	TST_EXP_EXPR(mnt_count(DIR2) == 1, "%s: one mount on the directory in mountinfo",
		     when);
}

static void check_unmounted(const char *when)
{
	struct stat st;

	SAFE_STAT(DIR2, &st);
	TST_EXP_EXPR(st.st_dev == parent_dev && mnt_count(DIR2) == 0,
		     "%s: st_dev %u:%u is the parent's again, not in mountinfo",
		     when, major(st.st_dev), minor(st.st_dev));
}

static int read_data(void)
{
	char buf[64] = "";
	int fd = open(DIR2 "/file", O_RDONLY);

	if (fd < 0)
		return -1;
	SAFE_READ(0, fd, buf, sizeof(buf) - 1);
	SAFE_CLOSE(fd);
	return strcmp(buf, DATA) ? 1 : 0;
}

static void run(void)
{
	struct statvfs sv;
	struct stat st;
	int fd;

	TST_EXP_PASS(do_mount(0), "mount(%s, %s)",
		     tst_device ? tst_device->dev : "tmpfs", fs_facts[fsi].type);
	if (!TST_PASS)
		return;
	check_mounted("first mount");
	fd = SAFE_OPEN(DIR2 "/file", O_CREAT | O_WRONLY | O_TRUNC, 0644);
	SAFE_WRITE(1, fd, DATA, strlen(DATA));
	SAFE_CLOSE(fd);

	TST_EXP_PASS(umount(DIR2), "umount()");
	check_unmounted("after umount");
	TST_EXP_FAIL(umount(DIR2), EINVAL, "umount() of a directory no longer mounted on");

	TST_EXP_PASS(do_mount(0), "mount() again");
	if (!TST_PASS)
		return;
	check_mounted("second mount");
	if (fs_facts[fsi].anon_dev && !tst_device) {
		TST_EXP_FAIL(stat(DIR2 "/file", &st), ENOENT,
			     "a new tmpfs instance is empty");
	} else {
		TST_EXP_VAL(read_data(), 0, "the file written before reads back");
	}
	SAFE_UMOUNT(DIR2);

	TST_EXP_PASS(do_mount(MS_RDONLY), "mount(MS_RDONLY)");
	if (!TST_PASS)
		return;
	check_mounted("read-only mount");
	TST_EXP_PASS(statvfs(DIR2, &sv), "statvfs()");
	TST_EXP_EXPR(sv.f_flag & ST_RDONLY, "f_flag 0x%lx has ST_RDONLY",
		     (unsigned long)sv.f_flag);
	TST_EXP_FAIL(open(DIR2 "/new", O_CREAT | O_WRONLY, 0644), EROFS,
		     "creating a file on the read-only mount");
	if (tst_device)
		TST_EXP_VAL(read_data(), 0,
			    "the file written before reads back read-only");
	SAFE_UMOUNT(DIR2);
	check_unmounted("after the last umount");
}

static void setup(void)
{
	struct stat st;
	unsigned int i;

	if (!tst_fs_type || !strcmp(tst_fs_type, "tmpdir"))
		tst_brk(TCONF, "no filesystem of the matrix to mount (tmpdir run)");
	for (i = 0; i < ARRAY_SIZE(fs_facts); i++)
		if (fs_is(fs_facts[i].fs))
			fsi = i;
	if (!fs_is(fs_facts[fsi].fs))
		tst_brk(TBROK, "filesystem %s not in the test's table",
			tst_fs_type);

	if (chdir(tst_tmpdir_path))
		tst_brk(TBROK | TERRNO, "chdir(%s)", tst_tmpdir_path);
	snprintf(mnt_abs, sizeof(mnt_abs), "%s/%s", tst_tmpdir_path, MNT);
	SAFE_UMOUNT(mnt_abs);
	matrix_unmounted = 1;
	if (mkdir(DIR2, 0755) && errno != EEXIST)
		tst_brk(TBROK | TERRNO, "mkdir(%s)", DIR2);
	SAFE_STAT(".", &st);
	parent_dev = st.st_dev;
}

static void cleanup(void)
{
	const char *src = tst_device ? tst_device->dev : "tmpfs";

	if (!matrix_unmounted)
		return;
	mnt_umount_all(DIR2);
	if (mount(src, mnt_abs, fs_facts[fsi].type, 0,
		  tst_device ? NULL : "size=64m"))
		tst_res(TWARN | TERRNO, "mount(%s) back on %s", src, mnt_abs);
}

static struct tst_test test = {
	.setup = setup,
	.cleanup = cleanup,
	.test_all = run,
	.needs_root = 1,
	.all_filesystems = 1,
	.mntpoint = MNT,
};
