// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Malformed IPv4 and IPv6 packets, hand-made by the remote host and
 * written on an AF_PACKET socket to the local host's MAC; each has one
 * defect, and the counters of the local host's /proc/net/snmp, netstat
 * and snmp6 are read before it and after a good UDP datagram sent behind
 * it has been read back byte for byte: exactly the counters named move,
 * by exactly what is named, and nothing bad reaches the UDP socket.
 * - IPv4: a bad header checksum: InCsumErrors and InHdrErrors + 1;
 *   version 5, ihl 4, tot_len 19 (< ihl * 4): InHdrErrors + 1; tot_len
 *   one past the frame: InTruncatedPkts + 1; tot_len short of the frame:
 *   the trailing bytes cut, delivered intact; TTL 0 to a local address:
 *   delivered (IP_RECVTTL 0); a destination not ours with forwarding
 *   off: InAddrErrors + 1;
 * - IPv4 reassembly: a datagram of 65515 bytes (tot_len 65535) in 45
 *   fragments reassembled and delivered whole (ReasmOKs + 1), one byte
 *   more: ReasmFails + 1 (ip_frag_reasm()); overlapping fragments:
 *   ReasmOverlaps and ReasmFails + 1, nothing delivered; a duplicate
 *   fragment ignored, the datagram still reassembled;
 * - IPv6: payload_len one past the frame: Ip6InTruncatedPkts + 1;
 *   version 4 in an IPv6 frame: Ip6InHdrErrors + 1; next header 253:
 *   Ip6InUnknownProtos and Icmp6OutParmProblems + 1, the remote gets a
 *   parameter problem, code 1 (unrecognised next header), pointer 6,
 *   quoting the packet;
 * - IPv6 forwarding on in the local host, fd99:9::/64 routed to dummy0:
 *   hop limit 0 and 1: Ip6InHdrErrors and Icmp6OutTimeExcds + 1, the
 *   remote gets time exceeded code 0 quoting the packet; hop limit 2:
 *   forwarded (Ip6OutForwDatagrams + 1, dummy0 tx_packets + 1).
 * Would catch a receive path that lets a malformed header through,
 * counts an error in the wrong counter or twice, reassembles past 65535
 * bytes or over an overlap, or answers with the wrong ICMPv6 error.
 * The remote host sends from one CPU: the veth queues both frames on that
 * CPU's backlog, so the bad one is handled before the good one.
 */
#include <linux/if_ether.h>
#include <netinet/ip.h>
#include <netinet/ip6.h>
#include <netinet/icmp6.h>
#include <netpacket/packet.h>
#include "tst_test.h"
#include "cpu_pin.h"
#include "net_hosts.h"

#define PORT4 40004
#define PORT6 40006
#define SPORT 40001
#define FRAG_DATA 1480
#define NCTR 12

enum { IP4, IP6 };

struct ctr {
	const char *file, *sect, *name;
};

static const struct ctr ctrs[2][NCTR] = {
	[IP4] = {
		{ "snmp", "Ip:", "InHdrErrors" },
		{ "netstat", "IpExt:", "InCsumErrors" },
		{ "netstat", "IpExt:", "InTruncatedPkts" },
		{ "snmp", "Ip:", "InAddrErrors" },
		{ "netstat", "IpExt:", "InNoRoutes" },
		{ "snmp", "Ip:", "InUnknownProtos" },
		{ "snmp", "Ip:", "InDelivers" },
		{ "snmp", "Ip:", "ReasmReqds" },
		{ "snmp", "Ip:", "ReasmOKs" },
		{ "snmp", "Ip:", "ReasmFails" },
		{ "netstat", "IpExt:", "ReasmOverlaps" },
		{ "snmp", "Ip:", "ForwDatagrams" },
	},
	[IP6] = {
		{ "snmp6", NULL, "Ip6InHdrErrors" },
		{ "snmp6", NULL, "Ip6InTruncatedPkts" },
		{ "snmp6", NULL, "Ip6InUnknownProtos" },
		{ "snmp6", NULL, "Ip6InAddrErrors" },
		{ "snmp6", NULL, "Ip6InNoRoutes" },
		{ "snmp6", NULL, "Ip6InDiscards" },
		{ "snmp6", NULL, "Ip6OutForwDatagrams" },
		{ "snmp6", NULL, "Ip6ReasmFails" },
		{ "snmp6", NULL, "Icmp6OutParmProblems" },
		{ "snmp6", NULL, "Icmp6OutTimeExcds" },
		{ "snmp6", NULL, "Icmp6OutDestUnreachs" },
		{ "snmp6", NULL, "Udp6InErrors" },
	},
};

/* A counter named and the amount it must move by. */
struct want {
	const char *name;
	int delta;
};

static unsigned char a_mac[6], b_mac[6];
static int b_net0, a_dummy, tx, rx4, rx6, icmp6;
static int seq;
static long long before[NCTR];
/* 65536 bytes of UDP datagram, built up for the fragment cases */
static unsigned char dgram[65536];
static unsigned char frame[2048];

static void snapshot(int fam, long long *v)
{
	int i;

	for (i = 0; i < NCTR; i++)
		v[i] = net_snmp(NET_A, ctrs[fam][i].file, ctrs[fam][i].sect,
				ctrs[fam][i].name);
}

static uint16_t csum_fold(uint32_t sum)
{
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	return ~sum;
}

static uint32_t csum_add(uint32_t sum, const void *p, size_t len)
{
	const unsigned char *b = p;
	size_t i;

	for (i = 0; i + 1 < len; i += 2)
		sum += b[i] << 8 | b[i + 1];
	if (len & 1)
		sum += b[len - 1] << 8;
	return sum;
}

/* The Ethernet header of a frame from the remote to the local host. */
static void eth(unsigned char *f, int type)
{
	memcpy(f, a_mac, 6);
	memcpy(f + 6, b_mac, 6);
	f[12] = type >> 8;
	f[13] = type & 0xff;
}

static void send_frame(const void *f, size_t len)
{
	struct sockaddr_ll sll = {
		.sll_family = AF_PACKET, .sll_ifindex = b_net0,
		.sll_halen = 6,
	};

	memcpy(sll.sll_addr, a_mac, 6);
	if (sendto(tx, f, len, 0, (struct sockaddr *)&sll, sizeof(sll)) !=
	    (ssize_t)len)
		tst_brk(TBROK | TERRNO, "sendto(AF_PACKET, %zu bytes)", len);
}

/*
 * A frame holding an IPv4 header (10.99.1.2 to dst, UDP, ihl 5, a
 * correct checksum) and len bytes of data; its length.
 */
static size_t ip4_frame(unsigned char *f, const char *dst, int ttl, int id,
			int frag, const void *data, size_t len)
{
	struct iphdr *ip = (struct iphdr *)(f + 14);

	eth(f, ETH_P_IP);
	memset(ip, 0, sizeof(*ip));
	ip->version = 4;
	ip->ihl = 5;
	ip->tot_len = htons(20 + len);
	ip->id = htons(id);
	ip->frag_off = htons(frag);
	ip->ttl = ttl;
	ip->protocol = IPPROTO_UDP;
	net_ipv4("10.99.1.2", (struct in_addr *)&ip->saddr);
	net_ipv4(dst, (struct in_addr *)&ip->daddr);
	memcpy(f + 34, data, len);
	ip->check = htons(csum_fold(csum_add(0, ip, 20)));
	return 34 + len;
}

static void ip4_recheck(unsigned char *f)
{
	struct iphdr *ip = (struct iphdr *)(f + 14);

	ip->check = 0;
	ip->check = htons(csum_fold(csum_add(0, ip, ip->ihl * 4)));
}

/* A UDP datagram of len bytes to port with a pattern seeded by tag. */
static size_t udp_build(unsigned char *d, size_t len, int port, int tag)
{
	size_t i;

	d[0] = SPORT >> 8;
	d[1] = SPORT & 0xff;
	d[2] = port >> 8;
	d[3] = port & 0xff;
	d[4] = (len >> 8) & 0xff;
	d[5] = len & 0xff;
	d[6] = d[7] = 0;
	for (i = 8; i < len; i++)
		d[i] = (unsigned char)(i * 7 + tag);
	return len;
}

/* The IPv6 header (fd99:1::2 to dst) and len bytes of payload. */
static size_t ip6_frame(unsigned char *f, const char *dst, int hops,
			int nexthdr, const void *data, size_t len)
{
	struct ip6_hdr *ip6 = (struct ip6_hdr *)(f + 14);

	eth(f, ETH_P_IPV6);
	memset(ip6, 0, sizeof(*ip6));
	ip6->ip6_flow = htonl(6u << 28);
	ip6->ip6_plen = htons(len);
	ip6->ip6_nxt = nexthdr;
	ip6->ip6_hlim = hops;
	inet_pton(AF_INET6, "fd99:1::2", &ip6->ip6_src);
	inet_pton(AF_INET6, dst, &ip6->ip6_dst);
	memcpy(f + 54, data, len);
	return 54 + len;
}

/* A UDP over IPv6 frame to fd99:1::1 with a correct checksum. */
static size_t ip6_udp_frame(unsigned char *f, int hops, int tag, size_t len)
{
	unsigned char d[256];
	struct ip6_hdr *ip6 = (struct ip6_hdr *)(f + 14);
	uint32_t sum;
	uint16_t c;
	size_t n;

	udp_build(d, len, PORT6, tag);
	n = ip6_frame(f, "fd99:1::1", hops, IPPROTO_UDP, d, len);
	sum = csum_add(0, &ip6->ip6_src, 32);
	sum += len + IPPROTO_UDP;
	sum = csum_add(sum, f + 54, len);
	c = csum_fold(sum);
	if (!c)
		c = 0xffff;
	f[54 + 6] = c >> 8;
	f[54 + 7] = c & 0xff;
	return n;
}

/*
 * Read the next datagram of fd (bounded) and compare it with the UDP
 * payload expect of len bytes; the TTL or hop limit in *ttl if given.
 */
static int read_exact(int fd, const unsigned char *expect, size_t len,
		      const char *what, int *ttl)
{
	static unsigned char buf[65536];
	char cbuf[CMSG_SPACE(sizeof(int))];
	struct iovec iov = { .iov_base = buf, .iov_len = sizeof(buf) };
	struct msghdr mh = {
		.msg_iov = &iov, .msg_iovlen = 1,
		.msg_control = cbuf, .msg_controllen = sizeof(cbuf),
	};
	struct cmsghdr *cm;
	ssize_t n;

	if (!net_poll(fd, POLLIN, 10000)) {
		tst_res(TFAIL, "%s: not delivered in %d ms", what,
			net_ms(10000));
		return -1;
	}
	n = recvmsg(fd, &mh, MSG_DONTWAIT);
	if (n < 0)
		tst_brk(TBROK | TERRNO, "recvmsg()");
	if ((size_t)n != len || memcmp(buf, expect, len)) {
		tst_res(TFAIL, "%s: got %zd bytes%s, expected %zu", what, n,
			(size_t)n == len ? " that differ" : "", len);
		return -1;
	}
	for (cm = CMSG_FIRSTHDR(&mh); ttl && cm; cm = CMSG_NXTHDR(&mh, cm))
		if ((cm->cmsg_level == SOL_IP && cm->cmsg_type == IP_TTL) ||
		    (cm->cmsg_level == SOL_IPV6 &&
		     cm->cmsg_type == IPV6_HOPLIMIT))
			memcpy(ttl, CMSG_DATA(cm), sizeof(int));
	return 0;
}

/*
 * The good datagram behind a bad frame, read back: 0 when it came intact
 * and nothing came before it (a bad datagram delivered fails here).
 */
static int sentinel(int fam)
{
	static unsigned char buf[65536];
	unsigned char d[64];
	int fd = fam == IP4 ? rx4 : rx6, tag = ++seq, i;
	ssize_t n;

	udp_build(d, 40, fam == IP4 ? PORT4 : PORT6, tag);
	if (fam == IP4)
		send_frame(frame, ip4_frame(frame, "10.99.1.1", 64, 1000 + tag,
					    0, d, 40));
	else
		send_frame(frame, ip6_udp_frame(frame, 64, tag, 40));
	for (i = 0; i < 4; i++) {
		if (!net_poll(fd, POLLIN, 10000))
			break;
		n = recv(fd, buf, sizeof(buf), MSG_DONTWAIT);
		if (n == 32 && !memcmp(buf, d + 8, 32))
			return i ? -1 : 0;
		tst_res(TFAIL, "a datagram of %zd bytes delivered before the good one",
			n);
	}
	tst_res(TFAIL, "the good datagram behind not delivered intact");
	return -1;
}

static int ctr_index(int fam, const char *name)
{
	int i;

	for (i = 0; i < NCTR; i++)
		if (!strcmp(ctrs[fam][i].name, name))
			return i;
	tst_brk(TBROK, "no counter %s", name);
	return -1;
}

/*
 * After the sentinel: each counter moved by exactly what w names (the
 * first waited for, bounded, in case the kernel handled it late), the
 * others by 0.
 */
static void check(int fam, const char *what, const struct want *w)
{
	long long after[NCTR], want[NCTR] = { 0 };
	const struct ctr *c0;
	char moved[256];
	int i, n, ok = 1;

	if (sentinel(fam))
		return;
	for (i = 0; w[i].name; i++)
		want[ctr_index(fam, w[i].name)] = w[i].delta;
	c0 = &ctrs[fam][ctr_index(fam, w[0].name)];
	net_wait_snmp(NET_A, c0->file, c0->sect, c0->name,
		      before[ctr_index(fam, w[0].name)] + w[0].delta);
	snapshot(fam, after);
	for (i = 0; i < NCTR; i++) {
		if (after[i] - before[i] == want[i])
			continue;
		tst_res(TFAIL, "%s: %s + %lld, expected + %lld", what,
			ctrs[fam][i].name, after[i] - before[i], want[i]);
		ok = 0;
	}
	if (!ok)
		return;
	for (i = 0, n = 0; w[i].name && n < (int)sizeof(moved); i++)
		n += snprintf(moved + n, sizeof(moved) - n, "%s%s + %d",
			      i ? ", " : "", w[i].name, w[i].delta);
	tst_res(TPASS, "%s: %s, other counters + 0", what, moved);
}

/* One IPv4 frame made from a good one by mutate(), then the checks. */
static void bad4(const char *what, void (*mutate)(unsigned char *f,
						   size_t *len),
		 const struct want *w)
{
	unsigned char d[64];
	size_t n;

	snapshot(IP4, before);
	udp_build(d, 40, PORT4, 0xee);
	n = ip4_frame(frame, "10.99.1.1", 64, 77, 0, d, 40);
	mutate(frame, &n);
	send_frame(frame, n);
	check(IP4, what, w);
}

static void m_csum(unsigned char *f, size_t *len)
{
	(void)len;
	/* the ID changes after the checksum was computed over it */
	f[14 + 4] ^= 0x01;
}

static void m_version5(unsigned char *f, size_t *len)
{
	(void)len;
	f[14] = 0x55;
	ip4_recheck(f);
}

static void m_ihl4(unsigned char *f, size_t *len)
{
	struct iphdr *ip = (struct iphdr *)(f + 14);

	(void)len;
	ip->ihl = 4;
	/* the checksum over the 20 bytes the header really has */
	ip->check = 0;
	ip->check = htons(csum_fold(csum_add(0, ip, 20)));
}

static void m_totlen_past(unsigned char *f, size_t *len)
{
	struct iphdr *ip = (struct iphdr *)(f + 14);

	ip->tot_len = htons(*len - 14 + 1);
	ip4_recheck(f);
}

static void m_totlen_19(unsigned char *f, size_t *len)
{
	(void)len;
	((struct iphdr *)(f + 14))->tot_len = htons(19);
	ip4_recheck(f);
}

static void m_notours(unsigned char *f, size_t *len)
{
	(void)len;
	net_ipv4("10.99.7.7", (struct in_addr *)&((struct iphdr *)
						 (f + 14))->daddr);
	ip4_recheck(f);
}

static void test_ipv4_header(void)
{
	bad4("IPv4 bad header checksum", m_csum, (const struct want[]){
		{ "InCsumErrors", 1 }, { "InHdrErrors", 1 },
		{ "InDelivers", 1 }, {} });
	bad4("IPv4 version 5", m_version5, (const struct want[]){
		{ "InHdrErrors", 1 }, { "InDelivers", 1 }, {} });
	bad4("IPv4 ihl 4", m_ihl4, (const struct want[]){
		{ "InHdrErrors", 1 }, { "InDelivers", 1 }, {} });
	bad4("IPv4 tot_len one past the frame", m_totlen_past,
	     (const struct want[]){
		{ "InTruncatedPkts", 1 }, { "InDelivers", 1 }, {} });
	bad4("IPv4 tot_len 19 (< ihl * 4)", m_totlen_19, (const struct want[]){
		{ "InHdrErrors", 1 }, { "InDelivers", 1 }, {} });
	bad4("IPv4 to 10.99.7.7, forwarding off", m_notours,
	     (const struct want[]){
		{ "InAddrErrors", 1 }, { "InDelivers", 1 }, {} });
}

/* Good but unusual IPv4 datagrams: each delivered intact. */
static void test_ipv4_good(void)
{
	unsigned char d[64];
	int ttl = -1;
	size_t n;

	snapshot(IP4, before);
	udp_build(d, 40, PORT4, 0x31);
	n = ip4_frame(frame, "10.99.1.1", 64, 78, 0, d, 40);
	/* 6 bytes the header does not count: cut before UDP sees them */
	memset(frame + n, 0xa5, 6);
	send_frame(frame, n + 6);
	if (!read_exact(rx4, d + 8, 32, "IPv4 with 6 trailing bytes", NULL))
		tst_res(TPASS, "IPv4 with 6 bytes past tot_len: delivered intact");

	n = ip4_frame(frame, "10.99.1.1", 0, 79, 0, d, 40);
	send_frame(frame, n);
	if (!read_exact(rx4, d + 8, 32, "IPv4 TTL 0", &ttl)) {
		if (ttl == 0)
			tst_res(TPASS, "IPv4 TTL 0 to a local address: delivered, IP_TTL 0");
		else
			tst_res(TFAIL, "IPv4 TTL 0: IP_TTL %d", ttl);
	}
	check(IP4, "IPv4 good datagrams", (const struct want[]){
		{ "InDelivers", 3 }, {} });
}

/* dgram[0, len) in fragments of FRAG_DATA bytes, then dup (or -1) again. */
static void send_frags(size_t len, int id, int dup)
{
	size_t off, chunk;
	int mf, i = 0;

	for (off = 0; off < len; off += chunk, i++) {
		chunk = len - off > FRAG_DATA ? FRAG_DATA : len - off;
		mf = off + chunk < len ? IP_MF : 0;
		send_frame(frame, ip4_frame(frame, "10.99.1.1", 64, id,
					    mf | off / 8, dgram + off, chunk));
		if (i == dup)
			send_frame(frame, ip4_frame(frame, "10.99.1.1", 64,
						    id, mf | off / 8,
						    dgram + off, chunk));
	}
}

static void test_ipv4_reasm(void)
{
	/* 20 + 65515 = 65535: the largest datagram IPv4 can carry */
	size_t max = 65515, nfrag = (max + FRAG_DATA - 1) / FRAG_DATA;

	snapshot(IP4, before);
	udp_build(dgram, max, PORT4, 0x42);
	send_frags(max, 500, -1);
	if (!read_exact(rx4, dgram + 8, max - 8, "65515 byte datagram", NULL))
		tst_res(TPASS, "IPv4 datagram of 65515 bytes in %zu fragments delivered whole",
			nfrag);
	check(IP4, "IPv4 reassembly to tot_len 65535", (const struct want[]){
		{ "ReasmOKs", 1 }, { "ReasmReqds", nfrag },
		{ "InDelivers", 2 }, {} });

	snapshot(IP4, before);
	udp_build(dgram, max + 1, PORT4, 0x43);
	send_frags(max + 1, 501, -1);
	check(IP4, "IPv4 fragments ending at 65516", (const struct want[]){
		{ "ReasmFails", 1 }, { "ReasmReqds", nfrag },
		{ "InDelivers", 1 }, {} });

	/*
	 * [0, 16) and [8, 24): the second overlaps the first and the queue
	 * is dropped (no last fragment, which would start a queue of its
	 * own that expires 30 s later, counted as another ReasmFails)
	 */
	snapshot(IP4, before);
	udp_build(dgram, 40, PORT4, 0x44);
	send_frame(frame, ip4_frame(frame, "10.99.1.1", 64, 502, IP_MF,
				    dgram, 16));
	send_frame(frame, ip4_frame(frame, "10.99.1.1", 64, 502, IP_MF | 1,
				    dgram + 8, 16));
	check(IP4, "IPv4 overlapping fragments", (const struct want[]){
		{ "ReasmOverlaps", 1 }, { "ReasmFails", 1 },
		{ "ReasmReqds", 2 }, { "InDelivers", 1 }, {} });

	/* the same first fragment twice: the copy dropped, no failure */
	snapshot(IP4, before);
	udp_build(dgram, 3000, PORT4, 0x45);
	send_frags(3000, 503, 0);
	if (!read_exact(rx4, dgram + 8, 2992, "datagram with a duplicate",
			NULL))
		tst_res(TPASS, "IPv4 with a duplicate fragment delivered whole");
	check(IP4, "IPv4 duplicate fragment", (const struct want[]){
		{ "ReasmOKs", 1 }, { "ReasmReqds", 4 }, { "InDelivers", 2 },
		{} });
}

/*
 * The next ICMPv6 error of type on the remote's raw socket (bounded):
 * its code, pointer (MTU/pointer field) and the quoted IPv6 header.
 */
static int icmp6_error(int type, int *code, uint32_t *ptr,
		       struct ip6_hdr *quoted)
{
	unsigned char buf[1500];
	long long end = tst_mono_ms() + net_ms(10000);
	ssize_t n;

	while (tst_mono_ms() < end) {
		if (!net_poll(icmp6, POLLIN, 1000))
			continue;
		n = recv(icmp6, buf, sizeof(buf), MSG_DONTWAIT);
		if (n < 8 + 40 || buf[0] != type)
			continue;
		*code = buf[1];
		*ptr = ntohl(*(uint32_t *)(buf + 4));
		memcpy(quoted, buf + 8, sizeof(*quoted));
		return 0;
	}
	return -1;
}

static void expect_icmp6(const char *what, int type, int code, uint32_t ptr,
			 const char *dst, int nxt, int hops)
{
	struct ip6_hdr q;
	struct in6_addr d;
	uint32_t p;
	int c;

	if (icmp6_error(type, &c, &p, &q)) {
		tst_res(TFAIL, "%s: no ICMPv6 type %d at the remote", what,
			type);
		return;
	}
	inet_pton(AF_INET6, dst, &d);
	if (c != code || p != ptr || q.ip6_nxt != nxt || q.ip6_hlim != hops ||
	    memcmp(&q.ip6_dst, &d, 16))
		tst_res(TFAIL, "%s: ICMPv6 type %d code %d pointer %u quoting next header %d, hop limit %d (expected code %d pointer %u, %d, %d, %s)",
			what, type, c, p, q.ip6_nxt, q.ip6_hlim, code, ptr,
			nxt, hops, dst);
	else
		tst_res(TPASS, "%s: ICMPv6 type %d code %d pointer %u quoting the packet",
			what, type, c, p);
}

static void test_ipv6_local(void)
{
	unsigned char d[64] = { 0 };
	size_t n;

	snapshot(IP6, before);
	n = ip6_udp_frame(frame, 64, 0x51, 40);
	((struct ip6_hdr *)(frame + 14))->ip6_plen = htons(41);
	send_frame(frame, n);
	check(IP6, "IPv6 payload_len one past the frame",
	      (const struct want[]){ { "Ip6InTruncatedPkts", 1 }, {} });

	snapshot(IP6, before);
	n = ip6_udp_frame(frame, 64, 0x52, 40);
	frame[14] = 0x40 | (frame[14] & 0x0f);
	send_frame(frame, n);
	check(IP6, "IPv6 version 4", (const struct want[]){
		{ "Ip6InHdrErrors", 1 }, {} });

	snapshot(IP6, before);
	n = ip6_frame(frame, "fd99:1::1", 64, 253, d, 16);
	send_frame(frame, n);
	check(IP6, "IPv6 next header 253", (const struct want[]){
		{ "Ip6InUnknownProtos", 1 }, { "Icmp6OutParmProblems", 1 },
		{} });
	expect_icmp6("IPv6 next header 253", ICMP6_PARAM_PROB,
		     ICMP6_PARAMPROB_NEXTHEADER, 6, "fd99:1::1", 253, 64);
}

static void test_ipv6_forward(void)
{
	struct rtnl_link_info li;
	unsigned char d[64];
	long long tx0;
	int hops;
	size_t n;

	net_sysctl(NET_A, "net/ipv6/conf/all/forwarding", "1");
	udp_build(d, 40, PORT6, 0x61);
	for (hops = 0; hops < 2; hops++) {
		char what[64];

		snprintf(what, sizeof(what), "IPv6 hop limit %d to be forwarded",
			 hops);
		snapshot(IP6, before);
		n = ip6_frame(frame, "fd99:9::1", hops, IPPROTO_UDP, d, 40);
		send_frame(frame, n);
		check(IP6, what, (const struct want[]){
			{ "Ip6InHdrErrors", 1 }, { "Icmp6OutTimeExcds", 1 },
			{} });
		expect_icmp6(what, ICMP6_TIME_EXCEEDED,
			     ICMP6_TIME_EXCEED_TRANSIT, 0, "fd99:9::1",
			     IPPROTO_UDP, hops);
	}

	net_enter(NET_A);
	RTNL_SAFE(rtnl_link_get(a_dummy, NULL, &li));
	tx0 = li.stats.tx_packets;
	snapshot(IP6, before);
	n = ip6_frame(frame, "fd99:9::1", 2, IPPROTO_UDP, d, 40);
	send_frame(frame, n);
	check(IP6, "IPv6 hop limit 2 to be forwarded", (const struct want[]){
		{ "Ip6OutForwDatagrams", 1 }, {} });
	net_enter(NET_A);
	RTNL_SAFE(rtnl_link_get(a_dummy, NULL, &li));
	NET_EXP_EQ(li.stats.tx_packets - tx0, 1,
		   "hop limit 2: packets out of dummy0");
	net_sysctl(NET_A, "net/ipv6/conf/all/forwarding", "0");
}

static int udp_rx(int family, const char *ip, int port)
{
	struct sockaddr_storage ss;
	int fd = net_socket(NET_A, family, SOCK_DGRAM), one = 1;
	int size = 1 << 20;
	socklen_t sl = net_sockaddr(family, ip, port, &ss);

	if (bind(fd, (struct sockaddr *)&ss, sl))
		tst_brk(TBROK | TERRNO, "bind(%s)", ip);
	if (setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, sizeof(size)))
		tst_brk(TBROK | TERRNO, "SO_RCVBUF");
	if (family == AF_INET &&
	    setsockopt(fd, SOL_IP, IP_RECVTTL, &one, sizeof(one)))
		tst_brk(TBROK | TERRNO, "IP_RECVTTL");
	return fd;
}

static void setup(void)
{
	struct in6_addr net9;

	pin_to_current_cpu();
	net_hosts_setup_pinned();
	/*
	 * Time exceeded (3) and parameter problem (4) out of the ratemask:
	 * neither the per-peer limit nor the global one, which tests beside
	 * this one may use up, holds them back.
	 */
	net_sysctl(NET_A, "net/ipv6/icmp/ratemask", "0-1,5-127");
	net_sysctl(NET_A, "net/ipv4/ip_forward", "0");
	net_sysctl(NET_A, "net/ipv6/conf/all/forwarding", "0");

	net_enter(NET_A);
	net_mac_of("net0", a_mac);
	RTNL_SAFE(rtnl_link_add("dummy0", "dummy"));
	a_dummy = rtnl_ifindex("dummy0");
	RTNL_SAFE(rtnl_link_up(a_dummy));
	inet_pton(AF_INET6, "fd99:9::", &net9);
	RTNL_SAFE(rtnl_route_add(AF_INET6, &net9, 64, NULL, a_dummy, 0));
	rx4 = udp_rx(AF_INET, "10.99.1.1", PORT4);
	rx6 = udp_rx(AF_INET6, "fd99:1::1", PORT6);

	net_enter(NET_B);
	net_mac_of("net0", b_mac);
	b_net0 = rtnl_ifindex("net0");
	tx = SAFE_SOCKET(AF_PACKET, SOCK_RAW, 0);
	icmp6 = SAFE_SOCKET(AF_INET6, SOCK_RAW, IPPROTO_ICMPV6);
	net_enter(NET_A);
}

static void run(void)
{
	test_ipv4_header();
	test_ipv4_good();
	test_ipv4_reasm();
	test_ipv6_local();
	test_ipv6_forward();
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.timeout = 120,
};
