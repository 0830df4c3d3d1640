// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * move_mount() moves an attached mount: a tmpfs on mnt1 moved to mnt2
 * is then on mnt2 only (mountinfo), with its file, and mnt1 is the bare
 * directory again. Errors, with their exact errno (fs/namespace.c):
 * - a missing from path or a missing to path: ENOENT;
 * - an unknown flag: EINVAL;
 * - a from path that is a plain directory, not the root of a mount:
 *   EINVAL;
 * - an empty from path without MOVE_MOUNT_F_EMPTY_PATH: ENOENT;
 * - a caller without CAP_SYS_ADMIN (uid 65534): EPERM.
 * The test process runs in a private mount namespace.
 */
#include "tst_test.h"
#include "as_nobody.h"
#include "mount_ns.h"
#include "newmount_raw.h"

#define MNT1 "mnt1"
#define MNT2 "mnt2"

static void as_nobody(void)
{
	TST_EXP_FAIL(move_mount_raw(AT_FDCWD, MNT1, AT_FDCWD, MNT2, 0), EPERM,
		     "move_mount(" MNT1 ", " MNT2 ") as uid 65534");
}

static void run(void)
{
	SAFE_MOUNT("ltp_move_mount01", MNT1, "tmpfs", 0, NULL);
	SAFE_FILE_PRINTF(MNT1 "/file", "data");

	run_in_nobody_child(as_nobody, "EPERM checks");
	TST_EXP_FAIL(move_mount_raw(AT_FDCWD, "ltp_missing", AT_FDCWD, MNT2,
				    0), ENOENT,
		     "move_mount(missing from path)");
	TST_EXP_FAIL(move_mount_raw(AT_FDCWD, MNT1, AT_FDCWD, "ltp_missing",
				    0), ENOENT, "move_mount(missing to path)");
	TST_EXP_FAIL(move_mount_raw(AT_FDCWD, MNT1, AT_FDCWD, MNT2,
				    0x80000000), EINVAL,
		     "move_mount(flags 0x80000000)");
	TST_EXP_FAIL(move_mount_raw(AT_FDCWD, "dir", AT_FDCWD, MNT2, 0),
		     EINVAL, "move_mount() of a directory that is no mount");
	TST_EXP_FAIL(move_mount_raw(AT_FDCWD, "", AT_FDCWD, MNT2, 0),
		     ENOENT, "move_mount(\"\" without F_EMPTY_PATH)");

	TST_EXP_PASS(move_mount_raw(AT_FDCWD, MNT1, AT_FDCWD, MNT2, 0),
		     "move_mount(" MNT1 ", " MNT2 ")");
	if (!TST_PASS)
		return;
	TST_EXP_EXPR(mnt_count(MNT1) == 0 && mnt_count(MNT2) == 1,
		     "the mount left " MNT1 " (%d) and is on " MNT2 " (%d)",
		     mnt_count(MNT1), mnt_count(MNT2));
	TST_EXP_PASS(access(MNT2 "/file", F_OK), "access(" MNT2 "/file)");
	TST_EXP_FAIL(access(MNT1 "/file", F_OK), ENOENT,
		     "access(" MNT1 "/file)");
	if (umount2(MNT2, 0))
		tst_brk(TBROK | TERRNO, "umount2(" MNT2 ")");
}

static void setup(void)
{
	mnt_private_ns();
	SAFE_MKDIR(MNT1, 0755);
	SAFE_MKDIR(MNT2, 0755);
	SAFE_MKDIR("dir", 0755);
}

static void cleanup(void)
{
	mnt_umount_all(MNT1);
	mnt_umount_all(MNT2);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
};
