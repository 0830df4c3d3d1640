// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Bridge port flags. A bridge br0 (10.99.1.254, no VLAN filtering) in a
 * third namespace joins port pa (to the local host, 10.99.1.1) and pb
 * (to the remote host, 10.99.1.2). IPv6 is off and all neighbours are
 * pinned; each check ends with sentinel datagrams to br0 behind the
 * frames it checks (one CPU, one backlog). It counts the datagrams the
 * remote host got, the frames of them on the remote's net0 (a packet
 * socket), and requires pb's tx packets to move by at least those
 * frames. The odd background frame (an IGMP report, a late settling
 * datagram) is shown, not the test's. pb's count and the remote's
 * capture are compared once they have settled and a difference is
 * shown, not failed: under two guest CPU hogs pb once in about 15 runs
 * counted a frame the remote's packet socket never saw, always right
 * after pb's isolation was switched off (not explained yet).
 * - the flags read back over IFLA_INFO_SLAVE_DATA (ISOLATED, LEARNING,
 *   UNICAST_FLOOD, BCAST_FLOOD);
 * - isolated: with pa and pb isolated, nothing from the local host
 *   reaches the remote host (none of its frames on pb) while both still
 *   reach br0 itself; with pa alone isolated it does (one frame);
 * - learning off and unicast flooding off on pb, its entries flushed
 *   (IFLA_BRPORT_FLUSH): the remote's MAC is not learnt even after it
 *   sent, so a datagram to it is unknown unicast and not flooded to pb
 *   (not sent on pb, not delivered); a static FDB entry (dumped
 *   NUD_NOARP) delivers it (one frame); deleted, it is lost again;
 *   flooding back on delivers it; learning back on, the remote's next
 *   datagram puts its MAC in the FDB as a learnt entry;
 * - broadcast flooding off on pb: a subnet broadcast reaches br0 but not
 *   the remote host (none of its frames on pb); on again, both.
 */
#include <linux/if_ether.h>
#include <linux/if_packet.h>
#include "tst_test.h"
#include "net_hosts.h"
#include "socket_helpers.h"

#ifndef AF_BRIDGE
# define AF_BRIDGE PF_BRIDGE
#endif

#define PORT 7030

static int br, pa, pb, rxa, rxb, rxr, txa, txb, pktb;
static unsigned char mac_a[6], mac_b[6], mac_r[6];

static void port_flag(int port, const char *pname, int type,
		      const char *tname, int val)
{
	char what[96];

	RTNL_SAFE(net_brport_set(port, type, val));
	snprintf(what, sizeof(what), "%s %s read back", pname, tname);
	NET_EXP_EQ(net_r_link_attr(port, IFLA_INFO_SLAVE_DATA, type), val, what);
}

static int fdb_msg(int type, int flags, const unsigned char *mac)
{
	static struct rtnl_msg m;
	struct ndmsg nd = {
		.ndm_family = AF_BRIDGE, .ndm_ifindex = pb,
		.ndm_state = NUD_NOARP, .ndm_flags = NTF_MASTER,
	};

	net_enter(NET_R);
	rtnl_msg_init(&m, type, flags, &nd, sizeof(nd));
	rtnl_put(&m, NDA_LLADDR, mac, 6);
	return rtnl_talk(&m);
}

/*
 * A dump lists each bridge entry more than once (under the port and
 * under the bridge), so entries are checked, not counted.
 */
struct fdbq {
	int found, statics;
};

static void fdb_cb(struct nlmsghdr *nh, void *priv)
{
	struct fdbq *q = priv;
	struct ndmsg *nd = NLMSG_DATA(nh);
	struct rtattr *a;

	if (nh->nlmsg_type != RTM_NEWNEIGH || nd->ndm_family != AF_BRIDGE ||
	    nd->ndm_ifindex != pb || !rtnl_attr(nh, sizeof(*nd), NDA_MASTER))
		return;
	a = rtnl_attr(nh, sizeof(*nd), NDA_LLADDR);
	if (a && !memcmp(RTA_DATA(a), mac_b, 6)) {
		q->found++;
		q->statics += nd->ndm_state == NUD_NOARP;
	}
}

/* The remote's MAC on pb in the FDB: 0 none, 1 learnt, 2 static. */
static int fdb_b(void)
{
	static struct rtnl_msg m;
	struct ndmsg nd = { .ndm_family = AF_BRIDGE };
	struct fdbq q = { 0 };

	net_enter(NET_R);
	rtnl_msg_init(&m, RTM_GETNEIGH, NLM_F_DUMP, &nd, sizeof(nd));
	RTNL_SAFE(rtnl_talk_cb(&m, fdb_cb, &q));
	if (!q.found)
		return 0;
	if (q.statics && q.statics != q.found)
		tst_res(TFAIL, "the remote's MAC both static and learnt");
	return q.statics ? 2 : 1;
}

static uint64_t pb_tx(void)
{
	struct rtnl_link_info li;

	net_enter(NET_R);
	RTNL_SAFE(rtnl_link_get(pb, NULL, &li));
	return li.stats.tx_packets;
}

/* Datagrams tagged tag queued on fd now. */
static int queued(int fd, char tag)
{
	int n = 0;
	char c;

	while (recv(fd, &c, 1, MSG_DONTWAIT) == 1)
		n += c == tag;
	return n;
}

/*
 * Frames the remote's net0 received since the last call: all of them,
 * and (*ours) those of the local host's datagrams tagged tag; the
 * others are shown.
 */
static int at_b(char tag, int *ours)
{
	unsigned char f[2048];
	struct sockaddr_ll sll;
	socklen_t sl;
	ssize_t n;
	int all = 0;

	*ours = 0;
	for (;;) {
		sl = sizeof(sll);
		n = recvfrom(pktb, f, sizeof(f), MSG_DONTWAIT,
			     (struct sockaddr *)&sll, &sl);
		if (n < 0)
			return all;
		if (sll.sll_pkttype == PACKET_OUTGOING)
			continue;
		all++;
		/* IPv4, UDP (ihl 5) to PORT, first payload byte */
		if (n >= 14 + 20 + 8 + 1 && !memcmp(f + 6, mac_a, 6) &&
		    f[12] == 0x08 && f[13] == 0 && f[14] == 0x45 &&
		    f[23] == IPPROTO_UDP && f[36] == (PORT >> 8) &&
		    f[37] == (PORT & 0xff) && f[42] == (unsigned char)tag) {
			(*ours)++;
			continue;
		}
		tst_res(TINFO, "other frame at the remote: %zd bytes, type 0x%02x%02x, to %02x:%02x:%02x:%02x:%02x:%02x",
			n, f[12], f[13], f[0], f[1], f[2], f[3], f[4], f[5]);
	}
}

/*
 * Frames at the remote's net0 since t0 was read, once pb's tx count
 * agrees with them or 2 s (scaled) have passed. A frame the bridge
 * itself sends (an IGMP report of br0) can leave pb between the
 * packet socket's last read and the tx counter's: it is counted when
 * it arrives, not lost; a frame pb sent that never arrives stays a
 * difference the caller reports.
 */
static int settle_b(char tag, uint64_t t0, int *ours)
{
	long long end = tst_mono_ms() + net_ms(2000);
	int all = 0, o;

	*ours = 0;
	for (;;) {
		all += at_b(tag, &o);
		*ours += o;
		if (pb_tx() - t0 == (uint64_t)all || tst_mono_ms() > end)
			return all;
		usleep(10000);
	}
}

/*
 * pb's tx count once no frame is between pb and the remote's packet
 * socket: the count stayed and nothing arrived for 10 ms (2 s at most).
 */
static uint64_t quiet_b(void)
{
	long long end = tst_mono_ms() + net_ms(2000);
	uint64_t t;
	int o;

	at_b(0, &o);
	for (;;) {
		t = pb_tx();
		usleep(10000);
		if ((!at_b(0, &o) && pb_tx() == t) || tst_mono_ms() > end)
			return t;
	}
}

static void a_to_b(const char *dst, char tag, int want, const char *what)
{
	uint64_t t0, tx;
	char buf[128];
	int got, all, ours;

	queued(rxb, 0);
	t0 = quiet_b();
	net_send_tag4(txa, dst, PORT, tag);
	net_send_tag4(txa, "10.99.1.254", PORT, 'S');
	net_count_tags_until(rxr, 0, 'S');
	/*
	 * A frame the bridge forwarded to pb went on the backlog again for
	 * the remote while the sentinel was delivered: a second sentinel,
	 * queued after it, is delivered once it has been handled too.
	 */
	net_send_tag4(txa, "10.99.1.254", PORT, 'T');
	net_count_tags_until(rxr, 0, 'T');
	got = queued(rxb, tag);
	all = settle_b(tag, t0, &ours);
	got += queued(rxb, tag);
	snprintf(buf, sizeof(buf), "%s: datagrams at the remote", what);
	NET_EXP_EQ(got, want, buf);
	snprintf(buf, sizeof(buf), "%s: their frames at the remote's net0",
		 what);
	NET_EXP_EQ(ours, want, buf);
	tx = pb_tx() - t0;
	/* with none of ours on the wire, "at least 0" would prove nothing */
	if (ours && tx < (uint64_t)ours)
		tst_res(TFAIL, "%s: pb tx_packets grew by %llu, fewer than the %d frames of ours the remote received",
			what, (unsigned long long)tx, ours);
	else if (ours)
		tst_res(TPASS, "%s: pb tx_packets grew by %llu (>= %d of ours)",
			what, (unsigned long long)tx, ours);
	if (tx != (uint64_t)all)
		tst_res(TINFO, "%s: pb counted %llu frames, the remote's net0 saw %d",
			what, (unsigned long long)tx, all);
	queued(rxr, 0);
}

static void setup(void)
{
	int i;

	sock_pin_cpu();
	net_l2_hosts_setup(mac_a);
	net_bridge_pa_pb(&br, &pa, &pb);
	net_addr4("br0", "10.99.1.254");
	net_mac_of("br0", mac_r);

	net_enter(NET_B);
	RTNL_SAFE(rtnl_link_up(rtnl_ifindex("net0")));
	net_addr4("net0", "10.99.1.2");
	net_mac_of("net0", mac_b);

	net_pin4("net0", "10.99.1.1", mac_a);
	net_pin4("net0", "10.99.1.254", mac_r);
	net_enter(NET_R);
	net_pin4("br0", "10.99.1.1", mac_a);
	net_pin4("br0", "10.99.1.2", mac_b);
	net_enter(NET_A);
	net_pin4("net0", "10.99.1.2", mac_b);
	net_pin4("net0", "10.99.1.254", mac_r);

	pktb = net_socket(NET_B, AF_PACKET, SOCK_RAW);
	{
		struct sockaddr_ll sll = {
			.sll_family = AF_PACKET,
			.sll_protocol = htons(ETH_P_ALL),
			.sll_ifindex = rtnl_ifindex("net0"),
		};

		if (bind(pktb, (struct sockaddr *)&sll, sizeof(sll)))
			tst_brk(TBROK | TERRNO, "bind(AF_PACKET)");
	}
	rxa = net_socket(NET_A, AF_INET, SOCK_DGRAM);
	rxb = net_socket(NET_B, AF_INET, SOCK_DGRAM);
	rxr = net_socket(NET_R, AF_INET, SOCK_DGRAM);
	txa = net_socket(NET_A, AF_INET, SOCK_DGRAM);
	txb = net_socket(NET_B, AF_INET, SOCK_DGRAM);
	{
		struct sockaddr_in sin = { .sin_family = AF_INET,
					   .sin_port = htons(PORT) };
		int one = 1;

		if (bind(rxa, (struct sockaddr *)&sin, sizeof(sin)) ||
		    bind(rxb, (struct sockaddr *)&sin, sizeof(sin)) ||
		    bind(rxr, (struct sockaddr *)&sin, sizeof(sin)))
			tst_brk(TBROK | TERRNO, "bind()");
		if (setsockopt(txa, SOL_SOCKET, SO_BROADCAST, &one,
			       sizeof(one)))
			tst_brk(TBROK | TERRNO, "setsockopt(SO_BROADCAST)");
	}

	/* until the link watch has given the veths their qdiscs: retry */
	for (i = 0; i < 40; i++) {
		net_send_tag4(txa, "10.99.1.2", PORT, 's');
		if (net_poll(rxb, POLLIN, 250))
			break;
	}
	if (i == 40)
		tst_brk(TBROK, "nothing from the local host reached the remote");
	for (i = 0; i < 40; i++) {
		net_send_tag4(txb, "10.99.1.254", PORT, 's');
		if (net_poll(rxr, POLLIN, 250))
			break;
	}
	if (i == 40)
		tst_brk(TBROK, "nothing from the remote host reached br0");
	queued(rxb, 0);
	queued(rxr, 0);
	net_enter(NET_A);
}

static void test_isolated(void)
{
	port_flag(pa, "pa", IFLA_BRPORT_ISOLATED, "isolated", 1);
	port_flag(pb, "pb", IFLA_BRPORT_ISOLATED, "isolated", 1);
	a_to_b("10.99.1.2", 'i', 0, "pa and pb isolated");
	net_send_tag4(txb, "10.99.1.254", PORT, 'S');
	net_count_tags_until(rxr, 0, 'S');
	tst_res(TPASS, "both isolated: the remote still reaches br0");
	port_flag(pb, "pb", IFLA_BRPORT_ISOLATED, "isolated", 0);
	a_to_b("10.99.1.2", 'j', 1, "pa alone isolated");
	port_flag(pa, "pa", IFLA_BRPORT_ISOLATED, "isolated", 0);
}

static void test_flood(void)
{
	port_flag(pb, "pb", IFLA_BRPORT_LEARNING, "learning", 0);
	RTNL_SAFE(net_brport_set(pb, IFLA_BRPORT_FLUSH, 0));
	/* the remote sends: with learning off its MAC stays unknown */
	net_send_tag4(txb, "10.99.1.254", PORT, 'S');
	net_count_tags_until(rxr, 0, 'S');
	NET_EXP_EQ(fdb_b(), 0,
		   "remote's MAC in the FDB, learning off (0 none, 1 learnt, 2 static)");
	port_flag(pb, "pb", IFLA_BRPORT_UNICAST_FLOOD, "unicast flood", 0);
	a_to_b("10.99.1.2", 'u', 0, "unknown unicast, flood off");
	RTNL_SAFE(fdb_msg(RTM_NEWNEIGH, NLM_F_CREATE | NLM_F_EXCL, mac_b));
	NET_EXP_EQ(fdb_b(), 2, "remote's MAC in the FDB, static entry");
	a_to_b("10.99.1.2", 'v', 1, "static entry, flood off");
	RTNL_SAFE(fdb_msg(RTM_DELNEIGH, 0, mac_b));
	a_to_b("10.99.1.2", 'w', 0, "entry deleted, flood off");
	port_flag(pb, "pb", IFLA_BRPORT_UNICAST_FLOOD, "unicast flood", 1);
	a_to_b("10.99.1.2", 'x', 1, "unknown unicast, flood on");
	port_flag(pb, "pb", IFLA_BRPORT_LEARNING, "learning", 1);
	net_send_tag4(txb, "10.99.1.254", PORT, 'S');
	net_count_tags_until(rxr, 0, 'S');
	NET_EXP_EQ(fdb_b(), 1, "remote's MAC in the FDB, learning on again");
}

static void test_bcast(void)
{
	port_flag(pb, "pb", IFLA_BRPORT_BCAST_FLOOD, "broadcast flood", 0);
	a_to_b("10.99.1.255", 'b', 0, "broadcast, broadcast flood off");
	port_flag(pb, "pb", IFLA_BRPORT_BCAST_FLOOD, "broadcast flood", 1);
	a_to_b("10.99.1.255", 'c', 1, "broadcast, broadcast flood on");
	queued(rxa, 0);
}

static void run(void)
{
	test_isolated();
	test_flood();
	test_bcast();
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.timeout = 90,
};
