// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The virtio_net_hdr of a tun device with IFF_VNET_HDR (in a private
 * namespace, tun0 10.98.0.1/24, the fd plays 10.98.0.2):
 * - TUNGETIFF shows IFF_VNET_HDR; TUNSETOFFLOAD EINVAL for an unknown
 *   bit and for TUN_F_TSO4 without TUN_F_CSUM;
 * - read side: without offloads a UDP datagram comes with flags 0,
 *   GSO_NONE and a complete, valid checksum; with TUN_F_CSUM it comes
 *   with VIRTIO_NET_HDR_F_NEEDS_CSUM, csum_start 20 (the UDP header),
 *   csum_offset 6, and the checksum field holds the pseudo-header sum:
 *   finishing it over csum_start.. makes the packet verify;
 * - write side: a datagram with a valid checksum is delivered; the same
 *   with only the pseudo-header sum and flags 0 is dropped (Udp
 *   InCsumErrors + 1, not delivered); with NEEDS_CSUM, csum_start 20 and
 *   csum_offset 6 it is delivered (the kernel trusts the partial sum);
 * - EINVAL: a write shorter than the header, hdr_len past the packet, a
 *   checksum position past the packet (none counted), gso_type 7 and
 *   GSO_TCPV4 with gso_size 0 (each rx_frame_errors + 1); a 12 byte
 *   header (TUNSETVNETHDRSZ) is skipped whole on write; on read the
 *   packet follows it and its last 2 bytes are left as the reader's
 *   buffer had them.
 */
#include <sys/ioctl.h>
#include <linux/if_tun.h>
#include <linux/virtio_net.h>
#include <netinet/ip.h>
#include <netinet/udp.h>
#include "tst_test.h"
#include "net_hosts.h"

#define HDR ((int)sizeof(struct virtio_net_hdr))

static int fd, idx, srv;
static unsigned char pkt[2048];
static unsigned short srv_port;

static uint32_t sum16(const void *p, size_t len, uint32_t sum)
{
	const uint8_t *b = p;
	size_t i;

	for (i = 0; i + 1 < len; i += 2)
		sum += b[i] << 8 | b[i + 1];
	if (len & 1)
		sum += b[len - 1] << 8;
	return sum;
}

static uint16_t fold(uint32_t sum)
{
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	return sum;
}

/* The UDP pseudo-header sum (folded, not complemented). */
static uint16_t pseudo(const struct iphdr *ip, int ulen)
{
	uint32_t sum = sum16(&ip->saddr, 8, 0);

	return fold(sum + IPPROTO_UDP + ulen);
}

/* Does the UDP checksum of the IPv4 packet p verify? */
static int udp_ok(const unsigned char *p)
{
	const struct iphdr *ip = (const void *)p;
	int ulen = ntohs(ip->tot_len) - ip->ihl * 4;

	return fold(sum16(p + ip->ihl * 4, ulen, pseudo(ip, ulen))) == 0xffff;
}

/*
 * Build header (hsz bytes) + 10.98.0.2:7777 -> 10.98.0.1:srv_port with
 * payload msg in b; partial: the checksum field holds only the
 * pseudo-header sum, else a valid checksum.
 */
static size_t build(unsigned char *b, int hsz, const struct virtio_net_hdr *h,
		    const char *msg, int partial)
{
	struct iphdr *ip = (struct iphdr *)(b + hsz);
	struct udphdr *udp = (struct udphdr *)(ip + 1);
	int ulen = sizeof(*udp) + strlen(msg);

	memset(b, 0, hsz + sizeof(*ip) + ulen);
	memcpy(b, h, sizeof(*h));
	ip->version = 4;
	ip->ihl = 5;
	ip->ttl = 64;
	ip->protocol = IPPROTO_UDP;
	ip->tot_len = htons(sizeof(*ip) + ulen);
	inet_pton(AF_INET, "10.98.0.2", &ip->saddr);
	inet_pton(AF_INET, "10.98.0.1", &ip->daddr);
	ip->check = htons(~fold(sum16(ip, sizeof(*ip), 0)) & 0xffff);
	udp->source = htons(7777);
	udp->dest = htons(srv_port);
	udp->len = htons(ulen);
	memcpy(udp + 1, msg, strlen(msg));
	if (partial) {
		udp->check = htons(pseudo(ip, ulen));
	} else {
		uint16_t c = ~fold(sum16(udp, ulen, pseudo(ip, ulen))) & 0xffff;

		udp->check = htons(c ? c : 0xffff);
	}
	return hsz + sizeof(*ip) + ulen;
}

static int wr(const void *b, size_t len)
{
	ssize_t n = write(fd, b, len);

	if (n == (ssize_t)len)
		return 0;
	if (n < 0)
		return errno;
	tst_brk(TBROK, "short write %zd of %zu", n, len);
	return -1;
}

static void exp_err(int got, int exp, const char *what)
{
	if (got == exp)
		tst_res(TPASS, "%s: %s", what, exp ? tst_strerrno(exp) : "0");
	else
		tst_res(TFAIL, "%s: %s, expected %s", what,
			got ? tst_strerrno(got) : "0",
			exp ? tst_strerrno(exp) : "0");
}

static long long frame_errors(void)
{
	struct rtnl_link_info li;

	RTNL_SAFE(rtnl_link_get(idx, NULL, &li));
	return li.stats.rx_frame_errors;
}

/* What the server socket got: the payloads, in order, joined by ','. */
static void rcv_until(const char *last, char *out, size_t outlen)
{
	char buf[64];
	ssize_t n;

	out[0] = 0;
	for (;;) {
		net_wait(srv, POLLIN);
		n = recv(srv, buf, sizeof(buf) - 1, 0);
		if (n < 0)
			tst_brk(TBROK | TERRNO, "recv()");
		buf[n] = 0;
		if (out[0])
			strncat(out, ",", outlen - strlen(out) - 1);
		strncat(out, buf, outlen - strlen(out) - 1);
		if (!strcmp(buf, last))
			return;
	}
}

/* Read from the fd until a UDP datagram to 10.98.0.2:7777. */
static ssize_t read_udp(int hsz)
{
	for (;;) {
		struct iphdr *ip = (struct iphdr *)(pkt + hsz);
		ssize_t n;

		net_wait(fd, POLLIN);
		/* the kernel skips what follows its header: see it stays */
		memset(pkt, 0xa5, sizeof(pkt));
		n = read(fd, pkt, sizeof(pkt));
		if (n < 0)
			tst_brk(TBROK | TERRNO, "read(tun)");
		if (n >= hsz + 28 && ip->version == 4 &&
		    ip->protocol == IPPROTO_UDP)
			return n;
	}
}

static void check_read(int offload, int hsz)
{
	struct sockaddr_in to = { .sin_family = AF_INET,
				  .sin_port = htons(7777) };
	struct virtio_net_hdr *h = (void *)pkt;
	struct iphdr *ip = (struct iphdr *)(pkt + hsz);
	const char *msg = "from the stack";
	char what[64];

	snprintf(what, sizeof(what), "read, offload 0x%x, header %d", offload,
		 hsz);
	if (ioctl(fd, TUNSETOFFLOAD, offload))
		tst_brk(TBROK | TERRNO, "TUNSETOFFLOAD 0x%x", offload);
	inet_pton(AF_INET, "10.98.0.2", &to.sin_addr);
	if (sendto(srv, msg, strlen(msg), 0, (struct sockaddr *)&to,
		   sizeof(to)) != (ssize_t)strlen(msg))
		tst_brk(TBROK | TERRNO, "sendto()");
	NET_EXP_EQ(read_udp(hsz), hsz + 28 + (int)strlen(msg),
		   "bytes read: header + packet");
	if (hsz > HDR)
		tst_res(pkt[HDR] == 0xa5 && pkt[HDR + 1] == 0xa5 ? TPASS : TFAIL,
			"%s: the 2 bytes after the header left as they were (0x%02x%02x)",
			what, pkt[HDR], pkt[HDR + 1]);
	NET_EXP_EQ(h->gso_type, VIRTIO_NET_HDR_GSO_NONE, "gso_type");
	if (!offload) {
		NET_EXP_EQ(h->flags, 0, "flags without TUN_F_CSUM");
		tst_res(udp_ok((unsigned char *)ip) ? TPASS : TFAIL,
			"%s: the UDP checksum is complete and verifies", what);
		return;
	}
	NET_EXP_EQ(h->flags, VIRTIO_NET_HDR_F_NEEDS_CSUM,
		   "flags with TUN_F_CSUM");
	NET_EXP_EQ(h->csum_start, 20, "csum_start (the UDP header)");
	NET_EXP_EQ(h->csum_offset, 6, "csum_offset (the UDP checksum)");
	if (h->csum_start == 20 && h->csum_offset == 6) {
		unsigned char *u = (unsigned char *)ip + 20;
		int ulen = ntohs(ip->tot_len) - 20;
		uint16_t c;

		tst_res(ntohs(*(uint16_t *)(u + 6)) == pseudo(ip, ulen) ?
			TPASS : TFAIL,
			"%s: the checksum field holds the pseudo-header sum 0x%04x",
			what, pseudo(ip, ulen));
		c = ~fold(sum16(u, ulen, 0)) & 0xffff;
		*(uint16_t *)(u + 6) = htons(c);
		tst_res(udp_ok((unsigned char *)ip) ? TPASS : TFAIL,
			"%s: finished from csum_start, the checksum verifies",
			what);
	}
}

static void check_write(void)
{
	struct virtio_net_hdr h = { 0 }, hp = {
		.flags = VIRTIO_NET_HDR_F_NEEDS_CSUM,
		.csum_start = 20, .csum_offset = 6,
	};
	unsigned char b[256];
	char got[256];
	long long err0, fe0;
	size_t len;

	err0 = net_snmp(NET_A, "snmp", "Udp", "InCsumErrors");
	len = build(b, HDR, &h, "bad", 1);
	exp_err(wr(b, len), 0, "write: pseudo-header sum only, flags 0");
	len = build(b, HDR, &hp, "partial", 1);
	exp_err(wr(b, len), 0, "write: NEEDS_CSUM, csum_start 20, offset 6");
	len = build(b, HDR, &h, "valid", 0);
	exp_err(wr(b, len), 0, "write: valid checksum, flags 0");
	rcv_until("valid", got, sizeof(got));
	if (!strcmp(got, "partial,valid"))
		tst_res(TPASS, "delivered: the partial one and the valid one, not the bad one");
	else
		tst_res(TFAIL, "delivered: '%s', expected 'partial,valid'",
			got);
	NET_EXP_EQ(net_snmp(NET_A, "snmp", "Udp", "InCsumErrors") - err0, 1,
		   "Udp InCsumErrors increase");

	net_enter(NET_A);
	fe0 = frame_errors();
	exp_err(wr(b, HDR - 1), EINVAL, "write shorter than the header");
	h.hdr_len = 200;
	len = build(b, HDR, &h, "long", 0);
	exp_err(wr(b, len), EINVAL, "hdr_len 200 past the packet");
	hp.csum_start = 100;
	len = build(b, HDR, &hp, "csum", 1);
	exp_err(wr(b, len), EINVAL, "csum_start 100 past the packet");
	NET_EXP_EQ(frame_errors() - fe0, 0,
		   "rx_frame_errors after the header checks");
	memset(&h, 0, sizeof(h));
	h.gso_type = 7;
	len = build(b, HDR, &h, "gso", 0);
	exp_err(wr(b, len), EINVAL, "gso_type 7");
	h.gso_type = VIRTIO_NET_HDR_GSO_TCPV4;
	h.gso_size = 0;
	len = build(b, HDR, &h, "gso", 0);
	exp_err(wr(b, len), EINVAL, "GSO_TCPV4 with gso_size 0");
	NET_EXP_EQ(frame_errors() - fe0, 2, "rx_frame_errors increase");
}

static void check_hdr12(void)
{
	struct virtio_net_hdr h = { 0 };
	unsigned char b[256];
	char got[256];
	int v = 12;
	size_t len;

	if (ioctl(fd, TUNSETVNETHDRSZ, &v))
		tst_brk(TBROK | TERRNO, "TUNSETVNETHDRSZ 12");
	len = build(b, 12, &h, "hdr12", 0);
	b[10] = 0xaa;	/* padding: skipped, whatever it holds */
	b[11] = 0x55;
	exp_err(wr(b, len), 0, "write with a 12 byte header");
	rcv_until("hdr12", got, sizeof(got));
	tst_res(!strcmp(got, "hdr12") ? TPASS : TFAIL,
		"delivered after a 12 byte header: '%s'", got);
	check_read(TUN_F_CSUM, 12);
	v = HDR;
	if (ioctl(fd, TUNSETVNETHDRSZ, &v) || ioctl(fd, TUNSETOFFLOAD, 0))
		tst_brk(TBROK | TERRNO, "resetting the header size and offloads");
}

static void run(void)
{
	struct ifreq ifr;

	net_enter(NET_A);
	memset(&ifr, 0, sizeof(ifr));
	if (ioctl(fd, TUNGETIFF, &ifr))
		tst_brk(TBROK | TERRNO, "TUNGETIFF");
	tst_res(ifr.ifr_flags & IFF_VNET_HDR ? TPASS : TFAIL,
		"TUNGETIFF flags 0x%x include IFF_VNET_HDR", ifr.ifr_flags);
	exp_err(ioctl(fd, TUNSETOFFLOAD, 0x80000000UL) ? errno : 0, EINVAL,
		"TUNSETOFFLOAD of an unknown bit");
	exp_err(ioctl(fd, TUNSETOFFLOAD, TUN_F_TSO4) ? errno : 0, EINVAL,
		"TUNSETOFFLOAD TUN_F_TSO4 without TUN_F_CSUM");
	check_read(0, HDR);
	check_read(TUN_F_CSUM, HDR);
	check_write();
	check_hdr12();
}

static void setup(void)
{
	struct sockaddr_in me = { .sin_family = AF_INET };
	socklen_t sl = sizeof(me);
	struct ifreq ifr;

	net_ns_new(NET_A);
	net_sysctl(NET_A, "net/ipv6/conf/default/disable_ipv6", "1");
	fd = open("/dev/net/tun", O_RDWR | O_NONBLOCK);
	if (fd < 0 && (errno == ENOENT || errno == ENODEV))
		tst_brk(TCONF | TERRNO, "no /dev/net/tun");
	if (fd < 0)
		tst_brk(TBROK | TERRNO, "open(/dev/net/tun)");
	memset(&ifr, 0, sizeof(ifr));
	strcpy(ifr.ifr_name, "tun0");
	ifr.ifr_flags = IFF_TUN | IFF_NO_PI | IFF_VNET_HDR;
	if (ioctl(fd, TUNSETIFF, &ifr))
		tst_brk(TBROK | TERRNO, "TUNSETIFF");
	idx = rtnl_ifindex("tun0");
	inet_pton(AF_INET, "10.98.0.1", &me.sin_addr);
	RTNL_SAFE(rtnl_addr_add(idx, AF_INET, &me.sin_addr, 24, 0));
	RTNL_SAFE(rtnl_link_up(idx));
	srv = net_socket(NET_A, AF_INET, SOCK_DGRAM);
	if (bind(srv, (struct sockaddr *)&me, sizeof(me)) ||
	    getsockname(srv, (struct sockaddr *)&me, &sl))
		tst_brk(TBROK | TERRNO, "bind(10.98.0.1)");
	srv_port = ntohs(me.sin_port);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.timeout = 60,
};
