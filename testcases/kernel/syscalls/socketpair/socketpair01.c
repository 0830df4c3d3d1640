// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * socketpair(AF_UNIX) gives two connected sockets, with each type's
 * semantics:
 *  - data flows both ways; getpeername on an unnamed pair gives AF_UNIX
 *    and an address length of sizeof(sa_family_t);
 *  - SOCK_STREAM keeps no boundaries: "ab" and "cd" written apart read
 *    as "abcd" with one recv;
 *  - SOCK_DGRAM and SOCK_SEQPACKET keep them: one recv gets "ab"; a 1 byte
 *    buffer gets 1 byte with MSG_TRUNC in msg_flags and the rest of that
 *    message is dropped; recv(MSG_TRUNC) returns the real length;
 *  - after one end is closed, the other reads EOF (stream, seqpacket), and
 *    sending is EPIPE (stream, seqpacket) or ECONNREFUSED (datagram);
 *  - SOCK_NONBLOCK and SOCK_CLOEXEC apply to both descriptors.
 */
#include "socket_helpers.h"

static const struct {
	int type;
	const char *name;
	int boundaries;
} types[] = {
	{ SOCK_STREAM, "SOCK_STREAM", 0 },
	{ SOCK_DGRAM, "SOCK_DGRAM", 1 },
	{ SOCK_SEQPACKET, "SOCK_SEQPACKET", 1 },
};

static int sv[2] = { -1, -1 };

static void close_pair(void)
{
	if (sv[0] >= 0)
		SAFE_CLOSE(sv[0]);
	if (sv[1] >= 0)
		SAFE_CLOSE(sv[1]);
}

static void test_peer(const char *name)
{
	struct sockaddr_un sun = { 0 };
	socklen_t len = sizeof(sun);
	char buf[8] = "";
	int ret;

	ret = getpeername(sv[0], (struct sockaddr *)&sun, &len);
	TST_EXP_EXPR(!ret && sun.sun_family == AF_UNIX &&
		     len == sizeof(sa_family_t),
		     "%s: getpeername: family %d, length %u", name,
		     sun.sun_family, (unsigned int)len);
	SAFE_WRITE(1, sv[1], "back", 4);
	TST_EXP_EXPR(recv(sv[0], buf, sizeof(buf), 0) == 4 &&
		     !memcmp(buf, "back", 4), "%s: data flows from sv[1] "
		     "to sv[0]", name);
}

static void test_boundaries(const char *name, int boundaries)
{
	struct msghdr msg = { 0 };
	struct iovec iov;
	char buf[8] = "";
	ssize_t got;

	SAFE_WRITE(1, sv[0], "ab", 2);
	SAFE_WRITE(1, sv[0], "cd", 2);
	if (!boundaries) {
		got = recv(sv[1], buf, sizeof(buf), 0);
		TST_EXP_EXPR(got == 4 && !memcmp(buf, "abcd", 4),
			     "%s: one recv got both writes (\"%.4s\")", name,
			     buf);
		return;
	}
	got = recv(sv[1], buf, sizeof(buf), 0);
	TST_EXP_EXPR(got == 2 && !memcmp(buf, "ab", 2),
		     "%s: one recv got the first message only (\"%.2s\")",
		     name, buf);
	TST_EXP_EXPR(recv(sv[1], buf, sizeof(buf), 0) == 2 &&
		     !memcmp(buf, "cd", 2), "%s: then the second", name);

	SAFE_WRITE(1, sv[0], "xyz", 3);
	SAFE_WRITE(1, sv[0], "uv", 2);
	iov.iov_base = buf;
	iov.iov_len = 1;
	msg.msg_iov = &iov;
	msg.msg_iovlen = 1;
	got = recvmsg(sv[1], &msg, 0);
	TST_EXP_EXPR(got == 1 && buf[0] == 'x' && (msg.msg_flags & MSG_TRUNC),
		     "%s: 1 byte of \"xyz\" with MSG_TRUNC (msg_flags 0x%x)",
		     name, msg.msg_flags);
	TST_EXP_EXPR(recv(sv[1], buf, sizeof(buf), MSG_TRUNC) == 2 &&
		     !memcmp(buf, "uv", 2),
		     "%s: the rest of \"xyz\" was dropped; recv(MSG_TRUNC) "
		     "of \"uv\" returned 2", name);
	SAFE_WRITE(1, sv[0], "12345", 5);
	TST_EXP_VAL(recv(sv[1], buf, 2, MSG_TRUNC), 5,
		    "%s: recv(2 byte buffer, MSG_TRUNC) of 5 bytes", name);
}

static void test_close(const char *name, int type)
{
	char buf[4];

	SAFE_CLOSE(sv[1]);
	if (type != SOCK_DGRAM)
		TST_EXP_VAL(recv(sv[0], buf, sizeof(buf), 0), 0,
			    "%s: recv after the peer closed: EOF", name);
	TST_EXP_FAIL(send(sv[0], "x", 1, MSG_NOSIGNAL),
		     type == SOCK_DGRAM ? ECONNREFUSED : EPIPE,
		     "%s: send after the peer closed", name);
	SAFE_CLOSE(sv[0]);
}

static void test_flags(void)
{
	char buf[4];
	int i;

	TST_EXP_PASS(socketpair(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK |
				SOCK_CLOEXEC, 0, sv),
		     "socketpair(SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC)");
	if (!TST_PASS)
		return;
	for (i = 0; i < 2; i++)
		TST_EXP_EXPR((fcntl(sv[i], F_GETFL) & O_NONBLOCK) &&
			     (fcntl(sv[i], F_GETFD) & FD_CLOEXEC),
			     "sv[%d] has O_NONBLOCK and FD_CLOEXEC", i);
	TST_EXP_FAIL(recv(sv[0], buf, sizeof(buf), 0), EAGAIN,
		     "recv() on an empty non-blocking end");
	close_pair();
}

static void run(unsigned int n)
{
	const char *name = types[n].name;

	TST_EXP_PASS(socketpair(AF_UNIX, types[n].type, 0, sv),
		     "socketpair(AF_UNIX, %s)", name);
	if (!TST_PASS)
		return;
	test_peer(name);
	test_boundaries(name, types[n].boundaries);
	test_close(name, types[n].type);
	if (n == 0)
		test_flags();
}

static void cleanup(void)
{
	close_pair();
}

static struct tst_test test = {
	.tcnt = sizeof(types) / sizeof(types[0]),
	.test = run,
	.cleanup = cleanup,
};
