// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * getresuid(2) stores the real, effective and saved uid, each in its own
 * place: for root (0 0 0) and, in a child, after setresuid() made them
 * all different, matching /proc/self/status. Each of the three pointers
 * pointing at unmapped memory is EFAULT.
 */
#include "proc_ids.h"

static void run(void)
{
	uid_t r, e, s;
	void *bad = unmapped_addr();

	TST_EXP_PASS(getresuid(&r, &e, &s));
	TST_EXP_EXPR(r == 0 && e == 0 && s == 0, "root: getresuid() = %u %u "
		     "%u", r, e, s);

	if (!SAFE_FORK()) {
		if (setresuid(ID_A, ID_B, ID_C))
			tst_brk(TBROK | TERRNO, "setresuid(%d, %d, %d)", ID_A,
				ID_B, ID_C);
		check_uids(ID_A, ID_B, ID_C);
		exit(0);
	}
	tst_reap_children();

	TST_EXP_FAIL(getresuid(bad, &e, &s), EFAULT, "getresuid(bad, ...)");
	TST_EXP_FAIL(getresuid(&r, bad, &s), EFAULT, "getresuid(.., bad, ..)");
	TST_EXP_FAIL(getresuid(&r, &e, bad), EFAULT, "getresuid(..., bad)");
}

static struct tst_test test = {
	.test_all = run,
	.needs_root = 1,
	.forks_child = 1,
};
