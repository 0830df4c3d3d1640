/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tc helpers over net_rtnl.h: a flower filter on clsact ingress, and the
 * statistics of the first action of a flower filter, as RTM_GETTFILTER
 * dumps them.
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

#endif /* NET_TC_H */
