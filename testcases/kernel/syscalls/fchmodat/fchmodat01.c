// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fchmodat(2), the raw three-argument system call:
 * - a name relative to dirfd, relative to the cwd for AT_FDCWD, and an
 *   absolute name (dirfd ignored) change the mode, read back by stat();
 * - a symlink is followed: the target changes, the link stays 0777;
 * - errors: EBADF (relative name, dirfd -1), ENOTDIR (dirfd a regular
 *   file), ENOENT (missing, ""), ELOOP, ENAMETOOLONG, EFAULT, and EPERM
 *   for nobody on a root-owned file;
 * - EROFS below a dirfd on a read-only tmpfs (ro_tmpfs.h): a file, a
 *   directory, a file through a symlink, and for nobody on root's file
 *   (the mount is checked before ownership: EROFS, not EPERM); a missing
 *   name is ENOENT (the lookup comes first); nothing on it changes.
 */
#include <fcntl.h>
#include <limits.h>
#include "tst_test.h"
#include "fsmeta.h"
#include "ro_tmpfs.h"

#define DIR_NAME "fchmodat01_dir"
#define FILE_PATH DIR_NAME "/file"

static int dir_fd = -1, file_fd = -1;
static char abs_path[PATH_MAX];
static void *bad_addr;

static long raw_fchmodat(int dfd, const char *path, mode_t mode)
{
	return tst_syscall(__NR_fchmodat, dfd, path, mode);
}

static void setup(void)
{
	rofs_setup();
	SAFE_MKDIR(DIR_NAME, 0755);
	fsm_create_file(FILE_PATH, 0644, "x");
	FSM_SAFE(symlink("file", DIR_NAME "/link"));
	FSM_SAFE(symlink("loop_b", DIR_NAME "/loop_a"));
	FSM_SAFE(symlink("loop_a", DIR_NAME "/loop_b"));
	dir_fd = SAFE_OPEN(DIR_NAME, O_RDONLY | O_DIRECTORY);
	file_fd = SAFE_OPEN(FILE_PATH, O_RDONLY);
	if (!getcwd(abs_path, sizeof(abs_path) - sizeof(FILE_PATH) - 1))
		tst_brk(TBROK | TERRNO, "getcwd()");
	strcat(abs_path, "/" FILE_PATH);
	bad_addr = fsm_bad_addr();
}

static void cleanup(void)
{
	if (dir_fd >= 0)
		SAFE_CLOSE(dir_fd);
	if (file_fd >= 0)
		SAFE_CLOSE(file_fd);
	rofs_cleanup();
}

static void expect_mode(mode_t mode)
{
	struct stat st;

	SAFE_STAT(FILE_PATH, &st);
	TST_EXP_EXPR((st.st_mode & 07777) == mode, "mode now %04o, "
		     "expected %04o", st.st_mode & 07777, mode);
}

static void check_success(void)
{
	struct stat lst;

	TST_EXP_PASS(raw_fchmodat(dir_fd, "file", 0600),
		     "fchmodat(dirfd, \"file\", 0600)");
	expect_mode(0600);
	TST_EXP_PASS(raw_fchmodat(AT_FDCWD, FILE_PATH, 0640),
		     "fchmodat(AT_FDCWD, \"dir/file\", 0640)");
	expect_mode(0640);
	TST_EXP_PASS(raw_fchmodat(-1, abs_path, 04711),
		     "fchmodat(-1, absolute path, 04711)");
	expect_mode(04711);
	TST_EXP_PASS(raw_fchmodat(dir_fd, "link", 0604),
		     "fchmodat(dirfd, \"link\", 0604)");
	expect_mode(0604);
	FSM_SAFE(lstat(DIR_NAME "/link", &lst));
	TST_EXP_EQ_LI(lst.st_mode & 07777, 0777);
	SAFE_CHMOD(FILE_PATH, 0644);
}

static void check_errors(void)
{
	TST_EXP_FAIL(raw_fchmodat(-1, "file", 0600), EBADF,
		     "fchmodat() with dirfd -1");
	TST_EXP_FAIL(raw_fchmodat(file_fd, "file", 0600), ENOTDIR,
		     "fchmodat() with dirfd a regular file");
	TST_EXP_FAIL(raw_fchmodat(dir_fd, "missing", 0600), ENOENT,
		     "fchmodat() of a missing name");
	TST_EXP_FAIL(raw_fchmodat(dir_fd, "", 0600), ENOENT,
		     "fchmodat() of \"\"");
	TST_EXP_FAIL(raw_fchmodat(dir_fd, "loop_a", 0600), ELOOP,
		     "fchmodat() of a symlink loop");
	TST_EXP_FAIL(raw_fchmodat(dir_fd, fsm_long_name(), 0600),
		     ENAMETOOLONG, "fchmodat() of a name of NAME_MAX + 1");
	TST_EXP_FAIL(raw_fchmodat(dir_fd, bad_addr, 0600), EFAULT,
		     "fchmodat() of an unmapped path");
	expect_mode(0644);
}

static void nobody_eperm(void)
{
	TST_EXP_FAIL(raw_fchmodat(dir_fd, "file", 0777), EPERM,
		     "fchmodat() of root's file as nobody");
	expect_mode(0644);
}

static int ro_fd = -1;

static void nobody_erofs(void)
{
	TST_EXP_FAIL(raw_fchmodat(ro_fd, "file", 0666), EROFS,
		     "fchmodat() of root's file on a ro fs as nobody");
}

static void erofs(void)
{
	if (!rofs_ready())
		return;
	ro_fd = SAFE_OPEN(RO_DIR, O_RDONLY | O_DIRECTORY);
	TST_EXP_FAIL(raw_fchmodat(ro_fd, "file", 0600), EROFS,
		     "fchmodat() of a file on a ro fs");
	TST_EXP_FAIL(raw_fchmodat(ro_fd, "dir", 0700), EROFS,
		     "fchmodat() of a directory on a ro fs");
	TST_EXP_FAIL(raw_fchmodat(ro_fd, "link", 0600), EROFS,
		     "fchmodat() through a symlink on a ro fs");
	TST_EXP_FAIL(raw_fchmodat(ro_fd, "missing", 0600), ENOENT,
		     "fchmodat() of a missing name on a ro fs");
	fsm_as_nobody(nobody_erofs);
	SAFE_CLOSE(ro_fd);
	rofs_unchanged();
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		check_success();
		break;
	case 1:
		check_errors();
		break;
	case 2:
		fsm_as_nobody(nobody_eperm);
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
