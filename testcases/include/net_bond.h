/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Bonding helpers of net_bond01 and net_bond02: bond0 over rtnetlink
 * (IFLA_BOND_* in IFLA_INFO_DATA), a bond's or slave's state read back
 * (active slave, slave state, MII status, link failure count), a bounded
 * wait for the active slave to change, woken by link notifications, and
 * /proc/net/bonding/bond0 of the local host.
 */
#ifndef NET_BOND_H
#define NET_BOND_H

#include <stdio.h>
#include "net_hosts.h"
/* after <net/if.h> (net_hosts.h), which <linux/if.h> then defers to */
#include <linux/if_bonding.h>

/* bond0 in the current namespace */
static inline int bond_add(int mode)
{
	static struct rtnl_msg m;

	rtnl_newlink_begin(&m, "bond0", "bond", 0);
	rtnl_nest(&m, IFLA_INFO_DATA);
	rtnl_put_u8(&m, IFLA_BOND_MODE, mode);
	rtnl_put_u32(&m, IFLA_BOND_MIIMON, 10);
	return rtnl_newlink_end(&m);
}

struct binfo {
	int master, active, state, mii, mode;
	long long fail;
};

static inline void binfo_cb(struct nlmsghdr *nh, void *priv)
{
	struct ifinfomsg *ifi = NLMSG_DATA(nh);
	struct binfo *b = priv;
	struct rtattr *li, *rta, *data;

	if (nh->nlmsg_type != RTM_NEWLINK)
		return;
	rta = rtnl_attr(nh, sizeof(*ifi), IFLA_MASTER);
	if (rta)
		b->master = *(int *)RTA_DATA(rta);
	li = rtnl_attr(nh, sizeof(*ifi), IFLA_LINKINFO);
	if (!li)
		return;
	data = rtnl_nested(li, IFLA_INFO_DATA);
	if (data && (rta = rtnl_nested(data, IFLA_BOND_ACTIVE_SLAVE)))
		b->active = *(uint32_t *)RTA_DATA(rta);
	if (data && (rta = rtnl_nested(data, IFLA_BOND_MODE)))
		b->mode = *(uint8_t *)RTA_DATA(rta);
	data = rtnl_nested(li, IFLA_INFO_SLAVE_DATA);
	if (!data)
		return;
	rta = rtnl_nested(data, IFLA_BOND_SLAVE_STATE);
	if (rta)
		b->state = *(uint8_t *)RTA_DATA(rta);
	rta = rtnl_nested(data, IFLA_BOND_SLAVE_MII_STATUS);
	if (rta)
		b->mii = *(uint8_t *)RTA_DATA(rta);
	rta = rtnl_nested(data, IFLA_BOND_SLAVE_LINK_FAILURE_COUNT);
	if (rta)
		b->fail = *(uint32_t *)RTA_DATA(rta);
}

static inline void binfo_get_in(int h, int ifindex, struct binfo *b)
{
	static struct rtnl_msg m;

	memset(b, 0, sizeof(*b));
	b->active = b->state = b->mii = b->mode = b->fail = -1;
	net_enter(h);
	rtnl_link_msg(&m, RTM_GETLINK, 0, ifindex, NULL);
	RTNL_SAFE(rtnl_talk_cb(&m, binfo_cb, b));
}

static inline void binfo_get(int ifindex, struct binfo *b)
{
	binfo_get_in(NET_A, ifindex, b);
}

/* A socket told of the current namespace's link changes. */
static inline int link_monitor(void)
{
	struct sockaddr_nl sa = {
		.nl_family = AF_NETLINK, .nl_groups = RTMGRP_LINK,
	};
	int fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_ROUTE);

	if (fd < 0 || bind(fd, (struct sockaddr *)&sa, sizeof(sa)))
		tst_brk(TBROK | TERRNO, "netlink link monitor");
	return fd;
}

/* Until a link notification (or 100 ms: miimon changes send none). */
static inline void monitor_wait(int fd)
{
	static char buf[16384];

	if (net_poll(fd, POLLIN, 100) & POLLIN)
		while (recv(fd, buf, sizeof(buf), MSG_DONTWAIT) > 0)
			;
}

/*
 * Wait (bounded) until the bond's active slave is want and slave
 * other's MII status is mii: re-read at each link notification of the
 * namespace, and at least every 100 ms.
 */
static inline int wait_bond(int want, int other, int mii)
{
	long long end = tst_mono_ms() + net_ms(10000);
	struct binfo b, s;
	int fd;

	net_enter(NET_A);
	fd = link_monitor();
	for (;;) {
		binfo_get(rtnl_ifindex("bond0"), &b);
		binfo_get(other, &s);
		if (b.active == want && s.mii == mii)
			break;
		if (tst_mono_ms() > end) {
			close(fd);
			return 0;
		}
		monitor_wait(fd);
	}
	close(fd);
	return 1;
}

/* Whether /proc/net/bonding/bond0 of the local host has line want. */
static inline int proc_has_line(const char *want)
{
	char line[256];
	FILE *f;
	int found = 0;

	net_enter(NET_A);
	f = fopen("/proc/net/bonding/bond0", "r");
	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(/proc/net/bonding/bond0)");
	while (fgets(line, sizeof(line), f))
		found |= !strcmp(line, want);
	fclose(f);
	return found;
}

static inline int proc_active_is(const char *name)
{
	char want[64];

	snprintf(want, sizeof(want), "Currently Active Slave: %s\n", name);
	return proc_has_line(want);
}

#endif /* NET_BOND_H */
