// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Bridge FDB ageing and locked ports. A bridge br0 in a third namespace
 * joins port pa (to the local host, 10.99.1.1) and pb (to the remote
 * host, 10.99.1.2); IPv6 off and neighbours pinned, so the remote host
 * sends nothing but the test's datagrams (each sent from one CPU).
 * - RTM_NEWNEIGH AF_BRIDGE errnos: EINVAL for ifindex 0, a 5 byte
 *   address, an all-zeros address, state 0, VLAN 0 and 4095; ENODEV for
 *   a missing device; a multicast address is taken (layer 2 multicast);
 * - IFLA_BR_AGEING_TIME 30000 (300 s) by default, 300 (3 s) read back;
 * - the remote's datagram makes its MAC a learnt entry on pb; it ages
 *   out no sooner than 3 s after the datagram was sent and within the
 *   bound (the bridge's clean-up runs when the oldest entry is due);
 * - a static (NUD_NOARP) entry does not age: still there 4.5 s later;
 * - IFLA_BRPORT_LOCKED on pb (read back): with no entry for the
 *   remote's MAC its datagram is dropped (a broadcast the local host
 *   sends afterwards on the same CPU reaches the remote, so the first
 *   would have arrived by then) and nothing is learnt; an entry on
 *   another port (pa) still drops it; a static entry on pb lets it
 *   through; unlocked, learning works again.
 */
#include <linux/if_ether.h>
#include "tst_test.h"
#include "net_hosts.h"
#include "socket_helpers.h"

#ifndef AF_BRIDGE
# define AF_BRIDGE PF_BRIDGE
#endif

#define PORT 7080

static int br, pa, pb, rxa, rxb, txa, txb;
static unsigned char mac_a[6], mac_b[6];

static int br_ageing(uint32_t cs)
{
	static struct rtnl_msg m;

	net_enter(NET_R);
	rtnl_link_msg(&m, RTM_NEWLINK, 0, br, NULL);
	rtnl_nest(&m, IFLA_LINKINFO);
	rtnl_put_str(&m, IFLA_INFO_KIND, "bridge");
	rtnl_nest(&m, IFLA_INFO_DATA);
	rtnl_put_u32(&m, IFLA_BR_AGEING_TIME, cs);
	return rtnl_newlink_end(&m);
}

/* An FDB request; alen 6 normally, vid -1 for none. */
static int fdb_msg(int type, int ifindex, const unsigned char *mac,
		   int alen, int state, int vid)
{
	static struct rtnl_msg m;
	struct ndmsg nd = {
		.ndm_family = AF_BRIDGE, .ndm_ifindex = ifindex,
		.ndm_state = state, .ndm_flags = NTF_MASTER,
	};

	net_enter(NET_R);
	rtnl_msg_init(&m, type, type == RTM_NEWNEIGH ?
		      NLM_F_CREATE | NLM_F_EXCL : 0, &nd, sizeof(nd));
	rtnl_put(&m, NDA_LLADDR, mac, alen);
	if (vid >= 0)
		rtnl_put_u16(&m, NDA_VLAN, vid);
	return rtnl_talk(&m);
}

struct fdbq {
	int port, found, state;
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
	if (a && !memcmp(RTA_DATA(a), mac_b, 6)) {
		q->found = 1;
		q->state = nd->ndm_state;
	}
}

/* The remote's MAC on port: 0 none, 1 learnt, 2 static. */
static int fdb_b(int port)
{
	static struct rtnl_msg m;
	struct ndmsg nd = { .ndm_family = AF_BRIDGE };
	struct fdbq q = { port, 0, 0 };

	net_enter(NET_R);
	rtnl_msg_init(&m, RTM_GETNEIGH, NLM_F_DUMP, &nd, sizeof(nd));
	RTNL_SAFE(rtnl_talk_cb(&m, fdb_cb, &q));
	if (!q.found)
		return 0;
	return q.state & NUD_NOARP ? 2 : 1;
}

static int queued(int fd, char tag)
{
	int n = 0;
	char c;

	while (recv(fd, &c, 1, MSG_DONTWAIT) == 1)
		n += c == tag;
	return n;
}

/*
 * The remote sends tag to the local host, then the local host a
 * sentinel to the remote: once the sentinel arrived, tag has been
 * dropped or delivered (one backlog, in order). How many arrived.
 */
static int b_to_a(char tag)
{
	int n;

	queued(rxa, 0);
	net_send_tag4(txb, "10.99.1.1", PORT, tag);
	/* broadcast: flooded to pb whatever the FDB says of the remote */
	net_send_tag4(txa, "10.99.1.255", PORT, 'S');
	net_count_tags_until(rxb, 0, 'S');
	n = queued(rxa, tag);
	return n;
}

static void errnos(void)
{
	static const unsigned char mcast[6] = { 1, 0, 0x5e, 0, 0, 1 };
	static const unsigned char zero[6];

	TST_EXP_EQ_LI(fdb_msg(RTM_NEWNEIGH, 0, mac_b, 6, NUD_NOARP, -1),
		      -EINVAL);
	TST_EXP_EQ_LI(fdb_msg(RTM_NEWNEIGH, 999999, mac_b, 6, NUD_NOARP, -1),
		      -ENODEV);
	TST_EXP_EQ_LI(fdb_msg(RTM_NEWNEIGH, pb, mac_b, 5, NUD_NOARP, -1),
		      -EINVAL);
	/* layer 2 multicast entries are allowed, all-zeros is not */
	TST_EXP_EQ_LI(fdb_msg(RTM_NEWNEIGH, pb, mcast, 6, NUD_NOARP, -1), 0);
	TST_EXP_EQ_LI(fdb_msg(RTM_DELNEIGH, pb, mcast, 6, NUD_NOARP, -1), 0);
	TST_EXP_EQ_LI(fdb_msg(RTM_NEWNEIGH, pb, zero, 6, NUD_NOARP, -1),
		      -EINVAL);
	TST_EXP_EQ_LI(fdb_msg(RTM_NEWNEIGH, pb, mac_b, 6, 0, -1), -EINVAL);
	TST_EXP_EQ_LI(fdb_msg(RTM_NEWNEIGH, pb, mac_b, 6, NUD_NOARP, 0),
		      -EINVAL);
	TST_EXP_EQ_LI(fdb_msg(RTM_NEWNEIGH, pb, mac_b, 6, NUD_NOARP, 4095),
		      -EINVAL);
	NET_EXP_EQ(fdb_b(pb) == 2, 0, "static entry left by the failed requests");
}

static void test_ageing(void)
{
	long long t0, t, end;
	int st;

	RTNL_SAFE(br_ageing(300));
	NET_EXP_EQ(net_r_link_attr(br, IFLA_INFO_DATA, IFLA_BR_AGEING_TIME), 300,
		   "ageing_time read back (cs)");
	RTNL_SAFE(net_brport_set(pb, IFLA_BRPORT_FLUSH, 0));
	NET_EXP_EQ(fdb_b(pb), 0, "remote's MAC after the flush");
	t0 = tst_mono_ms();
	NET_EXP_EQ(b_to_a('a'), 1, "remote -> local delivered");
	NET_EXP_EQ(fdb_b(pb), 1, "remote's MAC learnt on pb");
	end = t0 + 3000 + net_ms(5000);
	while ((st = fdb_b(pb)) && tst_mono_ms() < end)
		usleep(20000);
	t = tst_mono_ms() - t0;
	if (st)
		tst_res(TFAIL, "learnt entry still there %lld ms after", t);
	/* the entry's time stamp is in jiffies: up to a tick before t0 */
	else if (t < 3000 - 10)
		tst_res(TFAIL, "learnt entry gone after %lld ms, before 3 s", t);
	else
		tst_res(TPASS, "learnt entry aged out after %lld ms (3 s)", t);

	RTNL_SAFE(fdb_msg(RTM_NEWNEIGH, pb, mac_b, 6, NUD_NOARP, -1));
	t0 = tst_mono_ms();
	while ((st = fdb_b(pb)) == 2 && tst_mono_ms() < t0 + 4500)
		usleep(20000);
	NET_EXP_EQ(st, 2, "static entry 4.5 s later (2: static)");
	RTNL_SAFE(fdb_msg(RTM_DELNEIGH, pb, mac_b, 6, NUD_NOARP, -1));
	RTNL_SAFE(br_ageing(30000));
}

static void test_locked(void)
{
	RTNL_SAFE(net_brport_set(pb, IFLA_BRPORT_LOCKED, 1));
	NET_EXP_EQ(net_r_link_attr(pb, IFLA_INFO_SLAVE_DATA, IFLA_BRPORT_LOCKED), 1,
		   "pb LOCKED read back");
	RTNL_SAFE(net_brport_set(pb, IFLA_BRPORT_FLUSH, 0));
	NET_EXP_EQ(b_to_a('l'), 0, "locked, no entry: delivered");
	NET_EXP_EQ(fdb_b(pb), 0, "locked: remote's MAC learnt");
	RTNL_SAFE(fdb_msg(RTM_NEWNEIGH, pa, mac_b, 6, NUD_NOARP, -1));
	NET_EXP_EQ(b_to_a('m'), 0, "locked, entry on pa: delivered");
	RTNL_SAFE(fdb_msg(RTM_DELNEIGH, pa, mac_b, 6, NUD_NOARP, -1));
	RTNL_SAFE(fdb_msg(RTM_NEWNEIGH, pb, mac_b, 6, NUD_NOARP, -1));
	NET_EXP_EQ(b_to_a('n'), 1, "locked, static entry on pb: delivered");
	RTNL_SAFE(fdb_msg(RTM_DELNEIGH, pb, mac_b, 6, NUD_NOARP, -1));
	RTNL_SAFE(net_brport_set(pb, IFLA_BRPORT_LOCKED, 0));
	NET_EXP_EQ(b_to_a('o'), 1, "unlocked: delivered");
	NET_EXP_EQ(fdb_b(pb), 1, "unlocked: remote's MAC learnt");
}

static void setup(void)
{
	int i;

	sock_pin_cpu();
	net_l2_hosts_setup(mac_a);
	net_bridge_pa_pb(&br, &pa, &pb);

	net_enter(NET_B);
	RTNL_SAFE(rtnl_link_up(rtnl_ifindex("net0")));
	net_addr4("net0", "10.99.1.2");
	net_mac_of("net0", mac_b);
	net_pin4("net0", "10.99.1.1", mac_a);
	net_enter(NET_A);
	net_pin4("net0", "10.99.1.2", mac_b);

	rxa = net_udp_rx4(NET_A, "0.0.0.0", PORT);
	rxb = net_udp_rx4(NET_B, "0.0.0.0", PORT);
	txa = net_socket(NET_A, AF_INET, SOCK_DGRAM);
	txb = net_socket(NET_B, AF_INET, SOCK_DGRAM);
	i = 1;
	if (setsockopt(txa, SOL_SOCKET, SO_BROADCAST, &i, sizeof(i)))
		tst_brk(TBROK | TERRNO, "setsockopt(SO_BROADCAST)");
	NET_EXP_EQ(net_r_link_attr(br, IFLA_INFO_DATA, IFLA_BR_AGEING_TIME), 30000,
		   "ageing_time by default (cs)");

	net_udp_warmup4(txa, "10.99.1.2", PORT, rxb);
	net_udp_warmup4(txb, "10.99.1.1", PORT, rxa);
}

static void run(void)
{
	errnos();
	test_ageing();
	test_locked();
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.timeout = 90,
};
