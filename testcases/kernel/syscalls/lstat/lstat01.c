// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * lstat(2) reports a symlink itself, not what it points to:
 * - S_IFLNK, st_size the length of the target string, an inode of its own;
 * - a dangling symlink and a looping symlink can be lstat()ed;
 * - a trailing slash makes the link be followed ("link/" is the directory);
 * - a regular file gives what stat() gives;
 * - errors: ENOENT (missing, empty path), ENOTDIR (file as directory),
 *   ELOOP (loop in a directory component), ENAMETOOLONG (PATH_MAX bytes),
 *   EFAULT (unmapped path and buffer), EACCES (nobody, search denied).
 */
#include <fcntl.h>
#include "tst_test.h"
#include "fsmeta.h"
#include "legacy_raw.h"

#define FILE_NAME "lstat01_file"
#define DIR_NAME "lstat01_dir"
#define LINK_NAME "lstat01_link"
#define DIR_LINK "lstat01_dirlink"
#define DANGLING "lstat01_dangling"
#define LOOP_A "lstat01_loop_a"
#define LOOP_B "lstat01_loop_b"
#define PRIV_DIR "lstat01_private"
/* Not the same length as any other name here. */
#define TARGET "./" FILE_NAME

static void *bad_addr;

static void setup(void)
{
	fsm_create_file(FILE_NAME, 0644, "content");
	SAFE_MKDIR(DIR_NAME, 0755);
	FSM_SAFE(symlink(TARGET, LINK_NAME));
	FSM_SAFE(symlink(DIR_NAME, DIR_LINK));
	FSM_SAFE(symlink("lstat01_nowhere", DANGLING));
	fsm_make_loop(LOOP_A, LOOP_B);
	SAFE_MKDIR(PRIV_DIR, 0700);
	FSM_SAFE(symlink(TARGET, PRIV_DIR "/link"));
	bad_addr = fsm_bad_addr();
}

static void check_symlinks(void)
{
	struct stat lst, st;

	SAFE_STAT(FILE_NAME, &st);
	TST_EXP_PASS(sys_lstat(LINK_NAME, &lst));
	TST_EXP_EXPR(S_ISLNK(lst.st_mode), "S_IFLNK (mode %o)", lst.st_mode);
	TST_EXP_EQ_LI(lst.st_size, strlen(TARGET));
	TST_EXP_EXPR(lst.st_ino != st.st_ino,
		     "the link has its own inode (%lu, file %lu)",
		     (unsigned long)lst.st_ino, (unsigned long)st.st_ino);

	TST_EXP_PASS(sys_lstat(DANGLING, &lst), "lstat() of a dangling symlink");
	TST_EXP_EXPR(S_ISLNK(lst.st_mode), "dangling link is S_IFLNK");
	TST_EXP_PASS(sys_lstat(LOOP_A, &lst), "lstat() of a looping symlink");
	TST_EXP_EXPR(S_ISLNK(lst.st_mode), "looping link is S_IFLNK");

	TST_EXP_PASS(sys_lstat(DIR_LINK "/", &lst), "lstat(\"dirlink/\")");
	TST_EXP_EXPR(S_ISDIR(lst.st_mode),
		     "a trailing slash follows the link (mode %o)",
		     lst.st_mode);

	TST_EXP_PASS(sys_lstat(FILE_NAME, &lst));
	TST_EXP_EXPR(lst.st_ino == st.st_ino && lst.st_mode == st.st_mode &&
		     lst.st_size == st.st_size,
		     "lstat() of a regular file equals stat()");
}

static void check_errors(void)
{
	struct stat st;

	TST_EXP_FAIL(sys_lstat("lstat01_missing", &st), ENOENT);
	TST_EXP_FAIL(sys_lstat("", &st), ENOENT, "lstat(\"\")");
	TST_EXP_FAIL(sys_lstat(FILE_NAME "/x", &st), ENOTDIR);
	TST_EXP_FAIL(sys_lstat(LOOP_A "/x", &st), ELOOP,
		     "lstat() through a looping directory component");
	TST_EXP_FAIL(sys_lstat(fsm_long_path(), &st), ENAMETOOLONG,
		     "lstat() of PATH_MAX bytes");
	TST_EXP_FAIL(sys_lstat(bad_addr, &st), EFAULT, "lstat() of unmapped path");
	TST_EXP_FAIL(sys_lstat(LINK_NAME, bad_addr), EFAULT,
		     "lstat() into an unmapped buffer");
}

static void nobody_private(void)
{
	struct stat st;

	TST_EXP_FAIL(sys_lstat(PRIV_DIR "/link", &st), EACCES,
		     "lstat() as nobody below a mode 0700 root directory");
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		check_symlinks();
		break;
	case 1:
		check_errors();
		break;
	case 2:
		fsm_as_nobody(nobody_private);
		break;
	}
}

static struct tst_test test = {
	.tcnt = 3,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
};
