// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Bridge neighbour suppression for IPv6 (IFLA_BRPORT_NEIGH_SUPPRESS and
 * Neighbour Discovery, br_do_suppress_nd()). A bridge br0 (fd99:1::fe,
 * no DAD) in a third namespace joins pa (to the local host) and pb (to
 * the remote host, which has only its link-local address and so answers
 * no solicitation for fd99:1::/64). IPv6 is on in all three hosts. The
 * local host sends hand-made NS and NA frames with a sentinel frame
 * behind them; the remote's packet socket counts what was flooded to pb
 * up to the sentinel, and by then any NA the bridge sent back is queued
 * at the local host (one CPU, one backlog). br0 has a PERMANENT
 * neighbour entry fd99:1::2 -> the remote's MAC, which has a static FDB
 * entry on pb; fd99:1::4 has a neighbour entry whose MAC the FDB lacks.
 * - suppression off: an NS for fd99:1::2 and an unsolicited NA are
 *   flooded to pb, nobody answers;
 * - on (read back 1): the NS for fd99:1::2 is answered by the bridge and
 *   not flooded: one NA from the remote's MAC and fd99:1::2 to the
 *   asker's address, hop limit 255, Solicited and Override set, Router
 *   clear, the target, a target link-layer option with the remote's MAC
 *   and a valid checksum; sent to the MAC of the NS's source link-layer
 *   option, not that of its Ethernet header; a DAD NS (source ::) is
 *   answered to ff02::1 (33:33:00:00:00:01) without Solicited; an
 *   unsolicited NA is not flooded; NSs for fd99:1::3 (no neighbour
 *   entry) and fd99:1::4 (MAC not in the FDB) are flooded, not
 *   answered; one for br0's own address is answered by br0's stack (its
 *   MAC) and not flooded; an NS coming in on a suppressed port (pa on
 *   too) is not answered by the bridge;
 * - off again: flooded, not answered.
 * A kernel that floods suppressed NSs, answers with a wrong address,
 * MAC, flag or checksum, or drops unknown targets fails here.
 */
#include <netinet/icmp6.h>
#include "tst_test.h"
#include "net_l2raw.h"
#include "socket_helpers.h"

#define NS_LEN (14 + 40 + 24 + 8)

static unsigned char mac_a[6], mac_b[6], mac_br[6];
static const unsigned char mac_u[6] = { 0x02, 0x5e, 0, 0, 0, 0x44 },
	mac_o[6] = { 0x02, 0x5e, 0, 0, 0, 0x55 },
	mac_all[6] = { 0x33, 0x33, 0, 0, 0, 1 };
static int br, pa, pb, tx, rxa, rxb, tx_if;

static void ip6(const char *s, void *a)
{
	if (inet_pton(AF_INET6, s, a) != 1)
		tst_brk(TBROK, "inet_pton(%s)", s);
}

/* The ICMPv6 checksum over the pseudo header and len bytes of msg. */
static uint16_t icmp6_csum(const void *src, const void *dst, const void *msg,
			   size_t len)
{
	const unsigned char *p;
	uint32_t sum = len + IPPROTO_ICMPV6;
	size_t i;

	for (p = src, i = 0; i < 16; i += 2)
		sum += p[i] << 8 | p[i + 1];
	for (p = dst, i = 0; i < 16; i += 2)
		sum += p[i] << 8 | p[i + 1];
	for (p = msg, i = 0; i < len; i += 2)
		sum += p[i] << 8 | (i + 1 < len ? p[i + 1] : 0);
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	return htons(~sum & 0xffff);
}

/*
 * An ND message (type 135 or 136, flags in the NA's first byte) from
 * the local host: IPv6 source sip ("::" for DAD), for target tip, to
 * the solicited-node group of tip (NS) or ff02::1 (NA), with a source
 * (NS) or target (NA) link-layer option holding ll.
 */
static void send_nd(int type, const char *sip, const char *tip,
		    const unsigned char *ll, unsigned char flags)
{
	unsigned char f[NS_LEN] = { 0 }, *ip = f + 14, *m = ip + 40;

	ip6(sip, ip + 8);
	ip6(tip, m + 8);
	if (type == ND_NEIGHBOR_SOLICIT) {
		ip6("ff02::1:ff00:0", ip + 24);
		memcpy(ip + 24 + 13, m + 8 + 13, 3);
	} else {
		ip6("ff02::1", ip + 24);
		m[4] = flags;
	}
	memcpy(f, (unsigned char[]){ 0x33, 0x33 }, 2);
	memcpy(f + 2, ip + 24 + 12, 4);
	memcpy(f + 6, mac_a, 6);
	f[12] = 0x86;
	f[13] = 0xdd;
	ip[0] = 0x60;
	ip[5] = 32;
	ip[6] = IPPROTO_ICMPV6;
	ip[7] = 255;
	m[0] = type;
	m[24] = type == ND_NEIGHBOR_SOLICIT ? ND_OPT_SOURCE_LINKADDR :
		ND_OPT_TARGET_LINKADDR;
	m[25] = 1;
	memcpy(m + 26, ll, 6);
	memcpy(m + 2, (uint16_t[]){ icmp6_csum(ip + 8, ip + 24, m, 32) }, 2);
	net_raw_send(tx, tx_if, f, sizeof(f));
}

/* ND messages of type for tip the remote got before the sentinel stop. */
static int flooded(int type, const char *tip, char stop)
{
	long long end = tst_mono_ms() + net_ms(10000);
	unsigned char f[2048], t[16];
	int n = 0;

	ip6(tip, t);
	for (;;) {
		ssize_t len;

		if (tst_mono_ms() > end)
			tst_brk(TBROK, "sentinel '%c' not received in %d ms",
				stop, net_ms(10000));
		if (!net_poll(rxb, POLLIN, 1000))
			continue;
		len = recv(rxb, f, sizeof(f), MSG_DONTWAIT);
		if (net_is_sentinel(f, len, stop))
			return n;
		if (len >= 78 && f[12] == 0x86 && f[13] == 0xdd &&
		    f[20] == IPPROTO_ICMPV6 && f[54] == type &&
		    !memcmp(f + 62, t, 16))
			n++;
	}
}

struct na_want {
	const unsigned char *eth_dst, *eth_src;
	const char *ip_dst;
	unsigned char flags;
};

/*
 * NAs for tip queued at the local host (not sent by it); *good counts
 * those that are exactly what w describes.
 */
static int replies(const char *tip, const struct na_want *w, int *good)
{
	unsigned char f[2048], t[16], d[16];
	struct sockaddr_ll sll;
	socklen_t sl;
	ssize_t len;
	int n = 0;

	ip6(tip, t);
	if (w)
		ip6(w->ip_dst, d);
	*good = 0;
	for (;;) {
		unsigned char *ip = f + 14, *m = ip + 40;
		uint16_t sum;

		sl = sizeof(sll);
		len = recvfrom(rxa, f, sizeof(f), MSG_DONTWAIT,
			       (struct sockaddr *)&sll, &sl);
		if (len < 0)
			return n;
		if (sll.sll_pkttype == PACKET_OUTGOING || len < 78 ||
		    ip[6] != IPPROTO_ICMPV6 || m[0] != ND_NEIGHBOR_ADVERT ||
		    memcmp(m + 8, t, 16))
			continue;
		n++;
		if (!w)
			continue;
		memcpy(&sum, m + 2, 2);
		m[2] = m[3] = 0;
		*good += len >= NS_LEN && !memcmp(f, w->eth_dst, 6) &&
			 !memcmp(f + 6, w->eth_src, 6) && ip[7] == 255 &&
			 !memcmp(ip + 8, t, 16) && !memcmp(ip + 24, d, 16) &&
			 (ip[4] << 8 | ip[5]) == 32 && m[1] == 0 &&
			 m[4] == w->flags && m[24] == ND_OPT_TARGET_LINKADDR &&
			 m[25] == 1 && !memcmp(m + 26, w->eth_src, 6) &&
			 sum == icmp6_csum(ip + 8, ip + 24, m, 32);
	}
}

static char next_tag(void)
{
	static char tag = 'a';

	tag = tag == 'x' ? 'a' : tag + 1;
	return tag;
}

/*
 * An NS from sip for tip with ll in its option: flooded to pb
 * exp_flood times, answered exp_reply times as w says.
 */
static void check(const char *sip, const char *tip, const unsigned char *ll,
		  int exp_flood, int exp_reply, const struct na_want *w,
		  const char *what)
{
	char msg[160], tag = next_tag();
	int n, good;

	send_nd(ND_NEIGHBOR_SOLICIT, sip, tip, ll, 0);
	net_raw_sentinel(tx, tx_if, mac_a, tag);
	snprintf(msg, sizeof(msg), "%s: NSs for %s flooded to pb", what, tip);
	NET_EXP_EQ(flooded(ND_NEIGHBOR_SOLICIT, tip, tag), exp_flood, msg);
	n = replies(tip, w, &good);
	snprintf(msg, sizeof(msg), "%s: NAs for %s", what, tip);
	NET_EXP_EQ(n, exp_reply, msg);
	if (exp_reply && w) {
		snprintf(msg, sizeof(msg), "%s: NAs for %s as expected",
			 what, tip);
		NET_EXP_EQ(good, exp_reply, msg);
	}
}

/* An unsolicited NA (Override) for the local host's own address. */
static void check_unsolicited(int exp_flood, const char *what)
{
	char msg[128], tag = next_tag();

	send_nd(ND_NEIGHBOR_ADVERT, "fd99:1::1", "fd99:1::1", mac_a, 0x20);
	net_raw_sentinel(tx, tx_if, mac_a, tag);
	snprintf(msg, sizeof(msg), "%s: unsolicited NAs flooded to pb", what);
	NET_EXP_EQ(flooded(ND_NEIGHBOR_ADVERT, "fd99:1::1", tag), exp_flood,
		   msg);
}

static long long suppress(int port)
{
	return net_r_link_attr(port, IFLA_INFO_SLAVE_DATA,
			       IFLA_BRPORT_NEIGH_SUPPRESS);
}

static void run(void)
{
	/* NA flags byte: Router 0x80, Solicited 0x40, Override 0x20 */
	const struct na_want by_bridge = { mac_a, mac_b, "fd99:1::1", 0x60 },
		by_option = { mac_o, mac_b, "fd99:1::1", 0x60 },
		dad = { mac_all, mac_b, "ff02::1", 0x20 },
		by_br0 = { mac_a, mac_br, "fd99:1::1", 0x60 };
	int good;

	replies("fd99:1::2", NULL, &good);
	NET_EXP_EQ(suppress(pb), 0, "pb's NEIGH_SUPPRESS by default");
	check("fd99:1::1", "fd99:1::2", mac_a, 1, 0, NULL, "off");
	check_unsolicited(1, "off");

	RTNL_SAFE(net_brport_set(pb, IFLA_BRPORT_NEIGH_SUPPRESS, 1));
	NET_EXP_EQ(suppress(pb), 1, "pb's NEIGH_SUPPRESS set");
	check("fd99:1::1", "fd99:1::2", mac_a, 0, 1, &by_bridge, "on");
	check("fd99:1::1", "fd99:1::2", mac_o, 0, 1, &by_option,
	      "on, another MAC in the source link-layer option");
	check("::", "fd99:1::2", mac_a, 0, 1, &dad, "on, DAD NS");
	check_unsolicited(0, "on");
	check("fd99:1::1", "fd99:1::3", mac_a, 1, 0, NULL,
	      "on, no neighbour entry");
	check("fd99:1::1", "fd99:1::4", mac_a, 1, 0, NULL,
	      "on, MAC not in the FDB");
	check("fd99:1::1", "fd99:1::fe", mac_a, 0, 1, &by_br0,
	      "on, br0's own address");

	/* the bridge proxies only for askers on ports without suppression */
	RTNL_SAFE(net_brport_set(pa, IFLA_BRPORT_NEIGH_SUPPRESS, 1));
	check("fd99:1::1", "fd99:1::2", mac_a, 1, 0, NULL,
	      "on, the asker's port suppressed too");
	RTNL_SAFE(net_brport_set(pa, IFLA_BRPORT_NEIGH_SUPPRESS, 0));

	RTNL_SAFE(net_brport_set(pb, IFLA_BRPORT_NEIGH_SUPPRESS, 0));
	NET_EXP_EQ(suppress(pb), 0, "pb's NEIGH_SUPPRESS cleared");
	check("fd99:1::1", "fd99:1::2", mac_a, 1, 0, NULL, "off again");
	check_unsolicited(1, "off again");
}

static void pin6(const char *dev, const char *ip, const unsigned char *mac)
{
	struct in6_addr a;

	ip6(ip, &a);
	RTNL_SAFE(rtnl_neigh_add(rtnl_ifindex(dev), AF_INET6, &a, mac,
				 NUD_PERMANENT));
}

static void setup(void)
{
	struct in6_addr a;

	sock_pin_cpu();
	net_three_hosts(1);
	net_enter(NET_A);
	RTNL_SAFE(rtnl_veth_add("net0", "pa", net_nsfd[NET_R]));
	tx_if = rtnl_ifindex("net0");
	RTNL_SAFE(rtnl_link_up(tx_if));
	net_mac_of("net0", mac_a);
	tx = SAFE_SOCKET(AF_PACKET, SOCK_RAW, 0);

	net_enter(NET_R);
	RTNL_SAFE(rtnl_veth_add("pb", "net0", net_nsfd[NET_B]));
	net_bridge_pa_pb(&br, &pa, &pb);
	ip6("fd99:1::fe", &a);
	RTNL_SAFE(rtnl_addr_add(br, AF_INET6, &a, 64, IFA_F_NODAD));
	net_mac_of("br0", mac_br);

	net_enter(NET_B);
	RTNL_SAFE(rtnl_link_up(rtnl_ifindex("net0")));
	net_mac_of("net0", mac_b);

	RTNL_SAFE(net_br_fdb_add(pb, mac_b));
	net_enter(NET_R);
	pin6("br0", "fd99:1::2", mac_b);
	pin6("br0", "fd99:1::4", mac_u);

	rxa = net_pkt_sock(NET_A, "net0", ETH_P_IPV6);
	rxb = net_pkt_sock(NET_B, "net0", ETH_P_ALL);
	net_raw_warmup(tx, tx_if, mac_a, rxb);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.timeout = 120,
};
