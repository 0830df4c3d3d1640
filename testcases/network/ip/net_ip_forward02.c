// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * IPv4 forwarding checks of the router namespace (local 10.99.1.1 --
 * router 10.99.1.254 / 10.99.2.254 -- remote 10.99.2.2); sysctls are
 * changed in the router's namespace only.
 *
 * Source validation (fib_validate_source()), with datagrams from the
 * local host carrying a spoofed source (IP_TRANSPARENT), each followed
 * by a genuine one: the remote's first datagram tells whether the
 * spoofed one was forwarded.
 * - rp_filter 0: a source of the router's other net (10.99.2.77) and an
 *   unroutable one (192.0.2.1) are forwarded;
 * - rp_filter 1 (strict): 10.99.2.77 arriving on the wrong interface is
 *   dropped, IPReversePathFilter + 1;
 * - rp_filter 2 (loose): 10.99.2.77 is forwarded (it has a route),
 *   192.0.2.1 is dropped, IPReversePathFilter + 1;
 * - the router's own address as source is dropped (martian) unless
 *   accept_local is 1.
 *
 * ip_forward_use_pmtu: the router learns a path MTU of 1200 towards the
 * remote from an ICMP fragmentation needed (about an echo reply of its
 * own, icmp_err()). With ip_forward_use_pmtu 0 a 1400 byte datagram with
 * DF is forwarded whole (the route's device MTU counts); with 1 the
 * router refuses it (FragFails + 1) and the sender's IP_RECVERR queue
 * holds EMSGSIZE with ee_info 1200 from the router, and one without DF
 * is forwarded in two fragments (FragCreates + 2) and arrives whole.
 */
#include <netinet/ip.h>
#include <netinet/ip_icmp.h>
#include <time.h>
#include <linux/errqueue.h>
#include "tst_test.h"
#include "net_hosts.h"
#include "socket_helpers.h"

static int rfd = -1;
static struct sockaddr_storage raddr;

static long long rpf_drops(void)
{
	return net_snmp(NET_R, "netstat", "TcpExt:", "IPReversePathFilter");
}

static void rp_set(const char *v)
{
	net_sysctl(NET_R, "net/ipv4/conf/net0/rp_filter", v);
}

/* The next datagram at the remote: its size, its first bytes in buf. */
static ssize_t next_dgram(char *buf, size_t len)
{
	ssize_t n;

	net_wait(rfd, POLLIN);
	n = recv(rfd, buf, len, MSG_DONTWAIT);
	if (n < 0)
		tst_brk(TBROK | TERRNO, "recv()");
	return n;
}

/*
 * A datagram from the local host with source src (IP_TRANSPARENT), then
 * a genuine one: 1 when the spoofed one reached the remote first.
 */
static int spoofed_arrives(const char *src)
{
	struct sockaddr_in a = { .sin_family = AF_INET };
	int fd = net_socket(NET_A, AF_INET, SOCK_DGRAM), one = 1, got;
	int g = net_socket(NET_A, AF_INET, SOCK_DGRAM);
	char buf[32];
	ssize_t n;

	if (setsockopt(fd, IPPROTO_IP, IP_TRANSPARENT, &one, sizeof(one)))
		tst_brk(TBROK | TERRNO, "setsockopt(IP_TRANSPARENT)");
	inet_pton(AF_INET, src, &a.sin_addr);
	if (bind(fd, (struct sockaddr *)&a, sizeof(a)))
		tst_brk(TBROK | TERRNO, "bind(%s)", src);
	if (sendto(fd, "spoofed", 7, 0, (struct sockaddr *)&raddr,
		   sizeof(struct sockaddr_in)) != 7)
		tst_brk(TBROK | TERRNO, "sendto() from %s", src);
	/* the router handles both in order (one CPU) */
	if (sendto(g, "genuine", 7, 0, (struct sockaddr *)&raddr,
		   sizeof(struct sockaddr_in)) != 7)
		tst_brk(TBROK | TERRNO, "sendto()");
	n = next_dgram(buf, sizeof(buf));
	got = n == 7 && !memcmp(buf, "spoofed", 7);
	if (got) {
		n = next_dgram(buf, sizeof(buf));
		if (n != 7 || memcmp(buf, "genuine", 7))
			tst_brk(TBROK, "the genuine datagram did not follow");
	} else if (n != 7 || memcmp(buf, "genuine", 7)) {
		tst_brk(TBROK, "an unexpected datagram of %zd bytes", n);
	}
	close(fd);
	close(g);
	return got;
}

static void expect(const char *src, const char *mode, int want, int rpf)
{
	long long before = rpf_drops();
	int got = spoofed_arrives(src);

	if (got == want)
		tst_res(TPASS, "%s: source %s %s", mode, src,
			want ? "forwarded" : "dropped");
	else
		tst_res(TFAIL, "%s: source %s %s", mode, src,
			got ? "forwarded, expected a drop" :
			"dropped, expected it forwarded");
	if (rpf >= 0)
		NET_EXP_EQ(rpf_drops() - before, rpf,
			   "router's IPReversePathFilter");
}

static void source_checks(void)
{
	rp_set("0");
	expect("10.99.2.77", "rp_filter 0", 1, 0);
	expect("192.0.2.1", "rp_filter 0", 1, 0);
	rp_set("1");
	expect("10.99.2.77", "rp_filter 1", 0, 1);
	expect("10.99.1.77", "rp_filter 1", 1, 0);
	rp_set("2");
	expect("10.99.2.77", "rp_filter 2", 1, 0);
	expect("192.0.2.1", "rp_filter 2", 0, 1);
	rp_set("0");
	expect("10.99.2.254", "accept_local 0", 0, 0);
	net_sysctl(NET_R, "net/ipv4/conf/net0/accept_local", "1");
	expect("10.99.2.254", "accept_local 1", 1, 0);
	net_sysctl(NET_R, "net/ipv4/conf/net0/accept_local", "0");
	net_enter(NET_A);
}

static uint16_t csum(const void *p, size_t len)
{
	const unsigned char *b = p;
	uint32_t sum = 0;
	size_t i;

	for (i = 0; i + 1 < len; i += 2)
		sum += (b[i] << 8) | b[i + 1];
	if (len & 1)
		sum += b[len - 1] << 8;
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	return htons(~sum);
}

/*
 * From the remote to the router: fragmentation needed (MTU 1200) about
 * an echo reply the router sent the remote; icmp_err() takes it into
 * the router's route to the remote.
 */
static void teach_pmtu(void)
{
	unsigned char p[8 + 20 + 8] = { 0 };
	struct iphdr *in = (struct iphdr *)(p + 8);
	struct sockaddr_in to = { .sin_family = AF_INET };
	int fd;

	p[0] = ICMP_DEST_UNREACH;
	p[1] = ICMP_FRAG_NEEDED;
	p[6] = 1200 >> 8;
	p[7] = 1200 & 0xff;
	in->version = 4;
	in->ihl = 5;
	in->tot_len = htons(28 + 1000);
	in->frag_off = htons(IP_DF);
	in->ttl = 64;
	in->protocol = IPPROTO_ICMP;
	inet_pton(AF_INET, "10.99.2.254", &in->saddr);
	inet_pton(AF_INET, "10.99.2.2", &in->daddr);
	in->check = csum(in, 20);
	p[28] = ICMP_ECHOREPLY;
	*(uint16_t *)(p + 2) = csum(p, sizeof(p));

	net_enter(NET_B);
	fd = socket(AF_INET, SOCK_RAW, IPPROTO_ICMP);
	if (fd < 0)
		tst_brk(TBROK | TERRNO, "socket(SOCK_RAW, IPPROTO_ICMP)");
	to.sin_addr.s_addr = in->saddr;
	if (sendto(fd, p, sizeof(p), 0, (struct sockaddr *)&to, sizeof(to)) !=
	    (ssize_t)sizeof(p))
		tst_brk(TBROK | TERRNO, "sendto(frag needed)");
	close(fd);
}

static long long frag(const char *field)
{
	return net_snmp(NET_R, "snmp", "Ip:", field);
}

/* A 1400 byte datagram from the local host in pmtudisc mode m. */
static int big_socket(int m)
{
	int fd = net_socket(NET_A, AF_INET, SOCK_DGRAM), one = 1;

	if (setsockopt(fd, IPPROTO_IP, IP_MTU_DISCOVER, &m, sizeof(m)) ||
	    setsockopt(fd, IPPROTO_IP, IP_RECVERR, &one, sizeof(one)))
		tst_brk(TBROK | TERRNO, "setsockopt(IP_MTU_DISCOVER)");
	return fd;
}

static void send_big(int fd, char *big)
{
	if (sendto(fd, big, 1400, 0, (struct sockaddr *)&raddr,
		   sizeof(struct sockaddr_in)) != 1400)
		tst_brk(TBROK | TERRNO, "sendto(1400 bytes)");
}

static void use_pmtu(void)
{
	static char big[1400], buf[2048];
	long long fails, creates;
	struct sock_extended_err *ee = NULL;
	char cbuf[512];
	struct iovec iov = { buf, sizeof(buf) };
	struct msghdr mh = {
		.msg_iov = &iov, .msg_iovlen = 1,
		.msg_control = cbuf, .msg_controllen = sizeof(cbuf),
	};
	struct cmsghdr *c;
	ssize_t n;
	int fd;

	memset(big, 'p', sizeof(big));
	net_sysctl(NET_R, "net/ipv4/ip_forward_use_pmtu", "0");
	teach_pmtu();

	/* PROBE: DF set, the local host's own path MTU not used */
	fd = big_socket(IP_PMTUDISC_PROBE);
	fails = frag("FragFails");
	send_big(fd, big);
	n = next_dgram(buf, sizeof(buf));
	if (n == 1400)
		tst_res(TPASS, "ip_forward_use_pmtu 0: 1400 bytes with DF forwarded");
	else
		tst_res(TFAIL, "ip_forward_use_pmtu 0: %zd bytes arrived", n);
	NET_EXP_EQ(frag("FragFails") - fails, 0, "router's FragFails");

	net_sysctl(NET_R, "net/ipv4/ip_forward_use_pmtu", "1");
	fails = frag("FragFails");
	net_enter(NET_A);
	send_big(fd, big);
	if (!(net_poll(fd, POLLIN, 5000) & POLLERR) ||
	    recvmsg(fd, &mh, MSG_ERRQUEUE | MSG_DONTWAIT) < 0) {
		tst_res(TFAIL, "ip_forward_use_pmtu 1: no error queued");
	} else {
		for (c = CMSG_FIRSTHDR(&mh); c; c = CMSG_NXTHDR(&mh, c))
			if (c->cmsg_level == IPPROTO_IP &&
			    c->cmsg_type == IP_RECVERR)
				ee = (struct sock_extended_err *)CMSG_DATA(c);
		if (!ee || ee->ee_errno != EMSGSIZE ||
		    ee->ee_origin != SO_EE_ORIGIN_ICMP ||
		    ee->ee_type != ICMP_DEST_UNREACH ||
		    ee->ee_code != ICMP_FRAG_NEEDED || ee->ee_info != 1200 ||
		    ((struct sockaddr_in *)SO_EE_OFFENDER(ee))->sin_addr.s_addr !=
		    htonl(0x0a6301fe))
			tst_res(TFAIL, "ip_forward_use_pmtu 1: %s info %u type %u code %u",
				ee ? tst_strerrno(ee->ee_errno) : "no RECVERR",
				ee ? ee->ee_info : 0, ee ? ee->ee_type : 0,
				ee ? ee->ee_code : 0);
		else
			tst_res(TPASS, "ip_forward_use_pmtu 1: EMSGSIZE, MTU 1200 from the router");
	}
	NET_EXP_EQ(frag("FragFails") - fails, 1, "router's FragFails");
	close(fd);

	/*
	 * without DF the router fragments to its learnt MTU; OMIT: no DF
	 * and the local host's own path MTU (1200 now) not used
	 */
	fd = big_socket(IP_PMTUDISC_OMIT);
	creates = frag("FragCreates");
	net_enter(NET_A);
	send_big(fd, big);
	n = next_dgram(buf, sizeof(buf));
	if (n == 1400 && !memcmp(buf, big, 1400))
		tst_res(TPASS, "ip_forward_use_pmtu 1: 1400 bytes without DF arrive whole");
	else
		tst_res(TFAIL, "ip_forward_use_pmtu 1: %zd bytes arrived", n);
	NET_EXP_EQ(frag("FragCreates") - creates, 2, "router's FragCreates");
	close(fd);
	net_sysctl(NET_R, "net/ipv4/ip_forward_use_pmtu", "0");
	net_enter(NET_A);
}

static void run(void)
{
	source_checks();
	use_pmtu();
}

static void setup(void)
{
	sock_pin_cpu();
	net_routed_setup();
	net_sysctl(NET_R, "net/ipv4/icmp_ratelimit", "0");
	/* the per-interface values decide: max (rp_filter), or (accept_local) */
	net_sysctl(NET_R, "net/ipv4/conf/all/rp_filter", "0");
	net_sysctl(NET_R, "net/ipv4/conf/all/accept_local", "0");
	net_sysctl(NET_R, "net/ipv4/conf/net0/accept_local", "0");
	net_sysctl(NET_R, "net/ipv4/conf/net1/rp_filter", "0");
	rfd = net_bound(NET_B, AF_INET, SOCK_DGRAM, &raddr);
	net_enter(NET_A);
}

static void cleanup(void)
{
	if (rfd >= 0)
		close(rfd);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.timeout = 60,
};
