// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * renameat(2) resolves each name against its own dirfd:
 * - a file moves from one dirfd's directory to another's (same inode);
 * - AT_FDCWD for either side uses the cwd, an absolute name ignores its
 *   dirfd;
 * - EBADF for olddirfd -1 and for newdirfd -1 with relative names,
 *   ENOTDIR for a dirfd that is a regular file, ENOENT for a name missing
 *   below olddirfd; the file stays where it was;
 * - below a dirfd on a read-only tmpfs (ro_tmpfs.h, mounted on the
 *   filesystem under test): EROFS for a file, onto an existing directory,
 *   and for a missing source (the mount is checked before the names are
 *   looked up); EXDEV from there to the writable mount, EBUSY for
 *   "dir/.." as the source, ENOENT for a missing parent (all checked
 *   before the mount); nothing on it changes.
 * Runs once per filesystem of the matrix (ext2 ext3 ext4 xfs btrfs
 * vfat exfat ntfs3 tmpfs; .all_filesystems).
 */
#include <fcntl.h>
#include <limits.h>
#include "tst_test.h"
#include "fsmeta.h"
#include "ro_tmpfs.h"

#define DIR_A "renameat01_a"
#define DIR_B "renameat01_b"

static int a_fd = -1, b_fd = -1, file_fd = -1;
static char abs_b[PATH_MAX];

static void setup(void)
{
	rofs_setup();
	SAFE_MKDIR(DIR_A, 0755);
	SAFE_MKDIR(DIR_B, 0755);
	fsm_create_file(DIR_A "/file", 0644, "x");
	a_fd = SAFE_OPEN(DIR_A, O_RDONLY | O_DIRECTORY);
	b_fd = SAFE_OPEN(DIR_B, O_RDONLY | O_DIRECTORY);
	file_fd = SAFE_OPEN(DIR_A "/file", O_RDONLY);
	if (!getcwd(abs_b, sizeof(abs_b) - 64))
		tst_brk(TBROK | TERRNO, "getcwd()");
	strcat(abs_b, "/" DIR_B "/abs");
}

static void cleanup(void)
{
	if (a_fd >= 0)
		SAFE_CLOSE(a_fd);
	if (b_fd >= 0)
		SAFE_CLOSE(b_fd);
	if (file_fd >= 0)
		SAFE_CLOSE(file_fd);
	rofs_cleanup();
}

static ino_t ino_at(int dfd, const char *name)
{
	struct stat st;

	if (fstatat(dfd, name, &st, 0))
		return 0;
	return st.st_ino;
}

static void check_success(void)
{
	ino_t ino = ino_at(a_fd, "file");

	TST_EXP_PASS(renameat(a_fd, "file", b_fd, "moved"),
		     "renameat(a, \"file\", b, \"moved\")");
	TST_EXP_EXPR(ino_at(b_fd, "moved") == ino && !ino_at(a_fd, "file"),
		     "the inode moved from a/file to b/moved");
	TST_EXP_PASS(renameat(AT_FDCWD, DIR_B "/moved", a_fd, "back"),
		     "renameat(AT_FDCWD, \"b/moved\", a, \"back\")");
	TST_EXP_EQ_LU(ino_at(a_fd, "back"), ino);
	TST_EXP_PASS(renameat(a_fd, "back", -1, abs_b),
		     "renameat(a, \"back\", -1, absolute path)");
	TST_EXP_EQ_LU(ino_at(b_fd, "abs"), ino);
	FSM_SAFE(renameat(b_fd, "abs", a_fd, "file"));
}

static void check_errors(void)
{
	ino_t ino = ino_at(a_fd, "file");

	TST_EXP_FAIL(renameat(-1, "file", b_fd, "x"), EBADF,
		     "renameat() with olddirfd -1");
	TST_EXP_FAIL(renameat(a_fd, "file", -1, "x"), EBADF,
		     "renameat() with newdirfd -1");
	TST_EXP_FAIL(renameat(file_fd, "file", b_fd, "x"), ENOTDIR,
		     "renameat() with olddirfd a regular file");
	TST_EXP_FAIL(renameat(a_fd, "file", file_fd, "x"), ENOTDIR,
		     "renameat() with newdirfd a regular file");
	TST_EXP_FAIL(renameat(b_fd, "file", a_fd, "x"), ENOENT,
		     "renameat() of a name missing below olddirfd");
	TST_EXP_EXPR(ino_at(a_fd, "file") == ino && !ino_at(b_fd, "x") &&
		     !ino_at(a_fd, "x"), "the file stayed where it was");
}

static void check_erofs(void)
{
	int ro;

	if (!rofs_ready())
		return;
	ro = SAFE_OPEN(RO_DIR, O_RDONLY | O_DIRECTORY);
	TST_EXP_FAIL(renameat(ro, "file", ro, "new"), EROFS,
		     "renameat() of a file on a ro fs");
	TST_EXP_FAIL(renameat(ro, "file", ro, "dir"), EROFS,
		     "renameat() of a file onto a directory on a ro fs");
	TST_EXP_FAIL(renameat(ro, "missing", ro, "new"), EROFS,
		     "renameat() of a missing name on a ro fs");
	TST_EXP_FAIL(renameat(ro, "dir/..", ro, "new"), EBUSY,
		     "renameat(\"dir/..\") on a ro fs");
	TST_EXP_FAIL(renameat(ro, "missing/x", ro, "new"), ENOENT,
		     "renameat() in a missing directory of a ro fs");
	TST_EXP_FAIL(renameat(ro, "file", a_fd, "x"), EXDEV,
		     "renameat() from a ro fs to the writable one");
	TST_EXP_EXPR(!ino_at(a_fd, "x"), "nothing arrived on the writable "
		     "filesystem");
	SAFE_CLOSE(ro);
	rofs_unchanged();
}

static void run(unsigned int n)
{
	if (n == 0)
		check_success();
	else if (n == 1)
		check_errors();
	else
		check_erofs();
}

static struct tst_test test = {
	.tcnt = 3,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.all_filesystems = 1,
};
