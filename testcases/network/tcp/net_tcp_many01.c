// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * 64 TCP connections opened at once (non-blocking connect) from one
 * namespace to a listener in another, over IPv4 and IPv6: the listener
 * accepts exactly 64, each accepted socket's peer is one distinct client
 * (getpeername() = the client's getsockname()), each carries its own
 * 4 KiB request and 4 KiB reply intact (no stream crosses into another),
 * and after all are closed the listener has nothing more to accept.
 */
#include "tst_test.h"
#include "net_hosts.h"

#define NCONN 64
#define MSG 4096

static int cli[NCONN], srv[NCONN];
static unsigned char buf[MSG], want[MSG];

static void pattern(unsigned char *p, unsigned int seed)
{
	int i;

	for (i = 0; i < MSG; i++) {
		seed = seed * 1103515245 + 12345;
		p[i] = seed >> 16;
	}
}

static int same_addr(const struct sockaddr_storage *a,
		     const struct sockaddr_storage *b)
{
	if (a->ss_family != b->ss_family)
		return 0;
	if (a->ss_family == AF_INET)
		return !memcmp(a, b, sizeof(struct sockaddr_in));
	return !memcmp(&((struct sockaddr_in6 *)a)->sin6_addr,
		       &((struct sockaddr_in6 *)b)->sin6_addr, 16) &&
	       net_port(a) == net_port(b);
}

static void run(unsigned int n)
{
	int family = n ? AF_INET6 : AF_INET;
	struct sockaddr_storage laddr, caddr[NCONN], peer;
	int lfd, i, j, accepted = 0, bad = 0, ok = 0;
	socklen_t len;

	tst_res(TINFO, "%s", n ? "IPv6" : "IPv4");
	lfd = net_listener(NET_B, family, &laddr);
	for (i = 0; i < NCONN; i++) {
		cli[i] = net_socket(NET_A, family, SOCK_STREAM);
		net_set_nonblock(cli[i], 1);
		if (connect(cli[i], (struct sockaddr *)&laddr,
			    family == AF_INET ? sizeof(struct sockaddr_in) :
			    sizeof(struct sockaddr_in6)) &&
		    errno != EINPROGRESS)
			tst_brk(TBROK | TERRNO, "connect() %d", i);
	}
	for (i = 0; i < NCONN; i++) {
		int err = 0;
		socklen_t elen = sizeof(err);

		if (!net_poll(cli[i], POLLOUT, 30000))
			tst_brk(TBROK, "connection %d not established", i);
		getsockopt(cli[i], SOL_SOCKET, SO_ERROR, &err, &elen);
		if (err) {
			errno = err;
			tst_brk(TBROK | TERRNO, "connection %d", i);
		}
		net_set_nonblock(cli[i], 0);
		len = sizeof(caddr[i]);
		if (getsockname(cli[i], (struct sockaddr *)&caddr[i], &len))
			tst_brk(TBROK | TERRNO, "getsockname()");
	}
	for (i = 0; i < NCONN; i++)
		srv[i] = -1;
	for (accepted = 0; accepted < NCONN; accepted++) {
		int fd = net_accept(lfd);

		len = sizeof(peer);
		if (getpeername(fd, (struct sockaddr *)&peer, &len))
			tst_brk(TBROK | TERRNO, "getpeername()");
		for (j = 0; j < NCONN && !same_addr(&peer, &caddr[j]); j++)
			;
		if (j == NCONN || srv[j] != -1) {
			tst_res(TFAIL, "accepted socket %d: peer port %u is %s",
				accepted, net_port(&peer), j == NCONN ?
				"no client's" : "accepted twice");
			close(fd);
			bad++;
			continue;
		}
		srv[j] = fd;
	}
	if (!bad)
		tst_res(TPASS, "64 accepted, one per client, peers match");

	for (i = 0; i < NCONN; i++) {
		pattern(buf, i);
		if (net_write_all(cli[i], buf, MSG))
			tst_brk(TBROK | TERRNO, "write() %d", i);
	}
	for (i = 0; i < NCONN; i++) {
		if (srv[i] < 0)
			continue;
		pattern(want, i);
		if (net_read_all(srv[i], buf, MSG) != MSG ||
		    memcmp(buf, want, MSG)) {
			tst_res(TFAIL, "request %d arrived wrong", i);
			continue;
		}
		pattern(buf, 1000 + i);
		if (net_write_all(srv[i], buf, MSG))
			tst_brk(TBROK | TERRNO, "write() reply %d", i);
	}
	for (i = 0; i < NCONN; i++) {
		if (srv[i] < 0)
			continue;
		pattern(want, 1000 + i);
		if (net_read_all(cli[i], buf, MSG) != MSG ||
		    memcmp(buf, want, MSG))
			tst_res(TFAIL, "reply %d arrived wrong", i);
		else
			ok++;
	}
	NET_EXP_EQ(ok, NCONN, "connections with request and reply intact");
	for (i = 0; i < NCONN; i++) {
		close(cli[i]);
		if (srv[i] >= 0)
			close(srv[i]);
	}
	net_set_nonblock(lfd, 1);
	TST_EXP_FAIL(accept(lfd, NULL, NULL), EAGAIN,
		     "nothing more to accept");
	close(lfd);
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = net_hosts_setup,
	.needs_root = 1,
	.timeout = 90,
};
