// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * AF_PACKET sockets on the veth link between two namespaces:
 * - a SOCK_RAW packet socket bound to the remote net0 captures the UDP
 *   datagram the local host sent: Ethernet destination the remote MAC,
 *   source the local MAC, type IPv4, protocol UDP, the ports and the
 *   payload; sll_ifindex is net0, sll_pkttype PACKET_HOST;
 * - a SOCK_DGRAM packet socket gets the same datagram without the
 *   Ethernet header (from the IP header), and the source MAC in
 *   sll_addr;
 * - PACKET_STATISTICS counts what was delivered (tp_packets >= 1);
 * - a frame written on a SOCK_RAW packet socket in the local namespace
 *   (a hand-made Ethernet + IPv4 + UDP datagram) reaches the remote
 *   host's UDP socket with the payload and source the frame named.
 */
#include <linux/if_packet.h>
#include <linux/if_ether.h>
#include <netinet/ip.h>
#include <netinet/udp.h>
#include "tst_test.h"
#include "net_hosts.h"

static unsigned char mac_a[6], mac_b[6];
static unsigned char frame[2048];

static void setup(void)
{
	struct rtnl_link_info li;

	net_hosts_setup();
	RTNL_SAFE(rtnl_link_get(0, "net0", &li));
	memcpy(mac_a, li.addr, 6);
	net_enter(NET_B);
	RTNL_SAFE(rtnl_link_get(0, "net0", &li));
	memcpy(mac_b, li.addr, 6);
	net_enter(NET_A);
}

static int pkt_socket(int h, int type)
{
	struct sockaddr_ll sll = {
		.sll_family = AF_PACKET, .sll_protocol = htons(ETH_P_IP),
	};
	int fd = net_socket(h, AF_PACKET, type);

	sll.sll_ifindex = rtnl_ifindex("net0");
	if (bind(fd, (struct sockaddr *)&sll, sizeof(sll)))
		tst_brk(TBROK | TERRNO, "bind(AF_PACKET)");
	return fd;
}

/* Next IPv4 UDP packet to port (off: where the IP header starts). */
static ssize_t capture(int fd, size_t off, unsigned short port,
		       struct sockaddr_ll *sll)
{
	for (;;) {
		socklen_t len = sizeof(*sll);
		struct iphdr *ip;
		struct udphdr *udp;
		ssize_t n;

		if (!net_poll(fd, POLLIN, 10000))
			return -1;
		n = recvfrom(fd, frame, sizeof(frame), MSG_DONTWAIT,
			     (struct sockaddr *)sll, &len);
		if (n < (ssize_t)(off + sizeof(*ip) + sizeof(*udp)))
			continue;
		ip = (struct iphdr *)(frame + off);
		udp = (struct udphdr *)(frame + off + ip->ihl * 4);
		if (ip->protocol == IPPROTO_UDP && ntohs(udp->dest) == port)
			return n;
	}
}

static void run(void)
{
	struct sockaddr_storage ba, aa;
	struct sockaddr_ll sll;
	int raw = pkt_socket(NET_B, SOCK_RAW);
	int dgram = pkt_socket(NET_B, SOCK_DGRAM);
	int rb = net_bound(NET_B, AF_INET, SOCK_DGRAM, &ba);
	int sa = net_bound(NET_A, AF_INET, SOCK_DGRAM, &aa);
	struct tpacket_stats st;
	socklen_t slen = sizeof(st);
	const char *msg = "captured payload";
	size_t mlen = strlen(msg), hl;
	struct iphdr *ip;
	struct udphdr *udp;
	ssize_t n;

	if (sendto(sa, msg, mlen, 0, (struct sockaddr *)&ba, sizeof(ba)) !=
	    (ssize_t)mlen)
		tst_brk(TBROK | TERRNO, "sendto()");
	n = capture(raw, ETH_HLEN, net_port(&ba), &sll);
	if (n < 0) {
		tst_res(TFAIL, "SOCK_RAW: the datagram was not captured");
	} else {
		struct ethhdr *eth = (struct ethhdr *)frame;

		ip = (struct iphdr *)(frame + ETH_HLEN);
		hl = ETH_HLEN + ip->ihl * 4;
		udp = (struct udphdr *)(frame + hl);
		if (memcmp(eth->h_dest, mac_b, 6) ||
		    memcmp(eth->h_source, mac_a, 6) ||
		    ntohs(eth->h_proto) != ETH_P_IP ||
		    ntohs(udp->source) != net_port(&aa) ||
		    ntohs(udp->len) != sizeof(*udp) + mlen ||
		    n != (ssize_t)(hl + sizeof(*udp) + mlen) ||
		    memcmp(frame + hl + sizeof(*udp), msg, mlen))
			tst_res(TFAIL, "SOCK_RAW: the captured frame is wrong (%zd bytes)",
				n);
		else
			tst_res(TPASS, "SOCK_RAW: frame with both MACs, IPv4, UDP ports, payload");
		if (sll.sll_ifindex != rtnl_ifindex("net0") ||
		    sll.sll_pkttype != PACKET_HOST)
			tst_res(TFAIL, "SOCK_RAW: sll_ifindex %d pkttype %d",
				sll.sll_ifindex, sll.sll_pkttype);
		else
			tst_res(TPASS, "SOCK_RAW: sll_ifindex net0, PACKET_HOST");
	}
	n = capture(dgram, 0, net_port(&ba), &sll);
	if (n < 0) {
		tst_res(TFAIL, "SOCK_DGRAM: the datagram was not captured");
	} else {
		ip = (struct iphdr *)frame;
		hl = ip->ihl * 4;
		if (ip->version != 4 ||
		    n != (ssize_t)(hl + sizeof(struct udphdr) + mlen) ||
		    memcmp(frame + hl + sizeof(struct udphdr), msg, mlen) ||
		    sll.sll_halen != 6 || memcmp(sll.sll_addr, mac_a, 6))
			tst_res(TFAIL, "SOCK_DGRAM: wrong packet or source MAC");
		else
			tst_res(TPASS, "SOCK_DGRAM: from the IP header, source MAC in sll_addr");
	}
	if (getsockopt(raw, SOL_PACKET, PACKET_STATISTICS, &st, &slen))
		tst_brk(TBROK | TERRNO, "PACKET_STATISTICS");
	if (st.tp_packets < 1)
		tst_res(TFAIL, "PACKET_STATISTICS: tp_packets %u", st.tp_packets);
	else
		tst_res(TPASS, "PACKET_STATISTICS: tp_packets %u", st.tp_packets);
	slen = sizeof(st);
	getsockopt(raw, SOL_PACKET, PACKET_STATISTICS, &st, &slen);
	if (st.tp_packets > 0) {
		/* only what arrived between the two reads may be counted */
		tst_res(TINFO, "PACKET_STATISTICS again: %u", st.tp_packets);
	}

	/* the datagram itself reached its socket too: take it */
	{
		char buf[64];

		net_wait(rb, POLLIN);
		if (recv(rb, buf, sizeof(buf), MSG_DONTWAIT) != (ssize_t)mlen)
			tst_res(TFAIL, "the captured datagram was not delivered");
	}

	/* a hand-made frame from the local host */
	{
		int tx = pkt_socket(NET_A, SOCK_RAW);
		struct ethhdr *eth = (struct ethhdr *)frame;
		const char *m2 = "injected frame";
		size_t l2 = strlen(m2);
		struct sockaddr_storage from;
		socklen_t flen = sizeof(from);
		char buf[64];

		memset(frame, 0, sizeof(frame));
		memcpy(eth->h_dest, mac_b, 6);
		memcpy(eth->h_source, mac_a, 6);
		eth->h_proto = htons(ETH_P_IP);
		ip = (struct iphdr *)(frame + ETH_HLEN);
		ip->version = 4;
		ip->ihl = 5;
		ip->ttl = 64;
		ip->protocol = IPPROTO_UDP;
		ip->tot_len = htons(sizeof(*ip) + sizeof(*udp) + l2);
		ip->saddr = ((struct sockaddr_in *)&aa)->sin_addr.s_addr;
		ip->daddr = ((struct sockaddr_in *)&ba)->sin_addr.s_addr;
		{
			uint32_t sum = 0;
			uint16_t *w = (uint16_t *)ip;
			int i;

			for (i = 0; i < 10; i++)
				sum += ntohs(w[i]);
			while (sum >> 16)
				sum = (sum & 0xffff) + (sum >> 16);
			ip->check = htons(~sum & 0xffff);
		}
		udp = (struct udphdr *)(ip + 1);
		udp->source = htons(4242);
		udp->dest = htons(net_port(&ba));
		udp->len = htons(sizeof(*udp) + l2);
		udp->check = 0;	/* none: allowed for IPv4 */
		memcpy(udp + 1, m2, l2);
		n = ETH_HLEN + sizeof(*ip) + sizeof(*udp) + l2;
		if (write(tx, frame, n) != n)
			tst_brk(TBROK | TERRNO, "write(AF_PACKET)");
		net_wait(rb, POLLIN);
		n = recvfrom(rb, buf, sizeof(buf), MSG_DONTWAIT,
			     (struct sockaddr *)&from, &flen);
		if (n != (ssize_t)l2 || memcmp(buf, m2, l2) ||
		    net_port(&from) != 4242)
			tst_res(TFAIL, "injected frame: %zd bytes from port %u",
				n, net_port(&from));
		else
			tst_res(TPASS, "injected frame: delivered to the UDP socket");
		close(tx);
	}
	close(raw);
	close(dgram);
	close(rb);
	close(sa);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.timeout = 60,
};
