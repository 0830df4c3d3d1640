// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Landlock network rules (ABI 4, Linux 6.7), over TCP on 127.0.0.1 and,
 * where IPv6 is there, on ::1. A listener on port L and two free ports
 * A and B are set up before a child restricts itself with a ruleset
 * handling LANDLOCK_ACCESS_NET_BIND_TCP and _CONNECT_TCP and two rules:
 * BIND_TCP on A, CONNECT_TCP on L. Then (security/landlock/net.c):
 * - bind(A) works; bind(B), bind(L) (which only has CONNECT_TCP) and
 *   bind(0) (port 0 has no rule) fail with EACCES;
 * - connect(L) works, and the listener accepts the connection;
 *   connect(A) (BIND_TCP only) and connect(B) fail with EACCES, where
 *   without the domain they fail with ECONNREFUSED (nothing listens);
 * - UDP is not covered by the TCP rights: bind(B) and connect(B) on a
 *   UDP socket work.
 * The same calls work before the child restricts itself, so a broken
 * network cannot pass for a denial. A second child handles BIND_TCP
 * only, with the same rule on A: connect(L) works and connect(B) is
 * ECONNREFUSED (connect is not handled), bind(B) is EACCES.
 * Rule errors: a port above 65535 and a right the ruleset does not
 * handle are EINVAL, no right at all ENOMSG.
 * TCONF when landlock is off or older than ABI 4 (the reason printed).
 */
#include <stdlib.h>
#include <sys/wait.h>
#include "tst_test.h"
#include "socket_helpers.h"
#include "landlock_raw.h"

#define BIND LL_ACCESS_NET_BIND_TCP
#define CONN LL_ACCESS_NET_CONNECT_TCP

static int fam;
static int lfd = -1;
static in_port_t port_l, port_a, port_b;

static socklen_t addr_of(struct sockaddr_storage *ss, in_port_t port)
{
	struct sockaddr_in *sin = (void *)ss;
	struct sockaddr_in6 *sin6 = (void *)ss;

	memset(ss, 0, sizeof(*ss));
	if (fam == AF_INET) {
		sin->sin_family = AF_INET;
		sin->sin_port = htons(port);
		sin->sin_addr.s_addr = htonl(INADDR_LOOPBACK);
		return sizeof(*sin);
	}
	sin6->sin6_family = AF_INET6;
	sin6->sin6_port = htons(port);
	sin6->sin6_addr = in6addr_loopback;
	return sizeof(*sin6);
}

/* bind() or connect() of a fresh socket to port: 0 or -1 with errno. */
static int try_op(int type, int do_bind, in_port_t port)
{
	struct sockaddr_storage ss;
	socklen_t len = addr_of(&ss, port);
	int fd = SAFE_SOCKET(fam, type, 0), ret, err;

	if (do_bind)
		ret = bind(fd, (struct sockaddr *)&ss, len);
	else
		ret = connect(fd, (struct sockaddr *)&ss, len);
	err = errno;
	close(fd);
	errno = err;
	return ret;
}

#define BIND_TCP(p) try_op(SOCK_STREAM, 1, (p))
#define CONN_TCP(p) try_op(SOCK_STREAM, 0, (p))

/* A free port: bound to 0, read back, closed. */
static in_port_t free_port(void)
{
	struct sockaddr_storage ss;
	socklen_t len = addr_of(&ss, 0);
	int fd = SAFE_SOCKET(fam, SOCK_STREAM, 0);

	if (bind(fd, (struct sockaddr *)&ss, len) ||
	    getsockname(fd, (struct sockaddr *)&ss, &len))
		tst_brk(TBROK | TERRNO, "bind(port 0)");
	SAFE_CLOSE(fd);
	return ntohs(((struct sockaddr_in *)&ss)->sin_port);
}

static void rule_errors(void)
{
	struct ll_ruleset_attr_abi4 attr = { .handled_access_net = BIND };
	struct ll_net_port_attr np = { .allowed_access = BIND,
				       .port = 65536 };
	int rfd = ll_safe_ruleset_attr(&attr, sizeof(attr));

	TST_EXP_FAIL(ll_add_rule(rfd, LL_RULE_NET_PORT, &np, 0), EINVAL,
		     "net rule on port 65536");
	np.port = port_a;
	np.allowed_access = CONN;
	TST_EXP_FAIL(ll_add_rule(rfd, LL_RULE_NET_PORT, &np, 0), EINVAL,
		     "net rule with CONNECT_TCP, ruleset handles BIND_TCP");
	np.allowed_access = 0;
	TST_EXP_FAIL(ll_add_rule(rfd, LL_RULE_NET_PORT, &np, 0), ENOMSG,
		     "net rule with no right");
	np.allowed_access = BIND;
	np.port = 65535;
	TST_EXP_PASS(ll_add_rule(rfd, LL_RULE_NET_PORT, &np, 0),
		     "net rule on port 65535");
	SAFE_CLOSE(rfd);
}

static void both_handled(void)
{
	struct ll_ruleset_attr_abi4 attr = {
		.handled_access_net = BIND | CONN,
	};
	int rfd;

	TST_EXP_PASS(BIND_TCP(port_a), "bind(A) before the domain");
	TST_EXP_PASS(BIND_TCP(port_b), "bind(B) before the domain");
	TST_EXP_FAIL(CONN_TCP(port_b), ECONNREFUSED,
		     "connect(B) before the domain");
	TST_EXP_PASS(CONN_TCP(port_l), "connect(L) before the domain");

	rfd = ll_safe_ruleset_attr(&attr, sizeof(attr));
	ll_safe_net_rule(rfd, BIND, port_a);
	ll_safe_net_rule(rfd, CONN, port_l);
	ll_safe_enforce(rfd);

	TST_EXP_PASS(BIND_TCP(port_a), "bind(A): BIND_TCP rule");
	TST_EXP_FAIL(BIND_TCP(port_b), EACCES, "bind(B): no rule");
	TST_EXP_FAIL(BIND_TCP(port_l), EACCES, "bind(L): CONNECT_TCP only");
	TST_EXP_FAIL(BIND_TCP(0), EACCES, "bind(port 0): no rule for 0");
	TST_EXP_PASS(CONN_TCP(port_l), "connect(L): CONNECT_TCP rule");
	TST_EXP_FAIL(CONN_TCP(port_a), EACCES, "connect(A): BIND_TCP only");
	TST_EXP_FAIL(CONN_TCP(port_b), EACCES, "connect(B): no rule");
	TST_EXP_PASS(try_op(SOCK_DGRAM, 1, port_b), "UDP bind(B)");
	TST_EXP_PASS(try_op(SOCK_DGRAM, 0, port_b), "UDP connect(B)");
}

static void bind_handled(void)
{
	struct ll_ruleset_attr_abi4 attr = { .handled_access_net = BIND };
	int rfd = ll_safe_ruleset_attr(&attr, sizeof(attr));

	ll_safe_net_rule(rfd, BIND, port_a);
	ll_safe_enforce(rfd);
	TST_EXP_PASS(BIND_TCP(port_a), "BIND_TCP handled: bind(A)");
	TST_EXP_FAIL(BIND_TCP(port_b), EACCES, "BIND_TCP handled: bind(B)");
	TST_EXP_PASS(CONN_TCP(port_l), "CONNECT_TCP not handled: "
		     "connect(L)");
	TST_EXP_FAIL(CONN_TCP(port_b), ECONNREFUSED, "CONNECT_TCP not "
		     "handled: connect(B) reaches TCP");
}

/*
 * Accept up to want connections, each waited for (bounded: the
 * handshake completes on the listener's side in a softirq, maybe after
 * connect() returned); how many came.
 */
static int accept_n(int want)
{
	int n = 0, fd;

	while (n < want) {
		fd = accept4(lfd, NULL, NULL, SOCK_NONBLOCK);
		if (fd >= 0) {
			close(fd);
			n++;
			continue;
		}
		if (errno != EAGAIN)
			tst_brk(TBROK | TERRNO, "accept4()");
		if (!(sock_wait(lfd, POLLIN) & POLLIN))
			break;
	}
	return n;
}

static void in_child(void (*fn)(void))
{
	pid_t pid = SAFE_FORK();

	if (!pid) {
		fn();
		exit(0);
	}
	reap_child(pid);
}

static void run(unsigned int n)
{
	struct sockaddr_storage ss;
	socklen_t len;
	int got;

	fam = n ? AF_INET6 : AF_INET;
	if (fam == AF_INET6 && !have_ipv6_loopback()) {
		tst_res(TCONF, "no IPv6 loopback");
		return;
	}
	tst_res(TINFO, "%s", fam == AF_INET ? "IPv4" : "IPv6");
	len = addr_of(&ss, 0);
	lfd = SAFE_SOCKET(fam, SOCK_STREAM | SOCK_NONBLOCK, 0);
	if (bind(lfd, (struct sockaddr *)&ss, len) || listen(lfd, 16) ||
	    getsockname(lfd, (struct sockaddr *)&ss, &len))
		tst_brk(TBROK | TERRNO, "listener");
	port_l = ntohs(((struct sockaddr_in *)&ss)->sin_port);
	do {
		port_a = free_port();
		port_b = free_port();
	} while (port_a == port_b);
	tst_res(TINFO, "listener L %u, A %u, B %u", port_l, port_a, port_b);

	rule_errors();
	in_child(both_handled);
	got = accept_n(2);
	TST_EXP_EXPR(got == 2, "the listener got the 2 allowed connections "
		     "(%d)", got);
	in_child(bind_handled);
	got = accept_n(1);
	TST_EXP_EXPR(got == 1, "the listener got the allowed connection "
		     "(%d)", got);
	SAFE_CLOSE(lfd);
}

static void setup(void)
{
	ll_need_abi(4, "network rules (LANDLOCK_RULE_NET_PORT)");
	require_loopback();
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.forks_child = 1,
};
