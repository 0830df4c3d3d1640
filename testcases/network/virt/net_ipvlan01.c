// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ipvlan l2 and l3 modes: iv0 on the remote host's net0, moved to a
 * third namespace with 10.99.1.3/24. The local host asks for addresses
 * with ARP requests it writes on a packet socket (from 10.99.1.77, so
 * the answers to its kernel's own requests are not taken for them) and
 * reads the answers there (one CPU: an answer comes before the answer
 * to a later request):
 * - EINVAL for mode 3 and for IPVLAN_F_PRIVATE | IPVLAN_F_VEPA;
 * - iv0 has the lower device's MAC; IFLA_IPVLAN_MODE read back;
 * - l2: a request for 10.99.1.3 is answered with the lower device's MAC
 *   (before the answer for 10.99.1.2 asked after it); a datagram each
 *   way between the local host and iv0;
 * - l3 (changed over RTM_NEWLINK, read back): iv0 gets IFF_NOARP, the
 *   request for 10.99.1.3 goes unanswered (the one for 10.99.1.2 asked
 *   after it is answered); with the neighbour pinned a datagram each
 *   way still passes (iv0's output routed by the lower device's host).
 */
#include <linux/if_packet.h>
#include <linux/if_link.h>
#include <net/ethernet.h>
#include <netinet/if_ether.h>
#include "tst_test.h"
#include "net_hosts.h"
#include "cpu_pin.h"

#define PORT 7032
#define ASKER "10.99.1.77"

static int iv0, arp_fd, lower_ifi;
static unsigned char mac_b[6], mac_a[6];

static int iv_msg(int type, int flags, int ifindex, int mode, int ivflags)
{
	static struct rtnl_msg m;

	if (type == RTM_NEWLINK && (flags & NLM_F_CREATE)) {
		rtnl_newlink_begin(&m, "iv0", "ipvlan", lower_ifi);
	} else {
		rtnl_link_msg(&m, RTM_NEWLINK, 0, ifindex, NULL);
		rtnl_nest(&m, IFLA_LINKINFO);
		rtnl_put_str(&m, IFLA_INFO_KIND, "ipvlan");
	}
	rtnl_nest(&m, IFLA_INFO_DATA);
	rtnl_put_u16(&m, IFLA_IPVLAN_MODE, mode);
	if (ivflags >= 0)
		rtnl_put_u16(&m, IFLA_IPVLAN_FLAGS, ivflags);
	return rtnl_newlink_end(&m);
}

static void mode_cb(struct nlmsghdr *nh, void *priv)
{
	struct rtattr *a;

	if (nh->nlmsg_type != RTM_NEWLINK)
		return;
	a = rtnl_attr(nh, sizeof(struct ifinfomsg), IFLA_LINKINFO);
	if (a)
		a = rtnl_nested(a, IFLA_INFO_DATA);
	if (a)
		a = rtnl_nested(a, IFLA_IPVLAN_MODE);
	if (a)
		*(int *)priv = *(uint16_t *)RTA_DATA(a);
}

static int iv_mode(void)
{
	static struct rtnl_msg m;
	int mode = -1;

	net_enter(NET_R);
	rtnl_link_msg(&m, RTM_GETLINK, 0, iv0, NULL);
	RTNL_SAFE(rtnl_talk_cb(&m, mode_cb, &mode));
	return mode;
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

struct arp_pkt {
	struct arphdr h;
	unsigned char sha[6], spa[4], tha[6], tpa[4];
} __attribute__((packed));

static void arp_ask(const char *ip)
{
	struct sockaddr_ll sll = {
		.sll_family = AF_PACKET, .sll_protocol = htons(ETH_P_ARP),
		.sll_ifindex = 0, .sll_halen = 6,
	};
	struct arp_pkt p;

	memset(&p, 0, sizeof(p));
	p.h.ar_hrd = htons(ARPHRD_ETHER);
	p.h.ar_pro = htons(ETH_P_IP);
	p.h.ar_hln = 6;
	p.h.ar_pln = 4;
	p.h.ar_op = htons(ARPOP_REQUEST);
	memcpy(p.sha, mac_a, 6);
	/* not the local host's address: the answers to the kernel's own
	 * requests (to 10.99.1.1) are told apart from ours */
	net_ipv4(ASKER, (struct in_addr *)p.spa);
	net_ipv4(ip, (struct in_addr *)p.tpa);
	memset(sll.sll_addr, 0xff, 6);
	net_enter(NET_A);
	sll.sll_ifindex = rtnl_ifindex("net0");
	if (sendto(arp_fd, &p, sizeof(p), 0, (struct sockaddr *)&sll,
		   sizeof(sll)) != sizeof(p))
		tst_brk(TBROK | TERRNO, "sendto(ARP request)");
}

/*
 * Ask for ip, then for 10.99.1.2, which the remote host answers at
 * once. In l2 mode ipvlan hands a broadcast to its slaves from a work
 * queue, so ip's answer can come after the remote's: with expect, wait
 * (bounded) for both. In l3 mode a frame reaches the slave (and is
 * dropped there, IFF_NOARP) before the next one is looked at, so an
 * answer for ip would come before the remote's. Returns whether ip was
 * answered, its MAC in mac.
 */
static int arp_answered(const char *ip, unsigned char *mac, int expect)
{
	long long end = tst_mono_ms() + net_ms(10000);
	struct in_addr want, last, me;
	int got = 0, got_last = 0;

	net_ipv4(ip, &want);
	net_ipv4("10.99.1.2", &last);
	net_ipv4(ASKER, &me);
	arp_ask(ip);
	arp_ask("10.99.1.2");
	while (!got_last || (expect && !got)) {
		struct pollfd pfd = { .fd = arp_fd, .events = POLLIN };
		long long left = end - tst_mono_ms();
		struct arp_pkt p;
		ssize_t n;

		if (left <= 0 || poll(&pfd, 1, left) <= 0)
			break;
		n = recv(arp_fd, &p, sizeof(p), MSG_DONTWAIT);
		if (n < (ssize_t)sizeof(p) || ntohs(p.h.ar_op) != ARPOP_REPLY ||
		    memcmp(p.tpa, &me, 4))
			continue;
		if (!memcmp(p.spa, &want, 4)) {
			got = 1;
			memcpy(mac, p.sha, 6);
		}
		got_last |= !memcmp(p.spa, &last, 4);
	}
	if (!got_last)
		tst_brk(TBROK, "the remote host did not answer ARP for 10.99.1.2");
	return got;
}

/* A datagram from host h (socket s) to dst; received on r? */
static void datagram(int s, const char *dst, int r, const char *what)
{
	struct sockaddr_in to = { .sin_family = AF_INET,
				  .sin_port = htons(PORT) };
	char buf[32];

	net_ipv4(dst, &to.sin_addr);
	if (sendto(s, what, strlen(what) + 1, 0, (struct sockaddr *)&to,
		   sizeof(to)) < 0)
		tst_brk(TBROK | TERRNO, "sendto(%s)", dst);
	if (!net_poll(r, POLLIN, 10000)) {
		tst_res(TFAIL, "%s: nothing arrived", what);
		return;
	}
	if (recv(r, buf, sizeof(buf), 0) > 0 && !strcmp(buf, what))
		tst_res(TPASS, "%s: arrived", what);
	else
		tst_res(TFAIL, "%s: something else arrived", what);
}

static int bound(int h)
{
	struct sockaddr_in sin = { .sin_family = AF_INET,
				   .sin_port = htons(PORT) };
	int s = net_socket(h, AF_INET, SOCK_DGRAM);

	if (bind(s, (struct sockaddr *)&sin, sizeof(sin)))
		tst_brk(TBROK | TERRNO, "bind(port %d)", PORT);
	return s;
}

static void run(void)
{
	struct rtnl_link_info li;
	unsigned char mac[6];
	struct in_addr a;
	int sa, sr;

	net_enter(NET_B);
	exp_ret(iv_msg(RTM_NEWLINK, NLM_F_CREATE, 0, 3, -1), EINVAL,
		"ipvlan mode 3");
	exp_ret(iv_msg(RTM_NEWLINK, NLM_F_CREATE, 0, IPVLAN_MODE_L2,
		       IPVLAN_F_PRIVATE | IPVLAN_F_VEPA), EINVAL,
		"IPVLAN_F_PRIVATE | IPVLAN_F_VEPA");
	RTNL_SAFE(iv_msg(RTM_NEWLINK, NLM_F_CREATE, 0, IPVLAN_MODE_L2, -1));
	RTNL_SAFE(rtnl_link_netns(rtnl_ifindex("iv0"), net_nsfd[NET_R]));
	net_enter(NET_R);
	iv0 = rtnl_ifindex("iv0");
	net_addr4("iv0", "10.99.1.3");
	RTNL_SAFE(rtnl_link_up(iv0));
	RTNL_SAFE(rtnl_link_get(iv0, NULL, &li));
	tst_res(!memcmp(li.addr, mac_b, 6) ? TPASS : TFAIL,
		"iv0 has the lower device's MAC");
	NET_EXP_EQ(iv_mode(), IPVLAN_MODE_L2, "IFLA_IPVLAN_MODE");
	NET_EXP_EQ(!!(li.flags & IFF_NOARP), 0, "IFF_NOARP in l2 mode");

	sa = bound(NET_A);
	sr = bound(NET_R);
	if (arp_answered("10.99.1.3", mac, 1) && !memcmp(mac, mac_b, 6))
		tst_res(TPASS, "l2: ARP for 10.99.1.3 answered with the lower device's MAC");
	else
		tst_res(TFAIL, "l2: ARP for 10.99.1.3 not answered with the lower device's MAC");
	datagram(sa, "10.99.1.3", sr, "l2: local -> iv0");
	datagram(sr, "10.99.1.1", sa, "l2: iv0 -> local");

	net_enter(NET_R);
	RTNL_SAFE(iv_msg(RTM_NEWLINK, 0, iv0, IPVLAN_MODE_L3, -1));
	NET_EXP_EQ(iv_mode(), IPVLAN_MODE_L3, "IFLA_IPVLAN_MODE after the change");
	RTNL_SAFE(rtnl_link_get(iv0, NULL, &li));
	NET_EXP_EQ(!!(li.flags & IFF_NOARP), 1, "IFF_NOARP in l3 mode");
	NET_EXP_EQ(arp_answered("10.99.1.3", mac, 0), 0,
		   "l3: ARP for 10.99.1.3 answered");
	net_enter(NET_A);
	net_ipv4("10.99.1.3", &a);
	RTNL_SAFE(rtnl_neigh_add(rtnl_ifindex("net0"), AF_INET, &a, mac_b,
				 NUD_PERMANENT));
	datagram(sa, "10.99.1.3", sr, "l3: local -> iv0");
	datagram(sr, "10.99.1.1", sa, "l3: iv0 -> local");
	RTNL_SAFE(rtnl_neigh_del(rtnl_ifindex("net0"), AF_INET, &a));
	close(sa);
	close(sr);
	net_enter(NET_R);
	RTNL_SAFE(rtnl_link_del(iv0));
}

static void setup(void)
{
	pin_to_current_cpu();
	net_hosts_setup();
	net_ns_new(NET_R);
	net_sysctl(NET_R, "net/ipv6/conf/default/disable_ipv6", "1");
	net_enter(NET_B);
	lower_ifi = rtnl_ifindex("net0");
	net_mac_of("net0", mac_b);
	net_enter(NET_A);
	net_mac_of("net0", mac_a);
	arp_fd = socket(AF_PACKET, SOCK_DGRAM, htons(ETH_P_ARP));
	if (arp_fd < 0)
		tst_brk(TBROK | TERRNO, "packet socket");
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.timeout = 60,
};
