// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * UDP between two namespaces, IPv4 and IPv6:
 * - datagram boundaries: 1, 1000, 0 and 1472 byte datagrams arrive as
 *   themselves, in order, with the sender's address;
 * - recv() with a short buffer and MSG_TRUNC returns the real length,
 *   recvmsg() sets MSG_TRUNC in msg_flags and the rest is discarded;
 * - the largest payload (65507 for IPv4, 65527 for IPv6) is sent,
 *   fragmented over the 1500 byte link and reassembled intact; one byte
 *   more is EMSGSIZE;
 * - a connected socket sending to a port nobody listens on gets
 *   ECONNREFUSED from the ICMP port unreachable (the error is pending:
 *   POLLERR, then SO_ERROR clears it).
 */
#include "tst_test.h"
#include "net_hosts.h"
#include "socket_helpers.h"

static char big[65536], rbuf[65536];

static ssize_t recv_wait(int fd, void *buf, size_t len, int flags,
			 struct sockaddr_storage *from)
{
	socklen_t alen = sizeof(*from);

	net_wait(fd, POLLIN);
	return recvfrom(fd, buf, len, flags | MSG_DONTWAIT,
			(struct sockaddr *)from, &alen);
}

static void boundaries(int family)
{
	struct sockaddr_storage raddr, saddr, from;
	int r = net_bound(NET_B, family, SOCK_DGRAM, &raddr);
	int s = net_bound(NET_A, family, SOCK_DGRAM, &saddr);
	size_t sizes[] = { 1, 1000, 0, 1472 };
	socklen_t alen = family == AF_INET ? sizeof(struct sockaddr_in) :
			 sizeof(struct sockaddr_in6);
	unsigned int i;
	int bad = 0;
	ssize_t n;

	for (i = 0; i < (sizeof(sizes) / sizeof(sizes[0])); i++) {
		memset(big, 'a' + i, sizes[i]);
		if (sendto(s, big, sizes[i], 0, (struct sockaddr *)&raddr,
			   alen) != (ssize_t)sizes[i])
			tst_brk(TBROK | TERRNO, "sendto(%zu)", sizes[i]);
	}
	for (i = 0; i < (sizeof(sizes) / sizeof(sizes[0])); i++) {
		n = recv_wait(r, rbuf, sizeof(rbuf), 0, &from);
		memset(big, 'a' + i, sizes[i]);
		if (n != (ssize_t)sizes[i] || memcmp(rbuf, big, n) ||
		    net_port(&from) != net_port(&saddr)) {
			tst_res(TFAIL, "datagram %u: %zd bytes (expected %zu) from port %u",
				i, n, sizes[i], net_port(&from));
			bad++;
		}
	}
	if (!bad)
		tst_res(TPASS, "4 datagrams (1, 1000, 0, 1472 bytes) kept their boundaries and order");

	/* MSG_TRUNC */
	memset(big, 'T', 100);
	if (sendto(s, big, 100, 0, (struct sockaddr *)&raddr, alen) != 100)
		tst_brk(TBROK | TERRNO, "sendto()");
	if (sendto(s, "next", 4, 0, (struct sockaddr *)&raddr, alen) != 4)
		tst_brk(TBROK | TERRNO, "sendto()");
	memset(rbuf, 0, 20);
	n = recv_wait(r, rbuf, 10, MSG_TRUNC, &from);
	if (n != 100 || memcmp(rbuf, big, 10) || rbuf[10])
		tst_res(TFAIL, "recv(10 bytes, MSG_TRUNC) of 100: %zd", n);
	else
		tst_res(TPASS, "recv(10 bytes, MSG_TRUNC) returns the full length 100");
	{
		struct iovec iov = { rbuf, 2 };
		struct msghdr mh = { .msg_iov = &iov, .msg_iovlen = 1 };

		net_wait(r, POLLIN);
		n = recvmsg(r, &mh, MSG_DONTWAIT);
		if (n != 2 || !(mh.msg_flags & MSG_TRUNC) ||
		    memcmp(rbuf, "ne", 2))
			tst_res(TFAIL, "recvmsg(2 bytes) of \"next\": %zd flags 0x%x",
				n, mh.msg_flags);
		else
			tst_res(TPASS, "recvmsg() of a longer datagram: MSG_TRUNC, the rest discarded");
	}
	close(r);
	close(s);
}

static void maxsize(int family)
{
	struct sockaddr_storage raddr, from;
	int r = net_bound(NET_B, family, SOCK_DGRAM, &raddr);
	int s = net_bound(NET_A, family, SOCK_DGRAM, NULL);
	int rcv = 1 << 20;
	size_t max = family == AF_INET ? 65507 : 65527;
	socklen_t alen = family == AF_INET ? sizeof(struct sockaddr_in) :
			 sizeof(struct sockaddr_in6);
	ssize_t n;
	size_t i;

	setsockopt(r, SOL_SOCKET, SO_RCVBUF, &rcv, sizeof(rcv));
	for (i = 0; i < max; i++)
		big[i] = i * 7 + (i >> 8);
	TST_EXP_FAIL(sendto(s, big, max + 1, 0, (struct sockaddr *)&raddr,
			    alen), EMSGSIZE, "sendto(%zu bytes)", max + 1);
	n = sendto(s, big, max, 0, (struct sockaddr *)&raddr, alen);
	if (n != (ssize_t)max)
		tst_res(TFAIL | TERRNO, "sendto(%zu bytes) returned %zd", max, n);
	n = recv_wait(r, rbuf, sizeof(rbuf), 0, &from);
	if (n != (ssize_t)max || memcmp(rbuf, big, max))
		tst_res(TFAIL, "%zu byte datagram: received %zd bytes%s", max,
			n, n == (ssize_t)max ? " that differ" : "");
	else
		tst_res(TPASS, "%zu byte datagram reassembled intact", max);
	close(r);
	close(s);
}

static void refused(int family)
{
	struct sockaddr_storage raddr;
	int r = net_bound(NET_B, family, SOCK_DGRAM, &raddr);
	int s = net_socket(NET_A, family, SOCK_DGRAM);
	int tries, err = 0;
	socklen_t elen = sizeof(err);
	char c;

	close(r);	/* the port is now closed */
	if (connect(s, (struct sockaddr *)&raddr, sizeof(raddr)))
		tst_brk(TBROK | TERRNO, "connect()");
	/* ICMP errors are rate limited: send again if none came back */
	for (tries = 0; tries < 5; tries++) {
		if (send(s, "x", 1, 0) != 1 && errno != ECONNREFUSED)
			tst_brk(TBROK | TERRNO, "send()");
		if (net_poll(s, POLLIN, 2000) & POLLERR)
			break;
	}
	if (tries == 5) {
		tst_res(TFAIL, "no ICMP port unreachable error in 5 tries");
		close(s);
		return;
	}
	TST_EXP_FAIL(recv(s, &c, 1, MSG_DONTWAIT), ECONNREFUSED,
		     "recv() after the ICMP port unreachable");
	getsockopt(s, SOL_SOCKET, SO_ERROR, &err, &elen);
	NET_EXP_EQ(err, 0, "SO_ERROR once recv() reported the error");
	close(s);
}

static void run(unsigned int n)
{
	int family = n ? AF_INET6 : AF_INET;

	tst_res(TINFO, "%s", n ? "IPv6" : "IPv4");
	boundaries(family);
	maxsize(family);
	refused(family);
}

static void setup(void)
{
	/* one backlog: the datagrams are delivered in the order sent */
	sock_pin_cpu();
	net_hosts_setup();
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.timeout = 60,
};
