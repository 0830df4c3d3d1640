// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * chown(2) as root changes owner and group as asked:
 * - the new uid and gid read back from stat(), -1 leaves each one alone,
 *   and ctime moves forward;
 * - a symlink is followed: the target changes, the link does not;
 * - on a regular file S_ISUID is cleared, and S_ISGID with it when the
 *   file is group-executable, even for root; S_ISGID without S_IXGRP
 *   (the old mandatory-locking mark) is kept;
 * - on a directory S_ISUID and S_ISGID are kept.
 */
#include <fcntl.h>
#include "tst_test.h"
#include "fsmeta.h"

#define FILE_NAME "chown01_file"
#define LINK_NAME "chown01_link"
#define DIR_NAME "chown01_dir"

static uid_t nobody_uid;
static gid_t nobody_gid;

static void setup(void)
{
	fsm_nobody_ids(&nobody_uid, &nobody_gid);
	fsm_create_file(FILE_NAME, 0644, "x");
	FSM_SAFE(symlink(FILE_NAME, LINK_NAME));
	SAFE_MKDIR(DIR_NAME, 0755);
}

static void expect_owner(const char *path, uid_t uid, gid_t gid)
{
	struct stat st;

	FSM_SAFE(lstat(path, &st));
	TST_EXP_EXPR(st.st_uid == uid && st.st_gid == gid,
		     "%s owned by %d:%d, expected %d:%d", path,
		     (int)st.st_uid, (int)st.st_gid, (int)uid, (int)gid);
}

static void check_owner_change(void)
{
	struct stat before, after;

	SAFE_CHOWN(FILE_NAME, 0, 0);
	SAFE_STAT(FILE_NAME, &before);
	fsm_next_tick();
	TST_EXP_PASS(chown(FILE_NAME, nobody_uid, nobody_gid));
	expect_owner(FILE_NAME, nobody_uid, nobody_gid);
	SAFE_STAT(FILE_NAME, &after);
	TST_EXP_EXPR(fsm_ts_cmp(&after.st_ctim, &before.st_ctim) > 0,
		     "ctime moved forward");
	TST_EXP_PASS(chown(FILE_NAME, 0, -1), "chown(file, 0, -1)");
	expect_owner(FILE_NAME, 0, nobody_gid);
	TST_EXP_PASS(chown(FILE_NAME, -1, 0), "chown(file, -1, 0)");
	expect_owner(FILE_NAME, 0, 0);
	TST_EXP_PASS(chown(FILE_NAME, -1, -1), "chown(file, -1, -1)");
	expect_owner(FILE_NAME, 0, 0);
}

static void check_symlink(void)
{
	TST_EXP_PASS(chown(LINK_NAME, nobody_uid, nobody_gid),
		     "chown() through a symlink");
	expect_owner(FILE_NAME, nobody_uid, nobody_gid);
	expect_owner(LINK_NAME, 0, 0);
	SAFE_CHOWN(FILE_NAME, 0, 0);
}

static void check_setid(const char *path, mode_t mode, mode_t exp_mode)
{
	struct stat st;

	SAFE_CHOWN(path, 0, 0);
	SAFE_CHMOD(path, mode);
	TST_EXP_PASS(chown(path, nobody_uid, nobody_gid),
		     "chown(%s of mode %04o)", path, mode);
	SAFE_STAT(path, &st);
	TST_EXP_EXPR((st.st_mode & 07777) == exp_mode,
		     "mode %04o after chown, expected %04o",
		     st.st_mode & 07777, exp_mode);
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		check_owner_change();
		break;
	case 1:
		check_symlink();
		break;
	case 2:
		check_setid(FILE_NAME, 06755, 0755);
		check_setid(FILE_NAME, 04644, 0644);
		check_setid(FILE_NAME, 02745, 02745);
		break;
	case 3:
		check_setid(DIR_NAME, 06755, 06755);
		break;
	}
}

static struct tst_test test = {
	.tcnt = 4,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
};
