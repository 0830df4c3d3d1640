// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * geteuid(2), called raw, returns the effective uid the task holds, the
 * second number of the "Uid:" line of /proc/self/status: for root, in a
 * child whose real, effective and saved uids were made all different with
 * setresuid() (a kernel that mixed them up returns the wrong one), after
 * that child switched its effective uid to the saved one, and after a
 * setfsuid() that changes the filesystem uid only.
 */
#include <sys/fsuid.h>
#include "proc_ids.h"

static long sys_geteuid(void)
{
	return syscall(__NR_geteuid);
}

static void check(unsigned long want, const char *what)
{
	unsigned long ids[4];

	proc_status_ids("Uid:", ids);
	TST_EXP_EXPR(sys_geteuid() == (long)want && ids[1] == want,
		     "%s: geteuid() = %ld, /proc/self/status %lu (%lu)", what,
		     sys_geteuid(), ids[1], want);
}

static void run(void)
{
	check(0, "root");

	if (!SAFE_FORK()) {
		if (setresuid(ID_A, ID_B, ID_C))
			tst_brk(TBROK | TERRNO, "setresuid(%d, %d, %d)", ID_A,
				ID_B, ID_C);
		check(ID_B, "after setresuid(A, B, C)");
		if (setresuid(-1, ID_C, -1))
			tst_brk(TBROK | TERRNO, "setresuid(-1, %d, -1)", ID_C);
		check(ID_C, "after setresuid(-1, C, -1)");
		setfsuid(ID_A);
		check(ID_C, "after setfsuid(A)");
		exit(0);
	}
	tst_reap_children();
	check(0, "root, after the child's changes");
}

static struct tst_test test = {
	.test_all = run,
	.needs_root = 1,
	.forks_child = 1,
};
