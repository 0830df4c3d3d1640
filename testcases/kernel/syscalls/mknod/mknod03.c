// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mknod(2) errors that need a filesystem in a given state, each on a
 * tmpfs mounted for it:
 * - EROFS: a new name on a read-only mount (MS_RDONLY);
 * - EEXIST, not EROFS, for a name that exists on that read-only mount
 *   (the kernel reports the other errors first);
 * - ENOSPC: a tmpfs mounted with nr_inodes=1 has no inode left after
 *   its root directory; after umount2 and a fresh mount of nr_inodes=2
 *   the same mknod() succeeds.
 * The test process mounts in its own private mount namespace (unshare
 * CLONE_NEWNS in setup), below its tmpdir; cleanup() unmounts leftovers.
 */
#include "tst_test.h"
#include "mount_ns.h"

#define MNT "mnt"

static long sys_mknod(const char *path, mode_t mode, dev_t dev)
{
	return tst_syscall(__NR_mknod, path, mode, (unsigned int)dev);
}

static void check_erofs(void)
{
	SAFE_MOUNT("ltp_mknod03", MNT, "tmpfs", 0, NULL);
	if (sys_mknod(MNT "/exists", S_IFIFO | 0644, 0))
		tst_brk(TBROK | TERRNO, "mknod(" MNT "/exists)");
	SAFE_MOUNT(NULL, MNT, NULL, MS_REMOUNT | MS_RDONLY, NULL);
	TST_EXP_FAIL(sys_mknod(MNT "/new", S_IFIFO | 0644, 0), EROFS,
		     "mknod() of a new name on a read-only mount");
	TST_EXP_FAIL(sys_mknod(MNT "/new", S_IFREG | 0644, 0), EROFS,
		     "mknod(S_IFREG) of a new name on a read-only mount");
	TST_EXP_FAIL(sys_mknod(MNT "/exists", S_IFIFO | 0644, 0), EEXIST,
		     "mknod() of an existing name on a read-only mount");
	SAFE_UMOUNT(MNT);
}

static void check_enospc(void)
{
	SAFE_MOUNT("ltp_mknod03", MNT, "tmpfs", 0, "nr_inodes=1");
	TST_EXP_FAIL(sys_mknod(MNT "/new", S_IFIFO | 0644, 0), ENOSPC,
		     "mknod() on a tmpfs with nr_inodes=1");
	SAFE_UMOUNT(MNT);
	SAFE_MOUNT("ltp_mknod03", MNT, "tmpfs", 0, "nr_inodes=2");
	TST_EXP_PASS(sys_mknod(MNT "/new", S_IFIFO | 0644, 0),
		     "mknod() on a tmpfs with nr_inodes=2");
	TST_EXP_FAIL(sys_mknod(MNT "/new2", S_IFIFO | 0644, 0), ENOSPC,
		     "a second mknod() on that tmpfs");
	SAFE_UMOUNT(MNT);
}

static void run(unsigned int n)
{
	if (n == 0)
		check_erofs();
	else
		check_enospc();
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
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
};
