// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * SO_RCVTIMEO and SO_SNDTIMEO between two namespaces:
 * - options: {0, 0} on a new socket; {2, 500000} reads back; {0, 1} reads
 *   back as one clock tick (1 to 10 ms); {1, 999999} rounds up to whole
 *   ticks; {LONG_MAX, 0} is no timeout ({0, 0}); tv_usec 1000000 and -1
 *   are EDOM and a short option EINVAL, the value kept; {3, 250000} set
 *   by the _NEW option (64-bit fields) is rounded up to ticks too
 *   ({3, 252000} at HZ 250) and both options read it; a read of 8 bytes
 *   gets tv_sec alone;
 * - a negative tv_sec reads back {0, 0} but makes recv() non-blocking:
 *   EAGAIN at once (a 5 s alarm would make a blocking one EINTR);
 * - recv() on an empty UDP socket and accept() on an idle listener with
 *   300 ms fail with EAGAIN, no sooner than 300 ms less a tick;
 * - a signal ends a recv() that has a timeout with EINTR even under
 *   SA_RESTART, while a recv() without one is restarted and gets the
 *   datagram the handler sent;
 * - TCP writes of 1 MiB to a peer that does not read, with 300 ms: each
 *   returns after the timeout, the first with part of the data, until
 *   one fails with EAGAIN; the peer then reads exactly what the writes
 *   reported, in order;
 * - connect() with 300 ms to an address whose SYNs go unanswered fails
 *   with EINPROGRESS after the timeout, the socket in SYN_SENT, and a
 *   second connect() is EALREADY.
 */
#include <signal.h>
#include <limits.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <netinet/tcp.h>
#include "tst_test.h"
#include "net_hosts.h"
#include "task_wait.h"

#ifndef SO_RCVTIMEO_NEW
# define SO_RCVTIMEO_NEW 66
#endif
#ifndef SO_SNDTIMEO_NEW
# define SO_SNDTIMEO_NEW 67
#endif

#define TMO_MS 300
#define BIG (1 << 20)

struct sock_tv64 {
	long long sec;
	long long usec;
};

static long tick_us;
static volatile int handled;
static int h_sfd = -1;
static struct sockaddr_storage h_dst;

static const char *oname(int opt)
{
	return opt == SO_RCVTIMEO ? "SO_RCVTIMEO" : "SO_SNDTIMEO";
}

static int set_tv(int fd, int opt, long sec, long usec)
{
	struct timeval tv = { .tv_sec = sec, .tv_usec = usec };

	return setsockopt(fd, SOL_SOCKET, opt, &tv, sizeof(tv));
}

static void get_tv(int fd, int opt, struct timeval *tv)
{
	socklen_t len = sizeof(*tv);

	if (getsockopt(fd, SOL_SOCKET, opt, tv, &len))
		tst_brk(TBROK | TERRNO, "getsockopt(%s)", oname(opt));
	if (len != sizeof(*tv))
		tst_brk(TBROK, "getsockopt(%s) length %u", oname(opt), len);
}

static void expect_tv(int fd, int opt, long sec, long usec, const char *what)
{
	struct timeval tv;

	get_tv(fd, opt, &tv);
	if (tv.tv_sec == sec && tv.tv_usec == usec)
		tst_res(TPASS, "%s %s reads {%ld, %ld}", oname(opt), what, sec,
			usec);
	else
		tst_res(TFAIL, "%s %s reads {%ld, %ld}, expected {%ld, %ld}",
			oname(opt), what, (long)tv.tv_sec, (long)tv.tv_usec,
			sec, usec);
}

/*
 * The kernel's rounding, in ticks of tick_us: whole seconds plus usec
 * rounded up to a tick, read back as seconds and the ticks left over.
 */
static void expect_ticks(int fd, int opt, long sec, long usec,
			 const char *what)
{
	long hz = 1000000 / tick_us;
	long j = sec * hz + (usec + tick_us - 1) / tick_us;

	expect_tv(fd, opt, j / hz, (j % hz) * 1000000 / hz, what);
}

static void check_opt(int fd, int opt)
{
	struct timeval tv;
	struct sock_tv64 t64 = { 3, 250000 };
	socklen_t len;
	long long sec8 = -1;

	expect_tv(fd, opt, 0, 0, "of a new socket");
	if (set_tv(fd, opt, 2, 500000))
		tst_brk(TBROK | TERRNO, "setsockopt(%s)", oname(opt));
	expect_tv(fd, opt, 2, 500000, "set {2, 500000}");

	if (set_tv(fd, opt, 0, 1))
		tst_brk(TBROK | TERRNO, "setsockopt(%s)", oname(opt));
	get_tv(fd, opt, &tv);
	if (tv.tv_sec || tv.tv_usec < 1000 || tv.tv_usec > 10000)
		tst_res(TFAIL, "%s {0, 1} reads {%ld, %ld}, not one tick",
			oname(opt), (long)tv.tv_sec, (long)tv.tv_usec);
	else
		tst_res(TPASS, "%s {0, 1} reads one tick: %ld us", oname(opt),
			(long)tv.tv_usec);
	tick_us = tv.tv_usec ? tv.tv_usec : 10000;

	if (set_tv(fd, opt, 1, 999999))
		tst_brk(TBROK | TERRNO, "setsockopt(%s)", oname(opt));
	expect_ticks(fd, opt, 1, 999999, "set {1, 999999}");

	if (set_tv(fd, opt, LONG_MAX, 0))
		tst_brk(TBROK | TERRNO, "setsockopt(%s, LONG_MAX)", oname(opt));
	expect_tv(fd, opt, 0, 0, "set {LONG_MAX, 0} (no timeout)");

	if (set_tv(fd, opt, 2, 500000))
		tst_brk(TBROK | TERRNO, "setsockopt(%s)", oname(opt));
	TST_EXP_FAIL(set_tv(fd, opt, 1, 1000000), EDOM,
		     "%s tv_usec 1000000", oname(opt));
	TST_EXP_FAIL(set_tv(fd, opt, 1, -1), EDOM, "%s tv_usec -1", oname(opt));
	TST_EXP_FAIL(setsockopt(fd, SOL_SOCKET, opt, &tv, sizeof(tv) - 1),
		     EINVAL, "%s of %zu bytes", oname(opt), sizeof(tv) - 1);
	expect_tv(fd, opt, 2, 500000, "after the refused values");

	if (setsockopt(fd, SOL_SOCKET, opt == SO_RCVTIMEO ? SO_RCVTIMEO_NEW :
		       SO_SNDTIMEO_NEW, &t64, sizeof(t64)))
		tst_brk(TBROK | TERRNO, "setsockopt(%s_NEW)", oname(opt));
	expect_ticks(fd, opt, 3, 250000, "set {3, 250000} by the _NEW option");
	memset(&t64, 0, sizeof(t64));
	len = sizeof(t64);
	if (getsockopt(fd, SOL_SOCKET, opt == SO_RCVTIMEO ? SO_RCVTIMEO_NEW :
		       SO_SNDTIMEO_NEW, &t64, &len))
		tst_brk(TBROK | TERRNO, "getsockopt(%s_NEW)", oname(opt));
	get_tv(fd, opt, &tv);
	if (len != sizeof(t64) || t64.sec != tv.tv_sec || t64.usec != tv.tv_usec)
		tst_res(TFAIL, "%s_NEW reads {%lld, %lld} in %u bytes, the old option {%ld, %ld}",
			oname(opt), t64.sec, t64.usec, len, (long)tv.tv_sec,
			(long)tv.tv_usec);
	else
		tst_res(TPASS, "%s_NEW reads {%lld, %lld} like the old option",
			oname(opt), t64.sec, t64.usec);
	len = sizeof(sec8);
	if (getsockopt(fd, SOL_SOCKET, opt, &sec8, &len))
		tst_brk(TBROK | TERRNO, "getsockopt(%s, 8 bytes)", oname(opt));
	if (len != 8 || sec8 != 3)
		tst_res(TFAIL, "%s read into 8 bytes: %lld in %u bytes",
			oname(opt), sec8, len);
	else
		tst_res(TPASS, "%s read into 8 bytes: tv_sec 3", oname(opt));

	if (set_tv(fd, opt, -1, 0))
		tst_brk(TBROK | TERRNO, "setsockopt(%s, -1 s)", oname(opt));
	expect_tv(fd, opt, 0, 0, "set {-1, 0}");
}

static void on_sig(int sig)
{
	(void)sig;
	handled++;
	if (h_sfd >= 0)
		sendto(h_sfd, "r", 1, 0, (struct sockaddr *)&h_dst,
		       sizeof(struct sockaddr_in));
}

static void sigact(int sig, int flags)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_sig;
	sa.sa_flags = flags;
	sigemptyset(&sa.sa_mask);
	if (sigaction(sig, &sa, NULL))
		tst_brk(TBROK | TERRNO, "sigaction()");
}

/* A call that timed out: elapsed no less than TMO_MS less a tick. */
static void check_elapsed(long long t0, const char *what)
{
	long long ms = tst_mono_ms() - t0;
	long long lo = TMO_MS - (tick_us + 999) / 1000;

	if (ms < lo)
		tst_res(TFAIL, "%s returned after %lld ms, before %lld ms",
			what, ms, lo);
	else if (ms > TMO_MS + net_ms(10000))
		tst_res(TFAIL, "%s returned after %lld ms, timeout %d ms",
			what, ms, TMO_MS);
	else
		tst_res(TPASS, "%s returned after %lld ms (timeout %d ms)",
			what, ms, TMO_MS);
}

/* A negative timeout: recv() returns EAGAIN, not EINTR from the alarm. */
static void check_negative(int fd)
{
	struct itimerval it = { .it_value = { 5 * tst_timeout_mul(), 0 } };
	struct itimerval off = { 0 };
	char c;

	sigact(SIGALRM, 0);
	if (setitimer(ITIMER_REAL, &it, NULL))
		tst_brk(TBROK | TERRNO, "setitimer()");
	TST_EXP_FAIL(recv(fd, &c, 1, 0), EAGAIN,
		     "recv() with SO_RCVTIMEO {-1, 0}");
	setitimer(ITIMER_REAL, &off, NULL);
	signal(SIGALRM, SIG_DFL);
}

static void check_udp(void)
{
	struct sockaddr_storage ss;
	int fd = net_bound(NET_B, AF_INET, SOCK_DGRAM, &ss);
	long long t0;
	char c;

	check_opt(fd, SO_RCVTIMEO);
	check_negative(fd);
	check_opt(fd, SO_SNDTIMEO);

	if (set_tv(fd, SO_RCVTIMEO, 0, TMO_MS * 1000))
		tst_brk(TBROK | TERRNO, "setsockopt(SO_RCVTIMEO)");
	t0 = tst_mono_ms();
	TST_EXP_FAIL(recv(fd, &c, 1, 0), EAGAIN, "recv() on an empty socket");
	check_elapsed(t0, "recv()");
	close(fd);
}

static void intr_child(int rfd, int timeout)
{
	char c = 0;
	ssize_t n;

	sigact(SIGUSR1, SA_RESTART);
	if (timeout && set_tv(rfd, SO_RCVTIMEO, 60, 0))
		tst_brk(TBROK | TERRNO, "setsockopt(SO_RCVTIMEO)");
	n = recvfrom(rfd, &c, 1, 0, NULL, NULL);
	if (timeout) {
		if (n == -1 && errno == EINTR)
			tst_res(TPASS, "recv() with a timeout: EINTR under SA_RESTART");
		else
			tst_res(TFAIL | TERRNO, "recv() with a timeout: %zd", n);
	} else {
		if (n == 1 && c == 'r')
			tst_res(TPASS, "recv() without a timeout restarted, got the datagram");
		else
			tst_res(TFAIL | TERRNO, "recv() without a timeout: %zd ('%c')",
				n, c);
	}
	NET_EXP_EQ(handled, 1, "signal handler runs");
	exit(0);
}

static void check_intr(int timeout)
{
	int rfd = net_bound(NET_B, AF_INET, SOCK_DGRAM, &h_dst);
	pid_t pid;

	h_sfd = net_socket(NET_A, AF_INET, SOCK_DGRAM);
	pid = SAFE_FORK();
	if (!pid)
		intr_child(rfd, timeout);
	wait_task_in_syscall(pid, __NR_recvfrom);
	SAFE_KILL(pid, SIGUSR1);
	reap_child(pid);
	close(h_sfd);
	h_sfd = -1;
	close(rfd);
}

static void check_accept(void)
{
	struct sockaddr_storage ss;
	int lfd = net_listener(NET_B, AF_INET6, &ss);
	long long t0;

	if (set_tv(lfd, SO_RCVTIMEO, 0, TMO_MS * 1000))
		tst_brk(TBROK | TERRNO, "setsockopt(SO_RCVTIMEO)");
	t0 = tst_mono_ms();
	TST_EXP_FAIL(accept(lfd, NULL, NULL), EAGAIN,
		     "accept() on an idle listener");
	check_elapsed(t0, "accept()");
	close(lfd);
}

static void check_send(void)
{
	static unsigned char buf[BIG], got[BIG];
	struct sockaddr_storage ss;
	int lfd, cfd, sfd, val = 4096, i, eagain = 0;
	long long t0, total = 0, k;
	ssize_t n;

	for (k = 0; k < BIG; k++)
		buf[k] = k * 7 + (k >> 9);
	lfd = net_listener(NET_B, AF_INET, &ss);
	if (setsockopt(lfd, SOL_SOCKET, SO_RCVBUF, &val, sizeof(val)))
		tst_brk(TBROK | TERRNO, "setsockopt(SO_RCVBUF)");
	cfd = net_connect(NET_A, &ss);
	sfd = net_accept(lfd);
	close(lfd);
	if (setsockopt(cfd, SOL_SOCKET, SO_SNDBUF, &val, sizeof(val)) ||
	    set_tv(cfd, SO_SNDTIMEO, 0, TMO_MS * 1000))
		tst_brk(TBROK | TERRNO, "setsockopt(cfd)");

	for (i = 0; i < 20 && !eagain; i++) {
		t0 = tst_mono_ms();
		n = write(cfd, buf + total, BIG - total);
		if (n < 0 && errno == EAGAIN) {
			eagain = 1;
		} else if (n <= 0 || total + n >= BIG) {
			/* a full peer must stop a 1 MiB write short */
			tst_brk(TFAIL | TERRNO, "write %d: %zd", i, n);
		} else {
			if (!i)
				tst_res(TPASS, "first write: %zd of %d bytes",
					n, BIG);
			total += n;
		}
		check_elapsed(t0, eagain ? "write() (EAGAIN)" : "write()");
	}
	if (!eagain)
		tst_res(TFAIL, "20 writes to a full socket and no EAGAIN");
	else
		tst_res(TPASS, "write() %d failed with EAGAIN, %lld bytes taken",
			i, total);
	if (net_read_all(sfd, got, total) != total)
		tst_brk(TBROK | TERRNO, "reading %lld bytes", total);
	if (memcmp(got, buf, total))
		tst_res(TFAIL, "the bytes read differ from those written");
	else
		tst_res(TPASS, "the peer read exactly the %lld bytes written", total);
	net_set_nonblock(sfd, 1);
	n = read(sfd, got, 1);
	if (n < 0 && errno == EAGAIN)
		tst_res(TPASS, "nothing beyond them");
	else
		tst_res(TFAIL | TERRNO, "read beyond the written bytes: %zd", n);
	close(cfd);
	close(sfd);
}

static void check_connect(void)
{
	static const unsigned char mac[6] = { 0x02, 0, 0, 0, 0, 0x99 };
	struct sockaddr_in to = { .sin_family = AF_INET, .sin_port = htons(80) };
	int fd, err = -1;
	socklen_t len = sizeof(err);
	long long t0;

	net_enter(NET_A);
	/* the SYNs leave for a MAC nobody has: unanswered, never refused */
	net_pin4("net0", "10.99.1.3", mac);
	net_ipv4("10.99.1.3", &to.sin_addr);
	fd = net_socket(NET_A, AF_INET, SOCK_STREAM);
	if (set_tv(fd, SO_SNDTIMEO, 0, TMO_MS * 1000))
		tst_brk(TBROK | TERRNO, "setsockopt(SO_SNDTIMEO)");
	t0 = tst_mono_ms();
	TST_EXP_FAIL(connect(fd, (struct sockaddr *)&to, sizeof(to)),
		     EINPROGRESS, "connect() to a silent address");
	check_elapsed(t0, "connect()");
	NET_EXP_EQ(net_tcp_state(fd), TCP_SYN_SENT, "state after the timeout");
	if (getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &len))
		tst_brk(TBROK | TERRNO, "getsockopt(SO_ERROR)");
	NET_EXP_EQ(err, 0, "SO_ERROR while connecting");
	TST_EXP_FAIL(connect(fd, (struct sockaddr *)&to, sizeof(to)),
		     EALREADY, "second connect()");
	close(fd);
}

static void run(void)
{
	check_udp();
	check_intr(1);
	check_intr(0);
	check_accept();
	check_send();
	check_connect();
}

static void setup(void)
{
	net_hosts_setup_pinned();
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.forks_child = 1,
};
