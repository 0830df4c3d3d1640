// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Bridge port states (IFLA_BRPORT_STATE, set as bridge(8) does). A
 * bridge br0 (10.99.1.254) in a third namespace joins port pa (to the
 * local host, 10.99.1.1) and pb (to the remote host, 10.99.1.2); IPv6
 * is off, neighbours are pinned, the process is pinned to one CPU. What
 * the bridge did with a datagram from the local host is read behind
 * sentinels on the same backlog: the frames of it on the remote's net0,
 * the datagrams the remote host got, pb's tx packets and the FDB.
 * STP off:
 * - both ports forwarding (3, waited for); EINVAL for state 5 and 255;
 *   blocking (4) reads back forwarding at once (a designated port with
 *   no STP goes straight to forwarding);
 * - listening (1) and disabled (0) on pa: the datagram to the remote
 *   host is not forwarded (no frame of it on the remote's wire, not
 *   delivered) and the local host's MAC is not learnt; learning (2):
 *   not forwarded, but the local host's MAC is learnt on pa; forwarding
 *   again: one frame, delivered;
 * - ENETDOWN for a port that is down;
 * kernel STP (IFLA_BR_STP_STATE 1 in a namespace other than the initial
 * one: no user space helper), forward delay 2 s:
 * - EBUSY for a port state;
 * - pb down and up goes listening, then learning no sooner than the
 *   forward delay, then forwarding no sooner than twice that, within the
 *   bound;
 * - a configuration BPDU on the wire of the remote host: 01:80:c2:00:00:00
 *   from pb's MAC, LLC 42 42 03, root and bridge id 8000 + br0's MAC,
 *   root path cost 0, pb's port id (0x8000 | port number), message age
 *   0, max age 20 s, hello 2 s, forward delay 2 s (1/256 s units);
 * STP off again: a port state can be set (0).
 */
#include <linux/if_ether.h>
#include <linux/if_packet.h>
#include <linux/if_bridge.h>
#include "tst_test.h"
#include "net_hosts.h"
#include "cpu_pin.h"

#define PORT 7031

static int br, pa, pb, rxb, rxr, txa, txb, pktb;
static unsigned char mac_a[6], mac_b[6], mac_r[6], mac_pb[6];

/*
 * A port's state the way bridge(8) sets it: RTM_SETLINK of family
 * AF_BRIDGE with IFLA_PROTINFO as one byte. (Through the slave
 * changelink, disabled would not stick on a port with carrier: the
 * NETDEV_CHANGE that RTM_NEWLINK sends re-enables the port.)
 */
static int state_set(int port, int state)
{
	static struct rtnl_msg m;
	struct ifinfomsg ifi = { .ifi_family = AF_BRIDGE, .ifi_index = port };

	net_enter(NET_R);
	rtnl_msg_init(&m, RTM_SETLINK, 0, &ifi, sizeof(ifi));
	rtnl_put_u8(&m, IFLA_PROTINFO, state);
	return rtnl_talk(&m);
}

static int br_set(int type, uint32_t val)
{
	static struct rtnl_msg m;

	net_enter(NET_R);
	rtnl_link_msg(&m, RTM_NEWLINK, 0, br, NULL);
	rtnl_nest(&m, IFLA_LINKINFO);
	rtnl_put_str(&m, IFLA_INFO_KIND, "bridge");
	rtnl_nest(&m, IFLA_INFO_DATA);
	rtnl_put_u32(&m, type, val);
	return rtnl_newlink_end(&m);
}

static int port_state(int port)
{
	return net_r_link_attr(port, IFLA_INFO_SLAVE_DATA, IFLA_BRPORT_STATE);
}

static void exp_ret(int ret, int exp, const char *what)
{
	if (ret == -exp)
		tst_res(TPASS, "%s: %s", what, exp ? tst_strerrno(exp) : "0");
	else
		tst_res(TFAIL, "%s: %s, expected %s", what,
			ret ? tst_strerrno(-ret) : "0",
			exp ? tst_strerrno(exp) : "0");
}

static long long pb_tx(void)
{
	struct rtnl_link_info li;

	net_enter(NET_R);
	RTNL_SAFE(rtnl_link_get(pb, NULL, &li));
	return li.stats.tx_packets;
}

struct fdb_q {
	const unsigned char *mac;
	int port, found;
};

static void fdb_cb(struct nlmsghdr *nh, void *priv)
{
	struct fdb_q *q = priv;
	struct ndmsg *nd = NLMSG_DATA(nh);
	struct rtattr *a;

	if (nh->nlmsg_type != RTM_NEWNEIGH || nd->ndm_family != AF_BRIDGE ||
	    nd->ndm_ifindex != q->port || (nd->ndm_state & NUD_PERMANENT))
		return;
	a = rtnl_attr(nh, sizeof(*nd), NDA_LLADDR);
	if (a && RTA_PAYLOAD(a) == 6 && !memcmp(RTA_DATA(a), q->mac, 6))
		q->found = 1;
}

/* A learnt (not permanent) FDB entry for mac on port? */
static int learnt(const unsigned char *mac, int port)
{
	static struct rtnl_msg m;
	struct ndmsg nd = { .ndm_family = AF_BRIDGE };
	struct fdb_q q = { mac, port, 0 };

	net_enter(NET_R);
	rtnl_msg_init(&m, RTM_GETNEIGH, NLM_F_DUMP, &nd, sizeof(nd));
	RTNL_SAFE(rtnl_talk_cb(&m, fdb_cb, &q));
	return q.found;
}

static void send4(int s, const char *ip, const char *msg)
{
	struct sockaddr_in to = { .sin_family = AF_INET,
				  .sin_port = htons(PORT) };

	net_ipv4(ip, &to.sin_addr);
	if (sendto(s, msg, strlen(msg) + 1, 0, (struct sockaddr *)&to,
		   sizeof(to)) != (ssize_t)strlen(msg) + 1)
		tst_brk(TBROK | TERRNO, "sendto(%s)", ip);
}

/* Datagrams on the remote host until "last"; how many were msg. */
static int rcv_until(const char *msg, const char *last)
{
	char buf[64];
	int n = 0;

	for (;;) {
		net_wait(rxb, POLLIN);
		if (recv(rxb, buf, sizeof(buf), 0) < 0)
			tst_brk(TBROK | TERRNO, "recv() in the remote host");
		if (!strcmp(buf, last))
			return n;
		n += !strcmp(buf, msg);
	}
}

/* Frames on the remote's net0 until the one carrying "last". */
static int frames_until(const char *msg, const char *last)
{
	unsigned char f[256];
	int n = 0;

	for (;;) {
		ssize_t len;
		const char *pl = (const char *)f + 14 + 20 + 8;

		net_wait(pktb, POLLIN);
		len = recv(pktb, f, sizeof(f) - 1, 0);
		if (len < 0)
			tst_brk(TBROK | TERRNO, "recv(AF_PACKET)");
		f[len] = 0;
		if (len < 14 + 20 + 8 + 1 || f[12] != 0x08 || f[13] ||
		    f[14 + 9] != IPPROTO_UDP ||
		    (f[14 + 22] << 8 | f[14 + 23]) != PORT)
			continue;
		if (!strcmp(pl, last))
			return n;
		n += !strcmp(pl, msg);
	}
}

/*
 * The local host sends one datagram to the remote host. The remote
 * host's sentinel to br0 goes through pb (forwarding) behind it: when
 * br0 has it, the bridge has handled the datagram, and pb's tx count is
 * final. A second sentinel, from br0 to the remote host, is queued
 * behind whatever pb sent: when it arrives, the remote host has seen
 * all. Counted: pb's tx packets (the odd frame of the stack's own may
 * add one: at least), the datagram's frames on the remote's net0 and
 * the datagrams the remote host got (both exact).
 */
static void probe(int *tx, int *frames, int *got)
{
	long long t0 = pb_tx();
	char buf[64];

	send4(txa, "10.99.1.2", "probe");
	send4(txb, "10.99.1.254", "sentinel");
	net_wait(rxr, POLLIN);
	if (recv(rxr, buf, sizeof(buf), 0) < 0 || strcmp(buf, "sentinel"))
		tst_brk(TBROK, "br0 got something other than the sentinel");
	*tx = pb_tx() - t0;
	send4(rxr, "10.99.1.2", "sentinel2");
	*got = rcv_until("probe", "sentinel2");
	*frames = frames_until("probe", "sentinel2");
}

static void check_state(int state, int fwd, int learn, const char *name)
{
	int tx, frames, got;

	exp_ret(net_brport_set(pa, IFLA_BRPORT_FLUSH, 0), 0, "flush pa");
	exp_ret(state_set(pa, state), 0, name);
	NET_EXP_EQ(port_state(pa), state, "pa's state read back");
	probe(&tx, &frames, &got);
	if (frames == fwd && got == fwd && tx >= fwd)
		tst_res(TPASS, "%s: %d frames of it on the remote's wire, %d delivered (pb tx + %d)",
			name, frames, got, tx);
	else
		tst_res(TFAIL, "%s: %d frames of it on the remote's wire, %d delivered (pb tx + %d), expected %d",
			name, frames, got, tx, fwd);
	if (tx != frames)
		tst_res(TINFO, "pb sent %d frames besides the datagram's",
			tx - frames);
	NET_EXP_EQ(learnt(mac_a, pa), learn, "local host's MAC learnt on pa");
}

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void check_stp_off(void)
{
	exp_ret(state_set(pa, 5), EINVAL, "state 5");
	exp_ret(state_set(pa, 255), EINVAL, "state 255");
	exp_ret(state_set(pa, BR_STATE_BLOCKING), 0,
		"state blocking");
	NET_EXP_EQ(port_state(pa), BR_STATE_FORWARDING,
		   "blocking without STP reads back forwarding");

	check_state(BR_STATE_LISTENING, 0, 0, "pa listening");
	check_state(BR_STATE_DISABLED, 0, 0, "pa disabled");
	check_state(BR_STATE_LEARNING, 0, 1, "pa learning");
	check_state(BR_STATE_FORWARDING, 1, 1, "pa forwarding");

	net_enter(NET_R);
	RTNL_SAFE(rtnl_link_set(pa, 0, IFF_UP, 0));
	exp_ret(state_set(pa, BR_STATE_FORWARDING),
		ENETDOWN, "state forwarding on a port that is down");
	exp_ret(state_set(pa, BR_STATE_DISABLED),
		ENETDOWN, "state disabled on a port that is down");
	RTNL_SAFE(rtnl_link_up(pa));
}

/* Wait for a configuration BPDU on the remote's net0 and check it. */
static void check_bpdu(int port_no)
{
	unsigned char f[256], exp[35], rid[8];
	double t0 = now_s();
	ssize_t n;
	int i, bad = 0;

	for (;;) {
		if (!net_poll(pktb, POLLIN, 30000) || now_s() - t0 > 60 * tst_timeout_mul())
			tst_brk(TBROK, "no BPDU on the remote's net0");
		n = recv(pktb, f, sizeof(f), 0);
		if (n >= 14 + 3 + 35 && f[0] == 0x01 && f[1] == 0x80 &&
		    f[2] == 0xc2 && !f[3] && !f[4] && !f[5] && f[17 + 3] == 0)
			break;
	}
	rid[0] = 0x80;
	rid[1] = 0;
	memcpy(rid + 2, mac_r, 6);
	memset(exp, 0, sizeof(exp));
	memcpy(exp + 5, rid, 8);	/* root id */
	memcpy(exp + 17, rid, 8);	/* bridge id */
	exp[25] = 0x80 | port_no >> 8;
	exp[26] = port_no & 0xff;
	exp[29] = 20;			/* max age 20 s, in 1/256 s */
	exp[31] = 2;			/* hello 2 s */
	exp[33] = 2;			/* forward delay 2 s */
	if (memcmp(f + 6, mac_pb, 6)) {
		tst_res(TFAIL, "BPDU not from pb's MAC");
		bad = 1;
	}
	if (f[14] != 0x42 || f[15] != 0x42 || f[16] != 0x03) {
		tst_res(TFAIL, "BPDU LLC %02x %02x %02x", f[14], f[15], f[16]);
		bad = 1;
	}
	for (i = 0; i < 35; i++) {
		/* byte 4: flags (topology change may be set) */
		if (i == 4 || f[17 + i] == exp[i])
			continue;
		tst_res(TFAIL, "BPDU byte %d: 0x%02x, expected 0x%02x", i,
			f[17 + i], exp[i]);
		bad = 1;
	}
	if (!bad)
		tst_res(TPASS, "configuration BPDU from pb: root and bridge id 8000.br0, cost 0, port 0x%04x, timers 0/20/2/2 s",
			0x8000 | port_no);
}

static void check_stp_on(void)
{
	int st, last = -1, port_no;
	double t0, t_learn = -1, t_fwd = -1, bound = 30.0 * tst_timeout_mul();

	/* frames of earlier checks (and rounds) are not BPDUs of this one */
	while (recv(pktb, &st, sizeof(st), MSG_DONTWAIT) >= 0)
		;
	RTNL_SAFE(br_set(IFLA_BR_FORWARD_DELAY, 200));
	RTNL_SAFE(br_set(IFLA_BR_STP_STATE, 1));
	NET_EXP_EQ(net_r_link_attr(br, IFLA_INFO_DATA, IFLA_BR_STP_STATE), 1,
		   "IFLA_BR_STP_STATE read back");
	NET_EXP_EQ(net_r_link_attr(br, IFLA_INFO_DATA, IFLA_BR_FORWARD_DELAY), 200,
		   "IFLA_BR_FORWARD_DELAY read back (centiseconds)");
	exp_ret(state_set(pa, BR_STATE_LEARNING), EBUSY,
		"port state under kernel STP");

	net_enter(NET_R);
	RTNL_SAFE(rtnl_link_set(pb, 0, IFF_UP, 0));
	NET_EXP_EQ(port_state(pb), BR_STATE_DISABLED, "pb down: disabled");
	t0 = now_s();
	RTNL_SAFE(rtnl_link_up(pb));
	for (;;) {
		double t;

		/* the time after the query: the state it saw is older */
		st = port_state(pb);
		t = now_s() - t0;
		if (st != last)
			tst_res(TINFO, "pb: state %d after %.2f s", st, t);
		if (st == BR_STATE_LEARNING && t_learn < 0)
			t_learn = t;
		if (st == BR_STATE_FORWARDING) {
			t_fwd = t;
			break;
		}
		if (st != BR_STATE_LISTENING && st != BR_STATE_LEARNING &&
		    st != BR_STATE_DISABLED && st != BR_STATE_BLOCKING)
			break;
		if (t > bound)
			break;
		last = st;
		usleep(20000);
	}
	if (t_fwd < 0)
		tst_res(TFAIL, "pb not forwarding after %.1f s (state %d)",
			now_s() - t0, st);
	else if (t_learn < 0)
		tst_res(TFAIL, "pb forwarding after %.2f s without learning",
			t_fwd);
	/*
	 * Each state is seen up to a poll late, so only the times from the
	 * moment pb was brought up are lower bounds: the gap between the two
	 * observations is not.
	 */
	else if (t_learn < 2 - 0.02 || t_fwd < 4 - 0.02)
		tst_res(TFAIL, "pb learning after %.2f s, forwarding after %.2f s: sooner than the 2 s forward delay",
			t_learn, t_fwd);
	else
		tst_res(TPASS, "pb listening, learning after %.2f s, forwarding after %.2f s (forward delay 2 s)",
			t_learn, t_fwd);

	port_no = net_r_link_attr(pb, IFLA_INFO_SLAVE_DATA, IFLA_BRPORT_NO);
	check_bpdu(port_no);

	RTNL_SAFE(br_set(IFLA_BR_STP_STATE, 0));
	exp_ret(state_set(pa, BR_STATE_FORWARDING), 0,
		"port state with STP off again");
}

static void run(void)
{
	check_stp_off();
	check_stp_on();
}

static void setup(void)
{
	struct sockaddr_in sin = { .sin_family = AF_INET,
				   .sin_port = htons(PORT) };
	struct sockaddr_ll sll = { .sll_family = AF_PACKET,
				   .sll_protocol = htons(ETH_P_ALL) };
	double t0;

	pin_to_current_cpu();
	net_l2_hosts_setup(mac_a);
	net_bridge_pa_pb(&br, &pa, &pb);
	net_addr4("br0", "10.99.1.254");
	net_mac_of("br0", mac_r);
	net_mac_of("pb", mac_pb);

	net_enter(NET_B);
	RTNL_SAFE(rtnl_link_up(rtnl_ifindex("net0")));
	net_addr4("net0", "10.99.1.2");
	net_mac_of("net0", mac_b);
	net_pin4("net0", "10.99.1.1", mac_a);
	net_pin4("net0", "10.99.1.254", mac_r);
	sll.sll_ifindex = rtnl_ifindex("net0");
	pktb = net_socket(NET_B, AF_PACKET, SOCK_RAW);
	if (bind(pktb, (struct sockaddr *)&sll, sizeof(sll)))
		tst_brk(TBROK | TERRNO, "bind(AF_PACKET)");

	net_enter(NET_R);
	net_pin4("br0", "10.99.1.1", mac_a);
	net_pin4("br0", "10.99.1.2", mac_b);
	net_enter(NET_A);
	net_pin4("net0", "10.99.1.2", mac_b);
	net_pin4("net0", "10.99.1.254", mac_r);

	rxb = net_socket(NET_B, AF_INET, SOCK_DGRAM);
	rxr = net_socket(NET_R, AF_INET, SOCK_DGRAM);
	txa = net_socket(NET_A, AF_INET, SOCK_DGRAM);
	txb = net_socket(NET_B, AF_INET, SOCK_DGRAM);
	if (bind(rxb, (struct sockaddr *)&sin, sizeof(sin)) ||
	    bind(rxr, (struct sockaddr *)&sin, sizeof(sin)))
		tst_brk(TBROK | TERRNO, "bind(port %d)", PORT);
	net_wait_oper_up(NET_A, "net0");
	net_wait_oper_up(NET_B, "net0");
	/* the ports forward once the link watch saw their carrier */
	t0 = now_s();
	while (port_state(pa) != BR_STATE_FORWARDING ||
	       port_state(pb) != BR_STATE_FORWARDING) {
		if (now_s() - t0 > 30 * tst_timeout_mul())
			tst_brk(TBROK, "ports not forwarding: pa %d, pb %d",
				port_state(pa), port_state(pb));
		usleep(20000);
	}
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.timeout = 120,
};
