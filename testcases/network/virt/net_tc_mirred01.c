// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * tc mirred mirror and redirect from the remote host's clsact ingress
 * on net0 to a dummy device (dummy0: no ARP, no IPv6, so it sends only
 * what mirred gives it), flower filters on UDP ports, IPv4:
 * - mirred EINVAL without TCA_MIRRED_PARMS, for eaction 99 and for
 *   ifindex 0, ENODEV for a missing ifindex;
 * - egress mirror (TC_ACT_PIPE) on port P1: 5 datagrams of 100 bytes all
 *   reach the socket, and dummy0 sends exactly 5 frames: a packet socket
 *   on it reads each as sent (142 bytes, the UDP port and payload),
 *   tx_packets + 5, tx_bytes + 5 x 142; the action counts 5 packets of
 *   128 bytes (from the IP header) and no overlimits;
 * - egress redirect (TC_ACT_STOLEN) on port P2: 5 datagrams, none reach
 *   the socket, dummy0 sends 5 (and the mirrored sentinel to P1);
 * - dummy0 down: a mirror still delivers (3 datagrams) and a redirect
 *   drops (2), dummy0 sends nothing, each action counts its packets as
 *   overlimits (3 and 2).
 */
#include <linux/if_ether.h>
#include <linux/if_packet.h>
#include <linux/pkt_sched.h>
#include <linux/pkt_cls.h>
#include <linux/gen_stats.h>
#include <linux/tc_act/tc_mirred.h>
#include <netinet/ip.h>
#include <netinet/udp.h>
#include "tst_test.h"
#include "net_hosts.h"
#include "net_tc.h"
#include "socket_helpers.h"

#define PAYLOAD 100
#define FRAME (14 + 20 + 8 + PAYLOAD)

static int ifindex, dummy, cap = -1;

static void filter_begin(struct rtnl_msg *m, int prio, unsigned short port)
{
	tc_flower_ingress_begin(m, ifindex, prio);
	rtnl_put_u16(m, TCA_FLOWER_KEY_ETH_TYPE, htons(ETH_P_IP));
	rtnl_put_u8(m, TCA_FLOWER_KEY_IP_PROTO, IPPROTO_UDP);
	rtnl_put_u16(m, TCA_FLOWER_KEY_UDP_DST, htons(port));
}

/* A flower filter with a mirred action; parms NULL: no TCA_MIRRED_PARMS. */
static int mirred_filter(int prio, unsigned short port,
			 const struct tc_mirred *parms)
{
	static struct rtnl_msg m;

	net_enter(NET_B);
	filter_begin(&m, prio, port);
	rtnl_nest(&m, TCA_FLOWER_ACT);
	rtnl_nest(&m, 1);
	rtnl_put_str(&m, TCA_ACT_KIND, "mirred");
	rtnl_nest(&m, TCA_ACT_OPTIONS);
	if (parms)
		rtnl_put(&m, TCA_MIRRED_PARMS, parms, sizeof(*parms));
	rtnl_nest_end(&m);
	rtnl_nest_end(&m);
	rtnl_nest_end(&m);
	return rtnl_newlink_end(&m);
}

static void act_stats(int prio, struct tc_act_stats *a)
{
	net_enter(NET_B);
	RTNL_SAFE(tc_flower_act_stats(ifindex, prio, a));
	if (!a->found)
		tst_brk(TBROK, "no action stats of the filter of prio %d",
			prio);
}

static void check_act(int prio, uint32_t packets, uint32_t overl,
		      const char *what)
{
	struct tc_act_stats a;

	act_stats(prio, &a);
	if (a.packets == packets && a.overlimits == overl &&
	    a.bytes == (uint64_t)packets * (FRAME - 14))
		tst_res(TPASS, "%s: %u packets, %llu bytes, %u overlimits",
			what, a.packets, (unsigned long long)a.bytes,
			a.overlimits);
	else
		tst_res(TFAIL, "%s: %u packets, %llu bytes, %u overlimits; expected %u, %u, %u",
			what, a.packets, (unsigned long long)a.bytes,
			a.overlimits, packets, packets * (FRAME - 14), overl);
}

static void tx_of(uint64_t *pk, uint64_t *by)
{
	struct rtnl_link_info li;

	net_enter(NET_B);
	RTNL_SAFE(rtnl_link_get(dummy, NULL, &li));
	*pk = li.stats.tx_packets;
	*by = li.stats.tx_bytes;
}

static void send_n(int s, const struct sockaddr_storage *to, int n, int seed)
{
	char buf[PAYLOAD];
	int k, i;

	for (k = 0; k < n; k++) {
		for (i = 0; i < PAYLOAD; i++)
			buf[i] = seed + k + i;
		if (sendto(s, buf, PAYLOAD, 0, (const struct sockaddr *)to,
			   sizeof(struct sockaddr_in)) != PAYLOAD)
			tst_brk(TBROK | TERRNO, "sendto()");
	}
}

/* Datagrams read from r: up to want (bounded), then what is queued. */
static int arrivals(int r, int want, int seed)
{
	char buf[PAYLOAD + 1];
	int n = 0, i, bad = 0;

	while (net_poll(r, POLLIN, n < want ? 10000 : 0)) {
		if (recv(r, buf, sizeof(buf), MSG_DONTWAIT) != PAYLOAD)
			bad++;
		for (i = 0; i < PAYLOAD; i++)
			if (buf[i] != (char)(seed + n + i))
				bad++;
		n++;
	}
	return bad ? -1 : n;
}

/* Frames dummy0 sent to port: each checked against seed; the count. */
static int captured(int want, unsigned short port, int seed, int *other)
{
	unsigned char f[2048];
	int n = 0, bad = 0, k = 0;
	ssize_t len;

	*other = 0;
	while (net_poll(cap, POLLIN, n + *other < want ? 10000 : 0)) {
		struct iphdr *ip = (struct iphdr *)(f + 14);
		struct udphdr *uh = (struct udphdr *)(f + 34);
		int i;

		len = recv(cap, f, sizeof(f), MSG_DONTWAIT);
		if (len < 42 || f[12] != 0x08 || f[13] != 0 ||
		    ip->protocol != IPPROTO_UDP || ntohs(uh->dest) != port) {
			(*other)++;
			continue;
		}
		if (len != FRAME)
			bad++;
		for (i = 0; i < PAYLOAD && len == FRAME; i++)
			if (f[42 + i] != (unsigned char)(seed + k + i))
				bad++;
		k++;
		n++;
	}
	return bad ? -1 : n;
}

static void exp_err(int ret, int exp, const char *what)
{
	if (ret == exp)
		tst_res(TPASS, "%s: %s", what, tst_strerrno(-exp));
	else
		tst_res(TFAIL, "%s: %s, expected %s", what, tst_strerrno(-ret),
			tst_strerrno(-exp));
}

static void errnos(void)
{
	struct tc_mirred p = {
		.action = TC_ACT_PIPE, .eaction = TCA_EGRESS_MIRROR,
		.ifindex = dummy,
	};

	exp_err(mirred_filter(9, 9, NULL), -EINVAL,
		"mirred without TCA_MIRRED_PARMS");
	p.eaction = 99;
	exp_err(mirred_filter(9, 9, &p), -EINVAL, "mirred eaction 99");
	p.eaction = TCA_EGRESS_MIRROR;
	p.ifindex = 0;
	exp_err(mirred_filter(9, 9, &p), -EINVAL, "mirred ifindex 0");
	p.ifindex = 99999;
	exp_err(mirred_filter(9, 9, &p), -ENODEV,
		"mirred to a missing ifindex");
}

static void run(void)
{
	struct tc_mirred mir = {
		.action = TC_ACT_PIPE, .eaction = TCA_EGRESS_MIRROR,
	};
	struct tc_mirred red = {
		.action = TC_ACT_STOLEN, .eaction = TCA_EGRESS_REDIR,
	};
	struct sockaddr_storage t1, t2;
	int r1 = net_bound(NET_B, AF_INET, SOCK_DGRAM, &t1);
	int r2 = net_bound(NET_B, AF_INET, SOCK_DGRAM, &t2);
	int s = net_bound(NET_A, AF_INET, SOCK_DGRAM, NULL);
	unsigned short p1 = net_port(&t1), p2 = net_port(&t2);
	uint64_t pk0, by0, pk1, by1;
	int other;

	errnos();
	mir.ifindex = red.ifindex = dummy;
	RTNL_SAFE(mirred_filter(1, p1, &mir));
	RTNL_SAFE(mirred_filter(2, p2, &red));

	tx_of(&pk0, &by0);
	send_n(s, &t1, 5, 'a');
	NET_EXP_EQ(arrivals(r1, 5, 'a'), 5,
		   "mirror: datagrams intact at the socket");
	NET_EXP_EQ(captured(5, p1, 'a', &other), 5,
		   "mirror: frames dummy0 sent, as sent");
	NET_EXP_EQ(other, 0, "mirror: other frames dummy0 sent");
	tx_of(&pk1, &by1);
	NET_EXP_EQ(pk1 - pk0, 5, "mirror: dummy0 tx_packets growth");
	NET_EXP_EQ(by1 - by0, 5 * FRAME, "mirror: dummy0 tx_bytes growth");
	check_act(1, 5, 0, "mirror action");

	/* the redirected ones first: handled before the sentinel arrives */
	send_n(s, &t2, 5, 'b');
	send_n(s, &t1, 1, 'c');
	NET_EXP_EQ(arrivals(r1, 1, 'c'), 1, "redirect: the sentinel arrived");
	NET_EXP_EQ(arrivals(r2, 0, 'b'), 0, "redirect: datagrams at the socket");
	NET_EXP_EQ(captured(6, p2, 'b', &other), 5,
		   "redirect: frames dummy0 sent, as sent");
	NET_EXP_EQ(other, 1, "redirect: other frames (the sentinel)");
	tx_of(&pk0, &by0);
	NET_EXP_EQ(pk0 - pk1, 6, "redirect: dummy0 tx_packets growth");
	check_act(2, 5, 0, "redirect action");

	net_enter(NET_B);
	RTNL_SAFE(rtnl_link_set(dummy, 0, IFF_UP, 0));
	send_n(s, &t2, 2, 'd');
	send_n(s, &t1, 3, 'e');
	NET_EXP_EQ(arrivals(r1, 3, 'e'), 3,
		   "dummy0 down: mirrored datagrams at the socket");
	NET_EXP_EQ(arrivals(r2, 0, 'd'), 0,
		   "dummy0 down: redirected datagrams at the socket");
	tx_of(&pk1, &by1);
	NET_EXP_EQ(pk1 - pk0, 0, "dummy0 down: tx_packets growth");
	check_act(1, 9, 3, "mirror action, dummy0 down");
	check_act(2, 7, 2, "redirect action, dummy0 down");

	close(s);
	close(r1);
	close(r2);
}

static void setup(void)
{
	static struct rtnl_msg m;
	struct tcmsg tcm = {
		.tcm_family = AF_UNSPEC,
		.tcm_parent = TC_H_CLSACT,
		.tcm_handle = TC_H_MAKE(TC_H_CLSACT, 0),
	};
	struct sockaddr_ll sll = {
		.sll_family = AF_PACKET, .sll_protocol = htons(ETH_P_ALL),
	};
	int ret;

	/* one backlog: datagrams are handled in the order sent */
	sock_pin_cpu();
	net_hosts_setup();
	net_sysctl(NET_B, "net/ipv6/conf/default/disable_ipv6", "1");
	net_enter(NET_B);
	ret = rtnl_link_add("dummy0", "dummy");
	if (ret == -EOPNOTSUPP)
		tst_brk(TCONF, "no dummy link kind");
	RTNL_SAFE(ret);
	dummy = rtnl_ifindex("dummy0");
	RTNL_SAFE(rtnl_link_up(dummy));
	ifindex = rtnl_ifindex("net0");
	tcm.tcm_ifindex = ifindex;
	rtnl_msg_init(&m, RTM_NEWQDISC, NLM_F_CREATE | NLM_F_EXCL, &tcm,
		      sizeof(tcm));
	rtnl_put_str(&m, TCA_KIND, "clsact");
	ret = rtnl_talk(&m);
	if (ret == -ENOENT)
		tst_brk(TCONF, "no clsact qdisc (sch_ingress missing)");
	RTNL_SAFE(ret);

	cap = socket(AF_PACKET, SOCK_RAW, htons(ETH_P_ALL));
	if (cap < 0)
		tst_brk(TBROK | TERRNO, "socket(AF_PACKET)");
	sll.sll_ifindex = dummy;
	if (bind(cap, (struct sockaddr *)&sll, sizeof(sll)))
		tst_brk(TBROK | TERRNO, "bind(AF_PACKET, dummy0)");
	net_enter(NET_A);
}

static void cleanup(void)
{
	if (cap >= 0)
		close(cap);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.timeout = 60,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_NET_CLS_FLOWER", "CONFIG_NET_ACT_MIRRED",
		"CONFIG_NET_SCH_INGRESS", "CONFIG_DUMMY", NULL
	},
};
