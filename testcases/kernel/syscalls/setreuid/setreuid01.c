// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * setreuid(2) sets the real and the effective uid, -1 keeping one, and
 * moves the saved uid to the new effective uid when the real uid is set
 * or the effective uid becomes something other than the old real uid:
 * - root: setreuid(A, B) gives real A, effective B, saved B;
 * - root: setreuid(-1, B) gives real 0, effective B, saved B, and then,
 *   without CAP_SETUID, setreuid(-1, 0) gives effective 0 back (0 is the
 *   real uid) while the saved uid stays B;
 * - without CAP_SETUID (real A, effective B, saved C): the real uid may
 *   become the real or effective one, the effective uid the real,
 *   effective or saved one; swapping real and effective works, and every
 *   other value is EPERM and changes nothing.
 * Each state is read back by getresuid() and /proc/self/status.
 */
#include "proc_ids.h"

static void root_sets_both(void)
{
	TST_EXP_PASS(setreuid(ID_A, ID_B), "root: setreuid(%d, %d)", ID_A,
		     ID_B);
	check_uids(ID_A, ID_B, ID_B);
}

static void saved_follows_effective(void)
{
	TST_EXP_PASS(setreuid(-1, ID_B), "root: setreuid(-1, %d)", ID_B);
	check_uids(0, ID_B, ID_B);

	/* no capabilities now: back to the real uid is allowed */
	TST_EXP_PASS(setreuid(-1, 0), "euid %d: setreuid(-1, 0)", ID_B);
	check_uids(0, 0, ID_B);
}

static void unprivileged(void)
{
	if (setresuid(ID_A, ID_B, ID_C))
		tst_brk(TBROK | TERRNO, "setresuid(%d, %d, %d)", ID_A, ID_B,
			ID_C);

	TST_EXP_FAIL(setreuid(ID_C, -1), EPERM,
		     "setreuid(saved %d, -1)", ID_C);
	TST_EXP_FAIL(setreuid(ID_D, -1), EPERM, "setreuid(%d, -1)", ID_D);
	TST_EXP_FAIL(setreuid(-1, ID_D), EPERM, "setreuid(-1, %d)", ID_D);
	TST_EXP_FAIL(setreuid(0, 0), EPERM, "setreuid(0, 0)");
	check_uids(ID_A, ID_B, ID_C);

	TST_EXP_PASS(setreuid(-1, ID_C), "setreuid(-1, saved %d)", ID_C);
	check_uids(ID_A, ID_C, ID_C);

	TST_EXP_PASS(setreuid(ID_C, ID_A), "setreuid(%d, %d): swap", ID_C,
		     ID_A);
	check_uids(ID_C, ID_A, ID_A);
}

static void nobody_cannot_become_root(void)
{
	uid_t nobody = nobody_uid();

	tst_drop_privs();
	TST_EXP_FAIL(setreuid(0, -1), EPERM, "nobody: setreuid(0, -1)");
	TST_EXP_FAIL(setreuid(-1, 0), EPERM, "nobody: setreuid(-1, 0)");
	TST_EXP_PASS(setreuid(-1, -1), "nobody: setreuid(-1, -1)");
	check_uids(nobody, nobody, nobody);
}

static void (*const cases[])(void) = {
	root_sets_both,
	saved_follows_effective,
	unprivileged,
	nobody_cannot_become_root,
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
