// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * getpeername() returns the address of the connected peer:
 *  - TCP: the client gets the listener's address, the accepted socket the
 *    client's; still so after the peer closed its end (CLOSE_WAIT);
 *  - connected UDP: the address connected to;
 *  - AF_UNIX: a peer bound to a path gives that path; an unbound peer
 *    only sun_family (length 2);
 *  - a buffer shorter than the address: truncated, full length returned;
 *  - TCP never connected, TCP listening, UDP not connected: ENOTCONN;
 *    a negative length: EINVAL; address or length outside the address
 *    space: EFAULT; -1: EBADF; a regular file: ENOTSOCK.
 */
#include "socket_helpers.h"

static int fds[3] = { -1, -1, -1 };

static void setup(void)
{
	require_loopback();
}

static void close_all(void)
{
	int i;

	for (i = 0; i < 3; i++)
		if (fds[i] >= 0)
			SAFE_CLOSE(fds[i]);
}

static void expect_peer4(int fd, const struct sockaddr_in *want,
			 const char *what)
{
	struct sockaddr_in sin;
	socklen_t len = sizeof(sin);

	memset(&sin, 0, sizeof(sin));
	TST_EXP_PASS(getpeername(fd, (struct sockaddr *)&sin, &len),
		     "getpeername() of %s", what);
	TST_EXP_EXPR(len == sizeof(sin) && sin.sin_family == AF_INET &&
		     sin.sin_addr.s_addr == want->sin_addr.s_addr &&
		     sin.sin_port == want->sin_port,
		     "%s: 127.0.0.1:%d (expected port %d)", what,
		     ntohs(sin.sin_port), ntohs(want->sin_port));
}

static void test_tcp(void)
{
	struct sockaddr_in laddr, caddr, sin;
	socklen_t len = sizeof(caddr);
	char buf[4];

	fds[0] = listener4(&laddr);
	fds[1] = SAFE_SOCKET(AF_INET, SOCK_STREAM, 0);
	if (connect(fds[1], (struct sockaddr *)&laddr, sizeof(laddr)) ||
	    getsockname(fds[1], (struct sockaddr *)&caddr, &len))
		tst_brk(TBROK | TERRNO, "connect()");
	fds[2] = accept(fds[0], NULL, NULL);
	if (fds[2] < 0)
		tst_brk(TBROK | TERRNO, "accept()");
	expect_peer4(fds[1], &laddr, "the TCP client");
	expect_peer4(fds[2], &caddr, "the accepted socket");

	len = 4;
	memset(&sin, 0xee, sizeof(sin));
	TST_EXP_PASS(getpeername(fds[1], (struct sockaddr *)&sin, &len),
		     "getpeername(length 4)");
	TST_EXP_EXPR(len == sizeof(sin) &&
		     ((unsigned char *)&sin.sin_addr)[0] == 0xee,
		     "4 bytes written, length %u returned", (unsigned int)len);

	TST_EXP_FAIL(getpeername(fds[0], (struct sockaddr *)&sin, &len),
		     ENOTCONN, "getpeername() of the listening socket");
	SAFE_CLOSE(fds[1]);
	if (read(fds[2], buf, sizeof(buf)) != 0)
		tst_brk(TBROK | TERRNO, "read() did not see the peer's close");
	expect_peer4(fds[2], &caddr, "a socket whose peer closed");
	close_all();
}

static void test_udp(void)
{
	struct sockaddr_in baddr, sin;
	socklen_t len = sizeof(sin);

	fds[0] = bound4(SOCK_DGRAM, NULL);
	fds[1] = bound4(SOCK_DGRAM, &baddr);
	TST_EXP_FAIL(getpeername(fds[0], (struct sockaddr *)&sin, &len),
		     ENOTCONN, "getpeername() of an unconnected UDP socket");
	if (connect(fds[0], (struct sockaddr *)&baddr, sizeof(baddr)))
		tst_brk(TBROK | TERRNO, "connect()");
	expect_peer4(fds[0], &baddr, "a connected UDP socket");
	close_all();
}

static void test_unix(void)
{
	struct sockaddr_un sun, want;
	socklen_t len, want_len;

	want = unix_addr("sock", &want_len);
	fds[0] = SAFE_SOCKET(AF_UNIX, SOCK_STREAM, 0);
	if (bind(fds[0], (struct sockaddr *)&want, want_len) ||
	    listen(fds[0], 1))
		tst_brk(TBROK | TERRNO, "bind/listen(\"sock\")");
	fds[1] = SAFE_SOCKET(AF_UNIX, SOCK_STREAM, 0);
	if (connect(fds[1], (struct sockaddr *)&want, want_len))
		tst_brk(TBROK | TERRNO, "connect(\"sock\")");
	fds[2] = accept(fds[0], NULL, NULL);
	if (fds[2] < 0)
		tst_brk(TBROK | TERRNO, "accept()");

	len = sizeof(sun);
	memset(&sun, 0, sizeof(sun));
	TST_EXP_PASS(getpeername(fds[1], (struct sockaddr *)&sun, &len),
		     "getpeername() of an AF_UNIX client");
	TST_EXP_EXPR(len == want_len && !strcmp(sun.sun_path, "sock"),
		     "\"%s\", length %u", sun.sun_path, (unsigned int)len);
	len = sizeof(sun);
	TST_EXP_PASS(getpeername(fds[2], (struct sockaddr *)&sun, &len),
		     "getpeername() of the accepted AF_UNIX socket");
	TST_EXP_EXPR(len == sizeof(sa_family_t) && sun.sun_family == AF_UNIX,
		     "an unbound peer: only sun_family, length %u",
		     (unsigned int)len);
	close_all();
	SAFE_UNLINK("sock");
}

static void test_errors(void)
{
	struct sockaddr_in sin;
	socklen_t len = sizeof(sin);
	int file;

	fds[0] = SAFE_SOCKET(AF_INET, SOCK_STREAM, 0);
	TST_EXP_FAIL(getpeername(fds[0], (struct sockaddr *)&sin, &len),
		     ENOTCONN, "getpeername() of a TCP socket never connected");
	SAFE_CLOSE(fds[0]);

	tcp_pair(&fds[0], &fds[1]);
	len = -1;
	TST_EXP_FAIL(getpeername(fds[0], (struct sockaddr *)&sin, &len),
		     EINVAL, "getpeername(length -1)");
	len = sizeof(sin);
	TST_EXP_FAIL(getpeername(fds[0], (void *)-1, &len), EFAULT,
		     "getpeername(address (void *)-1)");
	TST_EXP_FAIL(getpeername(fds[0], (struct sockaddr *)&sin, (void *)-1),
		     EFAULT, "getpeername(length (void *)-1)");
	TST_EXP_FAIL(getpeername(-1, (struct sockaddr *)&sin, &len), EBADF,
		     "getpeername(-1)");
	file = SAFE_OPEN("/dev/null", O_RDONLY);
	TST_EXP_FAIL(getpeername(file, (struct sockaddr *)&sin, &len),
		     ENOTSOCK, "getpeername(/dev/null)");
	SAFE_CLOSE(file);
	close_all();
}

static void run(void)
{
	test_tcp();
	test_udp();
	test_unix();
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
	.needs_tmpdir = 1,
};
