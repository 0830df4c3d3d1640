/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The hosts of the redirect tests (net_redirect01, net_redirect02): local
 * 10.99.1.1 (and 10.99.1.11), fd99:1::1, router 10.99.1.254, fe80::fe and
 * remote 10.99.1.2, fe80::2 on one link (a bridge in the router's
 * namespace); 10.99.9.0/24 and fd99:9::/64 on the remote host's lo,
 * routed by the router through the remote host. The local host's
 * default routes go through the router, so a datagram to 10.99.9.x
 * leaves the router by the interface it came in: a redirect. Neighbour
 * entries are pinned (a redirect to a gateway without a valid entry only
 * starts resolving it). After pin_to_current_cpu() the router queues its
 * redirect to the local host before it forwards the datagram, so once
 * the remote host has the datagram the local host has handled the
 * redirect.
 */
#ifndef NET_REDIRECT_H
#define NET_REDIRECT_H

#include <net/ethernet.h>
#include <netinet/ip.h>
#include <netinet/ip6.h>
#include <netinet/udp.h>
#include <netpacket/packet.h>
#include "tst_test.h"
#include "cpu_pin.h"
#include "net_hosts.h"

/* How the local host sends a datagram. */
enum redir_how {
	/* a UDP socket (IPv6: bound to net0 with SO_BINDTODEVICE) */
	REDIR_SOCKET,
	/* a UDP socket bound to no device */
	REDIR_UNBOUND,
	/* a packet socket: no UDP socket holds the source port */
	REDIR_NO_SOCKET,
};

#define PORT 4242

static int rx4 = -1, rx6 = -1, a_net0;
static unsigned char mac_a[6], mac_r[6], mac_b[6];

static void pin(int h, int idx, int family, const char *ip,
		const unsigned char *mac)
{
	unsigned char a[16];

	inet_pton(family, ip, a);
	net_enter(h);
	RTNL_SAFE(rtnl_neigh_add(idx, family, a, mac, NUD_PERMANENT));
}

static void addr(int idx, int family, const char *ip, int plen)
{
	unsigned char a[16];

	inet_pton(family, ip, a);
	RTNL_SAFE(rtnl_addr_add(idx, family, a, plen,
				family == AF_INET6 ? IFA_F_NODAD : 0));
}

static void mac_of(int idx, unsigned char *mac)
{
	struct rtnl_link_info li;

	RTNL_SAFE(rtnl_link_get(idx, NULL, &li));
	memcpy(mac, li.addr, 6);
}

static void hosts(void)
{
	unsigned char gw[16], dst[16];
	int h, a0, b0, br, pa, pb, lo;

	for (h = 0; h < NET_NHOSTS; h++) {
		if (net_nsfd[h] >= 0)
			close(net_nsfd[h]);
		net_nsfd[h] = -1;
	}
	if (rx4 >= 0)
		close(rx4);
	if (rx6 >= 0)
		close(rx6);
	rx4 = rx6 = -1;
	net_cur = -1;
	net_ns_new(NET_B);
	net_ns_new(NET_R);
	/* the bridge gets fe80::fe only: the source of its redirects */
	net_sysctl(NET_R, "net/ipv6/conf/default/addr_gen_mode", "1");
	net_sysctl(NET_R, "net/ipv4/ip_forward", "1");
	net_sysctl(NET_R, "net/ipv6/conf/all/forwarding", "1");
	net_ns_new(NET_A);

	RTNL_SAFE(rtnl_veth_add("net0", "pa", net_nsfd[NET_R]));
	a0 = rtnl_ifindex("net0");
	a_net0 = a0;
	RTNL_SAFE(rtnl_link_up(a0));
	addr(a0, AF_INET, "10.99.1.1", 24);
	addr(a0, AF_INET, "10.99.1.11", 24);
	addr(a0, AF_INET6, "fd99:1::1", 64);
	mac_of(a0, mac_a);

	net_enter(NET_R);
	RTNL_SAFE(rtnl_veth_add("pb", "net0", net_nsfd[NET_B]));
	net_bridge_pa_pb(&br, &pa, &pb);
	addr(br, AF_INET, "10.99.1.254", 24);
	addr(br, AF_INET6, "fd99:1::fe", 64);
	addr(br, AF_INET6, "fe80::fe", 64);
	mac_of(br, mac_r);

	net_enter(NET_B);
	b0 = rtnl_ifindex("net0");
	lo = rtnl_ifindex("lo");
	RTNL_SAFE(rtnl_link_up(b0));
	addr(b0, AF_INET, "10.99.1.2", 24);
	addr(b0, AF_INET6, "fd99:1::2", 64);
	addr(b0, AF_INET6, "fe80::2", 64);
	addr(lo, AF_INET, "10.99.9.1", 32);
	addr(lo, AF_INET, "10.99.9.2", 32);
	addr(lo, AF_INET, "10.99.9.3", 32);
	addr(lo, AF_INET6, "fd99:9::1", 128);
	addr(lo, AF_INET6, "fd99:9::2", 128);
	mac_of(b0, mac_b);

	/* routes: local -> router, router -> remote for the far nets */
	net_enter(NET_A);
	inet_pton(AF_INET, "10.99.1.254", gw);
	RTNL_SAFE(rtnl_route_add(AF_INET, NULL, 0, gw, 0, 0));
	inet_pton(AF_INET6, "fe80::fe", gw);
	RTNL_SAFE(rtnl_route_add(AF_INET6, NULL, 0, gw, a0, 0));
	net_enter(NET_R);
	inet_pton(AF_INET, "10.99.1.2", gw);
	inet_pton(AF_INET, "10.99.9.0", dst);
	RTNL_SAFE(rtnl_route_add(AF_INET, dst, 24, gw, 0, 0));
	inet_pton(AF_INET6, "fe80::2", gw);
	inet_pton(AF_INET6, "fd99:9::", dst);
	RTNL_SAFE(rtnl_route_add(AF_INET6, dst, 64, gw, br, 0));

	pin(NET_A, a0, AF_INET, "10.99.1.254", mac_r);
	pin(NET_A, a0, AF_INET6, "fe80::fe", mac_r);
	pin(NET_A, a0, AF_INET, "10.99.1.2", mac_b);
	pin(NET_A, a0, AF_INET6, "fe80::2", mac_b);
	pin(NET_R, br, AF_INET, "10.99.1.1", mac_a);
	pin(NET_R, br, AF_INET, "10.99.1.11", mac_a);
	pin(NET_R, br, AF_INET6, "fd99:1::1", mac_a);
	pin(NET_R, br, AF_INET, "10.99.1.2", mac_b);
	pin(NET_R, br, AF_INET6, "fe80::2", mac_b);
	pin(NET_B, b0, AF_INET, "10.99.1.1", mac_a);
	pin(NET_B, b0, AF_INET6, "fd99:1::1", mac_a);
	/* both bridge ports forward once their carrier is seen */
	net_check_tcp(NET_A, NET_B);

	rx4 = net_socket(NET_B, AF_INET, SOCK_DGRAM);
	rx6 = net_socket(NET_B, AF_INET6, SOCK_DGRAM);
	{
		struct sockaddr_in s4 = {
			.sin_family = AF_INET, .sin_port = htons(PORT),
		};
		struct sockaddr_in6 s6 = {
			.sin6_family = AF_INET6, .sin6_port = htons(PORT),
		};
		int one = 1;

		if (setsockopt(rx6, IPPROTO_IPV6, IPV6_V6ONLY, &one,
			       sizeof(one)) ||
		    bind(rx4, (struct sockaddr *)&s4, sizeof(s4)) ||
		    bind(rx6, (struct sockaddr *)&s6, sizeof(s6)))
			tst_brk(TBROK | TERRNO, "bind(port %d)", PORT);
	}
	net_enter(NET_A);
}

static uint16_t csum_fold32(uint32_t sum)
{
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	return ~sum;
}

static uint32_t csum_add(uint32_t sum, const void *data, size_t len)
{
	const unsigned char *p = data;
	size_t i;

	for (i = 0; i + 1 < len; i += 2)
		sum += p[i] << 8 | p[i + 1];
	if (len & 1)
		sum += p[len - 1] << 8;
	return sum;
}

/*
 * The datagram as the local host would send it (source port 4999, no
 * socket), written to the router's MAC on a packet socket.
 */
static void inject(int family, const char *src, const char *dst,
		   const char *payload)
{
	unsigned char pkt[128];
	size_t plen = strlen(payload), iplen, len;
	struct udphdr *uh;
	struct sockaddr_ll sll = {
		.sll_family = AF_PACKET, .sll_halen = 6,
		.sll_ifindex = a_net0,
	};
	uint32_t sum;
	int fd;

	memset(pkt, 0, sizeof(pkt));
	if (family == AF_INET) {
		struct iphdr *ip = (struct iphdr *)pkt;

		iplen = sizeof(*ip);
		ip->version = 4;
		ip->ihl = 5;
		ip->ttl = 64;
		ip->protocol = IPPROTO_UDP;
		ip->tot_len = htons(iplen + sizeof(*uh) + plen);
		inet_pton(AF_INET, src, &ip->saddr);
		inet_pton(AF_INET, dst, &ip->daddr);
		ip->check = htons(csum_fold32(csum_add(0, ip, iplen)));
		sll.sll_protocol = htons(ETH_P_IP);
	} else {
		struct ip6_hdr *ip6 = (struct ip6_hdr *)pkt;

		iplen = sizeof(*ip6);
		ip6->ip6_flow = htonl(6U << 28);
		ip6->ip6_plen = htons(sizeof(*uh) + plen);
		ip6->ip6_nxt = IPPROTO_UDP;
		ip6->ip6_hlim = 64;
		inet_pton(AF_INET6, src, &ip6->ip6_src);
		inet_pton(AF_INET6, dst, &ip6->ip6_dst);
		sll.sll_protocol = htons(ETH_P_IPV6);
	}
	uh = (struct udphdr *)(pkt + iplen);
	uh->source = htons(4999);
	uh->dest = htons(PORT);
	uh->len = htons(sizeof(*uh) + plen);
	memcpy(pkt + iplen + sizeof(*uh), payload, plen);
	len = iplen + sizeof(*uh) + plen;
	if (family == AF_INET6) {
		/* pseudo header: addresses, length, next header */
		sum = csum_add(0, pkt + 8, 32);
		sum += sizeof(*uh) + plen;
		sum += IPPROTO_UDP;
		sum = csum_add(sum, uh, sizeof(*uh) + plen);
		uh->check = htons(csum_fold32(sum) ? csum_fold32(sum) : 0xffff);
	}
	memcpy(sll.sll_addr, mac_r, 6);
	net_enter(NET_A);
	fd = socket(AF_PACKET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	if (fd < 0)
		tst_brk(TBROK | TERRNO, "socket(AF_PACKET)");
	if (sendto(fd, pkt, len, 0, (struct sockaddr *)&sll, sizeof(sll)) !=
	    (ssize_t)len)
		tst_brk(TBROK | TERRNO, "sendto(AF_PACKET)");
	close(fd);
}

/*
 * One datagram from src to dst:PORT, sent as how says; 0 once the
 * remote host has it (then any redirect it caused has been handled),
 * -1 if it is lost.
 */
static int send_one(int family, const char *src, const char *dst,
		    enum redir_how how)
{
	struct sockaddr_storage s, d;
	socklen_t len = family == AF_INET ? sizeof(struct sockaddr_in) :
			sizeof(struct sockaddr_in6);
	int fd = -1, rx;
	char buf[64];
	ssize_t n;

	memset(&s, 0, sizeof(s));
	memset(&d, 0, sizeof(d));
	s.ss_family = d.ss_family = family;
	inet_pton(family, src, net_rawaddr(&s));
	inet_pton(family, dst, net_rawaddr(&d));
	((struct sockaddr_in *)&d)->sin_port = htons(PORT);
	if (how == REDIR_NO_SOCKET) {
		inject(family, src, dst, dst);
	} else {
		fd = net_socket(NET_A, family, SOCK_DGRAM);
		/*
		 * IPv6: the redirect reaches the route through the socket's
		 * bound device; until cd51b74bdd0b (6.12.117; not in Debian's
		 * 6.1.192) that of an unbound socket matched no gateway
		 * route and was dropped.
		 */
		if (how == REDIR_SOCKET && family == AF_INET6 &&
		    setsockopt(fd, SOL_SOCKET, SO_BINDTODEVICE, "net0", 5))
			tst_brk(TBROK | TERRNO, "SO_BINDTODEVICE(net0)");
		if (bind(fd, (struct sockaddr *)&s, len))
			tst_brk(TBROK | TERRNO, "bind(%s)", src);
		if (sendto(fd, dst, strlen(dst), 0, (struct sockaddr *)&d,
			   len) != (ssize_t)strlen(dst))
			tst_brk(TBROK | TERRNO, "sendto(%s)", dst);
	}
	rx = family == AF_INET ? rx4 : rx6;
	/* the UDP socket stays open until then: a redirect may reach the
	 * route through the socket its quoted datagram came from
	 */
	if (!(net_poll(rx, POLLIN, 10000) & POLLIN)) {
		if (fd >= 0)
			close(fd);
		return -1;
	}
	n = recv(rx, buf, sizeof(buf) - 1, 0);
	if (fd >= 0)
		close(fd);
	if (n < 0)
		tst_brk(TBROK | TERRNO, "recv()");
	buf[n] = 0;
	if (strcmp(buf, dst))
		tst_brk(TBROK, "got datagram '%s', expected '%s'", buf, dst);
	return 0;
}

/* The gateway of the local host's route to dst, as text ("" if none). */
static const char *gateway(int family, const char *dst)
{
	static char buf[INET6_ADDRSTRLEN];
	struct rtnl_route_info ri;
	unsigned char a[16];

	inet_pton(family, dst, a);
	net_enter(NET_A);
	RTNL_SAFE(rtnl_route_get(family, a, &ri));
	buf[0] = 0;
	if (ri.has_gw)
		inet_ntop(family, ri.gw, buf, sizeof(buf));
	return buf;
}

static void expect_gw(int family, const char *dst, const char *want,
		      const char *ctx)
{
	const char *gw = gateway(family, dst);

	if (!strcmp(gw, want))
		tst_res(TPASS, "%s: %s via %s", ctx, dst, gw);
	else
		tst_res(TFAIL, "%s: %s via '%s', expected %s", ctx, dst, gw,
			want);
}

struct counters {
	long long out_redir, in_redir, forw;
};

static void counters(int family, struct counters *c)
{
	if (family == AF_INET) {
		c->out_redir = net_snmp(NET_R, "snmp", "Icmp:", "OutRedirects");
		c->in_redir = net_snmp(NET_A, "snmp", "Icmp:", "InRedirects");
		c->forw = net_snmp(NET_R, "snmp", "Ip:", "ForwDatagrams");
	} else {
		c->out_redir = net_snmp6(NET_R, "Icmp6OutRedirects");
		c->in_redir = net_snmp6(NET_A, "Icmp6InRedirects");
		c->forw = net_snmp6(NET_R, "Ip6OutForwDatagrams");
	}
}

/* Send and compare the counters' moves with what is expected. */
static void round_trip(int family, const char *src, const char *dst,
		       enum redir_how how, int redir, int forw, const char *ctx)
{
	struct counters c0, c1;
	char what[128];

	counters(family, &c0);
	if (send_one(family, src, dst, how)) {
		tst_res(TFAIL, "%s: datagram to %s lost", ctx, dst);
		return;
	}
	counters(family, &c1);
	snprintf(what, sizeof(what), "%s: router's redirects sent", ctx);
	NET_EXP_EQ(c1.out_redir - c0.out_redir, redir, what);
	snprintf(what, sizeof(what), "%s: local host's redirects received",
		 ctx);
	NET_EXP_EQ(c1.in_redir - c0.in_redir, redir, what);
	snprintf(what, sizeof(what), "%s: datagrams the router forwarded",
		 ctx);
	NET_EXP_EQ(c1.forw - c0.forw, forw, what);
}

static void redir_cleanup(void)
{
	if (rx4 >= 0)
		close(rx4);
	if (rx6 >= 0)
		close(rx6);
}

#endif /* NET_REDIRECT_H */
