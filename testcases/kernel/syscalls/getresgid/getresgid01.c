// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * getresgid(2) stores the real, effective and saved gid, each in its own
 * place: for root (0 0 0) and, in a child, after setresgid() made them
 * all different, matching /proc/self/status. Each of the three pointers
 * pointing at unmapped memory is EFAULT.
 */
#include "proc_ids.h"

static void run(void)
{
	gid_t r, e, s;
	void *bad = unmapped_addr();

	TST_EXP_PASS(getresgid(&r, &e, &s));
	TST_EXP_EXPR(r == 0 && e == 0 && s == 0, "root: getresgid() = %u %u "
		     "%u", r, e, s);

	if (!SAFE_FORK()) {
		if (setresgid(ID_A, ID_B, ID_C))
			tst_brk(TBROK | TERRNO, "setresgid(%d, %d, %d)", ID_A,
				ID_B, ID_C);
		check_gids(ID_A, ID_B, ID_C);
		exit(0);
	}
	tst_reap_children();

	TST_EXP_FAIL(getresgid(bad, &e, &s), EFAULT, "getresgid(bad, ...)");
	TST_EXP_FAIL(getresgid(&r, bad, &s), EFAULT, "getresgid(.., bad, ..)");
	TST_EXP_FAIL(getresgid(&r, &e, bad), EFAULT, "getresgid(..., bad)");
}

static struct tst_test test = {
	.test_all = run,
	.needs_root = 1,
	.forks_child = 1,
};
