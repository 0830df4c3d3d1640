// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Queueing disciplines, classifiers and actions over rtnetlink (no tc),
 * on the veth link of net_hosts.h with IPv6 off and static ARP entries,
 * so that only the test's datagrams cross it; counters are read back
 * from the kernel (TCA_STATS2), not timed:
 * - tbf: no TCA_TBF_PARMS, a zero burst, a peak rate not above the rate:
 *   EINVAL; rate 5000 B/s, limit 3000 B and burst 2000 B (as 400 ms
 *   in ticks) read back; 50
 *   back-to-back datagrams of 1042 byte frames: sent + dropped + queued
 *   is 50, at most 2 queued, no more sent than the burst and the rate
 *   allow for the time that passed (the rest dropped, overlimits
 *   counted), and once the queue drained the remote host received
 *   exactly the packets tbf sent;
 * - prio with 3 bands, every priority mapped to band 3: a u32 filter
 *   (IP protocol UDP, destination port P1) to class 1:1 and a flower
 *   filter (UDP, port P2) to class 1:2: 5 and 7 datagrams counted
 *   exactly in those classes, 3 to another port in 1:3;
 * - clsact on the remote net0 with a flower filter (port P4) running
 *   gact drop: 6 datagrams are counted by the action (packets and
 *   drops) and none reaches the socket, a datagram to another port sent
 *   after them does;
 * - a flower filter (port P6) with mirred egress redirect to ifb0: the 4
 *   datagrams pass ifb0 (its rx and tx counters +4, the action's +4)
 *   and all reach the socket.
 */
#include <linux/if_ether.h>
#include <linux/pkt_sched.h>
#include <linux/pkt_cls.h>
#include <linux/gen_stats.h>
#include <linux/tc_act/tc_gact.h>
#include <linux/tc_act/tc_mirred.h>
#include "tst_test.h"
#include "net_hosts.h"
#include "socket_helpers.h"

#define N_TBF 50
#define PAYLOAD 1000
#define FRAME (PAYLOAD + 8 + 20 + 14)
#define RATE 5000
#define BURST 2000
#define LIMIT 3000
/* 2000 bytes at 5000 B/s: 400 ms, in scheduler ticks (ns >> 6) */
#define BUFFER_TICKS ((BURST * 1000000000ULL / RATE) >> 6)
#define P1 42001
#define P2 42002
#define P3 42003
#define P4 42004
#define P5 42005
#define P6 42006

struct tcstats {
	int found;
	char kind[16];
	uint64_t bytes;
	uint32_t packets, qlen, drops, overlimits;
	struct tc_tbf_qopt tbf;
	int has_tbf;
};

static void parse_stats(struct rtattr *st, struct tcstats *t)
{
	struct rtattr *rta;

	rta = rtnl_nested(st, TCA_STATS_BASIC);
	if (rta && RTA_PAYLOAD(rta) >= sizeof(struct gnet_stats_basic)) {
		struct gnet_stats_basic *b = RTA_DATA(rta);

		t->bytes = b->bytes;
		t->packets = b->packets;
	}
	rta = rtnl_nested(st, TCA_STATS_QUEUE);
	if (rta && RTA_PAYLOAD(rta) >= sizeof(struct gnet_stats_queue)) {
		struct gnet_stats_queue *q = RTA_DATA(rta);

		t->qlen = q->qlen;
		t->drops = q->drops;
		t->overlimits = q->overlimits;
	}
}

struct tcsel {
	int type;		/* RTM_NEWQDISC, RTM_NEWTCLASS */
	uint32_t handle;
	struct tcstats *t;
};

static void tc_cb(struct nlmsghdr *nh, void *priv)
{
	struct tcsel *s = priv;
	struct tcmsg *tcm = NLMSG_DATA(nh);
	struct rtattr *rta, *opt;

	if (nh->nlmsg_type != s->type || tcm->tcm_handle != s->handle)
		return;
	s->t->found = 1;
	rta = rtnl_attr(nh, sizeof(*tcm), TCA_KIND);
	if (rta)
		strncpy(s->t->kind, RTA_DATA(rta), sizeof(s->t->kind) - 1);
	rta = rtnl_attr(nh, sizeof(*tcm), TCA_STATS2);
	if (rta)
		parse_stats(rta, s->t);
	opt = rtnl_attr(nh, sizeof(*tcm), TCA_OPTIONS);
	if (opt && !strcmp(s->t->kind, "tbf")) {
		rta = rtnl_nested(opt, TCA_TBF_PARMS);
		if (rta && RTA_PAYLOAD(rta) >= sizeof(s->t->tbf)) {
			memcpy(&s->t->tbf, RTA_DATA(rta), sizeof(s->t->tbf));
			s->t->has_tbf = 1;
		}
	}
}

/* Qdisc (type RTM_GETQDISC) or class (RTM_GETTCLASS) handle of net0. */
static void tc_get(int type, uint32_t handle, struct tcstats *t)
{
	static struct rtnl_msg m;
	struct tcmsg tcm = {
		.tcm_family = AF_UNSPEC, .tcm_ifindex = rtnl_ifindex("net0"),
	};
	struct tcsel s = { type == RTM_GETQDISC ? RTM_NEWQDISC : RTM_NEWTCLASS,
			   handle, t };

	memset(t, 0, sizeof(*t));
	rtnl_msg_init(&m, type, NLM_F_DUMP, &tcm, sizeof(tcm));
	RTNL_SAFE(rtnl_talk_cb(&m, tc_cb, &s));
}

static void qdisc_msg(struct rtnl_msg *m, int type, int flags, uint32_t parent,
		      uint32_t handle, const char *kind)
{
	struct tcmsg tcm = {
		.tcm_family = AF_UNSPEC, .tcm_ifindex = rtnl_ifindex("net0"),
		.tcm_parent = parent, .tcm_handle = handle,
	};

	rtnl_msg_init(m, type, flags, &tcm, sizeof(tcm));
	if (kind)
		rtnl_put_str(m, TCA_KIND, kind);
}

static int qdisc_del(uint32_t parent, uint32_t handle)
{
	static struct rtnl_msg m;

	qdisc_msg(&m, RTM_DELQDISC, 0, parent, handle, NULL);
	return rtnl_talk(&m);
}

static int tbf_add(int parms, uint32_t burst, uint32_t peak)
{
	static struct rtnl_msg m;
	struct tc_tbf_qopt q = {
		.rate = { .rate = RATE, .linklayer = TC_LINKLAYER_ETHERNET },
		.peakrate = { .rate = peak,
			      .linklayer = TC_LINKLAYER_ETHERNET },
		.limit = LIMIT, .mtu = 0,
	};

	qdisc_msg(&m, RTM_NEWQDISC, NLM_F_CREATE | NLM_F_EXCL, TC_H_ROOT,
		  0x10000, "tbf");
	rtnl_nest(&m, TCA_OPTIONS);
	if (parms)
		rtnl_put(&m, TCA_TBF_PARMS, &q, sizeof(q));
	rtnl_put_u32(&m, TCA_TBF_BURST, burst);
	if (peak)
		rtnl_put_u32(&m, TCA_TBF_PBURST, 1600);
	rtnl_nest_end(&m);
	return rtnl_talk(&m);
}

static int udp_to(int h, unsigned short port, struct sockaddr_storage *ss)
{
	int fd = net_socket(h, AF_INET, SOCK_DGRAM);
	socklen_t len = net_addr(h, AF_INET, port, ss);

	if (bind(fd, (struct sockaddr *)ss, len))
		tst_brk(TBROK | TERRNO, "bind(port %u)", port);
	return fd;
}

static void send_n(int s, struct sockaddr_storage *ss, int n, size_t size)
{
	static char buf[PAYLOAD];
	int i;

	for (i = 0; i < n; i++)
		if (sendto(s, buf, size, 0, (struct sockaddr *)ss,
			   sizeof(struct sockaddr_in)) != (ssize_t)size)
			tst_brk(TBROK | TERRNO, "sendto()");
}

/* Datagrams read from r until none came for ms (scaled) or max. */
static int drain(int r, int ms, int max)
{
	static char buf[PAYLOAD];
	int got = 0;

	while (got < max && net_poll(r, POLLIN, ms) &&
	       recv(r, buf, sizeof(buf), MSG_DONTWAIT) >= 0)
		got++;
	return got;
}

static void tbf(void)
{
	struct sockaddr_storage ss;
	int r = udp_to(NET_B, P1, &ss), s, got;
	long long t0, el, bound, end;
	struct tcstats t;

	s = net_socket(NET_A, AF_INET, SOCK_DGRAM);
	TST_EXP_EQ_LI(tbf_add(0, BURST, 0), -EINVAL);
	TST_EXP_EQ_LI(tbf_add(1, 0, 0), -EINVAL);
	TST_EXP_EQ_LI(tbf_add(1, BURST, RATE), -EINVAL);
	t0 = tst_mono_ms();
	RTNL_SAFE(tbf_add(1, BURST, 0));
	tc_get(RTM_GETQDISC, 0x10000, &t);
	/* the burst comes back as the time it lasts at the rate, in ticks */
	if (t.has_tbf && t.tbf.rate.rate == RATE && t.tbf.limit == LIMIT &&
	    t.tbf.buffer == BUFFER_TICKS)
		tst_res(TPASS, "tbf read back: rate %u B/s, limit %u, buffer %u ticks",
			t.tbf.rate.rate, t.tbf.limit, t.tbf.buffer);
	else
		tst_res(TFAIL, "tbf read back: kind '%s', rate %u, limit %u, buffer %u (expected %llu)",
			t.kind, t.tbf.rate.rate, t.tbf.limit, t.tbf.buffer,
			BUFFER_TICKS);

	send_n(s, &ss, N_TBF, PAYLOAD);
	tc_get(RTM_GETQDISC, 0x10000, &t);
	el = tst_mono_ms() - t0;
	/* the burst, the rate for the time since the tokens were full, and one */
	bound = (BURST + el * RATE / 1000) / FRAME + 1;
	NET_EXP_EQ(t.packets + t.drops + t.qlen, N_TBF,
		   "tbf: sent + dropped + queued");
	if (t.packets <= bound && t.qlen <= 2 && t.drops > 0 &&
	    t.overlimits > 0)
		tst_res(TPASS, "tbf: %u sent (at most %lld in %lld ms), %u queued, %u dropped, %u overlimits",
			t.packets, bound, el, t.qlen, t.drops, t.overlimits);
	else
		tst_res(TFAIL, "tbf: %u sent (at most %lld in %lld ms), %u queued, %u dropped, %u overlimits",
			t.packets, bound, el, t.qlen, t.drops, t.overlimits);
	NET_EXP_EQ(t.bytes, (long long)t.packets * FRAME, "tbf: bytes sent");

	end = tst_mono_ms() + net_ms(10000);
	while (t.qlen && tst_mono_ms() < end) {
		net_poll(r, POLLIN, 50);
		tc_get(RTM_GETQDISC, 0x10000, &t);
	}
	tc_get(RTM_GETQDISC, 0x10000, &t);
	NET_EXP_EQ(t.qlen, 0, "tbf: queue drained");
	got = drain(r, 2000, t.packets);
	NET_EXP_EQ(got, t.packets, "datagrams received = packets tbf sent");
	NET_EXP_EQ(net_poll(r, POLLIN, 0), 0, "datagrams beyond those");
	NET_EXP_EQ(got + t.drops, N_TBF, "received + dropped");
	RTNL_SAFE(qdisc_del(TC_H_ROOT, 0x10000));
	close(r);
	close(s);
}

static void filter_begin(struct rtnl_msg *m, uint32_t parent, int prio,
			 const char *kind)
{
	struct tcmsg tcm = {
		.tcm_family = AF_UNSPEC, .tcm_ifindex = rtnl_ifindex("net0"),
		.tcm_parent = parent,
		.tcm_info = TC_H_MAKE(prio << 16, htons(ETH_P_IP)),
	};

	rtnl_msg_init(m, RTM_NEWTFILTER, NLM_F_CREATE | NLM_F_EXCL, &tcm,
		      sizeof(tcm));
	rtnl_put_str(m, TCA_KIND, kind);
	rtnl_nest(m, TCA_OPTIONS);
}

static void flower_udp(struct rtnl_msg *m, unsigned short port)
{
	rtnl_put_u16(m, TCA_FLOWER_KEY_ETH_TYPE, htons(ETH_P_IP));
	rtnl_put_u8(m, TCA_FLOWER_KEY_IP_PROTO, IPPROTO_UDP);
	rtnl_put_u16(m, TCA_FLOWER_KEY_UDP_DST, htons(port));
}

static void prio(void)
{
	static struct rtnl_msg m;
	struct tc_prio_qopt q = { .bands = 3 };
	struct {
		struct tc_u32_sel sel;
		struct tc_u32_key keys[2];
	} u;
	struct sockaddr_storage s1, s2, s3;
	int r1 = udp_to(NET_B, P1, &s1), r2 = udp_to(NET_B, P2, &s2);
	int r3 = udp_to(NET_B, P3, &s3), s, i;
	struct tcstats c1, c2, c3;

	net_enter(NET_A);
	for (i = 0; i <= TC_PRIO_MAX; i++)
		q.priomap[i] = 2;
	qdisc_msg(&m, RTM_NEWQDISC, NLM_F_CREATE | NLM_F_EXCL, TC_H_ROOT,
		  0x10000, "prio");
	rtnl_put(&m, TCA_OPTIONS, &q, sizeof(q));
	RTNL_SAFE(rtnl_talk(&m));

	memset(&u, 0, sizeof(u));
	u.sel.flags = TC_U32_TERMINAL;
	u.sel.nkeys = 2;
	/* IP header bytes 8-11: TTL, protocol, checksum */
	u.keys[0].mask = htonl(0x00ff0000);
	u.keys[0].val = htonl(IPPROTO_UDP << 16);
	u.keys[0].off = 8;
	/* UDP header bytes 0-3 after a 20 byte IP header: ports */
	u.keys[1].mask = htonl(0x0000ffff);
	u.keys[1].val = htonl(P1);
	u.keys[1].off = 20;
	filter_begin(&m, 0x10000, 1, "u32");
	rtnl_put_u32(&m, TCA_U32_CLASSID, 0x10001);
	rtnl_put(&m, TCA_U32_SEL, &u, sizeof(u));
	RTNL_SAFE(rtnl_newlink_end(&m));
	filter_begin(&m, 0x10000, 2, "flower");
	rtnl_put_u32(&m, TCA_FLOWER_CLASSID, 0x10002);
	flower_udp(&m, P2);
	RTNL_SAFE(rtnl_newlink_end(&m));

	s = net_socket(NET_A, AF_INET, SOCK_DGRAM);
	send_n(s, &s1, 5, 10);
	send_n(s, &s2, 7, 10);
	send_n(s, &s3, 3, 10);
	tc_get(RTM_GETTCLASS, 0x10001, &c1);
	tc_get(RTM_GETTCLASS, 0x10002, &c2);
	tc_get(RTM_GETTCLASS, 0x10003, &c3);
	NET_EXP_EQ(c1.packets, 5, "prio class 1:1 (u32, port P1) packets");
	NET_EXP_EQ(c2.packets, 7, "prio class 1:2 (flower, port P2) packets");
	NET_EXP_EQ(c3.packets, 3, "prio class 1:3 (priomap) packets");
	NET_EXP_EQ(drain(r1, 2000, 5) + drain(r2, 2000, 7) +
		   drain(r3, 2000, 3), 15, "datagrams through prio");
	net_enter(NET_A);
	RTNL_SAFE(qdisc_del(TC_H_ROOT, 0x10000));
	close(r1);
	close(r2);
	close(r3);
	close(s);
}

struct actstats {
	int found;
	uint32_t packets, drops;
};

static void act_cb(struct nlmsghdr *nh, void *priv)
{
	struct tcmsg *tcm = NLMSG_DATA(nh);
	struct actstats *a = priv;
	struct rtattr *opt, *acts, *act, *st;

	if (nh->nlmsg_type != RTM_NEWTFILTER || !tcm->tcm_handle)
		return;
	opt = rtnl_attr(nh, sizeof(*tcm), TCA_OPTIONS);
	acts = opt ? rtnl_nested(opt, TCA_FLOWER_ACT) : NULL;
	act = acts ? rtnl_nested(acts, 1) : NULL;
	st = act ? rtnl_nested(act, TCA_ACT_STATS) : NULL;
	if (!st)
		return;
	a->found = 1;
	{
		struct tcstats t = { 0 };

		parse_stats(st, &t);
		a->packets = t.packets;
		a->drops = t.drops;
	}
}

/* The stats of the first action of the ingress filter of prio. */
static void ingress_act(int prio, struct actstats *a)
{
	static struct rtnl_msg m;
	struct tcmsg tcm = {
		.tcm_family = AF_UNSPEC, .tcm_ifindex = rtnl_ifindex("net0"),
		.tcm_parent = TC_H_MAKE(TC_H_CLSACT, TC_H_MIN_INGRESS),
		.tcm_info = TC_H_MAKE(prio << 16, htons(ETH_P_IP)),
	};

	memset(a, 0, sizeof(*a));
	rtnl_msg_init(&m, RTM_GETTFILTER, NLM_F_DUMP, &tcm, sizeof(tcm));
	RTNL_SAFE(rtnl_talk_cb(&m, act_cb, a));
}

static void ingress_filter(int prio, unsigned short port, const char *act,
			   const void *parms, size_t plen, int parms_type)
{
	static struct rtnl_msg m;

	filter_begin(&m, TC_H_MAKE(TC_H_CLSACT, TC_H_MIN_INGRESS), prio,
		     "flower");
	flower_udp(&m, port);
	rtnl_nest(&m, TCA_FLOWER_ACT);
	rtnl_nest(&m, 1);
	rtnl_put_str(&m, TCA_ACT_KIND, act);
	rtnl_nest(&m, TCA_ACT_OPTIONS);
	rtnl_put(&m, parms_type, parms, plen);
	RTNL_SAFE(rtnl_newlink_end(&m));
}

static void clsact(void)
{
	static struct rtnl_msg m;
	struct tc_gact gact = { .action = TC_ACT_SHOT };
	struct tc_mirred mir = {
		.action = TC_ACT_STOLEN, .eaction = TCA_EGRESS_REDIR,
	};
	struct sockaddr_storage s4, s5, s6;
	int r4 = udp_to(NET_B, P4, &s4), r5 = udp_to(NET_B, P5, &s5);
	int r6 = udp_to(NET_B, P6, &s6), s, ifb, ret;
	struct rtnl_link_info l0, l1;
	struct actstats a;
	char c;

	net_enter(NET_B);
	qdisc_msg(&m, RTM_NEWQDISC, NLM_F_CREATE | NLM_F_EXCL, TC_H_CLSACT,
		  TC_H_MAKE(TC_H_CLSACT, 0), "clsact");
	RTNL_SAFE(rtnl_talk(&m));
	ingress_filter(1, P4, "gact", &gact, sizeof(gact), TCA_GACT_PARMS);

	s = net_socket(NET_A, AF_INET, SOCK_DGRAM);
	send_n(s, &s4, 6, 10);
	send_n(s, &s5, 1, 1);
	/* one CPU's backlog in order: the drops happened before this one */
	if (!net_poll(r5, POLLIN, 10000) || recv(r5, &c, 1, 0) != 1)
		tst_brk(TBROK, "no datagram to the port after the dropped ones");
	NET_EXP_EQ(net_poll(r4, POLLIN, 0), 0,
		   "datagrams to the gact drop port (poll)");
	net_enter(NET_B);
	ingress_act(1, &a);
	if (a.found && a.packets == 6 && a.drops == 6)
		tst_res(TPASS, "gact drop counted 6 packets, 6 drops");
	else
		tst_res(TFAIL, "gact: %s, %u packets, %u drops (expected 6)",
			a.found ? "found" : "no stats", a.packets, a.drops);

	ret = rtnl_link_add("ifb0", "ifb");
	if (ret == -EOPNOTSUPP) {
		tst_res(TCONF, "no ifb link kind (ifb module missing)");
		goto out;
	}
	RTNL_SAFE(ret);
	ifb = rtnl_ifindex("ifb0");
	RTNL_SAFE(rtnl_link_up(ifb));
	mir.ifindex = ifb;
	ingress_filter(2, P6, "mirred", &mir, sizeof(mir), TCA_MIRRED_PARMS);
	RTNL_SAFE(rtnl_link_get(ifb, NULL, &l0));
	send_n(s, &s6, 4, 10);
	NET_EXP_EQ(drain(r6, 5000, 4), 4, "datagrams redirected through ifb0");
	net_enter(NET_B);
	RTNL_SAFE(rtnl_link_get(ifb, NULL, &l1));
	NET_EXP_EQ(l1.stats.rx_packets - l0.stats.rx_packets, 4,
		   "ifb0 rx_packets");
	NET_EXP_EQ(l1.stats.tx_packets - l0.stats.tx_packets, 4,
		   "ifb0 tx_packets");
	ingress_act(2, &a);
	NET_EXP_EQ(a.packets, 4, "mirred action packets");
	RTNL_SAFE(rtnl_link_del(ifb));
out:
	net_enter(NET_B);
	RTNL_SAFE(qdisc_del(TC_H_CLSACT, TC_H_MAKE(TC_H_CLSACT, 0)));
	close(r4);
	close(r5);
	close(r6);
	close(s);
}

static void run(void)
{
	net_enter(NET_A);
	tbf();
	prio();
	clsact();
}

/* No IPv6 and static ARP on the link: only the test's datagrams. */
static void quiet(int h, int peer)
{
	struct rtnl_link_info li;
	struct sockaddr_storage ss;

	net_enter(peer);
	RTNL_SAFE(rtnl_link_get(0, "net0", &li));
	net_sysctl(h, "net/ipv6/conf/net0/disable_ipv6", "1");
	/* ifb0 sends nothing of its own either (its rx counter would move) */
	net_sysctl(h, "net/ipv6/conf/default/disable_ipv6", "1");
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
	net_enter(NET_A);
	ret = tbf_add(1, BURST, 0);
	if (ret == -ENOENT)
		tst_brk(TCONF, "no tbf qdisc (sch_tbf missing)");
	RTNL_SAFE(ret);
	RTNL_SAFE(qdisc_del(TC_H_ROOT, 0x10000));
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.timeout = 60,
};
