// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The ARP sysctls of net0 in the local host, probed with ARP frames the
 * remote host writes and reads on an AF_PACKET socket. The local host
 * has 10.99.1.1/24 (and the secondary 10.99.1.9/24) on net0, 10.99.5.1/24
 * on dummy0 with a route to 10.99.8.0/24 through it.
 * - arp_ignore 0 answers a request for dummy0's address arriving on net0
 *   (sender address = the target, the local net0 MAC); 1 answers only
 *   for net0's own addresses, whatever the requester's address; 2 also
 *   wants the requester in net0's subnet (10.99.9.9 unanswered, no
 *   neighbour entry made for it); 8 answers nothing;
 * - arp_announce: the sender address of the request the local host
 *   makes to resolve 10.99.1.2 for a datagram from 10.99.5.1: that
 *   address under 0, the primary net0 address under 1 (10.99.5.1 is not
 *   on the target's link) and 2; for a datagram from the secondary
 *   10.99.1.9: it under 0 and 1, the primary under 2;
 * - proxy_arp (forwarding on, proxy_delay 0): off, no answer for
 *   10.99.8.5; on, answered with the local MAC; never for an address
 *   routed out of net0 itself (10.99.1.77);
 * - arp_accept 0: a gratuitous ARP makes no entry, but updates an
 *   existing one's MAC; never a PERMANENT entry's; 1: gratuitous
 *   requests and replies create STALE entries with the sender's MAC,
 *   from any address; 2: only from net0's subnet;
 *   drop_gratuitous_arp 1: not even an existing entry is updated.
 * Frames the local host must not answer come before a control request on
 * a second link (ctl0, arp_ignore 0): the test runs on one CPU, where the
 * veths deliver in order, so once the control's answer is read every
 * answer to the earlier frames would have been read before it.
 */
#include <net/ethernet.h>
#include <net/if_arp.h>
#include <netpacket/packet.h>
#include "tst_test.h"
#include "cpu_pin.h"
#include "net_hosts.h"

#define MAXF 16

struct arpf {
	int op, ifindex;
	unsigned char sha[6], tha[6];
	struct in_addr sip, tip;
};

static int a_net0, a_ctl0, b_net0, b_ctl0;
static unsigned char a_mac[6], b_mac[6], b_ctl_mac[6];
static int ctl_seq;

static const unsigned char mac_x[6] = { 0x02, 0, 0, 0, 0x99, 0x01 };
static const unsigned char mac_y[6] = { 0x02, 0, 0, 0, 0x99, 0x02 };
static const unsigned char mac_z[6] = { 0x02, 0, 0, 0, 0x99, 0x03 };
static const unsigned char bcast[6] = { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff };

static struct in_addr ip4(const char *s)
{
	struct in_addr a;

	if (inet_pton(AF_INET, s, &a) != 1)
		tst_brk(TBROK, "bad address %s", s);
	return a;
}

/* An ARP frame out of the remote host's ifindex (to broadcast). */
static void arp_send(int ifindex, int op, const unsigned char *sha,
		     const char *sip, const unsigned char *tha,
		     const char *tip)
{
	unsigned char f[42];
	struct arphdr *ah = (struct arphdr *)(f + 14);
	unsigned char *p = f + 14 + sizeof(*ah);
	struct in_addr s = ip4(sip), t = ip4(tip);
	struct sockaddr_ll sll = {
		.sll_family = AF_PACKET, .sll_protocol = htons(ETH_P_ARP),
		.sll_ifindex = ifindex, .sll_halen = 6,
	};
	int fd;

	memcpy(f, bcast, 6);
	memcpy(f + 6, sha, 6);
	f[12] = ETH_P_ARP >> 8;
	f[13] = ETH_P_ARP & 0xff;
	ah->ar_hrd = htons(ARPHRD_ETHER);
	ah->ar_pro = htons(ETH_P_IP);
	ah->ar_hln = 6;
	ah->ar_pln = 4;
	ah->ar_op = htons(op);
	memcpy(p, sha, 6);
	memcpy(p + 6, &s, 4);
	memcpy(p + 10, tha, 6);
	memcpy(p + 16, &t, 4);
	memcpy(sll.sll_addr, bcast, 6);

	net_enter(NET_B);
	fd = socket(AF_PACKET, SOCK_RAW | SOCK_CLOEXEC, 0);
	if (fd < 0)
		tst_brk(TBROK | TERRNO, "socket(AF_PACKET)");
	if (sendto(fd, f, sizeof(f), 0, (struct sockaddr *)&sll,
		   sizeof(sll)) != sizeof(f))
		tst_brk(TBROK | TERRNO, "sendto(AF_PACKET)");
	close(fd);
}

/* A request from the remote host's net0 MAC. */
static void request(const char *sip, const char *tip)
{
	static const unsigned char zero[6];

	arp_send(b_net0, ARPOP_REQUEST, b_mac, sip, zero, tip);
}

/* A socket of the remote host that reads the ARP frames of its links. */
static int capture(void)
{
	int fd;

	net_enter(NET_B);
	fd = socket(AF_PACKET, SOCK_RAW | SOCK_CLOEXEC, htons(ETH_P_ARP));
	if (fd < 0)
		tst_brk(TBROK | TERRNO, "socket(AF_PACKET, ETH_P_ARP)");
	return fd;
}

/* The next incoming ARP frame (bounded wait): 0, or -1 on timeout. */
static int next_frame(int fd, struct arpf *a)
{
	unsigned char f[128];
	struct sockaddr_ll sll;
	socklen_t sl;
	ssize_t n;
	unsigned char *p = f + 14 + sizeof(struct arphdr);

	for (;;) {
		if (!(net_poll(fd, POLLIN, 10000) & POLLIN))
			return -1;
		sl = sizeof(sll);
		n = recvfrom(fd, f, sizeof(f), 0, (struct sockaddr *)&sll, &sl);
		if (n < 0)
			tst_brk(TBROK | TERRNO, "recvfrom(AF_PACKET)");
		if (sll.sll_pkttype == PACKET_OUTGOING || n < 42)
			continue;
		a->op = ntohs(((struct arphdr *)(f + 14))->ar_op);
		a->ifindex = sll.sll_ifindex;
		memcpy(a->sha, p, 6);
		memcpy(&a->sip, p + 6, 4);
		memcpy(a->tha, p + 10, 6);
		memcpy(&a->tip, p + 16, 4);
		return 0;
	}
}

/*
 * After the frames under test: a request on ctl0 from a sender address
 * of its own, and the net0 replies read before its reply (at most MAXF).
 */
static int control(int fd, struct arpf *got)
{
	static const unsigned char zero[6];
	char sip[32];
	struct in_addr s;
	struct arpf a;
	int n = 0;

	snprintf(sip, sizeof(sip), "10.99.7.%d", 10 + ctl_seq++ % 200);
	s = ip4(sip);
	arp_send(b_ctl0, ARPOP_REQUEST, b_ctl_mac, sip, zero, "10.99.7.1");
	for (;;) {
		if (next_frame(fd, &a))
			tst_brk(TBROK, "no ARP reply on ctl0 for %s", sip);
		if (a.ifindex == b_ctl0 && a.op == ARPOP_REPLY &&
		    a.tip.s_addr == s.s_addr)
			return n;
		if (a.ifindex == b_net0 && a.op == ARPOP_REPLY && n < MAXF)
			got[n++] = a;
	}
}

/* Was there a reply for tip to the requester sip (with the local MAC)? */
static int replied(const struct arpf *got, int n, const char *tip,
		   const char *sip)
{
	struct in_addr t = ip4(tip), s = ip4(sip);
	int i;

	for (i = 0; i < n; i++)
		if (got[i].sip.s_addr == t.s_addr &&
		    got[i].tip.s_addr == s.s_addr &&
		    !memcmp(got[i].sha, a_mac, 6) &&
		    !memcmp(got[i].tha, b_mac, 6))
			return 1;
	return 0;
}

static void expect_reply(const struct arpf *got, int n, const char *tip,
			 const char *sip, int want, const char *ctx)
{
	int r = replied(got, n, tip, sip);

	if (r == want)
		tst_res(TPASS, "%s: %s for %s from %s", ctx,
			want ? "answered" : "not answered", tip, sip);
	else
		tst_res(TFAIL, "%s: %s for %s from %s", ctx,
			r ? "answered" : "not answered", tip, sip);
}

static void conf(const char *name, const char *val)
{
	char p[128];

	snprintf(p, sizeof(p), "net/ipv4/conf/net0/%s", name);
	net_sysctl(NET_A, p, val);
}

static void test_ignore(void)
{
	static const char *const modes[] = { "0", "1", "2", "8" };
	/* answered for dummy0's address, own net0 address, off-subnet asker */
	static const int want[][3] = {
		{ 1, 1, 1 }, { 0, 1, 1 }, { 0, 1, 0 }, { 0, 0, 0 },
	};
	struct arpf got[MAXF];
	struct rtnl_neigh_info ni;
	struct in_addr far = ip4("10.99.9.9");
	char ctx[32];
	int fd, n, i, ret;

	for (i = 0; i < 4; i++) {
		conf("arp_ignore", modes[i]);
		/* the answers of modes 0 and 1 made an entry for it */
		net_enter(NET_A);
		ret = rtnl_neigh_del(a_net0, AF_INET, &far);
		if (ret && ret != -ENOENT)
			tst_brk(TBROK, "RTM_DELNEIGH 10.99.9.9: %s",
				tst_strerrno(-ret));
		fd = capture();
		request("10.99.1.2", "10.99.5.1");
		request("10.99.1.2", "10.99.1.1");
		request("10.99.9.9", "10.99.1.1");
		n = control(fd, got);
		close(fd);
		snprintf(ctx, sizeof(ctx), "arp_ignore %s", modes[i]);
		expect_reply(got, n, "10.99.5.1", "10.99.1.2", want[i][0], ctx);
		expect_reply(got, n, "10.99.1.1", "10.99.1.2", want[i][1], ctx);
		expect_reply(got, n, "10.99.1.1", "10.99.9.9", want[i][2], ctx);
		if (i == 2) {
			net_enter(NET_A);
			RTNL_SAFE(rtnl_neigh_find(a_net0, AF_INET, &far, &ni));
			if (ni.found)
				tst_res(TFAIL, "arp_ignore 2: an entry for the unanswered 10.99.9.9");
			else
				tst_res(TPASS, "arp_ignore 2: no entry for the unanswered 10.99.9.9");
		}
	}
	conf("arp_ignore", "0");
}

/* The sender address of the request resolving 10.99.1.2 for src. */
static struct in_addr solicit_from(const char *src)
{
	struct sockaddr_in sin = { .sin_family = AF_INET, .sin_addr = ip4(src) };
	struct in_addr peer = ip4("10.99.1.2");
	struct sockaddr_storage dst;
	struct arpf a;
	int fd, s, ret;

	net_enter(NET_A);
	ret = rtnl_neigh_del(a_net0, AF_INET, &peer);
	if (ret && ret != -ENOENT)
		tst_brk(TBROK, "RTM_DELNEIGH 10.99.1.2: %s", tst_strerrno(-ret));
	fd = capture();
	s = net_socket(NET_A, AF_INET, SOCK_DGRAM);
	if (bind(s, (struct sockaddr *)&sin, sizeof(sin)))
		tst_brk(TBROK | TERRNO, "bind(%s)", src);
	net_addr(NET_B, AF_INET, 9, &dst);
	if (sendto(s, "a", 1, 0, (struct sockaddr *)&dst,
		   sizeof(struct sockaddr_in)) != 1)
		tst_brk(TBROK | TERRNO, "sendto(10.99.1.2)");
	for (;;) {
		if (next_frame(fd, &a))
			tst_brk(TBROK, "no ARP request for 10.99.1.2 from %s",
				src);
		if (a.ifindex == b_net0 && a.op == ARPOP_REQUEST &&
		    a.tip.s_addr == peer.s_addr && !memcmp(a.sha, a_mac, 6))
			break;
	}
	close(fd);
	close(s);
	return a.sip;
}

static void test_announce(void)
{
	static const char *const srcs[] = { "10.99.5.1", "10.99.1.9" };
	/* the sender address expected per mode 0, 1, 2 and source */
	static const char *const want[][2] = {
		{ "10.99.5.1", "10.99.1.9" },
		{ "10.99.1.1", "10.99.1.9" },
		{ "10.99.1.1", "10.99.1.1" },
	};
	char mode[4], got[INET_ADDRSTRLEN];
	struct in_addr a;
	int m, i;

	for (m = 0; m < 3; m++) {
		snprintf(mode, sizeof(mode), "%d", m);
		conf("arp_announce", mode);
		for (i = 0; i < 2; i++) {
			a = solicit_from(srcs[i]);
			inet_ntop(AF_INET, &a, got, sizeof(got));
			if (!strcmp(got, want[m][i]))
				tst_res(TPASS, "arp_announce %d, datagram from %s: request from %s",
					m, srcs[i], got);
			else
				tst_res(TFAIL, "arp_announce %d, datagram from %s: request from %s, expected %s",
					m, srcs[i], got, want[m][i]);
		}
	}
	conf("arp_announce", "0");
}

static void test_proxy(void)
{
	struct arpf got[MAXF];
	int fd, n, on;

	conf("forwarding", "1");
	net_sysctl(NET_A, "net/ipv4/neigh/net0/proxy_delay", "0");
	for (on = 0; on < 2; on++) {
		conf("proxy_arp", on ? "1" : "0");
		fd = capture();
		request("10.99.1.2", "10.99.8.5");
		request("10.99.1.2", "10.99.1.77");
		n = control(fd, got);
		close(fd);
		expect_reply(got, n, "10.99.8.5", "10.99.1.2", on,
			     on ? "proxy_arp 1" : "proxy_arp 0");
		expect_reply(got, n, "10.99.1.77", "10.99.1.2", 0,
			     on ? "proxy_arp 1, same link" :
			     "proxy_arp 0, same link");
	}
	conf("proxy_arp", "0");
	conf("forwarding", "0");
}

/* The local host's net0 entry for ip: found, and then state and MAC. */
static void check_entry(const char *ip, int want_found, int want_state,
			const unsigned char *want_mac, const char *ctx)
{
	struct in_addr a = ip4(ip);
	struct rtnl_neigh_info ni;

	net_enter(NET_A);
	RTNL_SAFE(rtnl_neigh_find(a_net0, AF_INET, &a, &ni));
	if (!want_found) {
		if (ni.found)
			tst_res(TFAIL, "%s: an entry for %s (state 0x%x)", ctx,
				ip, ni.state);
		else
			tst_res(TPASS, "%s: no entry for %s", ctx, ip);
		return;
	}
	if (!ni.found)
		tst_res(TFAIL, "%s: no entry for %s", ctx, ip);
	else if (ni.state != want_state || !ni.has_lladdr ||
		 memcmp(ni.lladdr, want_mac, 6))
		tst_res(TFAIL, "%s: %s state 0x%x (expected 0x%x), MAC %s", ctx,
			ip, ni.state, want_state,
			ni.has_lladdr && !memcmp(ni.lladdr, want_mac, 6) ?
			"right" : "wrong");
	else
		tst_res(TPASS, "%s: %s state 0x%x with the sender's MAC", ctx,
			ip, ni.state);
}

/* A gratuitous request (or reply) for ip from mac. */
static void garp(const char *ip, const unsigned char *mac, int reply)
{
	static const unsigned char zero[6];

	arp_send(b_net0, reply ? ARPOP_REPLY : ARPOP_REQUEST, mac, ip,
		 reply ? mac : zero, ip);
}

static void neigh_set(const char *ip, const unsigned char *mac, int state)
{
	struct in_addr a = ip4(ip);

	net_enter(NET_A);
	RTNL_SAFE(rtnl_neigh_add(a_net0, AF_INET, &a, mac, state));
}

static void test_accept(void)
{
	struct arpf got[MAXF];
	int fd;

	conf("arp_accept", "0");
	neigh_set("10.99.1.78", mac_x, NUD_STALE);
	neigh_set("10.99.1.79", mac_x, NUD_PERMANENT);
	fd = capture();
	garp("10.99.1.77", mac_x, 0);
	garp("10.99.1.78", mac_y, 0);
	garp("10.99.1.79", mac_y, 0);
	control(fd, got);
	check_entry("10.99.1.77", 0, 0, NULL, "arp_accept 0");
	check_entry("10.99.1.78", 1, NUD_STALE, mac_y,
		    "arp_accept 0, existing entry");
	check_entry("10.99.1.79", 1, NUD_PERMANENT, mac_x,
		    "arp_accept 0, PERMANENT entry");

	conf("arp_accept", "1");
	garp("10.99.1.80", mac_x, 0);
	garp("10.99.1.81", mac_y, 1);
	garp("10.99.9.8", mac_z, 0);
	control(fd, got);
	check_entry("10.99.1.80", 1, NUD_STALE, mac_x,
		    "arp_accept 1, gratuitous request");
	check_entry("10.99.1.81", 1, NUD_STALE, mac_y,
		    "arp_accept 1, gratuitous reply");
	check_entry("10.99.9.8", 1, NUD_STALE, mac_z,
		    "arp_accept 1, other subnet");

	conf("arp_accept", "2");
	garp("10.99.1.82", mac_x, 0);
	garp("10.99.9.7", mac_z, 0);
	control(fd, got);
	check_entry("10.99.1.82", 1, NUD_STALE, mac_x,
		    "arp_accept 2, same subnet");
	check_entry("10.99.9.7", 0, 0, NULL, "arp_accept 2, other subnet");

	conf("drop_gratuitous_arp", "1");
	garp("10.99.1.78", mac_z, 0);
	garp("10.99.1.83", mac_z, 0);
	control(fd, got);
	check_entry("10.99.1.78", 1, NUD_STALE, mac_y,
		    "drop_gratuitous_arp 1, existing entry");
	check_entry("10.99.1.83", 0, 0, NULL, "drop_gratuitous_arp 1");
	conf("drop_gratuitous_arp", "0");
	conf("arp_accept", "0");
	close(fd);
}

/* New hosts for each iteration. */
static void hosts(void)
{
	struct rtnl_link_info li;
	struct in_addr a;
	int h, dummy;

	for (h = 0; h < NET_NHOSTS; h++) {
		if (net_nsfd[h] >= 0)
			close(net_nsfd[h]);
		net_nsfd[h] = -1;
	}
	net_cur = -1;
	net_hosts_setup();

	net_enter(NET_A);
	RTNL_SAFE(rtnl_veth_add("ctl0", "ctl0", net_nsfd[NET_B]));
	a_net0 = rtnl_ifindex("net0");
	a_ctl0 = rtnl_ifindex("ctl0");
	RTNL_SAFE(rtnl_link_up(a_ctl0));
	a = ip4("10.99.7.1");
	RTNL_SAFE(rtnl_addr_add(a_ctl0, AF_INET, &a, 24, 0));
	a = ip4("10.99.1.9");
	RTNL_SAFE(rtnl_addr_add(a_net0, AF_INET, &a, 24, 0));
	RTNL_SAFE(rtnl_link_add("dummy0", "dummy"));
	dummy = rtnl_ifindex("dummy0");
	RTNL_SAFE(rtnl_link_up(dummy));
	a = ip4("10.99.5.1");
	RTNL_SAFE(rtnl_addr_add(dummy, AF_INET, &a, 24, 0));
	a = ip4("10.99.8.0");
	RTNL_SAFE(rtnl_route_add(AF_INET, &a, 24, NULL, dummy, 0));
	RTNL_SAFE(rtnl_link_get(a_net0, NULL, &li));
	memcpy(a_mac, li.addr, 6);

	net_enter(NET_B);
	b_net0 = rtnl_ifindex("net0");
	b_ctl0 = rtnl_ifindex("ctl0");
	RTNL_SAFE(rtnl_link_up(b_ctl0));
	a = ip4("10.99.7.2");
	RTNL_SAFE(rtnl_addr_add(b_ctl0, AF_INET, &a, 24, 0));
	RTNL_SAFE(rtnl_link_get(b_net0, NULL, &li));
	memcpy(b_mac, li.addr, 6);
	RTNL_SAFE(rtnl_link_get(b_ctl0, NULL, &li));
	memcpy(b_ctl_mac, li.addr, 6);
	net_enter(NET_A);
}

static void setup(void)
{
	/* one CPU: the veths queue each frame on the sender's CPU backlog */
	pin_to_current_cpu();
}

static void run(void)
{
	hosts();
	test_ignore();
	test_announce();
	test_proxy();
	test_accept();
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.timeout = 90,
};
