// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * flistxattr(2) lists the extended attribute names through a descriptor:
 * - the list holds both names set, NUL-terminated, and its length is what
 *   size 0 reports;
 * - after removing one, the list no longer holds it and is shorter;
 * - a buffer smaller than the list is ERANGE; a closed or O_PATH
 *   descriptor EBADF; a buffer in unmapped memory EFAULT;
 * - for nobody, user.* names are listed (listing needs no permission on
 *   the file), trusted.* names are left out (CAP_SYS_ADMIN only).
 */
#include <stdlib.h>
#include "xattr_tmpdir.h"
#include "proc_ids.h"

#define FNAME "flistxattr01_file"

static int fd, pathfd;

static void lists(void)
{
	char list[1024];
	ssize_t need, len, shorter;

	TST_EXP_POSITIVE(flistxattr(fd, NULL, 0), "flistxattr(size 0)");
	need = TST_RET;
	TST_EXP_VAL(flistxattr(fd, list, sizeof(list)), need,
		    "flistxattr(%zu-byte buffer)", sizeof(list));
	len = TST_RET;
	TST_EXP_EXPR(len > 0 && list[len - 1] == '\0' &&
		     xattr_list_has(list, len, xname_a) &&
		     xattr_list_has(list, len, xname_b),
		     "the list holds %s and %s", xname_a, xname_b);

	if (fremovexattr(fd, xname_b))
		tst_brk(TBROK | TERRNO, "fremovexattr(%s)", xname_b);
	TST_EXP_POSITIVE(flistxattr(fd, list, sizeof(list)),
			 "flistxattr() after a removal");
	shorter = TST_RET;
	TST_EXP_EXPR(shorter == len - (ssize_t)strlen(xname_b) - 1 &&
		     xattr_list_has(list, shorter, xname_a) &&
		     !xattr_list_has(list, shorter, xname_b),
		     "%s left the list (%zd -> %zd bytes)", xname_b, len,
		     shorter);
	if (fsetxattr(fd, xname_b, "b", 1, 0))
		tst_brk(TBROK | TERRNO, "fsetxattr(%s)", xname_b);
}

static void bad_arguments(void)
{
	char list[1024];
	ssize_t need = flistxattr(fd, NULL, 0);

	TST_EXP_FAIL(flistxattr(fd, list, need - 1), ERANGE,
		     "flistxattr(size %zd for a %zd-byte list)", need - 1,
		     need);
	TST_EXP_FAIL(flistxattr(-1, list, sizeof(list)), EBADF,
		     "flistxattr(fd -1)");
	TST_EXP_FAIL(flistxattr(pathfd, list, sizeof(list)), EBADF,
		     "flistxattr(O_PATH fd)");
	TST_EXP_FAIL(flistxattr(fd, unmapped_addr(), sizeof(list)), EFAULT,
		     "flistxattr(unmapped buffer)");
}

static void nobody_lists(void)
{
	char list[1024];
	ssize_t len;

	TST_EXP_POSITIVE(flistxattr(fd, list, sizeof(list)),
			 "nobody: flistxattr(root's 0600 file)");
	len = TST_RET < 0 ? 0 : TST_RET;
	if (xattr_is_user())
		TST_EXP_EXPR(xattr_list_has(list, len, xname_a),
			     "nobody sees %s", xname_a);
	else
		TST_EXP_EXPR(!xattr_list_has(list, len, xname_a),
			     "nobody does not see %s", xname_a);
}

static void nobody(void)
{
	run_in_nobody_child(nobody_lists, "the checks as nobody");
}

static void (*const cases[])(void) = {
	lists,
	bad_arguments,
	nobody,
};

static void run(unsigned int n)
{
	cases[n]();
}

static void setup(void)
{
	xattr_fd_setup(FNAME, 0600, &fd, &pathfd);
	xattr_set_ab(FNAME, "a", 1, "b", 1);
}

static struct tst_test test = {
	.tcnt = sizeof(cases) / sizeof(cases[0]),
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
};
