// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * TCP over a lossy link: a netem qdisc on the local net0 (added over
 * rtnetlink: RTM_NEWQDISC, kind netem) drops 5% and duplicates 5% of the
 * packets leaving it. 1 MiB sent over IPv4 and over IPv6 still arrives
 * byte for byte, then EOF, and once netem has dropped a packet of a
 * transfer (its drop counter, RTM_GETQDISC, grew between the connection
 * and the EOF, when A sends nothing but data and its FIN) the sender's
 * namespace counts retransmitted segments (Tcp: RetransSegs grows):
 * TCP's timers and recovery repaired the loss. netem sees GSO
 * super-packets (TCP always uses GSO), a few dozen per MiB, so the
 * transfer is repeated (up to 10 times) until such a drop happened.
 */
#include <linux/gen_stats.h>
#include <linux/pkt_sched.h>
#include "tst_test.h"
#include "net_hosts.h"

#define LEN (1 << 20)

static unsigned char buf[LEN], rbuf[LEN + 1];

static void setup(void)
{
	static struct rtnl_msg m;
	struct tcmsg tcm = {
		.tcm_family = AF_UNSPEC, .tcm_handle = 0x10000,
		.tcm_parent = TC_H_ROOT,
	};
	struct tc_netem_qopt q = {
		.limit = 10000,
		.loss = UINT32_MAX / 20,	/* 5% */
		.duplicate = UINT32_MAX / 20,
	};
	int ret;

	net_hosts_setup();
	tcm.tcm_ifindex = rtnl_ifindex("net0");
	rtnl_msg_init(&m, RTM_NEWQDISC, NLM_F_CREATE | NLM_F_EXCL, &tcm,
		      sizeof(tcm));
	rtnl_put_str(&m, TCA_KIND, "netem");
	rtnl_put(&m, TCA_OPTIONS, &q, sizeof(q));
	ret = rtnl_talk(&m);
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

static void run(unsigned int n)
{
	int family = n ? AF_INET6 : AF_INET, cfd, sfd, round, ok = 0;
	long long r0, r1, d0, dr, data_drops = 0;
	ssize_t got;
	size_t i;
	pid_t pid;

	tst_res(TINFO, "%s", n ? "IPv6" : "IPv4");
	for (i = 0; i < LEN; i++)
		buf[i] = i * 151 + (i >> 12) + n;
	r0 = net_snmp(NET_A, "snmp", "Tcp:", "RetransSegs");
	d0 = netem_drops();
	for (round = 0; round < 10 && !data_drops; round++) {
		net_tcp_pair(NET_A, NET_B, family, &cfd, &sfd);
		/*
		 * Drops are counted from here to the EOF: then the only
		 * packets leaving A are the data and the FIN, which B gets
		 * only through a retransmission. A drop of a pure ACK (the
		 * handshake's last, or A's ACK of B's FIN at the close) is
		 * answered by B, or not at all, and is no loss A repairs.
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
		data_drops += netem_drops() - dr;
		if (got != LEN || memcmp(buf, rbuf, LEN))
			tst_res(TFAIL, "%zd bytes before EOF, expected %d intact",
				got, LEN);
		else
			ok++;
		/*
		 * B resets the connection (SO_LINGER 0), so A sends no ACK
		 * of a FIN of B's that could be dropped after the next
		 * round's count started.
		 */
		if (setsockopt(sfd, SOL_SOCKET, SO_LINGER,
			       &(struct linger){ 1, 0 }, sizeof(struct linger)))
			tst_brk(TBROK | TERRNO, "SO_LINGER");
		close(sfd);
		net_enter(NET_A);
		close(cfd);
	}
	if (ok == round)
		tst_res(TPASS, "%d x %d bytes intact through loss and duplication, then EOF",
			round, LEN);
	if (!data_drops) {
		tst_res(TFAIL, "netem dropped nothing of %d MiB at 5%% "
			"(%lld packets in all)", round, netem_drops() - d0);
		return;
	}
	r1 = net_snmp(NET_A, "snmp", "Tcp:", "RetransSegs");
	if (r1 > r0)
		tst_res(TPASS, "netem dropped %lld packets of the transfers, "
			"the sender retransmitted %lld segments", data_drops,
			r1 - r0);
	else
		tst_res(TFAIL, "netem dropped %lld packets of the transfers, "
			"no retransmission counted", data_drops);
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
