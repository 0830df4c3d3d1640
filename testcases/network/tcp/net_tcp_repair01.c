// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * TCP_REPAIR with data in both queues, IPv4 and IPv6: the checkpoint
 * and restore a container migration (CRIU) does of a live connection
 * (do_tcp_setsockopt(), tcp_peek_sndq(), tcp_send_rcvq(), the repair
 * branches of tcp_sendmsg_locked() and tcp_recvmsg_locked()).
 *
 * The local host holds 3000 unread bytes from the remote host and, with
 * the remote link down, 5000 bytes of its own it could not deliver.
 * - In repair mode: a read without MSG_PEEK is EPERM; with no queue
 *   selected a peek and a send are EINVAL; TCP_REPAIR_QUEUE -1 is
 *   EINVAL; TCP_REPAIR_OPTIONS on a socket that has sent data is EPERM;
 *   getsockopt(TCP_REPAIR_WINDOW) with a short length is EINVAL.
 * - The dump: TCP_QUEUE_SEQ of each queue, SIOCOUTQ 5000 and SIOCINQ
 *   3000, and MSG_PEEK of the send and the receive queue return exactly
 *   those bytes.
 * - Closing the socket in repair mode sends nothing: no RST although
 *   data was unread (Tcp OutRsts, TcpExt TCPAbortOnClose unchanged).
 * - A new socket in repair mode gets both sequences, is bound and
 *   connected without a handshake; TCP_REPAIR_OPTIONS refuses a window
 *   scale of 15 (EFBIG) and SACK or timestamp options with a value
 *   (EINVAL); TCP_REPAIR_WINDOW refuses a max_window below snd_wnd
 *   (EINVAL); then the options and the timestamp clock of the old
 *   socket, both queues refilled with send() (the sequences read back
 *   where they were, SIOCOUTQ 5000, SIOCINQ 3000) and its window (last:
 *   rcv_wup may not lie past rcv_nxt).
 * - After TCP_REPAIR 0 the local host reads the 3000 bytes, the remote
 *   host gets the 5000 (retransmitted: a timestamp clock not carried
 *   over would make the peer's PAWS check drop them), then one more
 *   byte each way: nothing lost, nothing twice, and the remote host
 *   never noticed.
 */
#include <sys/ioctl.h>
#include <linux/sockios.h>
#include <linux/tcp.h>
#include <linux/if_packet.h>
#include <linux/if_ether.h>
#include "tst_test.h"
#include "net_hosts.h"

/* TCP option kinds (RFC 793, 7323, 2018) for TCP_REPAIR_OPTIONS */
enum { OPT_MSS = 2, OPT_WINDOW = 3, OPT_SACK_PERM = 4, OPT_TIMESTAMP = 8 };

#define INQ 3000
#define OUTQ 5000

static char *p_in, *p_out, *dump;
static int cap = -1;

/*
 * The segments on the remote's link, kept by a packet socket and shown
 * when a byte is lost: what each end sent decides which one is wrong.
 */
static void cap_open(void)
{
	struct sockaddr_ll sll = { .sll_family = AF_PACKET,
				   .sll_protocol = htons(ETH_P_ALL) };
	int big = 4 << 20;

	cap = net_socket(NET_B, AF_PACKET, SOCK_RAW);
	sll.sll_ifindex = rtnl_ifindex("net0");
	setsockopt(cap, SOL_SOCKET, SO_RCVBUFFORCE, &big, sizeof(big));
	if (bind(cap, (struct sockaddr *)&sll, sizeof(sll)))
		tst_brk(TBROK | TERRNO, "bind(AF_PACKET)");
}

static unsigned int be32_at(const unsigned char *p)
{
	return (unsigned int)p[0] << 24 | p[1] << 16 | p[2] << 8 | p[3];
}

static void cap_show(const unsigned char *f, ssize_t n, int out)
{
	const unsigned char *t, *o;
	unsigned int iphl, hl, len;

	if (n >= 14 + 20 && f[12] == 0x08 && f[13] == 0 && f[23] == 6) {
		iphl = (f[14] & 15) * 4;
		len = (f[16] << 8 | f[17]) - iphl;
	} else if (n >= 14 + 40 && f[12] == 0x86 && f[13] == 0xdd &&
		   f[20] == 6) {
		iphl = 40;
		len = f[18] << 8 | f[19];
	} else {
		return;
	}
	t = f + 14 + iphl;
	if (t + 20 > f + n)
		return;
	hl = (t[12] >> 4) * 4;
	/* the timestamp option where Linux puts it: after two NOPs */
	o = t + 20;
	tst_res(TINFO, "%s flags %02x seq %u ack %u len %u win %u ts %u/%u",
		out ? "remote -> local" : "local -> remote", t[13],
		be32_at(t + 4), be32_at(t + 8), len - hl, t[14] << 8 | t[15],
		hl >= 32 && o + 12 <= f + n && o[2] == 8 ? be32_at(o + 4) : 0,
		hl >= 32 && o + 12 <= f + n && o[2] == 8 ? be32_at(o + 8) : 0);
}

static void cap_dump(void)
{
	unsigned char f[256];
	struct sockaddr_ll sll;
	socklen_t sl;
	ssize_t n;

	for (;;) {
		sl = sizeof(sll);
		n = recvfrom(cap, f, sizeof(f), MSG_DONTWAIT,
			     (struct sockaddr *)&sll, &sl);
		/* the link went down once: that error comes first */
		if (n < 0 && errno == ENETDOWN)
			continue;
		if (n < 0)
			return;
		cap_show(f, n, sll.sll_pkttype == PACKET_OUTGOING);
	}
}

static void pattern(char *buf, size_t n, unsigned int seed)
{
	size_t i;

	for (i = 0; i < n; i++)
		buf[i] = (char)(seed + i * 7 + i / 251);
}

static void setint(int fd, int opt, int val, const char *name)
{
	if (setsockopt(fd, IPPROTO_TCP, opt, &val, sizeof(val)))
		tst_brk(TBROK | TERRNO, "setsockopt(%s, %d)", name, val);
}

static int getint_at(int fd, int level, int opt, const char *name)
{
	int val;
	socklen_t len = sizeof(val);

	if (getsockopt(fd, level, opt, &val, &len))
		tst_brk(TBROK | TERRNO, "getsockopt(%s)", name);
	return val;
}

static int getint(int fd, int opt, const char *name)
{
	return getint_at(fd, IPPROTO_TCP, opt, name);
}

static int queued(int fd, unsigned long req)
{
	int n;

	if (ioctl(fd, req, &n))
		tst_brk(TBROK | TERRNO, "ioctl(%s)",
			req == SIOCINQ ? "SIOCINQ" : "SIOCOUTQ");
	return n;
}

/* Wait (bounded) until ioctl req of fd reads n. */
static void wait_queued(int fd, unsigned long req, int n, const char *what)
{
	long long end = tst_mono_ms() + net_ms(30000);

	while (queued(fd, req) != n) {
		if (tst_mono_ms() > end)
			tst_brk(TBROK, "%s: %d bytes, not %d", what,
				queued(fd, req), n);
		usleep(1000);
	}
}

static void opt_fails(int fd, const struct tcp_repair_opt *o, int err,
		      const char *what)
{
	TST_EXP_FAIL(setsockopt(fd, IPPROTO_TCP, TCP_REPAIR_OPTIONS, o,
				sizeof(*o)), err, "TCP_REPAIR_OPTIONS %s", what);
}

struct saved {
	struct sockaddr_storage self, peer;
	socklen_t alen;
	struct tcp_repair_window win;
	struct tcp_info ti;
	int seq_snd, seq_rcv, outq, inq, mss, ts;
};

/* Errors in repair mode, then the dump of a's state and queues. */
static void checkpoint(int a, struct saved *s)
{
	socklen_t len = sizeof(s->ti), wl = sizeof(s->win) - 1;
	char c;

	if (getsockopt(a, IPPROTO_TCP, TCP_INFO, &s->ti, &len))
		tst_brk(TBROK | TERRNO, "getsockopt(TCP_INFO)");
	setint(a, TCP_REPAIR, TCP_REPAIR_ON, "TCP_REPAIR");

	TST_EXP_FAIL(recv(a, &c, 1, 0), EPERM, "recv() in repair mode");
	TST_EXP_FAIL(recv(a, &c, 1, MSG_PEEK), EINVAL,
		     "recv(MSG_PEEK) with no queue selected");
	TST_EXP_FAIL(send(a, "x", 1, 0), EINVAL,
		     "send() with no queue selected");
	TST_EXP_FAIL(setsockopt(a, IPPROTO_TCP, TCP_REPAIR_QUEUE, &(int){ -1 },
				sizeof(int)), EINVAL, "TCP_REPAIR_QUEUE -1");
	opt_fails(a, &(struct tcp_repair_opt){ OPT_MSS, 1000 }, EPERM,
		  "after data was sent");
	TST_EXP_FAIL(getsockopt(a, IPPROTO_TCP, TCP_REPAIR_WINDOW, &s->win,
				&wl), EINVAL,
		     "getsockopt(TCP_REPAIR_WINDOW) with a short length");

	wl = sizeof(s->win);
	if (getsockopt(a, IPPROTO_TCP, TCP_REPAIR_WINDOW, &s->win, &wl))
		tst_brk(TBROK | TERRNO, "getsockopt(TCP_REPAIR_WINDOW)");
	s->mss = getint(a, TCP_MAXSEG, "TCP_MAXSEG");
	s->ts = getint(a, TCP_TIMESTAMP, "TCP_TIMESTAMP");

	setint(a, TCP_REPAIR_QUEUE, TCP_SEND_QUEUE, "TCP_REPAIR_QUEUE");
	s->seq_snd = getint(a, TCP_QUEUE_SEQ, "TCP_QUEUE_SEQ");
	s->outq = queued(a, SIOCOUTQ);
	NET_EXP_EQ(s->outq, OUTQ, "SIOCOUTQ of the dumped socket");
	memset(dump, 0, OUTQ);
	NET_EXP_EQ(recv(a, dump, OUTQ + 100, MSG_PEEK), OUTQ,
		   "bytes peeked from the send queue");
	NET_EXP_EQ(memcmp(dump, p_out, OUTQ), 0,
		   "send queue holds the undelivered bytes");

	setint(a, TCP_REPAIR_QUEUE, TCP_RECV_QUEUE, "TCP_REPAIR_QUEUE");
	s->seq_rcv = getint(a, TCP_QUEUE_SEQ, "TCP_QUEUE_SEQ");
	s->inq = queued(a, SIOCINQ);
	NET_EXP_EQ(s->inq, INQ, "SIOCINQ of the dumped socket");
	memset(dump, 0, INQ);
	NET_EXP_EQ(recv(a, dump, INQ + 100, MSG_PEEK), INQ,
		   "bytes peeked from the receive queue");
	NET_EXP_EQ(memcmp(dump, p_in, INQ), 0,
		   "receive queue holds the unread bytes");
	NET_EXP_EQ(queued(a, SIOCINQ), INQ, "SIOCINQ after the peek");

	s->alen = sizeof(s->self);
	if (getsockname(a, (struct sockaddr *)&s->self, &s->alen) ||
	    getpeername(a, (struct sockaddr *)&s->peer, &s->alen))
		tst_brk(TBROK | TERRNO, "getsockname()/getpeername()");
}

/* The options a had, as TCP_REPAIR_OPTIONS entries; their number. */
static int options(const struct saved *s, struct tcp_repair_opt *o)
{
	int n = 0;

	o[n++] = (struct tcp_repair_opt){ OPT_MSS, s->mss };
	if (s->ti.tcpi_options & TCPI_OPT_WSCALE)
		o[n++] = (struct tcp_repair_opt){ OPT_WINDOW,
			s->ti.tcpi_snd_wscale | s->ti.tcpi_rcv_wscale << 16 };
	if (s->ti.tcpi_options & TCPI_OPT_SACK)
		o[n++] = (struct tcp_repair_opt){ OPT_SACK_PERM, 0 };
	if (s->ti.tcpi_options & TCPI_OPT_TIMESTAMPS)
		o[n++] = (struct tcp_repair_opt){ OPT_TIMESTAMP, 0 };
	return n;
}

static int restore(int family, const struct saved *s)
{
	int a2 = net_socket(NET_A, family, SOCK_STREAM), n;
	struct tcp_repair_window bad = s->win;
	struct tcp_repair_opt o[4];
	struct tcp_info ti;
	socklen_t len = sizeof(ti);

	setint(a2, TCP_REPAIR, TCP_REPAIR_ON, "TCP_REPAIR");
	setint(a2, TCP_REPAIR_QUEUE, TCP_SEND_QUEUE, "TCP_REPAIR_QUEUE");
	setint(a2, TCP_QUEUE_SEQ, s->seq_snd - s->outq, "TCP_QUEUE_SEQ");
	setint(a2, TCP_REPAIR_QUEUE, TCP_RECV_QUEUE, "TCP_REPAIR_QUEUE");
	setint(a2, TCP_QUEUE_SEQ, s->seq_rcv - s->inq, "TCP_QUEUE_SEQ");
	if (bind(a2, (struct sockaddr *)&s->self, s->alen))
		tst_brk(TBROK | TERRNO, "bind() to the old local address");
	TST_EXP_PASS(connect(a2, (struct sockaddr *)&s->peer, s->alen),
		     "connect() in repair mode");
	if (getsockopt(a2, IPPROTO_TCP, TCP_INFO, &ti, &len))
		tst_brk(TBROK | TERRNO, "getsockopt(TCP_INFO)");
	NET_EXP_EQ(ti.tcpi_state, 1 /* TCP_ESTABLISHED */,
		   "state of the restored socket");

	opt_fails(a2, &(struct tcp_repair_opt){ OPT_WINDOW, 15 }, EFBIG,
		  "send window scale 15");
	opt_fails(a2, &(struct tcp_repair_opt){ OPT_WINDOW, 15 << 16 }, EFBIG,
		  "receive window scale 15");
	opt_fails(a2, &(struct tcp_repair_opt){ OPT_SACK_PERM, 1 }, EINVAL,
		  "SACK_PERM with a value");
	opt_fails(a2, &(struct tcp_repair_opt){ OPT_TIMESTAMP, 1 }, EINVAL,
		  "TIMESTAMP with a value");
	n = options(s, o);
	TST_EXP_PASS(setsockopt(a2, IPPROTO_TCP, TCP_REPAIR_OPTIONS, o,
				n * sizeof(o[0])),
		     "TCP_REPAIR_OPTIONS (%d of the old socket)", n);
	setint(a2, TCP_TIMESTAMP, s->ts, "TCP_TIMESTAMP");

	/*
	 * The receive queue first (rcv_nxt final: the window's rcv_wup may
	 * not lie past it), then the window, the send queue last: data in
	 * the retransmit queue of a socket with no send window yet would
	 * go out in repair mode as zero window probes when the RTO fires
	 * (tcp_retransmit_timer()'s "shrunk window" path), as it did under
	 * load.
	 */
	setint(a2, TCP_REPAIR_QUEUE, TCP_RECV_QUEUE, "TCP_REPAIR_QUEUE");
	NET_EXP_EQ(send(a2, p_in, INQ, 0), INQ,
		   "bytes put in the receive queue");
	NET_EXP_EQ(getint(a2, TCP_QUEUE_SEQ, "TCP_QUEUE_SEQ") == s->seq_rcv,
		   1, "restored receive sequence");
	bad.max_window = bad.snd_wnd - 1;
	TST_EXP_FAIL(setsockopt(a2, IPPROTO_TCP, TCP_REPAIR_WINDOW, &bad,
				sizeof(bad)), EINVAL,
		     "TCP_REPAIR_WINDOW with max_window below snd_wnd");
	TST_EXP_PASS(setsockopt(a2, IPPROTO_TCP, TCP_REPAIR_WINDOW, &s->win,
				sizeof(s->win)), "TCP_REPAIR_WINDOW");
	setint(a2, TCP_REPAIR_QUEUE, TCP_SEND_QUEUE, "TCP_REPAIR_QUEUE");
	NET_EXP_EQ(send(a2, p_out, OUTQ, 0), OUTQ, "bytes put in the send queue");
	NET_EXP_EQ(getint(a2, TCP_QUEUE_SEQ, "TCP_QUEUE_SEQ") == s->seq_snd,
		   1, "restored send sequence");
	NET_EXP_EQ(queued(a2, SIOCOUTQ), OUTQ, "SIOCOUTQ of the new socket");
	NET_EXP_EQ(queued(a2, SIOCINQ), INQ, "SIOCINQ of the new socket");
	setint(a2, TCP_REPAIR, TCP_REPAIR_OFF, "TCP_REPAIR");
	return a2;
}

/* One byte from fd to peer after the queues; the ends' state if lost. */
static void one_byte(int fd, int peer, char byte, const char *what)
{
	struct tcp_info ti, pi;
	socklen_t len = sizeof(ti);
	int err = net_write_all(fd, &byte, 1), e1, e2;
	ssize_t got = 0;
	char c = 0;

	if (!err) {
		got = net_read_all(peer, &c, 1);
		err = got < 0 ? errno : 0;
	}
	if (got == 1) {
		NET_EXP_EQ(c, byte, what);
		return;
	}
	getsockopt(fd, IPPROTO_TCP, TCP_INFO, &ti, &len);
	len = sizeof(pi);
	getsockopt(peer, IPPROTO_TCP, TCP_INFO, &pi, &len);
	cap_dump();
	e1 = getint_at(fd, SOL_SOCKET, SO_ERROR, "SO_ERROR");
	e2 = getint_at(peer, SOL_SOCKET, SO_ERROR, "SO_ERROR");
	tst_res(TFAIL, "no byte %s: %s (read %zd); states %d/%d, SO_ERROR %s/%s",
		what, err ? tst_strerrno(err) : "EOF", got, ti.tcpi_state,
		pi.tcpi_state, tst_strerrno(e1), tst_strerrno(e2));
	{
		static const char *const f[] = { "OutRsts", "InErrs",
			"EstabResets", "AttemptFails" };
		static const char *const x[] = { "TCPAbortOnData",
			"TCPAbortOnClose", "TCPChallengeACK", "TCPSYNChallenge",
			"PAWSEstab", "TCPACKSkippedSeq", "TCPAbortOnTimeout",
			"TCPAbortFailed", "TCPWinProbe", "TCPTimeouts",
			"TCPLossProbes", "TCPLossFailures" };
		unsigned int i, h;

		for (h = NET_A; h <= NET_B; h++) {
			for (i = 0; i < 4; i++)
				tst_res(TINFO, "%s Tcp %s %lld", net_hname[h], f[i],
					net_snmp(h, "snmp", "Tcp:", f[i]));
			for (i = 0; i < 12; i++)
				tst_res(TINFO, "%s TcpExt %s %lld", net_hname[h], x[i],
					net_snmp(h, "netstat", "TcpExt:", x[i]));
		}
	}
}

static void run(unsigned int n)
{
	int family = n ? AF_INET6 : AF_INET, a, b, a2, ev, aidx, bidx;
	long long rsts, aborts;
	struct saved s;

	tst_res(TINFO, "%s", n ? "IPv6" : "IPv4");
	net_tcp_pair(NET_A, NET_B, family, &a, &b);
	if (net_write_all(b, p_in, INQ))
		tst_brk(TBROK, "write() of the remote host");
	wait_queued(a, SIOCINQ, INQ, "unread bytes of the local host");
	wait_queued(b, SIOCOUTQ, 0, "unacked bytes of the remote host");

	/* the remote link down: what the local host sends stays unacked */
	net_enter(NET_A);
	aidx = rtnl_ifindex("net0");
	ev = net_link_events();
	net_enter(NET_B);
	if (cap < 0)
		cap_open();
	cap_dump();
	bidx = rtnl_ifindex("net0");
	RTNL_SAFE(rtnl_link_set(bidx, 0, IFF_UP, 0));
	net_wait_link_oper(ev, aidx, 0);
	close(ev);
	NET_EXP_EQ(write(a, p_out, OUTQ), OUTQ, "write() to the dead link");

	checkpoint(a, &s);
	rsts = net_snmp(NET_A, "snmp", "Tcp:", "OutRsts");
	aborts = net_snmp(NET_A, "netstat", "TcpExt:", "TCPAbortOnClose");
	close(a);
	NET_EXP_EQ(net_snmp(NET_A, "snmp", "Tcp:", "OutRsts") - rsts, 0,
		   "RSTs sent closing the socket in repair mode");
	NET_EXP_EQ(net_snmp(NET_A, "netstat", "TcpExt:", "TCPAbortOnClose") -
		   aborts, 0, "TCPAbortOnClose with unread data in repair mode");

	net_enter(NET_B);
	RTNL_SAFE(rtnl_link_up(bidx));
	net_wait_oper_up(NET_B, "net0");
	net_wait_oper_up(NET_A, "net0");

	a2 = restore(family, &s);
	memset(dump, 0, OUTQ);
	NET_EXP_EQ(net_read_all(a2, dump, INQ), INQ,
		   "bytes read from the restored receive queue");
	NET_EXP_EQ(memcmp(dump, p_in, INQ), 0, "restored receive queue intact");
	memset(dump, 0, OUTQ);
	NET_EXP_EQ(net_read_all(b, dump, OUTQ), OUTQ,
		   "bytes the remote host got from the restored send queue");
	NET_EXP_EQ(memcmp(dump, p_out, OUTQ), 0,
		   "restored send queue delivered intact");
	one_byte(a2, b, 'z', "from the restored socket");
	one_byte(b, a2, 'y', "to the restored socket");
	close(a2);
	close(b);
}

static void setup(void)
{
	p_in = SAFE_MALLOC(INQ);
	p_out = SAFE_MALLOC(OUTQ);
	dump = SAFE_MALLOC(OUTQ + 100);
	pattern(p_in, INQ, 1);
	pattern(p_out, OUTQ, 2);
	/*
	 * Pinned neighbours: a segment the old socket sends to the dead
	 * link must be dropped, not held in the queue of a neighbour entry
	 * the carrier loss flushed, and delivered once the link is back,
	 * before the restored socket exists. The local host answers the
	 * remote's ACK of it with a reset, and the restored socket is then
	 * reset too (seen under load, ~half the rounds).
	 */
	net_hosts_setup_pinned();
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
