// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * UDP-Lite (RFC 3828) between two namespaces, IPv4 and IPv6:
 * - UDPLITE_SEND_CSCOV/UDPLITE_RECV_CSCOV are ENOPROTOOPT on a UDP
 *   socket (which reads 0); on UDP-Lite they read 0 when new, 1, 7 and -1
 *   read back as 8, 65536 as 65535, 0, 20 and 65535 as set; an option
 *   shorter than an int is EINVAL;
 * - on the wire (a raw UDP-Lite socket of the receiver): the coverage
 *   field is the length (108) without the option, 20 for 20, 0 for 0,
 *   107 for 107 and the length for 108 and 200; the checksum verifies
 *   over exactly that coverage (0: all); all six arrive intact,
 *   OutDatagrams and InDatagrams + 6;
 * - a receiver with UDPLITE_RECV_CSCOV 20 drops coverage 16 (InErrors
 *   + 1, no checksum error) and takes 20 and full coverage; with 0 it
 *   drops any partial coverage;
 * - hand-made datagrams (raw sender): a byte changed after the coverage
 *   is delivered changed; one inside it is dropped when the queue is
 *   read (InCsumErrors and InErrors + 1, nothing read); coverage 5 (below
 *   the header) and a zero checksum are dropped on receipt as checksum
 *   errors (InCsumErrors and InErrors + 1 each), coverage 109 (beyond the
 *   datagram) as a short packet (InErrors + 1 alone); then a full
 *   coverage datagram is the only one queued.
 */
#include <sys/ioctl.h>
#include <netinet/ip.h>
#include <linux/sockios.h>
#include "tst_test.h"
#include "net_hosts.h"
#include "lapi/udplite.h"

#define PLEN 100
#define ULEN (PLEN + 8)
#define SPORT 40000

static int fam;

/* UdpLite counter name (IPv4 spelling) in host h. */
static long long cnt(int h, const char *name)
{
	char buf[64];

	if (fam == AF_INET)
		return net_snmp(h, "snmp", "UdpLite:", name);
	snprintf(buf, sizeof(buf), "UdpLite6%s", name);
	return net_snmp6(h, buf);
}

/*
 * Wait (10 s, scaled) until that counter of h reaches min; the last
 * reading. Shorter than the test's timeout, so that a counter that
 * never moves is a TFAIL of its own.
 */
static long long wait_cnt(int h, const char *name, long long min)
{
	long long end = tst_mono_ms() + net_ms(10000), v;

	while ((v = cnt(h, name)) < min && tst_mono_ms() < end)
		usleep(1000);
	return v;
}

static int lite_socket(int h, int type, int proto)
{
	int fd;

	net_enter(h);
	fd = socket(fam, type, proto);
	if (fd < 0 && errno == EPROTONOSUPPORT)
		tst_brk(TCONF, "no UDP-Lite for family %d", fam);
	if (fd < 0)
		tst_brk(TBROK | TERRNO, "socket(%d, %d, %d)", fam, type, proto);
	return fd;
}

/* A UDP-Lite socket bound in host h (port 0: a kernel port); *ss. */
static int lite_bound(int h, unsigned short port, struct sockaddr_storage *ss)
{
	int fd = lite_socket(h, SOCK_DGRAM, IPPROTO_UDPLITE);
	socklen_t len = net_addr(h, fam, port, ss);

	if (bind(fd, (struct sockaddr *)ss, len))
		tst_brk(TBROK | TERRNO, "bind()");
	if (getsockname(fd, (struct sockaddr *)ss, &len))
		tst_brk(TBROK | TERRNO, "getsockname()");
	return fd;
}

static void setcov(int fd, int opt, int val)
{
	if (setsockopt(fd, SOL_UDPLITE, opt, &val, sizeof(val)))
		tst_brk(TBROK | TERRNO, "setsockopt(%d, %d)", opt, val);
}

static int getcov(int fd, int opt)
{
	int val = -1;
	socklen_t len = sizeof(val);

	if (getsockopt(fd, SOL_UDPLITE, opt, &val, &len))
		tst_brk(TBROK | TERRNO, "getsockopt(%d)", opt);
	return val;
}

static unsigned int sum16(const unsigned char *p, size_t len, unsigned int s)
{
	size_t i;

	for (i = 0; i + 1 < len; i += 2)
		s += (p[i] << 8) | p[i + 1];
	if (len & 1)
		s += p[len - 1] << 8;
	return s;
}

/* The pseudo-header sum (length: the whole datagram, RFC 3828 3.2). */
static unsigned int pseudo(const struct sockaddr_storage *src,
			   const struct sockaddr_storage *dst, size_t len)
{
	unsigned char ph[40] = { 0 };
	int alen = fam == AF_INET ? 4 : 16;

	memcpy(ph, net_rawaddr((struct sockaddr_storage *)src), alen);
	memcpy(ph + alen, net_rawaddr((struct sockaddr_storage *)dst), alen);
	if (fam == AF_INET) {
		ph[9] = IPPROTO_UDPLITE;
		ph[10] = len >> 8;
		ph[11] = len & 0xff;
		return sum16(ph, 12, 0);
	}
	ph[34] = len >> 8;
	ph[35] = len & 0xff;
	ph[39] = IPPROTO_UDPLITE;
	return sum16(ph, 40, 0);
}

static unsigned int fold(unsigned int s)
{
	while (s >> 16)
		s = (s & 0xffff) + (s >> 16);
	return s;
}

/* A hand-made datagram: header with coverage cov, checksum over cover. */
static void make(unsigned char *pkt, unsigned short dport, int cov,
		 size_t cover, const struct sockaddr_storage *src,
		 const struct sockaddr_storage *dst, char tag)
{
	unsigned int c;

	pkt[0] = SPORT >> 8;
	pkt[1] = SPORT & 0xff;
	pkt[2] = dport >> 8;
	pkt[3] = dport & 0xff;
	pkt[4] = cov >> 8;
	pkt[5] = cov & 0xff;
	pkt[6] = pkt[7] = 0;
	memset(pkt + 8, tag, PLEN);
	c = ~fold(sum16(pkt, cover, pseudo(src, dst, ULEN))) & 0xffff;
	if (!c)
		c = 0xffff;
	pkt[6] = c >> 8;
	pkt[7] = c & 0xff;
}

/* Receive one datagram of PLEN bytes on fd (bounded) into buf. */
static void recv_one(int fd, char *buf, const char *what)
{
	ssize_t n;

	if (!(net_poll(fd, POLLIN, 30000) & POLLIN))
		tst_brk(TBROK, "%s: nothing received in %d ms", what,
			net_ms(30000));
	n = recv(fd, buf, PLEN + 1, 0);
	if (n != PLEN)
		tst_brk(TBROK | TERRNO, "%s: recv() %zd", what, n);
}

static void check_opts(void)
{
	static const int in[] = { 1, 7, -1, 8, 0, 20, 65535, 65536 };
	static const int out[] = { 8, 8, 8, 8, 0, 20, 65535, 65535 };
	int udp, fd, val = 20, opt, i;
	short sval = 20;

	udp = lite_socket(NET_A, SOCK_DGRAM, IPPROTO_UDP);
	TST_EXP_FAIL(setsockopt(udp, SOL_UDPLITE, UDPLITE_SEND_CSCOV, &val,
				sizeof(val)), ENOPROTOOPT,
		     "UDPLITE_SEND_CSCOV on a UDP socket");
	TST_EXP_FAIL(setsockopt(udp, SOL_UDPLITE, UDPLITE_RECV_CSCOV, &val,
				sizeof(val)), ENOPROTOOPT,
		     "UDPLITE_RECV_CSCOV on a UDP socket");
	NET_EXP_EQ(getcov(udp, UDPLITE_SEND_CSCOV), 0,
		   "UDPLITE_SEND_CSCOV read on a UDP socket");
	close(udp);

	fd = lite_socket(NET_A, SOCK_DGRAM, IPPROTO_UDPLITE);
	for (opt = UDPLITE_SEND_CSCOV; opt <= UDPLITE_RECV_CSCOV; opt++) {
		const char *name = opt == UDPLITE_SEND_CSCOV ?
			"UDPLITE_SEND_CSCOV" : "UDPLITE_RECV_CSCOV";

		NET_EXP_EQ(getcov(fd, opt), 0, name);
		for (i = 0; i < (int)ARRAY_SIZE(in); i++) {
			setcov(fd, opt, in[i]);
			if (getcov(fd, opt) != out[i])
				tst_res(TFAIL, "%s %d reads back %d, expected %d",
					name, in[i], getcov(fd, opt), out[i]);
		}
		tst_res(TPASS, "%s: 1, 7, -1 -> 8, 65536 -> 65535, 0, 20 kept",
			name);
		TST_EXP_FAIL(setsockopt(fd, SOL_UDPLITE, opt, &sval,
					sizeof(sval)), EINVAL,
			     "%s with a 2 byte option", name);
	}
	close(fd);
}

/*
 * One datagram of sfd with send coverage cov (-1: option not set) to
 * rfd: the header the raw socket raw_r saw, its checksum, the payload.
 */
static void wire_one(int sfd, int raw_r, int rfd, int cov, int field,
		     const struct sockaddr_storage *src,
		     const struct sockaddr_storage *dst)
{
	unsigned char pkt[ULEN + 80];
	char data[PLEN], got[PLEN + 1];
	socklen_t dlen = fam == AF_INET ? sizeof(struct sockaddr_in) :
		sizeof(struct sockaddr_in6);
	unsigned char *uh;
	int off = 0, f, cover;
	ssize_t n;

	if (cov >= 0)
		setcov(sfd, UDPLITE_SEND_CSCOV, cov);
	memset(data, 'a' + (cov & 15), sizeof(data));
	if (sendto(sfd, data, sizeof(data), 0, (const struct sockaddr *)dst,
		   dlen) != PLEN)
		tst_brk(TBROK | TERRNO, "sendto()");
	if (!(net_poll(raw_r, POLLIN, 30000) & POLLIN))
		tst_brk(TBROK, "the raw socket saw nothing");
	n = recv(raw_r, pkt, sizeof(pkt), 0);
	if (fam == AF_INET)
		off = (pkt[0] & 15) * 4;
	if (n != off + ULEN)
		tst_brk(TBROK | TERRNO, "raw recv() %zd, expected %d", n,
			off + ULEN);
	uh = pkt + off;
	f = (uh[4] << 8) | uh[5];
	if (f != field)
		tst_res(TFAIL, "send coverage %d: coverage field %d, expected %d",
			cov, f, field);
	else
		tst_res(TPASS, "send coverage %d: coverage field %d", cov, f);
	cover = f ? f : ULEN;
	if (fold(sum16(uh, cover, pseudo(src, dst, ULEN))) != 0xffff)
		tst_res(TFAIL, "checksum 0x%02x%02x does not verify over %d bytes",
			uh[6], uh[7], cover);
	recv_one(rfd, got, "wire");
	if (memcmp(got, data, PLEN))
		tst_res(TFAIL, "send coverage %d: payload differs", cov);
}

static void check_wire(void)
{
	static const int cov[] = { -1, 20, 0, 107, 108, 200 };
	static const int field[] = { ULEN, 20, 0, 107, ULEN, ULEN };
	struct sockaddr_storage src, dst;
	int sfd, rfd, raw_r, i;
	long long out0, in0;

	rfd = lite_bound(NET_B, 0, &dst);
	raw_r = lite_socket(NET_B, SOCK_RAW, IPPROTO_UDPLITE);
	sfd = lite_bound(NET_A, 0, &src);
	out0 = cnt(NET_A, "OutDatagrams");
	in0 = cnt(NET_B, "InDatagrams");
	for (i = 0; i < (int)ARRAY_SIZE(cov); i++)
		wire_one(sfd, raw_r, rfd, cov[i], field[i], &src, &dst);
	NET_EXP_EQ(cnt(NET_A, "OutDatagrams") - out0, 6,
		   "sender's OutDatagrams increase");
	NET_EXP_EQ(cnt(NET_B, "InDatagrams") - in0, 6,
		   "receiver's InDatagrams increase");
	close(sfd);
	close(raw_r);
	close(rfd);
}

/* Send PLEN bytes of tag with coverage cov from sfd to dst. */
static void send_cov(int sfd, int cov, char tag,
		     const struct sockaddr_storage *dst)
{
	char data[PLEN];
	socklen_t dlen = fam == AF_INET ? sizeof(struct sockaddr_in) :
		sizeof(struct sockaddr_in6);

	setcov(sfd, UDPLITE_SEND_CSCOV, cov);
	memset(data, tag, sizeof(data));
	if (sendto(sfd, data, sizeof(data), 0, (const struct sockaddr *)dst,
		   dlen) != PLEN)
		tst_brk(TBROK | TERRNO, "sendto()");
}

static void expect_tag(int rfd, char tag, const char *what)
{
	char got[PLEN + 1];

	recv_one(rfd, got, what);
	if (got[0] != tag)
		tst_res(TFAIL, "%s: got datagram '%c', expected '%c'", what,
			got[0], tag);
	else
		tst_res(TPASS, "%s: datagram '%c' delivered", what, tag);
}

static void check_recv_cscov(void)
{
	struct sockaddr_storage dst;
	int sfd, rfd, inq;
	long long err0, csum0, v;

	rfd = lite_bound(NET_B, 0, &dst);
	sfd = lite_socket(NET_A, SOCK_DGRAM, IPPROTO_UDPLITE);
	setcov(rfd, UDPLITE_RECV_CSCOV, 20);
	err0 = cnt(NET_B, "InErrors");
	csum0 = cnt(NET_B, "InCsumErrors");

	send_cov(sfd, 16, 'p', &dst);
	v = wait_cnt(NET_B, "InErrors", err0 + 1);
	NET_EXP_EQ(v - err0, 1, "InErrors for coverage 16 under a minimum of 20");
	send_cov(sfd, 20, 'q', &dst);
	expect_tag(rfd, 'q', "coverage 20, minimum 20");
	send_cov(sfd, 0, 'r', &dst);
	expect_tag(rfd, 'r', "full coverage, minimum 20");

	setcov(rfd, UDPLITE_RECV_CSCOV, 0);
	send_cov(sfd, 20, 's', &dst);
	v = wait_cnt(NET_B, "InErrors", err0 + 2);
	NET_EXP_EQ(v - err0, 2, "InErrors for coverage 20 when full is required");
	send_cov(sfd, 0, 't', &dst);
	expect_tag(rfd, 't', "full coverage required and sent");
	if (ioctl(rfd, SIOCINQ, &inq))
		tst_brk(TBROK | TERRNO, "ioctl(SIOCINQ)");
	NET_EXP_EQ(inq, 0, "SIOCINQ after the deliveries");
	NET_EXP_EQ(cnt(NET_B, "InCsumErrors") - csum0, 0,
		   "InCsumErrors for coverage below the receiver's minimum");
	close(sfd);
	close(rfd);
}

static void raw_send(int raw_s, const unsigned char *pkt,
		     const struct sockaddr_storage *dst)
{
	struct sockaddr_storage to = *dst;
	socklen_t dlen = fam == AF_INET ? sizeof(struct sockaddr_in) :
		sizeof(struct sockaddr_in6);

	((struct sockaddr_in *)&to)->sin_port = 0;
	if (sendto(raw_s, pkt, ULEN, 0, (struct sockaddr *)&to, dlen) != ULEN)
		tst_brk(TBROK | TERRNO, "raw sendto()");
}

/*
 * Wait (bounded) for InErrors + e and InCsumErrors + c. With fd >= 0,
 * non-blocking reads of fd meanwhile: a datagram that fails its
 * checksum is dropped and counted by the read that finds it queued,
 * and nothing may be returned. (poll() and SIOCINQ drop it too, but
 * count it in the IPv4 table even for an IPv6 socket: 6.1 and 6.12.)
 */
static void wait_errs(int fd, long long err0, long long csum0, int e, int c,
		      const char *what)
{
	long long end = tst_mono_ms() + net_ms(10000), ge, gc;
	int got = 0;
	char buf[PLEN + 1];

	for (;;) {
		if (fd >= 0 && recv(fd, buf, sizeof(buf), MSG_DONTWAIT) >= 0)
			got++;
		ge = cnt(NET_B, "InErrors") - err0;
		gc = cnt(NET_B, "InCsumErrors") - csum0;
		if ((ge >= e && gc >= c) || tst_mono_ms() > end)
			break;
		usleep(1000);
	}
	if (ge == e && gc == c)
		tst_res(TPASS, "%s: InErrors + %d, InCsumErrors + %d", what, e,
			c);
	else
		tst_res(TFAIL, "%s: InErrors + %lld, InCsumErrors + %lld, expected + %d, + %d",
			what, ge, gc, e, c);
	if (fd >= 0)
		NET_EXP_EQ(got, 0, "datagrams read");
}

static void check_crafted(void)
{
	unsigned char pkt[ULEN];
	struct sockaddr_storage src, dst;
	char got[PLEN + 1], want[PLEN];
	unsigned short dport;
	int rfd, raw_s, inq;
	long long err0, csum0, in0;

	rfd = lite_bound(NET_B, 0, &dst);
	dport = net_port(&dst);
	raw_s = lite_socket(NET_A, SOCK_RAW, IPPROTO_UDPLITE);
	if (bind(raw_s, (struct sockaddr *)&src,
		 net_addr(NET_A, fam, 0, &src)))
		tst_brk(TBROK | TERRNO, "bind(raw)");
	err0 = cnt(NET_B, "InErrors");
	csum0 = cnt(NET_B, "InCsumErrors");
	in0 = cnt(NET_B, "InDatagrams");

	make(pkt, dport, 20, 20, &src, &dst, 'u');
	pkt[60] ^= 0xff;
	raw_send(raw_s, pkt, &dst);
	recv_one(rfd, got, "byte 60 changed, coverage 20");
	memset(want, 'u', PLEN);
	want[52] ^= 0xff;
	if (memcmp(got, want, PLEN))
		tst_res(TFAIL, "a change after the coverage: payload not as sent");
	else
		tst_res(TPASS, "a change after the coverage delivered as changed");

	make(pkt, dport, 20, 20, &src, &dst, 'v');
	pkt[12] ^= 0xff;
	raw_send(raw_s, pkt, &dst);
	wait_errs(rfd, err0, csum0, 1, 1, "byte 12 changed, coverage 20");

	make(pkt, dport, 5, 8, &src, &dst, 'w');
	raw_send(raw_s, pkt, &dst);
	wait_errs(-1, err0, csum0, 2, 2, "coverage 5");
	make(pkt, dport, ULEN + 1, ULEN, &src, &dst, 'x');
	raw_send(raw_s, pkt, &dst);
	/* a coverage field beyond the datagram is a short packet */
	wait_errs(-1, err0, csum0, 3, 2, "coverage 109 of 108");
	make(pkt, dport, 0, ULEN, &src, &dst, 'y');
	pkt[6] = pkt[7] = 0;
	raw_send(raw_s, pkt, &dst);
	wait_errs(-1, err0, csum0, 4, 3, "checksum 0");

	make(pkt, dport, 0, ULEN, &src, &dst, 'z');
	raw_send(raw_s, pkt, &dst);
	expect_tag(rfd, 'z', "full coverage after the bad ones");
	if (ioctl(rfd, SIOCINQ, &inq))
		tst_brk(TBROK | TERRNO, "ioctl(SIOCINQ)");
	NET_EXP_EQ(inq, 0, "SIOCINQ after the last datagram");
	NET_EXP_EQ(cnt(NET_B, "InDatagrams") - in0, 2,
		   "InDatagrams for the hand-made datagrams");
	close(raw_s);
	close(rfd);
}

static void run(unsigned int n)
{
	fam = n ? AF_INET6 : AF_INET;
	tst_res(TINFO, "%s", n ? "IPv6" : "IPv4");
	check_opts();
	check_wire();
	check_recv_cscov();
	check_crafted();
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
