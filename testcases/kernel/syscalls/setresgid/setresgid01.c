// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * setresgid(2) sets the real, effective and saved gid, -1 keeping each:
 * - with CAP_SETGID any three values, one field at a time;
 * - without CAP_SETGID (all uids non-zero) each new value must be one of
 *   the current real, effective or saved gids: a permutation works, any
 *   other value is EPERM and changes none of the three;
 * - the filesystem gid follows the effective gid, so file creation uses
 *   it: a file created after setresgid(-1, B, -1) belongs to group B;
 * - nobody cannot become group root: EPERM.
 * Each state is read back by getresgid() and /proc/self/status.
 */
#include "proc_ids.h"

#define FNAME "setresgid01_file"

static void drop_capabilities(void)
{
	if (setresuid(ID_D, ID_D, ID_D))
		tst_brk(TBROK | TERRNO, "setresuid(%d, %d, %d)", ID_D, ID_D,
			ID_D);
}

static void root_field_by_field(void)
{
	struct stat st;
	int fd;

	TST_EXP_PASS(setresgid(-1, -1, ID_C), "root: setresgid(-1, -1, %d)",
		     ID_C);
	check_gids(0, 0, ID_C);
	TST_EXP_PASS(setresgid(ID_A, -1, -1), "root: setresgid(%d, -1, -1)",
		     ID_A);
	check_gids(ID_A, 0, ID_C);
	TST_EXP_PASS(setresgid(-1, ID_B, -1), "root: setresgid(-1, %d, -1)",
		     ID_B);
	check_gids(ID_A, ID_B, ID_C);

	fd = SAFE_OPEN(FNAME, O_CREAT | O_WRONLY | O_EXCL, 0600);
	SAFE_FSTAT(fd, &st);
	SAFE_CLOSE(fd);
	SAFE_UNLINK(FNAME);
	TST_EXP_EQ_LU(st.st_gid, ID_B);
}

static void unprivileged(void)
{
	if (setresgid(ID_A, ID_B, ID_C))
		tst_brk(TBROK | TERRNO, "setresgid(%d, %d, %d)", ID_A, ID_B,
			ID_C);
	drop_capabilities();

	TST_EXP_FAIL(setresgid(ID_D, -1, -1), EPERM, "setresgid(%d, -1, -1)",
		     ID_D);
	TST_EXP_FAIL(setresgid(-1, ID_D, -1), EPERM, "setresgid(-1, %d, -1)",
		     ID_D);
	TST_EXP_FAIL(setresgid(-1, -1, ID_D), EPERM, "setresgid(-1, -1, %d)",
		     ID_D);
	TST_EXP_FAIL(setresgid(ID_B, ID_C, 0), EPERM,
		     "setresgid(%d, %d, 0): one value not held", ID_B, ID_C);
	check_gids(ID_A, ID_B, ID_C);

	TST_EXP_PASS(setresgid(ID_C, ID_A, ID_B), "setresgid(%d, %d, %d): "
		     "a permutation", ID_C, ID_A, ID_B);
	check_gids(ID_C, ID_A, ID_B);
}

static void nobody_cannot_become_root(void)
{
	gid_t nobody = nobody_gid();

	tst_drop_privs();
	TST_EXP_FAIL(setresgid(0, 0, 0), EPERM, "nobody: setresgid(0, 0, 0)");
	TST_EXP_FAIL(setresgid(-1, -1, 0), EPERM,
		     "nobody: setresgid(-1, -1, 0)");
	TST_EXP_PASS(setresgid(-1, -1, -1), "nobody: setresgid(-1, -1, -1)");
	check_gids(nobody, nobody, nobody);
}

static void (*const cases[])(void) = {
	root_field_by_field,
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
	.needs_tmpdir = 1,
	.forks_child = 1,
};
