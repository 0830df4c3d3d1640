// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Bridge MLD snooping (IPv6). A bridge br0 in a third namespace (IPv6
 * on in all hosts without DAD, so each link has a usable link-local
 * address at once: MLD reports are only taken from one; the bridge its
 * own querier with a 1 s query response interval) has three ports: pa
 * to the local host (the sender), pb to the remote host (the listener)
 * and pc, whose peer tapc sits unbridged in the bridge's namespace with
 * a packet socket: what pc forwards is what tapc receives. Each batch of
 * datagrams is followed by a datagram to ff02::1 (all-nodes, flooded
 * to every port, delivered at the remote) and a broadcast sentinel
 * frame (flooded whatever the multicast flood flags are) on the same
 * path, the sender pinned to one CPU: when the sentinels have arrived,
 * the batch's frames have been counted too.
 * - IFLA_BR_MCAST_MLD_VERSION: 1 by default, 2 and 1 read back, EINVAL
 *   for 3 and 0 (the value kept);
 * - the remote joins ff0e::123 (IPV6_ADD_MEMBERSHIP: the kernel sends an
 *   MLDv2 report): an MDB_TEMPORARY entry on pb, none on pa or pc;
 *   once the querier's startup delay is over, 5 datagrams to the group
 *   reach the remote (frames and deliveries) and none goes out of pc;
 *   an unregistered group (ff0e::124) reaches no port;
 * - a leave (IPV6_DROP_MEMBERSHIP) removes pb's entry after the last
 *   member queries (count 2, interval 1 s); the group then goes
 *   nowhere; with FAST_LEAVE on pb (read back) and a 10 s last member
 *   interval the entry goes at once, well before 2 x 10 s;
 * - querier off (read back), no other querier: the unregistered group
 *   floods to pb and pc; IFLA_BRPORT_MCAST_FLOOD 0 on pc (read back)
 *   keeps it from pc, pb still gets it.
 * A bridge that ignores MLDv2 reports, learns them on the wrong port,
 * floods registered IPv6 groups, keeps entries after a (fast) leave or
 * ignores the port's mcast_flood flag fails here.
 */
#include <ifaddrs.h>
#include "tst_test.h"
#include "net_mdb.h"
#include "net_l2raw.h"
#include "socket_helpers.h"

#define PORT 7051
#define GROUP "ff0e::123"
#define UNREG "ff0e::124"

static int br, pa, pb, pc, tapc, cap_c, cap_b, rxb, tx, tx_raw, tx_if;
static unsigned char mac_a[6];
static char sentinel = '0';

static void ip6(const char *s, void *a)
{
	if (inet_pton(AF_INET6, s, a) != 1)
		tst_brk(TBROK, "inet_pton(%s)", s);
}

static int mdb_find(const char *group, int port)
{
	struct in6_addr a;

	ip6(group, &a);
	return net_mdb_find(ETH_P_IPV6, &a, port);
}

static int mdb_wait(const char *group, int port, int want, int ms)
{
	struct in6_addr a;

	ip6(group, &a);
	return net_mdb_wait(ETH_P_IPV6, &a, port, want, ms);
}

static void send_tag6(const char *dst, char tag)
{
	struct sockaddr_in6 sin6 = { .sin6_family = AF_INET6,
				     .sin6_port = htons(PORT) };

	ip6(dst, &sin6.sin6_addr);
	if (sendto(tx, &tag, 1, 0, (struct sockaddr *)&sin6, sizeof(sin6)) != 1)
		tst_brk(TBROK | TERRNO, "sendto(%s)", dst);
}

/*
 * The local host's UDP frames tagged tag on the packet socket fd before
 * the sentinel frame stop (waited for, bounded).
 */
static int frames_until(int fd, char tag, char stop)
{
	long long end = tst_mono_ms() + net_ms(10000);
	unsigned char f[2048];
	struct sockaddr_ll sll;
	socklen_t sl;
	ssize_t n;
	int cnt = 0;

	for (;;) {
		if (tst_mono_ms() > end)
			tst_brk(TBROK, "sentinel '%c' not captured in %d ms",
				stop, net_ms(10000));
		if (!net_poll(fd, POLLIN, 1000))
			continue;
		sl = sizeof(sll);
		n = recvfrom(fd, f, sizeof(f), MSG_DONTWAIT,
			     (struct sockaddr *)&sll, &sl);
		if (n < 0 || sll.sll_pkttype == PACKET_OUTGOING)
			continue;
		if (net_is_sentinel(f, n, stop))
			return cnt;
		if (n >= 63 && !memcmp(f + 6, mac_a, 6) && f[12] == 0x86 &&
		    f[13] == 0xdd && f[20] == IPPROTO_UDP &&
		    (f[56] << 8 | f[57]) == PORT && f[62] == (unsigned char)tag)
			cnt++;
	}
}

/* n datagrams tagged tag to group, then the sentinels: what got where. */
static void send_group(const char *group, char tag, int n, struct mc_seen *s)
{
	char stop;
	int i;

	if (++sentinel > '9')
		sentinel = '0';
	stop = sentinel;
	for (i = 0; i < n; i++)
		send_tag6(group, tag);
	send_tag6("ff02::1", stop);
	net_raw_sentinel(tx_raw, tx_if, mac_a, stop);
	s->c = frames_until(cap_c, tag, stop);
	s->b = frames_until(cap_b, tag, stop);
	s->rx = net_count_tags_until(rxb, tag, stop);
}

static void membership(int opt)
{
	struct ipv6_mreq mr = { 0 };

	net_enter(NET_B);
	mr.ipv6mr_ifindex = rtnl_ifindex("net0");
	ip6(GROUP, &mr.ipv6mr_multiaddr);
	if (setsockopt(rxb, IPPROTO_IPV6, opt, &mr, sizeof(mr)))
		tst_brk(TBROK | TERRNO, "setsockopt(%s)",
			opt == IPV6_ADD_MEMBERSHIP ? "IPV6_ADD_MEMBERSHIP" :
			"IPV6_DROP_MEMBERSHIP");
}

static long long br_attr(int type)
{
	return net_r_link_attr(br, IFLA_INFO_DATA, type);
}

static long long port_attr(int port, int type)
{
	return net_r_link_attr(port, IFLA_INFO_SLAVE_DATA, type);
}

static void test_mld_version(void)
{
	NET_EXP_EQ(br_attr(IFLA_BR_MCAST_MLD_VERSION), 1,
		   "mld_version by default");
	TST_EXP_EQ_LI(net_br_set(br, IFLA_BR_MCAST_MLD_VERSION, 1, 2), 0);
	NET_EXP_EQ(br_attr(IFLA_BR_MCAST_MLD_VERSION), 2,
		   "mld_version 2 read back");
	TST_EXP_EQ_LI(net_br_set(br, IFLA_BR_MCAST_MLD_VERSION, 1, 3), -EINVAL);
	TST_EXP_EQ_LI(net_br_set(br, IFLA_BR_MCAST_MLD_VERSION, 1, 0), -EINVAL);
	NET_EXP_EQ(br_attr(IFLA_BR_MCAST_MLD_VERSION), 2,
		   "mld_version kept after EINVAL");
	TST_EXP_EQ_LI(net_br_set(br, IFLA_BR_MCAST_MLD_VERSION, 1, 1), 0);
	NET_EXP_EQ(br_attr(IFLA_BR_MCAST_MLD_VERSION), 1,
		   "mld_version 1 read back");
}

static void test_snooping(void)
{
	long long end;
	struct mc_seen s;
	int st;

	membership(IPV6_ADD_MEMBERSHIP);
	st = mdb_wait(GROUP, pb, MDB_TEMPORARY, net_ms(10000));
	NET_EXP_EQ(st, MDB_TEMPORARY, GROUP " learnt on pb (state)");
	NET_EXP_EQ(mdb_find(GROUP, pc), -1, GROUP " not on pc");
	NET_EXP_EQ(mdb_find(GROUP, pa), -1, GROUP " not on pa");

	/*
	 * For a query response interval after the querier was turned on
	 * the bridge floods every group: wait until it stops, bounded.
	 */
	end = tst_mono_ms() + net_ms(10000);
	do {
		send_group(GROUP, 'w', 1, &s);
	} while (s.c && tst_mono_ms() < end);
	if (s.c) {
		tst_res(TFAIL, GROUP " still flooded to pc after %d ms",
			net_ms(10000));
		return;
	}
	send_group(GROUP, 'g', 5, &s);
	mc_expect("joined group, 5 datagrams", &s, 0, 5, 5);
	send_group(UNREG, 'u', 1, &s);
	mc_expect("unregistered group, querier on", &s, 0, 0, 0);
}

static void test_leave(void)
{
	long long t0;
	struct mc_seen s;
	int st;

	RTNL_SAFE(net_br_set(br, IFLA_BR_MCAST_LAST_MEMBER_CNT, 4, 2));
	RTNL_SAFE(net_br_set(br, IFLA_BR_MCAST_LAST_MEMBER_INTVL, 8, 100));
	membership(IPV6_DROP_MEMBERSHIP);
	st = mdb_wait(GROUP, pb, -1, net_ms(30000));
	NET_EXP_EQ(st, -1, "pb's entry after the leave");
	send_group(GROUP, 'l', 1, &s);
	mc_expect("left group", &s, 0, 0, 0);

	RTNL_SAFE(net_brport_set(pb, IFLA_BRPORT_FAST_LEAVE, 1));
	NET_EXP_EQ(port_attr(pb, IFLA_BRPORT_FAST_LEAVE), 1,
		   "pb FAST_LEAVE read back");
	RTNL_SAFE(net_br_set(br, IFLA_BR_MCAST_LAST_MEMBER_INTVL, 8, 1000));
	membership(IPV6_ADD_MEMBERSHIP);
	st = mdb_wait(GROUP, pb, MDB_TEMPORARY, net_ms(10000));
	NET_EXP_EQ(st, MDB_TEMPORARY, GROUP " learnt on pb again");
	t0 = tst_mono_ms();
	membership(IPV6_DROP_MEMBERSHIP);
	/* without fast leave it would stay 2 x 10 s */
	st = mdb_wait(GROUP, pb, -1, 10000);
	if (st == -1)
		tst_res(TPASS, "fast leave: entry gone after %lld ms",
			tst_mono_ms() - t0);
	else
		tst_res(TFAIL, "fast leave: entry still there after 10 s");
}

static void test_flood(void)
{
	struct mc_seen s;

	RTNL_SAFE(net_br_set(br, IFLA_BR_MCAST_QUERIER, 1, 0));
	NET_EXP_EQ(br_attr(IFLA_BR_MCAST_QUERIER), 0, "querier off read back");
	send_group(UNREG, 'f', 1, &s);
	mc_expect("unregistered group, no querier", &s, 1, 1, 0);
	RTNL_SAFE(net_brport_set(pc, IFLA_BRPORT_MCAST_FLOOD, 0));
	NET_EXP_EQ(port_attr(pc, IFLA_BRPORT_MCAST_FLOOD), 0,
		   "pc MCAST_FLOOD read back");
	send_group(UNREG, 'n', 1, &s);
	mc_expect("unregistered group, no querier, pc mcast_flood off", &s, 0,
	       1, 0);
}

/* Wait (bounded) until the current host's dev has a link-local address. */
static void wait_lladdr(const char *dev)
{
	long long end = tst_mono_ms() + net_ms(10000);

	for (;;) {
		struct ifaddrs *ifa, *i;
		int found = 0;

		if (getifaddrs(&ifa))
			tst_brk(TBROK | TERRNO, "getifaddrs()");
		for (i = ifa; i; i = i->ifa_next) {
			const unsigned char *b;

			if (!i->ifa_addr || i->ifa_addr->sa_family != AF_INET6 ||
			    strcmp(i->ifa_name, dev))
				continue;
			b = ((struct sockaddr_in6 *)i->ifa_addr)->sin6_addr.s6_addr;
			found |= b[0] == 0xfe && (b[1] & 0xc0) == 0x80;
		}
		freeifaddrs(ifa);
		if (found)
			return;
		if (tst_mono_ms() > end)
			tst_brk(TBROK, "no link-local address on %s", dev);
		usleep(10000);
	}
}

static void setup(void)
{
	struct sockaddr_in6 any = { .sin6_family = AF_INET6,
				    .sin6_port = htons(PORT) };
	struct in6_addr a;
	struct mc_seen s;
	int i;

	sock_pin_cpu();
	net_three_hosts(1);
	net_enter(NET_A);
	RTNL_SAFE(rtnl_veth_add("net0", "pa", net_nsfd[NET_R]));
	tx_if = rtnl_ifindex("net0");
	RTNL_SAFE(rtnl_link_up(tx_if));
	ip6("fd99:1::1", &a);
	RTNL_SAFE(rtnl_addr_add(tx_if, AF_INET6, &a, 64, IFA_F_NODAD));
	net_mac_of("net0", mac_a);
	tx = SAFE_SOCKET(AF_INET6, SOCK_DGRAM, 0);
	tx_raw = SAFE_SOCKET(AF_PACKET, SOCK_RAW, 0);
	if (setsockopt(tx, IPPROTO_IPV6, IPV6_MULTICAST_IF, &tx_if,
		       sizeof(tx_if)))
		tst_brk(TBROK | TERRNO, "setsockopt(IPV6_MULTICAST_IF)");

	net_enter(NET_R);
	RTNL_SAFE(rtnl_veth_add("pb", "net0", net_nsfd[NET_B]));
	net_bridge_pa_pb(&br, &pa, &pb);
	cap_c = net_bridge_tap_port(br, &pc, &tapc);

	/*
	 * MLDv1 from the join on, for the reason net_bridge_mcast01 forces
	 * IGMPv2: a host in v2 mode that switched to v1 on the bridge's
	 * query sends no done message unless it was the last reporter.
	 */
	net_sysctl(NET_B, "net/ipv6/conf/net0/force_mld_version", "1");
	RTNL_SAFE(rtnl_link_up(rtnl_ifindex("net0")));
	ip6("fd99:1::2", &a);
	RTNL_SAFE(rtnl_addr_add(rtnl_ifindex("net0"), AF_INET6, &a, 64,
				IFA_F_NODAD));
	cap_b = net_pkt_sock(NET_B, "net0", ETH_P_ALL);
	rxb = SAFE_SOCKET(AF_INET6, SOCK_DGRAM, 0);
	if (bind(rxb, (struct sockaddr *)&any, sizeof(any)))
		tst_brk(TBROK | TERRNO, "bind([::]:%d)", PORT);
	wait_lladdr("net0");

	NET_EXP_EQ(br_attr(IFLA_BR_MCAST_SNOOPING), 1,
		   "br0 mcast_snooping by default");
	RTNL_SAFE(net_br_set(br, IFLA_BR_MCAST_QUERY_RESPONSE_INTVL, 8, 100));
	RTNL_SAFE(net_br_set(br, IFLA_BR_MCAST_QUERIER, 1, 1));
	NET_EXP_EQ(br_attr(IFLA_BR_MCAST_QUERIER), 1,
		   "br0 mcast_querier read back");

	/*
	 * Until the link watch has given the veths their qdiscs and the
	 * bridge has enabled its ports, datagrams are lost: retry.
	 */
	for (i = 0; i < 60; i++) {
		send_tag6("ff02::1", 'x');
		if (net_poll(rxb, POLLIN, 250))
			break;
	}
	if (i == 60)
		tst_brk(TBROK, "no datagram to ff02::1 arrived in 60 tries");
	/* tapc may start later: one full round, then a clean slate */
	send_group(UNREG, 'x', 1, &s);
}

static void run(void)
{
	test_mld_version();
	test_snooping();
	test_leave();
	test_flood();
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.timeout = 120,
};
