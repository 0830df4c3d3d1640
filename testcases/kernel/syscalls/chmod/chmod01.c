// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * chmod(2) sets exactly the permission bits asked for:
 * - every mode from 0000 to 07777 tried here on a regular file and a
 *   directory reads back from stat() unchanged, the file type kept;
 * - bits outside 07777 are ignored (S_IFDIR does not make a directory);
 * - a symlink is followed: the target changes, the link stays 0777;
 * - ctime moves forward, mtime does not;
 * - as a non-root owner, nobody: S_ISUID is kept, S_ISGID is silently
 *   dropped when the file's group is not one of the caller's.
 */
#include <fcntl.h>
#include "tst_test.h"
#include "fsmeta.h"

#define FILE_NAME "chmod01_file"
#define DIR_NAME "chmod01_dir"
#define LINK_NAME "chmod01_link"
#define NOBODY_FILE "chmod01_nobody"

static const mode_t modes[] = {
	0000, 0400, 0644, 0755, 0777, 01777, 02755, 04755, 06711, 07777,
};

static void setup(void)
{
	uid_t uid;
	gid_t gid;

	fsm_create_file(FILE_NAME, 0644, "chmod01");
	SAFE_MKDIR(DIR_NAME, 0755);
	FSM_SAFE(symlink(FILE_NAME, LINK_NAME));
	fsm_create_file(NOBODY_FILE, 0644, "chmod01");
	fsm_nobody_ids(&uid, &gid);
	/* Owned by nobody, group root: a group nobody is not in. */
	SAFE_CHOWN(NOBODY_FILE, uid, 0);
}

static void check_modes(const char *path, mode_t type)
{
	struct stat st;
	unsigned int i;

	for (i = 0; i < sizeof(modes) / sizeof(modes[0]); i++) {
		TST_EXP_PASS(chmod(path, modes[i]), "chmod(%s, %04o)", path,
			     modes[i]);
		SAFE_STAT(path, &st);
		TST_EXP_EXPR((st.st_mode & 07777) == modes[i] &&
			     (st.st_mode & S_IFMT) == type,
			     "%s reads back mode %06o", path, st.st_mode);
	}
}

static void check_extra_bits(void)
{
	struct stat st;

	TST_EXP_PASS(chmod(FILE_NAME, S_IFDIR | 0640),
		     "chmod(file, S_IFDIR | 0640)");
	SAFE_STAT(FILE_NAME, &st);
	TST_EXP_EXPR(st.st_mode == (S_IFREG | 0640),
		     "file type kept, mode %06o", st.st_mode);
}

static void check_symlink_and_times(void)
{
	struct stat before, after, lst;

	SAFE_CHMOD(FILE_NAME, 0600);
	SAFE_STAT(FILE_NAME, &before);
	fsm_next_tick();
	TST_EXP_PASS(chmod(LINK_NAME, 0604), "chmod() through a symlink");
	SAFE_STAT(FILE_NAME, &after);
	FSM_SAFE(lstat(LINK_NAME, &lst));
	TST_EXP_EQ_LI(after.st_mode & 07777, 0604);
	TST_EXP_EQ_LI(lst.st_mode & 07777, 0777);
	TST_EXP_EXPR(fsm_ts_cmp(&after.st_ctim, &before.st_ctim) > 0,
		     "ctime moved forward");
	TST_EXP_EXPR(!fsm_ts_cmp(&after.st_mtim, &before.st_mtim),
		     "mtime unchanged");
}

static void nobody_chmods_own_file(void)
{
	struct stat st;

	TST_EXP_PASS(chmod(NOBODY_FILE, 04755), "chmod(own file, 04755) "
		     "as nobody");
	SAFE_STAT(NOBODY_FILE, &st);
	TST_EXP_EQ_LI(st.st_mode & 07777, 04755);
	TST_EXP_PASS(chmod(NOBODY_FILE, 02755), "chmod(own file, 02755) as "
		     "nobody, not in the file's group");
	SAFE_STAT(NOBODY_FILE, &st);
	TST_EXP_EXPR((st.st_mode & 07777) == 0755,
		     "S_ISGID dropped: mode %04o, expected 0755",
		     st.st_mode & 07777);
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		check_modes(FILE_NAME, S_IFREG);
		break;
	case 1:
		check_modes(DIR_NAME, S_IFDIR);
		/* Leave it removable. */
		SAFE_CHMOD(DIR_NAME, 0755);
		break;
	case 2:
		check_extra_bits();
		break;
	case 3:
		check_symlink_and_times();
		break;
	case 4:
		fsm_as_nobody(nobody_chmods_own_file);
		break;
	}
}

static struct tst_test test = {
	.tcnt = 5,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
};
