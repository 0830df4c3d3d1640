// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Nexthop objects and multipath hashing, IPv4 and IPv6, between two
 * hosts joined by two veth pairs (net0: 10.99.1.0/24, fd99:1::/64;
 * net1: 10.99.3.0/24, fd99:3::/64); the remote's address 10.99.9.9 /
 * fd99:9::9 on its lo is reached through a nexthop group of one gateway
 * on each link. The remote counts each datagram on the link it came in
 * by (IP_PKTINFO / IPV6_PKTINFO), so the path taken is exact.
 * - RTM_NEWNEXTHOP: an existing id with NLM_F_EXCL is EEXIST, a group
 *   naming an unknown id EINVAL, a route with an unknown nhid EINVAL,
 *   RTM_DELNEXTHOP of an unknown id ENOENT;
 * - fib_multipath_hash_policy 0 (L3): 32 UDP flows from one source
 *   address all take the same path; 1 (L4): they take both (all on one
 *   has odds of 2^-31);
 * - deleting one member leaves the route on the other: all 32 flows
 *   take it; deleting the last member removes the group and the route
 *   using it (lookup ENETUNREACH, DELNEXTHOP of the group ENOENT).
 */
#include <linux/nexthop.h>
#include "tst_test.h"
#include "net_hosts.h"

#define FLOWS 32

static int rfd[2] = { -1, -1 }, bidx[2];

static int nh_msg(int type, int flags, int family, uint32_t id,
		  const char *gw, int oif, const uint32_t *grp, int ngrp)
{
	static struct rtnl_msg m;
	struct nhmsg nhm = { .nh_family = ngrp ? AF_UNSPEC : family };
	struct nexthop_grp g[4];
	unsigned char a[16];
	int i;

	rtnl_msg_init(&m, type, flags, &nhm, sizeof(nhm));
	rtnl_put_u32(&m, NHA_ID, id);
	if (ngrp) {
		memset(g, 0, sizeof(g));
		for (i = 0; i < ngrp; i++)
			g[i].id = grp[i];
		rtnl_put(&m, NHA_GROUP, g, ngrp * sizeof(g[0]));
	} else if (gw) {
		inet_pton(family, gw, a);
		rtnl_put_u32(&m, NHA_OIF, oif);
		rtnl_put(&m, NHA_GATEWAY, a, rtnl_alen(family));
	}
	return rtnl_talk(&m);
}

static int nh_add(int family, uint32_t id, const char *gw, int oif,
		  const uint32_t *grp, int ngrp)
{
	return nh_msg(RTM_NEWNEXTHOP, NLM_F_CREATE | NLM_F_EXCL, family, id,
		      gw, oif, grp, ngrp);
}

static int nh_del(uint32_t id)
{
	return nh_msg(RTM_DELNEXTHOP, 0, AF_UNSPEC, id, NULL, 0, NULL, 0);
}

static int route_nhid(int family, const void *dst, uint32_t nhid)
{
	static struct rtnl_msg m;
	struct rtmsg rtm = {
		.rtm_family = family, .rtm_dst_len = rtnl_alen(family) * 8,
		.rtm_table = RT_TABLE_MAIN, .rtm_protocol = RTPROT_STATIC,
		.rtm_scope = RT_SCOPE_UNIVERSE, .rtm_type = RTN_UNICAST,
	};

	rtnl_msg_init(&m, RTM_NEWROUTE, NLM_F_CREATE | NLM_F_EXCL, &rtm,
		      sizeof(rtm));
	rtnl_put(&m, RTA_DST, dst, rtnl_alen(family));
	rtnl_put_u32(&m, RTA_NH_ID, nhid);
	return rtnl_talk(&m);
}

static void target(int family, struct sockaddr_storage *ss)
{
	net_addr(NET_B, family, 0, ss);
	inet_pton(family, family == AF_INET ? "10.99.9.9" : "fd99:9::9",
		  net_rawaddr(ss));
	((struct sockaddr_in *)ss)->sin_port = htons(4242);
}

/* FLOWS datagrams, each from its own socket (port); per link counts. */
static void flows(int family, int cnt[2])
{
	int v4 = family == AF_INET, i, fd, r = rfd[!v4];
	struct sockaddr_storage dst, src;
	socklen_t len = v4 ? sizeof(struct sockaddr_in) :
		sizeof(struct sockaddr_in6);

	cnt[0] = cnt[1] = 0;
	target(family, &dst);
	for (i = 0; i < FLOWS; i++) {
		fd = net_socket(NET_A, family, SOCK_DGRAM);
		net_addr(NET_A, family, 0, &src);
		if (bind(fd, (struct sockaddr *)&src, len))
			tst_brk(TBROK | TERRNO, "bind()");
		if (sendto(fd, "flow", 4, 0, (struct sockaddr *)&dst, len) != 4)
			tst_brk(TBROK | TERRNO, "sendto()");
		close(fd);
	}
	for (i = 0; i < FLOWS; i++) {
		char buf[16], cbuf[256];
		struct iovec iov = { buf, sizeof(buf) };
		struct msghdr mh = {
			.msg_iov = &iov, .msg_iovlen = 1,
			.msg_control = cbuf, .msg_controllen = sizeof(cbuf),
		};
		struct cmsghdr *c;
		int idx = 0;

		net_wait(r, POLLIN);
		if (recvmsg(r, &mh, MSG_DONTWAIT) < 0)
			tst_brk(TBROK | TERRNO, "recvmsg()");
		for (c = CMSG_FIRSTHDR(&mh); c; c = CMSG_NXTHDR(&mh, c)) {
			if (c->cmsg_level == IPPROTO_IP &&
			    c->cmsg_type == IP_PKTINFO)
				idx = ((struct in_pktinfo *)CMSG_DATA(c))->ipi_ifindex;
			if (c->cmsg_level == IPPROTO_IPV6 &&
			    c->cmsg_type == IPV6_PKTINFO)
				idx = ((struct in6_pktinfo *)CMSG_DATA(c))->ipi6_ifindex;
		}
		if (idx == bidx[0])
			cnt[0]++;
		else if (idx == bidx[1])
			cnt[1]++;
		else
			tst_brk(TBROK, "a datagram came in by ifindex %d", idx);
	}
	net_enter(NET_A);
}

static void policy(int family, const char *p)
{
	net_sysctl(NET_A, family == AF_INET ?
		   "net/ipv4/fib_multipath_hash_policy" :
		   "net/ipv6/fib_multipath_hash_policy", p);
	net_enter(NET_A);
}

static void run(unsigned int n)
{
	int family = n ? AF_INET6 : AF_INET, v4 = !n, cnt[2], ret, i0, i1;
	const char *gw0 = v4 ? "10.99.1.2" : "fd99:1::2";
	const char *gw1 = v4 ? "10.99.3.2" : "fd99:3::2";
	uint32_t grp[2] = { 1, 2 }, bad[2] = { 1, 99 };
	struct sockaddr_storage dst;
	struct rtnl_route_info ri;

	tst_res(TINFO, "%s", v4 ? "IPv4" : "IPv6");
	net_enter(NET_A);
	i0 = rtnl_ifindex("net0");
	i1 = rtnl_ifindex("net1");
	RTNL_SAFE(nh_add(family, 1, gw0, i0, NULL, 0));
	RTNL_SAFE(nh_add(family, 2, gw1, i1, NULL, 0));
	TST_EXP_VAL(nh_add(family, 1, gw1, i1, NULL, 0), -EEXIST,
		    "RTM_NEWNEXTHOP id 1 again with NLM_F_EXCL");
	TST_EXP_VAL(nh_add(family, 11, NULL, 0, bad, 2), -EINVAL,
		    "group naming unknown nexthop 99");
	RTNL_SAFE(nh_add(family, 10, NULL, 0, grp, 2));
	target(family, &dst);
	TST_EXP_VAL(route_nhid(family, net_rawaddr(&dst), 77), -EINVAL,
		    "route with unknown nhid 77");
	TST_EXP_VAL(nh_del(77), -ENOENT, "RTM_DELNEXTHOP of unknown id 77");
	RTNL_SAFE(route_nhid(family, net_rawaddr(&dst), 10));

	policy(family, "0");
	flows(family, cnt);
	if (cnt[0] == FLOWS || cnt[1] == FLOWS)
		tst_res(TPASS, "L3 hash: all %d flows on one path (%d/%d)",
			FLOWS, cnt[0], cnt[1]);
	else
		tst_res(TFAIL, "L3 hash: flows split %d/%d", cnt[0], cnt[1]);

	policy(family, "1");
	flows(family, cnt);
	if (cnt[0] && cnt[1])
		tst_res(TPASS, "L4 hash: flows on both paths (%d/%d)", cnt[0],
			cnt[1]);
	else
		tst_res(TFAIL, "L4 hash: flows %d/%d", cnt[0], cnt[1]);

	RTNL_SAFE(nh_del(1));
	flows(family, cnt);
	if (cnt[1] == FLOWS)
		tst_res(TPASS, "member 1 deleted: all flows on nexthop 2");
	else
		tst_res(TFAIL, "member 1 deleted: flows %d/%d", cnt[0], cnt[1]);

	RTNL_SAFE(nh_del(2));
	ret = rtnl_route_get(family, net_rawaddr(&dst), &ri);
	if (ret == -ENETUNREACH)
		tst_res(TPASS, "last member deleted: the route is gone (ENETUNREACH)");
	else
		tst_res(TFAIL, "last member deleted: lookup %s, oif %d",
			ret ? tst_strerrno(-ret) : "found a route", ri.oif);
	TST_EXP_VAL(nh_del(10), -ENOENT, "RTM_DELNEXTHOP of the emptied group");
	policy(family, "0");
}

static void setup(void)
{
	static const char *const rp[] = {
		"net/ipv4/conf/all/rp_filter", "net/ipv4/conf/net0/rp_filter",
		"net/ipv4/conf/net1/rp_filter",
	};
	struct sockaddr_storage ss;
	unsigned int i;
	int one = 1;

	net_hosts_setup();
	RTNL_SAFE(rtnl_veth_add("net1", "net1", net_nsfd[NET_B]));
	RTNL_SAFE(rtnl_link_up(rtnl_ifindex("net1")));
	net_addrs("net1", 3, 1);
	net_enter(NET_B);
	RTNL_SAFE(rtnl_link_up(rtnl_ifindex("net1")));
	net_addrs("net1", 3, 2);
	bidx[0] = rtnl_ifindex("net0");
	bidx[1] = rtnl_ifindex("net1");
	/* the source 10.99.1.1 comes in by net1 too */
	for (i = 0; i < ARRAY_SIZE(rp); i++)
		net_sysctl(NET_B, rp[i], "0");
	for (i = 0; i < 2; i++) {
		int family = i ? AF_INET6 : AF_INET;

		target(family, &ss);
		net_enter(NET_B);
		RTNL_SAFE(rtnl_addr_add(rtnl_ifindex("lo"), family,
					net_rawaddr(&ss), i ? 128 : 32,
					IFA_F_NODAD));
		rfd[i] = net_socket(NET_B, family, SOCK_DGRAM);
		if (bind(rfd[i], (struct sockaddr *)&ss, sizeof(ss)) ||
		    setsockopt(rfd[i], i ? IPPROTO_IPV6 : IPPROTO_IP,
			       i ? IPV6_RECVPKTINFO : IP_PKTINFO, &one,
			       sizeof(one)))
			tst_brk(TBROK | TERRNO, "bind()/PKTINFO");
	}
	/*
	 * the gateways' neighbour entries permanent: a nexthop whose
	 * neighbour is still unresolved (not NUD_VALID) is passed over by
	 * the group's path selection, which would move flows on its own
	 */
	for (i = 0; i < 2; i++) {
		struct rtnl_link_info li;
		unsigned char gw[16];
		int j;

		net_enter(NET_B);
		RTNL_SAFE(rtnl_link_get(bidx[i], NULL, &li));
		net_enter(NET_A);
		for (j = 0; j < 2; j++) {
			int family = j ? AF_INET6 : AF_INET;
			char buf[32];

			snprintf(buf, sizeof(buf), j ? "fd99:%d::2" :
				 "10.99.%d.2", i ? 3 : 1);
			inet_pton(family, buf, gw);
			RTNL_SAFE(rtnl_neigh_add(rtnl_ifindex(i ? "net1" :
							      "net0"),
						 family, gw, li.addr,
						 NUD_PERMANENT));
		}
	}
	net_enter(NET_A);
}

static void cleanup(void)
{
	if (rfd[0] >= 0)
		close(rfd[0]);
	if (rfd[1] >= 0)
		close(rfd[1]);
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.timeout = 60,
};
