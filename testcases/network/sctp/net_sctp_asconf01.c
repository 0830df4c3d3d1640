// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * SCTP ASCONF DEL-IP must not free the transport the ASCONF itself was
 * looked up by (CVE-2026-64564, fixed by 9b2854f86f0b "sctp: don't free
 * the ASCONF's own transport in DEL-IP processing"; facts from upstream
 * LTP's sctphantom).
 *
 * In a private network namespace with net.sctp.addip_enable and
 * addip_noauth_enable on (per namespace), on lo: a listener bound to
 * 127.0.0.1, 127.0.0.2 and 127.0.0.254 (bindx), a client connected to
 * 127.0.0.1 that learns all three; the 127.0.0.2 path is confirmed by an
 * on-demand heartbeat. An ASCONF from 127.0.0.3 (no address of the
 * association, so the client finds the association through the ASCONF's
 * Address Parameter 127.0.0.2), with the client's verification tag and
 * the server's first serial number (both read from the handshake on a
 * raw socket), asks to DEL-IP 127.0.0.2 and then DEL-IP 0.0.0.0:
 * - the ASCONF-ACK refuses the first request with error cause 0x00a4
 *   (Request refused) instead of freeing that transport;
 * - the client's SCTP_PEER_ADDR_CHANGE notifications: the wildcard
 *   request removed 127.0.0.1 and 127.0.0.254 and made 127.0.0.2 the
 *   primary path; 127.0.0.2 itself was never removed.
 * A kernel without the fix frees the transport still in use: a
 * use-after-free the executor's taint check (or KASAN) reports, the ACK
 * reports success and 127.0.0.2 is notified as removed.
 */
#include <netinet/ip.h>
#include "sctp_common.h"

#define A_PRIMARY "127.0.0.1"
#define A_TARGET "127.0.0.2"
#define A_THIRD "127.0.0.254"
#define A_SPOOF "127.0.0.3"

#define CID_INIT 1
#define CID_INIT_ACK 2
#define CID_ASCONF 0xc1
#define CID_ASCONF_ACK 0x80
#define PARAM_IPV4 5
#define PARAM_DEL_IP 0xc002
#define PARAM_ERR_CAUSE 0xc003
#define CAUSE_REQ_REFUSED 0x00a4

static int cap = -1;
static unsigned char pkt[4096];

static struct sockaddr_in sin4(const char *a, unsigned short port)
{
	struct sockaddr_in s = { .sin_family = AF_INET };

	s.sin_port = htons(port);
	inet_pton(AF_INET, a, &s.sin_addr);
	return s;
}

static unsigned int rd16(const unsigned char *p)
{
	return p[0] << 8 | p[1];
}

static void wr16(unsigned char *p, unsigned int v)
{
	p[0] = v >> 8;
	p[1] = v;
}

static uint32_t crc32c(const unsigned char *p, size_t len)
{
	uint32_t crc = 0xffffffff;
	int k;

	while (len--) {
		crc ^= *p++;
		for (k = 0; k < 8; k++)
			crc = (crc >> 1) ^ (0x82f63b78 & -(crc & 1));
	}
	return ~crc;
}

/*
 * The next captured SCTP packet (IPv4 header stripped): its length, 0
 * when nothing came in ms (scaled).
 */
static size_t cap_next(unsigned char **sctp, int ms)
{
	for (;;) {
		struct iphdr *ip = (struct iphdr *)pkt;
		ssize_t n;

		if (!net_poll(cap, POLLIN, ms))
			return 0;
		n = recv(cap, pkt, sizeof(pkt), MSG_DONTWAIT);
		if (n < 0 && errno == EAGAIN)
			continue;
		if (n < 0)
			tst_brk(TBROK | TERRNO, "recv(raw SCTP)");
		if (n < (ssize_t)sizeof(*ip) + 16 || ip->version != 4 ||
		    n < ip->ihl * 4 + 16)
			continue;
		*sctp = pkt + ip->ihl * 4;
		return n - ip->ihl * 4;
	}
}

/* The client's tag (from its INIT) and the server's initial TSN. */
static void sniff(unsigned short sport, uint32_t *vtag, uint32_t *tsn)
{
	int got = 0;

	while (got != 3) {
		unsigned char *s, *c;
		size_t n = cap_next(&s, 10000);

		if (!n)
			tst_brk(TBROK, "handshake not captured (got 0x%x)", got);
		c = s + 12;
		if (c[0] == CID_INIT && rd16(s + 2) == sport) {
			memcpy(vtag, c + 4, 4);
			got |= 1;
		}
		if (c[0] == CID_INIT_ACK && rd16(s) == sport) {
			memcpy(tsn, c + 16, 4);
			got |= 2;
		}
	}
}

static int path_state(int fd, const char *a, unsigned short port)
{
	struct sctp_paddrinfo pi;
	struct sockaddr_in s = sin4(a, port);
	socklen_t len = sizeof(pi);

	memset(&pi, 0, sizeof(pi));
	memcpy(&pi.spinfo_address, &s, sizeof(s));
	if (getsockopt(fd, IPPROTO_SCTP, SCTP_GET_PEER_ADDR_INFO, &pi, &len))
		tst_brk(TBROK | TERRNO, "SCTP_GET_PEER_ADDR_INFO(%s)", a);
	return pi.spinfo_state;
}

static void confirm(int fd, unsigned short port)
{
	struct sctp_paddrparams pp;
	struct sockaddr_in s = sin4(A_TARGET, port);
	int i;

	memset(&pp, 0, sizeof(pp));
	memcpy(&pp.spp_address, &s, sizeof(s));
	pp.spp_hbinterval = 1000;
	pp.spp_flags = SPP_HB_ENABLE | SPP_HB_DEMAND;
	sctp_setopt(fd, SCTP_PEER_ADDR_PARAMS, &pp, sizeof(pp),
		    "SCTP_PEER_ADDR_PARAMS");
	for (i = 0; i < 500; i++) {
		if (path_state(fd, A_TARGET, port) == SCTP_ACTIVE)
			return;
		poll(NULL, 0, net_ms(20));	/* a bounded pause */
	}
	tst_brk(TBROK, A_TARGET " not confirmed by a heartbeat");
}

static size_t put_ipv4(unsigned char *p, const char *a)
{
	struct in_addr in;

	inet_pton(AF_INET, a, &in);
	wr16(p, PARAM_IPV4);
	wr16(p + 2, 8);
	memcpy(p + 4, &in, 4);
	return 8;
}

static size_t put_del_ip(unsigned char *p, uint32_t id, const char *a)
{
	uint32_t v = htonl(id);

	wr16(p, PARAM_DEL_IP);
	wr16(p + 2, 16);
	memcpy(p + 4, &v, 4);
	return 8 + put_ipv4(p + 8, a);
}

static void send_asconf(unsigned short sport, unsigned short dport,
			uint32_t vtag, uint32_t serial)
{
	unsigned char b[128];
	struct iphdr *ip = (struct iphdr *)b;
	unsigned char *s = b + sizeof(*ip), *c = s + 12, *p;
	struct sockaddr_in dst = sin4(A_PRIMARY, 0);
	size_t clen;
	uint32_t crc;
	int raw;

	memset(b, 0, sizeof(b));
	wr16(s, sport);
	wr16(s + 2, dport);
	memcpy(s + 4, &vtag, 4);
	c[0] = CID_ASCONF;
	memcpy(c + 4, &serial, 4);
	p = c + 8;
	p += put_ipv4(p, A_TARGET);
	p += put_del_ip(p, 1, A_TARGET);
	p += put_del_ip(p, 2, "0.0.0.0");
	clen = p - c;
	wr16(c + 2, clen);
	crc = crc32c(s, 12 + clen);
	memcpy(s + 8, &crc, 4);		/* its bytes little end first */
	ip->version = 4;
	ip->ihl = 5;
	ip->ttl = 64;
	ip->protocol = IPPROTO_SCTP;
	ip->tot_len = htons(sizeof(*ip) + 12 + clen);
	inet_pton(AF_INET, A_SPOOF, &ip->saddr);
	inet_pton(AF_INET, A_PRIMARY, &ip->daddr);
	raw = socket(AF_INET, SOCK_RAW, IPPROTO_RAW);
	if (raw < 0)
		tst_brk(TBROK | TERRNO, "socket(IPPROTO_RAW)");
	if (sendto(raw, b, sizeof(*ip) + 12 + clen, 0,
		   (struct sockaddr *)&dst, sizeof(dst)) < 0)
		tst_brk(TBROK | TERRNO, "sendto(ASCONF)");
	close(raw);
}

/* The ASCONF-ACK's first error cause: code, 0 for none, -1 no ACK. */
static int asconf_ack(uint32_t serial)
{
	for (;;) {
		unsigned char *s, *c, *p, *end, *pend;
		size_t n = cap_next(&s, 10000);

		if (!n)
			return -1;
		pend = s + n;
		/* the ACK may come bundled: walk the chunks */
		for (c = s + 12; c + 8 <= pend && rd16(c + 2) >= 4 &&
		     c + rd16(c + 2) <= pend; c += (rd16(c + 2) + 3) & ~3u) {
			if (c[0] != CID_ASCONF_ACK || memcmp(c + 4, &serial, 4))
				continue;
			end = c + rd16(c + 2);
			for (p = c + 8; p + 12 <= end;
			     p += (rd16(p + 2) + 3) & ~3u) {
				if (rd16(p + 2) < 8)
					break;
				if (rd16(p) == PARAM_ERR_CAUSE)
					return rd16(p + 8);
			}
			return 0;
		}
	}
}

static void run(void)
{
	struct sockaddr_in srv = sin4(A_PRIMARY, 0), more[2];
	struct sockaddr_storage ss;
	struct sctp_msg m;
	static char nb[1024];
	int removed = 0, made_prim = 0;
	socklen_t len = sizeof(srv);
	uint32_t vtag = 0, tsn = 0;
	unsigned short port, cport;
	int lfd, cfd, sfd, err, cause;
	char a[32];

	lfd = sctp_socket(NET_A, AF_INET, SOCK_STREAM);
	if (bind(lfd, (struct sockaddr *)&srv, sizeof(srv)) ||
	    getsockname(lfd, (struct sockaddr *)&srv, &len))
		tst_brk(TBROK | TERRNO, "bind(" A_PRIMARY ")");
	port = ntohs(srv.sin_port);
	more[0] = sin4(A_TARGET, port);
	more[1] = sin4(A_THIRD, port);
	sctp_setopt(lfd, SCTP_SOCKOPT_BINDX_ADD, more, sizeof(more),
		    "SCTP_SOCKOPT_BINDX_ADD");
	if (listen(lfd, 1))
		tst_brk(TBROK | TERRNO, "listen()");

	cfd = sctp_socket(NET_A, AF_INET, SOCK_STREAM);
	memcpy(&ss, &srv, sizeof(srv));
	err = sctp_connect(cfd, &ss);
	if (err) {
		errno = err;
		tst_brk(TBROK | TERRNO, "connect()");
	}
	len = sizeof(ss);
	if (getsockname(cfd, (struct sockaddr *)&ss, &len))
		tst_brk(TBROK | TERRNO, "getsockname()");
	cport = net_port(&ss);
	sfd = net_accept(lfd);
	sniff(port, &vtag, &tsn);
	confirm(cfd, port);
	sctp_event_on(cfd, SCTP_PEER_ADDR_CHANGE);

	send_asconf(port, cport, vtag, tsn);
	cause = asconf_ack(tsn);
	if (cause == -1)
		tst_brk(TBROK, "no ASCONF-ACK to the forged ASCONF");
	if (cause == CAUSE_REQ_REFUSED)
		tst_res(TPASS, "DEL-IP of the ASCONF's own transport refused (cause 0x%04x)",
			cause);
	else
		tst_res(TFAIL, "DEL-IP of the ASCONF's own transport: cause 0x%04x, expected 0x%04x (Request refused)",
			cause, CAUSE_REQ_REFUSED);

	/*
	 * The client's notifications of this ASCONF were queued while it
	 * was processed: read up to both removals of the wildcard request.
	 */
	while (removed != 3) {
		union sctp_notification *sn = (union sctp_notification *)nb;
		struct sctp_paddr_change *pc = &sn->sn_paddr_change;

		if (sctp_recv(cfd, nb, sizeof(nb), &m) <= 0 ||
		    !(m.flags & MSG_NOTIFICATION))
			tst_brk(TBROK | TERRNO, "client: no notification (flags 0x%x)",
				m.flags);
		if (sn->sn_header.sn_type != SCTP_PEER_ADDR_CHANGE)
			continue;
		inet_ntop(AF_INET, &((struct sockaddr_in *)&pc->spc_aaddr)->sin_addr,
			  a, sizeof(a));
		if (pc->spc_state == SCTP_ADDR_REMOVED) {
			if (!strcmp(a, A_PRIMARY))
				removed |= 1;
			else if (!strcmp(a, A_THIRD))
				removed |= 2;
			else
				tst_res(TFAIL, "client: peer address %s removed",
					a);
		}
		if (pc->spc_state == SCTP_ADDR_MADE_PRIM && !strcmp(a, A_TARGET))
			made_prim = 1;
	}
	if (made_prim)
		tst_res(TPASS, "the wildcard DEL-IP removed " A_PRIMARY " and " A_THIRD " and made " A_TARGET " primary");
	else
		tst_res(TFAIL, "no SCTP_ADDR_MADE_PRIM for " A_TARGET);
	/*
	 * The server then gets the ASCONF-ACK (on 127.0.0.2, now the only
	 * path) for an ASCONF it never sent and aborts, as it must: no
	 * data check after.
	 */
	close(cfd);
	close(sfd);
	close(lfd);
}

static void setup(void)
{
	net_ns_new(NET_A);
	close(sctp_socket(NET_A, AF_INET, SOCK_STREAM));	/* loads sctp */
	net_sysctl(NET_A, "net/sctp/addip_enable", "1");
	net_sysctl(NET_A, "net/sctp/addip_noauth_enable", "1");
	cap = socket(AF_INET, SOCK_RAW, IPPROTO_SCTP);
	if (cap < 0)
		tst_brk(TBROK | TERRNO, "socket(raw SCTP)");
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.timeout = 60,
	.tags = (const struct tst_tag[]) {
		{"linux-git", "9b2854f86f0b"},
		{"CVE", "2026-64564"},
		{}
	},
};
