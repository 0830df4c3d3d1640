// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * socket() creates a socket of the family, type and protocol asked for:
 * for AF_UNIX stream, datagram and seqpacket, AF_INET and AF_INET6 (when
 * IPv6 is there) TCP and UDP, the descriptor is a socket (fstat S_IFSOCK)
 * and SO_DOMAIN, SO_TYPE and SO_PROTOCOL report what was asked (protocol
 * 0 resolved to TCP or UDP). SOCK_NONBLOCK sets O_NONBLOCK and
 * SOCK_CLOEXEC sets FD_CLOEXEC on the new descriptor; without them
 * neither is set.
 */
#include <sys/stat.h>
#include "socket_helpers.h"

static const struct testcase {
	int domain, type, protocol, exp_protocol;
	const char *desc;
} cases[] = {
	{ AF_UNIX, SOCK_STREAM, 0, 0, "AF_UNIX, SOCK_STREAM" },
	{ AF_UNIX, SOCK_DGRAM, 0, 0, "AF_UNIX, SOCK_DGRAM" },
	{ AF_UNIX, SOCK_SEQPACKET, 0, 0, "AF_UNIX, SOCK_SEQPACKET" },
	{ AF_INET, SOCK_STREAM, 0, IPPROTO_TCP, "AF_INET, SOCK_STREAM, 0" },
	{ AF_INET, SOCK_STREAM, IPPROTO_TCP, IPPROTO_TCP,
	  "AF_INET, SOCK_STREAM, IPPROTO_TCP" },
	{ AF_INET, SOCK_DGRAM, 0, IPPROTO_UDP, "AF_INET, SOCK_DGRAM, 0" },
	{ AF_INET6, SOCK_STREAM, 0, IPPROTO_TCP, "AF_INET6, SOCK_STREAM" },
	{ AF_INET6, SOCK_DGRAM, IPPROTO_UDP, IPPROTO_UDP,
	  "AF_INET6, SOCK_DGRAM, IPPROTO_UDP" },
};

static int has_ipv6;

static void setup(void)
{
	has_ipv6 = have_ipv6_loopback();
}

static int sockopt(int fd, int opt)
{
	socklen_t len = sizeof(int);
	int val = -1;

	if (getsockopt(fd, SOL_SOCKET, opt, &val, &len))
		tst_brk(TBROK | TERRNO, "getsockopt(%d)", opt);
	return val;
}

static void check(const struct testcase *tc, int flags)
{
	struct stat st;
	int fd, fl, fdfl;

	TST_EXP_FD(socket(tc->domain, tc->type | flags, tc->protocol),
		   "socket(%s%s%s)", tc->desc,
		   flags & SOCK_NONBLOCK ? " | SOCK_NONBLOCK" : "",
		   flags & SOCK_CLOEXEC ? " | SOCK_CLOEXEC" : "");
	if (!TST_PASS)
		return;
	fd = TST_RET;
	SAFE_FSTAT(fd, &st);
	fl = fcntl(fd, F_GETFL);
	fdfl = fcntl(fd, F_GETFD);
	TST_EXP_EXPR(S_ISSOCK(st.st_mode) &&
		     sockopt(fd, SO_DOMAIN) == tc->domain &&
		     sockopt(fd, SO_TYPE) == tc->type &&
		     sockopt(fd, SO_PROTOCOL) == tc->exp_protocol,
		     "S_IFSOCK, SO_DOMAIN %d, SO_TYPE %d, SO_PROTOCOL %d "
		     "(expected %d, %d, %d)", sockopt(fd, SO_DOMAIN),
		     sockopt(fd, SO_TYPE), sockopt(fd, SO_PROTOCOL),
		     tc->domain, tc->type, tc->exp_protocol);
	TST_EXP_EXPR(!!(fl & O_NONBLOCK) == !!(flags & SOCK_NONBLOCK) &&
		     !!(fdfl & FD_CLOEXEC) == !!(flags & SOCK_CLOEXEC),
		     "O_NONBLOCK %s, FD_CLOEXEC %s",
		     fl & O_NONBLOCK ? "set" : "clear",
		     fdfl & FD_CLOEXEC ? "set" : "clear");
	SAFE_CLOSE(fd);
}

static void run(unsigned int n)
{
	const struct testcase *tc = &cases[n];

	if (tc->domain == AF_INET6 && !has_ipv6) {
		tst_res(TCONF, "%s: IPv6 is disabled or not built", tc->desc);
		return;
	}
	check(tc, 0);
	check(tc, SOCK_NONBLOCK);
	check(tc, SOCK_CLOEXEC);
}

static struct tst_test test = {
	.tcnt = sizeof(cases) / sizeof(cases[0]),
	.test = run,
	.setup = setup,
};
