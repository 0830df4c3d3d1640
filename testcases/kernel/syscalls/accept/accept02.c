// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A socket accept() returns does not inherit the listener's multicast
 * memberships: after the listener joined a group (MCAST_JOIN_GROUP on lo,
 * IPv4 and IPv6), leaving it through the accepted socket is
 * EADDRNOTAVAIL, through the listener it succeeds, and closing both with
 * the membership held is harmless. IP_ADD_MEMBERSHIP and
 * IPV6_ADD_MEMBERSHIP refuse TCP sockets with EPROTO.
 * A shared list was freed twice once both sockets closed: CVE-2017-8890,
 * fixed by 657831ffc38e ("dccp/tcp: do not inherit mc_list from parent
 * socket"), and for IPv6 CVE-2017-9077, 83eaddab4378 ("ipv6/dccp: do not
 * inherit ipv6_mc_list from parent").
 * accept() of what is no listening socket: ENOTSOCK for a regular file,
 * a directory, a pipe and an eventfd; EBADF for an O_PATH descriptor and
 * -1; EINVAL for a stream socket not listening; EOPNOTSUPP for a UDP
 * socket.
 * Syscalls: accept
 */
#include <net/if.h>
#include <netinet/in.h>
#include <sys/eventfd.h>
#include "socket_helpers.h"

static int lo_index;

static void accept_pair(int family, int *lfd, int *afd, int *cfd,
			void (*join)(int))
{
	struct sockaddr_storage ss;
	socklen_t len = sizeof(ss);

	memset(&ss, 0, sizeof(ss));
	if (family == AF_INET) {
		struct sockaddr_in *s4 = (void *)&ss;

		*s4 = lo4(0);
		len = sizeof(*s4);
	} else {
		struct sockaddr_in6 *s6 = (void *)&ss;

		s6->sin6_family = AF_INET6;
		s6->sin6_addr = in6addr_loopback;
		len = sizeof(*s6);
	}
	*lfd = SAFE_SOCKET(family, SOCK_STREAM, 0);
	if (bind(*lfd, (void *)&ss, len))
		tst_brk(TBROK | TERRNO, "bind()");
	if (getsockname(*lfd, (void *)&ss, &len))
		tst_brk(TBROK | TERRNO, "getsockname()");
	if (listen(*lfd, 4))
		tst_brk(TBROK | TERRNO, "listen()");
	join(*lfd);
	*cfd = SAFE_SOCKET(family, SOCK_STREAM, 0);
	if (connect(*cfd, (void *)&ss, len))
		tst_brk(TBROK | TERRNO, "connect()");
	if (!sock_wait(*lfd, POLLIN))
		tst_brk(TBROK, "no connection to accept");
	*afd = accept(*lfd, NULL, NULL);
	if (*afd < 0)
		tst_brk(TBROK | TERRNO, "accept()");
}

static struct group_req greq(int family)
{
	struct group_req g = { .gr_interface = lo_index };

	if (family == AF_INET) {
		struct sockaddr_in *s = (void *)&g.gr_group;

		s->sin_family = AF_INET;
		s->sin_addr.s_addr = htonl(0xe0000073);	/* 224.0.0.115 */
	} else {
		struct sockaddr_in6 *s = (void *)&g.gr_group;

		/* ff02::115 */
		s->sin6_family = AF_INET6;
		s->sin6_addr.s6_addr[0] = 0xff;
		s->sin6_addr.s6_addr[1] = 0x02;
		s->sin6_addr.s6_addr[14] = 0x01;
		s->sin6_addr.s6_addr[15] = 0x15;
	}
	return g;
}

static int level(int family)
{
	return family == AF_INET ? IPPROTO_IP : IPPROTO_IPV6;
}

static void join4(int fd)
{
	struct group_req g = greq(AF_INET);

	if (setsockopt(fd, IPPROTO_IP, MCAST_JOIN_GROUP, &g, sizeof(g)))
		tst_brk(TBROK | TERRNO, "MCAST_JOIN_GROUP");
}

static void join6(int fd)
{
	struct group_req g = greq(AF_INET6);

	if (setsockopt(fd, IPPROTO_IPV6, MCAST_JOIN_GROUP, &g, sizeof(g)))
		tst_brk(TBROK | TERRNO, "MCAST_JOIN_GROUP (IPv6)");
}

static void test_family(int family)
{
	struct group_req g = greq(family);
	const char *fam = family == AF_INET ? "IPv4" : "IPv6";
	int lfd, afd, cfd;

	if (family == AF_INET6 && !have_ipv6_loopback()) {
		tst_res(TCONF, "no IPv6 loopback");
		return;
	}
	accept_pair(family, &lfd, &afd, &cfd,
		    family == AF_INET ? join4 : join6);
	TST_EXP_FAIL(setsockopt(afd, level(family), MCAST_LEAVE_GROUP, &g,
				sizeof(g)), EADDRNOTAVAIL, "%s: "
		     "MCAST_LEAVE_GROUP on the accepted socket", fam);
	TST_EXP_PASS(setsockopt(lfd, level(family), MCAST_LEAVE_GROUP, &g,
				sizeof(g)), "%s: MCAST_LEAVE_GROUP on the "
		     "listener", fam);
	SAFE_CLOSE(afd);
	SAFE_CLOSE(cfd);
	SAFE_CLOSE(lfd);

	/* both go while the listener still holds the membership */
	accept_pair(family, &lfd, &afd, &cfd,
		    family == AF_INET ? join4 : join6);
	SAFE_CLOSE(afd);
	SAFE_CLOSE(cfd);
	SAFE_CLOSE(lfd);

	/* the old socket options refuse connection-oriented sockets */
	lfd = SAFE_SOCKET(family, SOCK_STREAM, 0);
	if (family == AF_INET) {
		struct ip_mreqn m = { .imr_ifindex = lo_index };

		m.imr_multiaddr.s_addr = htonl(0xe0000073);
		TST_EXP_FAIL(setsockopt(lfd, IPPROTO_IP, IP_ADD_MEMBERSHIP,
					&m, sizeof(m)), EPROTO,
			     "IP_ADD_MEMBERSHIP on a TCP socket");
	} else {
		struct ipv6_mreq m = { .ipv6mr_interface = lo_index };

		m.ipv6mr_multiaddr =
			((struct sockaddr_in6 *)&g.gr_group)->sin6_addr;
		TST_EXP_FAIL(setsockopt(lfd, IPPROTO_IPV6,
					IPV6_ADD_MEMBERSHIP, &m, sizeof(m)),
			     EPROTO, "IPV6_ADD_MEMBERSHIP on a TCP socket");
	}
	SAFE_CLOSE(lfd);
}

static void test_v4(void)
{
	test_family(AF_INET);
}

static void test_v6(void)
{
	test_family(AF_INET6);
}

static void test_not_sockets(void)
{
	int fd, p[2];

	fd = SAFE_OPEN("file", O_CREAT | O_RDWR, 0600);
	TST_EXP_FAIL(accept(fd, NULL, NULL), ENOTSOCK, "a regular file");
	SAFE_CLOSE(fd);
	fd = SAFE_OPEN(".", O_RDONLY | O_DIRECTORY);
	TST_EXP_FAIL(accept(fd, NULL, NULL), ENOTSOCK, "a directory");
	SAFE_CLOSE(fd);
	SAFE_PIPE(p);
	TST_EXP_FAIL(accept(p[0], NULL, NULL), ENOTSOCK, "a pipe");
	SAFE_CLOSE(p[0]);
	SAFE_CLOSE(p[1]);
	fd = eventfd(0, 0);
	TST_EXP_FAIL(accept(fd, NULL, NULL), ENOTSOCK, "an eventfd");
	SAFE_CLOSE(fd);
	fd = SAFE_OPEN("file", O_PATH);
	TST_EXP_FAIL(accept(fd, NULL, NULL), EBADF, "an O_PATH descriptor");
	SAFE_CLOSE(fd);
	TST_EXP_FAIL(accept(-1, NULL, NULL), EBADF, "fd -1");
	fd = SAFE_SOCKET(AF_INET, SOCK_STREAM, 0);
	TST_EXP_FAIL(accept(fd, NULL, NULL), EINVAL, "a stream socket not "
		     "listening");
	SAFE_CLOSE(fd);
	fd = SAFE_SOCKET(AF_INET, SOCK_DGRAM, 0);
	TST_EXP_FAIL(accept(fd, NULL, NULL), EOPNOTSUPP, "a UDP socket");
	SAFE_CLOSE(fd);
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		test_v4();
		break;
	case 1:
		test_v6();
		break;
	case 2:
		test_not_sockets();
		break;
	}
}

static void setup(void)
{
	require_loopback();
	lo_index = if_nametoindex("lo");
	if (!lo_index)
		tst_brk(TBROK | TERRNO, "if_nametoindex(lo)");
}

static struct tst_test test = {
	.tcnt = 3,
	.test = run,
	.setup = setup,
	.needs_tmpdir = 1,
	.tags = (const struct tst_tag[]) {
		{"CVE", "2017-8890"},
		/* dccp/tcp: do not inherit mc_list from parent socket */
		{"linux-git", "657831ffc38e"},
		{"CVE", "2017-9077"},
		/* ipv6/dccp: do not inherit ipv6_mc_list from parent */
		{"linux-git", "83eaddab4378"},
		{}
	},
};
