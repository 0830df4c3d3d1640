// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * bind() then traffic over the bound address, for every kind of socket:
 * stream sockets of AF_UNIX (path and abstract), TCP over IPv4 and IPv6
 * and SCTP, datagram sockets of AF_UNIX, UDP and UDP-Lite over IPv4 and
 * IPv6: the client connects to (or sends to) the address the server was
 * bound to, data goes both ways intact, and the server sees the client's
 * bound address as the peer. bind() to an address no interface has is
 * EADDRNOTAVAIL (192.0.2.1, 2001:db8::1), unless IP_FREEBIND is set.
 * Syscalls: bind
 */
#include <netinet/in.h>
#include <sys/time.h>
#include "socket_helpers.h"

#ifndef IPPROTO_UDPLITE
# define IPPROTO_UDPLITE 136
#endif

struct kind {
	int family, type, proto;
	const char *name;
};

static const struct kind kinds[] = {
	{AF_UNIX, SOCK_STREAM, 0, "AF_UNIX stream, path"},
	{AF_UNIX, SOCK_STREAM, 1, "AF_UNIX stream, abstract"},
	{AF_INET, SOCK_STREAM, IPPROTO_TCP, "TCP/IPv4"},
	{AF_INET6, SOCK_STREAM, IPPROTO_TCP, "TCP/IPv6"},
	{AF_INET, SOCK_STREAM, IPPROTO_SCTP, "SCTP/IPv4"},
	{AF_UNIX, SOCK_DGRAM, 0, "AF_UNIX datagram"},
	{AF_INET, SOCK_DGRAM, IPPROTO_UDP, "UDP/IPv4"},
	{AF_INET6, SOCK_DGRAM, IPPROTO_UDP, "UDP/IPv6"},
	{AF_INET, SOCK_DGRAM, IPPROTO_UDPLITE, "UDP-Lite/IPv4"},
	{AF_INET6, SOCK_DGRAM, IPPROTO_UDPLITE, "UDP-Lite/IPv6"},
};

static int has_ipv6;

/* The address to bind for kind k, side 0 server, 1 client. */
static socklen_t make_addr(const struct kind *k, int side,
			   struct sockaddr_storage *ss)
{
	memset(ss, 0, sizeof(*ss));
	if (k->family == AF_UNIX) {
		char path[32];
		socklen_t len;
		struct sockaddr_un sun;

		snprintf(path, sizeof(path), "%ssock%d_%d",
			 k->proto ? "@ltp_bind04_" : "", side, getpid());
		sun = unix_addr(path, &len);
		memcpy(ss, &sun, sizeof(sun));
		return len;
	}
	if (k->family == AF_INET) {
		struct sockaddr_in *s = (void *)ss;

		*s = lo4(0);
		return sizeof(*s);
	}
	((struct sockaddr_in6 *)ss)->sin6_family = AF_INET6;
	((struct sockaddr_in6 *)ss)->sin6_addr = in6addr_loopback;
	return sizeof(struct sockaddr_in6);
}

static int bound_sock(const struct kind *k, int side,
		      struct sockaddr_storage *ss, socklen_t *len)
{
	struct timeval tv = { .tv_sec = (time_t)(10 * tst_timeout_mul()) };
	int proto = k->family == AF_UNIX ? 0 : k->proto;
	int fd = socket(k->family, k->type, proto);

	if (fd < 0)
		return -1;
	*len = make_addr(k, side, ss);
	TST_EXP_PASS(bind(fd, (void *)ss, *len), "%s: bind() of the %s",
		     k->name, side ? "client" : "server");
	if (!TST_PASS)
		tst_brk(TBROK, "cannot go on");
	if (k->family != AF_UNIX &&
	    getsockname(fd, (void *)ss, len))
		tst_brk(TBROK | TERRNO, "getsockname()");
	if (setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv)))
		tst_brk(TBROK | TERRNO, "SO_RCVTIMEO");
	return fd;
}

static int same_addr(const struct sockaddr_storage *a,
		     const struct sockaddr_storage *b, socklen_t len)
{
	return !memcmp(a, b, len);
}

static void run(unsigned int n)
{
	const struct kind *k = &kinds[n];
	struct sockaddr_storage sa, ca, peer;
	socklen_t slen, clen, plen = sizeof(peer);
	char buf[16] = "";
	int srv, cli, conn = -1;

	if (k->family == AF_INET6 && !has_ipv6) {
		tst_res(TCONF, "%s: no IPv6", k->name);
		return;
	}
	srv = bound_sock(k, 0, &sa, &slen);
	if (srv < 0) {
		tst_res(TCONF | TERRNO, "%s: no such socket", k->name);
		return;
	}
	cli = bound_sock(k, 1, &ca, &clen);
	if (k->type == SOCK_STREAM) {
		if (listen(srv, 1))
			tst_brk(TBROK | TERRNO, "listen()");
		if (connect(cli, (void *)&sa, slen))
			tst_brk(TBROK | TERRNO, "%s: connect()", k->name);
		conn = accept(srv, (void *)&peer, &plen);
		if (conn < 0)
			tst_brk(TBROK | TERRNO, "accept()");
		SAFE_WRITE(1, cli, "ping", 4);
		TST_EXP_VAL(read(conn, buf, sizeof(buf)), 4, "%s: the server "
			    "reads", k->name);
		SAFE_WRITE(1, conn, "pong", 4);
	} else {
		if (sendto(cli, "ping", 4, 0, (void *)&sa, slen) != 4)
			tst_brk(TBROK | TERRNO, "sendto()");
		TST_EXP_VAL(recvfrom(srv, buf, sizeof(buf), 0, (void *)&peer,
				     &plen), 4, "%s: the server receives",
			    k->name);
		if (sendto(srv, "pong", 4, 0, (void *)&peer, plen) != 4)
			tst_brk(TBROK | TERRNO, "sendto() back");
	}
	TST_EXP_EXPR(!memcmp(buf, "ping", 4) && plen == clen &&
		     same_addr(&peer, &ca, clen), "%s: 'ping' from the "
		     "client's bound address", k->name);
	memset(buf, 0, sizeof(buf));
	TST_EXP_VAL(recv(cli, buf, sizeof(buf), 0), 4, "%s: the client "
		    "receives", k->name);
	TST_EXP_EXPR(!memcmp(buf, "pong", 4), "%s: 'pong' back", k->name);
	if (conn >= 0)
		SAFE_CLOSE(conn);
	SAFE_CLOSE(cli);
	SAFE_CLOSE(srv);
	if (k->family == AF_UNIX && !k->proto) {
		unlink(((struct sockaddr_un *)&sa)->sun_path);
		unlink(((struct sockaddr_un *)&ca)->sun_path);
	}
}

static void test_notavail(void)
{
	struct sockaddr_in s4 = lo4(0);
	struct sockaddr_in6 s6 = { .sin6_family = AF_INET6 };
	int fd, one = 1;

	s4.sin_addr.s_addr = htonl(0xc0000201);	/* 192.0.2.1 */
	fd = SAFE_SOCKET(AF_INET, SOCK_DGRAM, 0);
	TST_EXP_FAIL(bind(fd, (void *)&s4, sizeof(s4)), EADDRNOTAVAIL,
		     "bind() to 192.0.2.1");
	if (setsockopt(fd, IPPROTO_IP, IP_FREEBIND, &one, sizeof(one)))
		tst_brk(TBROK | TERRNO, "IP_FREEBIND");
	TST_EXP_PASS(bind(fd, (void *)&s4, sizeof(s4)),
		     "bind() to 192.0.2.1 with IP_FREEBIND");
	SAFE_CLOSE(fd);
	if (!has_ipv6)
		return;
	s6.sin6_addr.s6_addr[0] = 0x20;
	s6.sin6_addr.s6_addr[1] = 0x01;
	s6.sin6_addr.s6_addr[2] = 0x0d;
	s6.sin6_addr.s6_addr[3] = 0xb8;
	s6.sin6_addr.s6_addr[15] = 1;
	fd = SAFE_SOCKET(AF_INET6, SOCK_DGRAM, 0);
	TST_EXP_FAIL(bind(fd, (void *)&s6, sizeof(s6)), EADDRNOTAVAIL,
		     "bind() to 2001:db8::1");
	SAFE_CLOSE(fd);
}

static void run_all(unsigned int n)
{
	if (n < ARRAY_SIZE(kinds))
		run(n);
	else
		test_notavail();
}

static void setup(void)
{
	require_loopback();
	has_ipv6 = have_ipv6_loopback();
}

static struct tst_test test = {
	.tcnt = ARRAY_SIZE(kinds) + 1,
	.test = run_all,
	.setup = setup,
	.needs_tmpdir = 1,
};
