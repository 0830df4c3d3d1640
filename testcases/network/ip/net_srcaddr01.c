// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The source address the kernel picks for a connected UDP socket
 * (getsockname()) and the preferred source of routes (RTA_PREFSRC), in a
 * new namespace with dummy0 (10.99.3.1/24 primary, 10.99.3.2/24
 * secondary, fd99:3::1/64, fd99:3::2/64 deprecated) and dummy1
 * (10.99.4.1/24, fd99:4::1/64),
 * routes through a gateway on dummy0:
 * - IPv4: without RTA_PREFSRC the primary address of the outgoing device;
 *   with it the secondary, or dummy1's address (any local address), read
 *   back by RTM_GETROUTE; EINVAL for a source the host does not have;
 *   deleting the address a route names as source deletes the route
 *   (ENETUNREACH for its destinations), the others stay;
 * - IPv6: without RTA_PREFSRC the outgoing device's address that is not
 *   deprecated (not dummy1's, not fd99:3::2); with it the deprecated
 *   fd99:3::2 or dummy1's; EINVAL for a foreign
 *   source (not added); deleting fd99:3::2 keeps its route but drops the
 *   preferred source (none in the dump), fd99:3::1 is picked again, the
 *   other route keeps dummy1's. (Deleting dummy1's address left its
 *   stale source on the route through dummy0 before b358f57f7db6, 6.6:
 *   not checked, Debian's 6.1 lacks that fix.)
 */
#include "tst_test.h"
#include "net_hosts.h"

static int d0, d1;

static int route_src(int family, const char *dst, int plen, const char *gw,
		     const char *src)
{
	static struct rtnl_msg m;
	unsigned char a[16];
	struct rtmsg rtm = {
		.rtm_family = family, .rtm_dst_len = plen,
		.rtm_table = RT_TABLE_MAIN, .rtm_protocol = RTPROT_STATIC,
		.rtm_scope = RT_SCOPE_UNIVERSE, .rtm_type = RTN_UNICAST,
	};

	rtnl_msg_init(&m, RTM_NEWROUTE, NLM_F_CREATE | NLM_F_EXCL, &rtm,
		      sizeof(rtm));
	inet_pton(family, dst, a);
	rtnl_put(&m, RTA_DST, a, rtnl_alen(family));
	inet_pton(family, gw, a);
	rtnl_put(&m, RTA_GATEWAY, a, rtnl_alen(family));
	rtnl_put_u32(&m, RTA_OIF, d0);
	if (src) {
		inet_pton(family, src, a);
		rtnl_put(&m, RTA_PREFSRC, a, rtnl_alen(family));
	}
	return rtnl_talk(&m);
}

struct lookup {
	int found, has_src;
	unsigned char src[16];
};

static void lookup_cb(struct nlmsghdr *nh, void *priv)
{
	struct lookup *l = priv;
	struct rtattr *rta;

	if (nh->nlmsg_type != RTM_NEWROUTE)
		return;
	l->found = 1;
	rta = rtnl_attr(nh, sizeof(struct rtmsg), RTA_PREFSRC);
	if (rta && RTA_PAYLOAD(rta) <= 16) {
		l->has_src = 1;
		memcpy(l->src, RTA_DATA(rta), RTA_PAYLOAD(rta));
	}
}

/*
 * RTA_PREFSRC of the main table's route to dst/plen, as text ("" for
 * none, "-" for no route); IPv6 names the route's own one, IPv4 the
 * source of the lookup, so IPv4 asks with RTM_F_FIB_MATCH.
 */
static const char *route_prefsrc(int family, const char *dst, int plen)
{
	static char buf[INET6_ADDRSTRLEN];
	static struct rtnl_msg m;
	struct rtmsg rtm = {
		.rtm_family = family, .rtm_dst_len = rtnl_alen(family) * 8,
		.rtm_flags = RTM_F_FIB_MATCH,
	};
	struct lookup l = { 0 };
	unsigned char a[16];
	int ret;

	(void)plen;
	inet_pton(family, dst, a);
	rtnl_msg_init(&m, RTM_GETROUTE, 0, &rtm, sizeof(rtm));
	rtnl_put(&m, RTA_DST, a, rtnl_alen(family));
	ret = rtnl_talk_cb(&m, lookup_cb, &l);
	if (ret || !l.found)
		return "-";
	buf[0] = 0;
	if (l.has_src)
		inet_ntop(family, l.src, buf, sizeof(buf));
	return buf;
}

/* The source of a UDP socket connected to dst: text, or the errno name. */
static const char *source_for(int family, const char *dst)
{
	static char buf[INET6_ADDRSTRLEN];
	struct sockaddr_storage ss;
	socklen_t len = family == AF_INET ? sizeof(struct sockaddr_in) :
			sizeof(struct sockaddr_in6);
	int fd = socket(family, SOCK_DGRAM | SOCK_CLOEXEC, 0);

	if (fd < 0)
		tst_brk(TBROK | TERRNO, "socket()");
	memset(&ss, 0, sizeof(ss));
	ss.ss_family = family;
	((struct sockaddr_in *)&ss)->sin_port = htons(9);
	inet_pton(family, dst, net_rawaddr(&ss));
	if (connect(fd, (struct sockaddr *)&ss, len)) {
		snprintf(buf, sizeof(buf), "%s", tst_strerrno(errno));
		close(fd);
		return buf;
	}
	len = sizeof(ss);
	if (getsockname(fd, (struct sockaddr *)&ss, &len))
		tst_brk(TBROK | TERRNO, "getsockname()");
	close(fd);
	return net_ntop(&ss, buf, sizeof(buf));
}

static void expect_str(const char *got, const char *want, const char *what)
{
	if (!strcmp(got, want))
		tst_res(TPASS, "%s: %s", what, want[0] ? want : "none");
	else
		tst_res(TFAIL, "%s: '%s', expected '%s'", what, got, want);
}

static void addr(int idx, int family, const char *a, int plen)
{
	unsigned char raw[16];

	inet_pton(family, a, raw);
	RTNL_SAFE(rtnl_addr_add(idx, family, raw, plen,
				family == AF_INET6 ? IFA_F_NODAD : 0));
}

/* fd99:3::2/64 on idx, deprecated (preferred lifetime 0). */
static void deprecated6(int idx, const char *a)
{
	static struct rtnl_msg m;
	struct ifaddrmsg ifa = {
		.ifa_family = AF_INET6, .ifa_prefixlen = 64, .ifa_index = idx,
	};
	struct ifa_cacheinfo ci = { .ifa_valid = 3600, .ifa_prefered = 0 };
	unsigned char raw[16];

	inet_pton(AF_INET6, a, raw);
	rtnl_msg_init(&m, RTM_NEWADDR, NLM_F_CREATE | NLM_F_EXCL, &ifa,
		      sizeof(ifa));
	rtnl_put(&m, IFA_LOCAL, raw, 16);
	rtnl_put(&m, IFA_ADDRESS, raw, 16);
	rtnl_put_u32(&m, IFA_FLAGS, IFA_F_NODAD);
	rtnl_put(&m, IFA_CACHEINFO, &ci, sizeof(ci));
	RTNL_SAFE(rtnl_talk(&m));
}

static void test_ipv4(void)
{
	struct in_addr a;
	int ret;

	RTNL_SAFE(route_src(AF_INET, "10.99.9.0", 24, "10.99.3.254", NULL));
	RTNL_SAFE(route_src(AF_INET, "10.99.10.0", 24, "10.99.3.254",
			    "10.99.3.2"));
	RTNL_SAFE(route_src(AF_INET, "10.99.11.0", 24, "10.99.3.254",
			    "10.99.4.1"));
	ret = route_src(AF_INET, "10.99.12.0", 24, "10.99.3.254",
			"10.99.77.1");
	NET_EXP_EQ(ret, -EINVAL, "IPv4 route with a foreign RTA_PREFSRC");
	expect_str(route_prefsrc(AF_INET, "10.99.12.1", 24), "-",
		   "IPv4 route with a foreign source not added");

	expect_str(source_for(AF_INET, "10.99.9.1"), "10.99.3.1",
		   "IPv4 source without RTA_PREFSRC (primary)");
	expect_str(source_for(AF_INET, "10.99.10.1"), "10.99.3.2",
		   "IPv4 source with RTA_PREFSRC the secondary");
	expect_str(source_for(AF_INET, "10.99.11.1"), "10.99.4.1",
		   "IPv4 source with RTA_PREFSRC of dummy1");
	expect_str(route_prefsrc(AF_INET, "10.99.10.1", 24), "10.99.3.2",
		   "IPv4 RTA_PREFSRC read back");
	expect_str(route_prefsrc(AF_INET, "10.99.9.1", 24), "",
		   "IPv4 RTA_PREFSRC of the route without one");

	inet_pton(AF_INET, "10.99.4.1", &a);
	RTNL_SAFE(rtnl_addr_del(d1, AF_INET, &a, 24));
	expect_str(route_prefsrc(AF_INET, "10.99.11.1", 24), "-",
		   "IPv4 route of the deleted source gone");
	expect_str(source_for(AF_INET, "10.99.11.1"),
		   tst_strerrno(ENETUNREACH),
		   "IPv4 connect() to its destination");
	expect_str(source_for(AF_INET, "10.99.10.1"), "10.99.3.2",
		   "IPv4 other routes unchanged");
}

static void test_ipv6(void)
{
	struct in6_addr a;
	int ret;

	RTNL_SAFE(route_src(AF_INET6, "fd99:9::", 64, "fd99:3::fe", NULL));
	RTNL_SAFE(route_src(AF_INET6, "fd99:10::", 64, "fd99:3::fe",
			    "fd99:4::1"));
	RTNL_SAFE(route_src(AF_INET6, "fd99:11::", 64, "fd99:3::fe",
			    "fd99:3::2"));
	ret = route_src(AF_INET6, "fd99:12::", 64, "fd99:3::fe",
			"fd99:77::1");
	NET_EXP_EQ(ret, -EINVAL, "IPv6 route with a foreign RTA_PREFSRC");
	expect_str(route_prefsrc(AF_INET6, "fd99:12::1", 64), "-",
		   "IPv6 route with a foreign source not added");

	expect_str(source_for(AF_INET6, "fd99:9::1"), "fd99:3::1",
		   "IPv6 source without RTA_PREFSRC (outgoing device, not deprecated)");
	expect_str(source_for(AF_INET6, "fd99:10::1"), "fd99:4::1",
		   "IPv6 source with RTA_PREFSRC of dummy1");
	expect_str(source_for(AF_INET6, "fd99:11::1"), "fd99:3::2",
		   "IPv6 source with RTA_PREFSRC the deprecated fd99:3::2");
	expect_str(route_prefsrc(AF_INET6, "fd99:10::1", 64), "fd99:4::1",
		   "IPv6 RTA_PREFSRC read back");
	expect_str(route_prefsrc(AF_INET6, "fd99:9::1", 64), "",
		   "IPv6 RTA_PREFSRC of the route without one");

	inet_pton(AF_INET6, "fd99:3::2", &a);
	RTNL_SAFE(rtnl_addr_del(d0, AF_INET6, &a, 64));
	expect_str(route_prefsrc(AF_INET6, "fd99:11::1", 64), "",
		   "IPv6 route kept without its deleted source");
	expect_str(source_for(AF_INET6, "fd99:11::1"), "fd99:3::1",
		   "IPv6 source after the deletion");
	expect_str(route_prefsrc(AF_INET6, "fd99:10::1", 64), "fd99:4::1",
		   "IPv6 other route's source kept");
}

static void run(void)
{
	int h;

	for (h = 0; h < NET_NHOSTS; h++) {
		if (net_nsfd[h] >= 0)
			close(net_nsfd[h]);
		net_nsfd[h] = -1;
	}
	net_cur = -1;
	net_ns_new(NET_A);
	RTNL_SAFE(rtnl_link_add("dummy0", "dummy"));
	RTNL_SAFE(rtnl_link_add("dummy1", "dummy"));
	d0 = rtnl_ifindex("dummy0");
	d1 = rtnl_ifindex("dummy1");
	RTNL_SAFE(rtnl_link_up(d0));
	RTNL_SAFE(rtnl_link_up(d1));
	addr(d0, AF_INET, "10.99.3.1", 24);
	addr(d0, AF_INET, "10.99.3.2", 24);
	addr(d1, AF_INET, "10.99.4.1", 24);
	addr(d0, AF_INET6, "fd99:3::1", 64);
	deprecated6(d0, "fd99:3::2");
	addr(d1, AF_INET6, "fd99:4::1", 64);

	test_ipv4();
	test_ipv6();
}

static struct tst_test test = {
	.test_all = run,
	.needs_root = 1,
};
