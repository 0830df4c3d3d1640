// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * SO_LINGER and how TCP close() ends a connection between two
 * namespaces, IPv4 and IPv6 (sock_setsockopt(), tcp_close(),
 * tcp_reset()):
 * - SO_LINGER: {0, 0} by default; {1, 5} reads back; a non-zero l_onoff
 *   reads back as 1; {0, 9} turns lingering off and keeps the old
 *   l_linger; an option shorter than struct linger: EINVAL;
 * - {1, 10} with 8 KiB the peer has room for: close() returns once the
 *   data and the FIN are acked, long before the 10 s: right after it the
 *   peer holds the 8 KiB (SIOCINQ) and the EOF without waiting;
 * - {1, 1} with data the peer's closed window holds back: close() blocks
 *   for the whole second (no less), returns 0, and the data is not
 *   lost: once the peer reads, it gets every byte and then EOF;
 * - {1, 0} with data in flight acked: RST, TcpExtTCPAbortOnData + 1; the
 *   peer reads the bytes that had arrived, then ECONNRESET;
 * - close() with unread data: RST, TcpExtTCPAbortOnClose + 1;
 * - a peer in CLOSE_WAIT (it got our FIN after shutdown(SHUT_WR)) that
 *   then gets the RST of {1, 0}: EPIPE in SO_ERROR, not ECONNRESET.
 */
#include <sys/ioctl.h>
#include <linux/sockios.h>
#include "tst_test.h"
#include "net_hosts.h"

static char *buf, *rbuf;
#define BUFSZ (1 << 20)

static void set_linger(int fd, int on, int secs)
{
	struct linger lg = { .l_onoff = on, .l_linger = secs };

	if (setsockopt(fd, SOL_SOCKET, SO_LINGER, &lg, sizeof(lg)))
		tst_brk(TBROK | TERRNO, "setsockopt(SO_LINGER)");
}

static struct linger get_linger(int fd)
{
	struct linger lg;
	socklen_t len = sizeof(lg);

	if (getsockopt(fd, SOL_SOCKET, SO_LINGER, &lg, &len))
		tst_brk(TBROK | TERRNO, "getsockopt(SO_LINGER)");
	return lg;
}

static long long tcpext(int h, const char *field)
{
	return net_snmp(h, "netstat", "TcpExt:", field);
}

static int ioq(int fd, unsigned long req)
{
	int v;

	if (ioctl(fd, req, &v))
		tst_brk(TBROK | TERRNO, "ioctl(0x%lx)", req);
	return v;
}

static void wait_acked(int fd)
{
	long long t0 = tst_mono_ms();

	while (ioq(fd, SIOCOUTQ)) {
		if (tst_mono_ms() - t0 > net_ms(10000))
			tst_brk(TBROK, "SIOCOUTQ still %d", ioq(fd, SIOCOUTQ));
		usleep(1000);
	}
}

static void readback(int family)
{
	int fd = net_socket(NET_A, family, SOCK_STREAM);
	struct linger lg = get_linger(fd);
	int shortopt = 1;

	if (!lg.l_onoff && !lg.l_linger)
		tst_res(TPASS, "SO_LINGER by default: {0, 0}");
	else
		tst_res(TFAIL, "SO_LINGER by default: {%d, %d}", lg.l_onoff,
			lg.l_linger);
	set_linger(fd, 1, 5);
	lg = get_linger(fd);
	if (lg.l_onoff == 1 && lg.l_linger == 5)
		tst_res(TPASS, "SO_LINGER {1, 5} read back");
	else
		tst_res(TFAIL, "SO_LINGER {1, 5} read back as {%d, %d}",
			lg.l_onoff, lg.l_linger);
	set_linger(fd, 7, 3);
	lg = get_linger(fd);
	if (lg.l_onoff == 1 && lg.l_linger == 3)
		tst_res(TPASS, "SO_LINGER {7, 3} read back as {1, 3}");
	else
		tst_res(TFAIL, "SO_LINGER {7, 3} read back as {%d, %d}",
			lg.l_onoff, lg.l_linger);
	set_linger(fd, 0, 9);
	lg = get_linger(fd);
	if (lg.l_onoff == 0 && lg.l_linger == 3)
		tst_res(TPASS, "SO_LINGER {0, 9}: off, l_linger kept (3)");
	else
		tst_res(TFAIL, "SO_LINGER {0, 9} read back as {%d, %d}, expected {0, 3}",
			lg.l_onoff, lg.l_linger);
	TST_EXP_FAIL(setsockopt(fd, SOL_SOCKET, SO_LINGER, &shortopt,
				sizeof(shortopt)), EINVAL,
		     "SO_LINGER with an int-sized option");
	close(fd);
}

static void linger_acked(int family)
{
	int cfd, sfd, n;
	long long t0, dt;
	short rev;

	net_tcp_pair(NET_A, NET_B, family, &cfd, &sfd);
	memset(buf, 'l', 8192);
	if (net_write_all(cfd, buf, 8192))
		tst_brk(TBROK, "write()");
	set_linger(cfd, 1, 10);
	t0 = tst_mono_ms();
	TST_EXP_PASS(close(cfd), "close() with SO_LINGER {1, 10}");
	dt = tst_mono_ms() - t0;
	if (dt < 10000)
		tst_res(TPASS, "close() returned after %lld ms, once acked", dt);
	else
		tst_res(TFAIL, "close() took %lld ms: the linger timeout", dt);
	NET_EXP_EQ(ioq(sfd, SIOCINQ), 8192,
		   "peer's SIOCINQ when close() returned");
	rev = net_poll(sfd, POLLIN | POLLRDHUP, 0);
	if (rev & POLLRDHUP)
		tst_res(TPASS, "the FIN was there when close() returned");
	else
		tst_res(TFAIL, "no FIN at the peer when close() returned (0x%x)",
			rev);
	n = recv(sfd, rbuf, BUFSZ, MSG_DONTWAIT);
	NET_EXP_EQ(n, 8192, "bytes read at once");
	NET_EXP_EQ(recv(sfd, rbuf, BUFSZ, MSG_DONTWAIT), 0, "then EOF");
	close(sfd);
}

static void linger_timeout(int family)
{
	struct sockaddr_storage ss;
	int lfd, cfd, sfd, small = 4096, big, ret;
	size_t w = 0, got = 0, bad = 0, i;
	long long t0, dt;
	ssize_t n;

	lfd = net_bound(NET_B, family, SOCK_STREAM, &ss);
	if (setsockopt(lfd, SOL_SOCKET, SO_RCVBUF, &small, sizeof(small)))
		tst_brk(TBROK | TERRNO, "setsockopt(SO_RCVBUF)");
	if (listen(lfd, 1))
		tst_brk(TBROK | TERRNO, "listen()");
	cfd = net_socket(NET_A, family, SOCK_STREAM);
	big = 65536;
	if (setsockopt(cfd, SOL_SOCKET, SO_SNDBUF, &big, sizeof(big)))
		tst_brk(TBROK | TERRNO, "setsockopt(SO_SNDBUF)");
	if (net_connect_fd(cfd, &ss))
		tst_brk(TBROK, "connect()");
	sfd = net_accept(lfd);
	close(lfd);

	for (i = 0; i < BUFSZ; i++)
		buf[i] = 'a' + i % 23;
	net_set_nonblock(cfd, 1);
	t0 = tst_mono_ms();
	for (;;) {
		n = send(cfd, buf + w, 65536, 0);
		if (n > 0) {
			w += n;
			if (w + 65536 > BUFSZ)
				tst_brk(TBROK, "the peer's window never closed");
			continue;
		}
		if (n < 0 && errno != EAGAIN)
			tst_brk(TBROK | TERRNO, "send()");
		if (!net_poll(cfd, POLLOUT, 300))
			break;
		if (tst_mono_ms() - t0 > net_ms(10000))
			tst_brk(TBROK, "the send buffer never filled");
	}
	if (!ioq(cfd, SIOCOUTQ))
		tst_brk(TBROK, "all %zu bytes acked by a peer that does not read",
			w);
	set_linger(cfd, 1, 1);
	t0 = tst_mono_ms();
	ret = close(cfd);
	dt = tst_mono_ms() - t0;
	NET_EXP_EQ(ret, 0, "close() with unacked data and SO_LINGER {1, 1}");
	if (dt >= 990)
		tst_res(TPASS, "close() lingered %lld ms (1 s linger)", dt);
	else
		tst_res(TFAIL, "close() returned after %lld ms, before the 1 s linger",
			dt);

	while (got < w + 1) {
		if (!net_poll(sfd, POLLIN, 30000))
			break;
		n = read(sfd, rbuf, BUFSZ);
		if (n <= 0)
			break;
		for (i = 0; i < (size_t)n && got + i < w; i++)
			bad += rbuf[i] != buf[got + i];
		got += n;
	}
	if (got == w && !bad && n == 0)
		tst_res(TPASS, "after the linger timeout the peer got all %zu bytes, then EOF",
			w);
	else
		tst_res(TFAIL, "the peer got %zu of %zu bytes (%zu wrong), last read %zd",
			got, w, bad, n);
	close(sfd);
}

static void linger_zero(int family)
{
	int cfd, sfd, n;
	long long a0;
	char c[200];

	net_tcp_pair(NET_A, NET_B, family, &cfd, &sfd);
	if (net_write_all(cfd, "0123456789", 10))
		tst_brk(TBROK, "write()");
	wait_acked(cfd);
	a0 = tcpext(NET_A, "TCPAbortOnData");
	set_linger(cfd, 1, 0);
	close(cfd);
	NET_EXP_EQ(tcpext(NET_A, "TCPAbortOnData") - a0, 1,
		   "TCPAbortOnData after close() with {1, 0}");
	net_wait(sfd, POLLERR);
	n = recv(sfd, c, sizeof(c), MSG_DONTWAIT);
	NET_EXP_EQ(n, 10, "the peer reads what had arrived before the RST");
	TST_EXP_FAIL(recv(sfd, c, sizeof(c), MSG_DONTWAIT), ECONNRESET,
		     "then the RST");
	close(sfd);
}

static void unread_close(int family)
{
	int cfd, sfd;
	long long a0;

	net_tcp_pair(NET_A, NET_B, family, &cfd, &sfd);
	if (net_write_all(cfd, "unread", 6))
		tst_brk(TBROK, "write()");
	wait_acked(cfd);
	a0 = tcpext(NET_B, "TCPAbortOnClose");
	close(sfd);
	NET_EXP_EQ(tcpext(NET_B, "TCPAbortOnClose") - a0, 1,
		   "TCPAbortOnClose after close() with unread data");
	close(cfd);
}

static void reset_in_close_wait(int family)
{
	int cfd, sfd, err = 0;
	socklen_t len = sizeof(err);
	char c;

	net_tcp_pair(NET_A, NET_B, family, &cfd, &sfd);
	if (shutdown(cfd, SHUT_WR))
		tst_brk(TBROK | TERRNO, "shutdown(SHUT_WR)");
	if (net_read_all(sfd, &c, 1) != 0)
		tst_brk(TBROK, "no EOF at the peer");
	set_linger(cfd, 1, 0);
	close(cfd);
	net_wait(sfd, POLLERR);
	if (getsockopt(sfd, SOL_SOCKET, SO_ERROR, &err, &len))
		tst_brk(TBROK | TERRNO, "getsockopt(SO_ERROR)");
	if (err == EPIPE)
		tst_res(TPASS, "RST in CLOSE_WAIT: SO_ERROR EPIPE");
	else
		tst_res(TFAIL, "RST in CLOSE_WAIT: SO_ERROR %s, expected EPIPE",
			tst_strerrno(err));
	TST_EXP_FAIL(send(sfd, "x", 1, MSG_NOSIGNAL), EPIPE,
		     "send() after it");
	close(sfd);
}

static void run(unsigned int n)
{
	int family = n ? AF_INET6 : AF_INET;

	tst_res(TINFO, "%s", n ? "IPv6" : "IPv4");
	readback(family);
	linger_acked(family);
	linger_timeout(family);
	linger_zero(family);
	unread_close(family);
	reset_in_close_wait(family);
}

static void setup(void)
{
	buf = SAFE_MALLOC(BUFSZ);
	rbuf = SAFE_MALLOC(BUFSZ);
	net_hosts_setup();
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.timeout = 60,
};
