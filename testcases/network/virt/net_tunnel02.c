// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * IP in IP tunnels between the two namespaces over the veth (MTU 1500),
 * each made on both sides with inner addresses of its own:
 * - ipip (IPv4 in IPv4, TTL inherited: no IFLA_IPTUN_TTL), MTU 1480;
 * - sit (IPv6 in IPv4, TTL 17), MTU 1480;
 * - ip6tnl mode ip6ip6 (IPv6 in IPv6, hop limit inherited,
 *   encapsulation limit 5), MTU 1452 (40 + 8 for the destination option
 *   carrying the limit, seen on the wire);
 * - ip6tnl mode ipip6 (IPv4 in IPv6, hop limit 17, flag
 *   IP6_TNL_F_IGN_ENCAP_LIMIT) over a second pair of underlay addresses,
 *   MTU 1460.
 * For each: the configuration read back (kind, MTU, TTL, protocol), a UDP
 * datagram filling the MTU with IP_PMTUDISC_DO arrives intact and one
 * byte more is EMSGSIZE; the outer packet on net0 is exactly 1500 bytes,
 * of the right ethertype, protocol (4, 41, or destination options then
 * 41), outer addresses the underlay's, TTL/hop limit 33 (the inner one's)
 * when inherited and 17 when set, DF set on IPv4 outers (PMTU discovery
 * on by default or forced by a fixed TTL).
 * ipip changed to IFLA_IPTUN_PMTUDISC 0: the outer DF bit follows the
 * inner one.
 * Errors: EINVAL for a protocol a kind does not carry (ipip 41, sit 47,
 * ip6tnl 47), EEXIST for a second tunnel with the same endpoints (ipip,
 * sit, and ip6tnl even in another mode). Deleting a tunnel removes the
 * device (ENODEV) and its routes.
 */
#include <linux/if_packet.h>
#include <linux/if_ether.h>
#include "tst_test.h"
#include "net_hosts.h"
#include <linux/if_tunnel.h>
#include <linux/ip6_tunnel.h>

enum { IPIP, SIT, IP6IP6, IPIP6, NKINDS };

struct kind {
	const char *desc, *kind;
	int outer, inner;	/* families */
	int proto;		/* IFLA_IPTUN_PROTO, -1: none */
	int ttl;		/* IFLA_IPTUN_TTL, -1: none */
	unsigned int flags;	/* IFLA_IPTUN_FLAGS for ip6tnl */
	unsigned int mtu;
	int second;		/* on the second underlay addresses */
};

static const struct kind kinds[] = {
	[IPIP] = { "ipip", "ipip", AF_INET, AF_INET, -1, -1, 0, 1480, 0 },
	[SIT] = { "sit", "sit", AF_INET, AF_INET6, -1, 17, 0, 1480, 0 },
	[IP6IP6] = { "ip6ip6", "ip6tnl", AF_INET6, AF_INET6, IPPROTO_IPV6, -1,
		     0, 1452, 0 },
	[IPIP6] = { "ipip6", "ip6tnl", AF_INET6, AF_INET, IPPROTO_IPIP, 17,
		    IP6_TNL_F_IGN_ENCAP_LIMIT, 1460, 1 },
};

#define ENCAP_LIMIT 5

static unsigned char pkt[2048];

/* Underlay address of host h: fd99:1::1/2 or the second fd99:1::11/12. */
static void under(int h, int family, int second, void *a)
{
	struct sockaddr_storage ss;

	net_addr(h, family, 0, &ss);
	memcpy(a, net_rawaddr(&ss), family == AF_INET ? 4 : 16);
	if (second)
		((unsigned char *)a)[15] += 0x10;
}

static void tun_name(int k, char *name)
{
	snprintf(name, IFNAMSIZ, "tl%d", k + 1);
}

/* The tunnel k in the current host h; name may differ from tun_name(). */
static int make(int k, int h, const char *name, int proto)
{
	static struct rtnl_msg m;
	const struct kind *t = &kinds[k];
	unsigned char local[16], remote[16];
	int alen = t->outer == AF_INET ? 4 : 16;

	under(h, t->outer, t->second, local);
	under(h == NET_A ? NET_B : NET_A, t->outer, t->second, remote);
	rtnl_newlink_begin(&m, name, t->kind, 0);
	rtnl_nest(&m, IFLA_INFO_DATA);
	rtnl_put(&m, IFLA_IPTUN_LOCAL, local, alen);
	rtnl_put(&m, IFLA_IPTUN_REMOTE, remote, alen);
	if (t->ttl >= 0)
		rtnl_put_u8(&m, IFLA_IPTUN_TTL, t->ttl);
	if (proto >= 0)
		rtnl_put_u8(&m, IFLA_IPTUN_PROTO, proto);
	if (t->flags)
		rtnl_put_u32(&m, IFLA_IPTUN_FLAGS, t->flags);
	if (k == IP6IP6)
		rtnl_put_u8(&m, IFLA_IPTUN_ENCAP_LIMIT, ENCAP_LIMIT);
	return rtnl_newlink_end(&m);
}

struct iptun_info {
	int ttl, proto, pmtudisc;
	char kind[32];
};

static void iptun_cb(struct nlmsghdr *nh, void *priv)
{
	struct iptun_info *ti = priv;
	struct rtattr *li, *data, *a;

	if (nh->nlmsg_type != RTM_NEWLINK)
		return;
	li = rtnl_attr(nh, sizeof(struct ifinfomsg), IFLA_LINKINFO);
	if (!li)
		return;
	a = rtnl_nested(li, IFLA_INFO_KIND);
	if (a)
		strncpy(ti->kind, RTA_DATA(a), sizeof(ti->kind) - 1);
	data = rtnl_nested(li, IFLA_INFO_DATA);
	if (!data)
		return;
	a = rtnl_nested(data, IFLA_IPTUN_TTL);
	if (a)
		ti->ttl = *(unsigned char *)RTA_DATA(a);
	a = rtnl_nested(data, IFLA_IPTUN_PROTO);
	if (a)
		ti->proto = *(unsigned char *)RTA_DATA(a);
	a = rtnl_nested(data, IFLA_IPTUN_PMTUDISC);
	if (a)
		ti->pmtudisc = *(unsigned char *)RTA_DATA(a);
}

static void iptun_get(const char *name, struct iptun_info *ti)
{
	static struct rtnl_msg m;

	memset(ti, 0, sizeof(*ti));
	ti->ttl = ti->proto = ti->pmtudisc = -1;
	rtnl_link_msg(&m, RTM_GETLINK, 0, 0, name);
	RTNL_SAFE(rtnl_talk_cb(&m, iptun_cb, ti));
}

/* Inner address of host h on tunnel k. */
static socklen_t tun_addr(int k, int h, struct sockaddr_storage *ss)
{
	char buf[64];

	memset(ss, 0, sizeof(*ss));
	if (kinds[k].inner == AF_INET) {
		struct sockaddr_in *sin = (struct sockaddr_in *)ss;

		snprintf(buf, sizeof(buf), "10.102.%d.%d", k + 1,
			 h == NET_A ? 1 : 2);
		sin->sin_family = AF_INET;
		inet_pton(AF_INET, buf, &sin->sin_addr);
		return sizeof(*sin);
	}
	snprintf(buf, sizeof(buf), "fd02:%d::%d", k + 1, h == NET_A ? 1 : 2);
	((struct sockaddr_in6 *)ss)->sin6_family = AF_INET6;
	inet_pton(AF_INET6, buf, &((struct sockaddr_in6 *)ss)->sin6_addr);
	return sizeof(struct sockaddr_in6);
}

/* The outer packet of the datagram carrying marker among A's net0 output. */
static ssize_t find_outer(int cap, const char *marker, unsigned short *proto)
{
	struct sockaddr_ll from;
	socklen_t len;
	ssize_t n;

	for (;;) {
		len = sizeof(from);
		n = recvfrom(cap, pkt, sizeof(pkt), MSG_DONTWAIT,
			     (struct sockaddr *)&from, &len);
		if (n < 0)
			return -1;
		if (from.sll_pkttype != PACKET_OUTGOING)
			continue;
		if (memmem(pkt, n, marker, strlen(marker))) {
			*proto = ntohs(from.sll_protocol);
			return n;
		}
	}
}

static int capture(void)
{
	struct sockaddr_ll sll = { .sll_family = AF_PACKET,
				   .sll_protocol = htons(ETH_P_ALL) };
	int cap;

	net_enter(NET_A);
	sll.sll_ifindex = rtnl_ifindex("net0");
	cap = socket(AF_PACKET, SOCK_DGRAM, htons(ETH_P_ALL));
	if (cap < 0 || bind(cap, (struct sockaddr *)&sll, sizeof(sll)))
		tst_brk(TBROK | TERRNO, "packet socket on net0");
	return cap;
}

/* A datagram of size with marker from A to B over tunnel k, checked. */
static int send_one(int k, int s, int r, size_t size, const char *marker)
{
	static unsigned char buf[2048];
	struct sockaddr_storage ra;
	socklen_t len = sizeof(ra);
	size_t i;

	if (getsockname(r, (struct sockaddr *)&ra, &len))
		tst_brk(TBROK | TERRNO, "getsockname()");
	for (i = 0; i < size; i++)
		buf[i] = i * 7 + k;
	memcpy(buf, marker, strlen(marker));
	if (sendto(s, buf, size, 0, (struct sockaddr *)&ra, len) !=
	    (ssize_t)size)
		tst_brk(TBROK | TERRNO, "sendto(%zu) over %s", size,
			kinds[k].desc);
	return net_expect_datagram(r, buf, size, kinds[k].desc);
}

static void check_outer(int k, ssize_t n, unsigned short proto, int ttl)
{
	const struct kind *t = &kinds[k];
	unsigned char a[16], b[16];

	under(NET_A, t->outer, t->second, a);
	under(NET_B, t->outer, t->second, b);
	NET_EXP_EQ(n, 1500, "outer packet length (the underlay MTU)");
	if (t->outer == AF_INET) {
		NET_EXP_EQ(proto, ETH_P_IP, "outer ethertype");
		NET_EXP_EQ(pkt[9], t->inner == AF_INET ? IPPROTO_IPIP :
			   IPPROTO_IPV6, "outer protocol");
		NET_EXP_EQ(pkt[8], ttl, "outer TTL");
		NET_EXP_EQ(!!(pkt[6] & 0x40), 1, "outer DF");
		NET_EXP_EQ(!memcmp(pkt + 12, a, 4) && !memcmp(pkt + 16, b, 4),
			   1, "outer addresses are the underlay's");
		return;
	}
	NET_EXP_EQ(proto, ETH_P_IPV6, "outer ethertype");
	if (t->flags & IP6_TNL_F_IGN_ENCAP_LIMIT) {
		NET_EXP_EQ(pkt[6], IPPROTO_IPIP, "outer next header");
	} else {
		NET_EXP_EQ(pkt[6], IPPROTO_DSTOPTS,
			   "outer next header (encapsulation limit option)");
		NET_EXP_EQ(pkt[40], IPPROTO_IPV6,
			   "destination options' next header");
		NET_EXP_EQ(pkt[42], IPV6_TLV_TNL_ENCAP_LIMIT,
			   "option type (tunnel encapsulation limit)");
		NET_EXP_EQ(pkt[44], ENCAP_LIMIT,
			   "encapsulation limit (IFLA_IPTUN_ENCAP_LIMIT)");
	}
	NET_EXP_EQ(pkt[7], ttl, "outer hop limit");
	NET_EXP_EQ(!memcmp(pkt + 8, a, 16) && !memcmp(pkt + 24, b, 16), 1,
		   "outer addresses are the underlay's");
}

static int inner_sock(int k, int h, int dontfrag)
{
	struct sockaddr_storage ss;
	socklen_t len = tun_addr(k, h, &ss);
	int fd = net_socket(h, kinds[k].inner, SOCK_DGRAM);
	int ttl = 33;
	int pmtu = dontfrag ? IP_PMTUDISC_DO : IP_PMTUDISC_DONT;

	if (bind(fd, (struct sockaddr *)&ss, len))
		tst_brk(TBROK | TERRNO, "bind() on %s", kinds[k].desc);
	if (kinds[k].inner == AF_INET) {
		if (setsockopt(fd, SOL_IP, IP_TTL, &ttl, sizeof(ttl)) ||
		    setsockopt(fd, SOL_IP, IP_MTU_DISCOVER, &pmtu,
			       sizeof(pmtu)))
			tst_brk(TBROK | TERRNO, "IP_TTL/IP_MTU_DISCOVER");
	} else {
		if (setsockopt(fd, SOL_IPV6, IPV6_UNICAST_HOPS, &ttl,
			       sizeof(ttl)) ||
		    setsockopt(fd, SOL_IPV6, IPV6_MTU_DISCOVER, &pmtu,
			       sizeof(pmtu)))
			tst_brk(TBROK | TERRNO, "IPV6_UNICAST_HOPS/MTU_DISCOVER");
	}
	return fd;
}

static void test_traffic(int k)
{
	const struct kind *t = &kinds[k];
	struct rtnl_link_info li;
	struct iptun_info ti;
	struct sockaddr_storage ra;
	socklen_t len;
	size_t size;
	int s, r, cap;
	ssize_t n;
	unsigned short proto = 0;
	char name[IFNAMSIZ], marker[32];

	tst_res(TINFO, "%s (%s)", t->desc, t->kind);
	tun_name(k, name);
	net_enter(NET_A);
	RTNL_SAFE(rtnl_link_get(0, name, &li));
	iptun_get(name, &ti);
	NET_EXP_EQ(strcmp(ti.kind, t->kind), 0, "link kind read back");
	NET_EXP_EQ(li.mtu, t->mtu, "tunnel MTU");
	NET_EXP_EQ(ti.ttl, t->ttl < 0 ? 0 : t->ttl,
		   "IFLA_IPTUN_TTL read back (0: inherit)");
	if (t->proto >= 0)
		NET_EXP_EQ(ti.proto, t->proto, "IFLA_IPTUN_PROTO read back");

	size = li.mtu - (t->inner == AF_INET ? 28 : 48);
	r = inner_sock(k, NET_B, 1);
	s = inner_sock(k, NET_A, 1);
	cap = capture();
	len = sizeof(ra);
	if (getsockname(r, (struct sockaddr *)&ra, &len))
		tst_brk(TBROK | TERRNO, "getsockname()");
	TST_EXP_FAIL(sendto(s, pkt, size + 1, 0, (struct sockaddr *)&ra, len),
		     EMSGSIZE, "%zu byte datagram (MTU + 1) with DF", size + 1);
	snprintf(marker, sizeof(marker), "iptunnel-marker-%d", k);
	send_one(k, s, r, size, marker);
	n = find_outer(cap, marker, &proto);
	if (n < 0)
		tst_res(TFAIL, "no outer packet of the datagram on net0");
	else
		check_outer(k, n, proto, t->ttl < 0 ? 33 : t->ttl);
	close(cap);
	close(r);
	close(s);
}

/* ipip with PMTU discovery off: the outer DF comes from the inner one. */
static void test_pmtudisc(void)
{
	static struct rtnl_msg m;
	unsigned char local[4], remote[4];
	struct iptun_info ti;
	char name[IFNAMSIZ], marker[32];
	int df, s, r, cap;
	unsigned short proto;
	ssize_t n;

	tun_name(IPIP, name);
	net_enter(NET_A);
	under(NET_A, AF_INET, 0, local);
	under(NET_B, AF_INET, 0, remote);
	iptun_get(name, &ti);
	NET_EXP_EQ(ti.pmtudisc, 1, "ipip IFLA_IPTUN_PMTUDISC by default");
	rtnl_link_msg(&m, RTM_NEWLINK, 0, rtnl_ifindex(name), NULL);
	rtnl_nest(&m, IFLA_LINKINFO);
	rtnl_put_str(&m, IFLA_INFO_KIND, "ipip");
	rtnl_nest(&m, IFLA_INFO_DATA);
	rtnl_put(&m, IFLA_IPTUN_LOCAL, local, 4);
	rtnl_put(&m, IFLA_IPTUN_REMOTE, remote, 4);
	rtnl_put_u8(&m, IFLA_IPTUN_PMTUDISC, 0);
	RTNL_SAFE(rtnl_newlink_end(&m));
	iptun_get(name, &ti);
	NET_EXP_EQ(ti.pmtudisc, 0, "ipip IFLA_IPTUN_PMTUDISC after the change");

	for (df = 0; df <= 1; df++) {
		r = inner_sock(IPIP, NET_B, df);
		s = inner_sock(IPIP, NET_A, df);
		cap = capture();
		snprintf(marker, sizeof(marker), "pmtudisc-marker-%d", df);
		if (!send_one(IPIP, s, r, 200, marker))
			tst_res(TFAIL, "datagram over ipip lost (inner DF %d)",
				df);
		n = find_outer(cap, marker, &proto);
		if (n < 0)
			tst_res(TFAIL, "no outer packet on net0");
		else
			NET_EXP_EQ(!!(pkt[6] & 0x40), df,
				   "outer DF with pmtudisc off (inner's)");
		close(cap);
		close(r);
		close(s);
	}
}

static void exp_err(int ret, int err, const char *desc)
{
	if (ret == -err)
		tst_res(TPASS, "%s: %s", desc, tst_strerrno(err));
	else
		tst_res(TFAIL, "%s: %s, expected %s", desc,
			ret ? tst_strerrno(-ret) : "success", tst_strerrno(err));
}

static void test_errors(void)
{
	net_enter(NET_A);
	exp_err(make(IPIP, NET_A, "tlbad", IPPROTO_IPV6), EINVAL,
		"ipip with IFLA_IPTUN_PROTO 41");
	exp_err(make(SIT, NET_A, "tlbad", IPPROTO_GRE), EINVAL,
		"sit with IFLA_IPTUN_PROTO 47");
	exp_err(make(IP6IP6, NET_A, "tlbad", IPPROTO_GRE), EINVAL,
		"ip6tnl with IFLA_IPTUN_PROTO 47");
	exp_err(make(IPIP, NET_A, "tldup", -1), EEXIST,
		"second ipip with the same endpoints");
	exp_err(make(SIT, NET_A, "tldup", -1), EEXIST,
		"second sit with the same endpoints");
	exp_err(make(IP6IP6, NET_A, "tldup", IPPROTO_IPIP), EEXIST,
		"ip6tnl ipip6 with the endpoints of the ip6ip6 one");
	NET_EXP_EQ(if_nametoindex("tldup") + if_nametoindex("tlbad"), 0,
		   "devices left by the refused requests");
}

static int routes_oif, routes_found;

static void route_cb(const struct rtnl_route_info *ri, void *priv)
{
	(void)priv;
	if (ri->oif == routes_oif)
		routes_found++;
}

static int count_routes(int family, int oif)
{
	routes_oif = oif;
	routes_found = 0;
	RTNL_SAFE(rtnl_route_dump(family, route_cb, NULL));
	return routes_found;
}

static void test_delete(void)
{
	struct rtnl_link_info li;
	char name[IFNAMSIZ];
	int k, idx;

	net_enter(NET_A);
	for (k = 0; k < NKINDS; k++) {
		tun_name(k, name);
		idx = rtnl_ifindex(name);
		if (!count_routes(kinds[k].inner, idx))
			tst_res(TFAIL, "%s: no route through it before deletion",
				kinds[k].desc);
		RTNL_SAFE(rtnl_link_del(idx));
		exp_err(rtnl_link_get(0, name, &li), ENODEV,
			"RTM_GETLINK after deletion");
		NET_EXP_EQ(count_routes(kinds[k].inner, idx), 0,
			   "routes through it after deletion");
	}
}

static void hosts(void);

static void run(unsigned int n)
{
	if (n == 0)
		hosts();
	if (n < NKINDS)
		test_traffic(n);
	else if (n == NKINDS)
		test_pmtudisc();
	else if (n == NKINDS + 1)
		test_errors();
	else
		test_delete();
}

/* New hosts and tunnels for each iteration. */
static void hosts(void)
{
	unsigned char second[16];
	struct sockaddr_storage ss;
	char name[IFNAMSIZ];
	int k, h, ret, idx;

	for (h = 0; h < NET_NHOSTS; h++) {
		if (net_nsfd[h] >= 0)
			close(net_nsfd[h]);
		net_nsfd[h] = -1;
	}
	net_cur = -1;
	net_hosts_setup();
	for (h = NET_A; h <= NET_B; h++) {
		net_enter(h);
		under(h, AF_INET6, 1, second);
		RTNL_SAFE(rtnl_addr_add(rtnl_ifindex("net0"), AF_INET6, second,
					64, IFA_F_NODAD));
	}
	for (k = 0; k < NKINDS; k++) {
		tun_name(k, name);
		for (h = NET_A; h <= NET_B; h++) {
			net_enter(h);
			ret = make(k, h, name, kinds[k].proto);
			if (ret == -EOPNOTSUPP)
				tst_brk(TCONF, "no %s tunnels (module %s missing)",
					kinds[k].kind, kinds[k].kind);
			RTNL_SAFE(ret);
			idx = rtnl_ifindex(name);
			tun_addr(k, h, &ss);
			RTNL_SAFE(rtnl_addr_add(idx, kinds[k].inner,
						net_rawaddr(&ss),
						kinds[k].inner == AF_INET ? 24 : 64,
						kinds[k].inner == AF_INET6 ?
						IFA_F_NODAD : 0));
			RTNL_SAFE(rtnl_link_up(idx));
		}
	}
	net_enter(NET_A);
}

static struct tst_test test = {
	.tcnt = NKINDS + 3,
	.test = run,
	.needs_root = 1,
	.timeout = 60,
};
