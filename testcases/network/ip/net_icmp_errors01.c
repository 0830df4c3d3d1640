// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Route errors, IPv4 and IPv6, local and through a router namespace.
 *
 * Locally (routes of type unreachable, prohibit and blackhole in the
 * sending host): connect() of UDP and TCP sockets and sendto() fail at
 * once with the errno of the route type (fib_props[] / fib6_prop[]):
 * EHOSTUNREACH, EACCES, EINVAL.
 *
 * Remotely (the same route types in the router, and a destination the
 * router has no route for): the sender's IP_RECVERR / IPV6_RECVERR queue
 * holds the router's ICMP error with origin SO_EE_ORIGIN_ICMP(6), the
 * type and code ip_error() / ip6_pkt_drop() send, the errno of
 * icmp_err_convert[] / tab_unreach[], the router as offender and the
 * original destination as the message's address:
 *   no route:    IPv4 3/0 ENETUNREACH,  IPv6 1/0 ENETUNREACH
 *   unreachable: IPv4 3/1 EHOSTUNREACH, IPv6 1/0 ENETUNREACH
 *   prohibit:    IPv4 3/13 EHOSTUNREACH, IPv6 1/1 EACCES
 *   blackhole:   nothing (the no-route error sent after it is the first
 *                on the queue);
 * the router's InNoRoutes / Ip6InNoRoutes counts the no-route drop; a
 * TCP connect() through the router ends with the same errno.
 */
#include <time.h>
#include <linux/errqueue.h>
#include "tst_test.h"
#include "net_hosts.h"
#include "socket_helpers.h"

enum { C_NOROUTE, C_UNREACH, C_PROHIBIT, C_BLACKHOLE, C_N };

static const char *const cname[] = {
	"no route", "unreachable", "prohibit", "blackhole"
};
static const int rtype[] = { 0, RTN_UNREACHABLE, RTN_PROHIBIT, RTN_BLACKHOLE };
/* the local connect() errno per route type */
static const int lerr[] = { 0, EHOSTUNREACH, EACCES, EINVAL };

struct rerr {
	int type, code, err;
};

static const struct rerr rerr4[] = {
	{ 3, 0, ENETUNREACH }, { 3, 1, EHOSTUNREACH }, { 3, 13, EHOSTUNREACH },
};
static const struct rerr rerr6[] = {
	{ 1, 0, ENETUNREACH }, { 1, 0, ENETUNREACH }, { 1, 1, EACCES },
};

/* A route of type t (RTN_UNREACHABLE ...) to pfx/plen in the current host. */
static int route_type_add(int family, const void *pfx, int plen, int t)
{
	static struct rtnl_msg m;
	struct rtmsg rtm = {
		.rtm_family = family, .rtm_dst_len = plen,
		.rtm_table = RT_TABLE_MAIN, .rtm_protocol = RTPROT_STATIC,
		.rtm_scope = RT_SCOPE_UNIVERSE, .rtm_type = t,
	};

	rtnl_msg_init(&m, RTM_NEWROUTE, NLM_F_CREATE | NLM_F_EXCL, &rtm,
		      sizeof(rtm));
	rtnl_put(&m, RTA_DST, pfx, rtnl_alen(family));
	return rtnl_talk(&m);
}

/* Destination of case c: 10.99.<base + c>.1 or fd99:<base + c>::1. */
static socklen_t dest(int family, int base, int c, struct sockaddr_storage *ss)
{
	char buf[64];

	memset(ss, 0, sizeof(*ss));
	if (family == AF_INET) {
		struct sockaddr_in *s = (struct sockaddr_in *)ss;

		snprintf(buf, sizeof(buf), "10.99.%d.1", base + c);
		s->sin_family = AF_INET;
		s->sin_port = htons(9);
		inet_pton(AF_INET, buf, &s->sin_addr);
		return sizeof(*s);
	}
	snprintf(buf, sizeof(buf), "fd99:%d::1", base + c);
	((struct sockaddr_in6 *)ss)->sin6_family = AF_INET6;
	((struct sockaddr_in6 *)ss)->sin6_port = htons(9);
	inet_pton(AF_INET6, buf, &((struct sockaddr_in6 *)ss)->sin6_addr);
	return sizeof(struct sockaddr_in6);
}

static void routes(int h, int family, int base)
{
	struct sockaddr_storage ss;
	int c;

	net_enter(h);
	for (c = C_UNREACH; c < C_N; c++) {
		dest(family, base, c, &ss);
		/* IPv4 refuses host bits past the prefix (EINVAL) */
		if (family == AF_INET)
			((unsigned char *)net_rawaddr(&ss))[3] = 0;
		RTNL_SAFE(route_type_add(family, net_rawaddr(&ss),
					 family == AF_INET ? 24 : 64, rtype[c]));
	}
}

static void local_errors(int family)
{
	struct sockaddr_storage ss;
	int c, fd, err, type;
	socklen_t len;

	for (c = C_UNREACH; c < C_N; c++) {
		len = dest(family, 20, c, &ss);
		for (type = 0; type < 2; type++) {
			fd = net_socket(NET_A, family,
					type ? SOCK_STREAM : SOCK_DGRAM);
			err = connect(fd, (struct sockaddr *)&ss, len) ?
			      errno : 0;
			if (err == lerr[c])
				tst_res(TPASS, "local %s route: %s connect() %s",
					cname[c], type ? "TCP" : "UDP",
					tst_strerrno(err));
			else
				tst_res(TFAIL, "local %s route: %s connect() %s, expected %s",
					cname[c], type ? "TCP" : "UDP",
					err ? tst_strerrno(err) : "succeeded",
					tst_strerrno(lerr[c]));
			close(fd);
		}
		fd = net_socket(NET_A, family, SOCK_DGRAM);
		err = sendto(fd, "x", 1, 0, (struct sockaddr *)&ss, len) < 0 ?
		      errno : 0;
		if (err == lerr[c])
			tst_res(TPASS, "local %s route: sendto() %s", cname[c],
				tst_strerrno(err));
		else
			tst_res(TFAIL, "local %s route: sendto() %s, expected %s",
				cname[c], err ? tst_strerrno(err) : "succeeded",
				tst_strerrno(lerr[c]));
		close(fd);
	}
}

struct qerr {
	struct sock_extended_err ee;
	struct sockaddr_storage off, name;
};

/*
 * Send to ss until the error queue has something (bounded, in case
 * the guest's global ICMP limit holds one back): 0 and the first
 * queued error, or -1.
 */
static int probe(int fd, const struct sockaddr_storage *ss, socklen_t len,
		 struct qerr *q)
{
	char buf[64], cbuf[512];
	struct iovec iov = { buf, sizeof(buf) };
	struct msghdr mh = {
		.msg_name = &q->name, .msg_namelen = sizeof(q->name),
		.msg_iov = &iov, .msg_iovlen = 1,
		.msg_control = cbuf, .msg_controllen = sizeof(cbuf),
	};
	struct cmsghdr *c;
	int i;

	memset(q, 0, sizeof(*q));
	for (i = 0; i < 10; i++) {
		if (sendto(fd, "probe", 5, 0, (const struct sockaddr *)ss,
			   len) != 5)
			tst_brk(TBROK | TERRNO, "sendto()");
		if (net_poll(fd, POLLIN, 1500) & POLLERR)
			break;
	}
	if (recvmsg(fd, &mh, MSG_ERRQUEUE | MSG_DONTWAIT) < 0)
		return -1;
	for (c = CMSG_FIRSTHDR(&mh); c; c = CMSG_NXTHDR(&mh, c)) {
		if ((c->cmsg_level == IPPROTO_IP && c->cmsg_type == IP_RECVERR) ||
		    (c->cmsg_level == IPPROTO_IPV6 &&
		     c->cmsg_type == IPV6_RECVERR)) {
			struct sock_extended_err *ee = (void *)CMSG_DATA(c);

			q->ee = *ee;
			memcpy(&q->off, SO_EE_OFFENDER(ee),
			       c->cmsg_len - CMSG_LEN(sizeof(*ee)) <
			       sizeof(q->off) ?
			       c->cmsg_len - CMSG_LEN(sizeof(*ee)) :
			       sizeof(q->off));
			return 0;
		}
	}
	return -1;
}

/*
 * IPv4: a socket bound to 10.99.1.<src>. The router's ip_error() keeps
 * a token bucket per source address (ip_rt_error_cost, a global
 * sysctl): each probe has its own source, so its error is never held
 * back (5 go at once, the test sends one per source and iteration).
 */
static void bind_src(int fd, int family, int src)
{
	struct sockaddr_in a = { .sin_family = AF_INET };
	char buf[32];

	if (family != AF_INET)
		return;
	snprintf(buf, sizeof(buf), "10.99.1.%d", src);
	inet_pton(AF_INET, buf, &a.sin_addr);
	if (bind(fd, (struct sockaddr *)&a, sizeof(a)))
		tst_brk(TBROK | TERRNO, "bind(%s)", buf);
}

static int recverr_socket(int family, int src)
{
	int one = 1, fd = net_socket(NET_A, family, SOCK_DGRAM);

	if (setsockopt(fd, family == AF_INET ? IPPROTO_IP : IPPROTO_IPV6,
		       family == AF_INET ? IP_RECVERR : IPV6_RECVERR, &one,
		       sizeof(one)))
		tst_brk(TBROK | TERRNO, "setsockopt(RECVERR)");
	bind_src(fd, family, src);
	return fd;
}

static void check_err(int family, int c, const struct sockaddr_storage *ss,
		      const struct qerr *q)
{
	const struct rerr *w = family == AF_INET ? &rerr4[c] : &rerr6[c];
	struct sockaddr_storage router;
	int alen = family == AF_INET ? 4 : 16;
	int origin = family == AF_INET ? SO_EE_ORIGIN_ICMP : SO_EE_ORIGIN_ICMP6;
	char b1[64], b2[64];

	net_addr(NET_R, family, 0, &router);
	if (q->ee.ee_origin != origin || q->ee.ee_type != w->type ||
	    q->ee.ee_code != w->code || (int)q->ee.ee_errno != w->err) {
		tst_res(TFAIL, "remote %s: origin %u type %u code %u %s, expected origin %d type %d code %d %s",
			cname[c], q->ee.ee_origin, q->ee.ee_type,
			q->ee.ee_code, tst_strerrno(q->ee.ee_errno), origin,
			w->type, w->code, tst_strerrno(w->err));
	} else {
		tst_res(TPASS, "remote %s: ICMP%s type %d code %d, %s",
			cname[c], family == AF_INET ? "" : "v6", w->type,
			w->code, tst_strerrno(w->err));
	}
	if (q->off.ss_family != family ||
	    memcmp(net_rawaddr((struct sockaddr_storage *)&q->off),
		   net_rawaddr(&router), alen))
		tst_res(TFAIL, "remote %s: offender %s, expected the router",
			cname[c], q->off.ss_family == family ?
			net_ntop(&q->off, b1, sizeof(b1)) : "none");
	else
		tst_res(TPASS, "remote %s: offender is the router", cname[c]);
	if (q->name.ss_family != family ||
	    memcmp(net_rawaddr((struct sockaddr_storage *)&q->name),
		   net_rawaddr((struct sockaddr_storage *)ss), alen))
		tst_res(TFAIL, "remote %s: error names %s, expected %s",
			cname[c], net_ntop(&q->name, b1, sizeof(b1)),
			net_ntop(ss, b2, sizeof(b2)));
}

static long long noroutes(int family)
{
	if (family == AF_INET)
		return net_snmp(NET_R, "netstat", "IpExt:", "InNoRoutes");
	return net_snmp6(NET_R, "Ip6InNoRoutes");
}

static void remote_errors(int family)
{
	struct sockaddr_storage ss, nr;
	struct qerr q;
	socklen_t len, nlen;
	long long before;
	int c, fd, err;
	char b[64];

	for (c = C_NOROUTE; c < C_BLACKHOLE; c++) {
		len = dest(family, 30, c, &ss);
		fd = recverr_socket(family, 10 + 2 * c);
		before = noroutes(family);
		net_enter(NET_A);
		if (probe(fd, &ss, len, &q)) {
			tst_res(TFAIL, "remote %s: no error queued", cname[c]);
		} else {
			check_err(family, c, &ss, &q);
			if (c == C_NOROUTE && noroutes(family) - before < 1)
				tst_res(TFAIL, "router's InNoRoutes did not move");
			else if (c == C_NOROUTE)
				tst_res(TPASS, "router's InNoRoutes moved by %lld",
					noroutes(family) - before);
		}
		close(fd);

		/* TCP's SYN gets the same answer: connect() fails with it */
		fd = net_socket(NET_A, family, SOCK_STREAM);
		bind_src(fd, family, 11 + 2 * c);
		err = net_connect_fd(fd, &ss);
		if (err == (family == AF_INET ? rerr4 : rerr6)[c].err)
			tst_res(TPASS, "remote %s: TCP connect() %s", cname[c],
				tst_strerrno(err));
		else
			tst_res(TFAIL, "remote %s: TCP connect() %s, expected %s",
				cname[c], err ? tst_strerrno(err) : "succeeded",
				tst_strerrno((family == AF_INET ? rerr4 :
					      rerr6)[c].err));
		close(fd);
	}

	/*
	 * Blackhole: dropped without an answer. A datagram to it, then one
	 * to the no-route destination: the router handles them in order
	 * (one CPU), so an error for the first would be queued first.
	 */
	len = dest(family, 30, C_BLACKHOLE, &ss);
	nlen = dest(family, 30, C_NOROUTE, &nr);
	fd = recverr_socket(family, 16);
	if (sendto(fd, "hole", 4, 0, (struct sockaddr *)&ss, len) != 4)
		tst_brk(TBROK | TERRNO, "sendto(blackhole)");
	if (probe(fd, &nr, nlen, &q)) {
		tst_res(TFAIL, "remote blackhole: not even the no-route error came");
	} else if (memcmp(net_rawaddr(&q.name), net_rawaddr(&nr),
			  family == AF_INET ? 4 : 16)) {
		tst_res(TFAIL, "remote blackhole: an error for %s (type %u code %u) came first",
			net_ntop(&q.name, b, sizeof(b)), q.ee.ee_type,
			q.ee.ee_code);
	} else {
		tst_res(TPASS, "remote blackhole: no error, the next datagram's came first");
	}
	close(fd);
}

static void run(unsigned int n)
{
	int family = n ? AF_INET6 : AF_INET;

	tst_res(TINFO, "%s", n ? "IPv6" : "IPv4");
	local_errors(family);
	remote_errors(family);
	net_enter(NET_A);
}

static void setup(void)
{
	int i;

	sock_pin_cpu();
	net_routed_setup();
	/* the router answers every error (its own namespace's limits) */
	net_sysctl(NET_R, "net/ipv4/icmp_ratelimit", "0");
	net_sysctl(NET_R, "net/ipv6/icmp/ratelimit", "0");
	net_enter(NET_A);
	for (i = 10; i < 17; i++) {
		struct in_addr a;
		char buf[32];

		snprintf(buf, sizeof(buf), "10.99.1.%d", i);
		inet_pton(AF_INET, buf, &a);
		RTNL_SAFE(rtnl_addr_add(rtnl_ifindex("net0"), AF_INET, &a, 24,
					0));
	}
	for (i = 0; i < 2; i++) {
		int family = i ? AF_INET6 : AF_INET;

		routes(NET_A, family, 20);
		routes(NET_R, family, 30);
	}
	net_enter(NET_A);
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.timeout = 90,
};
