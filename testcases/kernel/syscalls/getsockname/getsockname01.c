// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * getsockname() returns the socket's own address:
 *  - an unbound TCP socket: 0.0.0.0 port 0, length 16; bound to
 *    127.0.0.1:0: the port the kernel picked; an unbound socket after
 *    connect(): 127.0.0.1 and an ephemeral port; [::1] likewise (when
 *    IPv6 is there);
 *  - AF_UNIX: unbound: only sun_family (length 2); bound to a path or an
 *    abstract name: that name with its length;
 *  - a buffer shorter than the address: truncated, and the full length
 *    returned;
 *  - a negative length: EINVAL; address or length outside the address
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

static void test_inet(void)
{
	struct sockaddr_in sin, laddr;
	socklen_t len = sizeof(sin);

	fds[0] = SAFE_SOCKET(AF_INET, SOCK_STREAM, 0);
	memset(&sin, 0xff, sizeof(sin));
	TST_EXP_PASS(getsockname(fds[0], (struct sockaddr *)&sin, &len),
		     "getsockname() of an unbound TCP socket");
	TST_EXP_EXPR(len == sizeof(sin) && sin.sin_family == AF_INET &&
		     !sin.sin_port && sin.sin_addr.s_addr == INADDR_ANY,
		     "0.0.0.0:%d, length %u", ntohs(sin.sin_port),
		     (unsigned int)len);
	SAFE_CLOSE(fds[0]);

	fds[0] = listener4(&laddr);
	len = sizeof(sin);
	TST_EXP_PASS(getsockname(fds[0], (struct sockaddr *)&sin, &len),
		     "getsockname() of a socket bound to 127.0.0.1:0");
	TST_EXP_EXPR(sin.sin_addr.s_addr == htonl(INADDR_LOOPBACK) &&
		     sin.sin_port && sin.sin_port == laddr.sin_port,
		     "127.0.0.1:%d", ntohs(sin.sin_port));

	fds[1] = SAFE_SOCKET(AF_INET, SOCK_STREAM, 0);
	if (connect(fds[1], (struct sockaddr *)&laddr, sizeof(laddr)))
		tst_brk(TBROK | TERRNO, "connect()");
	len = sizeof(sin);
	TST_EXP_PASS(getsockname(fds[1], (struct sockaddr *)&sin, &len),
		     "getsockname() of a socket that connect() bound");
	TST_EXP_EXPR(sin.sin_addr.s_addr == htonl(INADDR_LOOPBACK) &&
		     sin.sin_port && sin.sin_port != laddr.sin_port,
		     "127.0.0.1:%d", ntohs(sin.sin_port));

	len = 4;
	memset(&sin, 0xee, sizeof(sin));
	TST_EXP_PASS(getsockname(fds[1], (struct sockaddr *)&sin, &len),
		     "getsockname(length 4)");
	TST_EXP_EXPR(len == sizeof(sin) && sin.sin_family == AF_INET &&
		     ((unsigned char *)&sin.sin_addr)[0] == 0xee,
		     "4 bytes written, length %u returned", (unsigned int)len);
	close_all();
}

static void test_inet6(void)
{
	struct sockaddr_in6 sin6 = {
		.sin6_family = AF_INET6,
		.sin6_addr = IN6ADDR_LOOPBACK_INIT,
	};
	socklen_t len = sizeof(sin6);

	if (!have_ipv6_loopback()) {
		tst_res(TCONF, "IPv6 is disabled or not built");
		return;
	}
	fds[0] = SAFE_SOCKET(AF_INET6, SOCK_DGRAM, 0);
	if (bind(fds[0], (struct sockaddr *)&sin6, sizeof(sin6)))
		tst_brk(TBROK | TERRNO, "bind([::1]:0)");
	memset(&sin6, 0, sizeof(sin6));
	TST_EXP_PASS(getsockname(fds[0], (struct sockaddr *)&sin6, &len),
		     "getsockname() of a socket bound to [::1]:0");
	TST_EXP_EXPR(len == sizeof(sin6) && sin6.sin6_family == AF_INET6 &&
		     IN6_IS_ADDR_LOOPBACK(&sin6.sin6_addr) && sin6.sin6_port,
		     "[::1]:%d, length %u", ntohs(sin6.sin6_port),
		     (unsigned int)len);
	close_all();
}

static void test_unix(void)
{
	char path[64];
	struct sockaddr_un sun, want;
	socklen_t len, want_len;

	fds[0] = SAFE_SOCKET(AF_UNIX, SOCK_STREAM, 0);
	len = sizeof(sun);
	TST_EXP_PASS(getsockname(fds[0], (struct sockaddr *)&sun, &len),
		     "getsockname() of an unbound AF_UNIX socket");
	TST_EXP_EXPR(len == sizeof(sa_family_t) && sun.sun_family == AF_UNIX,
		     "only sun_family, length %u", (unsigned int)len);

	want = unix_addr("sock", &want_len);
	if (bind(fds[0], (struct sockaddr *)&want, want_len))
		tst_brk(TBROK | TERRNO, "bind(\"sock\")");
	len = sizeof(sun);
	memset(&sun, 0, sizeof(sun));
	TST_EXP_PASS(getsockname(fds[0], (struct sockaddr *)&sun, &len),
		     "getsockname() of an AF_UNIX socket bound to a path");
	TST_EXP_EXPR(len == want_len && !strcmp(sun.sun_path, "sock"),
		     "\"%s\", length %u (bound with %u)", sun.sun_path,
		     (unsigned int)len, (unsigned int)want_len);

	snprintf(path, sizeof(path), "@ltp_getsockname01_%d", (int)getpid());
	want = unix_addr(path, &want_len);
	fds[1] = SAFE_SOCKET(AF_UNIX, SOCK_DGRAM, 0);
	if (bind(fds[1], (struct sockaddr *)&want, want_len))
		tst_brk(TBROK | TERRNO, "bind(abstract %s)", path + 1);
	len = sizeof(sun);
	memset(&sun, 0xff, sizeof(sun));
	TST_EXP_PASS(getsockname(fds[1], (struct sockaddr *)&sun, &len),
		     "getsockname() of an AF_UNIX socket with an abstract "
		     "name");
	TST_EXP_EXPR(len == want_len && !memcmp(&sun, &want, len),
		     "the abstract name, length %u (bound with %u)",
		     (unsigned int)len, (unsigned int)want_len);
	close_all();
	SAFE_UNLINK("sock");
}

static void test_errors(void)
{
	struct sockaddr_in sin;
	socklen_t len = -1;
	int file;

	fds[0] = SAFE_SOCKET(AF_INET, SOCK_STREAM, 0);
	TST_EXP_FAIL(getsockname(fds[0], (struct sockaddr *)&sin, &len),
		     EINVAL, "getsockname(length -1)");
	len = sizeof(sin);
	TST_EXP_FAIL(getsockname(fds[0], (void *)-1, &len), EFAULT,
		     "getsockname(address (void *)-1)");
	TST_EXP_FAIL(getsockname(fds[0], (struct sockaddr *)&sin, (void *)-1),
		     EFAULT, "getsockname(length (void *)-1)");
	TST_EXP_FAIL(getsockname(-1, (struct sockaddr *)&sin, &len), EBADF,
		     "getsockname(-1)");
	file = SAFE_OPEN("/dev/null", O_RDONLY);
	TST_EXP_FAIL(getsockname(file, (struct sockaddr *)&sin, &len),
		     ENOTSOCK, "getsockname(/dev/null)");
	SAFE_CLOSE(file);
	close_all();
}

static void run(void)
{
	test_inet();
	test_inet6();
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
