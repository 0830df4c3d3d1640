// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Propagation between two mount namespaces, one process switching
 * between them with setns(). Namespace A holds a shared bind mount m;
 * B is a copy made by unshare(CLONE_NEWNS), where m's copy is A's peer
 * or is made a slave, private or unbindable. Each operation (bind of a
 * mount onto m/x, rbind of a tree with a submount, MS_MOVE of a mount
 * onto m/x, umount of a mount both had on m/x) is done in A and looked
 * at in B, and done in B and looked at in A: a peer copy sends and
 * receives, a slave copy only receives, a private or unbindable copy
 * neither (32 cases).
 *
 * Then the locking of what propagates into a less privileged namespace
 * (attach_recursive_mnt() and lock_mnt_tree() in fs/namespace.c): B is
 * the mount namespace of a new user namespace, where m's copy is a
 * slave. A read-only tree rbound onto m/x in A reaches B with its flags
 * locked and its submount locked: remounting the copy read-write fails
 * with EPERM and it stays read-only, umount2() of the submount fails with
 * EINVAL (also MNT_DETACH), umount2() of the copy's root is EBUSY while
 * the submount is there (the root itself is not locked), and A's
 * umount still takes it from B. The same with B in A's user namespace:
 * nothing is locked, B remounts its copy read-write, which leaves A's
 * read-only (mount flags do not propagate), and unmounts the submount.
 */
#include <fcntl.h>
#include <sched.h>
#include <unistd.h>
#include <sys/statvfs.h>
#include "fs_bind.h"

enum { F_NEWNS, F_TO_A, F_TO_B, F_USERNS, F_RO, F_LOCKED, F_UNLOCKED,
       F_A_RO };

static char sb_path[PATH_MAX];
static int fd_a = -1, fd_b = -1;

/* setns() leaves us at the namespace's root: back to the sandbox */
static void go_sb(void)
{
	if (chdir(sb_path))
		tst_brk(TBROK | TERRNO, "chdir(%s)", sb_path);
}

static void enter(int fd)
{
	if (setns(fd, CLONE_NEWNS))
		tst_brk(TBROK | TERRNO, "setns(CLONE_NEWNS)");
	go_sb();
}

static void save_a(void)
{
	if (!getcwd(sb_path, sizeof(sb_path)))
		tst_brk(TBROK | TERRNO, "getcwd");
	fd_a = SAFE_OPEN("/proc/self/ns/mnt", O_RDONLY);
}

static void new_ns(void)
{
	save_a();
	if (unshare(CLONE_NEWNS))
		tst_brk(TBROK | TERRNO, "unshare(CLONE_NEWNS)");
	fd_b = SAFE_OPEN("/proc/self/ns/mnt", O_RDONLY);
	go_sb();
}

/*
 * B belongs to a new user namespace: a helper makes it and stays until
 * we hold it by a descriptor.
 */
static void new_userns(void)
{
	char path[64];
	pid_t pid;

	save_a();
	pid = SAFE_FORK();
	if (!pid) {
		if (unshare(CLONE_NEWUSER | CLONE_NEWNS))
			tst_brk(TBROK | TERRNO,
				"unshare(CLONE_NEWUSER | CLONE_NEWNS)");
		TST_CHECKPOINT_WAKE_AND_WAIT(0);
		exit(0);
	}
	TST_CHECKPOINT_WAIT(0);
	snprintf(path, sizeof(path), "/proc/%d/ns/mnt", pid);
	fd_b = SAFE_OPEN(path, O_RDONLY);
	TST_CHECKPOINT_WAKE(0);
	reap_child(pid);
	enter(fd_b);
}

static void to_a(void)
{
	enter(fd_a);
}

static void to_b(void)
{
	enter(fd_b);
}

static void make_ro(void)
{
	SAFE_MOUNT(NULL, "tr", NULL, MS_REMOUNT | MS_BIND | MS_RDONLY, NULL);
}

static int is_ro(const char *path)
{
	struct statvfs sv;

	if (statvfs(path, &sv))
		tst_brk(TBROK | TERRNO, "statvfs(%s)", path);
	return !!(sv.f_flag & ST_RDONLY);
}

static void locked(void)
{
	TST_EXP_PASS(mount(NULL, "m/x", NULL,
			   MS_REMOUNT | MS_BIND | MS_RDONLY, NULL),
		     "remount of the locked copy that keeps it read-only");
	TST_EXP_FAIL(mount(NULL, "m/x", NULL, MS_REMOUNT | MS_BIND, NULL),
		     EPERM, "remount read-write of the locked read-only copy");
	TST_EXP_EXPR(is_ro("m/x"), "the copy is still read-only");
	TST_EXP_FAIL(umount2("m/x/a", 0), EINVAL, "umount of the locked "
		     "submount");
	TST_EXP_FAIL(umount2("m/x/a", MNT_DETACH), EINVAL, "umount "
		     "MNT_DETACH of the locked submount");
	TST_EXP_FAIL(umount2("m/x", 0), EBUSY, "umount of the copy's root, "
		     "which has the submount");
}

static void unlocked(void)
{
	TST_EXP_PASS(mount(NULL, "m/x", NULL, MS_REMOUNT | MS_BIND, NULL),
		     "remount read-write of the copy");
	TST_EXP_EXPR(!is_ro("m/x"), "the copy is read-write");
	TST_EXP_PASS(umount2("m/x/a", 0), "umount of the copy's submount");
}

static void a_still_ro(void)
{
	TST_EXP_EXPR(is_ro("m/x"), "A's mount is still read-only");
}

static const fsb_fn fns[] = {
	[F_NEWNS] = new_ns,
	[F_TO_A] = to_a,
	[F_TO_B] = to_b,
	[F_USERNS] = new_userns,
	[F_RO] = make_ro,
	[F_LOCKED] = locked,
	[F_UNLOCKED] = unlocked,
	[F_A_RO] = a_still_ro,
};

/* Both namespaces have m (shared in A), a tree tr (d2 with d3 on a) */
#define TWO_NS_BASE \
	S_MKB("m", MS_SHARED), \
	S_DIR("m/x"), \
	S_DIR("tr"), \
	S_BIND("d2", "tr"), \
	S_BIND("d3", "tr/a"), \
	S_DIR("mv"), \
	S_BIND("d1", "mv")

static const struct fsb_step userns_locked[] = {
	TWO_NS_BASE,
	S_CALL(F_RO),
	S_CALL(F_USERNS),
	C_TYPE("m", FSB_T_SLAVE),
	S_CALL(F_TO_A),
	S_RBIND("tr", "m/x"),
	S_CALL(F_TO_B),
	C_SEES("m/x", 2),
	C_SEES("m/x/a", 3),
	S_CALL(F_LOCKED),
	C_SEES("m/x/a", 3),
	S_CALL(F_TO_A),
	S_UMOUNT_E("m/x", MNT_DETACH, 0),
	S_CALL(F_TO_B),
	C_NMNT("m/x", 0),
	S_END,
};

static const struct fsb_step same_user[] = {
	TWO_NS_BASE,
	S_CALL(F_RO),
	S_CALL(F_NEWNS),
	S_PROP("m", MS_SLAVE),
	S_CALL(F_TO_A),
	S_RBIND("tr", "m/x"),
	S_CALL(F_TO_B),
	C_SEES("m/x", 2),
	C_SEES("m/x/a", 3),
	S_CALL(F_UNLOCKED),
	C_NMNT("m/x/a", 0),
	S_CALL(F_TO_A),
	S_CALL(F_A_RO),
	C_SEES("m/x/a", 3),
	S_END,
};

enum { R_PEER, R_SLAVE, R_PRIVATE, R_UNBINDABLE };
enum { OP_BIND, OP_RBIND, OP_MOVE, OP_UMOUNT };

static const char *const rname[] = {"a peer", "a slave", "private",
				    "unbindable"};
static const unsigned long rflag[] = {0, MS_SLAVE, MS_PRIVATE,
				      MS_UNBINDABLE};
static const int rtype[] = {FSB_T_SHARED, FSB_T_SLAVE, FSB_T_PRIVATE,
			    FSB_T_UNBINDABLE};
static const char *const oname[] = {"bind", "rbind", "move", "umount"};

static const struct fsb_step base[] = {TWO_NS_BASE, S_END};

static void build(int rel, int op, int from_b)
{
	const struct fsb_step *s;
	/* B's peer and slave copies receive; only a peer sends back */
	int seen = from_b ? rel == R_PEER : rel <= R_SLAVE;

	fsb_nsteps = 0;
	for (s = base; s->op != FSB_END; s++)
		fsb_add(*s);
	if (op == OP_UMOUNT)
		ADD(S_BIND("d1", "m/x"));
	ADD(S_CALL(F_NEWNS));
	if (rflag[rel])
		ADD(S_PROP("m", rflag[rel]));
	ADD(C_TYPE("m", rtype[rel]));
	if (!from_b)
		ADD(S_CALL(F_TO_A));

	switch (op) {
	case OP_BIND:
		ADD(S_BIND("d1", "m/x"));
		break;
	case OP_RBIND:
		ADD(S_RBIND("tr", "m/x"));
		break;
	case OP_MOVE:
		ADD(S_MOVE("mv", "m/x"));
		ADD(C_NMNT("mv", 0));
		break;
	case OP_UMOUNT:
		ADD(S_UMOUNT("m/x"));
		break;
	}

	ADD(S_CALL(from_b ? F_TO_A : F_TO_B));
	switch (op) {
	case OP_BIND:
	case OP_MOVE:
		if (seen)
			ADD(C_SEES("m/x", 1));
		else
			ADD(C_NOT("m/x", 1));
		break;
	case OP_RBIND:
		if (seen) {
			ADD(C_SEES("m/x", 2));
			ADD(C_SEES("m/x/a", 3));
		} else {
			ADD(C_NMNT("m/x", 0));
		}
		break;
	case OP_UMOUNT:
		if (seen)
			ADD(C_NMNT("m/x", 0));
		else
			ADD(C_SEES("m/x", 1));
		break;
	}
	/* The other namespace's own mount of mv was not moved */
	if (op == OP_MOVE)
		ADD(C_SEES("mv", 1));
}

#define NCELLS (4 * 4 * 2)

static void run(unsigned int n)
{
	char name[128];
	struct fsb_case c;

	if (n == NCELLS) {
		c = (struct fsb_case){"userns: what propagates in is locked",
				      userns_locked};
		fsb_run_case(&c, fns);
		return;
	}
	if (n == NCELLS + 1) {
		c = (struct fsb_case){"same user: nothing locked, flags per "
				      "mount", same_user};
		fsb_run_case(&c, fns);
		return;
	}

	build(n / 8, n / 2 % 4, n % 2);
	snprintf(name, sizeof(name), "B's copy %s, %s in %s, seen from %s",
		 rname[n / 8], oname[n / 2 % 4], n % 2 ? "B" : "A",
		 n % 2 ? "A" : "B");
	fsb_run_built(name, fns);
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
	.tcnt = NCELLS + 2,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.needs_checkpoints = 1,
};
