// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * macvlan modes: who reaches whom. The remote host's net0 is the lower
 * device of macvlan m1 (10.99.5.11, in the remote host) and m2
 * (10.99.5.12, moved to a third namespace); the local host's net0
 * (10.99.5.1) is the "external switch": it sees what leaves the lower
 * device (a packet socket) and can send a captured frame back, as a
 * switch in hairpin mode would. IPv6 is off and the neighbours are
 * pinned: the frames counted are the test's datagrams.
 * - IFLA_MACVLAN_MODE reads back; EINVAL for mode 3 and for changing a
 *   macvlan to or from passthru;
 * - bridge: m1 -> m2 delivered inside the lower device, nothing on the
 *   wire; a broadcast from m1 reaches m2 exactly once, also when the
 *   switch sends it back (the copy is only for VEPA ports);
 * - vepa: m1 -> m2 leaves on the wire once (destination m2's MAC) and is
 *   not delivered; sent back by the switch it is delivered once; a
 *   broadcast reaches m2 only when sent back, once;
 * - private: m1 -> m2 leaves on the wire and is not delivered; a
 *   broadcast sent back does not reach m2 either;
 * - the local host reaches m1 and m1 reaches it in every mode;
 * - passthru (on a dummy): the macvlan takes the lower device's MAC, a
 *   second macvlan on that lower device is EINVAL (and a passthru one
 *   on a lower device that has a macvlan), the lower device's
 *   promiscuity is 1 while the passthru macvlan is up and 0 once it is
 *   down; deleting the lower device deletes the macvlan.
 */
#include <linux/if_packet.h>
#include <linux/if_ether.h>
#include <netinet/ip.h>
#include <netinet/udp.h>
#include "tst_test.h"
#include "net_hosts.h"
#include "socket_helpers.h"

#ifndef MACVLAN_MODE_PRIVATE
# define MACVLAN_MODE_PRIVATE 1
# define MACVLAN_MODE_VEPA 2
# define MACVLAN_MODE_BRIDGE 4
# define MACVLAN_MODE_PASSTHRU 8
#endif

#define PORT 7020
#define PAYLOAD 64

static unsigned char mac_a[6], mac_1[6], mac_2[6];
static int m1, m2, pkt, rx1, rx2, rxa, tx1, txa;

/* A macvlan name on lower in mode (-1: no mode attribute): 0 or -errno */
static int macvlan_add(const char *name, const char *lower, int mode)
{
	static struct rtnl_msg m;

	rtnl_newlink_begin(&m, name, "macvlan", rtnl_ifindex(lower));
	rtnl_nest(&m, IFLA_INFO_DATA);
	if (mode >= 0)
		rtnl_put_u32(&m, IFLA_MACVLAN_MODE, mode);
	return rtnl_newlink_end(&m);
}

static int macvlan_mode(int ifindex, int mode)
{
	static struct rtnl_msg m;

	rtnl_link_msg(&m, RTM_NEWLINK, 0, ifindex, NULL);
	rtnl_nest(&m, IFLA_LINKINFO);
	rtnl_put_str(&m, IFLA_INFO_KIND, "macvlan");
	rtnl_nest(&m, IFLA_INFO_DATA);
	rtnl_put_u32(&m, IFLA_MACVLAN_MODE, mode);
	return rtnl_newlink_end(&m);
}

/* IFLA_MACVLAN_MODE of a macvlan of the current namespace (-1: none) */
static int mode_of(int ifindex)
{
	long long mode;

	RTNL_SAFE(rtnl_link_info_attr(ifindex, IFLA_INFO_DATA,
				      IFLA_MACVLAN_MODE, &mode));
	return mode;
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

static int udp_sock(int h, int bound)
{
	struct sockaddr_in sin = { .sin_family = AF_INET,
				   .sin_port = htons(PORT) };
	int fd = net_socket(h, AF_INET, SOCK_DGRAM), one = 1;

	if (setsockopt(fd, SOL_SOCKET, SO_BROADCAST, &one, sizeof(one)))
		tst_brk(TBROK | TERRNO, "setsockopt(SO_BROADCAST)");
	if (!bound)
		return fd;
	if (bind(fd, (struct sockaddr *)&sin, sizeof(sin)))
		tst_brk(TBROK | TERRNO, "bind()");
	return fd;
}

static void send_to(int fd, const char *dst, char tag)
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

/* Datagrams with first byte tag queued on fd now (the others dropped). */
static int count(int fd, char tag)
{
	char buf[PAYLOAD + 1];
	int n = 0;

	while (recv(fd, buf, sizeof(buf), MSG_DONTWAIT) > 0)
		n += buf[0] == tag;
	return n;
}

/*
 * The next frame to our port the local host received from the wire
 * within ms (0: queued now): its length (copied to frame), 0 when none
 * came.
 */
static ssize_t wire(int ms, unsigned char *frame, char *tag)
{
	long long end = tst_mono_ms() + net_ms(ms);

	for (;;) {
		struct pollfd pfd = { .fd = pkt, .events = POLLIN };
		struct sockaddr_ll sll;
		socklen_t sl = sizeof(sll);
		long long left = end - tst_mono_ms();
		struct iphdr *ip = (struct iphdr *)(frame + 14);
		struct udphdr *udp = (struct udphdr *)(ip + 1);
		ssize_t n;

		/* ms 0: only what is queued already */
		if (poll(&pfd, 1, left > 0 ? left : 0) != 1)
			return 0;
		n = recvfrom(pkt, frame, 2048, MSG_DONTWAIT,
			     (struct sockaddr *)&sll, &sl);
		if (n < 0)
			tst_brk(TBROK | TERRNO, "recvfrom(AF_PACKET)");
		if (sll.sll_pkttype == PACKET_OUTGOING ||
		    n < 14 + 20 + 8 + 1 || frame[12] != 0x08 ||
		    frame[13] != 0 || ip->protocol != IPPROTO_UDP ||
		    udp->dest != htons(PORT))
			continue;
		*tag = *(char *)(udp + 1);
		return n;
	}
}

static uint32_t sum16(const void *p, size_t len, uint32_t sum)
{
	const unsigned char *b = p;

	for (; len > 1; b += 2, len -= 2)
		sum += (b[0] << 8) | b[1];
	if (len)
		sum += b[0] << 8;
	return sum;
}

/*
 * The frame sent back into the remote's net0, as a hairpin switch. The
 * sender left the UDP checksum to the "hardware" (CHECKSUM_PARTIAL over
 * the veth): the switch puts in the real one, as a NIC would have.
 */
static void reflect(unsigned char *frame, ssize_t len)
{
	struct iphdr *ip = (struct iphdr *)(frame + 14);
	struct udphdr *udp = (struct udphdr *)(ip + 1);
	size_t ulen = ntohs(udp->len);
	uint32_t sum;
	struct sockaddr_ll sll = {
		.sll_family = AF_PACKET, .sll_halen = 6,
		.sll_protocol = htons(ETH_P_IP),
	};

	if ((ssize_t)(14 + 20 + ulen) > len)
		tst_brk(TBROK, "captured frame shorter than its datagram");
	udp->check = 0;
	sum = sum16(&ip->saddr, 8, IPPROTO_UDP + ulen);
	sum = sum16(udp, ulen, sum);
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	udp->check = htons(~sum & 0xffff) ?: 0xffff;

	net_enter(NET_A);
	sll.sll_ifindex = rtnl_ifindex("net0");
	memcpy(sll.sll_addr, frame, 6);
	if (sendto(pkt, frame, len, 0, (struct sockaddr *)&sll,
		   sizeof(sll)) != len)
		tst_brk(TBROK | TERRNO, "sendto(AF_PACKET)");
}

/*
 * Read fd until the datagram stop (bounded): how many with tag came
 * before it. The sentinel is sent after everything the test checks, on
 * one CPU: unicast ones follow the same backlog, broadcast ones also the
 * macvlan port's broadcast queue.
 */
static int until(int fd, char tag, char stop)
{
	long long end = tst_mono_ms() + net_ms(10000);
	char buf[PAYLOAD + 1];
	int n = 0;

	for (;;) {
		struct pollfd pfd = { .fd = fd, .events = POLLIN };
		long long left = end - tst_mono_ms();

		if (left <= 0 || poll(&pfd, 1, left) != 1)
			tst_brk(TBROK, "sentinel '%c' not received in %d ms",
				stop, net_ms(10000));
		if (recv(fd, buf, sizeof(buf), MSG_DONTWAIT) <= 0)
			continue;
		if (buf[0] == stop)
			return n;
		n += buf[0] == tag;
	}
}

/* Datagrams tagged tag m2 got, up to a unicast sentinel from outside */
static int settle_uc(char tag)
{
	send_to(txa, "10.99.5.12", 'S');
	return until(rx2, tag, 'S');
}

/* The same up to a broadcast sentinel from outside */
static int settle_bc(char tag)
{
	send_to(txa, "10.99.5.255", 'B');
	return until(rx2, tag, 'B');
}

static void drain(void)
{
	count(rx1, 0);
	count(rx2, 0);
	count(rxa, 0);
}

static void setup(void)
{
	int ret, i;

	sock_pin_cpu();
	net_three_hosts_ipv4_only();
	net_enter(NET_A);
	RTNL_SAFE(rtnl_veth_add("net0", "net0", net_nsfd[NET_B]));
	RTNL_SAFE(rtnl_link_up(rtnl_ifindex("net0")));
	net_addr4("net0", "10.99.5.1");
	net_mac_of("net0", mac_a);

	net_enter(NET_B);
	RTNL_SAFE(rtnl_link_up(rtnl_ifindex("net0")));
	ret = macvlan_add("m1", "net0", MACVLAN_MODE_BRIDGE);
	if (ret == -EOPNOTSUPP)
		tst_brk(TCONF, "no macvlan support (module missing)");
	RTNL_SAFE(ret);
	RTNL_SAFE(macvlan_add("m2", "net0", MACVLAN_MODE_BRIDGE));
	RTNL_SAFE(rtnl_link_netns(rtnl_ifindex("m2"), net_nsfd[NET_R]));
	m1 = rtnl_ifindex("m1");
	RTNL_SAFE(rtnl_link_up(m1));
	net_addr4("m1", "10.99.5.11");
	net_mac_of("m1", mac_1);

	net_enter(NET_R);
	m2 = rtnl_ifindex("m2");
	RTNL_SAFE(rtnl_link_up(m2));
	net_addr4("m2", "10.99.5.12");
	net_mac_of("m2", mac_2);

	net_pin4("m2", "10.99.5.11", mac_1);
	net_pin4("m2", "10.99.5.1", mac_a);
	net_enter(NET_B);
	net_pin4("m1", "10.99.5.12", mac_2);
	net_pin4("m1", "10.99.5.1", mac_a);
	net_enter(NET_A);
	net_pin4("net0", "10.99.5.11", mac_1);
	net_pin4("net0", "10.99.5.12", mac_2);

	rx1 = udp_sock(NET_B, 1);
	rx2 = udp_sock(NET_R, 1);
	rxa = udp_sock(NET_A, 1);
	tx1 = udp_sock(NET_B, 0);
	txa = udp_sock(NET_A, 0);
	net_enter(NET_A);
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

	/* until the link watch has given the veths their qdiscs: retry */
	for (i = 0; i < 40; i++) {
		send_to(txa, "10.99.5.12", 's');
		if (net_poll(rx2, POLLIN, 250))
			break;
	}
	if (i == 40)
		tst_brk(TBROK, "nothing from the local host reached m2");
	drain();
}

static const char *mname(int mode)
{
	return mode == MACVLAN_MODE_BRIDGE ? "bridge" :
	       mode == MACVLAN_MODE_VEPA ? "vepa" : "private";
}

static void check_mode(int mode)
{
	unsigned char frame[2048];
	char tag, what[96];
	ssize_t n;
	int got;

	net_enter(NET_B);
	RTNL_SAFE(macvlan_mode(m1, mode));
	NET_EXP_EQ(mode_of(m1), mode, "m1's IFLA_MACVLAN_MODE");
	net_enter(NET_R);
	RTNL_SAFE(macvlan_mode(m2, mode));
	NET_EXP_EQ(mode_of(m2), mode, "m2's IFLA_MACVLAN_MODE");
	while (wire(0, frame, &tag))
		;

	/* unicast m1 -> m2 */
	drain();
	send_to(tx1, "10.99.5.12", 'u');
	n = wire(mode == MACVLAN_MODE_BRIDGE ? 0 : 10000, frame, &tag);
	got = settle_uc('u');
	snprintf(what, sizeof(what), "%s: m1 -> m2 datagrams delivered",
		 mname(mode));
	NET_EXP_EQ(got, mode == MACVLAN_MODE_BRIDGE, what);
	/* the sentinel came over the wire behind anything m1 sent out */
	if (!n)
		n = wire(0, frame, &tag);
	if (mode == MACVLAN_MODE_BRIDGE) {
		if (n)
			tst_res(TFAIL, "bridge: m1 -> m2 seen on the wire");
		else
			tst_res(TPASS, "bridge: m1 -> m2 stayed off the wire");
	} else if (n && tag == 'u' && !memcmp(frame, mac_2, 6) &&
		   !memcmp(frame + 6, mac_1, 6)) {
		tst_res(TPASS, "%s: m1 -> m2 on the wire, from m1's to m2's MAC",
			mname(mode));
	} else {
		tst_res(TFAIL, "%s: m1 -> m2 not on the wire as sent", mname(mode));
	}
	if (mode == MACVLAN_MODE_VEPA && n && tag == 'u') {
		reflect(frame, n);
		NET_EXP_EQ(settle_uc('u'), 1,
			   "vepa: the datagram sent back by the switch delivered to m2");
	}

	/* broadcast from m1 */
	while (wire(0, frame, &tag))
		;
	drain();
	send_to(tx1, "10.99.5.255", 'b');
	n = wire(10000, frame, &tag);
	snprintf(what, sizeof(what), "%s: broadcasts from m1 at m2",
		 mname(mode));
	NET_EXP_EQ(settle_bc('b'), mode == MACVLAN_MODE_BRIDGE, what);
	if (n && tag == 'b' && frame[0] == 0xff && !memcmp(frame + 6, mac_1, 6)) {
		tst_res(TPASS, "%s: the broadcast left on the wire", mname(mode));
		reflect(frame, n);
		snprintf(what, sizeof(what),
			 "%s: the broadcast sent back, at m2", mname(mode));
		NET_EXP_EQ(settle_bc('b'), mode == MACVLAN_MODE_VEPA, what);
	} else {
		tst_res(TFAIL, "%s: the broadcast not on the wire", mname(mode));
	}

	/* the outside reaches m1 and back */
	drain();
	send_to(txa, "10.99.5.11", 'o');
	send_to(tx1, "10.99.5.1", 'i');
	got = (net_poll(rx1, POLLIN, 10000) & POLLIN) && count(rx1, 'o') == 1;
	got += (net_poll(rxa, POLLIN, 10000) & POLLIN) && count(rxa, 'i') == 1;
	snprintf(what, sizeof(what), "%s: local -> m1 and m1 -> local",
		 mname(mode));
	NET_EXP_EQ(got, 2, what);
	drain();
}

static void promisc_cb(struct nlmsghdr *nh, void *priv)
{
	struct rtattr *a;

	if (nh->nlmsg_type != RTM_NEWLINK)
		return;
	a = rtnl_attr(nh, sizeof(struct ifinfomsg), IFLA_PROMISCUITY);
	if (a)
		*(int *)priv = *(uint32_t *)RTA_DATA(a);
}

/*
 * The promiscuity count (IFLA_PROMISCUITY): IFF_PROMISC in ifi_flags
 * shows only what userspace asked for, not a macvlan's reference.
 */
static int promisc(int ifindex)
{
	static struct rtnl_msg m;
	int n = -1;

	rtnl_link_msg(&m, RTM_GETLINK, 0, ifindex, NULL);
	RTNL_SAFE(rtnl_talk_cb(&m, promisc_cb, &n));
	return n;
}

static void check_passthru(void)
{
	unsigned char mac_d[6], mac_p[6];
	int d, p;

	net_enter(NET_B);
	expect(macvlan_add("m3", "net0", MACVLAN_MODE_PASSTHRU), EINVAL,
	       "passthru on a lower device with macvlans");
	expect(macvlan_add("m3", "net0", 3), EINVAL, "mode 3");
	expect(macvlan_mode(m1, MACVLAN_MODE_PASSTHRU), EINVAL,
	       "bridge -> passthru");
	RTNL_SAFE(rtnl_link_add("d0", "dummy"));
	d = rtnl_ifindex("d0");
	RTNL_SAFE(rtnl_link_up(d));
	net_mac_of("d0", mac_d);
	expect(macvlan_add("p0", "d0", MACVLAN_MODE_PASSTHRU), 0,
	       "passthru on a dummy");
	p = rtnl_ifindex("p0");
	net_mac_of("p0", mac_p);
	if (!memcmp(mac_d, mac_p, 6))
		tst_res(TPASS, "passthru macvlan has the lower device's MAC");
	else
		tst_res(TFAIL, "passthru macvlan's MAC differs from d0's");
	NET_EXP_EQ(mode_of(p), MACVLAN_MODE_PASSTHRU, "p0's IFLA_MACVLAN_MODE");
	expect(macvlan_add("p1", "d0", MACVLAN_MODE_BRIDGE), EINVAL,
	       "a second macvlan on the passthru lower device");
	expect(macvlan_mode(p, MACVLAN_MODE_BRIDGE), EINVAL,
	       "passthru -> bridge");
	NET_EXP_EQ(promisc(d), 0, "d0 promiscuity with p0 down");
	RTNL_SAFE(rtnl_link_up(p));
	NET_EXP_EQ(promisc(d), 1, "d0 promiscuity with p0 up");
	RTNL_SAFE(rtnl_link_set(p, 0, IFF_UP, 0));
	NET_EXP_EQ(promisc(d), 0, "d0 promiscuity with p0 down again");
	RTNL_SAFE(rtnl_link_del(d));
	expect(rtnl_link_get(p, NULL, &(struct rtnl_link_info){ 0 }), ENODEV,
	       "p0 after its lower device's deletion");
}

static void run(void)
{
	check_mode(MACVLAN_MODE_BRIDGE);
	check_mode(MACVLAN_MODE_VEPA);
	check_mode(MACVLAN_MODE_PRIVATE);
	check_passthru();
	net_enter(NET_B);
	RTNL_SAFE(macvlan_mode(m1, MACVLAN_MODE_BRIDGE));
	net_enter(NET_R);
	RTNL_SAFE(macvlan_mode(m2, MACVLAN_MODE_BRIDGE));
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.timeout = 120,
};
