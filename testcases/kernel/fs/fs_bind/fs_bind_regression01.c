// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Bind, recursive bind and move of mounts that no propagation touches
 * (all private), the plain cases a propagation bug could still break:
 * - a bind of a mount shows its content on the target, and the target
 *   is a private mount of the same filesystem;
 * - a recursive bind of a mount with a submount shows the submount on
 *   the copy; a plain bind of the same does not;
 * - a move of a mount with a submount takes the submount along and
 *   leaves nothing on the old place;
 * - an umount of each leaves the source and the other copies alone.
 * Each check looks at a tag file on the path and at the mount's line in
 * /proc/self/mountinfo. Every case runs in a child in a private mount
 * namespace of its own, on tmpfs instances in the test's tmpdir:
 * nothing is visible outside it.
 */
#include "fs_bind.h"

static const struct fsb_step bind_one[] = {
	S_DIR("dir"),
	S_BIND("d1", "dir"),
	C_SEES("dir", 1),
	C_SAME("dir", "d1"),
	C_TYPE("dir", FSB_T_PRIVATE),
	C_NMNT("dir", 1),
	S_UMOUNT("dir"),
	C_NMNT("dir", 0),
	C_NOT("dir", 1),
	C_SEES("d1", 1),
	S_END,
};

static const struct fsb_step rbind_one[] = {
	S_DIR("dir1"),
	S_DIR("dir2"),
	S_DIR("dir3"),
	S_BIND("d1", "dir1"),
	S_BIND("d2", "dir1/a"),
	S_RBIND("dir1", "dir2"),
	C_SEES("dir2", 1),
	C_SEES("dir2/a", 2),
	C_TYPE("dir2/a", FSB_T_PRIVATE),
	S_BIND("dir1", "dir3"),
	C_SEES("dir3", 1),
	C_NOT("dir3/a", 2),
	S_UMOUNT("dir1/a"),
	C_SEES("dir2/a", 2),
	S_UMOUNT("dir2/a"),
	S_UMOUNT("dir2"),
	C_NMNT("dir2", 0),
	C_SEES("dir1", 1),
	S_END,
};

static const struct fsb_step move_one[] = {
	S_DIR("dir1"),
	S_DIR("dir2"),
	S_BIND("d1", "dir1"),
	S_BIND("d2", "dir1/a"),
	S_MOVE("dir1", "dir2"),
	C_NMNT("dir1", 0),
	C_NOT("dir1", 1),
	C_SEES("dir2", 1),
	C_SEES("dir2/a", 2),
	C_SAME("dir2/a", "d2"),
	S_UMOUNT("dir2/a"),
	S_UMOUNT("dir2"),
	C_NMNT("dir2", 0),
	C_SEES("d2", 2),
	S_END,
};

static const struct fsb_case cases[] = {
	{"regression: bind a private mount", bind_one},
	{"regression: rbind a private mount with a submount", rbind_one},
	{"regression: move a private mount with a submount", move_one},
};

static void run(unsigned int n)
{
	fsb_run_case(&cases[n], NULL);
}

static struct tst_test test = {
	.tcnt = ARRAY_SIZE(cases),
	.test = run,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
};
