// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fchownat(2):
 * - a name relative to dirfd and to AT_FDCWD changes owner and group;
 * - without flags a symlink is followed, with AT_SYMLINK_NOFOLLOW the
 *   link itself changes and the target does not;
 * - AT_EMPTY_PATH with "" changes the file an O_PATH fd refers to;
 * - as nobody: its own group-executable setuid/setgid file given to
 *   itself loses S_ISUID and S_ISGID; EPERM for giving it to root and for
 *   root's file;
 * - EINVAL for a flag other than AT_SYMLINK_NOFOLLOW and AT_EMPTY_PATH,
 *   EBADF (relative name, dirfd -1), ENOTDIR (dirfd a regular file),
 *   ENOENT for "" without AT_EMPTY_PATH, ELOOP for a symlink loop (which
 *   AT_SYMLINK_NOFOLLOW changes itself), ENAMETOOLONG for a path of
 *   PATH_MAX bytes and for a name of NAME_MAX + 1 bytes, EFAULT for a
 *   path the kernel cannot read; as nobody EACCES through a directory it
 *   may not search.
 */
#include <fcntl.h>
#include "tst_test.h"
#include "fsmeta.h"

#define DIR_NAME "fchownat01_dir"

static int dir_fd = -1, file_fd = -1, path_fd = -1;
static void *bad_addr;
static uid_t nobody_uid;
static gid_t nobody_gid;

static void setup(void)
{
	fsm_nobody_ids(&nobody_uid, &nobody_gid);
	bad_addr = fsm_bad_addr();
	SAFE_MKDIR(DIR_NAME, 0755);
	fsm_create_file(DIR_NAME "/file", 0644, "x");
	FSM_SAFE(symlink("file", DIR_NAME "/link"));
	fsm_create_file(DIR_NAME "/own", 0644, "x");
	SAFE_CHOWN(DIR_NAME "/own", nobody_uid, nobody_gid);
	dir_fd = SAFE_OPEN(DIR_NAME, O_RDONLY | O_DIRECTORY);
	file_fd = SAFE_OPEN(DIR_NAME "/file", O_RDONLY);
	path_fd = SAFE_OPEN(DIR_NAME "/file", O_PATH);
	/* a loop inside the directory: its links name each other there */
	FSM_SAFE(symlinkat("loop2", dir_fd, "loop1"));
	FSM_SAFE(symlinkat("loop1", dir_fd, "loop2"));
	SAFE_MKDIR(DIR_NAME "/private", 0700);
	fsm_create_file(DIR_NAME "/private/file", 0644, "x");
}

static void cleanup(void)
{
	if (dir_fd >= 0)
		SAFE_CLOSE(dir_fd);
	if (file_fd >= 0)
		SAFE_CLOSE(file_fd);
	if (path_fd >= 0)
		SAFE_CLOSE(path_fd);
}

static void expect_stat(const char *name, uid_t uid, gid_t gid, mode_t mode)
{
	struct stat st;

	FSM_SAFE(fstatat(dir_fd, name, &st, AT_SYMLINK_NOFOLLOW));
	TST_EXP_EXPR(st.st_uid == uid && st.st_gid == gid &&
		     (!mode || (st.st_mode & 07777) == mode),
		     "%s: %d:%d mode %04o, expected %d:%d", name,
		     (int)st.st_uid, (int)st.st_gid, st.st_mode & 07777,
		     (int)uid, (int)gid);
}

static void check_root(void)
{
	/* Start from root-owned names, also in later iterations. */
	FSM_SAFE(fchownat(dir_fd, "link", 0, 0, AT_SYMLINK_NOFOLLOW));
	FSM_SAFE(fchownat(dir_fd, "file", 0, 0, 0));
	TST_EXP_PASS(fchownat(dir_fd, "file", nobody_uid, nobody_gid, 0),
		     "fchownat(dirfd, \"file\", nobody, 0)");
	expect_stat("file", nobody_uid, nobody_gid, 0);
	TST_EXP_PASS(fchownat(AT_FDCWD, DIR_NAME "/file", 0, 0, 0),
		     "fchownat(AT_FDCWD, \"dir/file\", root, 0)");
	expect_stat("file", 0, 0, 0);
	TST_EXP_PASS(fchownat(dir_fd, "link", nobody_uid, -1, 0),
		     "fchownat(dirfd, \"link\", nobody, 0)");
	expect_stat("file", nobody_uid, 0, 0);
	expect_stat("link", 0, 0, 0);
	TST_EXP_PASS(fchownat(dir_fd, "link", -1, nobody_gid,
			      AT_SYMLINK_NOFOLLOW),
		     "fchownat(dirfd, \"link\", AT_SYMLINK_NOFOLLOW)");
	expect_stat("link", 0, nobody_gid, 0);
	expect_stat("file", nobody_uid, 0, 0);
	TST_EXP_PASS(fchownat(path_fd, "", 0, -1, AT_EMPTY_PATH),
		     "fchownat(O_PATH fd, \"\", AT_EMPTY_PATH)");
	expect_stat("file", 0, 0, 0);
}

static void nobody_cases(void)
{
	FSM_SAFE(fchmodat(dir_fd, "own", 06755, 0));
	TST_EXP_PASS(fchownat(dir_fd, "own", nobody_uid, nobody_gid, 0),
		     "fchownat() of its own mode 06755 file as nobody");
	expect_stat("own", nobody_uid, nobody_gid, 0755);
	TST_EXP_FAIL(fchownat(dir_fd, "own", 0, -1, 0), EPERM,
		     "fchownat(own file, root) as nobody");
	TST_EXP_FAIL(fchownat(dir_fd, "file", nobody_uid, -1, 0), EPERM,
		     "fchownat(root's file, nobody) as nobody");
	expect_stat("file", 0, 0, 0644);
	TST_EXP_FAIL(fchownat(dir_fd, "private/file", nobody_uid, -1, 0),
		     EACCES, "fchownat() through a directory nobody may not "
		     "search");
}

static void check_errors(void)
{
	TST_EXP_FAIL(fchownat(dir_fd, "file", 0, 0, AT_REMOVEDIR), EINVAL,
		     "fchownat() with flag AT_REMOVEDIR");
	TST_EXP_FAIL(fchownat(-1, "file", 0, 0, 0), EBADF,
		     "fchownat() with dirfd -1");
	TST_EXP_FAIL(fchownat(file_fd, "file", 0, 0, 0), ENOTDIR,
		     "fchownat() with dirfd a regular file");
	TST_EXP_FAIL(fchownat(dir_fd, "", 0, 0, 0), ENOENT,
		     "fchownat(\"\") without AT_EMPTY_PATH");
	TST_EXP_FAIL(fchownat(dir_fd, "loop1", 0, 0, 0), ELOOP,
		     "fchownat() of a symlink loop");
	TST_EXP_PASS(fchownat(dir_fd, "loop1", 0, 0, AT_SYMLINK_NOFOLLOW),
		     "fchownat(AT_SYMLINK_NOFOLLOW) of the loop's link");
	TST_EXP_FAIL(fchownat(dir_fd, fsm_long_path(), 0, 0, 0), ENAMETOOLONG,
		     "fchownat() of a %d byte path", PATH_MAX);
	TST_EXP_FAIL(fchownat(dir_fd, fsm_long_name(), 0, 0,
			      AT_SYMLINK_NOFOLLOW), ENAMETOOLONG,
		     "fchownat() of a %d byte name", NAME_MAX + 1);
	TST_EXP_FAIL(fchownat(dir_fd, bad_addr, 0, 0, 0), EFAULT,
		     "fchownat() of an unreadable path");
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		check_root();
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
