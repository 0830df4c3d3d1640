// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * MS_MOVE and mount propagation (do_move_mount(), attach_recursive_mnt()
 * in fs/namespace.c):
 * - the matrix of a mount of each type, shared, private, slave and
 *   unbindable, with a submount, moved under a parent of each type: an
 *   unbindable mount under a shared parent fails with EINVAL and stays
 *   where it was; otherwise the mount and its submount leave the old
 *   place and show at the new one, the mount keeps its peers and master
 *   and becomes shared (in a new peer group unless it had one) under a
 *   shared parent, whose peer gets a copy, while a slave parent's
 *   master gets none; mounts made afterwards under its peer or master
 *   still reach it, and its own reach its peers;
 * - errors: EINVAL moving a mount whose parent is shared, moving a tree
 *   with an unbindable submount under a shared parent, moving a path
 *   that is not the root of a mount, and moving a directory mount onto a
 *   file; ELOOP moving a mount onto a directory inside itself;
 * - a private tree with a shared, a slave and an unbindable submount
 *   moved under a private parent: each submount keeps its type, peers
 *   and master;
 * - a shared mount moved under a mount of its own peer group: the peer
 *   gets a copy of it in turn, and later mounts show on all three.
 * Each check looks at a tag file on the path and at the mount's line in
 * /proc/self/mountinfo. Every case runs in a child in a private mount
 * namespace of its own, on tmpfs instances in the test's tmpdir:
 * nothing is visible outside it.
 */
#include "fs_bind.h"

/* One cell: the moved mount's type, the parent's, the errno, new type */
struct cell {
	int child, parent;
	int err;
	int type;
};

static const struct cell cells[] = {
	{FSB_SHARED, FSB_SHARED, 0, FSB_T_SHARED},
	{FSB_SHARED, FSB_PRIVATE, 0, FSB_T_SHARED},
	{FSB_SHARED, FSB_SLAVE, 0, FSB_T_SHARED},
	{FSB_SHARED, FSB_UNBINDABLE, 0, FSB_T_SHARED},
	{FSB_PRIVATE, FSB_SHARED, 0, FSB_T_SHARED},
	{FSB_PRIVATE, FSB_PRIVATE, 0, FSB_T_PRIVATE},
	{FSB_PRIVATE, FSB_SLAVE, 0, FSB_T_PRIVATE},
	{FSB_PRIVATE, FSB_UNBINDABLE, 0, FSB_T_PRIVATE},
	{FSB_SLAVE, FSB_SHARED, 0, FSB_T_SHSLAVE},
	{FSB_SLAVE, FSB_PRIVATE, 0, FSB_T_SLAVE},
	{FSB_SLAVE, FSB_SLAVE, 0, FSB_T_SLAVE},
	{FSB_SLAVE, FSB_UNBINDABLE, 0, FSB_T_SLAVE},
	{FSB_UNBINDABLE, FSB_SHARED, EINVAL, 0},
	{FSB_UNBINDABLE, FSB_PRIVATE, 0, FSB_T_UNBINDABLE},
	{FSB_UNBINDABLE, FSB_SLAVE, 0, FSB_T_UNBINDABLE},
	{FSB_UNBINDABLE, FSB_UNBINDABLE, 0, FSB_T_UNBINDABLE},
};

/*
 * The moved mount "m" (disk 1, submount disk 2 on m/a) sits on a
 * directory of the private sandbox, so its parent is not shared; s1 is
 * its peer (shared) or master (slave).
 */
static void add_moved(int t)
{
	ADD(S_DIR("m"));
	ADD(S_DIR("s1"));
	switch (t) {
	case FSB_SHARED:
		ADD(S_BIND("d1", "m"));
		ADD(S_PROP("m", MS_SHARED));
		ADD(S_BIND("m", "s1"));
		break;
	case FSB_PRIVATE:
		ADD(S_BIND("d1", "m"));
		break;
	case FSB_SLAVE:
		ADD(S_BIND("d1", "s1"));
		ADD(S_PROP("s1", MS_SHARED));
		ADD(S_BIND("s1", "m"));
		ADD(S_PROP("m", MS_SLAVE));
		break;
	case FSB_UNBINDABLE:
		ADD(S_BIND("d1", "m"));
		ADD(S_PROP("m", MS_UNBINDABLE));
		break;
	}
	ADD(S_BIND("d2", "m/a"));
	ADD(C_TYPE("m", fsb_mtype[t]));
}

static void build_cell(const struct cell *c)
{
	fsb_nsteps = 0;
	add_moved(c->child);
	fsb_add_parent(c->parent);
	ADD(S_DIR("p2/c2"));

	if (c->err) {
		ADD(S_MOVE_E("m", "p2/c2", c->err));
		ADD(C_SEES("m", 1));
		ADD(C_SEES("m/a", 2));
		ADD(C_NMNT("p2/c2", 0));
		return;
	}

	ADD(S_MOVE("m", "p2/c2"));
	ADD(C_NMNT("m", 0));
	ADD(C_NOT("m", 1));
	ADD(C_SEES("p2/c2", 1));
	ADD(C_SEES("p2/c2/a", 2));
	ADD(C_TYPE("p2/c2", c->type));
	if (c->child == FSB_SHARED)
		ADD(C_PEER("p2/c2", "s1"));
	if (c->child == FSB_SLAVE)
		ADD(C_SLAVE("p2/c2", "s1"));
	if (c->parent == FSB_SHARED) {
		ADD(C_SEES("s2/c2", 1));
		ADD(C_SEES("s2/c2/a", 2));
		ADD(C_PEER("s2/c2", "p2/c2"));
	}
	if (c->parent == FSB_SLAVE)
		ADD(C_NOT("s2/c2", 1));

	/* The peer or master still reaches the moved mount */
	if (c->child == FSB_SHARED || c->child == FSB_SLAVE) {
		ADD(S_BIND("d3", "s1/b"));
		ADD(C_SEES("p2/c2/b", 3));
		if (c->parent == FSB_SHARED)
			ADD(C_SEES("s2/c2/b", 3));
	}

	/* Its own mounts reach its peers, not its master */
	ADD(S_BIND("d4", "p2/c2/c"));
	if (c->child == FSB_SHARED)
		ADD(C_SEES("s1/c", 4));
	if (c->child == FSB_SLAVE)
		ADD(C_NOT("s1/c", 4));
	if (c->parent == FSB_SHARED)
		ADD(C_SEES("s2/c2/c", 4));
}

static const struct fsb_step errors[] = {
	/* The parent of the moved mount is shared */
	S_MKB("sh", MS_SHARED | MS_REC),
	S_DIR("sh/m"),
	S_BIND("d1", "sh/m"),
	S_DIR("to"),
	S_MOVE_E("sh/m", "to", EINVAL),
	C_SEES("sh/m", 1),
	C_NMNT("to", 0),
	/* An unbindable submount, a shared destination */
	S_MKB("dst", MS_SHARED),
	S_DIR("dst/x"),
	S_DIR("t"),
	S_BIND("d2", "t"),
	S_BIND("d3", "t/a"),
	S_PROP("t/a", MS_UNBINDABLE),
	S_MOVE_E("t", "dst/x", EINVAL),
	C_SEES("t", 2),
	C_NMNT("dst/x", 0),
	/* ... which a private destination takes */
	S_MOVE("t", "to"),
	C_SEES("to", 2),
	C_SEES("to/a", 3),
	C_TYPE("to/a", FSB_T_UNBINDABLE),
	/* Not the root of a mount */
	S_MOVE_E("to/b", "t", EINVAL),
	/* Onto a directory inside itself */
	S_DIR("to/b/in"),
	S_MOVE_E("to", "to/b/in", ELOOP),
	S_MOVE_E("to", "to/a/x", ELOOP),
	C_SEES("to", 2),
	/* A directory mount onto a file */
	S_FILE("f"),
	S_MOVE_E("to", "f", EINVAL),
	C_NMNT("f", 0),
	S_END,
};

/* A private tree with submounts of three types, moved: types kept */
static const struct fsb_step children[] = {
	S_DIR("t"),
	S_BIND("d1", "t"),
	/* t/a: shared, peer s1 */
	S_BIND("d2", "t/a"),
	S_PROP("t/a", MS_SHARED),
	S_DIR("s1"),
	S_BIND("t/a", "s1"),
	/* t/b: slave of ms */
	S_DIR("ms"),
	S_BIND("d3", "ms"),
	S_PROP("ms", MS_SHARED),
	S_BIND("ms", "t/b"),
	S_PROP("t/b", MS_SLAVE),
	/* t/c: unbindable */
	S_BIND("d4", "t/c"),
	S_PROP("t/c", MS_UNBINDABLE),
	S_MKB("p", MS_PRIVATE),
	S_DIR("p/x"),
	S_MOVE("t", "p/x"),
	C_SEES("p/x", 1),
	C_TYPE("p/x", FSB_T_PRIVATE),
	C_SEES("p/x/a", 2),
	C_PEER("p/x/a", "s1"),
	C_SEES("p/x/b", 3),
	C_SLAVE("p/x/b", "ms"),
	C_SEES("p/x/c", 4),
	C_TYPE("p/x/c", FSB_T_UNBINDABLE),
	S_BIND("d1", "s1/a"),
	C_SEES("p/x/a/a", 1),
	S_BIND("d1", "ms/a"),
	C_SEES("p/x/b/a", 1),
	S_END,
};

/*
 * m (disk 1, shared) and its peer p; m moved onto p/a: p's peer m is
 * then at p/a and gets a copy at p/a/a; later mounts show on all three.
 */
static const struct fsb_step into_peer[] = {
	S_DIR("m"),
	S_DIR("p"),
	S_BIND("d1", "m"),
	S_PROP("m", MS_SHARED | MS_REC),
	S_BIND("m", "p"),
	C_PEER("p", "m"),
	S_MOVE("m", "p/a"),
	C_NMNT("m", 0),
	C_SEES("p", 1),
	C_SEES("p/a", 1),
	C_SEES("p/a/a", 1),
	S_BIND("d2", "p/b"),
	C_SEES("p/a/b", 2),
	C_SEES("p/a/a/b", 2),
	S_BIND("d3", "p/a/c"),
	C_SEES("p/c", 3),
	C_SEES("p/a/a/c", 3),
	S_END,
};

static const struct fsb_case fixed[] = {
	{"move: errors", errors},
	{"move: a private tree with shared, slave and unbindable "
	 "submounts", children},
	{"move: a shared mount under a mount of its own peer group",
	 into_peer},
};

static void run(unsigned int n)
{
	char name[96];

	if (n < ARRAY_SIZE(fixed)) {
		fsb_run_case(&fixed[n], NULL);
		return;
	}
	n -= ARRAY_SIZE(fixed);
	snprintf(name, sizeof(name), "move: a %s mount under a %s parent",
		 fsb_tname[cells[n].child], fsb_tname[cells[n].parent]);
	build_cell(&cells[n]);
	fsb_run_built(name, NULL);
}

static struct tst_test test = {
	.tcnt = ARRAY_SIZE(fixed) + ARRAY_SIZE(cells),
	.test = run,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
};
