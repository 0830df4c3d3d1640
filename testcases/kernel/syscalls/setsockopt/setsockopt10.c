// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * CVE-2023-0461: a TCP socket given the "tls" upper layer protocol
 * (setsockopt(TCP_ULP), allowed only once connected) could be
 * disconnected (connect() to AF_UNSPEC) and then listen(): sockets
 * accepted from it shared the listener's TLS context, since tls has no
 * clone operation, and closing one freed the context the other still
 * used. Fixed by 2c02d41d71f9 ("net/ulp: prevent ULP without clone op
 * from entering the LISTEN status"): listen() on such a socket is EINVAL
 * and TCP_ULP on a listening one fails. Later stable kernels also refuse
 * to disconnect a TLS socket (tls_disconnect(): EOPNOTSUPP).
 *
 * In a private network namespace, over loopback:
 *  - TCP_ULP "tls" on a connected socket succeeds, getsockopt(TCP_ULP)
 *    names "tls", a second TCP_ULP is EEXIST;
 *  - that socket is disconnected (or the disconnect is EOPNOTSUPP) and
 *    listen() on it must be EINVAL. A kernel that lets it listen gets a
 *    connection accepted and both sockets closed, the use-after-free:
 *    TFAIL, and the taint check catches what follows;
 *  - TCP_ULP "tls" on a socket never connected, and on a listening one,
 *    is ENOTCONN; an unknown ULP name is ENOENT.
 */
#include <errno.h>
#include <string.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <unistd.h>
#include "tst_test.h"
#include "net_hosts.h"
#include "socket_helpers.h"

static void setup(void)
{
	net_ns_new(NET_A);
}

static int set_ulp(int s, const char *name)
{
	return setsockopt(s, SOL_TCP, TCP_ULP, name, strlen(name));
}

static void not_connected(void)
{
	struct sockaddr_in addr;
	int s = SAFE_SOCKET(AF_INET, SOCK_STREAM, 0);
	int l = listener4(&addr);

	TST_EXP_FAIL(set_ulp(s, "ltp-no-such-ulp"), ENOENT,
		     "TCP_ULP with an unknown name");
	TST_EXP_FAIL(set_ulp(s, "tls"), ENOTCONN,
		     "TCP_ULP tls on an unconnected socket");
	TST_EXP_FAIL(set_ulp(l, "tls"), ENOTCONN,
		     "TCP_ULP tls on a listening socket");
	SAFE_CLOSE(s);
	SAFE_CLOSE(l);
}

static void listen_with_ulp(void)
{
	struct sockaddr unspec = { .sa_family = AF_UNSPEC };
	struct sockaddr_in addr;
	socklen_t len = sizeof(addr);
	char name[16] = "";
	socklen_t nlen = sizeof(name);
	int cli, srv, peer, child;

	tcp_pair(&cli, &srv);
	if (set_ulp(cli, "tls")) {
		if (errno == ENOENT)
			tst_brk(TCONF, "no tls ULP (CONFIG_TLS, module tls)");
		tst_brk(TBROK | TERRNO, "setsockopt(TCP_ULP, tls) connected");
	}
	if (getsockopt(cli, SOL_TCP, TCP_ULP, name, &nlen))
		tst_brk(TBROK | TERRNO, "getsockopt(TCP_ULP)");
	if (!strcmp(name, "tls"))
		tst_res(TPASS, "getsockopt(TCP_ULP) names tls");
	else
		tst_res(TFAIL, "getsockopt(TCP_ULP) gave '%.*s'",
			(int)sizeof(name), name);
	TST_EXP_FAIL(set_ulp(cli, "tls"), EEXIST, "a second TCP_ULP tls");

	TEST(connect(cli, &unspec, sizeof(unspec)));
	if (TST_RET && TST_ERR == EOPNOTSUPP)
		tst_res(TINFO, "disconnecting a TLS socket is EOPNOTSUPP");
	else if (TST_RET)
		tst_res(TFAIL | TTERRNO, "connect(AF_UNSPEC) on a TLS socket");
	else
		tst_res(TINFO, "the TLS socket was disconnected");

	if (getsockname(cli, (struct sockaddr *)&addr, &len))
		tst_brk(TBROK | TERRNO, "getsockname()");
	TEST(listen(cli, 1));
	if (TST_RET == 0) {
		tst_res(TFAIL, "listen() on a socket with the tls ULP "
			"succeeded (CVE-2023-0461)");
		peer = SAFE_SOCKET(AF_INET, SOCK_STREAM, 0);
		if (!connect(peer, (struct sockaddr *)&addr, sizeof(addr)) &&
		    (sock_wait(cli, POLLIN) & POLLIN)) {
			child = accept(cli, NULL, NULL);
			if (child >= 0)
				SAFE_CLOSE(child);
		}
		SAFE_CLOSE(peer);
	} else if (TST_ERR == EINVAL) {
		tst_res(TPASS | TTERRNO, "listen() on a socket with the tls "
			"ULP");
	} else {
		tst_res(TFAIL | TTERRNO, "listen() on a socket with the tls "
			"ULP: expected EINVAL");
	}
	SAFE_CLOSE(cli);
	SAFE_CLOSE(srv);
}

static void run(void)
{
	listen_with_ulp();
	not_connected();
}

static struct tst_test test = {
	.setup = setup,
	.test_all = run,
	.needs_root = 1,
	.taint_check = TST_TAINT_W | TST_TAINT_D,
	.tags = (const struct tst_tag[]) {
		{"linux-git", "2c02d41d71f9"},
		{"CVE", "2023-0461"},
		{}
	},
};
