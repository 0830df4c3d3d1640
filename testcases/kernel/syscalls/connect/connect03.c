// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * An IPv6 TCP socket accepted from an IPv4 client (::ffff:127.0.0.1)
 * turned into an IPv4 socket with IPV6_ADDRFORM (SO_DOMAIN then reads
 * AF_INET), disconnected with connect(AF_UNSPEC), bound and listening
 * again: an IPv4 client connects to it, the connection it accepts is
 * AF_INET and carries data both ways; 200 rounds of this leave the
 * kernel untainted (no warning, no oops). Freeing the sockets cloned from
 * the converted listener used the wrong slab: CVE-2018-9568, fixed by
 * 9d538fa60bad ("net: Set sk_prot_creator when cloning sockets to the
 * right proto"); IPV6_ADDRFORM itself was broken by b6f6118901d1 and
 * fixed by 82c9ae440857 ("ipv6: fix restrict IPV6_ADDRFORM operation").
 * Syscalls: connect
 */
#include <netinet/in.h>
#include "socket_helpers.h"

#define ROUNDS 200

static int one_round(int lfd, struct sockaddr_in *to)
{
	struct sockaddr_in any = { .sin_family = AF_INET }, addr;
	struct sockaddr reset = { .sa_family = AF_UNSPEC };
	socklen_t len = sizeof(addr);
	int c1, fd, c2, c3, v = AF_INET, dom = 0, ok = 1;
	char buf[4];

	c1 = SAFE_SOCKET(AF_INET, SOCK_STREAM, 0);
	if (connect(c1, (void *)to, sizeof(*to)))
		tst_brk(TBROK | TERRNO, "connect() to the IPv6 listener");
	fd = accept(lfd, NULL, NULL);
	if (fd < 0)
		tst_brk(TBROK | TERRNO, "accept()");
	if (setsockopt(fd, IPPROTO_IPV6, IPV6_ADDRFORM, &v, sizeof(v))) {
		tst_res(TFAIL | TERRNO, "IPV6_ADDRFORM to AF_INET");
		ok = 0;
		goto out;
	}
	len = sizeof(dom);
	if (getsockopt(fd, SOL_SOCKET, SO_DOMAIN, &dom, &len) || dom != AF_INET)
		ok = 0;
	if (connect(fd, &reset, sizeof(reset)))
		tst_brk(TBROK | TERRNO, "connect(AF_UNSPEC)");
	if (bind(fd, (void *)&any, sizeof(any)) || listen(fd, 2))
		tst_brk(TBROK | TERRNO, "bind()/listen() after the reset");
	len = sizeof(addr);
	if (getsockname(fd, (void *)&addr, &len))
		tst_brk(TBROK | TERRNO, "getsockname()");
	addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	c2 = SAFE_SOCKET(AF_INET, SOCK_STREAM, 0);
	if (connect(c2, (void *)&addr, sizeof(addr)))
		tst_brk(TBROK | TERRNO, "connect() to the converted socket");
	c3 = accept(fd, NULL, NULL);
	if (c3 < 0)
		tst_brk(TBROK | TERRNO, "accept() on the converted socket");
	len = sizeof(dom);
	if (getsockopt(c3, SOL_SOCKET, SO_DOMAIN, &dom, &len) || dom != AF_INET)
		ok = 0;
	SAFE_WRITE(1, c2, "abc", 3);
	if (read(c3, buf, 3) != 3 || memcmp(buf, "abc", 3))
		ok = 0;
	SAFE_WRITE(1, c3, "xyz", 3);
	if (read(c2, buf, 3) != 3 || memcmp(buf, "xyz", 3))
		ok = 0;
	SAFE_CLOSE(c3);
	SAFE_CLOSE(c2);
out:
	SAFE_CLOSE(fd);
	SAFE_CLOSE(c1);
	return ok;
}

static void run(void)
{
	struct sockaddr_in6 a6 = { .sin6_family = AF_INET6,
				   .sin6_addr = IN6ADDR_ANY_INIT };
	struct sockaddr_in to;
	socklen_t len = sizeof(a6);
	int lfd, i, good = 0;

	lfd = SAFE_SOCKET(AF_INET6, SOCK_STREAM, 0);
	if (bind(lfd, (void *)&a6, sizeof(a6)) || listen(lfd, 8) ||
	    getsockname(lfd, (void *)&a6, &len))
		tst_brk(TBROK | TERRNO, "the IPv6 listener");
	to = lo4(ntohs(a6.sin6_port));
	for (i = 0; i < ROUNDS; i++) {
		if (one_round(lfd, &to))
			good++;
		else
			break;
	}
	SAFE_CLOSE(lfd);
	TST_EXP_EXPR(good == ROUNDS, "%d of %d rounds: converted to AF_INET, "
		     "listened again, accepted an AF_INET connection that "
		     "carried data", good, ROUNDS);
}

static void setup(void)
{
	require_loopback();
	if (!have_ipv6_loopback())
		tst_brk(TCONF, "no IPv6");
}

static struct tst_test test = {
	.test_all = run,
	.taint_check = TST_TAINT_D | TST_TAINT_W,
	.setup = setup,
	.tags = (const struct tst_tag[]) {
		{"CVE", "2018-9568"},
		/* net: Set sk_prot_creator when cloning sockets to the right proto */
		{"linux-git", "9d538fa60bad"},
		/* ipv6: fix restrict IPV6_ADDRFORM operation */
		{"linux-git", "82c9ae440857"},
		{}
	},
};
