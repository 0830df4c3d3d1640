// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tunnels between two namespaces over the veth link (MTU 1500): gre
 * (IPv4 underlay), ip6gre (IPv6 underlay, default encapsulation limit),
 * vxlan (VNI 42, UDP 4789) and geneve (VNI 43, UDP 6081), each made on
 * both sides with an address of its own (10.101.k.1 and 10.101.k.2):
 * - the tunnel's MTU is the underlay's less the encapsulation: gre 1476
 *   (20 + 4), ip6gre 1448 (40 + 4 + 8 for the encapsulation limit
 *   option), vxlan and geneve 1450 (20 + 8 + 8 + 14);
 * - a UDP datagram with IP_PMTUDISC_DO filling the tunnel's MTU arrives
 *   intact; one byte more is EMSGSIZE;
 * - what the local host sends on net0 for that datagram is its outer
 *   packet, exactly 1500 bytes (no fragments): gre: IPv4 protocol 47,
 *   GRE protocol 0x0800; ip6gre: IPv6 destination options (the
 *   encapsulation limit) then GRE 0x0800; vxlan: UDP to 4789, the I flag
 *   and VNI 42, an inner Ethernet frame of type 0x0800; geneve: UDP to
 *   6081, protocol 0x6558 and VNI 43; outer addresses are the hosts'.
 * A kind whose module is missing is TCONF for that kind only.
 */
#include <linux/if_packet.h>
#include <linux/if_ether.h>
#include "tst_test.h"
#include "net_hosts.h"

#define GRE_LOCAL 6	/* IFLA_GRE_LOCAL */
#define GRE_REMOTE 7	/* IFLA_GRE_REMOTE */

enum { GRE, IP6GRE, VXLAN, GENEVE, NKINDS };

static const char *const kinds[] = { "gre", "ip6gre", "vxlan", "geneve" };
static const unsigned int mtus[] = { 1476, 1448, 1450, 1450 };
static int made[NKINDS];
static unsigned char pkt[1600];

static void under(int h, int family, void *a)
{
	struct sockaddr_storage ss;

	net_addr(h, family, 0, &ss);
	memcpy(a, net_rawaddr(&ss), family == AF_INET ? 4 : 16);
}

static int make(int k, int h)
{
	static struct rtnl_msg m;
	unsigned char local[16], remote[16];
	int family = k == IP6GRE ? AF_INET6 : AF_INET;
	int alen = family == AF_INET ? 4 : 16;
	char name[IFNAMSIZ];

	net_enter(h);
	under(h, family, local);
	under(h == NET_A ? NET_B : NET_A, family, remote);
	snprintf(name, sizeof(name), "tn%d", k + 1);
	rtnl_newlink_begin(&m, name, kinds[k], 0);
	rtnl_nest(&m, IFLA_INFO_DATA);
	switch (k) {
	case GRE:
	case IP6GRE:
		rtnl_put(&m, GRE_LOCAL, local, alen);
		rtnl_put(&m, GRE_REMOTE, remote, alen);
		break;
	case VXLAN:
		rtnl_put_u32(&m, IFLA_VXLAN_ID, 42);
		rtnl_put(&m, IFLA_VXLAN_GROUP, remote, 4);
		rtnl_put(&m, IFLA_VXLAN_LOCAL, local, 4);
		rtnl_put_u32(&m, IFLA_VXLAN_LINK, rtnl_ifindex("net0"));
		rtnl_put_u16(&m, IFLA_VXLAN_PORT, htons(4789));
		break;
	case GENEVE:
		rtnl_put_u32(&m, IFLA_GENEVE_ID, 43);
		rtnl_put(&m, IFLA_GENEVE_REMOTE, remote, 4);
		break;
	}
	return rtnl_newlink_end(&m);
}

static struct sockaddr_in tun_addr(int k, int h)
{
	struct sockaddr_in sin = { .sin_family = AF_INET };

	sin.sin_addr.s_addr = htonl(0x0a650000 | (k + 1) << 8 |
				    (h == NET_A ? 1 : 2));
	return sin;
}

/* The outer packet of the datagram among what A sent on net0. */
static ssize_t find_outer(int cap, const unsigned char *marker,
			  unsigned short *proto)
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
		if (memmem(pkt, n, marker, 16)) {
			*proto = ntohs(from.sll_protocol);
			return n;
		}
	}
}

static void check_outer(int k, ssize_t n, unsigned short proto)
{
	unsigned char a4[4], b4[4], a6[16], b6[16];
	unsigned char *l4 = pkt + 20;

	NET_EXP_EQ(n, 1500, "outer packet length (the underlay MTU)");
	if (k == IP6GRE) {
		under(NET_A, AF_INET6, a6);
		under(NET_B, AF_INET6, b6);
		NET_EXP_EQ(proto, ETH_P_IPV6, "outer ethertype");
		NET_EXP_EQ(pkt[6], 60, "outer next header (destination options)");
		NET_EXP_EQ(pkt[40], 47, "destination options' next header (GRE)");
		NET_EXP_EQ(pkt[41], 0, "destination options' length (8 bytes)");
		NET_EXP_EQ((pkt[48 + 2] << 8) | pkt[48 + 3], ETH_P_IP,
			   "GRE protocol");
		NET_EXP_EQ(!memcmp(pkt + 8, a6, 16) && !memcmp(pkt + 24, b6, 16),
			   1, "outer IPv6 addresses are the hosts'");
		return;
	}
	under(NET_A, AF_INET, a4);
	under(NET_B, AF_INET, b4);
	NET_EXP_EQ(proto, ETH_P_IP, "outer ethertype");
	NET_EXP_EQ(!memcmp(pkt + 12, a4, 4) && !memcmp(pkt + 16, b4, 4), 1,
		   "outer IPv4 addresses are the hosts'");
	NET_EXP_EQ(pkt[6] & 0x3f, 0, "outer packet not a fragment (MF, offset high bits)");
	switch (k) {
	case GRE:
		NET_EXP_EQ(pkt[9], 47, "outer protocol (GRE)");
		NET_EXP_EQ((l4[0] << 8) | l4[1], 0, "GRE flags and version");
		NET_EXP_EQ((l4[2] << 8) | l4[3], ETH_P_IP, "GRE protocol");
		break;
	case VXLAN:
		NET_EXP_EQ(pkt[9], IPPROTO_UDP, "outer protocol (UDP)");
		NET_EXP_EQ((l4[2] << 8) | l4[3], 4789, "outer UDP port");
		NET_EXP_EQ(l4[8], 0x08, "VXLAN flags (I)");
		NET_EXP_EQ((l4[12] << 16) | (l4[13] << 8) | l4[14], 42, "VNI");
		NET_EXP_EQ((l4[16 + 12] << 8) | l4[16 + 13], ETH_P_IP,
			   "inner Ethernet type");
		break;
	case GENEVE:
		NET_EXP_EQ(pkt[9], IPPROTO_UDP, "outer protocol (UDP)");
		NET_EXP_EQ((l4[2] << 8) | l4[3], 6081, "outer UDP port");
		NET_EXP_EQ((l4[10] << 8) | l4[11], ETH_P_TEB,
			   "Geneve protocol (0x6558)");
		NET_EXP_EQ((l4[12] << 16) | (l4[13] << 8) | l4[14], 43, "VNI");
		break;
	}
}

static void test_kind(unsigned int k)
{
	static unsigned char buf[1600];
	struct rtnl_link_info li;
	struct sockaddr_in sa = tun_addr(k, NET_A), ra = tun_addr(k, NET_B);
	socklen_t len = sizeof(ra);
	struct sockaddr_ll sll = { .sll_family = AF_PACKET,
				   .sll_protocol = htons(ETH_P_ALL) };
	int s, r, cap, pmtu = IP_PMTUDISC_DO;
	unsigned short proto = 0;
	size_t size;
	ssize_t n;
	unsigned int i;
	char name[IFNAMSIZ];

	tst_res(TINFO, "%s", kinds[k]);
	if (!made[k]) {
		tst_res(TCONF, "no %s tunnels (module missing)", kinds[k]);
		return;
	}
	net_enter(NET_A);
	snprintf(name, sizeof(name), "tn%u", k + 1);
	RTNL_SAFE(rtnl_link_get(0, name, &li));
	NET_EXP_EQ(li.mtu, mtus[k], "tunnel MTU");
	size = li.mtu - 28;

	r = net_socket(NET_B, AF_INET, SOCK_DGRAM);
	if (bind(r, (struct sockaddr *)&ra, sizeof(ra)) ||
	    getsockname(r, (struct sockaddr *)&ra, &len))
		tst_brk(TBROK | TERRNO, "bind() on the %s address", kinds[k]);
	s = net_socket(NET_A, AF_INET, SOCK_DGRAM);
	if (bind(s, (struct sockaddr *)&sa, sizeof(sa)) ||
	    setsockopt(s, SOL_IP, IP_MTU_DISCOVER, &pmtu, sizeof(pmtu)))
		tst_brk(TBROK | TERRNO, "bind() on the %s address", kinds[k]);
	sll.sll_ifindex = rtnl_ifindex("net0");
	cap = socket(AF_PACKET, SOCK_DGRAM, htons(ETH_P_ALL));
	if (cap < 0 || bind(cap, (struct sockaddr *)&sll, sizeof(sll)))
		tst_brk(TBROK | TERRNO, "packet socket on net0");

	for (i = 0; i < size; i++)
		buf[i] = i * 13 + k;
	memcpy(buf, "tunnel-marker-xx", 16);
	buf[14] = '0' + k;
	TST_EXP_FAIL(sendto(s, buf, size + 1, 0, (struct sockaddr *)&ra,
			    sizeof(ra)), EMSGSIZE,
		     "%zu byte datagram with IP_PMTUDISC_DO", size + 1);
	if (sendto(s, buf, size, 0, (struct sockaddr *)&ra, sizeof(ra)) !=
	    (ssize_t)size)
		tst_brk(TBROK | TERRNO, "sendto(%zu)", size);
	net_expect_datagram(r, buf, size, kinds[k]);
	n = find_outer(cap, buf, &proto);
	if (n < 0)
		tst_res(TFAIL, "no outer packet of the datagram on net0");
	else
		check_outer(k, n, proto);
	close(cap);
	close(r);
	close(s);
}

static void setup(void)
{
	int k, h, ret;

	net_hosts_setup();
	for (k = 0; k < NKINDS; k++) {
		ret = make(k, NET_A);
		if (ret == -EOPNOTSUPP || ret == -ENOENT) {
			tst_res(TINFO, "%s: %s", kinds[k], tst_strerrno(-ret));
			continue;
		}
		RTNL_SAFE(ret);
		RTNL_SAFE(make(k, NET_B));
		for (h = NET_A; h <= NET_B; h++) {
			struct sockaddr_in sin = tun_addr(k, h);
			char name[IFNAMSIZ];
			int idx;

			net_enter(h);
			snprintf(name, sizeof(name), "tn%d", k + 1);
			idx = rtnl_ifindex(name);
			RTNL_SAFE(rtnl_addr_add(idx, AF_INET, &sin.sin_addr,
						24, 0));
			RTNL_SAFE(rtnl_link_up(idx));
		}
		made[k] = 1;
	}
	net_enter(NET_A);
}

static struct tst_test test = {
	.tcnt = NKINDS,
	.test = test_kind,
	.setup = setup,
	.needs_root = 1,
	.timeout = 60,
};
