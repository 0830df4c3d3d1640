// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Recursive bind mounts (MS_BIND | MS_REC) and mount propagation:
 * - a recursive bind copies the mounts below its source, nested ones
 *   too; a plain bind copies none; the copies of private mounts are
 *   private: an umount of the original leaves the copy;
 * - unbindable mounts and everything below them are left out of a
 *   recursive bind, and a recursive bind of an unbindable mount fails
 *   with EINVAL;
 * - the matrix of a submount ("child") of each type, shared, private,
 *   slave and unbindable, in a shared tree copied recursively onto a
 *   parent of each type, and in a private tree onto a private parent:
 *   the copy of the tree joins the peer group of a shared source, the
 *   copy of the child gets the type the kernel's rules give it (a
 *   shared child's copy is its peer, a slave's a slave of the same
 *   master, a private one's private, or shared in a new peer group
 *   under a shared parent, an unbindable child is left out), the copy
 *   reaches the peer of a shared parent and not the master of a slave
 *   parent, and mounts and umounts made later under the child, under its
 *   copy and under its master appear where peer groups and masters say;
 * - a recursive bind of a shared tree onto a bind of a directory inside
 *   it (a peer of the tree) copies the tree there and, by propagation,
 *   once more onto the tree itself at that directory, leaving out an
 *   unbindable child; each copy is copied once, not again.
 * Each check looks at a tag file on the path and at the mount's line in
 * /proc/self/mountinfo. Every case runs in a child in a private mount
 * namespace of its own, on tmpfs instances in the test's tmpdir:
 * nothing is visible outside it.
 */
#include "fs_bind.h"

/*
 * One cell: is the source tree p1 shared (else a plain directory), the
 * child's type, the parent's type, and the type of the child's copy (0:
 * left out).
 */
struct cell {
	int tree_shared;
	int child, parent;
	int type;
};

static const struct cell cells[] = {
	{1, FSB_SHARED, FSB_SHARED, FSB_T_SHARED},
	{1, FSB_SHARED, FSB_PRIVATE, FSB_T_SHARED},
	{1, FSB_SHARED, FSB_SLAVE, FSB_T_SHARED},
	{1, FSB_SHARED, FSB_UNBINDABLE, FSB_T_SHARED},
	{1, FSB_PRIVATE, FSB_SHARED, FSB_T_SHARED},
	{1, FSB_PRIVATE, FSB_PRIVATE, FSB_T_PRIVATE},
	{1, FSB_PRIVATE, FSB_SLAVE, FSB_T_PRIVATE},
	{1, FSB_PRIVATE, FSB_UNBINDABLE, FSB_T_PRIVATE},
	{1, FSB_SLAVE, FSB_SHARED, FSB_T_SHSLAVE},
	{1, FSB_SLAVE, FSB_PRIVATE, FSB_T_SLAVE},
	{1, FSB_SLAVE, FSB_SLAVE, FSB_T_SLAVE},
	{1, FSB_SLAVE, FSB_UNBINDABLE, FSB_T_SLAVE},
	{1, FSB_UNBINDABLE, FSB_SHARED, 0},
	{1, FSB_UNBINDABLE, FSB_PRIVATE, 0},
	{1, FSB_UNBINDABLE, FSB_SLAVE, 0},
	{1, FSB_UNBINDABLE, FSB_UNBINDABLE, 0},
	{0, FSB_SHARED, FSB_PRIVATE, FSB_T_SHARED},
	{0, FSB_PRIVATE, FSB_PRIVATE, FSB_T_PRIVATE},
	{0, FSB_SLAVE, FSB_PRIVATE, FSB_T_SLAVE},
	{0, FSB_UNBINDABLE, FSB_PRIVATE, 0},
};

static void build_cell(const struct cell *c)
{
	fsb_nsteps = 0;
	if (c->tree_shared)
		ADD(S_MKB("p1", MS_SHARED | MS_REC));
	else
		ADD(S_DIR("p1"));
	fsb_add_child(c->child);
	fsb_add_parent(c->parent);

	ADD(S_RBIND("p1", "p2"));
	ADD(C_SAME("p2", "p1"));
	if (c->tree_shared)
		ADD(C_PEER("p2", "p1"));
	if (c->parent == FSB_SHARED)
		ADD(C_SAME("s2", "p1"));
	if (c->parent == FSB_SLAVE)
		ADD(C_DIFF("s2", "p1"));

	if (!c->type) {
		ADD(C_NOT("p2/c1", 1));
		ADD(C_NMNT("p2/c1", 0));
		if (c->parent == FSB_SHARED)
			ADD(C_NMNT("s2/c1", 0));
		return;
	}

	ADD(C_SEES("p2/c1", 1));
	ADD(C_TYPE("p2/c1", c->type));
	if (c->child == FSB_SHARED)
		ADD(C_PEER("p2/c1", "p1/c1"));
	if (c->child == FSB_SLAVE)
		ADD(C_SLAVE("p2/c1", "s1"));
	if (c->parent == FSB_SHARED) {
		ADD(C_SEES("s2/c1", 1));
		ADD(C_PEER("s2/c1", "p2/c1"));
	}
	if (c->parent == FSB_SLAVE)
		ADD(C_NOT("s2/c1", 1));

	/* A mount under the child: in the copy only when they are peers */
	ADD(S_BIND("d2", "p1/c1/a"));
	if (c->child == FSB_SHARED) {
		ADD(C_SEES("p2/c1/a", 2));
		ADD(C_SEES("s1/a", 2));
		if (c->parent == FSB_SHARED)
			ADD(C_SEES("s2/c1/a", 2));
	} else {
		ADD(C_NOT("p2/c1/a", 2));
	}

	/* A mount under the copy */
	ADD(S_BIND("d3", "p2/c1/b"));
	if (c->child == FSB_SHARED)
		ADD(C_SEES("p1/c1/b", 3));
	else
		ADD(C_NOT("p1/c1/b", 3));
	if (c->parent == FSB_SHARED)
		ADD(C_SEES("s2/c1/b", 3));

	/* A mount under the master reaches the slave and its copy */
	if (c->child == FSB_SLAVE) {
		ADD(S_BIND("d4", "s1/c"));
		ADD(C_SEES("p1/c1/c", 4));
		ADD(C_SEES("p2/c1/c", 4));
		ADD(S_UMOUNT("s1/c"));
		ADD(C_NOT("p1/c1/c", 4));
		ADD(C_NOT("p2/c1/c", 4));
	}

	/* An umount of the child's mount reaches its peers only */
	ADD(S_UMOUNT("p1/c1/a"));
	ADD(C_NOT("p2/c1/a", 2));
	if (c->child != FSB_SHARED) {
		ADD(S_UMOUNT("p2/c1/b"));
		ADD(C_NOT("p2/c1/b", 3));
	} else {
		ADD(C_NOT("s1/a", 2));
	}
}

/* A recursive bind copies nested mounts, a plain bind none. */
static const struct fsb_step rec_or_not[] = {
	S_MKB("t", MS_PRIVATE),
	S_DIR("t/m"),
	S_BIND("d1", "t/m"),
	S_BIND("d2", "t/m/a"),
	S_DIR("plain"),
	S_DIR("rec"),
	S_BIND("t", "plain"),
	C_SAME("plain", "t"),
	C_NOT("plain/m", 1),
	C_NMNT("plain/m", 0),
	S_RBIND("t", "rec"),
	C_SEES("rec/m", 1),
	C_SEES("rec/m/a", 2),
	C_TYPE("rec", FSB_T_PRIVATE),
	C_TYPE("rec/m", FSB_T_PRIVATE),
	C_TYPE("rec/m/a", FSB_T_PRIVATE),
	S_UMOUNT("t/m/a"),
	C_NOT("t/m/a", 2),
	C_SEES("rec/m/a", 2),
	S_END,
};

/* Unbindable mounts, and what is below them, are left out. */
static const struct fsb_step prune[] = {
	S_MKB("t", MS_PRIVATE),
	S_DIR("t/u"),
	S_DIR("t/k"),
	S_BIND("d1", "t/u"),
	S_BIND("d2", "t/u/a"),
	S_PROP("t/u", MS_UNBINDABLE),
	S_BIND("d3", "t/k"),
	S_DIR("rec"),
	S_RBIND("t", "rec"),
	C_SEES("rec/k", 3),
	C_NOT("rec/u", 1),
	C_NMNT("rec/u", 0),
	C_NOT("rec/u/a", 2),
	S_DIR("x"),
	S_RBIND_E("t/u", "x", EINVAL),
	S_BIND_E("t/u", "x", EINVAL),
	S_RBIND("t/u/a", "x"),
	C_SEES("x", 2),
	S_END,
};

/*
 * p shared with a child c1 (disk 3 on a bind of p/c1 of the given type)
 * and c2, a bind of p/c2, which joins p's peer group (the bind of a
 * directory of a shared mount is a peer of it). p copied recursively
 * onto p/c2: the copy shows p and, unless c1 is unbindable, c1's mounts;
 * p/c2 being p's peer, p receives a second copy on its c2, so each
 * mount of the copy is there twice. A shared c1 is p's peer too, and
 * disk 3 mounted on it reached p at c1: three mounts there to copy.
 */
static void build_self(int child)
{
	fsb_nsteps = 0;
	ADD(S_MKB("p", MS_SHARED | MS_REC));
	ADD(S_MKB("p/c1", child == FSB_SHARED ? MS_SHARED | MS_REC :
	    child == FSB_PRIVATE ? MS_PRIVATE : MS_UNBINDABLE));
	ADD(S_MKB("p/c2", MS_SHARED | MS_REC));
	ADD(C_PEER("p/c2", "p"));
	ADD(S_BIND("d3", "p/c1"));
	ADD(C_NMNT("p/c1", child == FSB_SHARED ? 3 : 2));
	ADD(S_RBIND("p", "p/c2"));
	ADD(C_SAME("p/c2", "p"));
	ADD(C_NMNT("p/c2", 3));
	if (child == FSB_UNBINDABLE) {
		ADD(C_NOT("p/c2/c1", 3));
		ADD(C_NMNT("p/c2/c1", 0));
	} else {
		ADD(C_SEES("p/c2/c1", 3));
		ADD(C_NMNT("p/c2/c1", child == FSB_SHARED ? 6 : 4));
	}
	ADD(C_NMNT("p/c2/c2", 2));
	ADD(C_NMNT("p/c2/c2/c2", 0));
}

static const struct fsb_case fixed[] = {
	{"rbind: copies nested mounts, bind does not", rec_or_not},
	{"rbind: leaves out unbindable mounts", prune},
};

static const int self_child[] = {FSB_SHARED, FSB_PRIVATE, FSB_UNBINDABLE};

static void run(unsigned int n)
{
	char name[96];

	if (n < ARRAY_SIZE(fixed)) {
		fsb_run_case(&fixed[n], NULL);
		return;
	}
	n -= ARRAY_SIZE(fixed);
	if (n < ARRAY_SIZE(self_child)) {
		snprintf(name, sizeof(name), "rbind: a shared tree with a %s "
			 "child onto a directory in it",
			 fsb_tname[self_child[n]]);
		build_self(self_child[n]);
		fsb_run_built(name, NULL);
		return;
	}
	n -= ARRAY_SIZE(self_child);
	snprintf(name, sizeof(name), "rbind: %s tree with a %s child onto a "
		 "%s parent", cells[n].tree_shared ? "shared" : "private",
		 fsb_tname[cells[n].child], fsb_tname[cells[n].parent]);
	build_cell(&cells[n]);
	fsb_run_built(name, NULL);
}

static struct tst_test test = {
	.tcnt = ARRAY_SIZE(fixed) + ARRAY_SIZE(self_child) +
		ARRAY_SIZE(cells),
	.test = run,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
};
