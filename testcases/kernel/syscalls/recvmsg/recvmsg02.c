// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * recvmsg() with MSG_PEEK of a UDP datagram longer than the buffer, over
 * IPv4 and IPv6 loopback (197c949e7798 "udp: properly support MSG_PEEK
 * with truncated buffers": before it such a peek could loop forever):
 *  - MSG_PEEK with 25 bytes of buffer for a 27-byte datagram returns 25,
 *    the first 25 bytes, with MSG_TRUNC in msg_flags and the sender's
 *    address, and leaves the datagram queued: a second peek returns the
 *    same;
 *  - MSG_PEEK | MSG_TRUNC returns the datagram's real length, 27;
 *  - a plain recvmsg() with room takes the whole datagram, no MSG_TRUNC;
 *    then the queue is empty (EAGAIN with MSG_DONTWAIT: AF_INET loopback
 *    has delivered it, it was just read).
 */
#include <poll.h>
#include <string.h>
#include "socket_helpers.h"

static const char msg[] = "ltp recvmsg02 peek payload!";	/* 27 bytes */
#define MSGLEN (sizeof(msg) - 1)

static long peek(int fd, char *buf, size_t len, int flags, int *mflags,
		 struct sockaddr_storage *from)
{
	struct iovec iov = { .iov_base = buf, .iov_len = len };
	struct msghdr mh = {
		.msg_name = from,
		.msg_namelen = sizeof(*from),
		.msg_iov = &iov,
		.msg_iovlen = 1,
	};
	long ret = recvmsg(fd, &mh, flags);

	*mflags = mh.msg_flags;
	return ret;
}

static void check(int family)
{
	struct sockaddr_storage rx_addr, tx_addr, from;
	const char *name = family == AF_INET ? "IPv4" : "IPv6";
	socklen_t len = sizeof(rx_addr);
	char buf[64];
	int rx, tx, mflags, i;
	long ret;

	memset(&rx_addr, 0, sizeof(rx_addr));
	rx_addr.ss_family = family;
	if (family == AF_INET) {
		((struct sockaddr_in *)&rx_addr)->sin_addr.s_addr =
			htonl(INADDR_LOOPBACK);
	} else {
		((struct sockaddr_in6 *)&rx_addr)->sin6_addr = in6addr_loopback;
	}
	tx_addr = rx_addr;
	rx = SAFE_SOCKET(family, SOCK_DGRAM, 0);
	tx = SAFE_SOCKET(family, SOCK_DGRAM, 0);
	if (bind(rx, (struct sockaddr *)&rx_addr, len) ||
	    bind(tx, (struct sockaddr *)&tx_addr, len))
		tst_brk(TBROK | TERRNO, "bind(%s loopback)", name);
	len = sizeof(rx_addr);
	getsockname(rx, (struct sockaddr *)&rx_addr, &len);
	len = sizeof(tx_addr);
	getsockname(tx, (struct sockaddr *)&tx_addr, &len);

	if (sendto(tx, msg, MSGLEN, 0, (struct sockaddr *)&rx_addr, len) !=
	    (long)MSGLEN)
		tst_brk(TBROK | TERRNO, "sendto(%s)", name);
	if (!(sock_wait(rx, POLLIN) & POLLIN))
		tst_brk(TBROK, "%s: the datagram did not arrive", name);

	for (i = 0; i < 2; i++) {
		memset(buf, 0, sizeof(buf));
		memset(&from, 0, sizeof(from));
		ret = peek(rx, buf, 25, MSG_PEEK, &mflags, &from);
		TST_EXP_EXPR(ret == 25 && !memcmp(buf, msg, 25) &&
			     (mflags & MSG_TRUNC) && !buf[25],
			     "%s: MSG_PEEK %d into 25 bytes: %ld, the first 25 "
			     "bytes, MSG_TRUNC %s", name, i + 1, ret,
			     mflags & MSG_TRUNC ? "set" : "missing");
		TST_EXP_EXPR(!memcmp(&from, &tx_addr, len),
			     "%s: msg_name is the sender", name);
	}
	ret = peek(rx, buf, 25, MSG_PEEK | MSG_TRUNC, &mflags, &from);
	TST_EXP_EXPR(ret == (long)MSGLEN, "%s: MSG_PEEK | MSG_TRUNC returns "
		     "the real length %ld (%zu)", name, ret, MSGLEN);

	memset(buf, 0, sizeof(buf));
	ret = peek(rx, buf, sizeof(buf), 0, &mflags, &from);
	TST_EXP_EXPR(ret == (long)MSGLEN && !memcmp(buf, msg, MSGLEN) &&
		     !(mflags & MSG_TRUNC), "%s: recvmsg() takes the whole "
		     "datagram (%ld bytes)", name, ret);
	TST_EXP_FAIL(recv(rx, buf, sizeof(buf), MSG_DONTWAIT), EAGAIN,
		     "%s: recv() of the emptied queue", name);
	SAFE_CLOSE(rx);
	SAFE_CLOSE(tx);
}

static void run(void)
{
	check(AF_INET);
	if (have_ipv6_loopback())
		check(AF_INET6);
	else
		tst_res(TCONF, "no IPv6 loopback: the IPv6 half is skipped");
}

static void setup(void)
{
	require_loopback();
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.tags = (const struct tst_tag[]) {
		/* udp: properly support MSG_PEEK with truncated buffers */
		{"linux-git", "197c949e7798"},
		{}
	},
};
