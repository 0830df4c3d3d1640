// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * TCP listen backlog and address reuse between two namespaces, IPv4 and
 * IPv6 (inet_listen(), __sys_listen(), tcp_conn_request(),
 * inet_bind_conflict()):
 * - listen(fd, 2) and no accept(): exactly 3 connections complete the
 *   handshake (sk_acceptq_is_full() is "more than the backlog"), the
 *   listener's TCP_INFO counts them (tcpi_unacked 3, tcpi_sacked 2);
 *   the fourth client's SYN is dropped: TcpExtListenOverflows grows and
 *   the client stays in SYN_SENT; accept() returns the three in the
 *   order they connected; once one was accepted, the fourth client's
 *   retransmitted SYN gets in and it is accepted last;
 * - net.core.somaxconn of the namespace (set to 3 in the remote's own
 *   namespace): listen(100) and listen(-1) give a backlog of 3 there,
 *   while the local namespace keeps its own (listen(100) gives 100);
 *   listen() again on a listener changes its backlog;
 * - listen() on a connected socket: EINVAL; on a UDP socket: EOPNOTSUPP;
 * - a port held by a TIME_WAIT socket (seen in /proc/net/tcp*): bind()
 *   EADDRINUSE without SO_REUSEADDR; with SO_REUSEADDR on the new socket
 *   it succeeds only when the old socket had it too (both must agree).
 */
#include <linux/tcp.h>
#include "tst_test.h"
#include "net_hosts.h"

#define NCLI 4
#define ST_SYN_SENT 2

static void tcpinfo(int fd, struct tcp_info *ti)
{
	socklen_t len = sizeof(*ti);

	if (getsockopt(fd, IPPROTO_TCP, TCP_INFO, ti, &len))
		tst_brk(TBROK | TERRNO, "getsockopt(TCP_INFO)");
}

static long long overflows(void)
{
	return net_snmp(NET_B, "netstat", "TcpExt:",
			"ListenOverflows");
}

static unsigned short local_port(int fd)
{
	struct sockaddr_storage ss;
	socklen_t len = sizeof(ss);

	if (getsockname(fd, (struct sockaddr *)&ss, &len))
		tst_brk(TBROK | TERRNO, "getsockname()");
	return net_port(&ss);
}

static unsigned short peer_port(int fd)
{
	struct sockaddr_storage ss;
	socklen_t len = sizeof(ss);

	if (getpeername(fd, (struct sockaddr *)&ss, &len))
		tst_brk(TBROK | TERRNO, "getpeername()");
	return net_port(&ss);
}

static void start_connect(int fd, const struct sockaddr_storage *ss)
{
	socklen_t len = ss->ss_family == AF_INET ?
		sizeof(struct sockaddr_in) : sizeof(struct sockaddr_in6);

	net_set_nonblock(fd, 1);
	if (!connect(fd, (const struct sockaddr *)ss, len))
		return;
	if (errno != EINPROGRESS)
		tst_brk(TBROK | TERRNO, "connect()");
}

static int conn_error(int fd)
{
	int err = 0;
	socklen_t len = sizeof(err);

	if (getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &len))
		tst_brk(TBROK | TERRNO, "getsockopt(SO_ERROR)");
	return err;
}

static void backlog(int family)
{
	struct sockaddr_storage ss;
	struct tcp_info ti;
	int lfd, cfd[NCLI], afd[NCLI], i, ok = 1;
	unsigned short port[NCLI];
	long long ov0, t0;

	lfd = net_bound(NET_B, family, SOCK_STREAM, &ss);
	if (listen(lfd, NCLI - 2))
		tst_brk(TBROK | TERRNO, "listen()");
	for (i = 0; i < NCLI - 1; i++) {
		cfd[i] = net_socket(NET_A, family, SOCK_STREAM);
		start_connect(cfd[i], &ss);
		if (!net_poll(cfd[i], POLLOUT, 10000) || conn_error(cfd[i])) {
			tst_res(TFAIL, "client %d of backlog + 1 not connected",
				i + 1);
			ok = 0;
		}
		port[i] = local_port(cfd[i]);
		/* the client is connected once it sent its ACK: wait for it */
		t0 = tst_mono_ms();
		for (;;) {
			tcpinfo(lfd, &ti);
			if (ti.tcpi_unacked == (unsigned int)i + 1 ||
			    tst_mono_ms() - t0 > net_ms(10000))
				break;
			usleep(1000);
		}
		if (ti.tcpi_unacked != (unsigned int)i + 1) {
			tst_res(TFAIL, "listener's queue %u after client %d",
				ti.tcpi_unacked, i + 1);
			ok = 0;
		}
	}
	if (ok)
		tst_res(TPASS, "backlog %d: %d connections completed",
			NCLI - 2, NCLI - 1);
	tcpinfo(lfd, &ti);
	NET_EXP_EQ(ti.tcpi_unacked, NCLI - 1,
		   "listener's tcpi_unacked (queued for accept)");
	NET_EXP_EQ(ti.tcpi_sacked, NCLI - 2, "listener's tcpi_sacked (backlog)");

	ov0 = overflows();
	cfd[i] = net_socket(NET_A, family, SOCK_STREAM);
	start_connect(cfd[i], &ss);
	port[i] = local_port(cfd[i]);
	t0 = tst_mono_ms();
	while (overflows() == ov0 && tst_mono_ms() - t0 < net_ms(10000))
		usleep(1000);
	if (overflows() > ov0)
		tst_res(TPASS, "the client past the backlog: ListenOverflows %lld -> %lld",
			ov0, overflows());
	else
		tst_res(TFAIL, "ListenOverflows stayed %lld", ov0);
	tcpinfo(cfd[i], &ti);
	NET_EXP_EQ(ti.tcpi_state, ST_SYN_SENT,
		   "the client past the backlog is in SYN_SENT");
	tcpinfo(lfd, &ti);
	NET_EXP_EQ(ti.tcpi_unacked, NCLI - 1,
		   "listener's tcpi_unacked with the queue full");

	net_set_nonblock(lfd, 1);
	for (i = 0; i < NCLI - 1; i++) {
		afd[i] = accept(lfd, NULL, NULL);
		if (afd[i] < 0) {
			tst_res(TFAIL | TERRNO, "accept() %d", i + 1);
			continue;
		}
		if (peer_port(afd[i]) == port[i])
			tst_res(TPASS, "accept() %d: client %d (port %u)",
				i + 1, i + 1, port[i]);
		else
			tst_res(TFAIL, "accept() %d: port %u, expected client %d (port %u)",
				i + 1, peer_port(afd[i]), i + 1, port[i]);
	}
	if (net_poll(cfd[i], POLLOUT, 10000) && !conn_error(cfd[i]))
		tst_res(TPASS, "the retransmitted SYN got in once the queue had room");
	else
		tst_res(TFAIL, "the fourth client did not connect after accept()");
	afd[i] = net_accept(lfd);
	if (peer_port(afd[i]) == port[i])
		tst_res(TPASS, "accept() %d: the fourth client", NCLI);
	else
		tst_res(TFAIL, "accept() %d: port %u, expected %u", NCLI,
			peer_port(afd[i]), port[i]);
	for (i = 0; i < NCLI; i++) {
		close(cfd[i]);
		if (afd[i] >= 0)
			close(afd[i]);
	}
	close(lfd);
}

static int max_backlog(int fd)
{
	struct tcp_info ti;

	tcpinfo(fd, &ti);
	return ti.tcpi_sacked;
}

static void somaxconn(int family)
{
	struct sockaddr_storage ss;
	int fd, cfd, sfd, ufd;

	fd = net_bound(NET_B, family, SOCK_STREAM, &ss);
	TST_EXP_PASS(listen(fd, 100), "listen(100) with somaxconn 3");
	NET_EXP_EQ(max_backlog(fd), 3, "backlog clamped to somaxconn");
	TST_EXP_PASS(listen(fd, 1), "listen(1) again on the listener");
	NET_EXP_EQ(max_backlog(fd), 1, "backlog after the second listen()");
	TST_EXP_PASS(listen(fd, -1), "listen(-1)");
	NET_EXP_EQ(max_backlog(fd), 3, "backlog -1 (unsigned) clamped");
	close(fd);

	fd = net_bound(NET_A, family, SOCK_STREAM, &ss);
	TST_EXP_PASS(listen(fd, 100), "listen(100) in the other namespace");
	NET_EXP_EQ(max_backlog(fd), 100,
		   "backlog where somaxconn is the default");
	close(fd);

	net_tcp_pair(NET_A, NET_B, family, &cfd, &sfd);
	TST_EXP_FAIL(listen(cfd, 1), EINVAL, "listen() on a connected socket");
	TST_EXP_FAIL(listen(sfd, 1), EINVAL, "listen() on an accepted socket");
	close(cfd);
	close(sfd);
	ufd = net_socket(NET_A, family, SOCK_DGRAM);
	TST_EXP_FAIL(listen(ufd, 1), EOPNOTSUPP, "listen() on a UDP socket");
	close(ufd);
}

/* Is there a TIME_WAIT (06) socket with local port in host h? */
static int in_time_wait(int family, unsigned short port)
{
	const char *path = family == AF_INET ? "/proc/net/tcp" :
		"/proc/net/tcp6";
	char line[512], want[16];
	FILE *f;
	int found = 0;

	net_enter(NET_B);
	snprintf(want, sizeof(want), ":%04X ", port);
	f = fopen(path, "r");
	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(%s)", path);
	while (fgets(line, sizeof(line), f)) {
		char local[128], remote[128];
		unsigned int st;

		if (sscanf(line, "%*d: %127s %127s %x", local, remote,
			   &st) != 3)
			continue;
		strcat(local, " ");
		if (strstr(local, want) && st == 6)
			found = 1;
	}
	fclose(f);
	return found;
}

static void time_wait(int family, int old_reuse)
{
	struct sockaddr_storage ss;
	socklen_t len;
	int lfd, cfd, sfd, fd, one = 1;
	long long t0;
	char c;

	lfd = net_socket(NET_B, family, SOCK_STREAM);
	if (old_reuse &&
	    setsockopt(lfd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one)))
		tst_brk(TBROK | TERRNO, "setsockopt(SO_REUSEADDR)");
	len = net_addr(NET_B, family, 0, &ss);
	if (bind(lfd, (struct sockaddr *)&ss, len))
		tst_brk(TBROK | TERRNO, "bind()");
	if (getsockname(lfd, (struct sockaddr *)&ss, &len))
		tst_brk(TBROK | TERRNO, "getsockname()");
	if (listen(lfd, 1))
		tst_brk(TBROK | TERRNO, "listen()");
	cfd = net_connect(NET_A, &ss);
	sfd = net_accept(lfd);
	close(lfd);
	/* the server closes first: its side ends in TIME_WAIT */
	close(sfd);
	if (net_read_all(cfd, &c, 1) != 0)
		tst_brk(TBROK, "no EOF at the client");
	close(cfd);
	t0 = tst_mono_ms();
	while (!in_time_wait(family, net_port(&ss))) {
		if (tst_mono_ms() - t0 > net_ms(10000))
			tst_brk(TBROK, "port %u never in TIME_WAIT",
				net_port(&ss));
		usleep(1000);
	}

	fd = net_socket(NET_B, family, SOCK_STREAM);
	TST_EXP_FAIL(bind(fd, (struct sockaddr *)&ss, len), EADDRINUSE,
		     "bind() to a TIME_WAIT port without SO_REUSEADDR (old %s it)",
		     old_reuse ? "had" : "had not");
	if (setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one)))
		tst_brk(TBROK | TERRNO, "setsockopt(SO_REUSEADDR)");
	if (old_reuse) {
		TST_EXP_PASS(bind(fd, (struct sockaddr *)&ss, len),
			     "bind() with SO_REUSEADDR, the old socket had it");
		TST_EXP_PASS(listen(fd, 1), "listen() on the reused port");
	} else {
		TST_EXP_FAIL(bind(fd, (struct sockaddr *)&ss, len), EADDRINUSE,
			     "bind() with SO_REUSEADDR, the old socket had not");
	}
	NET_EXP_EQ(in_time_wait(family, net_port(&ss)), 1,
		   "the TIME_WAIT socket still there");
	close(fd);
}

static void run(unsigned int n)
{
	int family = n ? AF_INET6 : AF_INET;

	tst_res(TINFO, "%s", n ? "IPv6" : "IPv4");
	backlog(family);
	somaxconn(family);
	time_wait(family, 0);
	time_wait(family, 1);
}

static void setup(void)
{
	net_hosts_setup();
	/* in the remote's own namespace: it dies with the test */
	net_sysctl(NET_B, "net/core/somaxconn", "3");
	net_enter(NET_A);
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.timeout = 60,
};
