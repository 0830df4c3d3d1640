// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * setuid(2) has two behaviours, chosen by CAP_SETUID in the effective set,
 * not by the uid:
 * - with it, setuid() sets the real, effective, saved and filesystem uid,
 *   so root that called setuid(nobody) can never get back (EPERM);
 * - without it, setuid() may only set the effective (and filesystem) uid,
 *   and only to the real or the saved uid: a task with saved uid 0 and
 *   effective uid nobody gets euid 0 back, and with it CAP_SETUID, so a
 *   second setuid() then sets all of them;
 * - any other uid is EPERM without CAP_SETUID, and leaves the ids alone;
 * - setuid(-1) is EINVAL: -1 is not a valid uid.
 * Every step is checked through getresuid() and /proc/self/status.
 */
#include "proc_ids.h"

static void root_drops_for_good(void)
{
	uid_t nobody = nobody_uid();

	TST_EXP_PASS(setuid(nobody), "root: setuid(nobody %d)", (int)nobody);
	check_uids(nobody, nobody, nobody);
	TST_EXP_FAIL(setuid(0), EPERM, "setuid(0) after setuid(nobody)");
	check_uids(nobody, nobody, nobody);
}

static void saved_uid_gives_root_back(void)
{
	uid_t nobody = nobody_uid();

	if (setresuid(nobody, nobody, 0))
		tst_brk(TBROK | TERRNO, "setresuid(nobody, nobody, 0)");

	TST_EXP_FAIL(setuid(ID_A), EPERM, "euid nobody: setuid(%d)", ID_A);
	check_uids(nobody, nobody, 0);

	TST_EXP_PASS(setuid(0), "euid nobody, saved 0: setuid(0)");
	/* without CAP_SETUID only the effective uid moved */
	check_uids(nobody, 0, 0);

	TST_EXP_PASS(setuid(ID_A), "euid 0 again: setuid(%d)", ID_A);
	check_uids(ID_A, ID_A, ID_A);
}

static void nobody_stays_nobody(void)
{
	uid_t nobody = nobody_uid();

	tst_drop_privs();
	TST_EXP_PASS(setuid(nobody), "nobody: setuid(nobody)");
	TST_EXP_FAIL(setuid(0), EPERM, "nobody: setuid(0)");
	TST_EXP_FAIL(setuid(ID_A), EPERM, "nobody: setuid(%d)", ID_A);
	check_uids(nobody, nobody, nobody);
}

static void invalid_uid(void)
{
	TST_EXP_FAIL(setuid((uid_t)-1), EINVAL, "root: setuid(-1)");
	check_uids(0, 0, 0);
}

static void (*const cases[])(void) = {
	root_drops_for_good,
	saved_uid_gives_root_back,
	nobody_stays_nobody,
	invalid_uid,
};

static void run(unsigned int n)
{
	if (!SAFE_FORK()) {
		cases[n]();
		exit(0);
	}
	tst_reap_children();
}

static struct tst_test test = {
	.tcnt = sizeof(cases) / sizeof(cases[0]),
	.test = run,
	.needs_root = 1,
	.forks_child = 1,
};
