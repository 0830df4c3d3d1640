// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * IP_MINTTL and IPV6_MINHOPCOUNT (the TTL security of RFC 5082) on TCP
 * between two namespaces, IPv4 and IPv6:
 * - 0 on a new socket, 255 and 0 read back, 256 and -1 EINVAL (value
 *   kept); IPv4 takes a 1 byte option (200), 0 bytes are EINVAL; IPv6
 *   wants an int (2 bytes EINVAL);
 * - a listener with a minimum of 100: a SYN with TTL 99 is dropped
 *   (TCPMinTTLDrop + 1, no request socket, the client in SYN_SENT); with
 *   the client's TTL raised to 100 a retransmitted SYN connects; no more
 *   drops than the client's retransmissions; the accepted socket
 *   inherits the minimum;
 * - on the connection, data sent with TTL 99 is dropped (TCPMinTTLDrop,
 *   nothing queued) until the receiver lowers its minimum to 99, then a
 *   retransmission delivers it intact;
 * - ICMP errors about the connection, minimum 255: one with TTL 64 is
 *   dropped as TCPMinTTLDrop (OutOfWindowIcmps unchanged); with TTL 255
 *   it passes the check and reaches the sequence check (OutOfWindowIcmps
 *   + 1, TCPMinTTLDrop unchanged); with no minimum, TTL 64 reaches it
 *   too; the connection stays up. IPv6 checks the hop limit of the ICMPv6
 *   packet (the quoted header says 255 when the outer says 64 and the
 *   other way round); IPv4 reads the TTL of the quoted header (6.1 and
 *   6.12), so both TTLs are set alike.
 */
#include <sys/ioctl.h>
#include <linux/sockios.h>
#include <netinet/ip.h>
#include <linux/tcp.h>
#include "tst_test.h"
#include "net_hosts.h"
#include "lapi/sock_states.h"

#ifndef IP_MINTTL
# define IP_MINTTL 21
#endif
#ifndef IPV6_MINHOPCOUNT
# define IPV6_MINHOPCOUNT 73
#endif

static int fam;

static int lvl(void)
{
	return fam == AF_INET ? IPPROTO_IP : IPPROTO_IPV6;
}

static int mopt(void)
{
	return fam == AF_INET ? IP_MINTTL : IPV6_MINHOPCOUNT;
}

static const char *mname(void)
{
	return fam == AF_INET ? "IP_MINTTL" : "IPV6_MINHOPCOUNT";
}

static void set_min(int fd, int val)
{
	if (setsockopt(fd, lvl(), mopt(), &val, sizeof(val)))
		tst_brk(TBROK | TERRNO, "setsockopt(%s, %d)", mname(), val);
}

static int get_min(int fd)
{
	int val = -1;
	socklen_t len = sizeof(val);

	if (getsockopt(fd, lvl(), mopt(), &val, &len))
		tst_brk(TBROK | TERRNO, "getsockopt(%s)", mname());
	return val;
}

/* The unicast TTL / hop limit of fd. */
static void set_ttl(int fd, int ttl)
{
	if (setsockopt(fd, lvl(), fam == AF_INET ? IP_TTL : IPV6_UNICAST_HOPS,
		       &ttl, sizeof(ttl)))
		tst_brk(TBROK | TERRNO, "setsockopt(TTL %d)", ttl);
}

static long long drops(int h)
{
	return net_snmp(h, "netstat", "TcpExt:", "TCPMinTTLDrop");
}

/*
 * Wait (10 s, scaled) until TcpExt counter name of h reaches min; the
 * last reading. Shorter than the test's timeout: a counter that never
 * moves is a TFAIL of its own.
 */
static long long wait_ext(int h, const char *name, long long min)
{
	long long end = tst_mono_ms() + net_ms(10000), v;

	while ((v = net_snmp(h, "netstat", "TcpExt:", name)) < min &&
	       tst_mono_ms() < end)
		usleep(1000);
	return v;
}

static void tcp_info(int fd, struct tcp_info *ti)
{
	socklen_t len = sizeof(*ti);

	memset(ti, 0, sizeof(*ti));
	if (getsockopt(fd, IPPROTO_TCP, TCP_INFO, ti, &len))
		tst_brk(TBROK | TERRNO, "getsockopt(TCP_INFO)");
}

/* SYNs are retransmitted by the timer alone, which counts them here. */
static long long retrans(int fd)
{
	struct tcp_info ti;

	tcp_info(fd, &ti);
	return ti.tcpi_total_retrans;
}

/* Data segments sent, loss probes (not in tcpi_total_retrans) too. */
static long long data_segs(int fd)
{
	struct tcp_info ti;

	tcp_info(fd, &ti);
	return ti.tcpi_data_segs_out;
}

static void check_opts(void)
{
	int fd = net_socket(NET_A, fam, SOCK_STREAM), val;
	unsigned char c = 200;

	NET_EXP_EQ(get_min(fd), 0, "minimum of a new socket");
	val = 256;
	TST_EXP_FAIL(setsockopt(fd, lvl(), mopt(), &val, sizeof(val)), EINVAL,
		     "%s 256", mname());
	val = -1;
	TST_EXP_FAIL(setsockopt(fd, lvl(), mopt(), &val, sizeof(val)), EINVAL,
		     "%s -1", mname());
	NET_EXP_EQ(get_min(fd), 0, "minimum after the refused values");
	set_min(fd, 255);
	NET_EXP_EQ(get_min(fd), 255, "minimum 255 read back");
	if (fam == AF_INET) {
		TST_EXP_PASS(setsockopt(fd, lvl(), mopt(), &c, 1),
			     "IP_MINTTL of 1 byte (200)");
		NET_EXP_EQ(get_min(fd), 200, "1 byte minimum read back");
		TST_EXP_FAIL(setsockopt(fd, lvl(), mopt(), &c, 0), EINVAL,
			     "IP_MINTTL of 0 bytes");
	} else {
		val = 200;
		TST_EXP_FAIL(setsockopt(fd, lvl(), mopt(), &val, 2), EINVAL,
			     "IPV6_MINHOPCOUNT of 2 bytes");
	}
	set_min(fd, 0);
	NET_EXP_EQ(get_min(fd), 0, "minimum 0 read back");
	close(fd);
}

/* A connection whose SYN first comes too low; *cfd in A, *sfd in B. */
static void check_syn(int *cfd, int *sfd)
{
	struct sockaddr_storage ss;
	int lfd, err = -1;
	socklen_t len = sizeof(err);
	long long d0, d;

	lfd = net_listener(NET_B, fam, &ss);
	set_min(lfd, 100);
	d0 = drops(NET_B);
	*cfd = net_socket(NET_A, fam, SOCK_STREAM);
	set_ttl(*cfd, 99);
	net_set_nonblock(*cfd, 1);
	if (!connect(*cfd, (struct sockaddr *)&ss, fam == AF_INET ?
		     sizeof(struct sockaddr_in) : sizeof(struct sockaddr_in6)) ||
	    errno != EINPROGRESS)
		tst_brk(TBROK | TERRNO, "connect()");
	d = wait_ext(NET_B, "TCPMinTTLDrop", d0 + 1);
	if (d <= d0)
		tst_brk(TFAIL, "no TCPMinTTLDrop for a SYN with TTL 99");
	tst_res(TPASS, "SYN with TTL 99 under a minimum of 100: TCPMinTTLDrop + %lld",
		d - d0);
	NET_EXP_EQ(net_tcp_count(NET_B, fam, SK_ST_SYN_RECV, net_port(&ss)), 0,
		   "request sockets for the dropped SYN");
	NET_EXP_EQ(net_tcp_state(*cfd), SK_ST_SYN_SENT, "client state");

	set_ttl(*cfd, 100);
	if (!(net_poll(*cfd, POLLOUT, 30000) & POLLOUT))
		tst_brk(TFAIL, "no connection after the TTL was raised");
	if (getsockopt(*cfd, SOL_SOCKET, SO_ERROR, &err, &len))
		tst_brk(TBROK | TERRNO, "getsockopt(SO_ERROR)");
	NET_EXP_EQ(err, 0, "connect() with TTL 100 (the minimum)");
	net_set_nonblock(*cfd, 0);
	*sfd = net_accept(lfd);
	close(lfd);
	d = drops(NET_B) - d0;
	if (d < 1 || d > retrans(*cfd))
		tst_res(TFAIL, "%lld SYNs dropped, %lld retransmitted", d,
			retrans(*cfd));
	else
		tst_res(TPASS, "%lld SYNs dropped, %lld retransmitted", d,
			retrans(*cfd));
	NET_EXP_EQ(get_min(*sfd), 100, "minimum of the accepted socket");
}

static void check_data(int cfd, int sfd)
{
	char buf[4] = { 0 };
	long long d0, d, r0;
	int inq = -1;

	d0 = drops(NET_B);
	r0 = data_segs(cfd);
	set_ttl(cfd, 99);
	if (write(cfd, "abc", 3) != 3)
		tst_brk(TBROK | TERRNO, "write()");
	d = wait_ext(NET_B, "TCPMinTTLDrop", d0 + 1);
	if (d <= d0)
		tst_brk(TFAIL, "no TCPMinTTLDrop for data with TTL 99");
	if (ioctl(sfd, SIOCINQ, &inq))
		tst_brk(TBROK | TERRNO, "ioctl(SIOCINQ)");
	NET_EXP_EQ(inq, 0, "bytes queued from a segment with TTL 99");
	set_min(sfd, 99);
	if (net_read_all(sfd, buf, 3) != 3 || memcmp(buf, "abc", 3))
		tst_res(TFAIL | TERRNO, "data after the minimum was lowered: '%s'",
			buf);
	else
		tst_res(TPASS, "retransmission delivered once the minimum is 99");
	/* every copy sent but the one delivered may have been dropped */
	d = drops(NET_B) - d0;
	if (d < 1 || d > data_segs(cfd) - r0 - 1)
		tst_res(TFAIL, "%lld segments dropped, %lld sent", d,
			data_segs(cfd) - r0);
	else
		tst_res(TPASS, "%lld segments dropped, %lld sent", d,
			data_segs(cfd) - r0);
}

static unsigned short csum(const unsigned char *p, size_t len)
{
	unsigned int s = 0;
	size_t i;

	for (i = 0; i + 1 < len; i += 2)
		s += (p[i] << 8) | p[i + 1];
	if (len & 1)
		s += p[len - 1] << 8;
	while (s >> 16)
		s = (s & 0xffff) + (s >> 16);
	return ~s & 0xffff;
}

/*
 * B tells A that a segment of A's connection (ports lport -> rport) did
 * not arrive: outer TTL/hop limit ttl, quoted one qttl, an out of window
 * sequence number.
 */
static void send_icmp(int raw, int lport, int rport, int ttl, int qttl)
{
	unsigned char pkt[8 + 40 + 8] = { 0 }, *q = pkt + 8, *th;
	struct sockaddr_storage a, b;
	socklen_t alen = net_addr(NET_A, fam, 0, &a);
	size_t len;
	unsigned short c;

	net_addr(NET_B, fam, 0, &b);
	set_ttl(raw, ttl);
	if (fam == AF_INET) {
		pkt[0] = 3;	/* destination unreachable */
		pkt[1] = 1;	/* host unreachable */
		q[0] = 0x45;
		q[3] = 40;
		q[8] = qttl;
		q[9] = IPPROTO_TCP;
		memcpy(q + 12, net_rawaddr(&a), 4);
		memcpy(q + 16, net_rawaddr(&b), 4);
		c = csum(q, 20);
		q[10] = c >> 8;
		q[11] = c & 0xff;
		th = q + 20;
		len = 8 + 20 + 8;
	} else {
		pkt[0] = 1;	/* destination unreachable */
		pkt[1] = 3;	/* address unreachable */
		q[0] = 0x60;
		q[5] = 20;
		q[6] = IPPROTO_TCP;
		q[7] = qttl;
		memcpy(q + 8, net_rawaddr(&a), 16);
		memcpy(q + 24, net_rawaddr(&b), 16);
		th = q + 40;
		len = 8 + 40 + 8;
	}
	th[0] = lport >> 8;
	th[1] = lport & 0xff;
	th[2] = rport >> 8;
	th[3] = rport & 0xff;
	/* the sequence number: far from anything sent (0x5a5a5a5a) */
	memset(th + 4, 0x5a, 4);
	if (fam == AF_INET) {
		c = csum(pkt, len);
		pkt[2] = c >> 8;
		pkt[3] = c & 0xff;
	}
	if (sendto(raw, pkt, len, 0, (struct sockaddr *)&a, alen) !=
	    (ssize_t)len)
		tst_brk(TBROK | TERRNO, "sendto(ICMP)");
}

static long long oow(void)
{
	return net_snmp(NET_A, "netstat", "TcpExt:", "OutOfWindowIcmps");
}

static void icmp_case(int raw, int cfd, int lport, int rport, int min,
		      int ttl, int qttl, int dropped)
{
	long long d0 = drops(NET_A), o0 = oow(), d, o;

	set_min(cfd, min);
	send_icmp(raw, lport, rport, ttl, qttl);
	if (dropped) {
		d = wait_ext(NET_A, "TCPMinTTLDrop", d0 + 1) - d0;
		o = oow() - o0;
	} else {
		o = wait_ext(NET_A, "OutOfWindowIcmps", o0 + 1) - o0;
		d = drops(NET_A) - d0;
	}
	if (d == !!dropped && o == !dropped)
		tst_res(TPASS, "ICMP TTL %d (quoted %d), minimum %d: TCPMinTTLDrop + %lld, OutOfWindowIcmps + %lld",
			ttl, qttl, min, d, o);
	else
		tst_res(TFAIL, "ICMP TTL %d (quoted %d), minimum %d: TCPMinTTLDrop + %lld, OutOfWindowIcmps + %lld, expected + %d, + %d",
			ttl, qttl, min, d, o, !!dropped, !dropped);
}

static void check_icmp(int cfd, int sfd)
{
	struct sockaddr_storage l;
	socklen_t len = sizeof(l);
	int raw, lport, rport, err = -1;
	char c = 0;

	if (getsockname(cfd, (struct sockaddr *)&l, &len))
		tst_brk(TBROK | TERRNO, "getsockname()");
	lport = net_port(&l);
	len = sizeof(l);
	if (getsockname(sfd, (struct sockaddr *)&l, &len))
		tst_brk(TBROK | TERRNO, "getsockname()");
	rport = net_port(&l);
	net_enter(NET_B);
	raw = socket(fam, SOCK_RAW, fam == AF_INET ? IPPROTO_ICMP :
		     IPPROTO_ICMPV6);
	if (raw < 0)
		tst_brk(TBROK | TERRNO, "socket(SOCK_RAW)");

	if (fam == AF_INET) {
		icmp_case(raw, cfd, lport, rport, 255, 64, 64, 1);
		icmp_case(raw, cfd, lport, rport, 255, 255, 255, 0);
		icmp_case(raw, cfd, lport, rport, 0, 64, 64, 0);
	} else {
		icmp_case(raw, cfd, lport, rport, 255, 64, 255, 1);
		icmp_case(raw, cfd, lport, rport, 255, 255, 64, 0);
		icmp_case(raw, cfd, lport, rport, 0, 64, 64, 0);
	}
	close(raw);

	len = sizeof(err);
	if (getsockopt(cfd, SOL_SOCKET, SO_ERROR, &err, &len))
		tst_brk(TBROK | TERRNO, "getsockopt(SO_ERROR)");
	NET_EXP_EQ(err, 0, "SO_ERROR after the ICMP errors");
	if (write(sfd, "z", 1) != 1 || net_read_all(cfd, &c, 1) != 1 ||
	    c != 'z')
		tst_res(TFAIL | TERRNO, "the connection after the ICMP errors");
	else
		tst_res(TPASS, "the connection carries data after the ICMP errors");
}

static void run(unsigned int n)
{
	int cfd, sfd;

	fam = n ? AF_INET6 : AF_INET;
	tst_res(TINFO, "%s", n ? "IPv6" : "IPv4");
	check_opts();
	check_syn(&cfd, &sfd);
	check_data(cfd, sfd);
	/* back to plain traffic: the ICMP part sets the client's minimum */
	set_ttl(cfd, 64);
	set_min(sfd, 0);
	check_icmp(cfd, sfd);
	close(cfd);
	close(sfd);
}

static void setup(void)
{
	net_hosts_setup_pinned();
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.needs_root = 1,
};
