// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * unlinkat(2) errors, each with its exact errno and the tree unchanged
 * (every file keeps its data, every directory stays), on a tmpfs of the
 * test's own in a private mount namespace; the order of the checks is
 * that of fs/namei.c do_unlinkat(), do_rmdir() and may_delete() in 6.1
 * and 6.12:
 * - EBUSY for a file that is a mount point (a bind mount), a directory
 *   that is one (AT_REMOVEDIR), and "/" with AT_REMOVEDIR;
 * - the last component "..": ENOTEMPTY with AT_REMOVEDIR, EISDIR
 *   without; "." with AT_REMOVEDIR: EINVAL;
 * - a trailing slash: ENOTDIR after a file's name, EISDIR after a
 *   directory's (flags 0), ENOENT after a missing name;
 * - EPERM for an immutable file, for a file in an append-only
 *   directory, and as nobody for root's file and root's directory in a
 *   sticky directory;
 * - EACCES as nobody in root's 0755 directory and below root's 0700 one;
 * - ELOOP through a symlink loop, ENAMETOOLONG for a name of NAME_MAX + 1
 *   bytes and a path of PATH_MAX bytes, EFAULT for an unreadable path,
 *   ENOENT for a missing name and for an empty path.
 */
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <sys/mount.h>
#include <linux/fs.h>
#include "tst_test.h"
#include "fsmeta.h"
#include "mount_ns.h"
#include "tmpfs_iflags.h"

static char long_name[PATH_MAX];
static void *bad;

#define BAD_PTR ((const char *)1)
#define LONG_NAME ((const char *)2)
#define LONG_PATH ((const char *)3)

static struct tcase {
	const char *path;
	int flags;
	int exp_errno;
	int nobody;
	const char *desc;
} tcases[] = {
	{ "mnt/mpf", 0, EBUSY, 0, "a file that is a mount point" },
	{ "mnt/mp", AT_REMOVEDIR, EBUSY, 0,
	  "a directory that is a mount point" },
	{ "/", AT_REMOVEDIR, EBUSY, 0, "\"/\"" },
	{ "mnt/d/..", AT_REMOVEDIR, ENOTEMPTY, 0, "\"d/..\"" },
	{ "mnt/d/..", 0, EISDIR, 0, "\"d/..\"" },
	{ "mnt/d/.", AT_REMOVEDIR, EINVAL, 0, "\"d/.\"" },
	{ "mnt/f/", 0, ENOTDIR, 0, "\"file/\"" },
	{ "mnt/d/", 0, EISDIR, 0, "\"dir/\"" },
	{ "mnt/missing/", 0, ENOENT, 0, "\"missing/\"" },
	{ "mnt/imm", 0, EPERM, 0, "an immutable file" },
	{ "mnt/adir/f", 0, EPERM, 0, "a file in an append-only directory" },
	{ "mnt/pub/rootf", 0, EPERM, 1,
	  "root's file in a sticky directory, as nobody" },
	{ "mnt/pub/rootd", AT_REMOVEDIR, EPERM, 1,
	  "root's directory in a sticky directory, as nobody" },
	{ "mnt/f", 0, EACCES, 1, "a file in root's 0755 directory, as nobody" },
	{ "mnt/d", AT_REMOVEDIR, EACCES, 1,
	  "a directory in root's 0755 directory, as nobody" },
	{ "mnt/priv/f", 0, EACCES, 1, "below root's 0700 directory, as nobody" },
	{ "mnt/loop_a/f", 0, ELOOP, 0, "through a symlink loop" },
	{ LONG_NAME, 0, ENAMETOOLONG, 0, "a too long name" },
	{ LONG_PATH, 0, ENAMETOOLONG, 0, "a too long path" },
	{ BAD_PTR, 0, EFAULT, 0, "an unreadable path" },
	{ "mnt/missing", 0, ENOENT, 0, "a missing name" },
	{ "", 0, ENOENT, 0, "an empty path" },
};

static const struct fsm_file files[] = {
	{ "mnt/f", "f" }, { "mnt/g", "g" }, { "mnt/mpf", "g" },
	{ "mnt/imm", "i" }, { "mnt/adir/f", "a" }, { "mnt/pub/rootf", "r" },
	{ "mnt/priv/f", "p" },
};

static const char *const dirs[] = {
	"mnt/d", "mnt/mp", "mnt/adir", "mnt/pub", "mnt/pub/rootd", "mnt/priv",
};

static const char *arg(const char *p)
{
	if (p == BAD_PTR)
		return bad;
	if (p == LONG_NAME)
		return long_name;
	if (p == LONG_PATH)
		return fsm_long_path();
	return p;
}

static int tree_intact(void)
{
	return fsm_tree_intact(files, ARRAY_SIZE(files), dirs, ARRAY_SIZE(dirs),
			       NULL, 0);
}

static struct tcase *cur;

static void try_unlink(void)
{
	TST_EXP_FAIL(unlinkat(AT_FDCWD, arg(cur->path), cur->flags),
		     cur->exp_errno, "unlinkat(%s, %s)", cur->desc,
		     cur->flags ? "AT_REMOVEDIR" : "0");
}

static void run(unsigned int n)
{
	cur = &tcases[n];
	if (cur->nobody)
		fsm_as_nobody(try_unlink);
	else
		try_unlink();
	TST_EXP_EXPR(tree_intact(), "the tree is unchanged");
}

static void setup(void)
{
	size_t i;

	bad = fsm_bad_addr();
	snprintf(long_name, sizeof(long_name), "mnt/%s", fsm_long_name());

	mnt_private_ns();
	SAFE_MKDIR("mnt", 0755);
	SAFE_MOUNT("unlinkat02", "mnt", "tmpfs", 0, "size=1m,mode=0755");
	for (i = 0; i < ARRAY_SIZE(dirs); i++)
		SAFE_MKDIR(dirs[i], 0755);
	SAFE_CHMOD("mnt/pub", 01777);
	SAFE_CHMOD("mnt/priv", 0700);
	for (i = 0; i < ARRAY_SIZE(files); i++)
		fsm_create_file(files[i].path, 0644, files[i].data);
	/* two links naming each other, relative to their directory */
	FSM_SAFE(symlink("loop_b", "mnt/loop_a"));
	FSM_SAFE(symlink("loop_a", "mnt/loop_b"));
	tmpfs_iflag("mnt/imm", FS_IMMUTABLE_FL);
	tmpfs_iflag("mnt/adir", FS_APPEND_FL);
	SAFE_MOUNT("unlinkat02", "mnt/mp", "tmpfs", 0, "size=64k");
	SAFE_MOUNT("mnt/g", "mnt/mpf", NULL, MS_BIND, NULL);
}

static struct tst_test test = {
	.tcnt = ARRAY_SIZE(tcases),
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
};
