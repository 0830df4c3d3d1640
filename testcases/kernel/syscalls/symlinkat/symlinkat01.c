// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * symlinkat(2):
 * - the link name is relative to newdirfd (or the cwd for AT_FDCWD, or
 *   absolute), while the target string is stored verbatim and later
 *   resolved from the link's directory, never from newdirfd at creation;
 * - EBADF for a relative link name with newdirfd -1, ENOTDIR for newdirfd
 *   a regular file, EEXIST for an existing name, ENOENT below a missing
 *   directory.
 * Runs once per filesystem of the matrix (ext2 ext3 ext4 xfs btrfs
 * vfat exfat ntfs3 tmpfs; .all_filesystems).
 */
#include <fcntl.h>
#include <limits.h>
#include "tst_test.h"
#include "fsmeta.h"

#define DIR_NAME "symlinkat01_dir"

static int dir_fd = -1, file_fd = -1;
static char abs_link[PATH_MAX];

static void setup(void)
{
	SAFE_MKDIR(DIR_NAME, 0755);
	fsm_create_file(DIR_NAME "/inner", 0644, "inner");
	fsm_create_file("symlinkat01_outer", 0644, "outer");
	dir_fd = SAFE_OPEN(DIR_NAME, O_RDONLY | O_DIRECTORY);
	file_fd = SAFE_OPEN("symlinkat01_outer", O_RDONLY);
	if (!getcwd(abs_link, sizeof(abs_link) - 64))
		tst_brk(TBROK | TERRNO, "getcwd()");
	strcat(abs_link, "/" DIR_NAME "/abs");
}

static void cleanup(void)
{
	if (dir_fd >= 0)
		SAFE_CLOSE(dir_fd);
	if (file_fd >= 0)
		SAFE_CLOSE(file_fd);
}

static void expect_reads(const char *path, const char *data)
{
	char buf[16] = "";
	int fd = open(path, O_RDONLY);

	if (fd >= 0) {
		SAFE_READ(0, fd, buf, sizeof(buf) - 1);
		SAFE_CLOSE(fd);
	}
	TST_EXP_EXPR(!strcmp(buf, data), "%s leads to \"%s\" (read \"%s\")",
		     path, data, buf);
}

static void check_success(void)
{
	TST_EXP_PASS(symlinkat("inner", dir_fd, "rel"),
		     "symlinkat(\"inner\", dirfd, \"rel\")");
	expect_reads(DIR_NAME "/rel", "inner");
	TST_EXP_PASS(symlinkat("inner", AT_FDCWD, DIR_NAME "/cwd"),
		     "symlinkat(\"inner\", AT_FDCWD, \"dir/cwd\")");
	expect_reads(DIR_NAME "/cwd", "inner");
	TST_EXP_PASS(symlinkat("../symlinkat01_outer", -1, abs_link),
		     "symlinkat(\"../outer\", -1, absolute path)");
	expect_reads(DIR_NAME "/abs", "outer");
	FSM_SAFE(unlinkat(dir_fd, "rel", 0));
	FSM_SAFE(unlinkat(dir_fd, "cwd", 0));
	FSM_SAFE(unlinkat(dir_fd, "abs", 0));
}

static void check_errors(void)
{
	struct stat st;

	TST_EXP_FAIL(symlinkat("x", -1, "l"), EBADF,
		     "symlinkat() with newdirfd -1");
	TST_EXP_FAIL(symlinkat("x", file_fd, "l"), ENOTDIR,
		     "symlinkat() with newdirfd a regular file");
	TST_EXP_FAIL(symlinkat("x", dir_fd, "inner"), EEXIST,
		     "symlinkat() onto an existing name");
	TST_EXP_FAIL(symlinkat("x", dir_fd, "missing/l"), ENOENT,
		     "symlinkat() below a missing directory");
	TST_EXP_FAIL(lstat("l", &st), ENOENT, "nothing created in the cwd");
}

static void run(unsigned int n)
{
	if (n == 0)
		check_success();
	else
		check_errors();
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.all_filesystems = 1,
	.skip_filesystems = (const struct tst_fs_skip[]) {
		{"vfat", "FAT has no symbolic links (EPERM)"},
		{"exfat", "exFAT has no symbolic links (EPERM)"},
		{}
	},
};
