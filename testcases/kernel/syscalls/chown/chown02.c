// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * chown(2) by an unprivileged owner (nobody), and the errors:
 * - giving its own file to itself and its own group succeeds and clears
 *   S_ISUID and S_ISGID of a group-executable file; S_ISGID of a file
 *   without S_IXGRP stays;
 * - EPERM, nothing changed: giving its file to root, to group root (not
 *   one of its groups), and changing root's file;
 * - EACCES for nobody below a directory that denies search;
 * - ENOENT (missing, ""), ENOTDIR, ENAMETOOLONG, ELOOP, EFAULT;
 * - EROFS on a read-only tmpfs (ro_tmpfs.h): a file, a directory, a file
 *   through a symlink, even chown(-1, -1) that changes nothing (the
 *   mount is checked first), and for nobody giving root's file away
 *   (EROFS, not EPERM); a missing name is ENOENT; nothing on it changes.
 */
#include <fcntl.h>
#include "tst_test.h"
#include "fsmeta.h"
#include "ro_tmpfs.h"

#define OWN_FILE "chown02_own"
#define ROOT_FILE "chown02_root"
#define PRIV_DIR "chown02_private"

static uid_t nobody_uid;
static gid_t nobody_gid;
static void *bad_addr;

static void setup(void)
{
	rofs_setup();
	fsm_nobody_ids(&nobody_uid, &nobody_gid);
	fsm_create_file(OWN_FILE, 0644, "x");
	SAFE_CHOWN(OWN_FILE, nobody_uid, nobody_gid);
	fsm_create_file(ROOT_FILE, 0666, "x");
	SAFE_MKDIR(PRIV_DIR, 0700);
	fsm_create_file(PRIV_DIR "/file", 0644, "x");
	fsm_make_loop("chown02_loop_a", "chown02_loop_b");
	bad_addr = fsm_bad_addr();
}

static void cleanup(void)
{
	rofs_cleanup();
}

static void expect_stat(const char *path, uid_t uid, gid_t gid, mode_t mode)
{
	struct stat st;

	SAFE_STAT(path, &st);
	TST_EXP_EXPR(st.st_uid == uid && st.st_gid == gid &&
		     (st.st_mode & 07777) == mode,
		     "%s: %d:%d mode %04o, expected %d:%d mode %04o", path,
		     (int)st.st_uid, (int)st.st_gid, st.st_mode & 07777,
		     (int)uid, (int)gid, mode);
}

static void nobody_clears_setid(void)
{
	SAFE_CHMOD(OWN_FILE, 06755);
	TST_EXP_PASS(chown(OWN_FILE, nobody_uid, nobody_gid),
		     "chown() of its own mode 06755 file as nobody");
	expect_stat(OWN_FILE, nobody_uid, nobody_gid, 0755);

	SAFE_CHMOD(OWN_FILE, 02745);
	TST_EXP_PASS(chown(OWN_FILE, -1, nobody_gid),
		     "chown() of its own mode 02745 file as nobody");
	expect_stat(OWN_FILE, nobody_uid, nobody_gid, 02745);
	SAFE_CHMOD(OWN_FILE, 0644);
}

static void nobody_eperm(void)
{
	TST_EXP_FAIL(chown(OWN_FILE, 0, -1), EPERM,
		     "chown(own file, root, -1) as nobody");
	TST_EXP_FAIL(chown(OWN_FILE, -1, 0), EPERM,
		     "chown(own file, -1, group root) as nobody");
	expect_stat(OWN_FILE, nobody_uid, nobody_gid, 0644);
	TST_EXP_FAIL(chown(ROOT_FILE, nobody_uid, nobody_gid), EPERM,
		     "chown(root's file, nobody) as nobody");
	expect_stat(ROOT_FILE, 0, 0, 0666);
	TST_EXP_FAIL(chown(PRIV_DIR "/file", nobody_uid, nobody_gid), EACCES,
		     "chown() as nobody below a mode 0700 root directory");
}

static void check_path_errors(void)
{
	TST_EXP_FAIL(chown("chown02_missing", 0, 0), ENOENT);
	TST_EXP_FAIL(chown("", 0, 0), ENOENT, "chown(\"\")");
	TST_EXP_FAIL(chown(ROOT_FILE "/x", 0, 0), ENOTDIR);
	TST_EXP_FAIL(chown(fsm_long_path(), 0, 0), ENAMETOOLONG,
		     "chown() of a path of PATH_MAX bytes");
	TST_EXP_FAIL(chown("chown02_loop_a", 0, 0), ELOOP,
		     "chown() of a symlink loop");
	TST_EXP_FAIL(chown(bad_addr, 0, 0), EFAULT,
		     "chown() of an unmapped path");
}

static void nobody_erofs(void)
{
	TST_EXP_FAIL(chown(RO_FILE, nobody_uid, nobody_gid), EROFS,
		     "chown(root's file, nobody) on a ro fs as nobody");
}

static void erofs(void)
{
	if (!rofs_ready())
		return;
	TST_EXP_FAIL(chown(RO_FILE, nobody_uid, nobody_gid), EROFS,
		     "chown() of a file on a ro fs");
	TST_EXP_FAIL(chown(RO_SUBDIR, 1, 1), EROFS,
		     "chown() of a directory on a ro fs");
	TST_EXP_FAIL(chown(RO_LINK, 1, -1), EROFS,
		     "chown() through a symlink on a ro fs");
	TST_EXP_FAIL(chown(RO_FILE, -1, -1), EROFS,
		     "chown(-1, -1) on a ro fs");
	TST_EXP_FAIL(chown(RO_MISSING, 1, 1), ENOENT,
		     "chown() of a missing name on a ro fs");
	fsm_as_nobody(nobody_erofs);
	rofs_unchanged();
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		fsm_as_nobody(nobody_clears_setid);
		break;
	case 1:
		fsm_as_nobody(nobody_eperm);
		break;
	case 2:
		check_path_errors();
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
