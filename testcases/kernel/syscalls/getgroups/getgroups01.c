// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * getgroups(2) reports the supplementary groups:
 * - getgroups(0, ...) returns the count and writes nothing;
 * - with room for all, it returns the count and fills exactly that many
 *   entries (the one after is untouched), the groups that setgroups()
 *   set;
 * - a size smaller than the count is EINVAL, a negative size is EINVAL;
 * - with an empty list it returns 0;
 * - a buffer in unmapped memory is EFAULT.
 */
#include <stdlib.h>
#include <grp.h>
#include "proc_ids.h"

#define POISON 0xdeadbeef

static void run(void)
{
	static const gid_t set[] = { ID_A, ID_B, ID_C };
	gid_t got[5] = { POISON, POISON, POISON, POISON, POISON };
	/* volatile: the compiler warns about a literal negative size */
	volatile int negative = -1;
	int i, found = 0;

	if (setgroups(3, set))
		tst_brk(TBROK | TERRNO, "setgroups(3, ...)");

	TST_EXP_VAL(getgroups(0, got), 3, "getgroups(0, buf)");
	TST_EXP_EXPR(got[0] == POISON, "getgroups(0, buf) wrote nothing");

	TST_EXP_VAL(getgroups(4, got), 3, "getgroups(4, buf)");
	for (i = 0; i < 3; i++)
		found += got[i] == ID_A || got[i] == ID_B || got[i] == ID_C;
	TST_EXP_EXPR(found == 3 && got[0] != got[1] && got[1] != got[2] &&
		     got[0] != got[2], "the three groups set were reported");
	TST_EXP_EXPR(got[3] == POISON, "entry 3 was left alone");

	TST_EXP_FAIL(getgroups(2, got), EINVAL, "getgroups(2) with 3 groups");
	TST_EXP_FAIL(getgroups(negative, got), EINVAL, "getgroups(-1)");
	TST_EXP_FAIL(getgroups(3, unmapped_addr()), EFAULT,
		     "getgroups(3, unmapped)");

	if (setgroups(0, NULL))
		tst_brk(TBROK | TERRNO, "setgroups(0, NULL)");
	TST_EXP_VAL(getgroups(0, NULL), 0, "getgroups(0, NULL), no groups");
	TST_EXP_VAL(getgroups(5, got), 0, "getgroups(5, buf), no groups");
}

static void run_in_child(void)
{
	/* the test process keeps its groups */
	if (!SAFE_FORK()) {
		run();
		exit(0);
	}
	tst_reap_children();
}

static struct tst_test test = {
	.test_all = run_in_child,
	.needs_root = 1,
	.forks_child = 1,
};
