// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sendmmsg() sends several messages in one call:
 *  - three UDP datagrams: returns 3, sets each msg_len, and they arrive as
 *    three datagrams in order; each message may name its own destination;
 *  - vlen 0: returns 0;
 *  - when a later message fails (65508 bytes, EMSGSIZE) the call returns
 *    the number sent before it, and the failing message alone then
 *    returns -1 with EMSGSIZE;
 *  - vlen above UIO_MAXIOV (1024) is capped: 1025 messages send 1024;
 *  - -1: EBADF; a regular file: ENOTSOCK; msgvec outside the address
 *    space: EFAULT.
 */
#include "socket_helpers.h"

#define BIG 65508
#define MANY 1025

static int fds[3] = { -1, -1, -1 };
static char *big;
static struct mmsghdr *many;

static void setup(void)
{
	require_loopback();
	/* one CPU's backlog: loopback packets are delivered in send order */
	sock_pin_cpu();
	big = SAFE_MALLOC(BIG);
	memset(big, 'b', BIG);
	many = SAFE_MALLOC(MANY * sizeof(*many));
}

static void close_all(void)
{
	int i;

	for (i = 0; i < 3; i++)
		if (fds[i] >= 0)
			SAFE_CLOSE(fds[i]);
}

static void set_msg(struct mmsghdr *m, struct iovec *iov, void *data,
		    size_t len, struct sockaddr_in *to)
{
	memset(m, 0, sizeof(*m));
	iov->iov_base = data;
	iov->iov_len = len;
	m->msg_hdr.msg_iov = iov;
	m->msg_hdr.msg_iovlen = 1;
	if (to) {
		m->msg_hdr.msg_name = to;
		m->msg_hdr.msg_namelen = sizeof(*to);
	}
	m->msg_len = 12345;
}

static void test_three(void)
{
	struct sockaddr_in b_addr, c_addr;
	struct mmsghdr msgs[3];
	struct iovec iov[3];
	char buf[8];
	ssize_t got[3];

	fds[0] = bound4(SOCK_DGRAM, NULL);
	fds[1] = bound4(SOCK_DGRAM, &b_addr);
	fds[2] = bound4(SOCK_DGRAM, &c_addr);
	set_msg(&msgs[0], &iov[0], "one", 3, &b_addr);
	set_msg(&msgs[1], &iov[1], "two!", 4, &b_addr);
	set_msg(&msgs[2], &iov[2], "three", 5, &c_addr);
	TST_EXP_VAL(sendmmsg(fds[0], msgs, 3, 0), 3, "sendmmsg(3 datagrams)");
	TST_EXP_EXPR(msgs[0].msg_len == 3 && msgs[1].msg_len == 4 &&
		     msgs[2].msg_len == 5, "msg_len %u %u %u (3 4 5)",
		     msgs[0].msg_len, msgs[1].msg_len, msgs[2].msg_len);
	/* sendmmsg() returns before loopback has delivered them */
	sock_loopback_settle();
	got[0] = recv(fds[1], buf, sizeof(buf), MSG_DONTWAIT);
	got[1] = recv(fds[1], buf, sizeof(buf), MSG_DONTWAIT);
	got[2] = recv(fds[2], buf, sizeof(buf), MSG_DONTWAIT);
	TST_EXP_EXPR(got[0] == 3 && got[1] == 4 && got[2] == 5,
		     "datagrams of %zd and %zd bytes reached one socket, %zd "
		     "the other", got[0], got[1], got[2]);
	TST_EXP_VAL(sendmmsg(fds[0], msgs, 0, 0), 0, "sendmmsg(vlen 0)");
	close_all();
}

static void test_partial(void)
{
	struct sockaddr_in b_addr;
	struct mmsghdr msgs[2];
	struct iovec iov[2];

	fds[0] = bound4(SOCK_DGRAM, NULL);
	fds[1] = bound4(SOCK_DGRAM, &b_addr);
	set_msg(&msgs[0], &iov[0], "ok", 2, &b_addr);
	set_msg(&msgs[1], &iov[1], big, BIG, &b_addr);
	TST_EXP_VAL(sendmmsg(fds[0], msgs, 2, 0), 1,
		    "sendmmsg(2 byte datagram, %d byte datagram)", BIG);
	TST_EXP_EQ_LU(msgs[0].msg_len, 2);
	TST_EXP_FAIL(sendmmsg(fds[0], &msgs[1], 1, 0), EMSGSIZE,
		     "sendmmsg(%d byte datagram) alone", BIG);
	close_all();
}

static void test_cap(void)
{
	struct sockaddr_in b_addr;
	struct iovec iov = { .iov_base = "m", .iov_len = 1 };
	int i;

	fds[0] = bound4(SOCK_DGRAM, NULL);
	fds[1] = bound4(SOCK_DGRAM, &b_addr);
	for (i = 0; i < MANY; i++) {
		memset(&many[i], 0, sizeof(many[i]));
		many[i].msg_hdr.msg_iov = &iov;
		many[i].msg_hdr.msg_iovlen = 1;
		many[i].msg_hdr.msg_name = &b_addr;
		many[i].msg_hdr.msg_namelen = sizeof(b_addr);
	}
	TST_EXP_VAL(sendmmsg(fds[0], many, MANY, 0), 1024,
		    "sendmmsg(vlen %d)", MANY);
	close_all();
}

static void test_errors(void)
{
	struct mmsghdr msg;
	struct iovec iov;
	int file;

	set_msg(&msg, &iov, "x", 1, NULL);
	TST_EXP_FAIL(sendmmsg(-1, &msg, 1, 0), EBADF, "sendmmsg(-1)");
	file = SAFE_OPEN("/dev/null", O_WRONLY);
	TST_EXP_FAIL(sendmmsg(file, &msg, 1, 0), ENOTSOCK,
		     "sendmmsg(/dev/null)");
	SAFE_CLOSE(file);
	fds[0] = bound4(SOCK_DGRAM, NULL);
	TST_EXP_FAIL(sendmmsg(fds[0], (void *)-1, 1, 0), EFAULT,
		     "sendmmsg(msgvec (void *)-1)");
	close_all();
}

static void run(void)
{
	test_three();
	test_partial();
	test_cap();
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
