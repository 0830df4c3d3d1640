/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The multicast side of the bridge tests (br0 in NET_R of net_hosts.h):
 * bridge options (IFLA_BR_*) and the MDB dump (RTM_GETMDB) looked up for
 * one group on one port, IPv4 (ETH_P_IP) or IPv6 (ETH_P_IPV6).
 */
#ifndef NET_MDB_H
#define NET_MDB_H

#include <linux/if_bridge.h>
#include <linux/if_ether.h>
#include "net_hosts.h"

#ifndef AF_BRIDGE
# define AF_BRIDGE PF_BRIDGE
#endif

/* A bridge option (IFLA_BR_*, len 1, 4 or 8 bytes) of bridge br in NET_R. */
static inline int net_br_set(int br, int type, int len, uint64_t val)
{
	static struct rtnl_msg m;

	net_enter(NET_R);
	rtnl_link_msg(&m, RTM_NEWLINK, 0, br, NULL);
	rtnl_nest(&m, IFLA_LINKINFO);
	rtnl_put_str(&m, IFLA_INFO_KIND, "bridge");
	rtnl_nest(&m, IFLA_INFO_DATA);
	if (len == 1)
		rtnl_put_u8(&m, type, val);
	else if (len == 4)
		rtnl_put_u32(&m, type, val);
	else
		rtnl_put(&m, type, &val, 8);
	return rtnl_newlink_end(&m);
}

struct net_mdb_q {
	uint16_t proto;
	const void *group;
	int port, state, found;
};

static inline void net_mdb_cb(struct nlmsghdr *nh, void *priv)
{
	struct net_mdb_q *q = priv;
	struct rtattr *mdb, *ent, *info;
	size_t alen = q->proto == htons(ETH_P_IP) ? 4 : 16;
	int l1, l2;

	if (nh->nlmsg_type != RTM_GETMDB && nh->nlmsg_type != RTM_NEWMDB)
		return;
	mdb = rtnl_attr(nh, sizeof(struct br_port_msg), MDBA_MDB);
	if (!mdb)
		return;
	l1 = RTA_PAYLOAD(mdb);
	for (ent = RTA_DATA(mdb); RTA_OK(ent, l1); ent = RTA_NEXT(ent, l1)) {
		if (ent->rta_type != MDBA_MDB_ENTRY)
			continue;
		l2 = RTA_PAYLOAD(ent);
		for (info = RTA_DATA(ent); RTA_OK(info, l2);
		     info = RTA_NEXT(info, l2)) {
			struct br_mdb_entry *e = RTA_DATA(info);

			if (info->rta_type != MDBA_MDB_ENTRY_INFO ||
			    RTA_PAYLOAD(info) < sizeof(*e) ||
			    e->addr.proto != q->proto ||
			    memcmp(&e->addr.u, q->group, alen) ||
			    (int)e->ifindex != q->port)
				continue;
			q->found++;
			q->state = e->state;
		}
	}
}

/*
 * The entry of group (struct in_addr or in6_addr by proto, ETH_P_IP or
 * ETH_P_IPV6) on port in NET_R's MDB: -1 none, else its state (TFAIL
 * when it is dumped more than once).
 */
static inline int net_mdb_find(int proto, const void *group, int port)
{
	static struct rtnl_msg m;
	struct br_port_msg bpm = { .family = AF_BRIDGE };
	struct net_mdb_q q = {
		.proto = htons(proto), .group = group, .port = port,
	};

	net_enter(NET_R);
	rtnl_msg_init(&m, RTM_GETMDB, NLM_F_DUMP, &bpm, sizeof(bpm));
	RTNL_SAFE(rtnl_talk_cb(&m, net_mdb_cb, &q));
	if (q.found > 1)
		tst_res(TFAIL, "a group on port %d dumped %d times", port,
			q.found);
	return q.found ? q.state : -1;
}

/* Wait (bounded by ms, unscaled) until net_mdb_find() is want. */
static inline int net_mdb_wait(int proto, const void *group, int port,
			       int want, int ms)
{
	long long end = tst_mono_ms() + ms;
	int s;

	while ((s = net_mdb_find(proto, group, port)) != want &&
	       tst_mono_ms() < end)
		usleep(10000);
	return s;
}

/*
 * Where the datagrams sent to a group went: frames captured out of pc and
 * at the remote, and datagrams delivered at the remote.
 */
struct mc_seen {
	int c, b, rx;
};

static inline void mc_expect(const char *what, const struct mc_seen *s,
			     int c, int b, int rx)
{
	char buf[128];

	snprintf(buf, sizeof(buf), "%s: frames out of pc", what);
	NET_EXP_EQ(s->c, c, buf);
	snprintf(buf, sizeof(buf), "%s: frames at the remote", what);
	NET_EXP_EQ(s->b, b, buf);
	snprintf(buf, sizeof(buf), "%s: datagrams delivered at the remote",
		 what);
	NET_EXP_EQ(s->rx, rx, buf);
}

#endif /* NET_MDB_H */
