// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The fq qdisc (sch_fq) as the root of a veth pair of its own between the
 * hosts (fq0, 10.99.8.0/24, IPv6 off, neighbours pinned: nothing but the
 * test's datagrams of 142 bytes at layer 2 goes through it).
 * - EINVAL for TCA_FQ_BUCKETS_LOG 0 and 19 and TCA_FQ_RATE_ENABLE 2, no
 *   fq left; TCA_FQ_QUANTUM 0 and 1 MiB + 1: EINVAL (6.1) or, on kernels
 *   that clamp, accepted as exactly 256 and 1 MiB; 1 MiB and a log of 18
 *   accepted;
 * - parameters read back: limit, flow_limit, quantum, initial_quantum,
 *   maxrate, buckets log, orphan mask, horizon, horizon_drop;
 * - datagrams of connected sockets (a flow each) held by SO_TXTIME
 *   times 60 s ahead (inside the 100 s horizon): one socket's 8 datagrams leave 5 queued (flow_limit) and 3
 *   dropped (flows_plimit 3); another socket's datagram is not held
 *   behind them and arrives; a datagram timed 200 s ahead is a horizon
 *   drop; a third socket's 4 datagrams fill the qdisc limit of 7 and 2
 *   are dropped; qlen 7, backlog 7 * 142, drops 6, and the fq statistics
 *   (TCA_STATS_APP): flows 3, throttled_flows 2, inactive_flows 1,
 *   flows_plimit 3, horizon_drops 1; nothing else reached the remote;
 * - a new fq has the defaults (limit 10000, flow_limit 100, quantum
 *   3028 and initial_quantum 15140 for MTU 1500, buckets log 10, orphan
 *   mask 1023, unlimited maxrate, horizon 10 s with drops);
 * - SO_MAX_PACING_RATE 10000 B/s paces a socket: 10 datagrams of 1042
 *   bytes at layer 2 take at least 9 * 104.2 ms to arrive (fq delays
 *   each packet by its length at the rate; below low_rate_threshold no
 *   credit burst), all intact and in order.
 * Would catch: limits not enforced per flow or per qdisc, flows held
 * behind another's, EDT times or the horizon ignored, pacing ignored,
 * parameters not stored or dumped, silly quanta accepted as is.
 */
#include <linux/net_tstamp.h>
#include "tst_test.h"
#include "net_hosts.h"
#include "net_tc.h"

#define A_IP "10.99.8.1"
#define B_IP "10.99.8.2"
#define PORT 7100
#define HANDLE 0x10000
#define PAYLOAD 100
#define L2LEN (PAYLOAD + 42)

#ifndef SO_TXTIME
# define SO_TXTIME 61
# define SCM_TXTIME SO_TXTIME
#endif

static int ifindex;

struct fq_attr {
	int type;
	uint32_t val;
	int len;		/* 4, or 1 for TCA_FQ_HORIZON_DROP */
};

static int fq_msg(int flags, const struct fq_attr *a, int n)
{
	static struct rtnl_msg m;
	int i;

	net_enter(NET_A);
	tc_msg(&m, RTM_NEWQDISC, flags, ifindex, TC_H_ROOT, HANDLE, "fq");
	rtnl_nest(&m, TCA_OPTIONS);
	for (i = 0; i < n; i++) {
		if (a[i].len == 1)
			rtnl_put_u8(&m, a[i].type, a[i].val);
		else
			rtnl_put_u32(&m, a[i].type, a[i].val);
	}
	rtnl_nest_end(&m);
	return rtnl_talk(&m);
}

static int fq_create(const struct fq_attr *a, int n)
{
	return fq_msg(NLM_F_CREATE | NLM_F_EXCL, a, n);
}

static void fq_delete(void)
{
	static struct rtnl_msg m;

	net_enter(NET_A);
	tc_msg(&m, RTM_DELQDISC, 0, ifindex, TC_H_ROOT, HANDLE, NULL);
	RTNL_SAFE(rtnl_talk(&m));
}

struct fq_state {
	int found;
	long long opt[TCA_FQ_MAX + 1];	/* -1: not dumped */
	uint32_t qlen, backlog, drops;
	struct tc_fq_qd_stats st;
};

static void fq_cb(struct nlmsghdr *nh, void *priv)
{
	struct fq_state *s = priv;
	struct tcmsg *tcm = NLMSG_DATA(nh);
	struct rtattr *rta, *opt, *st;
	int len;

	if (nh->nlmsg_type != RTM_NEWQDISC || tcm->tcm_ifindex != ifindex)
		return;
	rta = rtnl_attr(nh, sizeof(*tcm), TCA_KIND);
	if (!rta || strcmp(RTA_DATA(rta), "fq"))
		return;
	s->found++;
	opt = rtnl_attr(nh, sizeof(*tcm), TCA_OPTIONS);
	if (opt) {
		rta = RTA_DATA(opt);
		len = RTA_PAYLOAD(opt);
		for (; RTA_OK(rta, len); rta = RTA_NEXT(rta, len)) {
			if (rta->rta_type > TCA_FQ_MAX)
				continue;
			if (RTA_PAYLOAD(rta) == 1)
				s->opt[rta->rta_type] = *(uint8_t *)RTA_DATA(rta);
			else if (RTA_PAYLOAD(rta) == 4)
				s->opt[rta->rta_type] = *(uint32_t *)RTA_DATA(rta);
		}
	}
	st = rtnl_attr(nh, sizeof(*tcm), TCA_STATS2);
	rta = st ? rtnl_nested(st, TCA_STATS_QUEUE) : NULL;
	if (rta && RTA_PAYLOAD(rta) >= sizeof(struct gnet_stats_queue)) {
		struct gnet_stats_queue *q = RTA_DATA(rta);

		s->qlen = q->qlen;
		s->backlog = q->backlog;
		s->drops = q->drops;
	}
	rta = st ? rtnl_nested(st, TCA_STATS_APP) : NULL;
	if (rta) {
		len = RTA_PAYLOAD(rta);
		if (len > (int)sizeof(s->st))
			len = sizeof(s->st);
		memcpy(&s->st, RTA_DATA(rta), len);
	}
}

static void fq_read(struct fq_state *s)
{
	static struct rtnl_msg m;
	int i;

	memset(s, 0, sizeof(*s));
	for (i = 0; i <= TCA_FQ_MAX; i++)
		s->opt[i] = -1;
	net_enter(NET_A);
	tc_msg(&m, RTM_GETQDISC, NLM_F_DUMP, 0, 0, 0, NULL);
	RTNL_SAFE(rtnl_talk_cb(&m, fq_cb, s));
}

static void exp_err(int ret, int err, const char *desc)
{
	if (ret == -err)
		tst_res(TPASS, "%s: %s", desc, tst_strerrno(err));
	else
		tst_res(TFAIL, "%s: %s, expected %s", desc,
			ret ? tst_strerrno(-ret) : "success", tst_strerrno(err));
}

static void exp_refused(int type, uint32_t val, const char *desc)
{
	struct fq_attr a = { type, val, 4 };
	struct fq_state s;

	exp_err(fq_create(&a, 1), EINVAL, desc);
	fq_read(&s);
	if (s.found) {
		tst_res(TFAIL, "an fq was left by the refused request");
		fq_delete();
	}
}

/* EINVAL, or (kernels that clamp the quantum) exactly the clamped value. */
static void exp_quantum(uint32_t val, uint32_t clamped)
{
	struct fq_attr a = { TCA_FQ_QUANTUM, val, 4 };
	struct fq_state s;
	int ret = fq_create(&a, 1);

	fq_read(&s);
	if (ret == -EINVAL && !s.found) {
		tst_res(TPASS, "quantum %u: EINVAL, no fq", val);
		return;
	}
	if (!ret && s.found && s.opt[TCA_FQ_QUANTUM] == clamped)
		tst_res(TPASS, "quantum %u clamped to %u", val, clamped);
	else
		tst_res(TFAIL, "quantum %u: %s, fq %d, quantum %lld; expected "
			"EINVAL or %u", val, ret ? tst_strerrno(-ret) : "0",
			s.found, s.opt[TCA_FQ_QUANTUM], clamped);
	if (s.found)
		fq_delete();
}

static void test_errors(void)
{
	struct fq_attr a[2] = { { TCA_FQ_QUANTUM, 1 << 20, 4 },
				{ TCA_FQ_BUCKETS_LOG, 18, 4 } };
	struct fq_state s;

	exp_refused(TCA_FQ_BUCKETS_LOG, 0, "buckets log 0");
	exp_refused(TCA_FQ_BUCKETS_LOG, 19, "buckets log 19 (past 256K)");
	exp_refused(TCA_FQ_RATE_ENABLE, 2, "rate enable 2");
	exp_quantum(0, 256);
	exp_quantum((1 << 20) + 1, 1 << 20);
	RTNL_SAFE(fq_create(a, 2));
	fq_read(&s);
	NET_EXP_EQ(s.opt[TCA_FQ_QUANTUM], 1 << 20, "quantum 1 MiB accepted");
	NET_EXP_EQ(s.opt[TCA_FQ_BUCKETS_LOG], 18, "buckets log 18 accepted");
	fq_delete();
}

/*
 * A UDP socket connected to the remote's port: fq makes one flow of a
 * connected socket, while an unconnected one's packets are classified by
 * their hash under the orphan mask, where two sockets can collide.
 */
static int udp_sock(void)
{
	int fd = net_socket(NET_A, AF_INET, SOCK_DGRAM);
	struct sockaddr_in sin = { .sin_family = AF_INET };

	net_ipv4(A_IP, &sin.sin_addr);
	if (bind(fd, (struct sockaddr *)&sin, sizeof(sin)))
		tst_brk(TBROK | TERRNO, "bind(%s)", A_IP);
	sin.sin_port = htons(PORT);
	net_ipv4(B_IP, &sin.sin_addr);
	if (connect(fd, (struct sockaddr *)&sin, sizeof(sin)))
		tst_brk(TBROK | TERRNO, "connect(%s)", B_IP);
	return fd;
}

static int txtime_sock(void)
{
	struct sock_txtime t = { .clockid = CLOCK_MONOTONIC };
	int fd = udp_sock();

	if (setsockopt(fd, SOL_SOCKET, SO_TXTIME, &t, sizeof(t)))
		tst_brk(TBROK | TERRNO, "SO_TXTIME");
	return fd;
}

/* A datagram with tag; with ahead_s > 0, its SCM_TXTIME that far ahead. */
static void send_dgram(int fd, char tag, int ahead_s, size_t len)
{
	static char buf[2048];
	char cbuf[CMSG_SPACE(sizeof(uint64_t))] = { 0 };
	struct iovec iov = { buf, len };
	struct msghdr msg = { .msg_iov = &iov, .msg_iovlen = 1 };
	struct cmsghdr *c;
	uint64_t when;

	memset(buf, tag, len);
	if (ahead_s) {
		when = tst_mono_ns() + (uint64_t)ahead_s * 1000000000ULL;
		msg.msg_control = cbuf;
		msg.msg_controllen = sizeof(cbuf);
		c = CMSG_FIRSTHDR(&msg);
		c->cmsg_level = SOL_SOCKET;
		c->cmsg_type = SCM_TXTIME;
		c->cmsg_len = CMSG_LEN(sizeof(when));
		memcpy(CMSG_DATA(c), &when, sizeof(when));
	}
	if (sendmsg(fd, &msg, 0) != (ssize_t)len)
		tst_brk(TBROK | TERRNO, "sendmsg('%c')", tag);
}

static void test_limits(int r)
{
	static const struct fq_attr a[] = {
		{ TCA_FQ_PLIMIT, 7, 4 }, { TCA_FQ_FLOW_PLIMIT, 5, 4 },
		{ TCA_FQ_QUANTUM, 2000, 4 },
		{ TCA_FQ_INITIAL_QUANTUM, 4000, 4 },
		{ TCA_FQ_FLOW_MAX_RATE, 1000000, 4 },
		{ TCA_FQ_BUCKETS_LOG, 6, 4 }, { TCA_FQ_ORPHAN_MASK, 511, 4 },
		{ TCA_FQ_HORIZON, 100000000, 4 }, { TCA_FQ_HORIZON_DROP, 1, 1 },
	};
	struct fq_state s;
	char buf[256];
	int s1, s2, s3, i;
	ssize_t n;

	RTNL_SAFE(fq_create(a, ARRAY_SIZE(a)));
	fq_read(&s);
	NET_EXP_EQ(s.found, 1, "fq root qdiscs on fq0");
	for (i = 0; i < (int)ARRAY_SIZE(a); i++) {
		snprintf(buf, sizeof(buf), "TCA_FQ option %d read back",
			 a[i].type);
		NET_EXP_EQ(s.opt[a[i].type], a[i].val, buf);
	}

	s1 = txtime_sock();
	s2 = udp_sock();
	s3 = txtime_sock();
	for (i = 0; i < 8; i++)
		send_dgram(s1, '1', 60, PAYLOAD);
	send_dgram(s2, '2', 0, PAYLOAD);
	if (!net_poll(r, POLLIN, 10000)) {
		tst_res(TFAIL, "another socket's datagram held behind the full flow");
	} else {
		n = recv(r, buf, sizeof(buf), MSG_DONTWAIT);
		NET_EXP_EQ(n == PAYLOAD && buf[0] == '2', 1,
			   "the other socket's datagram arrived first");
	}
	send_dgram(s1, 'h', 200, PAYLOAD);
	for (i = 0; i < 4; i++)
		send_dgram(s3, '3', 60, PAYLOAD);

	fq_read(&s);
	NET_EXP_EQ(s.qlen, 7, "qlen (5 of flow 1, 2 of flow 3: the limit)");
	NET_EXP_EQ(s.backlog, 7 * L2LEN, "backlog bytes");
	NET_EXP_EQ(s.drops, 6, "drops (3 flow limit, 1 horizon, 2 limit)");
	NET_EXP_EQ(s.st.flows_plimit, 3, "fq flows_plimit");
	NET_EXP_EQ(s.st.horizon_drops, 1, "fq horizon_drops");
	/* a flow idle for 3 s may be collected: count it with the others */
	NET_EXP_EQ(s.st.flows + s.st.gc_flows, 3, "fq flows (+ gc_flows)");
	NET_EXP_EQ(s.st.throttled_flows, 2, "fq throttled_flows (1 and 3)");
	NET_EXP_EQ(s.st.inactive_flows + s.st.gc_flows, 1,
		   "fq inactive_flows (2, sent) (+ gc_flows)");
	if (recv(r, buf, sizeof(buf), MSG_DONTWAIT) >= 0)
		tst_res(TFAIL, "a held datagram ('%c') reached the remote",
			buf[0]);
	close(s1);
	close(s2);
	close(s3);
	fq_delete();
}

static void test_defaults(void)
{
	static const struct { int type; long long val; } d[] = {
		{ TCA_FQ_PLIMIT, 10000 }, { TCA_FQ_FLOW_PLIMIT, 100 },
		{ TCA_FQ_QUANTUM, 3028 }, { TCA_FQ_INITIAL_QUANTUM, 15140 },
		{ TCA_FQ_FLOW_MAX_RATE, 0xffffffffLL },
		{ TCA_FQ_BUCKETS_LOG, 10 }, { TCA_FQ_ORPHAN_MASK, 1023 },
		{ TCA_FQ_RATE_ENABLE, 1 }, { TCA_FQ_HORIZON, 10000000 },
		{ TCA_FQ_HORIZON_DROP, 1 },
		{ TCA_FQ_LOW_RATE_THRESHOLD, 550000 / 8 },
	};
	struct fq_state s;
	char desc[64];
	unsigned int i;

	RTNL_SAFE(fq_create(NULL, 0));
	fq_read(&s);
	for (i = 0; i < ARRAY_SIZE(d); i++) {
		snprintf(desc, sizeof(desc), "default of TCA_FQ option %d",
			 d[i].type);
		NET_EXP_EQ(s.opt[d[i].type], d[i].val, desc);
	}
}

static void test_pacing(int r)
{
	unsigned long rate = 10000;
	long long t0, ms, min_ms = 9 * (1000 + 42) * 1000LL / rate;
	char buf[2048];
	int fd = udp_sock(), i, ok = 1;
	ssize_t n;

	if (setsockopt(fd, SOL_SOCKET, SO_MAX_PACING_RATE, &rate,
		       sizeof(rate)))
		tst_brk(TBROK | TERRNO, "SO_MAX_PACING_RATE");
	t0 = tst_mono_ms();
	for (i = 0; i < 10; i++)
		send_dgram(fd, 'a' + i, 0, 1000);
	for (i = 0; i < 10; i++) {
		if (!net_poll(r, POLLIN, 30000)) {
			tst_res(TFAIL, "paced datagram %d not received", i);
			ok = 0;
			break;
		}
		n = recv(r, buf, sizeof(buf), MSG_DONTWAIT);
		if (n != 1000 || buf[0] != 'a' + i || buf[999] != 'a' + i)
			ok = 0;
	}
	ms = tst_mono_ms() - t0;
	if (ok)
		tst_res(TPASS, "10 paced datagrams arrived intact and in order");
	else
		tst_res(TFAIL, "paced datagrams lost, changed or reordered");
	if (ms >= min_ms && ms < net_ms(30000))
		tst_res(TPASS, "10 datagrams at 10000 B/s took %lld ms (>= %lld)",
			ms, min_ms);
	else
		tst_res(TFAIL, "10 datagrams at 10000 B/s took %lld ms, expected "
			">= %lld", ms, min_ms);
	close(fd);
}

static void run(void)
{
	int r = net_udp_rx4(NET_B, B_IP, PORT);

	test_errors();
	test_limits(r);
	test_defaults();
	test_pacing(r);
	fq_delete();
	close(r);
}

static void setup(void)
{
	unsigned char mac_a[6], mac_b[6];
	struct fq_state s;

	net_hosts_setup();
	net_enter(NET_A);
	RTNL_SAFE(rtnl_veth_add("fq0", "fq0", net_nsfd[NET_B]));
	net_sysctl(NET_A, "net/ipv6/conf/fq0/disable_ipv6", "1");
	net_sysctl(NET_B, "net/ipv6/conf/fq0/disable_ipv6", "1");
	net_addr4("fq0", B_IP);
	net_mac_of("fq0", mac_b);
	RTNL_SAFE(rtnl_link_up(rtnl_ifindex("fq0")));
	net_enter(NET_A);
	net_addr4("fq0", A_IP);
	net_mac_of("fq0", mac_a);
	net_pin4("fq0", B_IP, mac_b);
	RTNL_SAFE(rtnl_link_up(rtnl_ifindex("fq0")));
	net_enter(NET_B);
	net_pin4("fq0", A_IP, mac_a);
	net_wait_oper_up(NET_A, "fq0");
	net_wait_oper_up(NET_B, "fq0");
	net_enter(NET_A);
	ifindex = rtnl_ifindex("fq0");
	if (fq_create(NULL, 0) == -ENOENT)
		tst_brk(TCONF, "no fq qdisc (module sch_fq)");
	fq_read(&s);
	if (s.found)
		fq_delete();
}

static struct tst_test test = {
	.setup = setup,
	.test_all = run,
	.needs_root = 1,
	.timeout = 60,
};
