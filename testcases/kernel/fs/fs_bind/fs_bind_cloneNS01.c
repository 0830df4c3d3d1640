// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A new mount namespace copies the mounts of its creator with their
 * propagation (copy_mnt_ns() in fs/namespace.c). Process A sets up a
 * shared, a private, an unbindable mount and a slave of a shared master;
 * process B then unshares and the two take turns:
 * - unshare(CLONE_NEWNS): B's copies have the same types (the unbindable
 *   one is copied too); the shared copy is a peer of A's mount, so a
 *   mount or umount on either side shows on the other; the slave copy
 *   receives what A mounts on the master and sends nothing back; the
 *   private copy neither; B can unmount its copies (EBUSY while one has
 *   a mount on it), which leaves A's;
 * - unshare(CLONE_NEWUSER | CLONE_NEWNS): B's copy of a shared mount is
 *   a slave of it (it receives A's mounts, A gets none of B's), and the
 *   copied mounts are locked (MNT_LOCKED): umount2() of one, also with
 *   MNT_DETACH, and MS_MOVE of one fail with EINVAL, a plain bind of a
 *   directory with a locked mount below it fails with EINVAL, a
 *   recursive bind copies the locked mount and it stays locked, a
 *   recursive bind of a tree with a locked unbindable mount fails with
 *   EPERM; what B mounts itself it can unmount.
 * Each check looks at a tag file on the path and at the mount's line in
 * /proc/self/mountinfo of the process that checks. Both run in a private
 * mount namespace made for the case, on tmpfs instances in the test's
 * tmpdir: nothing is visible outside it.
 */
#include "fs_bind.h"

#define TO_A	{FSB_CALL, NULL, NULL, 0, 0}
#define TO_B	{FSB_CALL, NULL, NULL, 1, 0}

/* A's mounts before B unshares */
#define SETUP \
	S_MKB("sh", MS_SHARED | MS_REC), \
	S_MKB("pv", MS_PRIVATE), \
	S_MKB("ms", MS_SHARED), \
	S_DIR("sl"), \
	S_BIND("ms", "sl"), \
	S_PROP("sl", MS_SLAVE), \
	S_MKB("ub", MS_UNBINDABLE), \
	S_DIR("sh/x"), S_DIR("sh/a"), S_DIR("pv/x"), S_DIR("pv/a"), \
	S_DIR("ms/x"), S_DIR("ms/a"), S_DIR("y"), S_DIR("y2"), \
	S_DIR("t/m"), \
	S_BIND("d3", "t/m"), \
	S_DIR("tu/u"), \
	S_BIND("d4", "tu/u"), \
	S_PROP("tu/u", MS_UNBINDABLE)

static const struct fsb_step same_user[] = {
	SETUP,
	TO_B,
	C_TYPE("sh", FSB_T_SHARED),
	C_TYPE("pv", FSB_T_PRIVATE),
	C_TYPE("sl", FSB_T_SLAVE),
	C_TYPE("ub", FSB_T_UNBINDABLE),
	TO_A,
	S_BIND("d1", "sh/x"),
	S_BIND("d1", "pv/x"),
	S_BIND("d1", "ms/x"),
	TO_B,
	C_SEES("sh/x", 1),
	C_NOT("pv/x", 1),
	C_SEES("sl/x", 1),
	S_BIND("d2", "sh/a"),
	S_BIND("d2", "pv/a"),
	S_BIND("d2", "sl/a"),
	TO_A,
	C_SEES("sh/a", 2),
	C_NOT("pv/a", 2),
	C_NOT("ms/a", 2),
	C_NOT("sl/a", 2),
	TO_B,
	S_UMOUNT("sh/x"),
	S_UMOUNT_E("pv", 0, EBUSY),
	S_UMOUNT("pv/a"),
	S_UMOUNT("pv"),
	C_NMNT("pv", 0),
	TO_A,
	C_NOT("sh/x", 1),
	C_SEES("pv/x", 1),
	C_NMNT("pv", 1),
	S_END,
};

static const struct fsb_step new_user[] = {
	SETUP,
	TO_B,
	C_TYPE("sh", FSB_T_SLAVE),
	C_TYPE("pv", FSB_T_PRIVATE),
	C_TYPE("sl", FSB_T_SLAVE),
	C_TYPE("ub", FSB_T_UNBINDABLE),
	TO_A,
	S_BIND("d1", "sh/x"),
	S_BIND("d1", "ms/x"),
	TO_B,
	C_SEES("sh/x", 1),
	C_SEES("sl/x", 1),
	S_BIND("d2", "sh/a"),
	TO_A,
	C_NOT("sh/a", 2),
	TO_B,
	S_UMOUNT_E("pv", 0, EINVAL),
	S_UMOUNT_E("pv", MNT_DETACH, EINVAL),
	S_UMOUNT_E("t/m", 0, EINVAL),
	C_SEES("t/m", 3),
	S_MOVE_E("pv", "y", EINVAL),
	C_NMNT("pv", 1),
	S_BIND_E("t", "y", EINVAL),
	C_NMNT("y", 0),
	S_RBIND("t", "y"),
	C_SEES("y/m", 3),
	S_UMOUNT_E("y/m", 0, EINVAL),
	S_RBIND_E("tu", "y2", EPERM),
	C_NMNT("y2", 0),
	S_UMOUNT("sh/a"),
	C_NOT("sh/a", 2),
	TO_A,
	C_NMNT("pv", 1),
	C_SEES("t/m", 3),
	C_NMNT("y", 0),
	S_END,
};

static const struct fsb_case cases[] = {
	{"cloneNS: unshare(CLONE_NEWNS)", same_user},
	{"cloneNS: unshare(CLONE_NEWUSER | CLONE_NEWNS)", new_user},
};

/*
 * Both processes walk the steps; TO_A and TO_B hand the turn over with
 * checkpoints 0 (A's turn) and 1 (B's turn), each wait bounded by the
 * library. B unshares on its first turn.
 */
static void walk(const struct fsb_step *steps, int me, int flags)
{
	const struct fsb_step *s;
	int turn = 0, unshared = 0;

	for (s = steps; s->op != FSB_END; s++) {
		if (s->op == FSB_CALL) {
			if ((int)s->arg == turn)
				continue;
			if (turn == me)
				TST_CHECKPOINT_WAKE(s->arg);
			turn = s->arg;
			if (turn == me)
				TST_CHECKPOINT_WAIT(me);
			if (me == 1 && turn == 1 && !unshared) {
				if (unshare(flags))
					tst_brk(TBROK | TERRNO, "unshare()");
				unshared = 1;
			}
			continue;
		}
		if (turn == me)
			fsb_step(s, NULL);
	}
}

static void run(unsigned int n)
{
	int flags = n ? CLONE_NEWUSER | CLONE_NEWNS : CLONE_NEWNS;
	pid_t pid;

	tst_res(TINFO, "%s", cases[n].name);
	pid = SAFE_FORK();
	if (!pid) {
		pid_t b;

		fsb_enter();
		b = SAFE_FORK();
		if (!b) {
			walk(cases[n].steps, 1, flags);
			exit(0);
		}
		walk(cases[n].steps, 0, flags);
		reap_child(b);
		exit(0);
	}
	reap_child(pid);
}

/* TCONF when root cannot make a user namespace here */
static void setup(void)
{
	pid_t pid = SAFE_FORK();
	int status, err;

	if (!pid)
		exit(unshare(CLONE_NEWUSER | CLONE_NEWNS) ? errno : 0);
	SAFE_WAITPID(pid, &status, 0);
	if (!WIFEXITED(status))
		tst_brk(TBROK, "the probe child did not exit");
	err = WEXITSTATUS(status);
	if (err == EINVAL || err == ENOSPC || err == EPERM)
		tst_brk(TCONF, "unshare(CLONE_NEWUSER | CLONE_NEWNS) fails "
			"for root with %s: no user namespaces",
			tst_strerrno(err));
	if (err)
		tst_brk(TBROK, "unshare(CLONE_NEWUSER | CLONE_NEWNS): %s",
			tst_strerrno(err));
}

static struct tst_test test = {
	.tcnt = ARRAY_SIZE(cases),
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.needs_checkpoints = 1,
};
