// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The team device over rtnetlink and the "team" generic netlink family
 * (no teamd): the local host's team0 has two veth ports, t0 and t1,
 * whose peers are the ports of a bridge in the remote host; IPv6 is off
 * and the ARP entries are static, so the ports carry only the test's
 * datagrams (local -> remote) and their tx counters count them exactly;
 * like teamd, the test is a member of the family's change_event group
 * (without one, OPTIONS_SET sets the option and answers ESRCH):
 * - TEAM_CMD_OPTIONS_SET errnos: no team ifindex EINVAL, an unknown
 *   option ENOENT, an unknown mode EINVAL, the mode it already has
 *   EINVAL, a mode change with ports EBUSY; enslaving an up device
 *   EBUSY; activeport naming a device that is not a port ENOENT;
 * - roundrobin: PORT_LIST_GET lists both ports with link (the team
 *   learns it from the link watch: waited for, woken by the change
 *   events); 20 datagrams leave exactly 10 on each port and all arrive;
 *   once t1 is released only t0 is listed and the next 10 datagrams all
 *   leave on t0;
 * - activebackup: with activeport t1 10 datagrams all leave on t1, after
 *   activeport t0 the next 10 all on t0, every one arriving;
 * - deleting team0 releases t0 and t1 (no master) and it is gone
 *   (ENODEV).
 */
#include "tst_test.h"
#include "net_hosts.h"
#include "net_genl.h"
#include "socket_helpers.h"
#include "lapi/if_team.h"

static int fam, team, tp[2];
static int rx, tx, events = -1, links = -1;
static struct sockaddr_storage to;

static void opt_begin(struct rtnl_msg *m, int with_team)
{
	genl_msg(m, fam, TEAM_CMD_OPTIONS_SET, TEAM_GENL_VERSION, 0);
	if (with_team)
		rtnl_put_u32(m, TEAM_ATTR_TEAM_IFINDEX, team);
	rtnl_nest(m, TEAM_ATTR_LIST_OPTION);
	rtnl_nest(m, TEAM_ATTR_ITEM_OPTION);
}

static int opt_end(struct rtnl_msg *m)
{
	rtnl_nest_end(m);
	rtnl_nest_end(m);
	net_enter(NET_A);
	return genl_talk(m, NULL, NULL);
}

static int set_str(const char *name, const char *val, int with_team)
{
	static struct rtnl_msg m;

	opt_begin(&m, with_team);
	rtnl_put_str(&m, TEAM_ATTR_OPTION_NAME, name);
	rtnl_put_u8(&m, TEAM_ATTR_OPTION_TYPE, LTP_TEAM_OPT_STRING);
	rtnl_put_str(&m, TEAM_ATTR_OPTION_DATA, val);
	return opt_end(&m);
}

static int set_u32(const char *name, uint32_t val)
{
	static struct rtnl_msg m;

	opt_begin(&m, 1);
	rtnl_put_str(&m, TEAM_ATTR_OPTION_NAME, name);
	rtnl_put_u8(&m, TEAM_ATTR_OPTION_TYPE, LTP_TEAM_OPT_U32);
	rtnl_put_u32(&m, TEAM_ATTR_OPTION_DATA, val);
	return opt_end(&m);
}

struct ports {
	int n, up, idx[4];
};

static void ports_cb(struct nlmsghdr *nh, void *priv)
{
	struct ports *p = priv;
	struct rtattr *list = genl_attr(nh, TEAM_ATTR_LIST_PORT), *item;
	int rem;

	if (!list)
		return;
	for (item = RTA_DATA(list), rem = RTA_PAYLOAD(list); RTA_OK(item, rem);
	     item = RTA_NEXT(item, rem)) {
		struct rtattr *a = rtnl_nested(item, TEAM_ATTR_PORT_IFINDEX);

		if (rtnl_nested(item, TEAM_ATTR_PORT_REMOVED) || !a)
			continue;
		if (p->n < 4)
			p->idx[p->n] = *(uint32_t *)RTA_DATA(a);
		p->n++;
		if (rtnl_nested(item, TEAM_ATTR_PORT_LINKUP))
			p->up++;
	}
}

static void port_list(struct ports *p)
{
	static struct rtnl_msg m;

	memset(p, 0, sizeof(*p));
	genl_msg(&m, fam, TEAM_CMD_PORT_LIST_GET, TEAM_GENL_VERSION, 0);
	rtnl_put_u32(&m, TEAM_ATTR_TEAM_IFINDEX, team);
	net_enter(NET_A);
	RTNL_SAFE(genl_talk(&m, ports_cb, p));
}

static int team_running(void)
{
	struct rtnl_link_info li;

	net_enter(NET_A);
	RTNL_SAFE(rtnl_link_get(team, NULL, &li));
	return !!(li.flags & IFF_RUNNING);
}

static void drain(int fd)
{
	static char buf[65536];

	while (recv(fd, buf, sizeof(buf), MSG_DONTWAIT) > 0)
		;
}

/*
 * The team takes a port's link from its operstate, which the link watch
 * sets some time after the port comes up, and team0 then gets its
 * carrier, which the link watch turns into IFF_RUNNING and an active
 * qdisc later again (datagrams sent before go to the noop qdisc): wait
 * (bounded) for n ports with link and team0 running, woken by the
 * team's change events and the link notifications.
 */
static void wait_ports(int n, struct ports *p)
{
	long long end = tst_mono_ms() + net_ms(10000);
	struct pollfd pfd[2] = {
		{ .fd = events, .events = POLLIN },
		{ .fd = links, .events = POLLIN },
	};

	for (;;) {
		port_list(p);
		if (p->n == n && p->up == n && team_running())
			return;
		if (tst_mono_ms() > end)
			tst_brk(TBROK, "%d ports, %d with link, team0 %srunning, after %d ms (expected %d)",
				p->n, p->up, team_running() ? "" : "not ",
				net_ms(10000), n);
		if (poll(pfd, 2, net_ms(1000)) < 0)
			tst_brk(TBROK | TERRNO, "poll()");
		drain(events);
		drain(links);
	}
}

static void tx_of(long long *c)
{
	struct rtnl_link_info li;
	int i;

	net_enter(NET_A);
	for (i = 0; i < 2; i++) {
		RTNL_SAFE(rtnl_link_get(tp[i], NULL, &li));
		c[i] = li.stats.tx_packets;
	}
}

/* n datagrams: how many left on t0 and t1; all must arrive. */
static void burst(int n, long long *d, const char *what)
{
	static char buf[64];
	long long c0[2], c1[2];
	int i, got = 0;

	tx_of(c0);
	for (i = 0; i < n; i++)
		if (sendto(tx, buf, sizeof(buf), 0, (struct sockaddr *)&to,
			   sizeof(struct sockaddr_in)) != sizeof(buf))
			tst_brk(TBROK | TERRNO, "sendto()");
	while (got < n && net_poll(rx, POLLIN, 10000) &&
	       recv(rx, buf, sizeof(buf), MSG_DONTWAIT) == sizeof(buf))
		got++;
	NET_EXP_EQ(got, n, what);
	tx_of(c1);
	for (i = 0; i < 2; i++)
		d[i] = c1[i] - c0[i];
}

static void expect(const long long *d, int a, int b, const char *what)
{
	if (d[0] == a && d[1] == b)
		tst_res(TPASS, "%s: t0 %lld, t1 %lld", what, d[0], d[1]);
	else
		tst_res(TFAIL, "%s: t0 %lld, t1 %lld, expected %d and %d", what,
			d[0], d[1], a, b);
}

static void enslave_both(void)
{
	int i;

	net_enter(NET_A);
	for (i = 0; i < 2; i++) {
		RTNL_SAFE(rtnl_link_set(tp[i], 0, IFF_UP, 0));
		RTNL_SAFE(rtnl_link_master(tp[i], team));
		RTNL_SAFE(rtnl_link_up(tp[i]));
	}
}

static void release(int i)
{
	net_enter(NET_A);
	RTNL_SAFE(rtnl_link_master(tp[i], 0));
}

static void roundrobin(void)
{
	struct ports p;
	long long d[2];

	TST_EXP_EQ_LI(set_str("mode", "roundrobin", 0), -EINVAL);
	TST_EXP_EQ_LI(set_str("nosuchoption", "x", 1), -ENOENT);
	TST_EXP_EQ_LI(set_str("mode", "nosuchmode", 1), -EINVAL);
	RTNL_SAFE(set_str("mode", "roundrobin", 1));
	TST_EXP_EQ_LI(set_str("mode", "roundrobin", 1), -EINVAL);

	net_enter(NET_A);
	TST_EXP_EQ_LI(rtnl_link_master(tp[0], team), -EBUSY);
	enslave_both();
	TST_EXP_EQ_LI(set_str("mode", "activebackup", 1), -EBUSY);
	wait_ports(2, &p);
	if (p.n == 2 && ((p.idx[0] == tp[0] && p.idx[1] == tp[1]) ||
			 (p.idx[0] == tp[1] && p.idx[1] == tp[0])))
		tst_res(TPASS, "PORT_LIST_GET: t0 and t1, both with link");
	else
		tst_res(TFAIL, "PORT_LIST_GET: %d ports", p.n);

	burst(20, d, "roundrobin: datagrams arrived");
	expect(d, 10, 10, "roundrobin: 20 datagrams");

	release(1);
	wait_ports(1, &p);
	if (p.n == 1 && p.idx[0] == tp[0])
		tst_res(TPASS, "PORT_LIST_GET after releasing t1: t0 alone");
	else
		tst_res(TFAIL, "PORT_LIST_GET after releasing t1: %d ports",
			p.n);
	burst(10, d, "one port left: datagrams arrived");
	expect(d, 10, 0, "roundrobin with t0 alone: 10 datagrams");
	release(0);
}

static void activebackup(void)
{
	struct ports p;
	long long d[2];

	RTNL_SAFE(set_str("mode", "activebackup", 1));
	enslave_both();
	wait_ports(2, &p);
	TST_EXP_EQ_LI(set_u32("activeport", rtnl_ifindex("lo")), -ENOENT);
	RTNL_SAFE(set_u32("activeport", tp[1]));
	burst(10, d, "activebackup: datagrams arrived");
	expect(d, 0, 10, "activeport t1: 10 datagrams");
	RTNL_SAFE(set_u32("activeport", tp[0]));
	burst(10, d, "activebackup after the switch: datagrams arrived");
	expect(d, 10, 0, "activeport t0: 10 datagrams");
}

/* A's static ARP entry for B's bridge and the other way round. */
static void arp(int h, int peer, const char *dev, const char *peer_dev)
{
	struct rtnl_link_info li;
	struct sockaddr_storage ss;

	net_enter(peer);
	RTNL_SAFE(rtnl_link_get(0, peer_dev, &li));
	net_addr(peer, AF_INET, 0, &ss);
	net_enter(h);
	RTNL_SAFE(rtnl_neigh_add(rtnl_ifindex(dev), AF_INET, net_rawaddr(&ss),
				 li.addr, NUD_PERMANENT));
}

static void group_cb(struct nlmsghdr *nh, void *priv)
{
	struct rtattr *groups = genl_attr(nh, CTRL_ATTR_MCAST_GROUPS), *g;
	int rem;

	if (!groups)
		return;
	for (g = RTA_DATA(groups), rem = RTA_PAYLOAD(groups); RTA_OK(g, rem);
	     g = RTA_NEXT(g, rem)) {
		struct rtattr *name = rtnl_nested(g, CTRL_ATTR_MCAST_GRP_NAME);
		struct rtattr *id = rtnl_nested(g, CTRL_ATTR_MCAST_GRP_ID);

		if (name && id && !strcmp(RTA_DATA(name),
					  TEAM_GENL_CHANGE_EVENT_MC_GRP_NAME))
			*(int *)priv = *(uint32_t *)RTA_DATA(id);
	}
}

/*
 * A member of the team's change_event group, as teamd is: OPTIONS_SET
 * sends the changed options to that group and answers ESRCH, the option
 * set all the same, when nobody listens (genlmsg_multicast_netns()).
 */
static void listen_events(void)
{
	static struct rtnl_msg m;
	static char buf[65536];
	struct sockaddr_nl sa = { .nl_family = AF_NETLINK };
	int grp = -1;

	if (events < 0) {
		genl_msg(&m, GENL_ID_CTRL, CTRL_CMD_GETFAMILY, 1, 0);
		rtnl_put_str(&m, CTRL_ATTR_FAMILY_NAME, TEAM_GENL_NAME);
		RTNL_SAFE(genl_talk(&m, group_cb, &grp));
		if (grp < 0)
			tst_brk(TBROK, "no %s group in the team family",
				TEAM_GENL_CHANGE_EVENT_MC_GRP_NAME);
		events = genl_socket();
		/*
		 * bound to a port id of its own: the kernel sends the event
		 * as port id 0 and skips a member with the same, unbound one
		 */
		if (bind(events, (struct sockaddr *)&sa, sizeof(sa)))
			tst_brk(TBROK | TERRNO, "bind(NETLINK_GENERIC)");
		if (setsockopt(events, SOL_NETLINK, NETLINK_ADD_MEMBERSHIP,
			       &grp, sizeof(grp)))
			tst_brk(TBROK | TERRNO, "NETLINK_ADD_MEMBERSHIP");
	}
	/* the last round's events: not read, only room made */
	while (recv(events, buf, sizeof(buf), MSG_DONTWAIT) > 0)
		;
}

/* team0 with the local address; t0 up (for EBUSY), t1 down. */
static void team_new(void)
{
	struct sockaddr_storage ss;
	int ret;

	net_enter(NET_A);
	ret = rtnl_link_add("team0", "team");
	if (ret == -EOPNOTSUPP)
		tst_brk(TCONF, "no team link kind (team module missing)");
	RTNL_SAFE(ret);
	team = rtnl_ifindex("team0");
	fam = genl_family("team");
	if (fam < 0)
		tst_brk(TBROK, "generic netlink family team: %s",
			tst_strerrno(-fam));
	listen_events();
	RTNL_SAFE(rtnl_link_up(tp[0]));
	RTNL_SAFE(rtnl_link_set(tp[1], 0, IFF_UP, 0));
	RTNL_SAFE(rtnl_link_up(team));
	net_addr(NET_A, AF_INET, 0, &ss);
	RTNL_SAFE(rtnl_addr_add(team, AF_INET, net_rawaddr(&ss), 24, 0));
	arp(NET_A, NET_B, "team0", "br0");
	arp(NET_B, NET_A, "br0", "team0");
	net_enter(NET_A);
}

static void run(void)
{
	struct rtnl_link_info li;
	int i;

	team_new();
	tx = net_bound(NET_A, AF_INET, SOCK_DGRAM, NULL);
	roundrobin();
	activebackup();

	net_enter(NET_A);
	RTNL_SAFE(rtnl_link_del(team));
	NET_EXP_EQ(rtnl_link_get(team, NULL, &li), -ENODEV,
		   "RTM_GETLINK of the deleted team0");
	for (i = 0; i < 2; i++) {
		RTNL_SAFE(rtnl_link_get(tp[i], NULL, &li));
		NET_EXP_EQ(li.master, 0, "master of a port after the deletion");
	}
	close(tx);
}

static void setup(void)
{
	struct sockaddr_storage ss;
	int br, grp;

	sock_pin_cpu();
	net_ns_new(NET_B);
	net_sysctl(NET_B, "net/ipv6/conf/default/disable_ipv6", "1");
	net_ns_new(NET_A);
	net_sysctl(NET_A, "net/ipv6/conf/default/disable_ipv6", "1");
	RTNL_SAFE(rtnl_veth_add("t0", "u0", net_nsfd[NET_B]));
	RTNL_SAFE(rtnl_veth_add("t1", "u1", net_nsfd[NET_B]));
	tp[0] = rtnl_ifindex("t0");
	tp[1] = rtnl_ifindex("t1");

	net_enter(NET_B);
	RTNL_SAFE(rtnl_link_add("br0", "bridge"));
	br = rtnl_ifindex("br0");
	RTNL_SAFE(rtnl_link_master(rtnl_ifindex("u0"), br));
	RTNL_SAFE(rtnl_link_master(rtnl_ifindex("u1"), br));
	RTNL_SAFE(rtnl_link_up(rtnl_ifindex("u0")));
	RTNL_SAFE(rtnl_link_up(rtnl_ifindex("u1")));
	RTNL_SAFE(rtnl_link_up(br));
	net_addr(NET_B, AF_INET, 0, &ss);
	RTNL_SAFE(rtnl_addr_add(br, AF_INET, net_rawaddr(&ss), 24, 0));

	rx = net_bound(NET_B, AF_INET, SOCK_DGRAM, &to);

	/* link notifications of the local host, to wake wait_ports() */
	net_enter(NET_A);
	links = rtnl_socket();
	grp = RTNLGRP_LINK;
	if (setsockopt(links, SOL_NETLINK, NETLINK_ADD_MEMBERSHIP, &grp,
		       sizeof(grp)))
		tst_brk(TBROK | TERRNO, "NETLINK_ADD_MEMBERSHIP(RTNLGRP_LINK)");
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.timeout = 60,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_NET_TEAM", "CONFIG_NET_TEAM_MODE_ROUNDROBIN",
		"CONFIG_NET_TEAM_MODE_ACTIVEBACKUP", NULL
	},
};
