// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mknodat(2) resolves a relative path from dirfd:
 * - a FIFO, a regular file and a character device (1:3) made relative to
 *   a directory fd land in that directory (not in the cwd) with the mode
 *   and st_rdev asked for;
 * - an O_PATH directory fd works as well;
 * - AT_FDCWD means the cwd;
 * - an absolute path ignores dirfd, even an invalid one (-1) or one that
 *   is a regular file;
 * - the directory fd keeps naming its directory after a rename of it.
 * Character devices need CAP_MKNOD: without it that case is TCONF.
 */
#include <fcntl.h>
#include <limits.h>
#include <sys/sysmacros.h>
#include <linux/capability.h>
#include "tst_test.h"
#include "cap_check.h"
#include "fsmeta.h"

static int dir_fd = -1, path_fd = -1, file_fd = -1;
static char abs_dir[PATH_MAX];

static void expect_node(const char *path, mode_t mode, dev_t rdev)
{
	struct stat st;

	SAFE_STAT(path, &st);
	TST_EXP_EXPR(st.st_mode == mode && st.st_rdev == rdev,
		     "%s: st_mode 0%o (want 0%o), st_rdev %u:%u (want %u:%u)",
		     path, (unsigned int)st.st_mode, (unsigned int)mode,
		     major(st.st_rdev), minor(st.st_rdev), major(rdev),
		     minor(rdev));
	SAFE_UNLINK(path);
}

static void check_dirfd(void)
{
	TST_EXP_PASS(mknodat(dir_fd, "fifo", S_IFIFO | 0640, 0),
		     "mknodat(dir_fd, fifo, S_IFIFO)");
	TST_EXP_FAIL(access("fifo", F_OK), ENOENT, "no fifo in the cwd");
	expect_node("dir/fifo", S_IFIFO | 0640, 0);
	TST_EXP_PASS(mknodat(dir_fd, "reg", S_IFREG | 0600, 0),
		     "mknodat(dir_fd, reg, S_IFREG)");
	expect_node("dir/reg", S_IFREG | 0600, 0);
	if (!has_effective_cap(CAP_MKNOD)) {
		tst_res(TCONF, "no CAP_MKNOD: no character device is made");
		return;
	}
	TST_EXP_PASS(mknodat(dir_fd, "chr", S_IFCHR | 0600, makedev(1, 3)),
		     "mknodat(dir_fd, chr, S_IFCHR, 1:3)");
	expect_node("dir/chr", S_IFCHR | 0600, makedev(1, 3));
}

static void check_opath(void)
{
	TST_EXP_PASS(mknodat(path_fd, "fifo", S_IFIFO | 0600, 0),
		     "mknodat(O_PATH dir fd, fifo)");
	expect_node("dir/fifo", S_IFIFO | 0600, 0);
}

static void check_cwd(void)
{
	TST_EXP_PASS(mknodat(AT_FDCWD, "fifo", S_IFIFO | 0600, 0),
		     "mknodat(AT_FDCWD, fifo)");
	expect_node("fifo", S_IFIFO | 0600, 0);
}

static void check_absolute(void)
{
	char path[PATH_MAX + 16];

	snprintf(path, sizeof(path), "%s/abs1", abs_dir);
	TST_EXP_PASS(mknodat(-1, path, S_IFIFO | 0600, 0),
		     "mknodat(-1, absolute path)");
	expect_node("dir/abs1", S_IFIFO | 0600, 0);
	snprintf(path, sizeof(path), "%s/abs2", abs_dir);
	TST_EXP_PASS(mknodat(file_fd, path, S_IFIFO | 0600, 0),
		     "mknodat(regular file fd, absolute path)");
	expect_node("dir/abs2", S_IFIFO | 0600, 0);
}

static void check_renamed(void)
{
	FSM_SAFE(rename("dir", "dir_moved"));
	TST_EXP_PASS(mknodat(dir_fd, "fifo", S_IFIFO | 0600, 0),
		     "mknodat(dir_fd, fifo) after the directory was renamed");
	expect_node("dir_moved/fifo", S_IFIFO | 0600, 0);
	FSM_SAFE(rename("dir_moved", "dir"));
}

static void (*const checks[])(void) = {
	check_dirfd, check_opath, check_cwd, check_absolute, check_renamed,
};

static void run(unsigned int n)
{
	checks[n]();
}

static void setup(void)
{
	umask(022);
	SAFE_MKDIR("dir", 0755);
	fsm_create_file("file", 0644, "x");
	dir_fd = SAFE_OPEN("dir", O_RDONLY | O_DIRECTORY);
	path_fd = SAFE_OPEN("dir", O_PATH | O_DIRECTORY);
	file_fd = SAFE_OPEN("file", O_RDONLY);
	if (!realpath("dir", abs_dir))
		tst_brk(TBROK | TERRNO, "realpath(dir)");
}

static void cleanup(void)
{
	if (dir_fd >= 0)
		SAFE_CLOSE(dir_fd);
	if (path_fd >= 0)
		SAFE_CLOSE(path_fd);
	if (file_fd >= 0)
		SAFE_CLOSE(file_fd);
}

static struct tst_test test = {
	.tcnt = sizeof(checks) / sizeof(checks[0]),
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_tmpdir = 1,
};
