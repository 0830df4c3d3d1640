// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rtnetlink links, addresses and routes in a private namespace: what is
 * set is what the dumps and lookups return, and each error path returns
 * the kernel's errno. A link dump shows the veth with its kind, UP and
 * MTU; an MTU change is seen by SIOCGIFMTU; MTU 67 and 65536 are EINVAL;
 * a dummy link is created (then EEXIST), moved to the other namespace
 * (gone here, there), and deleted (then ENODEV); an address is dumped
 * with its prefix length and flags (EEXIST, then EADDRNOTAVAIL after its
 * removal); a route's lookup gives its gateway and device, a second add
 * is EEXIST, NLM_F_REPLACE changes the gateway, a gateway off-link is
 * ENETUNREACH (IPv6: EHOSTUNREACH), and after deletion the lookup is ENETUNREACH again.
 * Links are checked by name, never counted: a tunnel module loaded by an
 * earlier test adds fallback devices to every new namespace.
 */
#include <arpa/inet.h>
#include <sys/ioctl.h>
#include "tst_test.h"
#include "net_hosts.h"

struct find {
	const char *name;
	struct rtnl_link_info li;
	int found;
};

static void find_cb(const struct rtnl_link_info *li, void *priv)
{
	struct find *f = priv;

	if (!strcmp(li->name, f->name)) {
		f->li = *li;
		f->found++;
	}
}

static int dump_find(const char *name, struct rtnl_link_info *li)
{
	struct find f = { .name = name };

	RTNL_SAFE(rtnl_link_dump(find_cb, &f));
	if (li)
		*li = f.li;
	return f.found;
}

static void expect(int ret, int err, const char *what)
{
	if (ret == -err)
		tst_res(TPASS, "%s: %s", what, err ? tst_strerrno(err) : "0");
	else
		tst_res(TFAIL, "%s: %s, expected %s", what,
			ret ? tst_strerrno(-ret) : "success",
			err ? tst_strerrno(err) : "success");
}

static void test_links(void)
{
	struct rtnl_link_info li;
	struct ifreq ifr = {};
	int idx, fd, found;

	net_enter(NET_A);
	found = dump_find("net0", &li);
	if (found != 1 || strcmp(li.kind, "veth") || !(li.flags & IFF_UP) ||
	    li.mtu != 1500)
		tst_res(TFAIL, "net0 in the dump: found %d kind '%s' flags 0x%x mtu %u",
			found, li.kind, li.flags, li.mtu);
	else
		tst_res(TPASS, "link dump: net0 is a veth, UP, MTU 1500");

	idx = rtnl_ifindex("net0");
	expect(rtnl_link_set(idx, 0, 0, 1400), 0, "MTU 1400");
	fd = net_socket(NET_A, AF_INET, SOCK_DGRAM);
	strcpy(ifr.ifr_name, "net0");
	if (ioctl(fd, SIOCGIFMTU, &ifr))
		tst_brk(TBROK | TERRNO, "SIOCGIFMTU");
	TST_EXP_EQ_LI(ifr.ifr_mtu, 1400);
	dump_find("net0", &li);
	TST_EXP_EQ_LI(li.mtu, 1400);
	expect(rtnl_link_set(idx, 0, 0, 67), EINVAL, "MTU 67 (below 68)");
	expect(rtnl_link_set(idx, 0, 0, 65536), EINVAL,
	       "MTU 65536 (above the veth's maximum)");
	expect(rtnl_link_set(idx, 0, 0, 1500), 0, "MTU back to 1500");
	close(fd);

	expect(rtnl_link_add("dum0", "dummy"), 0, "new dummy link dum0");
	if (dump_find("dum0", &li) != 1 || strcmp(li.kind, "dummy"))
		tst_res(TFAIL, "dum0 not in the dump as a dummy ('%s')",
			li.kind);
	else
		tst_res(TPASS, "dum0 in the link dump, kind dummy");
	expect(rtnl_link_add("dum0", "dummy"), EEXIST, "dum0 again");
	expect(rtnl_link_add("dum1", "no-such-kind"), EOPNOTSUPP,
	       "unknown link kind");

	idx = rtnl_ifindex("dum0");
	expect(rtnl_link_netns(idx, net_nsfd[NET_B]), 0,
	       "move dum0 to the remote namespace");
	NET_EXP_EQ(dump_find("dum0", NULL), 0, "dum0 left the local namespace");
	expect(rtnl_link_get(0, "dum0", &li), ENODEV, "RTM_GETLINK dum0 here");
	net_enter(NET_B);
	NET_EXP_EQ(dump_find("dum0", NULL), 1, "dum0 in the remote namespace");
	idx = rtnl_ifindex("dum0");
	expect(rtnl_link_del(idx), 0, "delete dum0");
	NET_EXP_EQ(dump_find("dum0", NULL), 0, "dum0 gone");
	expect(rtnl_link_del(idx), ENODEV, "delete dum0 again");
	net_enter(NET_A);
}

struct afind {
	int index, family, plen, found;
	unsigned char addr[16];
	unsigned int flags;
};

static void addr_cb(const struct rtnl_addr_info *ai, void *priv)
{
	struct afind *f = priv;

	if (ai->index == f->index && ai->family == f->family &&
	    !memcmp(ai->addr, f->addr, rtnl_alen(f->family))) {
		f->found++;
		f->plen = ai->plen;
		f->flags = ai->flags;
	}
}

static void test_addrs(int family)
{
	struct afind f = { .family = family };
	const char *txt = family == AF_INET ? "192.0.2.1" : "2001:db8::1";
	int plen = family == AF_INET ? 27 : 96;

	net_enter(NET_A);
	RTNL_SAFE(rtnl_link_add("dum0", "dummy"));
	f.index = rtnl_ifindex("dum0");
	RTNL_SAFE(rtnl_link_up(f.index));
	inet_pton(family, txt, f.addr);
	expect(rtnl_addr_add(f.index, family, f.addr, plen, IFA_F_NODAD), 0,
	       txt);
	RTNL_SAFE(rtnl_addr_dump(family, addr_cb, &f));
	if (f.found != 1 || f.plen != plen)
		tst_res(TFAIL, "%s in the dump %d times, prefix %d", txt,
			f.found, f.plen);
	else
		tst_res(TPASS, "%s/%d in the address dump", txt, plen);
	if (family == AF_INET6 && !(f.flags & IFA_F_NODAD))
		tst_res(TFAIL, "%s: IFA_F_NODAD not in the dump's flags 0x%x",
			txt, f.flags);
	expect(rtnl_addr_add(f.index, family, f.addr, plen, IFA_F_NODAD),
	       EEXIST, "the same address again");
	expect(rtnl_addr_del(f.index, family, f.addr, plen), 0,
	       "delete the address");
	f.found = 0;
	RTNL_SAFE(rtnl_addr_dump(family, addr_cb, &f));
	NET_EXP_EQ(f.found, 0, "address gone from the dump");
	expect(rtnl_addr_del(f.index, family, f.addr, plen), EADDRNOTAVAIL,
	       "delete it again");
	RTNL_SAFE(rtnl_link_del(f.index));
}

static void test_routes(int family)
{
	unsigned char dst[16], host[16], gw[16], gw2[16], off[16];
	struct rtnl_route_info ri;
	int v4 = family == AF_INET, idx;

	net_enter(NET_A);
	idx = rtnl_ifindex("net0");
	inet_pton(family, v4 ? "198.51.100.0" : "2001:db8:5::", dst);
	inet_pton(family, v4 ? "198.51.100.7" : "2001:db8:5::7", host);
	inet_pton(family, v4 ? "10.99.1.2" : "fd99:1::2", gw);
	inet_pton(family, v4 ? "10.99.1.3" : "fd99:1::3", gw2);
	inet_pton(family, v4 ? "203.0.113.1" : "2001:db8:9::1", off);

	expect(rtnl_route_get(family, host, &ri), ENETUNREACH,
	       "lookup before the route exists");
	expect(rtnl_route_add(family, dst, 24 + 40 * !v4, gw, 0, 0), 0,
	       "add the route");
	expect(rtnl_route_get(family, host, &ri), 0, "lookup");
	if (!ri.has_gw || memcmp(ri.gw, gw, rtnl_alen(family)) ||
	    ri.oif != idx)
		tst_res(TFAIL, "lookup: gateway %s, oif %d (net0 is %d)",
			ri.has_gw ? "other" : "none", ri.oif, idx);
	else
		tst_res(TPASS, "lookup: through the gateway on net0");
	expect(rtnl_route_add(family, dst, 24 + 40 * !v4, gw, 0, 0), EEXIST,
	       "the same route again");
	expect(rtnl_route_msg(RTM_NEWROUTE, NLM_F_CREATE | NLM_F_REPLACE,
			      family, dst, 24 + 40 * !v4, gw2, 0, 0, NULL, 0),
	       0, "NLM_F_REPLACE with another gateway");
	rtnl_route_get(family, host, &ri);
	if (!ri.has_gw || memcmp(ri.gw, gw2, rtnl_alen(family)))
		tst_res(TFAIL, "the replaced route has the old gateway");
	else
		tst_res(TPASS, "lookup: the new gateway");
	expect(rtnl_route_add(family, host, 8 * rtnl_alen(family), off, 0, 0),
	       v4 ? ENETUNREACH : EHOSTUNREACH,
	       "a gateway with no route to it");
	expect(rtnl_route_del(family, dst, 24 + 40 * !v4, 0), 0,
	       "delete the route");
	expect(rtnl_route_get(family, host, &ri), ENETUNREACH,
	       "lookup after deletion");
	expect(rtnl_route_del(family, dst, 24 + 40 * !v4, 0), ESRCH,
	       "delete it again");
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		test_links();
		break;
	case 1:
		test_addrs(AF_INET);
		test_addrs(AF_INET6);
		break;
	case 2:
		test_routes(AF_INET);
		test_routes(AF_INET6);
		break;
	}
}

static struct tst_test test = {
	.tcnt = 3,
	.test = run,
	.setup = net_hosts_setup,
	.needs_root = 1,
	.timeout = 60,
};
