// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * IPv6 router advertisements and stateless address autoconfiguration
 * (RFC 4861, 4862, 4191). The remote host plays the router: it sends
 * RAs from fe80::b with a raw ICMPv6 socket to ff02::1 on the veth; the
 * local host (dad_transmits 0: this is not about DAD) acts on them:
 * - ignored RAs change nothing (no address, no route, hop limit and MTU
 *   kept): one with accept_ra 0, one with an IPv6 hop limit of 254
 *   instead of 255, one from a global source address;
 * - an accepted RA: the prefix fd99:a1::/64 (L and A) gives exactly the
 *   address prefix + EUI-64 of the local MAC, dynamic (not permanent),
 *   preferred and valid lifetimes read back (3600, 7200, less the
 *   seconds elapsed), an on-link prefix route expiring with the valid
 *   lifetime; a /56 with A gives
 *   a route and no address; a prefix whose preferred lifetime is above
 *   its valid one is ignored; the default route through fe80::b with
 *   the RA's high preference, protocol RA and the router lifetime as
 *   expiry; an off-link destination is routed through it; Cur Hop Limit
 *   77 and the MTU option 1400 land in conf/net0/hop_limit and mtu (a
 *   datagram arrives with hop limit 77, IPV6_MTU of a connected socket
 *   1400), Reachable Time and Retrans Timer in the neighbour settings;
 * - withdrawal: router lifetime 0 removes the default route (ENETUNREACH
 *   again), valid lifetime 0 removes the prefix route but not the
 *   address (an RA may not cut a valid lifetime below two hours, RFC
 *   4862 5.5.3 e), preferred lifetime 0 deprecates it;
 * - with forwarding on net0 an RA is ignored under accept_ra 1 and taken
 *   under accept_ra 2 (low preference read back); a Cur Hop Limit of 0
 *   and Reachable Time 0 leave the old values, an MTU option below 1280
 *   is ignored, a prefix with valid lifetime 0 makes nothing;
 * - Icmp6InRouterAdvertisements counts every RA, ignored ones included.
 * The test runs on one CPU and waits after each RA until the local host
 * counted it (the count is taken just before the RA is handled, in the
 * same softirq on that CPU): a sysctl changed between two RAs applies to
 * the right one, and the ignored RAs are done with when checked.
 */
#include "lapi/icmpv6.h"
#include "tst_test.h"
#include "cpu_pin.h"
#include "net_hosts.h"

#define RA_SRC "fe80::b"

struct pfx {
	const char *prefix;
	int plen;
	unsigned char flags;
	uint32_t valid, pref;
};

struct ra {
	const char *src;
	int hops;
	unsigned char curhop, prf;
	uint16_t lifetime;
	uint32_t reachable, retrans, mtu;
	const struct pfx *pfx;
	int npfx;
};

static int b_idx, a_idx;
static unsigned char a_mac[6], b_mac[6];
static long clk_tck;
static int ras_sent;
static long long ras0;

/* Wait (bounded) until the local host counted n RAs; the last count. */
static long long wait_ras(long long n)
{
	return net_wait_snmp(NET_A, "snmp6", "", "Icmp6InRouterAdvertisements",
			     n);
}

static void send_ra(const struct ra *ra)
{
	unsigned char buf[512];
	struct nd_router_advert *h = (struct nd_router_advert *)buf;
	struct sockaddr_in6 src = { .sin6_family = AF_INET6 };
	struct sockaddr_in6 dst = { .sin6_family = AF_INET6 };
	size_t len = sizeof(*h);
	int fd, i, zero = 0;

	memset(buf, 0, sizeof(buf));
	h->nd_ra_type = ND_ROUTER_ADVERT;
	h->nd_ra_curhoplimit = ra->curhop;
	/* Prf is bits 4-3 of the flags byte (RFC 4191 2.2) */
	h->nd_ra_flags_reserved = ra->prf << 3;
	h->nd_ra_router_lifetime = htons(ra->lifetime);
	h->nd_ra_reachable = htonl(ra->reachable);
	h->nd_ra_retransmit = htonl(ra->retrans);

	/* source link-layer address option: type 1, 8 bytes */
	buf[len] = ND_OPT_SOURCE_LINKADDR;
	buf[len + 1] = 1;
	memcpy(buf + len + 2, b_mac, 6);
	len += 8;
	if (ra->mtu) {
		struct nd_opt_mtu *m = (struct nd_opt_mtu *)(buf + len);

		m->nd_opt_mtu_type = ND_OPT_MTU;
		m->nd_opt_mtu_len = 1;
		m->nd_opt_mtu_mtu = htonl(ra->mtu);
		len += sizeof(*m);
	}
	for (i = 0; i < ra->npfx; i++) {
		struct nd_opt_prefix_info *p =
			(struct nd_opt_prefix_info *)(buf + len);

		p->nd_opt_pi_type = ND_OPT_PREFIX_INFORMATION;
		p->nd_opt_pi_len = 4;
		p->nd_opt_pi_prefix_len = ra->pfx[i].plen;
		p->nd_opt_pi_flags_reserved = ra->pfx[i].flags;
		p->nd_opt_pi_valid_time = htonl(ra->pfx[i].valid);
		p->nd_opt_pi_preferred_time = htonl(ra->pfx[i].pref);
		inet_pton(AF_INET6, ra->pfx[i].prefix, &p->nd_opt_pi_prefix);
		len += sizeof(*p);
	}

	net_enter(NET_B);
	fd = socket(AF_INET6, SOCK_RAW | SOCK_CLOEXEC, IPPROTO_ICMPV6);
	if (fd < 0)
		tst_brk(TBROK | TERRNO, "socket(SOCK_RAW, IPPROTO_ICMPV6)");
	inet_pton(AF_INET6, ra->src, &src.sin6_addr);
	if (IN6_IS_ADDR_LINKLOCAL(&src.sin6_addr))
		src.sin6_scope_id = b_idx;
	if (bind(fd, (struct sockaddr *)&src, sizeof(src)))
		tst_brk(TBROK | TERRNO, "bind(%s)", ra->src);
	if (setsockopt(fd, IPPROTO_IPV6, IPV6_MULTICAST_IF, &b_idx,
		       sizeof(b_idx)) ||
	    setsockopt(fd, IPPROTO_IPV6, IPV6_MULTICAST_HOPS, &ra->hops,
		       sizeof(ra->hops)) ||
	    setsockopt(fd, IPPROTO_IPV6, IPV6_MULTICAST_LOOP, &zero,
		       sizeof(zero)))
		tst_brk(TBROK | TERRNO, "setsockopt(IPV6_MULTICAST_*)");
	inet_pton(AF_INET6, "ff02::1", &dst.sin6_addr);
	dst.sin6_scope_id = b_idx;
	/* the kernel fills in the ICMPv6 checksum of raw ICMPv6 sockets */
	if (sendto(fd, buf, len, 0, (struct sockaddr *)&dst, sizeof(dst)) !=
	    (ssize_t)len)
		tst_brk(TBROK | TERRNO, "sendto(RA)");
	close(fd);
	ras_sent++;
	/*
	 * Counted in icmpv6_rcv() just before ndisc_rcv() handles it in the
	 * same softirq on this CPU, which this process cannot interrupt:
	 * once the count is seen, the RA is done with.
	 */
	if (wait_ras(ras0 + ras_sent) < ras0 + ras_sent)
		tst_brk(TBROK, "RA %d not received", ras_sent);
}

/* ---- the local host's addresses ---- */

struct addr_q {
	unsigned char prefix[16];
	int pbytes;		/* bytes of prefix to match */
	int count, plen;
	unsigned char addr[16];
	unsigned int flags;
	uint32_t prefered, valid;
};

static void addr_cb(struct nlmsghdr *nh, void *priv)
{
	struct addr_q *q = priv;
	struct ifaddrmsg *ifa = NLMSG_DATA(nh);
	struct rtattr *rta;

	if (nh->nlmsg_type != RTM_NEWADDR || ifa->ifa_family != AF_INET6 ||
	    (int)ifa->ifa_index != a_idx)
		return;
	rta = rtnl_attr(nh, sizeof(*ifa), IFA_ADDRESS);
	if (!rta || memcmp(RTA_DATA(rta), q->prefix, q->pbytes))
		return;
	q->count++;
	memcpy(q->addr, RTA_DATA(rta), 16);
	q->plen = ifa->ifa_prefixlen;
	q->flags = ifa->ifa_flags;
	rta = rtnl_attr(nh, sizeof(*ifa), IFA_FLAGS);
	if (rta)
		q->flags = *(uint32_t *)RTA_DATA(rta);
	rta = rtnl_attr(nh, sizeof(*ifa), IFA_CACHEINFO);
	if (rta) {
		struct ifa_cacheinfo *ci = RTA_DATA(rta);

		q->prefered = ci->ifa_prefered;
		q->valid = ci->ifa_valid;
	}
}

/* The local net0 addresses whose first pbytes bytes are prefix's. */
static int addr_query(const char *prefix, int pbytes, struct addr_q *q)
{
	static struct rtnl_msg m;
	struct ifaddrmsg ifa = { .ifa_family = AF_INET6 };

	memset(q, 0, sizeof(*q));
	inet_pton(AF_INET6, prefix, q->prefix);
	q->pbytes = pbytes;
	net_enter(NET_A);
	rtnl_msg_init(&m, RTM_GETADDR, NLM_F_DUMP, &ifa, sizeof(ifa));
	RTNL_SAFE(rtnl_talk_cb(&m, addr_cb, q));
	return q->count;
}

/* Wait (bounded) until addr_query() gives an address with flags & mask. */
static int addr_wait(const char *prefix, unsigned int mask,
		     struct addr_q *q)
{
	long long end = tst_mono_ms() + net_ms(10000);

	while (!(addr_query(prefix, 8, q) && (q->flags & mask) == mask)) {
		if (tst_mono_ms() > end)
			return 0;
		usleep(2000);
	}
	return 1;
}

/* ---- the local host's main table ---- */

struct route_q {
	unsigned char dst[16];
	int plen, found, proto, pref, oif, has_gw;
	unsigned char gw[16];
	uint32_t expires;
};

static void route_cb(struct nlmsghdr *nh, void *priv)
{
	struct route_q *q = priv;
	struct rtmsg *rtm = NLMSG_DATA(nh);
	struct rtattr *rta;
	unsigned char dst[16] = { 0 };

	if (nh->nlmsg_type != RTM_NEWROUTE || rtm->rtm_family != AF_INET6 ||
	    rtm->rtm_table != RT_TABLE_MAIN || rtm->rtm_dst_len != q->plen ||
	    rtm->rtm_type != RTN_UNICAST)
		return;
	rta = rtnl_attr(nh, sizeof(*rtm), RTA_DST);
	if (rta)
		memcpy(dst, RTA_DATA(rta), 16);
	if (memcmp(dst, q->dst, 16))
		return;
	q->found++;
	q->proto = rtm->rtm_protocol;
	rta = rtnl_attr(nh, sizeof(*rtm), RTA_PREF);
	q->pref = rta ? *(unsigned char *)RTA_DATA(rta) : -1;
	rta = rtnl_attr(nh, sizeof(*rtm), RTA_OIF);
	q->oif = rta ? *(int *)RTA_DATA(rta) : 0;
	rta = rtnl_attr(nh, sizeof(*rtm), RTA_GATEWAY);
	q->has_gw = !!rta;
	if (rta)
		memcpy(q->gw, RTA_DATA(rta), 16);
	rta = rtnl_attr(nh, sizeof(*rtm), RTA_CACHEINFO);
	q->expires = rta ? ((struct rta_cacheinfo *)RTA_DATA(rta))->rta_expires
			 : 0;
}

/* The main table's unicast routes to dst/plen in the local host. */
static int route_query(const char *dst, int plen, struct route_q *q)
{
	static struct rtnl_msg m;
	struct rtmsg rtm = { .rtm_family = AF_INET6 };

	memset(q, 0, sizeof(*q));
	inet_pton(AF_INET6, dst, q->dst);
	q->plen = plen;
	net_enter(NET_A);
	rtnl_msg_init(&m, RTM_GETROUTE, NLM_F_DUMP, &rtm, sizeof(rtm));
	RTNL_SAFE(rtnl_talk_cb(&m, route_cb, q));
	return q->found;
}

static long sysctl_num(const char *path)
{
	char buf[64];

	net_sysctl_read(NET_A, path, buf, sizeof(buf));
	return atol(buf);
}

/* Lifetime l read back as got (seconds or ticks): at most l, at least l
 * less the time a loaded guest may take between the RA and the dump.
 */
static void check_lifetime(const char *what, long got, long l, long unit)
{
	long slack = 60L * tst_timeout_mul() * unit;

	if (got <= l * unit && got >= l * unit - slack)
		tst_res(TPASS, "%s %ld (of %ld)", what, got, l * unit);
	else
		tst_res(TFAIL, "%s %ld, expected %ld - %ld", what, got,
			l * unit - slack, l * unit);
}

static void check_none(const char *prefix, int pbytes, const char *why)
{
	struct addr_q q;
	struct route_q r;
	int plen = pbytes * 8;

	if (addr_query(prefix, pbytes, &q))
		tst_res(TFAIL, "%s: an address in %s/%d", why, prefix, plen);
	else if (route_query(prefix, plen, &r))
		tst_res(TFAIL, "%s: a route to %s/%d", why, prefix, plen);
	else
		tst_res(TPASS, "%s: no address or route in %s/%d", why, prefix,
			plen);
}

static void check_default(int want_pref, uint16_t lifetime)
{
	struct route_q r;
	struct in6_addr gw;

	inet_pton(AF_INET6, RA_SRC, &gw);
	if (route_query("::", 0, &r) != 1) {
		tst_res(TFAIL, "%d default routes, expected 1", r.found);
		return;
	}
	if (r.has_gw && !memcmp(r.gw, &gw, 16) && r.oif == a_idx)
		tst_res(TPASS, "default route via " RA_SRC " dev net0");
	else
		tst_res(TFAIL, "default route: gateway %d, oif %d", r.has_gw,
			r.oif);
	NET_EXP_EQ(r.proto, RTPROT_RA, "default route protocol");
	NET_EXP_EQ(r.pref, want_pref, "default route RTA_PREF");
	check_lifetime("default route expiry (ticks)", r.expires, lifetime,
		       clk_tck);
}

static int off_link_lookup(struct rtnl_route_info *ri)
{
	struct in6_addr far;

	inet_pton(AF_INET6, "fd99:9::1", &far);
	net_enter(NET_A);
	return rtnl_route_get(AF_INET6, &far, ri);
}

/* The hop limit a datagram from the local host arrives with. */
static int hops_on_wire(void)
{
	struct sockaddr_storage ss;
	int r = net_bound(NET_B, AF_INET6, SOCK_DGRAM, &ss), s, one = 1;
	int hops = -1;
	char c = 'x', cbuf[256];
	struct iovec iov = { &c, 1 };
	struct msghdr mh = {
		.msg_iov = &iov, .msg_iovlen = 1,
		.msg_control = cbuf, .msg_controllen = sizeof(cbuf),
	};
	struct cmsghdr *cm;

	if (setsockopt(r, IPPROTO_IPV6, IPV6_RECVHOPLIMIT, &one, sizeof(one)))
		tst_brk(TBROK | TERRNO, "setsockopt(IPV6_RECVHOPLIMIT)");
	s = net_socket(NET_A, AF_INET6, SOCK_DGRAM);
	if (sendto(s, &c, 1, 0, (struct sockaddr *)&ss,
		   sizeof(struct sockaddr_in6)) != 1)
		tst_brk(TBROK | TERRNO, "sendto()");
	net_wait(r, POLLIN);
	if (recvmsg(r, &mh, 0) != 1)
		tst_brk(TBROK | TERRNO, "recvmsg()");
	for (cm = CMSG_FIRSTHDR(&mh); cm; cm = CMSG_NXTHDR(&mh, cm))
		if (cm->cmsg_level == IPPROTO_IPV6 &&
		    cm->cmsg_type == IPV6_HOPLIMIT)
			memcpy(&hops, CMSG_DATA(cm), sizeof(int));
	close(r);
	close(s);
	return hops;
}

static int path_mtu(void)
{
	struct sockaddr_storage ss;
	socklen_t len = net_addr(NET_B, AF_INET6, 9, &ss);
	int s = net_socket(NET_A, AF_INET6, SOCK_DGRAM), mtu = -1;
	socklen_t ml = sizeof(mtu);

	if (connect(s, (struct sockaddr *)&ss, len))
		tst_brk(TBROK | TERRNO, "connect()");
	if (getsockopt(s, IPPROTO_IPV6, IPV6_MTU, &mtu, &ml))
		tst_brk(TBROK | TERRNO, "getsockopt(IPV6_MTU)");
	close(s);
	return mtu;
}

static void setup(void)
{
	/* one CPU: the veth queues each RA on the sender's CPU backlog */
	pin_to_current_cpu();
	clk_tck = sysconf(_SC_CLK_TCK);
}

/* New hosts for each iteration: the RAs leave state behind. */
static void hosts(void)
{
	struct rtnl_link_info li;
	struct in6_addr ll;
	int h;

	for (h = 0; h < NET_NHOSTS; h++) {
		if (net_nsfd[h] >= 0)
			close(net_nsfd[h]);
		net_nsfd[h] = -1;
	}
	net_cur = -1;
	net_hosts_setup();
	net_sysctl(NET_A, "net/ipv6/conf/net0/dad_transmits", "0");
	net_enter(NET_A);
	a_idx = rtnl_ifindex("net0");
	RTNL_SAFE(rtnl_link_get(a_idx, NULL, &li));
	memcpy(a_mac, li.addr, 6);
	net_enter(NET_B);
	b_idx = rtnl_ifindex("net0");
	RTNL_SAFE(rtnl_link_get(b_idx, NULL, &li));
	memcpy(b_mac, li.addr, 6);
	inet_pton(AF_INET6, RA_SRC, &ll);
	RTNL_SAFE(rtnl_addr_add(b_idx, AF_INET6, &ll, 64, IFA_F_NODAD));
	net_enter(NET_A);
}

static const struct pfx p_ign0[] = { { "fd99:a0::", 64, 0xc0, 7200, 3600 } };
static const struct pfx p_ign1[] = { { "fd99:b1::", 64, 0xc0, 7200, 3600 } };
static const struct pfx p_ign2[] = { { "fd99:b2::", 64, 0xc0, 7200, 3600 } };
static const struct pfx p_main[] = {
	{ "fd99:a1::", 64, 0xc0, 7200, 3600 },
	{ "fd99:a2::", 56, 0xc0, 7200, 3600 },
	/* preferred above valid: the option is dropped whole */
	{ "fd99:a3::", 64, 0xc0, 100, 200 },
};
static const struct pfx p_gone[] = { { "fd99:a1::", 64, 0xc0, 0, 0 } };
static const struct pfx p_fwd1[] = { { "fd99:b4::", 64, 0xc0, 7200, 3600 } };
static const struct pfx p_fwd2[] = {
	{ "fd99:a5::", 64, 0xc0, 7200, 3600 },
	{ "fd99:a6::", 64, 0xc0, 0, 0 },
};

static void ignored_ras(void)
{
	struct ra ra = {
		.src = RA_SRC, .hops = 255, .curhop = 99,
		.prf = ICMPV6_ROUTER_PREF_HIGH, .lifetime = 1800,
		.reachable = 9000, .retrans = 3000, .mtu = 1300,
		.pfx = p_ign0, .npfx = 1,
	};

	net_sysctl(NET_A, "net/ipv6/conf/net0/accept_ra", "0");
	send_ra(&ra);
	net_sysctl(NET_A, "net/ipv6/conf/net0/accept_ra", "1");
	ra.hops = 254;
	ra.pfx = p_ign1;
	send_ra(&ra);
	ra.hops = 255;
	ra.src = "fd99:1::2";
	ra.pfx = p_ign2;
	send_ra(&ra);
}

static void accepted_ra(void)
{
	struct ra ra = {
		.src = RA_SRC, .hops = 255, .curhop = 77,
		.prf = ICMPV6_ROUTER_PREF_HIGH, .lifetime = 1800,
		.reachable = 5000, .retrans = 2000, .mtu = 1400,
		.pfx = p_main, .npfx = 3,
	};
	struct rtnl_route_info ri;
	struct in6_addr want;
	struct route_q r;
	struct addr_q q;
	int i;

	send_ra(&ra);
	if (!addr_wait("fd99:a1::", 0, &q)) {
		tst_res(TFAIL, "no address from the prefix fd99:a1::/64");
		return;
	}

	check_none("fd99:a0::", 8, "RA with accept_ra 0");
	check_none("fd99:b1::", 8, "RA with hop limit 254");
	check_none("fd99:b2::", 8, "RA from a global address");
	check_none("fd99:a3::", 8, "prefix with preferred > valid");

	/* prefix + modified EUI-64 (RFC 4291 appendix A) */
	inet_pton(AF_INET6, "fd99:a1::", &want);
	want.s6_addr[8] = a_mac[0] ^ 0x02;
	want.s6_addr[9] = a_mac[1];
	want.s6_addr[10] = a_mac[2];
	want.s6_addr[11] = 0xff;
	want.s6_addr[12] = 0xfe;
	for (i = 0; i < 3; i++)
		want.s6_addr[13 + i] = a_mac[3 + i];
	if (q.count == 1 && !memcmp(q.addr, &want, 16) && q.plen == 64)
		tst_res(TPASS, "one SLAAC address: prefix + EUI-64 of the MAC, /64");
	else
		tst_res(TFAIL, "%d addresses in fd99:a1::/64, /%d", q.count,
			q.plen);
	if (q.flags & IFA_F_PERMANENT)
		tst_res(TFAIL, "SLAAC address flags 0x%x: permanent", q.flags);
	else
		tst_res(TPASS, "SLAAC address is dynamic (flags 0x%x)",
			q.flags);
	check_lifetime("preferred lifetime", q.prefered, 3600, 1);
	check_lifetime("valid lifetime", q.valid, 7200, 1);

	/* prefix routes expire with the prefix's valid lifetime */
	if (route_query("fd99:a1::", 64, &r) == 1 && !r.has_gw)
		check_lifetime("fd99:a1::/64 on-link route expiry (ticks)",
			       r.expires, 7200, clk_tck);
	else
		tst_res(TFAIL, "%d routes to fd99:a1::/64", r.found);
	if (addr_query("fd99:a2::", 7, &q))
		tst_res(TFAIL, "an address from the /56 prefix");
	else if (route_query("fd99:a2::", 56, &r) != 1 || r.has_gw)
		tst_res(TFAIL, "%d routes to fd99:a2::/56", r.found);
	else
		tst_res(TPASS, "/56 prefix: on-link route, no address");

	check_default(ICMPV6_ROUTER_PREF_HIGH, 1800);
	if (off_link_lookup(&ri) || !ri.has_gw || ri.oif != a_idx)
		tst_res(TFAIL, "fd99:9::1 not routed through the router");
	else
		tst_res(TPASS, "fd99:9::1 routed through the RA's router");

	NET_EXP_EQ(sysctl_num("net/ipv6/conf/net0/hop_limit"), 77,
		   "conf/net0/hop_limit");
	NET_EXP_EQ(hops_on_wire(), 77, "hop limit of a datagram on the wire");
	NET_EXP_EQ(sysctl_num("net/ipv6/conf/net0/mtu"), 1400,
		   "conf/net0/mtu");
	NET_EXP_EQ(path_mtu(), 1400, "IPV6_MTU towards the remote host");
	NET_EXP_EQ(sysctl_num("net/ipv6/neigh/net0/base_reachable_time_ms"),
		   5000, "neigh/net0/base_reachable_time_ms");
	NET_EXP_EQ(sysctl_num("net/ipv6/neigh/net0/retrans_time_ms"), 2000,
		   "neigh/net0/retrans_time_ms");
}

static void withdrawal_ra(void)
{
	struct ra ra = {
		.src = RA_SRC, .hops = 255, .curhop = 77,
		.prf = ICMPV6_ROUTER_PREF_HIGH, .lifetime = 0,
		.pfx = p_gone, .npfx = 1,
	};
	struct rtnl_route_info ri;
	struct route_q r;
	struct addr_q q;
	int ret;

	send_ra(&ra);
	if (!addr_wait("fd99:a1::", IFA_F_DEPRECATED, &q)) {
		tst_res(TFAIL, "preferred lifetime 0: address not deprecated (%d, flags 0x%x)",
			q.count, q.flags);
		return;
	}
	tst_res(TPASS, "preferred lifetime 0: IFA_F_DEPRECATED");
	/* the remaining lifetime is under 2 hours: kept as it is */
	check_lifetime("valid lifetime after valid 0", q.valid, 7200, 1);
	NET_EXP_EQ(route_query("fd99:a1::", 64, &r), 0,
		   "routes to fd99:a1::/64 after valid lifetime 0");
	NET_EXP_EQ(route_query("::", 0, &r), 0,
		   "default routes after router lifetime 0");
	ret = off_link_lookup(&ri);
	if (ret == -ENETUNREACH)
		tst_res(TPASS, "fd99:9::1: ENETUNREACH again");
	else
		tst_res(TFAIL, "fd99:9::1 lookup: %s", tst_strerrno(-ret));
}

static void forwarding_ras(void)
{
	struct ra ra = {
		.src = RA_SRC, .hops = 255, .curhop = 33,
		.prf = ICMPV6_ROUTER_PREF_LOW, .lifetime = 600,
		.pfx = p_fwd1, .npfx = 1,
	};
	struct addr_q q;

	net_sysctl(NET_A, "net/ipv6/conf/net0/forwarding", "1");
	send_ra(&ra);
	net_sysctl(NET_A, "net/ipv6/conf/net0/accept_ra", "2");
	ra.curhop = 0;
	ra.mtu = 1200;
	ra.pfx = p_fwd2;
	ra.npfx = 2;
	send_ra(&ra);
	if (!addr_wait("fd99:a5::", 0, &q)) {
		tst_res(TFAIL, "forwarding, accept_ra 2: no address from fd99:a5::/64");
		return;
	}
	tst_res(TPASS, "forwarding, accept_ra 2: SLAAC address");
	check_none("fd99:b4::", 8, "forwarding, accept_ra 1");
	check_none("fd99:a6::", 8, "prefix with valid lifetime 0");
	check_default(ICMPV6_ROUTER_PREF_LOW, 600);
	NET_EXP_EQ(sysctl_num("net/ipv6/conf/net0/hop_limit"), 77,
		   "Cur Hop Limit 0 (and 33 ignored): conf/net0/hop_limit");
	NET_EXP_EQ(sysctl_num("net/ipv6/conf/net0/mtu"), 1400,
		   "MTU option 1200: conf/net0/mtu");
	NET_EXP_EQ(sysctl_num("net/ipv6/neigh/net0/base_reachable_time_ms"),
		   5000, "Reachable Time 0: base_reachable_time_ms");
}

static void run(void)
{
	struct rtnl_route_info ri;
	int ret;

	hosts();
	ras0 = net_snmp6(NET_A, "Icmp6InRouterAdvertisements");
	ras_sent = 0;
	ret = off_link_lookup(&ri);
	if (ret != -ENETUNREACH)
		tst_brk(TBROK, "fd99:9::1 lookup before any RA: %s",
			tst_strerrno(-ret));

	ignored_ras();
	accepted_ra();
	withdrawal_ra();
	forwarding_ras();

	NET_EXP_EQ(net_snmp6(NET_A, "Icmp6InRouterAdvertisements") - ras0,
		   ras_sent,
		   "Icmp6InRouterAdvertisements");
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.timeout = 90,
};
