// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fchmod(2) changes the mode of the open file:
 * - modes 0000..07777 read back from stat() of its name, on a file opened
 *   O_RDONLY (no write access needed) and on a directory fd;
 * - the open file keeps its access: it still reads after mode 0000;
 * - ctime moves forward;
 * - as nobody: EPERM on a root-owned file opened for reading, while its
 *   own file changes;
 * - EBADF for fd -1 and for an O_PATH fd (fchmod needs a real open file);
 * - EROFS for a file and a directory opened O_RDONLY on a read-only tmpfs
 *   (ro_tmpfs.h), also for nobody on root's file (the mount is checked
 *   before ownership: EROFS, not EPERM); an O_PATH fd there is still
 *   EBADF (no file, no mount check); nothing on it changes.
 */
#include <fcntl.h>
#include "tst_test.h"
#include "fsmeta.h"
#include "ro_tmpfs.h"

#define FILE_NAME "fchmod01_file"
#define DIR_NAME "fchmod01_dir"
#define NOBODY_FILE "fchmod01_nobody"

static int fd = -1, dir_fd = -1, path_fd = -1;

static const mode_t modes[] = { 0000, 0444, 0640, 0755, 01777, 06755 };

static void setup(void)
{
	uid_t uid;
	gid_t gid;

	rofs_setup();
	fsm_create_file(FILE_NAME, 0644, "fchmod01");
	SAFE_MKDIR(DIR_NAME, 0755);
	fsm_create_file(NOBODY_FILE, 0644, "x");
	fsm_nobody_ids(&uid, &gid);
	SAFE_CHOWN(NOBODY_FILE, uid, gid);
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

static void check_modes(int mfd, const char *path)
{
	struct stat st;
	unsigned int i;

	for (i = 0; i < sizeof(modes) / sizeof(modes[0]); i++) {
		TST_EXP_PASS(fchmod(mfd, modes[i]), "fchmod(%s, %04o)", path,
			     modes[i]);
		SAFE_STAT(path, &st);
		TST_EXP_EQ_LI(st.st_mode & 07777, modes[i]);
	}
}

static void check_file(void)
{
	struct stat before, after;
	char buf[8];

	check_modes(fd, FILE_NAME);
	SAFE_STAT(FILE_NAME, &before);
	fsm_next_tick();
	TST_EXP_PASS(fchmod(fd, 0000));
	SAFE_STAT(FILE_NAME, &after);
	TST_EXP_EXPR(fsm_ts_cmp(&after.st_ctim, &before.st_ctim) > 0,
		     "ctime moved forward");
	TST_EXP_VAL(pread(fd, buf, 7, 0), 7,
		    "the open fd still reads after mode 0000");
	SAFE_CHMOD(FILE_NAME, 0644);
}

static void nobody_cases(void)
{
	struct stat st;
	int own_fd = SAFE_OPEN(NOBODY_FILE, O_RDONLY);

	TST_EXP_FAIL(fchmod(fd, 0777), EPERM, "fchmod() of root's file as "
		     "nobody");
	SAFE_STAT(FILE_NAME, &st);
	TST_EXP_EQ_LI(st.st_mode & 07777, 0644);
	TST_EXP_PASS(fchmod(own_fd, 0600), "fchmod() of its own file as "
		     "nobody");
	SAFE_STAT(NOBODY_FILE, &st);
	TST_EXP_EQ_LI(st.st_mode & 07777, 0600);
	SAFE_CLOSE(own_fd);
}

static void nobody_erofs(void)
{
	int rfd = SAFE_OPEN(RO_FILE, O_RDONLY);

	TST_EXP_FAIL(fchmod(rfd, 0666), EROFS,
		     "fchmod() of root's file on a ro fs as nobody");
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
	TST_EXP_FAIL(fchmod(rfd, 0600), EROFS, "fchmod() of a file on a ro "
		     "fs");
	TST_EXP_FAIL(fchmod(rfd, 0644), EROFS, "fchmod() to the same mode "
		     "on a ro fs");
	TST_EXP_FAIL(fchmod(rdir, 0700), EROFS, "fchmod() of a directory on "
		     "a ro fs");
	TST_EXP_FAIL(fchmod(rpath, 0600), EBADF, "fchmod() of an O_PATH fd "
		     "on a ro fs");
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
		check_file();
		break;
	case 1:
		check_modes(dir_fd, DIR_NAME);
		SAFE_CHMOD(DIR_NAME, 0755);
		break;
	case 2:
		fsm_as_nobody(nobody_cases);
		break;
	case 3:
		TST_EXP_FAIL(fchmod(-1, 0644), EBADF, "fchmod(-1)");
		TST_EXP_FAIL(fchmod(path_fd, 0644), EBADF,
			     "fchmod() of an O_PATH fd");
		break;
	case 4:
		erofs();
		break;
	}
}

static struct tst_test test = {
	.tcnt = 5,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
};
