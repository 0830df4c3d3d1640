// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Bonding failover on carrier loss with a primary slave: an active-backup
 * bond0 (miimon 10, num_grat_arp 1, primary a1) in the local host over a1
 * and a2, whose peers pa and pb are the ports of a bridge in the remote
 * host (10.99.3.1 and 10.99.3.2, IPv6 off, neighbours pinned).
 * - primary, primary_reselect and num_grat_arp read back over IFLA_BOND_*
 *   and in /proc/net/bonding/bond0 ("Primary Slave: a1 (primary_reselect
 *   always)"); a1 active, a2 backup;
 * - pa down (carrier loss on a1): a2 becomes active (netlink and /proc),
 *   a1's MII down and its link failure count 1; the new active slave sends
 *   exactly 1 gratuitous ARP (request, sender = target = 10.99.3.1 with
 *   the bond's MAC) seen on pb; datagrams leave by a2 only, all arrive;
 *   (num_grat_arp 1 and 0 only: by the source of 6.1 and 6.12, with more
 *   the miimon pass that made the change spends one notification without
 *   sending it; not asserted)
 * - primary_reselect always: pa up brings a1 back as the active slave;
 * - better (equal veth speed and duplex): after a second failure (count 2,
 *   num_grat_arp 0 read back: no gratuitous ARP at all) a1 returns as a
 *   backup and a2 stays active; failure: setting it keeps a2; always
 *   again: a1 at once; primary a2: a2 at once.
 * Each path check sends 5 datagrams and a sentinel: all 5 arrive, the
 * backup slave's tx_packets do not move.
 */
#include <linux/if_packet.h>
#include <linux/if_ether.h>
#include <netinet/if_ether.h>
#include "tst_test.h"
#include "net_hosts.h"
#include "net_bond.h"

#define PORT 9000
#define NGRAT 1

/* primary_reselect values (RESELECT_* of include/net/bonding.h) */
enum { RESELECT_ALWAYS, RESELECT_BETTER, RESELECT_FAILURE };

static int a1, a2, bond, rfd;
static unsigned char bond_mac[6];

/* One option of the existing bond0 (changelink). */
static int bond_opt(int type, const void *val, int len)
{
	static struct rtnl_msg m;

	net_enter(NET_A);
	rtnl_link_msg(&m, RTM_NEWLINK, 0, bond, NULL);
	rtnl_nest(&m, IFLA_LINKINFO);
	rtnl_put_str(&m, IFLA_INFO_KIND, "bond");
	rtnl_nest(&m, IFLA_INFO_DATA);
	rtnl_put(&m, type, val, len);
	return rtnl_newlink_end(&m);
}

static void set_reselect(uint8_t v, const char *name)
{
	char line[96];
	long long got;

	RTNL_SAFE(bond_opt(IFLA_BOND_PRIMARY_RESELECT, &v, 1));
	RTNL_SAFE(rtnl_link_info_attr(bond, IFLA_INFO_DATA,
				      IFLA_BOND_PRIMARY_RESELECT, &got));
	NET_EXP_EQ(got, v, "IFLA_BOND_PRIMARY_RESELECT read back");
	snprintf(line, sizeof(line), "Primary Slave: a1 (primary_reselect %s)\n",
		 name);
	if (proc_has_line(line))
		tst_res(TPASS, "/proc/net/bonding/bond0: %.*s", (int)strlen(line) - 1,
			line);
	else
		tst_res(TFAIL, "/proc/net/bonding/bond0 has no line '%.*s'",
			(int)strlen(line) - 1, line);
}

static long long tx_of(int ifindex)
{
	struct rtnl_link_info li;

	net_enter(NET_A);
	RTNL_SAFE(rtnl_link_get(ifindex, NULL, &li));
	return li.stats.tx_packets;
}

/* 5 datagrams and a sentinel: all arrive, none leaves by the backup. */
static void check_path(int active, int backup, const char *name)
{
	long long tb = tx_of(backup), ta = tx_of(active);
	int fd = net_socket(NET_A, AF_INET, SOCK_DGRAM), i, n;

	for (i = 0; i < 5; i++)
		net_send_tag4(fd, "10.99.3.2", PORT, 'd');
	net_send_tag4(fd, "10.99.3.2", PORT, 's');
	n = net_count_tags_until(rfd, 'd', 's');
	SAFE_CLOSE(fd);
	if (n == 5 && tx_of(backup) == tb && tx_of(active) - ta >= 6)
		tst_res(TPASS, "5 datagrams arrived through %s, none by the backup",
			name);
	else
		tst_res(TFAIL, "through %s: %d of 5 arrived, backup tx + %lld, active tx + %lld",
			name, n, tx_of(backup) - tb, tx_of(active) - ta);
}

static void expect_active(int want, const char *name, const char *why)
{
	struct binfo b;
	char line[64];

	binfo_get(bond, &b);
	snprintf(line, sizeof(line), "Currently Active Slave: %s\n", name);
	if (b.active == want && proc_has_line(line))
		tst_res(TPASS, "%s: %s active (netlink and /proc)", why, name);
	else
		tst_res(TFAIL, "%s: active slave ifindex %d, expected %d (%s)",
			why, b.active, want, name);
}

/* Remote port (pa, pb) down or up; bounded wait for the bond's answer. */
static void remote_port(const char *port, int up)
{
	net_enter(NET_B);
	RTNL_SAFE(rtnl_link_set(rtnl_ifindex(port), up ? IFF_UP : 0, IFF_UP,
				0));
	if (up) {
		net_wait_oper_up(NET_B, port);
		net_wait_oper_up(NET_A, port[1] == 'a' ? "a1" : "a2");
	}
	net_enter(NET_A);
}

/*
 * A packet socket on a remote port: ETH_P_ALL, as the bridge's rx handler
 * takes the frames before sockets of one protocol on the port see them.
 */
static int arp_capture(const char *port)
{
	struct sockaddr_ll sll = { .sll_family = AF_PACKET,
				   .sll_protocol = htons(ETH_P_ALL) };
	int fd = net_socket(NET_B, AF_PACKET, SOCK_DGRAM);

	sll.sll_ifindex = rtnl_ifindex(port);
	if (bind(fd, (struct sockaddr *)&sll, sizeof(sll)))
		tst_brk(TBROK | TERRNO, "bind(AF_PACKET, %s)", port);
	return fd;
}

/* Gratuitous ARP requests of the bond read from fd within ms (scaled). */
static int count_grat(int fd, int ms)
{
	long long end = tst_mono_ms() + net_ms(ms);
	struct ether_arp a;
	struct sockaddr_ll from;
	socklen_t fl;
	uint32_t ip = htonl(0x0a630301);
	int n = 0;

	while (tst_mono_ms() < end) {
		if (!(net_poll(fd, POLLIN, 100) & POLLIN))
			continue;
		fl = sizeof(from);
		/* a frame may come padded to the Ethernet minimum */
		if (recvfrom(fd, &a, sizeof(a), MSG_DONTWAIT | MSG_TRUNC,
			     (struct sockaddr *)&from, &fl) < (ssize_t)sizeof(a) ||
		    from.sll_pkttype == PACKET_OUTGOING ||
		    from.sll_protocol != htons(ETH_P_ARP))
			continue;
		n += ntohs(a.ea_hdr.ar_op) == ARPOP_REQUEST &&
		     !memcmp(a.arp_spa, &ip, 4) && !memcmp(a.arp_tpa, &ip, 4) &&
		     !memcmp(a.arp_sha, bond_mac, 6);
	}
	return n;
}

static void setup_hosts(void)
{
	struct rtnl_link_info li;
	unsigned char br_mac[6];
	int br, pa, pb, ret, i;
	uint8_t u8;
	uint32_t u32;

	net_ns_new(NET_B);
	net_ns_new(NET_A);
	for (i = NET_A; i <= NET_B; i++) {
		net_sysctl(i, "net/ipv6/conf/all/disable_ipv6", "1");
		net_sysctl(i, "net/ipv6/conf/default/disable_ipv6", "1");
	}
	net_enter(NET_A);
	ret = bond_add(BOND_MODE_ACTIVEBACKUP);
	if (ret == -EOPNOTSUPP)
		tst_brk(TCONF, "no bond link kind (bonding module missing)");
	RTNL_SAFE(ret);
	bond = rtnl_ifindex("bond0");
	RTNL_SAFE(rtnl_veth_add("a1", "pa", net_nsfd[NET_B]));
	RTNL_SAFE(rtnl_veth_add("a2", "pb", net_nsfd[NET_B]));
	a1 = rtnl_ifindex("a1");
	a2 = rtnl_ifindex("a2");
	RTNL_SAFE(rtnl_link_master(a1, bond));
	RTNL_SAFE(rtnl_link_master(a2, bond));
	u32 = a1;
	RTNL_SAFE(bond_opt(IFLA_BOND_PRIMARY, &u32, 4));
	u8 = NGRAT;
	RTNL_SAFE(bond_opt(IFLA_BOND_NUM_PEER_NOTIF, &u8, 1));
	RTNL_SAFE(rtnl_link_up(bond));
	net_addr4("bond0", "10.99.3.1");
	RTNL_SAFE(rtnl_link_get(bond, NULL, &li));
	memcpy(bond_mac, li.addr, 6);

	net_enter(NET_B);
	net_bridge_pa_pb(&br, &pa, &pb);
	net_addr4("br0", "10.99.3.2");
	net_mac_of("br0", br_mac);
	net_pin4("br0", "10.99.3.1", bond_mac);
	net_enter(NET_A);
	net_pin4("bond0", "10.99.3.2", br_mac);
	net_wait_oper_up(NET_B, "pa");
	net_wait_oper_up(NET_B, "pb");
	net_wait_oper_up(NET_A, "a1");
	net_wait_oper_up(NET_A, "a2");
	net_wait_oper_up(NET_B, "br0");
	if (!wait_bond(a1, a2, BOND_LINK_UP))
		tst_brk(TBROK, "bond0: a1 not active with a2 up");
	rfd = net_socket(NET_B, AF_INET, SOCK_DGRAM);
	{
		struct sockaddr_in sin = { .sin_family = AF_INET,
					   .sin_port = htons(PORT) };

		net_ipv4("10.99.3.2", &sin.sin_addr);
		if (bind(rfd, (struct sockaddr *)&sin, sizeof(sin)))
			tst_brk(TBROK | TERRNO, "bind(10.99.3.2:%d)", PORT);
	}
}

static void run(void)
{
	struct binfo s1;
	long long v;
	int cap, n;
	uint32_t u32;
	uint8_t u8;

	setup_hosts();
	net_enter(NET_A);
	RTNL_SAFE(rtnl_link_info_attr(bond, IFLA_INFO_DATA, IFLA_BOND_PRIMARY,
				      &v));
	NET_EXP_EQ(v, a1, "IFLA_BOND_PRIMARY (a1's ifindex)");
	RTNL_SAFE(rtnl_link_info_attr(bond, IFLA_INFO_DATA,
				      IFLA_BOND_NUM_PEER_NOTIF, &v));
	NET_EXP_EQ(v, NGRAT, "IFLA_BOND_NUM_PEER_NOTIF");
	set_reselect(RESELECT_ALWAYS, "always");
	binfo_get(a2, &s1);
	NET_EXP_EQ(s1.state, BOND_STATE_BACKUP, "a2 slave state");
	check_path(a1, a2, "a1");

	/* carrier loss on the active slave */
	cap = arp_capture("pb");
	remote_port("pa", 0);
	if (!wait_bond(a2, a1, BOND_LINK_DOWN))
		tst_res(TFAIL, "a2 not active with a1 down");
	expect_active(a2, "a2", "a1's carrier lost");
	binfo_get(a1, &s1);
	NET_EXP_EQ(s1.fail, 1, "a1 link failure count");
	/* sent at the change itself; 2 s (scaled) for it and for no second */
	n = count_grat(cap, 2000);
	NET_EXP_EQ(n, NGRAT, "gratuitous ARPs of the bond on pb");
	SAFE_CLOSE(cap);
	check_path(a2, a1, "a2");

	/* always: the primary takes over as soon as it is back */
	remote_port("pa", 1);
	if (!wait_bond(a1, a1, BOND_LINK_UP))
		tst_res(TFAIL, "a1 not active again with primary_reselect always");
	expect_active(a1, "a1", "a1 back, primary_reselect always");
	check_path(a1, a2, "a1");

	/* better, equal speed and duplex: the current one stays */
	set_reselect(RESELECT_BETTER, "better");
	u8 = 0;
	RTNL_SAFE(bond_opt(IFLA_BOND_NUM_PEER_NOTIF, &u8, 1));
	RTNL_SAFE(rtnl_link_info_attr(bond, IFLA_INFO_DATA,
				      IFLA_BOND_NUM_PEER_NOTIF, &v));
	NET_EXP_EQ(v, 0, "IFLA_BOND_NUM_PEER_NOTIF");
	cap = arp_capture("pb");
	remote_port("pa", 0);
	if (!wait_bond(a2, a1, BOND_LINK_DOWN))
		tst_res(TFAIL, "a2 not active with a1 down");
	binfo_get(a1, &s1);
	NET_EXP_EQ(s1.fail, 2, "a1 link failure count");
	NET_EXP_EQ(count_grat(cap, 2000), 0,
		   "gratuitous ARPs on pb with num_grat_arp 0");
	SAFE_CLOSE(cap);
	remote_port("pa", 1);
	/* the MII commit that marks a1 up reselects under the same RTNL */
	if (!wait_bond(a2, a1, BOND_LINK_UP))
		tst_res(TFAIL, "a1's MII not up again");
	expect_active(a2, "a2", "a1 back, primary_reselect better, equal links");
	binfo_get(a1, &s1);
	NET_EXP_EQ(s1.state, BOND_STATE_BACKUP, "a1 slave state");
	check_path(a2, a1, "a2");

	/* failure: setting it reselects, and keeps the current one */
	set_reselect(RESELECT_FAILURE, "failure");
	expect_active(a2, "a2", "primary_reselect failure set");
	/* always: setting it reselects the primary at once */
	set_reselect(RESELECT_ALWAYS, "always");
	expect_active(a1, "a1", "primary_reselect always set");
	check_path(a1, a2, "a1");
	/* a new primary is made active at once */
	u32 = a2;
	RTNL_SAFE(bond_opt(IFLA_BOND_PRIMARY, &u32, 4));
	expect_active(a2, "a2", "primary set to a2");
	check_path(a2, a1, "a2");
	SAFE_CLOSE(rfd);
}

static struct tst_test test = {
	.test_all = run,
	.needs_root = 1,
	.timeout = 120,
};
