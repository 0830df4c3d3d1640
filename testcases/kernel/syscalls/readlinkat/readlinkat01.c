// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * readlinkat(2):
 * - a link named relative to dirfd, relative to the cwd for AT_FDCWD, and
 *   by an absolute path with an invalid dirfd is read back;
 * - an empty path reads the symlink an O_PATH | O_NOFOLLOW fd refers to,
 *   and is ENOENT for an fd that is not a symlink;
 * - EBADF for a relative name with dirfd -1, ENOTDIR for dirfd a regular
 *   file, EINVAL for a name that is not a symlink.
 * Runs once per filesystem of the matrix (ext2 ext3 ext4 xfs btrfs
 * vfat exfat ntfs3 tmpfs; .all_filesystems).
 */
#include <fcntl.h>
#include <limits.h>
#include "tst_test.h"
#include "fsmeta.h"

#define DIR_NAME "readlinkat01_dir"
#define TARGET "readlinkat01 target"

static int dir_fd = -1, file_fd = -1, link_fd = -1;
static char abs_path[PATH_MAX];
static char buf[64];

static void setup(void)
{
	SAFE_MKDIR(DIR_NAME, 0755);
	FSM_SAFE(symlink(TARGET, DIR_NAME "/link"));
	fsm_create_file(DIR_NAME "/file", 0644, "x");
	dir_fd = SAFE_OPEN(DIR_NAME, O_RDONLY | O_DIRECTORY);
	file_fd = SAFE_OPEN(DIR_NAME "/file", O_RDONLY);
	link_fd = SAFE_OPEN(DIR_NAME "/link", O_PATH | O_NOFOLLOW);
	if (!getcwd(abs_path, sizeof(abs_path) - 64))
		tst_brk(TBROK | TERRNO, "getcwd()");
	strcat(abs_path, "/" DIR_NAME "/link");
}

static void cleanup(void)
{
	if (dir_fd >= 0)
		SAFE_CLOSE(dir_fd);
	if (file_fd >= 0)
		SAFE_CLOSE(file_fd);
	if (link_fd >= 0)
		SAFE_CLOSE(link_fd);
}

static void expect_target(void)
{
	TST_EXP_EXPR(!memcmp(buf, TARGET, strlen(TARGET)),
		     "the target read back");
	memset(buf, 0, sizeof(buf));
}

static void check_success(void)
{
	TST_EXP_VAL(readlinkat(dir_fd, "link", buf, sizeof(buf)),
		    strlen(TARGET), "readlinkat(dirfd, \"link\")");
	expect_target();
	TST_EXP_VAL(readlinkat(AT_FDCWD, DIR_NAME "/link", buf, sizeof(buf)),
		    strlen(TARGET), "readlinkat(AT_FDCWD, \"dir/link\")");
	expect_target();
	TST_EXP_VAL(readlinkat(-1, abs_path, buf, sizeof(buf)),
		    strlen(TARGET), "readlinkat(-1, absolute path)");
	expect_target();
	TST_EXP_VAL(readlinkat(link_fd, "", buf, sizeof(buf)),
		    strlen(TARGET), "readlinkat(O_PATH link fd, \"\")");
	expect_target();
}

static void check_errors(void)
{
	TST_EXP_FAIL(readlinkat(file_fd, "", buf, sizeof(buf)), ENOENT,
		     "readlinkat(regular file fd, \"\")");
	TST_EXP_FAIL(readlinkat(-1, "link", buf, sizeof(buf)), EBADF,
		     "readlinkat() with dirfd -1");
	TST_EXP_FAIL(readlinkat(file_fd, "link", buf, sizeof(buf)), ENOTDIR,
		     "readlinkat() with dirfd a regular file");
	TST_EXP_FAIL(readlinkat(dir_fd, "file", buf, sizeof(buf)), EINVAL,
		     "readlinkat() of a regular file");
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
