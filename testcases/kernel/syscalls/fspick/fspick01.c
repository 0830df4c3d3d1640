// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fspick() picks the superblock of a mount for reconfiguration:
 * fspick() of a writable tmpfs, fsconfig(FSCONFIG_SET_FLAG "ro") and
 * FSCONFIG_CMD_RECONFIGURE make creating a file there EROFS (the file
 * made before is still readable), and "rw" then RECONFIGURE make it
 * writable again. Errors, with their exact errno (fs/fsopen.c):
 * - a path inside the mount that is not its root: EINVAL;
 * - an unknown flag: EINVAL; a missing path: ENOENT;
 * - a caller without CAP_SYS_ADMIN (uid 65534): EPERM.
 * The test process runs in a private mount namespace.
 */
#include "tst_test.h"
#include "as_nobody.h"
#include "mount_ns.h"
#include "newmount_raw.h"

#define MNT "mnt"

static void reconf(int fd, const char *flag)
{
	TST_EXP_PASS(fsconfig_raw(fd, FSCONFIG_SET_FLAG, flag, NULL, 0),
		     "fsconfig(SET_FLAG, \"%s\")", flag);
	TST_EXP_PASS(fsconfig_raw(fd, FSCONFIG_CMD_RECONFIGURE, NULL, NULL, 0),
		     "fsconfig(CMD_RECONFIGURE) after \"%s\"", flag);
}

static void as_nobody(void)
{
	TST_EXP_FAIL(fspick_raw(AT_FDCWD, MNT, 0), EPERM,
		     "fspick(" MNT ") as uid 65534");
}

static void run(void)
{
	int fd, wfd;

	SAFE_MOUNT("ltp_fspick01", MNT, "tmpfs", 0, NULL);
	SAFE_MKDIR(MNT "/dir", 0755);
	SAFE_FILE_PRINTF(MNT "/old", "data");

	TST_EXP_FD(fspick_raw(AT_FDCWD, MNT, FSPICK_CLOEXEC),
		   "fspick(AT_FDCWD, " MNT ", FSPICK_CLOEXEC)");
	if (TST_PASS) {
		fd = TST_RET;
		reconf(fd, "ro");
		TST_EXP_FAIL(open(MNT "/file", O_WRONLY | O_CREAT, 0644),
			     EROFS, "open(O_CREAT) after reconfiguring ro");
		TST_EXP_FAIL(open(MNT "/old", O_WRONLY), EROFS,
			     "open(O_WRONLY) of the old file after ro");
		TST_EXP_FD(open(MNT "/old", O_RDONLY),
			   "open(O_RDONLY) of the old file after ro");
		if (TST_PASS)
			SAFE_CLOSE(TST_RET);
		reconf(fd, "rw");
		wfd = open(MNT "/file", O_WRONLY | O_CREAT, 0644);
		TST_EXP_EXPR(wfd >= 0, "open(O_CREAT) works after "
			     "reconfiguring rw (%s)",
			     wfd < 0 ? strerror(errno) : "ok");
		if (wfd >= 0)
			SAFE_CLOSE(wfd);
		SAFE_CLOSE(fd);
	}

	TST_EXP_FAIL(fspick_raw(AT_FDCWD, MNT "/dir", 0), EINVAL,
		     "fspick() of a directory that is not a mount root");
	TST_EXP_FAIL(fspick_raw(AT_FDCWD, MNT, 0x80000000), EINVAL,
		     "fspick(flags 0x80000000)");
	TST_EXP_FAIL(fspick_raw(AT_FDCWD, "ltp_missing", 0), ENOENT,
		     "fspick(missing path)");
	run_in_nobody_child(as_nobody, "EPERM checks");
	if (umount2(MNT, 0))
		tst_brk(TBROK | TERRNO, "umount2(" MNT ")");
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
	.forks_child = 1,
};
