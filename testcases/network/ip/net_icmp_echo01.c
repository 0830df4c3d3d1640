// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ICMP and ICMPv6 echo between two namespaces, over raw sockets:
 * - a 56 byte echo request gets an echo reply (type 0 / 129, code 0)
 *   from the remote address with the same identifier, sequence and
 *   payload, and a valid checksum;
 * - a 3000 byte request (fragmented both ways on the 1500 byte link)
 *   comes back intact;
 * - with icmp_echo_ignore_all (net.ipv4.icmp_echo_ignore_all,
 *   net.ipv6.icmp.echo_ignore_all) set in the remote namespace there is
 *   no reply: the next reply, after setting it back, is the later
 *   request's;
 * - ping sockets (SOCK_DGRAM, IPPROTO_ICMP): EACCES while the group is
 *   outside ping_group_range ("1 0", the default), then allowed, and the
 *   reply carries the socket's identifier (its bound "port").
 */
#include <netinet/ip.h>
#include <netinet/ip_icmp.h>
#include <netinet/icmp6.h>
#include "tst_test.h"
#include "net_hosts.h"

static unsigned char pkt[4096], rbuf[8192];

static uint16_t csum(const void *p, size_t len)
{
	const uint8_t *b = p;
	uint32_t sum = 0;
	size_t i;

	for (i = 0; i + 1 < len; i += 2)
		sum += b[i] << 8 | b[i + 1];
	if (len & 1)
		sum += b[len - 1] << 8;
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	return ~sum & 0xffff;
}

static void send_echo(int fd, int family, uint16_t id, uint16_t seq,
		      size_t plen)
{
	struct icmphdr *h = (struct icmphdr *)pkt;
	struct sockaddr_storage dst;
	socklen_t alen = net_addr(NET_B, family, 0, &dst);
	size_t i, len = sizeof(*h) + plen;
	uint16_t c;

	memset(h, 0, sizeof(*h));
	h->type = family == AF_INET ? ICMP_ECHO : ICMP6_ECHO_REQUEST;
	h->un.echo.id = htons(id);
	h->un.echo.sequence = htons(seq);
	for (i = 0; i < plen; i++)
		pkt[sizeof(*h) + i] = i + seq;
	if (family == AF_INET) {
		c = csum(pkt, len);
		h->checksum = htons(c);
	}
	if (sendto(fd, pkt, len, 0, (struct sockaddr *)&dst, alen) !=
	    (ssize_t)len)
		tst_brk(TBROK | TERRNO, "sendto(echo request)");
}

/*
 * The next echo reply with identifier id (others are skipped): its
 * sequence, or -1 when none came within the bound. *ok tells whether the
 * type, code, checksum, source and payload (plen bytes) are right.
 */
static int recv_reply(int fd, int family, uint16_t id, size_t plen,
		      int raw, int *ok)
{
	struct sockaddr_storage from, want;
	socklen_t alen;
	struct icmphdr *h;
	ssize_t n;
	size_t off, i;
	uint16_t seq;

	net_addr(NET_B, family, 0, &want);
	for (;;) {
		if (!net_poll(fd, POLLIN, 10000))
			return -1;
		alen = sizeof(from);
		n = recvfrom(fd, rbuf, sizeof(rbuf), MSG_DONTWAIT,
			     (struct sockaddr *)&from, &alen);
		if (n < 0)
			tst_brk(TBROK | TERRNO, "recvfrom()");
		off = (raw && family == AF_INET) ? (rbuf[0] & 0xf) * 4 : 0;
		if ((size_t)n < off + sizeof(*h))
			continue;
		h = (struct icmphdr *)(rbuf + off);
		if (raw && ntohs(h->un.echo.id) != id)
			continue;
		/* raw ICMPv6 sockets see neighbour discovery too */
		if (h->type != (family == AF_INET ? ICMP_ECHOREPLY :
				ICMP6_ECHO_REPLY))
			continue;
		seq = ntohs(h->un.echo.sequence);
		*ok = h->type == (family == AF_INET ? ICMP_ECHOREPLY :
				  ICMP6_ECHO_REPLY) && h->code == 0 &&
		      (size_t)n == off + sizeof(*h) + plen &&
		      !memcmp(net_rawaddr(&from), net_rawaddr(&want),
			      family == AF_INET ? 4 : 16);
		if (family == AF_INET && csum(h, n - off))
			*ok = 0;
		if (raw && family == AF_INET &&
		    ((struct iphdr *)rbuf)->ttl != 64)
			*ok = 0;
		if (!raw && ntohs(h->un.echo.id) != id)
			*ok = 0;
		for (i = 0; i < plen && *ok; i++)
			if (rbuf[off + sizeof(*h) + i] != (uint8_t)(i + seq))
				*ok = 0;
		return seq;
	}
}

static void ignore_all(int family, const char *val)
{
	net_sysctl(NET_B, family == AF_INET ? "net/ipv4/icmp_echo_ignore_all" :
		   "net/ipv6/icmp/echo_ignore_all", val);
	net_enter(NET_A);
}

static void raw_echo(int family)
{
	int proto = family == AF_INET ? IPPROTO_ICMP : IPPROTO_ICMPV6;
	int fd, seq, ok = 0;
	uint16_t id = 0x4c00 + family;

	net_enter(NET_A);
	fd = socket(family, SOCK_RAW, proto);
	if (fd < 0)
		tst_brk(TBROK | TERRNO, "socket(SOCK_RAW)");
	send_echo(fd, family, id, 1, 56);
	seq = recv_reply(fd, family, id, 56, 1, &ok);
	if (seq != 1 || !ok)
		tst_res(TFAIL, "56 byte echo: reply seq %d, %s", seq,
			ok ? "intact" : "wrong or missing");
	else
		tst_res(TPASS, "56 byte echo: reply intact, from the remote address");

	send_echo(fd, family, id, 2, 3000);
	seq = recv_reply(fd, family, id, 3000, 1, &ok);
	if (seq != 2 || !ok)
		tst_res(TFAIL, "3000 byte echo: reply seq %d, %s", seq,
			ok ? "intact" : "wrong or missing");
	else
		tst_res(TPASS, "3000 byte echo (fragmented): reply intact");

	ignore_all(family, "1");
	send_echo(fd, family, id, 3, 56);
	ignore_all(family, "0");
	send_echo(fd, family, id, 4, 56);
	seq = recv_reply(fd, family, id, 56, 1, &ok);
	if (seq != 4)
		tst_res(TFAIL, "echo_ignore_all: next reply is seq %d, expected 4",
			seq);
	else
		tst_res(TPASS, "echo_ignore_all: the request sent meanwhile got no reply");
	close(fd);
}

static void ping_socket(int family)
{
	int proto = family == AF_INET ? IPPROTO_ICMP : IPPROTO_ICMPV6;
	struct sockaddr_storage me;
	socklen_t alen = sizeof(me);
	int fd, seq, ok = 0;

	/* ping_group_range is under net.ipv4 for both families */
	net_sysctl(NET_A, "net/ipv4/ping_group_range", "1 0");
	TST_EXP_FAIL(socket(family, SOCK_DGRAM, proto), EACCES,
		     "ping socket with ping_group_range \"1 0\"");
	net_sysctl(NET_A, "net/ipv4/ping_group_range", "0 0");
	fd = socket(family, SOCK_DGRAM, proto);
	if (fd < 0) {
		tst_res(TFAIL | TERRNO, "ping socket with ping_group_range \"0 0\"");
		return;
	}
	send_echo(fd, family, 0, 7, 100);
	if (getsockname(fd, (struct sockaddr *)&me, &alen))
		tst_brk(TBROK | TERRNO, "getsockname()");
	seq = recv_reply(fd, family, net_port(&me), 100, 0, &ok);
	if (seq != 7 || !ok)
		tst_res(TFAIL, "ping socket: reply seq %d, %s (id %u)", seq,
			ok ? "intact" : "wrong or missing", net_port(&me));
	else
		tst_res(TPASS, "ping socket: reply with the socket's id %u",
			net_port(&me));
	close(fd);
}

static void run(unsigned int n)
{
	int family = n ? AF_INET6 : AF_INET;

	tst_res(TINFO, "%s", n ? "ICMPv6" : "ICMP");
	raw_echo(family);
	ping_socket(family);
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = net_hosts_setup,
	.needs_root = 1,
	.timeout = 60,
};
