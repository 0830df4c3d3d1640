// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mknodat(2) errors of the directory fd and of names relative to it,
 * each with its exact errno:
 * - EBADF: a relative path with dirfd -1, with a closed fd number, and
 *   with an fd past the table;
 * - ENOTDIR: a relative path with dirfd a regular file, and with dirfd a
 *   pipe;
 * - EEXIST: a name that exists in the dirfd's directory (while the same
 *   name is free in the cwd);
 * - ENOENT: a missing component below dirfd, an empty path (no
 *   AT_EMPTY_PATH for mknodat);
 * - EPERM: S_IFDIR; EINVAL: S_IFLNK; EFAULT: an unmapped path;
 * - EACCES: nobody, with dirfd a directory it may not write, even though
 *   the fd was opened by root.
 */
#include <fcntl.h>
#include <limits.h>
#include "tst_test.h"
#include "fsmeta.h"

static int dir_fd = -1, ro_dir_fd = -1, file_fd = -1, closed_fd = -1;
static int pipe_fds[2] = { -1, -1 };
static void *bad;

static void check_dirfd(void)
{
	TST_EXP_FAIL(mknodat(-1, "new", S_IFIFO | 0600, 0), EBADF,
		     "mknodat(-1, relative path)");
	TST_EXP_FAIL(mknodat(closed_fd, "new", S_IFIFO | 0600, 0), EBADF,
		     "mknodat(closed fd %d, relative path)", closed_fd);
	TST_EXP_FAIL(mknodat(INT_MAX, "new", S_IFIFO | 0600, 0), EBADF,
		     "mknodat(INT_MAX, relative path)");
	TST_EXP_FAIL(mknodat(file_fd, "new", S_IFIFO | 0600, 0), ENOTDIR,
		     "mknodat(regular file fd, relative path)");
	TST_EXP_FAIL(mknodat(pipe_fds[0], "new", S_IFIFO | 0600, 0), ENOTDIR,
		     "mknodat(pipe fd, relative path)");
	TST_EXP_FAIL(access("new", F_OK), ENOENT, "no \"new\" was made");
}

static void check_names(void)
{
	TST_EXP_FAIL(mknodat(dir_fd, "exists", S_IFIFO | 0600, 0), EEXIST,
		     "mknodat(dir_fd) of a name existing in dir");
	TST_EXP_FAIL(mknodat(dir_fd, "missing/new", S_IFIFO | 0600, 0),
		     ENOENT, "mknodat(dir_fd) in a missing directory");
	TST_EXP_FAIL(mknodat(dir_fd, "", S_IFIFO | 0600, 0), ENOENT,
		     "mknodat(dir_fd) of an empty path");
	TST_EXP_FAIL(mknodat(dir_fd, "new", S_IFDIR | 0755, 0), EPERM,
		     "mknodat(dir_fd, S_IFDIR)");
	TST_EXP_FAIL(mknodat(dir_fd, "new", S_IFLNK | 0777, 0), EINVAL,
		     "mknodat(dir_fd, S_IFLNK)");
	TST_EXP_FAIL(mknodat(dir_fd, bad, S_IFIFO | 0600, 0), EFAULT,
		     "mknodat(dir_fd) of an unmapped path");
	TST_EXP_FAIL(access("dir/new", F_OK), ENOENT,
		     "no \"dir/new\" was made");
}

static void errors_nobody(void)
{
	TST_EXP_FAIL(mknodat(ro_dir_fd, "new", S_IFIFO | 0600, 0), EACCES,
		     "mknodat() as nobody in root's 0755 directory by fd");
}

static void check_nobody(void)
{
	fsm_as_nobody(errors_nobody);
}

static void (*const checks[])(void) = {
	check_dirfd, check_names, check_nobody,
};

static void run(unsigned int n)
{
	checks[n]();
}

static void setup(void)
{
	SAFE_MKDIR("dir", 0755);
	SAFE_MKDIR("rootdir", 0755);
	fsm_create_file("dir/exists", 0644, "x");
	fsm_create_file("file", 0644, "x");
	dir_fd = SAFE_OPEN("dir", O_RDONLY | O_DIRECTORY);
	ro_dir_fd = SAFE_OPEN("rootdir", O_RDONLY | O_DIRECTORY);
	file_fd = SAFE_OPEN("file", O_RDONLY);
	SAFE_PIPE(pipe_fds);
	/* a number that was an fd and is free again */
	closed_fd = SAFE_OPEN("file", O_RDONLY);
	if (close(closed_fd))
		tst_brk(TBROK | TERRNO, "close(%d)", closed_fd);
	bad = fsm_bad_addr();
}

static void cleanup(void)
{
	if (dir_fd >= 0)
		SAFE_CLOSE(dir_fd);
	if (ro_dir_fd >= 0)
		SAFE_CLOSE(ro_dir_fd);
	if (file_fd >= 0)
		SAFE_CLOSE(file_fd);
	if (pipe_fds[0] >= 0)
		SAFE_CLOSE(pipe_fds[0]);
	if (pipe_fds[1] >= 0)
		SAFE_CLOSE(pipe_fds[1]);
}

static struct tst_test test = {
	.tcnt = sizeof(checks) / sizeof(checks[0]),
	.test = run,
	.setup = setup,
	.needs_tmpdir = 1,
	.cleanup = cleanup,
	.forks_child = 1,
};
