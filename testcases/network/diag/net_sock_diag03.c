// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * raw_diag (inet_diag with sdiag_protocol IPPROTO_RAW) in the local
 * host, which holds only the test's raw sockets: ICMP (unbound), UDP
 * protocol 17 (bound to 10.99.1.1, connected to 10.99.1.2), IPPROTO_RAW,
 * and ICMPv6 bound to fd99:1::1; the remote host has one raw ICMP socket:
 * - the AF_INET dump holds exactly the three IPv4 sockets: the inode of
 *   fstat(), the protocol in INET_DIAG_PROTOCOL, the source port equal
 *   to the protocol (inet_num), state CLOSE or ESTABLISHED (connected),
 *   the bound and the connected addresses; the remote's socket only in
 *   the remote's dump; the AF_INET6 dump exactly the ICMPv6 socket;
 * - a dump with a source port (the protocol) filters: only ICMP;
 * - a lookup by protocol and addresses (sdiag_raw_protocol) finds the
 *   UDP protocol socket, ENOENT for protocol 50; the ICMPv6 one by its
 *   address;
 * - SOCK_DESTROY of the connected socket: its recv() ECONNABORTED, it
 *   leaves the dump (disconnected and unhashed), a second SOCK_DESTROY
 *   ENOENT.
 */
#include <linux/in6.h>
#include "tst_test.h"
#include "lapi/sock_states.h"
#include "sock_diag.h"

#define MAXE 16

struct rent {
	int family, state, proto;
	unsigned int sport, dport;
	uint32_t src[4], dst[4];
	unsigned long ino;
};

struct rlist {
	int n;
	struct rent e[MAXE];
};

static int r_icmp, r_udp, r_raw, r_icmp6, r_remote;

static void raw_cb(struct nlmsghdr *nh, void *priv)
{
	struct rlist *l = priv;
	struct inet_diag_msg *r = NLMSG_DATA(nh);
	struct rtattr *rta;
	struct rent *e;

	if (nh->nlmsg_type != SOCK_DIAG_BY_FAMILY || l->n >= MAXE)
		return;
	e = &l->e[l->n++];
	memset(e, 0, sizeof(*e));
	e->family = r->idiag_family;
	e->state = r->idiag_state;
	e->sport = ntohs(r->id.idiag_sport);
	e->dport = ntohs(r->id.idiag_dport);
	memcpy(e->src, r->id.idiag_src, sizeof(e->src));
	memcpy(e->dst, r->id.idiag_dst, sizeof(e->dst));
	e->ino = r->idiag_inode;
	e->proto = -1;
	rta = rtnl_attr(nh, sizeof(*r), INET_DIAG_PROTOCOL);
	if (rta)
		e->proto = *(uint8_t *)RTA_DATA(rta);
}

/* A dump (or a lookup with type 0 flags) of host h's raw sockets. */
static int raw_req(int h, int type, int flags, int family, int proto,
		   unsigned int sport, const void *src, const void *dst,
		   struct rlist *l)
{
	static struct rtnl_msg m;
	struct inet_diag_req_raw req = {
		.sdiag_family = family, .sdiag_protocol = IPPROTO_RAW,
		.sdiag_raw_protocol = proto, .idiag_states = ~0u,
	};
	size_t alen = family == AF_INET ? 4 : 16;

	req.id.idiag_sport = htons(sport);
	req.id.idiag_cookie[0] = INET_DIAG_NOCOOKIE;
	req.id.idiag_cookie[1] = INET_DIAG_NOCOOKIE;
	if (src)
		memcpy(req.id.idiag_src, src, alen);
	if (dst)
		memcpy(req.id.idiag_dst, dst, alen);
	net_enter(h);
	memset(l, 0, sizeof(*l));
	rtnl_msg_init(&m, type, flags, &req, sizeof(req));
	return diag_talk(&m, raw_cb, l);
}

static int raw_dump(int h, int family, unsigned int sport, struct rlist *l)
{
	return raw_req(h, SOCK_DIAG_BY_FAMILY, NLM_F_DUMP, family, 0, sport,
		       NULL, NULL, l);
}

static const struct rent *by_ino(const struct rlist *l, int fd)
{
	unsigned long ino = diag_ino(fd);
	int i;

	for (i = 0; i < l->n; i++)
		if (l->e[i].ino == ino)
			return &l->e[i];
	return NULL;
}

/* Check the entry of fd: 0 if right, 1 (with TFAIL) if not. */
static int check(const struct rlist *l, int fd, const char *name, int proto,
		 int state, const char *src, const char *dst)
{
	const struct rent *e = by_ino(l, fd);
	uint32_t s[4] = { 0 }, d[4] = { 0 };
	size_t alen;

	if (!e) {
		tst_res(TFAIL, "%s: not in the dump", name);
		return 1;
	}
	alen = e->family == AF_INET ? 4 : 16;
	if (src)
		inet_pton(e->family, src, s);
	if (dst)
		inet_pton(e->family, dst, d);
	if (e->proto != proto || (int)e->sport != proto ||
	    e->state != state || e->dport || memcmp(e->src, s, alen) ||
	    memcmp(e->dst, d, alen)) {
		tst_res(TFAIL, "%s: protocol %d sport %u state %d dport %u, src/dst %s; expected protocol and sport %d, state %d",
			name, e->proto, e->sport, e->state, e->dport,
			memcmp(e->src, s, alen) || memcmp(e->dst, d, alen) ?
			"wrong" : "right", proto, state);
		return 1;
	}
	return 0;
}

static void dumps(void)
{
	struct rlist l;
	int bad = 0;

	TST_EXP_EQ_LI(raw_dump(NET_A, AF_INET, 0, &l), 0);
	NET_EXP_EQ(l.n, 3, "raw IPv4 sockets in the local dump");
	bad |= check(&l, r_icmp, "ICMP", IPPROTO_ICMP, SK_ST_CLOSE, NULL, NULL);
	bad |= check(&l, r_udp, "UDP protocol", IPPROTO_UDP, SK_ST_ESTABLISHED,
		     "10.99.1.1", "10.99.1.2");
	bad |= check(&l, r_raw, "IPPROTO_RAW", IPPROTO_RAW, SK_ST_CLOSE, NULL,
		     NULL);
	if (by_ino(&l, r_remote)) {
		tst_res(TFAIL, "the remote's socket in the local dump");
		bad = 1;
	}
	if (!bad)
		tst_res(TPASS, "local IPv4 dump: exactly the three sockets, protocol, port, state, addresses");

	TST_EXP_EQ_LI(raw_dump(NET_B, AF_INET, 0, &l), 0);
	NET_EXP_EQ(l.n, 1, "raw IPv4 sockets in the remote dump");
	if (!check(&l, r_remote, "remote ICMP", IPPROTO_ICMP, SK_ST_CLOSE,
		   NULL, NULL))
		tst_res(TPASS, "remote dump: its own ICMP socket");

	TST_EXP_EQ_LI(raw_dump(NET_A, AF_INET6, 0, &l), 0);
	NET_EXP_EQ(l.n, 1, "raw IPv6 sockets in the local dump");
	if (!check(&l, r_icmp6, "ICMPv6", IPPROTO_ICMPV6, SK_ST_CLOSE,
		   "fd99:1::1", NULL))
		tst_res(TPASS, "local IPv6 dump: the ICMPv6 socket, bound address");

	TST_EXP_EQ_LI(raw_dump(NET_A, AF_INET, IPPROTO_ICMP, &l), 0);
	if (l.n == 1 && by_ino(&l, r_icmp))
		tst_res(TPASS, "dump with source port 1: only the ICMP socket");
	else
		tst_res(TFAIL, "dump with source port 1: %d entries", l.n);
}

static void lookups(void)
{
	struct in_addr a, b;
	struct in6_addr a6;
	struct rlist l;
	int ret;

	inet_pton(AF_INET, "10.99.1.1", &a);
	inet_pton(AF_INET, "10.99.1.2", &b);
	ret = raw_req(NET_A, SOCK_DIAG_BY_FAMILY, 0, AF_INET, IPPROTO_UDP, 0,
		      &a, &b, &l);
	if (!ret && l.n == 1 && by_ino(&l, r_udp))
		tst_res(TPASS, "lookup of protocol 17 by addresses: the UDP protocol socket");
	else
		tst_res(TFAIL, "lookup of protocol 17: %s, %d entries",
			tst_strerrno(-ret), l.n);
	TST_EXP_EQ_LI(raw_req(NET_A, SOCK_DIAG_BY_FAMILY, 0, AF_INET, 50, 0,
			      &a, &b, &l), -ENOENT);
	inet_pton(AF_INET6, "fd99:1::1", &a6);
	ret = raw_req(NET_A, SOCK_DIAG_BY_FAMILY, 0, AF_INET6, IPPROTO_ICMPV6,
		      0, &a6, NULL, &l);
	if (!ret && l.n == 1 && by_ino(&l, r_icmp6))
		tst_res(TPASS, "lookup of protocol 58 by address: the ICMPv6 socket");
	else
		tst_res(TFAIL, "lookup of protocol 58: %s, %d entries",
			tst_strerrno(-ret), l.n);
}

static void destroy(void)
{
	struct in_addr a, b;
	struct rlist l;
	char c;

	inet_pton(AF_INET, "10.99.1.1", &a);
	inet_pton(AF_INET, "10.99.1.2", &b);
	TST_EXP_EQ_LI(raw_req(NET_A, SOCK_DESTROY, 0, AF_INET, IPPROTO_UDP, 0,
			      &a, &b, &l), 0);
	TST_EXP_FAIL(recv(r_udp, &c, 1, MSG_DONTWAIT), ECONNABORTED,
		     "recv() on the destroyed raw socket");
	TST_EXP_EQ_LI(raw_dump(NET_A, AF_INET, 0, &l), 0);
	if (l.n == 2 && !by_ino(&l, r_udp) && by_ino(&l, r_icmp) &&
	    by_ino(&l, r_raw))
		tst_res(TPASS, "the destroyed socket left the dump, the others stay");
	else
		tst_res(TFAIL, "after SOCK_DESTROY: %d entries, destroyed one %s",
			l.n, by_ino(&l, r_udp) ? "still there" : "gone");
	TST_EXP_EQ_LI(raw_req(NET_A, SOCK_DESTROY, 0, AF_INET, IPPROTO_UDP, 0,
			      &a, &b, &l), -ENOENT);
}

static void run(void)
{
	struct sockaddr_storage ss;

	net_enter(NET_A);
	r_icmp = socket(AF_INET, SOCK_RAW, IPPROTO_ICMP);
	r_udp = socket(AF_INET, SOCK_RAW, IPPROTO_UDP);
	r_raw = socket(AF_INET, SOCK_RAW, IPPROTO_RAW);
	r_icmp6 = socket(AF_INET6, SOCK_RAW, IPPROTO_ICMPV6);
	if (r_icmp < 0 || r_udp < 0 || r_raw < 0 || r_icmp6 < 0)
		tst_brk(TBROK | TERRNO, "raw socket()");
	net_addr(NET_A, AF_INET, 0, &ss);
	if (bind(r_udp, (struct sockaddr *)&ss, sizeof(struct sockaddr_in)))
		tst_brk(TBROK | TERRNO, "bind(raw)");
	net_addr(NET_B, AF_INET, 0, &ss);
	if (connect(r_udp, (struct sockaddr *)&ss, sizeof(struct sockaddr_in)))
		tst_brk(TBROK | TERRNO, "connect(raw)");
	net_addr(NET_A, AF_INET6, 0, &ss);
	if (bind(r_icmp6, (struct sockaddr *)&ss, sizeof(struct sockaddr_in6)))
		tst_brk(TBROK | TERRNO, "bind(raw ICMPv6)");
	net_enter(NET_B);
	r_remote = socket(AF_INET, SOCK_RAW, IPPROTO_ICMP);
	if (r_remote < 0)
		tst_brk(TBROK | TERRNO, "raw socket() in the remote host");

	dumps();
	lookups();
	destroy();
	close(r_icmp);
	close(r_udp);
	close(r_raw);
	close(r_icmp6);
	close(r_remote);
}

static void setup(void)
{
	struct rlist l;

	net_hosts_setup();
	/*
	 * inet_diag answers ENOENT for a protocol without a handler, after
	 * trying to load sock-diag module raw_diag.
	 */
	if (raw_dump(NET_A, AF_INET, 0, &l) == -ENOENT)
		tst_brk(TCONF, "no raw_diag handler (CONFIG_INET_RAW_DIAG)");
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
};
