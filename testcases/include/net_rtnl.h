/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A small rtnetlink client for the network tests: links (veth and the
 * other kinds by name), MTU, up/down, addresses, routes, neighbours and
 * dumps, with no userland tool. Each request is acknowledged; the
 * functions return 0 or the kernel's -errno so tests can assert the
 * error paths, the SAFE_ forms TBROK instead. Requests go to the network
 * namespace the calling process is in when it calls them (the socket is
 * opened per request, so a test may setns() between requests).
 */
#ifndef NET_RTNL_H
#define NET_RTNL_H

#include <errno.h>
#include <net/if.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>
#include <sys/socket.h>
#include <linux/if_addr.h>
#include <linux/fib_rules.h>
#include <linux/if_link.h>
#include <linux/neighbour.h>
#include <linux/netlink.h>
#include <linux/rtnetlink.h>
#include <linux/veth.h>
#include "tst_test.h"

#define RTNL_BUFSIZE 16384

struct rtnl_msg {
	union {
		struct nlmsghdr nh;
		char buf[RTNL_BUFSIZE];
	};
	struct rtattr *nest[8];
	int depth;
};

static inline void rtnl_msg_init(struct rtnl_msg *m, int type, int flags,
				 const void *hdr, size_t hlen)
{
	memset(m, 0, sizeof(*m));
	m->nh.nlmsg_len = NLMSG_LENGTH(hlen);
	m->nh.nlmsg_type = type;
	m->nh.nlmsg_flags = NLM_F_REQUEST | flags;
	memcpy(NLMSG_DATA(&m->nh), hdr, hlen);
}

static inline void rtnl_put(struct rtnl_msg *m, int type, const void *data,
			    size_t len)
{
	struct rtattr *rta;
	size_t off = NLMSG_ALIGN(m->nh.nlmsg_len);

	if (off + RTA_SPACE(len) > sizeof(m->buf))
		tst_brk(TBROK, "rtnl: message too long");
	rta = (struct rtattr *)(m->buf + off);
	rta->rta_type = type;
	rta->rta_len = RTA_LENGTH(len);
	if (len)
		memcpy(RTA_DATA(rta), data, len);
	m->nh.nlmsg_len = off + RTA_SPACE(len);
}

static inline void rtnl_put_u32(struct rtnl_msg *m, int type, uint32_t v)
{
	rtnl_put(m, type, &v, sizeof(v));
}

static inline void rtnl_put_u16(struct rtnl_msg *m, int type, uint16_t v)
{
	rtnl_put(m, type, &v, sizeof(v));
}

static inline void rtnl_put_u8(struct rtnl_msg *m, int type, uint8_t v)
{
	rtnl_put(m, type, &v, sizeof(v));
}

static inline void rtnl_put_str(struct rtnl_msg *m, int type, const char *s)
{
	rtnl_put(m, type, s, strlen(s) + 1);
}

/* Raw bytes (a nested message's own header) at the end of the message. */
static inline void rtnl_put_raw(struct rtnl_msg *m, const void *data,
				size_t len)
{
	size_t off = NLMSG_ALIGN(m->nh.nlmsg_len);

	memcpy(m->buf + off, data, len);
	m->nh.nlmsg_len = off + NLMSG_ALIGN(len);
}

static inline void rtnl_nest(struct rtnl_msg *m, int type)
{
	m->nest[m->depth++] = (struct rtattr *)(m->buf +
					NLMSG_ALIGN(m->nh.nlmsg_len));
	rtnl_put(m, type, NULL, 0);
}

static inline void rtnl_nest_end(struct rtnl_msg *m)
{
	struct rtattr *rta = m->nest[--m->depth];

	rta->rta_len = m->buf + m->nh.nlmsg_len - (char *)rta;
}

static inline int rtnl_socket(void)
{
	struct sockaddr_nl sa = { .nl_family = AF_NETLINK };
	int fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_ROUTE);

	if (fd < 0)
		tst_brk(TBROK | TERRNO, "socket(AF_NETLINK, NETLINK_ROUTE)");
	if (bind(fd, (struct sockaddr *)&sa, sizeof(sa)))
		tst_brk(TBROK | TERRNO, "bind(AF_NETLINK)");
	return fd;
}

/* recv() after a bounded wait: the kernel answers at once normally. */
static inline ssize_t rtnl_recv(int fd, void *buf, size_t len, int type)
{
	struct pollfd pfd = { .fd = fd, .events = POLLIN };
	int ms = 30000 * tst_timeout_mul();
	ssize_t ret;

	if (poll(&pfd, 1, ms) != 1)
		tst_brk(TBROK, "rtnl: no answer to message type %d in %d ms",
			type, ms);
	ret = recv(fd, buf, len, 0);
	if (ret < 0)
		tst_brk(TBROK | TERRNO, "rtnl: recv()");
	return ret;
}

/*
 * Send m on the netlink socket fd and return the kernel's answer: 0 or
 * -errno. With cb, each answer message (a dump's or a get's) is passed
 * to it before the end. Other netlink families (NETLINK_XFRM) use the
 * same request/ack protocol, so they come here with their own socket.
 */
typedef void (*rtnl_cb)(struct nlmsghdr *nh, void *priv);

static inline int rtnl_talk_fd(int fd, struct rtnl_msg *m, rtnl_cb cb,
			       void *priv)
{
	static char rbuf[65536];
	static uint32_t seq;
	int ret = 1;
	/* NLM_F_DUMP's bits mean NLM_F_REPLACE and NLM_F_EXCL in a NEW */
	int dump = (m->nh.nlmsg_type & 3) == 2 &&
		   (m->nh.nlmsg_flags & NLM_F_DUMP) == NLM_F_DUMP;

	m->nh.nlmsg_seq = ++seq;
	if (!dump)
		m->nh.nlmsg_flags |= NLM_F_ACK;
	if (send(fd, m->buf, m->nh.nlmsg_len, 0) != (ssize_t)m->nh.nlmsg_len)
		tst_brk(TBROK | TERRNO, "rtnl: send()");
	while (ret > 0) {
		ssize_t len = rtnl_recv(fd, rbuf, sizeof(rbuf),
					 m->nh.nlmsg_type);
		struct nlmsghdr *nh = (struct nlmsghdr *)rbuf;

		for (; NLMSG_OK(nh, len); nh = NLMSG_NEXT(nh, len)) {
			if (nh->nlmsg_seq != m->nh.nlmsg_seq)
				continue;
			if (nh->nlmsg_type == NLMSG_DONE) {
				ret = 0;
				break;
			}
			if (nh->nlmsg_type == NLMSG_ERROR) {
				struct nlmsgerr *e = NLMSG_DATA(nh);

				if (!e->error && dump)
					continue;
				ret = e->error;
				break;
			}
			if (cb)
				cb(nh, priv);
		}
	}
	return ret;
}

/* rtnl_talk_fd() on a NETLINK_ROUTE socket of its own. */
static inline int rtnl_talk_cb(struct rtnl_msg *m, rtnl_cb cb, void *priv)
{
	int fd = rtnl_socket();
	int ret = rtnl_talk_fd(fd, m, cb, priv);

	close(fd);
	return ret;
}

static inline int rtnl_talk(struct rtnl_msg *m)
{
	return rtnl_talk_cb(m, NULL, NULL);
}

/*
 * Attribute type of rta in an answer, from the attributes after hdr. The
 * flag bits (NLA_F_NESTED, which the kernel sets on the nests of newer
 * families such as nexthops, and NLA_F_NET_BYTEORDER) are not compared.
 */
static inline struct rtattr *rtnl_attr(struct nlmsghdr *nh, size_t hlen,
				       int type)
{
	struct rtattr *rta = (struct rtattr *)((char *)NLMSG_DATA(nh) +
					       NLMSG_ALIGN(hlen));
	int len = nh->nlmsg_len - NLMSG_LENGTH(hlen);

	for (; RTA_OK(rta, len); rta = RTA_NEXT(rta, len))
		if ((rta->rta_type & NLA_TYPE_MASK) == type)
			return rta;
	return NULL;
}

/* Attribute type inside the nest, flag bits not compared either. */
static inline struct rtattr *rtnl_nested(struct rtattr *nest, int type)
{
	struct rtattr *rta = RTA_DATA(nest);
	int len = RTA_PAYLOAD(nest);

	for (; RTA_OK(rta, len); rta = RTA_NEXT(rta, len))
		if ((rta->rta_type & NLA_TYPE_MASK) == type)
			return rta;
	return NULL;
}

/* ---- links ---- */

static inline void rtnl_link_msg(struct rtnl_msg *m, int type, int flags,
				 int ifindex, const char *name)
{
	struct ifinfomsg ifi = { .ifi_family = AF_UNSPEC, .ifi_index = ifindex };

	rtnl_msg_init(m, type, flags, &ifi, sizeof(ifi));
	if (name)
		rtnl_put_str(m, IFLA_IFNAME, name);
}

struct rtnl_info_q {
	int info, type;
	long long val;
};

static inline void rtnl_info_cb(struct nlmsghdr *nh, void *priv)
{
	struct rtnl_info_q *q = priv;
	struct rtattr *a;

	if (nh->nlmsg_type != RTM_NEWLINK)
		return;
	a = rtnl_attr(nh, sizeof(struct ifinfomsg), IFLA_LINKINFO);
	if (a)
		a = rtnl_nested(a, q->info);
	if (a)
		a = rtnl_nested(a, q->type);
	if (!a)
		return;
	switch (RTA_PAYLOAD(a)) {
	case 1:
		q->val = *(uint8_t *)RTA_DATA(a);
		break;
	case 2:
		q->val = *(uint16_t *)RTA_DATA(a);
		break;
	case 4:
		q->val = *(uint32_t *)RTA_DATA(a);
		break;
	case 8:
		q->val = *(uint64_t *)RTA_DATA(a);
		break;
	}
}

/*
 * One attribute of a link's IFLA_INFO_DATA or IFLA_INFO_SLAVE_DATA (info)
 * as a number; -1 when the kernel does not report it. Negative errno when
 * the link cannot be read.
 */
static inline int rtnl_link_info_attr(int ifindex, int info, int type,
				      long long *val)
{
	static struct rtnl_msg m;
	struct rtnl_info_q q = { info, type, -1 };
	int ret;

	rtnl_link_msg(&m, RTM_GETLINK, 0, ifindex, NULL);
	ret = rtnl_talk_cb(&m, rtnl_info_cb, &q);
	*val = q.val;
	return ret;
}

/* Start a new link of kind; the caller adds IFLA_INFO_DATA, then ends. */
static inline void rtnl_newlink_begin(struct rtnl_msg *m, const char *name,
				      const char *kind, int link)
{
	rtnl_link_msg(m, RTM_NEWLINK, NLM_F_CREATE | NLM_F_EXCL, 0, name);
	if (link)
		rtnl_put_u32(m, IFLA_LINK, link);
	rtnl_nest(m, IFLA_LINKINFO);
	rtnl_put_str(m, IFLA_INFO_KIND, kind);
}

static inline int rtnl_newlink_end(struct rtnl_msg *m)
{
	while (m->depth)
		rtnl_nest_end(m);
	return rtnl_talk(m);
}

/*
 * Bridge port option type (IFLA_BRPORT_*) of the port ifindex, a u8 val
 * (IFLA_BRPORT_FLUSH takes none): 0 or -errno.
 */
static inline int rtnl_brport_set(int ifindex, int type, int val)
{
	static struct rtnl_msg m;

	rtnl_link_msg(&m, RTM_NEWLINK, 0, ifindex, NULL);
	rtnl_nest(&m, IFLA_LINKINFO);
	rtnl_put_str(&m, IFLA_INFO_SLAVE_KIND, "bridge");
	rtnl_nest(&m, IFLA_INFO_SLAVE_DATA);
	if (type == IFLA_BRPORT_FLUSH)
		rtnl_put(&m, type, "", 0);
	else
		rtnl_put_u8(&m, type, val);
	return rtnl_newlink_end(&m);
}

/* A link of kind with no parameters (dummy, bridge): 0 or -errno. */
static inline int rtnl_link_add(const char *name, const char *kind)
{
	static struct rtnl_msg m;

	rtnl_newlink_begin(&m, name, kind, 0);
	return rtnl_newlink_end(&m);
}

/* A veth pair: name here, peer in the namespace of peer_nsfd (-1: here). */
static inline int rtnl_veth_add(const char *name, const char *peer,
				int peer_nsfd)
{
	static struct rtnl_msg m;
	struct ifinfomsg ifi = { .ifi_family = AF_UNSPEC };

	rtnl_newlink_begin(&m, name, "veth", 0);
	rtnl_nest(&m, IFLA_INFO_DATA);
	rtnl_nest(&m, VETH_INFO_PEER);
	rtnl_put_raw(&m, &ifi, sizeof(ifi));
	/* the peer's attributes follow its ifinfomsg inside VETH_INFO_PEER */
	rtnl_put_str(&m, IFLA_IFNAME, peer);
	if (peer_nsfd >= 0)
		rtnl_put_u32(&m, IFLA_NET_NS_FD, peer_nsfd);
	return rtnl_newlink_end(&m);
}

static inline int rtnl_link_del(int ifindex)
{
	static struct rtnl_msg m;

	rtnl_link_msg(&m, RTM_DELLINK, 0, ifindex, NULL);
	return rtnl_talk(&m);
}

/* Set flags under mask (IFF_UP), and the MTU when mtu > 0. */
static inline int rtnl_link_set(int ifindex, unsigned int flags,
				unsigned int mask, int mtu)
{
	static struct rtnl_msg m;
	struct ifinfomsg ifi = {
		.ifi_family = AF_UNSPEC, .ifi_index = ifindex,
		.ifi_flags = flags, .ifi_change = mask,
	};

	rtnl_msg_init(&m, RTM_NEWLINK, 0, &ifi, sizeof(ifi));
	if (mtu > 0)
		rtnl_put_u32(&m, IFLA_MTU, mtu);
	return rtnl_talk(&m);
}

static inline int rtnl_link_up(int ifindex)
{
	return rtnl_link_set(ifindex, IFF_UP, IFF_UP, 0);
}

/* Move a link to the namespace of nsfd. */
static inline int rtnl_link_netns(int ifindex, int nsfd)
{
	static struct rtnl_msg m;

	rtnl_link_msg(&m, RTM_NEWLINK, 0, ifindex, NULL);
	rtnl_put_u32(&m, IFLA_NET_NS_FD, nsfd);
	return rtnl_talk(&m);
}

/* Enslave ifindex to master (a bridge); 0 releases it. */
static inline int rtnl_link_master(int ifindex, int master)
{
	static struct rtnl_msg m;

	rtnl_link_msg(&m, RTM_NEWLINK, 0, ifindex, NULL);
	rtnl_put_u32(&m, IFLA_MASTER, master);
	return rtnl_talk(&m);
}

struct rtnl_link_info {
	int index;
	unsigned int flags;
	unsigned int mtu;
	int link;
	int master;
	char name[IFNAMSIZ];
	char kind[32];
	unsigned char addr[32];
	int addrlen;
	int operstate;
	struct rtnl_link_stats64 stats;
};

static inline void rtnl_link_parse(struct nlmsghdr *nh,
				   struct rtnl_link_info *li)
{
	struct ifinfomsg *ifi = NLMSG_DATA(nh);
	struct rtattr *rta;

	memset(li, 0, sizeof(*li));
	li->index = ifi->ifi_index;
	li->flags = ifi->ifi_flags;
	rta = rtnl_attr(nh, sizeof(*ifi), IFLA_IFNAME);
	if (rta)
		strncpy(li->name, RTA_DATA(rta), IFNAMSIZ - 1);
	rta = rtnl_attr(nh, sizeof(*ifi), IFLA_MTU);
	if (rta)
		li->mtu = *(uint32_t *)RTA_DATA(rta);
	rta = rtnl_attr(nh, sizeof(*ifi), IFLA_LINK);
	if (rta)
		li->link = *(int *)RTA_DATA(rta);
	rta = rtnl_attr(nh, sizeof(*ifi), IFLA_MASTER);
	if (rta)
		li->master = *(int *)RTA_DATA(rta);
	rta = rtnl_attr(nh, sizeof(*ifi), IFLA_OPERSTATE);
	if (rta)
		li->operstate = *(unsigned char *)RTA_DATA(rta);
	rta = rtnl_attr(nh, sizeof(*ifi), IFLA_ADDRESS);
	if (rta && RTA_PAYLOAD(rta) <= sizeof(li->addr)) {
		li->addrlen = RTA_PAYLOAD(rta);
		memcpy(li->addr, RTA_DATA(rta), li->addrlen);
	}
	rta = rtnl_attr(nh, sizeof(*ifi), IFLA_STATS64);
	if (rta)
		memcpy(&li->stats, RTA_DATA(rta),
		       RTA_PAYLOAD(rta) < sizeof(li->stats) ?
		       RTA_PAYLOAD(rta) : sizeof(li->stats));
	rta = rtnl_attr(nh, sizeof(*ifi), IFLA_LINKINFO);
	if (rta) {
		rta = rtnl_nested(rta, IFLA_INFO_KIND);
		if (rta)
			strncpy(li->kind, RTA_DATA(rta), sizeof(li->kind) - 1);
	}
}

static inline void rtnl_link_get_cb(struct nlmsghdr *nh, void *priv)
{
	if (nh->nlmsg_type == RTM_NEWLINK)
		rtnl_link_parse(nh, priv);
}

/* RTM_GETLINK of one link by index or name: 0 or -errno. */
static inline int rtnl_link_get(int ifindex, const char *name,
				struct rtnl_link_info *li)
{
	static struct rtnl_msg m;

	memset(li, 0, sizeof(*li));
	rtnl_link_msg(&m, RTM_GETLINK, 0, ifindex, name);
	return rtnl_talk_cb(&m, rtnl_link_get_cb, li);
}

/* Dump all links of the namespace; cb gets each parsed link. */
typedef void (*rtnl_link_cb)(const struct rtnl_link_info *li, void *priv);

struct rtnl_link_dump_ctx {
	rtnl_link_cb cb;
	void *priv;
};

static inline void rtnl_link_dump_cb(struct nlmsghdr *nh, void *priv)
{
	struct rtnl_link_dump_ctx *c = priv;
	struct rtnl_link_info li;

	if (nh->nlmsg_type != RTM_NEWLINK)
		return;
	rtnl_link_parse(nh, &li);
	c->cb(&li, c->priv);
}

static inline int rtnl_link_dump(rtnl_link_cb cb, void *priv)
{
	static struct rtnl_msg m;
	struct rtnl_link_dump_ctx c = { cb, priv };

	rtnl_link_msg(&m, RTM_GETLINK, NLM_F_DUMP, 0, NULL);
	return rtnl_talk_cb(&m, rtnl_link_dump_cb, &c);
}

/* ---- addresses ---- */

static inline size_t rtnl_alen(int family)
{
	return family == AF_INET ? 4 : 16;
}

static inline int rtnl_addr_msg(int type, int ifindex, int family,
				const void *addr, int plen, unsigned int flags)
{
	static struct rtnl_msg m;
	struct ifaddrmsg ifa = {
		.ifa_family = family, .ifa_prefixlen = plen,
		.ifa_index = ifindex, .ifa_scope = RT_SCOPE_UNIVERSE,
		.ifa_flags = flags & 0xff,
	};

	rtnl_msg_init(&m, type, type == RTM_NEWADDR ?
		      NLM_F_CREATE | NLM_F_EXCL : 0, &ifa, sizeof(ifa));
	rtnl_put(&m, IFA_LOCAL, addr, rtnl_alen(family));
	rtnl_put(&m, IFA_ADDRESS, addr, rtnl_alen(family));
	if (flags > 0xff)
		rtnl_put_u32(&m, IFA_FLAGS, flags);
	return rtnl_talk(&m);
}

/* Add addr/plen (in_addr or in6_addr) to ifindex; flags: IFA_F_NODAD. */
static inline int rtnl_addr_add(int ifindex, int family, const void *addr,
				int plen, unsigned int flags)
{
	return rtnl_addr_msg(RTM_NEWADDR, ifindex, family, addr, plen, flags);
}

static inline int rtnl_addr_del(int ifindex, int family, const void *addr,
				int plen)
{
	return rtnl_addr_msg(RTM_DELADDR, ifindex, family, addr, plen, 0);
}

struct rtnl_addr_info {
	int family, index, plen;
	unsigned int flags;
	unsigned char addr[16];
};

typedef void (*rtnl_addr_cb)(const struct rtnl_addr_info *ai, void *priv);

struct rtnl_addr_dump_ctx {
	rtnl_addr_cb cb;
	void *priv;
};

static inline void rtnl_addr_dump_cb(struct nlmsghdr *nh, void *priv)
{
	struct rtnl_addr_dump_ctx *c = priv;
	struct ifaddrmsg *ifa = NLMSG_DATA(nh);
	struct rtnl_addr_info ai = {
		.family = ifa->ifa_family, .index = ifa->ifa_index,
		.plen = ifa->ifa_prefixlen, .flags = ifa->ifa_flags,
	};
	struct rtattr *rta;

	if (nh->nlmsg_type != RTM_NEWADDR)
		return;
	rta = rtnl_attr(nh, sizeof(*ifa), IFA_FLAGS);
	if (rta)
		ai.flags = *(uint32_t *)RTA_DATA(rta);
	rta = rtnl_attr(nh, sizeof(*ifa), IFA_LOCAL);
	if (!rta)
		rta = rtnl_attr(nh, sizeof(*ifa), IFA_ADDRESS);
	if (rta && RTA_PAYLOAD(rta) <= 16)
		memcpy(ai.addr, RTA_DATA(rta), RTA_PAYLOAD(rta));
	c->cb(&ai, c->priv);
}

static inline int rtnl_addr_dump(int family, rtnl_addr_cb cb, void *priv)
{
	static struct rtnl_msg m;
	struct ifaddrmsg ifa = { .ifa_family = family };
	struct rtnl_addr_dump_ctx c = { cb, priv };

	rtnl_msg_init(&m, RTM_GETADDR, NLM_F_DUMP, &ifa, sizeof(ifa));
	return rtnl_talk_cb(&m, rtnl_addr_dump_cb, &c);
}

/* ---- routes ---- */

struct rtnl_nexthop {
	int oif;
	const void *gw;		/* NULL: on link */
	int weight;		/* 1.. */
};

/*
 * Add (or with NLM_F_REPLACE replace) a route to dst/plen in table
 * (0: main) through gw (NULL: none) and oif (0: none), or the nhs
 * nexthops (multipath) when nnh > 0.
 */
static inline int rtnl_route_msg(int type, int nlflags, int family,
				 const void *dst, int plen, const void *gw,
				 int oif, int table,
				 const struct rtnl_nexthop *nhs, int nnh)
{
	static struct rtnl_msg m;
	struct rtmsg rtm = {
		.rtm_family = family, .rtm_dst_len = plen,
		.rtm_table = RT_TABLE_MAIN, .rtm_protocol = RTPROT_STATIC,
		.rtm_scope = gw || nnh ? RT_SCOPE_UNIVERSE : RT_SCOPE_LINK,
		.rtm_type = RTN_UNICAST,
	};
	int i;

	if (type == RTM_DELROUTE)
		rtm.rtm_scope = RT_SCOPE_NOWHERE;
	rtnl_msg_init(&m, type, nlflags, &rtm, sizeof(rtm));
	if (table)
		rtnl_put_u32(&m, RTA_TABLE, table);
	if (plen)
		rtnl_put(&m, RTA_DST, dst, rtnl_alen(family));
	if (gw)
		rtnl_put(&m, RTA_GATEWAY, gw, rtnl_alen(family));
	if (oif)
		rtnl_put_u32(&m, RTA_OIF, oif);
	if (nnh) {
		rtnl_nest(&m, RTA_MULTIPATH);
		for (i = 0; i < nnh; i++) {
			struct rtnexthop *rtnh;
			size_t off = NLMSG_ALIGN(m.nh.nlmsg_len);
			struct rtnexthop h = {
				.rtnh_ifindex = nhs[i].oif,
				.rtnh_hops = nhs[i].weight ?
					     nhs[i].weight - 1 : 0,
			};

			rtnl_put_raw(&m, &h, sizeof(h));
			if (nhs[i].gw)
				rtnl_put(&m, RTA_GATEWAY, nhs[i].gw,
					 rtnl_alen(family));
			rtnh = (struct rtnexthop *)(m.buf + off);
			rtnh->rtnh_len = m.nh.nlmsg_len - off;
		}
		rtnl_nest_end(&m);
	}
	return rtnl_talk(&m);
}

static inline int rtnl_route_add(int family, const void *dst, int plen,
				 const void *gw, int oif, int table)
{
	return rtnl_route_msg(RTM_NEWROUTE, NLM_F_CREATE | NLM_F_EXCL, family,
			      dst, plen, gw, oif, table, NULL, 0);
}

static inline int rtnl_route_del(int family, const void *dst, int plen,
				 int table)
{
	return rtnl_route_msg(RTM_DELROUTE, 0, family, dst, plen, NULL, 0,
			      table, NULL, 0);
}

struct rtnl_route_info {
	int family, plen, table, oif, type, nnh;
	unsigned char dst[16], gw[16];
	int has_gw;
};

/* RTM_GETROUTE for one destination: the route the kernel would use. */
static inline void rtnl_route_parse(struct nlmsghdr *nh,
				    struct rtnl_route_info *ri)
{
	struct rtmsg *rtm = NLMSG_DATA(nh);
	struct rtattr *rta;

	memset(ri, 0, sizeof(*ri));
	ri->family = rtm->rtm_family;
	ri->plen = rtm->rtm_dst_len;
	ri->table = rtm->rtm_table;
	ri->type = rtm->rtm_type;
	rta = rtnl_attr(nh, sizeof(*rtm), RTA_TABLE);
	if (rta)
		ri->table = *(uint32_t *)RTA_DATA(rta);
	rta = rtnl_attr(nh, sizeof(*rtm), RTA_OIF);
	if (rta)
		ri->oif = *(int *)RTA_DATA(rta);
	rta = rtnl_attr(nh, sizeof(*rtm), RTA_DST);
	if (rta && RTA_PAYLOAD(rta) <= 16)
		memcpy(ri->dst, RTA_DATA(rta), RTA_PAYLOAD(rta));
	rta = rtnl_attr(nh, sizeof(*rtm), RTA_GATEWAY);
	if (rta && RTA_PAYLOAD(rta) <= 16) {
		memcpy(ri->gw, RTA_DATA(rta), RTA_PAYLOAD(rta));
		ri->has_gw = 1;
	}
	rta = rtnl_attr(nh, sizeof(*rtm), RTA_MULTIPATH);
	if (rta) {
		struct rtnexthop *h = RTA_DATA(rta);
		int len = RTA_PAYLOAD(rta);

		while (RTNH_OK(h, len)) {
			ri->nnh++;
			len -= NLMSG_ALIGN(h->rtnh_len);
			h = RTNH_NEXT(h);
		}
	}
}

static inline void rtnl_route_get_cb(struct nlmsghdr *nh, void *priv)
{
	if (nh->nlmsg_type == RTM_NEWROUTE)
		rtnl_route_parse(nh, priv);
}

/* The kernel's route lookup for dst (0 or -errno: -ENETUNREACH ...). */
static inline int rtnl_route_get(int family, const void *dst,
				 struct rtnl_route_info *ri)
{
	static struct rtnl_msg m;
	/* IPv4 names the table the route came from only when asked */
	struct rtmsg rtm = {
		.rtm_family = family, .rtm_dst_len = rtnl_alen(family) * 8,
		.rtm_flags = RTM_F_LOOKUP_TABLE,
	};

	memset(ri, 0, sizeof(*ri));
	rtnl_msg_init(&m, RTM_GETROUTE, 0, &rtm, sizeof(rtm));
	rtnl_put(&m, RTA_DST, dst, rtnl_alen(family));
	return rtnl_talk_cb(&m, rtnl_route_get_cb, ri);
}

typedef void (*rtnl_route_cb)(const struct rtnl_route_info *ri, void *priv);

struct rtnl_route_dump_ctx {
	rtnl_route_cb cb;
	void *priv;
};

static inline void rtnl_route_dump_cb(struct nlmsghdr *nh, void *priv)
{
	struct rtnl_route_dump_ctx *c = priv;
	struct rtnl_route_info ri;

	if (nh->nlmsg_type != RTM_NEWROUTE)
		return;
	rtnl_route_parse(nh, &ri);
	c->cb(&ri, c->priv);
}

static inline int rtnl_route_dump(int family, rtnl_route_cb cb, void *priv)
{
	static struct rtnl_msg m;
	struct rtmsg rtm = { .rtm_family = family };
	struct rtnl_route_dump_ctx c = { cb, priv };

	rtnl_msg_init(&m, RTM_GETROUTE, NLM_F_DUMP, &rtm, sizeof(rtm));
	return rtnl_talk_cb(&m, rtnl_route_dump_cb, &c);
}

/* ---- policy routing rules ---- */

/*
 * A rule "to dst/plen lookup table" at priority prio (type RTM_NEWRULE
 * with NLM_F_CREATE | NLM_F_EXCL, or RTM_DELRULE): 0 or -errno.
 */
static inline int rtnl_rule_msg(int type, int family, const void *dst,
				int plen, int table, int prio)
{
	static struct rtnl_msg m;
	struct fib_rule_hdr frh = {
		.family = family, .dst_len = plen, .action = FR_ACT_TO_TBL,
		.table = table < 256 ? table : RT_TABLE_UNSPEC,
	};

	rtnl_msg_init(&m, type, type == RTM_NEWRULE ?
		      NLM_F_CREATE | NLM_F_EXCL : 0, &frh, sizeof(frh));
	if (plen)
		rtnl_put(&m, FRA_DST, dst, rtnl_alen(family));
	rtnl_put_u32(&m, FRA_TABLE, table);
	rtnl_put_u32(&m, FRA_PRIORITY, prio);
	return rtnl_talk(&m);
}

/* ---- neighbours ---- */

static inline int rtnl_neigh_msg(int type, int nlflags, int ifindex,
				 int family, const void *addr,
				 const unsigned char *lladdr, int state)
{
	static struct rtnl_msg m;
	struct ndmsg nd = {
		.ndm_family = family, .ndm_ifindex = ifindex,
		.ndm_state = state,
	};

	rtnl_msg_init(&m, type, nlflags, &nd, sizeof(nd));
	rtnl_put(&m, NDA_DST, addr, rtnl_alen(family));
	if (lladdr)
		rtnl_put(&m, NDA_LLADDR, lladdr, 6);
	return rtnl_talk(&m);
}

static inline int rtnl_neigh_add(int ifindex, int family, const void *addr,
				 const unsigned char *lladdr, int state)
{
	return rtnl_neigh_msg(RTM_NEWNEIGH, NLM_F_CREATE | NLM_F_REPLACE,
			      ifindex, family, addr, lladdr, state);
}

static inline int rtnl_neigh_del(int ifindex, int family, const void *addr)
{
	return rtnl_neigh_msg(RTM_DELNEIGH, 0, ifindex, family, addr, NULL, 0);
}

struct rtnl_neigh_info {
	int family, index, state, found;
	unsigned char dst[16];
	unsigned char lladdr[6];
	int has_lladdr;
};

struct rtnl_neigh_find {
	int index, family;
	const void *dst;
	struct rtnl_neigh_info *ni;
};

static inline void rtnl_neigh_find_cb(struct nlmsghdr *nh, void *priv)
{
	struct rtnl_neigh_find *f = priv;
	struct ndmsg *nd = NLMSG_DATA(nh);
	struct rtattr *rta;

	if (nh->nlmsg_type != RTM_NEWNEIGH || nd->ndm_family != f->family ||
	    nd->ndm_ifindex != f->index)
		return;
	rta = rtnl_attr(nh, sizeof(*nd), NDA_DST);
	if (!rta || memcmp(RTA_DATA(rta), f->dst, rtnl_alen(f->family)))
		return;
	f->ni->found = 1;
	f->ni->family = nd->ndm_family;
	f->ni->index = nd->ndm_ifindex;
	f->ni->state = nd->ndm_state;
	memcpy(f->ni->dst, f->dst, rtnl_alen(f->family));
	rta = rtnl_attr(nh, sizeof(*nd), NDA_LLADDR);
	if (rta && RTA_PAYLOAD(rta) == 6) {
		memcpy(f->ni->lladdr, RTA_DATA(rta), 6);
		f->ni->has_lladdr = 1;
	}
}

/* Find the neighbour entry of addr on ifindex in a dump; ni->found. */
static inline int rtnl_neigh_find(int ifindex, int family, const void *addr,
				  struct rtnl_neigh_info *ni)
{
	static struct rtnl_msg m;
	struct ndmsg nd = { .ndm_family = family };
	struct rtnl_neigh_find f = { ifindex, family, addr, ni };

	memset(ni, 0, sizeof(*ni));
	rtnl_msg_init(&m, RTM_GETNEIGH, NLM_F_DUMP, &nd, sizeof(nd));
	return rtnl_talk_cb(&m, rtnl_neigh_find_cb, &f);
}

/* ---- SAFE forms ---- */

#define RTNL_SAFE(call) do { \
	int rtnl_ret__ = (call); \
	if (rtnl_ret__) \
		tst_brk(TBROK, "%s: %s", #call, tst_strerrno(-rtnl_ret__)); \
} while (0)

/* if_nametoindex() in the current namespace; TBROK when missing. */
static inline int rtnl_ifindex(const char *name)
{
	int idx = if_nametoindex(name);

	if (!idx)
		tst_brk(TBROK | TERRNO, "if_nametoindex(%s)", name);
	return idx;
}

#endif /* NET_RTNL_H */
