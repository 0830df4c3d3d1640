// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ECN negotiation and signalling of TCP (RFC 3168) between two
 * namespaces, IPv4 and IPv6, seen by a packet socket on the remote's net0:
 * - net.ipv4.tcp_ecn is 2 in a new namespace; 3 is EINVAL (value kept);
 * - client 1, server 2: the SYN carries ECE and CWR, the SYN-ACK ECE
 *   alone; both sockets report TCPI_OPT_ECN; data leaves as ECT(0)
 *   (the receiver's InECT0Pkts grows, TCPI_OPT_ECN_SEEN), pure ACKs as
 *   Not-ECT;
 * - client 1, server 0: ECE and CWR in the SYN, neither in the SYN-ACK,
 *   no TCPI_OPT_ECN, data Not-ECT (InECT0Pkts unchanged);
 * - client 2, server 1: a plain SYN, no ECN;
 * - on the ECN connection, a netem qdisc that marks instead of dropping
 *   (loss 100%, ecn) turns the sender's data into CE (the receiver's
 *   InCEPkts grows): the receiver's ACK carries ECE, the sender counts it
 *   (tcpi_delivered_ce) and leaves slow start (ssthresh no longer
 *   infinite); with netem removed its next data segment carries CWR and
 *   the ACK of it no longer ECE;
 * - a first SYN lost (dropped by the server's IP_MINTTL 100 while the
 *   client's TTL is 99, then raised): with tcp_ecn_fallback 1 (the
 *   default) the retransmitted SYN carries neither ECE nor CWR (RFC 3168
 *   6.1.1.1) and the connection has no ECN; with 0 it keeps both and
 *   ECN is negotiated.
 */
#include <linux/tcp.h>
#include <linux/if_ether.h>
#include <linux/if_packet.h>
#include <linux/pkt_sched.h>
#include "tst_test.h"
#include "net_hosts.h"

#define TH_FIN 0x01
#define TH_SYN 0x02
#define TH_ACK 0x10
#define TH_ECE 0x40
#define TH_CWR 0x80
#define INFINITE_SSTHRESH 0x7fffffff

#ifndef IP_MINTTL
# define IP_MINTTL 21
#endif
#ifndef IPV6_MINHOPCOUNT
# define IPV6_MINHOPCOUNT 73
#endif

static int fam;

struct seg {
	int out;		/* sent by the remote host */
	unsigned int flags;
	int ecn;
	int plen;
};

static void set_ecn(int h, int val)
{
	char buf[8];

	snprintf(buf, sizeof(buf), "%d", val);
	net_sysctl(h, "net/ipv4/tcp_ecn", buf);
}

static int capture(void)
{
	struct sockaddr_ll sll = {
		.sll_family = AF_PACKET, .sll_protocol = htons(ETH_P_ALL),
	};
	int fd;

	net_enter(NET_B);
	sll.sll_ifindex = rtnl_ifindex("net0");
	fd = socket(AF_PACKET, SOCK_RAW, htons(ETH_P_ALL));
	if (fd < 0)
		tst_brk(TBROK | TERRNO, "socket(AF_PACKET)");
	if (bind(fd, (struct sockaddr *)&sll, sizeof(sll)))
		tst_brk(TBROK | TERRNO, "bind(AF_PACKET)");
	return fd;
}

/* The next TCP segment of fam seen on the capture (bounded). */
static void cap_next(int pfd, struct seg *s)
{
	static unsigned char buf[70000];
	struct sockaddr_ll sll;
	socklen_t sl;
	unsigned char *ip, *th;
	ssize_t n;

	for (;;) {
		if (!(net_poll(pfd, POLLIN, 30000) & POLLIN))
			tst_brk(TBROK, "no TCP segment captured in %d ms",
				net_ms(30000));
		sl = sizeof(sll);
		n = recvfrom(pfd, buf, sizeof(buf), 0, (struct sockaddr *)&sll,
			     &sl);
		if (n < 0)
			tst_brk(TBROK | TERRNO, "recvfrom(AF_PACKET)");
		ip = buf + ETH_HLEN;
		if (fam == AF_INET && n >= ETH_HLEN + 40 &&
		    ntohs(sll.sll_protocol) == ETH_P_IP && ip[9] == IPPROTO_TCP) {
			s->ecn = ip[1] & 3;
			th = ip + (ip[0] & 15) * 4;
			s->plen = ((ip[2] << 8) | ip[3]) - (th - ip);
		} else if (fam == AF_INET6 && n >= ETH_HLEN + 60 &&
			   ntohs(sll.sll_protocol) == ETH_P_IPV6 &&
			   ip[6] == IPPROTO_TCP) {
			s->ecn = (ip[1] >> 4) & 3;
			th = ip + 40;
			s->plen = (ip[4] << 8) | ip[5];
		} else {
			continue;
		}
		s->plen -= (th[12] >> 4) * 4;
		s->flags = th[13];
		s->out = sll.sll_pkttype == PACKET_OUTGOING;
		return;
	}
}

/* The next segment of the local (out 0) or remote (1) host with match. */
static void cap_find(int pfd, int out, unsigned int mask, unsigned int val,
		     int data, struct seg *s)
{
	do
		cap_next(pfd, s);
	while (s->out != out || (s->flags & mask) != val ||
	       (data && s->plen <= 0));
}

static void get_info(int fd, struct tcp_info *ti)
{
	socklen_t len = sizeof(*ti);

	memset(ti, 0, sizeof(*ti));
	if (getsockopt(fd, IPPROTO_TCP, TCP_INFO, ti, &len))
		tst_brk(TBROK | TERRNO, "getsockopt(TCP_INFO)");
}

static long long ipext(const char *name)
{
	char buf[64];

	if (fam == AF_INET)
		return net_snmp(NET_B, "netstat", "IpExt:", name);
	snprintf(buf, sizeof(buf), "Ip6%s", name);
	return net_snmp6(NET_B, buf);
}

static void expect_flags(const struct seg *s, unsigned int want,
			 const char *what)
{
	unsigned int got = s->flags & (TH_ECE | TH_CWR);

	if (got == want)
		tst_res(TPASS, "%s: ECE %d CWR %d", what, !!(got & TH_ECE),
			!!(got & TH_CWR));
	else
		tst_res(TFAIL, "%s: ECE %d CWR %d, expected ECE %d CWR %d",
			what, !!(got & TH_ECE), !!(got & TH_CWR),
			!!(want & TH_ECE), !!(want & TH_CWR));
}

static void write_read(int cfd, int sfd, int len)
{
	static char out[1000], in[1000];

	memset(out, 'e', len);
	if (net_write_all(cfd, out, len))
		tst_brk(TBROK, "write()");
	if (net_read_all(sfd, in, len) != len || memcmp(in, out, len))
		tst_brk(TBROK | TERRNO, "read()");
}

static int netem_ecn(int add)
{
	static struct rtnl_msg m;
	struct tcmsg tcm = {
		.tcm_family = AF_UNSPEC, .tcm_handle = 0x10000,
		.tcm_parent = TC_H_ROOT,
	};
	struct {
		struct tc_netem_qopt q;
		struct rtattr rta;
		unsigned int ecn;
	} opt = {
		.q = { .limit = 1000, .loss = UINT32_MAX },
		.rta = { .rta_len = RTA_LENGTH(4), .rta_type = TCA_NETEM_ECN },
		.ecn = 1,
	};

	net_enter(NET_A);
	tcm.tcm_ifindex = rtnl_ifindex("net0");
	rtnl_msg_init(&m, add ? RTM_NEWQDISC : RTM_DELQDISC,
		      add ? NLM_F_CREATE | NLM_F_EXCL : 0, &tcm, sizeof(tcm));
	if (add) {
		rtnl_put_str(&m, TCA_KIND, "netem");
		rtnl_put(&m, TCA_OPTIONS, &opt, sizeof(opt));
	}
	return rtnl_talk(&m);
}

/* Client tcp_ecn c, server s: the handshake and a data segment. */
static void negotiate(int c, int s, int ok, int *cfd, int *sfd, int pfd)
{
	struct tcp_info ti;
	struct seg sg;
	long long ect0 = ipext("InECT0Pkts");
	char what[64];

	tst_res(TINFO, "client tcp_ecn %d, server tcp_ecn %d", c, s);
	set_ecn(NET_A, c);
	set_ecn(NET_B, s);
	net_tcp_pair(NET_A, NET_B, fam, cfd, sfd);
	cap_find(pfd, 0, TH_SYN | TH_ACK, TH_SYN, 0, &sg);
	expect_flags(&sg, c == 1 ? TH_ECE | TH_CWR : 0, "SYN");
	cap_find(pfd, 1, TH_SYN | TH_ACK, TH_SYN | TH_ACK, 0, &sg);
	expect_flags(&sg, ok ? TH_ECE : 0, "SYN-ACK");
	get_info(*cfd, &ti);
	NET_EXP_EQ(!!(ti.tcpi_options & TCPI_OPT_ECN), ok, "client TCPI_OPT_ECN");
	get_info(*sfd, &ti);
	NET_EXP_EQ(!!(ti.tcpi_options & TCPI_OPT_ECN), ok, "server TCPI_OPT_ECN");

	write_read(*cfd, *sfd, 1000);
	cap_find(pfd, 0, 0, 0, 1, &sg);
	snprintf(what, sizeof(what), "IP ECN field of data (%d: %s)", ok ? 2 : 0,
		 ok ? "ECT(0)" : "Not-ECT");
	NET_EXP_EQ(sg.ecn, ok ? 2 : 0, what);
	cap_find(pfd, 1, TH_ACK, TH_ACK, 0, &sg);
	NET_EXP_EQ(sg.ecn, 0, "IP ECN field of the receiver's ACK (Not-ECT)");
	if (ok) {
		if (ipext("InECT0Pkts") > ect0)
			tst_res(TPASS, "receiver's InECT0Pkts grew");
		else
			tst_res(TFAIL, "receiver's InECT0Pkts unchanged");
	} else {
		NET_EXP_EQ(ipext("InECT0Pkts") - ect0, 0,
			   "receiver's InECT0Pkts increase");
	}
	get_info(*sfd, &ti);
	NET_EXP_EQ(!!(ti.tcpi_options & TCPI_OPT_ECN_SEEN), ok,
		   "server TCPI_OPT_ECN_SEEN");
}

static void congestion(int cfd, int sfd, int pfd)
{
	long long ce = ipext("InCEPkts"), end;
	struct tcp_info ti;
	struct seg sg;
	int ret;

	ret = netem_ecn(1);
	if (ret == -ENOENT)
		tst_brk(TCONF, "no netem qdisc (sch_netem missing)");
	if (ret)
		tst_brk(TBROK, "RTM_NEWQDISC netem: %s", tst_strerrno(-ret));
	get_info(cfd, &ti);
	NET_EXP_EQ(ti.tcpi_snd_ssthresh, INFINITE_SSTHRESH,
		   "sender's ssthresh before congestion");
	write_read(cfd, sfd, 1000);
	cap_find(pfd, 0, 0, 0, 1, &sg);
	NET_EXP_EQ(sg.ecn, 3, "IP ECN field of data through netem (CE)");
	cap_find(pfd, 1, TH_ACK, TH_ACK, 0, &sg);
	expect_flags(&sg, TH_ECE, "receiver's ACK of CE data");
	if (ipext("InCEPkts") > ce)
		tst_res(TPASS, "receiver's InCEPkts grew");
	else
		tst_res(TFAIL, "receiver's InCEPkts unchanged");

	/* the ECE is handled in the sender's softirq, after the read */
	end = tst_mono_ms() + net_ms(30000);
	for (;;) {
		get_info(cfd, &ti);
		if (ti.tcpi_delivered_ce || tst_mono_ms() > end)
			break;
		usleep(1000);
	}
	if (ti.tcpi_delivered_ce)
		tst_res(TPASS, "sender's tcpi_delivered_ce %u", ti.tcpi_delivered_ce);
	else
		tst_res(TFAIL, "sender's tcpi_delivered_ce 0 after the ECE");
	if (ti.tcpi_snd_ssthresh < INFINITE_SSTHRESH)
		tst_res(TPASS, "sender's ssthresh %u after the ECE",
			ti.tcpi_snd_ssthresh);
	else
		tst_res(TFAIL, "sender's ssthresh still infinite after the ECE");

	RTNL_SAFE(netem_ecn(0));
	write_read(cfd, sfd, 1000);
	cap_find(pfd, 0, 0, 0, 1, &sg);
	expect_flags(&sg, TH_CWR, "sender's next data segment");
	NET_EXP_EQ(sg.ecn, 2, "its IP ECN field (ECT(0))");
	cap_find(pfd, 1, TH_ACK, TH_ACK, 0, &sg);
	expect_flags(&sg, 0, "receiver's ACK of the CWR segment");
}

static void set_int(int fd, int lvl, int opt, int val)
{
	if (setsockopt(fd, lvl, opt, &val, sizeof(val)))
		tst_brk(TBROK | TERRNO, "setsockopt(%d, %d, %d)", lvl, opt, val);
}

static void fallback(int fb, int pfd)
{
	int lvl = fam == AF_INET ? IPPROTO_IP : IPPROTO_IPV6;
	int ttl = fam == AF_INET ? IP_TTL : IPV6_UNICAST_HOPS;
	struct sockaddr_storage ss;
	struct tcp_info ti;
	int lfd, cfd, sfd, err = -1;
	socklen_t len = sizeof(err);
	struct seg sg;
	char buf[2];

	tst_res(TINFO, "first SYN lost, tcp_ecn_fallback %d", fb);
	set_ecn(NET_A, 1);
	set_ecn(NET_B, 2);
	snprintf(buf, sizeof(buf), "%d", fb);
	net_sysctl(NET_A, "net/ipv4/tcp_ecn_fallback", buf);
	lfd = net_listener(NET_B, fam, &ss);
	set_int(lfd, lvl, fam == AF_INET ? IP_MINTTL : IPV6_MINHOPCOUNT, 100);
	cfd = net_socket(NET_A, fam, SOCK_STREAM);
	set_int(cfd, lvl, ttl, 99);
	net_set_nonblock(cfd, 1);
	if (!connect(cfd, (struct sockaddr *)&ss, fam == AF_INET ?
		     sizeof(struct sockaddr_in) : sizeof(struct sockaddr_in6)) ||
	    errno != EINPROGRESS)
		tst_brk(TBROK | TERRNO, "connect()");
	cap_find(pfd, 0, TH_SYN | TH_ACK, TH_SYN, 0, &sg);
	expect_flags(&sg, TH_ECE | TH_CWR, "first SYN");
	set_int(cfd, lvl, ttl, 100);
	cap_find(pfd, 0, TH_SYN | TH_ACK, TH_SYN, 0, &sg);
	expect_flags(&sg, fb ? 0 : TH_ECE | TH_CWR, "retransmitted SYN");
	cap_find(pfd, 1, TH_SYN | TH_ACK, TH_SYN | TH_ACK, 0, &sg);
	expect_flags(&sg, fb ? 0 : TH_ECE, "SYN-ACK");
	if (!(net_poll(cfd, POLLOUT, 30000) & POLLOUT) ||
	    getsockopt(cfd, SOL_SOCKET, SO_ERROR, &err, &len) || err)
		tst_brk(TBROK, "connect() after the retransmission: %s",
			tst_strerrno(err));
	net_set_nonblock(cfd, 0);
	sfd = net_accept(lfd);
	get_info(cfd, &ti);
	NET_EXP_EQ(!!(ti.tcpi_options & TCPI_OPT_ECN), !fb,
		   "client TCPI_OPT_ECN");
	get_info(sfd, &ti);
	NET_EXP_EQ(!!(ti.tcpi_options & TCPI_OPT_ECN), !fb,
		   "server TCPI_OPT_ECN");
	close(cfd);
	close(sfd);
	close(lfd);
	net_sysctl(NET_A, "net/ipv4/tcp_ecn_fallback", "1");
}

static void check_sysctl(void)
{
	char buf[16];
	int fd;

	net_sysctl_read(NET_A, "net/ipv4/tcp_ecn", buf, sizeof(buf));
	NET_EXP_EQ(atoi(buf), 2, "tcp_ecn of a new namespace");
	fd = open("/proc/sys/net/ipv4/tcp_ecn", O_WRONLY);
	if (fd < 0)
		tst_brk(TBROK | TERRNO, "open(tcp_ecn)");
	TST_EXP_FAIL(write(fd, "3", 1), EINVAL, "tcp_ecn 3");
	close(fd);
	net_sysctl_read(NET_A, "net/ipv4/tcp_ecn", buf, sizeof(buf));
	NET_EXP_EQ(atoi(buf), 2, "tcp_ecn after 3 was refused");
}

static void run(unsigned int n)
{
	int cfd, sfd, pfd;

	fam = n ? AF_INET6 : AF_INET;
	tst_res(TINFO, "%s", n ? "IPv6" : "IPv4");
	if (!n)
		check_sysctl();

	pfd = capture();
	negotiate(1, 0, 0, &cfd, &sfd, pfd);
	close(cfd);
	close(sfd);
	negotiate(2, 1, 0, &cfd, &sfd, pfd);
	close(cfd);
	close(sfd);
	negotiate(1, 2, 1, &cfd, &sfd, pfd);
	congestion(cfd, sfd, pfd);
	close(cfd);
	close(sfd);
	fallback(1, pfd);
	fallback(0, pfd);
	close(pfd);
	set_ecn(NET_A, 2);
	set_ecn(NET_B, 2);
}

static void setup(void)
{
	net_hosts_setup_pinned();
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.needs_root = 1,
};
