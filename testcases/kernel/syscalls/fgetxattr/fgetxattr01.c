// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fgetxattr(2) reads an extended attribute through a descriptor:
 * - it returns the value's length and the exact bytes, for each of two
 *   attributes;
 * - size 0 returns the length and writes nothing;
 * - a buffer one byte too small is ERANGE; a missing name ENODATA; a name
 *   longer than 255 bytes ERANGE; a name outside the known namespaces
 *   EOPNOTSUPP (ntfs3 keeps any name: ENODATA there, it was never
 *   set); a closed or O_PATH descriptor EBADF; a buffer in unmapped
 *   memory EFAULT;
 * - nobody, through a descriptor root opened on a root-owned 0600 file,
 *   gets EACCES for user.* (no read permission) and ENODATA for trusted.*
 *   (hidden without CAP_SYS_ADMIN);
 * - after umount and mount the values read the same from the disk
 *   (tmpfs: no remount).
 * Runs on every filesystem of the matrix; vfat and exFAT have no xattrs:
 * fsetxattr(), fgetxattr() and fremovexattr() are EOPNOTSUPP there
 * (asserted), then TCONF.
 */
#include <stdlib.h>
#include "xattr_tmpdir.h"
#include "proc_ids.h"
#include "fs_cycle.h"

#define FNAME "fgetxattr01_file"

static int fd, pathfd;

static void reads(void)
{
	char buf[64];

	memset(buf, 'x', sizeof(buf));
	TST_EXP_VAL(fgetxattr(fd, xname_a, buf, sizeof(buf)), 7,
		    "fgetxattr(%s)", xname_a);
	TST_EXP_EXPR(!memcmp(buf, "value A", 7), "the value is 'value A'");
	TST_EXP_VAL(fgetxattr(fd, xname_b, buf, sizeof(buf)), 11,
		    "fgetxattr(%s)", xname_b);
	TST_EXP_EXPR(!memcmp(buf, "the value B", 11),
		     "the value is 'the value B'");

	memset(buf, 'x', sizeof(buf));
	TST_EXP_VAL(fgetxattr(fd, xname_b, buf, 0), 11,
		    "fgetxattr(%s, size 0)", xname_b);
	TST_EXP_EXPR(buf[0] == 'x', "size 0 wrote nothing");
}

static void bad_arguments(void)
{
	char buf[64], missing[64];

	TST_EXP_FAIL(fgetxattr(fd, xname_b, buf, 10), ERANGE,
		     "fgetxattr(11-byte value, size 10)");

	snprintf(missing, sizeof(missing), "%sltp_missing", xattr_prefix);
	TST_EXP_FAIL(fgetxattr(fd, missing, buf, sizeof(buf)), ENODATA,
		     "fgetxattr(missing name)");
	TST_EXP_FAIL(fgetxattr(fd, xattr_too_long_name(), buf, sizeof(buf)),
		     ERANGE, "fgetxattr(name of %d bytes)", XATTR_NAME_MAX + 1);
	TST_EXP_FAIL(fgetxattr(fd, "ltpbogus.name", buf, sizeof(buf)),
		     xattr_bogus_err(), "fgetxattr(namespace 'ltpbogus.')");
	TST_EXP_FAIL(fgetxattr(-1, xname_a, buf, sizeof(buf)), EBADF,
		     "fgetxattr(fd -1)");
	TST_EXP_FAIL(fgetxattr(pathfd, xname_a, buf, sizeof(buf)), EBADF,
		     "fgetxattr(O_PATH fd)");
	TST_EXP_FAIL(fgetxattr(fd, xname_a, unmapped_addr(), 64), EFAULT,
		     "fgetxattr(unmapped buffer)");
}

static void nobody_reads(void)
{
	int expect = xattr_is_user() ? EACCES : ENODATA;
	char buf[64];

	TST_EXP_FAIL(fgetxattr(fd, xname_a, buf, sizeof(buf)), expect,
		     "nobody: fgetxattr(root's 0600 file, %s)", xname_a);
}

static void nobody(void)
{
	run_in_nobody_child(nobody_reads, "the checks as nobody");
}

/* The values set in setup() come back from the disk after a remount. */
static void from_disk(void)
{
	SAFE_CLOSE(fd);
	SAFE_CLOSE(pathfd);
	if (fs_cycle())
		tst_res(TINFO, "%s: no device to mount again, read back from "
			"memory", tst_fs_type ? tst_fs_type : "tmpdir");
	else
		tst_res(TINFO, "%s unmounted and mounted again", tst_fs_type);
	fd = SAFE_OPEN(FNAME, O_RDONLY);
	pathfd = SAFE_OPEN(FNAME, O_PATH);
	reads();
}

static void (*const cases[])(void) = {
	reads,
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
	xattr_fd_setup(FNAME, 0600, &fd, &pathfd);
	xattr_set_ab(FNAME, "value A", 7, "the value B", 11);
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
