// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * TIME_WAIT and FIN_WAIT2 between two namespaces, IPv4 and IPv6
 * (tcp_time_wait(), inet_csk_bind_conflict(), tcp_twsk_unique(),
 * tcp_close()).
 *
 * - The server closes first: its connection waits in TIME_WAIT, and a
 *   new listener on the port binds only with SO_REUSEADDR (EADDRINUSE
 *   without); it then accepts a connection.
 * - The client (bound by connect()) closes first: binding its port again
 *   is EADDRINUSE, with SO_REUSEADDR too (the time-wait socket keeps its
 *   owner's flag); with that port the only one of ip_local_port_range,
 *   connect() to the same server is EADDRNOTAVAIL with
 *   net.ipv4.tcp_tw_reuse 2 (loopback only: veth is not) and 0, also
 *   seconds after the last timestamp; with 1 the time-wait socket is
 *   taken over (TWRecycled + 1) and data flows.
 * - TCP_LINGER2: reads the namespace's tcp_fin_timeout when 0, a value
 *   above 120 s reads 120, a negative one -1. An orphaned FIN_WAIT2
 *   socket with TCP_LINGER2 -1 is reset at close (TCPAbortOnLinger + 1,
 *   the peer in CLOSE_WAIT sees EPIPE); with 1 s it lives as a FIN_WAIT2
 *   time-wait socket that is gone within the bound, while one under the
 *   namespace's 7 s tcp_fin_timeout is still there 2 s after close.
 */
#include <netinet/tcp.h>
#include "tst_test.h"
#include "net_hosts.h"

static int fam;

static socklen_t alen(void)
{
	return fam == AF_INET ? sizeof(struct sockaddr_in) :
		sizeof(struct sockaddr_in6);
}

/* Wait (bounded) until host h has n sockets in st on lport. */
static int wait_count(int h, int st, int lport, int n)
{
	return net_tcp_wait_count(h, fam, st, lport, n);
}

static int setint(int fd, int level, int opt, int val)
{
	return setsockopt(fd, level, opt, &val, sizeof(val)) ? errno : 0;
}

static int getint(int fd, int opt)
{
	int val;
	socklen_t len = sizeof(val);

	if (getsockopt(fd, IPPROTO_TCP, opt, &val, &len))
		tst_brk(TBROK | TERRNO, "getsockopt(%d)", opt);
	return val;
}

static int reuse_bound(int h, struct sockaddr_storage *ss, int reuse)
{
	int fd = net_socket(h, fam, SOCK_STREAM);

	if (reuse && setint(fd, SOL_SOCKET, SO_REUSEADDR, 1))
		tst_brk(TBROK | TERRNO, "SO_REUSEADDR");
	if (bind(fd, (struct sockaddr *)ss, alen()))
		return -1;
	return fd;
}

/* Close an established pair so that first's side ends in TIME_WAIT. */
static void close_first(int first, int second)
{
	char c;

	close(first);
	net_wait(second, POLLIN);
	if (read(second, &c, 1) != 0)
		tst_brk(TBROK, "no EOF after the peer's close");
	close(second);
}

static void server_closes_first(void)
{
	struct sockaddr_storage ss;
	socklen_t len = sizeof(ss);
	int lfd, cfd, sfd, fd, port;

	net_addr(NET_B, fam, 0, &ss);
	lfd = reuse_bound(NET_B, &ss, 1);
	if (lfd < 0 || listen(lfd, 8) ||
	    getsockname(lfd, (struct sockaddr *)&ss, &len))
		tst_brk(TBROK | TERRNO, "listener");
	port = net_port(&ss);
	cfd = net_connect(NET_A, &ss);
	sfd = net_accept(lfd);
	close(lfd);
	close_first(sfd, cfd);
	NET_EXP_EQ(wait_count(NET_B, TCP_TIME_WAIT, port, 1), 1,
		   "server TIME_WAIT sockets on the port");

	errno = 0;
	fd = reuse_bound(NET_B, &ss, 0);
	NET_EXP_EQ(fd < 0 ? errno : 0, EADDRINUSE,
		   "errno of a listener's bind() without SO_REUSEADDR");
	if (fd >= 0)
		close(fd);
	fd = reuse_bound(NET_B, &ss, 1);
	NET_EXP_EQ(fd < 0 ? errno : 0, 0,
		   "errno of a listener's bind() with SO_REUSEADDR");
	if (fd < 0)
		return;
	if (listen(fd, 8))
		tst_brk(TBROK | TERRNO, "listen()");
	cfd = net_connect(NET_A, &ss);
	sfd = net_accept(fd);
	tst_res(TPASS, "the new listener accepts");
	close(cfd);
	close(sfd);
	close(fd);
}

/* connect() from an unbound socket of A with tcp_tw_reuse val. */
static void tw_reuse(const char *val, int want, int lfd,
		     const struct sockaddr_storage *srv)
{
	long long before = net_snmp(NET_A, "netstat", "TcpExt:",
				    "TWRecycled");
	char desc[96];
	int fd, err, sfd;

	net_sysctl(NET_A, "net/ipv4/tcp_tw_reuse", val);
	fd = net_socket(NET_A, fam, SOCK_STREAM);
	err = connect(fd, (const struct sockaddr *)srv, alen()) ? errno : 0;
	snprintf(desc, sizeof(desc),
		 "errno of connect() over TIME_WAIT, tcp_tw_reuse %s", val);
	NET_EXP_EQ(err, want, desc);
	snprintf(desc, sizeof(desc), "TWRecycled, tcp_tw_reuse %s", val);
	NET_EXP_EQ(net_snmp(NET_A, "netstat", "TcpExt:", "TWRecycled") -
		   before, !want, desc);
	if (!err) {
		sfd = net_accept(lfd);
		if (net_write_all(fd, "tw", 2) ||
		    net_read_all(sfd, desc, 2) != 2 || memcmp(desc, "tw", 2))
			tst_res(TFAIL, "data on the recycled four-tuple");
		else
			tst_res(TPASS, "data on the recycled four-tuple");
		close(sfd);
	}
	close(fd);
}

static void client_closes_first(void)
{
	struct sockaddr_storage srv, cli;
	socklen_t len = sizeof(cli);
	struct timespec ts;
	char range[64], one[32];
	long long closed;
	int lfd, cfd, sfd, fd, port;

	lfd = net_listener(NET_B, fam, &srv);
	cfd = net_connect(NET_A, &srv);
	if (getsockname(cfd, (struct sockaddr *)&cli, &len))
		tst_brk(TBROK | TERRNO, "getsockname()");
	port = net_port(&cli);
	sfd = net_accept(lfd);
	close_first(cfd, sfd);
	NET_EXP_EQ(wait_count(NET_A, TCP_TIME_WAIT, port, 1), 1,
		   "client TIME_WAIT sockets on the port");
	clock_gettime(CLOCK_MONOTONIC, &ts);
	closed = ts.tv_sec;

	/* The time-wait socket keeps the owner's (absent) SO_REUSEADDR. */
	fd = reuse_bound(NET_A, &cli, 0);
	NET_EXP_EQ(fd < 0 ? errno : 0, EADDRINUSE,
		   "errno of bind() to the port without SO_REUSEADDR");
	if (fd >= 0)
		close(fd);
	fd = reuse_bound(NET_A, &cli, 1);
	NET_EXP_EQ(fd < 0 ? errno : 0, EADDRINUSE,
		   "errno of bind() to the port with SO_REUSEADDR");
	if (fd >= 0)
		close(fd);

	/* Only the time-wait socket's port is left to connect() from. */
	net_sysctl_read(NET_A, "net/ipv4/ip_local_port_range", range,
			sizeof(range));
	snprintf(one, sizeof(one), "%d %d", port, port);
	net_sysctl(NET_A, "net/ipv4/ip_local_port_range", one);
	/* Reuse also needs a second past the last timestamp seen. */
	do {
		usleep(10000);
		clock_gettime(CLOCK_MONOTONIC, &ts);
	} while (ts.tv_sec < closed + 2);
	tw_reuse("2", EADDRNOTAVAIL, lfd, &srv);
	tw_reuse("0", EADDRNOTAVAIL, lfd, &srv);
	tw_reuse("1", 0, lfd, &srv);
	net_sysctl(NET_A, "net/ipv4/tcp_tw_reuse", "2");
	net_sysctl(NET_A, "net/ipv4/ip_local_port_range", range);
	close(lfd);
}

/* An orphaned FIN_WAIT2 socket of A with linger2; returns its port. */
static int orphan_fin_wait2(int linger2, int *peer)
{
	struct sockaddr_storage ss;
	socklen_t len = sizeof(ss);
	int lfd, cfd, port;

	lfd = net_listener(NET_B, fam, &ss);
	cfd = net_connect(NET_A, &ss);
	*peer = net_accept(lfd);
	close(lfd);
	if (getsockname(cfd, (struct sockaddr *)&ss, &len))
		tst_brk(TBROK | TERRNO, "getsockname()");
	port = net_port(&ss);
	if (setint(cfd, IPPROTO_TCP, TCP_LINGER2, linger2))
		tst_brk(TBROK | TERRNO, "TCP_LINGER2 %d", linger2);
	if (shutdown(cfd, SHUT_WR))
		tst_brk(TBROK | TERRNO, "shutdown()");
	if (net_tcp_wait_state(cfd, TCP_FIN_WAIT2) != TCP_FIN_WAIT2)
		tst_brk(TBROK, "client not in FIN_WAIT2 after shutdown()");
	close(cfd);
	return port;
}

static void linger2(void)
{
	struct timespec t0, t1;
	int fd = net_socket(NET_A, fam, SOCK_STREAM), peer, port, err, n;
	socklen_t len = sizeof(err);
	long long before;

	net_sysctl(NET_A, "net/ipv4/tcp_fin_timeout", "7");
	NET_EXP_EQ(getint(fd, TCP_LINGER2), 7,
		   "TCP_LINGER2 0 reads tcp_fin_timeout");
	setint(fd, IPPROTO_TCP, TCP_LINGER2, 1000);
	NET_EXP_EQ(getint(fd, TCP_LINGER2), 120, "TCP_LINGER2 1000 reads");
	setint(fd, IPPROTO_TCP, TCP_LINGER2, -5);
	NET_EXP_EQ(getint(fd, TCP_LINGER2), -1, "TCP_LINGER2 -5 reads");
	setint(fd, IPPROTO_TCP, TCP_LINGER2, 3);
	NET_EXP_EQ(getint(fd, TCP_LINGER2), 3, "TCP_LINGER2 3 reads");
	close(fd);

	before = net_snmp(NET_A, "netstat", "TcpExt:", "TCPAbortOnLinger");
	orphan_fin_wait2(-1, &peer);
	NET_EXP_EQ(net_snmp(NET_A, "netstat", "TcpExt:", "TCPAbortOnLinger") -
		   before, 1, "TCPAbortOnLinger after closing with -1");
	net_wait(peer, POLLERR);
	if (getsockopt(peer, SOL_SOCKET, SO_ERROR, &err, &len))
		tst_brk(TBROK | TERRNO, "SO_ERROR");
	NET_EXP_EQ(err, EPIPE, "peer's error after the reset in CLOSE_WAIT");
	close(peer);

	port = orphan_fin_wait2(1, &peer);
	n = wait_count(NET_A, TCP_FIN_WAIT2, port, 0);
	NET_EXP_EQ(n, 0, "FIN_WAIT2 sockets left after TCP_LINGER2 1");
	close(peer);

	clock_gettime(CLOCK_MONOTONIC, &t0);
	port = orphan_fin_wait2(0, &peer);
	do {
		usleep(10000);
		clock_gettime(CLOCK_MONOTONIC, &t1);
	} while (t1.tv_sec - t0.tv_sec < 2);
	n = net_tcp_count(NET_A, fam, TCP_FIN_WAIT2, port);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	if (t1.tv_sec - t0.tv_sec < 6)
		NET_EXP_EQ(n, 1, "FIN_WAIT2 socket 2 s into a 7 s fin_timeout");
	else
		tst_res(TINFO, "held off %ld s: the 7 s lower bound not checked",
			(long)(t1.tv_sec - t0.tv_sec));
	close(peer);
	net_sysctl(NET_A, "net/ipv4/tcp_fin_timeout", "60");
}

static void run(unsigned int n)
{
	fam = n ? AF_INET6 : AF_INET;
	tst_res(TINFO, "%s", n ? "IPv6" : "IPv4");
	server_closes_first();
	client_closes_first();
	linger2();
}

static void setup(void)
{
	net_hosts_setup();
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.timeout = 60,
};
