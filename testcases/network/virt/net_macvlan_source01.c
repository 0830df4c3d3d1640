// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * macvlan source mode (MACVLAN_MODE_SOURCE): a macvlan "s0" on the
 * remote's net0 receives a copy of every frame whose source MAC is in
 * its list, whatever the destination. The local host sends hand-made
 * frames (ethertype 0x88b5) from chosen source MACs over the veth; a
 * packet socket on s0 and one on net0 see what each device received.
 * A sentinel MAC stays listed: its frame, sent last, follows the
 * frames checked through the same backlog (the task is pinned to one
 * CPU), so "not received" is read once the sentinel has come.
 * - list operations (IFLA_MACVLAN_MACADDR_MODE): SET at creation with
 *   IFLA_MACVLAN_MACADDR_DATA, ADD (a duplicate is not added twice),
 *   DEL (an unlisted MAC is no error: the kernel has no ENOENT path),
 *   SET replacing the list, FLUSH; IFLA_MACVLAN_MACADDR_COUNT and the
 *   IFLA_MACVLAN_MACADDR_DATA list read back after each;
 * - frames, unicast to net0 and broadcast, from a listed MAC reach s0
 *   exactly once (its rx_packets and rx_bytes move by the frames and
 *   their 60 bytes each) and still reach net0; from an unlisted or a
 *   deleted MAC they do not reach s0;
 * - MACVLAN_FLAG_NODST: a listed MAC's frame reaches s0 only, not net0;
 * - errnos (macvlan_validate(), macvlan_changelink_sources()): EINVAL
 *   for MACADDR_MODE 4, ADD or DEL without IFLA_MACVLAN_MACADDR, a 5
 *   byte MAC, a foreign attribute in the list, IFLA_MACVLAN_MACADDR_COUNT
 *   given, flags 4, MACADDR_MODE on a bridge mode macvlan (at creation
 *   and change); EADDRNOTAVAIL for a multicast and the zero MAC;
 * - leaving source mode flushes the list.
 */
#include <stdarg.h>
#include <linux/if_packet.h>
#include <linux/if_ether.h>
#include "tst_test.h"
#include "net_hosts.h"
#include "socket_helpers.h"

#ifndef MACVLAN_MODE_SOURCE
# define MACVLAN_MODE_SOURCE 16
#endif
#ifndef MACVLAN_FLAG_NODST
# define MACVLAN_FLAG_NODST 2
#endif

#define ETH_TEST 0x88b5
#define FRAME 60
#define NMACS 8

/*
 * A request's IFLA_INFO_DATA: mode, macmode, flags and count hold the
 * value plus one (0: attribute left out, so that REQ() initialises each
 * field once); maclen 0 means 6, other lengths test the validation.
 */
struct req {
	int mode;
	int macmode;
	int flags;
	const unsigned char *mac;
	int maclen;
	const unsigned char *list[NMACS];
	int bad_list;
	int count;
};

static const unsigned char
	mac_s[6] = { 0x02, 0x5e, 0, 0, 0, 0x53 },
	mac_x1[6] = { 0x02, 0x5e, 0, 0, 0, 0x01 },
	mac_x2[6] = { 0x02, 0x5e, 0, 0, 0, 0x02 },
	mac_x3[6] = { 0x02, 0x5e, 0, 0, 0, 0x03 },
	mac_x4[6] = { 0x02, 0x5e, 0, 0, 0, 0x04 },
	mac_u[6] = { 0x02, 0x5e, 0, 0, 0, 0x55 },
	mac_mc[6] = { 0x01, 0x5e, 0, 0, 0, 0x01 },
	mac_zero[6], mac_bc[6] = { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff };
static unsigned char mac_b[6];
static int s0, ps, pb, tx, tx_if;

#define MODE(x) .mode = (x) + 1
#define MACMODE(x) .macmode = (x) + 1
#define FLAGS(x) .flags = (x) + 1
#define COUNT(x) .count = (x) + 1

static void put_req(struct rtnl_msg *m, const struct req *r)
{
	int i;

	rtnl_nest(m, IFLA_INFO_DATA);
	if (r->mode)
		rtnl_put_u32(m, IFLA_MACVLAN_MODE, r->mode - 1);
	if (r->flags)
		rtnl_put_u16(m, IFLA_MACVLAN_FLAGS, r->flags - 1);
	if (r->macmode)
		rtnl_put_u32(m, IFLA_MACVLAN_MACADDR_MODE, r->macmode - 1);
	if (r->mac)
		rtnl_put(m, IFLA_MACVLAN_MACADDR, r->mac, r->maclen ?: 6);
	if (r->count)
		rtnl_put_u32(m, IFLA_MACVLAN_MACADDR_COUNT, r->count - 1);
	if (r->list[0] || r->bad_list) {
		rtnl_nest(m, IFLA_MACVLAN_MACADDR_DATA);
		for (i = 0; i < NMACS && r->list[i]; i++)
			rtnl_put(m, IFLA_MACVLAN_MACADDR, r->list[i], 6);
		if (r->bad_list)
			rtnl_put(m, IFLA_MACVLAN_MODE, mac_x4, 6);
		rtnl_nest_end(m);
	}
}

#define REQ(...) (&(struct req){ __VA_ARGS__ })

static int mv_add(const char *name, const struct req *r)
{
	static struct rtnl_msg m;

	rtnl_newlink_begin(&m, name, "macvlan", rtnl_ifindex("net0"));
	put_req(&m, r);
	return rtnl_newlink_end(&m);
}

static int mv_change(const struct req *r)
{
	static struct rtnl_msg m;

	rtnl_link_msg(&m, RTM_NEWLINK, 0, s0, NULL);
	rtnl_nest(&m, IFLA_LINKINFO);
	rtnl_put_str(&m, IFLA_INFO_KIND, "macvlan");
	put_req(&m, r);
	return rtnl_newlink_end(&m);
}

struct readback {
	int mode, count, nlist;
	unsigned char list[NMACS][6];
	int bad;
};

static void readback_cb(struct nlmsghdr *nh, void *priv)
{
	struct readback *rb = priv;
	struct rtattr *d, *a;
	int len;

	if (nh->nlmsg_type != RTM_NEWLINK)
		return;
	d = rtnl_attr(nh, sizeof(struct ifinfomsg), IFLA_LINKINFO);
	if (d)
		d = rtnl_nested(d, IFLA_INFO_DATA);
	if (!d)
		return;
	a = rtnl_nested(d, IFLA_MACVLAN_MODE);
	if (a)
		rb->mode = *(uint32_t *)RTA_DATA(a);
	a = rtnl_nested(d, IFLA_MACVLAN_MACADDR_COUNT);
	if (a)
		rb->count = *(uint32_t *)RTA_DATA(a);
	d = rtnl_nested(d, IFLA_MACVLAN_MACADDR_DATA);
	if (!d)
		return;
	len = RTA_PAYLOAD(d);
	for (a = RTA_DATA(d); RTA_OK(a, len); a = RTA_NEXT(a, len)) {
		if (a->rta_type != IFLA_MACVLAN_MACADDR ||
		    RTA_PAYLOAD(a) != 6 || rb->nlist == NMACS) {
			rb->bad = 1;
			continue;
		}
		memcpy(rb->list[rb->nlist++], RTA_DATA(a), 6);
	}
}

/* s0's mode, count and list are exactly mode and the n MACs given */
static void check_list(const char *what, int mode, int n, ...)
{
	static struct rtnl_msg m;
	struct readback rb = { .mode = -1, .count = -1 };
	va_list ap;
	int i, j, ok;

	rtnl_link_msg(&m, RTM_GETLINK, 0, s0, NULL);
	RTNL_SAFE(rtnl_talk_cb(&m, readback_cb, &rb));
	ok = rb.mode == mode && rb.count == n && rb.nlist == n && !rb.bad;
	va_start(ap, n);
	for (i = 0; ok && i < n; i++) {
		const unsigned char *mac = va_arg(ap, const unsigned char *);

		for (j = 0; j < rb.nlist && memcmp(rb.list[j], mac, 6); j++)
			;
		ok = j < rb.nlist;
	}
	va_end(ap);
	if (ok)
		tst_res(TPASS, "%s: mode %d, %d source MACs as expected",
			what, mode, n);
	else
		tst_res(TFAIL, "%s: mode %d, count %d, %d MACs listed%s; "
			"expected mode %d and %d", what, rb.mode, rb.count,
			rb.nlist, rb.bad ? " (malformed)" : "", mode, n);
}

static void expect(int ret, int err, const char *what)
{
	if (ret == -err)
		tst_res(TPASS, "%s: %s", what, err ? tst_strerrno(err) : "0");
	else
		tst_res(TFAIL, "%s: %s, expected %s", what,
			ret ? tst_strerrno(-ret) : "success",
			err ? tst_strerrno(err) : "success");
}

static void send_frame(const unsigned char *dst, const unsigned char *src,
		       char tag)
{
	unsigned char f[FRAME] = { 0 };
	struct sockaddr_ll sll = {
		.sll_family = AF_PACKET, .sll_halen = 6,
		.sll_protocol = htons(ETH_TEST), .sll_ifindex = tx_if,
	};

	memcpy(f, dst, 6);
	memcpy(f + 6, src, 6);
	f[12] = ETH_TEST >> 8;
	f[13] = ETH_TEST & 0xff;
	f[14] = tag;
	memcpy(sll.sll_addr, dst, 6);
	if (sendto(tx, f, sizeof(f), 0, (struct sockaddr *)&sll,
		   sizeof(sll)) != sizeof(f))
		tst_brk(TBROK | TERRNO, "sendto(AF_PACKET)");
}

/* Frames tagged tag on fd before the one tagged stop (bounded wait) */
static int until(int fd, char tag, char stop)
{
	long long end = tst_mono_ms() + net_ms(10000);
	unsigned char f[256];
	int n = 0;

	for (;;) {
		struct pollfd pfd = { .fd = fd, .events = POLLIN };
		long long left = end - tst_mono_ms();
		ssize_t len;

		if (left <= 0 || poll(&pfd, 1, left) != 1)
			tst_brk(TBROK, "sentinel '%c' not received in %d ms",
				stop, net_ms(10000));
		len = recv(fd, f, sizeof(f), MSG_DONTWAIT);
		if (len < 15)
			continue;
		if (f[14] == stop)
			return n;
		n += f[14] == tag;
	}
}

static void stats(unsigned long long *pkts, unsigned long long *bytes)
{
	struct rtnl_link_info li;

	RTNL_SAFE(rtnl_link_get(s0, NULL, &li));
	*pkts = li.stats.rx_packets;
	*bytes = li.stats.rx_bytes;
}

/*
 * A frame from src to dst: how many copies s0 and net0 got. The
 * sentinel from mac_s (listed) closes s0's count, one from mac_u (not
 * listed) net0's. s0's rx counters must move by its copies plus the
 * sentinel, 60 bytes each.
 */
static void probe(const unsigned char *dst, const unsigned char *src,
		  int exp_s0, int exp_b, const char *what)
{
	static char tag = 'a';
	unsigned long long p0, b0, p1, b1;
	char msg[128];
	int got;

	tag = tag == 'x' ? 'a' : tag + 1;
	stats(&p0, &b0);
	send_frame(dst, src, tag);
	send_frame(mac_b, mac_s, 'z');
	send_frame(mac_b, mac_u, 'y');
	got = until(ps, tag, 'z');
	snprintf(msg, sizeof(msg), "%s: copies at s0", what);
	NET_EXP_EQ(got, exp_s0, msg);
	stats(&p1, &b1);
	if (p1 - p0 == (unsigned int)exp_s0 + 1 &&
	    b1 - b0 == (unsigned int)(exp_s0 + 1) * FRAME)
		tst_res(TPASS, "%s: s0 rx_packets +%llu, rx_bytes +%llu",
			what, p1 - p0, b1 - b0);
	else
		tst_res(TFAIL, "%s: s0 rx_packets +%llu, rx_bytes +%llu, "
			"expected +%d and +%d", what, p1 - p0, b1 - b0,
			exp_s0 + 1, (exp_s0 + 1) * FRAME);
	got = until(pb, tag, 'y');
	snprintf(msg, sizeof(msg), "%s: copies at net0", what);
	NET_EXP_EQ(got, exp_b, msg);
}

static int packet_sock(const char *dev)
{
	struct sockaddr_ll sll = {
		.sll_family = AF_PACKET,
		.sll_protocol = htons(ETH_TEST),
		.sll_ifindex = rtnl_ifindex(dev),
	};
	int fd = SAFE_SOCKET(AF_PACKET, SOCK_RAW, htons(ETH_TEST));

	if (bind(fd, (struct sockaddr *)&sll, sizeof(sll)))
		tst_brk(TBROK | TERRNO, "bind(AF_PACKET, %s)", dev);
	return fd;
}

static void setup(void)
{
	int ret, i;

	sock_pin_cpu();
	net_ns_new(NET_B);
	net_ns_new(NET_A);
	for (i = 0; i < NET_NHOSTS; i++) {
		if (i == NET_R)
			continue;
		net_sysctl(i, "net/ipv6/conf/all/disable_ipv6", "1");
		net_sysctl(i, "net/ipv6/conf/default/disable_ipv6", "1");
	}
	net_enter(NET_A);
	RTNL_SAFE(rtnl_veth_add("net0", "net0", net_nsfd[NET_B]));
	tx_if = rtnl_ifindex("net0");
	RTNL_SAFE(rtnl_link_up(tx_if));
	tx = SAFE_SOCKET(AF_PACKET, SOCK_RAW, 0);

	net_enter(NET_B);
	RTNL_SAFE(rtnl_link_up(rtnl_ifindex("net0")));
	net_mac_of("net0", mac_b);
	ret = mv_add("s0", REQ(MODE(MACVLAN_MODE_SOURCE),
			       MACMODE(MACVLAN_MACADDR_SET),
			       .list = { mac_x1, mac_x2, mac_s }));
	if (ret == -EOPNOTSUPP)
		tst_brk(TCONF, "no macvlan support (module missing)");
	RTNL_SAFE(ret);
	s0 = rtnl_ifindex("s0");
	RTNL_SAFE(rtnl_link_up(s0));
	ps = packet_sock("s0");
	pb = packet_sock("net0");

	/* until the link watch has given the veths their qdiscs: retry */
	for (i = 0; i < 40; i++) {
		send_frame(mac_b, mac_s, 'z');
		if (net_poll(ps, POLLIN, 250))
			break;
	}
	if (i == 40)
		tst_brk(TBROK, "no frame from the local host reached s0");
	/* past the retries' frames on both sockets */
	send_frame(mac_b, mac_s, 'w');
	send_frame(mac_b, mac_u, 'v');
	until(ps, 0, 'w');
	until(pb, 0, 'v');
}

static void check_errors(void)
{
	static const unsigned char short_mac[5] = { 2, 0, 0, 0, 1 };

	expect(mv_change(REQ(MACMODE(4), .mac = mac_x4)), EINVAL,
	       "MACADDR_MODE 4");
	expect(mv_change(REQ(MACMODE(MACVLAN_MACADDR_ADD))), EINVAL,
	       "ADD without a MAC");
	expect(mv_change(REQ(MACMODE(MACVLAN_MACADDR_DEL))), EINVAL,
	       "DEL without a MAC");
	expect(mv_change(REQ(MACMODE(MACVLAN_MACADDR_ADD), .mac = short_mac,
			     .maclen = 5)), EINVAL, "ADD of a 5 byte MAC");
	expect(mv_change(REQ(MACMODE(MACVLAN_MACADDR_ADD), .mac = mac_mc)),
	       EADDRNOTAVAIL, "ADD of a multicast MAC");
	expect(mv_change(REQ(MACMODE(MACVLAN_MACADDR_ADD), .mac = mac_zero)),
	       EADDRNOTAVAIL, "ADD of the zero MAC");
	expect(mv_change(REQ(MACMODE(MACVLAN_MACADDR_SET),
			     .list = { mac_mc })), EADDRNOTAVAIL,
	       "SET of a list with a multicast MAC");
	expect(mv_change(REQ(MACMODE(MACVLAN_MACADDR_SET),
			     .list = { mac_x4 }, .bad_list = 1)), EINVAL,
	       "SET of a list with a foreign attribute");
	expect(mv_change(REQ(COUNT(1))), EINVAL,
	       "IFLA_MACVLAN_MACADDR_COUNT given");
	expect(mv_change(REQ(FLAGS(4))), EINVAL, "IFLA_MACVLAN_FLAGS 4");
	check_list("after the refused requests", MACVLAN_MODE_SOURCE, 3,
		   mac_x1, mac_x3, mac_s);
	expect(mv_add("m1", REQ(MODE(MACVLAN_MODE_BRIDGE),
				MACMODE(MACVLAN_MACADDR_ADD), .mac = mac_x4)),
	       EINVAL, "bridge mode macvlan created with MACADDR_MODE");
	expect(rtnl_link_get(0, "m1", &(struct rtnl_link_info){ 0 }), ENODEV,
	       "no link m1 left after the refused creation");
}

static void run(void)
{
	check_list("created with SET", MACVLAN_MODE_SOURCE, 3,
		   mac_x1, mac_x2, mac_s);
	probe(mac_b, mac_x1, 1, 1, "unicast from a listed MAC");
	probe(mac_bc, mac_x2, 1, 1, "broadcast from a listed MAC");
	probe(mac_b, mac_u, 0, 1, "unicast from an unlisted MAC");
	probe(mac_bc, mac_u, 0, 1, "broadcast from an unlisted MAC");

	expect(mv_change(REQ(MACMODE(MACVLAN_MACADDR_ADD), .mac = mac_x3)),
	       0, "ADD x3");
	expect(mv_change(REQ(MACMODE(MACVLAN_MACADDR_ADD), .mac = mac_x3)),
	       0, "ADD x3 again");
	check_list("after ADD", MACVLAN_MODE_SOURCE, 4,
		   mac_x1, mac_x2, mac_x3, mac_s);
	expect(mv_change(REQ(MACMODE(MACVLAN_MACADDR_DEL), .mac = mac_x2)),
	       0, "DEL x2");
	expect(mv_change(REQ(MACMODE(MACVLAN_MACADDR_DEL), .mac = mac_x2)),
	       0, "DEL x2 again (not listed)");
	check_list("after DEL", MACVLAN_MODE_SOURCE, 3,
		   mac_x1, mac_x3, mac_s);
	probe(mac_b, mac_x3, 1, 1, "unicast from an added MAC");
	probe(mac_b, mac_x2, 0, 1, "unicast from a deleted MAC");

	check_errors();

	expect(mv_change(REQ(MACMODE(MACVLAN_MACADDR_SET), .mac = mac_x2,
			     .list = { mac_x4, mac_s })), 0,
	       "SET x2 and the list x4, s");
	check_list("after SET", MACVLAN_MODE_SOURCE, 3, mac_x2, mac_x4, mac_s);
	probe(mac_b, mac_x1, 0, 1, "unicast from a MAC SET dropped");
	probe(mac_b, mac_x4, 1, 1, "unicast from a MAC SET added");

	expect(mv_change(REQ(FLAGS(MACVLAN_FLAG_NODST))), 0, "flag NODST");
	probe(mac_b, mac_x2, 1, 0, "NODST: unicast from a listed MAC");
	probe(mac_bc, mac_x4, 1, 0, "NODST: broadcast from a listed MAC");
	probe(mac_b, mac_u, 0, 1, "NODST: unicast from an unlisted MAC");
	expect(mv_change(REQ(FLAGS(0))), 0, "flags 0");

	expect(mv_change(REQ(MACMODE(MACVLAN_MACADDR_FLUSH))), 0, "FLUSH");
	check_list("after FLUSH", MACVLAN_MODE_SOURCE, 0);
	expect(mv_change(REQ(MACMODE(MACVLAN_MACADDR_ADD), .mac = mac_s)),
	       0, "ADD s");
	probe(mac_b, mac_x2, 0, 1, "unicast from a MAC flushed");

	expect(mv_change(REQ(MODE(MACVLAN_MODE_BRIDGE))), 0,
	       "source -> bridge");
	check_list("source -> bridge", MACVLAN_MODE_BRIDGE, 0);
	expect(mv_change(REQ(MACMODE(MACVLAN_MACADDR_ADD), .mac = mac_x1)),
	       EINVAL, "ADD on a bridge mode macvlan");
	expect(mv_change(REQ(MODE(MACVLAN_MODE_SOURCE),
			     MACMODE(MACVLAN_MACADDR_SET),
			     .list = { mac_x1, mac_s })), 0,
	       "back to source with the list x1, s");
	check_list("bridge -> source", MACVLAN_MODE_SOURCE, 2, mac_x1, mac_s);
	expect(mv_change(REQ(MACMODE(MACVLAN_MACADDR_DEL), .mac = mac_x1)),
	       0, "DEL x1");
	expect(mv_change(REQ(MACMODE(MACVLAN_MACADDR_ADD), .mac = mac_x2)),
	       0, "ADD x2");
	check_list("restored", MACVLAN_MODE_SOURCE, 2, mac_x2, mac_s);
	/* back to the state run() starts from, for -i */
	RTNL_SAFE(mv_change(REQ(MACMODE(MACVLAN_MACADDR_SET),
				.list = { mac_x1, mac_x2, mac_s })));
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.timeout = 120,
};
