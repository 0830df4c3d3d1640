// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * IPv4 addresses over rtnetlink on a dummy device in a new namespace:
 * - 10.99.3.1/24, .2/24, .3/24: the first is primary, the others get
 *   IFA_F_SECONDARY; main holds 10.99.3.0/24 with the primary as
 *   preferred source, local holds a local route per address and the
 *   broadcast route 10.99.3.255;
 * - promote_secondaries 0: deleting the primary deletes the secondaries
 *   too (no address, prefix route or local route left);
 *   promote_secondaries 1: .2 becomes primary (flag cleared, the prefix
 *   route's preferred source), .3 stays secondary, .1's local route goes;
 * - IFA_F_NOPREFIXROUTE: no prefix route, the local route is there and
 *   the flag reads back; IFA_RT_PRIORITY 300 is the prefix route's
 *   metric; a peer address (IFA_ADDRESS != IFA_LOCAL, /32) gets a host
 *   route to the peer with the local address as preferred source;
 * - lifetimes (IFA_CACHEINFO): EINVAL for valid 0 and preferred above
 *   valid; preferred 1 s, valid 3 s read back, IFA_F_DEPRECATED no sooner
 *   than 1 s, the address and its prefix route gone no sooner than 3 s.
 */
#include "tst_test.h"
#include "net_hosts.h"

static int dev;

static struct in_addr ip4(const char *s)
{
	struct in_addr a;

	if (inet_pton(AF_INET, s, &a) != 1)
		tst_brk(TBROK, "bad address %s", s);
	return a;
}

struct addr_req {
	const char *local, *peer;
	int plen;
	unsigned int flags;
	uint32_t valid, pref;	/* 0, 0: no IFA_CACHEINFO */
	uint32_t prio;		/* 0: no IFA_RT_PRIORITY */
};

static int addr_msg(int type, const struct addr_req *r)
{
	static struct rtnl_msg m;
	struct ifaddrmsg ifa = {
		.ifa_family = AF_INET, .ifa_prefixlen = r->plen,
		.ifa_index = dev,
	};
	struct in_addr l = ip4(r->local), p = ip4(r->peer ? r->peer : r->local);

	rtnl_msg_init(&m, type, type == RTM_NEWADDR ?
		      NLM_F_CREATE | NLM_F_EXCL : 0, &ifa, sizeof(ifa));
	rtnl_put(&m, IFA_LOCAL, &l, 4);
	rtnl_put(&m, IFA_ADDRESS, &p, 4);
	if (r->flags)
		rtnl_put_u32(&m, IFA_FLAGS, r->flags);
	if (r->valid || r->pref) {
		struct ifa_cacheinfo ci = {
			.ifa_valid = r->valid, .ifa_prefered = r->pref,
		};

		rtnl_put(&m, IFA_CACHEINFO, &ci, sizeof(ci));
	}
	if (r->prio)
		rtnl_put_u32(&m, IFA_RT_PRIORITY, r->prio);
	return rtnl_talk(&m);
}

static void add(const char *local, int plen)
{
	struct addr_req r = { .local = local, .plen = plen };

	RTNL_SAFE(addr_msg(RTM_NEWADDR, &r));
}

static void del(const char *local, int plen)
{
	struct addr_req r = { .local = local, .plen = plen };

	RTNL_SAFE(addr_msg(RTM_DELADDR, &r));
}

struct addr_q {
	struct in_addr want;
	int found;
	unsigned int flags;
	uint32_t valid, pref;
};

static void addr_cb(struct nlmsghdr *nh, void *priv)
{
	struct addr_q *q = priv;
	struct ifaddrmsg *ifa = NLMSG_DATA(nh);
	struct rtattr *rta;

	if (nh->nlmsg_type != RTM_NEWADDR || ifa->ifa_family != AF_INET ||
	    (int)ifa->ifa_index != dev)
		return;
	rta = rtnl_attr(nh, sizeof(*ifa), IFA_LOCAL);
	if (!rta || memcmp(RTA_DATA(rta), &q->want, 4))
		return;
	q->found++;
	q->flags = ifa->ifa_flags;
	rta = rtnl_attr(nh, sizeof(*ifa), IFA_FLAGS);
	if (rta)
		q->flags = *(uint32_t *)RTA_DATA(rta);
	rta = rtnl_attr(nh, sizeof(*ifa), IFA_CACHEINFO);
	if (rta) {
		q->valid = ((struct ifa_cacheinfo *)RTA_DATA(rta))->ifa_valid;
		q->pref = ((struct ifa_cacheinfo *)RTA_DATA(rta))->ifa_prefered;
	}
}

/* dummy0's address local: found (0/1), flags, lifetimes in *q. */
static int addr_get(const char *local, struct addr_q *q)
{
	static struct rtnl_msg m;
	struct ifaddrmsg ifa = { .ifa_family = AF_INET };

	memset(q, 0, sizeof(*q));
	q->want = ip4(local);
	rtnl_msg_init(&m, RTM_GETADDR, NLM_F_DUMP, &ifa, sizeof(ifa));
	RTNL_SAFE(rtnl_talk_cb(&m, addr_cb, q));
	return q->found;
}

struct route_q {
	struct in_addr dst;
	int plen, table, type, found;
	struct in_addr prefsrc;
	uint32_t prio;
};

static void route_cb(struct nlmsghdr *nh, void *priv)
{
	struct route_q *q = priv;
	struct rtmsg *rtm = NLMSG_DATA(nh);
	struct rtattr *rta;
	uint32_t table;

	if (nh->nlmsg_type != RTM_NEWROUTE || rtm->rtm_family != AF_INET ||
	    rtm->rtm_dst_len != q->plen || rtm->rtm_type != q->type)
		return;
	rta = rtnl_attr(nh, sizeof(*rtm), RTA_TABLE);
	table = rta ? *(uint32_t *)RTA_DATA(rta) : rtm->rtm_table;
	if ((int)table != q->table)
		return;
	rta = rtnl_attr(nh, sizeof(*rtm), RTA_DST);
	if (!rta || memcmp(RTA_DATA(rta), &q->dst, 4))
		return;
	rta = rtnl_attr(nh, sizeof(*rtm), RTA_OIF);
	if (!rta || *(int *)RTA_DATA(rta) != dev)
		return;
	q->found++;
	rta = rtnl_attr(nh, sizeof(*rtm), RTA_PREFSRC);
	if (rta)
		memcpy(&q->prefsrc, RTA_DATA(rta), 4);
	rta = rtnl_attr(nh, sizeof(*rtm), RTA_PRIORITY);
	if (rta)
		q->prio = *(uint32_t *)RTA_DATA(rta);
}

/* Routes of type to dst/plen through dummy0 in table. */
static int route_get(int table, int type, const char *dst, int plen,
		     struct route_q *q)
{
	static struct rtnl_msg m;
	struct rtmsg rtm = { .rtm_family = AF_INET };

	memset(q, 0, sizeof(*q));
	q->dst = ip4(dst);
	q->plen = plen;
	q->table = table;
	q->type = type;
	rtnl_msg_init(&m, RTM_GETROUTE, NLM_F_DUMP, &rtm, sizeof(rtm));
	RTNL_SAFE(rtnl_talk_cb(&m, route_cb, q));
	return q->found;
}

static void expect_addr(const char *a, int present, int secondary)
{
	struct addr_q q;

	if (addr_get(a, &q) != present)
		tst_res(TFAIL, "%s %s", a, present ? "missing" : "still there");
	else if (!present)
		tst_res(TPASS, "%s gone", a);
	else if (!!(q.flags & IFA_F_SECONDARY) != secondary)
		tst_res(TFAIL, "%s flags 0x%x, expected %s", a, q.flags,
			secondary ? "secondary" : "primary");
	else
		tst_res(TPASS, "%s is %s", a,
			secondary ? "secondary" : "primary");
}

/* A route through dummy0: present or not; when present its prefsrc. */
static void expect_route(int table, int type, const char *dst, int plen,
			 int present, const char *prefsrc)
{
	struct route_q q;
	char buf[INET_ADDRSTRLEN];

	if (route_get(table, type, dst, plen, &q) != present) {
		tst_res(TFAIL, "table %d type %d route %s/%d: %d found, expected %d",
			table, type, dst, plen, q.found, present);
		return;
	}
	if (!present) {
		tst_res(TPASS, "table %d: no route %s/%d", table, dst, plen);
		return;
	}
	inet_ntop(AF_INET, &q.prefsrc, buf, sizeof(buf));
	if (prefsrc && strcmp(buf, prefsrc))
		tst_res(TFAIL, "route %s/%d: preferred source %s, expected %s",
			dst, plen, buf, prefsrc);
	else
		tst_res(TPASS, "table %d type %d route %s/%d%s%s", table, type,
			dst, plen, prefsrc ? " src " : "",
			prefsrc ? prefsrc : "");
}

static void three(void)
{
	add("10.99.3.1", 24);
	add("10.99.3.2", 24);
	add("10.99.3.3", 24);
	expect_addr("10.99.3.1", 1, 0);
	expect_addr("10.99.3.2", 1, 1);
	expect_addr("10.99.3.3", 1, 1);
}

static void test_secondaries(void)
{
	net_sysctl(NET_A, "net/ipv4/conf/all/promote_secondaries", "0");
	net_sysctl(NET_A, "net/ipv4/conf/dummy0/promote_secondaries", "0");
	three();
	expect_route(RT_TABLE_MAIN, RTN_UNICAST, "10.99.3.0", 24, 1,
		     "10.99.3.1");
	expect_route(RT_TABLE_LOCAL, RTN_LOCAL, "10.99.3.2", 32, 1, NULL);
	expect_route(RT_TABLE_LOCAL, RTN_BROADCAST, "10.99.3.255", 32, 1,
		     NULL);
	tst_res(TINFO, "promote_secondaries 0: delete the primary");
	del("10.99.3.1", 24);
	expect_addr("10.99.3.2", 0, 0);
	expect_addr("10.99.3.3", 0, 0);
	expect_route(RT_TABLE_MAIN, RTN_UNICAST, "10.99.3.0", 24, 0, NULL);
	expect_route(RT_TABLE_LOCAL, RTN_LOCAL, "10.99.3.2", 32, 0, NULL);

	net_sysctl(NET_A, "net/ipv4/conf/dummy0/promote_secondaries", "1");
	three();
	tst_res(TINFO, "promote_secondaries 1: delete the primary");
	del("10.99.3.1", 24);
	expect_addr("10.99.3.1", 0, 0);
	expect_addr("10.99.3.2", 1, 0);
	expect_addr("10.99.3.3", 1, 1);
	expect_route(RT_TABLE_MAIN, RTN_UNICAST, "10.99.3.0", 24, 1,
		     "10.99.3.2");
	expect_route(RT_TABLE_LOCAL, RTN_LOCAL, "10.99.3.1", 32, 0, NULL);
	expect_route(RT_TABLE_LOCAL, RTN_LOCAL, "10.99.3.3", 32, 1, NULL);
	del("10.99.3.2", 24);
	del("10.99.3.3", 24);
}

static void test_route_attrs(void)
{
	struct addr_req np = {
		.local = "10.99.4.1", .plen = 24, .flags = IFA_F_NOPREFIXROUTE,
	};
	struct addr_req pr = { .local = "10.99.6.1", .plen = 24, .prio = 300 };
	struct addr_req peer = {
		.local = "10.99.5.1", .peer = "10.99.5.9", .plen = 32,
	};
	struct route_q q;
	struct addr_q a;

	RTNL_SAFE(addr_msg(RTM_NEWADDR, &np));
	expect_route(RT_TABLE_MAIN, RTN_UNICAST, "10.99.4.0", 24, 0, NULL);
	expect_route(RT_TABLE_LOCAL, RTN_LOCAL, "10.99.4.1", 32, 1, NULL);
	addr_get("10.99.4.1", &a);
	if (a.flags & IFA_F_NOPREFIXROUTE)
		tst_res(TPASS, "IFA_F_NOPREFIXROUTE reads back");
	else
		tst_res(TFAIL, "flags 0x%x without IFA_F_NOPREFIXROUTE",
			a.flags);

	RTNL_SAFE(addr_msg(RTM_NEWADDR, &pr));
	if (route_get(RT_TABLE_MAIN, RTN_UNICAST, "10.99.6.0", 24, &q) == 1)
		NET_EXP_EQ(q.prio, 300, "IFA_RT_PRIORITY: prefix route metric");
	else
		tst_res(TFAIL, "%d routes to 10.99.6.0/24", q.found);

	RTNL_SAFE(addr_msg(RTM_NEWADDR, &peer));
	expect_route(RT_TABLE_MAIN, RTN_UNICAST, "10.99.5.9", 32, 1,
		     "10.99.5.1");
}

static void test_lifetimes(void)
{
	struct addr_req r = { .local = "10.99.7.1", .plen = 24 };
	long long t0, deprecated = -1, gone = -1, end;
	struct addr_q q;
	int ret;

	r.valid = 0;
	r.pref = 1;
	ret = addr_msg(RTM_NEWADDR, &r);
	NET_EXP_EQ(ret, -EINVAL, "valid lifetime 0");
	r.valid = 3;
	r.pref = 5;
	ret = addr_msg(RTM_NEWADDR, &r);
	NET_EXP_EQ(ret, -EINVAL, "preferred lifetime above valid");
	expect_addr("10.99.7.1", 0, 0);

	r.pref = 1;
	t0 = tst_mono_ms();
	RTNL_SAFE(addr_msg(RTM_NEWADDR, &r));
	addr_get("10.99.7.1", &q);
	if (q.valid <= 3 && q.pref <= 1 && !(q.flags & IFA_F_PERMANENT))
		tst_res(TPASS, "lifetimes read back: valid %u, preferred %u",
			q.valid, q.pref);
	else
		tst_res(TFAIL, "lifetimes read back: valid %u, preferred %u, flags 0x%x",
			q.valid, q.pref, q.flags);
	expect_route(RT_TABLE_MAIN, RTN_UNICAST, "10.99.7.0", 24, 1,
		     "10.99.7.1");

	end = t0 + 3000 + net_ms(10000);
	while (tst_mono_ms() < end) {
		if (!addr_get("10.99.7.1", &q)) {
			gone = tst_mono_ms() - t0;
			break;
		}
		if (deprecated < 0 && (q.flags & IFA_F_DEPRECATED))
			deprecated = tst_mono_ms() - t0;
		usleep(20000);
	}
	/* the kernel may act up to HZ/50 before the second is complete */
	if (deprecated >= 980)
		tst_res(TPASS, "deprecated after %lld ms", deprecated);
	else
		tst_res(TFAIL, "deprecated after %lld ms (-1: never)",
			deprecated);
	if (gone >= 2980)
		tst_res(TPASS, "removed after %lld ms", gone);
	else
		tst_res(TFAIL, "removed after %lld ms (-1: not in time)", gone);
	expect_route(RT_TABLE_MAIN, RTN_UNICAST, "10.99.7.0", 24, 0, NULL);
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
	dev = rtnl_ifindex("dummy0");
	RTNL_SAFE(rtnl_link_up(dev));

	test_secondaries();
	test_route_attrs();
	test_lifetimes();
}

static struct tst_test test = {
	.test_all = run,
	.needs_root = 1,
	.timeout = 60,
};
