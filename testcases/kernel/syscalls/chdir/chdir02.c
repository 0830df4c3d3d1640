// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * chdir() and the length limits of a path:
 * - every path length from 1 to PATH_MAX - 1 bytes is accepted (a "d"
 *   component padded with slashes), and the working directory is then
 *   that directory (st_ino of "." matches); PATH_MAX bytes without the
 *   NUL is ENAMETOOLONG and the working directory does not move;
 * - a component of NAME_MAX bytes works (through a directory of that
 *   name), one of NAME_MAX + 1 is ENAMETOOLONG;
 * - a chain of directories whose absolute name grows past 3000 bytes is
 *   entered one by one, and getcwd() gives each name exactly.
 * Syscalls: chdir
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "tst_test.h"

static char top[PATH_MAX];
static struct stat d_st, top_st;

static void back_to_top(void)
{
	if (chdir(top))
		tst_brk(TBROK | TERRNO, "chdir(%s)", top);
}

static int in_dir(const struct stat *want)
{
	struct stat st;

	SAFE_STAT(".", &st);
	return st.st_ino == want->st_ino && st.st_dev == want->st_dev;
}

static void test_lengths(void)
{
	static char path[PATH_MAX + 1];
	int len, bad = 0;

	for (len = 1; len < PATH_MAX; len++) {
		memset(path, '/', len);
		path[0] = 'd';
		path[len] = 0;
		if (chdir(path) || !in_dir(&d_st)) {
			if (!bad++)
				tst_res(TINFO | TERRNO, "length %d", len);
		}
		back_to_top();
	}
	TST_EXP_EXPR(!bad, "chdir() of every length from 1 to %d (%d failed)",
		     PATH_MAX - 1, bad);
	memset(path, '/', PATH_MAX);
	path[0] = 'd';
	path[PATH_MAX] = 0;
	TST_EXP_FAIL(chdir(path), ENAMETOOLONG, "a path of %d bytes",
		     PATH_MAX);
	TST_EXP_EXPR(in_dir(&top_st), "the working directory did not move");
}

static void test_names(void)
{
	char name[NAME_MAX + 2];

	memset(name, 'n', NAME_MAX);
	name[NAME_MAX] = 0;
	SAFE_MKDIR(name, 0755);
	TST_EXP_PASS(chdir(name), "a component of %d bytes", NAME_MAX);
	back_to_top();
	SAFE_RMDIR(name);
	name[NAME_MAX] = 'n';
	name[NAME_MAX + 1] = 0;
	TST_EXP_FAIL(chdir(name), ENAMETOOLONG, "a component of %d bytes",
		     NAME_MAX + 1);
}

static void test_chain(void)
{
	char want[PATH_MAX], cwd[PATH_MAX], comp[201];
	int depth = 0, bad = 0;

	memset(comp, 'c', 200);
	comp[200] = 0;
	strcpy(want, top);
	while (strlen(want) + 201 < 3300) {
		SAFE_MKDIR(comp, 0755);
		if (chdir(comp)) {
			tst_res(TFAIL | TERRNO, "chdir() at depth %d", depth);
			bad++;
			break;
		}
		strcat(want, "/");
		strcat(want, comp);
		depth++;
		if (!getcwd(cwd, sizeof(cwd)) || strcmp(cwd, want))
			bad++;
	}
	TST_EXP_EXPR(!bad && strlen(want) > 3000, "%d nested directories, "
		     "getcwd() right at each (name of %zu bytes)", depth,
		     strlen(want));
	back_to_top();
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		test_lengths();
		break;
	case 1:
		test_names();
		break;
	case 2:
		test_chain();
		break;
	}
}

static void setup(void)
{
	if (!getcwd(top, sizeof(top)))
		tst_brk(TBROK | TERRNO, "getcwd()");
	if (strlen(top) > 200)
		tst_brk(TCONF, "the tmpdir's name is too long for the chain");
	SAFE_MKDIR("d", 0755);
	SAFE_STAT("d", &d_st);
	SAFE_STAT(".", &top_st);
}

static struct tst_test test = {
	.tcnt = 3,
	.test = run,
	.setup = setup,
	.needs_tmpdir = 1,
};
