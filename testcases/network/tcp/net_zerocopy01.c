// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * MSG_ZEROCOPY between two namespaces, TCP and UDP, IPv4 and IPv6:
 * - SO_ZEROCOPY: 1 is read back; 2 is EINVAL; on an AF_UNIX socket and
 *   a raw IP socket it is EOPNOTSUPP (net/core/sock.c);
 * - TCP: 1 MiB sent in 64 KiB MSG_ZEROCOPY sends (non-blocking, the
 *   remote reading meanwhile) arrives byte for byte; the completions on
 *   the error queue (SO_EE_ORIGIN_ZEROCOPY, ee_errno 0, the range
 *   ee_info..ee_data) cover the ids of the sends that sent data, 0 to
 *   n - 1, each exactly once and in order; the remote being a local
 *   socket, each has SO_EE_CODE_ZEROCOPY_COPIED (the deferred copy);
 * - once a send's completion came, the buffer may be reused: overwriting
 *   it does not change what the remote reads;
 * - UDP: 8 datagrams sent with MSG_ZEROCOPY arrive intact, completions
 *   cover ids 0..7 once each, in order;
 * - MSG_ZEROCOPY without SO_ZEROCOPY is a plain copy: the data arrives and
 *   no id is used: after SO_ZEROCOPY is set, the next zerocopy send gets
 *   id 0, and its completion is the only one queued.
 */
#include <netinet/in.h>
#include <sys/un.h>
#include <time.h>
#include <linux/errqueue.h>
#include "tst_test.h"
#include "net_hosts.h"
#include "socket_helpers.h"

#ifndef SO_ZEROCOPY
# define SO_ZEROCOPY 60
#endif
#ifndef MSG_ZEROCOPY
# define MSG_ZEROCOPY 0x4000000
#endif
#ifndef SO_EE_ORIGIN_ZEROCOPY
# define SO_EE_ORIGIN_ZEROCOPY 5
#endif
#ifndef SO_EE_CODE_ZEROCOPY_COPIED
# define SO_EE_CODE_ZEROCOPY_COPIED 1
#endif

#define TOTAL (1 << 20)
#define CHUNK (64 << 10)
#define MAXR 4096

static unsigned char *sbuf, *rbuf;
static unsigned int rlo[MAXR], rhi[MAXR], nr, zbase;

static void fill(unsigned char *p, size_t len, unsigned int seed)
{
	size_t i;

	for (i = 0; i < len; i++)
		p[i] = (i * 11 + seed + (i >> 10)) & 0xff;
}

static int setint(int fd, int lvl, int opt, int val)
{
	return setsockopt(fd, lvl, opt, &val, sizeof(val)) ? errno : 0;
}

/* Read what the error queue holds into rlo/rhi; 1 if something came. */
static int read_errq(int fd, int family)
{
	char cbuf[128];
	struct msghdr mh = { .msg_control = cbuf,
			     .msg_controllen = sizeof(cbuf) };
	struct sock_extended_err ee;
	struct cmsghdr *cm;
	int got = 0;

	for (;;) {
		mh.msg_controllen = sizeof(cbuf);
		if (recvmsg(fd, &mh, MSG_ERRQUEUE | MSG_DONTWAIT) < 0) {
			if (errno == EAGAIN)
				return got;
			tst_brk(TBROK | TERRNO, "recvmsg(MSG_ERRQUEUE)");
		}
		cm = CMSG_FIRSTHDR(&mh);
		if (!cm || cm->cmsg_level != (family == AF_INET ? SOL_IP : SOL_IPV6) ||
		    cm->cmsg_type != (family == AF_INET ? IP_RECVERR : IPV6_RECVERR)) {
			tst_res(TFAIL, "error queue message without a RECVERR cmsg");
			continue;
		}
		memcpy(&ee, CMSG_DATA(cm), sizeof(ee));
		if (ee.ee_origin != SO_EE_ORIGIN_ZEROCOPY || ee.ee_errno) {
			tst_res(TFAIL, "error queue: origin %u errno %u, expected %d and 0",
				ee.ee_origin, ee.ee_errno, SO_EE_ORIGIN_ZEROCOPY);
			continue;
		}
		/*
		 * The remote is a socket of this machine: the pages were
		 * copied on delivery (deferred copy, msg_zerocopy.rst).
		 */
		if (!(ee.ee_code & SO_EE_CODE_ZEROCOPY_COPIED))
			tst_res(TFAIL, "completion %u..%u: ee_code %u without SO_EE_CODE_ZEROCOPY_COPIED",
				ee.ee_info, ee.ee_data, ee.ee_code);
		if (nr < MAXR) {
			rlo[nr] = ee.ee_info;
			rhi[nr] = ee.ee_data;
			nr++;
		}
		got = 1;
	}
}

/* Ranges so far cover zbase..n-1? -1 while short, 0 if so, 1 if wrong. */
static int check_ranges(unsigned int n, int report, const char *what)
{
	unsigned int i, next = zbase;

	for (i = 0; i < nr; i++) {
		if (rlo[i] != next || rhi[i] < rlo[i] || rhi[i] >= n) {
			if (report)
				tst_res(TFAIL, "%s: completion %u is %u..%u, expected to start at %u (ids 0..%u)",
					what, i, rlo[i], rhi[i], next, n - 1);
			return 1;
		}
		next = rhi[i] + 1;
	}
	if (next < n) {
		if (report)
			tst_res(TFAIL, "%s: completions cover %u..%d of %u..%u",
				what, zbase, (int)next - 1, zbase, n - 1);
		return -1;
	}
	if (report)
		tst_res(TPASS, "%s: %u completions cover ids %u..%u once each, in order",
			what, nr, zbase, n - 1);
	return 0;
}

/* Wait (bounded) until the completions cover 0..n-1, then report. */
static void wait_ranges(int fd, int family, unsigned int n, const char *what)
{
	int i;

	for (i = 0; i < 100; i++) {
		read_errq(fd, family);
		if (check_ranges(n, 0, what) >= 0)
			break;
		net_poll(fd, POLLERR, 100);
	}
	read_errq(fd, family);
	check_ranges(n, 1, what);
}

static void tcp(int family)
{
	int s, r, zc = -1;
	size_t sent = 0, got = 0;
	unsigned int sends = 0;
	socklen_t len = sizeof(zc);
	time_t deadline;
	ssize_t n;

	net_tcp_pair(NET_A, NET_B, family, &s, &r);
	NET_EXP_EQ(setint(s, SOL_SOCKET, SO_ZEROCOPY, 2), EINVAL,
		   "SO_ZEROCOPY 2: errno");
	NET_EXP_EQ(setint(s, SOL_SOCKET, SO_ZEROCOPY, 1), 0, "SO_ZEROCOPY 1: errno");
	getsockopt(s, SOL_SOCKET, SO_ZEROCOPY, &zc, &len);
	NET_EXP_EQ(zc, 1, "SO_ZEROCOPY read back");

	fill(sbuf, TOTAL, family);
	memset(rbuf, 0, TOTAL);
	nr = 0;
	zbase = 0;
	deadline = time(NULL) + net_ms(30000) / 1000 + 1;
	net_set_nonblock(s, 1);
	while (got < TOTAL) {
		struct pollfd pfd[2] = {
			{ .fd = r, .events = POLLIN },
			{ .fd = s, .events = sent < TOTAL ? POLLOUT : 0 },
		};

		if (time(NULL) > deadline)
			tst_brk(TBROK, "TCP transfer not done in %d ms",
				net_ms(30000));

		if (poll(pfd, 2, net_ms(30000)) <= 0)
			tst_brk(TBROK, "TCP transfer stalled at %zu/%zu sent, %zu received",
				sent, got, (size_t)TOTAL);
		if (pfd[1].revents & POLLOUT) {
			size_t c = TOTAL - sent < CHUNK ? TOTAL - sent : CHUNK;

			n = send(s, sbuf + sent, c, MSG_ZEROCOPY);
			if (n > 0) {
				sent += n;
				sends++;
			} else if (n < 0 && errno != EAGAIN && errno != ENOBUFS) {
				tst_brk(TBROK | TERRNO, "send(MSG_ZEROCOPY)");
			}
		}
		if (pfd[0].revents & POLLIN) {
			n = recv(r, rbuf + got, TOTAL - got, MSG_DONTWAIT);
			if (n <= 0)
				tst_brk(TBROK | TERRNO, "recv() returned %zd", n);
			got += n;
		}
		read_errq(s, family);
	}
	if (memcmp(rbuf, sbuf, TOTAL))
		tst_res(TFAIL, "TCP MSG_ZEROCOPY: 1 MiB received but it differs");
	else
		tst_res(TPASS, "TCP MSG_ZEROCOPY: 1 MiB in %u sends received intact", sends);
	wait_ranges(s, family, sends, "TCP");

	/* reuse after the completion */
	nr = 0;
	zbase = sends;
	fill(sbuf, CHUNK / 2, 77);
	memcpy(rbuf + TOTAL / 2, sbuf, CHUNK / 2);
	net_set_nonblock(s, 0);
	if (send(s, sbuf, CHUNK / 2, MSG_ZEROCOPY) != CHUNK / 2)
		tst_brk(TBROK | TERRNO, "send(32 KiB, MSG_ZEROCOPY)");
	wait_ranges(s, family, sends + 1, "TCP, one more send");
	memset(sbuf, 0xee, CHUNK / 2);
	if (net_read_all(r, rbuf, CHUNK / 2) != CHUNK / 2 ||
	    memcmp(rbuf, rbuf + TOTAL / 2, CHUNK / 2))
		tst_res(TFAIL, "data overwritten after its completion changed what arrived");
	else
		tst_res(TPASS, "buffer overwritten after the completion: the remote reads the original");
	close(s);
	close(r);
}

static void udp(int family)
{
	struct sockaddr_storage raddr;
	int r = net_bound(NET_B, family, SOCK_DGRAM, &raddr);
	int s = net_bound(NET_A, family, SOCK_DGRAM, NULL);
	unsigned int i, bad = 0;
	ssize_t n;

	NET_EXP_EQ(setint(s, SOL_SOCKET, SO_ZEROCOPY, 1), 0,
		   "UDP SO_ZEROCOPY 1: errno");
	if (connect(s, (struct sockaddr *)&raddr, sizeof(raddr)))
		tst_brk(TBROK | TERRNO, "connect()");
	fill(sbuf, 8 * 1400, family + 1);
	nr = 0;
	zbase = 0;
	for (i = 0; i < 8; i++) {
		if (send(s, sbuf + i * 1400, 100 + i * 150, MSG_ZEROCOPY) !=
		    (ssize_t)(100 + i * 150))
			tst_brk(TBROK | TERRNO, "send(UDP, MSG_ZEROCOPY)");
	}
	for (i = 0; i < 8; i++) {
		if (!net_poll(r, POLLIN, 5000)) {
			tst_res(TFAIL, "UDP datagram %u did not arrive", i);
			bad++;
			break;
		}
		n = recv(r, rbuf, 65536, MSG_DONTWAIT);
		if (n != (ssize_t)(100 + i * 150) ||
		    memcmp(rbuf, sbuf + i * 1400, n)) {
			tst_res(TFAIL, "UDP datagram %u: %zd bytes, expected %u",
				i, n, 100 + i * 150);
			bad++;
		}
	}
	if (!bad)
		tst_res(TPASS, "8 UDP MSG_ZEROCOPY datagrams arrived intact, in order");
	wait_ranges(s, family, 8, "UDP");
	close(r);
	close(s);
}

static void ignored(int family)
{
	int s, r;
	ssize_t n;

	net_tcp_pair(NET_A, NET_B, family, &s, &r);
	fill(sbuf, CHUNK, 5);
	nr = 0;
	zbase = 0;
	n = send(s, sbuf, CHUNK / 2, MSG_ZEROCOPY);
	if (n != CHUNK / 2)
		tst_brk(TBROK | TERRNO, "send(MSG_ZEROCOPY) without SO_ZEROCOPY");
	if (net_read_all(r, rbuf, CHUNK / 2) != CHUNK / 2 ||
	    memcmp(rbuf, sbuf, CHUNK / 2))
		tst_res(TFAIL, "MSG_ZEROCOPY without SO_ZEROCOPY: data differs");
	else
		tst_res(TPASS, "MSG_ZEROCOPY without SO_ZEROCOPY: data arrived");
	if (setint(s, SOL_SOCKET, SO_ZEROCOPY, 1))
		tst_brk(TBROK | TERRNO, "setsockopt(SO_ZEROCOPY)");
	if (send(s, sbuf + CHUNK / 2, CHUNK / 2, MSG_ZEROCOPY) != CHUNK / 2)
		tst_brk(TBROK | TERRNO, "send(MSG_ZEROCOPY)");
	if (net_read_all(r, rbuf, CHUNK / 2) != CHUNK / 2)
		tst_brk(TBROK | TERRNO, "recv()");
	wait_ranges(s, family, 1, "the first send with SO_ZEROCOPY has id 0");
	if (nr != 1)
		tst_res(TFAIL, "%u completions queued, expected 1", nr);
	close(s);
	close(r);
}

static void unsupported(void)
{
	int fd = SAFE_SOCKET(AF_UNIX, SOCK_STREAM, 0);

	NET_EXP_EQ(setint(fd, SOL_SOCKET, SO_ZEROCOPY, 1), EOPNOTSUPP,
		   "SO_ZEROCOPY on AF_UNIX: errno");
	close(fd);
	net_enter(NET_A);
	fd = SAFE_SOCKET(AF_INET, SOCK_RAW, IPPROTO_UDP);
	NET_EXP_EQ(setint(fd, SOL_SOCKET, SO_ZEROCOPY, 1), EOPNOTSUPP,
		   "SO_ZEROCOPY on a raw IPv4 socket: errno");
	close(fd);
}

static void run(unsigned int n)
{
	int family = n ? AF_INET6 : AF_INET;

	tst_res(TINFO, "%s", n ? "IPv6" : "IPv4");
	if (!n)
		unsupported();
	tcp(family);
	udp(family);
	ignored(family);
}

static void setup(void)
{
	sbuf = SAFE_MALLOC(TOTAL);
	rbuf = SAFE_MALLOC(TOTAL);
	sock_pin_cpu();
	net_hosts_setup();
}

static void cleanup(void)
{
	free(sbuf);
	free(rbuf);
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.timeout = 60,
};
