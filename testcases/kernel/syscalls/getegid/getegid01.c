// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * getegid(2), called raw, returns the effective gid the task holds, the
 * second number of the "Gid:" line of /proc/self/status: for root, in a
 * child whose real, effective and saved gids were made all different with
 * setresgid() (a kernel that mixed them up returns the wrong one), after
 * that child switched its effective gid to the saved one, and after a
 * setfsgid() that changes the filesystem gid only.
 */
#include <sys/fsuid.h>
#include "proc_ids.h"

static long sys_getegid(void)
{
	return syscall(__NR_getegid);
}

static void check(unsigned long want, const char *what)
{
	unsigned long ids[4];

	proc_status_ids("Gid:", ids);
	TST_EXP_EXPR(sys_getegid() == (long)want && ids[1] == want,
		     "%s: getegid() = %ld, /proc/self/status %lu (%lu)", what,
		     sys_getegid(), ids[1], want);
}

static void run(void)
{
	check(0, "root");

	if (!SAFE_FORK()) {
		if (setresgid(ID_A, ID_B, ID_C))
			tst_brk(TBROK | TERRNO, "setresgid(%d, %d, %d)", ID_A,
				ID_B, ID_C);
		check(ID_B, "after setresgid(A, B, C)");
		if (setresgid(-1, ID_C, -1))
			tst_brk(TBROK | TERRNO, "setresgid(-1, %d, -1)", ID_C);
		check(ID_C, "after setresgid(-1, C, -1)");
		setfsgid(ID_A);
		check(ID_C, "after setfsgid(A)");
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
