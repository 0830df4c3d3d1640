// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Ethernet over GRE: gretap (IPv4 underlay) and ip6gretap (IPv6
 * underlay) between the local and the remote host, the remote's gretap
 * a port of a bridge whose other port leads to a third host C
 * (10.103.0.3): layer 2 carried across the tunnel. Neighbours pinned,
 * IPv6 off on the tunnels and the bridge; outer packets read on the
 * remote's net0.
 * - MTU: gretap with keys 1458 (1500 - 20 - 8 - 14), ip6gretap with a
 *   key 1430 (1500 - 40 - 8 - 8 for the encapsulation limit - 14);
 *   IFLA_GRE_IKEY/OKEY and the key flags read back;
 * - the local host (10.103.0.1 on gt4) reaches C through the remote's
 *   bridge and C answers back: delivered both ways; the bridge learnt
 *   the local gt4 MAC on its gretap port;
 * - on the wire: IPv4 protocol 47, GRE flags K only, protocol 0x6558,
 *   key 5, the inner frame from gt4's MAC to C's MAC with the inner
 *   datagram;
 * - ip6gretap (key 6, IFLA_GRE_ENCAP_LIMIT 3 read back; without the
 *   attribute the kernel's limit is 0, not iproute2's 4): delivered; on
 *   the wire IPv6 next header 60 (the encapsulation limit option, limit
 *   3), then GRE 0x6558 with key 6;
 * - a gretap pair whose keys do not match (7 sent, 8 expected): the
 *   packet is not delivered and the remote answers ICMP port
 *   unreachable (its OutDestUnreachs and the local InDestUnreachs + 1);
 * - EEXIST for a second gretap with the endpoints and key of gt4; a
 *   gretap with another key on the same endpoints is taken.
 */
#include <linux/if_ether.h>
#include <linux/if_packet.h>
#include "tst_test.h"
#include "net_hosts.h"
#include <linux/if_tunnel.h>
#include "socket_helpers.h"

#ifndef AF_BRIDGE
# define AF_BRIDGE PF_BRIDGE
#endif

#define PORT 7070

static int cap, txa, rxa, rxb, rxc, br, gt4b;
static unsigned char mac_gt4a[6], mac_c[6];

static int gre_make(const char *name, const char *kind, int v6, int me,
		    uint32_t ikey, uint32_t okey)
{
	static struct rtnl_msg m;
	char l[64], r[64];
	unsigned char la[16], ra[16];
	int peer = me == 1 ? 2 : 1;

	if (v6) {
		snprintf(l, sizeof(l), "fd99:1::%d", me);
		snprintf(r, sizeof(r), "fd99:1::%d", peer);
	} else {
		snprintf(l, sizeof(l), "10.99.1.%d", me);
		snprintf(r, sizeof(r), "10.99.1.%d", peer);
	}
	inet_pton(v6 ? AF_INET6 : AF_INET, l, la);
	inet_pton(v6 ? AF_INET6 : AF_INET, r, ra);
	rtnl_newlink_begin(&m, name, kind, 0);
	rtnl_nest(&m, IFLA_INFO_DATA);
	rtnl_put(&m, IFLA_GRE_LOCAL, la, v6 ? 16 : 4);
	rtnl_put(&m, IFLA_GRE_REMOTE, ra, v6 ? 16 : 4);
	rtnl_put_u16(&m, IFLA_GRE_IFLAGS, GRE_KEY);
	rtnl_put_u16(&m, IFLA_GRE_OFLAGS, GRE_KEY);
	rtnl_put_u32(&m, IFLA_GRE_IKEY, htonl(ikey));
	rtnl_put_u32(&m, IFLA_GRE_OKEY, htonl(okey));
	if (v6)
		rtnl_put_u8(&m, IFLA_GRE_ENCAP_LIMIT, 3);
	return rtnl_newlink_end(&m);
}

struct greinfo {
	int mtu, iflags, oflags, limit;
	uint32_t ikey, okey;
};

static void greinfo_cb(struct nlmsghdr *nh, void *priv)
{
	struct greinfo *g = priv;
	struct rtattr *a, *d;

	if (nh->nlmsg_type != RTM_NEWLINK)
		return;
	a = rtnl_attr(nh, sizeof(struct ifinfomsg), IFLA_MTU);
	if (a)
		g->mtu = *(uint32_t *)RTA_DATA(a);
	a = rtnl_attr(nh, sizeof(struct ifinfomsg), IFLA_LINKINFO);
	d = a ? rtnl_nested(a, IFLA_INFO_DATA) : NULL;
	if (!d)
		return;
	a = rtnl_nested(d, IFLA_GRE_IKEY);
	if (a)
		g->ikey = ntohl(*(uint32_t *)RTA_DATA(a));
	a = rtnl_nested(d, IFLA_GRE_OKEY);
	if (a)
		g->okey = ntohl(*(uint32_t *)RTA_DATA(a));
	a = rtnl_nested(d, IFLA_GRE_IFLAGS);
	if (a)
		g->iflags = ntohs(*(uint16_t *)RTA_DATA(a));
	a = rtnl_nested(d, IFLA_GRE_OFLAGS);
	if (a)
		g->oflags = ntohs(*(uint16_t *)RTA_DATA(a));
	a = rtnl_nested(d, IFLA_GRE_ENCAP_LIMIT);
	if (a)
		g->limit = *(uint8_t *)RTA_DATA(a);
}

static void greinfo_get(const char *name, struct greinfo *g)
{
	static struct rtnl_msg m;

	memset(g, 0, sizeof(*g));
	rtnl_link_msg(&m, RTM_GETLINK, 0, 0, name);
	RTNL_SAFE(rtnl_talk_cb(&m, greinfo_cb, g));
}

struct outer {
	int v6, nexthdr, limit, greflags, proto;
	uint32_t key;
	unsigned char dst[6], src[6];
	char tag;
};

/* The next GRE packet on the remote's net0 carrying one of ours: 0 none. */
static int next_outer(struct outer *o)
{
	unsigned char f[2048];
	struct sockaddr_ll sll;
	socklen_t sl;
	unsigned char *g, *in;
	ssize_t n;

	for (;;) {
		sl = sizeof(sll);
		n = recvfrom(cap, f, sizeof(f), MSG_DONTWAIT,
			     (struct sockaddr *)&sll, &sl);
		if (n < 0)
			return 0;
		if (sll.sll_pkttype == PACKET_OUTGOING)
			continue;
		memset(o, 0, sizeof(*o));
		if (n > 14 + 20 + 8 && f[12] == 0x08 && f[13] == 0 &&
		    f[14] == 0x45 && f[23] == IPPROTO_GRE) {
			g = f + 34;
		} else if (n > 14 + 40 + 8 + 8 && f[12] == 0x86 &&
			   f[13] == 0xdd) {
			o->v6 = 1;
			o->nexthdr = f[20];
			g = f + 54;
			if (o->nexthdr == IPPROTO_DSTOPTS) {
				/* tunnel encapsulation limit option, type 4 */
				if (g[2] == 4 && g[3] == 1)
					o->limit = g[4];
				if (g[0] != IPPROTO_GRE)
					continue;
				g += (g[1] + 1) * 8;
			} else if (o->nexthdr != IPPROTO_GRE) {
				continue;
			}
		} else {
			continue;
		}
		o->greflags = g[0] << 8 | g[1];
		o->proto = g[2] << 8 | g[3];
		if (!(o->greflags & 0x2000))
			continue;
		o->key = (uint32_t)g[4] << 24 | g[5] << 16 | g[6] << 8 | g[7];
		in = g + 8;
		if (in + 14 + 29 > f + n || in[12] != 0x08 || in[13] ||
		    in[14] != 0x45 || in[23] != IPPROTO_UDP ||
		    (in[36] << 8 | in[37]) != PORT)
			continue;
		memcpy(o->dst, in, 6);
		memcpy(o->src, in + 6, 6);
		o->tag = in[42];
		return 1;
	}
}

/* How many outer packets of tag are queued; the last one in *o. */
static int outers(char tag, struct outer *o)
{
	struct outer t;
	int n = 0;

	while (next_outer(&t))
		if (t.tag == tag) {
			*o = t;
			n++;
		}
	return n;
}

struct fdbq {
	const unsigned char *mac;
	int port, found;
};

static void fdb_cb(struct nlmsghdr *nh, void *priv)
{
	struct fdbq *q = priv;
	struct ndmsg *nd = NLMSG_DATA(nh);
	struct rtattr *a;

	if (nh->nlmsg_type != RTM_NEWNEIGH || nd->ndm_family != AF_BRIDGE ||
	    nd->ndm_ifindex != q->port ||
	    !rtnl_attr(nh, sizeof(*nd), NDA_MASTER))
		return;
	a = rtnl_attr(nh, sizeof(*nd), NDA_LLADDR);
	if (a && !memcmp(RTA_DATA(a), q->mac, 6) &&
	    !(nd->ndm_state & (NUD_NOARP | NUD_PERMANENT)))
		q->found = 1;
}

static int fdb_learnt(const unsigned char *mac, int port)
{
	static struct rtnl_msg m;
	struct ndmsg nd = { .ndm_family = AF_BRIDGE };
	struct fdbq q = { mac, port, 0 };

	net_enter(NET_B);
	rtnl_msg_init(&m, RTM_GETNEIGH, NLM_F_DUMP, &nd, sizeof(nd));
	RTNL_SAFE(rtnl_talk_cb(&m, fdb_cb, &q));
	return q.found;
}

static void test_bridged(void)
{
	struct outer o;
	int n;

	net_enter(NET_A);
	while (next_outer(&o))
		;
	net_send_tag4(txa, "10.103.0.3", PORT, 'a');
	net_send_tag4(txa, "10.103.0.3", PORT, 'S');
	NET_EXP_EQ(net_count_tags_until(rxc, 'a', 'S'), 1,
		   "local -> C across gretap and the bridge: delivered");
	n = outers('a', &o);
	NET_EXP_EQ(n, 1, "  its GRE packets on the remote's net0");
	if (n) {
		NET_EXP_EQ(o.greflags, 0x2000, "  GRE flags (K only, version 0)");
		NET_EXP_EQ(o.proto, ETH_P_TEB, "  GRE protocol");
		NET_EXP_EQ(o.key, 5, "  GRE key");
		NET_EXP_EQ(memcmp(o.src, mac_gt4a, 6), 0,
			   "  inner source MAC is the local gt4's (0: equal)");
		NET_EXP_EQ(memcmp(o.dst, mac_c, 6), 0,
			   "  inner destination MAC is C's (0: equal)");
	}
	NET_EXP_EQ(fdb_learnt(mac_gt4a, gt4b), 1,
		   "the remote's bridge learnt the local gt4 MAC on gt4");
	net_enter(NET_R);
	net_send_tag4(rxc, "10.103.0.1", PORT, 'b');
	net_send_tag4(rxc, "10.103.0.1", PORT, 'S');
	NET_EXP_EQ(net_count_tags_until(rxa, 'b', 'S'), 1,
		   "C -> local across the bridge and gretap: delivered");
}

static void test_v6(void)
{
	struct outer o;
	int n;

	net_enter(NET_A);
	while (next_outer(&o))
		;
	net_send_tag4(txa, "10.104.0.2", PORT, 'c');
	net_send_tag4(txa, "10.104.0.2", PORT, 'S');
	NET_EXP_EQ(net_count_tags_until(rxb, 'c', 'S'), 1, "ip6gretap: delivered");
	n = outers('c', &o);
	NET_EXP_EQ(n, 1, "  its GRE packets on the remote's net0");
	if (!n)
		return;
	NET_EXP_EQ(o.v6, 1, "  IPv6 underlay");
	NET_EXP_EQ(o.nexthdr, IPPROTO_DSTOPTS,
		   "  next header: destination options");
	NET_EXP_EQ(o.limit, 3, "  encapsulation limit");
	NET_EXP_EQ(o.proto, ETH_P_TEB, "  GRE protocol");
	NET_EXP_EQ(o.key, 6, "  GRE key");
}

static void test_badkey(void)
{
	long long out = net_snmp(NET_B, "snmp", "Icmp:", "OutDestUnreachs");
	long long in = net_snmp(NET_A, "snmp", "Icmp:", "InDestUnreachs");

	net_enter(NET_A);
	net_send_tag4(txa, "10.105.0.2", PORT, 'k');
	net_send_tag4(txa, "10.104.0.2", PORT, 'S');
	NET_EXP_EQ(net_count_tags_until(rxb, 'k', 'S'), 0, "key 7 to a tunnel expecting 8: delivered");
	NET_EXP_EQ(net_wait_snmp(NET_B, "snmp", "Icmp:", "OutDestUnreachs",
				 out + 1) - out, 1,
		   "  the remote's Icmp OutDestUnreachs");
	NET_EXP_EQ(net_wait_snmp(NET_A, "snmp", "Icmp:", "InDestUnreachs",
				 in + 1) - in, 1,
		   "  the local Icmp InDestUnreachs");
}

static void readback(void)
{
	struct greinfo g;

	net_enter(NET_A);
	greinfo_get("gt4", &g);
	NET_EXP_EQ(g.mtu, 1458, "gretap MTU with keys");
	NET_EXP_EQ(g.ikey, 5, "gt4 IKEY");
	NET_EXP_EQ(g.okey, 5, "gt4 OKEY");
	NET_EXP_EQ(g.iflags, 0x2000, "gt4 IFLAGS (the key bit)");
	NET_EXP_EQ(g.oflags, 0x2000, "gt4 OFLAGS (the key bit)");
	greinfo_get("gt6", &g);
	NET_EXP_EQ(g.mtu, 1430, "ip6gretap MTU with a key");
	NET_EXP_EQ(g.ikey, 6, "gt6 IKEY");
	NET_EXP_EQ(g.limit, 3, "gt6 ENCAP_LIMIT");
	TST_EXP_EQ_LI(gre_make("gtx", "gretap", 0, 1, 5, 5), -EEXIST);
	TST_EXP_EQ_LI(gre_make("gtx", "gretap", 0, 1, 9, 9), 0);
	RTNL_SAFE(rtnl_link_del(rtnl_ifindex("gtx")));
}

static void up_addr(const char *dev, const char *ip)
{
	RTNL_SAFE(rtnl_link_up(rtnl_ifindex(dev)));
	if (ip)
		net_addr4(dev, ip);
}

static void setup(void)
{
	struct sockaddr_ll sll = {
		.sll_family = AF_PACKET, .sll_protocol = htons(ETH_P_ALL),
	};
	unsigned char mac[6];
	int ret;

	sock_pin_cpu();
	net_hosts_setup_pinned();
	net_ns_new(NET_R);
	net_sysctl(NET_R, "net/ipv6/conf/default/disable_ipv6", "1");
	net_sysctl(NET_A, "net/ipv6/conf/default/disable_ipv6", "1");
	net_sysctl(NET_B, "net/ipv6/conf/default/disable_ipv6", "1");

	net_enter(NET_A);
	ret = gre_make("gt4", "gretap", 0, 1, 5, 5);
	if (ret == -EOPNOTSUPP)
		tst_brk(TCONF, "no gretap support (ip_gre missing)");
	RTNL_SAFE(ret);
	up_addr("gt4", "10.103.0.1");
	net_mac_of("gt4", mac_gt4a);
	ret = gre_make("gt6", "ip6gretap", 1, 1, 6, 6);
	if (ret == -EOPNOTSUPP)
		tst_brk(TCONF, "no ip6gretap support (ip6_gre missing)");
	RTNL_SAFE(ret);
	up_addr("gt6", "10.104.0.1");
	RTNL_SAFE(gre_make("gtk", "gretap", 0, 1, 7, 7));
	up_addr("gtk", "10.105.0.1");

	net_enter(NET_B);
	RTNL_SAFE(gre_make("gt4", "gretap", 0, 2, 5, 5));
	RTNL_SAFE(gre_make("gt6", "ip6gretap", 1, 2, 6, 6));
	up_addr("gt6", "10.104.0.2");
	RTNL_SAFE(gre_make("gtk", "gretap", 0, 2, 8, 8));
	up_addr("gtk", "10.105.0.2");
	RTNL_SAFE(rtnl_veth_add("pc", "net0", net_nsfd[NET_R]));
	RTNL_SAFE(rtnl_link_add("br0", "bridge"));
	br = rtnl_ifindex("br0");
	gt4b = rtnl_ifindex("gt4");
	RTNL_SAFE(rtnl_link_master(gt4b, br));
	RTNL_SAFE(rtnl_link_master(rtnl_ifindex("pc"), br));
	up_addr("gt4", NULL);
	up_addr("pc", NULL);
	up_addr("br0", NULL);

	net_enter(NET_R);
	up_addr("net0", "10.103.0.3");
	net_mac_of("net0", mac_c);
	net_pin4("net0", "10.103.0.1", mac_gt4a);

	net_enter(NET_A);
	net_pin4("gt4", "10.103.0.3", mac_c);
	net_enter(NET_B);
	net_mac_of("gt6", mac);
	net_enter(NET_A);
	net_pin4("gt6", "10.104.0.2", mac);
	net_enter(NET_B);
	net_mac_of("gtk", mac);
	net_enter(NET_A);
	net_pin4("gtk", "10.105.0.2", mac);
	net_enter(NET_A);
	net_mac_of("gt6", mac);
	net_enter(NET_B);
	net_pin4("gt6", "10.104.0.1", mac);

	cap = net_socket(NET_B, AF_PACKET, SOCK_RAW);
	sll.sll_ifindex = rtnl_ifindex("net0");
	if (bind(cap, (struct sockaddr *)&sll, sizeof(sll)))
		tst_brk(TBROK | TERRNO, "bind(AF_PACKET)");
	rxa = net_udp_rx4(NET_A, "10.103.0.1", PORT);
	rxb = net_udp_rx4(NET_B, "0.0.0.0", PORT);
	rxc = net_udp_rx4(NET_R, "10.103.0.3", PORT);
	txa = net_socket(NET_A, AF_INET, SOCK_DGRAM);

	net_udp_warmup4(txa, "10.103.0.3", PORT, rxc);
	net_udp_warmup4(txa, "10.104.0.2", PORT, rxb);
	net_enter(NET_A);
}

static void run(void)
{
	readback();
	test_bridged();
	test_v6();
	test_badkey();
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.timeout = 90,
};
