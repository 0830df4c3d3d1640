// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * connect() of TCP and UDP sockets on loopback:
 *  - TCP to a listener: 0; getpeername gives the listener's address and
 *    the socket was bound to 127.0.0.1 and an ephemeral port; again:
 *    EISCONN;
 *  - non-blocking TCP: EINPROGRESS, then writable with SO_ERROR 0; the
 *    next connect() reports the completion (0), the one after: EISCONN;
 *  - TCP to a port bound by a socket that does not listen: ECONNREFUSED;
 *  - UDP sets the default destination (send() without an address
 *    arrives) and filters: a datagram from another socket is not
 *    received; AF_UNSPEC dissolves the association (getpeername:
 *    ENOTCONN, send() without an address: EDESTADDRREQ);
 *  - address family AF_UNIX on an AF_INET socket: EAFNOSUPPORT; an
 *    address length of 8: EINVAL; -1: EBADF; a regular file: ENOTSOCK;
 *    an address outside the address space: EFAULT.
 */
#include "socket_helpers.h"

static int fds[4] = { -1, -1, -1, -1 };

static void setup(void)
{
	require_loopback();
	/* one CPU's backlog: loopback packets are delivered in send order */
	sock_pin_cpu();
}

static void close_all(void)
{
	int i;

	for (i = 0; i < 4; i++)
		if (fds[i] >= 0)
			SAFE_CLOSE(fds[i]);
}

static void test_tcp(void)
{
	struct sockaddr_in laddr, peer, self;
	socklen_t len = sizeof(peer), slen = sizeof(self);

	fds[0] = listener4(&laddr);
	fds[1] = SAFE_SOCKET(AF_INET, SOCK_STREAM, 0);
	TST_EXP_PASS(connect(fds[1], (struct sockaddr *)&laddr, sizeof(laddr)),
		     "connect() to a TCP listener");
	if (getpeername(fds[1], (struct sockaddr *)&peer, &len) ||
	    getsockname(fds[1], (struct sockaddr *)&self, &slen))
		tst_brk(TBROK | TERRNO, "getpeername/getsockname");
	TST_EXP_EXPR(peer.sin_port == laddr.sin_port &&
		     peer.sin_addr.s_addr == laddr.sin_addr.s_addr &&
		     self.sin_addr.s_addr == htonl(INADDR_LOOPBACK) &&
		     self.sin_port,
		     "peer is the listener (port %d), the socket is bound to "
		     "127.0.0.1:%d", ntohs(peer.sin_port),
		     ntohs(self.sin_port));
	TST_EXP_FAIL(connect(fds[1], (struct sockaddr *)&laddr, sizeof(laddr)),
		     EISCONN, "connect() of a connected TCP socket");

	fds[2] = SAFE_SOCKET(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
	TST_EXP_FAIL(connect(fds[2], (struct sockaddr *)&laddr, sizeof(laddr)),
		     EINPROGRESS, "non-blocking connect()");
	if (TST_PASS) {
		struct pollfd pfd = { .fd = fds[2], .events = POLLOUT };
		int err = -1;
		socklen_t elen = sizeof(err);

		TST_EXP_VAL(poll(&pfd, 1, 10000 * tst_timeout_mul()), 1,
			    "poll(POLLOUT) after EINPROGRESS");
		if (getsockopt(fds[2], SOL_SOCKET, SO_ERROR, &err, &elen))
			tst_brk(TBROK | TERRNO, "getsockopt(SO_ERROR)");
		TST_EXP_EQ_LI(err, 0);
		/* the first call after completion reports it, then EISCONN */
		TST_EXP_PASS(connect(fds[2], (struct sockaddr *)&laddr,
				     sizeof(laddr)),
			     "connect() again once the connection completed");
		TST_EXP_FAIL(connect(fds[2], (struct sockaddr *)&laddr,
				     sizeof(laddr)), EISCONN,
			     "connect() a third time");
	}
	close_all();
}

static void test_refused(void)
{
	struct sockaddr_in addr;

	/* the port stays bound, so no other test can take it meanwhile */
	fds[0] = bound4(SOCK_STREAM, &addr);
	fds[1] = SAFE_SOCKET(AF_INET, SOCK_STREAM, 0);
	TST_EXP_FAIL(connect(fds[1], (struct sockaddr *)&addr, sizeof(addr)),
		     ECONNREFUSED, "connect() to a port nobody listens on");
	close_all();
}

static void test_udp(void)
{
	struct sockaddr_in a_addr, b_addr;
	struct sockaddr unspec = { .sa_family = AF_UNSPEC };
	socklen_t len = sizeof(b_addr);
	char buf[8];
	ssize_t got;

	fds[0] = bound4(SOCK_DGRAM, &a_addr);
	fds[1] = bound4(SOCK_DGRAM, &b_addr);
	fds[2] = bound4(SOCK_DGRAM, NULL);
	TST_EXP_PASS(connect(fds[0], (struct sockaddr *)&b_addr,
			     sizeof(b_addr)), "UDP connect()");
	TST_EXP_VAL(send(fds[0], "to b", 4, 0), 4,
		    "send() without address on a connected UDP socket");
	/* loopback delivers later than send() returns: wait for it */
	sock_wait(fds[1], POLLIN);
	TST_EXP_VAL(recv(fds[1], buf, sizeof(buf), MSG_DONTWAIT), 4,
		    "the datagram reached the connected address");

	/*
	 * The foreign datagram goes first; the task is pinned (setup()), so
	 * the kernel has decided about it before it looks at the peer's.
	 */
	if (sendto(fds[2], "other", 5, 0, (struct sockaddr *)&a_addr,
		   sizeof(a_addr)) != 5 ||
	    sendto(fds[1], "peer", 4, 0, (struct sockaddr *)&a_addr,
		   sizeof(a_addr)) != 4)
		tst_brk(TBROK | TERRNO, "sendto()");
	sock_wait(fds[0], POLLIN);
	TST_EXP_VAL(recv(fds[0], buf, sizeof(buf), MSG_DONTWAIT), 4,
		    "a connected UDP socket receives only its peer's datagram");
	/*
	 * An empty queue right now would prove nothing: the foreign
	 * datagram might still be on its way. A sentinel from the peer sent
	 * now is behind it, so once the sentinel is there, anything else
	 * that was to arrive has arrived: the next datagram must be the
	 * sentinel, and after it the queue must be empty.
	 */
	if (sendto(fds[1], "end", 3, 0, (struct sockaddr *)&a_addr,
		   sizeof(a_addr)) != 3)
		tst_brk(TBROK | TERRNO, "sendto(sentinel)");
	sock_wait(fds[0], POLLIN);
	memset(buf, 0, sizeof(buf));
	got = recv(fds[0], buf, sizeof(buf), MSG_DONTWAIT);
	TST_EXP_EXPR(got == 3 && !memcmp(buf, "end", 3), "the peer's sentinel "
		     "came next, not the other socket's datagram (%zd bytes "
		     "\"%.5s\")", got, buf);
	TST_EXP_FAIL(recv(fds[0], buf, sizeof(buf), MSG_DONTWAIT), EAGAIN,
		     "the other socket's datagram was dropped");

	TST_EXP_PASS(connect(fds[0], &unspec, sizeof(unspec)),
		     "connect(AF_UNSPEC) on a connected UDP socket");
	TST_EXP_FAIL(getpeername(fds[0], (struct sockaddr *)&b_addr, &len),
		     ENOTCONN, "getpeername() after AF_UNSPEC");
	TST_EXP_FAIL(send(fds[0], "x", 1, 0), EDESTADDRREQ,
		     "send() without address after AF_UNSPEC");
	close_all();
}

static void test_errors(void)
{
	struct sockaddr_in addr;

	fds[0] = listener4(&addr);
	fds[1] = SAFE_SOCKET(AF_INET, SOCK_STREAM, 0);
	addr.sin_family = AF_UNIX;
	TST_EXP_FAIL(connect(fds[1], (struct sockaddr *)&addr, sizeof(addr)),
		     EAFNOSUPPORT, "connect(AF_INET socket, family AF_UNIX)");
	addr.sin_family = AF_INET;
	TST_EXP_FAIL(connect(fds[1], (struct sockaddr *)&addr, 8), EINVAL,
		     "connect(address length 8)");
	TST_EXP_FAIL(connect(fds[1], (void *)-1, sizeof(addr)), EFAULT,
		     "connect(address (void *)-1)");
	TST_EXP_FAIL(connect(-1, (struct sockaddr *)&addr, sizeof(addr)),
		     EBADF, "connect(-1)");
	fds[2] = SAFE_OPEN("/dev/null", O_RDONLY);
	TST_EXP_FAIL(connect(fds[2], (struct sockaddr *)&addr, sizeof(addr)),
		     ENOTSOCK, "connect(/dev/null)");
	close_all();
}

static void run(void)
{
	test_tcp();
	test_refused();
	test_udp();
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
};
