// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * User namespace nesting and the max_user_namespaces limits
 * (kernel/user_namespace.c create_user_ns(), kernel/ucount.c):
 *  - from the initial namespace (level 0), 33 nested unshare(CLONE_NEWUSER)
 *    calls succeed (each level mapping its root to the one outside) and
 *    the 34th fails with ENOSPC: a namespace at level 33 has no children;
 *    the deepest one still maps uid 0 through the whole chain;
 *  - user.max_user_namespaces 0 (saved and restored): unshare() fails
 *    with ENOSPC, root included;
 *  - user.max_user_namespaces 3 for an unprivileged user (nobody): a
 *    namespace counts against its creator in every ancestor namespace,
 *    so nobody's third nested level succeeds and the fourth fails with
 *    ENOSPC;
 *  - the limit set inside a namespace (its own user.max_user_namespaces,
 *    INT_MAX when created) bounds its descendants: 1 there lets one
 *    child be made and not a grandchild (ENOSPC).
 */
#include <pwd.h>
#include <sched.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include "tst_test.h"
#include "ns_helpers.h"
#include "task_wait.h"

#define MAXNS "/proc/sys/user/max_user_namespaces"

static uid_t nobody = 65534;
static gid_t nogroup = 65534;

/* unshare one more level and map its root onto ours */
static int nest(uid_t uid, gid_t gid)
{
	if (unshare(CLONE_NEWUSER))
		return -1;
	ns_map_self_root(uid, gid);
	return 0;
}

static void depth(void)
{
	int level, err;
	long max;

	for (err = 0, level = 1; level <= 33; level++)
		if (nest(0, 0)) {
			err = errno;
			break;
		}
	TST_EXP_EXPR(level == 34, "33 nested user namespaces created "
		     "(stopped at level %d: %s)", level, tst_strerrno(err));
	if (level != 34)
		exit(0);
	TST_EXP_FAIL(unshare(CLONE_NEWUSER), ENOSPC, "a 34th level");
	TST_EXP_EXPR(geteuid() == 0 && getegid() == 0,
		     "root at the deepest level");
	if (!tst_file_read_long(MAXNS, &max))
		tst_brk(TBROK, "cannot read " MAXNS " inside");
	TST_EXP_EQ_LI(max, 2147483647);
	exit(0);
}

static void unprivileged(void)
{
	int level, err;

	SAFE_SETGID(nogroup);
	SAFE_SETUID(nobody);
	/* Owner of its /proc files again after the uid change. */
	prctl(PR_SET_DUMPABLE, 1);
	for (level = 1; level <= 4; level++)
		if (nest(level == 1 ? nobody : 0, level == 1 ? nogroup : 0))
			break;
	err = errno;
	if (level == 1 && err == EPERM) {
		tst_res(TCONF, "unprivileged user namespaces are disabled");
		exit(0);
	}
	TST_EXP_EXPR(level == 4 && err == ENOSPC, "nobody under a limit of "
		     "3: nested level %d failed with %s (expected 4, ENOSPC)",
		     level, tst_strerrno(err));
	exit(0);
}

static void inner_limit(void)
{
	pid_t pid;

	if (nest(0, 0))
		tst_brk(TBROK | TERRNO, "unshare(CLONE_NEWUSER)");
	/* Checked in a child: the limit counts the namespaces below. */
	SAFE_FILE_PRINTF(MAXNS, "1");
	pid = SAFE_FORK();
	if (!pid) {
		TST_EXP_PASS(nest(0, 0), "a child namespace under limit 1");
		TST_EXP_FAIL(unshare(CLONE_NEWUSER), ENOSPC,
			     "a grandchild under limit 1");
		exit(0);
	}
	reap_child(pid);
	exit(0);
}

static void in_child(void (*fn)(void))
{
	pid_t pid = SAFE_FORK();

	if (!pid)
		fn();
	reap_child(pid);
}

static void root_zero(void)
{
	TST_EXP_FAIL(unshare(CLONE_NEWUSER), ENOSPC,
		     "root under max_user_namespaces 0");
	exit(0);
}

static void run(void)
{
	SAFE_FILE_PRINTF(MAXNS, "%d", 1000);
	in_child(depth);
	in_child(inner_limit);
	SAFE_FILE_PRINTF(MAXNS, "0");
	in_child(root_zero);
	SAFE_FILE_PRINTF(MAXNS, "3");
	in_child(unprivileged);
	SAFE_FILE_PRINTF(MAXNS, "1000");
}

static void setup(void)
{
	struct passwd *pw = getpwnam("nobody");

	if (access("/proc/self/ns/user", F_OK))
		tst_brk(TCONF, "no user namespaces");
	if (pw) {
		nobody = pw->pw_uid;
		nogroup = pw->pw_gid;
	}
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.forks_child = 1,
	.save_restore = (const struct tst_path_val[]) {
		{MAXNS, NULL, TST_SR_TCONF_MISSING},
		{NULL, NULL, 0}
	},
	.needs_kconfigs = (const char *const []) {
		"CONFIG_USER_NS", NULL
	},
};
