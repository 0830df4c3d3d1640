// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * chroot(2) errors, each with its exact errno, and the root unchanged
 * after each:
 * - EPERM: nobody on a directory it may search (no CAP_SYS_CHROOT);
 * - EACCES: nobody on a directory it may not search (the search
 *   permission is checked before the capability), and on a path through
 *   such a directory;
 * - ENOENT: a missing path, an empty path; ENOTDIR: a regular file, a
 *   regular file as a path component; ENAMETOOLONG: PATH_MAX bytes, a
 *   NAME_MAX + 1 name; ELOOP: a symlink loop; EFAULT: an unmapped path.
 * The calls run in a child, so a chroot() that wrongly succeeds cannot
 * confine the test process.
 */
#include "tst_test.h"
#include "fsmeta.h"

static struct stat root_st;
static void *bad;

static void root_unchanged(void)
{
	struct stat st;

	SAFE_STAT("/", &st);
	TST_EXP_EXPR(st.st_dev == root_st.st_dev && st.st_ino == root_st.st_ino,
		     "\"/\" is still the real root");
}

static void errors_nobody(void)
{
	TST_EXP_FAIL(chroot("dir"), EPERM, "chroot(dir) as nobody");
	TST_EXP_FAIL(chroot("locked"), EACCES,
		     "chroot() as nobody of a directory it cannot search");
	TST_EXP_FAIL(chroot("locked/sub"), EACCES,
		     "chroot() as nobody through a directory it cannot search");
	root_unchanged();
}

static void errors_root(void)
{
	TST_EXP_FAIL(chroot("missing"), ENOENT, "chroot() of a missing path");
	TST_EXP_FAIL(chroot(""), ENOENT, "chroot() of an empty path");
	TST_EXP_FAIL(chroot("file"), ENOTDIR, "chroot() of a regular file");
	TST_EXP_FAIL(chroot("file/x"), ENOTDIR,
		     "chroot() below a regular file");
	TST_EXP_FAIL(chroot(fsm_long_path()), ENAMETOOLONG,
		     "chroot() of a path of PATH_MAX bytes");
	TST_EXP_FAIL(chroot(fsm_long_name()), ENAMETOOLONG,
		     "chroot() of a name of NAME_MAX + 1 bytes");
	TST_EXP_FAIL(chroot("loop_a"), ELOOP,
		     "chroot() through a symlink loop");
	TST_EXP_FAIL(chroot(bad), EFAULT, "chroot() of an unmapped path");
	root_unchanged();
}

static void run(unsigned int n)
{
	pid_t pid;

	if (n == 0) {
		fsm_as_nobody(errors_nobody);
		return;
	}
	pid = SAFE_FORK();
	if (!pid) {
		errors_root();
		exit(0);
	}
	tst_reap_children();
}

static void setup(void)
{
	SAFE_STAT("/", &root_st);
	SAFE_MKDIR("dir", 0755);
	SAFE_MKDIR("locked", 0700);
	SAFE_MKDIR("locked/sub", 0755);
	fsm_create_file("file", 0644, "x");
	fsm_make_loop("loop_a", "loop_b");
	bad = fsm_bad_addr();
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
};
