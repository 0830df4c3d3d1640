// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A new network namespace has one interface, lo, and it is down:
 *  - if_nameindex() lists lo only (besides the fallback tunnel devices
 *    that loaded tunnel drivers add to every namespace), SIOCGIFFLAGS
 *    shows no IFF_UP;
 *  - a connect() to 127.0.0.1 fails with ENETUNREACH while lo is down;
 *  - after SIOCSIFFLAGS brings lo up, a TCP connection over 127.0.0.1
 *    inside the namespace carries data both ways;
 *  - bringing its lo up does not touch the parent's interfaces (the
 *    parent's interface count is unchanged).
 */
#include "tst_test.h"
#include "ns_helpers.h"
#include "net_helpers.h"

static int count_ifs(int *has_lo)
{
	int count = net_count_own_ifs(has_lo);

	if (count < 0)
		tst_brk(TBROK | TERRNO, "if_nameindex()");
	return count;
}

static void child_main(void)
{
	struct sockaddr_in sin = loopback_addr(7);
	unsigned short port;
	int has_lo, count, lfd, cfd, afd;
	char buf[8];
	short flags;

	count = count_ifs(&has_lo);
	TST_EXP_EXPR(count == 1 && has_lo,
		     "the new namespace has lo only (%d interfaces)", count);
	flags = lo_flags();
	TST_EXP_EXPR(!(flags & IFF_UP), "lo starts down (flags 0x%x)", flags);

	cfd = SAFE_SOCKET(AF_INET, SOCK_STREAM, 0);
	TST_EXP_FAIL(connect(cfd, (struct sockaddr *)&sin, sizeof(sin)),
		     ENETUNREACH, "connect(127.0.0.1) with lo down");
	SAFE_CLOSE(cfd);

	lo_up();
	flags = lo_flags();
	TST_EXP_EXPR((flags & IFF_UP) && (flags & IFF_LOOPBACK),
		     "SIOCSIFFLAGS brought lo up (flags 0x%x)", flags);

	lfd = tcp_listener(0, &port);
	sin = loopback_addr(port);
	cfd = SAFE_SOCKET(AF_INET, SOCK_STREAM, 0);
	TST_EXP_PASS(connect(cfd, (struct sockaddr *)&sin, sizeof(sin)),
		     "connect(127.0.0.1:%u) with lo up", port);
	if (!TST_PASS)
		return;
	afd = accept(lfd, NULL, NULL);
	if (afd < 0)
		tst_brk(TBROK | TERRNO, "accept()");
	SAFE_WRITE(1, cfd, "ping", 4);
	SAFE_READ(1, afd, buf, 4);
	SAFE_WRITE(1, afd, "pong", 4);
	SAFE_READ(1, cfd, buf + 4, 4);
	TST_EXP_EXPR(!memcmp(buf, "pingpong", 8),
		     "data crossed the loopback connection both ways");
	SAFE_CLOSE(afd);
	SAFE_CLOSE(cfd);
	SAFE_CLOSE(lfd);
}

static void run(void)
{
	int has_lo, before = count_ifs(&has_lo), after;
	pid_t pid = SAFE_NS_FORK(CLONE_NEWNET);

	if (!pid) {
		child_main();
		exit(0);
	}
	NS_REAP(pid);
	after = count_ifs(&has_lo);
	TST_EXP_EQ_LI(after, before);
}

static struct tst_test test = {
	.test_all = run,
	.needs_root = 1,
	.needs_kconfigs = (const char *const []) {"CONFIG_NET_NS", NULL},
};
