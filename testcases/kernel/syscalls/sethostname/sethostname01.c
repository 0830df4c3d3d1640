// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sethostname() as root, in a child in a new UTS namespace
 * (unshare(CLONE_NEWUTS)), so the system's name is never touched: the
 * name set reads back through uname() (nodename) and gethostname(), a
 * name of exactly 64 bytes (__NEW_UTS_LEN) is kept whole and a length
 * shorter than the string sets only that prefix, length 0 sets the
 * empty name; the parent, in the original namespace, still sees its old
 * name. EINVAL for a length above 64 and a negative one, EFAULT for an
 * unmapped name. As nobody (in the initial user namespace): EPERM, also
 * before the length is checked.
 */
#define UTS_NR __NR_sethostname
#define UTS_CALL "sethostname"
#define UTS_FIELD nodename
#define UTS_FIELD_NAME "nodename"
#define UTS_GET gethostname
#define UTS_GET_NAME "gethostname"

#include "uts_name_set.h"

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.forks_child = 1,
};
