// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fchmodat2(2) (Linux 6.6) adds a flags argument to fchmodat:
 * - flags 0 and AT_SYMLINK_NOFOLLOW change a regular file's mode;
 * - AT_SYMLINK_NOFOLLOW on a symlink is EOPNOTSUPP (Linux keeps symlink
 *   modes at 0777) and changes neither the link nor its target;
 * - AT_EMPTY_PATH with "" changes the file dirfd refers to (an O_PATH fd);
 * - EINVAL for any other flag (AT_REMOVEDIR).
 * On kernels before 6.6 the call does not exist: TCONF.
 */
#include <fcntl.h>
#include "tst_test.h"
#include "fsmeta.h"

#define FILE_NAME "fchmodat201_file"
#define LINK_NAME "fchmodat201_link"

static int path_fd = -1;

static long fchmodat2(int dfd, const char *path, mode_t mode, int flags)
{
	return tst_syscall(__NR_fchmodat2, dfd, path, mode, flags);
}

static void setup(void)
{
	fsm_create_file(FILE_NAME, 0644, "x");
	FSM_SAFE(symlink(FILE_NAME, LINK_NAME));
	path_fd = SAFE_OPEN(FILE_NAME, O_PATH);
	/* TCONF here, before any result, on kernels without it. */
	fchmodat2(AT_FDCWD, FILE_NAME, 0644, 0);
}

static void cleanup(void)
{
	if (path_fd >= 0)
		SAFE_CLOSE(path_fd);
}

static void expect_mode(const char *path, mode_t mode)
{
	struct stat st;

	FSM_SAFE(lstat(path, &st));
	TST_EXP_EXPR((st.st_mode & 07777) == mode, "%s mode %04o, "
		     "expected %04o", path, st.st_mode & 07777, mode);
}

static void run(void)
{
	TST_EXP_PASS(fchmodat2(AT_FDCWD, FILE_NAME, 0600, 0),
		     "fchmodat2(file, 0600, 0)");
	expect_mode(FILE_NAME, 0600);
	TST_EXP_PASS(fchmodat2(AT_FDCWD, FILE_NAME, 0640,
			       AT_SYMLINK_NOFOLLOW),
		     "fchmodat2(file, 0640, AT_SYMLINK_NOFOLLOW)");
	expect_mode(FILE_NAME, 0640);
	TST_EXP_FAIL(fchmodat2(AT_FDCWD, LINK_NAME, 0600,
			       AT_SYMLINK_NOFOLLOW), EOPNOTSUPP,
		     "fchmodat2(symlink, 0600, AT_SYMLINK_NOFOLLOW)");
	expect_mode(LINK_NAME, 0777);
	expect_mode(FILE_NAME, 0640);
	TST_EXP_PASS(fchmodat2(path_fd, "", 0604, AT_EMPTY_PATH),
		     "fchmodat2(O_PATH fd, \"\", 0604, AT_EMPTY_PATH)");
	expect_mode(FILE_NAME, 0604);
	TST_EXP_FAIL(fchmodat2(AT_FDCWD, FILE_NAME, 0600, AT_REMOVEDIR),
		     EINVAL, "fchmodat2() with flag AT_REMOVEDIR");
	expect_mode(FILE_NAME, 0604);
	SAFE_CHMOD(FILE_NAME, 0644);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_tmpdir = 1,
};
