// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * TCP keepalive between two namespaces, IPv4 and IPv6:
 * - TCP_KEEPIDLE, TCP_KEEPINTVL, TCP_KEEPCNT read back what was set;
 *   0 and values above the maxima (32767 s, 255 probes) are EINVAL;
 * - on an idle connection with a live peer, probes are sent (TcpExt
 *   TCPKeepAlive of the namespace grows) and answered: the connection
 *   stays established and still carries data;
 * - once the peer's link is down, exactly TCP_KEEPCNT (3) probes go
 *   unanswered and the connection fails: POLLERR, read() ETIMEDOUT (the
 *   peer's MAC is pinned, so no failed neighbour resolution leaves its
 *   EHOSTUNREACH as the socket's soft error instead).
 * The probe count is taken from a quiet connection: probes are stopped
 * (TCP_KEEPIDLE raised) and a data round trip proves every probe sent
 * before was answered, so no probe is in flight when the count starts.
 */
#include <linux/tcp.h>
#include "tst_test.h"
#include "net_hosts.h"

static long long probes(void)
{
	long long v = net_snmp(NET_A, "netstat", "TcpExt:", "TCPKeepAlive");

	net_enter(NET_A);
	return v;
}

static void setopt(int fd, int opt, int val, const char *name)
{
	if (setsockopt(fd, IPPROTO_TCP, opt, &val, sizeof(val)))
		tst_brk(TBROK | TERRNO, "setsockopt(%s, %d)", name, val);
}

static void limits(int fd)
{
	int val = 0;
	socklen_t len = sizeof(val);

	setopt(fd, TCP_KEEPIDLE, 7, "TCP_KEEPIDLE");
	setopt(fd, TCP_KEEPINTVL, 5, "TCP_KEEPINTVL");
	setopt(fd, TCP_KEEPCNT, 4, "TCP_KEEPCNT");
	getsockopt(fd, IPPROTO_TCP, TCP_KEEPIDLE, &val, &len);
	NET_EXP_EQ(val, 7, "TCP_KEEPIDLE read back");
	getsockopt(fd, IPPROTO_TCP, TCP_KEEPINTVL, &val, &len);
	NET_EXP_EQ(val, 5, "TCP_KEEPINTVL read back");
	getsockopt(fd, IPPROTO_TCP, TCP_KEEPCNT, &val, &len);
	NET_EXP_EQ(val, 4, "TCP_KEEPCNT read back");
	val = 0;
	TST_EXP_FAIL(setsockopt(fd, IPPROTO_TCP, TCP_KEEPIDLE, &val,
				sizeof(val)), EINVAL, "TCP_KEEPIDLE 0");
	val = 32768;
	TST_EXP_FAIL(setsockopt(fd, IPPROTO_TCP, TCP_KEEPIDLE, &val,
				sizeof(val)), EINVAL, "TCP_KEEPIDLE 32768");
	TST_EXP_FAIL(setsockopt(fd, IPPROTO_TCP, TCP_KEEPINTVL, &val,
				sizeof(val)), EINVAL, "TCP_KEEPINTVL 32768");
	val = 256;
	TST_EXP_FAIL(setsockopt(fd, IPPROTO_TCP, TCP_KEEPCNT, &val,
				sizeof(val)), EINVAL, "TCP_KEEPCNT 256");
}

static void roundtrip(int a, int b)
{
	char c;

	if (net_write_all(a, "p", 1) || net_read_all(b, &c, 1) != 1 ||
	    net_write_all(b, "q", 1) || net_read_all(a, &c, 1) != 1 ||
	    c != 'q')
		tst_brk(TBROK, "no data round trip");
}

static void run(unsigned int n)
{
	int family = n ? AF_INET6 : AF_INET, one = 1;
	int cfd, sfd, idx, aidx, ev;
	struct rtnl_link_info bl;
	struct sockaddr_storage b;
	long long p0, p1;
	struct timespec t0, t;
	char c;

	tst_res(TINFO, "%s", n ? "IPv6" : "IPv4");
	net_tcp_pair(NET_A, NET_B, family, &cfd, &sfd);
	net_enter(NET_A);
	limits(cfd);
	if (setsockopt(cfd, SOL_SOCKET, SO_KEEPALIVE, &one, sizeof(one)))
		tst_brk(TBROK | TERRNO, "SO_KEEPALIVE");
	setopt(cfd, TCP_KEEPINTVL, 1, "TCP_KEEPINTVL");
	setopt(cfd, TCP_KEEPCNT, 3, "TCP_KEEPCNT");

	/* live peer: probes are sent and answered */
	p0 = probes();
	setopt(cfd, TCP_KEEPIDLE, 1, "TCP_KEEPIDLE");
	clock_gettime(CLOCK_MONOTONIC, &t0);
	while ((p1 = probes()) - p0 < 5) {
		clock_gettime(CLOCK_MONOTONIC, &t);
		if ((t.tv_sec - t0.tv_sec) * 1000 > net_ms(30000))
			break;
		if (net_poll(cfd, POLLIN, 100))
			break;
	}
	if (p1 - p0 < 5)
		tst_res(TFAIL, "live peer: %lld probes sent", p1 - p0);
	else if (net_poll(cfd, POLLIN, 0))
		tst_res(TFAIL, "live peer: the connection has an event");
	else
		tst_res(TPASS, "live peer: %lld probes (more than TCP_KEEPCNT) answered",
			p1 - p0);
	roundtrip(cfd, sfd);

	/* quiet: no probe in flight, then the count starts */
	setopt(cfd, TCP_KEEPIDLE, 3600, "TCP_KEEPIDLE");
	roundtrip(cfd, sfd);
	p0 = probes();
	net_enter(NET_A);
	aidx = rtnl_ifindex("net0");
	ev = net_link_events();
	net_enter(NET_B);
	idx = rtnl_ifindex("net0");
	RTNL_SAFE(rtnl_link_get(idx, NULL, &bl));
	net_addr(NET_B, family, 0, &b);
	RTNL_SAFE(rtnl_link_set(idx, 0, IFF_UP, 0));
	/*
	 * Until the link watch has seen the local end lose its carrier,
	 * the veth drops a probe with NET_XMIT_DROP: the kernel counts it
	 * in TCPKeepAlive but not in the socket's probes and sends another
	 * (one probe too many counted). Afterwards the noop qdisc takes
	 * them quietly, as a dead peer's link would. (A notification, not
	 * a poll of the state: the link watch sends it once the qdisc is
	 * swapped, after it has set the state.)
	 */
	net_wait_link_oper(ev, aidx, 0);
	/*
	 * A failed neighbour resolution would end the connection with its
	 * soft error (EHOSTUNREACH) instead: pin the remote MAC.
	 */
	net_enter(NET_A);
	RTNL_SAFE(rtnl_neigh_add(aidx, family, net_rawaddr(&b), bl.addr,
				 NUD_PERMANENT));
	setopt(cfd, TCP_KEEPIDLE, 1, "TCP_KEEPIDLE");
	if (!(net_poll(cfd, POLLIN, 60000) & POLLERR)) {
		tst_res(TFAIL, "dead peer: no error after %lld probes",
			probes() - p0);
	} else {
		TST_EXP_FAIL(read(cfd, &c, 1), ETIMEDOUT,
			     "dead peer: read()");
		NET_EXP_EQ(probes() - p0, 3,
			   "dead peer: probes sent (TCP_KEEPCNT)");
	}
	RTNL_SAFE(rtnl_neigh_del(aidx, family, net_rawaddr(&b)));
	net_enter(NET_B);
	RTNL_SAFE(rtnl_link_up(idx));
	close(ev);
	net_wait_oper_up(NET_B, "net0");
	net_wait_oper_up(NET_A, "net0");
	close(cfd);
	close(sfd);
}

static void setup(void)
{
	net_hosts_setup();
	/* the remote link goes down and up: keep its IPv6 addresses */
	net_sysctl(NET_B, "net/ipv6/conf/all/keep_addr_on_down", "1");
	net_enter(NET_A);
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.timeout = 120,
};
