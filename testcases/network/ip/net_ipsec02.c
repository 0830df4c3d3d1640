// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * IPsec variants net_ipsec01 (ESP over IPv4) leaves out, in transport
 * mode between the two namespaces over NETLINK_XFRM: ESP over IPv6
 * (esp6, rfc4106(gcm(aes))), AH over IPv4 (ah4) and AH over IPv6 (ah6),
 * both AH with hmac(sha256) truncated to 128 bits. For each:
 * - three UDP datagrams arrive intact; the local net0 sends exactly three
 *   packets of the protocol (50, 51) with the SA's SPI and sequence
 *   numbers 1, 2, 3 between the hosts' addresses; ESP hides the payload,
 *   AH carries it in clear after a header whose next header is UDP and
 *   whose length is 5 (IPv4 SAs with XFRM_STATE_ALIGN4: 12 + 16 bytes
 *   4 byte aligned) or 6 (IPv6: 8 byte aligned, 32 bytes);
 * - the third packet injected again with sequence number 4 (so its ICV
 *   no longer matches) is dropped: XfrmInStateProtoError + 1 and the
 *   receiver SA's integrity_failed 1; the second injected unchanged is
 *   a replay: XfrmInStateSeqError + 1 and the SA's replay counter 1;
 *   neither is delivered, and the sender's real fourth datagram (sequence
 *   4) still is: the failed packet did not move the replay window;
 * - byte lifetimes: a hard byte limit of 1 lets exactly one datagram go,
 *   the next sendto() is EINVAL (XfrmOutStateExpired + 1) and the SA is
 *   deleted (GETSA ESRCH) (ESP6, AH6); a soft byte limit of 1 (AH4) sends
 *   XFRM_MSG_EXPIRE with hard 0 for the SA on the second datagram, none
 *   on the first, and both are delivered.
 * A protocol whose module is missing is TCONF for that case.
 */
#include <linux/if_packet.h>
#include <linux/if_ether.h>
#include "tst_test.h"
#include "net_hosts.h"
#include "net_xfrm.h"
#include <linux/xfrm.h>
#include <linux/ipsec.h>

#define SPI_AB 0x5000
#define SPI_BA 0x6000
#define SECRET "ipsec02-cleartext"

enum { ESP6, AH4, AH6, NCASES };

static const struct tcase {
	const char *desc;
	int family, proto;
	int ah_len;		/* AH payload length field */
} tcases[] = {
	[ESP6] = { "ESP over IPv6", AF_INET6, IPPROTO_ESP, 0 },
	[AH4] = { "AH over IPv4", AF_INET, IPPROTO_AH, 5 },
	[AH6] = { "AH over IPv6", AF_INET6, IPPROTO_AH, 6 },
};

static const char aead_key[20] = "0123456789abcdefsalt";
static const char auth_key[32] = "0123456789abcdef0123456789abcdef";
static unsigned char saved[3][2048];
static ssize_t saved_len[3];

static void addr(int h, int family, xfrm_address_t *a)
{
	struct sockaddr_storage ss;

	net_addr(h, family, 0, &ss);
	memset(a, 0, sizeof(*a));
	memcpy(a, net_rawaddr(&ss), family == AF_INET ? 4 : 16);
}

struct xfrm_ans {
	void *buf;
	size_t len;
	int type;
};

static void xfrm_copy(struct nlmsghdr *nh, void *priv)
{
	struct xfrm_ans *a = priv;

	if (NLMSG_PAYLOAD(nh, 0) >= a->len)
		memcpy(a->buf, NLMSG_DATA(nh), a->len);
}

static int xfrm_sock(void)
{
	int fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_XFRM);

	if (fd < 0 && errno == EPROTONOSUPPORT)
		tst_brk(TCONF | TERRNO, "no NETLINK_XFRM (xfrm_user missing)");
	if (fd < 0)
		tst_brk(TBROK | TERRNO, "socket(NETLINK_XFRM)");
	return fd;
}

static int xfrm_talk(struct rtnl_msg *m, void *ans, size_t alen)
{
	struct xfrm_ans a = { ans, alen, 0 };
	int fd = xfrm_sock(), ret;

	ret = rtnl_talk_fd(fd, m, ans ? xfrm_copy : NULL, &a);
	close(fd);
	return ret;
}

/* An SA of case c from host s to host d in the current namespace. */
static int sa_add(int c, int s, int d, uint32_t spi, uint64_t soft_bytes,
		  uint64_t hard_bytes)
{
	static struct rtnl_msg m;
	const struct tcase *tc = &tcases[c];
	struct xfrm_usersa_info sa = { 0 };
	struct {
		struct xfrm_algo_aead a;
		char key[20];
	} aead = { 0 };
	struct {
		struct xfrm_algo_auth a;
		char key[32];
	} auth = { 0 };

	addr(d, tc->family, &sa.id.daddr);
	addr(s, tc->family, &sa.saddr);
	sa.id.spi = htonl(spi);
	sa.id.proto = tc->proto;
	sa.family = tc->family;
	sa.mode = XFRM_MODE_TRANSPORT;
	sa.replay_window = 32;
	sa.reqid = spi;
	if (tc->ah_len == 5)
		sa.flags = XFRM_STATE_ALIGN4;
	sa.lft.soft_byte_limit = soft_bytes ? soft_bytes : XFRM_INF;
	sa.lft.hard_byte_limit = hard_bytes ? hard_bytes : XFRM_INF;
	sa.lft.soft_packet_limit = sa.lft.hard_packet_limit = XFRM_INF;
	rtnl_msg_init(&m, XFRM_MSG_NEWSA, 0, &sa, sizeof(sa));
	if (tc->proto == IPPROTO_ESP) {
		strcpy(aead.a.alg_name, "rfc4106(gcm(aes))");
		aead.a.alg_key_len = 160;
		aead.a.alg_icv_len = 128;
		memcpy(aead.key, aead_key, sizeof(aead.key));
		rtnl_put(&m, XFRMA_ALG_AEAD, &aead, sizeof(aead));
	} else {
		strcpy(auth.a.alg_name, "hmac(sha256)");
		auth.a.alg_key_len = 256;
		auth.a.alg_trunc_len = 128;
		memcpy(auth.key, auth_key, sizeof(auth.key));
		rtnl_put(&m, XFRMA_ALG_AUTH_TRUNC, &auth, sizeof(auth));
	}
	return xfrm_talk(&m, NULL, 0);
}

static int sa_get(int c, int d, uint32_t spi, struct xfrm_usersa_info *out)
{
	static struct rtnl_msg m;
	struct xfrm_usersa_id id = { 0 };

	addr(d, tcases[c].family, &id.daddr);
	id.spi = htonl(spi);
	id.family = tcases[c].family;
	id.proto = tcases[c].proto;
	rtnl_msg_init(&m, XFRM_MSG_GETSA, 0, &id, sizeof(id));
	memset(out, 0, sizeof(*out));
	return xfrm_talk(&m, out, sizeof(*out));
}

/* A UDP policy of case c in the current host h, dir, to/from peer. */
static int pol_add(int c, int h, int dir, uint32_t reqid)
{
	static struct rtnl_msg m;
	const struct tcase *tc = &tcases[c];
	struct xfrm_userpolicy_info p = { 0 };
	struct xfrm_user_tmpl t = { 0 };
	int peer = h == NET_A ? NET_B : NET_A;
	int src = dir == XFRM_POLICY_OUT ? h : peer;
	int dst = dir == XFRM_POLICY_OUT ? peer : h;
	int plen = tc->family == AF_INET ? 32 : 128;

	addr(src, tc->family, &p.sel.saddr);
	addr(dst, tc->family, &p.sel.daddr);
	p.sel.prefixlen_s = p.sel.prefixlen_d = plen;
	p.sel.family = tc->family;
	p.sel.proto = IPPROTO_UDP;
	p.lft.soft_byte_limit = p.lft.hard_byte_limit = XFRM_INF;
	p.lft.soft_packet_limit = p.lft.hard_packet_limit = XFRM_INF;
	p.dir = dir;
	p.action = XFRM_POLICY_ALLOW;
	p.priority = 100;
	rtnl_msg_init(&m, XFRM_MSG_NEWPOLICY, 0, &p, sizeof(p));
	addr(dst, tc->family, &t.id.daddr);
	addr(src, tc->family, &t.saddr);
	t.id.proto = tc->proto;
	t.family = tc->family;
	t.reqid = reqid;
	t.mode = XFRM_MODE_TRANSPORT;
	t.aalgos = t.ealgos = t.calgos = ~0U;
	rtnl_put(&m, XFRMA_TMPL, &t, sizeof(t));
	return xfrm_talk(&m, NULL, 0);
}

static void flush(int h)
{
	static struct rtnl_msg m;
	struct xfrm_usersa_flush f = { .proto = IPSEC_PROTO_ANY };

	net_enter(h);
	rtnl_msg_init(&m, XFRM_MSG_FLUSHSA, 0, &f, sizeof(f));
	RTNL_SAFE(xfrm_talk(&m, NULL, 0));
	rtnl_msg_init(&m, XFRM_MSG_FLUSHPOLICY, 0, NULL, 0);
	RTNL_SAFE(xfrm_talk(&m, NULL, 0));
}

/* SAs and policies of case c on both hosts: 0 or the first -errno. */
static int sas(int c, uint64_t soft_bytes, uint64_t hard_bytes)
{
	int h, ret;

	for (h = NET_A; h <= NET_B; h++) {
		flush(h);
		ret = sa_add(c, NET_A, NET_B, SPI_AB,
			     h == NET_A ? soft_bytes : 0,
			     h == NET_A ? hard_bytes : 0);
		if (ret)
			return ret;
		RTNL_SAFE(sa_add(c, NET_B, NET_A, SPI_BA, 0, 0));
		RTNL_SAFE(pol_add(c, h, XFRM_POLICY_OUT,
				  h == NET_A ? SPI_AB : SPI_BA));
		RTNL_SAFE(pol_add(c, h, XFRM_POLICY_IN,
				  h == NET_A ? SPI_BA : SPI_AB));
	}
	return 0;
}

static int capture(void)
{
	struct sockaddr_ll sll = {
		.sll_family = AF_PACKET, .sll_protocol = htons(ETH_P_ALL),
	};
	int fd;

	net_enter(NET_A);
	sll.sll_ifindex = rtnl_ifindex("net0");
	fd = socket(AF_PACKET, SOCK_DGRAM, htons(ETH_P_ALL));
	if (fd < 0 || bind(fd, (struct sockaddr *)&sll, sizeof(sll)))
		tst_brk(TBROK | TERRNO, "packet socket on net0");
	return fd;
}

/* Send datagram i from s to r's address; 1 if r got it intact. */
static int udp_once(int c, int s, int r, int i, int expect)
{
	struct sockaddr_storage ra;
	socklen_t len = sizeof(ra);
	char msg[64], buf[64];
	ssize_t n;

	if (getsockname(r, (struct sockaddr *)&ra, &len))
		tst_brk(TBROK | TERRNO, "getsockname()");
	snprintf(msg, sizeof(msg), SECRET "-%d-%d", c, i);
	if (sendto(s, msg, strlen(msg), 0, (struct sockaddr *)&ra, len) !=
	    (ssize_t)strlen(msg))
		tst_brk(TBROK | TERRNO, "sendto()");
	if (!expect)
		return 0;
	if (!net_poll(r, POLLIN, 10000))
		return 0;
	n = recv(r, buf, sizeof(buf), MSG_DONTWAIT);
	return n == (ssize_t)strlen(msg) && !memcmp(buf, msg, n);
}

/* The IPsec packets of case c the local host sent; the first 3 saved. */
static void wire(int c, int cap)
{
	const struct tcase *tc = &tcases[c];
	xfrm_address_t a, b;
	unsigned char buf[2048];
	struct sockaddr_ll from;
	socklen_t len;
	ssize_t n;
	int count = 0, leak = 0, bad = 0, alen, hlen, nxt, off;
	uint32_t spi, seq[3] = { 0 };

	addr(NET_A, tc->family, &a);
	addr(NET_B, tc->family, &b);
	alen = tc->family == AF_INET ? 4 : 16;
	hlen = tc->family == AF_INET ? 20 : 40;
	for (;;) {
		len = sizeof(from);
		n = recvfrom(cap, buf, sizeof(buf), MSG_DONTWAIT,
			     (struct sockaddr *)&from, &len);
		if (n < 0)
			break;
		if (from.sll_pkttype != PACKET_OUTGOING || n < hlen + 12)
			continue;
		if (memmem(buf, n, SECRET, sizeof(SECRET) - 1))
			leak++;
		nxt = tc->family == AF_INET ? buf[9] : buf[6];
		if (ntohs(from.sll_protocol) !=
		    (tc->family == AF_INET ? ETH_P_IP : ETH_P_IPV6) ||
		    nxt != tc->proto)
			continue;
		off = tc->family == AF_INET ? 12 : 8;
		if (memcmp(buf + off, &a, alen) ||
		    memcmp(buf + off + alen, &b, alen))
			bad++;
		if (tc->proto == IPPROTO_AH) {
			if (buf[hlen] != IPPROTO_UDP || buf[hlen + 1] != tc->ah_len)
				bad++;
			memcpy(&spi, buf + hlen + 4, 4);
		} else {
			memcpy(&spi, buf + hlen, 4);
		}
		if (ntohl(spi) != SPI_AB)
			bad++;
		if (count < 3) {
			uint32_t q;

			memcpy(&q, buf + hlen + (tc->proto == IPPROTO_AH ? 8 : 4),
			       4);
			seq[count] = ntohl(q);
			memcpy(saved[count], buf, n);
			saved_len[count] = n;
		}
		count++;
	}
	NET_EXP_EQ(count, 3, "IPsec packets sent on net0");
	NET_EXP_EQ(bad, 0, "packets with other addresses, SPI or AH header "
		   "(next header, length)");
	if (seq[0] == 1 && seq[1] == 2 && seq[2] == 3)
		tst_res(TPASS, "sequence numbers 1, 2, 3");
	else
		tst_res(TFAIL, "sequence numbers %u, %u, %u", seq[0], seq[1],
			seq[2]);
	if (tc->proto == IPPROTO_AH)
		NET_EXP_EQ(leak, 3, "AH packets with the payload in clear");
	else
		NET_EXP_EQ(leak, 0, "packets with the plaintext");
}

/* Send the saved packet i again from the local net0 to the remote. */
static void inject(int c, int i)
{
	struct sockaddr_ll sll = { .sll_family = AF_PACKET, .sll_halen = 6 };
	struct rtnl_link_info li;
	int fd;

	net_enter(NET_B);
	RTNL_SAFE(rtnl_link_get(0, "net0", &li));
	memcpy(sll.sll_addr, li.addr, 6);
	net_enter(NET_A);
	sll.sll_ifindex = rtnl_ifindex("net0");
	sll.sll_protocol = htons(tcases[c].family == AF_INET ? ETH_P_IP :
				 ETH_P_IPV6);
	fd = socket(AF_PACKET, SOCK_DGRAM, 0);
	if (fd < 0)
		tst_brk(TBROK | TERRNO, "socket(AF_PACKET)");
	if (sendto(fd, saved[i], saved_len[i], 0, (struct sockaddr *)&sll,
		   sizeof(sll)) != saved_len[i])
		tst_brk(TBROK | TERRNO, "sendto(AF_PACKET)");
	close(fd);
}

static void tampered(int c, int s, int r)
{
	const struct tcase *tc = &tcases[c];
	int hlen = tc->family == AF_INET ? 20 : 40;
	int seqoff = hlen + (tc->proto == IPPROTO_AH ? 8 : 4);
	struct xfrm_usersa_info info;
	uint32_t four = htonl(4);
	long long e0, e1;

	if (saved_len[2] < seqoff + 4 || saved_len[1] < seqoff + 4) {
		tst_res(TFAIL, "no packets to inject");
		return;
	}
	memcpy(saved[2] + seqoff, &four, 4);
	e0 = net_xfrm_stat(NET_B, "XfrmInStateProtoError");
	inject(c, 2);
	e1 = net_xfrm_stat_wait(NET_B, "XfrmInStateProtoError", e0);
	NET_EXP_EQ(e1 - e0, 1, "XfrmInStateProtoError for a changed packet");
	net_enter(NET_B);
	RTNL_SAFE(sa_get(c, NET_B, SPI_AB, &info));
	NET_EXP_EQ(info.stats.integrity_failed, 1,
		   "receiver SA's integrity_failed");

	e0 = net_xfrm_stat(NET_B, "XfrmInStateSeqError");
	inject(c, 1);
	e1 = net_xfrm_stat_wait(NET_B, "XfrmInStateSeqError", e0);
	NET_EXP_EQ(e1 - e0, 1, "XfrmInStateSeqError for a replayed packet");
	net_enter(NET_B);
	RTNL_SAFE(sa_get(c, NET_B, SPI_AB, &info));
	NET_EXP_EQ(info.stats.replay, 1, "receiver SA's replay counter");
	NET_EXP_EQ(net_poll(r, POLLIN, 0), 0,
		   "poll() of the receiver after the injections");
	NET_EXP_EQ(udp_once(c, s, r, 4, 1), 1,
		   "the real fourth datagram (sequence 4) arrives");
	NET_EXP_EQ(info.curlft.packets, 3, "receiver SA's packets before it");
}

static void hard_bytes(int c)
{
	struct xfrm_usersa_info info;
	struct sockaddr_storage ra;
	struct timespec t0, t;
	socklen_t len = sizeof(ra);
	long long e0;
	int s, r, err;

	RTNL_SAFE(sas(c, 0, 1));
	r = net_bound(NET_B, tcases[c].family, SOCK_DGRAM, NULL);
	s = net_bound(NET_A, tcases[c].family, SOCK_DGRAM, NULL);
	NET_EXP_EQ(udp_once(c, s, r, 10, 1), 1,
		   "first datagram with a hard byte limit of 1");
	e0 = net_xfrm_stat(NET_A, "XfrmOutStateExpired");
	if (getsockname(r, (struct sockaddr *)&ra, &len))
		tst_brk(TBROK | TERRNO, "getsockname()");
	net_enter(NET_A);
	TST_EXP_FAIL(sendto(s, "x", 1, 0, (struct sockaddr *)&ra, len),
		     EINVAL, "second datagram past the hard byte limit");
	NET_EXP_EQ(net_xfrm_stat(NET_A, "XfrmOutStateExpired") - e0, 1,
		   "XfrmOutStateExpired");
	clock_gettime(CLOCK_MONOTONIC, &t0);
	net_enter(NET_A);
	while ((err = sa_get(c, NET_B, SPI_AB, &info)) == 0) {
		clock_gettime(CLOCK_MONOTONIC, &t);
		if ((t.tv_sec - t0.tv_sec) * 1000 > net_ms(10000))
			break;
		usleep(1000);
	}
	NET_EXP_EQ(err, -ESRCH, "GETSA of the expired SA (-ESRCH)");
	close(r);
	close(s);
}

/* The XFRM_MSG_EXPIRE messages for SPI_AB queued on fd: hard flag in *hard. */
static int expires(int fd, int *hard)
{
	static char buf[8192];
	struct nlmsghdr *nh;
	ssize_t n;
	int count = 0;

	while ((n = recv(fd, buf, sizeof(buf), MSG_DONTWAIT)) > 0) {
		for (nh = (struct nlmsghdr *)buf; NLMSG_OK(nh, n);
		     nh = NLMSG_NEXT(nh, n)) {
			struct xfrm_user_expire *e = NLMSG_DATA(nh);

			if (nh->nlmsg_type != XFRM_MSG_EXPIRE ||
			    ntohl(e->state.id.spi) != SPI_AB)
				continue;
			*hard = e->hard;
			count++;
		}
	}
	return count;
}

static void soft_bytes(int c)
{
	struct sockaddr_nl snl = { .nl_family = AF_NETLINK,
				   .nl_groups = XFRMGRP_EXPIRE };
	int s, r, fd, hard = -1;

	RTNL_SAFE(sas(c, 1, 0));
	net_enter(NET_A);
	fd = xfrm_sock();
	if (bind(fd, (struct sockaddr *)&snl, sizeof(snl)))
		tst_brk(TBROK | TERRNO, "bind(XFRMGRP_EXPIRE)");
	r = net_bound(NET_B, tcases[c].family, SOCK_DGRAM, NULL);
	s = net_bound(NET_A, tcases[c].family, SOCK_DGRAM, NULL);
	NET_EXP_EQ(udp_once(c, s, r, 10, 1), 1,
		   "first datagram with a soft byte limit of 1");
	NET_EXP_EQ(expires(fd, &hard), 0, "XFRM_MSG_EXPIRE after it");
	NET_EXP_EQ(udp_once(c, s, r, 11, 1), 1,
		   "second datagram past the soft byte limit");
	NET_EXP_EQ(expires(fd, &hard), 1, "XFRM_MSG_EXPIRE after it");
	NET_EXP_EQ(hard, 0, "XFRM_MSG_EXPIRE's hard flag");
	close(fd);
	close(r);
	close(s);
}

static void run(unsigned int c)
{
	const struct tcase *tc = &tcases[c];
	int cap, r, s, i, ok = 0, ret;

	tst_res(TINFO, "%s", tc->desc);
	ret = sas(c, 0, 0);
	if (ret == -EPROTONOSUPPORT || ret == -ENOSYS || ret == -ENOENT) {
		tst_res(TCONF, "no %s: %s", tc->desc, tst_strerrno(-ret));
		return;
	}
	RTNL_SAFE(ret);
	cap = capture();
	r = net_bound(NET_B, tc->family, SOCK_DGRAM, NULL);
	s = net_bound(NET_A, tc->family, SOCK_DGRAM, NULL);
	for (i = 1; i <= 3; i++)
		ok += udp_once(c, s, r, i, 1);
	NET_EXP_EQ(ok, 3, "datagrams through the SA intact");
	wire(c, cap);
	close(cap);
	tampered(c, s, r);
	close(r);
	close(s);
	if (c == AH4)
		soft_bytes(c);
	else
		hard_bytes(c);
	flush(NET_A);
	flush(NET_B);
}

static void setup(void)
{
	net_hosts_setup();
}

static struct tst_test test = {
	.tcnt = NCASES,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.timeout = 60,
};
