// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * netem's drops as counted by the qdisc and seen by the sender, with
 * only deterministic settings (probability 100% or 0%, a queue limit),
 * as the local host's root qdisc on net0 (IPv6 off, the remote's MAC
 * pinned: nothing else is sent there), over rtnetlink:
 * - loss 100%: 10 datagrams are sent without error and all dropped
 *   (qdisc drops 10, sent 0), a datagram after the qdisc was changed to
 *   loss 0% is the only one the remote receives (sent 1, the 10 drops
 *   kept by the change);
 * - limit 3 and 2 s of delay: of 6 back-to-back datagrams the first 3
 *   are queued and the next 3 dropped at enqueue: with IP_RECVERR the
 *   sender gets ENOBUFS for exactly those 3, without it the send
 *   succeeds and UdpSndbufErrors grows by 3; the qdisc counts 3 drops
 *   per round and sends the queued 3, which arrive in order and no
 *   sooner than 2 s after they were sent.
 */
#include <linux/pkt_sched.h>
#include <linux/gen_stats.h>
#include "tst_test.h"
#include "net_hosts.h"
#include "socket_helpers.h"

#define NLOSS 10

static int ifindex;

static int netem(int flags, uint32_t loss, uint32_t limit,
		 unsigned int delay_ms)
{
	static struct rtnl_msg m;
	struct tcmsg tcm = {
		.tcm_family = AF_UNSPEC, .tcm_ifindex = ifindex,
		.tcm_parent = TC_H_ROOT, .tcm_handle = 0x10000,
	};
	struct tc_netem_qopt q = {
		.limit = limit, .loss = loss,
		.latency = (uint32_t)(delay_ms * 1000000ULL >> 6),
	};

	net_enter(NET_A);
	rtnl_msg_init(&m, RTM_NEWQDISC, flags, &tcm, sizeof(tcm));
	rtnl_put_str(&m, TCA_KIND, "netem");
	rtnl_put(&m, TCA_OPTIONS, &q, sizeof(q));
	return rtnl_talk(&m);
}

static int netem_del(void)
{
	static struct rtnl_msg m;
	struct tcmsg tcm = {
		.tcm_family = AF_UNSPEC, .tcm_ifindex = ifindex,
		.tcm_parent = TC_H_ROOT, .tcm_handle = 0x10000,
	};

	net_enter(NET_A);
	rtnl_msg_init(&m, RTM_DELQDISC, 0, &tcm, sizeof(tcm));
	return rtnl_talk(&m);
}

struct qstats {
	int found;
	uint32_t packets, drops;
};

static void qd_cb(struct nlmsghdr *nh, void *priv)
{
	struct tcmsg *tcm = NLMSG_DATA(nh);
	struct qstats *q = priv;
	struct rtattr *st, *rta;

	if (nh->nlmsg_type != RTM_NEWQDISC || tcm->tcm_ifindex != ifindex ||
	    tcm->tcm_handle != 0x10000)
		return;
	st = rtnl_attr(nh, sizeof(*tcm), TCA_STATS2);
	if (!st)
		return;
	q->found = 1;
	rta = rtnl_nested(st, TCA_STATS_BASIC);
	if (rta && RTA_PAYLOAD(rta) >= sizeof(struct gnet_stats_basic))
		q->packets = ((struct gnet_stats_basic *)RTA_DATA(rta))->packets;
	rta = rtnl_nested(st, TCA_STATS_QUEUE);
	if (rta && RTA_PAYLOAD(rta) >= sizeof(struct gnet_stats_queue))
		q->drops = ((struct gnet_stats_queue *)RTA_DATA(rta))->drops;
}

static void qd_stats(uint32_t packets, uint32_t drops, const char *what)
{
	static struct rtnl_msg m;
	struct tcmsg tcm = { .tcm_family = AF_UNSPEC };
	struct qstats q = { 0 };

	net_enter(NET_A);
	rtnl_msg_init(&m, RTM_GETQDISC, NLM_F_DUMP, &tcm, sizeof(tcm));
	RTNL_SAFE(rtnl_talk_cb(&m, qd_cb, &q));
	if (q.found && q.packets == packets && q.drops == drops)
		tst_res(TPASS, "%s: qdisc sent %u, dropped %u", what,
			q.packets, q.drops);
	else
		tst_res(TFAIL, "%s: qdisc %s, sent %u, dropped %u, expected %u and %u",
			what, q.found ? "found" : "missing", q.packets, q.drops,
			packets, drops);
}

/* One byte to to: 0 when sent, 1 when refused with ENOBUFS. */
static int send1(int s, const struct sockaddr_storage *to, char c)
{
	ssize_t n = sendto(s, &c, 1, 0, (const struct sockaddr *)to,
			   sizeof(*to));

	if (n == 1)
		return 0;
	if (n < 0 && errno == ENOBUFS)
		return 1;
	tst_brk(TBROK | TERRNO, "sendto()");
	return -1;
}

static void loss_all(int s, int r, const struct sockaddr_storage *to)
{
	char c;
	int i, err = 0;

	RTNL_SAFE(netem(NLM_F_CREATE | NLM_F_EXCL, UINT32_MAX, 1000, 0));
	for (i = 0; i < NLOSS; i++)
		err |= send1(s, to, 'a' + i);
	NET_EXP_EQ(err, 0, "errno of sends into loss 100% (no IP_RECVERR)");
	/* netem drops at enqueue, in the sender's context */
	qd_stats(0, NLOSS, "loss 100%");
	RTNL_SAFE(netem(NLM_F_REPLACE, 0, 1000, 0));
	qd_stats(0, NLOSS, "changed to loss 0%, before sending");
	err = send1(s, to, 'z');
	if (!net_poll(r, POLLIN, 10000) || recv(r, &c, 1, MSG_DONTWAIT) != 1) {
		tst_res(TFAIL, "no datagram after loss 0%%");
		return;
	}
	if (!err && c == 'z')
		tst_res(TPASS, "loss 0%%: only the datagram sent after it arrived");
	else
		tst_res(TFAIL, "after loss 0%%: got '%c' (ENOBUFS: %d)", c, err);
	qd_stats(1, NLOSS, "loss 0% after one more");
}

static void queue_limit(int s, int r, const struct sockaddr_storage *to,
		  int recverr, uint32_t drops_before)
{
	long long t0, dt, sndbuf0 = 0, sndbuf;
	char got[8] = "", res[8] = "", c;
	int i;

	if (setsockopt(s, SOL_IP, IP_RECVERR, &recverr, sizeof(recverr)))
		tst_brk(TBROK | TERRNO, "IP_RECVERR");
	if (!recverr)
		sndbuf0 = net_snmp(NET_A, "snmp", "Udp:", "SndbufErrors");
	t0 = tst_mono_ms();
	for (i = 0; i < 6; i++)
		res[i] = send1(s, to, 'a' + i) ? 'E' : '.';
	if (recverr) {
		if (!strcmp(res, "...EEE"))
			tst_res(TPASS, "IP_RECVERR: ENOBUFS for datagrams 4-6 only");
		else
			tst_res(TFAIL, "IP_RECVERR: sends %s (E: ENOBUFS), expected ...EEE",
				res);
	} else {
		sndbuf = net_snmp(NET_A, "snmp", "Udp:", "SndbufErrors");
		if (!strcmp(res, "......") && sndbuf - sndbuf0 == 3)
			tst_res(TPASS, "no IP_RECVERR: all sends succeed, SndbufErrors + 3");
		else
			tst_res(TFAIL, "no IP_RECVERR: sends %s, SndbufErrors + %lld",
				res, sndbuf - sndbuf0);
	}
	for (i = 0; i < 3; i++) {
		if (!net_poll(r, POLLIN, 20000) ||
		    recv(r, &c, 1, MSG_DONTWAIT) != 1)
			break;
		got[i] = c;
	}
	dt = tst_mono_ms() - t0;
	if (!strcmp(got, "abc") && dt >= 2000)
		tst_res(TPASS, "the queued 3 arrived in order after %lld ms",
			dt);
	else
		tst_res(TFAIL, "arrived \"%s\" after %lld ms, expected \"abc\" after >= 2000",
			got, dt);
	NET_EXP_EQ(net_poll(r, POLLIN, 0), 0, "more datagrams (poll)");
	qd_stats(drops_before ? 6 : 3, drops_before + 3,
		 recverr ? "limit 3, with IP_RECVERR" : "limit 3");
}

static void run(void)
{
	struct sockaddr_storage to;
	int r = net_bound(NET_B, AF_INET, SOCK_DGRAM, &to);
	int s = net_bound(NET_A, AF_INET, SOCK_DGRAM, NULL);
	int ret;

	net_enter(NET_A);
	ifindex = rtnl_ifindex("net0");
	ret = netem(NLM_F_CREATE | NLM_F_EXCL, UINT32_MAX, 1000, 0);
	if (ret == -ENOENT)
		tst_brk(TCONF, "no netem qdisc (sch_netem missing)");
	RTNL_SAFE(ret);
	RTNL_SAFE(netem_del());
	loss_all(s, r, &to);

	/* a change keeps the counters: a new qdisc for the limit */
	RTNL_SAFE(netem_del());
	ret = netem(NLM_F_CREATE | NLM_F_EXCL, 0, 3, 2000);
	RTNL_SAFE(ret);
	qd_stats(0, 0, "limit 3, delay 2 s, new");
	queue_limit(s, r, &to, 0, 0);
	queue_limit(s, r, &to, 1, 3);

	SAFE_CLOSE(r);
	SAFE_CLOSE(s);
}

static void setup(void)
{
	net_hosts_setup();
	/*
	 * Only the test's datagrams may enter the qdisc: the remote's MAC
	 * pinned (no ARP), IPv6 off on net0 (router solicitations and MLD
	 * reports were dropped by the full queue beside the datagrams).
	 */
	net_neigh_pin(NET_A, "net0", NET_B, "net0", 1, 2);
	net_sysctl(NET_A, "net/ipv6/conf/net0/disable_ipv6", "1");
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.timeout = 60,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_NET_SCH_NETEM", NULL
	},
};
