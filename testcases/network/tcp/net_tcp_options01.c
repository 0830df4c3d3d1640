// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * TCP socket options between two namespaces (IPv4 and IPv6 where it
 * matters):
 * - TCP_CORK: ten 10 byte writes stay unsent (SIOCOUTQNSD 100) while
 *   corked, checked only when less than TCP_RTO_MIN (200 ms) passed,
 *   before the zero window probe timer may push them; uncorking sends
 *   them as exactly one segment (tcpi_segs_out + 1) and the peer reads
 *   100 bytes;
 * - TCP_NODELAY (autocorking off in the namespace): ten 10 byte writes
 *   leave as ten segments;
 * - TCP_MAXSEG: EINVAL below 88 and above 32767; set to 1000 before
 *   connect() it is read back as 1000, and the peer's send MSS is the
 *   clamp less the 12 bytes of the timestamp option (988, IPv4 and
 *   IPv6), and a 5000 byte write arrives whole;
 * - TCP_DEFER_ACCEPT: 5 s is read back as 7 (three SYN-ACK
 *   retransmissions: 1 + 2 + 4 s); a connection with no data is not
 *   accepted (checked only within the first second, before the first
 *   SYN-ACK retransmission), the first data makes it acceptable and
 *   readable at once;
 * - TCP_USER_TIMEOUT: EINVAL when negative, read back; with 1000 ms and
 *   a netem qdisc dropping all the local host sends (loss 100%: each
 *   retransmission leaves the host and is lost), unacknowledged data
 *   aborts the connection with ETIMEDOUT no sooner than the timeout
 *   (950 ms allowing for the clock granularity), far sooner than the
 *   retries would (minutes), state TCP_CLOSE, tcpi_total_retrans >= 1.
 */
#include <sys/ioctl.h>
#include <linux/sockios.h>
#include <linux/tcp.h>
#include <linux/pkt_sched.h>
#include "tst_test.h"
#include "net_hosts.h"

enum { ST_CLOSE = 7 };

static void tinfo(int fd, struct tcp_info *ti)
{
	socklen_t len = sizeof(*ti);

	memset(ti, 0, sizeof(*ti));
	if (getsockopt(fd, IPPROTO_TCP, TCP_INFO, ti, &len))
		tst_brk(TBROK | TERRNO, "getsockopt(TCP_INFO)");
}

static int getopt_int(int fd, int opt)
{
	int val = -1;
	socklen_t len = sizeof(val);

	if (getsockopt(fd, IPPROTO_TCP, opt, &val, &len))
		tst_brk(TBROK | TERRNO, "getsockopt(%d)", opt);
	return val;
}

static void setopt_int(int fd, int opt, int val)
{
	if (setsockopt(fd, IPPROTO_TCP, opt, &val, sizeof(val)))
		tst_brk(TBROK | TERRNO, "setsockopt(%d, %d)", opt, val);
}

/* Read exactly len bytes from fd (bounded), or TFAIL. */
static int read_exact(int fd, size_t len, const char *what)
{
	static char buf[8192];
	ssize_t n = net_read_all(fd, buf, len);

	if (n != (ssize_t)len) {
		tst_res(TFAIL | TERRNO, "%s: read %zd of %zu bytes", what, n,
			len);
		return -1;
	}
	return 0;
}

static void cork(int family)
{
	struct tcp_info t0, t1;
	int cfd, sfd, i, tries, unsent = -1;
	long long start, el = 0;

	for (tries = 0; tries < 5; tries++) {
		net_tcp_pair(NET_A, NET_B, family, &cfd, &sfd);
		setopt_int(cfd, TCP_CORK, 1);
		NET_EXP_EQ(getopt_int(cfd, TCP_CORK), 1, "TCP_CORK read back");
		tinfo(cfd, &t0);
		start = tst_mono_ms();
		for (i = 0; i < 10; i++)
			if (write(cfd, "0123456789", 10) != 10)
				tst_brk(TBROK | TERRNO, "write()");
		if (ioctl(cfd, SIOCOUTQNSD, &unsent))
			tst_brk(TBROK | TERRNO, "ioctl(SIOCOUTQNSD)");
		el = tst_mono_ms() - start;
		if (el < 200)
			break;
		tst_res(TINFO, "writes took %lld ms, the probe timer may have run: again",
			el);
		close(cfd);
		close(sfd);
	}
	if (tries == 5) {
		tst_res(TFAIL, "corked writes never took less than 200 ms");
		return;
	}
	NET_EXP_EQ(unsent, 100, "bytes not sent while corked");
	setopt_int(cfd, TCP_CORK, 0);
	if (!read_exact(sfd, 100, "after uncork"))
		tst_res(TPASS, "the peer read the 100 corked bytes after uncork");
	tinfo(cfd, &t1);
	NET_EXP_EQ(t1.tcpi_segs_out - t0.tcpi_segs_out, 1,
		   "segments sent for the 10 corked writes");
	close(cfd);
	close(sfd);
}

static void nodelay(int family)
{
	struct tcp_info t0, t1;
	int cfd, sfd, i;

	net_tcp_pair(NET_A, NET_B, family, &cfd, &sfd);
	setopt_int(cfd, TCP_NODELAY, 1);
	NET_EXP_EQ(getopt_int(cfd, TCP_NODELAY), 1, "TCP_NODELAY read back");
	tinfo(cfd, &t0);
	for (i = 0; i < 10; i++) {
		if (write(cfd, "0123456789", 10) != 10)
			tst_brk(TBROK | TERRNO, "write()");
	}
	if (!read_exact(sfd, 100, "TCP_NODELAY writes"))
		tst_res(TPASS, "the peer read the 100 bytes");
	tinfo(cfd, &t1);
	NET_EXP_EQ(t1.tcpi_segs_out - t0.tcpi_segs_out, 10,
		   "segments sent for 10 writes with TCP_NODELAY");
	close(cfd);
	close(sfd);
}

static void maxseg(int family)
{
	struct sockaddr_storage ss;
	struct tcp_info ti;
	static char buf[5000];
	int lfd = net_listener(NET_B, family, &ss);
	int fd = net_socket(NET_A, family, SOCK_STREAM);
	int sfd, val;

	val = 87;
	TST_EXP_FAIL(setsockopt(fd, IPPROTO_TCP, TCP_MAXSEG, &val, sizeof(val)),
		     EINVAL, "TCP_MAXSEG 87");
	val = 32768;
	TST_EXP_FAIL(setsockopt(fd, IPPROTO_TCP, TCP_MAXSEG, &val, sizeof(val)),
		     EINVAL, "TCP_MAXSEG 32768");
	setopt_int(fd, TCP_MAXSEG, 1000);
	NET_EXP_EQ(getopt_int(fd, TCP_MAXSEG), 1000,
		   "TCP_MAXSEG read back before connect()");
	if (net_connect_fd(fd, &ss))
		tst_brk(TBROK, "connect()");
	sfd = net_accept(lfd);
	tinfo(sfd, &ti);
	NET_EXP_EQ(ti.tcpi_snd_mss, 988,
		   "peer's send MSS (1000 clamp - 12 timestamp bytes)");
	NET_EXP_EQ(getopt_int(sfd, TCP_MAXSEG), 988, "peer's TCP_MAXSEG");
	memset(buf, 'm', sizeof(buf));
	if (net_write_all(sfd, buf, sizeof(buf)))
		tst_brk(TBROK, "write()");
	if (!read_exact(fd, sizeof(buf), "5000 bytes at MSS 988"))
		tst_res(TPASS, "5000 bytes arrived in 988 byte segments");
	close(fd);
	close(sfd);
	close(lfd);
}

static void defer_accept(int family)
{
	struct sockaddr_storage ss;
	int lfd = net_listener(NET_B, family, &ss);
	int fd, sfd, tries;
	long long start, el = 0;
	short rev = 0;
	char c;

	setopt_int(lfd, TCP_DEFER_ACCEPT, 5);
	NET_EXP_EQ(getopt_int(lfd, TCP_DEFER_ACCEPT), 7,
		   "TCP_DEFER_ACCEPT 5 s read back (3 retransmissions)");
	for (tries = 0; tries < 5; tries++) {
		fd = net_socket(NET_A, family, SOCK_STREAM);
		start = tst_mono_ms();
		if (net_connect_fd(fd, &ss))
			tst_brk(TBROK, "connect()");
		rev = net_poll(lfd, POLLIN, 0);
		el = tst_mono_ms() - start;
		if (el < 1000)
			break;
		close(fd);
	}
	if (tries == 5) {
		tst_res(TFAIL, "connect() never took less than 1 s");
		close(lfd);
		return;
	}
	if (rev)
		tst_res(TFAIL, "listener readable before any data (0x%x)", rev);
	else
		tst_res(TPASS, "no connection to accept before data");
	if (write(fd, "d", 1) != 1)
		tst_brk(TBROK | TERRNO, "write()");
	sfd = net_accept(lfd);
	net_set_nonblock(sfd, 1);
	TST_EXP_EQ_LI(read(sfd, &c, 1), 1);
	close(sfd);
	close(fd);
	close(lfd);
}

/* A netem root qdisc on the local net0 dropping everything (add/del). */
static int netem_loss(int type)
{
	static struct rtnl_msg m;
	struct tcmsg tcm = {
		.tcm_family = AF_UNSPEC, .tcm_parent = TC_H_ROOT,
		.tcm_handle = 0x10000,
	};
	struct tc_netem_qopt q = { .limit = 1000, .loss = UINT32_MAX };

	net_enter(NET_A);
	tcm.tcm_ifindex = rtnl_ifindex("net0");
	rtnl_msg_init(&m, type, type == RTM_NEWQDISC ?
		      NLM_F_CREATE | NLM_F_EXCL : 0, &tcm, sizeof(tcm));
	if (type == RTM_NEWQDISC) {
		rtnl_put_str(&m, TCA_KIND, "netem");
		rtnl_put(&m, TCA_OPTIONS, &q, sizeof(q));
	}
	return rtnl_talk(&m);
}

static void user_timeout(void)
{
	struct tcp_info ti;
	int cfd, sfd, err = 0, val = -1;
	socklen_t elen = sizeof(err);
	long long start, el;

	net_tcp_pair(NET_A, NET_B, AF_INET, &cfd, &sfd);
	TST_EXP_FAIL(setsockopt(cfd, IPPROTO_TCP, TCP_USER_TIMEOUT, &val,
				sizeof(val)), EINVAL, "TCP_USER_TIMEOUT -1");
	setopt_int(cfd, TCP_USER_TIMEOUT, 1000);
	NET_EXP_EQ(getopt_int(cfd, TCP_USER_TIMEOUT), 1000,
		   "TCP_USER_TIMEOUT read back");
	if (netem_loss(RTM_NEWQDISC)) {
		tst_res(TCONF, "no netem qdisc: TCP_USER_TIMEOUT abort skipped");
		close(cfd);
		close(sfd);
		return;
	}
	start = tst_mono_ms();
	if (write(cfd, "lost", 4) != 4)
		tst_brk(TBROK | TERRNO, "write()");
	if (!(net_poll(cfd, POLLERR, 30000) & POLLERR)) {
		tst_res(TFAIL, "no error %d ms after all packets were dropped",
			net_ms(30000));
	} else {
		el = tst_mono_ms() - start;
		tinfo(cfd, &ti);
		getsockopt(cfd, SOL_SOCKET, SO_ERROR, &err, &elen);
		if (err == ETIMEDOUT)
			tst_res(TPASS, "connection aborted with ETIMEDOUT");
		else
			tst_res(TFAIL, "connection aborted with %s, expected ETIMEDOUT",
				tst_strerrno(err));
		if (el >= 950)
			tst_res(TPASS, "aborted after %lld ms (timeout 1000 ms)", el);
		else
			tst_res(TFAIL, "aborted after %lld ms, before the 1000 ms timeout",
				el);
		NET_EXP_EQ(ti.tcpi_state, ST_CLOSE, "state after the abort");
		if (ti.tcpi_total_retrans >= 1)
			tst_res(TPASS, "%u retransmissions before the abort",
				ti.tcpi_total_retrans);
		else
			tst_res(TFAIL, "no retransmission before the abort");
	}
	RTNL_SAFE(netem_loss(RTM_DELQDISC));
	close(cfd);
	close(sfd);
}

static void run(unsigned int n)
{
	int family = n ? AF_INET6 : AF_INET;

	tst_res(TINFO, "%s", n ? "IPv6" : "IPv4");
	cork(family);
	nodelay(family);
	maxseg(family);
	defer_accept(family);
	if (!n)
		user_timeout();
}

static void setup(void)
{
	net_hosts_setup();
	net_sysctl(NET_A, "net/ipv4/tcp_autocorking", "0");
	net_enter(NET_A);
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.timeout = 60,
};
