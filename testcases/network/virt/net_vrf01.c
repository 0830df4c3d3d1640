// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * VRF (vrf driver) on the local host of net_hosts.h, IPv4 and IPv6:
 * - a vrf link without IFLA_VRF_TABLE, or with table 0, is EINVAL;
 * - vrf0 with table 1000 reads back IFLA_VRF_TABLE 1000; net0 enslaved
 *   to it has vrf0 as master, slave kind "vrf" and IFLA_VRF_PORT_TABLE
 *   1000; its prefix routes (10.99.1.0/24, fd99:1::/64) are in table
 *   1000 and no longer in main;
 * - a socket bound to no device cannot reach the remote host
 *   (connect() and sendto() ENETUNREACH); one bound to vrf0
 *   (SO_BINDTODEVICE) connects and carries data both ways;
 * - net.ipv4.tcp_l3mdev_accept (the test's namespace): 0, a listener
 *   bound to no device is not found for a connection arriving through
 *   the VRF (ECONNREFUSED at the remote client), one bound to vrf0 is;
 *   1, the unbound listener accepts it;
 * - enslaving lo is EOPNOTSUPP, enslaving a VRF to a VRF EINVAL;
 * - deleting vrf0 releases net0 (no master, still up), its prefix
 *   routes return to main and unbound sockets reach the remote host.
 */
#include <linux/if_link.h>
#include "tst_test.h"
#include "net_hosts.h"

#define TABLE 1000
#define LPORT 41000

static int vrf_add(const char *name, int with_table, uint32_t table)
{
	static struct rtnl_msg m;

	rtnl_newlink_begin(&m, name, "vrf", 0);
	rtnl_nest(&m, IFLA_INFO_DATA);
	if (with_table)
		rtnl_put_u32(&m, IFLA_VRF_TABLE, table);
	return rtnl_newlink_end(&m);
}

struct vinfo {
	int master;
	unsigned int flags;
	char slave_kind[16];
	long long table, port_table;
};

static void vinfo_cb(struct nlmsghdr *nh, void *priv)
{
	struct ifinfomsg *ifi = NLMSG_DATA(nh);
	struct vinfo *v = priv;
	struct rtattr *li, *rta, *data;

	if (nh->nlmsg_type != RTM_NEWLINK)
		return;
	v->flags = ifi->ifi_flags;
	rta = rtnl_attr(nh, sizeof(*ifi), IFLA_MASTER);
	if (rta)
		v->master = *(int *)RTA_DATA(rta);
	li = rtnl_attr(nh, sizeof(*ifi), IFLA_LINKINFO);
	if (!li)
		return;
	data = rtnl_nested(li, IFLA_INFO_DATA);
	if (data && (rta = rtnl_nested(data, IFLA_VRF_TABLE)))
		v->table = *(uint32_t *)RTA_DATA(rta);
	rta = rtnl_nested(li, IFLA_INFO_SLAVE_KIND);
	if (rta)
		strncpy(v->slave_kind, RTA_DATA(rta), sizeof(v->slave_kind) - 1);
	data = rtnl_nested(li, IFLA_INFO_SLAVE_DATA);
	if (data && (rta = rtnl_nested(data, IFLA_VRF_PORT_TABLE)))
		v->port_table = *(uint32_t *)RTA_DATA(rta);
}

static void vinfo_get(const char *name, struct vinfo *v)
{
	static struct rtnl_msg m;

	memset(v, 0, sizeof(*v));
	v->table = v->port_table = -1;
	rtnl_link_msg(&m, RTM_GETLINK, 0, 0, name);
	RTNL_SAFE(rtnl_talk_cb(&m, vinfo_cb, v));
}

struct rfind {
	int family, plen;
	unsigned char dst[16];
	int in_main, in_table, oif;
};

static void rfind_cb(const struct rtnl_route_info *ri, void *priv)
{
	struct rfind *f = priv;

	if (ri->family != f->family || ri->plen != f->plen ||
	    memcmp(ri->dst, f->dst, rtnl_alen(f->family)))
		return;
	if (ri->table == RT_TABLE_MAIN)
		f->in_main++;
	if (ri->table == TABLE) {
		f->in_table++;
		f->oif = ri->oif;
	}
}

/* Where the prefix route of net0's subnet is. */
static void prefix_route(int family, struct rfind *f)
{
	memset(f, 0, sizeof(*f));
	f->family = family;
	f->plen = family == AF_INET ? 24 : 64;
	inet_pton(family, family == AF_INET ? "10.99.1.0" : "fd99:1::",
		  f->dst);
	net_enter(NET_A);
	RTNL_SAFE(rtnl_route_dump(family, rfind_cb, f));
}

/* The IPv6 address goes when the VRF cycles net0 down: put it back. */
static void readd_v6(void)
{
	struct in6_addr a;
	int ret;

	net_enter(NET_A);
	inet_pton(AF_INET6, "fd99:1::1", &a);
	ret = rtnl_addr_add(rtnl_ifindex("net0"), AF_INET6, &a, 64,
			    IFA_F_NODAD);
	if (ret && ret != -EEXIST)
		RTNL_SAFE(ret);
}

static int connect_from(int fd, int family)
{
	struct sockaddr_storage ss;

	net_addr(NET_B, family, LPORT, &ss);
	return net_connect_fd(fd, &ss);
}

static void bind_dev(int fd, const char *dev)
{
	if (setsockopt(fd, SOL_SOCKET, SO_BINDTODEVICE, dev, strlen(dev) + 1))
		tst_brk(TBROK | TERRNO, "SO_BINDTODEVICE(%s)", dev);
}

/*
 * Host h's listener on LPORT of family, bound to dev (or none); on the
 * local host on the wildcard address.
 */
static int listen_on(int h, int family, const char *dev)
{
	struct sockaddr_storage ss;
	socklen_t len = net_addr(h, family, LPORT, &ss);
	int fd = net_socket(h, family, SOCK_STREAM), one = 1;

	/* a local address in the VRF is no address for an unbound socket */
	if (h == NET_A)
		memset(net_rawaddr(&ss), 0, family == AF_INET ? 4 : 16);
	if (family == AF_INET6)
		setsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, &one, sizeof(one));
	setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	if (dev)
		bind_dev(fd, dev);
	if (bind(fd, (struct sockaddr *)&ss, len) || listen(fd, 8))
		tst_brk(TBROK | TERRNO, "bind()/listen() in %s",
			net_hname[h]);
	return fd;
}

static void unbound_unreachable(int family, const char *fam)
{
	struct sockaddr_storage ss;
	socklen_t len = net_addr(NET_B, family, LPORT, &ss);
	int fd = net_socket(NET_A, family, SOCK_DGRAM);

	TST_EXP_FAIL(sendto(fd, "x", 1, 0, (struct sockaddr *)&ss, len),
		     ENETUNREACH, "%s: sendto() from an unbound socket", fam);
	close(fd);
	fd = net_socket(NET_A, family, SOCK_STREAM);
	NET_EXP_EQ(connect_from(fd, family), ENETUNREACH,
		   "connect() of an unbound TCP socket (errno)");
	close(fd);
}

static void through_vrf(int family, const char *fam)
{
	int l = listen_on(NET_B, family, NULL), c, s;
	char buf[2];

	c = net_socket(NET_A, family, SOCK_STREAM);
	bind_dev(c, "vrf0");
	if (connect_from(c, family)) {
		tst_res(TFAIL, "%s: connect() bound to vrf0 failed", fam);
	} else {
		s = net_accept(l);
		if (!net_write_all(c, "ab", 2) && net_read_all(s, buf, 2) == 2 &&
		    !memcmp(buf, "ab", 2) && !net_write_all(s, "cd", 2) &&
		    net_read_all(c, buf, 2) == 2 && !memcmp(buf, "cd", 2))
			tst_res(TPASS, "%s: socket bound to vrf0 connects, data both ways",
				fam);
		else
			tst_res(TFAIL, "%s: no data through the VRF", fam);
		close(s);
	}
	close(c);
	close(l);
}

/* From the remote host to host A's listener: 0 or the errno. */
static int connect_in(int family, int l, const char *fam, const char *what)
{
	struct sockaddr_storage la;
	int c = net_socket(NET_B, family, SOCK_STREAM), err, s;

	net_addr(NET_A, family, LPORT, &la);
	err = net_connect_fd(c, &la);
	if (!err) {
		s = net_accept(l);
		if (net_write_all(c, "e", 1) || net_read_all(s, &la, 1) != 1)
			tst_res(TFAIL, "%s: %s: no data", fam, what);
		close(s);
	}
	close(c);
	return err;
}

static void l3mdev_accept(int family, const char *fam)
{
	int l;

	net_sysctl(NET_A, "net/ipv4/tcp_l3mdev_accept", "0");
	l = listen_on(NET_A, family, NULL);
	NET_EXP_EQ(connect_in(family, l, fam, "unbound listener"),
		   ECONNREFUSED,
		   "tcp_l3mdev_accept 0: connect() to an unbound listener behind the VRF (errno)");
	close(l);
	l = listen_on(NET_A, family, "vrf0");
	NET_EXP_EQ(connect_in(family, l, fam, "listener on vrf0"), 0,
		   "tcp_l3mdev_accept 0: connect() to a listener bound to vrf0 (errno)");
	close(l);
	net_sysctl(NET_A, "net/ipv4/tcp_l3mdev_accept", "1");
	l = listen_on(NET_A, family, NULL);
	NET_EXP_EQ(connect_in(family, l, fam, "unbound listener"), 0,
		   "tcp_l3mdev_accept 1: connect() to an unbound listener behind the VRF (errno)");
	close(l);
	net_sysctl(NET_A, "net/ipv4/tcp_l3mdev_accept", "0");
}

static void run(void)
{
	int fams[] = { AF_INET, AF_INET6 }, i, vidx, idx;
	struct rfind f;
	struct vinfo v;

	net_enter(NET_A);
	TST_EXP_EQ_LI(vrf_add("vrf0", 0, 0), -EINVAL);
	TST_EXP_EQ_LI(vrf_add("vrf0", 1, 0), -EINVAL);
	RTNL_SAFE(vrf_add("vrf0", 1, TABLE));
	vidx = rtnl_ifindex("vrf0");
	idx = rtnl_ifindex("net0");
	RTNL_SAFE(rtnl_link_up(vidx));
	vinfo_get("vrf0", &v);
	NET_EXP_EQ(v.table, TABLE, "vrf0's IFLA_VRF_TABLE");
	RTNL_SAFE(rtnl_link_master(idx, vidx));
	readd_v6();
	vinfo_get("net0", &v);
	if (v.master == vidx && !strcmp(v.slave_kind, "vrf") &&
	    v.port_table == TABLE && (v.flags & IFF_UP))
		tst_res(TPASS, "net0: master vrf0, slave kind vrf, port table %d, up",
			TABLE);
	else
		tst_res(TFAIL, "net0: master %d (vrf0 %d), slave kind '%s', port table %lld, flags 0x%x",
			v.master, vidx, v.slave_kind, v.port_table, v.flags);

	for (i = 0; i < 2; i++) {
		const char *fam = fams[i] == AF_INET ? "IPv4" : "IPv6";

		prefix_route(fams[i], &f);
		if (f.in_table == 1 && !f.in_main && f.oif == idx)
			tst_res(TPASS, "%s: prefix route in table %d only, via net0",
				fam, TABLE);
		else
			tst_res(TFAIL, "%s: prefix route %d times in table %d (oif %d), %d in main",
				fam, f.in_table, TABLE, f.oif, f.in_main);
		unbound_unreachable(fams[i], fam);
		through_vrf(fams[i], fam);
		l3mdev_accept(fams[i], fam);
	}

	net_enter(NET_A);
	TST_EXP_EQ_LI(rtnl_link_master(rtnl_ifindex("lo"), vidx), -EOPNOTSUPP);
	RTNL_SAFE(vrf_add("vrf1", 1, TABLE + 1));
	TST_EXP_EQ_LI(rtnl_link_master(rtnl_ifindex("vrf1"), vidx), -EINVAL);
	RTNL_SAFE(rtnl_link_del(rtnl_ifindex("vrf1")));

	RTNL_SAFE(rtnl_link_del(vidx));
	readd_v6();
	vinfo_get("net0", &v);
	if (!v.master && (v.flags & IFF_UP) && !v.slave_kind[0])
		tst_res(TPASS, "deleting vrf0 released net0 (no master, up)");
	else
		tst_res(TFAIL, "after deleting vrf0: net0 master %d, flags 0x%x, slave kind '%s'",
			v.master, v.flags, v.slave_kind);
	for (i = 0; i < 2; i++) {
		const char *fam = fams[i] == AF_INET ? "IPv4" : "IPv6";
		int c, l;

		prefix_route(fams[i], &f);
		if (f.in_main == 1 && !f.in_table)
			tst_res(TPASS, "%s: prefix route back in main", fam);
		else
			tst_res(TFAIL, "%s: prefix route %d times in main, %d in table %d",
				fam, f.in_main, f.in_table, TABLE);
		l = listen_on(NET_B, fams[i], NULL);
		c = net_socket(NET_A, fams[i], SOCK_STREAM);
		NET_EXP_EQ(connect_from(c, fams[i]), 0,
			   "connect() of an unbound socket without the VRF (errno)");
		close(c);
		close(l);
	}
}

static void setup(void)
{
	int ret;

	net_hosts_setup();
	ret = vrf_add("vrfprobe", 1, TABLE);
	if (ret == -EOPNOTSUPP)
		tst_brk(TCONF, "no vrf link kind (vrf module missing)");
	RTNL_SAFE(ret);
	RTNL_SAFE(rtnl_link_del(rtnl_ifindex("vrfprobe")));
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.timeout = 60,
};
