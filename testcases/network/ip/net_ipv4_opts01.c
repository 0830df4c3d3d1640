// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * IPv4 header options and source address control through a router
 * namespace (local 10.99.1.1 -- router 10.99.1.254 / 10.99.2.254 --
 * remote 10.99.2.2):
 * - IP_OPTIONS: EINVAL for more than 40 bytes and for malformed record
 *   route options (length < 3, pointer < 4, two of them); what was set
 *   reads back (padded with IPOPT_END);
 * - record route: the sender, the router's outgoing address and the
 *   receiver are recorded in order, pointer 16 (ip_options_build(),
 *   ip_forward_options(), ip_options_compile()), seen by IP_RECVOPTS
 *   and in the header a raw socket gets; with room for two only the
 *   receiver adds nothing; IP_RETOPTS gives the same addresses back;
 * - timestamps: only-timestamps gets three times of the day in ms that
 *   lie between the send and the receipt and do not go back; a short
 *   option counts the receiver in the overflow nibble; address and
 *   timestamp pairs name the sender, the router's incoming address and
 *   the receiver;
 * - IP_PKTINFO: ipi_spec_dst picks the source of an unbound socket, a
 *   foreign one is ENETUNREACH unless IP_TRANSPARENT, a multicast one
 *   EINVAL; the receiver's
 *   IP_PKTINFO shows its interface and the destination address;
 * - bind() of a foreign address: EADDRNOTAVAIL, allowed with
 *   IP_FREEBIND and with ip_nonlocal_bind; IP_TRANSPARENT is EPERM in a
 *   user namespace that does not own the network namespace, IP_FREEBIND
 *   is not;
 * - IP_MTU_DISCOVER: DF set by default and with DO and PROBE,
 *   clear with DONT, INTERFACE and OMIT (__ip_make_skb()), EINVAL past
 *   IP_PMTUDISC_OMIT.
 */
#include <sys/wait.h>
#include <netinet/ip.h>
#include <time.h>
#include "tst_test.h"
#include "net_hosts.h"
#include "socket_helpers.h"

#ifndef IP_PMTUDISC_OMIT
# define IP_PMTUDISC_OMIT 5
#endif

static int rfd = -1, raw = -1, sfd = -1;
static struct sockaddr_storage raddr;
static unsigned char hdr[128];
static int hdrlen;

struct rx {
	unsigned char opts[40], retopts[40];
	int optlen, retlen, ifindex;
	struct in_addr pktdst;
	struct sockaddr_in from;
};

static uint32_t ms_of_day(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return (ts.tv_sec % 86400) * 1000 + ts.tv_nsec / 1000000;
}

/* One datagram on the remote's socket; its options; its raw copy. */
static void receive(struct rx *rx)
{
	char buf[64], cbuf[512];
	struct iovec iov = { buf, sizeof(buf) };
	struct msghdr mh = {
		.msg_name = &rx->from, .msg_namelen = sizeof(rx->from),
		.msg_iov = &iov, .msg_iovlen = 1,
		.msg_control = cbuf, .msg_controllen = sizeof(cbuf),
	};
	struct cmsghdr *c;
	ssize_t n;

	memset(rx, 0, sizeof(*rx));
	net_wait(rfd, POLLIN);
	if (recvmsg(rfd, &mh, MSG_DONTWAIT) < 0)
		tst_brk(TBROK | TERRNO, "recvmsg()");
	for (c = CMSG_FIRSTHDR(&mh); c; c = CMSG_NXTHDR(&mh, c)) {
		size_t len = c->cmsg_len - CMSG_LEN(0);

		if (c->cmsg_level != IPPROTO_IP)
			continue;
		if (c->cmsg_type == IP_RECVOPTS && len <= 40) {
			memcpy(rx->opts, CMSG_DATA(c), len);
			rx->optlen = len;
		} else if (c->cmsg_type == IP_RETOPTS && len <= 40) {
			memcpy(rx->retopts, CMSG_DATA(c), len);
			rx->retlen = len;
		} else if (c->cmsg_type == IP_PKTINFO) {
			struct in_pktinfo *pi = (void *)CMSG_DATA(c);

			rx->ifindex = pi->ipi_ifindex;
			rx->pktdst = pi->ipi_addr;
		}
	}
	/* the raw IPPROTO_UDP socket has the same datagram, header first */
	net_wait(raw, POLLIN);
	n = recv(raw, hdr, sizeof(hdr), MSG_DONTWAIT);
	if (n < 20)
		tst_brk(TBROK | TERRNO, "recv(raw)");
	hdrlen = n;
}

static void send_opts(const unsigned char *opt, int len)
{
	if (setsockopt(sfd, IPPROTO_IP, IP_OPTIONS, opt, len))
		tst_brk(TBROK | TERRNO, "setsockopt(IP_OPTIONS, %d bytes)", len);
	if (sendto(sfd, "opts", 4, 0, (struct sockaddr *)&raddr,
		   sizeof(struct sockaddr_in)) != 4)
		tst_brk(TBROK | TERRNO, "sendto()");
}

static uint32_t ip4(const char *s)
{
	struct in_addr a;

	inet_pton(AF_INET, s, &a);
	return a.s_addr;
}

static const char *ipstr(const unsigned char *p)
{
	static char buf[4][16];
	static int i;

	i = (i + 1) % 4;
	snprintf(buf[i], sizeof(buf[i]), "%u.%u.%u.%u", p[0], p[1], p[2],
		 p[3]);
	return buf[i];
}

/* The addresses at opt + off, step bytes apart, are want[0..n-1]. */
static int addrs_are(const unsigned char *opt, int off, int step,
		     const char *const *want, int n, const char *what)
{
	int i, bad = 0;

	for (i = 0; i < n; i++) {
		uint32_t a = ip4(want[i]);

		if (memcmp(opt + off + i * step, &a, 4)) {
			tst_res(TFAIL, "%s: slot %d holds %s, expected %s",
				what, i, ipstr(opt + off + i * step), want[i]);
			bad = 1;
		}
	}
	return !bad;
}

static void opt_errors(void)
{
	unsigned char big[44], bad[8];
	int fd = net_socket(NET_A, AF_INET, SOCK_DGRAM);
	unsigned char rr[12] = { IPOPT_RR, 11, 4 };
	unsigned char back[40];
	socklen_t blen = sizeof(back);

	memset(big, IPOPT_NOOP, sizeof(big));
	TST_EXP_FAIL(setsockopt(fd, IPPROTO_IP, IP_OPTIONS, big, 44), EINVAL,
		     "IP_OPTIONS of 44 bytes");
	memset(bad, 0, sizeof(bad));
	bad[0] = IPOPT_RR;
	bad[1] = 2;
	bad[2] = 4;
	TST_EXP_FAIL(setsockopt(fd, IPPROTO_IP, IP_OPTIONS, bad, 8), EINVAL,
		     "record route of length 2");
	bad[1] = 7;
	bad[2] = 3;
	TST_EXP_FAIL(setsockopt(fd, IPPROTO_IP, IP_OPTIONS, bad, 8), EINVAL,
		     "record route with pointer 3");
	{
		unsigned char two[16] = { IPOPT_RR, 7, 4, 0, 0, 0, 0,
					  IPOPT_RR, 7, 4 };

		TST_EXP_FAIL(setsockopt(fd, IPPROTO_IP, IP_OPTIONS, two, 16),
			     EINVAL, "two record route options");
	}
	TST_EXP_PASS(setsockopt(fd, IPPROTO_IP, IP_OPTIONS, rr, 11),
		     "record route of 11 bytes");
	if (getsockopt(fd, IPPROTO_IP, IP_OPTIONS, back, &blen))
		tst_brk(TBROK | TERRNO, "getsockopt(IP_OPTIONS)");
	rr[11] = IPOPT_END;
	if (blen == 12 && !memcmp(back, rr, 12))
		tst_res(TPASS, "IP_OPTIONS reads back as set, padded to 12");
	else
		tst_res(TFAIL, "IP_OPTIONS reads back %u bytes (%02x %02x %02x)",
			blen, back[0], back[1], back[2]);
	close(fd);
}

static void record_route(void)
{
	static const char *const path[] = {
		"10.99.1.1", "10.99.2.254", "10.99.2.2"
	};
	unsigned char rr[40] = { IPOPT_RR, 39, 4 };
	struct rx rx;

	send_opts(rr, 40);
	receive(&rx);
	if (rx.optlen != 40 || rx.opts[0] != IPOPT_RR || rx.opts[1] != 39) {
		tst_res(TFAIL, "IP_RECVOPTS: %d bytes, type %u length %u",
			rx.optlen, rx.opts[0], rx.opts[1]);
	} else {
		NET_EXP_EQ(rx.opts[2], 16, "record route pointer at the receiver");
		if (addrs_are(rx.opts, 3, 4, path, 3, "record route"))
			tst_res(TPASS, "record route: %s, %s, %s", path[0],
				path[1], path[2]);
		if (hdrlen >= 60 && (hdr[0] & 0xf) == 15 &&
		    !memcmp(hdr + 20, rx.opts, 40))
			tst_res(TPASS, "raw socket: ihl 15, the same options");
		else
			tst_res(TFAIL, "raw socket: ihl %d, options differ",
				hdr[0] & 0xf);
	}
	if (rx.retlen >= 39 && rx.retopts[0] == IPOPT_RR &&
	    addrs_are(rx.retopts, 3, 4, path, 3, "IP_RETOPTS"))
		tst_res(TPASS, "IP_RETOPTS: record route with the 3 addresses");
	else if (rx.retlen < 39 || rx.retopts[0] != IPOPT_RR)
		tst_res(TFAIL, "IP_RETOPTS: %d bytes, type %u", rx.retlen,
			rx.retopts[0]);

	/* room for two: the receiver finds the option full */
	memset(rr, 0, sizeof(rr));
	rr[0] = IPOPT_RR;
	rr[1] = 11;
	rr[2] = 4;
	send_opts(rr, 12);
	receive(&rx);
	if (rx.optlen != 12 || rx.opts[2] != 12 ||
	    !addrs_are(rx.opts, 3, 4, path, 2, "short record route"))
		tst_res(TFAIL, "short record route: %d bytes, pointer %u",
			rx.optlen, rx.opts[2]);
	else
		tst_res(TPASS, "short record route: sender and router, pointer 12");
}

static void check_times(const unsigned char *p, int n, int step,
			uint32_t t0, uint32_t t1, const char *what)
{
	uint32_t prev = 0, t;
	int i, bad = 0;

	for (i = 0; i < n; i++) {
		memcpy(&t, p + i * step, 4);
		t = ntohl(t);
		/* across midnight the window wraps: test it unwrapped */
		if (t1 >= t0 ? (t + 1000 < t0 || t > t1 + 1000) :
		    (t > t1 + 1000 && t + 1000 < t0)) {
			tst_res(TFAIL, "%s: time %d is %u ms, sent at %u, received by %u",
				what, i, t, t0, t1);
			bad = 1;
		}
		if (i && t < prev && t1 >= t0) {
			tst_res(TFAIL, "%s: time %d (%u) before time %d (%u)",
				what, i, t, i - 1, prev);
			bad = 1;
		}
		prev = t;
	}
	if (!bad)
		tst_res(TPASS, "%s: %d times of day within the send and receipt",
			what, n);
}

static void timestamps(void)
{
	static const char *const path[] = {
		"10.99.1.1", "10.99.1.254", "10.99.2.2"
	};
	unsigned char ts[40] = { IPOPT_TIMESTAMP, 40, 5, IPOPT_TS_TSONLY };
	uint32_t t0, t1;
	struct rx rx;

	t0 = ms_of_day();
	send_opts(ts, 40);
	receive(&rx);
	t1 = ms_of_day();
	if (rx.optlen != 40 || rx.opts[0] != IPOPT_TIMESTAMP) {
		tst_res(TFAIL, "timestamps: %d bytes, type %u", rx.optlen,
			rx.opts[0]);
	} else {
		NET_EXP_EQ(rx.opts[2], 17, "timestamp pointer (3 entries)");
		NET_EXP_EQ(rx.opts[3] >> 4, 0, "timestamp overflow");
		check_times(rx.opts + 4, 3, 4, t0, t1, "timestamps only");
	}

	/* room for two: the receiver counts itself in the overflow */
	memset(ts, 0, sizeof(ts));
	ts[0] = IPOPT_TIMESTAMP;
	ts[1] = 12;
	ts[2] = 5;
	ts[3] = IPOPT_TS_TSONLY;
	send_opts(ts, 12);
	receive(&rx);
	NET_EXP_EQ(rx.opts[2], 13, "short timestamp option pointer");
	NET_EXP_EQ(rx.opts[3] >> 4, 1, "short timestamp option overflow");

	memset(ts, 0, sizeof(ts));
	ts[0] = IPOPT_TIMESTAMP;
	ts[1] = 36;
	ts[2] = 5;
	ts[3] = IPOPT_TS_TSANDADDR;
	t0 = ms_of_day();
	send_opts(ts, 36);
	receive(&rx);
	t1 = ms_of_day();
	if (rx.optlen != 36 || rx.opts[3] != IPOPT_TS_TSANDADDR) {
		tst_res(TFAIL, "address and timestamp: %d bytes, flags %u",
			rx.optlen, rx.opts[3]);
	} else {
		NET_EXP_EQ(rx.opts[2], 29, "address and timestamp pointer");
		if (addrs_are(rx.opts, 4, 8, path, 3, "address and timestamp"))
			tst_res(TPASS, "address and timestamp: %s, %s, %s",
				path[0], path[1], path[2]);
		check_times(rx.opts + 8, 3, 8, t0, t1, "address and timestamp");
	}
	if (setsockopt(sfd, IPPROTO_IP, IP_OPTIONS, NULL, 0))
		tst_brk(TBROK | TERRNO, "setsockopt(IP_OPTIONS, none)");
}

static ssize_t send_pktinfo(int fd, const char *src)
{
	char cbuf[CMSG_SPACE(sizeof(struct in_pktinfo))] = { 0 };
	struct sockaddr_storage a;
	struct iovec iov = { "pkt", 3 };
	struct msghdr mh = {
		.msg_name = &a, .msg_namelen = sizeof(struct sockaddr_in),
		.msg_iov = &iov, .msg_iovlen = 1,
		.msg_control = cbuf, .msg_controllen = sizeof(cbuf),
	};
	struct cmsghdr *c = CMSG_FIRSTHDR(&mh);
	struct in_pktinfo *pi = (void *)CMSG_DATA(c);

	net_addr(NET_B, AF_INET, net_port(&raddr), &a);
	c->cmsg_level = IPPROTO_IP;
	c->cmsg_type = IP_PKTINFO;
	c->cmsg_len = CMSG_LEN(sizeof(*pi));
	inet_pton(AF_INET, src, &pi->ipi_spec_dst);
	return sendmsg(fd, &mh, 0);
}

static void pktinfo(void)
{
	int fd = net_socket(NET_A, AF_INET, SOCK_DGRAM), one = 1;
	struct rx rx;

	/* the source chosen per datagram: A's second address */
	if (send_pktinfo(fd, "10.99.1.3") != 3)
		tst_brk(TBROK | TERRNO, "sendmsg(IP_PKTINFO 10.99.1.3)");
	receive(&rx);
	if (rx.from.sin_addr.s_addr == ip4("10.99.1.3"))
		tst_res(TPASS, "ipi_spec_dst 10.99.1.3 is the source");
	else
		tst_res(TFAIL, "ipi_spec_dst 10.99.1.3: source %s",
			inet_ntoa(rx.from.sin_addr));
	net_enter(NET_B);
	NET_EXP_EQ(rx.ifindex, rtnl_ifindex("net0"),
		   "receiver's IP_PKTINFO ifindex (its net0)");
	net_enter(NET_A);
	if (rx.pktdst.s_addr == ip4("10.99.2.2"))
		tst_res(TPASS, "receiver's IP_PKTINFO ipi_addr 10.99.2.2");
	else
		tst_res(TFAIL, "receiver's IP_PKTINFO ipi_addr %s",
			inet_ntoa(rx.pktdst));

	/*
	 * a source that is no local address: the output route lookup
	 * fails with ENETUNREACH (ip_route_output_key_hash_rcu()); the
	 * address is on the router's connected net so rp_filter passes it
	 */
	TST_EXP_FAIL(send_pktinfo(fd, "10.99.1.99"), ENETUNREACH,
		     "IP_PKTINFO with a foreign source");
	TST_EXP_FAIL(send_pktinfo(fd, "224.0.0.1"), EINVAL,
		     "IP_PKTINFO with a multicast source");
	if (setsockopt(fd, IPPROTO_IP, IP_TRANSPARENT, &one, sizeof(one)))
		tst_brk(TBROK | TERRNO, "setsockopt(IP_TRANSPARENT)");
	if (send_pktinfo(fd, "10.99.1.99") != 3) {
		tst_res(TFAIL | TERRNO, "IP_TRANSPARENT: foreign source");
	} else {
		receive(&rx);
		if (rx.from.sin_addr.s_addr == ip4("10.99.1.99"))
			tst_res(TPASS, "IP_TRANSPARENT: foreign source 10.99.1.99 sent");
		else
			tst_res(TFAIL, "IP_TRANSPARENT: source %s",
				inet_ntoa(rx.from.sin_addr));
	}
	close(fd);
}

static int bind_foreign(int fd)
{
	struct sockaddr_in a = { .sin_family = AF_INET };

	a.sin_addr.s_addr = ip4("10.99.9.9");
	return bind(fd, (struct sockaddr *)&a, sizeof(a));
}

static void freebind(void)
{
	int fd = net_socket(NET_A, AF_INET, SOCK_DGRAM), one = 1;
	struct sockaddr_in a;
	socklen_t len = sizeof(a);
	pid_t pid;

	TST_EXP_FAIL(bind_foreign(fd), EADDRNOTAVAIL, "bind() of a foreign address");
	close(fd);
	fd = net_socket(NET_A, AF_INET, SOCK_DGRAM);
	if (setsockopt(fd, IPPROTO_IP, IP_FREEBIND, &one, sizeof(one)))
		tst_brk(TBROK | TERRNO, "setsockopt(IP_FREEBIND)");
	TST_EXP_PASS(bind_foreign(fd), "bind() of a foreign address with IP_FREEBIND");
	if (!getsockname(fd, (struct sockaddr *)&a, &len) &&
	    a.sin_addr.s_addr == ip4("10.99.9.9"))
		tst_res(TPASS, "getsockname(): 10.99.9.9");
	else
		tst_res(TFAIL, "getsockname(): %s", inet_ntoa(a.sin_addr));
	close(fd);

	net_sysctl(NET_A, "net/ipv4/ip_nonlocal_bind", "1");
	fd = net_socket(NET_A, AF_INET, SOCK_STREAM);
	TST_EXP_PASS(bind_foreign(fd), "bind() of a foreign address with ip_nonlocal_bind");
	close(fd);
	net_sysctl(NET_A, "net/ipv4/ip_nonlocal_bind", "0");

	fd = net_socket(NET_A, AF_INET, SOCK_DGRAM);
	pid = SAFE_FORK();
	if (!pid) {
		int v = 1;

		if (unshare(CLONE_NEWUSER)) {
			tst_res(TCONF | TERRNO, "unshare(CLONE_NEWUSER)");
			exit(0);
		}
		TST_EXP_FAIL(setsockopt(fd, IPPROTO_IP, IP_TRANSPARENT, &v,
					sizeof(v)), EPERM,
			     "IP_TRANSPARENT from a user namespace child");
		TST_EXP_PASS(setsockopt(fd, IPPROTO_IP, IP_FREEBIND, &v,
					sizeof(v)),
			     "IP_FREEBIND from a user namespace child");
		exit(0);
	}
	reap_child(pid);
	close(fd);
}

static void df_bits(void)
{
	static const struct { int mode; const char *name; int df; } m[] = {
		{ -1, "default", 1 },
		{ IP_PMTUDISC_DONT, "DONT", 0 },
		{ IP_PMTUDISC_DO, "DO", 1 },
		{ IP_PMTUDISC_PROBE, "PROBE", 1 },
		/* __ip_make_skb(): DF only for DO, PROBE and WANT */
		{ IP_PMTUDISC_INTERFACE, "INTERFACE", 0 },
		{ IP_PMTUDISC_OMIT, "OMIT", 0 },
	};
	int fd = net_socket(NET_A, AF_INET, SOCK_DGRAM), v = 6;
	unsigned int i;
	struct rx rx;

	TST_EXP_FAIL(setsockopt(fd, IPPROTO_IP, IP_MTU_DISCOVER, &v, sizeof(v)),
		     EINVAL, "IP_MTU_DISCOVER %d (past OMIT)", v);
	for (i = 0; i < ARRAY_SIZE(m); i++) {
		if (m[i].mode >= 0 &&
		    setsockopt(fd, IPPROTO_IP, IP_MTU_DISCOVER, &m[i].mode,
			       sizeof(int)))
			tst_brk(TBROK | TERRNO, "IP_MTU_DISCOVER %s", m[i].name);
		if (sendto(fd, "df", 2, 0, (struct sockaddr *)&raddr,
			   sizeof(struct sockaddr_in)) != 2)
			tst_brk(TBROK | TERRNO, "sendto()");
		receive(&rx);
		if (!!(hdr[6] & 0x40) == m[i].df)
			tst_res(TPASS, "IP_MTU_DISCOVER %s: DF %s", m[i].name,
				m[i].df ? "set" : "clear");
		else
			tst_res(TFAIL, "IP_MTU_DISCOVER %s: DF %s", m[i].name,
				m[i].df ? "clear" : "set");
	}
	close(fd);
}

static void run(void)
{
	opt_errors();
	record_route();
	timestamps();
	pktinfo();
	freebind();
	df_bits();
	net_enter(NET_A);
}

static void setup(void)
{
	int one = 1;

	sock_pin_cpu();
	net_routed_setup();
	rfd = net_bound(NET_B, AF_INET, SOCK_DGRAM, &raddr);
	if (setsockopt(rfd, IPPROTO_IP, IP_RECVOPTS, &one, sizeof(one)) ||
	    setsockopt(rfd, IPPROTO_IP, IP_RETOPTS, &one, sizeof(one)) ||
	    setsockopt(rfd, IPPROTO_IP, IP_PKTINFO, &one, sizeof(one)))
		tst_brk(TBROK | TERRNO, "setsockopt(IP_RECVOPTS ...)");
	net_enter(NET_B);
	raw = socket(AF_INET, SOCK_RAW, IPPROTO_UDP);
	if (raw < 0)
		tst_brk(TBROK | TERRNO, "socket(SOCK_RAW, IPPROTO_UDP)");
	sfd = net_socket(NET_A, AF_INET, SOCK_DGRAM);
	RTNL_SAFE(rtnl_addr_add(rtnl_ifindex("net0"), AF_INET,
				&(struct in_addr){ ip4("10.99.1.3") }, 24, 0));
}

static void cleanup(void)
{
	if (rfd >= 0)
		close(rfd);
	if (raw >= 0)
		close(raw);
	if (sfd >= 0)
		close(sfd);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.forks_child = 1,
	.timeout = 60,
};
