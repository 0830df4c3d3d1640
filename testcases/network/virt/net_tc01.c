// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Traffic control between two namespaces, over rtnetlink (no tc):
 * - a netem root qdisc with 300 ms delay on the local net0: read back
 *   (kind netem, latency 300 ms in scheduler ticks), and a datagram
 *   reaches the remote host no sooner than 300 ms after it was sent;
 * - netem duplicating every packet (probability 100%): each of five
 *   datagrams arrives exactly twice, nothing more;
 * - qdisc errors: an unknown kind ENOENT, a device that does not exist
 *   ENODEV, a second root qdisc with NLM_F_EXCL EEXIST; deleting the
 *   netem root restores plain delivery;
 * - an ingress qdisc on the remote net0 with a matchall filter (IPv4)
 *   running a pedit action (offsets from the network header: the UDP
 *   checksum set to 0, the first 4 payload bytes set to "XXXX"): a
 *   datagram "abcdefgh" is delivered as "XXXXefgh"; a pedit key offset
 *   that is not a multiple of 4 is refused (EINVAL); after the ingress
 *   qdisc is deleted datagrams arrive unchanged.
 */
#include <linux/if_ether.h>
#include <linux/pkt_sched.h>
#include <linux/pkt_cls.h>
#include <linux/tc_act/tc_pedit.h>
#include "tst_test.h"
#include "net_hosts.h"

#define DELAY_MS 300

/* RTM_NEWQDISC/DELQDISC of a root netem on ifindex (current host). */
static int netem(int type, int flags, int ifindex, const char *kind,
		 unsigned int delay_ms, uint32_t dup)
{
	static struct rtnl_msg m;
	struct tcmsg tcm = {
		.tcm_family = AF_UNSPEC, .tcm_ifindex = ifindex,
		.tcm_parent = TC_H_ROOT, .tcm_handle = 0x10000,
	};
	struct tc_netem_qopt q = {
		.limit = 1000, .duplicate = dup,
		/* scheduler ticks: ns >> 6 */
		.latency = (uint32_t)(delay_ms * 1000000ULL >> 6),
	};

	rtnl_msg_init(&m, type, flags, &tcm, sizeof(tcm));
	if (type == RTM_NEWQDISC) {
		rtnl_put_str(&m, TCA_KIND, kind);
		rtnl_put(&m, TCA_OPTIONS, &q, sizeof(q));
	}
	return rtnl_talk(&m);
}

struct qd {
	int found;
	char kind[16];
	struct tc_netem_qopt q;
};

static void qdisc_cb(struct nlmsghdr *nh, void *priv)
{
	struct qd *qd = priv;
	struct tcmsg *tcm = NLMSG_DATA(nh);
	struct rtattr *rta;

	if (nh->nlmsg_type != RTM_NEWQDISC || tcm->tcm_parent != TC_H_ROOT ||
	    tcm->tcm_ifindex != rtnl_ifindex("net0"))
		return;
	rta = rtnl_attr(nh, sizeof(*tcm), TCA_KIND);
	if (rta)
		strncpy(qd->kind, RTA_DATA(rta), sizeof(qd->kind) - 1);
	rta = rtnl_attr(nh, sizeof(*tcm), TCA_OPTIONS);
	if (rta && RTA_PAYLOAD(rta) >= sizeof(qd->q))
		memcpy(&qd->q, RTA_DATA(rta), sizeof(qd->q));
	qd->found = 1;
}

static void qdisc_get(struct qd *qd)
{
	static struct rtnl_msg m;
	struct tcmsg tcm = { .tcm_family = AF_UNSPEC };

	memset(qd, 0, sizeof(*qd));
	rtnl_msg_init(&m, RTM_GETQDISC, NLM_F_DUMP, &tcm, sizeof(tcm));
	RTNL_SAFE(rtnl_talk_cb(&m, qdisc_cb, qd));
}

static void delay(void)
{
	struct sockaddr_storage ra;
	int r = net_bound(NET_B, AF_INET, SOCK_DGRAM, &ra);
	int s = net_socket(NET_A, AF_INET, SOCK_DGRAM);
	int idx = rtnl_ifindex("net0");
	long long t0, el;
	struct qd qd;
	char c;

	RTNL_SAFE(netem(RTM_NEWQDISC, NLM_F_CREATE | NLM_F_EXCL, idx, "netem",
			DELAY_MS, 0));
	qdisc_get(&qd);
	if (!qd.found || strcmp(qd.kind, "netem"))
		tst_res(TFAIL, "no netem root qdisc in the dump (%s)", qd.kind);
	else
		NET_EXP_EQ(qd.q.latency, DELAY_MS * 1000000ULL >> 6,
			   "netem latency read back (ticks)");
	t0 = tst_mono_ms();
	if (sendto(s, "d", 1, 0, (struct sockaddr *)&ra,
		   sizeof(struct sockaddr_in)) != 1)
		tst_brk(TBROK | TERRNO, "sendto()");
	if (!net_poll(r, POLLIN, 10000)) {
		tst_res(TFAIL, "no datagram through the delaying netem");
	} else {
		el = tst_mono_ms() - t0;
		if (recv(r, &c, 1, MSG_DONTWAIT) != 1)
			tst_brk(TBROK | TERRNO, "recv()");
		if (el >= DELAY_MS)
			tst_res(TPASS, "datagram arrived after %lld ms (delay %d ms)",
				el, DELAY_MS);
		else
			tst_res(TFAIL, "datagram arrived after %lld ms, before the %d ms delay",
				el, DELAY_MS);
	}

	TST_EXP_EQ_LI(netem(RTM_NEWQDISC, NLM_F_CREATE | NLM_F_EXCL, idx,
			    "netem", 0, 0), -EEXIST);
	TST_EXP_EQ_LI(netem(RTM_NEWQDISC, NLM_F_CREATE | NLM_F_EXCL, 99999,
			    "netem", 0, 0), -ENODEV);
	close(r);
	close(s);
}

static void duplicate(void)
{
	struct sockaddr_storage ra;
	int r = net_bound(NET_B, AF_INET, SOCK_DGRAM, &ra);
	int s = net_socket(NET_A, AF_INET, SOCK_DGRAM);
	int idx = rtnl_ifindex("net0");
	int seen[5] = { 0 }, i, got = 0, bad = 0;
	char c;

	RTNL_SAFE(netem(RTM_NEWQDISC, NLM_F_REPLACE, idx, "netem", 0,
			UINT32_MAX));
	for (i = 0; i < 5; i++) {
		c = '0' + i;
		if (sendto(s, &c, 1, 0, (struct sockaddr *)&ra,
			   sizeof(struct sockaddr_in)) != 1)
			tst_brk(TBROK | TERRNO, "sendto()");
	}
	while (got < 10 && net_poll(r, POLLIN, 10000)) {
		if (recv(r, &c, 1, MSG_DONTWAIT) != 1)
			tst_brk(TBROK | TERRNO, "recv()");
		if (c >= '0' && c < '5')
			seen[c - '0']++;
		got++;
	}
	for (i = 0; i < 5; i++)
		bad += seen[i] != 2;
	if (got == 10 && !bad)
		tst_res(TPASS, "each of 5 datagrams arrived twice");
	else
		tst_res(TFAIL, "%d datagrams, copies %d %d %d %d %d", got,
			seen[0], seen[1], seen[2], seen[3], seen[4]);
	NET_EXP_EQ(net_poll(r, POLLIN, 0), 0, "datagrams beyond the 10");

	net_enter(NET_B);
	TST_EXP_EQ_LI(netem(RTM_NEWQDISC, NLM_F_CREATE | NLM_F_EXCL,
			    rtnl_ifindex("net0"), "nosuchqdisc", 0, 0),
		      -ENOENT);
	net_enter(NET_A);
	RTNL_SAFE(netem(RTM_DELQDISC, 0, idx, NULL, 0, 0));
	if (sendto(s, "p", 1, 0, (struct sockaddr *)&ra,
		   sizeof(struct sockaddr_in)) != 1)
		tst_brk(TBROK | TERRNO, "sendto()");
	got = 0;
	while (net_poll(r, POLLIN, got ? 0 : 10000)) {
		recv(r, &c, 1, MSG_DONTWAIT);
		got++;
	}
	NET_EXP_EQ(got, 1, "copies of a datagram after netem was deleted");
	close(r);
	close(s);
}

static int ingress(int type, int ifindex)
{
	static struct rtnl_msg m;
	struct tcmsg tcm = {
		.tcm_family = AF_UNSPEC, .tcm_ifindex = ifindex,
		.tcm_parent = TC_H_INGRESS, .tcm_handle = 0xffff0000,
	};

	rtnl_msg_init(&m, type, type == RTM_NEWQDISC ?
		      NLM_F_CREATE | NLM_F_EXCL : 0, &tcm, sizeof(tcm));
	if (type == RTM_NEWQDISC)
		rtnl_put_str(&m, TCA_KIND, "ingress");
	return rtnl_talk(&m);
}

/* matchall (IPv4) on the ingress qdisc of ifindex, pedit at off. */
static int pedit_filter(int ifindex, unsigned int off)
{
	static struct rtnl_msg m;
	struct tcmsg tcm = {
		.tcm_family = AF_UNSPEC, .tcm_ifindex = ifindex,
		.tcm_parent = 0xffff0000,
		.tcm_info = TC_H_MAKE(1 << 16, htons(ETH_P_IP)),
	};
	struct {
		struct tc_pedit_sel sel;
		struct tc_pedit_key keys[2];
	} p;
	uint32_t x;

	memset(&p, 0, sizeof(p));
	p.sel.action = TC_ACT_PIPE;
	p.sel.nkeys = 2;
	/* bytes 24-27: UDP length kept, checksum 0 */
	p.keys[0].mask = htonl(0xffff0000);
	p.keys[0].val = 0;
	p.keys[0].off = off;
	/* bytes 28-31: the payload's first 4 bytes */
	memcpy(&x, "XXXX", 4);
	p.keys[1].mask = 0;
	p.keys[1].val = x;
	p.keys[1].off = 28;
	rtnl_msg_init(&m, RTM_NEWTFILTER, NLM_F_CREATE | NLM_F_EXCL, &tcm,
		      sizeof(tcm));
	rtnl_put_str(&m, TCA_KIND, "matchall");
	rtnl_nest(&m, TCA_OPTIONS);
	rtnl_nest(&m, TCA_MATCHALL_ACT);
	rtnl_nest(&m, 1);
	rtnl_put_str(&m, TCA_ACT_KIND, "pedit");
	rtnl_nest(&m, TCA_ACT_OPTIONS);
	rtnl_put(&m, TCA_PEDIT_PARMS, &p, sizeof(p));
	rtnl_nest_end(&m);
	rtnl_nest_end(&m);
	rtnl_nest_end(&m);
	rtnl_nest_end(&m);
	return rtnl_talk(&m);
}

static void pedit(void)
{
	struct sockaddr_storage ra;
	int r = net_bound(NET_B, AF_INET, SOCK_DGRAM, &ra);
	int bidx = rtnl_ifindex("net0");
	int s = net_socket(NET_A, AF_INET, SOCK_DGRAM);
	char buf[16];
	ssize_t n;
	int ret;

	net_enter(NET_B);
	RTNL_SAFE(ingress(RTM_NEWQDISC, bidx));
	TST_EXP_EQ_LI(pedit_filter(bidx, 26), -EINVAL);
	ret = pedit_filter(bidx, 24);
	if (ret == -ENOENT || ret == -EOPNOTSUPP) {
		tst_res(TCONF, "no matchall filter or pedit action: %s",
			tst_strerrno(-ret));
		RTNL_SAFE(ingress(RTM_DELQDISC, bidx));
		close(r);
		close(s);
		return;
	}
	RTNL_SAFE(ret);
	if (sendto(s, "abcdefgh", 8, 0, (struct sockaddr *)&ra,
		   sizeof(struct sockaddr_in)) != 8)
		tst_brk(TBROK | TERRNO, "sendto()");
	memset(buf, 0, sizeof(buf));
	n = net_poll(r, POLLIN, 10000) ? recv(r, buf, sizeof(buf),
					       MSG_DONTWAIT) : -1;
	if (n == 8 && !memcmp(buf, "XXXXefgh", 8))
		tst_res(TPASS, "pedit rewrote the datagram to XXXXefgh");
	else
		tst_res(TFAIL, "after pedit: %zd bytes \"%.8s\", expected XXXXefgh",
			n, buf);
	net_enter(NET_B);
	RTNL_SAFE(ingress(RTM_DELQDISC, bidx));
	if (sendto(s, "abcdefgh", 8, 0, (struct sockaddr *)&ra,
		   sizeof(struct sockaddr_in)) != 8)
		tst_brk(TBROK | TERRNO, "sendto()");
	memset(buf, 0, sizeof(buf));
	n = net_poll(r, POLLIN, 10000) ? recv(r, buf, sizeof(buf),
					       MSG_DONTWAIT) : -1;
	if (n == 8 && !memcmp(buf, "abcdefgh", 8))
		tst_res(TPASS, "unchanged once the ingress qdisc is gone");
	else
		tst_res(TFAIL, "without pedit: %zd bytes \"%.8s\"", n, buf);
	close(r);
	close(s);
}

static void run(void)
{
	delay();
	duplicate();
	pedit();
}

static void setup(void)
{
	net_hosts_setup();
	if (netem(RTM_NEWQDISC, NLM_F_CREATE | NLM_F_EXCL, rtnl_ifindex("net0"),
		  "netem", 0, 0) == -ENOENT)
		tst_brk(TCONF, "no netem qdisc (sch_netem missing)");
	RTNL_SAFE(netem(RTM_DELQDISC, 0, rtnl_ifindex("net0"), NULL, 0, 0));
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.timeout = 60,
};
