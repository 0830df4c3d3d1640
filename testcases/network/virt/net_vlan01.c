// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * 802.1Q and 802.1ad (QinQ) vlan devices over the veth link, IPv6 off
 * on the vlan devices and their neighbours pinned, so every frame on
 * them is the test's. Frames are read on the remote's net0 by a packet
 * socket with PACKET_AUXDATA: a tag the stack carries out of band
 * (TP_STATUS_VLAN_VALID, tp_vlan_tpid) comes first, then the tags in
 * the frame, so the tag stack is checked as it was on the wire whatever
 * the devices offload.
 * - errnos on a dummy: ERANGE for id 4095 (4094 taken), EPROTONOSUPPORT
 *   for protocol 0x0800, EINVAL without IFLA_VLAN_ID, without IFLA_LINK,
 *   for an unknown flag (0x20) and an MTU above the lower device's,
 *   ENODEV for a missing lower device, EEXIST for the same id and
 *   protocol again (the same id under 802.1ad is another device),
 *   EOPNOTSUPP on lo; deleting the lower device deletes its vlans;
 * - id, protocol, REORDER_HDR (set by default) and the MTU read back;
 * - 802.1Q id 10: a datagram leaves with exactly one tag 0x8100 id 10
 *   and arrives; the vlan devices' tx and rx counters move by exactly
 *   the datagrams sent;
 * - egress QoS map (priority 3 -> PCP 5, 4 -> 8 which is PCP 0): read
 *   back as the one mapping {3, 5}; SO_PRIORITY 3 leaves with PCP 5,
 *   0, 4 and 19 (same hash bucket as 3) with PCP 0; mapping 3 -> 0
 *   removes it; ingress map PCP 5 -> 7 read back, PCP 2 -> 0 not listed;
 * - REORDER_HDR off on the receiver: a packet socket on its vlan device
 *   sees the frame with its 802.1Q tag in place; on: without a tag
 *   (neither in the frame nor out of band); delivered either way;
 * - QinQ: 802.1Q id 20 over 802.1ad id 100: the tags on the wire are
 *   0x88a8/100 then 0x8100/20 then IPv4, the datagram arrives, the
 *   outer and inner devices each count it.
 */
#include <linux/if_ether.h>
#include <linux/if_packet.h>
#include <linux/if_vlan.h>
#include "tst_test.h"
#include "net_hosts.h"

#define PORT 7040
#define NDGRAMS 5

static int cap_b, capv_b, rx10, rx20, tx;
static unsigned char mac_a[6], mac_b[6];

struct vlan_opts {
	int link;		/* 0: no IFLA_LINK */
	int id;			/* -1: no IFLA_VLAN_ID */
	int proto;		/* 0: no IFLA_VLAN_PROTOCOL */
	unsigned int flags, mask;
	int mtu;
};

static int vlan_add(const char *name, const struct vlan_opts *o)
{
	static struct rtnl_msg m;

	rtnl_link_msg(&m, RTM_NEWLINK, NLM_F_CREATE | NLM_F_EXCL, 0, name);
	if (o->mtu)
		rtnl_put_u32(&m, IFLA_MTU, o->mtu);
	if (o->link)
		rtnl_put_u32(&m, IFLA_LINK, o->link);
	rtnl_nest(&m, IFLA_LINKINFO);
	rtnl_put_str(&m, IFLA_INFO_KIND, "vlan");
	rtnl_nest(&m, IFLA_INFO_DATA);
	if (o->id >= 0)
		rtnl_put_u16(&m, IFLA_VLAN_ID, o->id);
	if (o->proto)
		rtnl_put_u16(&m, IFLA_VLAN_PROTOCOL, htons(o->proto));
	if (o->mask) {
		struct ifla_vlan_flags f = { .flags = o->flags,
					     .mask = o->mask };

		rtnl_put(&m, IFLA_VLAN_FLAGS, &f, sizeof(f));
	}
	return rtnl_newlink_end(&m);
}

static void vlan_make(const char *name, const char *lower, int id,
		      int proto)
{
	struct vlan_opts o = { .link = rtnl_ifindex(lower), .id = id,
			       .proto = proto };

	RTNL_SAFE(vlan_add(name, &o));
	RTNL_SAFE(rtnl_link_up(rtnl_ifindex(name)));
}

/* Change the flags or a QoS map (type, one mapping) of vlan dev. */
static int vlan_change(const char *dev, int type, unsigned int a,
		       unsigned int b)
{
	static struct rtnl_msg m;

	rtnl_link_msg(&m, RTM_NEWLINK, 0, rtnl_ifindex(dev), NULL);
	rtnl_nest(&m, IFLA_LINKINFO);
	rtnl_put_str(&m, IFLA_INFO_KIND, "vlan");
	rtnl_nest(&m, IFLA_INFO_DATA);
	if (type == IFLA_VLAN_FLAGS) {
		struct ifla_vlan_flags f = { .flags = a, .mask = b };

		rtnl_put(&m, type, &f, sizeof(f));
	} else {
		struct ifla_vlan_qos_mapping q = { .from = a, .to = b };

		rtnl_nest(&m, type);
		rtnl_put(&m, IFLA_VLAN_QOS_MAPPING, &q, sizeof(q));
	}
	return rtnl_newlink_end(&m);
}

struct vlan_info {
	int id, proto, flags, mtu;
	int negress, ningress;
	struct ifla_vlan_qos_mapping egress[8], ingress[8];
};

static int qos_list(struct rtattr *nest, struct ifla_vlan_qos_mapping *q)
{
	struct rtattr *a = RTA_DATA(nest);
	int len = RTA_PAYLOAD(nest), n = 0;

	for (; RTA_OK(a, len) && n < 8; a = RTA_NEXT(a, len))
		if (a->rta_type == IFLA_VLAN_QOS_MAPPING)
			memcpy(&q[n++], RTA_DATA(a), sizeof(*q));
	return n;
}

static void vlan_info_cb(struct nlmsghdr *nh, void *priv)
{
	struct vlan_info *vi = priv;
	struct rtattr *li, *d, *a;

	if (nh->nlmsg_type != RTM_NEWLINK)
		return;
	a = rtnl_attr(nh, sizeof(struct ifinfomsg), IFLA_MTU);
	if (a)
		vi->mtu = *(uint32_t *)RTA_DATA(a);
	li = rtnl_attr(nh, sizeof(struct ifinfomsg), IFLA_LINKINFO);
	d = li ? rtnl_nested(li, IFLA_INFO_DATA) : NULL;
	if (!d)
		return;
	a = rtnl_nested(d, IFLA_VLAN_ID);
	if (a)
		vi->id = *(uint16_t *)RTA_DATA(a);
	a = rtnl_nested(d, IFLA_VLAN_PROTOCOL);
	if (a)
		vi->proto = ntohs(*(uint16_t *)RTA_DATA(a));
	a = rtnl_nested(d, IFLA_VLAN_FLAGS);
	if (a)
		vi->flags = ((struct ifla_vlan_flags *)RTA_DATA(a))->flags;
	a = rtnl_nested(d, IFLA_VLAN_EGRESS_QOS);
	if (a)
		vi->negress = qos_list(a, vi->egress);
	a = rtnl_nested(d, IFLA_VLAN_INGRESS_QOS);
	if (a)
		vi->ningress = qos_list(a, vi->ingress);
}

static void vlan_get(const char *dev, struct vlan_info *vi)
{
	static struct rtnl_msg m;

	memset(vi, 0, sizeof(*vi));
	vi->id = -1;
	rtnl_link_msg(&m, RTM_GETLINK, 0, 0, dev);
	RTNL_SAFE(rtnl_talk_cb(&m, vlan_info_cb, vi));
}

static uint64_t stat_of(int h, const char *dev, int rx)
{
	struct rtnl_link_info li;

	net_enter(h);
	RTNL_SAFE(rtnl_link_get(0, dev, &li));
	return rx ? li.stats.rx_packets : li.stats.tx_packets;
}

static int pkt_sock(const char *dev)
{
	struct sockaddr_ll sll = {
		.sll_family = AF_PACKET, .sll_protocol = htons(ETH_P_ALL),
	};
	int fd = socket(AF_PACKET, SOCK_RAW, 0), one = 1;

	if (fd < 0)
		tst_brk(TBROK | TERRNO, "socket(AF_PACKET)");
	sll.sll_ifindex = rtnl_ifindex(dev);
	if (bind(fd, (struct sockaddr *)&sll, sizeof(sll)))
		tst_brk(TBROK | TERRNO, "bind(AF_PACKET, %s)", dev);
	if (setsockopt(fd, SOL_PACKET, PACKET_AUXDATA, &one, sizeof(one)))
		tst_brk(TBROK | TERRNO, "setsockopt(PACKET_AUXDATA)");
	return fd;
}

struct frame {
	int ntags, oob;		/* oob: the first tag came out of band */
	int tpid[4], tci[4];
	int type;		/* the ethertype after the tags */
	char tag;		/* first payload byte of our datagram */
};

/*
 * The next incoming frame on fd that carries one of our datagrams (UDP
 * to PORT from the local host's MAC), parsed: 0 when none is queued.
 */
static int next_frame(int fd, struct frame *fr)
{
	unsigned char f[2048], cbuf[CMSG_SPACE(sizeof(struct tpacket_auxdata))];
	struct sockaddr_ll sll;
	struct iovec iov = { f, sizeof(f) };
	struct msghdr mh = {
		.msg_name = &sll, .msg_namelen = sizeof(sll),
		.msg_iov = &iov, .msg_iovlen = 1,
		.msg_control = cbuf, .msg_controllen = sizeof(cbuf),
	};
	struct cmsghdr *c;
	ssize_t n;
	int off;

	for (;;) {
		mh.msg_namelen = sizeof(sll);
		mh.msg_controllen = sizeof(cbuf);
		n = recvmsg(fd, &mh, MSG_DONTWAIT);
		if (n < 0)
			return 0;
		if (sll.sll_pkttype == PACKET_OUTGOING || n < 14 ||
		    memcmp(f + 6, mac_a, 6))
			continue;
		memset(fr, 0, sizeof(*fr));
		for (c = CMSG_FIRSTHDR(&mh); c; c = CMSG_NXTHDR(&mh, c)) {
			struct tpacket_auxdata *aux = (void *)CMSG_DATA(c);

			if (c->cmsg_level != SOL_PACKET ||
			    c->cmsg_type != PACKET_AUXDATA ||
			    !(aux->tp_status & TP_STATUS_VLAN_VALID))
				continue;
			fr->tpid[0] = aux->tp_status & TP_STATUS_VLAN_TPID_VALID ?
				      aux->tp_vlan_tpid : ETH_P_8021Q;
			fr->tci[0] = aux->tp_vlan_tci;
			fr->ntags = fr->oob = 1;
		}
		off = 12;
		fr->type = f[off] << 8 | f[off + 1];
		while ((fr->type == ETH_P_8021Q || fr->type == ETH_P_8021AD) &&
		       fr->ntags < 4 && off + 6 <= n) {
			fr->tpid[fr->ntags] = fr->type;
			fr->tci[fr->ntags++] = f[off + 2] << 8 | f[off + 3];
			off += 4;
			fr->type = f[off] << 8 | f[off + 1];
		}
		off += 2;
		/* IPv4 without options, UDP to PORT */
		if (fr->type != ETH_P_IP || off + 29 > n || f[off] != 0x45 ||
		    f[off + 9] != IPPROTO_UDP ||
		    (f[off + 22] << 8 | f[off + 23]) != PORT)
			continue;
		fr->tag = f[off + 28];
		return 1;
	}
}

static void drain(int fd)
{
	char buf[2048];

	while (recv(fd, buf, sizeof(buf), MSG_DONTWAIT) >= 0)
		;
}

static void send_prio(const char *dst, char tag, int prio)
{
	struct sockaddr_in sin = { .sin_family = AF_INET,
				   .sin_port = htons(PORT) };

	net_ipv4(dst, &sin.sin_addr);
	if (setsockopt(tx, SOL_SOCKET, SO_PRIORITY, &prio, sizeof(prio)))
		tst_brk(TBROK | TERRNO, "setsockopt(SO_PRIORITY, %d)", prio);
	if (sendto(tx, &tag, 1, 0, (struct sockaddr *)&sin, sizeof(sin)) != 1)
		tst_brk(TBROK | TERRNO, "sendto(%s)", dst);
}

/* Wait (bounded) for the datagram tag on rx: 1 when it came. */
static int got(int rx, char tag)
{
	long long end = tst_mono_ms() + net_ms(10000);
	char c;

	while (tst_mono_ms() < end) {
		if (!net_poll(rx, POLLIN, 1000))
			continue;
		if (recv(rx, &c, 1, MSG_DONTWAIT) == 1 && c == tag)
			return 1;
	}
	return 0;
}

/* Send tag at prio to dst, expect it delivered and one frame at cap. */
static int one_frame(int cap, int rx, const char *dst, char tag, int prio,
		     struct frame *fr)
{
	int n = 0;
	struct frame f;

	send_prio(dst, tag, prio);
	if (!got(rx, tag)) {
		tst_res(TFAIL, "datagram '%c' to %s not delivered", tag, dst);
		return 0;
	}
	while (next_frame(cap, &f)) {
		if (f.tag != tag)
			continue;
		*fr = f;
		n++;
	}
	if (n != 1) {
		tst_res(TFAIL, "datagram '%c': %d frames of it captured, expected 1",
			tag, n);
		return 0;
	}
	return 1;
}

static void errnos(void)
{
	struct vlan_opts o = { 0 };
	struct vlan_info vi;
	int d0;

	net_enter(NET_A);
	RTNL_SAFE(rtnl_link_add("d0", "dummy"));
	d0 = rtnl_ifindex("d0");

	o = (struct vlan_opts){ .link = d0, .id = 4095 };
	TST_EXP_EQ_LI(vlan_add("d0.x", &o), -ERANGE);
	o.id = 4094;
	TST_EXP_EQ_LI(vlan_add("d0.max", &o), 0);
	vlan_get("d0.max", &vi);
	NET_EXP_EQ(vi.id, 4094, "id 4094 read back");
	o = (struct vlan_opts){ .link = d0, .id = 5, .proto = ETH_P_IP };
	TST_EXP_EQ_LI(vlan_add("d0.x", &o), -EPROTONOSUPPORT);
	o = (struct vlan_opts){ .link = d0, .id = -1 };
	TST_EXP_EQ_LI(vlan_add("d0.x", &o), -EINVAL);
	o = (struct vlan_opts){ .link = 0, .id = 5 };
	TST_EXP_EQ_LI(vlan_add("d0.x", &o), -EINVAL);
	o = (struct vlan_opts){ .link = 999999, .id = 5 };
	TST_EXP_EQ_LI(vlan_add("d0.x", &o), -ENODEV);
	o = (struct vlan_opts){ .link = d0, .id = 5, .flags = 0x20,
				.mask = 0x20 };
	TST_EXP_EQ_LI(vlan_add("d0.x", &o), -EINVAL);
	o = (struct vlan_opts){ .link = d0, .id = 5, .mtu = 1501 };
	TST_EXP_EQ_LI(vlan_add("d0.x", &o), -EINVAL);
	o.mtu = 1500;
	TST_EXP_EQ_LI(vlan_add("d0.5", &o), 0);
	o.mtu = 0;
	TST_EXP_EQ_LI(vlan_add("d0.y", &o), -EEXIST);
	o.proto = ETH_P_8021AD;
	TST_EXP_EQ_LI(vlan_add("d0.ad5", &o), 0);
	vlan_get("d0.ad5", &vi);
	NET_EXP_EQ(vi.proto, ETH_P_8021AD, "802.1ad protocol read back");
	o = (struct vlan_opts){ .link = rtnl_ifindex("lo"), .id = 5 };
	TST_EXP_EQ_LI(vlan_add("lo.5", &o), -EOPNOTSUPP);

	RTNL_SAFE(rtnl_link_del(d0));
	TST_EXP_EQ_LI(if_nametoindex("d0.5"), 0);
	TST_EXP_EQ_LI(if_nametoindex("d0.ad5"), 0);
	TST_EXP_EQ_LI(if_nametoindex("d0.max"), 0);
}

static void readback(void)
{
	struct vlan_info vi;

	net_enter(NET_A);
	vlan_get("v10", &vi);
	NET_EXP_EQ(vi.id, 10, "v10 id");
	NET_EXP_EQ(vi.proto, ETH_P_8021Q, "v10 protocol");
	NET_EXP_EQ(vi.flags & VLAN_FLAG_REORDER_HDR, VLAN_FLAG_REORDER_HDR,
		   "v10 REORDER_HDR by default");
	NET_EXP_EQ(vi.mtu, 1500, "v10 MTU (the veth's)");
	vlan_get("s100", &vi);
	NET_EXP_EQ(vi.id, 100, "s100 id");
	NET_EXP_EQ(vi.proto, ETH_P_8021AD, "s100 protocol");
}

static void dot1q(void)
{
	uint64_t tx0 = stat_of(NET_A, "v10", 0), rx0 = stat_of(NET_B, "v10", 1);
	struct frame fr;
	int i, ok = 0;

	net_enter(NET_A);
	drain(cap_b);
	for (i = 0; i < NDGRAMS; i++) {
		if (!one_frame(cap_b, rx10, "10.99.10.2", 'a' + i, 0, &fr))
			continue;
		ok += fr.ntags == 1 && fr.tpid[0] == ETH_P_8021Q &&
		      fr.tci[0] == 10;
		if (fr.ntags != 1 || fr.tpid[0] != ETH_P_8021Q ||
		    fr.tci[0] != 10)
			tst_res(TINFO, "frame %d: %d tags, 0x%04x/0x%04x",
				i, fr.ntags, fr.tpid[0], fr.tci[0]);
	}
	NET_EXP_EQ(ok, NDGRAMS, "datagrams delivered with one tag 0x8100 TCI 10 on the wire");
	NET_EXP_EQ(stat_of(NET_A, "v10", 0) - tx0, NDGRAMS, "v10 tx_packets");
	NET_EXP_EQ(stat_of(NET_B, "v10", 1) - rx0, NDGRAMS, "remote v10 rx_packets");
}

static void pcp(int prio, int want, char tag)
{
	struct frame fr;
	char what[64];

	net_enter(NET_A);
	if (!one_frame(cap_b, rx10, "10.99.10.2", tag, prio, &fr))
		return;
	snprintf(what, sizeof(what), "SO_PRIORITY %d: PCP on the wire", prio);
	NET_EXP_EQ(fr.tci[0] >> 13, want, what);
	NET_EXP_EQ(fr.tci[0] & 0xfff, 10, "  its VLAN id");
}

static void qos(void)
{
	struct vlan_info vi;

	net_enter(NET_A);
	RTNL_SAFE(vlan_change("v10", IFLA_VLAN_EGRESS_QOS, 3, 5));
	RTNL_SAFE(vlan_change("v10", IFLA_VLAN_EGRESS_QOS, 4, 8));
	vlan_get("v10", &vi);
	NET_EXP_EQ(vi.negress, 1, "egress mappings listed (4 -> 8 is PCP 0)");
	NET_EXP_EQ(vi.egress[0].from, 3, "egress mapping from");
	NET_EXP_EQ(vi.egress[0].to, 5, "egress mapping to");
	drain(cap_b);
	pcp(0, 0, 'p');
	pcp(3, 5, 'q');
	pcp(4, 0, 'r');
	pcp(19, 0, 's');
	net_enter(NET_A);
	RTNL_SAFE(vlan_change("v10", IFLA_VLAN_EGRESS_QOS, 3, 0));
	vlan_get("v10", &vi);
	NET_EXP_EQ(vi.negress, 0, "egress mappings after 3 -> 0");
	pcp(3, 0, 't');

	net_enter(NET_B);
	RTNL_SAFE(vlan_change("v10", IFLA_VLAN_INGRESS_QOS, 5, 7));
	RTNL_SAFE(vlan_change("v10", IFLA_VLAN_INGRESS_QOS, 2, 0));
	vlan_get("v10", &vi);
	NET_EXP_EQ(vi.ningress, 1, "ingress mappings listed");
	NET_EXP_EQ(vi.ingress[0].from, 5, "ingress mapping from (PCP)");
	NET_EXP_EQ(vi.ingress[0].to, 7, "ingress mapping to (priority)");
	RTNL_SAFE(vlan_change("v10", IFLA_VLAN_INGRESS_QOS, 5, 0));
}

static void reorder(int on, char tag)
{
	struct vlan_info vi;
	struct frame fr;
	char what[64];

	net_enter(NET_B);
	RTNL_SAFE(vlan_change("v10", IFLA_VLAN_FLAGS,
			      on ? VLAN_FLAG_REORDER_HDR : 0,
			      VLAN_FLAG_REORDER_HDR));
	vlan_get("v10", &vi);
	snprintf(what, sizeof(what), "remote v10 REORDER_HDR %s read back",
		 on ? "on" : "off");
	NET_EXP_EQ(!!(vi.flags & VLAN_FLAG_REORDER_HDR), on, what);
	drain(capv_b);
	net_enter(NET_A);
	if (!one_frame(capv_b, rx10, "10.99.10.2", tag, 0, &fr))
		return;
	snprintf(what, sizeof(what), "REORDER_HDR %s: tags seen on v10",
		 on ? "on" : "off");
	NET_EXP_EQ(fr.ntags, on ? 0 : 1, what);
	if (!on) {
		NET_EXP_EQ(fr.oob, 0, "  the tag in the frame itself");
		NET_EXP_EQ(fr.tci[0], 10, "  its TCI");
	}
}

static void qinq(void)
{
	uint64_t o0 = stat_of(NET_B, "s100", 1), i0 = stat_of(NET_B, "q20", 1);
	struct frame fr;
	int i, ok = 0;

	net_enter(NET_A);
	drain(cap_b);
	for (i = 0; i < NDGRAMS; i++) {
		if (!one_frame(cap_b, rx20, "10.99.20.2", 'A' + i, 0, &fr))
			continue;
		if (fr.ntags == 2 && fr.tpid[0] == ETH_P_8021AD &&
		    fr.tci[0] == 100 && fr.tpid[1] == ETH_P_8021Q &&
		    fr.tci[1] == 20 && fr.type == ETH_P_IP)
			ok++;
		else
			tst_res(TINFO, "frame %d: %d tags, 0x%04x/%d 0x%04x/%d",
				i, fr.ntags, fr.tpid[0], fr.tci[0], fr.tpid[1],
				fr.tci[1]);
	}
	NET_EXP_EQ(ok, NDGRAMS, "QinQ datagrams delivered with tags 0x88a8/100, 0x8100/20, IPv4");
	NET_EXP_EQ(stat_of(NET_B, "s100", 1) - o0, NDGRAMS, "remote s100 rx_packets");
	NET_EXP_EQ(stat_of(NET_B, "q20", 1) - i0, NDGRAMS, "remote q20 rx_packets");
}

static int udp_rx(int h, const char *ip)
{
	struct sockaddr_in sin = { .sin_family = AF_INET,
				   .sin_port = htons(PORT) };
	int fd = net_socket(h, AF_INET, SOCK_DGRAM);

	net_ipv4(ip, &sin.sin_addr);
	if (bind(fd, (struct sockaddr *)&sin, sizeof(sin)))
		tst_brk(TBROK | TERRNO, "bind(%s)", ip);
	return fd;
}

static void side(int h, const unsigned char *peer_mac, int me)
{
	char ip[32];

	net_enter(h);
	net_sysctl(h, "net/ipv6/conf/default/disable_ipv6", "1");
	vlan_make("v10", "net0", 10, 0);
	vlan_make("s100", "net0", 100, ETH_P_8021AD);
	vlan_make("q20", "s100", 20, 0);
	snprintf(ip, sizeof(ip), "10.99.10.%d", me);
	net_addr4("v10", ip);
	snprintf(ip, sizeof(ip), "10.99.20.%d", me);
	net_addr4("q20", ip);
	net_pin4("v10", me == 1 ? "10.99.10.2" : "10.99.10.1", peer_mac);
	net_pin4("q20", me == 1 ? "10.99.20.2" : "10.99.20.1", peer_mac);
}

static void setup(void)
{
	int i;

	net_hosts_setup();
	net_enter(NET_A);
	net_mac_of("net0", mac_a);
	net_enter(NET_B);
	net_mac_of("net0", mac_b);
	if (rtnl_link_add("vl_probe", "vlan") == -EOPNOTSUPP)
		tst_brk(TCONF, "no 802.1Q support (8021q missing)");
	side(NET_A, mac_b, 1);
	side(NET_B, mac_a, 2);
	rx10 = udp_rx(NET_B, "10.99.10.2");
	rx20 = udp_rx(NET_B, "10.99.20.2");
	cap_b = pkt_sock("net0");
	capv_b = pkt_sock("v10");
	tx = net_socket(NET_A, AF_INET, SOCK_DGRAM);
	for (i = 0; i < 4; i++)
		net_wait_oper_up(i < 2 ? NET_A : NET_B, i % 2 ? "q20" : "v10");
	/* the first datagrams may meet the vlans' noop qdisc: retry */
	for (i = 0; i < 40; i++) {
		send_prio("10.99.10.2", 'x', 0);
		send_prio("10.99.20.2", 'x', 0);
		if (net_poll(rx10, POLLIN, 250) && net_poll(rx20, POLLIN, 250))
			break;
	}
	if (i == 40)
		tst_brk(TBROK, "nothing crossed the vlans");
	drain(rx10);
	drain(rx20);
}

static void run(void)
{
	errnos();
	readback();
	dot1q();
	qos();
	reorder(0, 'o');
	reorder(1, 'n');
	qinq();
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.timeout = 90,
};
