// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * nf_tables tables of the ip, ip6, netdev and bridge families (the other
 * netfilter tests hook inet tables), over nfnetlink with no userland
 * tool. Local and remote are joined through a bridge (br0) in a third
 * namespace, whose forward hook has a bridge table; the remote has a
 * netdev table on the ingress of its net0 and an ip and an ip6 table,
 * all three named alike, on its input hook:
 * - every counter holds exactly the datagrams of its family and port
 *   and their IP lengths (payload + 8 + 20 / 40 bytes): the bridge's
 *   rules (ethertype IPv4 in on the local's port and out on the
 *   remote's; ethertype IPv6) 3 and 4, netdev ingress both families (7),
 *   the ip table the IPv4 ones only (3) and the ip6 table the IPv6 ones
 *   only (4), and the 7 datagrams arrive;
 * - a drop in each family stops its packets there and only there: the
 *   bridge drops IPv4 and IPv6 datagrams to its port (3 counted, none
 *   reaches the remote); the netdev ingress drop of IPv4 datagrams
 *   comes before the ip table (its counter for that port stays 0); the
 *   ip table's drop leaves IPv6 datagrams to the same port to the ip6
 *   table, which counts and delivers them;
 * - NFTA_HOOK_DEV on an ip chain EOPNOTSUPP, a netdev chain on a missing
 *   device ENOENT, a netdev filter chain on hook 7 EOPNOTSUPP;
 * - the tables of one name in three families are distinct: deleting the
 *   ip table leaves GETTABLE ENOENT for ip and 0 for ip6 and netdev, and
 *   IPv4 traffic to the formerly dropped port arrives.
 */
#include <linux/if_ether.h>
#include "tst_test.h"
#include "net_hosts.h"
#include "net_nft.h"
#include "socket_helpers.h"
/* after the C library's netinet/in.h, which linux/in.h then defers to */
#include <linux/netfilter_bridge.h>

#define TABLE "ltp_family"
#define PAYLOAD 100

enum { PT_ALL, PT_BR, PT_ND, PT_IP, PT_MARK, NPORTS };

static struct nft_batch b;
static char buf[PAYLOAD];
static struct sockaddr_storage to[2][NPORTS];
static int rx[2][NPORTS], tx[2];

static void match_ethertype(uint16_t type)
{
	uint16_t v = htons(type);

	nft_meta(&b, NFT_META_PROTOCOL, NFT_REG_1);
	nft_cmp(&b, NFT_REG_1, NFT_CMP_EQ, &v, 2);
}

static unsigned short port(int p)
{
	return net_port(&to[0][p]);
}

/* A rule: [ethertype] [iif, oif] udp dport port counter [drop]. */
static void rule(const char *chain, int ethertype, const char *iif,
		 const char *oif, int p, int drop)
{
	nft_rule_begin(&b, chain, 0);
	if (ethertype)
		match_ethertype(ethertype);
	if (iif)
		nft_match_ifname(&b, NFT_META_IIFNAME, iif);
	if (oif)
		nft_match_ifname(&b, NFT_META_OIFNAME, oif);
	nft_match_l4dport(&b, IPPROTO_UDP, port(p));
	nft_counter(&b);
	if (drop)
		nft_verdict(&b, NF_DROP, NULL);
	nft_rule_end(&b);
}

static void tables(void)
{
	net_enter(NET_R);
	nft_begin(&b, NFPROTO_BRIDGE, TABLE);
	nft_add_table(&b, 0);
	nft_add_chain(&b, "fwd", "filter", NF_BR_FORWARD, 0, NF_ACCEPT, 0);
	rule("fwd", ETH_P_IP, "pa", "pb", PT_ALL, 0);
	rule("fwd", ETH_P_IPV6, NULL, NULL, PT_ALL, 0);
	rule("fwd", 0, NULL, NULL, PT_BR, 1);
	/* meta in a bridge table asks for the bridge family's meta module */
	if (nft_commit(&b) == -ENOENT && b.err[0] == 0 && b.err[1] == 0 &&
	    b.err[2] == -ENOENT)
		tst_brk(TCONF, "no meta expression for bridge tables (nft_meta_bridge missing)");
	if (b.err[0] || b.err[1] || b.err[2] || b.err[3] || b.err[4])
		tst_brk(TBROK, "bridge table: %s, %s, %s, %s, %s",
			tst_strerrno(-b.err[0]), tst_strerrno(-b.err[1]),
			tst_strerrno(-b.err[2]), tst_strerrno(-b.err[3]),
			tst_strerrno(-b.err[4]));

	net_enter(NET_B);
	nft_begin(&b, NFPROTO_NETDEV, TABLE);
	nft_add_table(&b, 0);
	nft_add_chain_dev(&b, "ing", "filter", NF_NETDEV_INGRESS, 0,
			  NF_ACCEPT, "net0");
	rule("ing", 0, NULL, NULL, PT_ALL, 0);
	rule("ing", ETH_P_IP, NULL, NULL, PT_ND, 1);
	nft_commit_safe(&b, "netdev table");

	nft_begin(&b, NFPROTO_IPV4, TABLE);
	nft_add_table(&b, 0);
	nft_add_chain(&b, "in", "filter", NF_INET_LOCAL_IN, 0, NF_ACCEPT, 0);
	rule("in", 0, NULL, NULL, PT_ALL, 0);
	rule("in", 0, NULL, NULL, PT_ND, 0);
	rule("in", 0, NULL, NULL, PT_IP, 1);
	nft_commit_safe(&b, "ip table");

	nft_begin(&b, NFPROTO_IPV6, TABLE);
	nft_add_table(&b, 0);
	nft_add_chain(&b, "in", "filter", NF_INET_LOCAL_IN, 0, NF_ACCEPT, 0);
	rule("in", 0, NULL, NULL, PT_ALL, 0);
	rule("in", 0, NULL, NULL, PT_IP, 0);
	nft_commit_safe(&b, "ip6 table");
}

/* Rule idx of chain in host h has counted exactly pk packets, by bytes. */
static void check(int h, int family, const char *chain, int idx, long long pk,
		  long long by, const char *what)
{
	struct nft_rule_info r[4];
	const struct nft_expr_info *c;
	int n;

	net_enter(h);
	n = nft_rules(family, TABLE, chain, r, 4);
	if (n <= idx)
		tst_brk(TBROK, "%s: %d rules in chain %s", what, n, chain);
	c = nft_rule_expr(&r[idx], "counter");
	if (!c)
		tst_brk(TBROK, "%s: no counter in the dump", what);
	if ((long long)c->packets == pk && (long long)c->bytes == by)
		tst_res(TPASS, "%s: %lld packets, %lld bytes", what, pk, by);
	else
		tst_res(TFAIL, "%s: %llu packets, %llu bytes, expected %lld and %lld",
			what, (unsigned long long)c->packets,
			(unsigned long long)c->bytes, pk, by);
}

static long long len(int f)
{
	return PAYLOAD + 8 + (f ? 40 : 20);
}

static void send_n(int f, int p, int n)
{
	int i;

	for (i = 0; i < n; i++)
		if (sendto(tx[f], buf, PAYLOAD, 0,
			   (struct sockaddr *)&to[f][p], sizeof(to[f][p])) !=
		    PAYLOAD)
			tst_brk(TBROK | TERRNO, "sendto()");
}

/* n datagrams arrive at port p of family f. */
static void arrive(int f, int p, int n, const char *what)
{
	static char rbuf[PAYLOAD + 1];
	int got = 0;

	while (got < n && net_poll(rx[f][p], POLLIN, 10000) &&
	       recv(rx[f][p], rbuf, sizeof(rbuf), MSG_DONTWAIT) == PAYLOAD)
		got++;
	NET_EXP_EQ(got, n, what);
}

/* A datagram to the marker port behind the others, then none at p. */
static void none(int f, int p, const char *what)
{
	send_n(f, PT_MARK, 1);
	arrive(f, PT_MARK, 1, "marker datagram behind the dropped ones");
	NET_EXP_EQ(net_poll(rx[f][p], POLLIN, 0), 0, what);
}

static void errors(void)
{
	net_enter(NET_B);
	nft_begin(&b, NFPROTO_IPV4, TABLE);
	nft_add_chain_dev(&b, "bad", "filter", NF_INET_LOCAL_IN, 0, NF_ACCEPT,
			  "net0");
	nft_exp(nft_commit(&b), -EOPNOTSUPP, "ip chain with NFTA_HOOK_DEV");
	nft_begin(&b, NFPROTO_NETDEV, TABLE);
	nft_add_chain_dev(&b, "bad", "filter", NF_NETDEV_INGRESS, 0,
			  NF_ACCEPT, "nosuchdev0");
	nft_exp(nft_commit(&b), -ENOENT, "netdev chain on a missing device");
	nft_begin(&b, NFPROTO_NETDEV, TABLE);
	nft_add_chain_dev(&b, "bad", "filter", 7, 0, NF_ACCEPT, "net0");
	nft_exp(nft_commit(&b), -EOPNOTSUPP, "netdev filter chain on hook 7");
}

static void run(void)
{
	tables();
	errors();

	send_n(0, PT_ALL, 3);
	send_n(1, PT_ALL, 4);
	arrive(0, PT_ALL, 3, "IPv4 datagrams through all four tables");
	arrive(1, PT_ALL, 4, "IPv6 datagrams through all four tables");
	check(NET_R, NFPROTO_BRIDGE, "fwd", 0, 3, 3 * len(0),
	      "bridge: IPv4, in pa, out pb");
	check(NET_R, NFPROTO_BRIDGE, "fwd", 1, 4, 4 * len(1), "bridge: IPv6");
	check(NET_B, NFPROTO_NETDEV, "ing", 0, 7, 3 * len(0) + 4 * len(1),
	      "netdev ingress: both families");
	check(NET_B, NFPROTO_IPV4, "in", 0, 3, 3 * len(0), "ip input");
	check(NET_B, NFPROTO_IPV6, "in", 0, 4, 4 * len(1), "ip6 input");

	send_n(0, PT_BR, 2);
	send_n(1, PT_BR, 1);
	none(0, PT_BR, "IPv4 datagrams through the bridge's drop (poll)");
	none(1, PT_BR, "IPv6 datagram through the bridge's drop (poll)");
	check(NET_R, NFPROTO_BRIDGE, "fwd", 2, 3, 2 * len(0) + len(1),
	      "bridge drop rule");

	send_n(0, PT_ND, 2);
	none(0, PT_ND, "IPv4 datagrams through the netdev drop (poll)");
	check(NET_B, NFPROTO_NETDEV, "ing", 1, 2, 2 * len(0),
	      "netdev ingress drop rule");
	check(NET_B, NFPROTO_IPV4, "in", 1, 0, 0,
	      "ip input behind the netdev drop");

	send_n(0, PT_IP, 2);
	none(0, PT_IP, "IPv4 datagrams through the ip table's drop (poll)");
	send_n(1, PT_IP, 2);
	arrive(1, PT_IP, 2, "IPv6 datagrams to the ip table's drop port");
	check(NET_B, NFPROTO_IPV4, "in", 2, 2, 2 * len(0), "ip drop rule");
	check(NET_B, NFPROTO_IPV6, "in", 1, 2, 2 * len(1),
	      "ip6 rule for the ip table's drop port");

	net_enter(NET_B);
	nft_begin(&b, NFPROTO_IPV4, TABLE);
	nft_del_table(&b, 0);
	nft_exp(nft_commit(&b), 0, "DELTABLE of the ip table");
	nft_exp(nft_get_table(NFPROTO_IPV4, TABLE), -ENOENT,
		"GETTABLE ip after its deletion");
	nft_exp(nft_get_table(NFPROTO_IPV6, TABLE), 0,
		"GETTABLE ip6 of the same name");
	nft_exp(nft_get_table(NFPROTO_NETDEV, TABLE), 0,
		"GETTABLE netdev of the same name");
	send_n(0, PT_IP, 1);
	arrive(0, PT_IP, 1, "IPv4 datagram to the port the ip table dropped");

	net_enter(NET_B);
	nft_begin(&b, NFPROTO_IPV6, TABLE);
	nft_del_table(&b, 0);
	nft_commit_safe(&b, "DELTABLE ip6");
	nft_begin(&b, NFPROTO_NETDEV, TABLE);
	nft_del_table(&b, 0);
	nft_commit_safe(&b, "DELTABLE netdev");
	net_enter(NET_R);
	nft_begin(&b, NFPROTO_BRIDGE, TABLE);
	nft_del_table(&b, 0);
	nft_commit_safe(&b, "DELTABLE bridge");
}

static void setup(void)
{
	int br, pa, pb, f, p;

	sock_pin_cpu();
	net_ns_new(NET_B);
	net_ns_new(NET_R);
	net_ns_new(NET_A);
	RTNL_SAFE(rtnl_veth_add("net0", "pa", net_nsfd[NET_R]));
	RTNL_SAFE(rtnl_link_up(rtnl_ifindex("net0")));
	net_addrs("net0", 1, 1);

	net_enter(NET_R);
	RTNL_SAFE(rtnl_veth_add("pb", "net0", net_nsfd[NET_B]));
	net_bridge_pa_pb(&br, &pa, &pb);

	net_enter(NET_B);
	RTNL_SAFE(rtnl_link_up(rtnl_ifindex("net0")));
	net_addrs("net0", 1, 2);
	/* no STP: the ports forward at once */
	net_check_tcp(NET_A, NET_B);

	for (f = 0; f < 2; f++) {
		for (p = 0; p < NPORTS; p++)
			rx[f][p] = net_bound(NET_B, f ? AF_INET6 : AF_INET,
					     SOCK_DGRAM, &to[f][p]);
		tx[f] = net_bound(NET_A, f ? AF_INET6 : AF_INET, SOCK_DGRAM,
				  NULL);
	}
	/* the IPv6 ports are the IPv4 ones: one port number, two families */
	for (p = 0; p < NPORTS; p++) {
		struct sockaddr_storage ss = to[0][p];
		socklen_t l = net_addr(NET_B, AF_INET6, port(p), &ss);

		close(rx[1][p]);
		rx[1][p] = net_socket(NET_B, AF_INET6, SOCK_DGRAM);
		if (bind(rx[1][p], (struct sockaddr *)&ss, l))
			tst_brk(TBROK | TERRNO, "bind(IPv6 port %u)", port(p));
		to[1][p] = ss;
	}
	net_enter(NET_A);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.timeout = 60,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_NF_TABLES", "CONFIG_NF_TABLES_IPV4",
		"CONFIG_NF_TABLES_IPV6", "CONFIG_NF_TABLES_NETDEV",
		"CONFIG_NF_TABLES_BRIDGE", NULL
	},
};
