// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Policy routing and multipath routes in a private namespace, IPv4 and
 * IPv6:
 * - a route in table 100 only is not used (connect() ENETUNREACH) until
 *   a rule "to PREFIX lookup 100" exists; then a TCP connection to the
 *   remote host's extra address goes through it; a second identical
 *   rule (NLM_F_EXCL) is EEXIST; once the rule is deleted the lookup is
 *   ENETUNREACH again and a second delete is ENOENT;
 * - a route with two nexthops (RTA_MULTIPATH) is dumped with both, and
 *   lookups of 64 destinations under it spread over both gateways (the
 *   kernel hashes the addresses; all 64 on one has odds of 2^-63), each
 *   lookup naming one of the two and nothing else.
 */
#include "tst_test.h"
#include "net_hosts.h"

struct mp_find {
	int family, plen, nnh;
	unsigned char dst[16];
};

static void mp_cb(const struct rtnl_route_info *ri, void *priv)
{
	struct mp_find *f = priv;

	if (ri->family == f->family && ri->plen == f->plen &&
	    !memcmp(ri->dst, f->dst, rtnl_alen(f->family)) && ri->nnh)
		f->nnh = ri->nnh;
}

static void policy(int family)
{
	int v4 = family == AF_INET, ret, fd, err, idx;
	unsigned char pfx[16], gw[16];
	struct sockaddr_storage extra, lss;
	struct rtnl_route_info ri;
	int plen = v4 ? 24 : 64, lfd;

	inet_pton(family, v4 ? "10.99.7.0" : "fd99:7::", pfx);
	inet_pton(family, v4 ? "10.99.1.2" : "fd99:1::2", gw);
	/* the remote host's extra address, on its lo */
	net_enter(NET_B);
	net_addr(NET_B, family, 0, &extra);
	memcpy(net_rawaddr(&extra), pfx, rtnl_alen(family));
	((unsigned char *)net_rawaddr(&extra))[v4 ? 3 : 15] = 9;
	RTNL_SAFE(rtnl_addr_add(rtnl_ifindex("lo"), family,
				net_rawaddr(&extra), v4 ? 32 : 128,
				IFA_F_NODAD));
	lfd = net_socket(NET_B, family, SOCK_STREAM);
	if (bind(lfd, (struct sockaddr *)&extra, sizeof(extra)) ||
	    listen(lfd, 4))
		tst_brk(TBROK | TERRNO, "bind()/listen() on the extra address");
	{
		socklen_t len = sizeof(lss);

		getsockname(lfd, (struct sockaddr *)&lss, &len);
	}

	net_enter(NET_A);
	idx = rtnl_ifindex("net0");
	RTNL_SAFE(rtnl_route_add(family, pfx, plen, gw, idx, 100));
	ret = rtnl_route_get(family, net_rawaddr(&lss), &ri);
	if (ret != -ENETUNREACH)
		tst_res(TFAIL, "lookup with the route in table 100 only: %s",
			ret ? tst_strerrno(-ret) : "found");
	fd = net_socket(NET_A, family, SOCK_STREAM);
	err = net_connect_fd(fd, &lss);
	if (err == ENETUNREACH)
		tst_res(TPASS, "no rule: connect() ENETUNREACH");
	else
		tst_res(TFAIL, "no rule: connect() %s, expected ENETUNREACH",
			err ? tst_strerrno(err) : "succeeded");
	close(fd);

	ret = rtnl_rule_msg(RTM_NEWRULE, family, pfx, plen, 100, 1000);
	if (ret)
		tst_brk(TBROK, "new rule: %s", tst_strerrno(-ret));
	ret = rtnl_rule_msg(RTM_NEWRULE, family, pfx, plen, 100, 1000);
	if (ret == -EEXIST)
		tst_res(TPASS, "the same rule again: EEXIST");
	else
		tst_res(TFAIL, "the same rule again: %s, expected EEXIST",
			ret ? tst_strerrno(-ret) : "success");
	ret = rtnl_route_get(family, net_rawaddr(&lss), &ri);
	if (ret || ri.table != 100 || !ri.has_gw ||
	    memcmp(ri.gw, gw, rtnl_alen(family)))
		tst_res(TFAIL, "lookup with the rule: %s, table %d",
			ret ? tst_strerrno(-ret) : "found", ri.table);
	else
		tst_res(TPASS, "lookup with the rule: table 100, its gateway");
	fd = net_socket(NET_A, family, SOCK_STREAM);
	err = net_connect_fd(fd, &lss);
	if (!err) {
		int sfd = net_accept(lfd);

		tst_res(TPASS, "with the rule: connected through table 100");
		close(sfd);
	} else {
		tst_res(TFAIL, "with the rule: connect() %s", tst_strerrno(err));
	}
	close(fd);

	ret = rtnl_rule_msg(RTM_DELRULE, family, pfx, plen, 100, 1000);
	if (ret)
		tst_res(TFAIL, "delete the rule: %s", tst_strerrno(-ret));
	ret = rtnl_route_get(family, net_rawaddr(&lss), &ri);
	if (ret == -ENETUNREACH)
		tst_res(TPASS, "rule deleted: lookup ENETUNREACH again");
	else
		tst_res(TFAIL, "rule deleted: lookup %s",
			ret ? tst_strerrno(-ret) : "found a route");
	ret = rtnl_rule_msg(RTM_DELRULE, family, pfx, plen, 100, 1000);
	if (ret == -ENOENT)
		tst_res(TPASS, "second delete of the rule: ENOENT");
	else
		tst_res(TFAIL, "second delete of the rule: %s, expected ENOENT",
			ret ? tst_strerrno(-ret) : "success");
	RTNL_SAFE(rtnl_route_del(family, pfx, plen, 100));
	close(lfd);
	net_enter(NET_B);
	RTNL_SAFE(rtnl_addr_del(rtnl_ifindex("lo"), family,
				net_rawaddr(&extra), v4 ? 32 : 128));
	net_enter(NET_A);
}

static void multipath(int family)
{
	int v4 = family == AF_INET, idx, i, hits[2] = { 0, 0 }, other = 0;
	unsigned char pfx[16], dst[16], gw[2][16];
	struct rtnl_nexthop nh[2];
	struct rtnl_route_info ri;
	struct mp_find f = { .family = family };
	int plen = v4 ? 16 : 48;

	net_enter(NET_A);
	idx = rtnl_ifindex("net0");
	inet_pton(family, v4 ? "198.18.0.0" : "2001:db8:18::", pfx);
	inet_pton(family, v4 ? "10.99.1.2" : "fd99:1::2", gw[0]);
	inet_pton(family, v4 ? "10.99.1.3" : "fd99:1::3", gw[1]);
	for (i = 0; i < 2; i++) {
		nh[i].oif = idx;
		nh[i].gw = gw[i];
		nh[i].weight = 1;
	}
	RTNL_SAFE(rtnl_route_msg(RTM_NEWROUTE, NLM_F_CREATE | NLM_F_EXCL,
				 family, pfx, plen, NULL, 0, 0, nh, 2));
	f.plen = plen;
	memcpy(f.dst, pfx, 16);
	RTNL_SAFE(rtnl_route_dump(family, mp_cb, &f));
	NET_EXP_EQ(f.nnh, 2, "nexthops of the multipath route in the dump");

	for (i = 0; i < 64; i++) {
		memcpy(dst, pfx, 16);
		if (v4) {
			dst[2] = i;
			dst[3] = 7 * i + 1;
		} else {
			dst[6] = i;
			dst[15] = 7 * i + 1;
		}
		RTNL_SAFE(rtnl_route_get(family, dst, &ri));
		if (ri.has_gw && !memcmp(ri.gw, gw[0], rtnl_alen(family)))
			hits[0]++;
		else if (ri.has_gw && !memcmp(ri.gw, gw[1], rtnl_alen(family)))
			hits[1]++;
		else
			other++;
	}
	tst_res(TINFO, "64 lookups: %d to the first gateway, %d to the second",
		hits[0], hits[1]);
	NET_EXP_EQ(other, 0, "lookups naming neither gateway");
	if (hits[0] && hits[1])
		tst_res(TPASS, "multipath: both nexthops are used");
	else
		tst_res(TFAIL, "multipath: one nexthop got all 64");
	RTNL_SAFE(rtnl_route_del(family, pfx, plen, 0));
}

static void run(unsigned int n)
{
	int family = n ? AF_INET6 : AF_INET;

	tst_res(TINFO, "%s", n ? "IPv6" : "IPv4");
	policy(family);
	multipath(family);
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = net_hosts_setup,
	.needs_root = 1,
	.timeout = 60,
};
