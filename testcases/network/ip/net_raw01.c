// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Raw IPv4 and IPv6 sockets between two namespaces:
 * - ICMP_FILTER: read back; a raw ICMP socket filtering echo replies gets
 *   none while an unfiltered one beside it gets the reply to its echo
 *   request, and the filtered one still gets a port unreachable (type 3);
 *   ICMP_FILTER on a raw socket of another protocol is EOPNOTSUPP;
 * - IP_HDRINCL: the kernel fills tot_len, the header checksum, the
 *   source address (given as 0) and the id (given as 0) and keeps TTL,
 *   TOS and the payload, as the remote raw socket (protocol 253) sees;
 *   a header of 19 bytes, an ihl beyond the data and an ihl of 4 are
 *   EINVAL;
 * - IPV6_CHECKSUM: -1 by default, 2 once set, an odd offset EINVAL, and
 *   EINVAL on an ICMPv6 socket (which reads back 2); the kernel writes a
 *   checksum at the offset that verifies with the pseudo-header; a
 *   datagram too short for the offset is EINVAL; a receiving socket with
 *   IPV6_CHECKSUM drops a datagram with a bad checksum (SK_MEMINFO_DROPS
 *   1, nothing queued) that a socket without it receives, and gets the
 *   good one after;
 * - without CAP_NET_RAW (as nobody), raw IPv4, raw IPv6 and packet
 *   sockets are EPERM.
 */
#include <netinet/ip.h>
#include <netinet/ip_icmp.h>
#include <linux/if_ether.h>
#include <linux/sock_diag.h>
#include "tst_test.h"
#include "net_hosts.h"
#include "as_nobody.h"

#define PROTO 253

/* linux/icmp.h (it clashes with the C library's net/if.h) */
#ifndef ICMP_FILTER
# define ICMP_FILTER 1
#endif
struct icmp_filter {
	uint32_t data;
};

static unsigned short csum(const void *data, size_t len, unsigned int sum)
{
	const unsigned char *p = data;
	size_t i;

	for (i = 0; i + 1 < len; i += 2)
		sum += (p[i] << 8) | p[i + 1];
	if (len & 1)
		sum += p[len - 1] << 8;
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	return ~sum & 0xffff;
}

static int raw(int h, int family, int proto)
{
	int fd;

	net_enter(h);
	fd = socket(family, SOCK_RAW, proto);
	if (fd < 0)
		tst_brk(TBROK | TERRNO, "socket(SOCK_RAW, %d)", proto);
	return fd;
}

static ssize_t recv_wait(int fd, void *buf, size_t len)
{
	if (!net_poll(fd, POLLIN, 10000))
		return -2;
	return recv(fd, buf, len, MSG_DONTWAIT);
}

/* Read from fd until a packet of ICMP type comes (bounded): 1 if so. */
static int wait_icmp(int fd, int type)
{
	unsigned char buf[1500];
	ssize_t n;
	int i;

	for (i = 0; i < 16; i++) {
		n = recv_wait(fd, buf, sizeof(buf));
		if (n < 0)
			return 0;
		if (n >= 28 && buf[(buf[0] & 15) * 4] == type)
			return 1;
	}
	return 0;
}

static void icmp_filter(void)
{
	struct sockaddr_storage dst, udst;
	struct icmp_filter f = { 1 << ICMP_ECHOREPLY }, g = { 0 };
	socklen_t len = sizeof(g);
	int plain = raw(NET_A, AF_INET, IPPROTO_ICMP);
	int filt = raw(NET_A, AF_INET, IPPROTO_ICMP);
	int other = raw(NET_A, AF_INET, PROTO);
	int u;
	struct icmphdr echo = {
		.type = ICMP_ECHO, .un.echo.id = htons(0x4242),
		.un.echo.sequence = htons(1),
	};
	char c;

	TST_EXP_PASS(setsockopt(filt, SOL_RAW, ICMP_FILTER, &f, sizeof(f)),
		     "ICMP_FILTER (echo reply)");
	TST_EXP_PASS(getsockopt(filt, SOL_RAW, ICMP_FILTER, &g, &len));
	NET_EXP_EQ(g.data, f.data, "ICMP_FILTER read back");
	TST_EXP_FAIL(setsockopt(other, SOL_RAW, ICMP_FILTER, &f, sizeof(f)),
		     EOPNOTSUPP, "ICMP_FILTER on a protocol 253 raw socket");
	echo.checksum = htons(csum(&echo, sizeof(echo), 0));
	net_addr(NET_B, AF_INET, 0, &dst);
	if (sendto(plain, &echo, sizeof(echo), 0, (struct sockaddr *)&dst,
		   sizeof(struct sockaddr_in)) != sizeof(echo))
		tst_brk(TBROK | TERRNO, "sendto(echo)");
	if (wait_icmp(plain, ICMP_ECHOREPLY))
		tst_res(TPASS, "the unfiltered socket got the echo reply");
	else
		tst_res(TFAIL, "the unfiltered socket got no echo reply");
	TST_EXP_FAIL(recv(filt, &c, 1, MSG_DONTWAIT), EAGAIN,
		     "the filtering socket got no echo reply");

	u = net_socket(NET_A, AF_INET, SOCK_DGRAM);
	close(net_bound(NET_B, AF_INET, SOCK_DGRAM, &udst));
	net_enter(NET_A);
	if (sendto(u, "x", 1, 0, (struct sockaddr *)&udst,
		   sizeof(struct sockaddr_in)) != 1)
		tst_brk(TBROK | TERRNO, "sendto(udp)");
	if (wait_icmp(filt, ICMP_DEST_UNREACH))
		tst_res(TPASS, "the filtering socket still got a port unreachable");
	else
		tst_res(TFAIL, "the filtering socket got no port unreachable");
	close(u);
	close(plain);
	close(filt);
	close(other);
}

static void hdrincl(void)
{
	int s = raw(NET_A, AF_INET, PROTO);
	int r = raw(NET_B, AF_INET, PROTO);
	int on = 1, i, ids = 0;
	unsigned char pkt[64], buf[1500];
	struct iphdr *iph = (struct iphdr *)pkt, *rh = (struct iphdr *)buf;
	struct sockaddr_storage dst, src;
	ssize_t n;

	if (setsockopt(s, SOL_IP, IP_HDRINCL, &on, sizeof(on)))
		tst_brk(TBROK | TERRNO, "IP_HDRINCL");
	net_addr(NET_B, AF_INET, 0, &dst);
	net_addr(NET_A, AF_INET, 0, &src);
	for (i = 0; i < 2; i++) {
		memset(pkt, 0, sizeof(pkt));
		iph->version = 4;
		iph->ihl = 5;
		iph->tos = 0x10;
		iph->ttl = 33;
		iph->protocol = PROTO;
		iph->check = htons(0xdead);
		iph->daddr = ((struct sockaddr_in *)&dst)->sin_addr.s_addr;
		memcpy(pkt + 20, "hdrincl", 7);
		if (sendto(s, pkt, 27, 0, (struct sockaddr *)&dst,
			   sizeof(struct sockaddr_in)) != 27)
			tst_brk(TBROK | TERRNO, "sendto(27 bytes)");
		n = recv_wait(r, buf, sizeof(buf));
		if (n != 27) {
			tst_res(TFAIL, "the remote got %zd bytes, expected 27", n);
			break;
		}
		if (!i) {
			NET_EXP_EQ(ntohs(rh->tot_len), 27, "tot_len filled in");
			NET_EXP_EQ(csum(buf, 20, 0), 0, "header checksum verifies");
			NET_EXP_EQ(rh->saddr,
				   ((struct sockaddr_in *)&src)->sin_addr.s_addr,
				   "source address filled in");
			NET_EXP_EQ(rh->ttl, 33, "TTL kept");
			NET_EXP_EQ(rh->tos, 0x10, "TOS kept");
			if (!memcmp(buf + 20, "hdrincl", 7))
				tst_res(TPASS, "payload intact");
			else
				tst_res(TFAIL, "payload differs");
		}
		ids |= rh->id;
	}
	if (ids)
		tst_res(TPASS, "ids filled in (not both 0)");
	else
		tst_res(TFAIL, "both ids are 0");

	TST_EXP_FAIL(sendto(s, pkt, 19, 0, (struct sockaddr *)&dst,
			    sizeof(struct sockaddr_in)), EINVAL,
		     "IP_HDRINCL with 19 bytes");
	iph->ihl = 15;
	TST_EXP_FAIL(sendto(s, pkt, 30, 0, (struct sockaddr *)&dst,
			    sizeof(struct sockaddr_in)), EINVAL,
		     "IP_HDRINCL with ihl 15 (60 bytes) in 30 bytes");
	iph->ihl = 4;
	TST_EXP_FAIL(sendto(s, pkt, 30, 0, (struct sockaddr *)&dst,
			    sizeof(struct sockaddr_in)), EINVAL,
		     "IP_HDRINCL with ihl 4");
	close(s);
	close(r);
}

/* SK_MEMINFO_DROPS of fd once it reaches want (bounded wait). */
static unsigned int wait_drops(int fd, unsigned int want)
{
	uint32_t mem[SK_MEMINFO_VARS];
	socklen_t len;
	struct timespec t0, t;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (;;) {
		len = sizeof(mem);
		memset(mem, 0, sizeof(mem));
		if (getsockopt(fd, SOL_SOCKET, SO_MEMINFO, mem, &len))
			tst_brk(TBROK | TERRNO, "getsockopt(SO_MEMINFO)");
		clock_gettime(CLOCK_MONOTONIC, &t);
		if (mem[SK_MEMINFO_DROPS] >= want ||
		    (t.tv_sec - t0.tv_sec) * 1000 > net_ms(10000))
			return mem[SK_MEMINFO_DROPS];
		usleep(1000);
	}
}

static int getcsum(int fd)
{
	int v = 0;
	socklen_t len = sizeof(v);

	if (getsockopt(fd, SOL_IPV6, IPV6_CHECKSUM, &v, &len))
		tst_brk(TBROK | TERRNO, "getsockopt(IPV6_CHECKSUM)");
	return v;
}

static void v6_checksum(void)
{
	int s = raw(NET_A, AF_INET6, PROTO);
	int bad = raw(NET_A, AF_INET6, PROTO);
	int rplain = raw(NET_B, AF_INET6, PROTO);
	int rsum = raw(NET_B, AF_INET6, PROTO);
	int icmp = raw(NET_A, AF_INET6, IPPROTO_ICMPV6);
	int two = 2, three = 3;
	unsigned char pkt[8] = { 0xab, 0xcd, 0, 0, 'd', 'a', 't', 'a' };
	unsigned char buf[64], ph[40] = { 0 };
	struct sockaddr_storage dst, src;
	ssize_t n;

	NET_EXP_EQ(getcsum(s), -1, "IPV6_CHECKSUM by default");
	TST_EXP_FAIL(setsockopt(s, SOL_IPV6, IPV6_CHECKSUM, &three,
				sizeof(three)), EINVAL, "IPV6_CHECKSUM 3 (odd)");
	TST_EXP_FAIL(setsockopt(icmp, SOL_IPV6, IPV6_CHECKSUM, &two,
				sizeof(two)), EINVAL,
		     "IPV6_CHECKSUM on an ICMPv6 socket");
	NET_EXP_EQ(getcsum(icmp), 2, "IPV6_CHECKSUM of an ICMPv6 socket");
	if (setsockopt(s, SOL_IPV6, IPV6_CHECKSUM, &two, sizeof(two)) ||
	    setsockopt(rsum, SOL_IPV6, IPV6_CHECKSUM, &two, sizeof(two)))
		tst_brk(TBROK | TERRNO, "setsockopt(IPV6_CHECKSUM, 2)");
	NET_EXP_EQ(getcsum(s), 2, "IPV6_CHECKSUM read back");

	net_addr(NET_B, AF_INET6, 0, &dst);
	net_addr(NET_A, AF_INET6, 0, &src);
	TST_EXP_FAIL(sendto(s, pkt, 3, 0, (struct sockaddr *)&dst,
			    sizeof(struct sockaddr_in6)), EINVAL,
		     "3 byte datagram with the checksum at offset 2");

	/* a bad checksum first: the checking socket drops it */
	pkt[2] = 0x12;
	pkt[3] = 0x34;
	if (sendto(bad, pkt, 8, 0, (struct sockaddr *)&dst,
		   sizeof(struct sockaddr_in6)) != 8)
		tst_brk(TBROK | TERRNO, "sendto(bad checksum)");
	n = recv_wait(rplain, buf, sizeof(buf));
	NET_EXP_EQ(n, 8, "a socket without IPV6_CHECKSUM got the bad datagram");
	NET_EXP_EQ(wait_drops(rsum, 1), 1,
		   "drops of the checking socket (SK_MEMINFO_DROPS)");
	TST_EXP_FAIL(recv(rsum, buf, sizeof(buf), MSG_DONTWAIT), EAGAIN,
		     "the checking socket has nothing queued");

	pkt[2] = pkt[3] = 0;
	if (sendto(s, pkt, 8, 0, (struct sockaddr *)&dst,
		   sizeof(struct sockaddr_in6)) != 8)
		tst_brk(TBROK | TERRNO, "sendto()");
	n = recv_wait(rplain, buf, sizeof(buf));
	if (n != 8) {
		tst_res(TFAIL, "the remote got %zd bytes, expected 8", n);
	} else {
		memcpy(ph, net_rawaddr(&src), 16);
		memcpy(ph + 16, net_rawaddr(&dst), 16);
		ph[35] = 8;
		ph[39] = PROTO;
		NET_EXP_EQ(csum(buf, 8, 0xffff & ~csum(ph, 40, 0)), 0,
			   "the kernel's checksum at offset 2 verifies");
		if (!memcmp(buf + 4, "data", 4) && buf[0] == 0xab)
			tst_res(TPASS, "the rest of the datagram is intact");
		else
			tst_res(TFAIL, "the datagram changed");
	}
	n = recv_wait(rsum, buf, sizeof(buf));
	NET_EXP_EQ(n, 8, "the checking socket got the good datagram");
	close(s);
	close(bad);
	close(rplain);
	close(rsum);
	close(icmp);
}

static void unprivileged(void)
{
	TST_EXP_FAIL(socket(AF_INET, SOCK_RAW, IPPROTO_ICMP), EPERM,
		     "raw IPv4 socket without CAP_NET_RAW");
	TST_EXP_FAIL(socket(AF_INET6, SOCK_RAW, IPPROTO_ICMPV6), EPERM,
		     "raw IPv6 socket without CAP_NET_RAW");
	TST_EXP_FAIL(socket(AF_PACKET, SOCK_RAW, htons(ETH_P_ALL)), EPERM,
		     "packet socket without CAP_NET_RAW");
}

static void run(void)
{
	icmp_filter();
	hdrincl();
	v6_checksum();
	net_enter(NET_A);
	run_in_nobody_child(unprivileged, "the EPERM checks");
}

static void setup(void)
{
	net_hosts_setup();
	net_sysctl(NET_B, "net/ipv4/icmp_ratemask", "0");
	net_enter(NET_A);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.forks_child = 1,
	.timeout = 60,
};
