// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * SCTP error paths between two network namespaces, IPv4 and IPv6, each
 * errno as net/sctp/socket.c returns it, and the state read back after:
 * - connect() to a port of the remote host with no socket: the INIT is
 *   answered with an ABORT, ECONNREFUSED;
 * - sendmsg() on an unconnected one-to-one socket without an address:
 *   EPIPE, and SIGPIPE unless MSG_NOSIGNAL; on a listening one: EPIPE;
 *   a message larger than SO_SNDBUF: EMSGSIZE;
 * - option lengths: SCTP_INITMSG, SCTP_RTOINFO, SCTP_ASSOCINFO one byte
 *   short or long, SCTP_AUTOCLOSE short, SCTP_EVENT short, SCTP_EVENTS
 *   longer than struct sctp_event_subscribe, SCTP_STATUS and
 *   SCTP_SOCKOPT_PEELOFF short: EINVAL;
 * - limits: SCTP_INITMSG zeros leave the values as they were;
 *   SCTP_RTOINFO with srto_min above srto_max (given, or the current
 *   one when 0) is EINVAL and changes nothing, a valid one is read back;
 *   SCTP_RTOINFO, SCTP_ASSOCINFO and SCTP_STATUS for an association id
 *   the one-to-many socket does not have: EINVAL; SCTP_AUTOCLOSE on a
 *   one-to-one socket: EOPNOTSUPP; SCTP_EVENT type out of range: EINVAL;
 *   peel-off on a one-to-one socket or of an unknown id: EINVAL;
 *   SCTP_STATUS on an unconnected one-to-one socket: EINVAL;
 * - bindx (SCTP_SOCKOPT_BINDX_ADD/REM): empty, an AF_UNIX address, a
 *   truncated address, another port, an address already bound: EINVAL;
 *   an address the host does not have: EADDRNOTAVAIL; removing the only
 *   address: EBUSY; removing one not bound: EINVAL; loopback added and
 *   removed, SCTP_GET_LOCAL_ADDRS counting 2 then 1;
 * - an INIT carrying 3273 IPv6 address parameters, whose INIT-ACK (the
 *   cookie holds the whole INIT) would pass the 16-bit chunk length, sent
 *   on lo to a listener: a fixed kernel drops it (07f2c7ab6f8d "sctp:
 *   verify size of a new chunk in _sctp_make_chunk()", CVE-2018-5803,
 *   after upstream LTP's sctp_big_chunk); a raw SCTP socket sees it
 *   arrive, nothing is sent back to it (no INIT-ACK to its port and
 *   tag), and the listener then accepts a real client and nothing else.
 */
#include <signal.h>
#include <stdlib.h>
#include <netinet/ip6.h>
#include "sctp_common.h"

static volatile sig_atomic_t sigpipes;

static void on_sigpipe(int sig)
{
	(void)sig;
	sigpipes++;
}

static void setup(void)
{
	struct sigaction sa = { .sa_handler = on_sigpipe };

	if (sigaction(SIGPIPE, &sa, NULL))
		tst_brk(TBROK | TERRNO, "sigaction(SIGPIPE)");
	net_hosts_setup();
}

static socklen_t alen(int family)
{
	return family == AF_INET ? sizeof(struct sockaddr_in) :
				   sizeof(struct sockaddr_in6);
}

static void connect_refused(int family)
{
	struct sockaddr_storage ss;
	int fd = sctp_bound(NET_B, family, SOCK_STREAM, &ss);
	int cfd, err;

	close(fd);	/* nothing on that port now */
	cfd = sctp_socket(NET_A, family, SOCK_STREAM);
	err = sctp_connect(cfd, &ss);
	if (err == ECONNREFUSED)
		tst_res(TPASS, "connect() to a port without a socket: ECONNREFUSED");
	else
		tst_res(TFAIL, "connect() to a port without a socket: %s, expected ECONNREFUSED",
			tst_strerrno(err));
	close(cfd);
}

static void send_errors(int family)
{
	struct sockaddr_storage ss;
	int fd = sctp_socket(NET_A, family, SOCK_STREAM);
	int lfd = sctp_bound(NET_B, family, SOCK_STREAM, &ss);
	int cfd, sfd, val, err;
	socklen_t len = sizeof(val);
	char *big;

	TST_EXP_FAIL(sctp_send(fd, "x", 1, 0, 0, 0, 0, NULL, MSG_NOSIGNAL),
		     EPIPE, "sendmsg() on an unconnected one-to-one socket");
	sigpipes = 0;
	TST_EXP_FAIL(sctp_send(fd, "x", 1, 0, 0, 0, 0, NULL, 0), EPIPE,
		     "the same without MSG_NOSIGNAL");
	NET_EXP_EQ(sigpipes, 1, "SIGPIPEs of that sendmsg()");
	close(fd);

	if (listen(lfd, 4))
		tst_brk(TBROK | TERRNO, "listen()");
	net_addr(NET_A, family, 9, &ss);
	TST_EXP_FAIL(sctp_send(lfd, "x", 1, 0, 0, 0, 0, &ss, MSG_NOSIGNAL),
		     EPIPE, "sendmsg() to an address on a listening one-to-one socket");

	len = sizeof(ss);
	if (getsockname(lfd, (struct sockaddr *)&ss, &len))
		tst_brk(TBROK | TERRNO, "getsockname()");
	cfd = sctp_socket(NET_A, family, SOCK_STREAM);
	val = 4096;
	if (setsockopt(cfd, SOL_SOCKET, SO_SNDBUF, &val, sizeof(val)))
		tst_brk(TBROK | TERRNO, "SO_SNDBUF");
	len = sizeof(val);
	if (getsockopt(cfd, SOL_SOCKET, SO_SNDBUF, &val, &len))
		tst_brk(TBROK | TERRNO, "getsockopt(SO_SNDBUF)");
	err = sctp_connect(cfd, &ss);
	if (err) {
		errno = err;
		tst_brk(TBROK | TERRNO, "connect()");
	}
	sfd = net_accept(lfd);
	big = SAFE_MALLOC(val + 1);
	memset(big, 'b', val + 1);
	TST_EXP_FAIL(sctp_send(cfd, big, val + 1, 0, 0, 0, 0, NULL,
			       MSG_NOSIGNAL | MSG_DONTWAIT), EMSGSIZE,
		     "a message of SO_SNDBUF (%d) + 1 bytes", val);
	TST_EXP_FAIL(recv(sfd, big, val + 1, MSG_DONTWAIT), EAGAIN,
		     "nothing of it reached the peer");
	free(big);
	close(cfd);
	close(sfd);
	close(lfd);
}

static void opt_errors(int family)
{
	int fd = sctp_socket(NET_A, family, SOCK_STREAM);
	int mfd = sctp_socket(NET_A, family, SOCK_SEQPACKET);
	struct sctp_initmsg im = { 7, 9, 0, 0 }, im2;
	struct sctp_rtoinfo ri, ri2;
	struct sctp_assocparams ap;
	struct sctp_event ev = { 0 };
	struct sctp_event_subscribe es[2];
	struct sctp_status st;
	sctp_peeloff_arg_t po = { 0 };
	socklen_t len;
	unsigned int ac = 5;

	TST_EXP_FAIL(setsockopt(fd, IPPROTO_SCTP, SCTP_INITMSG, &im,
				sizeof(im) - 1), EINVAL, "SCTP_INITMSG short");
	TST_EXP_FAIL(setsockopt(fd, IPPROTO_SCTP, SCTP_INITMSG, &im,
				sizeof(im) + 1), EINVAL, "SCTP_INITMSG long");
	sctp_setopt(fd, SCTP_INITMSG, &im, sizeof(im), "SCTP_INITMSG");
	memset(&im2, 0, sizeof(im2));
	sctp_setopt(fd, SCTP_INITMSG, &im2, sizeof(im2), "SCTP_INITMSG 0");
	len = sizeof(im2);
	if (getsockopt(fd, IPPROTO_SCTP, SCTP_INITMSG, &im2, &len))
		tst_brk(TBROK | TERRNO, "getsockopt(SCTP_INITMSG)");
	if (im2.sinit_num_ostreams != 7 || im2.sinit_max_instreams != 9 ||
	    !im2.sinit_max_attempts || !im2.sinit_max_init_timeo)
		tst_res(TFAIL, "SCTP_INITMSG after zeros: %u %u %u %u",
			im2.sinit_num_ostreams, im2.sinit_max_instreams,
			im2.sinit_max_attempts, im2.sinit_max_init_timeo);
	else
		tst_res(TPASS, "SCTP_INITMSG zeros keep 7 out, 9 in streams");

	memset(&ri, 0, sizeof(ri));
	ri.srto_initial = 500;
	ri.srto_max = 5000;
	ri.srto_min = 200;
	TST_EXP_FAIL(setsockopt(fd, IPPROTO_SCTP, SCTP_RTOINFO, &ri,
				sizeof(ri) - 1), EINVAL, "SCTP_RTOINFO short");
	sctp_setopt(fd, SCTP_RTOINFO, &ri, sizeof(ri), "SCTP_RTOINFO");
	ri2 = ri;
	ri2.srto_initial = 700;
	ri2.srto_min = 3000;
	ri2.srto_max = 2000;
	TST_EXP_FAIL(setsockopt(fd, IPPROTO_SCTP, SCTP_RTOINFO, &ri2,
				sizeof(ri2)), EINVAL, "SCTP_RTOINFO min 3000 > max 2000");
	ri2.srto_min = 6000;
	ri2.srto_max = 0;
	TST_EXP_FAIL(setsockopt(fd, IPPROTO_SCTP, SCTP_RTOINFO, &ri2,
				sizeof(ri2)), EINVAL, "SCTP_RTOINFO min 6000 > current max 5000");
	memset(&ri2, 0, sizeof(ri2));
	len = sizeof(ri2);
	if (getsockopt(fd, IPPROTO_SCTP, SCTP_RTOINFO, &ri2, &len))
		tst_brk(TBROK | TERRNO, "getsockopt(SCTP_RTOINFO)");
	if (ri2.srto_initial != 500 || ri2.srto_max != 5000 ||
	    ri2.srto_min != 200)
		tst_res(TFAIL, "SCTP_RTOINFO read back %u/%u/%u, expected 500/5000/200",
			ri2.srto_initial, ri2.srto_max, ri2.srto_min);
	else
		tst_res(TPASS, "SCTP_RTOINFO 500/5000/200 read back, refused ones changed nothing");
	ri.srto_assoc_id = 12345;
	TST_EXP_FAIL(setsockopt(mfd, IPPROTO_SCTP, SCTP_RTOINFO, &ri,
				sizeof(ri)), EINVAL, "SCTP_RTOINFO of an unknown assoc id (one-to-many)");

	memset(&ap, 0, sizeof(ap));
	ap.sasoc_asocmaxrxt = 5;
	TST_EXP_FAIL(setsockopt(fd, IPPROTO_SCTP, SCTP_ASSOCINFO, &ap,
				sizeof(ap) + 1), EINVAL, "SCTP_ASSOCINFO long");
	sctp_setopt(fd, SCTP_ASSOCINFO, &ap, sizeof(ap), "SCTP_ASSOCINFO");
	memset(&ap, 0, sizeof(ap));
	len = sizeof(ap);
	if (getsockopt(fd, IPPROTO_SCTP, SCTP_ASSOCINFO, &ap, &len))
		tst_brk(TBROK | TERRNO, "getsockopt(SCTP_ASSOCINFO)");
	NET_EXP_EQ(ap.sasoc_asocmaxrxt, 5, "SCTP_ASSOCINFO sasoc_asocmaxrxt read back");
	ap.sasoc_assoc_id = 12345;
	TST_EXP_FAIL(setsockopt(mfd, IPPROTO_SCTP, SCTP_ASSOCINFO, &ap,
				sizeof(ap)), EINVAL, "SCTP_ASSOCINFO of an unknown assoc id (one-to-many)");

	TST_EXP_FAIL(setsockopt(fd, IPPROTO_SCTP, SCTP_AUTOCLOSE, &ac,
				sizeof(ac)), EOPNOTSUPP, "SCTP_AUTOCLOSE on a one-to-one socket");
	TST_EXP_FAIL(setsockopt(mfd, IPPROTO_SCTP, SCTP_AUTOCLOSE, &ac, 2),
		     EINVAL, "SCTP_AUTOCLOSE of 2 bytes");

	ev.se_type = SCTP_ASSOC_CHANGE;
	ev.se_on = 1;
	TST_EXP_FAIL(setsockopt(fd, IPPROTO_SCTP, SCTP_EVENT, &ev,
				sizeof(ev) - 1), EINVAL, "SCTP_EVENT short");
	ev.se_type = SCTP_SN_TYPE_BASE - 1;
	TST_EXP_FAIL(setsockopt(fd, IPPROTO_SCTP, SCTP_EVENT, &ev, sizeof(ev)),
		     EINVAL, "SCTP_EVENT type below SCTP_SN_TYPE_BASE");
	ev.se_type = 0xffff;
	TST_EXP_FAIL(setsockopt(fd, IPPROTO_SCTP, SCTP_EVENT, &ev, sizeof(ev)),
		     EINVAL, "SCTP_EVENT type 0xffff");
	memset(es, 0, sizeof(es));
	TST_EXP_FAIL(setsockopt(fd, IPPROTO_SCTP, SCTP_EVENTS, es,
				sizeof(es[0]) + 1), EINVAL, "SCTP_EVENTS longer than its struct");

	len = sizeof(st) - 1;
	TST_EXP_FAIL(getsockopt(fd, IPPROTO_SCTP, SCTP_STATUS, &st, &len),
		     EINVAL, "SCTP_STATUS short");
	memset(&st, 0, sizeof(st));
	len = sizeof(st);
	TST_EXP_FAIL(getsockopt(fd, IPPROTO_SCTP, SCTP_STATUS, &st, &len),
		     EINVAL, "SCTP_STATUS on an unconnected one-to-one socket");
	st.sstat_assoc_id = 12345;
	len = sizeof(st);
	TST_EXP_FAIL(getsockopt(mfd, IPPROTO_SCTP, SCTP_STATUS, &st, &len),
		     EINVAL, "SCTP_STATUS of an unknown assoc id");

	len = sizeof(po);
	TST_EXP_FAIL(getsockopt(fd, IPPROTO_SCTP, SCTP_SOCKOPT_PEELOFF, &po,
				&len), EINVAL, "peel-off on a one-to-one socket");
	po.associd = 12345;
	len = sizeof(po);
	TST_EXP_FAIL(getsockopt(mfd, IPPROTO_SCTP, SCTP_SOCKOPT_PEELOFF, &po,
				&len), EINVAL, "peel-off of an unknown assoc id");
	len = sizeof(po) - 1;
	TST_EXP_FAIL(getsockopt(mfd, IPPROTO_SCTP, SCTP_SOCKOPT_PEELOFF, &po,
				&len), EINVAL, "peel-off short");
	close(fd);
	close(mfd);
}

static int local_addrs(int fd)
{
	union {
		struct sctp_getaddrs ga;
		char buf[1024];
	} u;
	socklen_t len = sizeof(u);

	memset(&u, 0, sizeof(u));
	if (getsockopt(fd, IPPROTO_SCTP, SCTP_GET_LOCAL_ADDRS, &u, &len))
		tst_brk(TBROK | TERRNO, "SCTP_GET_LOCAL_ADDRS");
	return u.ga.addr_num;
}

static void set_addr(int family, const char *txt, unsigned short port,
		     struct sockaddr_storage *ss)
{
	memset(ss, 0, sizeof(*ss));
	ss->ss_family = family;
	if (family == AF_INET) {
		((struct sockaddr_in *)ss)->sin_port = htons(port);
		inet_pton(AF_INET, txt, &((struct sockaddr_in *)ss)->sin_addr);
	} else {
		((struct sockaddr_in6 *)ss)->sin6_port = htons(port);
		inet_pton(AF_INET6, txt,
			  &((struct sockaddr_in6 *)ss)->sin6_addr);
	}
}

static void bindx_errors(int family)
{
	struct sockaddr_storage ss, a;
	int v4 = family == AF_INET;
	int fd = sctp_bound(NET_A, family, SOCK_SEQPACKET, &ss);
	unsigned short port = net_port(&ss);
	struct sockaddr_un { sa_family_t f; char p[108]; } un = { AF_UNIX, "x" };
	int n;

	TST_EXP_FAIL(setsockopt(fd, IPPROTO_SCTP, SCTP_SOCKOPT_BINDX_ADD, &ss,
				0), EINVAL, "bindx add of nothing");
	TST_EXP_FAIL(setsockopt(fd, IPPROTO_SCTP, SCTP_SOCKOPT_BINDX_ADD, &un,
				sizeof(un)), EINVAL, "bindx add of an AF_UNIX address");
	set_addr(family, v4 ? "127.0.0.1" : "::1", port, &a);
	TST_EXP_FAIL(setsockopt(fd, IPPROTO_SCTP, SCTP_SOCKOPT_BINDX_ADD, &a,
				alen(family) - 1), EINVAL, "bindx add of a truncated address");
	set_addr(family, v4 ? "127.0.0.1" : "::1", port + 1, &a);
	TST_EXP_FAIL(setsockopt(fd, IPPROTO_SCTP, SCTP_SOCKOPT_BINDX_ADD, &a,
				alen(family)), EINVAL, "bindx add with another port");
	TST_EXP_FAIL(setsockopt(fd, IPPROTO_SCTP, SCTP_SOCKOPT_BINDX_ADD, &ss,
				alen(family)), EINVAL, "bindx add of the bound address");
	set_addr(family, v4 ? "10.99.7.7" : "fd99:7::7", port, &a);
	TST_EXP_FAIL(setsockopt(fd, IPPROTO_SCTP, SCTP_SOCKOPT_BINDX_ADD, &a,
				alen(family)), EADDRNOTAVAIL, "bindx add of an address the host lacks");
	TST_EXP_FAIL(setsockopt(fd, IPPROTO_SCTP, SCTP_SOCKOPT_BINDX_REM, &ss,
				alen(family)), EBUSY, "bindx remove of the only address");
	NET_EXP_EQ(local_addrs(fd), 1, "local addresses after the refusals");

	set_addr(family, v4 ? "127.0.0.1" : "::1", port, &a);
	TST_EXP_PASS(setsockopt(fd, IPPROTO_SCTP, SCTP_SOCKOPT_BINDX_ADD, &a,
				alen(family)), "bindx add of loopback");
	NET_EXP_EQ(local_addrs(fd), 2, "local addresses after the add");
	set_addr(family, v4 ? "127.0.0.2" : "fd99:1::9", port, &a);
	TST_EXP_FAIL(setsockopt(fd, IPPROTO_SCTP, SCTP_SOCKOPT_BINDX_REM, &a,
				alen(family)), EINVAL, "bindx remove of an address not bound");
	set_addr(family, v4 ? "127.0.0.1" : "::1", port, &a);
	TST_EXP_PASS(setsockopt(fd, IPPROTO_SCTP, SCTP_SOCKOPT_BINDX_REM, &a,
				alen(family)), "bindx remove of loopback");
	n = local_addrs(fd);
	NET_EXP_EQ(n, 1, "local addresses after the remove");
	close(fd);
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

#define INIT_TAG 0x5ca1ab1e
#define NADDR 3273	/* the INIT's 20-byte parameters: 65480-byte chunk */

static unsigned char pkt[65535];

/* An IPv6 packet ::1 -> ::1, SCTP INIT sport -> dport; its length. */
static size_t big_init(unsigned short sport, unsigned short dport)
{
	struct ip6_hdr *ip6 = (struct ip6_hdr *)pkt;
	unsigned char *sh = pkt + sizeof(*ip6), *p;
	size_t clen = 20 + NADDR * 20, len = sizeof(*ip6) + 12 + clen;
	uint32_t v, crc;
	int i;

	memset(pkt, 0, len);
	ip6->ip6_flow = htonl(6u << 28);
	ip6->ip6_plen = htons(len - sizeof(*ip6));
	ip6->ip6_nxt = IPPROTO_SCTP;
	ip6->ip6_hops = 64;
	ip6->ip6_src = in6addr_loopback;
	ip6->ip6_dst = in6addr_loopback;
	sh[0] = sport >> 8;
	sh[1] = sport;
	sh[2] = dport >> 8;
	sh[3] = dport;
	/* verification tag 0, checksum later */
	p = sh + 12;
	p[0] = 1;			/* INIT */
	p[2] = clen >> 8;
	p[3] = clen;
	v = htonl(INIT_TAG);		/* initiate tag */
	memcpy(p + 4, &v, 4);
	v = htonl(106496);		/* a_rwnd */
	memcpy(p + 8, &v, 4);
	p[12] = 0;
	p[13] = 10;			/* outbound streams */
	p[14] = 0xff;
	p[15] = 0xff;			/* inbound streams */
	v = htonl(1);			/* initial TSN */
	memcpy(p + 16, &v, 4);
	for (i = 0, p += 20; i < NADDR; i++, p += 20) {
		p[1] = 6;		/* IPv6 address parameter */
		p[3] = 20;
		p[4 + 15] = 1;		/* ::1 */
	}
	crc = crc32c(sh, len - sizeof(*ip6));
	memcpy(sh + 8, &crc, 4);	/* the CRC32c's bytes, little end first */
	return len;
}

static void big_chunk(void)
{
	struct sockaddr_in6 lo6 = {
		.sin6_family = AF_INET6, .sin6_addr = IN6ADDR_LOOPBACK_INIT,
	};
	struct sockaddr_storage peer, cli;
	socklen_t len = sizeof(lo6);
	int lfd, raw, rfd, cfd, afd, err, seen = 0, answered = 0;
	unsigned short port;
	size_t plen;
	struct timespec t0, t;
	static unsigned char in[65536];

	net_enter(NET_A);
	lfd = sctp_socket(NET_A, AF_INET6, SOCK_STREAM);
	if (bind(lfd, (struct sockaddr *)&lo6, sizeof(lo6)) ||
	    getsockname(lfd, (struct sockaddr *)&lo6, &len) || listen(lfd, 4))
		tst_brk(TBROK | TERRNO, "SCTP listener on ::1");
	port = ntohs(lo6.sin6_port);
	raw = socket(AF_INET6, SOCK_RAW, IPPROTO_RAW);
	rfd = socket(AF_INET6, SOCK_RAW, IPPROTO_SCTP);
	if (raw < 0 || rfd < 0)
		tst_brk(TBROK | TERRNO, "raw IPv6 sockets");
	plen = big_init(port - 1, port);
	lo6.sin6_port = 0;	/* for a raw socket: the protocol, here none */
	if (sendto(raw, pkt, plen, 0, (struct sockaddr *)&lo6, sizeof(lo6)) !=
	    (ssize_t)plen)
		tst_brk(TBROK | TERRNO, "sendto(%zu-byte INIT)", plen);
	/* the raw SCTP socket gets a copy of every SCTP packet on lo */
	clock_gettime(CLOCK_MONOTONIC, &t0);
	while (!seen) {
		ssize_t n;

		clock_gettime(CLOCK_MONOTONIC, &t);
		if ((t.tv_sec - t0.tv_sec) * 1000 > net_ms(10000))
			break;
		if (!net_poll(rfd, POLLIN, 1000))
			continue;
		n = recv(rfd, in, sizeof(in), MSG_DONTWAIT);
		if (n < 0 && errno != EAGAIN)
			tst_brk(TBROK | TERRNO, "recv(raw SCTP)");
		if (n == (ssize_t)(plen - sizeof(struct ip6_hdr)) &&
		    !memcmp(in, pkt + sizeof(struct ip6_hdr), 16))
			seen = 1;
		else if (n >= 0)
			tst_res(TINFO, "raw SCTP socket: %zd bytes", n);
	}
	if (!seen)
		tst_brk(TBROK, "the %zu-byte INIT did not arrive on lo", plen);
	tst_res(TINFO, "a %zu-byte INIT (chunk %d bytes) reached the listener",
		plen, 20 + NADDR * 20);

	cfd = sctp_socket(NET_A, AF_INET6, SOCK_STREAM);
	lo6.sin6_port = htons(port);
	memcpy(&peer, &lo6, sizeof(lo6));
	err = sctp_connect(cfd, &peer);
	if (err) {
		errno = err;
		tst_res(TFAIL | TERRNO, "connect() to the listener after the big INIT");
	} else {
		len = sizeof(cli);
		getsockname(cfd, (struct sockaddr *)&cli, &len);
		afd = net_accept(lfd);
		len = sizeof(peer);
		if (getpeername(afd, (struct sockaddr *)&peer, &len) ||
		    net_port(&peer) != net_port(&cli))
			tst_res(TFAIL, "accepted port %u, not the client's %u",
				net_port(&peer), net_port(&cli));
		else
			tst_res(TPASS, "after the big INIT the listener accepts the real client");
		close(afd);
		net_set_nonblock(lfd, 1);
		TST_EXP_FAIL(accept(lfd, NULL, NULL), EAGAIN,
			     "no association from the big INIT");
		/* the SCTP packets on lo since: none answers the big INIT */
		for (;;) {
			ssize_t n = recv(rfd, in, sizeof(in), MSG_DONTWAIT);
			uint32_t vtag;

			if (n < 12)
				break;
			memcpy(&vtag, in + 4, 4);
			if ((in[2] << 8 | in[3]) == port - 1 &&
			    ntohl(vtag) == INIT_TAG)
				answered++;
		}
		if (answered)
			tst_res(TFAIL, "the big INIT was answered (%d packets to its port)",
				answered);
		else
			tst_res(TPASS, "nothing was sent back to the big INIT");
	}
	close(cfd);
	close(raw);
	close(rfd);
	close(lfd);
}

static void run(unsigned int n)
{
	int family = n ? AF_INET6 : AF_INET;

	tst_res(TINFO, "%s", n ? "IPv6" : "IPv4");
	connect_refused(family);
	send_errors(family);
	opt_errors(family);
	bindx_errors(family);
	if (n)
		big_chunk();
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.timeout = 120,
	.tags = (const struct tst_tag[]) {
		{"linux-git", "07f2c7ab6f8d"},
		{"CVE", "2018-5803"},
		{}
	},
};
