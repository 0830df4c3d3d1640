// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * UDP ancillary data and socket semantics between two namespaces, IPv4
 * and IPv6; the remote has a second address (10.99.1.3, fd99:1::3):
 * - IP_PKTINFO / IPV6_RECVPKTINFO on a wildcard-bound socket: each
 *   datagram's destination address (either of the two) and the ifindex
 *   of net0; IP_PKTINFO's ipi_spec_dst is that local address;
 * - the source chosen on send with a IP_PKTINFO (ipi_spec_dst) /
 *   IPV6_PKTINFO control message: the peer sees each address as the
 *   source; a source that is not local: ENETUNREACH (IPv4, the output
 *   route lookup) / EINVAL (IPv6, ip6_datagram_send_ctl()), a multicast
 *   IPv4 source EINVAL;
 * - UDP_CORK: read back 1; three sends while corked leave as one
 *   datagram on uncork, the next datagram is the one sent after; a send
 *   with MSG_MORE joins the next; a corked datagram grown past 65507
 *   (65527 for IPv6) fails with EMSGSIZE and the whole pending datagram
 *   is dropped: nothing leaves on uncork;
 * - SO_REUSEPORT: four sockets on one port, 64 senders each sending
 *   twice: every sender's two datagrams reach the same socket (hash of
 *   the 4-tuple) and every socket gets some; none lost;
 * - SO_RXQ_OVFL: a receiver at the minimum SO_RCVBUF that does not read
 *   drops datagrams; the first datagram carries no drop count, the
 *   datagrams read plus the drops are exactly what was sent, and the
 *   count on the next datagram equals the protocol's InErrors increase.
 */
#include <sys/ioctl.h>
#include <netinet/udp.h>
#include "tst_test.h"
#include "net_hosts.h"

#ifndef UDP_CORK
# define UDP_CORK 1
#endif
#ifndef SO_RXQ_OVFL
# define SO_RXQ_OVFL 40
#endif

#define NRP 4
#define NSEND 64
#define NOVFL 40

static char *big;

static const char *host2(int family, int second)
{
	if (family == AF_INET)
		return second ? "10.99.1.3" : "10.99.1.2";
	return second ? "fd99:1::3" : "fd99:1::2";
}

static void setint(int fd, int lvl, int opt, int v)
{
	if (setsockopt(fd, lvl, opt, &v, sizeof(v)))
		tst_brk(TBROK | TERRNO, "setsockopt(%d, %d, %d)", lvl, opt, v);
}

/* A wildcard-bound UDP socket in host h; its port in *port. */
static int wild(int h, int family, unsigned short *port)
{
	struct sockaddr_storage ss;
	socklen_t len = net_sockaddr(family,
				     family == AF_INET ? "0.0.0.0" : "::",
				     0, &ss);
	int fd = net_socket(h, family, SOCK_DGRAM);

	if (bind(fd, (struct sockaddr *)&ss, len))
		tst_brk(TBROK | TERRNO, "bind()");
	if (getsockname(fd, (struct sockaddr *)&ss, &len))
		tst_brk(TBROK | TERRNO, "getsockname()");
	*port = net_port(&ss);
	return fd;
}

struct rx {
	ssize_t len;
	char data[128];
	struct sockaddr_storage from;
	int have_pi;
	int ifindex;
	struct sockaddr_storage dst, spec;
	int have_ovfl;
	unsigned int ovfl;
};

/* recvmsg() after POLLIN (bounded) with its control messages parsed. */
static void rx_one(int fd, struct rx *r)
{
	char cbuf[256];
	struct iovec iov = { .iov_base = r->data, .iov_len = sizeof(r->data) };
	struct msghdr msg = {
		.msg_name = &r->from, .msg_namelen = sizeof(r->from),
		.msg_iov = &iov, .msg_iovlen = 1,
		.msg_control = cbuf, .msg_controllen = sizeof(cbuf),
	};
	struct cmsghdr *c;

	memset(r, 0, sizeof(*r));
	net_wait(fd, POLLIN);
	r->len = recvmsg(fd, &msg, MSG_DONTWAIT);
	if (r->len < 0)
		tst_brk(TBROK | TERRNO, "recvmsg()");
	for (c = CMSG_FIRSTHDR(&msg); c; c = CMSG_NXTHDR(&msg, c)) {
		if (c->cmsg_level == IPPROTO_IP && c->cmsg_type == IP_PKTINFO) {
			struct in_pktinfo pi;

			memcpy(&pi, CMSG_DATA(c), sizeof(pi));
			r->have_pi = 1;
			r->ifindex = pi.ipi_ifindex;
			r->dst.ss_family = AF_INET;
			((struct sockaddr_in *)&r->dst)->sin_addr = pi.ipi_addr;
			r->spec.ss_family = AF_INET;
			((struct sockaddr_in *)&r->spec)->sin_addr =
				pi.ipi_spec_dst;
		} else if (c->cmsg_level == IPPROTO_IPV6 &&
			   c->cmsg_type == IPV6_PKTINFO) {
			struct in6_pktinfo pi;

			memcpy(&pi, CMSG_DATA(c), sizeof(pi));
			r->have_pi = 1;
			r->ifindex = pi.ipi6_ifindex;
			r->dst.ss_family = AF_INET6;
			((struct sockaddr_in6 *)&r->dst)->sin6_addr =
				pi.ipi6_addr;
		} else if (c->cmsg_level == SOL_SOCKET &&
			   c->cmsg_type == SO_RXQ_OVFL) {
			memcpy(&r->ovfl, CMSG_DATA(c), sizeof(r->ovfl));
			r->have_ovfl = 1;
		}
	}
}

static int addr_is(struct sockaddr_storage *ss, const char *host)
{
	char buf[64];

	return !strcmp(net_ntop(ss, buf, sizeof(buf)), host);
}

static void pktinfo_rx(int family)
{
	struct sockaddr_storage ss;
	socklen_t len;
	unsigned short port;
	int r, s, second, idx;
	char buf[64];
	struct rx m;

	net_enter(NET_B);
	idx = rtnl_ifindex("net0");
	r = wild(NET_B, family, &port);
	if (family == AF_INET)
		setint(r, IPPROTO_IP, IP_PKTINFO, 1);
	else
		setint(r, IPPROTO_IPV6, IPV6_RECVPKTINFO, 1);
	s = net_socket(NET_A, family, SOCK_DGRAM);
	for (second = 0; second < 2; second++) {
		const char *dst = host2(family, second);

		len = net_sockaddr(family, dst, port, &ss);
		if (sendto(s, "p", 1, 0, (struct sockaddr *)&ss, len) != 1)
			tst_brk(TBROK | TERRNO, "sendto()");
		rx_one(r, &m);
		if (!m.have_pi) {
			tst_res(TFAIL, "no pktinfo for a datagram to %s", dst);
			continue;
		}
		if (addr_is(&m.dst, dst) && m.ifindex == idx)
			tst_res(TPASS, "pktinfo: destination %s, ifindex %d",
				dst, idx);
		else
			tst_res(TFAIL, "pktinfo: destination %s, ifindex %d; expected %s, %d",
				net_ntop(&m.dst, buf, sizeof(buf)), m.ifindex,
				dst, idx);
		if (family == AF_INET) {
			if (addr_is(&m.spec, dst))
				tst_res(TPASS, "ipi_spec_dst %s", dst);
			else
				tst_res(TFAIL, "ipi_spec_dst %s, expected %s",
					net_ntop(&m.spec, buf, sizeof(buf)),
					dst);
		}
	}
	close(s);
	close(r);
}

static ssize_t send_from(int fd, int family, const char *src,
			 struct sockaddr_storage *to, socklen_t tolen)
{
	union {
		char buf[CMSG_SPACE(sizeof(struct in6_pktinfo))];
		struct cmsghdr align;
	} u;
	struct iovec iov = { .iov_base = "s", .iov_len = 1 };
	struct msghdr msg = {
		.msg_name = to, .msg_namelen = tolen,
		.msg_iov = &iov, .msg_iovlen = 1,
		.msg_control = u.buf,
	};
	struct cmsghdr *c;

	memset(&u, 0, sizeof(u));
	c = (struct cmsghdr *)u.buf;
	if (family == AF_INET) {
		struct in_pktinfo pi = { 0 };

		inet_pton(AF_INET, src, &pi.ipi_spec_dst);
		c->cmsg_level = IPPROTO_IP;
		c->cmsg_type = IP_PKTINFO;
		c->cmsg_len = CMSG_LEN(sizeof(pi));
		memcpy(CMSG_DATA(c), &pi, sizeof(pi));
		msg.msg_controllen = CMSG_SPACE(sizeof(pi));
	} else {
		struct in6_pktinfo pi = { 0 };

		inet_pton(AF_INET6, src, &pi.ipi6_addr);
		c->cmsg_level = IPPROTO_IPV6;
		c->cmsg_type = IPV6_PKTINFO;
		c->cmsg_len = CMSG_LEN(sizeof(pi));
		memcpy(CMSG_DATA(c), &pi, sizeof(pi));
		msg.msg_controllen = CMSG_SPACE(sizeof(pi));
	}
	return sendmsg(fd, &msg, 0);
}

static void pktinfo_tx(int family)
{
	struct sockaddr_storage to;
	socklen_t tolen;
	unsigned short port, sport;
	int r, s, second;
	char buf[64];
	struct rx m;

	r = net_bound(NET_A, family, SOCK_DGRAM, &to);
	port = net_port(&to);
	tolen = net_addr(NET_A, family, port, &to);
	s = wild(NET_B, family, &sport);
	for (second = 1; second >= 0; second--) {
		const char *src = host2(family, second);

		if (send_from(s, family, src, &to, tolen) != 1) {
			tst_res(TFAIL | TERRNO, "sendmsg() with source %s", src);
			continue;
		}
		rx_one(r, &m);
		if (addr_is(&m.from, src) && net_port(&m.from) == sport)
			tst_res(TPASS, "the source chosen by pktinfo: %s", src);
		else
			tst_res(TFAIL, "source %s port %u, expected %s port %u",
				net_ntop(&m.from, buf, sizeof(buf)),
				net_port(&m.from), src, sport);
	}
	if (family == AF_INET) {
		TST_EXP_FAIL(send_from(s, family, "10.99.1.77", &to, tolen),
			     ENETUNREACH, "IP_PKTINFO with a non-local source");
		TST_EXP_FAIL(send_from(s, family, "224.0.0.9", &to, tolen),
			     EINVAL, "IP_PKTINFO with a multicast source");
	} else {
		TST_EXP_FAIL(send_from(s, family, "fd99:1::77", &to, tolen),
			     EINVAL, "IPV6_PKTINFO with a non-local source");
	}
	close(s);
	close(r);
}

static void expect_dgram(int fd, const char *want, size_t len,
			 const char *what)
{
	struct rx m;

	rx_one(fd, &m);
	if (m.len == (ssize_t)len && !memcmp(m.data, want, len))
		tst_res(TPASS, "%s: \"%.*s\"", what, (int)len, want);
	else
		tst_res(TFAIL, "%s: %zd bytes \"%.*s\", expected \"%.*s\"",
			what, m.len, m.len > 0 ? (int)m.len : 0, m.data,
			(int)len, want);
}

static void cork(int family)
{
	struct sockaddr_storage ss;
	int r = net_bound(NET_B, family, SOCK_DGRAM, &ss), s, v = 0;
	socklen_t vl = sizeof(v);
	size_t lim = family == AF_INET ? 65507 : 65527;

	s = net_socket(NET_A, family, SOCK_DGRAM);
	if (net_connect_fd(s, &ss))
		tst_brk(TBROK, "connect()");
	setint(s, IPPROTO_UDP, UDP_CORK, 1);
	getsockopt(s, IPPROTO_UDP, UDP_CORK, &v, &vl);
	NET_EXP_EQ(v, 1, "UDP_CORK read back");
	send(s, "ab", 2, 0);
	send(s, "cd", 2, 0);
	send(s, "ef", 2, 0);
	setint(s, IPPROTO_UDP, UDP_CORK, 0);
	send(s, "g", 1, 0);
	expect_dgram(r, "abcdef", 6, "three corked sends, one datagram");
	expect_dgram(r, "g", 1, "the datagram after the uncork");

	send(s, "hi", 2, MSG_MORE);
	send(s, "jk", 2, 0);
	expect_dgram(r, "hijk", 4, "MSG_MORE then a send: one datagram");

	setint(s, IPPROTO_UDP, UDP_CORK, 1);
	memset(big, 'b', lim);
	TST_EXP_VAL(send(s, big, lim - 10, 0), (ssize_t)lim - 10,
		    "corked send of %zu bytes", lim - 10);
	TST_EXP_FAIL(send(s, big, 11, 0), EMSGSIZE,
		     "corked datagram past %zu bytes", lim);
	setint(s, IPPROTO_UDP, UDP_CORK, 0);
	send(s, "z", 1, 0);
	expect_dgram(r, "z", 1,
		     "after EMSGSIZE the pending datagram was dropped");
	close(s);
	close(r);
}

static void reuseport(int family)
{
	struct sockaddr_storage ss;
	socklen_t len = net_addr(NET_B, family, 0, &ss);
	int r[NRP], s[NSEND], i, k, got = 0, mixed = 0, empty = 0;
	int where[NSEND], cnt[NRP] = { 0 };
	long long t0;

	for (i = 0; i < NRP; i++) {
		r[i] = net_socket(NET_B, family, SOCK_DGRAM);
		setint(r[i], SOL_SOCKET, SO_REUSEPORT, 1);
		if (bind(r[i], (struct sockaddr *)&ss, len))
			tst_brk(TBROK | TERRNO, "bind() %d", i);
		if (!i && getsockname(r[0], (struct sockaddr *)&ss, &len))
			tst_brk(TBROK | TERRNO, "getsockname()");
	}
	for (i = 0; i < NSEND; i++) {
		where[i] = -1;
		s[i] = net_socket(NET_A, family, SOCK_DGRAM);
		for (k = 0; k < 2; k++)
			if (sendto(s[i], &i, sizeof(i), 0,
				   (struct sockaddr *)&ss, len) != sizeof(i))
				tst_brk(TBROK | TERRNO, "sendto()");
	}
	t0 = tst_mono_ms();
	while (got < 2 * NSEND && tst_mono_ms() - t0 < net_ms(10000)) {
		struct pollfd p[NRP];

		for (i = 0; i < NRP; i++) {
			p[i].fd = r[i];
			p[i].events = POLLIN;
		}
		if (poll(p, NRP, net_ms(100)) <= 0)
			continue;
		for (i = 0; i < NRP; i++) {
			int v;

			while (recv(r[i], &v, sizeof(v), MSG_DONTWAIT) ==
			       sizeof(v)) {
				got++;
				cnt[i]++;
				if (v < 0 || v >= NSEND)
					continue;
				if (where[v] >= 0 && where[v] != i)
					mixed++;
				where[v] = i;
			}
		}
	}
	NET_EXP_EQ(got, 2 * NSEND, "datagrams received by the group");
	if (!mixed)
		tst_res(TPASS, "each sender's datagrams reached one socket");
	else
		tst_res(TFAIL, "%d senders' datagrams split between sockets",
			mixed);
	for (i = 0; i < NRP; i++)
		empty += !cnt[i];
	if (!empty)
		tst_res(TPASS, "all %d sockets got datagrams (%d %d %d %d)",
			NRP, cnt[0], cnt[1], cnt[2], cnt[3]);
	else
		tst_res(TFAIL, "%d of %d sockets got nothing (%d %d %d %d)",
			empty, NRP, cnt[0], cnt[1], cnt[2], cnt[3]);
	for (i = 0; i < NSEND; i++)
		close(s[i]);
	for (i = 0; i < NRP; i++)
		close(r[i]);
}

static long long in_errors(int family)
{
	if (family == AF_INET)
		return net_snmp(NET_B, "snmp", "Udp:", "InErrors");
	return net_snmp6(NET_B, "Udp6InErrors");
}

static void overflow(int family)
{
	struct sockaddr_storage ss;
	int r = net_bound(NET_B, family, SOCK_DGRAM, &ss), s, i, n = 0;
	int first_clean = 0;
	unsigned int first_ovfl = 0;
	long long e0, t0, d;
	struct rx m;

	setint(r, SOL_SOCKET, SO_RCVBUF, 0);
	setint(r, SOL_SOCKET, SO_RXQ_OVFL, 1);
	e0 = in_errors(family);
	s = net_socket(NET_A, family, SOCK_DGRAM);
	if (net_connect_fd(s, &ss))
		tst_brk(TBROK, "connect()");
	memset(big, 'o', 1000);
	for (i = 0; i < NOVFL; i++)
		if (send(s, big, 1000, 0) != 1000)
			tst_brk(TBROK | TERRNO, "send()");
	/* read until every datagram was either read or dropped */
	t0 = tst_mono_ms();
	while (n + (in_errors(family) - e0) < NOVFL &&
	       tst_mono_ms() - t0 < net_ms(10000)) {
		if (!net_poll(r, POLLIN, 100))
			continue;
		rx_one(r, &m);
		if (!n) {
			first_clean = !m.have_ovfl;
			first_ovfl = m.ovfl;
		}
		n++;
	}
	d = in_errors(family) - e0;
	tst_res(TINFO, "%d datagrams read, %lld dropped", n, d);
	NET_EXP_EQ(n + d, NOVFL, "datagrams read + InErrors increase");
	if (d > 0)
		tst_res(TPASS, "the receive buffer overflowed");
	else
		tst_res(TFAIL, "no datagram dropped at SO_RCVBUF minimum");
	if (first_clean)
		tst_res(TPASS, "no SO_RXQ_OVFL on the first datagram (no drops yet)");
	else
		tst_res(TFAIL, "SO_RXQ_OVFL %u on the first datagram", first_ovfl);
	send(s, "x", 1, 0);
	rx_one(r, &m);
	if (m.have_ovfl && m.ovfl == d)
		tst_res(TPASS, "SO_RXQ_OVFL of the next datagram: %u", m.ovfl);
	else
		tst_res(TFAIL, "SO_RXQ_OVFL of the next datagram: %s%u, expected %lld",
			m.have_ovfl ? "" : "none, ", m.ovfl, d);
	close(s);
	close(r);
}

static void run(unsigned int n)
{
	int family = n ? AF_INET6 : AF_INET;

	tst_res(TINFO, "%s", n ? "IPv6" : "IPv4");
	pktinfo_rx(family);
	pktinfo_tx(family);
	cork(family);
	reuseport(family);
	overflow(family);
}

static void setup(void)
{
	big = SAFE_MALLOC(65536);
	net_hosts_setup();
	net_remote_second_addrs();
	net_enter(NET_A);
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.timeout = 60,
};
