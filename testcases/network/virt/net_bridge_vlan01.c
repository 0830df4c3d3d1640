// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Bridge VLAN filtering. A bridge (vlan_filtering 1, per-port VLAN
 * statistics) in a third namespace joins port pa (to the local host)
 * and pb (to the remote host). The local host has VLAN devices v10 and
 * v20 on its net0; pa keeps the default VLAN 1 (pvid, untagged) and
 * carries VLAN 10 tagged; pb has VLAN 10 alone as its pvid, egress
 * untagged, so the remote's plain net0 is on VLAN 10. IPv6 is off and
 * the neighbours are pinned: nothing but the test's frames crosses.
 * - the ports' VLANs read back (BRIDGE_XSTATS_VLAN: vids, PVID and
 *   UNTAGGED flags); EINVAL for vid 0, 4095 and a short
 *   IFLA_BRIDGE_VLAN_INFO; vid 4094 is accepted and deleted; EBUSY for
 *   turning per-port VLAN statistics off while ports have VLANs;
 * - 5 datagrams from v10 arrive untagged on the remote's net0 (seen by
 *   a packet socket without a VLAN tag) and count exactly 5 packets and
 *   5 x 128 bytes in pa's VLAN 10 rx and pb's VLAN 10 tx counters;
 * - the FDB learnt the local MAC on pa with NDA_VLAN 10;
 * - 3 datagrams from v20 (VLAN 20 not allowed on pa) and 3 untagged ones
 *   from net0 (pvid 1, pb not in VLAN 1) are dropped: the sentinel sent
 *   after them from v10 is the next frame the remote sees, pa received
 *   7 frames of which its VLAN 10 counter has 1, and pb's VLAN 10 tx
 *   moved by 1;
 * - with pb's VLAN 10 tagged on egress, the remote's net0 sees the frame
 *   with tag 10 and its UDP socket gets nothing (other host);
 * - with vlan_filtering 0 the untagged datagram from net0 is delivered
 *   and the VLAN 20 frame crosses with its tag 20.
 */
#include <linux/if_bridge.h>
#include <linux/if_packet.h>
#include <linux/if_ether.h>
#include <netinet/ip.h>
#include <netinet/udp.h>
#include "tst_test.h"
#include "net_hosts.h"
#include "socket_helpers.h"

#ifndef AF_BRIDGE
# define AF_BRIDGE PF_BRIDGE
#endif

#define PORT 7010
#define PAYLOAD 100
/* what the bridge counts: the frame without its MAC header and tag */
#define FRAME_LEN (20 + 8 + PAYLOAD)

static int br, pa, pb, pkt, rx;
static unsigned char mac_a[6], mac_b[6];
static int tx_v10, tx_v20, tx_net0;

static void vlan_dev(const char *name, int vid)
{
	static struct rtnl_msg m;
	int ret;

	rtnl_newlink_begin(&m, name, "vlan", rtnl_ifindex("net0"));
	rtnl_nest(&m, IFLA_INFO_DATA);
	rtnl_put_u16(&m, IFLA_VLAN_ID, vid);
	ret = rtnl_newlink_end(&m);
	if (ret == -EOPNOTSUPP)
		tst_brk(TCONF, "no 802.1Q support (8021q missing)");
	RTNL_SAFE(ret);
	RTNL_SAFE(rtnl_link_up(rtnl_ifindex(name)));
}

/* RTM_SETLINK/RTM_DELLINK of one VLAN on a port, AF_BRIDGE: 0 or -errno */
static int port_vlan(int type, int port, int vid, int flags, int len)
{
	static struct rtnl_msg m;
	struct ifinfomsg ifi = { .ifi_family = AF_BRIDGE, .ifi_index = port };
	struct bridge_vlan_info vi = { .flags = flags, .vid = vid };

	net_enter(NET_R);
	rtnl_msg_init(&m, type, 0, &ifi, sizeof(ifi));
	rtnl_nest(&m, IFLA_AF_SPEC);
	rtnl_put(&m, IFLA_BRIDGE_VLAN_INFO, &vi, len ? len : (int)sizeof(vi));
	rtnl_nest_end(&m);
	return rtnl_talk(&m);
}

/* A bridge option (IFLA_BR_*, u8) changed: 0 or -errno */
static int br_opt(int attr, int val)
{
	static struct rtnl_msg m;

	net_enter(NET_R);
	rtnl_link_msg(&m, RTM_NEWLINK, 0, br, NULL);
	rtnl_nest(&m, IFLA_LINKINFO);
	rtnl_put_str(&m, IFLA_INFO_KIND, "bridge");
	rtnl_nest(&m, IFLA_INFO_DATA);
	rtnl_put_u8(&m, attr, val);
	return rtnl_newlink_end(&m);
}

struct vstats {
	int n;
	struct bridge_vlan_xstats v[8];
};

static void xstats_cb(struct nlmsghdr *nh, void *priv)
{
	struct vstats *s = priv;
	struct rtattr *a, *b;
	int rem;

	if (nh->nlmsg_type != RTM_NEWSTATS)
		return;
	a = rtnl_attr(nh, sizeof(struct if_stats_msg),
		      IFLA_STATS_LINK_XSTATS_SLAVE);
	if (a)
		a = rtnl_nested(a, LINK_XSTATS_TYPE_BRIDGE);
	if (!a)
		return;
	rem = RTA_PAYLOAD(a);
	for (b = RTA_DATA(a); RTA_OK(b, rem); b = RTA_NEXT(b, rem))
		if (b->rta_type == BRIDGE_XSTATS_VLAN && s->n < 8 &&
		    RTA_PAYLOAD(b) >= sizeof(s->v[0]))
			memcpy(&s->v[s->n++], RTA_DATA(b), sizeof(s->v[0]));
}

/* The port's VLANs with their counters (bridge port extended stats). */
static void vlans(int port, struct vstats *s)
{
	static struct rtnl_msg m;
	struct if_stats_msg ism = {
		.family = AF_UNSPEC, .ifindex = port,
		.filter_mask =
			IFLA_STATS_FILTER_BIT(IFLA_STATS_LINK_XSTATS_SLAVE),
	};

	memset(s, 0, sizeof(*s));
	net_enter(NET_R);
	rtnl_msg_init(&m, RTM_GETSTATS, 0, &ism, sizeof(ism));
	RTNL_SAFE(rtnl_talk_cb(&m, xstats_cb, s));
}

static struct bridge_vlan_xstats *vlan_of(struct vstats *s, int vid)
{
	int i;

	for (i = 0; i < s->n; i++)
		if (s->v[i].vid == vid)
			return &s->v[i];
	return NULL;
}

/* "1:PU 10:" - the port's VLANs with pvid (P) and untagged (U) flags */
static const char *vlan_list(int port)
{
	static char buf[128];
	struct vstats s;
	size_t off = 0;
	int i;

	vlans(port, &s);
	buf[0] = 0;
	for (i = 0; i < s.n; i++)
		off += snprintf(buf + off, sizeof(buf) - off, "%s%d:%s%s",
				i ? " " : "", s.v[i].vid,
				s.v[i].flags & BRIDGE_VLAN_INFO_PVID ? "P" : "",
				s.v[i].flags & BRIDGE_VLAN_INFO_UNTAGGED ?
				"U" : "");
	return buf;
}

static uint64_t link_rx(int h, int port)
{
	struct rtnl_link_info li;

	net_enter(h);
	RTNL_SAFE(rtnl_link_get(port, NULL, &li));
	return li.stats.rx_packets;
}

static void send_from(int fd, const char *dst, char tag)
{
	struct sockaddr_in sin = { .sin_family = AF_INET,
				   .sin_port = htons(PORT) };
	char buf[PAYLOAD];

	net_ipv4(dst, &sin.sin_addr);
	memset(buf, tag, sizeof(buf));
	if (sendto(fd, buf, sizeof(buf), 0, (struct sockaddr *)&sin,
		   sizeof(sin)) != sizeof(buf))
		tst_brk(TBROK | TERRNO, "sendto(%s)", dst);
}

struct frame {
	int vid;	/* -1: untagged */
	char tag;	/* first payload byte */
	struct in_addr dst;
};

/*
 * The next frame to our UDP port the remote's net0 received (not one it
 * sent), bounded by ms: 1, or 0 when none came.
 */
static int next_frame(int ms, struct frame *f)
{
	long long end = tst_mono_ms() + net_ms(ms);
	unsigned char buf[2048];
	char cbuf[CMSG_SPACE(sizeof(struct tpacket_auxdata))];

	for (;;) {
		struct sockaddr_ll sll;
		struct iovec iov = { buf, sizeof(buf) };
		struct msghdr mh = {
			.msg_name = &sll, .msg_namelen = sizeof(sll),
			.msg_iov = &iov, .msg_iovlen = 1,
			.msg_control = cbuf, .msg_controllen = sizeof(cbuf),
		};
		struct tpacket_auxdata *aux = NULL;
		struct cmsghdr *c;
		unsigned char *p = buf + 12;
		struct iphdr *ip;
		struct udphdr *udp;
		struct pollfd pfd = { .fd = pkt, .events = POLLIN };
		long long left = end - tst_mono_ms();
		ssize_t n;

		if (left <= 0 || poll(&pfd, 1, left) != 1)
			return 0;
		n = recvmsg(pkt, &mh, MSG_DONTWAIT);
		if (n < 0)
			tst_brk(TBROK | TERRNO, "recvmsg(AF_PACKET)");
		if (sll.sll_pkttype == PACKET_OUTGOING || n < 14)
			continue;
		for (c = CMSG_FIRSTHDR(&mh); c; c = CMSG_NXTHDR(&mh, c))
			if (c->cmsg_level == SOL_PACKET &&
			    c->cmsg_type == PACKET_AUXDATA)
				aux = (struct tpacket_auxdata *)CMSG_DATA(c);
		f->vid = -1;
		if (aux && (aux->tp_status & TP_STATUS_VLAN_VALID))
			f->vid = aux->tp_vlan_tci & 0xfff;
		if (p[0] == 0x81 && p[1] == 0x00) {
			/* a tag left in the frame */
			f->vid = ((p[2] << 8) | p[3]) & 0xfff;
			p += 4;
		}
		if (p[0] != 0x08 || p[1] != 0x00)
			continue;
		ip = (struct iphdr *)(p + 2);
		if ((unsigned char *)ip + sizeof(*ip) + sizeof(*udp) + 1 >
		    buf + n || ip->protocol != IPPROTO_UDP || ip->ihl != 5)
			continue;
		udp = (struct udphdr *)(ip + 1);
		if (udp->dest != htons(PORT))
			continue;
		f->tag = *(char *)(udp + 1);
		f->dst.s_addr = ip->daddr;
		return 1;
	}
}

static void drain(void)
{
	char buf[2048];

	while (recv(pkt, buf, sizeof(buf), MSG_DONTWAIT) > 0)
		;
	while (recv(rx, buf, sizeof(buf), MSG_DONTWAIT) > 0)
		;
}

static void setup(void)
{
	struct rtnl_link_info li;
	static struct rtnl_msg m;
	int one = 1, ret, i, h;

	sock_pin_cpu();
	net_ns_new(NET_B);
	net_ns_new(NET_R);
	net_ns_new(NET_A);
	for (h = 0; h < NET_NHOSTS; h++) {
		net_sysctl(h, "net/ipv6/conf/all/disable_ipv6", "1");
		net_sysctl(h, "net/ipv6/conf/default/disable_ipv6", "1");
	}

	net_enter(NET_A);
	RTNL_SAFE(rtnl_veth_add("net0", "pa", net_nsfd[NET_R]));
	RTNL_SAFE(rtnl_link_up(rtnl_ifindex("net0")));
	net_addr4("net0", "10.99.1.1");
	RTNL_SAFE(rtnl_link_get(0, "net0", &li));
	memcpy(mac_a, li.addr, 6);
	vlan_dev("v10", 10);
	vlan_dev("v20", 20);
	net_addr4("v10", "10.99.10.1");
	net_addr4("v20", "10.99.20.1");

	net_enter(NET_R);
	RTNL_SAFE(rtnl_veth_add("pb", "net0", net_nsfd[NET_B]));
	rtnl_newlink_begin(&m, "br0", "bridge", 0);
	rtnl_nest(&m, IFLA_INFO_DATA);
	rtnl_put_u8(&m, IFLA_BR_VLAN_FILTERING, 1);
	rtnl_put_u8(&m, IFLA_BR_VLAN_STATS_ENABLED, 1);
	rtnl_put_u8(&m, IFLA_BR_VLAN_STATS_PER_PORT, 1);
	ret = rtnl_newlink_end(&m);
	if (ret == -EOPNOTSUPP)
		tst_brk(TCONF, "no bridge support (module missing)");
	RTNL_SAFE(ret);
	br = rtnl_ifindex("br0");
	pa = rtnl_ifindex("pa");
	pb = rtnl_ifindex("pb");
	RTNL_SAFE(rtnl_link_master(pa, br));
	RTNL_SAFE(rtnl_link_master(pb, br));
	RTNL_SAFE(port_vlan(RTM_SETLINK, pa, 10, 0, 0));
	RTNL_SAFE(port_vlan(RTM_SETLINK, pb, 10, BRIDGE_VLAN_INFO_PVID |
			    BRIDGE_VLAN_INFO_UNTAGGED, 0));
	RTNL_SAFE(port_vlan(RTM_DELLINK, pb, 1, 0, 0));
	RTNL_SAFE(rtnl_link_up(pa));
	RTNL_SAFE(rtnl_link_up(pb));
	RTNL_SAFE(rtnl_link_up(br));

	net_enter(NET_B);
	RTNL_SAFE(rtnl_link_up(rtnl_ifindex("net0")));
	net_addr4("net0", "10.99.1.2");
	net_addr4("net0", "10.99.10.2");
	RTNL_SAFE(rtnl_link_get(0, "net0", &li));
	memcpy(mac_b, li.addr, 6);
	net_pin4("net0", "10.99.1.1", mac_a);
	net_pin4("net0", "10.99.10.1", mac_a);
	rx = SAFE_SOCKET(AF_INET, SOCK_DGRAM, 0);
	{
		struct sockaddr_in sin = { .sin_family = AF_INET,
					   .sin_port = htons(PORT) };

		if (bind(rx, (struct sockaddr *)&sin, sizeof(sin)))
			tst_brk(TBROK | TERRNO, "bind()");
	}
	pkt = SAFE_SOCKET(AF_PACKET, SOCK_RAW, htons(ETH_P_ALL));
	{
		struct sockaddr_ll sll = {
			.sll_family = AF_PACKET,
			.sll_protocol = htons(ETH_P_ALL),
			.sll_ifindex = rtnl_ifindex("net0"),
		};

		if (bind(pkt, (struct sockaddr *)&sll, sizeof(sll)))
			tst_brk(TBROK | TERRNO, "bind()");
	}
	if (setsockopt(pkt, SOL_PACKET, PACKET_AUXDATA, &one, sizeof(one)))
		tst_brk(TBROK | TERRNO, "setsockopt(PACKET_AUXDATA)");

	net_enter(NET_A);
	net_pin4("net0", "10.99.1.2", mac_b);
	net_pin4("v10", "10.99.10.2", mac_b);
	net_pin4("v20", "10.99.20.2", mac_b);
	tx_net0 = SAFE_SOCKET(AF_INET, SOCK_DGRAM, 0);
	tx_v10 = SAFE_SOCKET(AF_INET, SOCK_DGRAM, 0);
	tx_v20 = SAFE_SOCKET(AF_INET, SOCK_DGRAM, 0);
	if (setsockopt(tx_v10, SOL_SOCKET, SO_BINDTODEVICE, "v10", 4))
		tst_brk(TBROK | TERRNO, "setsockopt(SO_BINDTODEVICE)");
	if (setsockopt(tx_v20, SOL_SOCKET, SO_BINDTODEVICE, "v20", 4))
		tst_brk(TBROK | TERRNO, "setsockopt(SO_BINDTODEVICE)");

	/*
	 * Until the link watch has given the veths their qdiscs and the
	 * bridge ports forward, a datagram may be lost: retry, bounded.
	 */
	for (i = 0; i < 40; i++) {
		send_from(tx_v10, "10.99.10.2", 's');
		if (net_poll(rx, POLLIN, 250))
			break;
	}
	if (i == 40)
		tst_brk(TBROK, "nothing from v10 reached the remote host");
	drain();
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

static void check_list(int port, const char *name, const char *want)
{
	const char *got = vlan_list(port);

	if (!strcmp(got, want))
		tst_res(TPASS, "%s VLANs: %s", name, got);
	else
		tst_res(TFAIL, "%s VLANs: '%s', expected '%s'", name, got,
			want);
}

static void test_config(void)
{
	check_list(pa, "pa", "1:PU 10:");
	check_list(pb, "pb", "10:PU");
	expect(port_vlan(RTM_SETLINK, pa, 0, 0, 0), EINVAL, "vid 0");
	expect(port_vlan(RTM_SETLINK, pa, 4095, 0, 0), EINVAL, "vid 4095");
	expect(port_vlan(RTM_SETLINK, pa, 30, 0, 2), EINVAL,
	       "2 byte IFLA_BRIDGE_VLAN_INFO");
	expect(port_vlan(RTM_SETLINK, pa, 4094, 0, 0), 0, "vid 4094");
	check_list(pa, "pa with 4094", "1:PU 10: 4094:");
	expect(port_vlan(RTM_DELLINK, pa, 4094, 0, 0), 0, "delete vid 4094");
	check_list(pa, "pa after the deletion", "1:PU 10:");
	expect(br_opt(IFLA_BR_VLAN_STATS_PER_PORT, 0), EBUSY,
	       "vlan_stats_per_port 0 with port VLANs");
}

/* A learnt FDB entry of mac on port with NDA_VLAN vid? */
struct fdbq {
	int port, vid, found;
};

static void fdb_cb(struct nlmsghdr *nh, void *priv)
{
	struct fdbq *q = priv;
	struct ndmsg *nd = NLMSG_DATA(nh);
	struct rtattr *a, *v;

	if (nh->nlmsg_type != RTM_NEWNEIGH || nd->ndm_family != AF_BRIDGE ||
	    nd->ndm_ifindex != q->port)
		return;
	a = rtnl_attr(nh, sizeof(*nd), NDA_LLADDR);
	v = rtnl_attr(nh, sizeof(*nd), NDA_VLAN);
	if (a && v && !memcmp(RTA_DATA(a), mac_a, 6) &&
	    *(uint16_t *)RTA_DATA(v) == q->vid &&
	    rtnl_attr(nh, sizeof(*nd), NDA_MASTER))
		q->found = 1;
}

static void test_untagged_egress(void)
{
	struct vstats s0, s1, b0, b1;
	struct bridge_vlan_xstats *v0, *v1, *w0, *w1;
	struct fdbq q = { .port = pa, .vid = 10 };
	static struct rtnl_msg m;
	struct ndmsg nd = { .ndm_family = AF_BRIDGE };
	struct frame f;
	int i, got = 0, untagged = 0;
	char buf[PAYLOAD + 1];

	vlans(pa, &s0);
	vlans(pb, &b0);
	for (i = 0; i < 5; i++)
		send_from(tx_v10, "10.99.10.2", 'a' + i);
	for (i = 0; i < 5; i++) {
		if (!next_frame(10000, &f))
			break;
		untagged += f.vid == -1 && f.tag == 'a' + i;
		if (net_poll(rx, POLLIN, 10000) &&
		    recv(rx, buf, sizeof(buf), MSG_DONTWAIT) == PAYLOAD &&
		    buf[0] == 'a' + i)
			got++;
	}
	NET_EXP_EQ(untagged, 5, "VLAN 10 frames on the remote's net0 in order, untagged");
	NET_EXP_EQ(got, 5, "datagrams from v10 delivered in order");
	vlans(pa, &s1);
	vlans(pb, &b1);
	v0 = vlan_of(&s0, 10);
	v1 = vlan_of(&s1, 10);
	w0 = vlan_of(&b0, 10);
	w1 = vlan_of(&b1, 10);
	if (!v0 || !v1 || !w0 || !w1) {
		tst_res(TFAIL, "VLAN 10 statistics missing on pa or pb");
		return;
	}
	NET_EXP_EQ(v1->rx_packets - v0->rx_packets, 5, "pa VLAN 10 rx_packets");
	NET_EXP_EQ(v1->rx_bytes - v0->rx_bytes, 5 * FRAME_LEN,
		   "pa VLAN 10 rx_bytes");
	NET_EXP_EQ(w1->tx_packets - w0->tx_packets, 5, "pb VLAN 10 tx_packets");
	NET_EXP_EQ(w1->tx_bytes - w0->tx_bytes, 5 * FRAME_LEN,
		   "pb VLAN 10 tx_bytes");
	NET_EXP_EQ(v1->tx_packets - v0->tx_packets, 0,
		   "pa VLAN 10 tx_packets (the remote sent nothing)");

	net_enter(NET_R);
	rtnl_msg_init(&m, RTM_GETNEIGH, NLM_F_DUMP, &nd, sizeof(nd));
	RTNL_SAFE(rtnl_talk_cb(&m, fdb_cb, &q));
	if (q.found)
		tst_res(TPASS, "FDB: the local MAC learnt on pa in VLAN 10");
	else
		tst_res(TFAIL, "FDB: no entry of the local MAC on pa with NDA_VLAN 10");
}

static void test_dropped(void)
{
	struct vstats s0, s1, b0, b1;
	struct bridge_vlan_xstats *v0, *v1, *w0, *w1;
	uint64_t l0, l1;
	struct frame f;
	char buf[PAYLOAD + 1];
	int i, ok;

	vlans(pa, &s0);
	vlans(pb, &b0);
	l0 = link_rx(NET_R, pa);
	for (i = 0; i < 3; i++) {
		send_from(tx_v20, "10.99.20.2", 'x');
		send_from(tx_net0, "10.99.1.2", 'y');
	}
	send_from(tx_v10, "10.99.10.2", 'S');
	ok = next_frame(10000, &f);
	if (ok && f.tag == 'S' && f.vid == -1)
		tst_res(TPASS, "the VLAN 20 and untagged frames did not reach the remote, the sentinel did");
	else
		tst_res(TFAIL, "first frame at the remote: %s (tag '%c', vid %d)",
			ok ? "one" : "none", ok ? f.tag : '-', ok ? f.vid : 0);
	if (net_poll(rx, POLLIN, 10000) &&
	    recv(rx, buf, sizeof(buf), MSG_DONTWAIT) == PAYLOAD &&
	    buf[0] == 'S')
		tst_res(TPASS, "the first datagram delivered is the sentinel");
	else
		tst_res(TFAIL, "the first datagram delivered is not the sentinel");
	l1 = link_rx(NET_R, pa);
	vlans(pa, &s1);
	vlans(pb, &b1);
	v0 = vlan_of(&s0, 10);
	v1 = vlan_of(&s1, 10);
	w0 = vlan_of(&b0, 10);
	w1 = vlan_of(&b1, 10);
	if (!v0 || !v1 || !w0 || !w1) {
		tst_res(TFAIL, "VLAN 10 statistics missing on pa or pb");
		return;
	}
	NET_EXP_EQ(l1 - l0, 7, "frames pa received");
	NET_EXP_EQ(v1->rx_packets - v0->rx_packets, 1,
		   "of them in pa's VLAN 10 rx_packets");
	NET_EXP_EQ(w1->tx_packets - w0->tx_packets, 1,
		   "pb VLAN 10 tx_packets");
	if (vlan_of(&s1, 20))
		tst_res(TFAIL, "pa has VLAN 20 statistics");
	else
		tst_res(TPASS, "pa has no VLAN 20");
}

static void test_tagged_egress(void)
{
	struct frame f;
	int ok;

	RTNL_SAFE(port_vlan(RTM_SETLINK, pb, 10, BRIDGE_VLAN_INFO_PVID, 0));
	check_list(pb, "pb tagged", "10:P");
	send_from(tx_v10, "10.99.10.2", 'T');
	ok = next_frame(10000, &f);
	if (ok && f.tag == 'T' && f.vid == 10)
		tst_res(TPASS, "egress tagged: the remote's net0 sees the frame with tag 10");
	else
		tst_res(TFAIL, "egress tagged: %s (tag '%c', vid %d)",
			ok ? "frame" : "no frame", ok ? f.tag : '-',
			ok ? f.vid : 0);
	RTNL_SAFE(port_vlan(RTM_SETLINK, pb, 10, BRIDGE_VLAN_INFO_PVID |
			    BRIDGE_VLAN_INFO_UNTAGGED, 0));
	/* the untagged sentinel behind it is delivered first */
	send_from(tx_v10, "10.99.10.2", 'U');
	{
		char buf[PAYLOAD + 1];

		if (net_poll(rx, POLLIN, 10000) &&
		    recv(rx, buf, sizeof(buf), MSG_DONTWAIT) == PAYLOAD &&
		    buf[0] == 'U')
			tst_res(TPASS, "the tagged datagram was not delivered, the untagged one after it was");
		else
			tst_res(TFAIL, "the tagged datagram was delivered or the untagged one lost");
	}
	next_frame(10000, &f);
}

static void test_unfiltered(void)
{
	struct frame f;
	char buf[PAYLOAD + 1];
	int ok;

	expect(br_opt(IFLA_BR_VLAN_FILTERING, 0), 0, "vlan_filtering 0");
	send_from(tx_net0, "10.99.1.2", 'N');
	ok = next_frame(10000, &f);
	if (ok && f.tag == 'N' && f.vid == -1 &&
	    net_poll(rx, POLLIN, 10000) &&
	    recv(rx, buf, sizeof(buf), MSG_DONTWAIT) == PAYLOAD &&
	    buf[0] == 'N')
		tst_res(TPASS, "unfiltered: the untagged datagram from net0 delivered");
	else
		tst_res(TFAIL, "unfiltered: the untagged datagram from net0 lost");
	send_from(tx_v20, "10.99.20.2", 'W');
	ok = next_frame(10000, &f);
	if (ok && f.tag == 'W' && f.vid == 20)
		tst_res(TPASS, "unfiltered: the VLAN 20 frame crosses with tag 20");
	else
		tst_res(TFAIL, "unfiltered: VLAN 20 frame %s (tag '%c', vid %d)",
			ok ? "changed" : "lost", ok ? f.tag : '-',
			ok ? f.vid : 0);
	RTNL_SAFE(br_opt(IFLA_BR_VLAN_FILTERING, 1));
	check_list(pa, "pa after filtering on again", "1:PU 10:");
}

static void run(void)
{
	drain();
	test_config();
	test_untagged_egress();
	test_dropped();
	test_tagged_egress();
	test_unfiltered();
	drain();
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.timeout = 120,
};
