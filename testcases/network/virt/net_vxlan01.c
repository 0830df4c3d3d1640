// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The forwarding database of vxlan (VNI 42). The local host has vx0
 * (10.99.1.1, port 4789) with static entries only; the remote host has
 * vx1 (10.99.1.2, port 4789, learning) and vx2 (10.99.1.3, port 4790,
 * learning off), all on the veth. A packet socket on the remote's net0
 * sees every outer packet (the sender is pinned to one CPU, so the
 * outer packets come in the order they were sent):
 * - RTM_NEWNEIGH on vx0 (AF_BRIDGE, NTF_SELF): EINVAL for a state
 *   neither PERMANENT nor REACHABLE, no NDA_DST, a 1 byte NDA_PORT;
 *   EAFNOSUPPORT for an IPv6 destination; EEXIST with NLM_F_EXCL;
 *   ENOENT without NLM_F_CREATE and for RTM_DELNEIGH of a missing MAC;
 *   EOPNOTSUPP for NLM_F_REPLACE of the all-zeros entry;
 * - the all-zeros entry with a second destination appended (10.99.1.3
 *   port 4790; appending it again changes nothing) is dumped as exactly
 *   two destinations; NLM_F_REPLACE moves a unicast entry;
 * - a broadcast leaves exactly once to each destination (UDP port, VNI,
 *   I flag, inner broadcast MAC) and arrives on vx1 and on vx2; a
 *   datagram to vx1's MAC leaves once, to 10.99.1.2:4789 only; a MAC no
 *   entry knows is flooded to both;
 * - vx1 learnt vx0's MAC with destination 10.99.1.1, NUD_REACHABLE,
 *   NTF_SELF; vx2 (learning off) learnt nothing;
 * - ageing: IFLA_VXLAN_AGEING changed to 3 s and read back; a MAC
 *   learnt afterwards is gone no sooner than 3 s after its frame was
 *   sent and within the cleanup interval (10 s) and the bound.
 */
#include <linux/if_packet.h>
#include <linux/if_link.h>
#include <linux/neighbour.h>
#include <net/ethernet.h>
#include "tst_test.h"
#include "net_hosts.h"
#include "cpu_pin.h"

#define VNI 42
#define AGE 3
#define MAXENT 16

struct fdb_ent {
	unsigned char mac[6];
	unsigned char dst[16];
	int dstlen, port, state, flags;
};

struct fdb_dump {
	int ifindex, n;
	struct fdb_ent e[MAXENT];
};

static const unsigned char zero_mac[6];
static const unsigned char fake_mac[6] = { 0x02, 0, 0, 0, 0, 0xaa };
static const unsigned char lost_mac[6] = { 0x02, 0, 0, 0, 0, 0x09 };
static unsigned char mac0[6], mac1[6];
static int vx0, vx1, vx2, cap;

static int vx_add(const char *name, const char *local, int port, int learn)
{
	static struct rtnl_msg m;
	struct in_addr a;

	net_ipv4(local, &a);
	rtnl_newlink_begin(&m, name, "vxlan", 0);
	rtnl_nest(&m, IFLA_INFO_DATA);
	rtnl_put_u32(&m, IFLA_VXLAN_ID, VNI);
	rtnl_put(&m, IFLA_VXLAN_LOCAL, &a, 4);
	rtnl_put_u32(&m, IFLA_VXLAN_LINK, rtnl_ifindex("net0"));
	rtnl_put_u16(&m, IFLA_VXLAN_PORT, htons(port));
	rtnl_put_u8(&m, IFLA_VXLAN_LEARNING, learn);
	RTNL_SAFE(rtnl_newlink_end(&m));
	return rtnl_ifindex(name);
}

/* RTM_NEWNEIGH/RTM_DELNEIGH of an AF_BRIDGE entry on a vxlan: 0/-errno. */
static int fdb(int type, int nlflags, int ifindex, const unsigned char *mac,
	       const char *dst, int port, int portlen, int state)
{
	static struct rtnl_msg m;
	struct ndmsg nd = {
		.ndm_family = AF_BRIDGE, .ndm_ifindex = ifindex,
		.ndm_state = state, .ndm_flags = NTF_SELF,
	};
	unsigned char a[16];
	uint16_t p = htons(port);

	rtnl_msg_init(&m, type, nlflags, &nd, sizeof(nd));
	rtnl_put(&m, NDA_LLADDR, mac, 6);
	if (dst && strchr(dst, ':')) {
		inet_pton(AF_INET6, dst, a);
		rtnl_put(&m, NDA_DST, a, 16);
	} else if (dst) {
		inet_pton(AF_INET, dst, a);
		rtnl_put(&m, NDA_DST, a, 4);
	}
	if (portlen)
		rtnl_put(&m, NDA_PORT, &p, portlen);
	return rtnl_talk(&m);
}

static void fdb_cb(struct nlmsghdr *nh, void *priv)
{
	struct fdb_dump *d = priv;
	struct ndmsg *nd = NLMSG_DATA(nh);
	struct fdb_ent *e;
	struct rtattr *rta;

	if (nh->nlmsg_type != RTM_NEWNEIGH || nd->ndm_family != AF_BRIDGE ||
	    nd->ndm_ifindex != d->ifindex || d->n == MAXENT)
		return;
	e = &d->e[d->n];
	memset(e, 0, sizeof(*e));
	rta = rtnl_attr(nh, sizeof(*nd), NDA_LLADDR);
	if (!rta || RTA_PAYLOAD(rta) != 6)
		return;
	memcpy(e->mac, RTA_DATA(rta), 6);
	rta = rtnl_attr(nh, sizeof(*nd), NDA_DST);
	if (rta && RTA_PAYLOAD(rta) <= 16) {
		e->dstlen = RTA_PAYLOAD(rta);
		memcpy(e->dst, RTA_DATA(rta), e->dstlen);
	}
	rta = rtnl_attr(nh, sizeof(*nd), NDA_PORT);
	if (rta && RTA_PAYLOAD(rta) == 2)
		e->port = ntohs(*(uint16_t *)RTA_DATA(rta));
	e->state = nd->ndm_state;
	e->flags = nd->ndm_flags;
	d->n++;
}

static void fdb_dump(int ifindex, struct fdb_dump *d)
{
	static struct rtnl_msg m;
	struct ndmsg nd = { .ndm_family = AF_BRIDGE };

	memset(d, 0, sizeof(*d));
	d->ifindex = ifindex;
	rtnl_msg_init(&m, RTM_GETNEIGH, NLM_F_DUMP, &nd, sizeof(nd));
	RTNL_SAFE(rtnl_talk_cb(&m, fdb_cb, d));
}

/* The index-th entry for mac in d, or NULL. */
static struct fdb_ent *fdb_find(struct fdb_dump *d, const unsigned char *mac,
				int index)
{
	int i;

	for (i = 0; i < d->n; i++)
		if (!memcmp(d->e[i].mac, mac, 6) && !index--)
			return &d->e[i];
	return NULL;
}

static int fdb_count(struct fdb_dump *d, const unsigned char *mac)
{
	int n = 0;

	while (fdb_find(d, mac, n))
		n++;
	return n;
}

static int ent_is(struct fdb_ent *e, const char *dst, int port)
{
	struct in_addr a;

	net_ipv4(dst, &a);
	return e && e->dstlen == 4 && !memcmp(e->dst, &a, 4) &&
	       e->port == port;
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

static void check_fdb_errors(void)
{
	const int cx = NLM_F_CREATE | NLM_F_EXCL;
	struct fdb_dump d;

	net_enter(NET_A);
	exp_ret(fdb(RTM_NEWNEIGH, cx, vx0, zero_mac, "10.99.1.2", 0, 0,
		    NUD_STALE), EINVAL, "state NUD_STALE");
	exp_ret(fdb(RTM_NEWNEIGH, cx, vx0, zero_mac, NULL, 0, 0,
		    NUD_PERMANENT), EINVAL, "no NDA_DST");
	exp_ret(fdb(RTM_NEWNEIGH, cx, vx0, zero_mac, "10.99.1.2", 4789, 1,
		    NUD_PERMANENT), EINVAL, "1 byte NDA_PORT");
	exp_ret(fdb(RTM_NEWNEIGH, cx, vx0, zero_mac, "fd99:1::2", 0, 0,
		    NUD_PERMANENT), EAFNOSUPPORT, "IPv6 NDA_DST on an IPv4 vxlan");
	exp_ret(fdb(RTM_NEWNEIGH, NLM_F_CREATE | NLM_F_REPLACE, vx0, zero_mac,
		    "10.99.1.2", 0, 0, NUD_PERMANENT), EOPNOTSUPP,
		"NLM_F_REPLACE of the all-zeros entry");
	exp_ret(fdb(RTM_NEWNEIGH, 0, vx0, mac1, "10.99.1.2", 0, 0,
		    NUD_PERMANENT), ENOENT, "no NLM_F_CREATE, no entry");
	exp_ret(fdb(RTM_DELNEIGH, 0, vx0, mac1, NULL, 0, 0, 0), ENOENT,
		"RTM_DELNEIGH of a missing MAC");

	RTNL_SAFE(fdb(RTM_NEWNEIGH, cx, vx0, zero_mac, "10.99.1.2", 0, 0,
		      NUD_PERMANENT));
	exp_ret(fdb(RTM_NEWNEIGH, cx, vx0, zero_mac, "10.99.1.3", 4790, 2,
		    NUD_PERMANENT), EEXIST, "NLM_F_EXCL on an existing MAC");
	exp_ret(fdb(RTM_NEWNEIGH, NLM_F_CREATE | NLM_F_APPEND, vx0, zero_mac,
		    "10.99.1.3", 4790, 2, NUD_PERMANENT), 0,
		"NLM_F_APPEND of 10.99.1.3:4790 to all-zeros");
	exp_ret(fdb(RTM_NEWNEIGH, NLM_F_CREATE | NLM_F_APPEND, vx0, zero_mac,
		    "10.99.1.3", 4790, 2, NUD_PERMANENT), 0,
		"the same destination appended again");
	RTNL_SAFE(fdb(RTM_NEWNEIGH, cx, vx0, mac1, "10.99.1.3", 0, 0,
		      NUD_PERMANENT));
	exp_ret(fdb(RTM_NEWNEIGH, NLM_F_REPLACE, vx0, mac1, "10.99.1.2", 0, 0,
		    NUD_PERMANENT), 0, "NLM_F_REPLACE of vx1's MAC to 10.99.1.2");

	fdb_dump(vx0, &d);
	NET_EXP_EQ(fdb_count(&d, zero_mac), 2, "all-zeros destinations dumped");
	if (ent_is(fdb_find(&d, zero_mac, 0), "10.99.1.2", 0) &&
	    ent_is(fdb_find(&d, zero_mac, 1), "10.99.1.3", 4790))
		tst_res(TPASS, "all-zeros: 10.99.1.2 (default port), 10.99.1.3 port 4790");
	else
		tst_res(TFAIL, "all-zeros destinations wrong");
	NET_EXP_EQ(fdb_count(&d, mac1), 1, "entries of vx1's MAC");
	if (ent_is(fdb_find(&d, mac1, 0), "10.99.1.2", 0) &&
	    (fdb_find(&d, mac1, 0)->state & NUD_PERMANENT))
		tst_res(TPASS, "vx1's MAC: 10.99.1.2, NUD_PERMANENT");
	else
		tst_res(TFAIL, "vx1's MAC entry not replaced or not permanent");
}

struct tally {
	const char *tag;
	int to_b1, to_b2, other, bad;
};

/* Outer packets on the remote's net0 until both copies of "lost" came. */
static void capture(struct tally *t, int nt)
{
	unsigned char buf[2048], b1[4], b2[4];
	int i, done = 0, seen = 0;

	net_ipv4("10.99.1.2", (struct in_addr *)b1);
	net_ipv4("10.99.1.3", (struct in_addr *)b2);
	while (!done) {
		unsigned char *l4, *vx, *eth, *pl;
		ssize_t n;
		int dport, vni;

		if (!net_poll(cap, POLLIN, 10000)) {
			for (i = 0; i < nt; i++)
				tst_res(TINFO, "%s: %d to 10.99.1.2:4789, %d to 10.99.1.3:4790, %d elsewhere",
					t[i].tag, t[i].to_b1, t[i].to_b2,
					t[i].other);
			tst_brk(TBROK, "capture: the flooded sentinel never came (%d other packets)",
				seen);
		}
		n = recv(cap, buf, sizeof(buf), 0);
		if (n < 0)
			tst_brk(TBROK | TERRNO, "recv(packet socket)");
		seen++;
		if (n < 20 || (buf[0] >> 4) != 4 || buf[9] != IPPROTO_UDP)
			continue;
		l4 = buf + (buf[0] & 15) * 4;
		vx = l4 + 8;
		eth = vx + 8;
		pl = eth + 14 + 20 + 8;
		if (pl > buf + n)
			continue;
		dport = l4[2] << 8 | l4[3];
		if (dport != 4789 && dport != 4790)
			continue;
		vni = vx[4] << 16 | vx[5] << 8 | vx[6];
		for (i = 0; i < nt; i++) {
			if (pl + strlen(t[i].tag) > buf + n ||
			    memcmp(pl, t[i].tag, strlen(t[i].tag)))
				continue;
			if (vx[0] != 0x08 || vni != VNI)
				t[i].bad++;
			if (!memcmp(buf + 16, b1, 4) && dport == 4789)
				t[i].to_b1++;
			else if (!memcmp(buf + 16, b2, 4) && dport == 4790)
				t[i].to_b2++;
			else
				t[i].other++;
			if (!strcmp(t[i].tag, "lost") && t[i].to_b1 &&
			    t[i].to_b2)
				done = 1;
		}
	}
}

static void send_to(int s, const char *ip, const char *tag)
{
	struct sockaddr_in to = { .sin_family = AF_INET,
				  .sin_port = htons(5000) };

	net_ipv4(ip, &to.sin_addr);
	if (sendto(s, tag, strlen(tag) + 1, 0, (struct sockaddr *)&to,
		   sizeof(to)) != (ssize_t)strlen(tag) + 1)
		tst_brk(TBROK | TERRNO, "sendto(%s)", ip);
}

static void check_traffic(void)
{
	struct tally t[] = {
		{ "bcast", 0, 0, 0, 0 }, { "ucast", 0, 0, 0, 0 },
		{ "lost", 0, 0, 0, 0 },
	};
	struct sockaddr_in me = { .sin_family = AF_INET,
				  .sin_port = htons(5000) };
	int exp[3][2] = { { 1, 1 }, { 1, 0 }, { 1, 1 } };
	int rcv, s, one = 1, i, got_b1 = 0, got_b2 = 0, got_u = 0;
	char buf[32], cbuf[128];

	rcv = net_socket(NET_B, AF_INET, SOCK_DGRAM);
	if (setsockopt(rcv, SOL_IP, IP_PKTINFO, &one, sizeof(one)))
		tst_brk(TBROK | TERRNO, "IP_PKTINFO");
	if (bind(rcv, (struct sockaddr *)&me, sizeof(me)))
		tst_brk(TBROK | TERRNO, "bind(0.0.0.0:5000)");

	s = net_socket(NET_A, AF_INET, SOCK_DGRAM);
	if (setsockopt(s, SOL_SOCKET, SO_BROADCAST, &one, sizeof(one)))
		tst_brk(TBROK | TERRNO, "SO_BROADCAST");
	send_to(s, "10.97.0.255", "bcast");
	send_to(s, "10.97.0.2", "ucast");
	send_to(s, "10.97.0.9", "lost");
	close(s);
	capture(t, 3);
	for (i = 0; i < 3; i++) {
		if (t[i].to_b1 == exp[i][0] && t[i].to_b2 == exp[i][1] &&
		    !t[i].other && !t[i].bad)
			tst_res(TPASS, "%s: %d to 10.99.1.2:4789, %d to 10.99.1.3:4790, VNI %d, I flag",
				t[i].tag, t[i].to_b1, t[i].to_b2, VNI);
		else
			tst_res(TFAIL, "%s: %d to 10.99.1.2:4789, %d to 10.99.1.3:4790 (expected %d, %d), %d elsewhere, %d bad headers",
				t[i].tag, t[i].to_b1, t[i].to_b2, exp[i][0],
				exp[i][1], t[i].other, t[i].bad);
	}

	for (i = 0; i < 3; i++) {
		struct msghdr mh = { 0 };
		struct iovec iov = { buf, sizeof(buf) };
		struct cmsghdr *c;
		int ifi = 0;

		mh.msg_iov = &iov;
		mh.msg_iovlen = 1;
		mh.msg_control = cbuf;
		mh.msg_controllen = sizeof(cbuf);
		net_wait(rcv, POLLIN);
		if (recvmsg(rcv, &mh, 0) < 0)
			tst_brk(TBROK | TERRNO, "recvmsg()");
		for (c = CMSG_FIRSTHDR(&mh); c; c = CMSG_NXTHDR(&mh, c))
			if (c->cmsg_level == SOL_IP &&
			    c->cmsg_type == IP_PKTINFO)
				ifi = ((struct in_pktinfo *)CMSG_DATA(c))->ipi_ifindex;
		if (!strcmp(buf, "bcast") && ifi == vx1)
			got_b1++;
		else if (!strcmp(buf, "bcast") && ifi == vx2)
			got_b2++;
		else if (!strcmp(buf, "ucast") && ifi == vx1)
			got_u++;
		else
			tst_res(TINFO, "unexpected '%.8s' on ifindex %d", buf,
				ifi);
	}
	if (got_b1 == 1 && got_b2 == 1 && got_u == 1)
		tst_res(TPASS, "the broadcast arrived on vx1 and vx2, the unicast on vx1");
	else
		tst_res(TFAIL, "arrived: broadcast %d on vx1, %d on vx2, unicast %d on vx1",
			got_b1, got_b2, got_u);
	close(rcv);
}

static void check_learning(void)
{
	struct fdb_dump d;
	struct fdb_ent *e;

	net_enter(NET_B);
	fdb_dump(vx1, &d);
	e = fdb_find(&d, mac0, 0);
	if (fdb_count(&d, mac0) == 1 && ent_is(e, "10.99.1.1", 0) &&
	    e->state == NUD_REACHABLE && (e->flags & NTF_SELF))
		tst_res(TPASS, "vx1 learnt vx0's MAC: 10.99.1.1, NUD_REACHABLE, NTF_SELF");
	else if (e)
		tst_res(TFAIL, "vx1's learnt entry: %d entries, state 0x%x, flags 0x%x, port %d",
			fdb_count(&d, mac0), e->state, e->flags, e->port);
	else
		tst_res(TFAIL, "vx1 did not learn vx0's MAC");
	fdb_dump(vx2, &d);
	NET_EXP_EQ(fdb_count(&d, mac0), 0,
		   "entries for vx0's MAC on vx2 (learning off)");
}

static void ageing_cb(struct nlmsghdr *nh, void *priv)
{
	struct rtattr *rta;

	if (nh->nlmsg_type != RTM_NEWLINK)
		return;
	rta = rtnl_attr(nh, sizeof(struct ifinfomsg), IFLA_LINKINFO);
	if (rta)
		rta = rtnl_nested(rta, IFLA_INFO_DATA);
	if (rta)
		rta = rtnl_nested(rta, IFLA_VXLAN_AGEING);
	if (rta)
		*(int *)priv = *(uint32_t *)RTA_DATA(rta);
}

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static int has_mac(int ifindex, const unsigned char *mac)
{
	struct fdb_dump d;

	fdb_dump(ifindex, &d);
	return fdb_count(&d, mac);
}

static void check_ageing(void)
{
	static struct rtnl_msg m;
	struct sockaddr_ll sll = { .sll_family = AF_PACKET };
	unsigned char frame[64];
	int age = -1, s;
	double t0, t, bound = 30.0 * tst_timeout_mul();

	net_enter(NET_B);
	rtnl_link_msg(&m, RTM_NEWLINK, 0, vx1, NULL);
	rtnl_nest(&m, IFLA_LINKINFO);
	rtnl_put_str(&m, IFLA_INFO_KIND, "vxlan");
	rtnl_nest(&m, IFLA_INFO_DATA);
	rtnl_put_u32(&m, IFLA_VXLAN_AGEING, AGE);
	RTNL_SAFE(rtnl_newlink_end(&m));
	rtnl_link_msg(&m, RTM_GETLINK, 0, vx1, NULL);
	RTNL_SAFE(rtnl_talk_cb(&m, ageing_cb, &age));
	NET_EXP_EQ(age, AGE, "IFLA_VXLAN_AGEING read back");

	/* a frame from a MAC nobody had, written on vx0: flooded */
	memset(frame, 0, sizeof(frame));
	memset(frame, 0xff, 6);
	memcpy(frame + 6, fake_mac, 6);
	frame[12] = 0x88;
	frame[13] = 0xb5;
	s = net_socket(NET_A, AF_PACKET, SOCK_RAW);
	sll.sll_ifindex = vx0;
	sll.sll_protocol = htons(0x88b5);
	sll.sll_halen = 6;
	memset(sll.sll_addr, 0xff, 6);
	t0 = now_s();
	if (sendto(s, frame, sizeof(frame), 0, (struct sockaddr *)&sll,
		   sizeof(sll)) != sizeof(frame))
		tst_brk(TBROK | TERRNO, "sendto(packet socket on vx0)");
	close(s);

	net_enter(NET_B);
	while (!has_mac(vx1, fake_mac)) {
		if (now_s() - t0 > bound)
			tst_brk(TBROK, "vx1 never learnt the frame's MAC");
		usleep(20000);
	}
	tst_res(TPASS, "vx1 learnt the written frame's source MAC");
	while (has_mac(vx1, fake_mac)) {
		if (now_s() - t0 > bound)
			break;
		usleep(100000);
	}
	t = now_s() - t0;
	if (t > bound)
		tst_res(TFAIL, "the learnt MAC still there after %.1f s", t);
	else if (t < AGE - 0.01)
		tst_res(TFAIL, "the learnt MAC aged out after %.2f s, before %d s",
			t, AGE);
	else
		tst_res(TPASS, "the learnt MAC aged out after %.2f s (ageing %d s, bound %.0f s)",
			t, AGE, bound);
	NET_EXP_EQ(has_mac(vx2, fake_mac), 0, "the frame's MAC on vx2");
}

static void make_vxlans(void)
{
	net_enter(NET_A);
	vx0 = vx_add("vx0", "10.99.1.1", 4789, 0);
	net_addr4("vx0", "10.97.0.1");
	RTNL_SAFE(rtnl_link_up(vx0));
	net_mac_of("vx0", mac0);

	net_enter(NET_B);
	vx1 = vx_add("vx1", "10.99.1.2", 4789, 1);
	vx2 = vx_add("vx2", "10.99.1.3", 4790, 0);
	net_addr4("vx1", "10.97.0.2");
	net_addr4("vx2", "10.97.0.3");
	RTNL_SAFE(rtnl_link_up(vx1));
	RTNL_SAFE(rtnl_link_up(vx2));
	net_mac_of("vx1", mac1);
}

static void run(void)
{
	struct sockaddr_ll sll = { .sll_family = AF_PACKET,
				   .sll_protocol = htons(ETH_P_IP) };
	struct in_addr a;

	pin_to_current_cpu();
	make_vxlans();
	net_enter(NET_B);
	cap = socket(AF_PACKET, SOCK_DGRAM, htons(ETH_P_IP));
	if (cap < 0)
		tst_brk(TBROK | TERRNO, "packet socket");
	sll.sll_ifindex = rtnl_ifindex("net0");
	if (bind(cap, (struct sockaddr *)&sll, sizeof(sll)))
		tst_brk(TBROK | TERRNO, "bind(packet socket, net0)");

	check_fdb_errors();
	net_enter(NET_A);
	net_ipv4("10.97.0.2", &a);
	RTNL_SAFE(rtnl_neigh_add(vx0, AF_INET, &a, mac1, NUD_PERMANENT));
	net_ipv4("10.97.0.9", &a);
	RTNL_SAFE(rtnl_neigh_add(vx0, AF_INET, &a, lost_mac, NUD_PERMANENT));
	check_traffic();
	check_learning();
	check_ageing();
	close(cap);
	RTNL_SAFE(rtnl_link_del(vx1));
	RTNL_SAFE(rtnl_link_del(vx2));
	net_enter(NET_A);
	RTNL_SAFE(rtnl_link_del(vx0));
}

static void setup(void)
{
	net_hosts_setup();
	unsigned char mac_b[6];

	net_enter(NET_B);
	net_addr4("net0", "10.99.1.3");
	net_mac_of("net0", mac_b);
	net_enter(NET_A);
	net_pin4("net0", "10.99.1.3", mac_b);
	/* vx1 and vx2 share a subnet: a strict reverse path check drops */
	net_sysctl(NET_B, "net/ipv4/conf/all/rp_filter", "0");
	net_sysctl(NET_B, "net/ipv4/conf/default/rp_filter", "0");
	/* no IPv6 on the vxlans: nothing but the test's frames on the wire */
	net_sysctl(NET_A, "net/ipv6/conf/default/disable_ipv6", "1");
	net_sysctl(NET_B, "net/ipv6/conf/default/disable_ipv6", "1");
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.timeout = 120,
};
