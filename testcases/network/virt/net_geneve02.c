// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Geneve TLV options from lightweight tunnel routes: a collect_md
 * (external) geneve device gnv0 in the local host, IPv4 routes through it
 * with an LWTUNNEL_ENCAP_IP encapsulation (id, destination the remote's
 * net0 address, TTL) carrying geneve options (LWTUNNEL_IP_OPTS_GENEVE);
 * the outer packets are read on the remote's net0.
 * - one option (class 0x0102, type 0x80, 8 bytes) and two options (class
 *   0xffff type 0x01 with 4 bytes, class 0x0103 type 0x22 with 12 bytes):
 *   on the wire UDP port 6081, the outer TTL of the route, version 0, the
 *   options length in 4 byte words (3, then 2 + 4), protocol 0x6558, the
 *   VNI from the route's id, then each option's class, type, length in
 *   4 byte words and data byte for byte, then the inner frame with the
 *   datagram;
 * - the options read back from the route dump (RTA_ENCAP);
 * - EINVAL for option data of 6 bytes and for an option without a class.
 */
#include <endian.h>
#include <linux/if_packet.h>
#include <linux/if_ether.h>
#include <linux/lwtunnel.h>
#include <netinet/ip.h>
#include <netinet/udp.h>
#include "tst_test.h"
#include "net_hosts.h"

#define GENEVE_PORT 6081
#define PORT 7000

struct gopt {
	uint16_t cls;
	uint8_t type;
	int len;
	unsigned char data[16];
};

static const struct gopt one[] = {
	{ 0x0102, 0x80, 8, { 1, 2, 3, 4, 5, 6, 7, 8 } },
};

static const struct gopt two[] = {
	{ 0xffff, 0x01, 4, { 0xde, 0xad, 0xbe, 0xef } },
	{ 0x0103, 0x22, 12, { 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 0xaa, 0x55 } },
};

static int cap;

/* 10.77.0.<host>/32 dev gnv0, encap id <id> dst 10.99.1.2 ttl 30 opts */
static int route_add(int host, int id, const struct gopt *o, int n,
		     int no_class)
{
	static struct rtnl_msg m;
	struct rtmsg rtm = {
		.rtm_family = AF_INET, .rtm_dst_len = 32,
		.rtm_table = RT_TABLE_MAIN, .rtm_protocol = RTPROT_STATIC,
		.rtm_scope = RT_SCOPE_LINK, .rtm_type = RTN_UNICAST,
	};
	struct in_addr dst, rdst;
	uint64_t tid = htobe64(id);
	char buf[32];
	int i;

	snprintf(buf, sizeof(buf), "10.77.0.%d", host);
	net_ipv4(buf, &dst);
	net_ipv4("10.99.1.2", &rdst);
	rtnl_msg_init(&m, RTM_NEWROUTE, NLM_F_CREATE | NLM_F_EXCL, &rtm,
		      sizeof(rtm));
	rtnl_put(&m, RTA_DST, &dst, 4);
	rtnl_put_u32(&m, RTA_OIF, rtnl_ifindex("gnv0"));
	rtnl_put_u16(&m, RTA_ENCAP_TYPE, LWTUNNEL_ENCAP_IP);
	rtnl_nest(&m, RTA_ENCAP | NLA_F_NESTED);
	rtnl_put(&m, LWTUNNEL_IP_ID, &tid, 8);
	rtnl_put(&m, LWTUNNEL_IP_DST, &rdst, 4);
	rtnl_put_u8(&m, LWTUNNEL_IP_TTL, 30);
	rtnl_nest(&m, LWTUNNEL_IP_OPTS | NLA_F_NESTED);
	for (i = 0; i < n; i++) {
		rtnl_nest(&m, LWTUNNEL_IP_OPTS_GENEVE | NLA_F_NESTED);
		if (!no_class)
			rtnl_put_u16(&m, LWTUNNEL_IP_OPT_GENEVE_CLASS,
				     htons(o[i].cls));
		rtnl_put_u8(&m, LWTUNNEL_IP_OPT_GENEVE_TYPE, o[i].type);
		rtnl_put(&m, LWTUNNEL_IP_OPT_GENEVE_DATA, o[i].data, o[i].len);
		rtnl_nest_end(&m);
	}
	rtnl_nest_end(&m);
	rtnl_nest_end(&m);
	return rtnl_talk(&m);
}

/* A nested attribute by type, without the NLA_F_NESTED bit. */
static struct rtattr *attr_in(struct rtattr *nest, int type)
{
	struct rtattr *a = RTA_DATA(nest);
	int len = RTA_PAYLOAD(nest);

	for (; RTA_OK(a, len); a = RTA_NEXT(a, len))
		if ((a->rta_type & NLA_TYPE_MASK) == type)
			return a;
	return NULL;
}

/*
 * Whether options o[0..n) match the LWTUNNEL_IP_OPTS nest: the kernel
 * dumps them as class, type, data triples in one LWTUNNEL_IP_OPTS_GENEVE
 * nest (a nest per option is taken too).
 */
static int opts_match(struct rtattr *opts, const struct gopt *o, int n)
{
	struct rtattr *g = RTA_DATA(opts), *a;
	int len = RTA_PAYLOAD(opts), i = 0, glen, cls = -1, type = -1;

	for (; RTA_OK(g, len); g = RTA_NEXT(g, len)) {
		if ((g->rta_type & NLA_TYPE_MASK) != LWTUNNEL_IP_OPTS_GENEVE)
			return 0;
		a = RTA_DATA(g);
		glen = RTA_PAYLOAD(g);
		for (; RTA_OK(a, glen); a = RTA_NEXT(a, glen)) {
			switch (a->rta_type & NLA_TYPE_MASK) {
			case LWTUNNEL_IP_OPT_GENEVE_CLASS:
				cls = ntohs(*(uint16_t *)RTA_DATA(a));
				break;
			case LWTUNNEL_IP_OPT_GENEVE_TYPE:
				type = *(uint8_t *)RTA_DATA(a);
				break;
			case LWTUNNEL_IP_OPT_GENEVE_DATA:
				if (i >= n || cls != o[i].cls ||
				    type != o[i].type ||
				    (int)RTA_PAYLOAD(a) != o[i].len ||
				    memcmp(RTA_DATA(a), o[i].data, o[i].len))
					return 0;
				i++;
				cls = type = -1;
				break;
			}
		}
	}
	return i == n;
}

struct dump_q {
	uint32_t dst;
	const struct gopt *o;
	int n, found, match;
};

static void dump_cb(struct nlmsghdr *nh, void *priv)
{
	struct dump_q *q = priv;
	struct rtmsg *rtm = NLMSG_DATA(nh);
	struct rtattr *a, *e;

	if (nh->nlmsg_type != RTM_NEWROUTE || rtm->rtm_dst_len != 32)
		return;
	a = rtnl_attr(nh, sizeof(*rtm), RTA_DST);
	if (!a || *(uint32_t *)RTA_DATA(a) != q->dst)
		return;
	q->found = 1;
	e = rtnl_attr(nh, sizeof(*rtm), RTA_ENCAP);
	if (e)
		e = attr_in(e, LWTUNNEL_IP_OPTS);
	q->match = e && opts_match(e, q->o, q->n);
}

static void check_readback(int host, const struct gopt *o, int n)
{
	static struct rtnl_msg m;
	struct rtmsg rtm = { .rtm_family = AF_INET };
	struct dump_q q = { .o = o, .n = n };

	q.dst = htonl(0x0a4d0000 | host);
	rtnl_msg_init(&m, RTM_GETROUTE, NLM_F_DUMP, &rtm, sizeof(rtm));
	RTNL_SAFE(rtnl_talk_cb(&m, dump_cb, &q));
	if (q.found && q.match)
		tst_res(TPASS, "route to 10.77.0.%d: %d geneve option(s) read back",
			host, n);
	else
		tst_res(TFAIL, "route to 10.77.0.%d: found %d, options match %d",
			host, q.found, q.match);
}

/* Send a datagram to 10.77.0.<host>; check its outer packet on net0. */
static void check_wire(int host, int id, const struct gopt *o, int n)
{
	static const char msg[] = "geneve-options-payload";
	struct sockaddr_in sin = { .sin_family = AF_INET,
				   .sin_port = htons(PORT) };
	unsigned char pkt[2048], *g, *p;
	long long end = tst_mono_ms() + net_ms(10000);
	int fd = net_socket(NET_A, AF_INET, SOCK_DGRAM), optlen = 0, i, ok;
	char buf[32];
	struct iphdr *ip;
	struct udphdr *udp;
	ssize_t len;

	for (i = 0; i < n; i++)
		optlen += 4 + o[i].len;
	snprintf(buf, sizeof(buf), "10.77.0.%d", host);
	net_ipv4(buf, &sin.sin_addr);
	if (sendto(fd, msg, sizeof(msg), 0, (struct sockaddr *)&sin,
		   sizeof(sin)) != sizeof(msg))
		tst_brk(TBROK | TERRNO, "sendto(%s)", buf);
	SAFE_CLOSE(fd);
	for (;;) {
		if (tst_mono_ms() > end) {
			tst_res(TFAIL, "no geneve packet for %s on the remote's net0",
				buf);
			return;
		}
		if (!(net_poll(cap, POLLIN, 1000) & POLLIN))
			continue;
		len = recv(cap, pkt, sizeof(pkt), MSG_DONTWAIT);
		ip = (struct iphdr *)pkt;
		if (len < (ssize_t)(sizeof(*ip) + sizeof(*udp) + 8) ||
		    ip->protocol != IPPROTO_UDP)
			continue;
		udp = (struct udphdr *)(pkt + ip->ihl * 4);
		if (ntohs(udp->dest) == GENEVE_PORT)
			break;
	}
	g = (unsigned char *)(udp + 1);
	NET_EXP_EQ(ip->ttl, 30, "outer TTL");
	NET_EXP_EQ(g[0] >> 6, 0, "geneve version");
	NET_EXP_EQ(g[0] & 0x3f, optlen / 4, "options length (4 byte words)");
	NET_EXP_EQ((g[2] << 8) | g[3], ETH_P_TEB, "geneve protocol");
	NET_EXP_EQ((g[4] << 16) | (g[5] << 8) | g[6], id, "VNI");
	p = g + 8;
	for (i = 0, ok = 1; i < n; i++) {
		ok &= ((p[0] << 8) | p[1]) == o[i].cls && p[2] == o[i].type &&
		      (p[3] & 0x1f) == o[i].len / 4 &&
		      !memcmp(p + 4, o[i].data, o[i].len);
		p += 4 + o[i].len;
	}
	if (ok)
		tst_res(TPASS, "%d option(s) on the wire: class, type, length, data",
			n);
	else
		tst_res(TFAIL, "options on the wire differ from the route's");
	/* inner frame: Ethernet to the pinned MAC, IPv4, the datagram */
	len -= p - pkt;
	NET_EXP_EQ(len >= 14 + 20 + 8 + (ssize_t)sizeof(msg) &&
		   p[5] == host && ((p[12] << 8) | p[13]) == ETH_P_IP &&
		   !memcmp(p + 14 + 20 + 8, msg, sizeof(msg)), 1,
		   "inner frame with the datagram");
}

static void setup(void)
{
	static struct rtnl_msg m;
	struct sockaddr_ll sll = { .sll_family = AF_PACKET,
				   .sll_protocol = htons(ETH_P_IP) };
	unsigned char mac[6] = { 0x02, 0, 0, 0, 0x77, 0 };
	int ret, h;

	net_hosts_setup_pinned();
	net_sysctl(NET_A, "net/ipv6/conf/default/disable_ipv6", "1");
	rtnl_newlink_begin(&m, "gnv0", "geneve", 0);
	rtnl_nest(&m, IFLA_INFO_DATA);
	rtnl_put(&m, IFLA_GENEVE_COLLECT_METADATA, NULL, 0);
	ret = rtnl_newlink_end(&m);
	if (ret == -EOPNOTSUPP)
		tst_brk(TCONF, "no geneve support (module missing)");
	RTNL_SAFE(ret);
	RTNL_SAFE(rtnl_link_up(rtnl_ifindex("gnv0")));
	net_addr4("gnv0", "10.77.0.1");
	for (h = 2; h <= 3; h++) {
		char ip[32];

		mac[5] = h;
		snprintf(ip, sizeof(ip), "10.77.0.%d", h);
		net_pin4("gnv0", ip, mac);
	}
	cap = net_socket(NET_B, AF_PACKET, SOCK_DGRAM);
	sll.sll_ifindex = rtnl_ifindex("net0");
	if (bind(cap, (struct sockaddr *)&sll, sizeof(sll)))
		tst_brk(TBROK | TERRNO, "bind(AF_PACKET, net0)");
	net_enter(NET_A);
}

static void run(void)
{
	struct gopt bad = { 0x0102, 0x80, 6, { 1, 2, 3, 4, 5, 6 } };

	net_enter(NET_A);
	TST_EXP_EQ_LI(route_add(9, 1, &bad, 1, 0), -EINVAL);
	bad.len = 4;
	TST_EXP_EQ_LI(route_add(9, 1, &bad, 1, 1), -EINVAL);
	RTNL_SAFE(route_add(2, 42, one, 1, 0));
	RTNL_SAFE(route_add(3, 0x123456, two, 2, 0));
	check_readback(2, one, 1);
	check_readback(3, two, 2);
	check_wire(2, 42, one, 1);
	check_wire(3, 0x123456, two, 2);
}

static struct tst_test test = {
	.setup = setup,
	.test_all = run,
	.needs_root = 1,
	.timeout = 60,
};
