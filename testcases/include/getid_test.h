/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The body of getuid01 and getgid01, which assert the same of the user and
 * the group ids. The including test defines the calls of its kind:
 * ID_GET and ID_GETE (getuid, geteuid), ID_SETRES (setresuid), the
 * /proc/self/status line ID_STATUS ("Uid:"), and ID_ROOT_IS_0 when root
 * has that id 0 by definition (the uid; a gid is only 0 by convention).
 * It documents what it checks and runs getid_run() as root.
 */
#ifndef GETID_TEST_H
#define GETID_TEST_H

#include "proc_ids.h"

#define ID_STR_(x) #x
#define ID_STR(x) ID_STR_(x)

/* TST_EXP_EQ_LU() would print the macro's name, not the call's */
#define EXPECT_ID(call, want) \
	expect_id(ID_STR(call) "()", call(), #want, (want))

static void expect_id(const char *call, unsigned long got, const char *what,
		      unsigned long want)
{
	if (got == want)
		tst_res(TPASS, "%s (%lu) == %s (%lu)", call, got, what, want);
	else
		tst_res(TFAIL, "%s (%lu) != %s (%lu)", call, got, what, want);
}

static void check_ids(void)
{
	unsigned long ids[4];

	proc_status_ids(ID_STATUS, ids);
	EXPECT_ID(ID_GET, ids[0]);
	EXPECT_ID(ID_GETE, ids[1]);
}

static void getid_run(void)
{
	check_ids();
#ifdef ID_ROOT_IS_0
	EXPECT_ID(ID_GET, 0);
#endif

	if (!SAFE_FORK()) {
		if (ID_SETRES(ID_A, ID_B, ID_C))
			tst_brk(TBROK | TERRNO, ID_STR(ID_SETRES) "(%d, %d, %d)",
				ID_A, ID_B, ID_C);
		check_ids();
		EXPECT_ID(ID_GET, ID_A);
		EXPECT_ID(ID_GETE, ID_B);
		exit(0);
	}
	tst_reap_children();
}

#endif /* GETID_TEST_H */
