// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * An IPv6 route through dummy0 whose preferred source (RTA_PREFSRC) is
 * dummy1's address: once that address is deleted the route must lose
 * the source (none in the dump) and a connected UDP socket must get
 * dummy0's address, not the deleted one. Before b358f57f7db6 ("ipv6: do
 * not match device when remove source route", 6.6) the kernel dropped a
 * deleted address from the routes of its own device only, so this route
 * kept a source the host no longer had. Debian's 6.1.192 lacks the fix
 * (runtest/kernel_bugs); 6.12.118 passes. A source on the route's own
 * device (which 6.1 handles) is net_srcaddr01's.
 */
#include "tst_test.h"
#include "net_hosts.h"

static int d0, d1;

static void addr6(int idx, const char *a)
{
	struct in6_addr raw;

	inet_pton(AF_INET6, a, &raw);
	RTNL_SAFE(rtnl_addr_add(idx, AF_INET6, &raw, 64, IFA_F_NODAD));
}

static void lookup_cb(struct nlmsghdr *nh, void *priv)
{
	char *buf = priv;
	struct rtattr *rta;

	if (nh->nlmsg_type != RTM_NEWROUTE)
		return;
	rta = rtnl_attr(nh, sizeof(struct rtmsg), RTA_PREFSRC);
	strcpy(buf, "");
	if (rta && RTA_PAYLOAD(rta) == 16)
		inet_ntop(AF_INET6, RTA_DATA(rta), buf, INET6_ADDRSTRLEN);
}

/* RTA_PREFSRC of the route to dst (RTM_F_FIB_MATCH): text, "" if none. */
static const char *prefsrc(const char *dst)
{
	static char buf[INET6_ADDRSTRLEN];
	static struct rtnl_msg m;
	struct rtmsg rtm = {
		.rtm_family = AF_INET6, .rtm_dst_len = 128,
		.rtm_flags = RTM_F_FIB_MATCH,
	};
	struct in6_addr a;

	inet_pton(AF_INET6, dst, &a);
	strcpy(buf, "-");
	rtnl_msg_init(&m, RTM_GETROUTE, 0, &rtm, sizeof(rtm));
	rtnl_put(&m, RTA_DST, &a, 16);
	RTNL_SAFE(rtnl_talk_cb(&m, lookup_cb, buf));
	return buf;
}

/* The source of a UDP socket connected to dst. */
static const char *source_for(const char *dst)
{
	static char buf[INET6_ADDRSTRLEN];
	struct sockaddr_in6 sin6 = {
		.sin6_family = AF_INET6, .sin6_port = htons(9),
	};
	socklen_t len = sizeof(sin6);
	int fd = socket(AF_INET6, SOCK_DGRAM | SOCK_CLOEXEC, 0);

	if (fd < 0)
		tst_brk(TBROK | TERRNO, "socket()");
	inet_pton(AF_INET6, dst, &sin6.sin6_addr);
	if (connect(fd, (struct sockaddr *)&sin6, sizeof(sin6)))
		tst_brk(TBROK | TERRNO, "connect(%s)", dst);
	if (getsockname(fd, (struct sockaddr *)&sin6, &len))
		tst_brk(TBROK | TERRNO, "getsockname()");
	close(fd);
	return inet_ntop(AF_INET6, &sin6.sin6_addr, buf, sizeof(buf));
}

static void expect(const char *got, const char *want, const char *what)
{
	if (!strcmp(got, want))
		tst_res(TPASS, "%s: '%s'", what, want);
	else
		tst_res(TFAIL, "%s: '%s', expected '%s'", what, got, want);
}

static void run(void)
{
	static struct rtnl_msg m;
	struct rtmsg rtm = {
		.rtm_family = AF_INET6, .rtm_dst_len = 64,
		.rtm_table = RT_TABLE_MAIN, .rtm_protocol = RTPROT_STATIC,
		.rtm_scope = RT_SCOPE_UNIVERSE, .rtm_type = RTN_UNICAST,
	};
	struct in6_addr a;
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
	addr6(d0, "fd99:3::1");
	addr6(d1, "fd99:4::1");

	rtnl_msg_init(&m, RTM_NEWROUTE, NLM_F_CREATE | NLM_F_EXCL, &rtm,
		      sizeof(rtm));
	inet_pton(AF_INET6, "fd99:10::", &a);
	rtnl_put(&m, RTA_DST, &a, 16);
	inet_pton(AF_INET6, "fd99:3::fe", &a);
	rtnl_put(&m, RTA_GATEWAY, &a, 16);
	rtnl_put_u32(&m, RTA_OIF, d0);
	inet_pton(AF_INET6, "fd99:4::1", &a);
	rtnl_put(&m, RTA_PREFSRC, &a, 16);
	RTNL_SAFE(rtnl_talk(&m));

	expect(prefsrc("fd99:10::1"), "fd99:4::1", "RTA_PREFSRC read back");
	expect(source_for("fd99:10::1"), "fd99:4::1", "source before");

	inet_pton(AF_INET6, "fd99:4::1", &a);
	RTNL_SAFE(rtnl_addr_del(d1, AF_INET6, &a, 64));
	expect(prefsrc("fd99:10::1"), "",
	       "RTA_PREFSRC after dummy1's address was deleted");
	expect(source_for("fd99:10::1"), "fd99:3::1",
	       "source after dummy1's address was deleted");
}

static struct tst_test test = {
	.test_all = run,
	.needs_root = 1,
	.tags = (const struct tst_tag[]) {
		{"linux-git", "b358f57f7db6"},
		{}
	},
};
