// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * setgid(2) has two behaviours, chosen by CAP_SETGID, not by the gid:
 * - with it, setgid() sets the real, effective, saved and filesystem gid;
 * - without it (a task whose uids are all non-zero), setgid() may only
 *   set the effective (and filesystem) gid, and only to the real or the
 *   saved gid; any other gid is EPERM and leaves the ids alone;
 * - nobody cannot become group root: EPERM;
 * - setgid(-1) is EINVAL: -1 is not a valid gid.
 * Every step is checked through getresgid() and /proc/self/status.
 */
#include "proc_ids.h"

static void drop_capabilities(void)
{
	/* with no uid 0 left, the permitted capabilities are cleared */
	if (setresuid(ID_D, ID_D, ID_D))
		tst_brk(TBROK | TERRNO, "setresuid(%d, %d, %d)", ID_D, ID_D,
			ID_D);
}

static void root_sets_all(void)
{
	TST_EXP_PASS(setgid(ID_A), "root: setgid(%d)", ID_A);
	check_gids(ID_A, ID_A, ID_A);
}

static void unprivileged(void)
{
	if (setresgid(ID_A, ID_B, ID_C))
		tst_brk(TBROK | TERRNO, "setresgid(%d, %d, %d)", ID_A, ID_B,
			ID_C);
	drop_capabilities();

	TST_EXP_FAIL(setgid(ID_D), EPERM, "no CAP_SETGID: setgid(%d)", ID_D);
	TST_EXP_FAIL(setgid(0), EPERM, "no CAP_SETGID: setgid(0)");
	check_gids(ID_A, ID_B, ID_C);

	TST_EXP_PASS(setgid(ID_C), "no CAP_SETGID: setgid(saved %d)", ID_C);
	check_gids(ID_A, ID_C, ID_C);
	TST_EXP_PASS(setgid(ID_A), "no CAP_SETGID: setgid(real %d)", ID_A);
	check_gids(ID_A, ID_A, ID_C);
}

static void nobody_stays_nobody(void)
{
	gid_t nobody = nobody_gid();

	tst_drop_privs();
	TST_EXP_PASS(setgid(nobody), "nobody: setgid(%d)", (int)nobody);
	TST_EXP_FAIL(setgid(0), EPERM, "nobody: setgid(0)");
	check_gids(nobody, nobody, nobody);
}

static void invalid_gid(void)
{
	TST_EXP_FAIL(setgid((gid_t)-1), EINVAL, "root: setgid(-1)");
	check_gids(0, 0, 0);
}

static void (*const cases[])(void) = {
	root_sets_all,
	unprivileged,
	nobody_stays_nobody,
	invalid_gid,
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
