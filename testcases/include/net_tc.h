/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tc helpers over net_rtnl.h: a flower filter on clsact ingress; the
 * statistics of the first action of a flower filter, as RTM_GETTFILTER
 * dumps them; qdisc and class requests and dumps (kind, options,
 * packets, bytes, qlen, backlog, drops).
 */
#ifndef NET_TC_H
#define NET_TC_H

#include <stdint.h>
#include <string.h>
#include <arpa/inet.h>
#include <linux/gen_stats.h>
#include <linux/if_ether.h>
#include <linux/pkt_cls.h>
#include <linux/pkt_sched.h>
#include "net_rtnl.h"

/*
 * Start an RTM_NEWTFILTER of a flower filter of prio for IPv4 on the
 * clsact ingress of ifindex, its TCA_OPTIONS open for keys and actions.
 */
static inline void tc_flower_ingress_begin(struct rtnl_msg *m, int ifindex,
					   int prio)
{
	struct tcmsg tcm = {
		.tcm_family = AF_UNSPEC, .tcm_ifindex = ifindex,
		.tcm_parent = TC_H_MAKE(TC_H_CLSACT, TC_H_MIN_INGRESS),
		.tcm_info = TC_H_MAKE(prio << 16, htons(ETH_P_IP)),
	};

	rtnl_msg_init(m, RTM_NEWTFILTER, NLM_F_CREATE | NLM_F_EXCL, &tcm,
		      sizeof(tcm));
	rtnl_put_str(m, TCA_KIND, "flower");
	rtnl_nest(m, TCA_OPTIONS);
}

struct tc_act_stats {
	int found;		/* the filter had an action with stats */
	uint64_t bytes;
	uint32_t packets, drops, overlimits;
};

static inline void tc_act_stats_cb(struct nlmsghdr *nh, void *priv)
{
	struct tcmsg *tcm = NLMSG_DATA(nh);
	struct tc_act_stats *a = priv;
	struct rtattr *opt, *acts, *act, *st, *rta;

	/* the dump also holds the filter chain's head, without a handle */
	if (nh->nlmsg_type != RTM_NEWTFILTER || !tcm->tcm_handle)
		return;
	opt = rtnl_attr(nh, sizeof(*tcm), TCA_OPTIONS);
	acts = opt ? rtnl_nested(opt, TCA_FLOWER_ACT) : NULL;
	act = acts ? rtnl_nested(acts, 1) : NULL;
	st = act ? rtnl_nested(act, TCA_ACT_STATS) : NULL;
	if (!st)
		return;
	a->found = 1;
	rta = rtnl_nested(st, TCA_STATS_BASIC);
	if (rta && RTA_PAYLOAD(rta) >= sizeof(struct gnet_stats_basic)) {
		struct gnet_stats_basic *b = RTA_DATA(rta);

		a->bytes = b->bytes;
		a->packets = b->packets;
	}
	rta = rtnl_nested(st, TCA_STATS_QUEUE);
	if (rta && RTA_PAYLOAD(rta) >= sizeof(struct gnet_stats_queue)) {
		struct gnet_stats_queue *q = RTA_DATA(rta);

		a->drops = q->drops;
		a->overlimits = q->overlimits;
	}
}

/*
 * The first action's stats of the IPv4 flower filter of prio on the clsact
 * ingress of ifindex, in the current namespace; a->found 0 when none.
 */
static inline int tc_flower_act_stats(int ifindex, int prio,
				      struct tc_act_stats *a)
{
	static struct rtnl_msg m;
	struct tcmsg tcm = {
		.tcm_family = AF_UNSPEC, .tcm_ifindex = ifindex,
		.tcm_parent = TC_H_MAKE(TC_H_CLSACT, TC_H_MIN_INGRESS),
		.tcm_info = TC_H_MAKE(prio << 16, htons(ETH_P_IP)),
	};

	memset(a, 0, sizeof(*a));
	rtnl_msg_init(&m, RTM_GETTFILTER, NLM_F_DUMP, &tcm, sizeof(tcm));
	return rtnl_talk_cb(&m, tc_act_stats_cb, a);
}

/* ---- qdiscs and classes ---- */

/* A tcmsg request for ifindex (parent, handle) with TCA_KIND when set. */
static inline void tc_msg(struct rtnl_msg *m, int type, int flags,
			  int ifindex, uint32_t parent, uint32_t handle,
			  const char *kind)
{
	struct tcmsg tcm = {
		.tcm_family = AF_UNSPEC, .tcm_ifindex = ifindex,
		.tcm_parent = parent, .tcm_handle = handle,
	};

	rtnl_msg_init(m, type, flags, &tcm, sizeof(tcm));
	if (kind)
		rtnl_put_str(m, TCA_KIND, kind);
}

/* What a qdisc or class dump says of one object (TCA_STATS2, options). */
struct tc_obj {
	uint32_t handle, parent;
	char kind[16];
	uint64_t bytes;
	uint32_t packets, qlen, backlog, drops, overlimits;
	unsigned char opt[64];		/* TCA_OPTIONS payload */
	int optlen;
};

struct tc_objs {
	int type;			/* RTM_NEWQDISC or RTM_NEWTCLASS */
	int n;
	struct tc_obj o[16];
};

static inline void tc_objs_cb(struct nlmsghdr *nh, void *priv)
{
	struct tc_objs *l = priv;
	struct tcmsg *tcm = NLMSG_DATA(nh);
	struct rtattr *st, *rta;
	struct tc_obj *o;

	if (nh->nlmsg_type != l->type || l->n == 16)
		return;
	o = &l->o[l->n++];
	memset(o, 0, sizeof(*o));
	o->handle = tcm->tcm_handle;
	o->parent = tcm->tcm_parent;
	rta = rtnl_attr(nh, sizeof(*tcm), TCA_KIND);
	if (rta)
		strncpy(o->kind, RTA_DATA(rta), sizeof(o->kind) - 1);
	rta = rtnl_attr(nh, sizeof(*tcm), TCA_OPTIONS);
	if (rta) {
		o->optlen = RTA_PAYLOAD(rta) < sizeof(o->opt) ?
			    RTA_PAYLOAD(rta) : sizeof(o->opt);
		memcpy(o->opt, RTA_DATA(rta), o->optlen);
	}
	st = rtnl_attr(nh, sizeof(*tcm), TCA_STATS2);
	rta = st ? rtnl_nested(st, TCA_STATS_BASIC) : NULL;
	if (rta && RTA_PAYLOAD(rta) >= sizeof(struct gnet_stats_basic)) {
		struct gnet_stats_basic *b = RTA_DATA(rta);

		o->bytes = b->bytes;
		o->packets = b->packets;
	}
	rta = st ? rtnl_nested(st, TCA_STATS_QUEUE) : NULL;
	if (rta && RTA_PAYLOAD(rta) >= sizeof(struct gnet_stats_queue)) {
		struct gnet_stats_queue *q = RTA_DATA(rta);

		o->qlen = q->qlen;
		o->backlog = q->backlog;
		o->drops = q->drops;
		o->overlimits = q->overlimits;
	}
}

/*
 * Dump the qdiscs (RTM_GETQDISC) or the classes of parent
 * (RTM_GETTCLASS) of ifindex in the current namespace.
 */
static inline int tc_dump(int type, int ifindex, uint32_t parent,
			  struct tc_objs *l)
{
	static struct rtnl_msg m;

	memset(l, 0, sizeof(*l));
	l->type = type == RTM_GETQDISC ? RTM_NEWQDISC : RTM_NEWTCLASS;
	tc_msg(&m, type, NLM_F_DUMP, ifindex, parent, 0, NULL);
	return rtnl_talk_cb(&m, tc_objs_cb, l);
}

/* The dumped object of handle h, NULL when none. */
static inline const struct tc_obj *tc_find(const struct tc_objs *l,
					   uint32_t h)
{
	int i;

	for (i = 0; i < l->n; i++)
		if (l->o[i].handle == h)
			return &l->o[i];
	return NULL;
}

#endif /* NET_TC_H */
