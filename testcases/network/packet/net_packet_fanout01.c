// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * PACKET_FANOUT: how a group of AF_PACKET sockets shares the frames of
 * one device (packet_rcv_fanout(), fanout_demux_*() in
 * net/packet/af_packet.c). The local host sends frames on the veth link
 * to the remote host, whose sockets on net0 form the group. Frames of
 * our own EtherType (0x88b5, local experimental) keep the group's
 * traffic to exactly the frames sent; the sender stays on one CPU, so
 * the remote receives them in order on that CPU's backlog. Each check
 * waits (bounded) for every frame sent and then for no more.
 * - PACKET_FANOUT_LB, 3 members, 30 frames: 10 each, and each member's
 *   frames 3 apart in the sending order (round robin);
 * - PACKET_FANOUT_CPU, 2 members: the frames sent from CPU c reach
 *   member c % 2, for each CPU the test may run on;
 * - PACKET_FANOUT_CBPF, 3 members, a classic BPF program returning the
 *   frame's first payload byte: frame j (byte j) reaches member j % 3;
 *   PACKET_FANOUT_DATA on a socket in no group or in an LB group is
 *   EINVAL;
 * - PACKET_FANOUT_HASH, 2 members, IPv4 UDP from 16 source ports, 4
 *   datagrams each: every flow's datagrams on one member, both members
 *   used (all 16 flows on one member: 1 in 2^15);
 * - PACKET_FANOUT_CPU with PACKET_FANOUT_FLAG_ROLLOVER, 2 members, the
 *   target member's SO_RCVBUF at its minimum and not read: the frames
 *   it has no room for roll over to the other member; the two together
 *   got all 40, both some, and the target's PACKET_ROLLOVER_STATS counts
 *   exactly the frames the other one got, none failed;
 *   PACKET_ROLLOVER_STATS of a socket without rollover is EINVAL;
 * - PACKET_FANOUT_FLAG_UNIQUEID: with an id it is EINVAL; with id 0 the
 *   kernel picks a free id (read back with the type, without the flag),
 *   another socket gets another id, and a socket joins the picked id
 *   without the flag.
 */
#include <sched.h>
#include <linux/filter.h>
#include <linux/if_packet.h>
#include <linux/if_ether.h>
#include "tst_test.h"
#include "net_hosts.h"
#include "cpu_pin.h"

#define ETYPE 0x88b5
#define FRAME_LEN 60
#define MAXM 3
#define NFLOWS 16
#define PER_FLOW 4

static unsigned char mac_a[6], mac_b[6];
static int tx, tx_ifindex, rx_ifindex;
static cpu_set_t orig_mask;

static int member(int proto)
{
	struct sockaddr_ll sll = { .sll_family = AF_PACKET,
				   .sll_protocol = htons(proto),
				   .sll_ifindex = rx_ifindex };
	int fd = net_socket(NET_B, AF_PACKET, SOCK_RAW);

	if (bind(fd, (struct sockaddr *)&sll, sizeof(sll)))
		tst_brk(TBROK | TERRNO, "bind(AF_PACKET)");
	return fd;
}

static int join(int fd, int id, int type_flags)
{
	int v = id | type_flags << 16;

	return setsockopt(fd, SOL_PACKET, PACKET_FANOUT, &v, sizeof(v));
}

static void group(int *fds, int n, int id, int type_flags)
{
	int i;

	for (i = 0; i < n; i++) {
		fds[i] = member(ETYPE);
		if (join(fds[i], id, type_flags))
			tst_brk(TBROK | TERRNO, "PACKET_FANOUT id %d type %#x",
				id, type_flags);
	}
}

static void close_all(int *fds, int n)
{
	int i;

	for (i = 0; i < n; i++)
		SAFE_CLOSE(fds[i]);
}

/* One frame of our EtherType to the remote, payload byte 0 = tag. */
static void send_frame(unsigned char tag)
{
	struct sockaddr_ll to = { .sll_family = AF_PACKET,
				  .sll_ifindex = tx_ifindex, .sll_halen = 6 };
	unsigned char f[FRAME_LEN] = { 0 };

	memcpy(f, mac_b, 6);
	memcpy(f + 6, mac_a, 6);
	f[12] = ETYPE >> 8;
	f[13] = ETYPE & 0xff;
	f[14] = tag;
	memcpy(to.sll_addr, mac_b, 6);
	if (sendto(tx, f, sizeof(f), 0, (struct sockaddr *)&to, sizeof(to)) !=
	    (ssize_t)sizeof(f))
		tst_brk(TBROK | TERRNO, "sendto(AF_PACKET)");
}

/*
 * Read the group's frames until want have come (bounded), then those
 * already queued: tags[m][i] is member m's i-th tag, got[m] its count.
 * Returns the total, more than want if more came.
 */
static int collect(int *fds, int n, int want, int got[MAXM],
		   unsigned char tags[MAXM][64])
{
	long long end = tst_mono_ms() + net_ms(10000);
	int m, total = 0;

	memset(got, 0, sizeof(int) * MAXM);
	for (;;) {
		struct pollfd pfd[MAXM];
		long long left = end - tst_mono_ms();
		unsigned char f[128];

		for (m = 0; m < n; m++)
			pfd[m] = (struct pollfd){ .fd = fds[m], .events = POLLIN };
		if (poll(pfd, n, total < want && left > 0 ? left : 0) <= 0) {
			if (total >= want || left <= 0)
				return total;
			continue;
		}
		for (m = 0; m < n; m++) {
			if (!(pfd[m].revents & POLLIN) ||
			    recv(fds[m], f, sizeof(f), MSG_DONTWAIT) < 15)
				continue;
			if (got[m] < 64)
				tags[m][got[m]] = f[14];
			got[m]++;
			total++;
		}
	}
}

static void test_lb(void)
{
	unsigned char tags[MAXM][64];
	int fds[MAXM], got[MAXM], m, i, bad = 0;

	group(fds, 3, 11, PACKET_FANOUT_LB);
	for (i = 0; i < 30; i++)
		send_frame(i);
	NET_EXP_EQ(collect(fds, 3, 30, got, tags), 30,
		   "LB: frames the group got");
	for (m = 0; m < 3; m++) {
		tst_res(got[m] == 10 ? TPASS : TFAIL,
			"LB: member %d got %d of 30 frames (10)", m, got[m]);
		for (i = 1; i < got[m] && i < 10; i++)
			bad += tags[m][i] != tags[m][i - 1] + 3;
	}
	NET_EXP_EQ(bad, 0, "LB: frames of one member not 3 apart in order");
	close_all(fds, 3);
}

static void pin(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set))
		tst_brk(TBROK | TERRNO, "sched_setaffinity(CPU %d)", cpu);
}

static void test_cpu(void)
{
	unsigned char tags[MAXM][64];
	int fds[MAXM], got[MAXM], cpu, i, tried = 0;

	group(fds, 2, 12, PACKET_FANOUT_CPU);
	for (cpu = 0; cpu < CPU_SETSIZE && tried < 4; cpu++) {
		if (!CPU_ISSET(cpu, &orig_mask))
			continue;
		tried++;
		pin(cpu);
		for (i = 0; i < 8; i++)
			send_frame(i);
		collect(fds, 2, 8, got, tags);
		tst_res(got[cpu % 2] == 8 && got[!(cpu % 2)] == 0 ? TPASS : TFAIL,
			"CPU: 8 frames sent on CPU %d: member 0 got %d, member 1 got %d (all on member %d)",
			cpu, got[0], got[1], cpu % 2);
	}
	if (sched_setaffinity(0, sizeof(orig_mask), &orig_mask))
		tst_brk(TBROK | TERRNO, "sched_setaffinity()");
	pin_to_current_cpu();
	if (tried < 2)
		tst_res(TINFO, "CPU: the test may run on one CPU only: one member checked");
	close_all(fds, 2);
}

static void test_cbpf(void)
{
	/* A = first byte after the Ethernet header; return A */
	struct sock_filter code[] = {
		BPF_STMT(BPF_LD | BPF_B | BPF_ABS, 0),
		BPF_STMT(BPF_RET | BPF_A, 0),
	};
	struct sock_fprog prog = { .len = 2, .filter = code };
	unsigned char tags[MAXM][64];
	int fds[MAXM], got[MAXM], lb, m, i, bad = 0;

	lb = member(ETYPE);
	TST_EXP_FAIL(setsockopt(lb, SOL_PACKET, PACKET_FANOUT_DATA, &prog,
				sizeof(prog)), EINVAL,
		     "PACKET_FANOUT_DATA in no group");
	if (join(lb, 13, PACKET_FANOUT_LB))
		tst_brk(TBROK | TERRNO, "PACKET_FANOUT LB");
	TST_EXP_FAIL(setsockopt(lb, SOL_PACKET, PACKET_FANOUT_DATA, &prog,
				sizeof(prog)), EINVAL,
		     "PACKET_FANOUT_DATA in an LB group");
	SAFE_CLOSE(lb);

	group(fds, 3, 14, PACKET_FANOUT_CBPF);
	TST_EXP_PASS(setsockopt(fds[0], SOL_PACKET, PACKET_FANOUT_DATA, &prog,
				sizeof(prog)), "PACKET_FANOUT_DATA (cBPF)");
	for (i = 0; i < 30; i++)
		send_frame(i);
	NET_EXP_EQ(collect(fds, 3, 30, got, tags), 30,
		   "CBPF: frames the group got");
	for (m = 0; m < 3; m++) {
		NET_EXP_EQ(got[m], 10, "CBPF: frames of one member");
		for (i = 0; i < got[m] && i < 64; i++)
			bad += tags[m][i] % 3 != m;
	}
	NET_EXP_EQ(bad, 0, "CBPF: frames not on member (first byte % 3)");
	close_all(fds, 3);
}

/* The UDP ports of an IPv4 frame (IHL 5): the destination, or -1. */
static int udp_ports(const unsigned char *f, ssize_t n, int *sport)
{
	if (n < 14 + 20 + 8 || f[12] != 0x08 || f[13] != 0 ||
	    f[14] != 0x45 || f[23] != IPPROTO_UDP)
		return -1;
	*sport = f[34] << 8 | f[35];
	return f[36] << 8 | f[37];
}

/* Which flow (index of sports) sent the frame on fd, or -1. */
static int flow_of(int fd, const int *sports, int dport)
{
	unsigned char f[128];
	ssize_t n = recv(fd, f, sizeof(f), MSG_DONTWAIT);
	int i, sport;

	if (udp_ports(f, n, &sport) != dport)
		return -1;
	for (i = 0; i < NFLOWS; i++)
		if (sports[i] == sport)
			return i;
	return -1;
}

static void test_hash(void)
{
	struct sockaddr_storage dst, src;
	int fds[2], flows[NFLOWS], sports[NFLOWS], owner[NFLOWS];
	int got[2] = { 0 }, total = 0, split = 0, i, j, m, rx;
	long long end;

	for (m = 0; m < 2; m++) {
		fds[m] = member(ETH_P_IP);
		if (join(fds[m], 15, PACKET_FANOUT_HASH))
			tst_brk(TBROK | TERRNO, "PACKET_FANOUT HASH");
	}
	rx = net_bound(NET_B, AF_INET, SOCK_DGRAM, &dst);
	for (i = 0; i < NFLOWS; i++) {
		flows[i] = net_bound(NET_A, AF_INET, SOCK_DGRAM, &src);
		sports[i] = net_port(&src);
		owner[i] = -1;
	}
	for (j = 0; j < PER_FLOW; j++)
		for (i = 0; i < NFLOWS; i++)
			if (sendto(flows[i], "h", 1, 0, (struct sockaddr *)&dst,
				   sizeof(struct sockaddr_in)) != 1)
				tst_brk(TBROK | TERRNO, "sendto()");

	end = tst_mono_ms() + net_ms(10000);
	while (total < NFLOWS * PER_FLOW && tst_mono_ms() < end) {
		struct pollfd pfd[2] = { { .fd = fds[0], .events = POLLIN },
					 { .fd = fds[1], .events = POLLIN } };

		if (poll(pfd, 2, 100) <= 0)
			continue;
		for (m = 0; m < 2; m++) {
			if (!(pfd[m].revents & POLLIN))
				continue;
			i = flow_of(fds[m], sports, net_port(&dst));
			if (i < 0)
				continue;
			total++;
			got[m]++;
			if (owner[i] < 0)
				owner[i] = m;
			split += owner[i] != m;
		}
	}
	NET_EXP_EQ(total, NFLOWS * PER_FLOW, "HASH: datagrams the group got");
	NET_EXP_EQ(split, 0, "HASH: datagrams on another member than their flow's first");
	tst_res(got[0] && got[1] ? TPASS : TFAIL,
		"HASH: %d flows: member 0 got %d datagrams, member 1 got %d (both used)",
		NFLOWS, got[0], got[1]);
	for (i = 0; i < NFLOWS; i++)
		SAFE_CLOSE(flows[i]);
	SAFE_CLOSE(rx);
	close_all(fds, 2);
}

/* Frames queued on fd since the last call (PACKET_STATISTICS). */
static unsigned int queued_since(int fd, unsigned int *drops)
{
	struct tpacket_stats st;
	socklen_t len = sizeof(st);

	if (getsockopt(fd, SOL_PACKET, PACKET_STATISTICS, &st, &len))
		tst_brk(TBROK | TERRNO, "PACKET_STATISTICS");
	*drops += st.tp_drops;
	return st.tp_packets - st.tp_drops;
}

static void test_rollover(void)
{
	struct tpacket_rollover_stats rs;
	socklen_t len = sizeof(rs);
	unsigned char tags[MAXM][64];
	unsigned int kept = 0, drops = 0;
	int fds[MAXM], got[MAXM], lb, zero = 0, target, other, i;
	long long end;

	lb = member(ETYPE);
	if (join(lb, 16, PACKET_FANOUT_LB))
		tst_brk(TBROK | TERRNO, "PACKET_FANOUT LB");
	TST_EXP_FAIL(getsockopt(lb, SOL_PACKET, PACKET_ROLLOVER_STATS, &rs,
				&len), EINVAL,
		     "PACKET_ROLLOVER_STATS without rollover");
	SAFE_CLOSE(lb);

	group(fds, 2, 17, PACKET_FANOUT_CPU |
			  PACKET_FANOUT_FLAG_ROLLOVER);
	/* frames sent from this CPU go to member cpu % 2: starve it */
	target = sched_getcpu() % 2;
	other = !target;
	if (setsockopt(fds[target], SOL_SOCKET, SO_RCVBUF, &zero, sizeof(zero)))
		tst_brk(TBROK | TERRNO, "SO_RCVBUF 0");
	queued_since(fds[target], &drops);
	for (i = 0; i < 40; i++)
		send_frame(i);
	/* the target is not read (its room stays full): count its queue */
	memset(got, 0, sizeof(got));
	end = tst_mono_ms() + net_ms(10000);
	while (got[other] + kept < 40 && tst_mono_ms() < end) {
		unsigned char f[128];

		kept += queued_since(fds[target], &drops);
		if (net_poll(fds[other], POLLIN, 10) &&
		    recv(fds[other], f, sizeof(f), MSG_DONTWAIT) >= 15)
			got[other]++;
	}
	kept += queued_since(fds[target], &drops);
	NET_EXP_EQ(got[other] + (int)kept, 40,
		   "ROLLOVER: frames the group got");
	NET_EXP_EQ(drops, 0U, "ROLLOVER: frames the starved member dropped");
	tst_res(kept > 0 && got[other] > 0 ? TPASS : TFAIL,
		"ROLLOVER: the starved member kept %u, the other got %d (both some)",
		kept, got[other]);
	len = sizeof(rs);
	if (getsockopt(fds[target], SOL_PACKET, PACKET_ROLLOVER_STATS, &rs,
		       &len))
		tst_brk(TBROK | TERRNO, "PACKET_ROLLOVER_STATS");
	NET_EXP_EQ(rs.tp_all, (unsigned long long)got[other],
		   "ROLLOVER: tp_all of the starved member = frames the other got");
	NET_EXP_EQ(rs.tp_failed, 0ULL, "ROLLOVER: tp_failed");
	got[target] = 0;
	NET_EXP_EQ(collect(&fds[target], 1, kept, got, tags), (int)kept,
		   "ROLLOVER: frames read from the starved member");
	close_all(fds, 2);
}

static int fanout_of(int fd)
{
	int v;
	socklen_t len = sizeof(v);

	if (getsockopt(fd, SOL_PACKET, PACKET_FANOUT, &v, &len))
		tst_brk(TBROK | TERRNO, "getsockopt(PACKET_FANOUT)");
	return v;
}

static void test_uniqueid(void)
{
	int u = PACKET_FANOUT_LB | PACKET_FANOUT_FLAG_UNIQUEID;
	int a = member(ETYPE), b = member(ETYPE), c = member(ETYPE);
	int ida, idb;

	TST_EXP_FAIL(join(a, 5, u), EINVAL, "UNIQUEID with id 5");
	TST_EXP_PASS(join(a, 0, u), "UNIQUEID with id 0");
	ida = fanout_of(a);
	/* any free id, 0 the first time after boot (fanout_next_id) */
	tst_res(ida >> 16 == PACKET_FANOUT_LB ? TPASS : TFAIL,
		"UNIQUEID: read back id %d, type and flags %#x (LB, no flag)",
		ida & 0xffff, ida >> 16);
	TST_EXP_PASS(join(b, 0, u), "UNIQUEID again on another socket");
	idb = fanout_of(b);
	tst_res((idb & 0xffff) != (ida & 0xffff) ? TPASS : TFAIL,
		"UNIQUEID: the second group's id %d differs from %d",
		idb & 0xffff, ida & 0xffff);
	TST_EXP_PASS(join(c, ida & 0xffff, PACKET_FANOUT_LB),
		     "joining the picked id without the flag");
	NET_EXP_EQ(fanout_of(c), ida, "PACKET_FANOUT of the joined socket");
	SAFE_CLOSE(a);
	SAFE_CLOSE(b);
	SAFE_CLOSE(c);
}

static void run(void)
{
	test_lb();
	test_cpu();
	test_cbpf();
	test_hash();
	test_rollover();
	test_uniqueid();
}

static void setup(void)
{
	struct sockaddr_ll sll = { .sll_family = AF_PACKET };

	if (sched_getaffinity(0, sizeof(orig_mask), &orig_mask))
		tst_brk(TBROK | TERRNO, "sched_getaffinity()");
	pin_to_current_cpu();
	/* no ARP or ND on the link while the group counts */
	net_hosts_setup_pinned();
	net_enter(NET_B);
	rx_ifindex = rtnl_ifindex("net0");
	net_mac_of("net0", mac_b);
	net_enter(NET_A);
	tx_ifindex = rtnl_ifindex("net0");
	net_mac_of("net0", mac_a);
	tx = net_socket(NET_A, AF_PACKET, SOCK_RAW);
	sll.sll_ifindex = tx_ifindex;
	if (bind(tx, (struct sockaddr *)&sll, sizeof(sll)))
		tst_brk(TBROK | TERRNO, "bind(AF_PACKET) of the sender");
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.timeout = 120,
};
