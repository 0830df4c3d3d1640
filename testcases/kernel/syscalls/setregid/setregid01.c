// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * setregid(2) sets the real and the effective gid, -1 keeping one, and
 * moves the saved gid to the new effective gid when the real gid is set
 * or the effective gid becomes something other than the old real gid:
 * - with CAP_SETGID: setregid(A, B) gives real A, effective B, saved B;
 *   setregid(-1, B) gives real 0, effective B, saved B;
 * - then, without CAP_SETGID, setregid(-1, 0) gives effective 0 back (0
 *   is the real gid) while the saved gid stays B;
 * - without CAP_SETGID (real A, effective B, saved C): the real gid may
 *   become the real or effective one, the effective gid the real,
 *   effective or saved one; swapping works, every other value is EPERM
 *   and changes nothing.
 * Each state is read back by getresgid() and /proc/self/status.
 */
#include "proc_ids.h"

static void drop_capabilities(void)
{
	if (setresuid(ID_D, ID_D, ID_D))
		tst_brk(TBROK | TERRNO, "setresuid(%d, %d, %d)", ID_D, ID_D,
			ID_D);
}

static void root_sets_both(void)
{
	TST_EXP_PASS(setregid(ID_A, ID_B), "root: setregid(%d, %d)", ID_A,
		     ID_B);
	check_gids(ID_A, ID_B, ID_B);
}

static void saved_follows_effective(void)
{
	TST_EXP_PASS(setregid(-1, ID_B), "root: setregid(-1, %d)", ID_B);
	check_gids(0, ID_B, ID_B);

	drop_capabilities();
	TST_EXP_PASS(setregid(-1, 0), "no CAP_SETGID: setregid(-1, real 0)");
	check_gids(0, 0, ID_B);
}

static void unprivileged(void)
{
	if (setresgid(ID_A, ID_B, ID_C))
		tst_brk(TBROK | TERRNO, "setresgid(%d, %d, %d)", ID_A, ID_B,
			ID_C);
	drop_capabilities();

	TST_EXP_FAIL(setregid(ID_C, -1), EPERM,
		     "setregid(saved %d, -1)", ID_C);
	TST_EXP_FAIL(setregid(ID_D, -1), EPERM, "setregid(%d, -1)", ID_D);
	TST_EXP_FAIL(setregid(-1, ID_D), EPERM, "setregid(-1, %d)", ID_D);
	TST_EXP_FAIL(setregid(0, 0), EPERM, "setregid(0, 0)");
	check_gids(ID_A, ID_B, ID_C);

	TST_EXP_PASS(setregid(-1, ID_C), "setregid(-1, saved %d)", ID_C);
	check_gids(ID_A, ID_C, ID_C);

	TST_EXP_PASS(setregid(ID_C, ID_A), "setregid(%d, %d): swap", ID_C,
		     ID_A);
	check_gids(ID_C, ID_A, ID_A);
}

static void nobody_cannot_become_root(void)
{
	gid_t nobody = nobody_gid();

	tst_drop_privs();
	TST_EXP_FAIL(setregid(0, -1), EPERM, "nobody: setregid(0, -1)");
	TST_EXP_FAIL(setregid(-1, 0), EPERM, "nobody: setregid(-1, 0)");
	check_gids(nobody, nobody, nobody);
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
