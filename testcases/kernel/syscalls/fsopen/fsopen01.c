// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The new mount API end to end makes a working tmpfs:
 * fsopen("tmpfs", FSOPEN_CLOEXEC) gives a close-on-exec context fd,
 * fsconfig(FSCONFIG_SET_STRING "size" "1m") then FSCONFIG_CMD_CREATE
 * make the superblock, fsmount() gives a detached mount fd that is
 * already usable (a file made through it with openat() exists), and
 * move_mount(MOVE_MOUNT_F_EMPTY_PATH) attaches it on a directory of the
 * tmpdir: statfs() there says TMPFS_MAGIC with exactly 1 MiB of blocks,
 * the file made through the fd is visible by path, the directory is a
 * mount point in /proc/self/mountinfo, and after umount2() the file is
 * gone. The test process runs in a private mount namespace.
 * Syscalls: fsopen, fsconfig, fsmount, move_mount
 */
#include <sys/statfs.h>
#include <linux/magic.h>
#include "tst_test.h"
#include "mount_ns.h"
#include "newmount_raw.h"

#define MNT "mnt"

static void run(void)
{
	struct statfs sf;
	int fsfd, mfd, fd;

	TST_EXP_FD(fsopen_raw("tmpfs", FSOPEN_CLOEXEC),
		   "fsopen(\"tmpfs\", FSOPEN_CLOEXEC)");
	if (!TST_PASS)
		return;
	fsfd = TST_RET;
	TST_EXP_EXPR(fcntl(fsfd, F_GETFD) == FD_CLOEXEC,
		     "the context fd is close-on-exec");
	TST_EXP_PASS(fsconfig_raw(fsfd, FSCONFIG_SET_STRING, "size", "1m", 0),
		     "fsconfig(FSCONFIG_SET_STRING, \"size\", \"1m\")");
	TST_EXP_PASS(fsconfig_raw(fsfd, FSCONFIG_CMD_CREATE, NULL, NULL, 0),
		     "fsconfig(FSCONFIG_CMD_CREATE)");
	TST_EXP_FD(fsmount_raw(fsfd, FSMOUNT_CLOEXEC, 0),
		   "fsmount(FSMOUNT_CLOEXEC, 0)");
	SAFE_CLOSE(fsfd);
	if (!TST_PASS)
		return;
	mfd = TST_RET;
	fd = openat(mfd, "file", O_WRONLY | O_CREAT, 0644);
	TST_EXP_EXPR(fd >= 0, "openat(mount fd, \"file\", O_CREAT) works on "
		     "the detached mount (%s)",
		     fd < 0 ? strerror(errno) : "ok");
	if (fd >= 0)
		SAFE_CLOSE(fd);
	TST_EXP_EXPR(mnt_count(MNT) == 0, "nothing is mounted on " MNT " yet");
	TST_EXP_PASS(move_mount_raw(mfd, "", AT_FDCWD, MNT,
				    MOVE_MOUNT_F_EMPTY_PATH),
		     "move_mount(mount fd, \"\", " MNT ", F_EMPTY_PATH)");
	SAFE_CLOSE(mfd);
	if (!TST_PASS)
		return;
	if (statfs(MNT, &sf))
		tst_brk(TBROK | TERRNO, "statfs(" MNT ")");
	TST_EXP_EXPR(sf.f_type == TMPFS_MAGIC,
		     "statfs(" MNT ").f_type is TMPFS_MAGIC (0x%lx)",
		     (unsigned long)sf.f_type);
	TST_EXP_EXPR((unsigned long long)sf.f_blocks * sf.f_bsize == 1 << 20,
		     "size=1m: f_blocks %llu * f_bsize %lu is 1 MiB",
		     (unsigned long long)sf.f_blocks,
		     (unsigned long)sf.f_bsize);
	TST_EXP_EXPR(mnt_count(MNT) == 1, MNT " is a mount point");
	TST_EXP_PASS(access(MNT "/file", F_OK),
		     "the file made through the mount fd is at " MNT "/file");
	if (umount2(MNT, 0))
		tst_brk(TBROK | TERRNO, "umount2(" MNT ")");
	TST_EXP_FAIL(access(MNT "/file", F_OK), ENOENT,
		     "access(" MNT "/file) after umount2()");
}

static void setup(void)
{
	mnt_private_ns();
	SAFE_MKDIR(MNT, 0755);
}

static void cleanup(void)
{
	mnt_umount_all(MNT);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
};
