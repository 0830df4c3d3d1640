// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * XDP on a veth, generic (XDP_FLAGS_SKB_MODE) and native (XDP_FLAGS_DRV_MODE),
 * attached over rtnetlink (IFLA_XDP_FD, IFLA_XDP_FLAGS) to the remote's
 * net0. The program, assembled here, counts IPv4 UDP datagrams per
 * destination port in an array map: port 7001 XDP_DROP, 7002 XDP_PASS,
 * 7003 XDP_TX with the MAC addresses swapped, anything else passed
 * uncounted. For each mode:
 * - IFLA_XDP_ATTACHED (SKB 2, DRV 1) and IFLA_XDP_PROG_ID (the program's
 *   bpf id) read back, and the mode's own IFLA_XDP_{SKB,DRV}_PROG_ID;
 * - EBUSY for XDP_FLAGS_UPDATE_IF_NOEXIST over it, EEXIST for the other
 *   mode, EINVAL for an unknown flag (1 << 5), two modes at once,
 *   IFLA_XDP_ATTACHED in the request, XDP_FLAGS_REPLACE without
 *   IFLA_XDP_EXPECTED_FD and a socket filter program; EEXIST for
 *   XDP_FLAGS_REPLACE with another program expected; EBADF for a closed
 *   descriptor; the program is still the one attached after each;
 * - 10 datagrams to each port, a sentinel behind them (the sender pinned
 *   to one CPU keeps the order): the 10 to 7002 and the sentinel arrive,
 *   none of 7001, the map counts exactly 10 drops and 11 passes;
 * - 3 datagrams to 7003 come back out of the remote's net0, captured
 *   on the local net0 as PACKET_HOST frames from the remote's MAC to the
 *   local one with the payload intact; the remote's socket on 7003 gets
 *   none; the map counts 3 (native XDP_TX to a veth needs NAPI on the
 *   peer: a passing program is attached to the local net0 for that);
 * - XDP_FLAGS_REPLACE with the right program expected swaps in a
 *   passing program (prog id read back) and 7001 is delivered again;
 * - detach (fd -1): IFLA_XDP_ATTACHED 0, no id, 7001 delivered, the
 *   counters unchanged.
 * Native only: the peer's IFLA_MAX_MTU is lowered to what one page holds
 * (its MTU one above is EINVAL, at it 0) and back to 65535 on detach; an
 * attach with the peer's MTU one above that is ERANGE.
 * Would catch drops that leak to the stack, counters off by one, a mode
 * or id reported wrong, attach flags ignored, a detach that leaves the
 * program running, XDP_TX frames lost or sent unmodified.
 */
#include <netinet/ip.h>
#include <netinet/udp.h>
#include "tst_test.h"
#include "net_hosts.h"
#include "net_l2raw.h"
#include "socket_helpers.h"
#include "bpf_helpers.h"

#ifndef IFLA_XDP_EXPECTED_FD
# define IFLA_XDP_EXPECTED_FD 8
#endif

#define DROP_PORT 7001
#define PASS_PORT 7002
#define TX_PORT 7003
#define NSEND 10
#define NTX 3

enum { KEY_DROP, KEY_PASS, KEY_TX, NKEYS };

static int map_fd = -1, count_prog = -1, pass_prog = -1, sock_prog = -1;
static uint32_t count_id, pass_id;
static int tx, rx_drop, rx_pass, rx_tx, cap;
static int a_idx, b_idx;
static unsigned char mac_a[6], mac_b[6];

static int count_prog_load(void)
{
	/* r6 data, r7 data_end, r8 the map key, r9 the verdict */
	struct bpf_insn p[] = {
		LDX_MEM(BPF_W, BPF_REG_6, BPF_REG_1, 0),
		LDX_MEM(BPF_W, BPF_REG_7, BPF_REG_1, 4),
		MOV64_REG(BPF_REG_2, BPF_REG_6),
		ALU64_IMM(BPF_ADD, BPF_REG_2, 42),
		/* 4: Ethernet, IPv4 without options and UDP headers */
		JMP_REG(BPF_JGT, BPF_REG_2, BPF_REG_7, 35),
		LDX_MEM(BPF_H, BPF_REG_2, BPF_REG_6, 12),
		JMP_IMM(BPF_JNE, BPF_REG_2, htons(ETH_P_IP), 33),
		LDX_MEM(BPF_B, BPF_REG_2, BPF_REG_6, 14),
		JMP_IMM(BPF_JNE, BPF_REG_2, 0x45, 31),
		LDX_MEM(BPF_B, BPF_REG_2, BPF_REG_6, 23),
		JMP_IMM(BPF_JNE, BPF_REG_2, IPPROTO_UDP, 29),
		/* 11: the UDP destination port */
		LDX_MEM(BPF_H, BPF_REG_2, BPF_REG_6, 36),
		MOV64_IMM(BPF_REG_8, KEY_DROP),
		MOV64_IMM(BPF_REG_9, XDP_DROP),
		JMP_IMM(BPF_JEQ, BPF_REG_2, htons(DROP_PORT), 14),
		MOV64_IMM(BPF_REG_8, KEY_PASS),
		MOV64_IMM(BPF_REG_9, XDP_PASS),
		JMP_IMM(BPF_JEQ, BPF_REG_2, htons(PASS_PORT), 11),
		JMP_IMM(BPF_JNE, BPF_REG_2, htons(TX_PORT), 21),
		/* 19: swap the destination and source MACs */
		LDX_MEM(BPF_W, BPF_REG_2, BPF_REG_6, 0),
		LDX_MEM(BPF_H, BPF_REG_3, BPF_REG_6, 4),
		LDX_MEM(BPF_W, BPF_REG_4, BPF_REG_6, 6),
		LDX_MEM(BPF_H, BPF_REG_5, BPF_REG_6, 10),
		STX_MEM(BPF_W, BPF_REG_6, BPF_REG_4, 0),
		STX_MEM(BPF_H, BPF_REG_6, BPF_REG_5, 4),
		STX_MEM(BPF_W, BPF_REG_6, BPF_REG_2, 6),
		STX_MEM(BPF_H, BPF_REG_6, BPF_REG_3, 10),
		MOV64_IMM(BPF_REG_8, KEY_TX),
		MOV64_IMM(BPF_REG_9, XDP_TX),
		/* 29: count under key r8, return r9 */
		COUNT_R8_RETURN_R9(map_fd),
		/* 40: not ours */
		MOV64_IMM(BPF_REG_0, XDP_PASS),
		EXIT(),
	};
	int fd = bpf_prog_load(BPF_PROG_TYPE_XDP, p, ARRAY_SIZE(p));

	if (fd < 0)
		tst_brk(TBROK | TERRNO, "BPF_PROG_LOAD(XDP counter): %s",
			bpf_log);
	return fd;
}

/*
 * RTM_NEWLINK with IFLA_XDP { FD, FLAGS, EXPECTED_FD (>= 0), ATTACHED
 * (bogus) } on ifindex of the current host: 0 or -errno.
 */
static int xdp_set(int ifindex, int fd, uint32_t flags, int expected,
		   int bogus)
{
	static struct rtnl_msg m;

	rtnl_link_msg(&m, RTM_NEWLINK, 0, ifindex, NULL);
	rtnl_nest(&m, IFLA_XDP);
	rtnl_put_u32(&m, IFLA_XDP_FD, fd);
	rtnl_put_u32(&m, IFLA_XDP_FLAGS, flags);
	if (expected >= 0)
		rtnl_put_u32(&m, IFLA_XDP_EXPECTED_FD, expected);
	if (bogus)
		rtnl_put_u8(&m, IFLA_XDP_ATTACHED, XDP_ATTACHED_SKB);
	rtnl_nest_end(&m);
	return rtnl_talk(&m);
}

struct xdp_state {
	int attached;
	long long id, skb_id, drv_id, max_mtu;
};

static long long nested_u32(struct rtattr *nest, int type)
{
	struct rtattr *a = rtnl_nested(nest, type);

	return a ? (long long)*(uint32_t *)RTA_DATA(a) : -1;
}

static void xdp_state_cb(struct nlmsghdr *nh, void *priv)
{
	struct xdp_state *s = priv;
	struct rtattr *x, *a;

	if (nh->nlmsg_type != RTM_NEWLINK)
		return;
	a = rtnl_attr(nh, sizeof(struct ifinfomsg), IFLA_MAX_MTU);
	if (a)
		s->max_mtu = *(uint32_t *)RTA_DATA(a);
	x = rtnl_attr(nh, sizeof(struct ifinfomsg), IFLA_XDP);
	if (!x)
		return;
	a = rtnl_nested(x, IFLA_XDP_ATTACHED);
	if (a)
		s->attached = *(uint8_t *)RTA_DATA(a);
	s->id = nested_u32(x, IFLA_XDP_PROG_ID);
	s->skb_id = nested_u32(x, IFLA_XDP_SKB_PROG_ID);
	s->drv_id = nested_u32(x, IFLA_XDP_DRV_PROG_ID);
}

/* The XDP state of ifindex in host h as the link dump reports it. */
static void xdp_get(int h, int ifindex, struct xdp_state *s)
{
	static struct rtnl_msg m;

	memset(s, 0, sizeof(*s));
	s->attached = s->id = s->skb_id = s->drv_id = s->max_mtu = -1;
	net_enter(h);
	rtnl_link_msg(&m, RTM_GETLINK, 0, ifindex, NULL);
	RTNL_SAFE(rtnl_talk_cb(&m, xdp_state_cb, s));
}

static void check_attached(int attached, uint32_t id, const char *what)
{
	/* no program: the kernel leaves the id attributes out (-1 here) */
	long long exp = id ? (long long)id : -1;
	struct xdp_state s;

	xdp_get(NET_B, b_idx, &s);
	if (s.attached == attached && s.id == exp &&
	    s.skb_id == (attached == XDP_ATTACHED_SKB ? exp : -1) &&
	    s.drv_id == (attached == XDP_ATTACHED_DRV ? exp : -1)) {
		tst_res(TPASS, "%s: attached %d, prog id %u", what, attached,
			id);
		return;
	}
	tst_res(TFAIL, "%s: attached %d id %lld skb id %lld drv id %lld, expected attached %d id %u",
		what, s.attached, s.id, s.skb_id, s.drv_id, attached, id);
}

static void counters(uint64_t *c)
{
	int k;

	for (k = 0; k < NKEYS; k++)
		if (bpf_elem(BPF_MAP_LOOKUP_ELEM, map_fd, k, &c[k], 0))
			tst_brk(TBROK | TERRNO, "map lookup %d", k);
}

static void counters_reset(void)
{
	uint64_t z = 0;
	int k;

	for (k = 0; k < NKEYS; k++)
		if (bpf_elem(BPF_MAP_UPDATE_ELEM, map_fd, k, &z, BPF_ANY))
			tst_brk(TBROK | TERRNO, "map update %d", k);
}

static void check_counters(uint64_t drop, uint64_t pass, uint64_t txed,
			   const char *what)
{
	uint64_t c[NKEYS];

	counters(c);
	if (c[KEY_DROP] == drop && c[KEY_PASS] == pass && c[KEY_TX] == txed)
		tst_res(TPASS, "%s: map counts drop %llu pass %llu tx %llu",
			what, (unsigned long long)drop,
			(unsigned long long)pass, (unsigned long long)txed);
	else
		tst_res(TFAIL, "%s: map counts drop %llu pass %llu tx %llu, expected %llu %llu %llu",
			what, (unsigned long long)c[KEY_DROP],
			(unsigned long long)c[KEY_PASS],
			(unsigned long long)c[KEY_TX],
			(unsigned long long)drop, (unsigned long long)pass,
			(unsigned long long)txed);
}

/* Datagrams that arrived on fd by now (it is left empty). */
static int drain(int fd)
{
	char buf[64];
	int n = 0;

	while (recv(fd, buf, sizeof(buf), MSG_DONTWAIT) > 0)
		n++;
	return n;
}

/*
 * NSEND datagrams to each of 7001 and 7002, then the sentinel to 7002:
 * once it has been read, everything sent before it has been handled.
 * Checks how many arrived on each port.
 */
static void send_round(int exp_drop, const char *what)
{
	int i, got_pass, got_drop;

	for (i = 0; i < NSEND; i++) {
		net_send_tag4(tx, "10.99.1.2", DROP_PORT, 'd');
		net_send_tag4(tx, "10.99.1.2", PASS_PORT, 'p');
	}
	net_send_tag4(tx, "10.99.1.2", PASS_PORT, 'S');
	got_pass = net_count_tags_until(rx_pass, 'p', 'S');
	got_drop = drain(rx_drop);
	if (got_pass == NSEND && got_drop == exp_drop)
		tst_res(TPASS, "%s: %d of %d to %d, %d of %d to %d arrived",
			what, got_pass, NSEND, PASS_PORT, got_drop, NSEND,
			DROP_PORT);
	else
		tst_res(TFAIL, "%s: %d of %d to %d, %d to %d arrived, expected %d",
			what, got_pass, NSEND, PASS_PORT, got_drop, DROP_PORT,
			exp_drop);
}

/* A bounced datagram: from the remote's MAC to ours, payload 't'. */
static int is_bounced(const unsigned char *f, ssize_t len,
		      const struct sockaddr_ll *sll)
{
	const struct iphdr *ip = (const void *)(f + ETH_HLEN);
	const struct udphdr *uh = (const void *)(f + ETH_HLEN + 20);

	if (sll->sll_pkttype != PACKET_HOST || len < ETH_HLEN + 29 ||
	    ip->protocol != IPPROTO_UDP || uh->dest != htons(TX_PORT))
		return 0;
	if (memcmp(f, mac_a, 6) || memcmp(f + 6, mac_b, 6) ||
	    f[ETH_HLEN + 28] != 't') {
		tst_res(TFAIL, "bounced frame %02x:..:%02x <- %02x:..:%02x payload '%c'",
			f[0], f[5], f[6], f[11], f[ETH_HLEN + 28]);
		return 0;
	}
	return 1;
}

static void tx_round(const char *what)
{
	long long end;
	unsigned char f[256];
	struct sockaddr_ll sll;
	socklen_t sl;
	ssize_t len;
	int i, got = 0, leaked;

	drain(cap);
	for (i = 0; i < NTX; i++)
		net_send_tag4(tx, "10.99.1.2", TX_PORT, 't');
	end = tst_mono_ms() + net_ms(10000);
	while (got < NTX && tst_mono_ms() < end) {
		if (!net_poll(cap, POLLIN, 500))
			continue;
		sl = sizeof(sll);
		len = recvfrom(cap, f, sizeof(f), MSG_DONTWAIT,
			       (struct sockaddr *)&sll, &sl);
		if (len > 0)
			got += is_bounced(f, len, &sll);
	}
	net_send_tag4(tx, "10.99.1.2", PASS_PORT, 'S');
	net_count_tags_until(rx_pass, 'p', 'S');
	leaked = drain(rx_tx);
	if (got == NTX && !leaked)
		tst_res(TPASS, "%s: %d of %d bounced back with swapped MACs, none to the remote's socket",
			what, got, NTX);
	else
		tst_res(TFAIL, "%s: %d of %d bounced back, %d reached the remote's socket",
			what, got, NTX, leaked);
}

static void check_errnos(uint32_t mode, uint32_t other, uint32_t id,
			 int attached, const char *what)
{
	/* far above what the netlink sockets of the requests will get */
	int bad_fd = fcntl(tx, F_DUPFD, 1000);

	if (bad_fd < 0)
		tst_brk(TBROK | TERRNO, "F_DUPFD");
	close(bad_fd);
	net_enter(NET_B);
	NET_EXP_EQ(xdp_set(b_idx, pass_prog, mode | XDP_FLAGS_UPDATE_IF_NOEXIST,
			   -1, 0), -EBUSY, "UPDATE_IF_NOEXIST over a program");
	NET_EXP_EQ(xdp_set(b_idx, pass_prog, other, -1, 0), -EEXIST,
		   "the other mode beside it");
	NET_EXP_EQ(xdp_set(b_idx, pass_prog, mode | (1U << 5), -1, 0),
		   -EINVAL, "flag 1 << 5");
	NET_EXP_EQ(xdp_set(b_idx, pass_prog, mode | other, -1, 0), -EINVAL,
		   "SKB_MODE | DRV_MODE");
	NET_EXP_EQ(xdp_set(b_idx, pass_prog, mode, -1, 1), -EINVAL,
		   "IFLA_XDP_ATTACHED in a request");
	NET_EXP_EQ(xdp_set(b_idx, pass_prog, mode | XDP_FLAGS_REPLACE, -1, 0),
		   -EINVAL, "REPLACE without EXPECTED_FD");
	NET_EXP_EQ(xdp_set(b_idx, pass_prog, mode | XDP_FLAGS_REPLACE,
			   pass_prog, 0), -EEXIST,
		   "REPLACE expecting another program");
	NET_EXP_EQ(xdp_set(b_idx, sock_prog, mode, -1, 0), -EINVAL,
		   "a socket filter program");
	NET_EXP_EQ(xdp_set(b_idx, tx, mode, -1, 0), -EINVAL,
		   "a socket, not a program");
	NET_EXP_EQ(xdp_set(b_idx, bad_fd, mode, -1, 0), -EBADF,
		   "a closed descriptor");
	check_attached(attached, id, what);
}

/* Native XDP: the peer's MTU must fit a page (veth_xdp_set()). */
static void check_peer_mtu(void)
{
	struct xdp_state s;
	int max;

	xdp_get(NET_A, a_idx, &s);
	max = s.max_mtu;
	tst_res(TINFO, "peer's IFLA_MAX_MTU with native XDP: %d", max);
	if (max < 1500 || max >= 4096)
		tst_res(TFAIL, "peer's max MTU %d not within one page", max);
	NET_EXP_EQ(rtnl_link_set(a_idx, 0, 0, max + 1), -EINVAL,
		   "peer MTU one above its max");
	NET_EXP_EQ(rtnl_link_set(a_idx, 0, 0, max), 0, "peer MTU at its max");
	RTNL_SAFE(rtnl_link_set(a_idx, 0, 0, 1500));
	net_enter(NET_B);
	RTNL_SAFE(xdp_set(b_idx, -1, XDP_FLAGS_DRV_MODE, -1, 0));
	xdp_get(NET_A, a_idx, &s);
	NET_EXP_EQ(s.max_mtu, 65535, "peer's max MTU after detach");
	RTNL_SAFE(rtnl_link_set(a_idx, 0, 0, max + 1));
	net_enter(NET_B);
	NET_EXP_EQ(xdp_set(b_idx, count_prog, XDP_FLAGS_DRV_MODE, -1, 0),
		   -ERANGE, "native attach with the peer's MTU one above");
	check_attached(XDP_ATTACHED_NONE, 0, "after ERANGE");
	net_enter(NET_A);
	RTNL_SAFE(rtnl_link_set(a_idx, 0, 0, 1500));
	net_enter(NET_B);
	RTNL_SAFE(xdp_set(b_idx, count_prog, XDP_FLAGS_DRV_MODE, -1, 0));
}

static void run_mode(uint32_t mode, uint32_t other, int attached,
		     const char *name)
{
	char what[64];

	tst_res(TINFO, "%s XDP on the remote's net0", name);
	counters_reset();
	net_enter(NET_B);
	RTNL_SAFE(xdp_set(b_idx, count_prog, mode, -1, 0));
	snprintf(what, sizeof(what), "%s attach", name);
	check_attached(attached, count_id, what);
	if (mode == XDP_FLAGS_DRV_MODE)
		check_peer_mtu();
	check_errnos(mode, other, count_id, attached, "after the refusals");

	send_round(0, name);
	check_counters(NSEND, NSEND + 1, 0, name);
	tx_round(name);
	check_counters(NSEND, NSEND + 2, NTX, "after XDP_TX");

	net_enter(NET_B);
	NET_EXP_EQ(xdp_set(b_idx, pass_prog, mode | XDP_FLAGS_REPLACE,
			   count_prog, 0), 0, "REPLACE expecting the counter");
	check_attached(attached, pass_id, "replaced");
	send_round(NSEND, "plain XDP_PASS program");

	net_enter(NET_B);
	RTNL_SAFE(xdp_set(b_idx, -1, mode, -1, 0));
	check_attached(XDP_ATTACHED_NONE, 0, "detached");
	send_round(NSEND, "detached");
	check_counters(NSEND, NSEND + 2, NTX, "counters after detach");
}

static void run(void)
{
	run_mode(XDP_FLAGS_SKB_MODE, XDP_FLAGS_DRV_MODE, XDP_ATTACHED_SKB,
		 "generic");
	/* the local net0 needs NAPI to take frames from native XDP_TX */
	net_enter(NET_A);
	RTNL_SAFE(xdp_set(a_idx, pass_prog, XDP_FLAGS_DRV_MODE, -1, 0));
	run_mode(XDP_FLAGS_DRV_MODE, XDP_FLAGS_SKB_MODE, XDP_ATTACHED_DRV,
		 "native");
	net_enter(NET_A);
	RTNL_SAFE(xdp_set(a_idx, -1, XDP_FLAGS_DRV_MODE, -1, 0));
}

static void setup(void)
{
	struct rtnl_link_info li;

	sock_pin_cpu();
	map_fd = bpf_map_create(BPF_MAP_TYPE_ARRAY, 8, NKEYS);
	count_prog = count_prog_load();
	pass_prog = bpf_ret_prog_load(BPF_PROG_TYPE_XDP, XDP_PASS);
	sock_prog = bpf_ret_prog_load(BPF_PROG_TYPE_SOCKET_FILTER, 0);
	count_id = bpf_prog_id(count_prog);
	pass_id = bpf_prog_id(pass_prog);

	net_hosts_setup_pinned();
	net_enter(NET_A);
	a_idx = rtnl_ifindex("net0");
	RTNL_SAFE(rtnl_link_get(a_idx, NULL, &li));
	memcpy(mac_a, li.addr, 6);
	tx = net_socket(NET_A, AF_INET, SOCK_DGRAM);
	cap = net_pkt_sock(NET_A, "net0", ETH_P_IP);
	net_enter(NET_B);
	b_idx = rtnl_ifindex("net0");
	RTNL_SAFE(rtnl_link_get(b_idx, NULL, &li));
	memcpy(mac_b, li.addr, 6);
	rx_drop = net_udp_rx4(NET_B, "10.99.1.2", DROP_PORT);
	rx_pass = net_udp_rx4(NET_B, "10.99.1.2", PASS_PORT);
	rx_tx = net_udp_rx4(NET_B, "10.99.1.2", TX_PORT);
	net_udp_warmup4(tx, "10.99.1.2", PASS_PORT, rx_pass);
}

static void cleanup(void)
{
	/* the links die with the namespaces, the programs with their fds */
	if (sock_prog >= 0)
		SAFE_CLOSE(sock_prog);
	if (pass_prog >= 0)
		SAFE_CLOSE(pass_prog);
	if (count_prog >= 0)
		SAFE_CLOSE(count_prog);
	if (map_fd >= 0)
		SAFE_CLOSE(map_fd);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.timeout = 120,
};
