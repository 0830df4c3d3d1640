// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The htb queueing discipline over rtnetlink (no tc), on the local
 * host's net0 (net_hosts.h) with IPv6 off and static ARP entries, so
 * that only the test's datagrams cross it; classes are chosen by the
 * sockets' SO_PRIORITY (a priority equal to a class id selects it):
 * - qdisc EINVAL without TCA_OPTIONS, without TCA_HTB_INIT and for
 *   version 2; class EINVAL without TCA_HTB_PARMS and for a zero rate or
 *   ceil, EEXIST for an existing class id with NLM_F_EXCL; deleting a
 *   class with a child EBUSY;
 * - rate, ceil, buffer, quantum and level read back (TCA_HTB_PARMS);
 * - a root class of 25000 B/s (ceil the same, 3000 byte bursts), the
 *   default class: 40 datagrams of 1042 byte frames all arrive, in
 *   order, no sooner than the rate allows after the burst (a lower bound
 *   only: a slow guest only takes longer), within a generous scaled
 *   upper bound; the class counts exactly 40 packets, 40 x 1042 bytes,
 *   no drop, 40 sent on its own tokens (lends) and 0 borrowed;
 * - a leaf of 5000 B/s with ceil 50000 B/s under a parent of 50000 B/s:
 *   20 datagrams exceed its burst and rate, so it borrows: borrows > 0,
 *   its lends + borrows == 20, its parent lends exactly what it
 *   borrowed and counts the same 20 packets and bytes;
 * - priority 1:0 (the qdisc's own handle) bypasses the classes: the
 *   qdisc's direct_pkts + 5, the class counters unchanged.
 */
#include <linux/if_ether.h>
#include <linux/pkt_sched.h>
#include <linux/gen_stats.h>
#include "tst_test.h"
#include "net_hosts.h"
#include "socket_helpers.h"

#define PAYLOAD 1000
#define FRAME (PAYLOAD + 8 + 20 + 14)
#define QDISC 0x10000
#define C_PARENT 0x10001
#define C_DEFAULT 0x10010
#define C_LEAF 0x10020
#define RATE 25000
#define BURST 3000
#define N_RATE 40
#define N_BORROW 20
#define N_DIRECT 5

struct htbstats {
	int found;
	uint64_t bytes;
	uint32_t packets, drops, qlen;
	struct tc_htb_opt opt;
	struct tc_htb_xstats x;
	struct tc_htb_glob glob;
};

struct sel {
	int type;
	uint32_t handle;
	struct htbstats *t;
};

static void tc_cb(struct nlmsghdr *nh, void *priv)
{
	struct sel *s = priv;
	struct tcmsg *tcm = NLMSG_DATA(nh);
	struct rtattr *st, *a, *opt;

	if (nh->nlmsg_type != s->type || tcm->tcm_handle != s->handle)
		return;
	s->t->found = 1;
	st = rtnl_attr(nh, sizeof(*tcm), TCA_STATS2);
	a = st ? rtnl_nested(st, TCA_STATS_BASIC) : NULL;
	if (a && RTA_PAYLOAD(a) >= sizeof(struct gnet_stats_basic)) {
		struct gnet_stats_basic *b = RTA_DATA(a);

		s->t->bytes = b->bytes;
		s->t->packets = b->packets;
	}
	a = st ? rtnl_nested(st, TCA_STATS_QUEUE) : NULL;
	if (a && RTA_PAYLOAD(a) >= sizeof(struct gnet_stats_queue)) {
		struct gnet_stats_queue *q = RTA_DATA(a);

		s->t->drops = q->drops;
		s->t->qlen = q->qlen;
	}
	a = st ? rtnl_nested(st, TCA_STATS_APP) : NULL;
	if (a && RTA_PAYLOAD(a) >= sizeof(s->t->x))
		memcpy(&s->t->x, RTA_DATA(a), sizeof(s->t->x));
	opt = rtnl_attr(nh, sizeof(*tcm), TCA_OPTIONS);
	a = opt ? rtnl_nested(opt, TCA_HTB_PARMS) : NULL;
	if (a && RTA_PAYLOAD(a) >= sizeof(s->t->opt))
		memcpy(&s->t->opt, RTA_DATA(a), sizeof(s->t->opt));
	a = opt ? rtnl_nested(opt, TCA_HTB_INIT) : NULL;
	if (a && RTA_PAYLOAD(a) >= sizeof(s->t->glob))
		memcpy(&s->t->glob, RTA_DATA(a), sizeof(s->t->glob));
}

/* The qdisc (RTM_GETQDISC) or class (RTM_GETTCLASS) handle of net0. */
static void tc_get(int type, uint32_t handle, struct htbstats *t)
{
	static struct rtnl_msg m;
	struct tcmsg tcm = {
		.tcm_family = AF_UNSPEC, .tcm_ifindex = rtnl_ifindex("net0"),
	};
	struct sel s = { type == RTM_GETQDISC ? RTM_NEWQDISC : RTM_NEWTCLASS,
			 handle, t };

	net_enter(NET_A);
	memset(t, 0, sizeof(*t));
	rtnl_msg_init(&m, type, NLM_F_DUMP, &tcm, sizeof(tcm));
	RTNL_SAFE(rtnl_talk_cb(&m, tc_cb, &s));
	if (!t->found)
		tst_brk(TBROK, "%x:%x not in the dump", handle >> 16,
			handle & 0xffff);
}

static void tc_msg(struct rtnl_msg *m, int type, int flags, uint32_t parent,
		   uint32_t handle, const char *kind)
{
	struct tcmsg tcm = {
		.tcm_family = AF_UNSPEC, .tcm_ifindex = rtnl_ifindex("net0"),
		.tcm_parent = parent, .tcm_handle = handle,
	};

	net_enter(NET_A);
	rtnl_msg_init(m, type, flags, &tcm, sizeof(tcm));
	if (kind)
		rtnl_put_str(m, TCA_KIND, kind);
}

/* what: 0 no TCA_OPTIONS, 1 no TCA_HTB_INIT, else the version. */
static int qdisc_add(int what)
{
	static struct rtnl_msg m;
	struct tc_htb_glob g = {
		.version = what, .rate2quantum = 10, .defcls = C_DEFAULT & 0xffff,
	};

	tc_msg(&m, RTM_NEWQDISC, NLM_F_CREATE | NLM_F_EXCL, TC_H_ROOT, QDISC,
	       "htb");
	if (what) {
		rtnl_nest(&m, TCA_OPTIONS);
		if (what > 1)
			rtnl_put(&m, TCA_HTB_INIT, &g, sizeof(g));
		rtnl_nest_end(&m);
	}
	return rtnl_talk(&m);
}

static uint32_t ticks(uint32_t bytes, uint32_t rate)
{
	/* the time bytes last at rate, in scheduler ticks (ns >> 6) */
	return ((uint64_t)bytes * 1000000000ULL / rate) >> 6;
}

/* A class; parms 0: no TCA_HTB_PARMS. flags: NLM_F_EXCL. */
static int class_add(uint32_t parent, uint32_t id, uint32_t rate,
		     uint32_t ceil, int parms, int flags)
{
	static struct rtnl_msg m;
	struct tc_htb_opt o = {
		.rate = { .rate = rate, .linklayer = TC_LINKLAYER_ETHERNET },
		.ceil = { .rate = ceil, .linklayer = TC_LINKLAYER_ETHERNET },
		.buffer = rate ? ticks(BURST, rate) : 0,
		.cbuffer = ceil ? ticks(BURST, ceil) : 0,
		.quantum = 1514,
	};

	tc_msg(&m, RTM_NEWTCLASS, NLM_F_CREATE | flags, parent, id, "htb");
	rtnl_nest(&m, TCA_OPTIONS);
	if (parms)
		rtnl_put(&m, TCA_HTB_PARMS, &o, sizeof(o));
	rtnl_nest_end(&m);
	return rtnl_talk(&m);
}

static int class_del(uint32_t id)
{
	static struct rtnl_msg m;

	tc_msg(&m, RTM_DELTCLASS, 0, QDISC, id, NULL);
	return rtnl_talk(&m);
}

static int qdisc_del(void)
{
	static struct rtnl_msg m;

	tc_msg(&m, RTM_DELQDISC, 0, TC_H_ROOT, QDISC, NULL);
	return rtnl_talk(&m);
}

static int sender(int prio)
{
	int s = net_socket(NET_A, AF_INET, SOCK_DGRAM);

	if (setsockopt(s, SOL_SOCKET, SO_PRIORITY, &prio, sizeof(prio)))
		tst_brk(TBROK | TERRNO, "setsockopt(SO_PRIORITY, %x)", prio);
	return s;
}

static void send_n(int s, const struct sockaddr_storage *to, int n)
{
	static char buf[PAYLOAD];
	int i;

	for (i = 0; i < n; i++) {
		buf[0] = i;
		if (sendto(s, buf, PAYLOAD, 0, (const struct sockaddr *)to,
			   sizeof(struct sockaddr_in)) != PAYLOAD)
			tst_brk(TBROK | TERRNO, "sendto()");
	}
}

/* n datagrams in order; the time the last one came. */
static long long receive_n(int r, int n, const char *what)
{
	static char buf[PAYLOAD + 1];
	int got = 0, order = 1;

	while (got < n && net_poll(r, POLLIN, 20000) &&
	       recv(r, buf, sizeof(buf), MSG_DONTWAIT) == PAYLOAD) {
		if (buf[0] != (char)got)
			order = 0;
		got++;
	}
	if (got == n && order)
		tst_res(TPASS, "%s: %d datagrams arrived in order", what, n);
	else
		tst_res(TFAIL, "%s: %d of %d datagrams arrived%s", what, got, n,
			order ? "" : ", out of order");
	return tst_mono_ms();
}

static void errors(void)
{
	TST_EXP_EQ_LI(qdisc_add(0), -EINVAL);
	TST_EXP_EQ_LI(qdisc_add(1), -EINVAL);
	TST_EXP_EQ_LI(qdisc_add(2), -EINVAL);
	RTNL_SAFE(qdisc_add(3));
	TST_EXP_EQ_LI(class_add(QDISC, C_DEFAULT, RATE, RATE, 0, 0), -EINVAL);
	TST_EXP_EQ_LI(class_add(QDISC, C_DEFAULT, 0, RATE, 1, 0), -EINVAL);
	TST_EXP_EQ_LI(class_add(QDISC, C_DEFAULT, RATE, 0, 1, 0), -EINVAL);
}

static void classes(void)
{
	struct htbstats t;

	RTNL_SAFE(class_add(QDISC, C_DEFAULT, RATE, RATE, 1, 0));
	TST_EXP_EQ_LI(class_add(QDISC, C_DEFAULT, RATE, RATE, 1, NLM_F_EXCL),
		      -EEXIST);
	RTNL_SAFE(class_add(QDISC, C_PARENT, 2 * RATE, 2 * RATE, 1, 0));
	RTNL_SAFE(class_add(C_PARENT, C_LEAF, RATE / 5, 2 * RATE, 1, 0));
	TST_EXP_EQ_LI(class_del(C_PARENT), -EBUSY);

	tc_get(RTM_GETTCLASS, C_DEFAULT, &t);
	if (t.opt.rate.rate == RATE && t.opt.ceil.rate == RATE &&
	    t.opt.buffer == ticks(BURST, RATE) &&
	    t.opt.cbuffer == ticks(BURST, RATE) && t.opt.quantum == 1514 &&
	    t.opt.level == 0)
		tst_res(TPASS, "class 1:10 read back: rate %u ceil %u B/s, buffer %u ticks, quantum 1514, level 0",
			t.opt.rate.rate, t.opt.ceil.rate, t.opt.buffer);
	else
		tst_res(TFAIL, "class 1:10 read back: rate %u ceil %u, buffer %u cbuffer %u (expected %u), quantum %u, level %u",
			t.opt.rate.rate, t.opt.ceil.rate, t.opt.buffer,
			t.opt.cbuffer, ticks(BURST, RATE), t.opt.quantum,
			t.opt.level);
	tc_get(RTM_GETTCLASS, C_PARENT, &t);
	NET_EXP_EQ(t.opt.level, 7, "parent class level (inner of the 8)");
}

static void rate(int r, const struct sockaddr_storage *to)
{
	int s = net_socket(NET_A, AF_INET, SOCK_DGRAM);
	long long t0, el, lo, hi;
	struct htbstats t;

	/* the tokens are full (the class is older than its burst lasts) */
	t0 = tst_mono_ms();
	send_n(s, to, N_RATE);
	el = receive_n(r, N_RATE, "default class at 25000 B/s") - t0;
	/*
	 * The last frame leaves once the rate has paid for all but the
	 * burst and itself (a class sends while its tokens are not
	 * negative, then goes below zero by the frame): the least time any
	 * htb may take. 2 ms less for the millisecond clock readings.
	 */
	lo = (long long)(N_RATE * FRAME - BURST - FRAME) * 1000 / RATE - 2;
	hi = net_ms(4 * N_RATE * FRAME * 1000 / RATE + 5000);
	if (el >= lo && el <= hi)
		tst_res(TPASS, "40 frames at 25000 B/s took %lld ms (%lld to %lld)",
			el, lo, hi);
	else
		tst_res(TFAIL, "40 frames at 25000 B/s took %lld ms, expected %lld to %lld",
			el, lo, hi);
	tc_get(RTM_GETTCLASS, C_DEFAULT, &t);
	NET_EXP_EQ(t.packets, N_RATE, "class 1:10 packets");
	NET_EXP_EQ(t.bytes, N_RATE * FRAME, "class 1:10 bytes");
	NET_EXP_EQ(t.drops, 0, "class 1:10 drops");
	NET_EXP_EQ(t.x.lends, N_RATE, "class 1:10 sent on its own tokens");
	NET_EXP_EQ(t.x.borrows, 0, "class 1:10 borrowed (a root class)");
	close(s);
}

static void borrow(int r, const struct sockaddr_storage *to)
{
	int s = sender(C_LEAF);
	struct htbstats l, p;

	send_n(s, to, N_BORROW);
	receive_n(r, N_BORROW, "leaf 1:20 with ceil above its rate");
	tc_get(RTM_GETTCLASS, C_LEAF, &l);
	tc_get(RTM_GETTCLASS, C_PARENT, &p);
	NET_EXP_EQ(l.packets, N_BORROW, "leaf 1:20 packets");
	NET_EXP_EQ(l.bytes, N_BORROW * FRAME, "leaf 1:20 bytes");
	if (l.x.borrows > 0 && l.x.lends + l.x.borrows == N_BORROW)
		tst_res(TPASS, "leaf 1:20: %u on its own tokens, %u borrowed",
			l.x.lends, l.x.borrows);
	else
		tst_res(TFAIL, "leaf 1:20: %u on its own tokens, %u borrowed (expected some of 20)",
			l.x.lends, l.x.borrows);
	NET_EXP_EQ(p.x.lends, l.x.borrows,
		   "parent 1:1 lent what the leaf borrowed");
	NET_EXP_EQ(p.packets, N_BORROW, "parent 1:1 packets");
	NET_EXP_EQ(p.bytes, N_BORROW * FRAME, "parent 1:1 bytes");
	close(s);
}

static void direct(int r, const struct sockaddr_storage *to)
{
	int s = sender(QDISC);
	struct htbstats q0, q1, c;

	tc_get(RTM_GETQDISC, QDISC, &q0);
	send_n(s, to, N_DIRECT);
	receive_n(r, N_DIRECT, "priority 1:0");
	tc_get(RTM_GETQDISC, QDISC, &q1);
	NET_EXP_EQ(q1.glob.direct_pkts - q0.glob.direct_pkts, N_DIRECT,
		   "qdisc direct_pkts for priority 1:0");
	tc_get(RTM_GETTCLASS, C_DEFAULT, &c);
	NET_EXP_EQ(c.packets, N_RATE, "class 1:10 packets after them");
	tc_get(RTM_GETTCLASS, C_LEAF, &c);
	NET_EXP_EQ(c.packets, N_BORROW, "class 1:20 packets after them");
	close(s);
}

static void run(void)
{
	struct sockaddr_storage to;
	int r = net_bound(NET_B, AF_INET, SOCK_DGRAM, &to);

	errors();
	classes();
	rate(r, &to);
	borrow(r, &to);
	direct(r, &to);
	RTNL_SAFE(class_del(C_LEAF));
	RTNL_SAFE(class_del(C_PARENT));
	RTNL_SAFE(qdisc_del());
	close(r);
}

/* No IPv6 and a static ARP entry on the link: only the test's frames. */
static void quiet(int h, int peer)
{
	struct rtnl_link_info li;
	struct sockaddr_storage ss;

	net_enter(peer);
	RTNL_SAFE(rtnl_link_get(0, "net0", &li));
	net_sysctl(h, "net/ipv6/conf/net0/disable_ipv6", "1");
	net_addr(peer, AF_INET, 0, &ss);
	RTNL_SAFE(rtnl_neigh_add(rtnl_ifindex("net0"), AF_INET,
				 net_rawaddr(&ss), li.addr, NUD_PERMANENT));
}

static void setup(void)
{
	int ret;

	sock_pin_cpu();
	net_hosts_setup();
	quiet(NET_A, NET_B);
	quiet(NET_B, NET_A);
	ret = qdisc_add(3);
	if (ret == -ENOENT)
		tst_brk(TCONF, "no htb qdisc (sch_htb missing)");
	RTNL_SAFE(ret);
	RTNL_SAFE(qdisc_del());
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.timeout = 60,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_NET_SCH_HTB", NULL
	},
};
