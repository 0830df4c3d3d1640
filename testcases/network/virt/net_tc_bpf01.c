// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * tc cls_bpf in direct-action mode (TCA_BPF_FLAG_ACT_DIRECT) on clsact,
 * a hand-assembled BPF_PROG_TYPE_SCHED_CLS program counting IPv4 UDP
 * datagrams by destination port in an array map. On the remote's net0
 * ingress: port 7001 TC_ACT_SHOT, 7002 TC_ACT_OK, 7003 TC_ACT_OK with
 * skb->mark set to 0x77; on the local net0 egress: 7004 TC_ACT_SHOT,
 * 7002 counted. Checks:
 * - EINVAL for a socket filter program, EBADF for a closed descriptor,
 *   EINVAL for TCA_BPF_FLAGS 1 << 1; no filter is left behind by them;
 * - RTM_GETTFILTER reads back kind "bpf", TCA_BPF_ID (the program's bpf
 *   id), TCA_BPF_NAME and TCA_BPF_FLAGS (ACT_DIRECT), on both sides;
 * - 10 datagrams to each port, then a sentinel on 7002 (sender pinned to
 *   one CPU, so everything before it has been handled): none of 7001 or
 *   7004 arrive, the 10 to 7002 arrive intact with mark 0, the 10 to 7003
 *   with mark 0x77 (SO_RCVMARK: the skb's mark as the program set it);
 *   the map counts exactly 10 drops and 11 passes on each side and 10
 *   marks; each clsact qdisc counts 10 drops; the local Udp SndbufErrors
 *   grows by 10 (a TC_ACT_SHOT at egress is NET_XMIT_DROP);
 * - NLM_F_REPLACE with a program returning TC_ACT_OK: the new id read
 *   back and 7001 delivered at once, the map untouched; replaced back,
 *   7001 dropped again;
 * - RTM_DELTFILTER on both sides: no filter left, 7001 and 7004
 *   delivered, counters and qdisc drops unchanged.
 * Would catch a direct-action verdict ignored or applied to the wrong
 * datagrams, drops not accounted to the qdisc, a mark lost on the way up,
 * a replace that keeps running the old program, a deleted filter still
 * running, or a wrong program type or flag accepted.
 */
#include <stddef.h>
#include <linux/if_ether.h>
#include <linux/pkt_cls.h>
#include <linux/pkt_sched.h>
#include <netinet/ip.h>
#include "tst_test.h"
#include "net_hosts.h"
#include "net_tc.h"
#include "socket_helpers.h"
#include "bpf_helpers.h"

#ifndef SO_RCVMARK
# define SO_RCVMARK 75
#endif

#define DROP_PORT 7001
#define PASS_PORT 7002
#define MARK_PORT 7003
#define EDROP_PORT 7004
#define MARK 0x77
#define NSEND 10
#define PRIO 1
#define HANDLE 1

/* map keys: ingress drop, pass, mark, then egress drop, pass, (mark) */
enum { IN_DROP, IN_PASS, IN_MARK, OUT_DROP, OUT_PASS, OUT_MARK, NKEYS };

static int map_fd = -1, in_prog = -1, out_prog = -1, ok_prog = -1;
static int sock_prog = -1;
static uint32_t in_id, out_id, ok_id;
static int a_idx, b_idx;
static int tx, rx_drop, rx_pass, rx_mark, rx_edrop;

/*
 * Count datagrams to drop, pass and mark (keys base + 0, 1, 2): the
 * first TC_ACT_SHOT, the others TC_ACT_OK, mark's with skb->mark = MARK.
 * Anything else TC_ACT_OK uncounted. At clsact, both ways, the data
 * starts at the Ethernet header.
 */
static int count_prog_load(int drop, int pass, int mark, int base)
{
	/* r6 ctx, r7 data, r8 data_end then the key, r9 the verdict */
	struct bpf_insn p[] = {
		MOV64_REG(BPF_REG_6, BPF_REG_1),
		LDX_MEM(BPF_W, BPF_REG_7, BPF_REG_1,
			offsetof(struct __sk_buff, data)),
		LDX_MEM(BPF_W, BPF_REG_8, BPF_REG_1,
			offsetof(struct __sk_buff, data_end)),
		MOV64_REG(BPF_REG_2, BPF_REG_7),
		ALU64_IMM(BPF_ADD, BPF_REG_2, 38),
		/* 5: Ethernet, IPv4 without options, UDP ports */
		JMP_REG(BPF_JGT, BPF_REG_2, BPF_REG_8, 28),
		LDX_MEM(BPF_H, BPF_REG_2, BPF_REG_7, 12),
		JMP_IMM(BPF_JNE, BPF_REG_2, htons(ETH_P_IP), 26),
		LDX_MEM(BPF_B, BPF_REG_2, BPF_REG_7, 14),
		JMP_IMM(BPF_JNE, BPF_REG_2, 0x45, 24),
		LDX_MEM(BPF_B, BPF_REG_2, BPF_REG_7, 23),
		JMP_IMM(BPF_JNE, BPF_REG_2, IPPROTO_UDP, 22),
		/* 12: the destination port */
		LDX_MEM(BPF_H, BPF_REG_2, BPF_REG_7, 36),
		MOV64_IMM(BPF_REG_8, base),
		MOV64_IMM(BPF_REG_9, TC_ACT_SHOT),
		JMP_IMM(BPF_JEQ, BPF_REG_2, htons(drop), 7),
		MOV64_IMM(BPF_REG_8, base + 1),
		MOV64_IMM(BPF_REG_9, TC_ACT_OK),
		JMP_IMM(BPF_JEQ, BPF_REG_2, htons(pass), 4),
		JMP_IMM(BPF_JNE, BPF_REG_2, htons(mark), 14),
		MOV64_IMM(BPF_REG_8, base + 2),
		/* 21: the verifier takes no BPF_ST into the context */
		MOV64_IMM(BPF_REG_3, MARK),
		STX_MEM(BPF_W, BPF_REG_6, BPF_REG_3,
			offsetof(struct __sk_buff, mark)),
		/* 23: count under key r8, return r9 */
		COUNT_R8_RETURN_R9(map_fd),
		/* 34: not ours */
		MOV64_IMM(BPF_REG_0, TC_ACT_OK),
		EXIT(),
	};
	int fd = bpf_prog_load(BPF_PROG_TYPE_SCHED_CLS, p, ARRAY_SIZE(p));

	if (fd < 0)
		tst_brk(TBROK | TERRNO, "BPF_PROG_LOAD(SCHED_CLS counter): %s",
			bpf_log);
	return fd;
}

static uint32_t clsact_parent(int egress)
{
	return TC_H_MAKE(TC_H_CLSACT,
			 egress ? TC_H_MIN_EGRESS : TC_H_MIN_INGRESS);
}

/*
 * RTM_NEWTFILTER (nlflags) or RTM_DELTFILTER (fd < 0) of a bpf filter of
 * prio on ifindex's clsact of the current host: 0 or -errno.
 */
static int bpf_filter(int type, int nlflags, int ifindex, int egress,
		      int prio, int fd, const char *name, uint32_t flags)
{
	static struct rtnl_msg m;
	struct tcmsg tcm = {
		.tcm_family = AF_UNSPEC, .tcm_ifindex = ifindex,
		.tcm_parent = clsact_parent(egress), .tcm_handle = HANDLE,
		.tcm_info = TC_H_MAKE(prio << 16, htons(ETH_P_ALL)),
	};

	rtnl_msg_init(&m, type, nlflags, &tcm, sizeof(tcm));
	rtnl_put_str(&m, TCA_KIND, "bpf");
	if (type == RTM_NEWTFILTER) {
		rtnl_nest(&m, TCA_OPTIONS);
		rtnl_put_u32(&m, TCA_BPF_FD, fd);
		rtnl_put_str(&m, TCA_BPF_NAME, name);
		rtnl_put_u32(&m, TCA_BPF_FLAGS, flags);
		rtnl_nest_end(&m);
	}
	return rtnl_talk(&m);
}

static int attach(int h, int ifindex, int egress, int fd, const char *name,
		  int nlflags)
{
	net_enter(h);
	return bpf_filter(RTM_NEWTFILTER, nlflags, ifindex, egress, PRIO, fd,
			  name, TCA_BPF_FLAG_ACT_DIRECT);
}

struct bpf_filters {
	int n;
	char kind[16], name[64];
	long long id, flags;
};

static void bpf_filters_cb(struct nlmsghdr *nh, void *priv)
{
	struct tcmsg *tcm = NLMSG_DATA(nh);
	struct bpf_filters *f = priv;
	struct rtattr *opt, *a;

	/* the chain's head comes without a handle */
	if (nh->nlmsg_type != RTM_NEWTFILTER || !tcm->tcm_handle)
		return;
	f->n++;
	a = rtnl_attr(nh, sizeof(*tcm), TCA_KIND);
	if (a)
		strncpy(f->kind, RTA_DATA(a), sizeof(f->kind) - 1);
	opt = rtnl_attr(nh, sizeof(*tcm), TCA_OPTIONS);
	a = opt ? rtnl_nested(opt, TCA_BPF_ID) : NULL;
	if (a)
		f->id = *(uint32_t *)RTA_DATA(a);
	a = opt ? rtnl_nested(opt, TCA_BPF_FLAGS) : NULL;
	if (a)
		f->flags = *(uint32_t *)RTA_DATA(a);
	a = opt ? rtnl_nested(opt, TCA_BPF_NAME) : NULL;
	if (a)
		strncpy(f->name, RTA_DATA(a), sizeof(f->name) - 1);
}

/* The filters on one side of ifindex's clsact in host h. */
static void filters_get(int h, int ifindex, int egress, struct bpf_filters *f)
{
	static struct rtnl_msg m;
	struct tcmsg tcm = {
		.tcm_family = AF_UNSPEC, .tcm_ifindex = ifindex,
		.tcm_parent = clsact_parent(egress),
	};

	memset(f, 0, sizeof(*f));
	f->id = f->flags = -1;
	net_enter(h);
	rtnl_msg_init(&m, RTM_GETTFILTER, NLM_F_DUMP, &tcm, sizeof(tcm));
	RTNL_SAFE(rtnl_talk_cb(&m, bpf_filters_cb, f));
}

static void check_filter(int h, int ifindex, int egress, uint32_t id,
			 const char *name)
{
	struct bpf_filters f;

	filters_get(h, ifindex, egress, &f);
	if (f.n == 1 && !strcmp(f.kind, "bpf") && f.id == id &&
	    !strcmp(f.name, name) && f.flags == TCA_BPF_FLAG_ACT_DIRECT)
		tst_res(TPASS, "%s filter read back: bpf, id %u, name %s, flags ACT_DIRECT",
			egress ? "egress" : "ingress", id, name);
	else
		tst_res(TFAIL, "%s filter read back: %d filters, kind '%s' id %lld name '%s' flags %lld; expected 1, bpf, %u, %s, %d",
			egress ? "egress" : "ingress", f.n, f.kind, f.id,
			f.name, f.flags, id, name, TCA_BPF_FLAG_ACT_DIRECT);
}

static void no_filters(int h, int ifindex, int egress, const char *what)
{
	struct bpf_filters f;

	filters_get(h, ifindex, egress, &f);
	NET_EXP_EQ(f.n, 0, what);
}

static void counters(uint64_t *c)
{
	int k;

	for (k = 0; k < NKEYS; k++)
		if (bpf_elem(BPF_MAP_LOOKUP_ELEM, map_fd, k, &c[k], 0))
			tst_brk(TBROK | TERRNO, "map lookup %d", k);
}

static void check_counters(const uint64_t *exp, const char *what)
{
	uint64_t c[NKEYS];
	int k, bad = 0;

	counters(c);
	for (k = 0; k < NKEYS; k++)
		bad |= c[k] != exp[k];
	tst_res(bad ? TFAIL : TPASS,
		"%s: map in drop %llu pass %llu mark %llu, out drop %llu pass %llu%s",
		what, (unsigned long long)c[IN_DROP],
		(unsigned long long)c[IN_PASS], (unsigned long long)c[IN_MARK],
		(unsigned long long)c[OUT_DROP],
		(unsigned long long)c[OUT_PASS], bad ? " (unexpected)" : "");
	if (bad)
		tst_res(TINFO, "expected %llu %llu %llu %llu %llu",
			(unsigned long long)exp[IN_DROP],
			(unsigned long long)exp[IN_PASS],
			(unsigned long long)exp[IN_MARK],
			(unsigned long long)exp[OUT_DROP],
			(unsigned long long)exp[OUT_PASS]);
}

/* The drops the clsact qdisc of ifindex in h has counted. */
static long long clsact_drops(int h, int ifindex)
{
	struct tc_objs l;
	const struct tc_obj *o;

	net_enter(h);
	RTNL_SAFE(tc_dump(RTM_GETQDISC, ifindex, 0, &l));
	o = tc_find(&l, TC_H_MAKE(TC_H_CLSACT, 0));
	if (!o)
		tst_brk(TBROK, "no clsact qdisc in the dump");
	return o->drops;
}

/*
 * One datagram from fd if queued: 1 with its first byte in *tag and its
 * SO_MARK cmsg in *mark (-1 without one, or when it is not one byte).
 */
static int recv_marked(int fd, char *tag, long long *mark)
{
	union {
		char buf[CMSG_SPACE(sizeof(uint32_t))];
		struct cmsghdr align;
	} cbuf;
	char c[2];
	struct iovec iov = { .iov_base = c, .iov_len = sizeof(c) };
	struct msghdr mh = {
		.msg_iov = &iov, .msg_iovlen = 1,
		.msg_control = cbuf.buf, .msg_controllen = sizeof(cbuf.buf),
	};
	struct cmsghdr *cm;
	ssize_t len = recvmsg(fd, &mh, MSG_DONTWAIT);
	uint32_t v;

	if (len < 0)
		return 0;
	*tag = c[0];
	*mark = -1;
	for (cm = CMSG_FIRSTHDR(&mh); cm; cm = CMSG_NXTHDR(&mh, cm))
		if (cm->cmsg_level == SOL_SOCKET &&
		    cm->cmsg_type == SO_MARK) {
			memcpy(&v, CMSG_DATA(cm), sizeof(v));
			*mark = v;
		}
	if (len != 1)
		*mark = -1;
	return 1;
}

/* Datagrams queued on fd (left empty); *bad: not tag or not marked mark. */
static int drain_marked(int fd, char tag, uint32_t mark, int *bad)
{
	long long m;
	int n = 0;
	char c;

	*bad = 0;
	while (recv_marked(fd, &c, &m)) {
		n++;
		*bad += c != tag || m != mark;
	}
	return n;
}

/*
 * n datagrams to PASS_PORT and to each port of the others not 0, then the
 * sentinel 'S' to PASS_PORT: once it is read, everything sent before it
 * was handled (one CPU, one backlog). Checks the n 'p' before it, mark 0.
 */
static void send_round(int n, int drop, int mark, int edrop, const char *what)
{
	long long end, m;
	int i, got = 0, bad = 0;
	char c = 0;

	for (i = 0; i < n; i++) {
		if (drop)
			net_send_tag4(tx, "10.99.1.2", DROP_PORT, 'd');
		net_send_tag4(tx, "10.99.1.2", PASS_PORT, 'p');
		if (mark)
			net_send_tag4(tx, "10.99.1.2", MARK_PORT, 'm');
		if (edrop)
			net_send_tag4(tx, "10.99.1.2", EDROP_PORT, 'e');
	}
	net_send_tag4(tx, "10.99.1.2", PASS_PORT, 'S');
	end = tst_mono_ms() + net_ms(10000);
	while (c != 'S') {
		if (tst_mono_ms() > end)
			tst_brk(TBROK, "%s: the sentinel did not arrive", what);
		if (!net_poll(rx_pass, POLLIN, 1000) ||
		    !recv_marked(rx_pass, &c, &m) || c == 'S')
			continue;
		got++;
		bad += c != 'p' || m != 0;
	}
	if (got == n && !bad)
		tst_res(TPASS, "%s: %d of %d to %d arrived intact, mark 0",
			what, got, n, PASS_PORT);
	else
		tst_res(TFAIL, "%s: %d to %d arrived (%d bad), expected %d",
			what, got, PASS_PORT, bad, n);
}

static void check_rx(int fd, char tag, uint32_t mark, int n, int port,
		     const char *what)
{
	int bad, got = drain_marked(fd, tag, mark, &bad);

	if (got == n && !bad)
		tst_res(TPASS, "%s: %d to %d arrived (mark %#x)", what, got,
			port, mark);
	else
		tst_res(TFAIL, "%s: %d to %d arrived, %d not '%c' with mark %#x; expected %d",
			what, got, port, bad, tag, mark, n);
}

static void errnos(void)
{
	/* far above what the netlink sockets of the requests will get */
	int bad_fd = fcntl(tx, F_DUPFD, 1000);

	if (bad_fd < 0)
		tst_brk(TBROK | TERRNO, "F_DUPFD");
	SAFE_CLOSE(bad_fd);
	bad_fd = 1000;
	net_enter(NET_B);
	NET_EXP_EQ(bpf_filter(RTM_NEWTFILTER, NLM_F_CREATE | NLM_F_EXCL, b_idx,
			      0, 9, sock_prog, "x", TCA_BPF_FLAG_ACT_DIRECT),
		   -EINVAL, "a socket filter program");
	NET_EXP_EQ(bpf_filter(RTM_NEWTFILTER, NLM_F_CREATE | NLM_F_EXCL, b_idx,
			      0, 9, bad_fd, "x", TCA_BPF_FLAG_ACT_DIRECT),
		   -EBADF, "a closed descriptor");
	NET_EXP_EQ(bpf_filter(RTM_NEWTFILTER, NLM_F_CREATE | NLM_F_EXCL, b_idx,
			      0, 9, in_prog, "x",
			      TCA_BPF_FLAG_ACT_DIRECT | (1U << 1)),
		   -EINVAL, "TCA_BPF_FLAGS with 1 << 1");
	no_filters(NET_B, b_idx, 0, "filters after the refusals");
}

static void run(void)
{
	uint64_t exp[NKEYS] = { 0 };
	long long snd0, in_drops, out_drops;

	errnos();
	RTNL_SAFE(attach(NET_B, b_idx, 0, in_prog, "tcbpf_in",
			 NLM_F_CREATE | NLM_F_EXCL));
	RTNL_SAFE(attach(NET_A, a_idx, 1, out_prog, "tcbpf_out",
			 NLM_F_CREATE | NLM_F_EXCL));
	check_filter(NET_B, b_idx, 0, in_id, "tcbpf_in");
	check_filter(NET_A, a_idx, 1, out_id, "tcbpf_out");

	snd0 = net_snmp(NET_A, "snmp", "Udp:", "SndbufErrors");
	send_round(NSEND, 1, 1, 1, "all four ports");
	check_rx(rx_drop, 'd', 0, 0, DROP_PORT, "ingress TC_ACT_SHOT");
	check_rx(rx_edrop, 'e', 0, 0, EDROP_PORT, "egress TC_ACT_SHOT");
	check_rx(rx_mark, 'm', MARK, NSEND, MARK_PORT, "marked by the program");
	exp[IN_DROP] = exp[OUT_DROP] = exp[IN_MARK] = NSEND;
	exp[IN_PASS] = exp[OUT_PASS] = NSEND + 1;
	check_counters(exp, "after the round");
	in_drops = clsact_drops(NET_B, b_idx);
	out_drops = clsact_drops(NET_A, a_idx);
	NET_EXP_EQ(in_drops, NSEND, "remote clsact qdisc drops");
	NET_EXP_EQ(out_drops, NSEND, "local clsact qdisc drops");
	NET_EXP_EQ(net_snmp(NET_A, "snmp", "Udp:", "SndbufErrors") - snd0,
		   NSEND, "local Udp SndbufErrors growth");

	NET_EXP_EQ(attach(NET_B, b_idx, 0, ok_prog, "tcbpf_ok",
			  NLM_F_REPLACE), 0, "NLM_F_REPLACE with TC_ACT_OK");
	check_filter(NET_B, b_idx, 0, ok_id, "tcbpf_ok");
	send_round(NSEND, 1, 0, 0, "replaced");
	check_rx(rx_drop, 'd', 0, NSEND, DROP_PORT, "replaced: TC_ACT_OK");
	/* the new program counts nothing, the egress one the 7002 */
	exp[OUT_PASS] += NSEND + 1;
	check_counters(exp, "replaced");

	NET_EXP_EQ(attach(NET_B, b_idx, 0, in_prog, "tcbpf_in",
			  NLM_F_REPLACE), 0, "NLM_F_REPLACE back");
	check_filter(NET_B, b_idx, 0, in_id, "tcbpf_in");
	send_round(NSEND, 1, 0, 0, "replaced back");
	check_rx(rx_drop, 'd', 0, 0, DROP_PORT, "replaced back: TC_ACT_SHOT");
	exp[IN_DROP] += NSEND;
	exp[IN_PASS] += NSEND + 1;
	exp[OUT_PASS] += NSEND + 1;
	check_counters(exp, "replaced back");
	in_drops += NSEND;

	net_enter(NET_B);
	NET_EXP_EQ(bpf_filter(RTM_DELTFILTER, 0, b_idx, 0, PRIO, -1, NULL, 0),
		   0, "RTM_DELTFILTER ingress");
	net_enter(NET_A);
	NET_EXP_EQ(bpf_filter(RTM_DELTFILTER, 0, a_idx, 1, PRIO, -1, NULL, 0),
		   0, "RTM_DELTFILTER egress");
	no_filters(NET_B, b_idx, 0, "ingress filters after delete");
	no_filters(NET_A, a_idx, 1, "egress filters after delete");
	send_round(NSEND, 1, 1, 1, "deleted");
	check_rx(rx_drop, 'd', 0, NSEND, DROP_PORT, "deleted: ingress");
	check_rx(rx_edrop, 'e', 0, NSEND, EDROP_PORT, "deleted: egress");
	check_rx(rx_mark, 'm', 0, NSEND, MARK_PORT, "deleted: no mark");
	check_counters(exp, "deleted");
	NET_EXP_EQ(clsact_drops(NET_B, b_idx), in_drops,
		   "remote clsact drops after delete");
	NET_EXP_EQ(clsact_drops(NET_A, a_idx), out_drops,
		   "local clsact drops after delete");
}

static void add_clsact(int h, int ifindex)
{
	static struct rtnl_msg m;
	int ret;

	net_enter(h);
	tc_msg(&m, RTM_NEWQDISC, NLM_F_CREATE | NLM_F_EXCL, ifindex,
	       TC_H_CLSACT, TC_H_MAKE(TC_H_CLSACT, 0), "clsact");
	ret = rtnl_talk(&m);
	if (ret == -ENOENT)
		tst_brk(TCONF, "no clsact qdisc (sch_ingress missing)");
	RTNL_SAFE(ret);
}

static int rx_socket(int port)
{
	int one = 1, fd = net_udp_rx4(NET_B, "10.99.1.2", port);

	if (setsockopt(fd, SOL_SOCKET, SO_RCVMARK, &one, sizeof(one))) {
		if (errno == ENOPROTOOPT)
			tst_brk(TCONF, "no SO_RCVMARK (before 5.19)");
		tst_brk(TBROK | TERRNO, "setsockopt(SO_RCVMARK)");
	}
	return fd;
}

/*
 * A valid filter, added and deleted: ENOENT means the kernel has no "bpf"
 * classifier (a kernel without cls_bpf, e.g. a flavour built without
 * modules), which every errno checked later would otherwise hide.
 */
static void require_cls_bpf(void)
{
	int ret;

	net_enter(NET_B);
	ret = bpf_filter(RTM_NEWTFILTER, NLM_F_CREATE | NLM_F_EXCL, b_idx, 0,
			 9, ok_prog, "probe", TCA_BPF_FLAG_ACT_DIRECT);
	if (ret == -ENOENT)
		tst_brk(TCONF, "no bpf classifier (module cls_bpf)");
	if (ret)
		tst_brk(TBROK, "probe bpf filter: %s", tst_strerrno(-ret));
	ret = bpf_filter(RTM_DELTFILTER, 0, b_idx, 0, 9, -1, NULL, 0);
	if (ret)
		tst_brk(TBROK, "deleting the probe filter: %s",
			tst_strerrno(-ret));
}

static void setup(void)
{
	/* one CPU, one backlog: datagrams are handled in the order sent */
	sock_pin_cpu();
	map_fd = bpf_map_create(BPF_MAP_TYPE_ARRAY, 8, NKEYS);
	in_prog = count_prog_load(DROP_PORT, PASS_PORT, MARK_PORT, IN_DROP);
	/* port 0 is never sent to: the egress program marks nothing */
	out_prog = count_prog_load(EDROP_PORT, PASS_PORT, 0, OUT_DROP);
	ok_prog = bpf_ret_prog_load(BPF_PROG_TYPE_SCHED_CLS, TC_ACT_OK);
	sock_prog = bpf_ret_prog_load(BPF_PROG_TYPE_SOCKET_FILTER, 0);
	in_id = bpf_prog_id(in_prog);
	out_id = bpf_prog_id(out_prog);
	ok_id = bpf_prog_id(ok_prog);

	net_hosts_setup_pinned();
	net_enter(NET_A);
	a_idx = rtnl_ifindex("net0");
	tx = net_socket(NET_A, AF_INET, SOCK_DGRAM);
	net_enter(NET_B);
	b_idx = rtnl_ifindex("net0");
	rx_drop = rx_socket(DROP_PORT);
	rx_pass = rx_socket(PASS_PORT);
	rx_mark = rx_socket(MARK_PORT);
	rx_edrop = rx_socket(EDROP_PORT);
	net_udp_warmup4(tx, "10.99.1.2", PASS_PORT, rx_pass);
	add_clsact(NET_B, b_idx);
	add_clsact(NET_A, a_idx);
	require_cls_bpf();
}

static void cleanup(void)
{
	/* qdiscs and filters die with the namespaces, programs with fds */
	if (sock_prog >= 0)
		SAFE_CLOSE(sock_prog);
	if (ok_prog >= 0)
		SAFE_CLOSE(ok_prog);
	if (out_prog >= 0)
		SAFE_CLOSE(out_prog);
	if (in_prog >= 0)
		SAFE_CLOSE(in_prog);
	if (map_fd >= 0)
		SAFE_CLOSE(map_fd);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.timeout = 120,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_NET_CLS_BPF", "CONFIG_NET_SCH_INGRESS", NULL
	},
};
