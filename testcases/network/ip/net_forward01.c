// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * IP forwarding through a router namespace, IPv4 and IPv6:
 * - datagrams from one host reach the other through the router with the
 *   TTL / hop limit decreased by one (64 -> 63, IP_RECVTTL /
 *   IPV6_RECVHOPLIMIT), and the router's ForwDatagrams /
 *   Ip6OutForwDatagrams counter grows by at least their number;
 * - a datagram sent with TTL / hop limit 1 is not forwarded: the sender
 *   (IP_RECVERR / IPV6_RECVERR) reads from its error queue an ICMP time
 *   exceeded (type 11 / 3, code 0) whose offender is the router;
 * - with forwarding off in the router (ip_forward, conf/all/forwarding)
 *   a datagram is dropped silently, counted once in InAddrErrors /
 *   Ip6InAddrErrors, and the next one, sent after forwarding is back on,
 *   is the first to arrive.
 */
#include <time.h>
#include <linux/errqueue.h>
#include "tst_test.h"
#include "net_hosts.h"
#include "socket_helpers.h"

#define N 10

static long long fwd_count(int family)
{
	if (family == AF_INET)
		return net_snmp(NET_R, "snmp", "Ip:", "ForwDatagrams");
	return net_snmp6(NET_R, "Ip6OutForwDatagrams");
}

/* Receive one datagram; its TTL / hop limit, -1 if none was attached. */
static int recv_ttl(int fd, char *buf, size_t len, ssize_t *n)
{
	char cbuf[CMSG_SPACE(sizeof(int))];
	struct iovec iov = { buf, len };
	struct msghdr mh = {
		.msg_iov = &iov, .msg_iovlen = 1,
		.msg_control = cbuf, .msg_controllen = sizeof(cbuf),
	};
	struct cmsghdr *c;

	net_wait(fd, POLLIN);
	*n = recvmsg(fd, &mh, MSG_DONTWAIT);
	if (*n < 0)
		tst_brk(TBROK | TERRNO, "recvmsg()");
	for (c = CMSG_FIRSTHDR(&mh); c; c = CMSG_NXTHDR(&mh, c))
		if ((c->cmsg_level == IPPROTO_IP && c->cmsg_type == IP_TTL) ||
		    (c->cmsg_level == IPPROTO_IPV6 &&
		     c->cmsg_type == IPV6_HOPLIMIT))
			return *(int *)CMSG_DATA(c);
	return -1;
}

static void forwarded(int family, int r, int s)
{
	long long before = fwd_count(family), after;
	int i, bad = 0, ttl;
	char buf[32];
	ssize_t n;

	for (i = 0; i < N; i++) {
		snprintf(buf, sizeof(buf), "dgram %d", i);
		if (send(s, buf, strlen(buf), 0) < 0)
			tst_brk(TBROK | TERRNO, "send()");
	}
	for (i = 0; i < N; i++) {
		char want[32];

		ttl = recv_ttl(r, buf, sizeof(buf) - 1, &n);
		snprintf(want, sizeof(want), "dgram %d", i);
		if (n != (ssize_t)strlen(want) || memcmp(buf, want, n) ||
		    ttl != 63) {
			tst_res(TFAIL, "datagram %d: %zd bytes, TTL %d", i, n,
				ttl);
			bad++;
		}
	}
	if (!bad)
		tst_res(TPASS, "%d datagrams forwarded, TTL 64 -> 63", N);
	after = fwd_count(family);
	if (after - before < N)
		tst_res(TFAIL, "router's forward counter grew by %lld, expected >= %d",
			after - before, N);
	else
		tst_res(TPASS, "router's forward counter grew by %lld",
			after - before);
	net_enter(NET_A);
}

static void ttl_exceeded(int family, int s)
{
	int v4 = family == AF_INET, one = 1, i;
	struct sockaddr_storage router, off;
	char buf[64], cbuf[512];
	struct iovec iov = { buf, sizeof(buf) };
	struct msghdr mh = {
		.msg_iov = &iov, .msg_iovlen = 1,
		.msg_control = cbuf, .msg_controllen = sizeof(cbuf),
	};
	struct sock_extended_err *ee = NULL;
	struct cmsghdr *c;

	setsockopt(s, v4 ? IPPROTO_IP : IPPROTO_IPV6,
		   v4 ? IP_RECVERR : IPV6_RECVERR, &one, sizeof(one));
	setsockopt(s, v4 ? IPPROTO_IP : IPPROTO_IPV6,
		   v4 ? IP_TTL : IPV6_UNICAST_HOPS, &one, sizeof(one));
	/* the router's ICMP errors are rate limited: send again if needed */
	for (i = 0; i < 5; i++) {
		send(s, "ttl1", 4, 0);
		if (net_poll(s, POLLIN, 2000) & POLLERR)
			break;
	}
	if (recvmsg(s, &mh, MSG_ERRQUEUE | MSG_DONTWAIT) < 0) {
		tst_res(TFAIL | TERRNO, "no error queued for TTL 1");
		return;
	}
	for (c = CMSG_FIRSTHDR(&mh); c; c = CMSG_NXTHDR(&mh, c))
		if ((c->cmsg_level == IPPROTO_IP && c->cmsg_type == IP_RECVERR) ||
		    (c->cmsg_level == IPPROTO_IPV6 &&
		     c->cmsg_type == IPV6_RECVERR))
			ee = (struct sock_extended_err *)CMSG_DATA(c);
	if (!ee) {
		tst_res(TFAIL, "no IP_RECVERR message");
		return;
	}
	net_addr(NET_R, family, 0, &router);
	memset(&off, 0, sizeof(off));
	memcpy(&off, SO_EE_OFFENDER(ee), v4 ? sizeof(struct sockaddr_in) :
	       sizeof(struct sockaddr_in6));
	if (ee->ee_origin != (v4 ? SO_EE_ORIGIN_ICMP : SO_EE_ORIGIN_ICMP6) ||
	    ee->ee_type != (v4 ? 11 : 3) || ee->ee_code != 0 ||
	    ee->ee_errno != EHOSTUNREACH ||
	    memcmp(net_rawaddr(&off), net_rawaddr(&router), v4 ? 4 : 16))
		tst_res(TFAIL, "TTL 1: origin %u type %u code %u errno %s",
			ee->ee_origin, ee->ee_type, ee->ee_code,
			tst_strerrno(ee->ee_errno));
	else
		tst_res(TPASS, "TTL 1: time exceeded from the router");
	one = -1;	/* back to the default */
	setsockopt(s, v4 ? IPPROTO_IP : IPPROTO_IPV6,
		   v4 ? IP_TTL : IPV6_UNICAST_HOPS, &one, sizeof(one));
	/* the pending error is reported once; drain it */
	{
		int err;
		socklen_t elen = sizeof(err);

		getsockopt(s, SOL_SOCKET, SO_ERROR, &err, &elen);
	}
}

static long long addr_errors(int family)
{
	if (family == AF_INET)
		return net_snmp(NET_R, "snmp", "Ip:", "InAddrErrors");
	return net_snmp6(NET_R, "Ip6InAddrErrors");
}

/*
 * Forwarding off in the router: a datagram for the other host is
 * dropped without an ICMP error (ip_error() and ip6_forward() only
 * count it) and the next one, sent once forwarding is back on, is the
 * first to arrive.
 */
static void no_forwarding(int family, int r, int s)
{
	const char *knob = family == AF_INET ? "net/ipv4/ip_forward" :
			   "net/ipv6/conf/all/forwarding";
	long long before = addr_errors(family);
	struct timespec t0, t;
	char buf[32];
	ssize_t n;

	net_sysctl(NET_R, knob, "0");
	net_enter(NET_A);
	if (send(s, "dropped", 7, 0) != 7)
		tst_brk(TBROK | TERRNO, "send()");
	/* the drop is counted before forwarding is turned back on */
	clock_gettime(CLOCK_MONOTONIC, &t0);
	while (addr_errors(family) == before) {
		clock_gettime(CLOCK_MONOTONIC, &t);
		if ((t.tv_sec - t0.tv_sec) * 1000 > net_ms(10000))
			break;
		usleep(1000);
	}
	net_sysctl(NET_R, knob, "1");
	net_enter(NET_A);
	if (send(s, "sentinel", 8, 0) != 8)
		tst_brk(TBROK | TERRNO, "send()");
	recv_ttl(r, buf, sizeof(buf), &n);
	if (n == 8 && !memcmp(buf, "sentinel", 8))
		tst_res(TPASS, "forwarding off: the datagram was dropped");
	else
		tst_res(TFAIL, "forwarding off: a datagram of %zd bytes arrived first",
			n);
	NET_EXP_EQ(addr_errors(family) - before, 1,
		   family == AF_INET ? "router's InAddrErrors" :
		   "router's Ip6InAddrErrors");
	net_enter(NET_A);
}

static void run(unsigned int n)
{
	int family = n ? AF_INET6 : AF_INET, one = 1;
	struct sockaddr_storage raddr;
	int r = net_bound(NET_B, family, SOCK_DGRAM, &raddr);
	int s = net_socket(NET_A, family, SOCK_DGRAM);

	tst_res(TINFO, "%s", n ? "IPv6" : "IPv4");
	if (setsockopt(r, family == AF_INET ? IPPROTO_IP : IPPROTO_IPV6,
		       family == AF_INET ? IP_RECVTTL : IPV6_RECVHOPLIMIT,
		       &one, sizeof(one)))
		tst_brk(TBROK | TERRNO, "setsockopt(RECVTTL)");
	if (connect(s, (struct sockaddr *)&raddr, sizeof(raddr)))
		tst_brk(TBROK | TERRNO, "connect()");
	forwarded(family, r, s);
	ttl_exceeded(family, s);
	no_forwarding(family, r, s);
	close(r);
	close(s);
}

static void setup(void)
{
	/* one backlog: the datagrams are delivered in the order sent */
	sock_pin_cpu();
	net_routed_setup();
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.timeout = 90,
};
