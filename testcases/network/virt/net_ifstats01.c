// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Link statistics of a veth pair, exactly, on the link of net_hosts.h
 * with IPv6 off and static ARP entries (only the test's frames cross):
 * - 20 UDP datagrams of 100 bytes from the local host: IFLA_STATS64 of
 *   the local net0 moves by exactly 20 tx packets and 20 x 142 tx bytes
 *   (Ethernet 14 + IPv4 20 + UDP 8 + 100, no FCS), the remote net0 by the
 *   same rx packets and bytes, nothing else (no rx on the sender, no tx
 *   on the receiver, no errors, no drops), and all 20 arrive;
 * - /proc/net/dev of each namespace and /sys/class/net/net0/statistics
 *   of a sysfs mounted in a mount namespace of the test from inside the
 *   remote network namespace show the same counters as netlink;
 * - with the remote net0 down, once the link watch work has handled the
 *   local net0's carrier loss (IFF_RUNNING gone: linkwatch_do_dev() ran
 *   dev_deactivate(), which gives it the noop qdisc), 7 datagrams are
 *   sent without an error and dropped by that qdisc: none reaches
 *   veth_xmit(), so the remote rx_dropped does not move, and none is
 *   counted as sent or received; the local tx_dropped moves by 0 (6.1:
 *   noop_enqueue() counts nothing) or by all 7 (6.12: noop_enqueue()
 *   counts each with dev_core_stats_tx_dropped_inc()), nothing in
 *   between. Before that work has run, veth_xmit() drops them itself
 *   and counts them in both tx_dropped and the peer's rx_dropped; the
 *   work is asynchronous (deferred up to a second), so that window is
 *   not tested;
 * - the remote net0 up again: the test waits for the local net0 to be
 *   IFF_RUNNING (its qdisc back) before anything more is sent.
 */
#include <sched.h>
#include <sys/mount.h>
#include <sys/wait.h>
#include "tst_test.h"
#include "net_hosts.h"

#define N 20
#define NDROP 7
#define PAYLOAD 100
#define FRAME (PAYLOAD + 8 + 20 + 14)

static void stats(int h, struct rtnl_link_stats64 *s)
{
	struct rtnl_link_info li;

	net_enter(h);
	RTNL_SAFE(rtnl_link_get(0, "net0", &li));
	*s = li.stats;
}

/* The net0 line of /proc/net/dev in host h. */
static void proc_dev(int h, unsigned long long *v)
{
	char line[512];
	FILE *f;
	int found = 0;

	net_enter(h);
	f = fopen("/proc/net/dev", "r");
	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(/proc/net/dev)");
	while (fgets(line, sizeof(line), f)) {
		char *p = strstr(line, "net0:");

		if (!p)
			continue;
		found = sscanf(p + 5, "%llu %llu %llu %llu %*u %*u %*u %*u %llu %llu %llu %llu",
			       &v[0], &v[1], &v[2], &v[3], &v[4], &v[5], &v[6],
			       &v[7]) == 8;
	}
	fclose(f);
	if (!found)
		tst_brk(TBROK, "no net0 line in /proc/net/dev of %s",
			net_hname[h]);
}

static void check_proc(int h, const struct rtnl_link_stats64 *s)
{
	unsigned long long v[8];
	int ok;

	proc_dev(h, v);
	ok = v[0] == s->rx_bytes && v[1] == s->rx_packets &&
	     v[2] == s->rx_errors && v[3] == s->rx_dropped &&
	     v[4] == s->tx_bytes && v[5] == s->tx_packets &&
	     v[6] == s->tx_errors && v[7] == s->tx_dropped;
	tst_res(ok ? TPASS : TFAIL,
		"%s /proc/net/dev net0: rx %llu B %llu p, tx %llu B %llu p, drops %llu/%llu%s",
		net_hname[h], v[0], v[1], v[4], v[5], v[3], v[7],
		ok ? ", as IFLA_STATS64" : " differ from IFLA_STATS64");
}

static unsigned long long sys_stat(const char *name)
{
	char path[128];
	unsigned long long v;

	snprintf(path, sizeof(path), "/sys/class/net/net0/statistics/%s",
		 name);
	SAFE_FILE_SCANF(path, "%llu", &v);
	return v;
}

/* In a child: sysfs of the remote namespace, compared with s. */
static void check_sysfs(const struct rtnl_link_stats64 *s)
{
	pid_t pid = SAFE_FORK();

	if (!pid) {
		int ok;

		net_enter(NET_B);
		if (unshare(CLONE_NEWNS))
			tst_brk(TBROK | TERRNO, "unshare(CLONE_NEWNS)");
		SAFE_MOUNT("none", "/", NULL, MS_REC | MS_PRIVATE, NULL);
		/* sysfs shows the network namespace of whoever mounts it */
		SAFE_MOUNT("sysfs", "/sys", "sysfs", 0, NULL);
		ok = sys_stat("rx_packets") == s->rx_packets &&
		     sys_stat("rx_bytes") == s->rx_bytes &&
		     sys_stat("tx_packets") == s->tx_packets &&
		     sys_stat("tx_bytes") == s->tx_bytes &&
		     sys_stat("rx_dropped") == s->rx_dropped &&
		     sys_stat("tx_dropped") == s->tx_dropped;
		tst_res(ok ? TPASS : TFAIL,
			"remote sysfs net0 statistics: rx %llu p %llu B%s",
			sys_stat("rx_packets"), sys_stat("rx_bytes"),
			ok ? ", as IFLA_STATS64" : " differ from IFLA_STATS64");
		exit(0);
	}
	reap_child(pid);
}

static void send_n(int s, struct sockaddr_storage *ss, int n)
{
	static char buf[PAYLOAD];
	int i;

	for (i = 0; i < n; i++)
		if (sendto(s, buf, PAYLOAD, 0, (struct sockaddr *)ss,
			   sizeof(struct sockaddr_in)) != PAYLOAD)
			tst_brk(TBROK | TERRNO, "sendto()");
}

static void quiet(int h, int peer);

/*
 * Wait (bounded) until the local net0 is IFF_RUNNING (running) or not:
 * the link watch work sets the operational state and swaps the qdisc in
 * one go under the RTNL, so once RTM_GETLINK shows the state, the qdisc
 * is the one for the carrier.
 */
static void wait_running(int running)
{
	long long end = tst_mono_ms() + 10000LL * tst_timeout_mul();
	struct rtnl_link_info li;

	for (;;) {
		net_enter(NET_A);
		RTNL_SAFE(rtnl_link_get(0, "net0", &li));
		if (!(li.flags & IFF_RUNNING) == !running)
			return;
		if (tst_mono_ms() > end)
			tst_brk(TBROK, "local net0 still %s IFF_RUNNING after "
				"10 s", running ? "without" : "with");
		usleep(10000);
	}
}

static void run(void)
{
	struct rtnl_link_stats64 a0, a1, b0, b1;
	struct sockaddr_storage ss;
	int r = net_bound(NET_B, AF_INET, SOCK_DGRAM, &ss);
	int s = net_socket(NET_A, AF_INET, SOCK_DGRAM), got = 0, ok;
	char buf[PAYLOAD];

	stats(NET_A, &a0);
	stats(NET_B, &b0);
	send_n(s, &ss, N);
	while (got < N && net_poll(r, POLLIN, 10000) &&
	       recv(r, buf, sizeof(buf), MSG_DONTWAIT) == PAYLOAD)
		got++;
	NET_EXP_EQ(got, N, "datagrams received");
	stats(NET_A, &a1);
	stats(NET_B, &b1);
	NET_EXP_EQ(a1.tx_packets - a0.tx_packets, N, "local tx_packets");
	NET_EXP_EQ(a1.tx_bytes - a0.tx_bytes, N * FRAME, "local tx_bytes");
	NET_EXP_EQ(b1.rx_packets - b0.rx_packets, N, "remote rx_packets");
	NET_EXP_EQ(b1.rx_bytes - b0.rx_bytes, N * FRAME, "remote rx_bytes");
	ok = a1.rx_packets == a0.rx_packets && b1.tx_packets == b0.tx_packets &&
	     !a1.tx_errors && !b1.rx_errors && a1.tx_dropped == a0.tx_dropped &&
	     b1.rx_dropped == b0.rx_dropped;
	tst_res(ok ? TPASS : TFAIL,
		"no other packets, errors or drops (local rx %llu -> %llu, remote tx %llu -> %llu)",
		(unsigned long long)a0.rx_packets,
		(unsigned long long)a1.rx_packets,
		(unsigned long long)b0.tx_packets,
		(unsigned long long)b1.tx_packets);
	check_proc(NET_A, &a1);
	check_proc(NET_B, &b1);
	check_sysfs(&b1);

	net_enter(NET_B);
	RTNL_SAFE(rtnl_link_set(rtnl_ifindex("net0"), 0, IFF_UP, 0));
	wait_running(0);
	stats(NET_A, &a0);
	stats(NET_B, &b0);
	send_n(s, &ss, NDROP);
	stats(NET_A, &a1);
	stats(NET_B, &b1);
	ok = a1.tx_dropped - a0.tx_dropped;
	tst_res(!ok || ok == NDROP ? TPASS : TFAIL,
		"local tx_dropped with the peer down moved by %d (0 or %d: "
		"the noop qdisc's drops, counted from 6.12)", ok, NDROP);
	NET_EXP_EQ(b1.rx_dropped - b0.rx_dropped, 0,
		   "remote rx_dropped with the peer down (nothing reached it)");
	ok = a1.tx_packets == a0.tx_packets && b1.rx_packets == b0.rx_packets;
	tst_res(ok ? TPASS : TFAIL,
		"nothing counted as sent or received with the peer down (tx %llu -> %llu)",
		(unsigned long long)a0.tx_packets,
		(unsigned long long)a1.tx_packets);
	check_proc(NET_A, &a1);
	net_enter(NET_B);
	RTNL_SAFE(rtnl_link_up(rtnl_ifindex("net0")));
	wait_running(1);
	/* the remote's static entry went with its net0 */
	quiet(NET_B, NET_A);
	close(r);
	close(s);
}

/* No IPv6 and static ARP on the link: only the test's datagrams. */
static void quiet(int h, int peer)
{
	struct rtnl_link_info li;
	struct sockaddr_storage ss;

	net_enter(peer);
	RTNL_SAFE(rtnl_link_get(0, "net0", &li));
	net_sysctl(h, "net/ipv6/conf/net0/disable_ipv6", "1");
	net_addr(peer, AF_INET, 0, &ss);
	RTNL_SAFE(rtnl_neigh_add(rtnl_ifindex("net0"), AF_INET,
				 net_rawaddr(&ss), li.addr, NUD_PERMANENT));
}

static void setup(void)
{
	net_hosts_setup();
	quiet(NET_A, NET_B);
	quiet(NET_B, NET_A);
	net_enter(NET_A);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.forks_child = 1,
	.timeout = 60,
};
