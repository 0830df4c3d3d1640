// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * IPv6 extension headers and IPV6_PKTINFO through a router namespace
 * (local fd99:1::1 -- router fd99:1::fe / fd99:2::fe -- remote fd99:2::2):
 * - option header sockopts: EINVAL for a length not a multiple of 8 and
 *   for a header longer than the buffer, EINVAL for a type 0 routing
 *   header (RH0, RFC 5095); EPERM for hop-by-hop and destination
 *   options (setsockopt and cmsg) from a user namespace that does not
 *   own the network namespace;
 * - sticky IPV6_HOPOPTS arrive through the router and are delivered
 *   byte for byte by IPV6_RECVHOPOPTS; a per-datagram IPV6_DSTOPTS cmsg
 *   arrives by IPV6_RECVDSTOPTS on that datagram only;
 * - unknown hop-by-hop options by their action bits at the router:
 *   00 skipped (delivered), 01 dropped silently, 10 dropped with an
 *   ICMPv6 parameter problem code 2 whose pointer (ee_info 42) names
 *   the option, EPROTO on the sender's IPV6_RECVERR queue; each drop
 *   counted in the router's Ip6InHdrErrors;
 * - a type 0 routing header with segments left is refused by the
 *   router (CVE-2007-2242): parameter problem code 0 pointing at the type field (42),
 *   Ip6InHdrErrors + 1; with no segments left it is ignored and the
 *   datagram delivered, its header shown by IPV6_RECVRTHDR;
 * - IPV6_PKTINFO: ipi6_addr picks the source (a foreign one EINVAL,
 *   allowed with IPV6_FREEBIND), an unknown ipi6_ifindex ENODEV; the
 *   receiver's IPV6_PKTINFO names its interface and the destination.
 */
#include <sys/wait.h>
#include <netinet/icmp6.h>
#include <netinet/ip6.h>
#include <time.h>
#include <linux/errqueue.h>
#include "tst_test.h"
#include "net_hosts.h"
#include "socket_helpers.h"

static int rfd = -1;
static struct sockaddr_storage raddr;

struct rx {
	unsigned char hop[64], dst[64], rth[64];
	int hoplen, dstlen, rthlen, ifindex;
	struct in6_addr pktdst;
	struct sockaddr_in6 from;
	char data[64];
	ssize_t n;
};

static void receive(struct rx *rx)
{
	char cbuf[1024];
	struct iovec iov = { rx->data, sizeof(rx->data) };
	struct msghdr mh = {
		.msg_name = &rx->from, .msg_namelen = sizeof(rx->from),
		.msg_iov = &iov, .msg_iovlen = 1,
		.msg_control = cbuf, .msg_controllen = sizeof(cbuf),
	};
	struct cmsghdr *c;

	memset(rx, 0, sizeof(*rx));
	net_wait(rfd, POLLIN);
	rx->n = recvmsg(rfd, &mh, MSG_DONTWAIT);
	if (rx->n < 0)
		tst_brk(TBROK | TERRNO, "recvmsg()");
	for (c = CMSG_FIRSTHDR(&mh); c; c = CMSG_NXTHDR(&mh, c)) {
		int len = c->cmsg_len - CMSG_LEN(0);

		if (c->cmsg_level != IPPROTO_IPV6 || len > 64)
			continue;
		if (c->cmsg_type == IPV6_HOPOPTS) {
			memcpy(rx->hop, CMSG_DATA(c), len);
			rx->hoplen = len;
		} else if (c->cmsg_type == IPV6_DSTOPTS) {
			memcpy(rx->dst, CMSG_DATA(c), len);
			rx->dstlen = len;
		} else if (c->cmsg_type == IPV6_RTHDR) {
			memcpy(rx->rth, CMSG_DATA(c), len);
			rx->rthlen = len;
		} else if (c->cmsg_type == IPV6_PKTINFO) {
			struct in6_pktinfo *pi = (void *)CMSG_DATA(c);

			rx->ifindex = pi->ipi6_ifindex;
			rx->pktdst = pi->ipi6_addr;
		}
	}
}

/* An 8 byte option header holding one option of type t with "abcd". */
static void opthdr(unsigned char *h, int t, const char *data)
{
	h[0] = 0;
	h[1] = 0;
	h[2] = t;
	h[3] = 4;
	memcpy(h + 4, data, 4);
}

static void send_to_b(int fd, const char *msg)
{
	if (sendto(fd, msg, strlen(msg), 0, (struct sockaddr *)&raddr,
		   sizeof(struct sockaddr_in6)) != (ssize_t)strlen(msg))
		tst_brk(TBROK | TERRNO, "sendto(%s)", msg);
}

/* sendmsg() to the remote with one IPv6 cmsg of type t. */
static ssize_t send_cmsg(int fd, int t, const void *data, size_t len,
			 const char *msg)
{
	char cbuf[CMSG_SPACE(64)] = { 0 };
	struct iovec iov = { (void *)msg, strlen(msg) };
	struct msghdr mh = {
		.msg_name = &raddr, .msg_namelen = sizeof(struct sockaddr_in6),
		.msg_iov = &iov, .msg_iovlen = 1,
		.msg_control = cbuf, .msg_controllen = CMSG_SPACE(len),
	};
	struct cmsghdr *c = CMSG_FIRSTHDR(&mh);

	c->cmsg_level = IPPROTO_IPV6;
	c->cmsg_type = t;
	c->cmsg_len = CMSG_LEN(len);
	memcpy(CMSG_DATA(c), data, len);
	return sendmsg(fd, &mh, 0);
}

static void sockopt_errors(void)
{
	int fd = net_socket(NET_A, AF_INET6, SOCK_DGRAM);
	unsigned char h[16] = { 0 };
	pid_t pid;

	TST_EXP_FAIL(setsockopt(fd, IPPROTO_IPV6, IPV6_HOPOPTS, h, 7), EINVAL,
		     "IPV6_HOPOPTS of 7 bytes");
	h[1] = 1;	/* 16 bytes claimed */
	TST_EXP_FAIL(setsockopt(fd, IPPROTO_IPV6, IPV6_HOPOPTS, h, 8), EINVAL,
		     "IPV6_HOPOPTS claiming 16 bytes in 8");
	/* RH0: hdrlen 2, type 0, one segment */
	memset(h, 0, sizeof(h));
	{
		unsigned char rh[24] = { 0, 2, 0, 1 };

		inet_pton(AF_INET6, "fd99:2::2", rh + 8);
		TST_EXP_FAIL(setsockopt(fd, IPPROTO_IPV6, IPV6_RTHDR, rh, 24),
			     EINVAL, "IPV6_RTHDR of type 0");
	}
	opthdr(h, 0x1e, "abcd");
	pid = SAFE_FORK();
	if (!pid) {
		if (unshare(CLONE_NEWUSER)) {
			tst_res(TCONF | TERRNO, "unshare(CLONE_NEWUSER)");
			exit(0);
		}
		TST_EXP_FAIL(setsockopt(fd, IPPROTO_IPV6, IPV6_HOPOPTS, h, 8),
			     EPERM, "IPV6_HOPOPTS from a user namespace");
		TST_EXP_FAIL(setsockopt(fd, IPPROTO_IPV6, IPV6_DSTOPTS, h, 8),
			     EPERM, "IPV6_DSTOPTS from a user namespace");
		TST_EXP_FAIL(send_cmsg(fd, IPV6_DSTOPTS, h, 8, "x"), EPERM,
			     "IPV6_DSTOPTS cmsg from a user namespace");
		exit(0);
	}
	reap_child(pid);
	close(fd);
}

static void options_delivered(void)
{
	int fd = net_socket(NET_A, AF_INET6, SOCK_DGRAM);
	unsigned char h[8], d[8];
	struct rx rx;

	opthdr(h, 0x1e, "abcd");
	if (setsockopt(fd, IPPROTO_IPV6, IPV6_HOPOPTS, h, 8))
		tst_brk(TBROK | TERRNO, "setsockopt(IPV6_HOPOPTS)");
	send_to_b(fd, "hop");
	receive(&rx);
	/* the kernel fills in the next header: UDP */
	h[0] = IPPROTO_UDP;
	if (rx.hoplen == 8 && !memcmp(rx.hop, h, 8))
		tst_res(TPASS, "IPV6_HOPOPTS delivered as set (skip option 0x1e)");
	else
		tst_res(TFAIL, "IPV6_HOPOPTS: %d bytes received (%02x %02x %02x %02x)",
			rx.hoplen, rx.hop[0], rx.hop[1], rx.hop[2], rx.hop[3]);
	if (setsockopt(fd, IPPROTO_IPV6, IPV6_HOPOPTS, NULL, 0))
		tst_brk(TBROK | TERRNO, "setsockopt(IPV6_HOPOPTS, none)");

	opthdr(d, 0x3e, "wxyz");
	if (send_cmsg(fd, IPV6_DSTOPTS, d, 8, "dst") != 3)
		tst_brk(TBROK | TERRNO, "sendmsg(IPV6_DSTOPTS)");
	receive(&rx);
	d[0] = IPPROTO_UDP;
	if (rx.dstlen == 8 && !memcmp(rx.dst, d, 8) && !rx.hoplen)
		tst_res(TPASS, "IPV6_DSTOPTS cmsg delivered, no hop-by-hop header");
	else
		tst_res(TFAIL, "IPV6_DSTOPTS: %d bytes, hop-by-hop %d bytes",
			rx.dstlen, rx.hoplen);
	send_to_b(fd, "plain");
	receive(&rx);
	if (!rx.dstlen && !rx.hoplen)
		tst_res(TPASS, "the next datagram has no option headers");
	else
		tst_res(TFAIL, "the next datagram: dstopts %d, hopopts %d bytes",
			rx.dstlen, rx.hoplen);
	close(fd);
}

static long long hdr_errors(void)
{
	return net_snmp6(NET_R, "Ip6InHdrErrors");
}

/* The error queue's first message: 0, or -1 when there is none. */
static int read_err(int fd, struct sock_extended_err *ee,
		    struct sockaddr_in6 *off)
{
	char buf[64], cbuf[512];
	struct iovec iov = { buf, sizeof(buf) };
	struct msghdr mh = {
		.msg_iov = &iov, .msg_iovlen = 1,
		.msg_control = cbuf, .msg_controllen = sizeof(cbuf),
	};
	struct cmsghdr *c;

	if (recvmsg(fd, &mh, MSG_ERRQUEUE | MSG_DONTWAIT) < 0)
		return -1;
	for (c = CMSG_FIRSTHDR(&mh); c; c = CMSG_NXTHDR(&mh, c)) {
		if (c->cmsg_level == IPPROTO_IPV6 &&
		    c->cmsg_type == IPV6_RECVERR) {
			*ee = *(struct sock_extended_err *)CMSG_DATA(c);
			memcpy(off, SO_EE_OFFENDER((struct sock_extended_err *)
						   CMSG_DATA(c)), sizeof(*off));
			return 0;
		}
	}
	return -1;
}

static void unknown_options(void)
{
	static const struct { int t; const char *what; } o[] = {
		{ 0x5e, "action 01 (drop)" },
		{ 0x9e, "action 10 (drop, parameter problem)" },
	};
	struct sock_extended_err ee;
	struct sockaddr_in6 off;
	struct sockaddr_storage router;
	unsigned char h[8];
	long long before;
	unsigned int i;
	struct rx rx;
	int one = 1, sends;

	net_addr(NET_R, AF_INET6, 0, &router);
	int plain = net_socket(NET_A, AF_INET6, SOCK_DGRAM);

	for (i = 0; i < ARRAY_SIZE(o); i++) {
		int fd = net_socket(NET_A, AF_INET6, SOCK_DGRAM);

		if (setsockopt(fd, IPPROTO_IPV6, IPV6_RECVERR, &one,
			       sizeof(one)))
			tst_brk(TBROK | TERRNO, "setsockopt(IPV6_RECVERR)");
		before = hdr_errors();
		opthdr(h, o[i].t, "drop");
		net_enter(NET_A);
		/*
		 * action 10: again when no error came in a second (the
		 * global ICMP limit is shared with other tests)
		 */
		for (sends = 1; ; sends++) {
			if (send_cmsg(fd, IPV6_HOPOPTS, h, 8, "unknown") != 7)
				tst_brk(TBROK | TERRNO, "sendmsg(IPV6_HOPOPTS)");
			if (o[i].t != 0x9e || sends == 5 ||
			    (net_poll(fd, POLLIN, 1000) & POLLERR))
				break;
		}
		/*
		 * one CPU: the router handles both in order; the sentinel
		 * from another socket (fd may hold the pending EPROTO)
		 */
		send_to_b(plain, "sentinel");
		receive(&rx);
		if (rx.n == 8 && !memcmp(rx.data, "sentinel", 8))
			tst_res(TPASS, "option 0x%02x, %s: not delivered",
				o[i].t, o[i].what);
		else
			tst_res(TFAIL, "option 0x%02x, %s: %zd bytes delivered first",
				o[i].t, o[i].what, rx.n);
		NET_EXP_EQ(hdr_errors() - before, sends,
			   "router's Ip6InHdrErrors (one per datagram sent)");
		if (o[i].t == 0x5e) {
			if (read_err(fd, &ee, &off))
				tst_res(TPASS, "action 01: no ICMPv6 error");
			else
				tst_res(TFAIL, "action 01: ICMPv6 type %u code %u",
					ee.ee_type, ee.ee_code);
		} else if (read_err(fd, &ee, &off)) {
			tst_res(TFAIL, "action 10: no ICMPv6 error queued");
		} else if (ee.ee_origin != SO_EE_ORIGIN_ICMP6 ||
			   ee.ee_type != ICMP6_PARAM_PROB ||
			   ee.ee_code != ICMP6_PARAMPROB_OPTION ||
			   ee.ee_errno != EPROTO || ee.ee_info != 42 ||
			   memcmp(&off.sin6_addr, net_rawaddr(&router), 16)) {
			tst_res(TFAIL, "action 10: origin %u type %u code %u %s info %u",
				ee.ee_origin, ee.ee_type, ee.ee_code,
				tst_strerrno(ee.ee_errno), ee.ee_info);
		} else {
			tst_res(TPASS, "action 10: parameter problem code 2, pointer 42, EPROTO, from the router");
		}
		close(fd);
	}
	close(plain);
}

static uint16_t csum_add(uint32_t sum, const void *p, size_t len)
{
	const unsigned char *b = p;
	size_t i;

	for (i = 0; i + 1 < len; i += 2)
		sum += (b[i] << 8) | b[i + 1];
	if (len & 1)
		sum += b[len - 1] << 8;
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	return sum;
}

/*
 * An IPv6 packet from A with a type 0 routing header (one address) and
 * a UDP datagram to the remote's socket, written whole by a raw socket.
 */
static void send_rh0(const char *dst, const char *seg, int segleft)
{
	unsigned char p[40 + 24 + 8 + 4] = { 0 };
	struct sockaddr_in6 to = { .sin6_family = AF_INET6 };
	unsigned char *rh = p + 40, *udp = p + 64;
	uint32_t sum;
	uint16_t c;
	int fd;

	p[0] = 0x60;
	p[5] = sizeof(p) - 40;
	p[6] = IPPROTO_ROUTING;
	p[7] = 64;
	inet_pton(AF_INET6, "fd99:1::1", p + 8);
	inet_pton(AF_INET6, dst, p + 24);
	rh[0] = IPPROTO_UDP;
	rh[1] = 2;
	rh[2] = 0;
	rh[3] = segleft;
	inet_pton(AF_INET6, seg, rh + 8);
	udp[0] = 0x9c;	/* source port 40000 */
	udp[1] = 0x40;
	memcpy(udp + 2, &((struct sockaddr_in6 *)&raddr)->sin6_port, 2);
	udp[5] = 12;
	memcpy(udp + 8, "rth0", 4);
	/* pseudo header: the final destination is the header's with 0 left */
	sum = csum_add(0, p + 8, 32);
	sum += 12 + IPPROTO_UDP;
	c = ~csum_add(sum, udp, 12);
	if (!c)
		c = 0xffff;
	udp[6] = c >> 8;
	udp[7] = c & 0xff;

	net_enter(NET_A);
	fd = socket(AF_INET6, SOCK_RAW, IPPROTO_RAW);
	if (fd < 0)
		tst_brk(TBROK | TERRNO, "socket(AF_INET6, SOCK_RAW, IPPROTO_RAW)");
	memcpy(&to.sin6_addr, p + 24, 16);
	if (sendto(fd, p, sizeof(p), 0, (struct sockaddr *)&to, sizeof(to)) !=
	    (ssize_t)sizeof(p))
		tst_brk(TBROK | TERRNO, "sendto(raw, RH0)");
	close(fd);
}

static void rh0(void)
{
	struct icmp6_filter flt;
	unsigned char buf[256];
	long long before = hdr_errors();
	struct sockaddr_in6 from;
	socklen_t flen = sizeof(from);
	struct sockaddr_storage router;
	struct rx rx;
	ssize_t n;
	int icmp;

	net_enter(NET_A);
	icmp = socket(AF_INET6, SOCK_RAW, IPPROTO_ICMPV6);
	if (icmp < 0)
		tst_brk(TBROK | TERRNO, "socket(IPPROTO_ICMPV6)");
	ICMP6_FILTER_SETBLOCKALL(&flt);
	ICMP6_FILTER_SETPASS(ICMP6_PARAM_PROB, &flt);
	if (setsockopt(icmp, IPPROTO_ICMPV6, ICMP6_FILTER, &flt, sizeof(flt)))
		tst_brk(TBROK | TERRNO, "setsockopt(ICMP6_FILTER)");

	/* to the router with one segment left: refused */
	send_rh0("fd99:1::fe", "fd99:2::2", 1);
	net_addr(NET_R, AF_INET6, 0, &router);
	if (!net_poll(icmp, POLLIN, 5000)) {
		tst_res(TFAIL, "RH0 with a segment left: no parameter problem");
	} else {
		n = recvfrom(icmp, buf, sizeof(buf), MSG_DONTWAIT,
			     (struct sockaddr *)&from, &flen);
		if (n < 8 + 40 || buf[0] != ICMP6_PARAM_PROB ||
		    buf[1] != ICMP6_PARAMPROB_HEADER ||
		    ntohl(*(uint32_t *)(buf + 4)) != 42 ||
		    memcmp(&from.sin6_addr, net_rawaddr(&router), 16) ||
		    buf[8 + 6] != IPPROTO_ROUTING)
			tst_res(TFAIL, "RH0: %zd bytes, type %u code %u pointer %u",
				n, buf[0], buf[1],
				ntohl(*(uint32_t *)(buf + 4)));
		else
			tst_res(TPASS, "RH0 with a segment left: parameter problem code 0, pointer 42, from the router");
	}
	NET_EXP_EQ(hdr_errors() - before, 1, "router's Ip6InHdrErrors for RH0");
	close(icmp);

	/* to the remote with no segment left: ignored, delivered */
	send_rh0("fd99:2::2", "fd99:1::fe", 0);
	receive(&rx);
	if (rx.n != 4 || memcmp(rx.data, "rth0", 4))
		tst_res(TFAIL, "RH0 with no segment left: %zd bytes received",
			rx.n);
	else if (rx.rthlen != 24 || rx.rth[2] != 0 || rx.rth[3] != 0)
		tst_res(TFAIL, "RH0 with no segment left: IPV6_RTHDR %d bytes, type %u, left %u",
			rx.rthlen, rx.rth[2], rx.rth[3]);
	else
		tst_res(TPASS, "RH0 with no segment left: delivered, IPV6_RTHDR type 0, 0 left");
}

static ssize_t send_pktinfo(int fd, const char *src, int ifindex)
{
	struct in6_pktinfo pi = { .ipi6_ifindex = ifindex };

	inet_pton(AF_INET6, src, &pi.ipi6_addr);
	return send_cmsg(fd, IPV6_PKTINFO, &pi, sizeof(pi), "pktinfo");
}

static void pktinfo(void)
{
	int fd = net_socket(NET_A, AF_INET6, SOCK_DGRAM), one = 1, idx, bidx;
	struct sockaddr_in6 want;
	char b[64];
	struct rx rx;

	idx = rtnl_ifindex("net0");
	net_enter(NET_B);
	bidx = rtnl_ifindex("net0");
	net_enter(NET_A);
	if (send_pktinfo(fd, "fd99:1::3", idx) != 7)
		tst_brk(TBROK | TERRNO, "sendmsg(IPV6_PKTINFO fd99:1::3)");
	receive(&rx);
	inet_pton(AF_INET6, "fd99:1::3", &want.sin6_addr);
	if (!memcmp(&rx.from.sin6_addr, &want.sin6_addr, 16))
		tst_res(TPASS, "ipi6_addr fd99:1::3 is the source");
	else
		tst_res(TFAIL, "ipi6_addr fd99:1::3: source %s",
			inet_ntop(AF_INET6, &rx.from.sin6_addr, b, sizeof(b)));
	NET_EXP_EQ(rx.ifindex, bidx, "receiver's ipi6_ifindex (its net0)");
	if (!memcmp(&rx.pktdst, net_rawaddr(&raddr), 16))
		tst_res(TPASS, "receiver's ipi6_addr is fd99:2::2");
	else
		tst_res(TFAIL, "receiver's ipi6_addr %s",
			inet_ntop(AF_INET6, &rx.pktdst, b, sizeof(b)));

	TST_EXP_FAIL(send_pktinfo(fd, "fd99:1::99", 0), EINVAL,
		     "IPV6_PKTINFO with a foreign source");
	TST_EXP_FAIL(send_pktinfo(fd, "::", 9999), ENODEV,
		     "IPV6_PKTINFO with ifindex 9999");
	if (setsockopt(fd, IPPROTO_IPV6, IPV6_FREEBIND, &one, sizeof(one)))
		tst_brk(TBROK | TERRNO, "setsockopt(IPV6_FREEBIND)");
	if (send_pktinfo(fd, "fd99:1::99", 0) != 7) {
		tst_res(TFAIL | TERRNO, "IPV6_FREEBIND: foreign source");
	} else {
		receive(&rx);
		inet_pton(AF_INET6, "fd99:1::99", &want.sin6_addr);
		if (!memcmp(&rx.from.sin6_addr, &want.sin6_addr, 16))
			tst_res(TPASS, "IPV6_FREEBIND: foreign source fd99:1::99 sent");
		else
			tst_res(TFAIL, "IPV6_FREEBIND: source %s",
				inet_ntop(AF_INET6, &rx.from.sin6_addr, b,
					  sizeof(b)));
	}
	close(fd);
}

static void run(void)
{
	sockopt_errors();
	options_delivered();
	unknown_options();
	rh0();
	pktinfo();
	net_enter(NET_A);
}

static void setup(void)
{
	static const int opts[] = {
		IPV6_RECVHOPOPTS, IPV6_RECVDSTOPTS, IPV6_RECVRTHDR,
		IPV6_RECVPKTINFO,
	};
	struct in6_addr a;
	unsigned int i;
	int one = 1;

	sock_pin_cpu();
	net_routed_setup();
	net_sysctl(NET_R, "net/ipv6/icmp/ratelimit", "0");
	rfd = net_bound(NET_B, AF_INET6, SOCK_DGRAM, &raddr);
	for (i = 0; i < ARRAY_SIZE(opts); i++)
		if (setsockopt(rfd, IPPROTO_IPV6, opts[i], &one, sizeof(one)))
			tst_brk(TBROK | TERRNO, "setsockopt(%d)", opts[i]);
	net_enter(NET_A);
	inet_pton(AF_INET6, "fd99:1::3", &a);
	RTNL_SAFE(rtnl_addr_add(rtnl_ifindex("net0"), AF_INET6, &a, 64,
				IFA_F_NODAD));
}

static void cleanup(void)
{
	if (rfd >= 0)
		close(rfd);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.forks_child = 1,
	.timeout = 60,
	.tags = (const struct tst_tag[]) {
		/* type 0 routing headers processed (amplification) */
		{"CVE", "2007-2242"},
		{}
	},
};
