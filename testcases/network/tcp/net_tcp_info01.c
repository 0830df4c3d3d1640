// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * TCP_INFO and TCP_REPAIR between two namespaces, IPv4 and IPv6
 * (tcp_get_info(), do_tcp_setsockopt(), do_tcp_getsockopt()):
 * - tcpi_state: LISTEN, SYN_SENT towards an address nobody has,
 *   ESTABLISHED;
 * - segment sizes against the MTU (timestamps on): with 1500, tcpi_pmtu
 *   1500, tcpi_advmss and tcpi_snd_mss 1448 (IPv6 1428: the advertised
 *   MSS less the timestamp option once negotiated), and after 256 KiB
 *   from the peer tcpi_rcv_mss 1448 (1428); with an MTU of 1280 on both
 *   ends 1228 (1208) each;
 * - TCP_REPAIR: EPERM for a user without CAP_NET_ADMIN and on a
 *   listener, EINVAL for a value other than 1, 0, -1; TCP_REPAIR_QUEUE
 *   EPERM out of repair mode, EINVAL past TCP_SEND_QUEUE (and its
 *   getsockopt EINVAL out of repair mode); TCP_QUEUE_SEQ EPERM on a
 *   connected socket and EINVAL with no queue selected; TCP_TIMESTAMP
 *   EPERM out of repair mode;
 * - TCP_QUEUE_SEQ read back in repair mode: one side's send sequence is
 *   the other's receive sequence, both ways, and after 100 more bytes
 *   both moved by exactly 100;
 * - a connection moved to a new socket: the old one closed in repair
 *   mode sends nothing (OutRsts unchanged), the new socket gets both
 *   sequences, the window, MSS, window scale and timestamp options, is
 *   bound and "connected" without a handshake (ESTABLISHED at once), and
 *   after TCP_REPAIR 0 data flows both ways with the peer that never
 *   noticed.
 */
#include <netinet/tcp.h>
#include "tst_test.h"
#include "net_hosts.h"

enum { ST_ESTABLISHED = 1, ST_SYN_SENT = 2, ST_LISTEN = 10 };

static char *buf;
#define BULK (256 << 10)

static void tcpinfo(int fd, struct tcp_info *ti)
{
	socklen_t len = sizeof(*ti);

	memset(ti, 0, sizeof(*ti));
	if (getsockopt(fd, IPPROTO_TCP, TCP_INFO, ti, &len))
		tst_brk(TBROK | TERRNO, "getsockopt(TCP_INFO)");
}

static int state(int fd)
{
	struct tcp_info ti;

	tcpinfo(fd, &ti);
	return ti.tcpi_state;
}

static void setint(int fd, int opt, int v)
{
	if (setsockopt(fd, IPPROTO_TCP, opt, &v, sizeof(v)))
		tst_brk(TBROK | TERRNO, "setsockopt(IPPROTO_TCP, %d, %d)", opt,
			v);
}

static int getint(int fd, int opt)
{
	int v = 0;
	socklen_t len = sizeof(v);

	if (getsockopt(fd, IPPROTO_TCP, opt, &v, &len))
		tst_brk(TBROK | TERRNO, "getsockopt(IPPROTO_TCP, %d)", opt);
	return v;
}

static void states(int family)
{
	struct sockaddr_storage ss;
	int lfd, fd, cfd, sfd;
	socklen_t len;

	lfd = net_listener(NET_B, family, &ss);
	NET_EXP_EQ(state(lfd), ST_LISTEN, "tcpi_state of a listener");
	close(lfd);

	fd = net_socket(NET_A, family, SOCK_STREAM);
	len = net_addr(NET_B, family, 9, &ss);
	if (family == AF_INET)
		inet_pton(AF_INET, "10.99.1.9",
			  &((struct sockaddr_in *)&ss)->sin_addr);
	else
		inet_pton(AF_INET6, "fd99:1::9",
			  &((struct sockaddr_in6 *)&ss)->sin6_addr);
	net_set_nonblock(fd, 1);
	if (!connect(fd, (struct sockaddr *)&ss, len) || errno != EINPROGRESS)
		tst_brk(TBROK | TERRNO, "connect() to nobody");
	NET_EXP_EQ(state(fd), ST_SYN_SENT,
		   "tcpi_state connecting to an address nobody has");
	close(fd);

	net_tcp_pair(NET_A, NET_B, family, &cfd, &sfd);
	NET_EXP_EQ(state(cfd), ST_ESTABLISHED, "tcpi_state of the client");
	NET_EXP_EQ(state(sfd), ST_ESTABLISHED,
		   "tcpi_state of the accepted socket");
	close(cfd);
	close(sfd);
}

static void set_mtu(int mtu)
{
	int h;

	for (h = NET_A; h <= NET_B; h++) {
		net_enter(h);
		RTNL_SAFE(rtnl_link_set(rtnl_ifindex("net0"), 0, 0, mtu));
	}
}

static void mss(int family, int mtu)
{
	int hdr = family == AF_INET ? 40 : 60, cfd, sfd;
	struct tcp_info ti;
	const char *f = family == AF_INET ? "IPv4" : "IPv6";

	net_tcp_pair(NET_A, NET_B, family, &cfd, &sfd);
	tcpinfo(cfd, &ti);
	if (!(ti.tcpi_options & TCPI_OPT_TIMESTAMPS))
		tst_brk(TBROK, "no timestamps negotiated");
	NET_EXP_EQ(ti.tcpi_pmtu, mtu, "tcpi_pmtu");
	/* advmss loses the timestamp option once it is negotiated */
	tst_res(ti.tcpi_advmss == (unsigned int)(mtu - hdr - 12) ? TPASS :
		TFAIL, "%s MTU %d: tcpi_advmss %u, expected %d", f, mtu,
		ti.tcpi_advmss, mtu - hdr - 12);
	tst_res(ti.tcpi_snd_mss == (unsigned int)(mtu - hdr - 12) ? TPASS :
		TFAIL, "%s MTU %d: tcpi_snd_mss %u, expected %d", f, mtu,
		ti.tcpi_snd_mss, mtu - hdr - 12);
	memset(buf, 'm', BULK);
	if (net_write_all(sfd, buf, BULK))
		tst_brk(TBROK, "write()");
	if (net_read_all(cfd, buf, BULK) != BULK)
		tst_brk(TBROK, "read()");
	tcpinfo(cfd, &ti);
	tst_res(ti.tcpi_rcv_mss == (unsigned int)(mtu - hdr - 12) ? TPASS :
		TFAIL, "%s MTU %d: tcpi_rcv_mss %u after %d bytes, expected %d",
		f, mtu, ti.tcpi_rcv_mss, BULK, mtu - hdr - 12);
	close(cfd);
	close(sfd);
}

static int user_family;

static void as_user(void)
{
	int fd = socket(user_family, SOCK_STREAM, 0);

	if (fd < 0)
		tst_brk(TBROK | TERRNO, "socket()");
	TST_EXP_FAIL(setsockopt(fd, IPPROTO_TCP, TCP_REPAIR,
				&(int){ TCP_REPAIR_ON }, sizeof(int)), EPERM,
		     "TCP_REPAIR as a user");
	close(fd);
}

static void repair_errors(int family)
{
	struct sockaddr_storage ss;
	int lfd, fd, v;
	socklen_t len = sizeof(v);
	pid_t pid;

	user_family = family;
	net_enter(NET_A);
	pid = SAFE_FORK();
	if (!pid) {
		tst_drop_privs();
		as_user();
		exit(0);
	}
	reap_child(pid);

	lfd = net_listener(NET_B, family, &ss);
	TST_EXP_FAIL(setsockopt(lfd, IPPROTO_TCP, TCP_REPAIR,
				&(int){ TCP_REPAIR_ON }, sizeof(int)), EPERM,
		     "TCP_REPAIR on a listener");
	close(lfd);

	fd = net_socket(NET_A, family, SOCK_STREAM);
	TST_EXP_FAIL(setsockopt(fd, IPPROTO_TCP, TCP_REPAIR_QUEUE,
				&(int){ TCP_SEND_QUEUE }, sizeof(int)), EPERM,
		     "TCP_REPAIR_QUEUE out of repair mode");
	TST_EXP_FAIL(getsockopt(fd, IPPROTO_TCP, TCP_REPAIR_QUEUE, &v, &len),
		     EINVAL, "getsockopt(TCP_REPAIR_QUEUE) out of repair mode");
	TST_EXP_FAIL(setsockopt(fd, IPPROTO_TCP, TCP_TIMESTAMP,
				&(int){ 1000 }, sizeof(int)), EPERM,
		     "TCP_TIMESTAMP out of repair mode");
	TST_EXP_FAIL(setsockopt(fd, IPPROTO_TCP, TCP_REPAIR, &(int){ 2 },
				sizeof(int)), EINVAL, "TCP_REPAIR 2");
	setint(fd, TCP_REPAIR, TCP_REPAIR_ON);
	NET_EXP_EQ(getint(fd, TCP_REPAIR), 1, "TCP_REPAIR read back");
	NET_EXP_EQ(getint(fd, TCP_REPAIR_QUEUE), TCP_NO_QUEUE,
		   "TCP_REPAIR_QUEUE at first");
	TST_EXP_FAIL(setsockopt(fd, IPPROTO_TCP, TCP_QUEUE_SEQ, &(int){ 1 },
				sizeof(int)), EINVAL,
		     "TCP_QUEUE_SEQ with no queue selected");
	TST_EXP_FAIL(setsockopt(fd, IPPROTO_TCP, TCP_REPAIR_QUEUE,
				&(int){ TCP_SEND_QUEUE + 1 }, sizeof(int)),
		     EINVAL, "TCP_REPAIR_QUEUE past TCP_SEND_QUEUE");
	setint(fd, TCP_REPAIR, TCP_REPAIR_OFF_NO_WP);
	NET_EXP_EQ(getint(fd, TCP_REPAIR), 0, "TCP_REPAIR after -1");
	close(fd);
}

static unsigned int qseq(int fd, int queue)
{
	setint(fd, TCP_REPAIR_QUEUE, queue);
	return getint(fd, TCP_QUEUE_SEQ);
}

static void wait_acked(int fd)
{
	long long t0 = tst_mono_ms();
	struct tcp_info ti;

	for (;;) {
		tcpinfo(fd, &ti);
		if (!ti.tcpi_unacked)
			return;
		if (tst_mono_ms() - t0 > net_ms(10000))
			tst_brk(TBROK, "%u segments never acked",
				ti.tcpi_unacked);
		usleep(1000);
	}
}

static void seqs(int a, int b, unsigned int s[4])
{
	setint(a, TCP_REPAIR, TCP_REPAIR_ON);
	setint(b, TCP_REPAIR, TCP_REPAIR_ON);
	s[0] = qseq(a, TCP_SEND_QUEUE);
	s[1] = qseq(a, TCP_RECV_QUEUE);
	s[2] = qseq(b, TCP_SEND_QUEUE);
	s[3] = qseq(b, TCP_RECV_QUEUE);
	/*
	 * No window probe: its answer could reach the local host after the
	 * old socket is gone, and be answered with an RST.
	 */
	setint(a, TCP_REPAIR, TCP_REPAIR_OFF_NO_WP);
	setint(b, TCP_REPAIR, TCP_REPAIR_OFF_NO_WP);
}

static void roundtrip(int a, int b, const char *what)
{
	char m[32];

	if (net_write_all(a, "there", 5) || net_read_all(b, m, 5) != 5 ||
	    memcmp(m, "there", 5) || net_write_all(b, "back", 4) ||
	    net_read_all(a, m, 4) != 4 || memcmp(m, "back", 4))
		tst_res(TFAIL, "%s: no data both ways", what);
	else
		tst_res(TPASS, "%s: data both ways", what);
}

static void repair(int family)
{
	struct sockaddr_storage la, pa;
	socklen_t alen = sizeof(la), plen = sizeof(pa), wl;
	struct tcp_repair_window win;
	struct tcp_repair_opt opts[4];
	struct tcp_info ti;
	unsigned int s0[4], s1[4];
	int a, b, a2, ts, mssv, nopt = 0;
	long long rst0;

	net_tcp_pair(NET_A, NET_B, family, &a, &b);
	roundtrip(a, b, "before repair");
	wait_acked(a);
	wait_acked(b);
	TST_EXP_FAIL(setsockopt(a, IPPROTO_TCP, TCP_QUEUE_SEQ, &(int){ 1 },
				sizeof(int)), EPERM,
		     "TCP_QUEUE_SEQ on a connected socket");
	seqs(a, b, s0);
	if (s0[0] == s0[3] && s0[1] == s0[2])
		tst_res(TPASS, "send and receive sequences match across the pair");
	else
		tst_res(TFAIL, "sequences: local snd %u rcv %u, remote snd %u rcv %u",
			s0[0], s0[1], s0[2], s0[3]);
	memset(buf, 'r', 100);
	if (net_write_all(a, buf, 100) || net_read_all(b, buf, 100) != 100)
		tst_brk(TBROK, "100 bytes");
	wait_acked(a);
	seqs(a, b, s1);
	NET_EXP_EQ(s1[0] - s0[0], 100, "local send sequence moved by");
	NET_EXP_EQ(s1[3] - s0[3], 100, "remote receive sequence moved by");
	NET_EXP_EQ(s1[1] - s0[1], 0, "local receive sequence moved by");

	/* take the local end out of its socket */
	wait_acked(b);
	setint(a, TCP_REPAIR, TCP_REPAIR_ON);
	s1[0] = qseq(a, TCP_SEND_QUEUE);
	s1[1] = qseq(a, TCP_RECV_QUEUE);
	tcpinfo(a, &ti);
	ts = getint(a, TCP_TIMESTAMP);
	mssv = getint(a, TCP_MAXSEG);
	wl = sizeof(win);
	if (getsockopt(a, IPPROTO_TCP, TCP_REPAIR_WINDOW, &win, &wl))
		tst_brk(TBROK | TERRNO, "getsockopt(TCP_REPAIR_WINDOW)");
	if (getsockname(a, (struct sockaddr *)&la, &alen) ||
	    getpeername(a, (struct sockaddr *)&pa, &plen))
		tst_brk(TBROK | TERRNO, "getsockname()/getpeername()");
	rst0 = net_snmp(NET_A, "snmp", "Tcp:", "OutRsts");
	close(a);
	NET_EXP_EQ(net_snmp(NET_A, "snmp", "Tcp:", "OutRsts") - rst0, 0,
		   "RSTs sent closing the socket in repair mode");
	NET_EXP_EQ(state(b), ST_ESTABLISHED, "the peer still established");

	a2 = net_socket(NET_A, family, SOCK_STREAM);
	setint(a2, TCP_REPAIR, TCP_REPAIR_ON);
	setint(a2, TCP_REPAIR_QUEUE, TCP_SEND_QUEUE);
	setint(a2, TCP_QUEUE_SEQ, s1[0]);
	setint(a2, TCP_REPAIR_QUEUE, TCP_RECV_QUEUE);
	setint(a2, TCP_QUEUE_SEQ, s1[1]);
	if (bind(a2, (struct sockaddr *)&la, alen))
		tst_brk(TBROK | TERRNO, "bind() to the old local address");
	TST_EXP_PASS(connect(a2, (struct sockaddr *)&pa, plen),
		     "connect() in repair mode");
	NET_EXP_EQ(state(a2), ST_ESTABLISHED,
		   "repaired socket established without a handshake");
	opts[nopt].opt_code = TCPOPT_MAXSEG;
	opts[nopt++].opt_val = mssv;
	if (ti.tcpi_options & TCPI_OPT_WSCALE) {
		opts[nopt].opt_code = TCPOPT_WINDOW;
		opts[nopt++].opt_val = ti.tcpi_snd_wscale |
			ti.tcpi_rcv_wscale << 16;
	}
	if (ti.tcpi_options & TCPI_OPT_TIMESTAMPS) {
		opts[nopt].opt_code = TCPOPT_TIMESTAMP;
		opts[nopt++].opt_val = 0;
	}
	if (ti.tcpi_options & TCPI_OPT_SACK) {
		opts[nopt].opt_code = TCPOPT_SACK_PERMITTED;
		opts[nopt++].opt_val = 0;
	}
	TST_EXP_PASS(setsockopt(a2, IPPROTO_TCP, TCP_REPAIR_OPTIONS, opts,
				nopt * sizeof(opts[0])),
		     "TCP_REPAIR_OPTIONS (%d options)", nopt);
	setint(a2, TCP_TIMESTAMP, ts);
	TST_EXP_PASS(setsockopt(a2, IPPROTO_TCP, TCP_REPAIR_WINDOW, &win,
				sizeof(win)), "TCP_REPAIR_WINDOW");
	NET_EXP_EQ(qseq(a2, TCP_SEND_QUEUE), s1[0],
		   "repaired socket's send sequence");
	NET_EXP_EQ(qseq(a2, TCP_RECV_QUEUE), s1[1],
		   "repaired socket's receive sequence");
	setint(a2, TCP_REPAIR, TCP_REPAIR_OFF);
	roundtrip(a2, b, "after the move to a new socket");
	close(a2);
	close(b);
}

static void run(unsigned int n)
{
	int family = n ? AF_INET6 : AF_INET;

	tst_res(TINFO, "%s", n ? "IPv6" : "IPv4");
	states(family);
	mss(family, 1500);
	set_mtu(1280);
	mss(family, 1280);
	set_mtu(1500);
	repair_errors(family);
	repair(family);
}

static void setup(void)
{
	buf = SAFE_MALLOC(BULK);
	net_hosts_setup();
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.forks_child = 1,
	.timeout = 60,
};
