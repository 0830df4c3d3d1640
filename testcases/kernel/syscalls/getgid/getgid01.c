// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * getgid(2) and getegid(2) return the real and the effective gid the task
 * holds, as /proc/self/status shows them: for root, and in a child whose
 * real, effective and saved gids were made all different with setresgid()
 * (a kernel that mixed them up returns the wrong one of the three).
 */
#include "proc_ids.h"

static void check_getgid(void)
{
	unsigned long ids[4];

	proc_status_ids("Gid:", ids);
	TST_EXP_EQ_LU(getgid(), ids[0]);
	TST_EXP_EQ_LU(getegid(), ids[1]);
}

static void run(void)
{
	check_getgid();

	if (!SAFE_FORK()) {
		if (setresgid(ID_A, ID_B, ID_C))
			tst_brk(TBROK | TERRNO, "setresgid(%d, %d, %d)", ID_A,
				ID_B, ID_C);
		check_getgid();
		TST_EXP_EQ_LU(getgid(), ID_A);
		TST_EXP_EQ_LU(getegid(), ID_B);
		exit(0);
	}
	tst_reap_children();
}

static struct tst_test test = {
	.test_all = run,
	.needs_root = 1,
	.forks_child = 1,
};
