// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * bind() of AF_INET and AF_INET6 sockets on loopback:
 *  - port 0 gets a port from net.ipv4.ip_local_port_range, which
 *    getsockname reports with the address; ::1 likewise (when IPv6 is
 *    there);
 *  - a second socket on the same address and port: EADDRINUSE, for TCP
 *    and UDP; with SO_REUSEADDR on both TCP sockets it passes while the
 *    first is not listening, and is EADDRINUSE once it listens;
 *  - a socket bound already: EINVAL;
 *  - an address length below sizeof(struct sockaddr_in) (or of a
 *    sockaddr_in6): EINVAL; family AF_UNIX in the address: EAFNOSUPPORT;
 *  - -1: EBADF; a regular file: ENOTSOCK; an address outside the address
 *    space: EFAULT.
 */
#include "socket_helpers.h"

static int fds[4] = { -1, -1, -1, -1 };
static int lo_port, hi_port, has_ipv6;

static void setup(void)
{
	require_loopback();
	SAFE_FILE_SCANF("/proc/sys/net/ipv4/ip_local_port_range", "%d %d",
			&lo_port, &hi_port);
	has_ipv6 = have_ipv6_loopback();
}

static void close_all(void)
{
	unsigned int i;

	for (i = 0; i < 4; i++)
		if (fds[i] >= 0)
			SAFE_CLOSE(fds[i]);
}

static void test_port0(void)
{
	struct sockaddr_in sin = lo4(0);
	socklen_t len = sizeof(sin);
	int port;

	fds[0] = SAFE_SOCKET(AF_INET, SOCK_STREAM, 0);
	TST_EXP_PASS(bind(fds[0], (struct sockaddr *)&sin, sizeof(sin)),
		     "bind(127.0.0.1:0)");
	if (getsockname(fds[0], (struct sockaddr *)&sin, &len))
		tst_brk(TBROK | TERRNO, "getsockname()");
	port = ntohs(sin.sin_port);
	TST_EXP_EXPR(sin.sin_family == AF_INET &&
		     sin.sin_addr.s_addr == htonl(INADDR_LOOPBACK) &&
		     port >= lo_port && port <= hi_port,
		     "getsockname: 127.0.0.1:%d, within %d-%d", port, lo_port,
		     hi_port);

	sin = lo4(0);
	TST_EXP_FAIL(bind(fds[0], (struct sockaddr *)&sin, sizeof(sin)), EINVAL,
		     "bind() of a bound socket");
	close_all();
}

static void test_in_use(int type, const char *name)
{
	struct sockaddr_in sin;

	fds[0] = bound4(type, &sin);
	fds[1] = SAFE_SOCKET(AF_INET, type, 0);
	TST_EXP_FAIL(bind(fds[1], (struct sockaddr *)&sin, sizeof(sin)),
		     EADDRINUSE, "%s: bind() to the port of a bound socket",
		     name);
	close_all();
}

static void test_reuseaddr(void)
{
	struct sockaddr_in sin = lo4(0);
	socklen_t len = sizeof(sin);
	int one = 1, i;

	for (i = 0; i < 3; i++) {
		fds[i] = SAFE_SOCKET(AF_INET, SOCK_STREAM, 0);
		if (setsockopt(fds[i], SOL_SOCKET, SO_REUSEADDR, &one,
			       sizeof(one)))
			tst_brk(TBROK | TERRNO, "setsockopt(SO_REUSEADDR)");
	}
	if (bind(fds[0], (struct sockaddr *)&sin, sizeof(sin)) ||
	    getsockname(fds[0], (struct sockaddr *)&sin, &len))
		tst_brk(TBROK | TERRNO, "bind(127.0.0.1:0)");
	TST_EXP_PASS(bind(fds[1], (struct sockaddr *)&sin, sizeof(sin)),
		     "SO_REUSEADDR: bind() to the port of a bound socket");
	SAFE_CLOSE(fds[1]);
	if (listen(fds[0], 1))
		tst_brk(TBROK | TERRNO, "listen()");
	TST_EXP_FAIL(bind(fds[2], (struct sockaddr *)&sin, sizeof(sin)),
		     EADDRINUSE, "SO_REUSEADDR: bind() to the port of a "
		     "listening socket");
	close_all();
}

static void test_ipv6(void)
{
	struct sockaddr_in6 sin6 = {
		.sin6_family = AF_INET6,
		.sin6_addr = IN6ADDR_LOOPBACK_INIT,
	};
	socklen_t len = sizeof(sin6);

	if (!has_ipv6) {
		tst_res(TCONF, "IPv6 is disabled or not built");
		return;
	}
	fds[0] = SAFE_SOCKET(AF_INET6, SOCK_STREAM, 0);
	TST_EXP_FAIL(bind(fds[0], (struct sockaddr *)&sin6, sizeof(sin6) - 5),
		     EINVAL, "bind(AF_INET6, address length %zu)",
		     sizeof(sin6) - 5);
	TST_EXP_PASS(bind(fds[0], (struct sockaddr *)&sin6, sizeof(sin6)),
		     "bind([::1]:0)");
	if (getsockname(fds[0], (struct sockaddr *)&sin6, &len))
		tst_brk(TBROK | TERRNO, "getsockname()");
	TST_EXP_EXPR(sin6.sin6_family == AF_INET6 &&
		     IN6_IS_ADDR_LOOPBACK(&sin6.sin6_addr) && sin6.sin6_port,
		     "getsockname: [::1]:%d", ntohs(sin6.sin6_port));
	close_all();
}

static void test_errors(void)
{
	struct sockaddr_in sin = lo4(0);
	int file;

	fds[0] = SAFE_SOCKET(AF_INET, SOCK_STREAM, 0);
	TST_EXP_FAIL(bind(fds[0], (struct sockaddr *)&sin, sizeof(sin) - 1),
		     EINVAL, "bind(address length %zu)", sizeof(sin) - 1);
	sin.sin_family = AF_UNIX;
	TST_EXP_FAIL(bind(fds[0], (struct sockaddr *)&sin, sizeof(sin)),
		     EAFNOSUPPORT, "bind(AF_INET socket, family AF_UNIX)");
	sin.sin_family = AF_INET;
	TST_EXP_FAIL(bind(fds[0], (void *)-1, sizeof(sin)), EFAULT,
		     "bind(address (void *)-1)");
	TST_EXP_FAIL(bind(-1, (struct sockaddr *)&sin, sizeof(sin)), EBADF,
		     "bind(-1)");
	file = SAFE_OPEN("/dev/null", O_RDONLY);
	TST_EXP_FAIL(bind(file, (struct sockaddr *)&sin, sizeof(sin)),
		     ENOTSOCK, "bind(/dev/null)");
	SAFE_CLOSE(file);
	/* none of the failed calls bound it */
	TST_EXP_PASS(bind(fds[0], (struct sockaddr *)&sin, sizeof(sin)),
		     "bind(127.0.0.1:0) after the failed calls");
	close_all();
}

static void run(void)
{
	test_port0();
	test_in_use(SOCK_STREAM, "TCP");
	test_in_use(SOCK_DGRAM, "UDP");
	test_reuseaddr();
	test_ipv6();
	test_errors();
}

static void cleanup(void)
{
	close_all();
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
};
