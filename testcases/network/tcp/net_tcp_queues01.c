// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * TCP queue accounting and receive semantics between two namespaces,
 * IPv4 and IPv6 (tcp_ioctl(), tcp_recvmsg(), sock_setsockopt()):
 * - SIOCINQ, SIOCOUTQ and SIOCOUTQNSD on a listener: EINVAL;
 * - a peer that does not read: the sender writes until EAGAIN (W
 *   bytes), then, with nothing left in flight (SIOCOUTQ == SIOCOUTQNSD),
 *   the peer's SIOCINQ plus the sender's SIOCOUTQ is exactly W, both
 *   non-zero (the window filled); the peer then reads exactly the W
 *   bytes in order and the sender's SIOCOUTQ and SIOCOUTQNSD go to 0;
 * - MSG_WAITALL: a reader asleep in recv(3000, MSG_WAITALL) with 1000
 *   bytes queued gets all 3000 once the rest arrives; with SO_RCVTIMEO
 *   it returns the 1000 after the timeout (no sooner); the peer's FIN
 *   ends it with the 1000;
 * - SO_PEEK_OFF (where TCP has it, 6.9 on; else TCONF for that part):
 *   -1 by default; peeks move the offset, reads move it back by what they
 *   took, -1 peeks from the start again;
 * - SO_RCVLOWAT: 0 reads back as 1, the value is capped at half of a
 *   locked SO_RCVBUF (else of tcp_rmem[2]); with it unlocked, SO_RCVBUF
 *   grows past the low-water mark;
 * - SO_RCVBUF/SO_SNDBUF: twice the value, clamped to rmem_max/wmem_max
 *   (also -1, taken as unsigned), 0 gives the minimum (SOCK_MIN_SNDBUF
 *   is twice SOCK_MIN_RCVBUF), SO_RCVBUFFORCE/SO_SNDBUFFORCE go past the
 *   maximum for root, -1 gives the minimum and INT_MAX gives INT_MAX - 1
 *   (no overflow); for a user the FORCE options are EPERM and change
 *   nothing. A negative FORCE value giving a negative buffer size was
 *   CVE-2016-9793 (b98b0bc8c431);
 * - busy polling options: SO_BUSY_POLL starts at net.core.busy_read,
 *   reads back, -1 is EINVAL; SO_BUSY_POLL_BUDGET 65535 is taken,
 *   65536 is EINVAL, a user raising it EPERM; SO_PREFER_BUSY_POLL 1 reads
 *   back, for a user EPERM (0 is allowed); a busy polling UDP socket still
 *   gets its datagram.
 */
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <linux/sockios.h>
#include <limits.h>
#include "tst_test.h"
#include "net_hosts.h"
#include "task_wait.h"

static long long rmem_max, wmem_max, busy_read;
static char *buf;
#define BUFSZ (4 << 20)

static int q(int fd, unsigned long req)
{
	int v;

	if (ioctl(fd, req, &v))
		tst_brk(TBROK | TERRNO, "ioctl(0x%lx)", req);
	return v;
}

static int getint(int fd, int lvl, int opt)
{
	int v = 0;
	socklen_t len = sizeof(v);

	if (getsockopt(fd, lvl, opt, &v, &len))
		tst_brk(TBROK | TERRNO, "getsockopt(%d, %d)", lvl, opt);
	return v;
}

static void setint(int fd, int lvl, int opt, int v)
{
	if (setsockopt(fd, lvl, opt, &v, sizeof(v)))
		tst_brk(TBROK | TERRNO, "setsockopt(%d, %d, %d)", lvl, opt, v);
}

static void listener_ioctls(int family)
{
	struct sockaddr_storage ss;
	int lfd = net_listener(NET_B, family, &ss), v;

	TST_EXP_FAIL(ioctl(lfd, SIOCINQ, &v), EINVAL, "SIOCINQ on a listener");
	TST_EXP_FAIL(ioctl(lfd, SIOCOUTQ, &v), EINVAL,
		     "SIOCOUTQ on a listener");
	TST_EXP_FAIL(ioctl(lfd, SIOCOUTQNSD, &v), EINVAL,
		     "SIOCOUTQNSD on a listener");
	close(lfd);
}

static void filled_window(int family)
{
	struct sockaddr_storage ss;
	int lfd, cfd, sfd, inq = 0, outq = 0, nsd = 0;
	size_t w = 0, got = 0, bad = 0, i;
	long long t0;
	ssize_t n;

	lfd = net_bound(NET_B, family, SOCK_STREAM, &ss);
	setint(lfd, SOL_SOCKET, SO_RCVBUF, 32768);
	if (listen(lfd, 1))
		tst_brk(TBROK | TERRNO, "listen()");
	cfd = net_socket(NET_A, family, SOCK_STREAM);
	setint(cfd, SOL_SOCKET, SO_SNDBUF, 65536);
	if (net_connect_fd(cfd, &ss))
		tst_brk(TBROK, "connect()");
	sfd = net_accept(lfd);
	close(lfd);

	for (i = 0; i < BUFSZ; i++)
		buf[i] = i * 7 + (i >> 12);
	net_set_nonblock(cfd, 1);
	/* fill until EAGAIN, also after the peer's ACKs came back */
	t0 = tst_mono_ms();
	for (;;) {
		n = send(cfd, buf + w, BUFSZ - w, 0);
		if (n > 0) {
			w += n;
			continue;
		}
		if (n < 0 && errno != EAGAIN)
			tst_brk(TBROK | TERRNO, "send()");
		if (!net_poll(cfd, POLLOUT, 500))
			break;
		if (tst_mono_ms() - t0 > net_ms(10000) || w >= BUFSZ)
			tst_brk(TBROK, "the window never filled (%zu bytes)",
				w);
	}

	t0 = tst_mono_ms();
	while (tst_mono_ms() - t0 < net_ms(10000)) {
		outq = q(cfd, SIOCOUTQ);
		nsd = q(cfd, SIOCOUTQNSD);
		inq = q(sfd, SIOCINQ);
		if (outq == nsd && (size_t)(inq + outq) == w)
			break;
		usleep(10000);
	}
	tst_res(TINFO, "written %zu, peer's SIOCINQ %d, SIOCOUTQ %d, SIOCOUTQNSD %d",
		w, inq, outq, nsd);
	NET_EXP_EQ(outq, nsd, "SIOCOUTQ == SIOCOUTQNSD: nothing in flight");
	NET_EXP_EQ(inq + outq, w, "peer's SIOCINQ + SIOCOUTQ == bytes written");
	if (inq > 0 && outq > 0)
		tst_res(TPASS, "both queues hold data: the window filled");
	else
		tst_res(TFAIL, "SIOCINQ %d, SIOCOUTQ %d: expected both > 0",
			inq, outq);

	net_set_nonblock(cfd, 0);
	while (got < w) {
		char c[65536];
		size_t k, len = w - got < sizeof(c) ? w - got : sizeof(c);

		if (!net_poll(sfd, POLLIN, 10000))
			break;
		n = read(sfd, c, len);
		if (n <= 0)
			break;
		for (k = 0; k < (size_t)n; k++)
			bad += c[k] != buf[got + k];
		got += n;
	}
	if (got == w && !bad)
		tst_res(TPASS, "the peer read the %zu bytes in order", w);
	else
		tst_res(TFAIL, "the peer read %zu bytes (%zu wrong) of %zu",
			got, bad, w);
	t0 = tst_mono_ms();
	while ((q(cfd, SIOCOUTQ) || q(cfd, SIOCOUTQNSD)) &&
	       tst_mono_ms() - t0 < net_ms(10000))
		usleep(10000);
	NET_EXP_EQ(q(cfd, SIOCOUTQ), 0, "SIOCOUTQ once all was read");
	NET_EXP_EQ(q(cfd, SIOCOUTQNSD), 0, "SIOCOUTQNSD once all was read");
	NET_EXP_EQ(q(sfd, SIOCINQ), 0, "peer's SIOCINQ once all was read");
	close(cfd);
	close(sfd);
}

static void wait_inq(int fd, int n)
{
	long long t0 = tst_mono_ms();

	while (q(fd, SIOCINQ) < n) {
		if (tst_mono_ms() - t0 > net_ms(10000))
			tst_brk(TBROK, "SIOCINQ %d, waited for %d",
				q(fd, SIOCINQ), n);
		net_poll(fd, POLLIN, 10);
	}
}

static void waitall(int family)
{
	int cfd, sfd;
	struct timeval tv = { 0 };
	char c[4000];
	long long t0, dt;
	ssize_t n;
	pid_t pid;

	net_tcp_pair(NET_A, NET_B, family, &cfd, &sfd);
	memset(c, 'w', sizeof(c));
	/* three segments, all queued: one recv gets them */
	send(cfd, c, 1000, 0);
	send(cfd, c, 1000, 0);
	send(cfd, c, 1000, 0);
	wait_inq(sfd, 3000);
	TST_EXP_VAL(recv(sfd, c, 3000, MSG_WAITALL), 3000,
		    "recv(MSG_WAITALL) of three queued segments");

	/* the reader sleeps with 1000 of 3000 bytes */
	send(cfd, c, 1000, 0);
	wait_inq(sfd, 1000);
	pid = SAFE_FORK();
	if (!pid) {
		n = recv(sfd, c, 3000, MSG_WAITALL);
		if (n == 3000)
			tst_res(TPASS, "a sleeping recv(MSG_WAITALL) got all 3000 bytes");
		else
			tst_res(TFAIL | TERRNO, "a sleeping recv(MSG_WAITALL): %zd, expected 3000",
				n);
		exit(0);
	}
	wait_task_in_syscall(pid, __NR_recvfrom);
	send(cfd, c, 1000, 0);
	send(cfd, c, 1000, 0);
	reap_child(pid);

	/* SO_RCVTIMEO ends the wait with what came */
	tv.tv_usec = 300000;
	setsockopt(sfd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
	send(cfd, c, 1000, 0);
	wait_inq(sfd, 1000);
	t0 = tst_mono_ms();
	n = recv(sfd, c, 3000, MSG_WAITALL);
	dt = tst_mono_ms() - t0;
	NET_EXP_EQ(n, 1000, "recv(MSG_WAITALL) ended by SO_RCVTIMEO");
	if (dt >= 290)
		tst_res(TPASS, "it returned after the 300 ms timeout (%lld ms)",
			dt);
	else
		tst_res(TFAIL, "it returned after %lld ms, before the 300 ms timeout",
			dt);

	/* the peer's FIN ends it */
	tv.tv_sec = 30;
	tv.tv_usec = 0;
	setsockopt(sfd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
	send(cfd, c, 1000, 0);
	shutdown(cfd, SHUT_WR);
	net_wait(sfd, POLLRDHUP);
	NET_EXP_EQ(recv(sfd, c, 3000, MSG_WAITALL), 1000,
		   "recv(MSG_WAITALL) ended by the peer's FIN");
	NET_EXP_EQ(recv(sfd, c, 3000, MSG_WAITALL), 0, "then EOF");
	close(cfd);
	close(sfd);
}

static void expect_recv(int fd, int len, int flags, const char *want,
			const char *what)
{
	char c[32];
	ssize_t n = recv(fd, c, len, flags | MSG_DONTWAIT);

	if (n == (ssize_t)strlen(want) && !memcmp(c, want, n))
		tst_res(TPASS, "%s: \"%s\"", what, want);
	else
		tst_res(TFAIL, "%s: %zd \"%.*s\", expected \"%s\"", what, n,
			n > 0 ? (int)n : 0, c, want);
}

/* SO_PEEK_OFF on TCP (tcp_recvmsg_locked() has it since 6.9) */
static void peek_off(int family)
{
	int cfd, sfd, v;
	socklen_t len = sizeof(v);

	net_tcp_pair(NET_A, NET_B, family, &cfd, &sfd);
	if (getsockopt(sfd, SOL_SOCKET, SO_PEEK_OFF, &v, &len)) {
		if (errno == EOPNOTSUPP)
			tst_res(TCONF, "SO_PEEK_OFF on TCP not in this kernel (EOPNOTSUPP)");
		else
			tst_res(TFAIL | TERRNO, "getsockopt(SO_PEEK_OFF)");
		goto out;
	}
	NET_EXP_EQ(v, -1, "SO_PEEK_OFF by default (off)");
	setint(sfd, SOL_SOCKET, SO_PEEK_OFF, 0);
	if (net_write_all(cfd, "abcdefghij", 10))
		tst_brk(TBROK, "write()");
	wait_inq(sfd, 10);
	expect_recv(sfd, 4, MSG_PEEK, "abcd", "peek 4 from offset 0");
	expect_recv(sfd, 3, MSG_PEEK, "efg", "peek 3 from offset 4");
	NET_EXP_EQ(getint(sfd, SOL_SOCKET, SO_PEEK_OFF), 7,
		   "SO_PEEK_OFF after two peeks");
	expect_recv(sfd, 2, 0, "ab", "read 2: from the start");
	NET_EXP_EQ(getint(sfd, SOL_SOCKET, SO_PEEK_OFF), 5,
		   "SO_PEEK_OFF less what was read");
	expect_recv(sfd, 2, MSG_PEEK, "hi", "peek 2 from offset 5");
	setint(sfd, SOL_SOCKET, SO_PEEK_OFF, -1);
	expect_recv(sfd, 2, MSG_PEEK, "cd", "peek with SO_PEEK_OFF -1");
	expect_recv(sfd, 8, 0, "cdefghij", "the rest read once");
out:
	close(cfd);
	close(sfd);
}

static void lowat(int family)
{
	int fd, rb, want, nb;
	long long rmem[3];
	char line[128];

	net_sysctl_read(NET_A, "net/ipv4/tcp_rmem", line, sizeof(line));
	if (sscanf(line, "%lld %lld %lld", &rmem[0], &rmem[1], &rmem[2]) != 3)
		tst_brk(TBROK, "tcp_rmem: '%s'", line);
	fd = net_socket(NET_A, family, SOCK_STREAM);
	setint(fd, SOL_SOCKET, SO_RCVLOWAT, 0);
	NET_EXP_EQ(getint(fd, SOL_SOCKET, SO_RCVLOWAT), 1,
		   "SO_RCVLOWAT 0 reads back as");
	rb = getint(fd, SOL_SOCKET, SO_RCVBUF);
	want = rb < rmem[2] / 2 ? rb : rmem[2] / 2;
	setint(fd, SOL_SOCKET, SO_RCVLOWAT, rb);
	NET_EXP_EQ(getint(fd, SOL_SOCKET, SO_RCVLOWAT), want,
		   "SO_RCVLOWAT of SO_RCVBUF (capped at tcp_rmem[2] / 2)");
	nb = getint(fd, SOL_SOCKET, SO_RCVBUF);
	if (nb > rb && nb > want)
		tst_res(TPASS, "unlocked SO_RCVBUF grew for the low-water mark: %d -> %d",
			rb, nb);
	else
		tst_res(TFAIL, "unlocked SO_RCVBUF %d -> %d for SO_RCVLOWAT %d",
			rb, nb, want);
	close(fd);

	fd = net_socket(NET_A, family, SOCK_STREAM);
	setint(fd, SOL_SOCKET, SO_RCVBUF, 8192);
	setint(fd, SOL_SOCKET, SO_RCVLOWAT, 100000);
	NET_EXP_EQ(getint(fd, SOL_SOCKET, SO_RCVLOWAT), 8192,
		   "SO_RCVLOWAT capped at half of a locked SO_RCVBUF 16384");
	NET_EXP_EQ(getint(fd, SOL_SOCKET, SO_RCVBUF), 16384,
		   "the locked SO_RCVBUF unchanged");
	close(fd);
}

static int set_get(int fd, int opt, int get, int v)
{
	setint(fd, SOL_SOCKET, opt, v);
	return getint(fd, SOL_SOCKET, get);
}

static void bufsizes(int family)
{
	int fd = net_socket(NET_A, family, SOCK_STREAM), minr, mins;

	NET_EXP_EQ(set_get(fd, SO_RCVBUF, SO_RCVBUF, 10000), 20000,
		   "SO_RCVBUF 10000");
	NET_EXP_EQ(set_get(fd, SO_SNDBUF, SO_SNDBUF, 10000), 20000,
		   "SO_SNDBUF 10000");
	NET_EXP_EQ(set_get(fd, SO_RCVBUF, SO_RCVBUF, rmem_max + 4096),
		   2 * rmem_max, "SO_RCVBUF rmem_max + 4096");
	NET_EXP_EQ(set_get(fd, SO_SNDBUF, SO_SNDBUF, wmem_max + 4096),
		   2 * wmem_max, "SO_SNDBUF wmem_max + 4096");
	NET_EXP_EQ(set_get(fd, SO_RCVBUF, SO_RCVBUF, -1), 2 * rmem_max,
		   "SO_RCVBUF -1 (unsigned: clamped to rmem_max)");
	NET_EXP_EQ(set_get(fd, SO_SNDBUF, SO_SNDBUF, -1), 2 * wmem_max,
		   "SO_SNDBUF -1 (unsigned: clamped to wmem_max)");
	minr = set_get(fd, SO_RCVBUF, SO_RCVBUF, 0);
	mins = set_get(fd, SO_SNDBUF, SO_SNDBUF, 0);
	if (minr > 2048 && minr <= 2048 + 1024)
		tst_res(TPASS, "SO_RCVBUF 0: the minimum %d (2048 + sk_buff)",
			minr);
	else
		tst_res(TFAIL, "SO_RCVBUF 0: %d, expected 2048 + sizeof(sk_buff)",
			minr);
	NET_EXP_EQ(mins, 2 * minr, "SO_SNDBUF 0: twice the receive minimum");
	NET_EXP_EQ(set_get(fd, SO_RCVBUF, SO_RCVBUF, 1), minr, "SO_RCVBUF 1");
	NET_EXP_EQ(set_get(fd, SO_RCVBUFFORCE, SO_RCVBUF, rmem_max + 4096),
		   2 * (rmem_max + 4096), "SO_RCVBUFFORCE rmem_max + 4096");
	NET_EXP_EQ(set_get(fd, SO_SNDBUFFORCE, SO_SNDBUF, wmem_max + 4096),
		   2 * (wmem_max + 4096), "SO_SNDBUFFORCE wmem_max + 4096");
	NET_EXP_EQ(set_get(fd, SO_RCVBUFFORCE, SO_RCVBUF, -1), minr,
		   "SO_RCVBUFFORCE -1: the minimum");
	NET_EXP_EQ(set_get(fd, SO_SNDBUFFORCE, SO_SNDBUF, -1), mins,
		   "SO_SNDBUFFORCE -1: the minimum");
	NET_EXP_EQ(set_get(fd, SO_RCVBUFFORCE, SO_RCVBUF, INT_MAX),
		   INT_MAX - 1, "SO_RCVBUFFORCE INT_MAX (no overflow)");
	NET_EXP_EQ(set_get(fd, SO_SNDBUFFORCE, SO_SNDBUF, INT_MAX),
		   INT_MAX - 1, "SO_SNDBUFFORCE INT_MAX (no overflow)");
	close(fd);
}

/* The busy poll options (sk_setsockopt()); veth has no NAPI of its own. */
static void busy_poll(int family)
{
	struct sockaddr_storage ss;
	int r = net_bound(NET_B, family, SOCK_DGRAM, &ss), s;
	char c[8];

	NET_EXP_EQ(getint(r, SOL_SOCKET, SO_BUSY_POLL), busy_read,
		   "SO_BUSY_POLL by default (net.core.busy_read)");
	TST_EXP_FAIL(setsockopt(r, SOL_SOCKET, SO_BUSY_POLL, &(int){ -1 },
				sizeof(int)), EINVAL, "SO_BUSY_POLL -1");
	setint(r, SOL_SOCKET, SO_BUSY_POLL, 50);
	NET_EXP_EQ(getint(r, SOL_SOCKET, SO_BUSY_POLL), 50,
		   "SO_BUSY_POLL read back");
	TST_EXP_FAIL(setsockopt(r, SOL_SOCKET, SO_BUSY_POLL_BUDGET,
				&(int){ 65536 }, sizeof(int)), EINVAL,
		     "SO_BUSY_POLL_BUDGET 65536");
	TST_EXP_PASS(setsockopt(r, SOL_SOCKET, SO_BUSY_POLL_BUDGET,
				&(int){ 65535 }, sizeof(int)),
		     "SO_BUSY_POLL_BUDGET 65535");
	setint(r, SOL_SOCKET, SO_PREFER_BUSY_POLL, 1);
	NET_EXP_EQ(getint(r, SOL_SOCKET, SO_PREFER_BUSY_POLL), 1,
		   "SO_PREFER_BUSY_POLL read back");
	/* a busy polling reader still gets its datagram */
	s = net_socket(NET_A, family, SOCK_DGRAM);
	if (sendto(s, "busy", 4, 0, (struct sockaddr *)&ss,
		   family == AF_INET ? sizeof(struct sockaddr_in) :
		   sizeof(struct sockaddr_in6)) != 4)
		tst_brk(TBROK | TERRNO, "sendto()");
	net_wait(r, POLLIN);
	TST_EXP_VAL(recv(r, c, sizeof(c), 0), 4,
		    "recv() on a busy polling socket");
	close(s);
	close(r);
}

static int user_family;

static void as_user(void)
{
	int fd = socket(user_family, SOCK_STREAM, 0), v = 100000;

	if (fd < 0)
		tst_brk(TBROK | TERRNO, "socket()");
	setint(fd, SOL_SOCKET, SO_RCVBUF, 10000);
	setint(fd, SOL_SOCKET, SO_SNDBUF, 10000);
	TST_EXP_FAIL(setsockopt(fd, SOL_SOCKET, SO_RCVBUFFORCE, &v, sizeof(v)),
		     EPERM, "SO_RCVBUFFORCE as a user");
	TST_EXP_FAIL(setsockopt(fd, SOL_SOCKET, SO_SNDBUFFORCE, &v, sizeof(v)),
		     EPERM, "SO_SNDBUFFORCE as a user");
	NET_EXP_EQ(getint(fd, SOL_SOCKET, SO_RCVBUF), 20000,
		   "SO_RCVBUF unchanged by the refused FORCE");
	NET_EXP_EQ(getint(fd, SOL_SOCKET, SO_SNDBUF), 20000,
		   "SO_SNDBUF unchanged by the refused FORCE");
	TST_EXP_FAIL(setsockopt(fd, SOL_SOCKET, SO_PREFER_BUSY_POLL,
				&(int){ 1 }, sizeof(int)), EPERM,
		     "SO_PREFER_BUSY_POLL 1 as a user");
	TST_EXP_PASS(setsockopt(fd, SOL_SOCKET, SO_PREFER_BUSY_POLL,
				&(int){ 0 }, sizeof(int)),
		     "SO_PREFER_BUSY_POLL 0 as a user");
	TST_EXP_FAIL(setsockopt(fd, SOL_SOCKET, SO_BUSY_POLL_BUDGET,
				&(int){ 8 }, sizeof(int)), EPERM,
		     "SO_BUSY_POLL_BUDGET raised by a user");
	TST_EXP_PASS(setsockopt(fd, SOL_SOCKET, SO_BUSY_POLL_BUDGET,
				&(int){ 0 }, sizeof(int)),
		     "SO_BUSY_POLL_BUDGET kept at 0 by a user");
	close(fd);
}

static void user_check(int family)
{
	pid_t pid;

	user_family = family;
	net_enter(NET_A);
	pid = SAFE_FORK();
	if (!pid) {
		tst_drop_privs();
		as_user();
		exit(0);
	}
	reap_child(pid);
}

static void run(unsigned int n)
{
	int family = n ? AF_INET6 : AF_INET;

	tst_res(TINFO, "%s", n ? "IPv6" : "IPv4");
	listener_ioctls(family);
	filled_window(family);
	waitall(family);
	peek_off(family);
	lowat(family);
	bufsizes(family);
	busy_poll(family);
	user_check(family);
}

static long long read_ll(const char *path)
{
	long long v;

	SAFE_FILE_SCANF(path, "%lld", &v);
	return v;
}

static void setup(void)
{
	/* global sysctls, only read (from the guest's namespace) */
	rmem_max = read_ll("/proc/sys/net/core/rmem_max");
	wmem_max = read_ll("/proc/sys/net/core/wmem_max");
	busy_read = read_ll("/proc/sys/net/core/busy_read");
	if (rmem_max > INT_MAX / 4 || wmem_max > INT_MAX / 4)
		tst_brk(TCONF, "rmem_max %lld, wmem_max %lld too large to test the clamp",
			rmem_max, wmem_max);
	buf = SAFE_MALLOC(BUFSZ);
	net_hosts_setup();
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.forks_child = 1,
	.timeout = 60,
	.tags = (const struct tst_tag[]) {
		{"linux-git", "b98b0bc8c431"},
		{"CVE", "2016-9793"},
		{}
	},
};
