// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * UDP segmentation offload (UDP_SEGMENT) and UDP_GRO between two
 * namespaces over a 1500 byte veth, IPv4 and IPv6:
 * - UDP_SEGMENT limits: -1 and 65536 EINVAL, 1000 read back;
 * - one send of 4500 bytes with gso_size 1000 arrives as four 1000 byte
 *   datagrams and one of 500, in order, each the right slice;
 * - a per-send UDP_SEGMENT cmsg (700) overrides the socket's value; a
 *   cmsg of the wrong length is EINVAL;
 * - exactly UDP_MAX_SEGMENTS (128) segments arrive, one byte more is
 *   EINVAL;
 * - a gso_size that with the headers exceeds the MTU (1473 / 1453) is
 *   EMSGSIZE for a send longer than it; a shorter send goes as one
 *   datagram; the largest gso_size that fits (1472 / 1452) works;
 * - a socket that sends without checksums (SO_NO_CHECK / UDP_NO_CHECK6_TX)
 *   gets EINVAL for a segmented send;
 * - a receiver with UDP_GRO (read back 1) gets the segmented send as one
 *   4500 byte datagram with a UDP_GRO cmsg of 1000, and a plain datagram
 *   without the cmsg.
 */
#include <netinet/in.h>
#include <netinet/udp.h>
#include "tst_test.h"
#include "net_hosts.h"
#include "socket_helpers.h"

#ifndef UDP_SEGMENT
# define UDP_SEGMENT 103
#endif
#ifndef UDP_GRO
# define UDP_GRO 104
#endif
#ifndef UDP_NO_CHECK6_TX
# define UDP_NO_CHECK6_TX 101
#endif
#ifndef UDP_NO_CHECK6_RX
# define UDP_NO_CHECK6_RX 102
#endif
#ifndef SOL_UDP
# define SOL_UDP 17
#endif

#define MAXSEGS 128

static unsigned char sbuf[65536], rbuf[65536];
static int fam;
static struct sockaddr_storage raddr;

static void fill(size_t len, unsigned int seed)
{
	size_t i;

	for (i = 0; i < len; i++)
		sbuf[i] = (i * 13 + seed + (i >> 8)) & 0xff;
}

/* One send of len bytes; gso >= 0 adds a UDP_SEGMENT cmsg: 0 or errno. */
static int gsend(int fd, size_t len, int gso, size_t cmsg_len)
{
	char cbuf[CMSG_SPACE(sizeof(int))] = { 0 };
	struct iovec iov = { sbuf, len };
	struct msghdr mh = {
		.msg_name = &raddr,
		.msg_namelen = fam == AF_INET ? sizeof(struct sockaddr_in) :
			       sizeof(struct sockaddr_in6),
		.msg_iov = &iov, .msg_iovlen = 1,
	};
	struct cmsghdr *cm;
	uint16_t v = gso;
	ssize_t n;

	if (gso >= 0) {
		mh.msg_control = cbuf;
		mh.msg_controllen = CMSG_SPACE(cmsg_len);
		cm = CMSG_FIRSTHDR(&mh);
		cm->cmsg_level = SOL_UDP;
		cm->cmsg_type = UDP_SEGMENT;
		cm->cmsg_len = CMSG_LEN(cmsg_len);
		memcpy(CMSG_DATA(cm), &v, sizeof(v));
	}
	n = sendmsg(fd, &mh, 0);
	if (n < 0)
		return errno;
	if (n != (ssize_t)len)
		tst_brk(TBROK, "sendmsg() sent %zd of %zu", n, len);
	return 0;
}

/* Next datagram (bounded): length, the UDP_GRO cmsg value in *gro. */
static ssize_t next(int fd, int *gro)
{
	char cbuf[128];
	struct iovec iov = { rbuf, sizeof(rbuf) };
	struct msghdr mh = {
		.msg_iov = &iov, .msg_iovlen = 1,
		.msg_control = cbuf, .msg_controllen = sizeof(cbuf),
	};
	struct cmsghdr *cm;
	ssize_t n;

	if (!net_poll(fd, POLLIN, 5000))
		return -1;
	n = recvmsg(fd, &mh, MSG_DONTWAIT);
	if (n < 0)
		tst_brk(TBROK | TERRNO, "recvmsg()");
	*gro = -1;
	for (cm = CMSG_FIRSTHDR(&mh); cm; cm = CMSG_NXTHDR(&mh, cm))
		if (cm->cmsg_level == SOL_UDP && cm->cmsg_type == UDP_GRO)
			memcpy(gro, CMSG_DATA(cm), sizeof(int));
	return n;
}

/* The datagrams of a len byte send segmented by gso, then nothing. */
static void expect_segs(int r, size_t len, size_t gso, const char *what)
{
	size_t off = 0, nseg = (len + gso - 1) / gso, i;
	ssize_t n;
	int gro;

	for (i = 0; i < nseg; i++, off += gso) {
		size_t want = len - off < gso ? len - off : gso;

		n = next(r, &gro);
		if (n != (ssize_t)want || memcmp(rbuf, sbuf + off, want)) {
			tst_res(TFAIL, "%s: datagram %zu of %zu: %zd bytes%s (expected %zu)",
				what, i + 1, nseg, n,
				n == (ssize_t)want ? " that differ" : "", want);
			while (next(r, &gro) >= 0)
				;
			return;
		}
	}
	if (recv(r, rbuf, sizeof(rbuf), MSG_DONTWAIT) >= 0) {
		tst_res(TFAIL, "%s: more than %zu datagrams", what, nseg);
		while (next(r, &gro) >= 0)
			;
		return;
	}
	tst_res(TPASS, "%s: %zu datagrams of %zu bytes (last %zu), intact",
		what, nseg, gso, len - (nseg - 1) * gso);
}

static int setint(int fd, int lvl, int opt, int val)
{
	return setsockopt(fd, lvl, opt, &val, sizeof(val)) ? errno : 0;
}

static int getint(int fd, int lvl, int opt)
{
	int val = -1;
	socklen_t len = sizeof(val);

	if (getsockopt(fd, lvl, opt, &val, &len))
		tst_brk(TBROK | TERRNO, "getsockopt(%d)", opt);
	return val;
}

static void run(unsigned int n)
{
	int r, s, c, g, gro;
	int v4 = !n, fit = v4 ? 1500 - 28 : 1500 - 48;
	int rcv = 1 << 20;
	ssize_t len;

	fam = n ? AF_INET6 : AF_INET;
	tst_res(TINFO, "%s", n ? "IPv6" : "IPv4");
	r = net_bound(NET_B, fam, SOCK_DGRAM, &raddr);
	setsockopt(r, SOL_SOCKET, SO_RCVBUF, &rcv, sizeof(rcv));
	s = net_bound(NET_A, fam, SOCK_DGRAM, NULL);

	NET_EXP_EQ(setint(s, SOL_UDP, UDP_SEGMENT, -1), EINVAL,
		   "UDP_SEGMENT -1: errno");
	NET_EXP_EQ(setint(s, SOL_UDP, UDP_SEGMENT, 65536), EINVAL,
		   "UDP_SEGMENT 65536: errno");
	NET_EXP_EQ(getint(s, SOL_UDP, UDP_SEGMENT), 0, "UDP_SEGMENT default");
	NET_EXP_EQ(setint(s, SOL_UDP, UDP_SEGMENT, 1000), 0,
		   "UDP_SEGMENT 1000: errno");
	NET_EXP_EQ(getint(s, SOL_UDP, UDP_SEGMENT), 1000,
		   "UDP_SEGMENT read back");

	fill(4500, 1);
	NET_EXP_EQ(gsend(s, 4500, -1, 0), 0, "send(4500) with UDP_SEGMENT 1000: errno");
	expect_segs(r, 4500, 1000, "socket option 1000, 4500 bytes");

	fill(2100, 2);
	NET_EXP_EQ(gsend(s, 2100, 700, sizeof(uint16_t)), 0,
		   "send(2100) with cmsg UDP_SEGMENT 700: errno");
	expect_segs(r, 2100, 700, "cmsg 700 over socket option 1000, 2100 bytes");
	NET_EXP_EQ(gsend(s, 2100, 700, sizeof(int)), EINVAL,
		   "UDP_SEGMENT cmsg of 4 bytes: errno");

	fill(MAXSEGS * 100 + 1, 3);
	NET_EXP_EQ(gsend(s, MAXSEGS * 100 + 1, 100, sizeof(uint16_t)), EINVAL,
		   "129 segments of 100 bytes (one byte over UDP_MAX_SEGMENTS): errno");
	NET_EXP_EQ(gsend(s, MAXSEGS * 100, 100, sizeof(uint16_t)), 0,
		   "UDP_MAX_SEGMENTS (128) segments of 100 bytes: errno");
	expect_segs(r, MAXSEGS * 100, 100, "128 segments");

	fill(2 * (fit + 1), 4);
	NET_EXP_EQ(gsend(s, 2 * (fit + 1), fit + 1, sizeof(uint16_t)), EMSGSIZE,
		   "gso_size one byte over the MTU, two segments: errno");
	NET_EXP_EQ(gsend(s, fit + 1, fit + 1, sizeof(uint16_t)), EMSGSIZE,
		   "gso_size one byte over the MTU, one full segment: errno");
	NET_EXP_EQ(gsend(s, 1000, fit + 1, sizeof(uint16_t)), 0,
		   "gso_size over the MTU, a shorter datagram: errno");
	expect_segs(r, 1000, fit + 1, "short send with an oversized gso_size");
	NET_EXP_EQ(gsend(s, 3 * fit, fit, sizeof(uint16_t)), 0,
		   "the largest gso_size that fits: errno");
	expect_segs(r, 3 * fit, fit, "gso_size MTU - headers");

	c = net_bound(NET_A, fam, SOCK_DGRAM, NULL);
	if (v4)
		NET_EXP_EQ(setint(c, SOL_SOCKET, SO_NO_CHECK, 1), 0,
			   "SO_NO_CHECK 1: errno");
	else
		NET_EXP_EQ(setint(c, SOL_UDP, UDP_NO_CHECK6_TX, 1), 0,
			   "UDP_NO_CHECK6_TX 1: errno");
	NET_EXP_EQ(gsend(c, 2000, 1000, sizeof(uint16_t)), EINVAL,
		   "segmented send without checksums: errno");
	/* a zero UDP checksum over IPv6 is dropped unless allowed */
	if (!v4 && setint(r, SOL_UDP, UDP_NO_CHECK6_RX, 1))
		tst_brk(TBROK | TERRNO, "setsockopt(UDP_NO_CHECK6_RX)");
	NET_EXP_EQ(gsend(c, 1000, -1, 0), 0, "plain send without checksums: errno");
	if (next(r, &gro) != 1000 || memcmp(rbuf, sbuf, 1000))
		tst_res(TFAIL, "the checksum-less datagram did not arrive intact");
	else
		tst_res(TPASS, "an unsegmented checksum-less datagram arrives");
	close(c);

	g = net_bound(NET_B, fam, SOCK_DGRAM, &raddr);
	setsockopt(g, SOL_SOCKET, SO_RCVBUF, &rcv, sizeof(rcv));
	NET_EXP_EQ(setint(g, SOL_UDP, UDP_GRO, 1), 0, "UDP_GRO 1: errno");
	NET_EXP_EQ(getint(g, SOL_UDP, UDP_GRO), 1, "UDP_GRO read back");
	fill(4500, 5);
	NET_EXP_EQ(gsend(s, 4500, -1, 0), 0, "send(4500) to the UDP_GRO socket: errno");
	len = next(g, &gro);
	if (len != 4500 || memcmp(rbuf, sbuf, 4500))
		tst_res(TFAIL, "UDP_GRO receiver: first read %zd bytes, expected the whole 4500", len);
	else
		NET_EXP_EQ(gro, 1000, "UDP_GRO receiver: 4500 bytes in one read, UDP_GRO cmsg");
	fill(300, 6);
	NET_EXP_EQ(gsend(s, 300, 0, sizeof(uint16_t)), 0,
		   "send(300) with cmsg UDP_SEGMENT 0: errno");
	len = next(g, &gro);
	if (len != 300 || memcmp(rbuf, sbuf, 300) || gro != -1)
		tst_res(TFAIL, "plain datagram to the UDP_GRO socket: %zd bytes, UDP_GRO cmsg %d",
			len, gro);
	else
		tst_res(TPASS, "plain datagram to the UDP_GRO socket: 300 bytes, no UDP_GRO cmsg");
	if (recv(g, rbuf, sizeof(rbuf), MSG_DONTWAIT) >= 0)
		tst_res(TFAIL, "UDP_GRO receiver: an extra datagram");
	close(g);
	close(r);
	close(s);
}

static void setup(void)
{
	/* one backlog: the segments are delivered in the order sent */
	sock_pin_cpu();
	net_hosts_setup();
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.timeout = 60,
};
