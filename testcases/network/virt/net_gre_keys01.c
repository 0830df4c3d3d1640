// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * GRE header options (RFC 2890 key and sequence number, RFC 2784
 * checksum) of layer 3 gre (ip_gre) and ip6gre tunnels between the
 * local and the remote host (IPv6 off on the tunnels; outer packets read
 * on the remote's net0 with a packet socket).
 * - MTU: gre 1476 less exactly 4 bytes for each of key, sequence and
 *   checksum in the output flags, all eight combinations (1476 .. 1464);
 *   ip6gre the same from 1448 (1436 with all three);
 * - g1 with key 0x11 and C|K|S both ways: IFLA_GRE_IKEY/OKEY and
 *   IFLA_GRE_IFLAGS/OFLAGS read back on both hosts;
 * - three datagrams through g1: delivered; on the wire flags exactly
 *   C|K|S (0xb000), protocol 0x0800, key 0x11, a checksum that
 *   verifies (transmit checksum offload off on the local net0, so
 *   the bytes are final), sequence numbers consecutive from the device's tx_packets
 *   (ip_gre numbers with atomic_fetch_inc() from 0);
 * - g6, ip6gre with key 0x16 and C|K|S: the same three datagrams and the
 *   same checks on the wire behind the IPv6 header and the destination
 *   options with the encapsulation limit;
 * - a datagram filling the 1464 byte MTU with IP_PMTUDISC_DO arrives in
 *   one 1500 byte outer packet; one byte more is EMSGSIZE;
 * - packets built by hand (raw IPPROTO_GRE socket) to the remote's gh
 *   (key 0x33, C|K|S expected): seq 100 delivered; a wrong checksum
 *   dropped by gre_parse_header() with no device counter and without
 *   moving the expected sequence; no C flag: rx_crc_errors and
 *   rx_errors + 1; seq 100 again (old) and no S flag: rx_fifo_errors
 *   + 2; key 0x34: no tunnel, ICMP port unreachable + 1, gh untouched;
 *   seq 101 delivered. Exactly 2 delivered, rx_errors + 3.
 * Bugs caught: wrong tunnel header length or MTU for the options, a
 * missing or wrong checksum, key or sequence number, sequence or
 * checksum checks on receive not done or not counted, packets with a
 * wrong key or checksum delivered.
 */
#include <linux/if_ether.h>
#include <linux/if_packet.h>
#include <linux/ethtool.h>
#include <linux/sockios.h>
#include <net/if.h>
#include "tst_test.h"
#include "net_hosts.h"
#include <linux/if_tunnel.h>
#include "socket_helpers.h"

#define PORT 7080
/* GRE flag bits in host order (GRE_CSUM and the others are big endian) */
#define F_C 0x8000
#define F_K 0x2000
#define F_S 0x1000
#define CKS (F_C | F_K | F_S)

static int cap, rxb, txa, rawa, g1a, g6a, ghb;

static int gre_make(const char *kind, const char *name, const char *l,
		    const char *r, uint16_t flags, uint32_t key)
{
	static struct rtnl_msg m;
	int v6 = !strcmp(kind, "ip6gre");
	unsigned char la[16], ra[16];

	inet_pton(v6 ? AF_INET6 : AF_INET, l, la);
	inet_pton(v6 ? AF_INET6 : AF_INET, r, ra);
	rtnl_newlink_begin(&m, name, kind, 0);
	rtnl_nest(&m, IFLA_INFO_DATA);
	rtnl_put(&m, IFLA_GRE_LOCAL, la, v6 ? 16 : 4);
	rtnl_put(&m, IFLA_GRE_REMOTE, ra, v6 ? 16 : 4);
	rtnl_put_u16(&m, IFLA_GRE_IFLAGS, htons(flags));
	rtnl_put_u16(&m, IFLA_GRE_OFLAGS, htons(flags));
	rtnl_put_u32(&m, IFLA_GRE_IKEY, htonl(key));
	rtnl_put_u32(&m, IFLA_GRE_OKEY, htonl(key));
	return rtnl_newlink_end(&m);
}

static long long gre_attr(int ifindex, int type)
{
	long long v;

	RTNL_SAFE(rtnl_link_info_attr(ifindex, IFLA_INFO_DATA, type, &v));
	return v;
}

static struct rtnl_link_stats64 stats(int h, int ifindex)
{
	struct rtnl_link_info li;

	net_enter(h);
	RTNL_SAFE(rtnl_link_get(ifindex, NULL, &li));
	return li.stats;
}

static int mtu_of(const char *name)
{
	struct rtnl_link_info li;

	RTNL_SAFE(rtnl_link_get(0, name, &li));
	return li.mtu;
}

/* Output flags of combination i (bit 0 key, 1 seq, 2 csum). */
static uint16_t combo(int i)
{
	return (i & 1 ? F_K : 0) | (i & 2 ? F_S : 0) | (i & 4 ? F_C : 0);
}

static void test_mtu(void)
{
	char name[16], r[64];
	int i, n;

	net_enter(NET_A);
	for (i = 0; i < 8; i++) {
		n = !!(i & 1) + !!(i & 2) + !!(i & 4);
		snprintf(name, sizeof(name), "m4_%d", i);
		snprintf(r, sizeof(r), "10.99.1.%d", 20 + i);
		RTNL_SAFE(gre_make("gre", name, "10.99.1.1", r, combo(i), 9));
		tst_res(TINFO, "gre output flags 0x%04x", combo(i));
		NET_EXP_EQ(mtu_of(name), 1476 - 4 * n, "  gre MTU");
		RTNL_SAFE(rtnl_link_del(rtnl_ifindex(name)));
	}
	for (i = 0; i < 8; i++) {
		n = !!(i & 1) + !!(i & 2) + !!(i & 4);
		snprintf(name, sizeof(name), "m6_%d", i);
		snprintf(r, sizeof(r), "fd99:1::%x", 0x20 + i);
		RTNL_SAFE(gre_make("ip6gre", name, "fd99:1::1", r, combo(i), 9));
		tst_res(TINFO, "ip6gre output flags 0x%04x", combo(i));
		NET_EXP_EQ(mtu_of(name), 1448 - 4 * n, "  ip6gre MTU");
		RTNL_SAFE(rtnl_link_del(rtnl_ifindex(name)));
	}
}

static void readback(void)
{
	int h;

	for (h = NET_A; h <= NET_B; h++) {
		net_enter(h);
		tst_res(TINFO, "g1 of the %s host", h == NET_A ? "local" : "remote");
		NET_EXP_EQ(mtu_of("g1"), 1464, "  MTU with C|K|S");
		NET_EXP_EQ(ntohl(gre_attr(rtnl_ifindex("g1"), IFLA_GRE_IKEY)),
			   0x11, "  IKEY");
		NET_EXP_EQ(ntohl(gre_attr(rtnl_ifindex("g1"), IFLA_GRE_OKEY)),
			   0x11, "  OKEY");
		NET_EXP_EQ(ntohs(gre_attr(rtnl_ifindex("g1"), IFLA_GRE_IFLAGS)),
			   CKS, "  IFLAGS");
		NET_EXP_EQ(ntohs(gre_attr(rtnl_ifindex("g1"), IFLA_GRE_OFLAGS)),
			   CKS, "  OFLAGS");
	}
}

/* One's complement sum of len bytes, folded. */
static uint16_t csum_fold16(const unsigned char *p, size_t len)
{
	uint32_t s = 0;
	size_t i;

	for (i = 0; i + 1 < len; i += 2)
		s += p[i] << 8 | p[i + 1];
	if (len & 1)
		s += p[len - 1] << 8;
	while (s >> 16)
		s = (s & 0xffff) + (s >> 16);
	return s;
}

struct outer {
	int v6, len, flags, proto, csum_ok;
	uint32_t key, seq;
	char tag;
};

/*
 * The next incoming C|K|S GRE packet from 10.99.1.1 or fd99:1::1 (after
 * the destination options with the encapsulation limit) on the capture.
 */
static int next_outer(struct outer *o)
{
	unsigned char f[2048], *g, *in;
	struct sockaddr_ll sll;
	socklen_t sl;
	ssize_t n;

	for (;;) {
		sl = sizeof(sll);
		n = recvfrom(cap, f, sizeof(f), MSG_DONTWAIT,
			     (struct sockaddr *)&sll, &sl);
		if (n < 0)
			return 0;
		if (sll.sll_pkttype == PACKET_OUTGOING || n < 14 + 20 + 16 + 29)
			continue;
		if (f[12] == 0x08 && !f[13] && f[14] == 0x45 &&
		    f[23] == IPPROTO_GRE && f[26] == 10 && f[29] == 1) {
			o->v6 = 0;
			o->len = f[16] << 8 | f[17];
			g = f + 34;
		} else if (n >= 14 + 40 + 8 + 16 + 29 && f[12] == 0x86 &&
			   f[13] == 0xdd && f[37] == 1 &&
			   (f[20] == IPPROTO_GRE || (f[20] == IPPROTO_DSTOPTS &&
						    f[54] == IPPROTO_GRE))) {
			o->v6 = 1;
			o->len = (f[18] << 8 | f[19]) + 40;
			g = f + 54;
			if (f[20] == IPPROTO_DSTOPTS)
				g += (g[1] + 1) * 8;
		} else {
			continue;
		}
		o->flags = g[0] << 8 | g[1];
		o->proto = g[2] << 8 | g[3];
		if (o->flags != CKS)
			continue;
		o->csum_ok = csum_fold16(g, f + n - g) == 0xffff;
		o->key = (uint32_t)g[8] << 24 | g[9] << 16 | g[10] << 8 | g[11];
		o->seq = (uint32_t)g[12] << 24 | g[13] << 16 | g[14] << 8 | g[15];
		in = g + 16;
		if (in[0] != 0x45 || in[9] != IPPROTO_UDP ||
		    (in[22] << 8 | in[23]) != PORT)
			continue;
		o->tag = in[28];
		return 1;
	}
}

/* Datagrams on rxb up to the sentinel 'S': their tags in out. */
static void tags_until_s(char *out, size_t max, ssize_t *lastlen)
{
	static char buf[2048];
	long long end = tst_mono_ms() + net_ms(10000);
	size_t i = 0;
	ssize_t n;

	for (;;) {
		if (tst_mono_ms() > end)
			tst_brk(TBROK, "sentinel not received in %d ms",
				net_ms(10000));
		if (!net_poll(rxb, POLLIN, 1000))
			continue;
		n = recv(rxb, buf, sizeof(buf), MSG_DONTWAIT);
		if (n < 1)
			continue;
		if (buf[0] == 'S')
			break;
		if (lastlen)
			*lastlen = n;
		if (i + 1 < max)
			out[i++] = buf[0];
	}
	out[i] = 0;
}

/*
 * Three datagrams a, b, c (first + 0..2) through the local tunnel ifindex
 * to dst: delivered in order; their outer packets on the remote's net0.
 */
static void test_wire(int v6, int ifindex, const char *dst, char first,
		      uint32_t key)
{
	struct rtnl_link_stats64 s = stats(NET_A, ifindex);
	struct outer o;
	char got[16], want[4] = { first, first + 1, first + 2, 0 };
	int i, n = 0;

	net_enter(NET_A);
	while (next_outer(&o))
		;
	for (i = 0; i < 3; i++)
		net_send_tag4(txa, dst, PORT, want[i]);
	net_send_tag4(txa, dst, PORT, 'S');
	tags_until_s(got, sizeof(got), NULL);
	tst_res(strcmp(got, want) ? TFAIL : TPASS,
		"%s delivered '%s' in order (got '%s')", v6 ? "ip6gre" : "gre",
		want, got);
	for (i = 0; i < 3 && next_outer(&o); i++) {
		tst_res(TINFO, "outer packet '%c'", o.tag);
		NET_EXP_EQ(o.v6, v6, "  IPv6 underlay");
		NET_EXP_EQ(o.tag, want[i], "  tag");
		NET_EXP_EQ(o.proto, ETH_P_IP, "  GRE protocol");
		NET_EXP_EQ(o.key, key, "  GRE key");
		NET_EXP_EQ(o.csum_ok, 1, "  GRE checksum verifies");
		NET_EXP_EQ(o.seq, s.tx_packets + i,
			   "  sequence number (the tunnel's tx_packets before)");
		n++;
	}
	NET_EXP_EQ(n, 3, "C|K|S GRE packets of them on the remote's net0");
}

static void test_emsgsize(void)
{
	static char big[1437];
	struct sockaddr_in sin = { .sin_family = AF_INET,
				   .sin_port = htons(PORT) };
	int fd = net_socket(NET_A, AF_INET, SOCK_DGRAM);
	int v = IP_PMTUDISC_DO;
	struct outer o;
	ssize_t len = 0;
	char got[16];
	int n = 0;

	net_ipv4("10.110.0.2", &sin.sin_addr);
	if (setsockopt(fd, SOL_IP, IP_MTU_DISCOVER, &v, sizeof(v)))
		tst_brk(TBROK | TERRNO, "setsockopt(IP_MTU_DISCOVER)");
	memset(big, 'M', sizeof(big));
	while (next_outer(&o))
		;
	TST_EXP_EQ_LI(sendto(fd, big, 1436, 0, (struct sockaddr *)&sin,
			     sizeof(sin)), 1436);
	TST_EXP_FAIL(sendto(fd, big, 1437, 0, (struct sockaddr *)&sin,
			    sizeof(sin)), EMSGSIZE,
		     "1437 bytes of UDP through the 1464 byte MTU");
	net_send_tag4(txa, "10.110.0.2", PORT, 'S');
	tags_until_s(got, sizeof(got), &len);
	tst_res(strcmp(got, "M") ? TFAIL : TPASS,
		"one datagram arrived (got '%s')", got);
	NET_EXP_EQ(len, 1436, "  its length");
	while (next_outer(&o))
		n += o.tag == 'M' && o.len == 1500;
	NET_EXP_EQ(n, 1, "1500 byte outer packets of it on net0");
	SAFE_CLOSE(fd);
}

/*
 * A GRE packet from the local host to the remote, carrying a one byte
 * UDP datagram tag from 10.112.0.1 to 10.112.0.2:PORT; csum_delta is
 * added to a correct GRE checksum.
 */
static void send_gre(uint16_t flags, uint32_t key, uint32_t seq, char tag,
		     int csum_delta)
{
	unsigned char p[64] = { 0 }, *in;
	struct sockaddr_in sin = { .sin_family = AF_INET };
	size_t off = 4, len;
	uint16_t c;

	p[0] = flags >> 8;
	p[1] = flags;
	p[2] = 0x08;
	if (flags & F_C)
		off += 4;
	if (flags & F_K) {
		p[off] = key >> 24;
		p[off + 1] = key >> 16;
		p[off + 2] = key >> 8;
		p[off + 3] = key;
		off += 4;
	}
	if (flags & F_S) {
		p[off] = seq >> 24;
		p[off + 1] = seq >> 16;
		p[off + 2] = seq >> 8;
		p[off + 3] = seq;
		off += 4;
	}
	in = p + off;
	in[0] = 0x45;
	in[3] = 29;
	in[8] = 64;
	in[9] = IPPROTO_UDP;
	memcpy(in + 12, (unsigned char[]){ 10, 112, 0, 1, 10, 112, 0, 2 }, 8);
	c = ~csum_fold16(in, 20);
	in[10] = c >> 8;
	in[11] = c;
	in[20] = 7000 >> 8;
	in[21] = 7000 & 0xff;
	in[22] = PORT >> 8;
	in[23] = PORT & 0xff;
	in[25] = 9;
	in[28] = tag;
	len = off + 29;
	if (flags & F_C) {
		c = ~csum_fold16(p, len) + csum_delta;
		p[4] = c >> 8;
		p[5] = c;
	}
	net_ipv4("10.99.1.2", &sin.sin_addr);
	if (sendto(rawa, p, len, 0, (struct sockaddr *)&sin, sizeof(sin)) !=
	    (ssize_t)len)
		tst_brk(TBROK | TERRNO, "sendto(raw GRE)");
}

static void test_handmade(void)
{
	struct rtnl_link_stats64 s0 = stats(NET_B, ghb), s1;
	long long icmp = net_snmp(NET_B, "snmp", "Icmp:", "OutDestUnreachs");
	char got[16];

	send_gre(CKS, 0x33, 100, 'v', 0);
	send_gre(CKS, 0x33, 101, 'c', 1);
	send_gre(F_K | F_S, 0x33, 102, 'n', 0);
	send_gre(CKS, 0x33, 100, 'o', 0);
	send_gre(F_C | F_K, 0x33, 0, 'q', 0);
	send_gre(CKS, 0x34, 103, 'k', 0);
	send_gre(CKS, 0x33, 101, 'S', 0);
	tags_until_s(got, sizeof(got), NULL);
	/* v, bad csum, no C, old seq, no S, key 0x34, then seq 101 */
	tst_res(strcmp(got, "v") ? TFAIL : TPASS,
		"of the hand-made packets only v delivered before S (got '%s')",
		got);
	s1 = stats(NET_B, ghb);
	NET_EXP_EQ(s1.rx_packets - s0.rx_packets, 2, "gh rx_packets (v, S)");
	NET_EXP_EQ(s1.rx_crc_errors - s0.rx_crc_errors, 1,
		   "gh rx_crc_errors (no C flag; a bad checksum is not counted)");
	NET_EXP_EQ(s1.rx_fifo_errors - s0.rx_fifo_errors, 2,
		   "gh rx_fifo_errors (old seq, no S flag)");
	NET_EXP_EQ(s1.rx_errors - s0.rx_errors, 3, "gh rx_errors");
	NET_EXP_EQ(net_wait_snmp(NET_B, "snmp", "Icmp:", "OutDestUnreachs",
				 icmp + 1) - icmp, 1,
		   "the remote's Icmp OutDestUnreachs (key 0x34: no tunnel)");
}

/*
 * Transmit checksum offload off on the local net0: ip_gre leaves the GRE
 * checksum of a packet with no other checksum pending to the device
 * (CHECKSUM_PARTIAL), and veth hands it over unfinished. Off, the stack
 * completes it before the capture sees it, and the remote validates it
 * in software instead of trusting CHECKSUM_PARTIAL.
 */
static void txcsum_off(void)
{
	struct ethtool_value ev = { .cmd = ETHTOOL_STXCSUM, .data = 0 };
	struct ifreq ifr = { 0 };
	int fd = net_socket(NET_A, AF_INET, SOCK_DGRAM);

	strcpy(ifr.ifr_name, "net0");
	ifr.ifr_data = (void *)&ev;
	if (ioctl(fd, SIOCETHTOOL, &ifr))
		tst_brk(TBROK | TERRNO, "ETHTOOL_STXCSUM on net0");
	SAFE_CLOSE(fd);
}

static void up_addr(const char *dev, const char *ip)
{
	RTNL_SAFE(rtnl_link_up(rtnl_ifindex(dev)));
	net_addr4(dev, ip);
}

static void setup(void)
{
	struct sockaddr_ll sll = {
		.sll_family = AF_PACKET, .sll_protocol = htons(ETH_P_ALL),
	};
	int ret, one = 1;

	sock_pin_cpu();
	net_hosts_setup_pinned();
	txcsum_off();
	net_sysctl(NET_A, "net/ipv6/conf/default/disable_ipv6", "1");
	net_sysctl(NET_B, "net/ipv6/conf/default/disable_ipv6", "1");

	net_enter(NET_A);
	ret = gre_make("gre", "g1", "10.99.1.1", "10.99.1.2", CKS, 0x11);
	if (ret == -EOPNOTSUPP)
		tst_brk(TCONF, "no gre support (ip_gre missing)");
	RTNL_SAFE(ret);
	up_addr("g1", "10.110.0.1");
	g1a = rtnl_ifindex("g1");
	ret = gre_make("ip6gre", "g6", "fd99:1::1", "fd99:1::2", CKS, 0x16);
	if (ret == -EOPNOTSUPP)
		tst_brk(TCONF, "no ip6gre support (ip6_gre missing)");
	RTNL_SAFE(ret);
	up_addr("g6", "10.111.0.1");
	g6a = rtnl_ifindex("g6");

	net_enter(NET_B);
	RTNL_SAFE(gre_make("gre", "g1", "10.99.1.2", "10.99.1.1", CKS, 0x11));
	up_addr("g1", "10.110.0.2");
	RTNL_SAFE(gre_make("ip6gre", "g6", "fd99:1::2", "fd99:1::1", CKS, 0x16));
	up_addr("g6", "10.111.0.2");
	RTNL_SAFE(gre_make("gre", "gh", "10.99.1.2", "10.99.1.1", CKS, 0x33));
	up_addr("gh", "10.112.0.2");
	ghb = rtnl_ifindex("gh");

	cap = net_socket(NET_B, AF_PACKET, SOCK_RAW);
	sll.sll_ifindex = rtnl_ifindex("net0");
	if (bind(cap, (struct sockaddr *)&sll, sizeof(sll)))
		tst_brk(TBROK | TERRNO, "bind(AF_PACKET)");
	rxb = net_udp_rx4(NET_B, "0.0.0.0", PORT);
	txa = net_socket(NET_A, AF_INET, SOCK_DGRAM);
	/* no inner UDP checksum: the GRE checksum is the only one */
	if (setsockopt(txa, SOL_SOCKET, SO_NO_CHECK, &one, sizeof(one)))
		tst_brk(TBROK | TERRNO, "setsockopt(SO_NO_CHECK)");
	net_enter(NET_A);
	rawa = SAFE_SOCKET(AF_INET, SOCK_RAW, IPPROTO_GRE);
	net_udp_warmup4(txa, "10.110.0.2", PORT, rxb);
	net_udp_warmup4(txa, "10.111.0.2", PORT, rxb);
	net_enter(NET_A);
}

static void run(void)
{
	readback();
	test_wire(0, g1a, "10.110.0.2", 'a', 0x11);
	test_wire(1, g6a, "10.111.0.2", 'd', 0x16);
	test_emsgsize();
	test_handmade();
	test_mtu();
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.timeout = 90,
};
