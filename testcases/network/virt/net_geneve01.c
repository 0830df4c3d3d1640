// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * geneve options and VNI isolation over the veth link. Each pair k is a
 * geneve device gn<k> in each host (inner 10.102.k.1 and .2, neighbours
 * pinned, IPv6 off on them so nothing else crosses); the remote host
 * has one UDP socket with IP_PKTINFO for all inner datagrams, so each
 * arrival names the device it came through, and a packet socket on its
 * net0 with PACKET_AUXDATA reads the outer packets:
 * 1. VNI 100, port 6081, IPv4 underlay, defaults: outer UDP checksum 0,
 *    geneve version 0, protocol 0x6558, VNI 100, TTL 64 (ttl 0 uses the
 *    route's default);
 * 2. VNI 101, port 7081, UDP_CSUM on, TTL 33, TOS 0x20: outer port
 *    7081, TTL 33, TOS 0x20, a checksum that verifies (with
 *    TP_STATUS_CSUMNOTREADY, once the field the veth would still fill
 *    is finished);
 * 3. VNI 102, IPv6 underlay: MTU 1430, the checksum on by default;
 * 4. VNI 103, port 7082, IPv6, UDP_ZERO_CSUM6_TX and _RX on both sides:
 *    checksum 0 on the wire, delivered;
 * 5. VNI 104, port 7083, IPv6, zero checksum sent to a receiver that
 *    does not accept it: not delivered, Udp6InCsumErrors and
 *    Udp6InErrors + 1 in the remote host;
 * 6. VNI 300 sent, the remote's device on VNI 301 with the inner
 *    address: on the wire with VNI 300, not delivered, gn6 rx + 0.
 * Each delivered datagram arrives once, through the pair's device.
 * Errnos: ERANGE for VNI 2^24 (2^24 - 1 taken and read back), EINVAL
 * for both REMOTE and REMOTE6, a multicast or link-local remote, a flow
 * label on IPv4, DF 3, COLLECT_METADATA with a VNI; EBUSY for a second
 * device with the VNI, remote and port of another; EPERM for a
 * collect_metadata device on a port with a plain one and the reverse;
 * EOPNOTSUPP changing the VNI or the port of a device.
 */
#include <linux/if_ether.h>
#include <linux/if_packet.h>
#include "tst_test.h"
#include "net_hosts.h"
#include "socket_helpers.h"

#define PORT 7060
#define NPAIRS 6

struct pair {
	int vni_a, vni_b, port, v6, csum, ttl, tos, ztx_a, ztx_b, zrx_b;
};

static const struct pair pairs[NPAIRS + 1] = {
	[1] = { 100, 100, 6081, 0, -1, 0, 0, 0, 0, 0 },
	[2] = { 101, 101, 7081, 0, 1, 33, 0x20, 0, 0, 0 },
	[3] = { 102, 102, 6081, 1, -1, 0, 0, 0, 0, 0 },
	[4] = { 103, 103, 7082, 1, -1, 0, 0, 1, 1, 1 },
	[5] = { 104, 104, 7083, 1, -1, 0, 0, 1, 0, 0 },
	[6] = { 300, 301, 6081, 0, -1, 0, 0, 0, 0, 0 },
};

static int rx, tx, cap, gnb[NPAIRS + 1];

struct gopts {
	long long vni;		/* -1: none */
	int port;		/* 0: none */
	const char *remote, *remote6;
	int csum, ztx, zrx;	/* -1/0: none */
	int ttl, tos, df, label, md;
};

#define GOPTS_NONE { .vni = -1, .csum = -1, .df = -1 }

static int geneve_msg(const char *name, int change, const struct gopts *o)
{
	static struct rtnl_msg m;
	struct in6_addr a6;
	struct in_addr a4;

	if (change)
		rtnl_link_msg(&m, RTM_NEWLINK, 0, rtnl_ifindex(name), NULL);
	else
		rtnl_link_msg(&m, RTM_NEWLINK, NLM_F_CREATE | NLM_F_EXCL, 0,
			      name);
	rtnl_nest(&m, IFLA_LINKINFO);
	rtnl_put_str(&m, IFLA_INFO_KIND, "geneve");
	rtnl_nest(&m, IFLA_INFO_DATA);
	if (o->vni >= 0)
		rtnl_put_u32(&m, IFLA_GENEVE_ID, o->vni);
	if (o->remote) {
		net_ipv4(o->remote, &a4);
		rtnl_put(&m, IFLA_GENEVE_REMOTE, &a4, 4);
	}
	if (o->remote6) {
		inet_pton(AF_INET6, o->remote6, &a6);
		rtnl_put(&m, IFLA_GENEVE_REMOTE6, &a6, 16);
	}
	if (o->port)
		rtnl_put_u16(&m, IFLA_GENEVE_PORT, htons(o->port));
	if (o->csum >= 0)
		rtnl_put_u8(&m, IFLA_GENEVE_UDP_CSUM, o->csum);
	if (o->ztx)
		rtnl_put_u8(&m, IFLA_GENEVE_UDP_ZERO_CSUM6_TX, 1);
	if (o->zrx)
		rtnl_put_u8(&m, IFLA_GENEVE_UDP_ZERO_CSUM6_RX, 1);
	if (o->ttl)
		rtnl_put_u8(&m, IFLA_GENEVE_TTL, o->ttl);
	if (o->tos)
		rtnl_put_u8(&m, IFLA_GENEVE_TOS, o->tos);
	if (o->df >= 0)
		rtnl_put_u8(&m, IFLA_GENEVE_DF, o->df);
	if (o->label)
		rtnl_put_u32(&m, IFLA_GENEVE_LABEL, htonl(o->label));
	if (o->md)
		rtnl_put(&m, IFLA_GENEVE_COLLECT_METADATA, NULL, 0);
	return rtnl_newlink_end(&m);
}

struct ginfo {
	long long vals[IFLA_GENEVE_MAX + 1];
	int mtu;
};

static void ginfo_cb(struct nlmsghdr *nh, void *priv)
{
	struct ginfo *g = priv;
	struct rtattr *a, *d;
	int len;

	if (nh->nlmsg_type != RTM_NEWLINK)
		return;
	a = rtnl_attr(nh, sizeof(struct ifinfomsg), IFLA_MTU);
	if (a)
		g->mtu = *(uint32_t *)RTA_DATA(a);
	a = rtnl_attr(nh, sizeof(struct ifinfomsg), IFLA_LINKINFO);
	d = a ? rtnl_nested(a, IFLA_INFO_DATA) : NULL;
	if (!d)
		return;
	len = RTA_PAYLOAD(d);
	for (a = RTA_DATA(d); RTA_OK(a, len); a = RTA_NEXT(a, len)) {
		long long v = 0;

		if (a->rta_type > IFLA_GENEVE_MAX)
			continue;
		if (RTA_PAYLOAD(a) == 1)
			v = *(uint8_t *)RTA_DATA(a);
		else if (RTA_PAYLOAD(a) == 2)
			v = ntohs(*(uint16_t *)RTA_DATA(a));
		else if (RTA_PAYLOAD(a) == 4)
			v = *(uint32_t *)RTA_DATA(a);
		g->vals[a->rta_type] = v;
	}
}

static void ginfo_get(const char *name, struct ginfo *g)
{
	static struct rtnl_msg m;

	memset(g, 0, sizeof(*g));
	rtnl_link_msg(&m, RTM_GETLINK, 0, 0, name);
	RTNL_SAFE(rtnl_talk_cb(&m, ginfo_cb, g));
}

static void make_side(int h, int k)
{
	const struct pair *p = &pairs[k];
	struct gopts o = GOPTS_NONE;
	char name[16], ip[32];

	net_enter(h);
	o.vni = h == NET_A ? p->vni_a : p->vni_b;
	o.port = p->port;
	if (p->v6)
		o.remote6 = h == NET_A ? "fd99:1::2" : "fd99:1::1";
	else
		o.remote = h == NET_A ? "10.99.1.2" : "10.99.1.1";
	o.csum = p->csum;
	o.ttl = p->ttl;
	o.tos = p->tos;
	o.ztx = h == NET_A ? p->ztx_a : p->ztx_b;
	o.zrx = h == NET_B && p->zrx_b;
	snprintf(name, sizeof(name), "gn%d", k);
	RTNL_SAFE(geneve_msg(name, 0, &o));
	RTNL_SAFE(rtnl_link_up(rtnl_ifindex(name)));
	snprintf(ip, sizeof(ip), "10.102.%d.%d", k, h == NET_A ? 1 : 2);
	net_addr4(name, ip);
}

static void pin_pair(int k)
{
	unsigned char mac[6];
	char name[16], ip[32];
	int h;

	snprintf(name, sizeof(name), "gn%d", k);
	for (h = NET_A; h <= NET_B; h++) {
		net_enter(h == NET_A ? NET_B : NET_A);
		net_mac_of(name, mac);
		net_enter(h);
		snprintf(ip, sizeof(ip), "10.102.%d.%d", k, h == NET_A ? 2 : 1);
		net_pin4(name, ip, mac);
	}
}

struct outer {
	int v6, ttl, tos, dport, ver, proto, vni, csum, csum_ok, notready;
	char tag;
};

static uint32_t sum16(const unsigned char *p, size_t n, uint32_t s)
{
	size_t i;

	for (i = 0; i + 1 < n; i += 2)
		s += p[i] << 8 | p[i + 1];
	if (n & 1)
		s += p[n - 1] << 8;
	return s;
}

static uint16_t fold(uint32_t s)
{
	while (s >> 16)
		s = (s & 0xffff) + (s >> 16);
	return s;
}

/*
 * Whether the outer UDP checksum is right. A packet still to be
 * checksummed (TP_STATUS_CSUMNOTREADY, veth offloads) has one field
 * holding only its pseudo-header sum: either the outer one (the inner
 * checksum complete), or the inner one, the outer computed ahead by
 * local checksum offload; the inner is then finished as the device
 * would before the outer is checked.
 */
static int outer_csum_ok(unsigned char *u, int ulen, uint32_t ps,
			 unsigned char *ip, int notready)
{
	unsigned char *iu = ip + 20;
	int ilen = iu[4] << 8 | iu[5];
	uint32_t ips = sum16(ip + 12, 8, IPPROTO_UDP) + ilen;
	uint16_t c;

	if (!notready)
		return fold(sum16(u, ulen, ps)) == 0xffff;
	if (fold(sum16(iu, ilen, ips)) == 0xffff)
		return (u[6] << 8 | u[7]) == fold(ps);
	if ((iu[6] << 8 | iu[7]) != fold(ips))
		return 0;
	c = ~fold(sum16(iu, ilen, 0));
	iu[6] = c >> 8;
	iu[7] = c;
	return fold(sum16(u, ulen, ps)) == 0xffff;
}

/* The next outer geneve packet carrying one of our datagrams: 0 none. */
static int next_outer(struct outer *o)
{
	unsigned char f[2048], cbuf[CMSG_SPACE(sizeof(struct tpacket_auxdata))];
	struct sockaddr_ll sll;
	struct iovec iov = { f, sizeof(f) };
	struct msghdr mh = {
		.msg_name = &sll, .msg_iov = &iov, .msg_iovlen = 1,
		.msg_control = cbuf,
	};
	struct cmsghdr *c;
	unsigned char *u, *g, *in;
	ssize_t n;
	int ulen, status;
	uint32_t ps;

	for (;;) {
		mh.msg_namelen = sizeof(sll);
		mh.msg_controllen = sizeof(cbuf);
		n = recvmsg(cap, &mh, MSG_DONTWAIT);
		if (n < 0)
			return 0;
		if (sll.sll_pkttype == PACKET_OUTGOING)
			continue;
		status = 0;
		for (c = CMSG_FIRSTHDR(&mh); c; c = CMSG_NXTHDR(&mh, c))
			if (c->cmsg_level == SOL_PACKET &&
			    c->cmsg_type == PACKET_AUXDATA)
				status = ((struct tpacket_auxdata *)
					  CMSG_DATA(c))->tp_status;
		memset(o, 0, sizeof(*o));
		if (n > 14 + 20 + 8 + 8 && f[12] == 0x08 && f[13] == 0 &&
		    f[14] == 0x45 && f[23] == IPPROTO_UDP) {
			o->tos = f[15];
			o->ttl = f[22];
			u = f + 34;
			ps = sum16(f + 26, 8, IPPROTO_UDP);
		} else if (n > 14 + 40 + 8 + 8 && f[12] == 0x86 &&
			   f[13] == 0xdd && f[20] == IPPROTO_UDP) {
			o->v6 = 1;
			o->tos = (f[14] & 0xf) << 4 | f[15] >> 4;
			o->ttl = f[21];
			u = f + 54;
			ps = sum16(f + 22, 32, IPPROTO_UDP);
		} else {
			continue;
		}
		ulen = u[4] << 8 | u[5];
		if (u + ulen > f + n || ulen < 8 + 8 + 14 + 20 + 8 + 1)
			continue;
		g = u + 8;
		in = g + 8 + (g[0] & 0x3f) * 4;
		/* inner: Ethernet, IPv4 without options, UDP to PORT */
		if (in + 14 + 29 > u + ulen || in[12] != 0x08 || in[13] ||
		    in[14] != 0x45 || in[23] != IPPROTO_UDP ||
		    (in[36] << 8 | in[37]) != PORT)
			continue;
		o->dport = u[2] << 8 | u[3];
		o->ver = g[0] >> 6;
		o->proto = g[2] << 8 | g[3];
		o->vni = g[4] << 16 | g[5] << 8 | g[6];
		o->csum = u[6] << 8 | u[7];
		o->notready = !!(status & TP_STATUS_CSUMNOTREADY);
		ps += ulen;
		o->csum_ok = outer_csum_ok(u, ulen, ps, in + 14, o->notready);
		o->tag = in[42];
		return 1;
	}
}

static void send_tag(int k, char tag)
{
	struct sockaddr_in sin = { .sin_family = AF_INET,
				   .sin_port = htons(PORT) };
	char ip[32];

	snprintf(ip, sizeof(ip), "10.102.%d.2", k);
	net_ipv4(ip, &sin.sin_addr);
	if (sendto(tx, &tag, 1, 0, (struct sockaddr *)&sin, sizeof(sin)) != 1)
		tst_brk(TBROK | TERRNO, "sendto(%s)", ip);
}

/*
 * Read the remote's socket until tag stop (bounded): how many tag came
 * and through which device (*ifindex of the last one).
 */
static int rx_until(char tag, char stop, int *ifindex)
{
	long long end = tst_mono_ms() + net_ms(10000);
	char c, cbuf[CMSG_SPACE(sizeof(struct in_pktinfo))];
	struct iovec iov = { &c, 1 };
	struct msghdr mh = {
		.msg_iov = &iov, .msg_iovlen = 1, .msg_control = cbuf,
	};
	struct cmsghdr *cm;
	int n = 0;

	for (;;) {
		if (tst_mono_ms() > end)
			tst_brk(TBROK, "datagram '%c' not delivered in %d ms",
				stop, net_ms(10000));
		if (!net_poll(rx, POLLIN, 1000))
			continue;
		mh.msg_controllen = sizeof(cbuf);
		if (recvmsg(rx, &mh, MSG_DONTWAIT) != 1)
			continue;
		if (c == stop)
			return n;
		if (c != tag)
			continue;
		n++;
		for (cm = CMSG_FIRSTHDR(&mh); cm; cm = CMSG_NXTHDR(&mh, cm))
			if (cm->cmsg_level == IPPROTO_IP &&
			    cm->cmsg_type == IP_PKTINFO)
				*ifindex = ((struct in_pktinfo *)
					    CMSG_DATA(cm))->ipi_ifindex;
	}
}

static uint64_t rx_of(const char *dev)
{
	struct rtnl_link_info li;

	net_enter(NET_B);
	RTNL_SAFE(rtnl_link_get(0, dev, &li));
	return li.stats.rx_packets;
}

static void pair_test(int k)
{
	const struct pair *p = &pairs[k];
	int deliver = k != 5 && k != 6, n, ifi = 0, seen = 0;
	long long ce = net_snmp(NET_B, "snmp6", "", "Udp6InCsumErrors");
	long long ie = net_snmp(NET_B, "snmp6", "", "Udp6InErrors");
	uint64_t r0 = rx_of("gn6");
	char tag = 'a' + k, what[96];
	struct outer o, got = { 0 };

	net_enter(NET_A);
	send_tag(k, tag);
	/* the sentinel crosses pair 1, behind ours on the same CPU */
	send_tag(1, 'Z');
	n = rx_until(tag, 'Z', &ifi);
	while (next_outer(&o))
		if (o.tag == tag) {
			got = o;
			seen++;
		}
	snprintf(what, sizeof(what), "pair %d: outer packets on the wire", k);
	NET_EXP_EQ(seen, 1, what);
	snprintf(what, sizeof(what), "pair %d: datagrams delivered", k);
	NET_EXP_EQ(n, deliver, what);
	if (deliver)
		NET_EXP_EQ(ifi, gnb[k], "  through the pair's device");
	if (!seen)
		return;
	snprintf(what, sizeof(what), "pair %d: outer family IPv%d, port",
		 k, p->v6 ? 6 : 4);
	NET_EXP_EQ(got.v6, p->v6, what);
	NET_EXP_EQ(got.dport, p->port, "  UDP destination port");
	NET_EXP_EQ(got.ver, 0, "  geneve version");
	NET_EXP_EQ(got.proto, ETH_P_TEB, "  geneve protocol");
	NET_EXP_EQ(got.vni, p->vni_a, "  VNI");
	NET_EXP_EQ(got.ttl, p->ttl ? p->ttl : 64, "  TTL / hop limit");
	if (p->tos)
		NET_EXP_EQ(got.tos, p->tos, "  TOS");
	if ((p->v6 && !p->ztx_a) || p->csum == 1) {
		if (got.csum && got.csum_ok)
			tst_res(TPASS, "  UDP checksum 0x%04x %s", got.csum,
				got.notready ? "verifies (offloaded)" :
				"verifies");
		else
			tst_res(TFAIL, "  UDP checksum 0x%04x wrong%s",
				got.csum, got.notready ? " (offloaded)" : "");
	} else {
		NET_EXP_EQ(got.csum, 0, "  UDP checksum");
	}
	if (k == 5) {
		NET_EXP_EQ(net_wait_snmp(NET_B, "snmp6", "",
					 "Udp6InCsumErrors", ce + 1) - ce, 1,
			   "  remote Udp6InCsumErrors");
		NET_EXP_EQ(net_snmp(NET_B, "snmp6", "", "Udp6InErrors") - ie,
			   1, "  remote Udp6InErrors");
	}
	if (k == 6)
		NET_EXP_EQ(rx_of("gn6") - r0, 0, "  remote gn6 rx_packets");
}

static void errnos(void)
{
	struct gopts o = GOPTS_NONE;
	struct ginfo g;

	net_enter(NET_A);
	o.remote = "10.99.1.2";
	o.port = 7091;
	o.vni = 16777216;
	TST_EXP_EQ_LI(geneve_msg("ge", 0, &o), -ERANGE);
	o.vni = 16777215;
	TST_EXP_EQ_LI(geneve_msg("ge", 0, &o), 0);
	ginfo_get("ge", &g);
	NET_EXP_EQ(g.vals[IFLA_GENEVE_ID], 16777215, "VNI 2^24 - 1 read back");
	o.vni = 17;
	TST_EXP_EQ_LI(geneve_msg("ge", 1, &o), -EOPNOTSUPP);
	o.vni = 16777215;
	o.port = 7092;
	TST_EXP_EQ_LI(geneve_msg("ge", 1, &o), -EOPNOTSUPP);
	RTNL_SAFE(rtnl_link_del(rtnl_ifindex("ge")));

	o = (struct gopts)GOPTS_NONE;
	o.vni = 5;
	o.remote = "10.99.1.2";
	o.remote6 = "fd99:1::2";
	TST_EXP_EQ_LI(geneve_msg("ge", 0, &o), -EINVAL);
	o.remote6 = NULL;
	o.remote = "239.0.0.1";
	TST_EXP_EQ_LI(geneve_msg("ge", 0, &o), -EINVAL);
	o.remote = NULL;
	o.remote6 = "fe80::1";
	TST_EXP_EQ_LI(geneve_msg("ge", 0, &o), -EINVAL);
	o.remote6 = NULL;
	o.remote = "10.99.1.2";
	o.label = 5;
	TST_EXP_EQ_LI(geneve_msg("ge", 0, &o), -EINVAL);
	o.label = 0;
	o.df = 3;
	TST_EXP_EQ_LI(geneve_msg("ge", 0, &o), -EINVAL);
	o.df = -1;
	o.md = 1;
	TST_EXP_EQ_LI(geneve_msg("ge", 0, &o), -EINVAL);
	o.md = 0;
	/* VNI 100 to 10.99.1.2 port 6081 is gn1 */
	o.vni = 100;
	TST_EXP_EQ_LI(geneve_msg("ge", 0, &o), -EBUSY);
	o = (struct gopts)GOPTS_NONE;
	o.md = 1;
	TST_EXP_EQ_LI(geneve_msg("ge", 0, &o), -EPERM);
	o.port = 7093;
	TST_EXP_EQ_LI(geneve_msg("gemd", 0, &o), 0);
	o = (struct gopts)GOPTS_NONE;
	o.vni = 5;
	o.remote = "10.99.1.2";
	o.port = 7093;
	TST_EXP_EQ_LI(geneve_msg("ge", 0, &o), -EPERM);
	RTNL_SAFE(rtnl_link_del(rtnl_ifindex("gemd")));
}

static void readback(void)
{
	struct ginfo g;

	net_enter(NET_A);
	ginfo_get("gn1", &g);
	NET_EXP_EQ(g.vals[IFLA_GENEVE_ID], 100, "gn1 VNI");
	NET_EXP_EQ(g.vals[IFLA_GENEVE_PORT], 6081, "gn1 port");
	NET_EXP_EQ(g.vals[IFLA_GENEVE_UDP_CSUM], 0, "gn1 UDP_CSUM");
	ginfo_get("gn2", &g);
	NET_EXP_EQ(g.vals[IFLA_GENEVE_PORT], 7081, "gn2 port");
	NET_EXP_EQ(g.vals[IFLA_GENEVE_UDP_CSUM], 1, "gn2 UDP_CSUM");
	NET_EXP_EQ(g.vals[IFLA_GENEVE_TTL], 33, "gn2 TTL");
	NET_EXP_EQ(g.vals[IFLA_GENEVE_TOS], 0x20, "gn2 TOS");
	ginfo_get("gn3", &g);
	NET_EXP_EQ(g.mtu, 1430, "gn3 MTU (IPv6 underlay)");
	ginfo_get("gn4", &g);
	NET_EXP_EQ(g.vals[IFLA_GENEVE_UDP_ZERO_CSUM6_TX], 1,
		   "gn4 UDP_ZERO_CSUM6_TX");
}

static void setup(void)
{
	struct sockaddr_in sin = { .sin_family = AF_INET,
				   .sin_port = htons(PORT) };
	struct sockaddr_ll sll = {
		.sll_family = AF_PACKET, .sll_protocol = htons(ETH_P_ALL),
	};
	int k, i, one = 1;
	char name[16];

	sock_pin_cpu();
	net_hosts_setup_pinned();
	/*
	 * No IPv6 on the geneve devices: their router solicitations and
	 * MLD reports would cross the tunnels at any time (through gn5 as
	 * more zero-checksum packets the remote drops and counts).
	 */
	net_sysctl(NET_B, "net/ipv6/conf/default/disable_ipv6", "1");
	net_sysctl(NET_A, "net/ipv6/conf/default/disable_ipv6", "1");
	if (rtnl_link_add("gprobe", "geneve") == -EOPNOTSUPP)
		tst_brk(TCONF, "no geneve support (module missing)");
	for (k = 1; k <= NPAIRS; k++) {
		make_side(NET_A, k);
		make_side(NET_B, k);
		snprintf(name, sizeof(name), "gn%d", k);
		gnb[k] = rtnl_ifindex(name);
	}
	for (k = 1; k <= NPAIRS; k++)
		pin_pair(k);

	rx = net_socket(NET_B, AF_INET, SOCK_DGRAM);
	if (bind(rx, (struct sockaddr *)&sin, sizeof(sin)) ||
	    setsockopt(rx, IPPROTO_IP, IP_PKTINFO, &one, sizeof(one)))
		tst_brk(TBROK | TERRNO, "bind()/IP_PKTINFO");
	cap = net_socket(NET_B, AF_PACKET, SOCK_RAW);
	sll.sll_ifindex = rtnl_ifindex("net0");
	if (bind(cap, (struct sockaddr *)&sll, sizeof(sll)) ||
	    setsockopt(cap, SOL_PACKET, PACKET_AUXDATA, &one, sizeof(one)))
		tst_brk(TBROK | TERRNO, "bind(AF_PACKET)/PACKET_AUXDATA");
	tx = net_socket(NET_A, AF_INET, SOCK_DGRAM);
	/* the first datagrams may meet a noop qdisc: retry */
	for (i = 0; i < 40; i++) {
		net_enter(NET_A);
		send_tag(1, 'x');
		if (net_poll(rx, POLLIN, 250))
			break;
	}
	if (i == 40)
		tst_brk(TBROK, "nothing crossed gn1");
	net_enter(NET_A);
	send_tag(1, 'Z');
	rx_until(0, 'Z', &i);
}

static void run(void)
{
	struct outer o;
	int k;

	errnos();
	readback();
	while (next_outer(&o))
		;
	for (k = 1; k <= NPAIRS; k++)
		pair_test(k);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.timeout = 90,
};
