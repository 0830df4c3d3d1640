// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * faccessat(2), the raw three-argument system call (glibc's faccessat()
 * tries faccessat2 first):
 * - a name relative to dirfd, relative to the cwd for AT_FDCWD, and an
 *   absolute name with an invalid dirfd all find the file;
 * - a symlink is followed (a dangling one is ENOENT);
 * - as nobody, a root file of mode 0604: R_OK passes, W_OK is EACCES;
 * - EINVAL for mode 8, EBADF (relative name, dirfd -1), ENOTDIR (dirfd a
 *   regular file), ENOENT, ELOOP, ENAMETOOLONG, EFAULT.
 */
#include <fcntl.h>
#include <limits.h>
#include "tst_test.h"
#include "fsmeta.h"

#define DIR_NAME "faccessat01_dir"
#define FILE_PATH DIR_NAME "/file"

static int dir_fd = -1, file_fd = -1;
static char abs_path[PATH_MAX];
static void *bad_addr;

static long raw_faccessat(int dfd, const char *path, int mode)
{
	return tst_syscall(__NR_faccessat, dfd, path, mode);
}

static void setup(void)
{
	SAFE_MKDIR(DIR_NAME, 0755);
	fsm_create_file(FILE_PATH, 0604, "x");
	FSM_SAFE(symlink("file", DIR_NAME "/link"));
	FSM_SAFE(symlink("nowhere", DIR_NAME "/dangling"));
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
}

static void check_success(void)
{
	TST_EXP_PASS(raw_faccessat(dir_fd, "file", R_OK | W_OK),
		     "faccessat(dirfd, \"file\", R_OK | W_OK)");
	TST_EXP_PASS(raw_faccessat(AT_FDCWD, FILE_PATH, F_OK),
		     "faccessat(AT_FDCWD, \"dir/file\", F_OK)");
	TST_EXP_PASS(raw_faccessat(-1, abs_path, R_OK),
		     "faccessat(-1, absolute path, R_OK)");
	TST_EXP_PASS(raw_faccessat(dir_fd, "link", R_OK),
		     "faccessat(dirfd, \"link\", R_OK)");
	TST_EXP_FAIL(raw_faccessat(dir_fd, "dangling", F_OK), ENOENT,
		     "faccessat(dirfd, dangling symlink, F_OK)");
}

static void nobody_cases(void)
{
	TST_EXP_PASS(raw_faccessat(dir_fd, "file", R_OK),
		     "faccessat(R_OK) of root's 0604 file as nobody");
	TST_EXP_FAIL(raw_faccessat(dir_fd, "file", W_OK), EACCES,
		     "faccessat(W_OK) of root's 0604 file as nobody");
}

static void check_errors(void)
{
	TST_EXP_FAIL(raw_faccessat(dir_fd, "file", 8), EINVAL,
		     "faccessat() with mode 8");
	TST_EXP_FAIL(raw_faccessat(-1, "file", F_OK), EBADF,
		     "faccessat() with dirfd -1");
	TST_EXP_FAIL(raw_faccessat(file_fd, "file", F_OK), ENOTDIR,
		     "faccessat() with dirfd a regular file");
	TST_EXP_FAIL(raw_faccessat(dir_fd, "missing", F_OK), ENOENT,
		     "faccessat() of a missing name");
	TST_EXP_FAIL(raw_faccessat(dir_fd, "loop_a", F_OK), ELOOP,
		     "faccessat() of a symlink loop");
	TST_EXP_FAIL(raw_faccessat(dir_fd, fsm_long_name(), F_OK),
		     ENAMETOOLONG, "faccessat() of a name of NAME_MAX + 1");
	TST_EXP_FAIL(raw_faccessat(dir_fd, bad_addr, F_OK), EFAULT,
		     "faccessat() of an unmapped path");
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		check_success();
		break;
	case 1:
		fsm_as_nobody(nobody_cases);
		break;
	case 2:
		check_errors();
		break;
	}
}

static struct tst_test test = {
	.tcnt = 3,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
};
