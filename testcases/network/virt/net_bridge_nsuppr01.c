// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Bridge neighbour suppression (IFLA_BRPORT_NEIGH_SUPPRESS). A bridge
 * br0 (10.99.1.254) in a third namespace joins pa (to the local host)
 * and pb (to the remote host, which has no address and answers
 * nothing). The local host sends hand-made ARP frames and a sentinel
 * frame (ethertype 0x88b5) behind them; the remote's packet socket
 * counts what was flooded to pb up to the sentinel, and by then any
 * reply the bridge sent to the local host is queued there too (one CPU,
 * one backlog: br_do_proxy_suppress_arp() answers while it handles the
 * request). br0 has a PERMANENT neighbour entry 10.99.1.2 -> the
 * remote's MAC, which has a static FDB entry on pb; 10.99.1.4 has a
 * neighbour entry whose MAC the FDB does not know.
 * - suppression off: a request for 10.99.1.2 and a gratuitous ARP are
 *   flooded to pb, nobody answers;
 * - on (read back 1): the bridge answers the request for 10.99.1.2
 *   itself (reply from the remote's MAC with its address, to the local
 *   host's MAC and address) and does not flood it to pb; a gratuitous
 *   ARP is not flooded either; requests for 10.99.1.3 (no neighbour
 *   entry on br0) and 10.99.1.4 (no FDB entry for its MAC) are flooded
 *   and not answered; a request for br0's own address is answered by
 *   br0 and not flooded;
 * - off again: flooded, not answered.
 */
#include <net/if_arp.h>
#include "tst_test.h"
#include "net_l2raw.h"
#include "socket_helpers.h"

static unsigned char mac_a[6], mac_b[6], mac_br[6];
static const unsigned char mac_u[6] = { 0x02, 0x5e, 0, 0, 0, 0x44 };
static int br, pa, pb, tx, rxa, rxb, tx_if;

struct arp_frame {
	unsigned char dst[6], src[6];
	uint16_t proto;
	struct arphdr h;
	unsigned char sha[6], spa[4], tha[6], tpa[4];
	unsigned char pad[18];
} __attribute__((packed));

/* The port's IFLA_BRPORT_NEIGH_SUPPRESS. */
static long long suppress(int port)
{
	return net_r_link_attr(port, IFLA_INFO_SLAVE_DATA,
			       IFLA_BRPORT_NEIGH_SUPPRESS);
}

/* An ARP request from the local host: sender ip sip, target ip tip */
static void send_arp(const char *sip, const char *tip)
{
	struct arp_frame f = { 0 };
	struct in_addr s, t;

	net_ipv4(sip, &s);
	net_ipv4(tip, &t);
	memcpy(f.dst, net_bcast, 6);
	memcpy(f.src, mac_a, 6);
	f.proto = htons(ETH_P_ARP);
	f.h.ar_hrd = htons(ARPHRD_ETHER);
	f.h.ar_pro = htons(ETH_P_IP);
	f.h.ar_hln = 6;
	f.h.ar_pln = 4;
	f.h.ar_op = htons(ARPOP_REQUEST);
	memcpy(f.sha, mac_a, 6);
	memcpy(f.spa, &s, 4);
	memcpy(f.tpa, &t, 4);
	net_raw_send(tx, tx_if, &f, sizeof(f));
}

/*
 * ARP requests for tip the remote host got before the sentinel stop
 * (bounded wait).
 */
static int flooded(const char *tip, char stop)
{
	long long end = tst_mono_ms() + net_ms(10000);
	struct in_addr t;
	int n = 0;

	net_ipv4(tip, &t);
	for (;;) {
		struct arp_frame f;
		ssize_t len;

		if (tst_mono_ms() > end)
			tst_brk(TBROK, "sentinel '%c' not received in %d ms",
				stop, net_ms(10000));
		if (!net_poll(rxb, POLLIN, 1000))
			continue;
		len = recv(rxb, &f, sizeof(f), MSG_DONTWAIT);
		if (len < 15)
			continue;
		if (net_is_sentinel((unsigned char *)&f, len, stop))
			return n;
		if (len >= 42 && f.proto == htons(ETH_P_ARP) &&
		    f.h.ar_op == htons(ARPOP_REQUEST) &&
		    !memcmp(f.tpa, &t, 4))
			n++;
	}
}

/*
 * ARP replies queued at the local host for tip; *good counts those
 * from mac (Ethernet and sender hardware address) to the local host's
 * MAC and 10.99.1.1.
 */
static int replies(const char *tip, const unsigned char *mac, int *good)
{
	struct in_addr t, a;
	struct arp_frame f;
	int n = 0;

	net_ipv4(tip, &t);
	net_ipv4("10.99.1.1", &a);
	*good = 0;
	while (recv(rxa, &f, sizeof(f), MSG_DONTWAIT) >= 42) {
		if (f.h.ar_op != htons(ARPOP_REPLY) || memcmp(f.spa, &t, 4))
			continue;
		n++;
		*good += !memcmp(f.src, mac, 6) && !memcmp(f.sha, mac, 6) &&
			 !memcmp(f.dst, mac_a, 6) && !memcmp(f.tha, mac_a, 6) &&
			 !memcmp(f.tpa, &a, 4);
	}
	return n;
}

/* A request for tip: flooded to pb exp_flood times, answered exp_reply */
static void check(const char *tip, const unsigned char *mac, int exp_flood,
		  int exp_reply, const char *what)
{
	static char tag = 'a';
	char msg[128];
	int n, good;

	tag = tag == 'x' ? 'a' : tag + 1;
	send_arp("10.99.1.1", tip);
	net_raw_sentinel(tx, tx_if, mac_a, tag);
	snprintf(msg, sizeof(msg), "%s: requests for %s flooded to pb",
		 what, tip);
	NET_EXP_EQ(flooded(tip, tag), exp_flood, msg);
	n = replies(tip, mac, &good);
	snprintf(msg, sizeof(msg), "%s: replies for %s", what, tip);
	NET_EXP_EQ(n, exp_reply, msg);
	if (exp_reply) {
		snprintf(msg, sizeof(msg), "%s: well-formed replies for %s",
			 what, tip);
		NET_EXP_EQ(good, exp_reply, msg);
	}
}

static void check_garp(int exp_flood, const char *what)
{
	char msg[128];

	send_arp("10.99.1.1", "10.99.1.1");
	net_raw_sentinel(tx, tx_if, mac_a, 'g');
	snprintf(msg, sizeof(msg), "%s: gratuitous ARPs flooded to pb", what);
	NET_EXP_EQ(flooded("10.99.1.1", 'g'), exp_flood, msg);
}

static void setup(void)
{
	sock_pin_cpu();
	net_three_hosts_ipv4_only();
	net_enter(NET_A);
	RTNL_SAFE(rtnl_veth_add("net0", "pa", net_nsfd[NET_R]));
	tx_if = rtnl_ifindex("net0");
	RTNL_SAFE(rtnl_link_up(tx_if));
	net_mac_of("net0", mac_a);
	tx = SAFE_SOCKET(AF_PACKET, SOCK_RAW, 0);

	net_enter(NET_R);
	RTNL_SAFE(rtnl_veth_add("pb", "net0", net_nsfd[NET_B]));
	net_bridge_pa_pb(&br, &pa, &pb);
	net_addr4("br0", "10.99.1.254");
	net_mac_of("br0", mac_br);

	net_enter(NET_B);
	RTNL_SAFE(rtnl_link_up(rtnl_ifindex("net0")));
	net_mac_of("net0", mac_b);

	RTNL_SAFE(net_br_fdb_add(pb, mac_b));
	net_enter(NET_R);
	net_pin4("br0", "10.99.1.2", mac_b);
	net_pin4("br0", "10.99.1.4", mac_u);

	rxa = net_pkt_sock(NET_A, "net0", ETH_P_ARP);
	rxb = net_pkt_sock(NET_B, "net0", ETH_P_ALL);

	net_raw_warmup(tx, tx_if, mac_a, rxb);
}

static void run(void)
{
	int good;

	replies("10.99.1.2", mac_b, &good);
	NET_EXP_EQ(suppress(pb), 0, "pb's NEIGH_SUPPRESS by default");
	check("10.99.1.2", mac_b, 1, 0, "off");
	check_garp(1, "off");

	RTNL_SAFE(net_brport_set(pb, IFLA_BRPORT_NEIGH_SUPPRESS, 1));
	NET_EXP_EQ(suppress(pb), 1, "pb's NEIGH_SUPPRESS set");
	check("10.99.1.2", mac_b, 0, 1, "on");
	check_garp(0, "on");
	check("10.99.1.3", mac_b, 1, 0, "on, no neighbour entry");
	check("10.99.1.4", mac_u, 1, 0, "on, MAC not in the FDB");
	check("10.99.1.254", mac_br, 0, 1, "on, br0's own address");

	RTNL_SAFE(net_brport_set(pb, IFLA_BRPORT_NEIGH_SUPPRESS, 0));
	NET_EXP_EQ(suppress(pb), 0, "pb's NEIGH_SUPPRESS cleared");
	check("10.99.1.2", mac_b, 1, 0, "off again");
	check_garp(1, "off again");
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.timeout = 120,
};
