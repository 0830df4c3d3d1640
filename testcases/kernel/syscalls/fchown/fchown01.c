// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fchown(2) changes the owner of the open file:
 * - as root, through a file opened O_RDONLY and a directory fd, uid and
 *   gid read back from stat(), -1 leaves each alone;
 * - as root S_ISUID and (with S_IXGRP) S_ISGID of a regular file are
 *   cleared;
 * - as nobody on its own file: chown to itself clears S_ISUID/S_ISGID of
 *   a group-executable file; EPERM for giving it to root and for changing
 *   a root-owned file it has open;
 * - EBADF for fd -1 and for an O_PATH fd;
 * - EROFS for a file and a directory opened O_RDONLY on a read-only tmpfs
 *   (ro_tmpfs.h), even fchown(-1, -1), and for nobody on root's file (the
 *   mount is checked before ownership: EROFS, not EPERM); an O_PATH fd
 *   there is still EBADF; nothing on it changes.
 */
#include <fcntl.h>
#include "tst_test.h"
#include "fsmeta.h"
#include "ro_tmpfs.h"

#define FILE_NAME "fchown01_file"
#define DIR_NAME "fchown01_dir"
#define OWN_FILE "fchown01_own"

static int fd = -1, dir_fd = -1, path_fd = -1;
static uid_t nobody_uid;
static gid_t nobody_gid;

static void setup(void)
{
	rofs_setup();
	fsm_nobody_ids(&nobody_uid, &nobody_gid);
	fsm_create_file(FILE_NAME, 0644, "x");
	SAFE_MKDIR(DIR_NAME, 0755);
	fsm_create_file(OWN_FILE, 0644, "x");
	SAFE_CHOWN(OWN_FILE, nobody_uid, nobody_gid);
	fd = SAFE_OPEN(FILE_NAME, O_RDONLY);
	dir_fd = SAFE_OPEN(DIR_NAME, O_RDONLY | O_DIRECTORY);
	path_fd = SAFE_OPEN(FILE_NAME, O_PATH);
}

static void cleanup(void)
{
	if (fd >= 0)
		SAFE_CLOSE(fd);
	if (dir_fd >= 0)
		SAFE_CLOSE(dir_fd);
	if (path_fd >= 0)
		SAFE_CLOSE(path_fd);
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

static void check_root(void)
{
	SAFE_CHOWN(FILE_NAME, 0, 0);
	SAFE_CHMOD(FILE_NAME, 0644);
	TST_EXP_PASS(fchown(fd, nobody_uid, nobody_gid));
	expect_stat(FILE_NAME, nobody_uid, nobody_gid, 0644);
	TST_EXP_PASS(fchown(fd, 0, -1));
	expect_stat(FILE_NAME, 0, nobody_gid, 0644);
	TST_EXP_PASS(fchown(fd, -1, 0));
	expect_stat(FILE_NAME, 0, 0, 0644);
	TST_EXP_PASS(fchown(dir_fd, nobody_uid, 0), "fchown() of a dir fd");
	expect_stat(DIR_NAME, nobody_uid, 0, 0755);
	SAFE_CHMOD(FILE_NAME, 06755);
	TST_EXP_PASS(fchown(fd, nobody_uid, -1), "fchown() of a 06755 file");
	expect_stat(FILE_NAME, nobody_uid, 0, 0755);
	SAFE_CHOWN(FILE_NAME, 0, 0);
	SAFE_CHMOD(FILE_NAME, 0644);
}

static void nobody_cases(void)
{
	int own_fd = SAFE_OPEN(OWN_FILE, O_RDONLY);

	SAFE_CHMOD(OWN_FILE, 06755);
	TST_EXP_PASS(fchown(own_fd, nobody_uid, nobody_gid),
		     "fchown() of its own mode 06755 file as nobody");
	expect_stat(OWN_FILE, nobody_uid, nobody_gid, 0755);
	TST_EXP_FAIL(fchown(own_fd, 0, -1), EPERM,
		     "fchown(own file, root) as nobody");
	TST_EXP_FAIL(fchown(fd, nobody_uid, nobody_gid), EPERM,
		     "fchown() of root's file as nobody");
	expect_stat(FILE_NAME, 0, 0, 0644);
	SAFE_CLOSE(own_fd);
}

static void nobody_erofs(void)
{
	int rfd = SAFE_OPEN(RO_FILE, O_RDONLY);

	TST_EXP_FAIL(fchown(rfd, nobody_uid, nobody_gid), EROFS,
		     "fchown() of root's file on a ro fs as nobody");
	SAFE_CLOSE(rfd);
}

static void erofs(void)
{
	int rfd, rdir, rpath;

	if (!rofs_ready())
		return;
	rfd = SAFE_OPEN(RO_FILE, O_RDONLY);
	rdir = SAFE_OPEN(RO_SUBDIR, O_RDONLY | O_DIRECTORY);
	rpath = SAFE_OPEN(RO_FILE, O_PATH);
	TST_EXP_FAIL(fchown(rfd, nobody_uid, nobody_gid), EROFS,
		     "fchown() of a file on a ro fs");
	TST_EXP_FAIL(fchown(rfd, -1, -1), EROFS,
		     "fchown(-1, -1) on a ro fs");
	TST_EXP_FAIL(fchown(rdir, 1, 1), EROFS,
		     "fchown() of a directory on a ro fs");
	TST_EXP_FAIL(fchown(rpath, 1, 1), EBADF,
		     "fchown() of an O_PATH fd on a ro fs");
	SAFE_CLOSE(rfd);
	SAFE_CLOSE(rdir);
	SAFE_CLOSE(rpath);
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
		fsm_as_nobody(nobody_cases);
		break;
	case 2:
		TST_EXP_FAIL(fchown(-1, 0, 0), EBADF, "fchown(-1)");
		TST_EXP_FAIL(fchown(path_fd, 0, 0), EBADF,
			     "fchown() of an O_PATH fd");
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
