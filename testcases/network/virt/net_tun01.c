// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A tun device (IFF_TUN | IFF_NO_PI) in a private namespace, with a
 * program on each end: the test's UDP socket on the device's address,
 * and the tun file descriptor as the "wire":
 * - TUNSETIFF makes tun0 (RTM_GETLINK: kind tun), TUNGETIFF returns its
 *   name and flags;
 * - a datagram sent to a peer address behind tun0 is read from the tun
 *   fd as one IPv4 packet: source and destination addresses, protocol
 *   UDP, the ports, the payload, and a valid header checksum;
 * - a packet written to the tun fd (the reply, addresses swapped) is
 *   received by the UDP socket with the peer's address and port;
 * - without TUNSETPERSIST, closing the fd removes tun0 (ENODEV); with
 *   it, tun0 stays until deleted over rtnetlink.
 */
#include <sys/ioctl.h>
#include <linux/if_tun.h>
#include <netinet/ip.h>
#include <netinet/udp.h>
#include "tst_test.h"
#include "net_hosts.h"

static unsigned char pkt[2048];

static uint16_t csum(const void *p, size_t len)
{
	const uint8_t *b = p;
	uint32_t sum = 0;
	size_t i;

	for (i = 0; i + 1 < len; i += 2)
		sum += b[i] << 8 | b[i + 1];
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	return ~sum & 0xffff;
}

static int tun_open(const char *name, struct ifreq *ifr)
{
	int fd = open("/dev/net/tun", O_RDWR);

	if (fd < 0 && (errno == ENOENT || errno == ENODEV))
		tst_brk(TCONF | TERRNO, "no /dev/net/tun");
	if (fd < 0)
		tst_brk(TBROK | TERRNO, "open(/dev/net/tun)");
	memset(ifr, 0, sizeof(*ifr));
	strcpy(ifr->ifr_name, name);
	ifr->ifr_flags = IFF_TUN | IFF_NO_PI;
	if (ioctl(fd, TUNSETIFF, ifr))
		tst_brk(TBROK | TERRNO, "TUNSETIFF");
	return fd;
}

static void run(void)
{
	struct sockaddr_in me = { .sin_family = AF_INET }, peer, from;
	struct rtnl_link_info li;
	struct ifreq ifr;
	struct iphdr *ip;
	struct udphdr *udp;
	const char *msg = "through the tun", *rep = "reply from the fd";
	socklen_t flen = sizeof(from);
	char buf[64];
	int fd, s, idx, ret, one = 1;
	ssize_t n;

	net_enter(NET_A);
	fd = tun_open("tun0", &ifr);
	memset(&ifr, 0, sizeof(ifr));
	if (ioctl(fd, TUNGETIFF, &ifr))
		tst_brk(TBROK | TERRNO, "TUNGETIFF");
	if (strcmp(ifr.ifr_name, "tun0") ||
	    (ifr.ifr_flags & (IFF_TUN | IFF_NO_PI)) != (IFF_TUN | IFF_NO_PI))
		tst_res(TFAIL, "TUNGETIFF: '%s' flags 0x%x", ifr.ifr_name,
			ifr.ifr_flags);
	else
		tst_res(TPASS, "TUNGETIFF: tun0, IFF_TUN | IFF_NO_PI");
	RTNL_SAFE(rtnl_link_get(0, "tun0", &li));
	if (strcmp(li.kind, "tun"))
		tst_res(TFAIL, "tun0's kind: '%s'", li.kind);
	idx = li.index;
	inet_pton(AF_INET, "10.98.0.1", &me.sin_addr);
	RTNL_SAFE(rtnl_addr_add(idx, AF_INET, &me.sin_addr, 24, 0));
	RTNL_SAFE(rtnl_link_up(idx));

	s = net_socket(NET_A, AF_INET, SOCK_DGRAM);
	if (bind(s, (struct sockaddr *)&me, sizeof(me)))
		tst_brk(TBROK | TERRNO, "bind(10.98.0.1)");
	flen = sizeof(me);
	getsockname(s, (struct sockaddr *)&me, &flen);
	peer = me;
	inet_pton(AF_INET, "10.98.0.2", &peer.sin_addr);
	peer.sin_port = htons(5353);
	if (sendto(s, msg, strlen(msg), 0, (struct sockaddr *)&peer,
		   sizeof(peer)) != (ssize_t)strlen(msg))
		tst_brk(TBROK | TERRNO, "sendto()");

	/* read packets until ours (the stack may send others, e.g. none) */
	for (;;) {
		net_wait(fd, POLLIN);
		n = read(fd, pkt, sizeof(pkt));
		if (n < 0)
			tst_brk(TBROK | TERRNO, "read(tun)");
		ip = (struct iphdr *)pkt;
		if (n >= (ssize_t)sizeof(*ip) && ip->version == 4 &&
		    ip->protocol == IPPROTO_UDP)
			break;
	}
	udp = (struct udphdr *)(pkt + ip->ihl * 4);
	if (ip->saddr != me.sin_addr.s_addr ||
	    ip->daddr != peer.sin_addr.s_addr || csum(ip, ip->ihl * 4) ||
	    udp->source != me.sin_port || udp->dest != peer.sin_port ||
	    n != (ssize_t)(ip->ihl * 4 + sizeof(*udp) + strlen(msg)) ||
	    memcmp(udp + 1, msg, strlen(msg)))
		tst_res(TFAIL, "the packet read from the tun fd is wrong (%zd bytes)",
			n);
	else
		tst_res(TPASS, "read from the tun fd: the IPv4/UDP packet as sent");

	/* the reply: swap addresses and ports, new payload */
	{
		uint32_t a = ip->saddr;
		uint16_t p = udp->source;
		size_t hl = ip->ihl * 4, len = hl + sizeof(*udp) + strlen(rep);

		ip->saddr = ip->daddr;
		ip->daddr = a;
		udp->source = udp->dest;
		udp->dest = p;
		udp->len = htons(sizeof(*udp) + strlen(rep));
		udp->check = 0;
		memcpy(udp + 1, rep, strlen(rep));
		ip->tot_len = htons(len);
		ip->check = 0;
		ip->check = htons(csum(ip, hl));
		if (write(fd, pkt, len) != (ssize_t)len)
			tst_brk(TBROK | TERRNO, "write(tun)");
	}
	net_wait(s, POLLIN);
	flen = sizeof(from);
	n = recvfrom(s, buf, sizeof(buf), MSG_DONTWAIT,
		     (struct sockaddr *)&from, &flen);
	if (n != (ssize_t)strlen(rep) || memcmp(buf, rep, n) ||
	    from.sin_addr.s_addr != peer.sin_addr.s_addr ||
	    from.sin_port != peer.sin_port)
		tst_res(TFAIL, "the packet written to the tun fd: %zd bytes", n);
	else
		tst_res(TPASS, "written to the tun fd: received from the peer's address and port");
	close(s);

	close(fd);
	ret = rtnl_link_get(0, "tun0", &li);
	if (ret == -ENODEV)
		tst_res(TPASS, "closing the fd removed tun0");
	else
		tst_res(TFAIL, "after close: RTM_GETLINK tun0 %s",
			ret ? tst_strerrno(-ret) : "found it");

	fd = tun_open("tun1", &ifr);
	if (ioctl(fd, TUNSETPERSIST, one))
		tst_brk(TBROK | TERRNO, "TUNSETPERSIST");
	close(fd);
	ret = rtnl_link_get(0, "tun1", &li);
	if (ret)
		tst_res(TFAIL, "persistent tun1 after close: %s",
			tst_strerrno(-ret));
	else
		tst_res(TPASS, "persistent tun1 outlives its fd");
	if (!ret) {
		RTNL_SAFE(rtnl_link_del(li.index));
		ret = rtnl_link_get(0, "tun1", &li);
		if (ret == -ENODEV)
			tst_res(TPASS, "tun1 deleted over rtnetlink");
		else
			tst_res(TFAIL, "tun1 after RTM_DELLINK: %s",
				ret ? tst_strerrno(-ret) : "found it");
	}
}

static struct tst_test test = {
	.test_all = run,
	.setup = net_hosts_setup,
	.needs_root = 1,
	.timeout = 60,
};
