// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * connect() on UDP sockets, IPv4 and IPv6, between two namespaces; the
 * remote has two bound sockets p1 and p2:
 * - unconnected: send() EDESTADDRREQ, getpeername() ENOTCONN;
 * - connect() to p1 with an address one byte short of sockaddr_in (of
 *   the RFC 2133 sockaddr_in6, 24 bytes, for IPv6) EINVAL, with a family that is
 *   not the socket's EAFNOSUPPORT; connected: getpeername() is p1, the
 *   local name the local address and a port; send() reaches p1 from that
 *   name; a datagram from p2 is not delivered (the local UDP NoPorts
 *   + 1: no socket takes it) while p1's next one is;
 *   sendto() p2 on the connected socket reaches p2, and send() still p1;
 *   a failed connect() leaves the peer as it was; connecting again to p2
 *   moves the filter to p2;
 * - connect(AF_UNSPEC) dissolves the association (__udp_disconnect()):
 *   ENOTCONN, EDESTADDRREQ again; what remains of the local name depends
 *   on what bind() locked: nothing bound or port 0 bound -> wildcard and
 *   port 0 (the port unhashed: a datagram to it is NoPorts); a port bound
 *   -> wildcard and that port, and p2's datagrams now arrive; an address
 *   and port bound -> both kept; an address with port 0 -> the address
 *   and port 0; SO_BINDTODEVICE is cleared as well.
 */
#include "tst_test.h"
#include "net_hosts.h"

enum { BIND_NONE, BIND_ANY0, BIND_ANYP, BIND_ADDRP, BIND_ADDR0 };

static const char *const bind_name[] = {
	"no bind()", "bind(wildcard, 0)", "bind(wildcard, port)",
	"bind(address, port)", "bind(address, 0)"
};

static int family;
static struct sockaddr_storage p1a, p2a;
static int p1 = -1, p2 = -1;

static socklen_t slen(void)
{
	return family == AF_INET ? sizeof(struct sockaddr_in) :
		sizeof(struct sockaddr_in6);
}

static const char *noports(void)
{
	return family == AF_INET ? "NoPorts" : "Udp6NoPorts";
}

static long long noports_a(void)
{
	return net_snmp(NET_A, family == AF_INET ? "snmp" : "snmp6", "Udp:",
			noports());
}

static int same_addr(const struct sockaddr_storage *a,
		     const struct sockaddr_storage *b)
{
	if (a->ss_family != b->ss_family || net_port(a) != net_port(b))
		return 0;
	if (a->ss_family == AF_INET)
		return ((struct sockaddr_in *)a)->sin_addr.s_addr ==
			((struct sockaddr_in *)b)->sin_addr.s_addr;
	return !memcmp(&((struct sockaddr_in6 *)a)->sin6_addr,
		       &((struct sockaddr_in6 *)b)->sin6_addr,
		       sizeof(struct in6_addr));
}

/* Is ss's address the wildcard? */
static int is_any(const struct sockaddr_storage *ss)
{
	static const struct in6_addr any6;

	if (ss->ss_family == AF_INET)
		return !((struct sockaddr_in *)ss)->sin_addr.s_addr;
	return !memcmp(&((struct sockaddr_in6 *)ss)->sin6_addr, &any6,
		       sizeof(any6));
}

static void name_of(int fd, struct sockaddr_storage *ss)
{
	socklen_t len = sizeof(*ss);

	memset(ss, 0, sizeof(*ss));
	if (getsockname(fd, (struct sockaddr *)ss, &len))
		tst_brk(TBROK | TERRNO, "getsockname()");
}

static void sendto_ss(int fd, const char *msg,
		      const struct sockaddr_storage *to)
{
	if (sendto(fd, msg, strlen(msg), 0, (const struct sockaddr *)to,
		   slen()) != (ssize_t)strlen(msg))
		tst_brk(TBROK | TERRNO, "sendto()");
}

/* The next datagram of fd (bounded wait) is msg from *from. */
static void expect(int fd, const char *msg,
		   const struct sockaddr_storage *from, const char *what)
{
	struct sockaddr_storage src;
	socklen_t len = sizeof(src);
	char buf[64];
	ssize_t n;

	if (!(net_poll(fd, POLLIN, 10000) & POLLIN)) {
		tst_res(TFAIL, "%s: nothing received", what);
		return;
	}
	memset(&src, 0, sizeof(src));
	n = recvfrom(fd, buf, sizeof(buf) - 1, MSG_DONTWAIT,
		     (struct sockaddr *)&src, &len);
	if (n < 0)
		tst_brk(TBROK | TERRNO, "recvfrom()");
	buf[n] = 0;
	if (strcmp(buf, msg) || (from && !same_addr(&src, from)))
		tst_res(TFAIL, "%s: \"%s\" from port %u, expected \"%s\" from %u",
			what, buf, net_port(&src), msg,
			from ? net_port(from) : 0);
	else
		tst_res(TPASS, "%s: \"%s\"", what, buf);
}

/*
 * A datagram from src to *to is dropped as NoPorts in the local host
 * (no socket takes it): wait for that counter, bounded.
 */
static void expect_noport(int src, const struct sockaddr_storage *to,
			  const char *what)
{
	long long before = noports_a(), now;

	sendto_ss(src, "stray", to);
	now = net_wait_snmp(NET_A, family == AF_INET ? "snmp" : "snmp6",
			    "Udp:", noports(), before + 1);
	NET_EXP_EQ(now - before, 1, what);
}

static void expect_peer(int fd, const struct sockaddr_storage *peer,
			const char *what)
{
	struct sockaddr_storage ss;
	socklen_t len = sizeof(ss);

	memset(&ss, 0, sizeof(ss));
	if (getpeername(fd, (struct sockaddr *)&ss, &len))
		tst_res(TFAIL | TERRNO, "%s: getpeername()", what);
	else if (!same_addr(&ss, peer))
		tst_res(TFAIL, "%s: getpeername() port %u, expected %u", what,
			net_port(&ss), net_port(peer));
	else
		tst_res(TPASS, "%s: getpeername() is the peer", what);
}

static void unconnected_errnos(int fd, const char *what)
{
	struct sockaddr_storage ss;
	socklen_t len = sizeof(ss);

	TST_EXP_FAIL(send(fd, "x", 1, 0), EDESTADDRREQ, "%s: send()", what);
	TST_EXP_FAIL(getpeername(fd, (struct sockaddr *)&ss, &len), ENOTCONN,
		     "%s: getpeername()", what);
}

static void do_connect(int fd, const struct sockaddr_storage *to)
{
	if (connect(fd, (const struct sockaddr *)to, slen()))
		tst_brk(TBROK | TERRNO, "connect()");
}

static void disconnect(int fd)
{
	struct sockaddr sa = { .sa_family = AF_UNSPEC };

	if (connect(fd, &sa, sizeof(sa)))
		tst_brk(TBROK | TERRNO, "connect(AF_UNSPEC)");
}

/* The connected life of a socket, bound per mode before. */
static void connected(void)
{
	struct sockaddr_storage me, bad;
	int fd = net_socket(NET_A, family, SOCK_DGRAM);

	unconnected_errnos(fd, "unconnected");

	/* IPv6 takes the 24 byte sockaddr_in6 of RFC 2133 (no scope id) */
	TST_EXP_FAIL(connect(fd, (struct sockaddr *)&p1a,
			     family == AF_INET ? slen() - 1 : 23), EINVAL,
		     "connect() with a short address");
	bad = p1a;
	bad.ss_family = family == AF_INET ? AF_INET6 : AF_UNIX;
	TST_EXP_FAIL(connect(fd, (struct sockaddr *)&bad, slen()),
		     EAFNOSUPPORT, "connect() with family %d", bad.ss_family);

	do_connect(fd, &p1a);
	expect_peer(fd, &p1a, "connected to p1");
	name_of(fd, &me);
	if (is_any(&me) || !net_port(&me))
		tst_res(TFAIL, "local name after connect(): wildcard or port 0");
	else
		tst_res(TPASS, "local name after connect(): an address and port %u",
			net_port(&me));

	if (send(fd, "to p1", 5, 0) != 5)
		tst_brk(TBROK | TERRNO, "send()");
	expect(p1, "to p1", &me, "send() on the connected socket reaches p1");

	expect_noport(p2, &me, "p2's datagram to the socket connected to p1 is NoPorts");
	sendto_ss(p1, "from p1", &me);
	expect(fd, "from p1", &p1a, "p1's datagram is delivered, p2's was not");

	sendto_ss(fd, "to p2", &p2a);
	expect(p2, "to p2", &me, "sendto(p2) on the socket connected to p1");
	if (send(fd, "again", 5, 0) != 5)
		tst_brk(TBROK | TERRNO, "send()");
	expect(p1, "again", &me, "send() after sendto(p2) still reaches p1");

	TST_EXP_FAIL(connect(fd, (struct sockaddr *)&bad, slen()),
		     EAFNOSUPPORT, "connect() with a wrong family when connected");
	expect_peer(fd, &p1a, "after the failed connect()");

	do_connect(fd, &p2a);
	expect_peer(fd, &p2a, "connected again, to p2");
	expect_noport(p1, &me, "p1's datagram to the socket now connected to p2 is NoPorts");
	sendto_ss(p2, "from p2", &me);
	expect(fd, "from p2", &p2a, "p2's datagram is delivered, p1's was not");

	disconnect(fd);
	unconnected_errnos(fd, "after connect(AF_UNSPEC)");
	SAFE_CLOSE(fd);
}

/* What connect(AF_UNSPEC) leaves of the local name, per bind() mode. */
static void after_disconnect(int mode)
{
	struct sockaddr_storage ss, before, after;
	int fd = net_socket(NET_A, family, SOCK_DGRAM);
	int port = 0;

	if (mode != BIND_NONE) {
		if (mode == BIND_ADDRP || mode == BIND_ADDR0) {
			net_addr(NET_A, family, 0, &ss);
		} else {
			memset(&ss, 0, sizeof(ss));
			ss.ss_family = family;
		}
		if (mode == BIND_ANYP || mode == BIND_ADDRP) {
			/* A free port: the namespace is the test's own. */
			int tmp = net_socket(NET_A, family, SOCK_DGRAM);

			if (bind(tmp, (struct sockaddr *)&ss, slen()))
				tst_brk(TBROK | TERRNO, "bind()");
			name_of(tmp, &before);
			port = net_port(&before);
			SAFE_CLOSE(tmp);
			((struct sockaddr_in *)&ss)->sin_port = htons(port);
		}
		if (bind(fd, (struct sockaddr *)&ss, slen()))
			tst_brk(TBROK | TERRNO, "bind()");
	}
	do_connect(fd, &p1a);
	name_of(fd, &before);
	disconnect(fd);
	name_of(fd, &after);

	switch (mode) {
	case BIND_NONE:
	case BIND_ANY0:
		if (is_any(&after) && !net_port(&after))
			tst_res(TPASS, "%s: wildcard and port 0 after disconnect",
				bind_name[mode]);
		else
			tst_res(TFAIL, "%s: port %u%s after disconnect, expected wildcard and 0",
				bind_name[mode], net_port(&after),
				is_any(&after) ? "" : " and an address");
		/* The old port is no longer this socket's. */
		expect_noport(p2, &before, "a datagram to the released port is NoPorts");
		break;
	case BIND_ANYP:
		if (is_any(&after) && net_port(&after) == port)
			tst_res(TPASS, "%s: wildcard and the port after disconnect",
				bind_name[mode]);
		else
			tst_res(TFAIL, "%s: port %u (expected %d)%s after disconnect",
				bind_name[mode], net_port(&after), port,
				is_any(&after) ? "" : ", an address kept");
		sendto_ss(p2, "open", &before);
		expect(fd, "open", &p2a, "p2's datagram arrives after disconnect");
		break;
	case BIND_ADDRP:
		if (same_addr(&after, &before) && net_port(&after) == port)
			tst_res(TPASS, "%s: address and port kept after disconnect",
				bind_name[mode]);
		else
			tst_res(TFAIL, "%s: port %u (expected %d)%s after disconnect",
				bind_name[mode], net_port(&after), port,
				is_any(&after) ? ", address reset" : "");
		break;
	case BIND_ADDR0:
		if (!is_any(&after) && !net_port(&after))
			tst_res(TPASS, "%s: the address and port 0 after disconnect",
				bind_name[mode]);
		else
			tst_res(TFAIL, "%s: port %u%s after disconnect, expected the address and 0",
				bind_name[mode], net_port(&after),
				is_any(&after) ? ", no address" : "");
		break;
	}
	SAFE_CLOSE(fd);
}

static void bindtodevice(void)
{
	int fd = net_socket(NET_A, family, SOCK_DGRAM);
	char dev[IFNAMSIZ];
	socklen_t len = sizeof(dev);

	if (setsockopt(fd, SOL_SOCKET, SO_BINDTODEVICE, "net0", 5))
		tst_brk(TBROK | TERRNO, "SO_BINDTODEVICE");
	do_connect(fd, &p1a);
	memset(dev, 0, sizeof(dev));
	if (getsockopt(fd, SOL_SOCKET, SO_BINDTODEVICE, dev, &len))
		tst_brk(TBROK | TERRNO, "getsockopt(SO_BINDTODEVICE)");
	if (strcmp(dev, "net0"))
		tst_brk(TBROK, "SO_BINDTODEVICE reads \"%s\" before", dev);
	disconnect(fd);
	len = sizeof(dev);
	memset(dev, 0, sizeof(dev));
	if (getsockopt(fd, SOL_SOCKET, SO_BINDTODEVICE, dev, &len))
		tst_brk(TBROK | TERRNO, "getsockopt(SO_BINDTODEVICE)");
	if (!len)
		tst_res(TPASS, "SO_BINDTODEVICE cleared by connect(AF_UNSPEC)");
	else
		tst_res(TFAIL, "SO_BINDTODEVICE \"%s\" (length %u) after disconnect",
			dev, len);
	SAFE_CLOSE(fd);
}

static void run(unsigned int n)
{
	int mode;

	family = n ? AF_INET6 : AF_INET;
	tst_res(TINFO, "%s", n ? "IPv6" : "IPv4");
	p1 = net_bound(NET_B, family, SOCK_DGRAM, &p1a);
	p2 = net_bound(NET_B, family, SOCK_DGRAM, &p2a);
	connected();
	for (mode = BIND_NONE; mode <= BIND_ADDR0; mode++)
		after_disconnect(mode);
	bindtodevice();
	SAFE_CLOSE(p1);
	SAFE_CLOSE(p2);
}

static void setup(void)
{
	net_hosts_setup_pinned();
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.timeout = 60,
};
