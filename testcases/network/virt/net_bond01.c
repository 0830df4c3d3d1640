// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Bonding between two namespaces joined by two veth pairs (a1-b1,
 * a2-b2); the remote side bonds b1 and b2 in broadcast mode (it sends
 * on every slave that is up and takes frames from all), IPv6 off and
 * static ARP entries on both sides:
 * - enslaving errors: mode 7 EINVAL; a slave that is up EPERM ("Device
 *   can not be enslaved while up"), the bond to itself EPERM, a device
 *   whose rx handler a macvlan holds EBUSY ("Device is in use");
 * - active-backup with miimon 10: a1 is the active slave
 *   (IFLA_BOND_ACTIVE_SLAVE, slave state ACTIVE, a2 BACKUP, both MII
 *   up); a 512 KiB TCP stream from the bond to the remote host, during
 *   which b1 goes down: the bond makes a2 active (a1 MII down, its link
 *   failure count 1, /proc/net/bonding/bond0 names a2), the stream
 *   arrives byte for byte; b1 up again: a1 comes back as a backup and a2
 *   stays active (no primary);
 * - deleting the bond releases both slaves (no master);
 * - balance-rr: 100 datagrams from the bond leave 50 on each slave
 *   (IFLA_STATS64 tx_packets) and all 100 arrive.
 */
#include "tst_test.h"
#include "net_hosts.h"
#include "cpu_pin.h"
#include "net_bond.h"

#define CHUNK 16384
#define NCHUNK 32
#define NDGRAM 100

static int a1, a2;
static unsigned char peer_mac[6];

/* bond0 of the current host over slaves s1 and s2, address .host */
static void bond_up(int s1, int s2, int host, unsigned char *mac)
{
	int bond = rtnl_ifindex("bond0");
	struct rtnl_link_info li;
	struct in_addr a;
	char buf[32];

	RTNL_SAFE(rtnl_link_set(s1, 0, IFF_UP, 0));
	RTNL_SAFE(rtnl_link_set(s2, 0, IFF_UP, 0));
	RTNL_SAFE(rtnl_link_master(s1, bond));
	RTNL_SAFE(rtnl_link_master(s2, bond));
	RTNL_SAFE(rtnl_link_up(bond));
	snprintf(buf, sizeof(buf), "10.99.3.%d", host);
	inet_pton(AF_INET, buf, &a);
	RTNL_SAFE(rtnl_addr_add(bond, AF_INET, &a, 24, 0));
	RTNL_SAFE(rtnl_link_get(bond, NULL, &li));
	memcpy(mac, li.addr, 6);
}

/* The remote bond (broadcast), then the local one over a1 and a2. */
static void enslave_both(void)
{
	unsigned char mac[6];
	struct in_addr b;

	net_enter(NET_B);
	RTNL_SAFE(bond_add(BOND_MODE_BROADCAST));
	bond_up(rtnl_ifindex("b1"), rtnl_ifindex("b2"), 2, peer_mac);
	net_enter(NET_A);
	bond_up(a1, a2, 1, mac);
	/* each side knows the other without ARP: nothing else is sent */
	inet_pton(AF_INET, "10.99.3.2", &b);
	RTNL_SAFE(rtnl_neigh_add(rtnl_ifindex("bond0"), AF_INET, &b, peer_mac,
				 NUD_PERMANENT));
	net_enter(NET_B);
	inet_pton(AF_INET, "10.99.3.1", &b);
	RTNL_SAFE(rtnl_neigh_add(rtnl_ifindex("bond0"), AF_INET, &b, mac,
				 NUD_PERMANENT));
	/* the remote bond sends on slaves its miimon has seen up (bounded) */
	{
		long long end = tst_mono_ms() + net_ms(10000);
		int fd = link_monitor();
		struct binfo x1, x2;

		do {
			binfo_get_in(NET_B, rtnl_ifindex("b1"), &x1);
			binfo_get_in(NET_B, rtnl_ifindex("b2"), &x2);
			if (x1.mii == BOND_LINK_UP && x2.mii == BOND_LINK_UP)
				break;
			monitor_wait(fd);
		} while (tst_mono_ms() < end);
		close(fd);
		if (x1.mii != BOND_LINK_UP || x2.mii != BOND_LINK_UP)
			tst_brk(TBROK, "remote bond: b1/b2 MII %d/%d", x1.mii,
				x2.mii);
	}
	net_enter(NET_A);
}

/* Delete both bonds: the local one, then the remote one. */
static void bonds_del(void)
{
	net_enter(NET_A);
	RTNL_SAFE(rtnl_link_del(rtnl_ifindex("bond0")));
	net_enter(NET_B);
	RTNL_SAFE(rtnl_link_del(rtnl_ifindex("bond0")));
	net_enter(NET_A);
}

static void errors(void)
{
	int bond, dm;
	static struct rtnl_msg m;

	net_enter(NET_A);
	TST_EXP_EQ_LI(bond_add(7), -EINVAL);
	RTNL_SAFE(bond_add(BOND_MODE_ACTIVEBACKUP));
	bond = rtnl_ifindex("bond0");
	RTNL_SAFE(rtnl_link_up(a1));
	TST_EXP_EQ_LI(rtnl_link_master(a1, bond), -EPERM);
	TST_EXP_EQ_LI(rtnl_link_master(bond, bond), -EPERM);
	RTNL_SAFE(rtnl_link_add("dm0", "dummy"));
	dm = rtnl_ifindex("dm0");
	rtnl_newlink_begin(&m, "mv0", "macvlan", dm);
	RTNL_SAFE(rtnl_newlink_end(&m));
	TST_EXP_EQ_LI(rtnl_link_master(dm, bond), -EBUSY);
	RTNL_SAFE(rtnl_link_del(rtnl_ifindex("mv0")));
	RTNL_SAFE(rtnl_link_del(dm));
}

static void active_backup(void)
{
	struct sockaddr_storage ss;
	struct binfo b, s1, s2;
	int l, c, s, i, bond, bad = 0;
	static unsigned char out[CHUNK], in[CHUNK];

	enslave_both();
	bond = rtnl_ifindex("bond0");
	if (!wait_bond(a1, a2, BOND_LINK_UP))
		tst_brk(TBROK, "bond0 did not make a1 active with a2 up");
	binfo_get(bond, &b);
	binfo_get(a1, &s1);
	binfo_get(a2, &s2);
	if (b.mode == BOND_MODE_ACTIVEBACKUP && s1.master == bond &&
	    s2.master == bond && s1.state == BOND_STATE_ACTIVE &&
	    s2.state == BOND_STATE_BACKUP && s1.mii == BOND_LINK_UP &&
	    s2.mii == BOND_LINK_UP && proc_active_is("a1"))
		tst_res(TPASS, "active-backup: a1 active, a2 backup, both MII up");
	else
		tst_res(TFAIL, "mode %d, masters %d/%d, states %d/%d, MII %d/%d (bond %d)",
			b.mode, s1.master, s2.master, s1.state, s2.state,
			s1.mii, s2.mii, bond);

	net_enter(NET_B);
	net_addr(NET_B, AF_INET, 0, &ss);
	inet_pton(AF_INET, "10.99.3.2", net_rawaddr(&ss));
	l = net_socket(NET_B, AF_INET, SOCK_STREAM);
	if (bind(l, (struct sockaddr *)&ss, sizeof(struct sockaddr_in)) ||
	    listen(l, 1))
		tst_brk(TBROK | TERRNO, "bind()/listen()");
	{
		socklen_t len = sizeof(ss);

		getsockname(l, (struct sockaddr *)&ss, &len);
	}
	c = net_connect(NET_A, &ss);
	s = net_accept(l);
	close(l);
	for (i = 0; i < NCHUNK; i++) {
		memset(out, 'a' + i % 26, CHUNK);
		out[0] = i;
		if (net_write_all(c, out, CHUNK) ||
		    net_read_all(s, in, CHUNK) != CHUNK) {
			tst_res(TFAIL | TERRNO, "stream broke at chunk %d", i);
			bad = 1;
			break;
		}
		bad |= memcmp(in, out, CHUNK) != 0;
		if (i == NCHUNK / 2) {
			net_enter(NET_B);
			RTNL_SAFE(rtnl_link_set(rtnl_ifindex("b1"), 0, IFF_UP,
						0));
			if (!wait_bond(a2, a1, BOND_LINK_DOWN))
				tst_res(TFAIL, "no failover to a2 after b1 went down");
			binfo_get(a1, &s1);
			binfo_get(a2, &s2);
			if (s1.state == BOND_STATE_BACKUP &&
			    s2.state == BOND_STATE_ACTIVE && s1.fail == 1 &&
			    proc_active_is("a2"))
				tst_res(TPASS, "failover: a2 active, a1 down with 1 link failure");
			else
				tst_res(TFAIL, "after failover: states %d/%d, a1 failures %lld, /proc names a2: %d",
					s1.state, s2.state, s1.fail,
					proc_active_is("a2"));
		}
	}
	if (!bad)
		tst_res(TPASS, "%d KiB stream across the failover intact",
			CHUNK * NCHUNK / 1024);
	else
		tst_res(TFAIL, "stream data corrupted or cut");
	close(c);
	close(s);

	net_enter(NET_B);
	RTNL_SAFE(rtnl_link_up(rtnl_ifindex("b1")));
	if (!wait_bond(a2, a1, BOND_LINK_UP)) {
		tst_res(TFAIL, "a1 not back up (or a2 no longer active)");
	} else {
		binfo_get(a1, &s1);
		NET_EXP_EQ(s1.state, BOND_STATE_BACKUP,
			   "a1 back as backup, a2 stays active (state)");
	}

	bonds_del();
	binfo_get(a1, &s1);
	binfo_get(a2, &s2);
	if (!s1.master && !s2.master)
		tst_res(TPASS, "deleting bond0 released a1 and a2");
	else
		tst_res(TFAIL, "after deleting bond0: masters %d, %d",
			s1.master, s2.master);
}

static void balance_rr(void)
{
	struct rtnl_link_info l1, l2, n1, n2;
	struct sockaddr_in sin = { .sin_family = AF_INET, .sin_port = 0 };
	socklen_t len = sizeof(sin);
	int r, s, i, got = 0;
	cpu_set_t all;
	char c;

	net_enter(NET_A);
	RTNL_SAFE(bond_add(BOND_MODE_ROUNDROBIN));
	enslave_both();
	/* no active slave in balance-rr: IFLA_BOND_ACTIVE_SLAVE is absent */
	if (!wait_bond(-1, a2, BOND_LINK_UP))
		tst_brk(TBROK, "balance-rr bond0: a2 not up");
	r = net_socket(NET_B, AF_INET, SOCK_DGRAM);
	inet_pton(AF_INET, "10.99.3.2", &sin.sin_addr);
	if (bind(r, (struct sockaddr *)&sin, len) ||
	    getsockname(r, (struct sockaddr *)&sin, &len))
		tst_brk(TBROK | TERRNO, "bind(UDP)");
	s = net_socket(NET_A, AF_INET, SOCK_DGRAM);
	RTNL_SAFE(rtnl_link_get(a1, NULL, &l1));
	RTNL_SAFE(rtnl_link_get(a2, NULL, &l2));
	/*
	 * The round robin counter is per CPU (rr_tx_counter): a sender
	 * that migrates mid-burst splits it 49/51. One CPU for the burst.
	 */
	if (sched_getaffinity(0, sizeof(all), &all))
		tst_brk(TBROK | TERRNO, "sched_getaffinity()");
	pin_to_current_cpu();
	for (i = 0; i < NDGRAM; i++)
		if (sendto(s, "r", 1, 0, (struct sockaddr *)&sin, len) != 1)
			tst_brk(TBROK | TERRNO, "sendto()");
	if (sched_setaffinity(0, sizeof(all), &all))
		tst_brk(TBROK | TERRNO, "sched_setaffinity()");
	RTNL_SAFE(rtnl_link_get(a1, NULL, &n1));
	RTNL_SAFE(rtnl_link_get(a2, NULL, &n2));
	while (got < NDGRAM && net_poll(r, POLLIN, 10000) &&
	       recv(r, &c, 1, MSG_DONTWAIT) == 1)
		got++;
	NET_EXP_EQ(got, NDGRAM, "datagrams through the balance-rr bond");
	NET_EXP_EQ(n1.stats.tx_packets - l1.stats.tx_packets, NDGRAM / 2,
		   "packets sent on a1");
	NET_EXP_EQ(n2.stats.tx_packets - l2.stats.tx_packets, NDGRAM / 2,
		   "packets sent on a2");
	close(r);
	close(s);
	bonds_del();
}

static void run(void)
{
	errors();
	active_backup();
	balance_rr();
}

static void setup(void)
{
	int ret;

	net_ns_new(NET_B);
	net_ns_new(NET_A);
	/* nothing but the test's packets on the slaves */
	net_sysctl(NET_A, "net/ipv6/conf/all/disable_ipv6", "1");
	net_sysctl(NET_A, "net/ipv6/conf/default/disable_ipv6", "1");
	ret = bond_add(BOND_MODE_ACTIVEBACKUP);
	if (ret == -EOPNOTSUPP)
		tst_brk(TCONF, "no bond link kind (bonding module missing)");
	RTNL_SAFE(ret);
	RTNL_SAFE(rtnl_link_del(rtnl_ifindex("bond0")));
	RTNL_SAFE(rtnl_veth_add("a1", "b1", net_nsfd[NET_B]));
	RTNL_SAFE(rtnl_veth_add("a2", "b2", net_nsfd[NET_B]));
	a1 = rtnl_ifindex("a1");
	a2 = rtnl_ifindex("a2");

	net_sysctl(NET_B, "net/ipv6/conf/all/disable_ipv6", "1");
	net_sysctl(NET_B, "net/ipv6/conf/default/disable_ipv6", "1");
	net_enter(NET_A);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.timeout = 60,
};
