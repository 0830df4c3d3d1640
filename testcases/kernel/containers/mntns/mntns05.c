// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Mount and umount events along a chain of three mount namespaces (man 7
 * mount_namespaces, fs/pnode.c propagate_mnt(), propagate_umount()). In
 * P (private namespace of the test) tmpfs "a" is shared, peer group X.
 * A is a clone(CLONE_NEWNS) of P that makes its "a" a slave and then
 * shared again; B is a clone of A:
 *  - A's "a" reads "shared:Y master:X" in mountinfo (Y new), B's the same
 *    (B is A's peer and also X's slave);
 *  - P's mount on a/m1 appears in A and B; B's on a/m2 in A, not in P;
 *  - A's umount of the copy of m1 removes B's too (peers), P's stays; a
 *    second umount there is EINVAL; P's umount then leaves none;
 *  - P's mount and umount of a/m3 come and go in A and B together;
 *  - B's umount of m2 removes A's copy;
 *  - A makes its "a" private: no shared or master tag left there, B still
 *    "shared:Y master:X"; P's next mount on a/m3 reaches B but not A, and
 *    B's on a/m2 no longer reaches A.
 * A and B act on commands sent through pipes, so each step is done and
 * each count read in the right namespace in a fixed order.
 */
#include <sys/mount.h>
#include "tst_test.h"
#include "ns_helpers.h"
#include "mount_ns.h"
#include "mnt_query.h"

enum { NS_P, NS_A, NS_B };
static const char *const names[] = { "P", "A", "B" };

struct cmd {
	/* m(ount), u(mount), c(ount), i(nfo), p(rivate), q(uit) */
	char op;
	char path[16];
};

struct reply {
	int ret;
	unsigned int shared, master;
};

static int cmd_pipe[3][2], reply_pipe[3][2];

static struct reply do_cmd(const struct cmd *c)
{
	struct reply r = { 0 };
	struct mq_info mi;

	switch (c->op) {
	case 'm':
		r.ret = mount("ltp-mntns05", c->path, "tmpfs", 0, NULL) ?
			-errno : 0;
		break;
	case 'u':
		r.ret = umount(c->path) ? -errno : 0;
		break;
	case 'c':
		r.ret = mnt_count(c->path);
		break;
	case 'i':
		mq_info_of(c->path, &mi);
		r.shared = mi.shared;
		r.master = mi.master;
		break;
	case 'p':
		r.ret = mount("none", c->path, NULL, MS_PRIVATE, NULL) ?
			-errno : 0;
		break;
	}
	return r;
}

static void serve(int who)
{
	struct cmd c;
	struct reply r;

	for (;;) {
		SAFE_READ(1, cmd_pipe[who][0], &c, sizeof(c));
		if (c.op == 'q')
			return;
		r = do_cmd(&c);
		SAFE_WRITE(1, reply_pipe[who][1], &r, sizeof(r));
	}
}

/* Run op on path in the namespace of who (P itself runs it directly). */
static struct reply ask(int who, char op, const char *path)
{
	struct cmd c = { .op = op };
	struct reply r;

	snprintf(c.path, sizeof(c.path), "%s", path);
	if (who == NS_P)
		return do_cmd(&c);
	SAFE_WRITE(1, cmd_pipe[who][1], &c, sizeof(c));
	if (op != 'q')
		SAFE_READ(1, reply_pipe[who][0], &r, sizeof(r));
	return r;
}

static void act(int who, char op, const char *path)
{
	struct reply r = ask(who, op, path);

	if (r.ret)
		tst_brk(TBROK, "%s: %c %s failed: %s", names[who], op, path,
			tst_strerrno(-r.ret));
}

static void counts(const char *when, const char *path, int p, int a, int b)
{
	int cp = ask(NS_P, 'c', path).ret, ca = ask(NS_A, 'c', path).ret;
	int cb = ask(NS_B, 'c', path).ret;

	TST_EXP_EXPR(cp == p && ca == a && cb == b, "%s: mounts on %s in P "
		     "%d, A %d, B %d (expected %d, %d, %d)", when, path, cp,
		     ca, cb, p, a, b);
}

static void a_main(void)
{
	pid_t b;

	SAFE_MOUNT("none", "a", NULL, MS_SLAVE, NULL);
	SAFE_MOUNT("none", "a", NULL, MS_SHARED, NULL);
	b = SAFE_NS_FORK(CLONE_NEWNS);
	if (!b) {
		serve(NS_B);
		exit(0);
	}
	serve(NS_A);
	NS_REAP(b);
	exit(0);
}

static void p_main(void)
{
	struct reply ia, ib, ip;
	pid_t a;

	mnt_private_ns();
	SAFE_MOUNT("ltp-mntns05", "a", "tmpfs", 0, NULL);
	SAFE_MKDIR("a/m1", 0755);
	SAFE_MKDIR("a/m2", 0755);
	SAFE_MKDIR("a/m3", 0755);
	SAFE_MOUNT("none", "a", NULL, MS_SHARED, NULL);
	a = SAFE_NS_FORK(CLONE_NEWNS);
	if (!a)
		a_main();

	ip = ask(NS_P, 'i', "a");
	ia = ask(NS_A, 'i', "a");
	ib = ask(NS_B, 'i', "a");
	TST_EXP_EXPR(ip.shared && !ip.master && ia.shared &&
		     ia.shared != ip.shared && ia.master == ip.shared &&
		     ib.shared == ia.shared && ib.master == ip.shared,
		     "peer groups: P shared:%u master:%u, A shared:%u "
		     "master:%u, B shared:%u master:%u", ip.shared, ip.master,
		     ia.shared, ia.master, ib.shared, ib.master);

	act(NS_P, 'm', "a/m1");
	counts("P mounted m1", "a/m1", 1, 1, 1);
	act(NS_B, 'm', "a/m2");
	counts("B mounted m2", "a/m2", 0, 1, 1);
	act(NS_A, 'u', "a/m1");
	counts("A unmounted m1", "a/m1", 1, 0, 0);
	TST_EXP_EXPR(ask(NS_A, 'u', "a/m1").ret == -EINVAL,
		     "A's second umount of m1 EINVAL");
	act(NS_P, 'u', "a/m1");
	counts("P unmounted m1", "a/m1", 0, 0, 0);
	act(NS_P, 'm', "a/m3");
	counts("P mounted m3", "a/m3", 1, 1, 1);
	act(NS_P, 'u', "a/m3");
	counts("P unmounted m3", "a/m3", 0, 0, 0);
	act(NS_B, 'u', "a/m2");
	counts("B unmounted m2", "a/m2", 0, 0, 0);

	act(NS_A, 'p', "a");
	ia = ask(NS_A, 'i', "a");
	ib = ask(NS_B, 'i', "a");
	TST_EXP_EXPR(!ia.shared && !ia.master && ib.shared &&
		     ib.master == ip.shared, "A's 'a' private: A shared:%u "
		     "master:%u, B shared:%u master:%u", ia.shared, ia.master,
		     ib.shared, ib.master);
	act(NS_P, 'm', "a/m3");
	counts("P mounted m3, A private", "a/m3", 1, 0, 1);
	act(NS_B, 'm', "a/m2");
	counts("B mounted m2, A private", "a/m2", 0, 0, 1);

	ask(NS_B, 'q', "");
	ask(NS_A, 'q', "");
	NS_REAP(a);
	exit(0);
}

static void run(void)
{
	pid_t pid;

	pid = SAFE_FORK();
	if (!pid)
		p_main();
	NS_REAP(pid);
}

static void setup(void)
{
	int i;

	for (i = NS_A; i <= NS_B; i++) {
		SAFE_PIPE(cmd_pipe[i]);
		SAFE_PIPE(reply_pipe[i]);
	}
	SAFE_MKDIR("a", 0755);
}

static struct tst_test test = {
	.setup = setup,
	.test_all = run,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
};
