// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Ports belong to a network namespace. With a TCP listener on
 * 127.0.0.1:PORT in the parent (where a second bind() to it fails with
 * EADDRINUSE), a child in a new network namespace
 *  - binds and listens on the same 127.0.0.1:PORT;
 *  - connects to 127.0.0.1:PORT and reaches its own listener;
 * and the parent's listener has no connection waiting (accept() with
 * O_NONBLOCK gives EAGAIN). The parent runs in a namespace of its own
 * with lo brought up, so the system's lo is not needed.
 */
#include <fcntl.h>
#include "tst_test.h"
#include "ns_helpers.h"
#include "net_helpers.h"

static unsigned short port;
static int parent_fd = -1;

static void child_main(void)
{
	struct sockaddr_in sin = loopback_addr(port);
	int fd, cfd, afd;

	lo_up();
	fd = SAFE_SOCKET(AF_INET, SOCK_STREAM, 0);
	TST_EXP_PASS(bind(fd, (struct sockaddr *)&sin, sizeof(sin)),
		     "bind(127.0.0.1:%u) in the new namespace", port);
	if (!TST_PASS)
		return;
	if (listen(fd, 4))
		tst_brk(TBROK | TERRNO, "listen()");
	cfd = SAFE_SOCKET(AF_INET, SOCK_STREAM, 0);
	TST_EXP_PASS(connect(cfd, (struct sockaddr *)&sin, sizeof(sin)),
		     "connect(127.0.0.1:%u) in the new namespace", port);
	afd = accept(fd, NULL, NULL);
	TST_EXP_EXPR(afd >= 0, "the child's own listener took the connection");
	if (afd >= 0)
		SAFE_CLOSE(afd);
	SAFE_CLOSE(cfd);
	SAFE_CLOSE(fd);
}

static void run(void)
{
	struct sockaddr_in sin = loopback_addr(port);
	int fd = SAFE_SOCKET(AF_INET, SOCK_STREAM, 0);
	pid_t pid;

	TST_EXP_FAIL(bind(fd, (struct sockaddr *)&sin, sizeof(sin)),
		     EADDRINUSE, "bind(127.0.0.1:%u) again in the parent",
		     port);
	SAFE_CLOSE(fd);

	pid = SAFE_NS_FORK(CLONE_NEWNET);
	if (!pid) {
		child_main();
		exit(0);
	}
	NS_REAP(pid);
	TST_EXP_FAIL(accept(parent_fd, NULL, NULL), EAGAIN,
		     "accept() on the parent's listener");
}

static void setup(void)
{
	/*
	 * The parent side runs in a network namespace of its own too, with
	 * lo brought up there: the test needs no lo of the system's and
	 * leaves it as it is.
	 */
	if (unshare(CLONE_NEWNET))
		tst_brk(TBROK | TERRNO, "unshare(CLONE_NEWNET)");
	lo_up();
	if (!(lo_flags() & IFF_UP))
		tst_brk(TBROK, "lo still down after bringing it up");
	parent_fd = tcp_listener(0, &port);
	fcntl(parent_fd, F_SETFL, O_NONBLOCK);
}

static void cleanup(void)
{
	if (parent_fd != -1)
		SAFE_CLOSE(parent_fd);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_kconfigs = (const char *const []) {"CONFIG_NET_NS", NULL},
};
