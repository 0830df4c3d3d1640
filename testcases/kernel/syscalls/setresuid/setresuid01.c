// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * setresuid(2) sets the real, effective and saved uid, -1 keeping each:
 * - root sets any three values, one field at a time with -1 elsewhere;
 * - without CAP_SETUID each new value must be one of the current real,
 *   effective or saved uids: a permutation works, any other value is
 *   EPERM and changes none of the three;
 * - a task whose saved uid is 0 keeps its permitted capabilities while
 *   its effective uid is not 0 (CapEff empty), and setresuid(-1, 0, -1)
 *   gives them back (CapEff non-empty): the saved-uid protocol of setuid
 *   programs;
 * - nobody cannot become root: EPERM.
 * Each state is read back by getresuid() and /proc/self/status, where the
 * filesystem uid must follow the effective one.
 */
#include <stdio.h>
#include "proc_ids.h"

static unsigned long long cap_eff(void)
{
	unsigned long long eff;
	char line[128];
	FILE *f = fopen("/proc/self/status", "r");

	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(/proc/self/status)");
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "CapEff: %llx", &eff) == 1) {
			fclose(f);
			return eff;
		}
	}
	fclose(f);
	tst_brk(TBROK, "no CapEff in /proc/self/status");
}

static void root_field_by_field(void)
{
	TST_EXP_PASS(setresuid(-1, -1, ID_C), "root: setresuid(-1, -1, %d)",
		     ID_C);
	check_uids(0, 0, ID_C);
	TST_EXP_PASS(setresuid(ID_A, -1, -1), "root: setresuid(%d, -1, -1)",
		     ID_A);
	check_uids(ID_A, 0, ID_C);
	TST_EXP_PASS(setresuid(-1, ID_B, -1), "root: setresuid(-1, %d, -1)",
		     ID_B);
	check_uids(ID_A, ID_B, ID_C);
}

static void unprivileged(void)
{
	if (setresuid(ID_A, ID_B, ID_C))
		tst_brk(TBROK | TERRNO, "setresuid(%d, %d, %d)", ID_A, ID_B,
			ID_C);

	TST_EXP_FAIL(setresuid(ID_D, -1, -1), EPERM, "setresuid(%d, -1, -1)",
		     ID_D);
	TST_EXP_FAIL(setresuid(-1, ID_D, -1), EPERM, "setresuid(-1, %d, -1)",
		     ID_D);
	TST_EXP_FAIL(setresuid(-1, -1, ID_D), EPERM, "setresuid(-1, -1, %d)",
		     ID_D);
	TST_EXP_FAIL(setresuid(ID_B, ID_C, 0), EPERM,
		     "setresuid(%d, %d, 0): one value not held", ID_B, ID_C);
	check_uids(ID_A, ID_B, ID_C);

	TST_EXP_PASS(setresuid(ID_C, ID_A, ID_B), "setresuid(%d, %d, %d): "
		     "a permutation", ID_C, ID_A, ID_B);
	check_uids(ID_C, ID_A, ID_B);
}

static void saved_root_keeps_capabilities(void)
{
	if (setresuid(ID_A, ID_B, 0))
		tst_brk(TBROK | TERRNO, "setresuid(%d, %d, 0)", ID_A, ID_B);
	check_uids(ID_A, ID_B, 0);
	TST_EXP_EXPR(cap_eff() == 0, "effective capabilities cleared with "
		     "euid %d", ID_B);

	TST_EXP_PASS(setresuid(-1, 0, -1), "saved 0: setresuid(-1, 0, -1)");
	check_uids(ID_A, 0, 0);
	TST_EXP_EXPR(cap_eff() != 0, "effective capabilities back with "
		     "euid 0 (CapEff %llx)", cap_eff());

	TST_EXP_PASS(setresuid(ID_D, ID_D, ID_D), "root again: setresuid(%d, "
		     "%d, %d)", ID_D, ID_D, ID_D);
	check_uids(ID_D, ID_D, ID_D);
}

static void nobody_cannot_become_root(void)
{
	uid_t nobody = nobody_uid();

	tst_drop_privs();
	TST_EXP_FAIL(setresuid(0, 0, 0), EPERM, "nobody: setresuid(0, 0, 0)");
	TST_EXP_FAIL(setresuid(-1, -1, 0), EPERM,
		     "nobody: setresuid(-1, -1, 0)");
	TST_EXP_PASS(setresuid(-1, -1, -1), "nobody: setresuid(-1, -1, -1)");
	check_uids(nobody, nobody, nobody);
}

static void (*const cases[])(void) = {
	root_field_by_field,
	unprivileged,
	saved_root_keeps_capabilities,
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
