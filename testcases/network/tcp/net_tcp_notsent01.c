// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * TCP_NOTSENT_LOWAT, IPv4 and IPv6. The remote socket has a 4 KiB
 * receive buffer and reads nothing, so 100000 bytes written locally stop
 * at a zero window with U bytes not yet sent (SIOCOUTQNSD), nothing in
 * flight; U stays put while the checks run (each is repeated if U moved).
 * poll() reports POLLOUT only when twice the unsent bytes are below the
 * limit (tcp_poll() asks tcp_stream_memory_free() with wake 1):
 * - the option is 0 (unset) on a new socket, the namespace's
 *   net.ipv4.tcp_notsent_lowat starts at 4294967295; -1 is taken and
 *   read back (no EINVAL: the kernel stores it as UINT_MAX);
 * - per socket: limit 2U gives no POLLOUT, 2U + 1 gives POLLOUT;
 * - the sysctl with the option 0: the same edge; the option overrides
 *   the sysctl (option 2U under a sysctl of 2U + 1: no POLLOUT);
 * - raising the option wakes a task asleep in ppoll() for POLLOUT;
 * - the peer reading all data wakes a ppoll() under the limit 2U, and
 *   then twice the unsent bytes are below it; all 100000 bytes arrive.
 */
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <linux/sockios.h>
#include <linux/tcp.h>
#include "tst_test.h"
#include "net_hosts.h"
#include "task_wait.h"

#define TOTAL 100000

static int cfd, sfd;

static void set_lowat(int fd, int val)
{
	if (setsockopt(fd, IPPROTO_TCP, TCP_NOTSENT_LOWAT, &val, sizeof(val)))
		tst_brk(TBROK | TERRNO, "setsockopt(TCP_NOTSENT_LOWAT, %d)",
			val);
}

static int get_lowat(int fd)
{
	int val = -2;
	socklen_t len = sizeof(val);

	if (getsockopt(fd, IPPROTO_TCP, TCP_NOTSENT_LOWAT, &val, &len))
		tst_brk(TBROK | TERRNO, "getsockopt(TCP_NOTSENT_LOWAT)");
	return val;
}

static int ioctl_int(int fd, unsigned long req)
{
	int val;

	if (ioctl(fd, req, &val))
		tst_brk(TBROK | TERRNO, "ioctl(0x%lx)", req);
	return val;
}

static void sysctl_lowat(unsigned long val)
{
	char buf[32];

	snprintf(buf, sizeof(buf), "%lu", val);
	net_sysctl(NET_A, "net/ipv4/tcp_notsent_lowat", buf);
}

/* Wait (bounded) for a zero window with nothing in flight: unsent bytes. */
static int wait_stalled(void)
{
	long long deadline = tst_mono_ms() + 30000LL * tst_timeout_mul();
	struct tcp_info ti;
	socklen_t len;
	int outq, nsd;

	for (;;) {
		len = sizeof(ti);
		if (getsockopt(cfd, IPPROTO_TCP, TCP_INFO, &ti, &len))
			tst_brk(TBROK | TERRNO, "getsockopt(TCP_INFO)");
		outq = ioctl_int(cfd, SIOCOUTQ);
		nsd = ioctl_int(cfd, SIOCOUTQNSD);
		if (!ti.tcpi_snd_wnd && outq == nsd && nsd > 0)
			return nsd;
		if (tst_mono_ms() > deadline)
			tst_brk(TBROK, "no zero window: snd_wnd %u, %d queued, %d unsent",
				ti.tcpi_snd_wnd, outq, nsd);
		usleep(1000);
	}
}

/*
 * POLLOUT with the limit set by set(val) for val 2U and 2U + 1: 0 if the
 * edge was right, 1 if wrong, -1 if U moved meanwhile.
 */
static int edge(void (*set)(int val), const char *what)
{
	int u = wait_stalled(), below, at;

	set(2 * u);
	at = net_poll(cfd, POLLOUT, 0) & POLLOUT;
	set(2 * u + 1);
	below = net_poll(cfd, POLLOUT, 0) & POLLOUT;
	if (ioctl_int(cfd, SIOCOUTQNSD) != u)
		return -1;
	if (!at && below) {
		tst_res(TPASS, "%s: %d unsent, no POLLOUT at limit %d, POLLOUT at %d",
			what, u, 2 * u, 2 * u + 1);
		return 0;
	}
	tst_res(TFAIL, "%s: %d unsent, POLLOUT %s at limit %d, %s at %d", what,
		u, at ? "set" : "clear", 2 * u, below ? "set" : "clear",
		2 * u + 1);
	return 1;
}

static void set_sock(int val)
{
	set_lowat(cfd, val);
}

static void set_sysctl(int val)
{
	sysctl_lowat(val);
}

/* The sysctl at 2U + 1, the option at 2U: the option wins. */
static void set_both(int val)
{
	if (val & 1) {
		set_lowat(cfd, 0);
		sysctl_lowat(val);
	} else {
		sysctl_lowat(val + 1);
		set_lowat(cfd, val);
	}
}

static void check_edge(void (*set)(int val), const char *what)
{
	int i;

	for (i = 0; i < 5; i++) {
		if (edge(set, what) >= 0)
			return;
		tst_res(TINFO, "%s: the unsent bytes moved, again", what);
	}
	tst_res(TFAIL, "%s: the unsent bytes never stayed put", what);
}

/* A child asleep in ppoll() for POLLOUT: exits 0 on POLLOUT. */
static pid_t poller(void)
{
	pid_t pid = SAFE_FORK();

	if (!pid) {
		struct pollfd pfd = { .fd = cfd, .events = POLLOUT };
		struct timespec ts = { .tv_sec = 30 * tst_timeout_mul() };
		int ret = ppoll(&pfd, 1, &ts, NULL);

		exit(ret == 1 && (pfd.revents & POLLOUT) ? 0 : 1);
	}
	return pid;
}

static int poller_status(pid_t pid)
{
	int status;

	SAFE_WAITPID(pid, &status, 0);
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static void wake_on_set(void)
{
	int u = wait_stalled();
	pid_t pid;

	set_lowat(cfd, 2 * u);
	pid = poller();
	wait_task_in_syscall(pid, __NR_ppoll);
	set_lowat(cfd, 2 * u + 1);
	if (!poller_status(pid))
		tst_res(TPASS, "raising the limit woke the ppoll() with POLLOUT");
	else
		tst_res(TFAIL, "raising the limit did not wake the ppoll()");
}

static void wake_on_drain(void)
{
	static char buf[TOTAL];
	int u = wait_stalled(), nsd, waiter;
	pid_t reader;
	ssize_t n;

	set_lowat(cfd, 2 * u);
	waiter = poller();
	wait_task_in_syscall(waiter, __NR_ppoll);
	reader = SAFE_FORK();
	if (!reader) {
		n = net_read_all(sfd, buf, TOTAL);
		if (n != TOTAL)
			tst_res(TFAIL | TERRNO, "the peer read %zd of %d bytes", n,
				TOTAL);
		else
			tst_res(TPASS, "the peer read all %d bytes", TOTAL);
		exit(0);
	}
	if (!poller_status(waiter))
		tst_res(TPASS, "the peer's reads woke the ppoll() with POLLOUT");
	else
		tst_res(TFAIL, "the peer's reads did not wake the ppoll()");
	nsd = ioctl_int(cfd, SIOCOUTQNSD);
	if (2 * nsd < 2 * u)
		tst_res(TPASS, "then %d unsent bytes: twice that is below the limit %d", nsd,
			2 * u);
	else
		tst_res(TFAIL, "POLLOUT with %d unsent bytes at limit %d", nsd,
			2 * u);
	reap_child(reader);
}

static void run(unsigned int n)
{
	static char buf[TOTAL];
	struct sockaddr_storage ss;
	int family = n ? AF_INET6 : AF_INET, lfd;
	char val[32];

	tst_res(TINFO, "%s", n ? "IPv6" : "IPv4");
	lfd = net_socket(NET_B, family, SOCK_STREAM);
	if (setsockopt(lfd, SOL_SOCKET, SO_RCVBUF, &(int){ 4096 }, sizeof(int)))
		tst_brk(TBROK | TERRNO, "setsockopt(SO_RCVBUF)");
	net_addr(NET_B, family, 0, &ss);
	if (bind(lfd, (struct sockaddr *)&ss, family == AF_INET ?
		 sizeof(struct sockaddr_in) : sizeof(struct sockaddr_in6)) ||
	    listen(lfd, 1))
		tst_brk(TBROK | TERRNO, "bind()/listen()");
	{
		socklen_t l = sizeof(ss);

		if (getsockname(lfd, (struct sockaddr *)&ss, &l))
			tst_brk(TBROK | TERRNO, "getsockname()");
	}
	cfd = net_connect(NET_A, &ss);
	sfd = net_accept(lfd);
	close(lfd);

	NET_EXP_EQ(get_lowat(cfd), 0, "TCP_NOTSENT_LOWAT of a new socket");
	net_sysctl_read(NET_A, "net/ipv4/tcp_notsent_lowat", val, sizeof(val));
	if (strcmp(val, "4294967295"))
		tst_res(TFAIL, "tcp_notsent_lowat of a new namespace: %s", val);
	else
		tst_res(TPASS, "tcp_notsent_lowat of a new namespace: %s", val);
	set_lowat(cfd, -1);
	NET_EXP_EQ(get_lowat(cfd), -1, "TCP_NOTSENT_LOWAT -1 read back");
	set_lowat(cfd, 0);

	/* room for all of it: the limit, not the buffer, must decide */
	if (setsockopt(cfd, SOL_SOCKET, SO_SNDBUF, &(int){ 1 << 20 },
		       sizeof(int)))
		tst_brk(TBROK | TERRNO, "setsockopt(SO_SNDBUF)");
	net_set_nonblock(cfd, 1);
	memset(buf, 'n', sizeof(buf));
	if (net_write_all(cfd, buf, sizeof(buf)))
		tst_brk(TBROK, "writing %d bytes", TOTAL);
	if (!(net_poll(cfd, POLLOUT, 0) & POLLOUT))
		tst_brk(TBROK, "no POLLOUT without a limit: send buffer full");

	check_edge(set_sock, "TCP_NOTSENT_LOWAT");
	set_lowat(cfd, 0);
	check_edge(set_sysctl, "net.ipv4.tcp_notsent_lowat");
	NET_EXP_EQ(get_lowat(cfd), 0, "option still 0 under the sysctl");
	check_edge(set_both, "option over the sysctl");
	set_lowat(cfd, 0);
	sysctl_lowat(4294967295UL);
	wake_on_set();
	wake_on_drain();
	close(cfd);
	close(sfd);
}

static void setup(void)
{
	net_hosts_setup();
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.forks_child = 1,
	.timeout = 60,
};
