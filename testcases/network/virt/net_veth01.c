// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * veth carrier follows the peer. With the remote's net0 set down:
 * - the local net0 stays IFF_UP but loses IFF_LOWER_UP and IFF_RUNNING,
 *   IFLA_CARRIER 0, operstate DOWN or LOWERLAYERDOWN (which one depends
 *   on the kernel's view of the peer's index), IFLA_CARRIER_DOWN_COUNT
 *   + 1, IFLA_CARRIER_UP_COUNT + 0, IFLA_CARRIER_CHANGES + 1; the
 *   remote's own net0 counts its carrier loss the same way;
 * - the local prefix routes (10.99.1.0/24, fd99:1::/64) are dumped with
 *   RTNH_F_LINKDOWN and still used (connect() succeeds); with
 *   ignore_routes_with_linkdown 1 (per device, IPv4 and IPv6) they are
 *   dumped RTNH_F_LINKDOWN | RTNH_F_DEAD and connect() is ENETUNREACH;
 * - the remote's net0 up again: the local carrier is back (flags,
 *   IFLA_CARRIER 1, operstate UP, UP_COUNT + 1, CHANGES + 2), the flags
 *   are gone from the routes, TCP works both ways;
 * - IFLA_CARRIER and IFLA_PROTO_DOWN are EOPNOTSUPP on a veth;
 * - deleting one end of a pair (in the remote host) removes the other
 *   (in the local host): RTM_GETLINK ENODEV.
 */
#include "tst_test.h"
#include "net_hosts.h"

/* <linux/if.h> has it, but clashes with <net/if.h> */
#ifndef IFF_LOWER_UP
# define IFF_LOWER_UP 0x10000
#endif

#ifndef RTNH_F_LINKDOWN
# define RTNH_F_LINKDOWN 16
#endif

#define OPER_DOWN 2
#define OPER_LOWERLAYERDOWN 5

struct carrier {
	unsigned int flags, changes, up, down;
	int carrier, oper;
};

static void carrier_cb(struct nlmsghdr *nh, void *priv)
{
	struct carrier *c = priv;
	struct ifinfomsg *ifi = NLMSG_DATA(nh);
	struct rtattr *a;

	if (nh->nlmsg_type != RTM_NEWLINK)
		return;
	c->flags = ifi->ifi_flags;
	a = rtnl_attr(nh, sizeof(*ifi), IFLA_CARRIER);
	c->carrier = a ? *(uint8_t *)RTA_DATA(a) : -1;
	a = rtnl_attr(nh, sizeof(*ifi), IFLA_OPERSTATE);
	c->oper = a ? *(uint8_t *)RTA_DATA(a) : -1;
	a = rtnl_attr(nh, sizeof(*ifi), IFLA_CARRIER_CHANGES);
	if (a)
		c->changes = *(uint32_t *)RTA_DATA(a);
	a = rtnl_attr(nh, sizeof(*ifi), IFLA_CARRIER_UP_COUNT);
	if (a)
		c->up = *(uint32_t *)RTA_DATA(a);
	a = rtnl_attr(nh, sizeof(*ifi), IFLA_CARRIER_DOWN_COUNT);
	if (a)
		c->down = *(uint32_t *)RTA_DATA(a);
}

static struct carrier carrier_of(int h)
{
	static struct rtnl_msg m;
	struct carrier c = { .carrier = -1 };

	net_enter(h);
	rtnl_link_msg(&m, RTM_GETLINK, 0, rtnl_ifindex("net0"), NULL);
	RTNL_SAFE(rtnl_talk_cb(&m, carrier_cb, &c));
	return c;
}

struct rflags {
	int family, plen, found;
	unsigned int flags;
};

static void route_cb(struct nlmsghdr *nh, void *priv)
{
	struct rflags *r = priv;
	struct rtmsg *rtm = NLMSG_DATA(nh);

	struct rtattr *dst;

	if (nh->nlmsg_type != RTM_NEWROUTE || rtm->rtm_family != r->family ||
	    rtm->rtm_dst_len != r->plen || rtm->rtm_table != RT_TABLE_MAIN ||
	    rtm->rtm_type != RTN_UNICAST)
		return;
	/* 10.99.1.0/24 or fd99:1::/64, not fe80::/64 */
	dst = rtnl_attr(nh, sizeof(*rtm), RTA_DST);
	if (!dst || memcmp(RTA_DATA(dst), r->family == AF_INET ?
			   "\x0a\x63\x01" : "\xfd\x99\x00\x01",
			   r->family == AF_INET ? 3 : 4))
		return;
	r->found++;
	r->flags = rtm->rtm_flags;
}

/* rtm_flags of the local host's prefix route of family (main table). */
static unsigned int prefix_flags(int family)
{
	static struct rtnl_msg m;
	struct rtmsg rtm = { .rtm_family = family };
	struct rflags r = { family, family == AF_INET ? 24 : 64, 0, 0 };

	net_enter(NET_A);
	rtnl_msg_init(&m, RTM_GETROUTE, NLM_F_DUMP, &rtm, sizeof(rtm));
	RTNL_SAFE(rtnl_talk_cb(&m, route_cb, &r));
	if (r.found != 1)
		tst_brk(TBROK, "%d /%d routes of family %d in main", r.found,
			r.plen, family);
	return r.flags & (RTNH_F_LINKDOWN | RTNH_F_DEAD);
}

static void check_routes(unsigned int want, const char *when)
{
	int fams[] = { AF_INET, AF_INET6 }, i;

	for (i = 0; i < 2; i++) {
		unsigned int f = prefix_flags(fams[i]);

		if (f == want)
			tst_res(TPASS, "%s: %s prefix route flags 0x%x", when,
				fams[i] == AF_INET ? "IPv4" : "IPv6", f);
		else
			tst_res(TFAIL, "%s: %s prefix route flags 0x%x, expected 0x%x",
				when, fams[i] == AF_INET ? "IPv4" : "IPv6", f,
				want);
	}
}

/* connect() of a UDP socket of the local host to the remote: errno */
static void check_connect(int err, const char *when)
{
	int fams[] = { AF_INET, AF_INET6 }, i;

	for (i = 0; i < 2; i++) {
		struct sockaddr_storage ss;
		socklen_t len = net_addr(NET_B, fams[i], 7, &ss);
		int fd = net_socket(NET_A, fams[i], SOCK_DGRAM);
		int ret = connect(fd, (struct sockaddr *)&ss, len) ? errno : 0;

		if (ret == err)
			tst_res(TPASS, "%s: %s connect(): %s", when,
				fams[i] == AF_INET ? "IPv4" : "IPv6",
				err ? tst_strerrno(err) : "0");
		else
			tst_res(TFAIL, "%s: %s connect(): %s, expected %s", when,
				fams[i] == AF_INET ? "IPv4" : "IPv6",
				ret ? tst_strerrno(ret) : "success",
				err ? tst_strerrno(err) : "success");
		close(fd);
	}
}

static void ignore_linkdown(const char *val)
{
	net_sysctl(NET_A, "net/ipv4/conf/net0/ignore_routes_with_linkdown",
		   val);
	net_sysctl(NET_A, "net/ipv6/conf/net0/ignore_routes_with_linkdown",
		   val);
}

static int link_attr(int ifindex, int type, int val)
{
	static struct rtnl_msg m;

	rtnl_link_msg(&m, RTM_NEWLINK, 0, ifindex, NULL);
	rtnl_put_u8(&m, type, val);
	return rtnl_talk(&m);
}

static void expect(int ret, int err, const char *what)
{
	if (ret == -err)
		tst_res(TPASS, "%s: %s", what, err ? tst_strerrno(err) : "0");
	else
		tst_res(TFAIL, "%s: %s, expected %s", what,
			ret ? tst_strerrno(-ret) : "success",
			err ? tst_strerrno(err) : "success");
}

static void setup(void)
{
	net_hosts_setup();
	/* down drops the IPv6 addresses otherwise; IPv4 keeps them */
	net_sysctl(NET_B, "net/ipv6/conf/net0/keep_addr_on_down", "1");
}

static void run(void)
{
	struct carrier a0, b0, a1, b1, a2;
	struct rtnl_link_info li;
	int ev, idx_a, idx_b, idx;

	a0 = carrier_of(NET_A);
	b0 = carrier_of(NET_B);
	idx_b = rtnl_ifindex("net0");
	net_enter(NET_A);
	idx_a = rtnl_ifindex("net0");
	if (a0.carrier != 1 || a0.oper != NET_OPER_UP ||
	    !(a0.flags & IFF_LOWER_UP) || !(a0.flags & IFF_RUNNING))
		tst_brk(TBROK, "local net0 not up at the start");
	expect(link_attr(idx_a, IFLA_CARRIER, 0), EOPNOTSUPP,
	       "IFLA_CARRIER 0 on a veth");
	expect(link_attr(idx_a, IFLA_PROTO_DOWN, 1), EOPNOTSUPP,
	       "IFLA_PROTO_DOWN 1 on a veth");
	NET_EXP_EQ(a0.changes, a0.up + a0.down,
		   "CARRIER_CHANGES = UP_COUNT + DOWN_COUNT");
	check_routes(0, "peer up");

	ev = net_link_events();
	net_enter(NET_B);
	RTNL_SAFE(rtnl_link_set(idx_b, 0, IFF_UP, 0));
	net_enter(NET_A);
	net_wait_link_oper(ev, idx_a, 0);
	a1 = carrier_of(NET_A);
	b1 = carrier_of(NET_B);
	NET_EXP_EQ(!!(a1.flags & IFF_UP), 1, "local IFF_UP, peer down");
	NET_EXP_EQ(!!(a1.flags & IFF_LOWER_UP), 0,
		   "local IFF_LOWER_UP, peer down");
	NET_EXP_EQ(!!(a1.flags & IFF_RUNNING), 0,
		   "local IFF_RUNNING, peer down");
	NET_EXP_EQ(a1.carrier, 0, "local IFLA_CARRIER, peer down");
	if (a1.oper == OPER_DOWN || a1.oper == OPER_LOWERLAYERDOWN)
		tst_res(TPASS, "local operstate %d (down)", a1.oper);
	else
		tst_res(TFAIL, "local operstate %d, expected 2 or 5", a1.oper);
	NET_EXP_EQ(a1.down - a0.down, 1, "local CARRIER_DOWN_COUNT increase");
	NET_EXP_EQ(a1.up - a0.up, 0, "local CARRIER_UP_COUNT increase");
	NET_EXP_EQ(a1.changes - a0.changes, 1,
		   "local CARRIER_CHANGES increase");
	NET_EXP_EQ(!!(b1.flags & IFF_UP), 0, "remote IFF_UP after down");
	NET_EXP_EQ(b1.carrier, 0, "remote IFLA_CARRIER after down");
	NET_EXP_EQ(b1.down - b0.down, 1, "remote CARRIER_DOWN_COUNT increase");
	NET_EXP_EQ(b1.up - b0.up, 0, "remote CARRIER_UP_COUNT increase");

	check_routes(RTNH_F_LINKDOWN, "peer down");
	check_connect(0, "peer down");
	ignore_linkdown("1");
	check_routes(RTNH_F_LINKDOWN | RTNH_F_DEAD,
		     "peer down, ignore_routes_with_linkdown");
	check_connect(ENETUNREACH, "peer down, ignore_routes_with_linkdown");
	ignore_linkdown("0");

	net_enter(NET_B);
	RTNL_SAFE(rtnl_link_up(idx_b));
	net_enter(NET_A);
	net_wait_link_oper(ev, idx_a, 1);
	close(ev);
	a2 = carrier_of(NET_A);
	NET_EXP_EQ(!!(a2.flags & IFF_LOWER_UP) + !!(a2.flags & IFF_RUNNING), 2,
		   "local IFF_LOWER_UP and IFF_RUNNING, peer up again");
	NET_EXP_EQ(a2.carrier, 1, "local IFLA_CARRIER, peer up again");
	NET_EXP_EQ(a2.oper, NET_OPER_UP, "local operstate, peer up again");
	NET_EXP_EQ(a2.up - a0.up, 1, "local CARRIER_UP_COUNT increase");
	NET_EXP_EQ(a2.down - a0.down, 1, "local CARRIER_DOWN_COUNT increase");
	NET_EXP_EQ(a2.changes - a0.changes, 2,
		   "local CARRIER_CHANGES increase");
	check_routes(0, "peer up again");
	net_check_tcp(NET_A, NET_B);
	tst_res(TPASS, "TCP both ways over both families after the peer came back");

	/* a second pair, deleted from the remote end */
	net_enter(NET_A);
	RTNL_SAFE(rtnl_veth_add("t0", "t0", net_nsfd[NET_B]));
	idx = rtnl_ifindex("t0");
	net_enter(NET_B);
	RTNL_SAFE(rtnl_link_del(rtnl_ifindex("t0")));
	net_enter(NET_A);
	expect(rtnl_link_get(idx, NULL, &li), ENODEV,
	       "local end after the remote end's deletion");
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.timeout = 90,
};
