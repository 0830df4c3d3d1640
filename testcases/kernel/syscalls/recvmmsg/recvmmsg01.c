// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * recvmmsg() receives several datagrams in one call:
 *  - three queued, vlen 5 with MSG_DONTWAIT: returns 3, each msg_len and
 *    buffer in order, each msg_name the sender of that datagram; a
 *    datagram longer than its buffer has MSG_TRUNC in its msg_flags;
 *  - vlen 2 with three queued: returns 2, the third stays queued;
 *  - MSG_WAITFORONE on a blocking socket: returns the 2 queued without
 *    waiting for more;
 *  - nothing queued with MSG_DONTWAIT: EAGAIN;
 *  - a timeout with tv_nsec 1000000000: EINVAL; -1: EBADF; a regular file:
 *    ENOTSOCK; msgvec outside the address space: EFAULT.
 */
#include "socket_helpers.h"

#define VLEN 5

static int fds[3] = { -1, -1, -1 };
static struct sockaddr_in a_addr, b_addr, r_addr;
static struct mmsghdr msgs[VLEN];
static struct iovec iovs[VLEN];
static struct sockaddr_in names[VLEN];
static char bufs[VLEN][8];

static void setup(void)
{
	require_loopback();
	/* one CPU's backlog: loopback packets are delivered in send order */
	sock_pin_cpu();
}

static void close_all(void)
{
	int i;

	for (i = 0; i < 3; i++)
		if (fds[i] >= 0)
			SAFE_CLOSE(fds[i]);
}

static void prepare(void)
{
	int i;

	memset(msgs, 0, sizeof(msgs));
	memset(bufs, 0, sizeof(bufs));
	for (i = 0; i < VLEN; i++) {
		iovs[i].iov_base = bufs[i];
		iovs[i].iov_len = sizeof(bufs[i]);
		msgs[i].msg_hdr.msg_iov = &iovs[i];
		msgs[i].msg_hdr.msg_iovlen = 1;
		msgs[i].msg_hdr.msg_name = &names[i];
		msgs[i].msg_hdr.msg_namelen = sizeof(names[i]);
	}
}

static void put(int from, const char *text)
{
	if (sendto(from, text, strlen(text), 0, (struct sockaddr *)&r_addr,
		   sizeof(r_addr)) != (ssize_t)strlen(text))
		tst_brk(TBROK | TERRNO, "sendto()");
}

static void test_three(void)
{
	prepare();
	put(fds[1], "one");
	put(fds[2], "twotwo");
	put(fds[1], "three-and-more");
	/* "queued": sendto() returns before loopback has delivered them */
	sock_loopback_settle();
	TST_EXP_VAL(recvmmsg(fds[0], msgs, VLEN, MSG_DONTWAIT, NULL), 3,
		    "recvmmsg(vlen %d, MSG_DONTWAIT) with 3 queued", VLEN);
	TST_EXP_EXPR(msgs[0].msg_len == 3 && !strcmp(bufs[0], "one") &&
		     msgs[1].msg_len == 6 && !strcmp(bufs[1], "twotwo") &&
		     msgs[2].msg_len == 8 && !memcmp(bufs[2], "three-an", 8),
		     "msg_len %u %u %u (3 6 8), in order", msgs[0].msg_len,
		     msgs[1].msg_len, msgs[2].msg_len);
	TST_EXP_EXPR(names[0].sin_port == a_addr.sin_port &&
		     names[1].sin_port == b_addr.sin_port &&
		     names[2].sin_port == a_addr.sin_port,
		     "each msg_name is the sender of its datagram");
	TST_EXP_EXPR(!(msgs[0].msg_hdr.msg_flags & MSG_TRUNC) &&
		     (msgs[2].msg_hdr.msg_flags & MSG_TRUNC),
		     "MSG_TRUNC only for the 14 byte datagram in 8 bytes");
}

static void test_vlen(void)
{
	prepare();
	put(fds[1], "1");
	put(fds[1], "2");
	put(fds[1], "3");
	sock_loopback_settle();
	TST_EXP_VAL(recvmmsg(fds[0], msgs, 2, MSG_DONTWAIT, NULL), 2,
		    "recvmmsg(vlen 2) with 3 queued");
	prepare();
	TST_EXP_VAL(recvmmsg(fds[0], msgs, VLEN, MSG_DONTWAIT, NULL), 1,
		    "the third stayed queued");
	TST_EXP_EXPR(!strcmp(bufs[0], "3"), "it is the third (\"%s\")",
		     bufs[0]);

	prepare();
	put(fds[1], "a");
	put(fds[1], "b");
	/* else MSG_WAITFORONE may rightly return after "a" alone */
	sock_loopback_settle();
	TST_EXP_VAL(recvmmsg(fds[0], msgs, VLEN, MSG_WAITFORONE, NULL), 2,
		    "recvmmsg(MSG_WAITFORONE) with 2 queued on a blocking "
		    "socket");
	TST_EXP_FAIL(recvmmsg(fds[0], msgs, VLEN, MSG_DONTWAIT, NULL), EAGAIN,
		     "recvmmsg(MSG_DONTWAIT) with nothing queued");
}

static void test_errors(void)
{
	struct timespec ts = { 0, 1000000000 };
	int file;

	prepare();
	TST_EXP_FAIL(recvmmsg(fds[0], msgs, VLEN, 0, &ts), EINVAL,
		     "recvmmsg(timeout tv_nsec 1000000000)");
	TST_EXP_FAIL(recvmmsg(-1, msgs, VLEN, MSG_DONTWAIT, NULL), EBADF,
		     "recvmmsg(-1)");
	file = SAFE_OPEN("/dev/null", O_RDONLY);
	TST_EXP_FAIL(recvmmsg(file, msgs, VLEN, MSG_DONTWAIT, NULL), ENOTSOCK,
		     "recvmmsg(/dev/null)");
	SAFE_CLOSE(file);
	put(fds[1], "x");
	sock_loopback_settle();
	TST_EXP_FAIL(recvmmsg(fds[0], (void *)-1, VLEN, MSG_DONTWAIT, NULL),
		     EFAULT, "recvmmsg(msgvec (void *)-1)");
}

static void run(void)
{
	fds[0] = bound4(SOCK_DGRAM, &r_addr);
	fds[1] = bound4(SOCK_DGRAM, &a_addr);
	fds[2] = bound4(SOCK_DGRAM, &b_addr);
	test_three();
	test_vlen();
	test_errors();
	close_all();
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
