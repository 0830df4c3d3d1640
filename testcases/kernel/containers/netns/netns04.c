// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Link notifications of rtnetlink (RTMGRP_LINK) reach the listeners of
 * the device's own network namespace only (net/core/rtnetlink.c
 * rtnl_notify() to the device's net, net/core/dev.c
 * __dev_change_net_namespace()). O and A (made by O) are new network
 * namespaces, each with a listener bound to RTMGRP_LINK before anything
 * happens:
 *  - O makes and deletes a veth pair n4o/n4q: O's listener gets
 *    RTM_NEWLINK and RTM_DELLINK of both, A's nothing of them;
 *  - A makes a pair n4x/n4y: only A's listener hears of them;
 *  - A moves n4y into O: A's listener gets RTM_DELLINK of n4y carrying
 *    IFLA_NEW_IFINDEX, the index n4y then has in O, and an
 *    IFLA_NEW_NETNSID >= 0; O's listener gets RTM_NEWLINK of n4y with
 *    that index, its first word of n4y;
 *  - O deletes n4y, which takes its peer along: O's listener gets
 *    RTM_DELLINK of n4y, A's RTM_DELLINK of n4x, and O never hears of
 *    n4x, A nothing more of n4y.
 * Each listener reads until its last expected message (a bounded wait
 * each time); all steps are done before, in order, so whatever else the
 * kernel sent it is in the socket by then.
 */
#include <fcntl.h>
#include <net/if.h>
#include <poll.h>
#include <linux/rtnetlink.h>
#include <linux/if_link.h>
#include <linux/veth.h>
#include "tst_test.h"
#include "ns_helpers.h"
#include "net_rtnl.h"

#define MAX_EV	64

struct ev {
	int type;
	int index;
	int new_index;
	int new_nsid;
	char name[IFNAMSIZ];
};

struct evlog {
	struct ev ev[MAX_EV];
	int n;
};

static int o_nsfd = -1, idx_pipe[2];

static int listener(void)
{
	struct sockaddr_nl sa = {
		.nl_family = AF_NETLINK, .nl_groups = RTMGRP_LINK,
	};
	int fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_ROUTE);

	if (fd < 0)
		tst_brk(TBROK | TERRNO, "socket(NETLINK_ROUTE)");
	if (bind(fd, (struct sockaddr *)&sa, sizeof(sa)))
		tst_brk(TBROK | TERRNO, "bind(RTMGRP_LINK)");
	return fd;
}

static int s32_attr(struct nlmsghdr *nh, int type)
{
	struct rtattr *rta = rtnl_attr(nh, sizeof(struct ifinfomsg), type);

	return rta ? *(int32_t *)RTA_DATA(rta) : -1;
}

/* Read link messages into log until one of type about name arrives. */
static void collect(int fd, struct evlog *log, int type, const char *name)
{
	static char buf[65536];
	struct rtnl_link_info li;
	struct nlmsghdr *nh;
	struct ev *e;
	ssize_t len;

	for (;;) {
		len = rtnl_recv(fd, buf, sizeof(buf), type);
		for (nh = (struct nlmsghdr *)buf; NLMSG_OK(nh, len);
		     nh = NLMSG_NEXT(nh, len)) {
			if (nh->nlmsg_type != RTM_NEWLINK &&
			    nh->nlmsg_type != RTM_DELLINK)
				continue;
			if (log->n == MAX_EV)
				tst_brk(TBROK, "more than %d link messages",
					MAX_EV);
			rtnl_link_parse(nh, &li);
			e = &log->ev[log->n++];
			e->type = nh->nlmsg_type;
			e->index = li.index;
			e->new_index = s32_attr(nh, IFLA_NEW_IFINDEX);
			e->new_nsid = s32_attr(nh, IFLA_NEW_NETNSID);
			snprintf(e->name, sizeof(e->name), "%s", li.name);
			if (e->type == type && !strcmp(e->name, name))
				return;
		}
	}
}

/* Index in log of the first message about name (of type, 0: any), or -1 */
static int find(const struct evlog *log, int from, int type,
		const char *name)
{
	int i;

	for (i = from; i < log->n; i++)
		if (!strcmp(log->ev[i].name, name) &&
		    (!type || log->ev[i].type == type))
			return i;
	return -1;
}

static int count(const struct evlog *log, int type, const char *name)
{
	int i, n = 0;

	for (i = 0; i < log->n; i++)
		n += !strcmp(log->ev[i].name, name) &&
		     (!type || log->ev[i].type == type);
	return n;
}

static void a_main(void)
{
	struct evlog log = { .n = 0 };
	int fd = listener(), y, d, x_new, y_in_o;

	TST_CHECKPOINT_WAKE_AND_WAIT(0);
	if (rtnl_veth_add("n4x", "n4y", -1))
		tst_brk(TBROK, "veth n4x/n4y in A");
	y = rtnl_ifindex("n4y");
	if (rtnl_link_netns(y, o_nsfd))
		tst_brk(TBROK, "moving n4y into O");
	TST_CHECKPOINT_WAKE_AND_WAIT(0);
	SAFE_READ(1, idx_pipe[0], &y_in_o, sizeof(y_in_o));

	collect(fd, &log, RTM_DELLINK, "n4x");
	TST_EXP_EXPR(!count(&log, 0, "n4o") && !count(&log, 0, "n4q"),
		     "A heard nothing of O's n4o/n4q");
	x_new = find(&log, 0, RTM_NEWLINK, "n4x");
	TST_EXP_EXPR(x_new >= 0 && find(&log, 0, RTM_NEWLINK, "n4y") >= 0,
		     "A heard RTM_NEWLINK of n4x and n4y");
	d = find(&log, 0, RTM_DELLINK, "n4y");
	TST_EXP_EXPR(d >= 0 && count(&log, RTM_DELLINK, "n4y") == 1 &&
		     find(&log, d + 1, 0, "n4y") < 0,
		     "A heard one RTM_DELLINK of n4y (the move), then nothing "
		     "of it");
	if (d >= 0)
		TST_EXP_EXPR(log.ev[d].new_index == y_in_o &&
			     log.ev[d].new_nsid >= 0, "the move's "
			     "IFLA_NEW_IFINDEX %d (n4y is %d in O), "
			     "IFLA_NEW_NETNSID %d", log.ev[d].new_index,
			     y_in_o, log.ev[d].new_nsid);
	exit(0);
}

static void o_main(void)
{
	struct evlog log = { .n = 0 };
	int fd = listener(), y, n;
	pid_t a;

	o_nsfd = SAFE_OPEN("/proc/self/ns/net", O_RDONLY);
	SAFE_PIPE(idx_pipe);
	a = SAFE_NS_FORK(CLONE_NEWNET);
	if (!a)
		a_main();
	TST_CHECKPOINT_WAIT(0);
	if (rtnl_veth_add("n4o", "n4q", -1))
		tst_brk(TBROK, "veth n4o/n4q in O");
	if (rtnl_link_del(rtnl_ifindex("n4o")))
		tst_brk(TBROK, "deleting n4o");
	TST_CHECKPOINT_WAKE_AND_WAIT(0);

	y = rtnl_ifindex("n4y");
	SAFE_WRITE(1, idx_pipe[1], &y, sizeof(y));
	if (rtnl_link_del(y))
		tst_brk(TBROK, "deleting n4y in O");
	TST_CHECKPOINT_WAKE(0);

	collect(fd, &log, RTM_DELLINK, "n4y");
	TST_EXP_EXPR(count(&log, RTM_NEWLINK, "n4o") >= 1 &&
		     count(&log, RTM_NEWLINK, "n4q") >= 1 &&
		     count(&log, RTM_DELLINK, "n4o") == 1 &&
		     count(&log, RTM_DELLINK, "n4q") == 1,
		     "O heard n4o and n4q come and go");
	TST_EXP_EXPR(!count(&log, 0, "n4x"), "O heard nothing of n4x");
	n = find(&log, 0, 0, "n4y");
	TST_EXP_EXPR(n >= 0 && log.ev[n].type == RTM_NEWLINK &&
		     log.ev[n].index == y, "O's first word of n4y: type %d "
		     "index %d (n4y is %d in O)", n >= 0 ? log.ev[n].type : -1,
		     n >= 0 ? log.ev[n].index : -1, y);
	TST_EXP_EQ_LI(count(&log, RTM_DELLINK, "n4y"), 1);
	NS_REAP(a);
	exit(0);
}

static void run(void)
{
	pid_t pid = SAFE_NS_FORK(CLONE_NEWNET);

	if (!pid)
		o_main();
	NS_REAP(pid);
}

static struct tst_test test = {
	.test_all = run,
	.needs_root = 1,
	.forks_child = 1,
	.needs_checkpoints = 1,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_NET_NS", "CONFIG_VETH", NULL
	},
};
