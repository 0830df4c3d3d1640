// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Bind mounts (MS_BIND) and mount propagation:
 * - a bind mount of a directory and of a regular file shows the same
 *   inode as its source, and what is written through one reads back
 *   through the other;
 * - the matrix of a source mount ("child") of each propagation type,
 *   shared, private, slave and unbindable, bound under a parent mount of
 *   each type: binding an unbindable mount fails with EINVAL and leaves
 *   no mount; otherwise the new mount gets the type the kernel's rules
 *   give it (a bind of a shared mount joins its peer group; under a
 *   shared parent a private source becomes shared in a new peer group
 *   and a slave source shared and still a slave; else it keeps its
 *   type), it is propagated to the peer of a shared parent and not to
 *   the master of a slave parent, and mounts made later under the
 *   source, under the copy and under the source's master appear where
 *   peer groups and masters say, and nowhere else;
 * - a slave made before its master gets a new mount still receives it,
 *   and its own mounts do not go back;
 * - a chain of slaves (each one shared again and mastering the next)
 *   passes a mount down the chain only, never up.
 * Each check looks at a tag file on the path and at the mount's line in
 * /proc/self/mountinfo (device, mount point, shared:N, master:N,
 * unbindable). Every case runs in a child in a private mount namespace
 * of its own, on tmpfs instances in the test's tmpdir: nothing is
 * visible outside it.
 */
#include "fs_bind.h"

/*
 * One cell of the matrix: child type, parent type, and what the kernel
 * must do: the bind's errno, the new mount's type, whether a mount under
 * the source shows in the copy and one under the copy in the source.
 */
struct cell {
	int child, parent;
	int err;
	int type;
	int src_to_copy, copy_to_src;
};

static const struct cell cells[] = {
	{FSB_SHARED, FSB_SHARED, 0, FSB_T_SHARED, 1, 1},
	{FSB_SHARED, FSB_PRIVATE, 0, FSB_T_SHARED, 1, 1},
	{FSB_SHARED, FSB_SLAVE, 0, FSB_T_SHARED, 1, 1},
	{FSB_SHARED, FSB_UNBINDABLE, 0, FSB_T_SHARED, 1, 1},
	{FSB_PRIVATE, FSB_SHARED, 0, FSB_T_SHARED, 0, 0},
	{FSB_PRIVATE, FSB_PRIVATE, 0, FSB_T_PRIVATE, 0, 0},
	{FSB_PRIVATE, FSB_SLAVE, 0, FSB_T_PRIVATE, 0, 0},
	{FSB_PRIVATE, FSB_UNBINDABLE, 0, FSB_T_PRIVATE, 0, 0},
	{FSB_SLAVE, FSB_SHARED, 0, FSB_T_SHSLAVE, 0, 0},
	{FSB_SLAVE, FSB_PRIVATE, 0, FSB_T_SLAVE, 0, 0},
	{FSB_SLAVE, FSB_SLAVE, 0, FSB_T_SLAVE, 0, 0},
	{FSB_SLAVE, FSB_UNBINDABLE, 0, FSB_T_SLAVE, 0, 0},
	{FSB_UNBINDABLE, FSB_SHARED, EINVAL, 0, 0, 0},
	{FSB_UNBINDABLE, FSB_PRIVATE, EINVAL, 0, 0, 0},
	{FSB_UNBINDABLE, FSB_SLAVE, EINVAL, 0, 0, 0},
	{FSB_UNBINDABLE, FSB_UNBINDABLE, EINVAL, 0, 0, 0},
};

/* The steps of one cell, written out from its row. */
static void build_cell(const struct cell *c)
{
	fsb_nsteps = 0;
	ADD(S_MKB("p1", MS_SHARED | MS_REC));
	fsb_add_child(c->child);
	fsb_add_parent(c->parent);
	ADD(S_DIR("p2/c2"));

	if (c->err) {
		ADD(S_BIND_E("p1/c1", "p2/c2", c->err));
		ADD(C_NMNT("p2/c2", 0));
		return;
	}

	ADD(S_BIND("p1/c1", "p2/c2"));
	ADD(C_SEES("p2/c2", 1));
	ADD(C_SAME("p1/c1", "p2/c2"));
	ADD(C_TYPE("p2/c2", c->type));
	if (c->child == FSB_SHARED)
		ADD(C_PEER("p2/c2", "p1/c1"));
	if (c->child == FSB_SLAVE)
		ADD(C_SLAVE("p2/c2", "s1"));
	if (c->parent == FSB_SHARED) {
		ADD(C_SEES("s2/c2", 1));
		ADD(C_PEER("s2/c2", "p2/c2"));
	}
	if (c->parent == FSB_SLAVE)
		ADD(C_NOT("s2/c2", 1));

	/* A mount under the source */
	ADD(S_BIND("d2", "p1/c1/a"));
	if (c->src_to_copy) {
		ADD(C_SEES("p2/c2/a", 2));
		if (c->parent == FSB_SHARED)
			ADD(C_SEES("s2/c2/a", 2));
	} else {
		ADD(C_NOT("p2/c2/a", 2));
	}

	/* A mount under the copy */
	ADD(S_BIND("d3", "p2/c2/b"));
	if (c->copy_to_src)
		ADD(C_SEES("p1/c1/b", 3));
	else
		ADD(C_NOT("p1/c1/b", 3));
	if (c->parent == FSB_SHARED)
		ADD(C_SEES("s2/c2/b", 3));
	if (c->parent == FSB_SLAVE)
		ADD(C_NOT("s2/c2/b", 3));

	/* A mount under the source's master reaches both slaves */
	if (c->child == FSB_SLAVE) {
		ADD(S_BIND("d4", "s1/c"));
		ADD(C_SEES("p1/c1/c", 4));
		ADD(C_SEES("p2/c2/c", 4));
	}

	/* A mount under the parent's master or peer reaches the parent */
	if (c->parent == FSB_SHARED || c->parent == FSB_SLAVE) {
		ADD(S_DIR("s2/x"));
		ADD(S_BIND("d4", "s2/x"));
		ADD(C_SEES("p2/x", 4));
	}
}

static void check_file(void)
{
	struct stat a, b;
	char buf[16];

	SAFE_STAT("file", &a);
	SAFE_STAT("d1/file", &b);
	TST_EXP_EXPR(a.st_dev == b.st_dev && a.st_ino == b.st_ino,
		     "a bind mount of a file shows the inode of its source");
	SAFE_FILE_PRINTF("file", "through the bind");
	SAFE_FILE_SCANF("d1/file", "%15s", buf);
	TST_EXP_EXPR(!strcmp(buf, "through"),
		     "what is written through the bind reads back "
		     "through the source");
	TST_EXP_EQ_LI(mnt_count("file"), 1);
}

static const fsb_fn fns[] = {check_file};

/* Directory and file bind mounts: one inode, one content. */
static const struct fsb_step same_inode[] = {
	S_DIR("dir"),
	S_BIND("d1/a", "dir"),
	C_SAME("dir", "d1/a"),
	C_TYPE("dir", FSB_T_PRIVATE),
	S_FILE("d1/file"),
	S_FILE("file"),
	S_BIND("d1/file", "file"),
	S_CALL(0),
	S_END,
};

/* A slave made before its master gets a mount still receives it. */
static const struct fsb_step slave_first[] = {
	S_MKB("s", MS_SHARED | MS_REC),
	S_DIR("p"),
	S_BIND("s", "p"),
	S_PROP("p", MS_SLAVE),
	C_SLAVE("p", "s"),
	S_DIR("s/m"),
	S_BIND("d1", "s/m"),
	C_SEES("p/m", 1),
	C_TYPE("p/m", FSB_T_SLAVE),
	C_SLAVE("p/m", "s/m"),
	S_BIND("d2", "p/m/a"),
	C_SEES("p/m/a", 2),
	C_NOT("s/m/a", 2),
	S_END,
};

/*
 * A chain: m1 shared; m2 a slave of it, shared again; m3 likewise of m2;
 * m4 a slave of m3. A mount goes down the chain, never up.
 */
static const struct fsb_step slave_chain[] = {
	S_MKB("m1", MS_SHARED | MS_REC),
	S_DIR("m1/x"),
	S_DIR("m2"), S_DIR("m3"), S_DIR("m4"),
	S_BIND("m1", "m2"),
	S_PROP("m2", MS_SLAVE | MS_REC),
	S_PROP("m2", MS_SHARED | MS_REC),
	S_BIND("m2", "m3"),
	S_PROP("m3", MS_SLAVE | MS_REC),
	S_PROP("m3", MS_SHARED | MS_REC),
	S_BIND("m3", "m4"),
	S_PROP("m4", MS_SLAVE | MS_REC),
	C_TYPE("m2", FSB_T_SHSLAVE),
	C_SLAVE("m2", "m1"),
	C_SLAVE("m3", "m2"),
	C_TYPE("m4", FSB_T_SLAVE),
	C_SLAVE("m4", "m3"),
	S_BIND("d1", "m1/x"),
	C_SEES("m2/x", 1), C_SEES("m3/x", 1), C_SEES("m4/x", 1),
	S_BIND("d2", "m2/x/a"),
	C_NOT("m1/x/a", 2), C_SEES("m3/x/a", 2), C_SEES("m4/x/a", 2),
	S_BIND("d3", "m3/x/b"),
	C_NOT("m1/x/b", 3), C_NOT("m2/x/b", 3), C_SEES("m4/x/b", 3),
	S_BIND("d4", "m4/x/c"),
	C_NOT("m1/x/c", 4), C_NOT("m2/x/c", 4), C_NOT("m3/x/c", 4),
	S_UMOUNT("m2/x/a"),
	C_NOT("m2/x/a", 2), C_NOT("m3/x/a", 2), C_NOT("m4/x/a", 2),
	S_END,
};

static const struct fsb_case fixed[] = {
	{"bind: a directory and a file show their source's inode",
	 same_inode},
	{"bind: a slave made before its master's new mount", slave_first},
	{"bind: a chain of slaves", slave_chain},
};

static void run(unsigned int n)
{
	char name[96];

	if (n >= ARRAY_SIZE(cells)) {
		fsb_run_case(&fixed[n - ARRAY_SIZE(cells)], fns);
		return;
	}
	snprintf(name, sizeof(name), "bind: %s child under a %s parent",
		 fsb_tname[cells[n].child], fsb_tname[cells[n].parent]);
	build_cell(&cells[n]);
	fsb_run_built(name, fns);
}

static struct tst_test test = {
	.tcnt = ARRAY_SIZE(cells) + ARRAY_SIZE(fixed),
	.test = run,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
};
