// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * TCP urgent data between two namespaces, IPv4 and IPv6 (tcp_recv_urg()
 * and the urgent mark handling of tcp_recvmsg() in net/ipv4/tcp.c):
 * - recv(MSG_OOB) with no urgent data ever sent: EINVAL;
 * - "abcX" sent with MSG_OOB, then "def": the owner set with F_SETOWN
 *   gets SIGURG; SIOCINQ counts the 3 bytes before the mark; a read
 *   stops before the mark ("abc"), SIOCATMARK is 0 before and 1 after it;
 *   recv(MSG_OOB | MSG_PEEK) gives 'X' with MSG_OOB in msg_flags and
 *   leaves it, a zero length MSG_OOB read gives 0 with MSG_TRUNC,
 *   recv(MSG_OOB) gives 'X' once, then EINVAL; the next read is "def"
 *   (the urgent byte is not in the stream) and clears the mark;
 * - a plain read at the mark skips the urgent byte: it is lost, the
 *   read gives "def" and recv(MSG_OOB) is EINVAL;
 * - SO_OOBINLINE: read back 1; SIOCINQ counts all 7 bytes;
 *   recv(MSG_OOB) is EINVAL, the urgent
 *   byte stays in the stream: "abc" (stopping at the mark), then "Xdef";
 * - the urgent pointer arrives before its byte (a receive window of a
 *   few KiB, the byte 32 KiB on): recv(MSG_OOB) on a blocking socket
 *   does not block, it fails with EAGAIN; once the reader drained the
 *   stream the byte arrives and recv(MSG_OOB) gives it, and the stream
 *   held exactly the 32767 bytes before it.
 */
#include <signal.h>
#include <sys/ioctl.h>
#include <linux/sockios.h>
#include "tst_test.h"
#include "net_hosts.h"

#define FAR_LEN 32768

static char *far_buf;

static int inq(int fd)
{
	int v;

	if (ioctl(fd, SIOCINQ, &v))
		tst_brk(TBROK | TERRNO, "ioctl(SIOCINQ)");
	return v;
}

static int atmark(int fd)
{
	int v;

	if (ioctl(fd, SIOCATMARK, &v))
		tst_brk(TBROK | TERRNO, "ioctl(SIOCATMARK)");
	return v;
}

/*
 * Wait (bounded) until the peer acked all that cfd sent: SIOCINQ of the
 * receiver counts only the bytes before a pending mark, it cannot tell.
 */
static void wait_acked(int cfd)
{
	long long t0 = tst_mono_ms();
	int v;

	for (;;) {
		if (ioctl(cfd, SIOCOUTQ, &v))
			tst_brk(TBROK | TERRNO, "ioctl(SIOCOUTQ)");
		if (!v)
			return;
		if (tst_mono_ms() - t0 > net_ms(10000))
			tst_brk(TBROK, "SIOCOUTQ still %d", v);
		usleep(1000);
	}
}

/* A SIGURG for this process within the bound (SIGURG is blocked). */
static int got_sigurg(void)
{
	sigset_t set;
	struct timespec ts = { .tv_sec = net_ms(10000) / 1000 };

	sigemptyset(&set);
	sigaddset(&set, SIGURG);
	return sigtimedwait(&set, NULL, &ts) == SIGURG;
}

static void drain_sigurg(void)
{
	sigset_t set;
	struct timespec ts = { 0 };

	sigemptyset(&set);
	sigaddset(&set, SIGURG);
	while (sigtimedwait(&set, NULL, &ts) == SIGURG)
		;
}

static ssize_t recv_oob(int fd, char *c, size_t len, int flags, int *mflags)
{
	struct iovec iov = { .iov_base = c, .iov_len = len };
	struct msghdr msg = { .msg_iov = &iov, .msg_iovlen = 1 };
	ssize_t n = recvmsg(fd, &msg, MSG_OOB | flags);

	*mflags = msg.msg_flags;
	return n;
}

static void expect_read(int fd, const char *want, const char *what)
{
	char buf[64];
	size_t len = strlen(want);
	ssize_t n = recv(fd, buf, sizeof(buf), MSG_DONTWAIT);

	if (n == (ssize_t)len && !memcmp(buf, want, len))
		tst_res(TPASS, "%s: \"%s\"", what, want);
	else if (n < 0)
		tst_res(TFAIL | TERRNO, "%s: expected \"%s\"", what, want);
	else
		tst_res(TFAIL, "%s: \"%.*s\" (%zd bytes), expected \"%s\"",
			what, (int)n, buf, n, want);
}

static void send_urgent(int cfd)
{
	if (send(cfd, "abcX", 4, MSG_OOB) != 4)
		tst_brk(TBROK | TERRNO, "send(MSG_OOB)");
	if (send(cfd, "def", 3, 0) != 3)
		tst_brk(TBROK | TERRNO, "send()");
}

static void no_urgent(int family)
{
	int cfd, sfd, fl;
	char c;

	net_tcp_pair(NET_A, NET_B, family, &cfd, &sfd);
	if (net_write_all(cfd, "plain", 5))
		tst_brk(TBROK, "write()");
	wait_acked(cfd);
	TST_EXP_FAIL(recv_oob(sfd, &c, 1, 0, &fl), EINVAL,
		     "recv(MSG_OOB) with no urgent data");
	NET_EXP_EQ(atmark(sfd), 0, "SIOCATMARK without urgent data");
	close(cfd);
	close(sfd);
}

static void urgent(int family)
{
	int cfd, sfd, fl = 0;
	char c = 0;
	ssize_t n;

	net_tcp_pair(NET_A, NET_B, family, &cfd, &sfd);
	if (fcntl(sfd, F_SETOWN, getpid()))
		tst_brk(TBROK | TERRNO, "fcntl(F_SETOWN)");
	drain_sigurg();
	send_urgent(cfd);
	if (got_sigurg())
		tst_res(TPASS, "SIGURG to the F_SETOWN owner");
	else
		tst_res(TFAIL, "no SIGURG in %d ms", net_ms(10000));
	wait_acked(cfd);
	NET_EXP_EQ(inq(sfd), 3, "SIOCINQ: the 3 bytes before the mark");
	NET_EXP_EQ(atmark(sfd), 0, "SIOCATMARK before the mark");
	expect_read(sfd, "abc", "read() stops at the mark");
	NET_EXP_EQ(atmark(sfd), 1, "SIOCATMARK at the mark");

	n = recv_oob(sfd, &c, 1, MSG_PEEK, &fl);
	if (n == 1 && c == 'X' && (fl & MSG_OOB))
		tst_res(TPASS, "recv(MSG_OOB | MSG_PEEK): 'X', MSG_OOB set");
	else
		tst_res(TFAIL | TERRNO, "recv(MSG_OOB | MSG_PEEK): %zd, '%c', flags 0x%x",
			n, c, fl);
	n = recv_oob(sfd, &c, 0, MSG_PEEK, &fl);
	if (n == 0 && (fl & MSG_TRUNC) && (fl & MSG_OOB))
		tst_res(TPASS, "zero length recv(MSG_OOB): 0, MSG_TRUNC");
	else
		tst_res(TFAIL | TERRNO, "zero length recv(MSG_OOB): %zd, flags 0x%x",
			n, fl);
	c = 0;
	n = recv_oob(sfd, &c, 1, 0, &fl);
	if (n == 1 && c == 'X')
		tst_res(TPASS, "recv(MSG_OOB): 'X'");
	else
		tst_res(TFAIL | TERRNO, "recv(MSG_OOB): %zd, '%c'", n, c);
	TST_EXP_FAIL(recv_oob(sfd, &c, 1, 0, &fl), EINVAL,
		     "recv(MSG_OOB) once the urgent byte was read");
	NET_EXP_EQ(atmark(sfd), 1, "SIOCATMARK before the next read");
	expect_read(sfd, "def", "the stream after the mark");
	NET_EXP_EQ(atmark(sfd), 0, "SIOCATMARK past the mark");
	NET_EXP_EQ(inq(sfd), 0, "SIOCINQ after all was read");
	close(cfd);
	close(sfd);
}

static void skipped(int family)
{
	int cfd, sfd, fl;
	char c;

	net_tcp_pair(NET_A, NET_B, family, &cfd, &sfd);
	send_urgent(cfd);
	wait_acked(cfd);
	expect_read(sfd, "abc", "read() up to the mark");
	expect_read(sfd, "def", "read() at the mark skips the urgent byte");
	TST_EXP_FAIL(recv_oob(sfd, &c, 1, 0, &fl), EINVAL,
		     "recv(MSG_OOB) after a read passed the mark");
	close(cfd);
	close(sfd);
}

static void inline_mode(int family)
{
	int cfd, sfd, one = 1, v = 0, fl;
	socklen_t len = sizeof(v);
	char c;

	net_tcp_pair(NET_A, NET_B, family, &cfd, &sfd);
	if (setsockopt(sfd, SOL_SOCKET, SO_OOBINLINE, &one, sizeof(one)))
		tst_brk(TBROK | TERRNO, "setsockopt(SO_OOBINLINE)");
	if (getsockopt(sfd, SOL_SOCKET, SO_OOBINLINE, &v, &len))
		tst_brk(TBROK | TERRNO, "getsockopt(SO_OOBINLINE)");
	NET_EXP_EQ(v, 1, "SO_OOBINLINE read back");
	send_urgent(cfd);
	wait_acked(cfd);
	NET_EXP_EQ(inq(sfd), 7, "SO_OOBINLINE: SIOCINQ counts all 7 bytes");
	TST_EXP_FAIL(recv_oob(sfd, &c, 1, 0, &fl), EINVAL,
		     "recv(MSG_OOB) with SO_OOBINLINE");
	expect_read(sfd, "abc", "SO_OOBINLINE: read() stops at the mark");
	NET_EXP_EQ(atmark(sfd), 1, "SO_OOBINLINE: SIOCATMARK at the mark");
	expect_read(sfd, "Xdef", "SO_OOBINLINE: the urgent byte in the stream");
	close(cfd);
	close(sfd);
}

static void pointer_first(int family)
{
	struct sockaddr_storage ss;
	int lfd, cfd, sfd, small = 2048, big = 1 << 20, fl = 0;
	size_t got = 0, bad = 0, i;
	ssize_t n;
	char c = 0;

	lfd = net_bound(NET_B, family, SOCK_STREAM, &ss);
	if (setsockopt(lfd, SOL_SOCKET, SO_RCVBUF, &small, sizeof(small)))
		tst_brk(TBROK | TERRNO, "setsockopt(SO_RCVBUF)");
	if (listen(lfd, 1))
		tst_brk(TBROK | TERRNO, "listen()");
	cfd = net_socket(NET_A, family, SOCK_STREAM);
	if (setsockopt(cfd, SOL_SOCKET, SO_SNDBUF, &big, sizeof(big)))
		tst_brk(TBROK | TERRNO, "setsockopt(SO_SNDBUF)");
	if (net_connect_fd(cfd, &ss))
		tst_brk(TBROK, "connect()");
	sfd = net_accept(lfd);
	close(lfd);
	if (fcntl(sfd, F_SETOWN, getpid()))
		tst_brk(TBROK | TERRNO, "fcntl(F_SETOWN)");
	drain_sigurg();

	for (i = 0; i < FAR_LEN; i++)
		far_buf[i] = 'a' + i % 26;
	far_buf[FAR_LEN - 1] = '!';
	net_set_nonblock(cfd, 1);
	n = send(cfd, far_buf, FAR_LEN, MSG_OOB);
	if (n != FAR_LEN)
		tst_brk(TBROK | TERRNO, "send(%d, MSG_OOB) = %zd", FAR_LEN, n);

	if (!got_sigurg())
		tst_brk(TBROK, "no SIGURG for the far urgent pointer");
	if (inq(sfd) >= FAR_LEN - 1)
		tst_brk(TBROK, "all 32 KiB arrived in a 4 KiB window");
	TST_EXP_FAIL(recv_oob(sfd, &c, 1, 0, &fl), EAGAIN,
		     "blocking recv(MSG_OOB) before the urgent byte arrived");

	memset(far_buf, 0, FAR_LEN);
	while (got < FAR_LEN - 1) {
		if (!net_poll(sfd, POLLIN, 10000))
			break;
		n = recv(sfd, far_buf + got, FAR_LEN - 1 - got, MSG_DONTWAIT);
		if (n < 0 && errno == EAGAIN)
			continue;
		if (n <= 0)
			break;
		got += n;
	}
	for (i = 0; i < got; i++)
		bad += far_buf[i] != (char)('a' + i % 26);
	if (got == FAR_LEN - 1 && !bad)
		tst_res(TPASS, "the stream held the %d bytes before the mark",
			FAR_LEN - 1);
	else
		tst_res(TFAIL, "read %zu bytes (%zu wrong) before the mark, expected %d",
			got, bad, FAR_LEN - 1);
	wait_acked(cfd);
	n = recv_oob(sfd, &c, 1, 0, &fl);
	if (n == 1 && c == '!')
		tst_res(TPASS, "recv(MSG_OOB) once the byte arrived: '!'");
	else
		tst_res(TFAIL | TERRNO, "recv(MSG_OOB) once the byte arrived: %zd, '%c'",
			n, c);
	close(cfd);
	close(sfd);
}

static void run(unsigned int n)
{
	int family = n ? AF_INET6 : AF_INET;

	tst_res(TINFO, "%s", n ? "IPv6" : "IPv4");
	no_urgent(family);
	urgent(family);
	skipped(family);
	inline_mode(family);
	pointer_first(family);
}

static void setup(void)
{
	sigset_t set;

	sigemptyset(&set);
	sigaddset(&set, SIGURG);
	sigprocmask(SIG_BLOCK, &set, NULL);
	far_buf = SAFE_MALLOC(FAR_LEN);
	net_hosts_setup();
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.timeout = 60,
};
