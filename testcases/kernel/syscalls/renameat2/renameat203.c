// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * renameat(2) and renameat2(2) errors, each with its exact errno and the
 * tree unchanged (every name still holds its data, no new name appears),
 * on a tmpfs of the test's own in a private mount namespace. Rows with
 * flags 0 run through both calls, the others through renameat2() alone.
 * The order of the checks is that of fs/namei.c do_renameat2() and
 * vfs_rename() in 6.1 and 6.12:
 * - EXDEV to another tmpfs and to a bind mount of the same tmpfs, also
 *   for a missing old name (the mounts are compared before any lookup),
 *   and for RENAME_EXCHANGE;
 * - EBUSY for "." as the old name and ".." as the new one (EEXIST with
 *   RENAME_NOREPLACE), for a directory that is a mount point and onto a
 *   file that is one (a bind mount);
 * - EISDIR for a file onto a directory, ENOTDIR for a directory onto a
 *   file, for a trailing slash after a file's name (old or new), and for
 *   a file as a path component;
 * - ENOTEMPTY onto a non-empty directory and onto an ancestor of the old
 *   name; EINVAL for a directory into its own subdirectory, and for
 *   RENAME_EXCHANGE with an ancestor;
 * - ELOOP through a symlink loop, ENAMETOOLONG for a name of NAME_MAX + 1
 *   bytes and a path of PATH_MAX bytes, EFAULT for an unreadable path;
 * - EPERM for an immutable file (root), and as nobody in a sticky
 *   directory for root's file as the old and as the new name; EACCES as
 *   nobody in root's 0755 directory.
 * Syscalls: renameat, renameat2
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

static char long_new[PATH_MAX];
static void *bad;

#define BAD_PTR ((const char *)1)
#define LONG_NEW ((const char *)2)
#define LONG_PATH ((const char *)3)

static struct tcase {
	const char *old, *new;
	unsigned int flags;	/* 0: renameat() and renameat2() */
	int exp_errno;
	int nobody;
	const char *desc;
} tcases[] = {
	{ "mnt/f", "other/x", 0, EXDEV, 0, "to another tmpfs" },
	{ "mnt/f", "bindm/x", 0, EXDEV, 0, "to a bind mount of the same tmpfs" },
	{ "mnt/missing", "other/x", 0, EXDEV, 0,
	  "of a missing name to another tmpfs" },
	{ "mnt/f", "other/y", RENAME_EXCHANGE, EXDEV, 0,
	  "RENAME_EXCHANGE with a file of another tmpfs" },
	{ "mnt/.", "mnt/x", 0, EBUSY, 0, "of \".\"" },
	{ "mnt/f", "mnt/d/..", 0, EBUSY, 0, "onto \"..\"" },
	{ "mnt/f", "mnt/d/..", RENAME_NOREPLACE, EEXIST, 0,
	  "RENAME_NOREPLACE onto \"..\"" },
	{ "mnt/mp", "mnt/mp2", 0, EBUSY, 0, "of a mount point" },
	{ "mnt/g", "mnt/mpf", 0, EBUSY, 0, "onto a file that is a mount point" },
	{ "mnt/f", "mnt/d", 0, EISDIR, 0, "of a file onto a directory" },
	{ "mnt/d", "mnt/f", 0, ENOTDIR, 0, "of a directory onto a file" },
	{ "mnt/f/", "mnt/x", 0, ENOTDIR, 0, "of \"file/\"" },
	{ "mnt/f", "mnt/x/", 0, ENOTDIR, 0, "of a file to \"x/\"" },
	{ "mnt/f/x", "mnt/x", 0, ENOTDIR, 0, "with a file as a component" },
	{ "mnt/d", "mnt/full", 0, ENOTEMPTY, 0,
	  "onto a non-empty directory" },
	{ "mnt/d/sub", "mnt/d", 0, ENOTEMPTY, 0, "onto its own parent" },
	{ "mnt/d", "mnt/d/sub/x", 0, EINVAL, 0, "into its own subdirectory" },
	{ "mnt/d/sub", "mnt/d", RENAME_EXCHANGE, EINVAL, 0,
	  "RENAME_EXCHANGE with its own parent" },
	{ "mnt/loop_a/x", "mnt/x", 0, ELOOP, 0, "through a symlink loop" },
	{ "mnt/f", "mnt/loop_a/x", 0, ELOOP, 0, "to a symlink loop" },
	{ "mnt/f", LONG_NEW, 0, ENAMETOOLONG, 0, "to a too long name" },
	{ LONG_PATH, "mnt/x", 0, ENAMETOOLONG, 0, "of a too long path" },
	{ BAD_PTR, "mnt/x", 0, EFAULT, 0, "of an unreadable old path" },
	{ "mnt/f", BAD_PTR, 0, EFAULT, 0, "to an unreadable new path" },
	{ "mnt/imm", "mnt/x", 0, EPERM, 0, "of an immutable file" },
	{ "mnt/pub/rootf", "mnt/pub/x", 0, EPERM, 1,
	  "of root's file in a sticky directory, as nobody" },
	{ "mnt/pub/nobf", "mnt/pub/rootf", 0, EPERM, 1,
	  "onto root's file in a sticky directory, as nobody" },
	{ "mnt/f", "mnt/x", 0, EACCES, 1,
	  "in root's 0755 directory, as nobody" },
};

static const struct fsm_file files[] = {
	{ "mnt/f", "f" }, { "mnt/g", "g" }, { "mnt/mpf", "g" },
	{ "mnt/full/x", "x" }, { "mnt/imm", "i" }, { "mnt/pub/rootf", "r" },
	{ "mnt/pub/nobf", "n" }, { "other/y", "y" },
};

static const char *const dirs[] = {
	"mnt/d", "mnt/d/sub", "mnt/mp", "mnt/full", "mnt/pub",
};

static const char *const absent[] = {
	"mnt/x", "mnt/mp2", "mnt/pub/x", "mnt/d/sub/x", "other/x", "other/f",
};

static const char *arg(const char *p)
{
	if (p == BAD_PTR)
		return bad;
	if (p == LONG_NEW)
		return long_new;
	if (p == LONG_PATH)
		return fsm_long_path();
	return p;
}

static int tree_intact(void)
{
	return fsm_tree_intact(files, ARRAY_SIZE(files), dirs, ARRAY_SIZE(dirs),
			       absent, ARRAY_SIZE(absent));
}

static struct tcase *cur;

static void try_rename(void)
{
	struct tcase *tc = cur;
	const char *o = arg(tc->old), *n = arg(tc->new);

	if (!tc->flags)
		TST_EXP_FAIL(renameat(AT_FDCWD, o, AT_FDCWD, n), tc->exp_errno,
			     "renameat() %s", tc->desc);
	TST_EXP_FAIL(renameat2(AT_FDCWD, o, AT_FDCWD, n, tc->flags),
		     tc->exp_errno, "renameat2(flags 0x%x) %s", tc->flags,
		     tc->desc);
}

static void run(unsigned int n)
{
	cur = &tcases[n];
	if (cur->nobody)
		fsm_as_nobody(try_rename);
	else
		try_rename();
	TST_EXP_EXPR(tree_intact(), "the tree is unchanged");
}

static void setup(void)
{
	uid_t uid;
	gid_t gid;
	size_t i;

	bad = fsm_bad_addr();
	snprintf(long_new, sizeof(long_new), "mnt/%s", fsm_long_name());
	fsm_nobody_ids(&uid, &gid);

	mnt_private_ns();
	SAFE_MKDIR("mnt", 0755);
	SAFE_MKDIR("other", 0755);
	SAFE_MKDIR("bindm", 0755);
	SAFE_MOUNT("renameat203", "mnt", "tmpfs", 0, "size=1m,mode=0755");
	SAFE_MOUNT("renameat203", "other", "tmpfs", 0, "size=1m,mode=0755");
	SAFE_MOUNT("mnt", "bindm", NULL, MS_BIND, NULL);

	for (i = 0; i < ARRAY_SIZE(dirs); i++)
		SAFE_MKDIR(dirs[i], 0755);
	SAFE_CHMOD("mnt/pub", 01777);
	for (i = 0; i < ARRAY_SIZE(files); i++)
		fsm_create_file(files[i].path, 0644, files[i].data);
	SAFE_CHOWN("mnt/pub/nobf", uid, gid);
	/* two links naming each other, relative to their directory */
	FSM_SAFE(symlink("loop_b", "mnt/loop_a"));
	FSM_SAFE(symlink("loop_a", "mnt/loop_b"));
	tmpfs_iflag("mnt/imm", FS_IMMUTABLE_FL);
	SAFE_MOUNT("renameat203", "mnt/mp", "tmpfs", 0, "size=64k");
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
