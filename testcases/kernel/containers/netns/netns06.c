// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Moving links between network namespaces (net/core/rtnetlink.c
 * do_setlink(), rtnl_ensure_unique_netns(); net/core/dev.c
 * __dev_change_net_namespace(), default_device_exit_batch();
 * network_namespaces(7), veth(4)). In a new namespace T the test has
 * veth pairs n6a/n6b and n6q (its peer made in namespace A, named n6b
 * there; A is held by a sleeping process):
 *  - lo cannot leave its namespace: EINVAL, still index 1 in T;
 *  - n6b into A, where a link of that name (n6q's peer) exists: EEXIST,
 *    also when renamed lo (taken in A too); IFLA_NET_NS_PID and
 *    IFLA_NET_NS_FD together EINVAL; the pid of no process ESRCH; a uts
 *    namespace fd and a /proc file's fd EINVAL; a closed fd EBADF;
 *    IFLA_NEW_IFINDEX 0 and -1 ERANGE; the index of A's n6b EBUSY, with
 *    a free name given; after them n6b is still in T with its index and
 *    A still lists lo and its n6b only;
 *  - with IFLA_IFNAME "n6m" and IFLA_NEW_IFINDEX 4242 it moves: ENODEV
 *    in T, in A as n6m with index 4242, n6a's peer link index 4242 (no
 *    "%d" pattern here: do_setlink() applies IFLA_IFNAME again after the
 *    move, so a pattern ends at the next free unit);
 *  - n6a moved without a new index keeps its index when A has it free;
 *    moving to the own namespace returns 0 and changes nothing;
 *  - when A's last process exits, A's veth ends are destroyed with their
 *    peers: n6q disappears from T within 30 s, T lists lo only.
 * A kernel that moved a device whose name or index is taken in the target
 * (two devices of one name or index), moved lo, half-applied a refused
 * move or leaked veth devices of a dead namespace fails here.
 */
#include <fcntl.h>
#include <net/if.h>
#include <linux/rtnetlink.h>
#include <linux/if_link.h>
#include <linux/veth.h>
#include "tst_test.h"
#include "ns_helpers.h"
#include "net_rtnl.h"
#include "net_helpers.h"
#include "task_wait.h"

#define NEW_INDEX 4242
#define CLOSED_FD 1000

static int t_nsfd = -1, a_nsfd = -1;

/* RTM_NEWLINK moving ifindex: name and new_index optional (NULL, 0) */
static int move_link(int ifindex, int nsfd, pid_t nspid, const char *name,
		     int set_new_index, int new_index)
{
	static struct rtnl_msg m;

	rtnl_link_msg(&m, RTM_NEWLINK, 0, ifindex, name);
	if (nsfd != -1)
		rtnl_put_u32(&m, IFLA_NET_NS_FD, nsfd);
	if (nspid)
		rtnl_put_u32(&m, IFLA_NET_NS_PID, nspid);
	if (set_new_index)
		rtnl_put_u32(&m, IFLA_NEW_IFINDEX, (uint32_t)new_index);
	return rtnl_talk(&m);
}

static void enter(int nsfd)
{
	if (setns(nsfd, CLONE_NEWNET))
		tst_brk(TBROK | TERRNO, "setns(CLONE_NEWNET)");
}

struct link_list {
	int n;
	char names[8][IFNAMSIZ];
	int index[8];
};

/*
 * Fallback tunnel devices (tunl0, sit0, ...) are left out: once another
 * test has loaded their driver, every new namespace has them.
 */
static void list_cb(const struct rtnl_link_info *li, void *priv)
{
	struct link_list *l = priv;

	if (net_is_fallback_tunnel(li->name))
		return;
	if (l->n < 8) {
		strcpy(l->names[l->n], li->name);
		l->index[l->n] = li->index;
	}
	l->n++;
}

/* the links of the namespace of nsfd, in dump order */
static void links_of(int nsfd, struct link_list *l)
{
	memset(l, 0, sizeof(*l));
	enter(nsfd);
	RTNL_SAFE(rtnl_link_dump(list_cb, l));
	enter(t_nsfd);
}

static int index_in(int nsfd, const char *name)
{
	struct link_list l;
	int i;

	links_of(nsfd, &l);
	for (i = 0; i < l.n && i < 8; i++) {
		if (!strcmp(l.names[i], name))
			return l.index[i];
	}
	return 0;
}

static int a_is_lo_and(const char *name, int index)
{
	struct link_list l;

	links_of(a_nsfd, &l);
	return l.n == 2 && !strcmp(l.names[0], "lo") &&
	       !strcmp(l.names[1], name) && l.index[1] == index;
}

#define EXP_MOVE_FAIL(call, err, what) do { \
	int ret_ = (call); \
	TST_EXP_EXPR(ret_ == -(err), "%s: %s (%s expected)", (what), \
		     tst_strerrno(-ret_), tst_strerrno(err)); \
} while (0)

static void refused_moves(int b_idx, int a_b_idx)
{
	int uts_fd, file_fd;

	EXP_MOVE_FAIL(move_link(1, a_nsfd, 0, NULL, 0, 0), EINVAL,
		      "lo into A");
	TST_EXP_EXPR(if_nametoindex("lo") == 1, "lo still index 1 in T");

	EXP_MOVE_FAIL(move_link(b_idx, a_nsfd, 0, NULL, 0, 0), EEXIST,
		      "n6b into A, which has an n6b");
	EXP_MOVE_FAIL(move_link(b_idx, a_nsfd, 0, "lo", 0, 0), EEXIST,
		      "n6b into A renamed lo, taken there");
	EXP_MOVE_FAIL(move_link(b_idx, a_nsfd, getpid(), NULL, 0, 0), EINVAL,
		      "IFLA_NET_NS_FD and IFLA_NET_NS_PID together");
	EXP_MOVE_FAIL(move_link(b_idx, -1, unused_pid(), NULL, 0, 0), ESRCH,
		      "IFLA_NET_NS_PID of no process");
	uts_fd = SAFE_OPEN("/proc/self/ns/uts", O_RDONLY);
	EXP_MOVE_FAIL(move_link(b_idx, uts_fd, 0, "n6m", 0, 0), EINVAL,
		      "IFLA_NET_NS_FD of a uts namespace");
	SAFE_CLOSE(uts_fd);
	file_fd = SAFE_OPEN("/proc/self/stat", O_RDONLY);
	EXP_MOVE_FAIL(move_link(b_idx, file_fd, 0, "n6m", 0, 0), EINVAL,
		      "IFLA_NET_NS_FD of a proc file, no namespace");
	SAFE_CLOSE(file_fd);
	/* not a freed low number: the request's own socket would take it */
	if (fcntl(CLOSED_FD, F_GETFD) != -1 || errno != EBADF)
		tst_brk(TBROK, "fd %d is open", CLOSED_FD);
	EXP_MOVE_FAIL(move_link(b_idx, CLOSED_FD, 0, "n6m", 0, 0), EBADF,
		      "IFLA_NET_NS_FD of a closed fd");
	EXP_MOVE_FAIL(move_link(b_idx, a_nsfd, 0, "n6m", 1, 0), ERANGE,
		      "IFLA_NEW_IFINDEX 0");
	EXP_MOVE_FAIL(move_link(b_idx, a_nsfd, 0, "n6m", 1, -1), ERANGE,
		      "IFLA_NEW_IFINDEX -1");
	EXP_MOVE_FAIL(move_link(b_idx, a_nsfd, 0, "n6m", 1, a_b_idx), EBUSY,
		      "IFLA_NEW_IFINDEX of A's n6b");

	TST_EXP_EXPR(index_in(t_nsfd, "n6b") == b_idx,
		     "n6b still in T with index %d after the refused moves",
		     b_idx);
	TST_EXP_EXPR(a_is_lo_and("n6b", a_b_idx),
		     "A still lists lo and its own n6b (%d) only", a_b_idx);
}

static void moves(int a_idx, int b_idx)
{
	struct rtnl_link_info li;
	struct link_list l;
	int taken;

	TST_EXP_EXPR(move_link(b_idx, a_nsfd, 0, "n6m", 1, NEW_INDEX) == 0,
		     "n6b into A renamed n6m with IFLA_NEW_IFINDEX %d",
		     NEW_INDEX);
	TST_EXP_EXPR(rtnl_link_get(b_idx, NULL, &li) == -ENODEV &&
		     !if_nametoindex("n6b"), "n6b gone from T (index %d)",
		     b_idx);
	TST_EXP_EXPR(index_in(a_nsfd, "n6m") == NEW_INDEX,
		     "A has n6m with index %d (reads %d)", NEW_INDEX,
		     index_in(a_nsfd, "n6m"));
	RTNL_SAFE(rtnl_link_get(a_idx, NULL, &li));
	TST_EXP_EXPR(li.link == NEW_INDEX, "n6a's peer is link %d (%d "
		     "expected)", li.link, NEW_INDEX);

	TST_EXP_EXPR(move_link(a_idx, t_nsfd, 0, NULL, 0, 0) == 0 &&
		     index_in(t_nsfd, "n6a") == a_idx,
		     "moving n6a to its own namespace: 0, unchanged");

	enter(a_nsfd);
	taken = rtnl_link_get(a_idx, NULL, &li) == 0;
	enter(t_nsfd);
	RTNL_SAFE(move_link(a_idx, a_nsfd, 0, NULL, 0, 0));
	if (taken) {
		TST_EXP_EXPR(index_in(a_nsfd, "n6a") != a_idx &&
			     index_in(a_nsfd, "n6a") > 0,
			     "n6a got a new index in A (%d was taken)", a_idx);
	} else {
		TST_EXP_EXPR(index_in(a_nsfd, "n6a") == a_idx,
			     "n6a kept its free index %d in A (reads %d)",
			     a_idx, index_in(a_nsfd, "n6a"));
	}
	links_of(a_nsfd, &l);
	TST_EXP_EXPR(l.n == 4, "A lists 4 links (lo, n6b, n6m, n6a): %d",
		     l.n);
}

static void in_t(void)
{
	long long deadline;
	struct link_list l;
	int a_idx, b_idx, a_b_idx, status;
	pid_t holder;
	char path[64];

	if (unshare(CLONE_NEWNET))
		tst_brk(TBROK | TERRNO, "unshare(CLONE_NEWNET)");
	t_nsfd = SAFE_OPEN("/proc/self/ns/net", O_RDONLY);
	holder = SAFE_NS_FORK(CLONE_NEWNET);
	if (!holder) {
		for (;;)
			pause();
	}
	snprintf(path, sizeof(path), "/proc/%d/ns/net", (int)holder);
	a_nsfd = SAFE_OPEN(path, O_RDONLY);

	/* n6q here, its peer in A, named n6b there */
	RTNL_SAFE(rtnl_veth_add("n6q", "n6b", a_nsfd));
	RTNL_SAFE(rtnl_veth_add("n6a", "n6b", -1));
	a_idx = rtnl_ifindex("n6a");
	b_idx = rtnl_ifindex("n6b");
	a_b_idx = index_in(a_nsfd, "n6b");
	if (!a_b_idx)
		tst_brk(TBROK, "A's n6b missing");

	refused_moves(b_idx, a_b_idx);
	moves(a_idx, b_idx);

	/* A's last reference goes: its veth ends and their peers with them */
	SAFE_CLOSE(a_nsfd);
	SAFE_KILL(holder, SIGKILL);
	SAFE_WAITPID(holder, &status, 0);
	deadline = tst_mono_ms() + 30000 * tst_timeout_mul();
	while (if_nametoindex("n6q") && tst_mono_ms() < deadline)
		usleep(10000);
	TST_EXP_EXPR(!if_nametoindex("n6q"), "n6q (peer in the dead A) "
		     "destroyed");
	links_of(t_nsfd, &l);
	TST_EXP_EXPR(l.n == 1 && !strcmp(l.names[0], "lo"),
		     "T lists lo only (%d links)", l.n);
	SAFE_CLOSE(t_nsfd);
}

static void run(void)
{
	run_in_child(in_t);
}

static struct tst_test test = {
	.test_all = run,
	.needs_root = 1,
	.forks_child = 1,
	.timeout = 120,
	.needs_kconfigs = (const char *const []) {"CONFIG_NET_NS",
						  "CONFIG_VETH", NULL},
};
