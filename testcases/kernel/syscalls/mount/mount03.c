// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mount(2) errors, each with its exact errno:
 * - EPERM: nobody mounting a tmpfs, bind mounting and remounting;
 * - EACCES: nobody's target under a directory it cannot search (the path
 *   is looked up before the capability is checked); a block device node
 *   on a MS_NODEV mount as the source of a disk filesystem;
 * - ENODEV: an unknown filesystem type;
 * - ENOENT: a missing target, an empty target, a missing MS_BIND source;
 * - ENOTDIR: a regular file as a path component, a tmpfs (a directory)
 *   onto a regular file;
 * - ENAMETOOLONG: a target path of PATH_MAX bytes, a name of NAME_MAX + 1;
 * - ELOOP: a target through a symlink loop; MS_MOVE of a mount onto a
 *   directory inside itself;
 * - EFAULT: source, target, filesystemtype or data unmapped;
 * - EINVAL: MS_REMOUNT, MS_MOVE or a propagation change of a directory
 *   that is no mount point; MS_SHARED | MS_PRIVATE together; an unknown
 *   tmpfs option; MS_BIND of an MS_UNBINDABLE mount; a new mount with no
 *   filesystemtype;
 * - EBUSY: MS_REMOUNT | MS_RDONLY, and MS_REMOUNT | MS_BIND | MS_RDONLY,
 *   while a file there is open for writing;
 * - ENOTBLK: a regular file as the source of a disk filesystem (ext4);
 *   ENXIO: a block device node of a major no driver has;
 * - ENOENT (6.12): MS_BIND onto a /proc/<pid>/fd/<n> entry itself (the
 *   target reached through the magic link of an O_PATH | O_NOFOLLOW
 *   descriptor of that entry); such ephemeral procfs dentries are made
 *   unmountable by d80b065bb172 (as upstream LTP's mount08 tags it), and
 *   nothing gets mounted there. Older kernels allowed it: a TCONF line.
 * Mounts happen in the test process's own private mount namespace
 * (unshare CLONE_NEWNS in setup), below its tmpdir; cleanup() unmounts.
 */
#include <fcntl.h>
#include <sys/sysmacros.h>
#include "tst_test.h"
#include "fsmeta.h"
#include "mount_ns.h"

/* No driver has this block major (majors are 12 bits; 4094 is unused). */
#define UNUSED_BLK_MAJOR 4094

static void *bad;

static void errors_nobody(void)
{
	TST_EXP_FAIL(mount("ltp_mount03", "mnt", "tmpfs", 0, NULL), EPERM,
		     "mount(tmpfs) as nobody");
	TST_EXP_FAIL(mount("src", "mnt", NULL, MS_BIND, NULL), EPERM,
		     "mount(MS_BIND) as nobody");
	TST_EXP_FAIL(mount(NULL, "tmp_mnt", NULL, MS_REMOUNT | MS_RDONLY,
			   NULL), EPERM,
		     "mount(MS_REMOUNT) of a mount point as nobody");
	TST_EXP_FAIL(mount("ltp_mount03", "locked/mnt", "tmpfs", 0, NULL),
		     EACCES,
		     "mount() as nobody on a target it cannot search to");
}

static void check_nobody(void)
{
	fsm_as_nobody(errors_nobody);
}

static void check_paths(void)
{
	TST_EXP_FAIL(mount("ltp_mount03", "mnt", "ltp_no_such_fs", 0, NULL),
		     ENODEV, "mount() of an unknown filesystem type");
	TST_EXP_FAIL(mount("ltp_mount03", "missing", "tmpfs", 0, NULL),
		     ENOENT, "mount() on a missing target");
	TST_EXP_FAIL(mount("ltp_mount03", "", "tmpfs", 0, NULL), ENOENT,
		     "mount() on an empty target");
	TST_EXP_FAIL(mount("missing", "mnt", NULL, MS_BIND, NULL), ENOENT,
		     "mount(MS_BIND) of a missing source");
	TST_EXP_FAIL(mount("ltp_mount03", "file/mnt", "tmpfs", 0, NULL),
		     ENOTDIR, "mount() on a target below a regular file");
	TST_EXP_FAIL(mount("ltp_mount03", "file", "tmpfs", 0, NULL), ENOTDIR,
		     "mount() of a tmpfs onto a regular file");
	TST_EXP_FAIL(mount("ltp_mount03", fsm_long_path(), "tmpfs", 0, NULL),
		     ENAMETOOLONG, "mount() on a target of PATH_MAX bytes");
	TST_EXP_FAIL(mount("ltp_mount03", fsm_long_name(), "tmpfs", 0, NULL),
		     ENAMETOOLONG, "mount() on a name of NAME_MAX + 1 bytes");
	TST_EXP_FAIL(mount("ltp_mount03", "loop_a/mnt", "tmpfs", 0, NULL),
		     ELOOP, "mount() on a target through a symlink loop");
	TST_EXP_FAIL(mount(bad, "mnt", "tmpfs", 0, NULL), EFAULT,
		     "mount() with an unmapped source");
	TST_EXP_FAIL(mount("ltp_mount03", bad, "tmpfs", 0, NULL), EFAULT,
		     "mount() with an unmapped target");
	TST_EXP_FAIL(mount("ltp_mount03", "mnt", bad, 0, NULL), EFAULT,
		     "mount() with an unmapped filesystemtype");
	TST_EXP_FAIL(mount("ltp_mount03", "mnt", "tmpfs", 0, bad), EFAULT,
		     "mount() with unmapped data");
	mnt_umount_all("mnt");
}

static void check_einval(void)
{
	TST_EXP_FAIL(mount(NULL, "mnt", NULL, MS_REMOUNT, NULL), EINVAL,
		     "mount(MS_REMOUNT) of a directory that is no mount point");
	TST_EXP_FAIL(mount("mnt", "src", NULL, MS_MOVE, NULL), EINVAL,
		     "mount(MS_MOVE) of a directory that is no mount point");
	TST_EXP_FAIL(mount(NULL, "mnt", NULL, MS_PRIVATE, NULL), EINVAL,
		     "mount(MS_PRIVATE) of a directory that is no mount point");
	TST_EXP_FAIL(mount(NULL, "tmp_mnt", NULL, MS_SHARED | MS_PRIVATE,
			   NULL), EINVAL,
		     "mount(MS_SHARED | MS_PRIVATE) of a mount point");
	TST_EXP_FAIL(mount("ltp_mount03", "mnt", "tmpfs", 0,
			   "ltp_no_such_option"), EINVAL,
		     "mount(tmpfs) with an unknown option");
	TST_EXP_FAIL(mount("ltp_mount03", "mnt", NULL, 0, NULL), EINVAL,
		     "a new mount with filesystemtype NULL");
	SAFE_MOUNT(NULL, "tmp_mnt", NULL, MS_UNBINDABLE, NULL);
	TST_EXP_FAIL(mount("tmp_mnt", "mnt", NULL, MS_BIND, NULL), EINVAL,
		     "mount(MS_BIND) of an MS_UNBINDABLE mount");
	SAFE_MOUNT(NULL, "tmp_mnt", NULL, MS_PRIVATE, NULL);
	mnt_umount_all("mnt");
}

static void check_move_loop(void)
{
	TST_EXP_FAIL(mount("tmp_mnt", "tmp_mnt/sub", NULL, MS_MOVE, NULL),
		     ELOOP, "mount(MS_MOVE) of a mount into itself");
	TST_EXP_EXPR(mnt_count("tmp_mnt") == 1 &&
		     !mnt_count("tmp_mnt/sub"),
		     "the mount stayed where it was");
}

static void check_ebusy(void)
{
	int fd = SAFE_OPEN("tmp_mnt/file", O_WRONLY | O_CREAT, 0644);

	TST_EXP_FAIL(mount(NULL, "tmp_mnt", NULL, MS_REMOUNT | MS_RDONLY,
			   NULL), EBUSY,
		     "mount(MS_REMOUNT | MS_RDONLY) with a file open for "
		     "writing");
	SAFE_MOUNT("tmp_mnt", "mnt", NULL, MS_BIND, NULL);
	SAFE_CLOSE(fd);
	fd = SAFE_OPEN("mnt/file", O_WRONLY);
	TST_EXP_FAIL(mount(NULL, "mnt", NULL,
			   MS_REMOUNT | MS_BIND | MS_RDONLY, NULL), EBUSY,
		     "mount(MS_REMOUNT | MS_BIND | MS_RDONLY) with a file "
		     "open for writing through it");
	SAFE_CLOSE(fd);
	TST_EXP_PASS(mount(NULL, "mnt", NULL,
			   MS_REMOUNT | MS_BIND | MS_RDONLY, NULL),
		     "the same once the file is closed");
	SAFE_UMOUNT("mnt");
}

static void check_blockdev(void)
{
	if (!tst_fs_is_supported("ext4")) {
		tst_res(TCONF, "no ext4 in /proc/filesystems: the block "
			"device source errors are skipped");
		return;
	}
	TST_EXP_FAIL(mount("file", "mnt", "ext4", 0, NULL), ENOTBLK,
		     "mount(ext4) from a regular file");
	TST_EXP_FAIL(mount("tmp_mnt/blk", "mnt", "ext4", 0, NULL), ENXIO,
		     "mount(ext4) from a block device of major %d, which no "
		     "driver has", UNUSED_BLK_MAJOR);
	TST_EXP_FAIL(mount("nodev_mnt/blk", "mnt", "ext4", 0, NULL), EACCES,
		     "mount(ext4) from a block device node on a MS_NODEV "
		     "mount");
	mnt_umount_all("mnt");
}

static void check_magic_link(void)
{
	char entry[64], target[64];
	int fd, pfd;

	if (tst_kvercmp(6, 12, 0) < 0) {
		tst_res(TCONF, "mounting on /proc/<pid>/fd/<n> is refused "
			"from 6.12 (d80b065bb172), this kernel is older");
		return;
	}
	fd = SAFE_OPEN("file", O_RDONLY);
	snprintf(entry, sizeof(entry), "/proc/%d/fd/%d", getpid(), fd);
	pfd = SAFE_OPEN(entry, O_PATH | O_NOFOLLOW);
	snprintf(target, sizeof(target), "/proc/%d/fd/%d", getpid(), pfd);
	TST_EXP_FAIL(mount("file", target, NULL, MS_BIND, NULL), ENOENT,
		     "mount(MS_BIND) onto the procfs entry %s", entry);
	if (!TST_PASS) {
		/* it did get mounted: take it away before anything else */
		umount2(target, MNT_DETACH);
	}
	SAFE_CLOSE(pfd);
	SAFE_CLOSE(fd);
}

static void (*const checks[])(void) = {
	check_nobody, check_paths, check_einval, check_move_loop,
	check_ebusy, check_blockdev, check_magic_link,
};

static void run(unsigned int n)
{
	checks[n]();
}

static void setup(void)
{
	dev_t dev = makedev(UNUSED_BLK_MAJOR, 1);

	mnt_private_ns();
	SAFE_MKDIR("mnt", 0777);
	SAFE_MKDIR("src", 0777);
	SAFE_MKDIR("locked", 0700);
	SAFE_MKDIR("locked/mnt", 0777);
	SAFE_MKDIR("tmp_mnt", 0755);
	SAFE_MKDIR("nodev_mnt", 0755);
	fsm_create_file("file", 0644, "x");
	fsm_make_loop("loop_a", "loop_b");
	bad = fsm_bad_addr();
	SAFE_MOUNT("ltp_mount03", "tmp_mnt", "tmpfs", 0, NULL);
	SAFE_MKDIR("tmp_mnt/sub", 0755);
	SAFE_MOUNT("ltp_mount03", "nodev_mnt", "tmpfs", MS_NODEV, NULL);
	if (mknod("tmp_mnt/blk", S_IFBLK | 0600, dev) ||
	    mknod("nodev_mnt/blk", S_IFBLK | 0600, dev))
		tst_brk(TBROK | TERRNO, "mknod(blk, %d:1)", UNUSED_BLK_MAJOR);
}

static void cleanup(void)
{
	mnt_umount_all("mnt");
	mnt_umount_all("tmp_mnt/sub");
	mnt_umount_all("tmp_mnt");
	mnt_umount_all("nodev_mnt");
}

static struct tst_test test = {
	.tcnt = ARRAY_SIZE(checks),
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.tags = (const struct tst_tag[]) {
		/* procfs: /proc/<pid>/fd/<n> dentries cannot be mounted on
		 * (upstream LTP mount08's tag) */
		{"linux-git", "d80b065bb172"},
		{}
	},
};
