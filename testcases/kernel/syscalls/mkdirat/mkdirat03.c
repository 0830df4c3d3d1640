// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mkdirat(2) and mknodat(2) (a FIFO) errors of the name to create, each
 * with its exact errno and nothing created, relative to a directory fd;
 * the order of the checks of fs/namei.c do_mkdirat(), do_mknodat() and
 * filename_create() in 6.1 and 6.12:
 * - ENAMETOOLONG for a name of NAME_MAX + 1 bytes and a path of PATH_MAX
 *   bytes, EFAULT for an unreadable path, ELOOP through a symlink loop,
 *   ENOENT below a missing directory;
 * - EEXIST for "." and ".." (not a plain name), and for a dangling
 *   symlink (not followed: its target is not created);
 * - mknodat() of "new/" is ENOENT (a trailing slash asks for a directory)
 *   while mkdirat() of it works; mknodat() with S_IFDIR is EPERM and with
 *   S_IFLNK is EINVAL even for an unreadable path (the mode is checked
 *   before the name);
 * - EACCES as nobody in root's 0755 directory and below root's 0700 one.
 * Syscalls: mkdirat, mknodat
 */
#include <fcntl.h>
#include <limits.h>
#include <string.h>
#include "tst_test.h"
#include "fsmeta.h"

static void *bad;
static int dfd = -1;

#define BAD_PTR ((const char *)1)
#define LONG_NAME ((const char *)2)
#define LONG_PATH ((const char *)3)

#define FIFO (S_IFIFO | 0600)

static struct tcase {
	int is_mkdir;
	const char *path;
	mode_t mode;		/* mknodat() only */
	int exp_errno;
	int nobody;
	const char *desc;
} tcases[] = {
	{ 1, LONG_NAME, 0, ENAMETOOLONG, 0, "a too long name" },
	{ 1, LONG_PATH, 0, ENAMETOOLONG, 0, "a too long path" },
	{ 1, BAD_PTR, 0, EFAULT, 0, "an unreadable path" },
	{ 1, "loop_a/new", 0, ELOOP, 0, "through a symlink loop" },
	{ 1, "missing/new", 0, ENOENT, 0, "below a missing directory" },
	{ 1, ".", 0, EEXIST, 0, "\".\"" },
	{ 1, "sub/..", 0, EEXIST, 0, "\"sub/..\"" },
	{ 1, "dangle", 0, EEXIST, 0, "a dangling symlink" },
	{ 1, "new", 0, EACCES, 1, "in root's 0755 directory" },
	{ 1, "priv/new", 0, EACCES, 1, "below root's 0700 directory" },
	{ 0, LONG_NAME, FIFO, ENAMETOOLONG, 0, "a too long name" },
	{ 0, LONG_PATH, FIFO, ENAMETOOLONG, 0, "a too long path" },
	{ 0, BAD_PTR, FIFO, EFAULT, 0, "an unreadable path" },
	{ 0, "loop_a/new", FIFO, ELOOP, 0, "through a symlink loop" },
	{ 0, "missing/new", FIFO, ENOENT, 0, "below a missing directory" },
	{ 0, ".", FIFO, EEXIST, 0, "\".\"" },
	{ 0, "sub/..", FIFO, EEXIST, 0, "\"sub/..\"" },
	{ 0, "dangle", FIFO, EEXIST, 0, "a dangling symlink" },
	{ 0, "new/", FIFO, ENOENT, 0, "\"new/\"" },
	{ 0, BAD_PTR, S_IFDIR | 0755, EPERM, 0,
	  "S_IFDIR, an unreadable path" },
	{ 0, BAD_PTR, S_IFLNK | 0777, EINVAL, 0,
	  "S_IFLNK, an unreadable path" },
	{ 0, "new", FIFO, EACCES, 1, "in root's 0755 directory" },
	{ 0, "priv/new", FIFO, EACCES, 1, "below root's 0700 directory" },
};

static const char *arg(const char *p)
{
	if (p == BAD_PTR)
		return bad;
	if (p == LONG_NAME)
		return fsm_long_name();
	if (p == LONG_PATH)
		return fsm_long_path();
	return p;
}

static struct tcase *cur;

static void try_create(void)
{
	const char *as = cur->nobody ? ", as nobody" : "";

	if (cur->is_mkdir)
		TST_EXP_FAIL(mkdirat(dfd, arg(cur->path), 0755),
			     cur->exp_errno, "mkdirat(%s%s)", cur->desc, as);
	else
		TST_EXP_FAIL(mknodat(dfd, arg(cur->path), cur->mode, 0),
			     cur->exp_errno, "mknodat(%s, mode 0%o%s)",
			     cur->desc, cur->mode, as);
}

static int created_nothing(void)
{
	static const char *const names[] = {
		"d/new", "d/priv/new", "d/nowhere", "d/missing",
	};
	struct stat st;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(names); i++) {
		if (!lstat(names[i], &st)) {
			tst_res(TINFO, "%s was created", names[i]);
			return 0;
		}
	}
	if (lstat("d/dangle", &st) || !S_ISLNK(st.st_mode))
		return 0;
	return 1;
}

static void run(unsigned int n)
{
	cur = &tcases[n];
	if (cur->nobody)
		fsm_as_nobody(try_create);
	else
		try_create();
	TST_EXP_EXPR(created_nothing(), "nothing was created");
	if (!strcmp(cur->desc, "\"new/\"")) {
		TST_EXP_PASS(mkdirat(dfd, "new/", 0755), "mkdirat(\"new/\")");
		SAFE_RMDIR("d/new");
	}
}

static void setup(void)
{
	bad = fsm_bad_addr();
	SAFE_MKDIR("d", 0755);
	SAFE_MKDIR("d/sub", 0755);
	SAFE_MKDIR("d/priv", 0700);
	FSM_SAFE(symlink("nowhere", "d/dangle"));
	FSM_SAFE(symlink("loop_b", "d/loop_a"));
	FSM_SAFE(symlink("loop_a", "d/loop_b"));
	dfd = SAFE_OPEN("d", O_RDONLY | O_DIRECTORY);
}

static void cleanup(void)
{
	if (dfd >= 0)
		SAFE_CLOSE(dfd);
}

static struct tst_test test = {
	.tcnt = ARRAY_SIZE(tcases),
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
};
