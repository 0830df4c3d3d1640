// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The new mount API end to end, for every filesystem type of the matrix
 * (.all_filesystems; upstream's fsopen01 and move_mount01 too):
 * fsopen(type, FSOPEN_CLOEXEC) gives a close-on-exec context fd;
 * fsconfig(FSCONFIG_SET_STRING "source" <the matrix's loop device>), or
 * "size" "1m" for tmpfs, then FSCONFIG_CMD_CREATE make the superblock;
 * fsmount() gives a detached mount fd that is already usable (a file made
 * through it with openat() exists), and move_mount(MOVE_MOUNT_F_EMPTY_PATH)
 * attaches it on a directory of the tmpdir, which is then a mount point in
 * /proc/self/mountinfo with the matrix mount's f_type.
 * - A device already mounted gives its superblock again: the file made
 *   through the new mount is the one in the matrix mount (same st_dev and
 *   inode), and stays there after umount2() of the new mount.
 * - tmpfs makes a new instance: TMPFS_MAGIC, exactly 1 MiB of blocks, its
 *   own st_dev, and the file is gone after umount2().
 * - "ro" (FSCONFIG_SET_FLAG) for a device mounted read-write: EBUSY from
 *   FSCONFIG_CMD_CREATE where the superblock comes from get_tree_bdev()
 *   or mount_bdev() (ext2/3/4, xfs, vfat, exfat, ntfs3); btrfs gives its
 *   read-write superblock back (btrfs_mount() on 6.1, btrfs_get_tree_super()
 *   later), which stays writable; tmpfs makes a read-only instance, where
 *   creating a file through the mount is EROFS.
 * The test process runs in a private mount namespace.
 * Syscalls: fsopen, fsconfig, fsmount, move_mount
 */
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/statvfs.h>
#include <linux/magic.h>
#include "tst_test.h"
#include "fs_matrix.h"
#include "mount_ns.h"
#include "newmount_raw.h"

#define FNAME "fsopen01_file"

static char mnt[PATH_MAX];

/* A context for this run's filesystem, configured but not created. */
static int new_context(void)
{
	int fsfd;

	TST_EXP_FD(fsopen_raw(tst_fs_type, FSOPEN_CLOEXEC),
		   "fsopen(\"%s\", FSOPEN_CLOEXEC)", tst_fs_type);
	if (!TST_PASS)
		return -1;
	fsfd = TST_RET;
	if (tst_device)
		TST_EXP_PASS(fsconfig_raw(fsfd, FSCONFIG_SET_STRING, "source",
					  tst_device->dev, 0),
			     "fsconfig(SET_STRING, \"source\", \"%s\")",
			     tst_device->dev);
	else
		TST_EXP_PASS(fsconfig_raw(fsfd, FSCONFIG_SET_STRING, "size",
					  "1m", 0),
			     "fsconfig(SET_STRING, \"size\", \"1m\")");
	return fsfd;
}

static void check_attached(const struct stat *file_st)
{
	struct statfs sf, here;
	struct stat st, top;
	char path[PATH_MAX + 16];

	if (statfs(mnt, &sf) || statfs(".", &here))
		tst_brk(TBROK | TERRNO, "statfs()");
	SAFE_STAT(mnt, &top);
	TST_EXP_EXPR(mnt_count(mnt) == 1, "%s is a mount point", mnt);
	snprintf(path, sizeof(path), "%s/" FNAME, mnt);
	TST_EXP_PASS(stat(path, &st), "the file made through the mount fd "
		     "is at the mount point");
	if (!tst_device) {
		TST_EXP_EXPR(sf.f_type == TMPFS_MAGIC, "f_type is TMPFS_MAGIC "
			     "(0x%lx)", (unsigned long)sf.f_type);
		TST_EXP_EXPR((unsigned long long)sf.f_blocks * sf.f_bsize ==
			     1 << 20, "size=1m: f_blocks %llu * f_bsize %lu is "
			     "1 MiB", (unsigned long long)sf.f_blocks,
			     (unsigned long)sf.f_bsize);
		SAFE_STAT(".", &st);
		TST_EXP_EXPR(top.st_dev == file_st->st_dev &&
			     top.st_dev != st.st_dev, "tmpfs: a new instance "
			     "(st_dev %lu, the matrix's %lu)",
			     (unsigned long)top.st_dev,
			     (unsigned long)st.st_dev);
		TST_EXP_FAIL(access(FNAME, F_OK), ENOENT, "the file is not in "
			     "the matrix's tmpfs");
		return;
	}
	TST_EXP_EXPR(sf.f_type == here.f_type, "f_type 0x%lx, the matrix "
		     "mount's 0x%lx", (unsigned long)sf.f_type,
		     (unsigned long)here.f_type);
	TST_EXP_EXPR(file_st->st_dev == st.st_dev &&
		     file_st->st_ino == st.st_ino, "%s: the same superblock "
		     "as the matrix mount: the file made there is the one at "
		     "the new mount (dev %lu ino %lu, there dev %lu ino %lu)",
		     tst_fs_type, (unsigned long)st.st_dev,
		     (unsigned long)st.st_ino, (unsigned long)file_st->st_dev,
		     (unsigned long)file_st->st_ino);
}

static void check_ro(void)
{
	struct statvfs sv;
	int fsfd, mfd, fd;

	fsfd = new_context();
	if (fsfd < 0)
		return;
	TST_EXP_PASS(fsconfig_raw(fsfd, FSCONFIG_SET_FLAG, "ro", NULL, 0),
		     "fsconfig(SET_FLAG, \"ro\")");
	if (tst_device && !fs_is("btrfs")) {
		TST_EXP_FAIL(fsconfig_raw(fsfd, FSCONFIG_CMD_CREATE, NULL,
					  NULL, 0), EBUSY, "%s: CMD_CREATE "
			     "read-only of a device mounted read-write",
			     tst_fs_type);
		SAFE_CLOSE(fsfd);
		return;
	}
	TST_EXP_PASS(fsconfig_raw(fsfd, FSCONFIG_CMD_CREATE, NULL, NULL, 0),
		     "%s: fsconfig(CMD_CREATE) read-only", tst_fs_type);
	if (!TST_PASS) {
		SAFE_CLOSE(fsfd);
		return;
	}
	TST_EXP_FD(fsmount_raw(fsfd, FSMOUNT_CLOEXEC, 0), "fsmount()");
	SAFE_CLOSE(fsfd);
	if (!TST_PASS)
		return;
	mfd = TST_RET;
	fd = openat(mfd, FNAME, O_WRONLY | O_CREAT, 0644);
	if (tst_device) {
		/* btrfs: the read-write superblock, still writable */
		TST_EXP_EXPR(fd >= 0, "btrfs: the superblock stays writable, "
			     "a file is made through the mount (%s)",
			     fd < 0 ? strerror(errno) : "ok");
		if (fstatvfs(mfd, &sv))
			tst_brk(TBROK | TERRNO, "fstatvfs()");
		TST_EXP_EXPR(!(sv.f_flag & ST_RDONLY), "no ST_RDONLY");
		if (fd >= 0) {
			SAFE_CLOSE(fd);
			SAFE_UNLINK(FNAME);
		}
	} else {
		TST_EXP_EXPR(fd < 0 && errno == EROFS, "tmpfs: creating a file "
			     "on the read-only instance is EROFS (%s)",
			     fd < 0 ? strerror(errno) : "made");
		if (fd >= 0)
			SAFE_CLOSE(fd);
	}
	SAFE_CLOSE(mfd);
}

static void run(void)
{
	struct stat file_st;
	int fsfd, mfd, fd;

	fsfd = new_context();
	if (fsfd < 0)
		return;
	TST_EXP_EXPR(fcntl(fsfd, F_GETFD) == FD_CLOEXEC,
		     "the context fd is close-on-exec");
	TST_EXP_PASS(fsconfig_raw(fsfd, FSCONFIG_CMD_CREATE, NULL, NULL, 0),
		     "fsconfig(FSCONFIG_CMD_CREATE)");
	TST_EXP_FD(fsmount_raw(fsfd, FSMOUNT_CLOEXEC, 0),
		   "fsmount(FSMOUNT_CLOEXEC, 0)");
	SAFE_CLOSE(fsfd);
	if (!TST_PASS)
		return;
	mfd = TST_RET;
	fd = openat(mfd, FNAME, O_WRONLY | O_CREAT, 0644);
	TST_EXP_EXPR(fd >= 0, "openat(mount fd, \"" FNAME "\", O_CREAT) works "
		     "on the detached mount (%s)",
		     fd < 0 ? strerror(errno) : "ok");
	if (fd < 0) {
		SAFE_CLOSE(mfd);
		return;
	}
	SAFE_FSTAT(fd, &file_st);
	SAFE_CLOSE(fd);
	TST_EXP_EXPR(mnt_count(mnt) == 0, "nothing is mounted on %s yet", mnt);
	TST_EXP_PASS(move_mount_raw(mfd, "", AT_FDCWD, mnt,
				    MOVE_MOUNT_F_EMPTY_PATH),
		     "move_mount(mount fd, \"\", %s, F_EMPTY_PATH)", mnt);
	SAFE_CLOSE(mfd);
	if (!TST_PASS)
		return;
	check_attached(&file_st);
	if (umount2(mnt, 0))
		tst_brk(TBROK | TERRNO, "umount2(%s)", mnt);
	TST_EXP_EXPR(mnt_count(mnt) == 0, "%s is no mount point after "
		     "umount2()", mnt);
	if (tst_device) {
		TST_EXP_PASS(access(FNAME, F_OK), "the file stays in the "
			     "matrix mount after umount2()");
		SAFE_UNLINK(FNAME);
	}
	check_ro();
}

static void setup(void)
{
	mnt_private_ns();
	snprintf(mnt, sizeof(mnt), "%s/fsopen01_mnt", tst_tmpdir_path);
	if (mkdir(mnt, 0755) && errno != EEXIST)
		tst_brk(TBROK | TERRNO, "mkdir(%s)", mnt);
}

static void cleanup(void)
{
	if (mnt[0])
		mnt_umount_all(mnt);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.all_filesystems = 1,
};
