// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * access(), faccessat() and faccessat2() errors of W_OK and of the path
 * walk, and the order of the write checks (fs/open.c do_faccessat(),
 * fs/namei.c inode_permission() of 6.1 and 6.12: the read-only
 * superblock first, then the immutable flag, the mount last, and the
 * mount not for a device or FIFO). On a tmpfs of the test's own (in a
 * private mount namespace), root, with a file flagged immutable
 * (FS_IMMUTABLE_FL):
 * - W_OK on the immutable file is EPERM for all three calls; R_OK passes;
 * - through a read-only bind mount: W_OK is EROFS on a regular file, is
 *   EPERM on the immutable one (the inode says no before the mount), and
 *   passes on a FIFO (a special file can be written on a read-only
 *   mount);
 * - with the tmpfs itself remounted read-only: W_OK on the immutable
 *   file is EROFS (the superblock says no first), on the FIFO it passes.
 * And, for faccessat2(): ELOOP through a symlink loop, ENAMETOOLONG for
 * a name of NAME_MAX + 1 bytes and a path of PATH_MAX bytes, EFAULT for
 * a path the kernel cannot read.
 * Syscalls: access, faccessat, faccessat2
 */
#include <fcntl.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <linux/fs.h>
#include "tst_test.h"
#include "fsmeta.h"
#include "mount_ns.h"

static void *bad_addr;

static long faccessat2(int dfd, const char *path, int mode, int flags)
{
	return tst_syscall(__NR_faccessat2, dfd, path, mode, flags);
}

static void set_immutable(const char *path)
{
	int fd = SAFE_OPEN(path, O_RDONLY), flags;

	if (ioctl(fd, FS_IOC_GETFLAGS, &flags))
		tst_brk(TCONF | TERRNO, "FS_IOC_GETFLAGS on tmpfs");
	flags |= FS_IMMUTABLE_FL;
	if (ioctl(fd, FS_IOC_SETFLAGS, &flags))
		tst_brk(TCONF | TERRNO, "FS_IOC_SETFLAGS on tmpfs");
	SAFE_CLOSE(fd);
}

static void child(void)
{
	mnt_private_ns();
	SAFE_MOUNT("faccessat202", "mnt", "tmpfs", 0, "size=1m");
	fsm_create_file("mnt/imm", 0666, "x");
	fsm_create_file("mnt/plain", 0666, "x");
	FSM_SAFE(mkfifo("mnt/fifo", 0666));
	set_immutable("mnt/imm");

	TST_EXP_FAIL(access("mnt/imm", W_OK), EPERM,
		     "access(immutable, W_OK)");
	TST_EXP_FAIL(faccessat(AT_FDCWD, "mnt/imm", W_OK, 0), EPERM,
		     "faccessat(immutable, W_OK)");
	TST_EXP_FAIL(faccessat2(AT_FDCWD, "mnt/imm", W_OK, AT_EACCESS), EPERM,
		     "faccessat2(immutable, W_OK, AT_EACCESS)");
	TST_EXP_PASS(faccessat2(AT_FDCWD, "mnt/imm", R_OK, 0),
		     "faccessat2(immutable, R_OK)");

	SAFE_MOUNT("mnt", "ro", NULL, MS_BIND, NULL);
	SAFE_MOUNT(NULL, "ro", NULL, MS_REMOUNT | MS_BIND | MS_RDONLY, NULL);
	TST_EXP_FAIL(faccessat2(AT_FDCWD, "ro/plain", W_OK, 0), EROFS,
		     "faccessat2(W_OK) of a file on a read-only bind mount");
	TST_EXP_FAIL(faccessat2(AT_FDCWD, "ro/imm", W_OK, 0), EPERM,
		     "faccessat2(W_OK) of the immutable file there");
	TST_EXP_PASS(faccessat2(AT_FDCWD, "ro/fifo", W_OK, 0),
		     "faccessat2(W_OK) of a FIFO there");

	SAFE_UMOUNT("ro");
	SAFE_MOUNT(NULL, "mnt", NULL, MS_REMOUNT | MS_RDONLY, NULL);
	TST_EXP_FAIL(faccessat2(AT_FDCWD, "mnt/imm", W_OK, 0), EROFS,
		     "faccessat2(W_OK) of the immutable file on the tmpfs "
		     "remounted read-only");
	TST_EXP_PASS(faccessat2(AT_FDCWD, "mnt/fifo", W_OK, 0),
		     "faccessat2(W_OK) of the FIFO on the read-only tmpfs");
	exit(0);
}

static void run(void)
{
	pid_t pid;

	TST_EXP_FAIL(faccessat2(AT_FDCWD, "loop_a/f", F_OK, 0), ELOOP,
		     "faccessat2() through a symlink loop");
	TST_EXP_FAIL(faccessat2(AT_FDCWD, fsm_long_name(), F_OK, 0),
		     ENAMETOOLONG, "faccessat2() of a %d byte name",
		     NAME_MAX + 1);
	TST_EXP_FAIL(faccessat2(AT_FDCWD, fsm_long_path(), F_OK, 0),
		     ENAMETOOLONG, "faccessat2() of a %d byte path", PATH_MAX);
	TST_EXP_FAIL(faccessat2(AT_FDCWD, bad_addr, F_OK, 0), EFAULT,
		     "faccessat2() of an unreadable path");

	pid = SAFE_FORK();
	if (!pid)
		child();
	reap_child(pid);
}

static void setup(void)
{
	bad_addr = fsm_bad_addr();
	fsm_make_loop("loop_a", "loop_b");
	SAFE_MKDIR("mnt", 0755);
	SAFE_MKDIR("ro", 0755);
	/* TCONF before any result on kernels without the call. */
	faccessat2(AT_FDCWD, ".", F_OK, 0);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
};
