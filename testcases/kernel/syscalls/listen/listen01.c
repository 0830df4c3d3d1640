// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * listen() makes a bound stream socket accept connections:
 *  - TCP on 127.0.0.1: SO_ACCEPTCONN goes from 0 to 1, a connect() then
 *    succeeds and accept() returns the connection; listen() again (a new
 *    backlog) passes;
 *  - AF_UNIX stream (abstract name) and seqpacket likewise;
 *  - an AF_UNIX stream socket that is not bound: EINVAL; a connected TCP
 *    socket: EINVAL;
 *  - UDP and AF_UNIX datagram sockets: EOPNOTSUPP;
 *  - -1: EBADF; a regular file: ENOTSOCK;
 *  - two TCP sockets with SO_REUSEADDR bound to the same port (allowed
 *    while neither listens): the first listens, the second's listen() is
 *    EADDRINUSE (inet_csk_listen_start() takes the port again) and it is
 *    left not listening (SO_ACCEPTCONN 0).
 * Syscalls: listen
 */
#include "socket_helpers.h"

static int fds[3] = { -1, -1, -1 };

static void close_all(void)
{
	int i;

	for (i = 0; i < 3; i++)
		if (fds[i] >= 0)
			SAFE_CLOSE(fds[i]);
}

static int acceptconn(int fd)
{
	socklen_t len = sizeof(int);
	int val = -1;

	if (getsockopt(fd, SOL_SOCKET, SO_ACCEPTCONN, &val, &len))
		tst_brk(TBROK | TERRNO, "getsockopt(SO_ACCEPTCONN)");
	return val;
}

static void check_listening(const char *name, const struct sockaddr *addr,
			    socklen_t len, int domain, int type)
{
	TST_EXP_EQ_LI(acceptconn(fds[0]), 0);
	TST_EXP_PASS(listen(fds[0], 4), "%s: listen(backlog 4)", name);
	TST_EXP_EQ_LI(acceptconn(fds[0]), 1);
	fds[1] = SAFE_SOCKET(domain, type, 0);
	TST_EXP_PASS(connect(fds[1], addr, len), "%s: connect() to it", name);
	TST_EXP_FD(fds[2] = accept(fds[0], NULL, NULL), "%s: accept()", name);
	TST_EXP_PASS(listen(fds[0], 16), "%s: listen(backlog 16) again", name);
	close_all();
}

static void test_tcp(void)
{
	struct sockaddr_in sin;

	fds[0] = bound4(SOCK_STREAM, &sin);
	check_listening("TCP", (struct sockaddr *)&sin, sizeof(sin), AF_INET,
			SOCK_STREAM);
}

static void test_unix(int type, const char *name)
{
	char path[64];
	struct sockaddr_un sun;
	socklen_t len;

	snprintf(path, sizeof(path), "@ltp_listen01_%d_%d", (int)getpid(),
		 type);
	sun = unix_addr(path, &len);
	fds[0] = SAFE_SOCKET(AF_UNIX, type, 0);
	if (bind(fds[0], (struct sockaddr *)&sun, len))
		tst_brk(TBROK | TERRNO, "bind(abstract %s)", path + 1);
	check_listening(name, (struct sockaddr *)&sun, len, AF_UNIX, type);
}

static int reuse_bound(struct sockaddr_in *addr)
{
	int fd = SAFE_SOCKET(AF_INET, SOCK_STREAM, 0), one = 1;

	if (setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one)))
		tst_brk(TBROK | TERRNO, "setsockopt(SO_REUSEADDR)");
	if (bind(fd, (struct sockaddr *)addr, sizeof(*addr)))
		tst_brk(TBROK | TERRNO, "bind(127.0.0.1:%d) with SO_REUSEADDR",
			ntohs(addr->sin_port));
	return fd;
}

static void test_eaddrinuse(void)
{
	struct sockaddr_in addr = lo4(0);
	socklen_t len = sizeof(addr);

	fds[0] = reuse_bound(&addr);
	if (getsockname(fds[0], (struct sockaddr *)&addr, &len))
		tst_brk(TBROK | TERRNO, "getsockname()");
	fds[1] = reuse_bound(&addr);
	TST_EXP_PASS(listen(fds[0], 4), "listen() of the first socket on "
		     "port %d", ntohs(addr.sin_port));
	TST_EXP_FAIL(listen(fds[1], 4), EADDRINUSE,
		     "listen() of a second socket bound to the same port");
	TST_EXP_EQ_LI(acceptconn(fds[1]), 0);
	close_all();
}

static void test_errors(void)
{
	int client, server;

	fds[0] = SAFE_SOCKET(AF_UNIX, SOCK_STREAM, 0);
	TST_EXP_FAIL(listen(fds[0], 4), EINVAL,
		     "listen() on an unbound AF_UNIX stream socket");
	SAFE_CLOSE(fds[0]);

	tcp_pair(&client, &server);
	TST_EXP_FAIL(listen(client, 4), EINVAL,
		     "listen() on a connected TCP socket");
	SAFE_CLOSE(client);
	SAFE_CLOSE(server);

	fds[0] = bound4(SOCK_DGRAM, NULL);
	TST_EXP_FAIL(listen(fds[0], 4), EOPNOTSUPP, "listen() on UDP");
	SAFE_CLOSE(fds[0]);
	fds[0] = SAFE_SOCKET(AF_UNIX, SOCK_DGRAM, 0);
	TST_EXP_FAIL(listen(fds[0], 4), EOPNOTSUPP,
		     "listen() on AF_UNIX SOCK_DGRAM");
	SAFE_CLOSE(fds[0]);

	TST_EXP_FAIL(listen(-1, 4), EBADF, "listen(-1)");
	fds[0] = SAFE_OPEN("/dev/null", O_RDONLY);
	TST_EXP_FAIL(listen(fds[0], 4), ENOTSOCK, "listen(/dev/null)");
	SAFE_CLOSE(fds[0]);
}

static void run(void)
{
	test_tcp();
	test_unix(SOCK_STREAM, "AF_UNIX SOCK_STREAM");
	test_unix(SOCK_SEQPACKET, "AF_UNIX SOCK_SEQPACKET");
	test_errors();
	test_eaddrinuse();
}

static void setup(void)
{
	require_loopback();
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
