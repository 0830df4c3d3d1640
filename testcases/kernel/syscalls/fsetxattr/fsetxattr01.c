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
 *   the known namespaces is EOPNOTSUPP; a closed or O_PATH descriptor is
 *   EBADF; a value in unmapped memory EFAULT;
 * - nobody, through a descriptor root opened on a root-owned 0644 file,
 *   gets EACCES for user.* (no write permission) or EPERM for trusted.*
 *   (no CAP_SYS_ADMIN).
 */
#include <stdlib.h>
#include "xattr_tmpdir.h"
#include "proc_ids.h"

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
	TST_EXP_FAIL(fsetxattr(fd, "ltpbogus.name", "v", 1, 0), EOPNOTSUPP,
		     "fsetxattr(namespace 'ltpbogus.')");
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

static void (*const cases[])(void) = {
	sets,
	bad_arguments,
	nobody,
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

static struct tst_test test = {
	.tcnt = sizeof(cases) / sizeof(cases[0]),
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
};
