// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fremovexattr(2) removes an extended attribute through a descriptor:
 * - after it, getxattr() by path is ENODATA and the other attribute is
 *   still there;
 * - removing a missing name is ENODATA; an empty name ERANGE; a name
 *   outside the known namespaces EOPNOTSUPP (ntfs3 keeps any name:
 *   ENODATA there, it was never set); a closed or O_PATH descriptor
 *   EBADF;
 * - nobody, through a descriptor root opened on a root-owned 0644 file,
 *   gets EACCES for user.* or EPERM for trusted.*, and the attribute
 *   stays;
 * - after umount and mount the removed name is still gone and the other
 *   one still there (tmpfs: no remount).
 * Runs on every filesystem of the matrix; vfat and exFAT have no xattrs:
 * fsetxattr(), fgetxattr() and fremovexattr() are EOPNOTSUPP there
 * (asserted), then TCONF.
 */
#include <stdlib.h>
#include "xattr_tmpdir.h"
#include "fs_cycle.h"

#define FNAME "fremovexattr01_file"

static int fd, pathfd;

static void removes(void)
{
	if (fsetxattr(fd, xname_a, "a", 1, 0) ||
	    fsetxattr(fd, xname_b, "b", 1, 0))
		tst_brk(TBROK | TERRNO, "fsetxattr()");
	TST_EXP_PASS(fremovexattr(fd, xname_a), "fremovexattr(%s)", xname_a);
	check_no_xattr(FNAME, 0, xname_a);
	check_xattr(FNAME, 0, xname_b, "b", 1);
	TST_EXP_FAIL(fremovexattr(fd, xname_a), ENODATA,
		     "fremovexattr(%s) again", xname_a);
}

static void bad_arguments(void)
{
	TST_EXP_FAIL(fremovexattr(fd, ""), ERANGE, "fremovexattr(empty name)");
	TST_EXP_FAIL(fremovexattr(fd, "ltpbogus.name"), xattr_bogus_err(),
		     "fremovexattr(namespace 'ltpbogus.')");
	TST_EXP_FAIL(fremovexattr(-1, xname_b), EBADF, "fremovexattr(fd -1)");
	TST_EXP_FAIL(fremovexattr(pathfd, xname_b), EBADF,
		     "fremovexattr(O_PATH fd)");
}

static void nobody_removes(void)
{
	int expect = xattr_is_user() ? EACCES : EPERM;

	TST_EXP_FAIL(fremovexattr(fd, xname_b), expect,
		     "nobody: fremovexattr(root's 0644 file, %s)", xname_b);
}

static void nobody(void)
{
	if (fsetxattr(fd, xname_b, "b", 1, 0))
		tst_brk(TBROK | TERRNO, "fsetxattr()");
	run_in_nobody_child(nobody_removes, "the checks as nobody");
	check_xattr(FNAME, 0, xname_b, "b", 1);
}

/* A removal made through a descriptor is on the disk after a remount. */
static void from_disk(void)
{
	if (fsetxattr(fd, xname_a, "a", 1, 0) ||
	    fsetxattr(fd, xname_b, "b", 1, 0))
		tst_brk(TBROK | TERRNO, "fsetxattr()");
	TST_EXP_PASS(fremovexattr(fd, xname_a), "fremovexattr(%s)", xname_a);
	SAFE_CLOSE(fd);
	SAFE_CLOSE(pathfd);
	if (fs_cycle())
		tst_res(TINFO, "%s: no device to mount again, read back from "
			"memory", tst_fs_type ? tst_fs_type : "tmpdir");
	else
		tst_res(TINFO, "%s unmounted and mounted again", tst_fs_type);
	check_no_xattr(FNAME, 0, xname_a);
	check_xattr(FNAME, 0, xname_b, "b", 1);
	fd = SAFE_OPEN(FNAME, O_RDONLY);
	pathfd = SAFE_OPEN(FNAME, O_PATH);
}

static void (*const cases[])(void) = {
	removes,
	bad_arguments,
	nobody,
	from_disk,
};

static void run(unsigned int n)
{
	cases[n]();
}

static void setup(void)
{
	xattr_fd_setup(FNAME, 0644, &fd, &pathfd);
}

static struct tst_test test = {
	.tcnt = sizeof(cases) / sizeof(cases[0]),
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.all_filesystems = 1,
	.forks_child = 1,
};
