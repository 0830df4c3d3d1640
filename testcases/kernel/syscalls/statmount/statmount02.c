// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * statmount() propagation fields (STATMOUNT_MNT_BASIC: mnt_propagation,
 * mnt_peer_group, mnt_master; STATMOUNT_PROPAGATE_FROM) against what the
 * test set up and against mountinfo's shared:, master: and
 * propagate_from: fields. In a private mount namespace:
 * - P, a tmpfs: MS_PRIVATE, no peer group, no master, propagate_from 0;
 * - U, a tmpfs made unbindable: MS_UNBINDABLE, the same zeros;
 * - A, a tmpfs in root/a made shared: MS_SHARED, peer group N (as in
 *   mountinfo, not 0), no master;
 * - B, A bound on b, made a slave, then shared again: MS_SHARED | MS_SLAVE,
 *   its own peer group M (not N), master N, propagate_from N;
 * - C, B bound on root/c, made a slave: MS_SLAVE, master M,
 *   propagate_from M.
 * In a child chrooted to root, where B is out of sight: C's master is
 * still M but propagate_from is N, the nearest master group with a mount
 * under the root (A), as mountinfo read there says too; the mount points
 * of A and C are "/a" and "/c", relative to the new root.
 * Linux 6.8 (statmount); TCONF before.
 */
#include <stdint.h>
#include <sys/wait.h>
#include "tst_test.h"
#include "mnt_query.h"
#include "mount_ns.h"

#define BUF_SIZE 8192
#define MASK (STATMOUNT_MNT_BASIC | STATMOUNT_PROPAGATE_FROM | \
	      STATMOUNT_MNT_POINT)

struct pmount {
	const char *path;
	uint64_t id;
	unsigned int id_old;
};

static struct pmount mp_p = {.path = "p"}, mp_u = {.path = "u"},
		     mp_a = {.path = "root/a"}, mp_b = {.path = "b"},
		     mp_c = {.path = "root/c"};
static unsigned int group_n, group_m;
static int procfd = -1;
static char *buf;
static struct lapi_statmount *sm;

static void chk_u(const char *mnt, const char *what, uint64_t got,
		  uint64_t exp)
{
	tst_res(got == exp ? TPASS : TFAIL, "%s: %s %#llx%s%#llx", mnt, what,
		(unsigned long long)got, got == exp ? " == " : ", expected ",
		(unsigned long long)exp);
}

static int sm_get(struct pmount *m)
{
	memset(buf, 0xa5, BUF_SIZE);
	TEST(statmount_raw(m->id, MASK, buf, BUF_SIZE, 0));
	if (TST_RET) {
		tst_res(TFAIL | TTERRNO, "statmount(%s) returned %ld",
			m->path, TST_RET);
		return 0;
	}
	chk_u(m->path, "mask", sm->mask, MASK);
	return 1;
}

static void check(struct pmount *m, uint64_t prop, uint64_t peer,
		  uint64_t master, uint64_t from)
{
	if (!sm_get(m))
		return;
	chk_u(m->path, "mnt_propagation", sm->mnt_propagation, prop);
	chk_u(m->path, "mnt_peer_group", sm->mnt_peer_group, peer);
	chk_u(m->path, "mnt_master", sm->mnt_master, master);
	chk_u(m->path, "propagate_from", sm->propagate_from, from);
}

/* mountinfo, read by this process, against the expected fields. */
static void check_info(struct pmount *m, unsigned int shared,
		       unsigned int master, unsigned int from)
{
	struct mq_info mi;

	if (!mq_info(procfd, m->id_old, &mi)) {
		tst_res(TFAIL, "%s: mount %u not in mountinfo", m->path,
			m->id_old);
		return;
	}
	TST_EXP_EXPR(mi.shared == shared && mi.master == master &&
		     mi.propagate_from == from,
		     "%s: mountinfo shared:%u master:%u propagate_from:%u "
		     "(expected %u %u %u)", m->path, mi.shared, mi.master,
		     mi.propagate_from, shared, master, from);
}

static void point_is(struct pmount *m, const char *exp)
{
	const char *got;

	if (!sm_get(m))
		return;
	got = sm->mnt_point < BUF_SIZE - sizeof(*sm) ?
	      sm->str + sm->mnt_point : "(bad offset)";
	TST_EXP_EXPR(!strcmp(got, exp), "%s: mnt_point \"%s\" (expected "
		     "\"%s\")", m->path, got, exp);
}

static void in_chroot(void)
{
	if (chroot("root") || chdir("/"))
		tst_brk(TBROK | TERRNO, "chroot(root)");
	tst_res(TINFO, "chrooted to root: B is out of sight");
	check(&mp_c, MS_SLAVE, 0, group_m, group_n);
	check_info(&mp_c, 0, group_m, group_n);
	check(&mp_a, MS_SHARED, group_n, 0, 0);
	point_is(&mp_a, "/a");
	point_is(&mp_c, "/c");
}

static void run(void)
{
	pid_t pid;

	TST_EXP_EXPR(group_n && group_m && group_n != group_m,
		     "peer groups of A (%u) and B (%u) are distinct and not 0",
		     group_n, group_m);
	check(&mp_p, MS_PRIVATE, 0, 0, 0);
	check(&mp_u, MS_UNBINDABLE, 0, 0, 0);
	check(&mp_a, MS_SHARED, group_n, 0, 0);
	check(&mp_b, MS_SHARED | MS_SLAVE, group_m, group_n, group_n);
	check_info(&mp_b, group_m, group_n, 0);
	check(&mp_c, MS_SLAVE, 0, group_m, group_m);
	check_info(&mp_c, 0, group_m, 0);

	pid = SAFE_FORK();
	if (!pid) {
		in_chroot();
		exit(0);
	}
	reap_child(pid);
}

static void mnt_get(struct pmount *m)
{
	m->id = mq_unique_id(m->path);
	m->id_old = mq_old_id(m->path);
}

static unsigned int shared_group(struct pmount *m)
{
	struct mq_info mi;

	mq_info_of(m->path, &mi);
	if (!mi.shared)
		tst_brk(TBROK, "%s is not shared in mountinfo", m->path);
	return mi.shared;
}

static void setup(void)
{
	mq_require_statmount();
	buf = SAFE_MALLOC(BUF_SIZE);
	sm = (struct lapi_statmount *)buf;
	mnt_private_ns();
	procfd = SAFE_OPEN("/proc", O_RDONLY | O_DIRECTORY);

	SAFE_MKDIR("p", 0755);
	SAFE_MKDIR("u", 0755);
	SAFE_MKDIR("b", 0755);
	SAFE_MKDIR("root", 0755);
	SAFE_MKDIR("root/a", 0755);
	SAFE_MKDIR("root/c", 0755);

	SAFE_MOUNT("ltp_statmount02", "p", "tmpfs", 0, NULL);
	SAFE_MOUNT("ltp_statmount02", "u", "tmpfs", 0, NULL);
	SAFE_MOUNT(NULL, "u", NULL, MS_UNBINDABLE, NULL);
	SAFE_MOUNT("ltp_statmount02", "root/a", "tmpfs", 0, NULL);
	SAFE_MOUNT(NULL, "root/a", NULL, MS_SHARED, NULL);
	SAFE_MOUNT("root/a", "b", NULL, MS_BIND, NULL);
	SAFE_MOUNT(NULL, "b", NULL, MS_SLAVE, NULL);
	SAFE_MOUNT(NULL, "b", NULL, MS_SHARED, NULL);
	SAFE_MOUNT("b", "root/c", NULL, MS_BIND, NULL);
	SAFE_MOUNT(NULL, "root/c", NULL, MS_SLAVE, NULL);

	mnt_get(&mp_p);
	mnt_get(&mp_u);
	mnt_get(&mp_a);
	mnt_get(&mp_b);
	mnt_get(&mp_c);
	group_n = shared_group(&mp_a);
	group_m = shared_group(&mp_b);
}

static void cleanup(void)
{
	if (procfd >= 0)
		SAFE_CLOSE(procfd);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
};
