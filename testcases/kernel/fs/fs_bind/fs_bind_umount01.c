// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * umount propagation (propagate_umount() and propagate_mount_busy() in
 * fs/pnode.c). Every case starts from one layout: p is a shared bind
 * mount, q its peer, s a slave of p that is shared itself, t a slave of
 * s, v a private and u an unbindable bind of p. A mount on p/x shows on
 * q/x, s/x and t/x, never on v/x or u/x. Then:
 * - umount at p or at its peer q removes all four copies; at s it
 *   removes s's and t's and leaves p's and q's (a slave sends nothing
 *   to its master); at t only t's; v/x keeps a mount of its own;
 * - a copy with a mount of its own below it (t/x/a) is left in place
 *   while the others go, and its submount stays;
 * - an open file on the copy at the peer or at a slave of a slave makes
 *   umount() of the original EBUSY (nothing is unmounted); one on the
 *   private v/x does not; MNT_DETACH then unmounts all copies and the
 *   open file still reads;
 * - a mount with a submount: umount() EBUSY, MNT_DETACH takes the tree
 *   from every copy.
 * Each case runs in a child in a private mount namespace of its own, on
 * tmpfs instances in the test's tmpdir (fs_bind.h).
 */
#include <fcntl.h>
#include <unistd.h>
#include "fs_bind.h"

#define LAYOUT \
	S_MKB("p", MS_SHARED), \
	S_DIR("p/x"), S_DIR("q"), S_DIR("s"), S_DIR("t"), \
	S_DIR("v"), S_DIR("u"), \
	S_BIND("p", "q"), \
	S_BIND("p", "s"), \
	S_PROP("s", MS_SLAVE), \
	S_PROP("s", MS_SHARED), \
	S_BIND("s", "t"), \
	S_PROP("t", MS_SLAVE), \
	S_BIND("p", "v"), \
	S_PROP("v", MS_PRIVATE), \
	S_BIND("p", "u"), \
	S_PROP("u", MS_UNBINDABLE), \
	C_PEER("q", "p"), \
	C_TYPE("s", FSB_T_SHSLAVE), \
	C_SLAVE("s", "p"), \
	C_SLAVE("t", "s"), \
	C_TYPE("v", FSB_T_PRIVATE), \
	C_TYPE("u", FSB_T_UNBINDABLE), \
	S_BIND("d2", "v/x"), \
	S_BIND("d1", "p/x"), \
	C_SEES("p/x", 1), C_SEES("q/x", 1), C_SEES("s/x", 1), \
	C_SEES("t/x", 1), C_NOT("v/x", 1), C_NOT("u/x", 1), \
	C_SEES("v/x", 2), \
	C_PEER("q/x", "p/x"), C_SLAVE("s/x", "p/x"), C_SLAVE("t/x", "s/x")

#define ALL_GONE \
	C_NMNT("p/x", 0), C_NMNT("q/x", 0), C_NMNT("s/x", 0), \
	C_NMNT("t/x", 0), C_SEES("v/x", 2), C_NMNT("u/x", 0)

static const struct fsb_step at_master[] = {
	LAYOUT,
	S_UMOUNT("p/x"),
	ALL_GONE,
	S_END,
};

static const struct fsb_step at_peer[] = {
	LAYOUT,
	S_UMOUNT("q/x"),
	ALL_GONE,
	S_END,
};

static const struct fsb_step at_shared_slave[] = {
	LAYOUT,
	S_UMOUNT("s/x"),
	C_SEES("p/x", 1), C_SEES("q/x", 1),
	C_NMNT("s/x", 0), C_NMNT("t/x", 0),
	C_SEES("v/x", 2),
	S_END,
};

static const struct fsb_step at_slave[] = {
	LAYOUT,
	S_UMOUNT("t/x"),
	C_SEES("p/x", 1), C_SEES("q/x", 1), C_SEES("s/x", 1),
	C_NMNT("t/x", 0),
	S_END,
};

static const struct fsb_step at_private[] = {
	LAYOUT,
	S_UMOUNT("v/x"),
	C_NMNT("v/x", 0),
	C_SEES("p/x", 1), C_SEES("q/x", 1), C_SEES("s/x", 1),
	C_SEES("t/x", 1),
	S_END,
};

/* t's copy has a mount below it: umount passes it by. */
static const struct fsb_step copy_with_child[] = {
	LAYOUT,
	S_BIND("d3", "t/x/a"),
	C_SEES("t/x/a", 3),
	C_NMNT("s/x/a", 0),
	S_UMOUNT("p/x"),
	C_NMNT("p/x", 0), C_NMNT("q/x", 0), C_NMNT("s/x", 0),
	C_SEES("t/x", 1),
	C_SEES("t/x/a", 3),
	S_END,
};

static int held_fd = -1;

static void hold(const char *path)
{
	held_fd = SAFE_OPEN(path, O_RDONLY);
}

static void hold_peer(void)
{
	hold("q/x/tag");
}

static void hold_slave(void)
{
	hold("t/x/tag");
}

static void hold_private(void)
{
	hold("v/x/tag");
}

/* After a lazy umount the open file still reads its disk's tag. */
static void read_held(void)
{
	char buf[8] = "";
	ssize_t n = pread(held_fd, buf, sizeof(buf) - 1, 0);

	if (n == 2 && !memcmp(buf, "d1", 2))
		tst_res(TPASS, "the file held open reads 'd1' after the "
			"lazy umount");
	else
		tst_res(TFAIL | TERRNO, "the file held open read %zd "
			"bytes '%s', expected 'd1'", n, n > 0 ? buf : "");
	SAFE_CLOSE(held_fd);
}

static const fsb_fn fns[] = {hold_peer, hold_slave, hold_private,
			     read_held};

#define BUSY_THEN_DETACH \
	S_UMOUNT_E("p/x", 0, EBUSY), \
	C_SEES("p/x", 1), C_SEES("q/x", 1), C_SEES("s/x", 1), \
	C_SEES("t/x", 1), \
	S_UMOUNT_E("p/x", MNT_DETACH, 0), \
	ALL_GONE, \
	S_CALL(3)

static const struct fsb_step busy_peer[] = {
	LAYOUT,
	S_CALL(0),
	BUSY_THEN_DETACH,
	S_END,
};

static const struct fsb_step busy_slave[] = {
	LAYOUT,
	S_CALL(1),
	BUSY_THEN_DETACH,
	S_END,
};

/* A busy private mount beside them is no copy: umount goes ahead. */
static const struct fsb_step busy_private[] = {
	LAYOUT,
	S_CALL(2),
	S_UMOUNT("p/x"),
	ALL_GONE,
	S_END,
};

static const struct fsb_step tree[] = {
	LAYOUT,
	S_BIND("d3", "p/x/a"),
	C_SEES("q/x/a", 3), C_SEES("s/x/a", 3), C_SEES("t/x/a", 3),
	C_NMNT("v/x/a", 0),
	S_UMOUNT_E("p/x", 0, EBUSY),
	S_UMOUNT_E("q/x", 0, EBUSY),
	C_SEES("t/x/a", 3),
	S_UMOUNT_E("p/x", MNT_DETACH, 0),
	ALL_GONE,
	S_END,
};

static const struct fsb_case cases[] = {
	{"umount at the master: peer and slaves lose their copies",
	 at_master},
	{"umount at a peer: the master and slaves lose theirs", at_peer},
	{"umount at a shared slave: its slave only, not its master",
	 at_shared_slave},
	{"umount at a slave: that copy only", at_slave},
	{"umount of a private mount: no copy elsewhere", at_private},
	{"a copy with a submount of its own is left", copy_with_child},
	{"busy copy at a peer: EBUSY, then MNT_DETACH", busy_peer},
	{"busy copy at a slave of a slave: EBUSY, then MNT_DETACH",
	 busy_slave},
	{"busy private mount beside: umount goes ahead", busy_private},
	{"a tree: EBUSY, MNT_DETACH takes it from every copy", tree},
};

static void run(unsigned int n)
{
	fsb_run_case(&cases[n], fns);
}

static struct tst_test test = {
	.tcnt = ARRAY_SIZE(cases),
	.test = run,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
};
