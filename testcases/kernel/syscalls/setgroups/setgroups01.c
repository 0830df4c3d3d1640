// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * setgroups(2) replaces the supplementary groups, and the kernel uses them
 * for permission checks:
 * - root sets three groups in any order: getgroups() and the Groups: line
 *   of /proc/self/status report exactly that set;
 * - after dropping to uid nobody, a file of another owner with mode 0060
 *   and group G is readable when G is a supplementary group and EACCES
 *   when it is not;
 * - setgroups(0, NULL) empties the list;
 * - nobody (no CAP_SETGID) gets EPERM, also for its own current list;
 * - a size above NGROUPS_MAX (65536) or negative is EINVAL, so is a gid
 *   of -1 in the list; a list in unmapped memory is EFAULT.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <grp.h>
#include "proc_ids.h"

#define FNAME "setgroups01_file"
#define NGROUPS_LIMIT 65536

static int has_gid(const gid_t *list, int n, gid_t g)
{
	int i;

	for (i = 0; i < n; i++)
		if (list[i] == g)
			return 1;
	return 0;
}

/* The Groups: line as a count and a membership test of want[] */
static int proc_groups_match(const gid_t *want, int nwant)
{
	char line[1024], *p, *end;
	int count = 0;
	FILE *f = fopen("/proc/self/status", "r");

	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(/proc/self/status)");
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, "Groups:", 7))
			break;
	fclose(f);
	if (strncmp(line, "Groups:", 7))
		tst_brk(TBROK, "no Groups: line in /proc/self/status");

	for (p = line + 7;; p = end) {
		unsigned long g = strtoul(p, &end, 10);

		if (end == p)
			break;
		if (!has_gid(want, nwant, g)) {
			tst_res(TINFO, "Groups: holds %lu", g);
			return 0;
		}
		count++;
	}
	return count == nwant;
}

static void check_groups(const gid_t *want, int nwant)
{
	gid_t got[16];
	int n, i;

	TEST(getgroups(16, got));
	n = TST_RET;
	if (n != nwant) {
		tst_res(TFAIL | TTERRNO, "getgroups() = %d, expected %d", n,
			nwant);
		return;
	}
	for (i = 0; i < n; i++)
		if (!has_gid(want, nwant, got[i]))
			break;
	TST_EXP_EXPR(i == n, "getgroups() reports the %d groups set", nwant);
	TST_EXP_EXPR(proc_groups_match(want, nwant), "/proc/self/status "
		     "Groups: lists the %d groups set", nwant);
}

static void groups_take_effect(void)
{
	static const gid_t three[] = { ID_C, ID_A, ID_B };

	TST_EXP_PASS(setgroups(3, three), "root: setgroups(3, {%d, %d, %d})",
		     ID_C, ID_A, ID_B);
	check_groups(three, 3);

	/* drop the uid only: the groups set above stay */
	if (setresuid(nobody_uid(), nobody_uid(), nobody_uid()))
		tst_brk(TBROK | TERRNO, "setresuid(nobody)");
	TEST(open(FNAME, O_RDONLY));
	if (TST_RET >= 0) {
		tst_res(TPASS, "open() of a group %d 0060 file as a member", ID_B);
		SAFE_CLOSE(TST_RET);
	} else {
		tst_res(TFAIL | TTERRNO, "open() of a group %d 0060 file as a "
			"member", ID_B);
	}
}

static void empty_list_denies(void)
{
	TST_EXP_PASS(setgroups(0, NULL), "root: setgroups(0, NULL)");
	check_groups(NULL, 0);
	if (setresuid(nobody_uid(), nobody_uid(), nobody_uid()))
		tst_brk(TBROK | TERRNO, "setresuid(nobody)");
	TST_EXP_FAIL(open(FNAME, O_RDONLY), EACCES, "open() of a group %d "
		     "0060 file without the group", ID_B);
}

static void nobody_cannot(void)
{
	gid_t mine = nobody_gid();

	tst_drop_privs();
	TST_EXP_FAIL(setgroups(1, &mine), EPERM, "nobody: setgroups(1, {%d})",
		     (int)mine);
	TST_EXP_FAIL(setgroups(0, NULL), EPERM, "nobody: setgroups(0, NULL)");
}

static void bad_arguments(void)
{
	static const gid_t bad_gid[] = { ID_A, (gid_t)-1 };
	gid_t *big = SAFE_MALLOC((NGROUPS_LIMIT + 1) * sizeof(gid_t));
	int i;

	for (i = 0; i <= NGROUPS_LIMIT; i++)
		big[i] = ID_A;
	TST_EXP_FAIL(setgroups(NGROUPS_LIMIT + 1, big), EINVAL,
		     "setgroups(NGROUPS_MAX + 1, ...)");
	TST_EXP_FAIL(setgroups((size_t)-1, big), EINVAL,
		     "setgroups(-1, ...)");
	free(big);
	TST_EXP_FAIL(setgroups(2, bad_gid), EINVAL,
		     "setgroups(2, {%d, -1})", ID_A);
	TST_EXP_FAIL(setgroups(1, unmapped_addr()), EFAULT,
		     "setgroups(1, unmapped)");
	/* none of the failures changed the root's (empty) list */
	check_groups(NULL, 0);
}

static void (*const cases[])(void) = {
	groups_take_effect,
	empty_list_denies,
	nobody_cannot,
	bad_arguments,
};

static void setup(void)
{
	int fd = SAFE_OPEN(FNAME, O_CREAT | O_WRONLY, 0060);

	SAFE_CLOSE(fd);
	/* neither the owner nor "other" bits can let nobody in */
	SAFE_CHOWN(FNAME, ID_D, ID_B);
	SAFE_CHMOD(FNAME, 0060);
}

static void run(unsigned int n)
{
	if (!SAFE_FORK()) {
		if (n != 0 && setgroups(0, NULL))
			tst_brk(TBROK | TERRNO, "setgroups(0, NULL)");
		cases[n]();
		exit(0);
	}
	tst_reap_children();
}

static struct tst_test test = {
	.tcnt = sizeof(cases) / sizeof(cases[0]),
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
};
