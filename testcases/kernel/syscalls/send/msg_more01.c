// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * MSG_MORE holds data back until a send without it, for send(),
 * sendto() and sendmsg():
 *  - UDP (each of the three calls): two sends with MSG_MORE put nothing
 *    on the wire (a marker datagram sent after them from another socket
 *    is the first to arrive); the send without MSG_MORE then delivers
 *    everything as one datagram, in order, and no other datagram
 *    follows. While data is corked the address of a later sendto() or
 *    sendmsg() is ignored: the datagram goes where the first call said
 *    (udp_sendmsg() jumps to do_append_data).
 *  - UDP: 16 corked bytes plus 65491 appended make 65507, the IPv4
 *    limit, and arrive as one datagram; plus 65492 is EMSGSIZE, and the
 *    error throws the corked data away (udp_flush_pending_frames()): the
 *    next send delivers only its own bytes.
 *  - TCP on a fresh connection: the bytes of send(MSG_MORE) stay unsent
 *    (SIOCOUTQNSD) until the probe timer, at least TCP_RTO_MIN (200 ms)
 *    later, so that is checked only when the send and the ioctl fit in
 *    100 ms on the clock; the send without MSG_MORE pushes everything at
 *    once (SIOCOUTQNSD is 0 when it returns) and the receiver reads
 *    every byte in order.
 */
#include <sys/ioctl.h>
#include <linux/sockios.h>
#include "socket_helpers.h"

#define UDP_MAX 65507
#define CORKED 16

static char *big, *rbuf;

enum how { BY_SEND, BY_SENDTO, BY_SENDMSG };

static const char *const how_name[] = { "send", "sendto", "sendmsg" };

static ssize_t do_send(enum how how, int fd, const void *buf, size_t len,
		       int flags, struct sockaddr_in *to)
{
	struct iovec iov = { .iov_base = (void *)buf, .iov_len = len };
	struct msghdr msg = {
		.msg_name = to,
		.msg_namelen = sizeof(*to),
		.msg_iov = &iov,
		.msg_iovlen = 1,
	};

	switch (how) {
	case BY_SEND:
		return send(fd, buf, len, flags);
	case BY_SENDTO:
		return sendto(fd, buf, len, flags, (struct sockaddr *)to,
			      sizeof(*to));
	default:
		return sendmsg(fd, &msg, flags);
	}
}

static void must_send(enum how how, int fd, const void *buf, size_t len,
		      int flags, struct sockaddr_in *to)
{
	ssize_t ret = do_send(how, fd, buf, len, flags, to);

	if (ret != (ssize_t)len)
		tst_brk(TBROK | TERRNO, "%s(%zu bytes, flags 0x%x) = %zd",
			how_name[how], len, flags, ret);
}

/* Receive the next datagram on rx, waiting for it; returns its length. */
static ssize_t next_dgram(int rx)
{
	ssize_t ret;

	if (!(sock_wait(rx, POLLIN) & POLLIN))
		tst_brk(TBROK, "no datagram arrived in %.0f s",
			10 * tst_timeout_mul());
	ret = recv(rx, rbuf, UDP_MAX + 1, MSG_DONTWAIT);
	if (ret < 0)
		tst_brk(TBROK | TERRNO, "recv() after POLLIN");
	return ret;
}

/*
 * Send a 5-byte marker to rx from another socket; it is behind every
 * packet sent before (one CPU's backlog). Pass when the next datagram on
 * rx is that marker, i.e. nothing was sent to rx before it.
 */
static void expect_marker(int rx, struct sockaddr_in *rx_addr,
			  const char *what)
{
	int mk = SAFE_SOCKET(AF_INET, SOCK_DGRAM, 0);
	ssize_t n;

	if (sendto(mk, "mark!", 5, 0, (struct sockaddr *)rx_addr,
		   sizeof(*rx_addr)) != 5)
		tst_brk(TBROK | TERRNO, "sendto(marker)");
	SAFE_CLOSE(mk);
	n = next_dgram(rx);
	if (n == 5 && !memcmp(rbuf, "mark!", 5))
		tst_res(TPASS, "%s", what);
	else
		tst_res(TFAIL, "%s: a datagram of %zd bytes came before the "
			"marker", what, n);
}

static void check_dgram(int rx, const char *exp, size_t len, const char *what)
{
	ssize_t n = next_dgram(rx);

	if (n == (ssize_t)len && !memcmp(rbuf, exp, len))
		tst_res(TPASS, "%s: one datagram of %zu bytes", what, len);
	else
		tst_res(TFAIL, "%s: got a datagram of %zd bytes (%s), expected "
			"%zu", what, n, n == (ssize_t)len ? "other bytes" :
			"other length", len);
}

static void udp_cork(enum how how)
{
	struct sockaddr_in rx_addr, other_addr;
	int rx = bound4(SOCK_DGRAM, &rx_addr);
	int other = bound4(SOCK_DGRAM, &other_addr);
	int tx = SAFE_SOCKET(AF_INET, SOCK_DGRAM, 0);
	/* a later call names another address: it must not count */
	struct sockaddr_in *later = how == BY_SEND ? NULL : &other_addr;
	char msg[] = "aaaaaaaaaaaaaaaabbbbbbbbc";
	char buf[64];

	tst_res(TINFO, "UDP, %s()", how_name[how]);
	if (how == BY_SEND)
		if (connect(tx, (struct sockaddr *)&rx_addr, sizeof(rx_addr)))
			tst_brk(TBROK | TERRNO, "connect(UDP)");

	must_send(how, tx, msg, 16, MSG_MORE, &rx_addr);
	must_send(how, tx, msg + 16, 8, MSG_MORE, later);
	expect_marker(rx, &rx_addr, "two sends with MSG_MORE sent nothing");

	must_send(how, tx, msg + 24, 1, 0, later);
	check_dgram(rx, msg, 25, "the send without MSG_MORE");
	expect_marker(rx, &rx_addr, "no other datagram followed");
	if (later) {
		expect_marker(other, &other_addr,
			      "the later call's address was ignored");
	}

	/* the limit: 16 + 65491 is 65507 */
	memset(buf, 'x', sizeof(buf));
	must_send(how, tx, buf, CORKED, MSG_MORE, &rx_addr);
	must_send(how, tx, big, UDP_MAX - CORKED, 0, later);
	memcpy(rbuf, buf, CORKED);
	{
		ssize_t n = next_dgram(rx);

		if (n == UDP_MAX && !memcmp(rbuf, buf, CORKED) &&
		    !memcmp(rbuf + CORKED, big, UDP_MAX - CORKED))
			tst_res(TPASS, "16 corked + 65491 bytes: one datagram "
				"of 65507");
		else
			tst_res(TFAIL, "16 corked + 65491 bytes: got %zd bytes "
				"(or other bytes), expected 65507", n);
	}

	/* one byte more: EMSGSIZE, and the corked bytes are gone */
	must_send(how, tx, buf, CORKED, MSG_MORE, &rx_addr);
	TST_EXP_FAIL(do_send(how, tx, big, UDP_MAX - CORKED + 1, MSG_MORE,
			      later), EMSGSIZE,
		      "%s(65492 bytes) after 16 corked", how_name[how]);
	must_send(how, tx, "z", 1, 0, &rx_addr);
	check_dgram(rx, "z", 1, "after EMSGSIZE the corked bytes were dropped");
	expect_marker(rx, &rx_addr, "nothing else after EMSGSIZE");

	SAFE_CLOSE(tx);
	SAFE_CLOSE(other);
	SAFE_CLOSE(rx);
}

static long long now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000LL + ts.tv_nsec / 1000;
}

static int unsent(int fd)
{
	int n;

	if (ioctl(fd, SIOCOUTQNSD, &n))
		tst_brk(TBROK | TERRNO, "ioctl(SIOCOUTQNSD)");
	return n;
}

static void tcp_cork(void)
{
	char msg[] = "0123456789abcdefghijklmnopqrstuv!";
	size_t len = sizeof(msg) - 1, got = 0;
	int cli, srv, attempt, judged = 0, n;
	long long t0, t1;
	ssize_t ret;

	tst_res(TINFO, "TCP, send()");
	for (attempt = 0; attempt < 10 && !judged; attempt++) {
		tcp_pair(&cli, &srv);
		t0 = now_us();
		must_send(BY_SEND, cli, msg, 16, MSG_MORE, NULL);
		n = unsent(cli);
		t1 = now_us();
		if (t1 - t0 < 100000) {
			judged = 1;
			TST_EXP_EQ_LI(n, 16);
			must_send(BY_SEND, cli, msg + 16, 16, MSG_MORE, NULL);
			n = unsent(cli);
			if (now_us() - t0 < 100000)
				TST_EXP_EQ_LI(n, 32);
		} else {
			tst_res(TINFO, "held up %lld ms between send and "
				"ioctl, trying again", (t1 - t0) / 1000);
			must_send(BY_SEND, cli, msg + 16, 16, MSG_MORE, NULL);
		}
		if (judged || attempt == 9)
			break;
		SAFE_CLOSE(cli);
		SAFE_CLOSE(srv);
	}
	if (!judged)
		tst_res(TINFO, "every attempt held up over 100 ms: the held "
			"bytes were not checked");

	must_send(BY_SEND, cli, msg + 32, 1, 0, NULL);
	n = unsent(cli);
	if (n == 0)
		tst_res(TPASS, "send() without MSG_MORE pushed all bytes");
	else
		tst_res(TFAIL, "%d bytes still unsent after send() without "
			"MSG_MORE", n);

	while (got < len) {
		if (!(sock_wait(srv, POLLIN) & POLLIN))
			break;
		ret = recv(srv, rbuf + got, len + 1 - got, MSG_DONTWAIT);
		if (ret <= 0)
			tst_brk(TBROK | TERRNO, "recv() after POLLIN = %zd",
				ret);
		got += ret;
	}
	if (got == len && !memcmp(rbuf, msg, len))
		tst_res(TPASS, "the receiver read all %zu bytes in order", len);
	else
		tst_res(TFAIL, "the receiver read %zu bytes (expected %zu)",
			got, len);
	SAFE_CLOSE(cli);
	SAFE_CLOSE(srv);
}

static void run(unsigned int n)
{
	if (n < 3)
		udp_cork(n);
	else
		tcp_cork();
}

static void setup(void)
{
	require_loopback();
	/* one CPU's backlog: loopback packets are delivered in send order */
	sock_pin_cpu();
	big = SAFE_MALLOC(UDP_MAX + 1);
	rbuf = SAFE_MALLOC(UDP_MAX + 1);
	memset(big, 'B', UDP_MAX + 1);
}

static void cleanup(void)
{
	free(big);
	free(rbuf);
}

static struct tst_test test = {
	.tcnt = 4,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
};
