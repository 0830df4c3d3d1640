// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * lchown(2) changes a symlink itself, never what it points to:
 * - as root, the link's uid/gid change (lstat), the target's do not; a
 *   dangling link can be changed too; on a regular file it acts like
 *   chown(); -1 leaves each id alone;
 * - as nobody: EPERM on root's symlink, nothing changed;
 * - ENOENT (missing, ""), ENOTDIR, ELOOP through a directory component
 *   (the last component itself is not followed), ENAMETOOLONG, EFAULT;
 * - EROFS on a read-only tmpfs (ro_tmpfs.h): the symlink itself, a file,
 *   a directory, lchown(-1, -1), and for nobody on root's symlink (the
 *   mount is checked before ownership: EROFS, not EPERM); a missing name
 *   is ENOENT; neither the link nor its target changes.
 */
#include <fcntl.h>
#include "tst_test.h"
#include "fsmeta.h"
#include "ro_tmpfs.h"

#define FILE_NAME "lchown01_file"
#define LINK_NAME "lchown01_link"
#define DANGLING "lchown01_dangling"
#define LOOP_A "lchown01_loop_a"

static uid_t nobody_uid;
static gid_t nobody_gid;
static void *bad_addr;

static void setup(void)
{
	rofs_setup();
	fsm_nobody_ids(&nobody_uid, &nobody_gid);
	fsm_create_file(FILE_NAME, 0644, "x");
	FSM_SAFE(symlink(FILE_NAME, LINK_NAME));
	FSM_SAFE(symlink("lchown01_nowhere", DANGLING));
	fsm_make_loop(LOOP_A, "lchown01_loop_b");
	bad_addr = fsm_bad_addr();
}

static void cleanup(void)
{
	rofs_cleanup();
}

static void expect_owner(const char *path, uid_t uid, gid_t gid)
{
	struct stat st;

	FSM_SAFE(lstat(path, &st));
	TST_EXP_EXPR(st.st_uid == uid && st.st_gid == gid,
		     "%s owned by %d:%d, expected %d:%d", path,
		     (int)st.st_uid, (int)st.st_gid, (int)uid, (int)gid);
}

static void check_root(void)
{
	TST_EXP_PASS(lchown(LINK_NAME, nobody_uid, nobody_gid));
	expect_owner(LINK_NAME, nobody_uid, nobody_gid);
	expect_owner(FILE_NAME, 0, 0);
	TST_EXP_PASS(lchown(LINK_NAME, 0, -1), "lchown(link, 0, -1)");
	expect_owner(LINK_NAME, 0, nobody_gid);
	TST_EXP_PASS(lchown(LINK_NAME, -1, 0), "lchown(link, -1, 0)");
	expect_owner(LINK_NAME, 0, 0);
	TST_EXP_PASS(lchown(DANGLING, nobody_uid, -1),
		     "lchown() of a dangling symlink");
	expect_owner(DANGLING, nobody_uid, 0);
	TST_EXP_PASS(lchown(LOOP_A, nobody_uid, -1),
		     "lchown() of a looping symlink");
	expect_owner(LOOP_A, nobody_uid, 0);
	TST_EXP_PASS(lchown(FILE_NAME, -1, nobody_gid),
		     "lchown() of a regular file");
	expect_owner(FILE_NAME, 0, nobody_gid);
	SAFE_CHOWN(FILE_NAME, 0, 0);
}

static void nobody_eperm(void)
{
	TST_EXP_FAIL(lchown(LINK_NAME, nobody_uid, nobody_gid), EPERM,
		     "lchown() of root's symlink as nobody");
	expect_owner(LINK_NAME, 0, 0);
}

static void check_errors(void)
{
	TST_EXP_FAIL(lchown("lchown01_missing", 0, 0), ENOENT);
	TST_EXP_FAIL(lchown("", 0, 0), ENOENT, "lchown(\"\")");
	TST_EXP_FAIL(lchown(FILE_NAME "/x", 0, 0), ENOTDIR);
	TST_EXP_FAIL(lchown(LOOP_A "/x", 0, 0), ELOOP,
		     "lchown() through a looping directory component");
	TST_EXP_FAIL(lchown(fsm_long_path(), 0, 0), ENAMETOOLONG,
		     "lchown() of a path of PATH_MAX bytes");
	TST_EXP_FAIL(lchown(bad_addr, 0, 0), EFAULT,
		     "lchown() of an unmapped path");
}

static void nobody_erofs(void)
{
	TST_EXP_FAIL(lchown(RO_LINK, nobody_uid, nobody_gid), EROFS,
		     "lchown() of root's symlink on a ro fs as nobody");
}

static void erofs(void)
{
	if (!rofs_ready())
		return;
	TST_EXP_FAIL(lchown(RO_LINK, nobody_uid, nobody_gid), EROFS,
		     "lchown() of a symlink on a ro fs");
	TST_EXP_FAIL(lchown(RO_LINK, -1, -1), EROFS,
		     "lchown(-1, -1) of a symlink on a ro fs");
	TST_EXP_FAIL(lchown(RO_FILE, 1, 1), EROFS,
		     "lchown() of a file on a ro fs");
	TST_EXP_FAIL(lchown(RO_SUBDIR, 1, 1), EROFS,
		     "lchown() of a directory on a ro fs");
	TST_EXP_FAIL(lchown(RO_MISSING, 1, 1), ENOENT,
		     "lchown() of a missing name on a ro fs");
	fsm_as_nobody(nobody_erofs);
	rofs_unchanged();
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		check_root();
		break;
	case 1:
		fsm_as_nobody(nobody_eperm);
		break;
	case 2:
		check_errors();
		break;
	case 3:
		erofs();
		break;
	}
}

static struct tst_test test = {
	.tcnt = 4,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
};
