// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sfq (sch_sfq) on a veth pair of its own between the hosts (sfq0,
 * 10.99.7.0/24, IPv6 off, neighbours pinned: nothing but the test's
 * datagrams goes through the qdiscs), under a tbf whose bucket holds one
 * packet and refills at 1 byte/s, so that sfq keeps what it is given:
 * - sfq_change() EINVAL: limit 1, a v1 depth 1 with 1 flow and limit 10
 *   (the limit the depth and flows leave is 1), divisor 3, quantum past
 *   1 << 20, a perturbation period past INT_MAX / HZ, short options;
 *   no sfq left behind by any of them;
 * - limit 10 read back, and flows 10 (clamped to the limit);
 * - flower filters put three UDP flows (and a sentinel) in classes 2:1,
 *   2:2, 2:3 (2:4): flow 1 sends 12 datagrams, flow 2 then 3, flow 3
 *   then 1. tbf sends the first at once and peeks the second (taken out
 *   of its class, still in sfq's qlen); of the rest sfq keeps its limit
 *   and drops from the longest flow's tail: qdisc qlen 10, backlog 1420,
 *   drops 5, classes 2:1, 2:2, 2:3 hold exactly 5, 3 and 1 packets
 *   (142 bytes each);
 * - tbf given a fast rate, the sentinel (flow 4) finds sfq full and takes
 *   the place of flow 1's last datagram, then flushes the queue: the
 *   remote gets exactly datagrams 0-5 of flow 1, all of flows 2 and 3
 *   and the sentinel, nothing else; sfq counts 11 packets, 6 drops,
 *   qlen 0.
 * Would catch a limit of 1 accepted (upstream "net_sched: sch_sfq:
 * don't allow 1 packet limit"), a limit validated before depth and flows
 * clamp it ("move the limit validation"), drops taken from the
 * newcomer rather than the longest flow, or queue and drop counters that
 * do not add up.
 */
#include <stdlib.h>
#include <limits.h>
#include "net_hosts.h"
#include "net_tc.h"

#define A_IP "10.99.7.1"
#define B_IP "10.99.7.2"
#define DPORT 42100
#define SPORT 42101	/* flows 1-3 from 42101-42103, sentinel 42104 */
#define PAYLOAD 100
#define PKTLEN (PAYLOAD + 8 + 20 + 14)
#define LIMIT 10
#define TBF 0x10000
#define SFQ 0x20000

static int ifindex;

static int tbf_set(int flags, uint32_t rate, uint32_t burst)
{
	static struct rtnl_msg m;
	struct tc_tbf_qopt q = {
		.rate = { .rate = rate, .linklayer = TC_LINKLAYER_ETHERNET },
		.limit = 100000,
	};

	tc_msg(&m, RTM_NEWQDISC, flags, ifindex, TC_H_ROOT, TBF, "tbf");
	rtnl_nest(&m, TCA_OPTIONS);
	rtnl_put(&m, TCA_TBF_PARMS, &q, sizeof(q));
	rtnl_put_u32(&m, TCA_TBF_BURST, burst);
	rtnl_nest_end(&m);
	return rtnl_talk(&m);
}

static int sfq_add(const void *opt, size_t len)
{
	static struct rtnl_msg m;

	tc_msg(&m, RTM_NEWQDISC, NLM_F_CREATE | NLM_F_EXCL, ifindex,
	       TC_H_MAKE(TBF, 1), SFQ, "sfq");
	rtnl_put(&m, TCA_OPTIONS, opt, len);
	return rtnl_talk(&m);
}

/* UDP from source port sport to class SFQ:minor. */
static void flower_to_class(int sport, int minor)
{
	static struct rtnl_msg m;
	struct tcmsg tcm = {
		.tcm_family = AF_UNSPEC, .tcm_ifindex = ifindex,
		.tcm_parent = SFQ,
		.tcm_info = TC_H_MAKE(minor << 16, htons(ETH_P_IP)),
	};

	rtnl_msg_init(&m, RTM_NEWTFILTER, NLM_F_CREATE | NLM_F_EXCL, &tcm,
		      sizeof(tcm));
	rtnl_put_str(&m, TCA_KIND, "flower");
	rtnl_nest(&m, TCA_OPTIONS);
	rtnl_put_u32(&m, TCA_FLOWER_CLASSID, SFQ | minor);
	rtnl_put_u16(&m, TCA_FLOWER_KEY_ETH_TYPE, htons(ETH_P_IP));
	rtnl_put_u8(&m, TCA_FLOWER_KEY_IP_PROTO, IPPROTO_UDP);
	rtnl_put_u16(&m, TCA_FLOWER_KEY_UDP_SRC, htons(sport));
	rtnl_nest_end(&m);
	RTNL_SAFE(rtnl_talk(&m));
}

static void check_errnos(void)
{
	struct tc_sfq_qopt v0 = { .limit = 1 };
	struct tc_sfq_qopt_v1 v1 = {
		.v0 = { .limit = 10, .flows = 1 }, .depth = 1,
	};
	struct tc_objs l;
	int ret;

	/* a kernel without sch_sfq (a flavour built without modules) */
	ret = sfq_add(&v0, sizeof(v0));
	if (ret == -ENOENT)
		tst_brk(TCONF, "no sfq qdisc (module sch_sfq)");
	TST_EXP_EQ_LI(ret, -EINVAL);
	TST_EXP_EQ_LI(sfq_add(&v1, sizeof(v1)), -EINVAL);
	v0.limit = LIMIT;
	v0.divisor = 3;
	TST_EXP_EQ_LI(sfq_add(&v0, sizeof(v0)), -EINVAL);
	v0.divisor = 0;
	v0.quantum = (1 << 20) + 1;
	TST_EXP_EQ_LI(sfq_add(&v0, sizeof(v0)), -EINVAL);
	v0.quantum = 0;
	v0.perturb_period = INT_MAX;
	TST_EXP_EQ_LI(sfq_add(&v0, sizeof(v0)), -EINVAL);
	v0.perturb_period = 0;
	TST_EXP_EQ_LI(sfq_add(&v0, sizeof(v0) - 1), -EINVAL);
	RTNL_SAFE(tc_dump(RTM_GETQDISC, ifindex, 0, &l));
	if (tc_find(&l, SFQ))
		tst_res(TFAIL, "a refused sfq was left on sfq0");
	else
		tst_res(TPASS, "no sfq left by the refused ones");
}

static struct sockaddr_in sin_of(const char *ip, int port)
{
	struct sockaddr_in a = {
		.sin_family = AF_INET, .sin_port = htons(port),
	};

	net_ipv4(ip, &a.sin_addr);
	return a;
}

static void send_seq(int fd, int flow, int seq)
{
	struct sockaddr_in to = sin_of(B_IP, DPORT);
	char buf[PAYLOAD];

	memset(buf, 0, sizeof(buf));
	buf[0] = flow;
	buf[1] = seq;
	if (sendto(fd, buf, sizeof(buf), 0, (struct sockaddr *)&to,
		   sizeof(to)) != sizeof(buf))
		tst_brk(TBROK | TERRNO, "sendto(flow %d, %d)", flow, seq);
}

static void setup(void)
{
	unsigned char mac_a[6], mac_b[6];

	net_hosts_setup();
	net_enter(NET_A);
	RTNL_SAFE(rtnl_veth_add("sfq0", "sfq0", net_nsfd[NET_B]));
	net_sysctl(NET_A, "net/ipv6/conf/sfq0/disable_ipv6", "1");
	net_sysctl(NET_B, "net/ipv6/conf/sfq0/disable_ipv6", "1");
	net_addr4("sfq0", B_IP);
	net_mac_of("sfq0", mac_b);
	RTNL_SAFE(rtnl_link_up(rtnl_ifindex("sfq0")));
	net_enter(NET_A);
	net_addr4("sfq0", A_IP);
	net_mac_of("sfq0", mac_a);
	net_pin4("sfq0", B_IP, mac_b);
	RTNL_SAFE(rtnl_link_up(rtnl_ifindex("sfq0")));
	net_enter(NET_B);
	net_pin4("sfq0", A_IP, mac_a);
	net_wait_oper_up(NET_A, "sfq0");
	net_wait_oper_up(NET_B, "sfq0");
	net_enter(NET_A);
	ifindex = rtnl_ifindex("sfq0");
}

static void run(void)
{
	static const int nsend[4] = { 12, 3, 1, 1 };
	/* queued in each flow's class: flow 1's head is in tbf's peek */
	static const int inclass[3] = { 5, 3, 1 };
	/* what arrives of each flow: 0-5 of flow 1, the others whole */
	static const int narrive[4] = { 6, 3, 1, 1 };
	struct tc_sfq_qopt v0 = { .limit = LIMIT };
	struct sockaddr_in ss = sin_of(B_IP, DPORT);
	struct tc_objs l;
	const struct tc_obj *q;
	int fd[4], rfd, f, i, seen[4] = { 0 }, bad = 0, total = 0, ok, ncl;
	char buf[PAYLOAD + 1];

	rfd = net_socket(NET_B, AF_INET, SOCK_DGRAM);
	if (bind(rfd, (struct sockaddr *)&ss, sizeof(ss)))
		tst_brk(TBROK | TERRNO, "bind(%d)", DPORT);

	net_enter(NET_A);
	RTNL_SAFE(tbf_set(NLM_F_CREATE | NLM_F_EXCL, 1, 200));
	check_errnos();
	RTNL_SAFE(sfq_add(&v0, sizeof(v0)));
	RTNL_SAFE(tc_dump(RTM_GETQDISC, ifindex, 0, &l));
	q = tc_find(&l, SFQ);
	if (!q || strcmp(q->kind, "sfq") ||
	    q->optlen < (int)sizeof(struct tc_sfq_qopt))
		tst_brk(TBROK, "no sfq in the dump");
	memcpy(&v0, q->opt, sizeof(v0));
	if (v0.limit == LIMIT && v0.flows == LIMIT)
		tst_res(TPASS, "sfq limit %d and flows %d read back", LIMIT,
			LIMIT);
	else
		tst_res(TFAIL, "sfq read back limit %u flows %u", v0.limit,
			v0.flows);

	for (f = 0; f < 4; f++) {
		struct sockaddr_in src = sin_of(A_IP, SPORT + f);

		flower_to_class(SPORT + f, f + 1);
		fd[f] = net_socket(NET_A, AF_INET, SOCK_DGRAM);
		if (bind(fd[f], (struct sockaddr *)&src, sizeof(src)))
			tst_brk(TBROK | TERRNO, "bind(%d)", SPORT + f);
	}

	for (f = 0; f < 3; f++)
		for (i = 0; i < nsend[f]; i++)
			send_seq(fd[f], f, i);

	net_enter(NET_A);
	RTNL_SAFE(tc_dump(RTM_GETQDISC, ifindex, 0, &l));
	q = tc_find(&l, SFQ);
	if (q && q->qlen == LIMIT && q->drops == 5 &&
	    q->backlog == LIMIT * PKTLEN)
		tst_res(TPASS, "sfq: qlen %d, backlog %d, drops 5", LIMIT,
			LIMIT * PKTLEN);
	else
		tst_res(TFAIL, "sfq: qlen %u backlog %u drops %u, expected %d, %d, 5",
			q ? q->qlen : 0, q ? q->backlog : 0,
			q ? q->drops : 0, LIMIT, LIMIT * PKTLEN);
	q = tc_find(&l, TBF);
	if (q && q->packets == 1 && q->qlen == LIMIT)
		tst_res(TPASS, "tbf sent 1, holds %d", LIMIT);
	else
		tst_res(TFAIL, "tbf sent %u holds %u", q ? q->packets : 0,
			q ? q->qlen : 0);

	RTNL_SAFE(tc_dump(RTM_GETTCLASS, ifindex, SFQ, &l));
	ok = 1;
	for (f = 0; f < 3; f++) {
		int want = inclass[f];

		q = tc_find(&l, SFQ | (f + 1));
		if (!q || q->qlen != (unsigned int)want ||
		    q->backlog != (unsigned int)want * PKTLEN) {
			tst_res(TFAIL, "class 2:%d: qlen %u backlog %u, expected %d",
				f + 1, q ? q->qlen : 0, q ? q->backlog : 0,
				want);
			ok = 0;
		}
	}
	for (ncl = i = 0; i < l.n; i++)
		ncl += (l.o[i].handle & TC_H_MAJ_MASK) == SFQ;
	if (ok && ncl == 3)
		tst_res(TPASS, "classes 2:1, 2:2, 2:3 hold 5, 3 and 1 packets");
	else if (ok)
		tst_res(TFAIL, "%d sfq classes, expected 3", ncl);

	/* open the bucket; the sentinel makes tbf dequeue again */
	RTNL_SAFE(tbf_set(0, 100000000, 100000));
	send_seq(fd[3], 3, 0);

	net_enter(NET_B);
	while (total < 11) {
		ssize_t r;

		if (!(net_poll(rfd, POLLIN, 10000) & POLLIN))
			break;
		r = recv(rfd, buf, sizeof(buf), 0);
		if (r != PAYLOAD || buf[0] < 0 || buf[0] > 3 ||
		    buf[1] != seen[(int)buf[0]] ||
		    buf[1] >= narrive[(int)buf[0]]) {
			if (!bad++)
				tst_res(TFAIL, "received %zd bytes: flow %d datagram %d",
					r, buf[0], buf[1]);
			continue;
		}
		seen[(int)buf[0]]++;
		total++;
	}
	if (net_poll(rfd, POLLIN, 300) & POLLIN) {
		bad++;
		tst_res(TFAIL, "more datagrams than sfq kept");
	}
	if (!bad && total == 11)
		tst_res(TPASS, "the remote got exactly flow 1's 0-5, flows 2 and 3 whole, the sentinel");
	else if (!bad)
		tst_res(TFAIL, "the remote got %d of 11 (%d %d %d %d)", total,
			seen[0], seen[1], seen[2], seen[3]);

	net_enter(NET_A);
	RTNL_SAFE(tc_dump(RTM_GETQDISC, ifindex, 0, &l));
	q = tc_find(&l, SFQ);
	if (q && q->qlen == 0 && q->packets == 11 && q->drops == 6)
		tst_res(TPASS, "sfq: 11 packets sent, qlen 0, drops 6");
	else
		tst_res(TFAIL, "sfq after: packets %u qlen %u drops %u",
			q ? q->packets : 0, q ? q->qlen : 0,
			q ? q->drops : 0);

	{
		static struct rtnl_msg m;

		tc_msg(&m, RTM_DELQDISC, 0, ifindex, TC_H_ROOT, TBF, NULL);
		RTNL_SAFE(rtnl_talk(&m));
	}
	for (f = 0; f < 4; f++)
		close(fd[f]);
	close(rfd);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.timeout = 120,
};
