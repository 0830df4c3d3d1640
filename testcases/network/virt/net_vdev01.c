// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Virtual devices over the veth link between two namespaces. For each of
 * vlan (id 10), macvlan (bridge mode), ipvlan (L2), vxlan (VNI 42, UDP
 * 4789), geneve (VNI 43, UDP 6081) and gre, made on both sides (for
 * macvlan and ipvlan: on the remote side, the local host reaching it over
 * net0) with an IPv4 address of their own:
 * - the device is dumped with its kind, and comes up;
 * - a datagram each way over the device's addresses arrives intact, with
 *   the sender's device address as its source;
 * - the device's packet counters count it (tx on the sender's device,
 *   rx on the receiver's);
 * - the link-layer address the local host resolved is the macvlan's own
 *   MAC (not net0's), the ipvlan's is net0's;
 * - deleting the device removes it (RTM_GETLINK ENODEV), and for vxlan
 *   and geneve frees their UDP port (a bind to it succeeds).
 * A kind whose module is missing is TCONF for that kind only.
 */
#include "lapi/if_tunnel.h"
#include "tst_test.h"
#include "net_hosts.h"

#ifndef MACVLAN_MODE_BRIDGE
# define MACVLAN_MODE_BRIDGE 4
#endif

enum { VLAN, MACVLAN, IPVLAN, VXLAN, GENEVE, GRE, NKINDS };

static const char *const kinds[] = {
	"vlan", "macvlan", "ipvlan", "vxlan", "geneve", "gre"
};

static uint32_t under(int h)
{
	struct sockaddr_storage ss;

	net_addr(h, AF_INET, 0, &ss);
	return ((struct sockaddr_in *)&ss)->sin_addr.s_addr;
}

/* Make the device of kind k in host h (the current one): 0 or -errno. */
static int make(int k, int h)
{
	static struct rtnl_msg m;
	int link = rtnl_ifindex("net0");
	uint32_t local = under(h), remote = under(!h);

	rtnl_newlink_begin(&m, "vd0", kinds[k],
			   k <= IPVLAN ? link : 0);
	rtnl_nest(&m, IFLA_INFO_DATA);
	switch (k) {
	case VLAN:
		rtnl_put_u16(&m, IFLA_VLAN_ID, 10);
		break;
	case MACVLAN:
		rtnl_put_u32(&m, IFLA_MACVLAN_MODE, MACVLAN_MODE_BRIDGE);
		break;
	case IPVLAN:
		rtnl_put_u16(&m, IFLA_IPVLAN_MODE, 0 /* IPVLAN_MODE_L2 */);
		break;
	case VXLAN:
		rtnl_put_u32(&m, IFLA_VXLAN_ID, 42);
		rtnl_put(&m, IFLA_VXLAN_GROUP, &remote, 4);
		rtnl_put(&m, IFLA_VXLAN_LOCAL, &local, 4);
		rtnl_put_u32(&m, IFLA_VXLAN_LINK, link);
		rtnl_put_u16(&m, IFLA_VXLAN_PORT, htons(4789));
		break;
	case GENEVE:
		rtnl_put_u32(&m, IFLA_GENEVE_ID, 43);
		rtnl_put(&m, IFLA_GENEVE_REMOTE, &remote, 4);
		break;
	case GRE:
		rtnl_put(&m, LAPI_IFLA_GRE_LOCAL, &local, 4);
		rtnl_put(&m, LAPI_IFLA_GRE_REMOTE, &remote, 4);
		break;
	}
	return rtnl_newlink_end(&m);
}

static void overlay(int k, int h, struct sockaddr_in *sin)
{
	memset(sin, 0, sizeof(*sin));
	sin->sin_family = AF_INET;
	sin->sin_addr.s_addr = htonl(0x0a640000 | (k + 1) << 8 | (h + 1));
}

/* Set up the overlay address of host h on dev; up. */
static void addr_up(const char *dev, int k, int h)
{
	struct sockaddr_in sin;
	int idx = rtnl_ifindex(dev);

	overlay(k, h, &sin);
	RTNL_SAFE(rtnl_addr_add(idx, AF_INET, &sin.sin_addr, 24, 0));
	RTNL_SAFE(rtnl_link_up(idx));
}

static int udp_on(int h, int k, struct sockaddr_in *sin)
{
	int fd = net_socket(h, AF_INET, SOCK_DGRAM);
	socklen_t len = sizeof(*sin);

	overlay(k, h, sin);
	if (bind(fd, (struct sockaddr *)sin, sizeof(*sin)) ||
	    getsockname(fd, (struct sockaddr *)sin, &len))
		tst_brk(TBROK | TERRNO, "bind() on the %s address", kinds[k]);
	return fd;
}

/* One datagram from -> to; 1 when it arrived intact from the right source. */
static int one_way(int from, int to, struct sockaddr_in *fa,
		   struct sockaddr_in *ta, const char *msg)
{
	struct sockaddr_in src;
	socklen_t len = sizeof(src);
	char buf[64];
	ssize_t n;

	if (sendto(from, msg, strlen(msg), 0, (struct sockaddr *)ta,
		   sizeof(*ta)) != (ssize_t)strlen(msg))
		tst_brk(TBROK | TERRNO, "sendto()");
	if (!net_poll(to, POLLIN, 10000))
		return 0;
	n = recvfrom(to, buf, sizeof(buf), MSG_DONTWAIT,
		     (struct sockaddr *)&src, &len);
	return n == (ssize_t)strlen(msg) && !memcmp(buf, msg, n) &&
	       src.sin_addr.s_addr == fa->sin_addr.s_addr &&
	       src.sin_port == fa->sin_port;
}

static void check_gone(int h, int k, const char *dev)
{
	struct rtnl_link_info li;
	int ret;

	net_enter(h);
	ret = rtnl_link_get(0, dev, &li);
	if (ret != -ENODEV)
		tst_res(TFAIL, "%s: after deletion RTM_GETLINK %s", kinds[k],
			ret ? tst_strerrno(-ret) : "found it");
	if (k == VXLAN || k == GENEVE) {
		struct sockaddr_in sin = {
			.sin_family = AF_INET,
			.sin_port = htons(k == VXLAN ? 4789 : 6081),
		};
		int fd = net_socket(h, AF_INET, SOCK_DGRAM);

		if (bind(fd, (struct sockaddr *)&sin, sizeof(sin)))
			tst_res(TFAIL | TERRNO, "%s: UDP port %u still taken",
				kinds[k], ntohs(sin.sin_port));
		close(fd);
	}
}

static void run(unsigned int k)
{
	/* macvlan and ipvlan: only the remote side has one */
	int both = k != MACVLAN && k != IPVLAN, h, ok;
	struct sockaddr_in aa, ba;
	struct rtnl_link_info li[2], l2[2];
	int fa, fb, ret;

	for (h = both ? NET_A : NET_B; h <= NET_B; h++) {
		net_enter(h);
		ret = make(k, h);
		if (ret == -EOPNOTSUPP) {
			tst_res(TCONF, "%s: no such link kind (module missing)",
				kinds[k]);
			if (h == NET_B && both) {
				net_enter(NET_A);
				rtnl_link_del(rtnl_ifindex("vd0"));
			}
			return;
		}
		if (ret)
			tst_brk(TBROK, "new %s link: %s", kinds[k],
				tst_strerrno(-ret));
		addr_up("vd0", k, h);
		RTNL_SAFE(rtnl_link_get(0, "vd0", &li[h]));
		if (strcmp(li[h].kind, kinds[k]) || !(li[h].flags & IFF_UP))
			tst_res(TFAIL, "%s: dumped as '%s' flags 0x%x",
				kinds[k], li[h].kind, li[h].flags);
	}
	if (!both) {
		net_enter(NET_A);
		addr_up("net0", k, NET_A);
	}

	fa = udp_on(NET_A, k, &aa);
	fb = udp_on(NET_B, k, &ba);
	ok = one_way(fa, fb, &aa, &ba, "to the remote host");
	ok &= one_way(fb, fa, &ba, &aa, "back to the local host");
	if (ok)
		tst_res(TPASS, "%s: a datagram each way, intact, right sources",
			kinds[k]);
	else
		tst_res(TFAIL, "%s: datagrams lost or wrong", kinds[k]);
	close(fa);
	close(fb);

	net_enter(NET_B);
	RTNL_SAFE(rtnl_link_get(0, "vd0", &l2[NET_B]));
	if (l2[NET_B].stats.rx_packets < li[NET_B].stats.rx_packets + 1 ||
	    l2[NET_B].stats.tx_packets < li[NET_B].stats.tx_packets + 1)
		tst_res(TFAIL, "%s: remote device counted rx %llu tx %llu",
			kinds[k], (unsigned long long)l2[NET_B].stats.rx_packets,
			(unsigned long long)l2[NET_B].stats.tx_packets);
	else
		tst_res(TPASS, "%s: the remote device counted the traffic",
			kinds[k]);

	if (!both) {
		struct rtnl_neigh_info ni;
		struct sockaddr_in b;
		struct rtnl_link_info net0b;

		RTNL_SAFE(rtnl_link_get(0, "net0", &net0b));
		net_enter(NET_A);
		overlay(k, NET_B, &b);
		RTNL_SAFE(rtnl_neigh_find(rtnl_ifindex("net0"), AF_INET,
					  &b.sin_addr, &ni));
		if (!ni.found || !ni.has_lladdr)
			tst_res(TFAIL, "%s: no neighbour entry", kinds[k]);
		else if (memcmp(ni.lladdr, k == MACVLAN ? l2[NET_B].addr :
				net0b.addr, 6))
			tst_res(TFAIL, "%s: resolved to the wrong MAC", kinds[k]);
		else
			tst_res(TPASS, "%s: resolved to %s MAC", kinds[k],
				k == MACVLAN ? "the macvlan's own" :
				"the lower device's");
		if (k == MACVLAN && !memcmp(l2[NET_B].addr, net0b.addr, 6))
			tst_res(TFAIL, "macvlan has its lower device's MAC");
		{
			struct sockaddr_in a;

			overlay(k, NET_A, &a);
			RTNL_SAFE(rtnl_addr_del(rtnl_ifindex("net0"), AF_INET,
						&a.sin_addr, 24));
		}
	}

	for (h = both ? NET_A : NET_B; h <= NET_B; h++) {
		net_enter(h);
		RTNL_SAFE(rtnl_link_del(rtnl_ifindex("vd0")));
		check_gone(h, k, "vd0");
	}
	tst_res(TPASS, "%s: deleted", kinds[k]);
	net_enter(NET_A);
}

static void setup(void)
{
	net_hosts_setup();
	/*
	 * ARP replies only from the device that has the address: else the
	 * remote net0 answers for the macvlan's address with its own MAC.
	 */
	net_sysctl(NET_B, "net/ipv4/conf/all/arp_ignore", "1");
	net_enter(NET_A);
}

static struct tst_test test = {
	.tcnt = NKINDS,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.timeout = 90,
};
