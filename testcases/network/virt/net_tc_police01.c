// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The police action (act_police) on the remote host's clsact ingress,
 * behind flower filters on UDP ports, over rtnetlink with no tc binary;
 * a byte budget so slow (100 B/s, 25 s of burst) that no refill during
 * the test lets a packet through, so the counts are exact:
 * - errnos: no TCA_POLICE_TBF EINVAL, a TBF of the wrong size EINVAL,
 *   a rate without its rate table ENOMEM (qdisc_get_rtab() fails and the
 *   error set before it is returned), a packet rate without a packet
 *   burst EINVAL, a packet rate beside a byte rate EINVAL, an invalid
 *   conform action (TCA_POLICE_RESULT) EINVAL;
 * - conform ok, exceed drop: of 5 back-to-back datagrams of 1028 IP
 *   bytes (10.28 s each at 100 B/s) exactly the first 2 arrive; the
 *   action counts 5 packets, 5 x 1028 bytes, 3 overlimits, 3 drops;
 * - the reverse, conform drop, exceed ok: the first 2 are dropped, the
 *   next 3 arrive; 5 packets, 3 overlimits, 2 drops (drops follow the
 *   verdict, overlimits the budget).
 */
#include <linux/if_ether.h>
#include <linux/pkt_sched.h>
#include <linux/pkt_cls.h>
#include <linux/gen_stats.h>
#include "tst_test.h"
#include "net_hosts.h"
#include "net_tc.h"
#include "socket_helpers.h"

#define PAYLOAD 1000
#define IPLEN (PAYLOAD + 8 + 20)
#define RATE 100
#define BURST 2500
/* 2500 bytes at 100 B/s: 25 s, in scheduler ticks (ns >> 6) */
#define BURST_TICKS ((uint32_t)((BURST * 1000000000ULL / RATE) >> 6))
#define NSEND 5

static int ifindex;

enum {
	P_NO_TBF, P_SHORT_TBF, P_NO_RTAB, P_PPS_NO_BURST, P_PPS_AND_BPS,
	P_BAD_RESULT, P_OK
};

/*
 * A flower filter of prio on UDP port with a police action: conform and
 * exceed verdicts, or one of the broken forms above. The answer.
 */
static int police_filter(int prio, unsigned short port, int conform,
			 int exceed, int form)
{
	static struct rtnl_msg m;
	static uint32_t rtab[256];
	struct tc_police p = {
		.action = exceed,
		.burst = BURST_TICKS,
		.rate = {
			.rate = RATE, .cell_log = 3,
			.linklayer = TC_LINKLAYER_ETHERNET,
		},
	};

	tc_flower_ingress_begin(&m, ifindex, prio);
	rtnl_put_u16(&m, TCA_FLOWER_KEY_ETH_TYPE, htons(ETH_P_IP));
	rtnl_put_u8(&m, TCA_FLOWER_KEY_IP_PROTO, IPPROTO_UDP);
	rtnl_put_u16(&m, TCA_FLOWER_KEY_UDP_DST, htons(port));
	rtnl_nest(&m, TCA_FLOWER_ACT);
	rtnl_nest(&m, 1);
	rtnl_put_str(&m, TCA_ACT_KIND, "police");
	rtnl_nest(&m, TCA_ACT_OPTIONS);
	if (form == P_SHORT_TBF)
		rtnl_put(&m, TCA_POLICE_TBF, &p, sizeof(p) - 4);
	else if (form != P_NO_TBF)
		rtnl_put(&m, TCA_POLICE_TBF, &p, sizeof(p));
	if (form != P_NO_RTAB)
		rtnl_put(&m, TCA_POLICE_RATE, rtab, sizeof(rtab));
	if (form == P_PPS_NO_BURST || form == P_PPS_AND_BPS) {
		uint64_t pps = 10;

		rtnl_put(&m, TCA_POLICE_PKTRATE64, &pps, sizeof(pps));
	}
	if (form == P_PPS_AND_BPS) {
		uint64_t burst = 1000000;

		rtnl_put(&m, TCA_POLICE_PKTBURST64, &burst, sizeof(burst));
	}
	rtnl_put_u32(&m, TCA_POLICE_RESULT,
		     form == P_BAD_RESULT ? 0x7fff : (uint32_t)conform);
	rtnl_nest_end(&m);
	rtnl_nest_end(&m);
	rtnl_nest_end(&m);
	return rtnl_newlink_end(&m);
}

static void act_stats(int prio, struct tc_act_stats *a)
{
	net_enter(NET_B);
	RTNL_SAFE(tc_flower_act_stats(ifindex, prio, a));
}

static void errors(void)
{
	static const struct {
		int form;
		int err;
		const char *what;
	} c[] = {
		{ P_NO_TBF, -EINVAL, "police without TCA_POLICE_TBF" },
		{ P_SHORT_TBF, -EINVAL, "police with a TBF 4 bytes short" },
		{ P_NO_RTAB, -ENOMEM, "police rate without TCA_POLICE_RATE" },
		{ P_PPS_NO_BURST, -EINVAL, "packet rate without packet burst" },
		{ P_PPS_AND_BPS, -EINVAL, "packet rate beside a byte rate" },
		{ P_BAD_RESULT, -EINVAL, "conform action 0x7fff" },
	};
	unsigned int i;
	int ret;

	net_enter(NET_B);
	for (i = 0; i < ARRAY_SIZE(c); i++) {
		ret = police_filter(9, 9, TC_ACT_OK, TC_ACT_SHOT, c[i].form);
		if (ret == c[i].err)
			tst_res(TPASS, "%s: %s", c[i].what,
				tst_strerrno(-ret));
		else
			tst_res(TFAIL, "%s: %s, expected %s", c[i].what,
				tst_strerrno(-ret), tst_strerrno(-c[i].err));
	}
}

/*
 * NSEND datagrams to port of r, then a marker to rm behind them on the
 * CPU's backlog: the arrivals as a string of '+' (arrived) and '-'.
 */
static const char *burst_to(int s, int r, struct sockaddr_storage *to,
			    int rm, struct sockaddr_storage *mto)
{
	static char out[NSEND + 1];
	char buf[PAYLOAD + 1];
	int i;

	for (i = 0; i < NSEND; i++) {
		memset(buf, 'a' + i, PAYLOAD);
		if (sendto(s, buf, PAYLOAD, 0, (struct sockaddr *)to,
			   sizeof(*to)) != PAYLOAD)
			tst_brk(TBROK | TERRNO, "sendto()");
	}
	if (sendto(s, "", 0, 0, (struct sockaddr *)mto, sizeof(*mto)))
		tst_brk(TBROK | TERRNO, "sendto(marker)");
	net_wait(rm, POLLIN);
	if (recv(rm, buf, 1, 0) != 0)
		tst_brk(TBROK, "marker: not empty");
	memset(out, '-', NSEND);
	out[NSEND] = 0;
	while (recv(r, buf, sizeof(buf), MSG_DONTWAIT) == PAYLOAD)
		if (buf[0] >= 'a' && buf[0] < 'a' + NSEND)
			out[buf[0] - 'a'] = '+';
	return out;
}

static void check(int prio, const char *got, const char *exp,
		  uint32_t overl, uint32_t drops, const char *what)
{
	struct tc_act_stats a;

	if (!strcmp(got, exp))
		tst_res(TPASS, "%s: arrivals %s", what, got);
	else
		tst_res(TFAIL, "%s: arrivals %s, expected %s", what, got, exp);
	act_stats(prio, &a);
	if (a.found && a.packets == NSEND && a.bytes == NSEND * IPLEN &&
	    a.overlimits == overl && a.drops == drops)
		tst_res(TPASS, "%s: %u packets, %llu bytes, %u overlimits, %u drops",
			what, a.packets, (unsigned long long)a.bytes,
			a.overlimits, a.drops);
	else
		tst_res(TFAIL, "%s: %s, %u packets, %llu bytes, %u overlimits, %u drops; expected %d, %d, %u, %u",
			what, a.found ? "stats" : "no stats", a.packets,
			(unsigned long long)a.bytes, a.overlimits, a.drops,
			NSEND, NSEND * IPLEN, overl, drops);
}

static void run(void)
{
	static struct rtnl_msg m;
	struct tcmsg tcm = {
		.tcm_family = AF_UNSPEC,
		.tcm_parent = TC_H_CLSACT,
		.tcm_handle = TC_H_MAKE(TC_H_CLSACT, 0),
	};
	struct sockaddr_storage a1, a2, am;
	int r1 = net_bound(NET_B, AF_INET, SOCK_DGRAM, &a1);
	int r2 = net_bound(NET_B, AF_INET, SOCK_DGRAM, &a2);
	int rm = net_bound(NET_B, AF_INET, SOCK_DGRAM, &am);
	int s = net_bound(NET_A, AF_INET, SOCK_DGRAM, NULL);
	int ret;

	net_enter(NET_B);
	ifindex = rtnl_ifindex("net0");
	tcm.tcm_ifindex = ifindex;
	rtnl_msg_init(&m, RTM_NEWQDISC, NLM_F_CREATE | NLM_F_EXCL, &tcm,
		      sizeof(tcm));
	rtnl_put_str(&m, TCA_KIND, "clsact");
	ret = rtnl_talk(&m);
	if (ret == -ENOENT)
		tst_brk(TCONF, "no clsact qdisc (sch_ingress missing)");
	RTNL_SAFE(ret);

	net_enter(NET_B);
	ret = police_filter(1, net_port(&a1), TC_ACT_OK, TC_ACT_SHOT, P_OK);
	if (ret == -ENOENT || ret == -EOPNOTSUPP)
		tst_brk(TCONF, "no police action or flower (%s)",
			tst_strerrno(-ret));
	RTNL_SAFE(ret);
	/* after the probe: a kernel without act_police says ENOENT to all */
	errors();
	net_enter(NET_B);
	RTNL_SAFE(police_filter(2, net_port(&a2), TC_ACT_SHOT, TC_ACT_OK,
				P_OK));

	check(1, burst_to(s, r1, &a1, rm, &am), "++---", 3, 3,
	      "conform ok, exceed drop");
	check(2, burst_to(s, r2, &a2, rm, &am), "--+++", 3, 2,
	      "conform drop, exceed ok");

	SAFE_CLOSE(r1);
	SAFE_CLOSE(r2);
	SAFE_CLOSE(rm);
	SAFE_CLOSE(s);
}

static void setup(void)
{
	/* one backlog: the marker is handled after the datagrams */
	sock_pin_cpu();
	net_hosts_setup();
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.timeout = 60,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_NET_SCH_INGRESS", "CONFIG_NET_CLS_FLOWER",
		"CONFIG_NET_ACT_POLICE", NULL
	},
};
