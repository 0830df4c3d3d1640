// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fstatat(2) (newfstatat) resolves names as documented:
 * - a relative name against dirfd, and against the cwd for AT_FDCWD;
 * - an absolute name ignores dirfd, even an invalid one;
 * - AT_SYMLINK_NOFOLLOW reports the link, without it the target;
 * - AT_EMPTY_PATH with "" reports dirfd itself: a regular file opened
 *   O_RDONLY, an O_PATH fd, an O_PATH|O_NOFOLLOW fd of a symlink (the
 *   link), and the cwd for AT_FDCWD.
 * Each result is compared with stat()/lstat() of the same object.
 */
#include <fcntl.h>
#include <limits.h>
#include "tst_test.h"
#include "fsmeta.h"

#define DIR_NAME "fstatat01_dir"
#define FILE_NAME "file"
#define LINK_NAME "link"
#define FILE_PATH DIR_NAME "/" FILE_NAME
#define LINK_PATH DIR_NAME "/" LINK_NAME

static int dir_fd = -1, file_fd = -1, path_fd = -1, link_fd = -1;
static char abs_path[PATH_MAX];
static struct stat file_st, link_st, dir_st, cwd_st;

static void setup(void)
{
	SAFE_MKDIR(DIR_NAME, 0755);
	fsm_create_file(FILE_PATH, 0640, "fstatat01");
	FSM_SAFE(symlink(FILE_NAME, LINK_PATH));
	dir_fd = SAFE_OPEN(DIR_NAME, O_RDONLY | O_DIRECTORY);
	file_fd = SAFE_OPEN(FILE_PATH, O_RDONLY);
	path_fd = SAFE_OPEN(FILE_PATH, O_PATH);
	link_fd = SAFE_OPEN(LINK_PATH, O_PATH | O_NOFOLLOW);
	if (!getcwd(abs_path, sizeof(abs_path) - sizeof(FILE_PATH) - 1))
		tst_brk(TBROK | TERRNO, "getcwd()");
	strcat(abs_path, "/" FILE_PATH);
	SAFE_STAT(FILE_PATH, &file_st);
	FSM_SAFE(lstat(LINK_PATH, &link_st));
	SAFE_STAT(DIR_NAME, &dir_st);
	SAFE_STAT(".", &cwd_st);
}

static void cleanup(void)
{
	if (dir_fd >= 0)
		SAFE_CLOSE(dir_fd);
	if (file_fd >= 0)
		SAFE_CLOSE(file_fd);
	if (path_fd >= 0)
		SAFE_CLOSE(path_fd);
	if (link_fd >= 0)
		SAFE_CLOSE(link_fd);
}

static struct tcase {
	int *dirfd;
	int fdcwd;		/* use AT_FDCWD instead of *dirfd */
	const char *name;	/* NULL: abs_path */
	int flags;
	struct stat *exp;
	const char *desc;
} tcases[] = {
	{ &dir_fd, 0, FILE_NAME, 0, &file_st, "a name relative to dirfd" },
	{ NULL, 1, FILE_PATH, 0, &file_st, "AT_FDCWD and a relative path" },
	{ NULL, 0, NULL, 0, &file_st, "an absolute path and dirfd 9999" },
	{ &dir_fd, 0, LINK_NAME, 0, &file_st, "a symlink, followed" },
	{ &dir_fd, 0, LINK_NAME, AT_SYMLINK_NOFOLLOW, &link_st,
	  "a symlink with AT_SYMLINK_NOFOLLOW" },
	{ &file_fd, 0, "", AT_EMPTY_PATH, &file_st,
	  "AT_EMPTY_PATH on an O_RDONLY fd" },
	{ &path_fd, 0, "", AT_EMPTY_PATH, &file_st,
	  "AT_EMPTY_PATH on an O_PATH fd" },
	{ &link_fd, 0, "", AT_EMPTY_PATH, &link_st,
	  "AT_EMPTY_PATH on an O_PATH|O_NOFOLLOW fd of a symlink" },
	{ &dir_fd, 0, "", AT_EMPTY_PATH, &dir_st,
	  "AT_EMPTY_PATH on a directory fd" },
	{ NULL, 1, "", AT_EMPTY_PATH, &cwd_st, "AT_EMPTY_PATH and AT_FDCWD" },
};

static void run(unsigned int n)
{
	struct tcase *tc = &tcases[n];
	int dfd = tc->fdcwd ? AT_FDCWD : tc->dirfd ? *tc->dirfd : 9999;
	const char *name = tc->name ? tc->name : abs_path;
	struct stat st;

	TST_EXP_PASS(fstatat(dfd, name, &st, tc->flags), "fstatat() with %s",
		     tc->desc);
	if (!TST_PASS)
		return;
	TST_EXP_EXPR(st.st_dev == tc->exp->st_dev &&
		     st.st_ino == tc->exp->st_ino &&
		     st.st_mode == tc->exp->st_mode &&
		     st.st_size == tc->exp->st_size,
		     "%s: inode %lu mode %o size %ld, expected %lu %o %ld",
		     tc->desc, (unsigned long)st.st_ino, st.st_mode,
		     (long)st.st_size, (unsigned long)tc->exp->st_ino,
		     tc->exp->st_mode, (long)tc->exp->st_size);
}

static struct tst_test test = {
	.tcnt = sizeof(tcases) / sizeof(tcases[0]),
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_tmpdir = 1,
};
