// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fsetxattr(2) sets an extended attribute through a descriptor:
 * - on a file opened read-only (the permission check is on the inode, not
 *   the open mode) and on a directory; getxattr() by path sees the value;
 * - XATTR_CREATE on an existing name is EEXIST, XATTR_REPLACE on a missing
 *   one ENODATA, XATTR_REPLACE on an existing one replaces the value; an
 *   empty value is stored as empty;
 * - flags other than the two are EINVAL; an empty name or one longer than
 *   255 bytes is ERANGE; a value above 64 KiB is E2BIG; a name outside
 *   the known namespaces is EOPNOTSUPP (ntfs3 has a handler for every
 *   prefix and stores it: set, read back and removed there); a closed
 *   or O_PATH descriptor is EBADF; a value in unmapped memory EFAULT;
 * - nobody, through a descriptor root opened on a root-owned 0644 file,
 *   gets EACCES for user.* (no write permission) or EPERM for trusted.*
 *   (no CAP_SYS_ADMIN);
 * - a value of XATTR_SIZE_MAX (64 KiB), which the VFS passes on, is what
 *   each filesystem can hold or its own error: xfs (remote attribute
 *   blocks) and tmpfs (simple_xattr in memory) store it and read it back;
 *   ext2/3/4 (one 1 KiB block per inode's attributes on these images, no
 *   ea_inode feature: ext4_xattr_set_entry()) and btrfs (one leaf item,
 *   BTRFS_MAX_XATTR_SIZE()) refuse it with ENOSPC, ntfs3 with EFBIG (its
 *   EAs, header included, above $AttrDef's 64 KiB: ntfs_set_ea()); a
 *   refused value leaves no attribute;
 * - after umount and mount the values set through descriptors on the file
 *   and the directory read back from the disk (tmpfs: no remount).
 * Runs on every filesystem of the matrix; vfat and exFAT have no xattrs:
 * fsetxattr(), fgetxattr() and fremovexattr() are EOPNOTSUPP there
 * (asserted), then TCONF.
 */
#include <stdlib.h>
#include "xattr_tmpdir.h"
#include "proc_ids.h"
#include "fs_cycle.h"

#define FNAME "fsetxattr01_file"
#define DNAME "fsetxattr01_dir"

static int fd, dfd, pathfd;

static void sets(void)
{
	fremovexattr(fd, xname_a);
	TST_EXP_PASS(fsetxattr(fd, xname_a, "value", 5, 0),
		     "fsetxattr(read-only fd, %s, 'value')", xname_a);
	check_xattr(FNAME, 0, xname_a, "value", 5);

	TST_EXP_FAIL(fsetxattr(fd, xname_a, "other", 5, XATTR_CREATE), EEXIST,
		     "fsetxattr(XATTR_CREATE) of an existing name");
	check_xattr(FNAME, 0, xname_a, "value", 5);
	TST_EXP_FAIL(fsetxattr(fd, xname_b, "other", 5, XATTR_REPLACE),
		     ENODATA, "fsetxattr(XATTR_REPLACE) of a missing name");
	check_no_xattr(FNAME, 0, xname_b);
	TST_EXP_PASS(fsetxattr(fd, xname_a, "new", 3, XATTR_REPLACE),
		     "fsetxattr(XATTR_REPLACE) of an existing name");
	check_xattr(FNAME, 0, xname_a, "new", 3);
	TST_EXP_PASS(fsetxattr(fd, xname_a, "", 0, 0),
		     "fsetxattr(empty value)");
	check_xattr(FNAME, 0, xname_a, "", 0);

	fremovexattr(dfd, xname_a);
	TST_EXP_PASS(fsetxattr(dfd, xname_a, "dir", 3, 0),
		     "fsetxattr(directory fd)");
	check_xattr(DNAME, 0, xname_a, "dir", 3);
}

static void bad_arguments(void)
{
	static char big[XATTR_SIZE_MAX + 1];

	TST_EXP_FAIL(fsetxattr(fd, xname_a, "v", 1, 4), EINVAL,
		     "fsetxattr(flags 4)");
	TST_EXP_FAIL(fsetxattr(fd, "", "v", 1, 0), ERANGE,
		     "fsetxattr(empty name)");
	TST_EXP_FAIL(fsetxattr(fd, xattr_too_long_name(), "v", 1, 0), ERANGE,
		     "fsetxattr(name of %d bytes)", XATTR_NAME_MAX + 1);
	TST_EXP_FAIL(fsetxattr(fd, xname_a, big, sizeof(big), 0), E2BIG,
		     "fsetxattr(value of %zu bytes)", sizeof(big));
	if (xattr_any_name_fs()) {
		TST_EXP_PASS(fsetxattr(fd, "ltpbogus.name", "v", 1, 0),
			     "%s: fsetxattr(namespace 'ltpbogus.')",
			     tst_fs_type);
		check_xattr(FNAME, 0, "ltpbogus.name", "v", 1);
		TST_EXP_PASS(fremovexattr(fd, "ltpbogus.name"),
			     "%s: fremovexattr(ltpbogus.name)", tst_fs_type);
	} else {
		TST_EXP_FAIL(fsetxattr(fd, "ltpbogus.name", "v", 1, 0),
			     EOPNOTSUPP, "fsetxattr(namespace 'ltpbogus.')");
	}
	TST_EXP_FAIL(fsetxattr(-1, xname_a, "v", 1, 0), EBADF,
		     "fsetxattr(fd -1)");
	TST_EXP_FAIL(fsetxattr(pathfd, xname_a, "v", 1, 0), EBADF,
		     "fsetxattr(O_PATH fd)");
	TST_EXP_FAIL(fsetxattr(fd, xname_a, unmapped_addr(), 1, 0), EFAULT,
		     "fsetxattr(unmapped value)");
}

static void nobody_sets(void)
{
	int expect = xattr_is_user() ? EACCES : EPERM;

	TST_EXP_FAIL(fsetxattr(fd, xname_b, "v", 1, 0), expect,
		     "nobody: fsetxattr(root's 0644 file, %s)", xname_b);
}

static void nobody(void)
{
	run_in_nobody_child(nobody_sets, "the checks as nobody");
	check_no_xattr(FNAME, 0, xname_b);
}

/* A 64 KiB value: stored whole, or the filesystem's documented error. */
static void max_value(void)
{
	static char big[XATTR_SIZE_MAX], got[XATTR_SIZE_MAX];
	int err = 0;
	size_t i;

	if (fs_is("ext2 ext3 ext4 btrfs"))
		err = ENOSPC;
	else if (fs_is("ntfs3"))
		err = EFBIG;
	for (i = 0; i < sizeof(big); i++)
		big[i] = i * 7 + i / 251;
	fremovexattr(fd, xname_b);
	if (err) {
		TST_EXP_FAIL(fsetxattr(fd, xname_b, big, sizeof(big), 0), err,
			     "%s: fsetxattr() of %zu bytes", tst_fs_type,
			     sizeof(big));
		check_no_xattr(FNAME, 0, xname_b);
		return;
	}
	TST_EXP_PASS(fsetxattr(fd, xname_b, big, sizeof(big), 0),
		     "%s: fsetxattr() of %zu bytes", tst_fs_type, sizeof(big));
	if (!TST_PASS)
		return;
	memset(got, 0, sizeof(got));
	TST_EXP_VAL(fgetxattr(fd, xname_b, got, sizeof(got)), sizeof(big),
		    "fgetxattr() of the %zu-byte value", sizeof(big));
	TST_EXP_EXPR(!memcmp(got, big, sizeof(big)),
		     "the %zu bytes read back are the ones set", sizeof(big));
	if (fremovexattr(fd, xname_b))
		tst_brk(TBROK | TERRNO, "fremovexattr(%s)", xname_b);
}

static void open_fds(void)
{
	fd = SAFE_OPEN(FNAME, O_RDONLY);
	pathfd = SAFE_OPEN(FNAME, O_PATH);
	dfd = SAFE_OPEN(DNAME, O_RDONLY | O_DIRECTORY);
}

/* What was set through descriptors is on the disk after a remount. */
static void kept(void)
{
	fremovexattr(fd, xname_b);
	if (fsetxattr(fd, xname_a, "kept A", 6, 0) ||
	    fsetxattr(dfd, xname_a, "dir A", 5, 0))
		tst_brk(TBROK | TERRNO, "fsetxattr()");
	SAFE_CLOSE(fd);
	SAFE_CLOSE(pathfd);
	SAFE_CLOSE(dfd);
	if (fs_cycle())
		tst_res(TINFO, "%s: no device to mount again, read back from "
			"memory", tst_fs_type ? tst_fs_type : "tmpdir");
	else
		tst_res(TINFO, "%s unmounted and mounted again", tst_fs_type);
	check_xattr(FNAME, 0, xname_a, "kept A", 6);
	check_no_xattr(FNAME, 0, xname_b);
	check_xattr(DNAME, 0, xname_a, "dir A", 5);
	open_fds();
}

static void (*const cases[])(void) = {
	sets,
	bad_arguments,
	nobody,
	max_value,
	kept,
};

static void run(unsigned int n)
{
	cases[n]();
}

static void setup(void)
{
	xattr_fd_setup(FNAME, 0644, &fd, &pathfd);
	SAFE_MKDIR(DNAME, 0755);
	dfd = SAFE_OPEN(DNAME, O_RDONLY | O_DIRECTORY);
}

static void cleanup(void)
{
	if (fd > 0)
		SAFE_CLOSE(fd);
	if (pathfd > 0)
		SAFE_CLOSE(pathfd);
	if (dfd > 0)
		SAFE_CLOSE(dfd);
}

static struct tst_test test = {
	.tcnt = sizeof(cases) / sizeof(cases[0]),
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.all_filesystems = 1,
	.forks_child = 1,
};
