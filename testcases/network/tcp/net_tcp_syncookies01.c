// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * SYN cookies between two namespaces, IPv4 and IPv6 (tcp_conn_request(),
 * net/ipv4/syncookies.c, net/ipv6/syncookies.c).
 *
 * The server's net.ipv4.tcp_syncookies 2 (always):
 * - a connection from a client with timestamps on is made through a
 *   cookie: SyncookiesSent, SyncookiesRecv and TCPReqQFullDoCookies each
 *   grow by exactly 1, SyncookiesFailed not; the options the cookie
 *   carries in the low bits of the timestamp come back intact: the
 *   server's socket has timestamps, SACK and window scaling, and its
 *   send scale is the client's receive scale (and the other way round);
 *   a client MSS of 1000 becomes the largest table value not above it,
 *   536 on IPv4 and the smallest entry 1220 on IPv6, less 12 bytes of
 *   timestamp option; 256 KiB go each way intact;
 * - from a client with timestamps off the cookie cannot carry options:
 *   neither side has SACK, window scaling or timestamps, data still flows;
 * - an ACK that no cookie SYN-ACK asked for (a TCP_REPAIR socket that
 *   sends a window probe to the listener) is counted in SyncookiesFailed
 *   and answered with a reset: the forging socket gets ECONNRESET.
 * The server's tcp_syncookies 1, a listen backlog of 1 and requests whose
 * SYN-ACKs never arrive (their clients bound with IP_TRANSPARENT to
 * addresses nobody answers for):
 * - with one such request the queue is not full (it is full above the
 *   backlog): the next connection is a plain one, the client's MSS kept;
 * - with two the next connection is made through a cookie
 *   (TCPReqQFullDoCookies, SyncookiesSent, SyncookiesRecv +1, MSS
 *   rounded as above);
 * - with tcp_syncookies 0 the next SYN is dropped instead
 *   (TCPReqQFullDrop and ListenDrops grow, the client stays in SYN_SENT,
 *   nothing to accept).
 */
#include <netinet/in.h>
#include <netinet/tcp.h>
#include "tst_test.h"
#include "net_hosts.h"

#define BULK (256 * 1024)

struct cookie_counts {
	long long sent, recv, failed, docookies, qfulldrop, listendrops;
};

static char *bulk_out, *bulk_in;

static void read_counts(struct cookie_counts *c)
{
	c->sent = net_snmp(NET_B, "netstat", "TcpExt:", "SyncookiesSent");
	c->recv = net_snmp(NET_B, "netstat", "TcpExt:", "SyncookiesRecv");
	c->failed = net_snmp(NET_B, "netstat", "TcpExt:", "SyncookiesFailed");
	c->docookies = net_snmp(NET_B, "netstat", "TcpExt:",
				"TCPReqQFullDoCookies");
	c->qfulldrop = net_snmp(NET_B, "netstat", "TcpExt:",
				"TCPReqQFullDrop");
	c->listendrops = net_snmp(NET_B, "netstat", "TcpExt:", "ListenDrops");
}

static void tcp_info_of(int fd, struct tcp_info *ti)
{
	socklen_t len = sizeof(*ti);

	memset(ti, 0, sizeof(*ti));
	if (getsockopt(fd, IPPROTO_TCP, TCP_INFO, ti, &len))
		tst_brk(TBROK | TERRNO, "getsockopt(TCP_INFO)");
}

static void set_maxseg(int fd, int mss)
{
	if (setsockopt(fd, IPPROTO_TCP, TCP_MAXSEG, &mss, sizeof(mss)))
		tst_brk(TBROK | TERRNO, "setsockopt(TCP_MAXSEG, %d)", mss);
}

/* A connection from A to lfd's address; the client may clamp its MSS. */
static void connect_to(int family, const struct sockaddr_storage *ss,
		       int lfd, int mss, int *cfd, int *sfd)
{
	int err;

	*cfd = net_socket(NET_A, family, SOCK_STREAM);
	if (mss)
		set_maxseg(*cfd, mss);
	err = net_connect_fd(*cfd, ss);
	if (err) {
		errno = err;
		tst_brk(TBROK | TERRNO, "connect() through a cookie");
	}
	*sfd = net_accept(lfd);
}

/* Run the child side of bulk_both(): write BULK bytes, then read them. */
static void bulk_both(int cfd, int sfd, const char *what)
{
	pid_t pid;
	ssize_t got;

	pid = SAFE_FORK();
	if (!pid) {
		if (net_write_all(cfd, bulk_out, BULK))
			tst_brk(TBROK, "%s: client write", what);
		got = net_read_all(cfd, bulk_in, BULK);
		if (got != BULK || memcmp(bulk_in, bulk_out, BULK))
			tst_brk(TBROK, "%s: client got %zd bytes back", what,
				got);
		exit(0);
	}
	got = net_read_all(sfd, bulk_in, BULK);
	if (got != BULK || memcmp(bulk_in, bulk_out, BULK))
		tst_res(TFAIL, "%s: server read %zd of %d bytes intact", what,
			got, BULK);
	else if (net_write_all(sfd, bulk_in, BULK))
		tst_res(TFAIL, "%s: server write failed", what);
	else
		tst_res(TPASS, "%s: %d bytes each way intact", what, BULK);
	reap_child(pid);
}

static void check_delta(const char *name, long long before, long long after,
			long long want)
{
	NET_EXP_EQ(after - before, want, name);
}

static void cookie_with_timestamps(int family, int lfd,
				   const struct sockaddr_storage *ss)
{
	struct cookie_counts b, a;
	struct tcp_info ci, si;
	int cfd, sfd, syns, opts = TCPI_OPT_TIMESTAMPS | TCPI_OPT_SACK |
		TCPI_OPT_WSCALE;

	read_counts(&b);
	connect_to(family, ss, lfd, 1000, &cfd, &sfd);
	read_counts(&a);
	tcp_info_of(cfd, &ci);
	tcp_info_of(sfd, &si);
	/* Every SYN, a retransmitted one too, gets a cookie of its own. */
	syns = 1 + ci.tcpi_total_retrans;
	check_delta("SyncookiesSent (one a SYN)", b.sent, a.sent, syns);
	check_delta("SyncookiesRecv", b.recv, a.recv, 1);
	check_delta("SyncookiesFailed", b.failed, a.failed, 0);
	check_delta("TCPReqQFullDoCookies (one a SYN)", b.docookies,
		    a.docookies, syns);

	NET_EXP_EQ(si.tcpi_options & opts, opts,
		   "server options from the cookie (TS | SACK | WSCALE)");
	if (!ci.tcpi_rcv_wscale)
		tst_brk(TBROK, "the client offers no window scale");
	NET_EXP_EQ(si.tcpi_snd_wscale, ci.tcpi_rcv_wscale,
		   "server send scale = client receive scale");
	NET_EXP_EQ(ci.tcpi_snd_wscale, si.tcpi_rcv_wscale,
		   "client send scale = server receive scale");
	NET_EXP_EQ(si.tcpi_snd_mss, (family == AF_INET ? 536 : 1220) - 12,
		   "server MSS for a client MSS of 1000 (cookie table)");
	bulk_both(cfd, sfd, "cookie connection with timestamps");
	close(cfd);
	close(sfd);
}

static void cookie_without_timestamps(int family, int lfd,
				      const struct sockaddr_storage *ss)
{
	struct cookie_counts b, a;
	struct tcp_info ci, si;
	int cfd, sfd, opts = TCPI_OPT_TIMESTAMPS | TCPI_OPT_SACK |
		TCPI_OPT_WSCALE;

	net_sysctl(NET_A, "net/ipv4/tcp_timestamps", "0");
	read_counts(&b);
	connect_to(family, ss, lfd, 0, &cfd, &sfd);
	read_counts(&a);
	net_sysctl(NET_A, "net/ipv4/tcp_timestamps", "1");
	check_delta("SyncookiesRecv (client without timestamps)", b.recv,
		    a.recv, 1);
	tcp_info_of(cfd, &ci);
	tcp_info_of(sfd, &si);
	NET_EXP_EQ(si.tcpi_options & opts, 0,
		   "server options without timestamps (none)");
	NET_EXP_EQ(ci.tcpi_options & opts, 0,
		   "client options without timestamps (none)");
	bulk_both(cfd, sfd, "cookie connection without timestamps");
	close(cfd);
	close(sfd);
}

static void forged_ack(int family, const struct sockaddr_storage *ss)
{
	socklen_t len = family == AF_INET ? sizeof(struct sockaddr_in) :
		sizeof(struct sockaddr_in6);
	long long before;
	int fd, on = TCP_REPAIR_ON, off = TCP_REPAIR_OFF;
	char c;

	before = net_snmp(NET_B, "netstat", "TcpExt:", "SyncookiesFailed");
	fd = net_socket(NET_A, family, SOCK_STREAM);
	if (setsockopt(fd, IPPROTO_TCP, TCP_REPAIR, &on, sizeof(on)))
		tst_brk(TBROK | TERRNO, "setsockopt(TCP_REPAIR)");
	/* In repair mode connect() sends nothing: no SYN, no cookie. */
	if (connect(fd, (const struct sockaddr *)ss, len))
		tst_brk(TBROK | TERRNO, "connect() in repair mode");
	/* Leaving it sends a window probe: a bare ACK to the listener. */
	if (setsockopt(fd, IPPROTO_TCP, TCP_REPAIR, &off, sizeof(off)))
		tst_brk(TBROK | TERRNO, "setsockopt(TCP_REPAIR, off)");

	check_delta("SyncookiesFailed after a forged ACK", before,
		    net_wait_snmp(NET_B, "netstat", "TcpExt:",
				  "SyncookiesFailed", before + 1), 1);
	net_wait(fd, POLLIN);
	TST_EXP_FAIL(read(fd, &c, 1), ECONNRESET,
		     "read() of the socket whose ACK had no cookie");
	close(fd);
}

/*
 * A SYN from an address of net 1 that nobody owns: its SYN-ACK waits for
 * a neighbour that never answers, so the request stays in the queue.
 */
static int hold_syn_queue(int family, const struct sockaddr_storage *ss,
			  int host, int held)
{
	char addr[32];
	struct sockaddr_storage src;
	socklen_t len;
	long long deadline;
	int fd = net_socket(NET_A, family, SOCK_STREAM), one = 1;

	memset(&src, 0, sizeof(src));
	src.ss_family = family;
	if (family == AF_INET) {
		snprintf(addr, sizeof(addr), "10.99.1.%d", host);
		inet_pton(AF_INET, addr,
			  &((struct sockaddr_in *)&src)->sin_addr);
		len = sizeof(struct sockaddr_in);
		if (setsockopt(fd, SOL_IP, IP_TRANSPARENT, &one, sizeof(one)))
			tst_brk(TBROK | TERRNO, "IP_TRANSPARENT");
	} else {
		snprintf(addr, sizeof(addr), "fd99:1::%d", host);
		inet_pton(AF_INET6, addr,
			  &((struct sockaddr_in6 *)&src)->sin6_addr);
		len = sizeof(struct sockaddr_in6);
		if (setsockopt(fd, SOL_IPV6, IPV6_TRANSPARENT, &one,
			       sizeof(one)))
			tst_brk(TBROK | TERRNO, "IPV6_TRANSPARENT");
	}
	if (bind(fd, (struct sockaddr *)&src, len))
		tst_brk(TBROK | TERRNO, "bind() to an address nobody has");
	net_set_nonblock(fd, 1);
	if (!connect(fd, (const struct sockaddr *)ss, len) ||
	    errno != EINPROGRESS)
		tst_brk(TBROK | TERRNO, "connect() of the held request");

	deadline = tst_mono_ms() + net_ms(30000);
	while (net_tcp_count(NET_B, family, TCP_SYN_RECV, 0) < held) {
		if (tst_mono_ms() > deadline)
			tst_brk(TBROK, "not %d SYN_RECV requests", held);
		usleep(1000);
	}
	return fd;
}

static void queue_full(int family)
{
	struct sockaddr_storage ss;
	struct cookie_counts b, a;
	struct tcp_info ci, si;
	int lfd, hold1, hold2, cfd, sfd, syns;

	net_sysctl(NET_B, "net/ipv4/tcp_syncookies", "1");
	lfd = net_bound(NET_B, family, SOCK_STREAM, &ss);
	if (listen(lfd, 1))
		tst_brk(TBROK | TERRNO, "listen(1)");

	/* Full means more requests than the backlog: one is not yet. */
	hold1 = hold_syn_queue(family, &ss, 77, 1);
	read_counts(&b);
	connect_to(family, &ss, lfd, 1000, &cfd, &sfd);
	read_counts(&a);
	check_delta("SyncookiesSent with 1 request for a backlog of 1",
		    b.sent, a.sent, 0);
	tcp_info_of(sfd, &si);
	NET_EXP_EQ(si.tcpi_snd_mss, 1000 - 12,
		   "server MSS without a cookie (the client's 1000)");
	close(cfd);
	close(sfd);

	hold2 = hold_syn_queue(family, &ss, 78, 2);
	read_counts(&b);
	connect_to(family, &ss, lfd, 1000, &cfd, &sfd);
	read_counts(&a);
	tcp_info_of(cfd, &ci);
	tcp_info_of(sfd, &si);
	syns = 1 + ci.tcpi_total_retrans;
	check_delta("TCPReqQFullDoCookies with 2 requests for a backlog of 1",
		    b.docookies, a.docookies, syns);
	check_delta("SyncookiesSent with a full SYN queue", b.sent, a.sent,
		    syns);
	check_delta("SyncookiesRecv with a full SYN queue", b.recv, a.recv,
		    1);
	NET_EXP_EQ(si.tcpi_snd_mss, (family == AF_INET ? 536 : 1220) - 12,
		   "server MSS of the overflow connection (cookie table)");
	close(cfd);
	close(sfd);

	net_sysctl(NET_B, "net/ipv4/tcp_syncookies", "0");
	read_counts(&b);
	cfd = net_socket(NET_A, family, SOCK_STREAM);
	net_set_nonblock(cfd, 1);
	if (!connect(cfd, (const struct sockaddr *)&ss,
		     family == AF_INET ? sizeof(struct sockaddr_in) :
		     sizeof(struct sockaddr_in6)) || errno != EINPROGRESS)
		tst_brk(TBROK | TERRNO, "connect() to the full queue");
	net_wait_snmp(NET_B, "netstat", "TcpExt:", "TCPReqQFullDrop",
		      b.qfulldrop + 1);
	read_counts(&a);
	NET_EXP_EQ(a.qfulldrop > b.qfulldrop, 1,
		   "TCPReqQFullDrop grew without cookies");
	NET_EXP_EQ(a.listendrops > b.listendrops, 1,
		   "ListenDrops grew without cookies");
	check_delta("SyncookiesSent without cookies", b.sent, a.sent, 0);
	tcp_info_of(cfd, &ci);
	NET_EXP_EQ(ci.tcpi_state, TCP_SYN_SENT,
		   "state of the client whose SYN was dropped");
	NET_EXP_EQ(net_poll(lfd, POLLIN, 0), 0,
		   "listener readable after the dropped SYN");
	close(cfd);
	close(hold1);
	close(hold2);
	close(lfd);
	net_sysctl(NET_B, "net/ipv4/tcp_syncookies", "1");
}

static void run(unsigned int n)
{
	int family = n ? AF_INET6 : AF_INET;
	struct sockaddr_storage ss;
	int lfd;

	tst_res(TINFO, "%s", n ? "IPv6" : "IPv4");
	net_sysctl(NET_B, "net/ipv4/tcp_syncookies", "2");
	lfd = net_listener(NET_B, family, &ss);
	cookie_with_timestamps(family, lfd, &ss);
	cookie_without_timestamps(family, lfd, &ss);
	forged_ack(family, &ss);
	close(lfd);
	queue_full(family);
}

static void setup(void)
{
	int i;

	if (access("/proc/sys/net/ipv4/tcp_syncookies", F_OK))
		tst_brk(TCONF, "no net.ipv4.tcp_syncookies (CONFIG_SYN_COOKIES)");
	bulk_out = SAFE_MALLOC(BULK);
	bulk_in = SAFE_MALLOC(BULK);
	for (i = 0; i < BULK; i++)
		bulk_out[i] = i * 7 + i / 251;
	net_hosts_setup();
	/* The held request must outlive the test: 10 SYN-ACK retries. */
	net_sysctl(NET_B, "net/ipv4/tcp_synack_retries", "10");
	net_enter(NET_A);
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.forks_child = 1,
	.timeout = 60,
};
