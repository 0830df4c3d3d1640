// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * IP_RECVORIGDSTADDR / IPV6_RECVORIGDSTADDR on a wildcard-bound UDP
 * socket of the remote, which has a second address (10.99.1.3,
 * fd99:1::3):
 * - 0 when new, 1 read back; IPv4 takes a one byte value (1 read back)
 *   and a zero length one as 0; IPv6 wants an int: 3 bytes EINVAL;
 * - with the option each datagram carries exactly one IP_ORIGDSTADDR
 *   (sockaddr_in) / IPV6_ORIGDSTADDR (sockaddr_in6) control message:
 *   the family, the socket's port and the address it was sent to (either
 *   of the two), sin_zero zero, scope id and flow info 0 for a global
 *   IPv6 address; without the option none;
 * - an IPv6 socket receiving IPv4 (v4-mapped) takes its control
 *   messages from the IPv4 options (udpv6_recvmsg()): IPV6_RECVORIGDSTADDR
 *   alone gives nothing, IP_RECVORIGDSTADDR on it gives IP_ORIGDSTADDR
 *   with the IPv4 destination.
 */
#include "tst_test.h"
#include "net_hosts.h"

#ifndef IP_RECVORIGDSTADDR
# define IP_RECVORIGDSTADDR 20
#endif
#ifndef IP_ORIGDSTADDR
# define IP_ORIGDSTADDR IP_RECVORIGDSTADDR
#endif
#ifndef IPV6_RECVORIGDSTADDR
# define IPV6_RECVORIGDSTADDR 74
#endif
#ifndef IPV6_ORIGDSTADDR
# define IPV6_ORIGDSTADDR IPV6_RECVORIGDSTADDR
#endif

struct odst {
	int n;			/* ORIGDSTADDR messages of either level */
	int level;
	struct sockaddr_storage ss;
	socklen_t len;
};

static int getint(int fd, int lvl, int opt)
{
	int v = -1;
	socklen_t len = sizeof(v);

	if (getsockopt(fd, lvl, opt, &v, &len))
		tst_brk(TBROK | TERRNO, "getsockopt(%d, %d)", lvl, opt);
	return v;
}

static void setint(int fd, int lvl, int opt, int v)
{
	if (setsockopt(fd, lvl, opt, &v, sizeof(v)))
		tst_brk(TBROK | TERRNO, "setsockopt(%d, %d, %d)", lvl, opt, v);
}

/*
 * A wildcard-bound UDP socket of the remote; its port in *port; an IPv6
 * one dual-stack when dual (IPV6_V6ONLY is EINVAL after bind()).
 */
static int wild_v6only(int family, unsigned short *port, int dual)
{
	struct sockaddr_storage ss;
	socklen_t len = net_sockaddr(family,
				     family == AF_INET ? "0.0.0.0" : "::",
				     0, &ss);
	int fd = net_socket(NET_B, family, SOCK_DGRAM);

	if (dual)
		setint(fd, IPPROTO_IPV6, IPV6_V6ONLY, 0);
	if (bind(fd, (struct sockaddr *)&ss, len))
		tst_brk(TBROK | TERRNO, "bind()");
	if (getsockname(fd, (struct sockaddr *)&ss, &len))
		tst_brk(TBROK | TERRNO, "getsockname()");
	*port = net_port(&ss);
	return fd;
}

static int wild(int family, unsigned short *port)
{
	return wild_v6only(family, port, 0);
}

/* Send "d" from the local host to host:port, read it at r (bounded). */
static void roundtrip(int r, int family, const char *host,
		      unsigned short port, struct odst *o)
{
	struct sockaddr_storage ss;
	socklen_t len = net_sockaddr(family, host, port, &ss);
	int s = net_socket(NET_A, family, SOCK_DGRAM);
	char cbuf[512], c;
	struct iovec iov = { &c, 1 };
	struct msghdr mh = {
		.msg_iov = &iov, .msg_iovlen = 1,
		.msg_control = cbuf, .msg_controllen = sizeof(cbuf),
	};
	struct cmsghdr *cm;

	if (sendto(s, "d", 1, 0, (struct sockaddr *)&ss, len) != 1)
		tst_brk(TBROK | TERRNO, "sendto(%s)", host);
	SAFE_CLOSE(s);
	net_wait(r, POLLIN);
	if (recvmsg(r, &mh, MSG_DONTWAIT) != 1)
		tst_brk(TBROK | TERRNO, "recvmsg()");
	memset(o, 0, sizeof(*o));
	for (cm = CMSG_FIRSTHDR(&mh); cm; cm = CMSG_NXTHDR(&mh, cm)) {
		if (!(cm->cmsg_level == SOL_IP &&
		      cm->cmsg_type == IP_ORIGDSTADDR) &&
		    !(cm->cmsg_level == SOL_IPV6 &&
		      cm->cmsg_type == IPV6_ORIGDSTADDR))
			continue;
		o->n++;
		o->level = cm->cmsg_level;
		o->len = cm->cmsg_len - CMSG_LEN(0);
		memcpy(&o->ss, CMSG_DATA(cm),
		       o->len < sizeof(o->ss) ? o->len : sizeof(o->ss));
	}
}

/* Exactly one message of level with family, port and address host. */
static void check(const struct odst *o, int level, int family,
		  const char *host, unsigned short port)
{
	struct sockaddr_storage want;
	socklen_t len = net_sockaddr(family, host, port, &want);

	if (o->n != 1 || o->level != level || o->len != len) {
		tst_res(TFAIL, "to %s: %d ORIGDSTADDR messages, level %d (expected %d), %u bytes (expected %u)",
			host, o->n, o->level, level, o->len, len);
		return;
	}
	/* whole structure: sin_zero, sin6_flowinfo, sin6_scope_id zero */
	if (memcmp(&o->ss, &want, len)) {
		char buf[64];

		tst_res(TFAIL, "to %s: ORIGDSTADDR family %d %s port %u",
			host, o->ss.ss_family,
			net_ntop(&o->ss, buf, sizeof(buf)), net_port(&o->ss));
		return;
	}
	tst_res(TPASS, "to %s port %u: one ORIGDSTADDR naming them", host,
		port);
}

static void run_family(int family)
{
	int lvl = family == AF_INET ? SOL_IP : SOL_IPV6;
	int opt = family == AF_INET ? IP_RECVORIGDSTADDR :
		IPV6_RECVORIGDSTADDR;
	const char *h1 = family == AF_INET ? "10.99.1.2" : "fd99:1::2";
	const char *h2 = family == AF_INET ? "10.99.1.3" : "fd99:1::3";
	unsigned short port;
	int r = wild(family, &port);
	unsigned char one = 1;
	struct odst o;

	tst_res(TINFO, "%s", family == AF_INET ? "IPv4" : "IPv6");
	NET_EXP_EQ(getint(r, lvl, opt), 0, "ORIGDSTADDR option when new");
	roundtrip(r, family, h1, port, &o);
	NET_EXP_EQ(o.n, 0, "ORIGDSTADDR messages without the option");

	if (family == AF_INET) {
		TST_EXP_PASS(setsockopt(r, lvl, opt, &one, 1),
			     "IP_RECVORIGDSTADDR with a one byte value");
		NET_EXP_EQ(getint(r, lvl, opt), 1, "read back after 1 byte");
		TST_EXP_PASS(setsockopt(r, lvl, opt, &one, 0),
			     "IP_RECVORIGDSTADDR with length 0");
		NET_EXP_EQ(getint(r, lvl, opt), 0, "read back after length 0");
	} else {
		int v = 1;

		TST_EXP_FAIL(setsockopt(r, lvl, opt, &v, 3), EINVAL,
			     "IPV6_RECVORIGDSTADDR with 3 bytes");
		NET_EXP_EQ(getint(r, lvl, opt), 0, "read back after EINVAL");
	}
	setint(r, lvl, opt, 1);
	NET_EXP_EQ(getint(r, lvl, opt), 1, "ORIGDSTADDR option read back");

	roundtrip(r, family, h1, port, &o);
	check(&o, lvl, family, h1, port);
	roundtrip(r, family, h2, port, &o);
	check(&o, lvl, family, h2, port);

	setint(r, lvl, opt, 0);
	roundtrip(r, family, h2, port, &o);
	NET_EXP_EQ(o.n, 0, "ORIGDSTADDR messages once the option is 0");
	SAFE_CLOSE(r);
}

/* An IPv6 socket takes IPv4's control messages from the IPv4 options. */
static void mapped(void)
{
	unsigned short port;
	int r = wild_v6only(AF_INET6, &port, 1);
	struct odst o;

	tst_res(TINFO, "IPv4 to an IPv6 socket");
	setint(r, SOL_IPV6, IPV6_RECVORIGDSTADDR, 1);
	roundtrip(r, AF_INET, "10.99.1.3", port, &o);
	NET_EXP_EQ(o.n, 0, "IPv4 datagram, only IPV6_RECVORIGDSTADDR: messages");
	setint(r, SOL_IP, IP_RECVORIGDSTADDR, 1);
	roundtrip(r, AF_INET, "10.99.1.3", port, &o);
	check(&o, SOL_IP, AF_INET, "10.99.1.3", port);
	SAFE_CLOSE(r);
}

static void run(void)
{
	run_family(AF_INET);
	run_family(AF_INET6);
	mapped();
}

static void setup(void)
{
	net_hosts_setup_pinned();
	net_remote_second_addrs();
	/* not a test of neighbour discovery: no lost probe under load */
	net_neigh_pin(NET_A, "net0", NET_B, "net0", 1, 3);
	net_enter(NET_A);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.timeout = 60,
};
