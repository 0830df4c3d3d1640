// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * getuid(2) and geteuid(2) return the real and the effective uid the task
 * holds, as /proc/self/status shows them: for root, and in a child whose
 * real, effective and saved uids were made all different with setresuid()
 * (a kernel that mixed them up returns the wrong one of the three).
 */
#include "proc_ids.h"

static void check_getuid(void)
{
	unsigned long ids[4];

	proc_status_ids("Uid:", ids);
	TST_EXP_EQ_LU(getuid(), ids[0]);
	TST_EXP_EQ_LU(geteuid(), ids[1]);
}

static void run(void)
{
	check_getuid();
	TST_EXP_EQ_LU(getuid(), 0);

	if (!SAFE_FORK()) {
		if (setresuid(ID_A, ID_B, ID_C))
			tst_brk(TBROK | TERRNO, "setresuid(%d, %d, %d)", ID_A,
				ID_B, ID_C);
		check_getuid();
		TST_EXP_EQ_LU(getuid(), ID_A);
		TST_EXP_EQ_LU(geteuid(), ID_B);
		exit(0);
	}
	tst_reap_children();
}

static struct tst_test test = {
	.test_all = run,
	.needs_root = 1,
	.forks_child = 1,
};
