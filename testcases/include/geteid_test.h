/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The body of geteuid01 and getegid01, which assert the same of the
 * effective user and group id. The including test defines the calls of
 * its kind: ID_CALL (geteuid, called raw here), ID_SETRES (setresuid),
 * ID_SETFS (setfsuid) and the /proc/self/status line ID_STATUS ("Uid:").
 * It documents what it checks and runs geteid_run() as root.
 */
#ifndef GETEID_TEST_H
#define GETEID_TEST_H

#include <sys/fsuid.h>
#include "proc_ids.h"

#define ID_STR_(x) #x
#define ID_STR(x) ID_STR_(x)
#define ID_CAT_(a, b) a##b
#define ID_CAT(a, b) ID_CAT_(a, b)

static long sys_geteid(void)
{
	return syscall(ID_CAT(__NR_, ID_CALL));
}

static void check(unsigned long want, const char *what)
{
	unsigned long ids[4];

	proc_status_ids(ID_STATUS, ids);
	TST_EXP_EXPR(sys_geteid() == (long)want && ids[1] == want,
		     "%s: %s() = %ld, /proc/self/status %lu (%lu)", what,
		     ID_STR(ID_CALL), sys_geteid(), ids[1], want);
}

static void geteid_run(void)
{
	check(0, "root");

	if (!SAFE_FORK()) {
		if (ID_SETRES(ID_A, ID_B, ID_C))
			tst_brk(TBROK | TERRNO, ID_STR(ID_SETRES) "(%d, %d, %d)",
				ID_A, ID_B, ID_C);
		check(ID_B, "after " ID_STR(ID_SETRES) "(A, B, C)");
		if (ID_SETRES(-1, ID_C, -1))
			tst_brk(TBROK | TERRNO, ID_STR(ID_SETRES) "(-1, %d, -1)",
				ID_C);
		check(ID_C, "after " ID_STR(ID_SETRES) "(-1, C, -1)");
		ID_SETFS(ID_A);
		check(ID_C, "after " ID_STR(ID_SETFS) "(A)");
		exit(0);
	}
	tst_reap_children();
	check(0, "root, after the child's changes");
}

#endif /* GETEID_TEST_H */
