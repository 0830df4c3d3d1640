// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * TCP over a lossy link: a netem qdisc on the local net0 (added over
 * rtnetlink: RTM_NEWQDISC, kind netem) first drops 5% and duplicates 5%
 * of the packets leaving it: 1 MiB sent over IPv4 and over IPv6 still
 * arrives byte for byte, then EOF. Then netem only drops (10%), and once
 * it has dropped a packet of a transfer (its drop counter, RTM_GETQDISC,
 * grew between the connection and the EOF, when A sends nothing but data
 * and its FIN) the sender's namespace counts retransmitted segments
 * (Tcp: RetransSegs grows): TCP's timers and recovery repaired the loss.
 * netem sees GSO super-packets (TCP always uses GSO), a few dozen per
 * MiB, so the transfer is repeated (up to 10 times) until such a drop
 * happened.
 *
 * Why the drop-only phase: netem enqueues a duplicate through the root
 * qdisc again, where the loss draw can drop it and the drop counter
 * counts it, while the original went out. A counted drop with both
 * enabled can be no loss at all (CI saw exactly that: 1 drop, no
 * retransmission, on a correct kernel).
 */
#include <linux/gen_stats.h>
#include <linux/pkt_sched.h>
#include "tst_test.h"
#include "net_hosts.h"

#define LEN (1 << 20)

static unsigned char buf[LEN], rbuf[LEN + 1];

/*
 * Adds (create) or changes the netem root qdisc of A's net0; loss and
 * duplicate are in percent.
 */
static int netem_set(int create, unsigned int loss, unsigned int dup)
{
	static struct rtnl_msg m;
	struct tcmsg tcm = {
		.tcm_family = AF_UNSPEC, .tcm_handle = 0x10000,
		.tcm_parent = TC_H_ROOT,
	};
	struct tc_netem_qopt q = {
		.limit = 10000,
		.loss = UINT32_MAX / 100 * loss,
		.duplicate = UINT32_MAX / 100 * dup,
	};

	net_enter(NET_A);
	tcm.tcm_ifindex = rtnl_ifindex("net0");
	rtnl_msg_init(&m, RTM_NEWQDISC,
		      create ? NLM_F_CREATE | NLM_F_EXCL : 0, &tcm, sizeof(tcm));
	rtnl_put_str(&m, TCA_KIND, "netem");
	rtnl_put(&m, TCA_OPTIONS, &q, sizeof(q));
	return rtnl_talk(&m);
}

static void setup(void)
{
	int ret;

	net_hosts_setup();
	ret = netem_set(1, 5, 5);
	if (ret == -ENOENT)
		tst_brk(TCONF, "no netem qdisc (sch_netem missing)");
	if (ret)
		tst_brk(TBROK, "RTM_NEWQDISC netem: %s", tst_strerrno(-ret));
}

static void drops_cb(struct nlmsghdr *nh, void *priv)
{
	struct tcmsg *tcm = NLMSG_DATA(nh);
	struct rtattr *rta;

	if (nh->nlmsg_type != RTM_NEWQDISC ||
	    tcm->tcm_ifindex != rtnl_ifindex("net0"))
		return;
	rta = rtnl_attr(nh, sizeof(*tcm), TCA_STATS);
	if (rta && RTA_PAYLOAD(rta) >= sizeof(struct tc_stats))
		*(long long *)priv = ((struct tc_stats *)RTA_DATA(rta))->drops;
}

/* The drop counter of the local net0's netem qdisc. */
static long long netem_drops(void)
{
	static struct rtnl_msg m;
	struct tcmsg tcm = { .tcm_family = AF_UNSPEC };
	long long drops = -1;

	net_enter(NET_A);
	rtnl_msg_init(&m, RTM_GETQDISC, NLM_F_DUMP, &tcm, sizeof(tcm));
	RTNL_SAFE(rtnl_talk_cb(&m, drops_cb, &drops));
	if (drops < 0)
		tst_brk(TBROK, "no netem statistics on net0");
	return drops;
}

/*
 * One 1 MiB transfer from A to B: 1 if it arrived intact before EOF;
 * *drops gains what netem dropped meanwhile.
 */
static int transfer(int family, long long *drops)
{
	int cfd, sfd, intact;
	long long dr;
	ssize_t got;
	pid_t pid;

	net_tcp_pair(NET_A, NET_B, family, &cfd, &sfd);
	/*
	 * Drops are counted from here to the EOF: then the only packets
	 * leaving A are the data and the FIN, which B gets only through a
	 * retransmission. A drop of a pure ACK (the handshake's last, or
	 * A's ACK of B's FIN at the close) is answered by B, or not at
	 * all, and is no loss A repairs.
	 */
	dr = netem_drops();
	pid = SAFE_FORK();
	if (!pid) {
		if (net_write_all(cfd, buf, LEN))
			tst_brk(TBROK, "write()");
		shutdown(cfd, SHUT_WR);
		exit(0);
	}
	got = net_read_all(sfd, rbuf, LEN + 1);
	reap_child(pid);
	*drops += netem_drops() - dr;
	intact = got == LEN && !memcmp(buf, rbuf, LEN);
	if (!intact)
		tst_res(TFAIL, "%zd bytes before EOF, expected %d intact",
			got, LEN);
	/*
	 * B resets the connection (SO_LINGER 0), so A sends no ACK of a
	 * FIN of B's that could be dropped after the next count started.
	 */
	if (setsockopt(sfd, SOL_SOCKET, SO_LINGER,
		       &(struct linger){ 1, 0 }, sizeof(struct linger)))
		tst_brk(TBROK | TERRNO, "SO_LINGER");
	close(sfd);
	net_enter(NET_A);
	close(cfd);
	return intact;
}

static void netem_change(unsigned int loss, unsigned int dup)
{
	int ret = netem_set(0, loss, dup);

	if (ret)
		tst_brk(TBROK, "RTM_NEWQDISC (change) netem: %s",
			tst_strerrno(-ret));
}

static void run(unsigned int n)
{
	int family = n ? AF_INET6 : AF_INET, round, ok = 0;
	long long r0, r1, d0, drops = 0;
	size_t i;

	tst_res(TINFO, "%s", n ? "IPv6" : "IPv4");
	for (i = 0; i < LEN; i++)
		buf[i] = i * 151 + (i >> 12) + n;

	netem_change(5, 5);
	for (round = 0; round < 3; round++)
		ok += transfer(family, &drops);
	if (ok == round)
		tst_res(TPASS, "%d x %d bytes intact through 5%% loss and 5%% duplication, then EOF",
			round, LEN);

	/* Every drop is now a packet of A's that never left. */
	netem_change(10, 0);
	r0 = net_snmp(NET_A, "snmp", "Tcp:", "RetransSegs");
	d0 = netem_drops();
	drops = 0;
	ok = 0;
	for (round = 0; round < 10 && !drops; round++)
		ok += transfer(family, &drops);
	if (!drops) {
		tst_res(TFAIL, "netem dropped nothing of %d MiB at 10%% "
			"(%lld packets in all)", round, netem_drops() - d0);
		return;
	}
	r1 = net_snmp(NET_A, "snmp", "Tcp:", "RetransSegs");
	if (ok == round && r1 > r0)
		tst_res(TPASS, "netem dropped %lld packets of the transfers, "
			"the sender retransmitted %lld segments", drops,
			r1 - r0);
	else if (r1 <= r0)
		tst_res(TFAIL, "netem dropped %lld packets of the transfers, "
			"no retransmission counted", drops);
	net_enter(NET_A);
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.forks_child = 1,
	.timeout = 120,
};
