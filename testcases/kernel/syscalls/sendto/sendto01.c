// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sendto() on loopback and AF_UNIX sockets:
 *  - UDP to an address: the datagram arrives whole, with the sender's
 *    address; an empty datagram is a datagram; 65507 bytes (the IPv4
 *    limit) pass, 65508: EMSGSIZE;
 *  - AF_UNIX datagram larger than the socket's send buffer: EMSGSIZE;
 *  - without an address: unconnected UDP: EDESTADDRREQ; unconnected
 *    AF_UNIX datagram and stream: ENOTCONN; unconnected TCP: EPIPE;
 *  - with an address on a connected AF_UNIX stream socket: EISCONN, on
 *    an unconnected one: EOPNOTSUPP;
 *  - UDP to an address of family AF_UNIX: EAFNOSUPPORT, with a short
 *    address length: EINVAL;
 *  - MSG_DONTWAIT on a full AF_UNIX stream socket: EAGAIN even though the
 *    socket blocks;
 *  - -1: EBADF; a regular file: ENOTSOCK; a buffer outside the address
 *    space: EFAULT.
 */
#include "socket_helpers.h"

#define UDP_MAX 65507

static int fds[3] = { -1, -1, -1 };
static char *big;

static void setup(void)
{
	require_loopback();
	/* one CPU's backlog: loopback packets are delivered in send order */
	sock_pin_cpu();
	big = SAFE_MALLOC(UDP_MAX + 1);
	memset(big, 'b', UDP_MAX + 1);
}

static void close_all(void)
{
	int i;

	for (i = 0; i < 3; i++)
		if (fds[i] >= 0)
			SAFE_CLOSE(fds[i]);
}

static void test_udp(void)
{
	struct sockaddr_in a_addr, b_addr, from;
	socklen_t len = sizeof(from);
	char buf[16] = "";

	fds[0] = bound4(SOCK_DGRAM, &a_addr);
	fds[1] = bound4(SOCK_DGRAM, &b_addr);
	TST_EXP_VAL(sendto(fds[0], "datagram", 8, 0,
			   (struct sockaddr *)&b_addr, sizeof(b_addr)), 8,
		    "UDP sendto(8 bytes)");
	/* sendto() returns before loopback has delivered the datagram */
	sock_wait(fds[1], POLLIN);
	TST_EXP_EXPR(recvfrom(fds[1], buf, sizeof(buf), MSG_DONTWAIT,
			      (struct sockaddr *)&from, &len) == 8 &&
		     !memcmp(buf, "datagram", 8) &&
		     from.sin_port == a_addr.sin_port,
		     "it arrived whole, from the sender's port");
	TST_EXP_VAL(sendto(fds[0], "", 0, 0, (struct sockaddr *)&b_addr,
			   sizeof(b_addr)), 0, "UDP sendto(0 bytes)");
	sock_wait(fds[1], POLLIN);
	TST_EXP_VAL(recv(fds[1], buf, sizeof(buf), MSG_DONTWAIT), 0,
		    "an empty datagram arrived");
	/* an empty queue means something only once all sent is delivered */
	sock_loopback_settle();
	TST_EXP_FAIL(recv(fds[1], buf, sizeof(buf), MSG_DONTWAIT), EAGAIN,
		     "and nothing else");

	TST_EXP_VAL(sendto(fds[0], big, UDP_MAX, 0, (struct sockaddr *)&b_addr,
			   sizeof(b_addr)), UDP_MAX,
		    "UDP sendto(%d bytes)", UDP_MAX);
	TST_EXP_FAIL(sendto(fds[0], big, UDP_MAX + 1, 0,
			    (struct sockaddr *)&b_addr, sizeof(b_addr)),
		     EMSGSIZE, "UDP sendto(%d bytes)", UDP_MAX + 1);

	TST_EXP_FAIL(send(fds[0], "x", 1, 0), EDESTADDRREQ,
		     "send() on an unconnected UDP socket");
	b_addr.sin_family = AF_UNIX;
	TST_EXP_FAIL(sendto(fds[0], "x", 1, 0, (struct sockaddr *)&b_addr,
			    sizeof(b_addr)), EAFNOSUPPORT,
		     "UDP sendto(family AF_UNIX)");
	b_addr.sin_family = AF_INET;
	TST_EXP_FAIL(sendto(fds[0], "x", 1, 0, (struct sockaddr *)&b_addr, 8),
		     EINVAL, "UDP sendto(address length 8)");
	TST_EXP_FAIL(sendto(fds[0], (void *)-1, 1, 0,
			    (struct sockaddr *)&b_addr, sizeof(b_addr)),
		     EFAULT, "UDP sendto(buffer (void *)-1)");
	close_all();
}

static void test_unix_dgram(void)
{
	int sndbuf = 4096;

	fds[0] = SAFE_SOCKET(AF_UNIX, SOCK_DGRAM, 0);
	TST_EXP_FAIL(send(fds[0], "x", 1, 0), ENOTCONN,
		     "send() on an unconnected AF_UNIX datagram socket");
	SAFE_CLOSE(fds[0]);

	SAFE_SOCKETPAIR(AF_UNIX, SOCK_DGRAM, 0, fds);
	if (setsockopt(fds[0], SOL_SOCKET, SO_SNDBUF, &sndbuf, sizeof(sndbuf)))
		tst_brk(TBROK | TERRNO, "setsockopt(SO_SNDBUF)");
	/* the kernel doubles the value: 8192 */
	TST_EXP_FAIL(send(fds[0], big, 3 * sndbuf, 0), EMSGSIZE,
		     "AF_UNIX datagram of %d bytes, SO_SNDBUF %d", 3 * sndbuf,
		     2 * sndbuf);
	close_all();
}

static void test_unix_stream(void)
{
	struct sockaddr_un sun;
	socklen_t len;
	ssize_t ret;
	int i;

	sun = unix_addr("@ltp_sendto01_unused", &len);
	fds[0] = SAFE_SOCKET(AF_UNIX, SOCK_STREAM, 0);
	TST_EXP_FAIL(send(fds[0], "x", 1, 0), ENOTCONN,
		     "send() on an unconnected AF_UNIX stream socket");
	TST_EXP_FAIL(sendto(fds[0], "x", 1, 0, (struct sockaddr *)&sun, len),
		     EOPNOTSUPP, "sendto(address) on an unconnected AF_UNIX "
		     "stream socket");
	SAFE_CLOSE(fds[0]);

	SAFE_SOCKETPAIR(AF_UNIX, SOCK_STREAM, 0, fds);
	TST_EXP_FAIL(sendto(fds[0], "x", 1, 0, (struct sockaddr *)&sun, len),
		     EISCONN, "sendto(address) on a connected AF_UNIX stream "
		     "socket");
	for (i = 0; i < 10000; i++) {
		ret = send(fds[0], big, 4096, MSG_DONTWAIT);
		if (ret < 0)
			break;
	}
	TST_EXP_EXPR(ret < 0 && errno == EAGAIN && !(fcntl(fds[0], F_GETFL) &
						     O_NONBLOCK),
		     "MSG_DONTWAIT on a full blocking stream socket: EAGAIN "
		     "(after %d sends)", i);
	close_all();
}

static void test_tcp_unconnected(void)
{
	int file;

	fds[0] = SAFE_SOCKET(AF_INET, SOCK_STREAM, 0);
	TST_EXP_FAIL(send(fds[0], "x", 1, MSG_NOSIGNAL), EPIPE,
		     "send() on a TCP socket never connected");
	close_all();

	TST_EXP_FAIL(send(-1, "x", 1, 0), EBADF, "send(-1)");
	file = SAFE_OPEN("/dev/null", O_WRONLY);
	TST_EXP_FAIL(send(file, "x", 1, 0), ENOTSOCK, "send(/dev/null)");
	SAFE_CLOSE(file);
}

static void run(void)
{
	test_udp();
	test_unix_dgram();
	test_unix_stream();
	test_tcp_unconnected();
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
