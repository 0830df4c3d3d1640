// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * NAT of ports on the router, IPv4 and IPv6 (an inet table):
 *
 *	pre:  daddr remote udp dport 33001 dnat to remote:PU
 *	      daddr remote tcp dport 33002 dnat to remote:PT
 *	post: oifname net1 snat to 10.99.3.1 (fd99:3::1) :40000-40001
 *
 * (PU, PT: the remote sockets' own ports; 10.99.3.1 is no host's, the
 * remote host routes it back through the router.)
 * - nat EINVAL without an address or port register and without a
 *   family, EOPNOTSUPP for NAT type 2;
 * - UDP: a datagram from local port 40000 to remote:33001 arrives at
 *   remote:PU from 10.99.3.1:40000 (a source port in the range is kept),
 *   one from another local port from 10.99.3.1:40001 (the only free
 *   port of the range: the first one's holds the tuple); the remote's
 *   answers reach each local socket from remote:33001 (both NATs undone);
 * - TCP: a connection to remote:33002 is accepted on PT from 10.99.3.1
 *   and a port of the range, the client's peer is remote:33002, data
 *   goes both ways;
 * - each DNAT rule counted only its flow's first packet.
 */
#include "tst_test.h"
#include "net_hosts.h"
#include "net_nft.h"

#define TABLE "ltp_natport"
#define VPU 33001
#define VPT 33002
#define PMIN 40000
#define PMAX 40001

static struct nft_batch b;

static int alen(int family)
{
	return family == AF_INET ? 4 : 16;
}

/* nat of type with the registers given (0: none), family < 0: none. */
static void nat(int type, int family, int amin, int amax, int pmin,
		int pmax)
{
	nft_expr_begin(&b, "nat");
	nft_put_be32(&b, NFTA_NAT_TYPE, type);
	if (family >= 0)
		nft_put_be32(&b, NFTA_NAT_FAMILY, family);
	if (amin)
		nft_put_be32(&b, NFTA_NAT_REG_ADDR_MIN, amin);
	if (amax)
		nft_put_be32(&b, NFTA_NAT_REG_ADDR_MAX, amax);
	if (pmin)
		nft_put_be32(&b, NFTA_NAT_REG_PROTO_MIN, pmin);
	if (pmax)
		nft_put_be32(&b, NFTA_NAT_REG_PROTO_MAX, pmax);
	nft_expr_end(&b);
}

static void table(void)
{
	net_enter(NET_R);
	nft_begin(&b, NFPROTO_INET, TABLE);
	nft_add_table(&b, 0);
	nft_add_chain(&b, "pre", "nat", NF_INET_PRE_ROUTING, -100, NF_ACCEPT,
		      0);
	nft_add_chain(&b, "post", "nat", NF_INET_POST_ROUTING, 100,
		      NF_ACCEPT, 0);
}

static void errnos(void)
{
	table();
	nft_rule_begin(&b, "pre", 0);
	nat(NFT_NAT_DNAT, NFPROTO_IPV4, 0, 0, 0, 0);
	nft_rule_end(&b);
	nft_exp(nft_commit(&b), -EINVAL, "nat without address or port");
	table();
	nft_rule_begin(&b, "pre", 0);
	nat(NFT_NAT_DNAT, -1, NFT_REG_1, 0, 0, 0);
	nft_rule_end(&b);
	nft_exp(nft_commit(&b), -EINVAL, "nat without a family");
	table();
	nft_rule_begin(&b, "pre", 0);
	nat(2, NFPROTO_IPV4, NFT_REG_1, 0, 0, 0);
	nft_rule_end(&b);
	nft_exp(nft_commit(&b), -EOPNOTSUPP, "nat type 2");
	nft_exp(nft_get_table(NFPROTO_INET, TABLE), -ENOENT,
		"GETTABLE after the failed batches");
}

static void snat_addr(int family, struct sockaddr_storage *ss,
		      unsigned short port)
{
	memset(ss, 0, sizeof(*ss));
	ss->ss_family = family;
	if (family == AF_INET) {
		struct sockaddr_in *s = (struct sockaddr_in *)ss;

		inet_pton(AF_INET, "10.99.3.1", &s->sin_addr);
		s->sin_port = htons(port);
	} else {
		struct sockaddr_in6 *s = (struct sockaddr_in6 *)ss;

		inet_pton(AF_INET6, "fd99:3::1", &s->sin6_addr);
		s->sin6_port = htons(port);
	}
}

static void dnat_rule(int family, struct sockaddr_storage *bto, int proto,
		      unsigned short vport)
{
	uint16_t p = htons(net_port(bto));

	nft_rule_begin(&b, "pre", 0);
	nft_match_addr(&b, nft_nfproto(family), 1, net_rawaddr(bto));
	nft_match_l4dport(&b, proto, vport);
	nft_counter(&b);
	nft_immediate(&b, NFT_REG_1, net_rawaddr(bto), alen(family));
	nft_immediate(&b, NFT_REG_2, &p, 2);
	nat(NFT_NAT_DNAT, nft_nfproto(family), NFT_REG_1, 0, NFT_REG_2, 0);
	nft_rule_end(&b);
}

static void snat_rule(int family)
{
	struct sockaddr_storage s;
	uint16_t lo = htons(PMIN), hi = htons(PMAX);

	snat_addr(family, &s, 0);
	nft_rule_begin(&b, "post", 0);
	nft_match_nfproto(&b, nft_nfproto(family));
	nft_match_ifname(&b, NFT_META_OIFNAME, "net1");
	nft_immediate(&b, NFT_REG_1, net_rawaddr(&s), alen(family));
	nft_immediate(&b, NFT_REG_3, &lo, 2);
	nft_immediate(&b, NFT_REG_4, &hi, 2);
	nat(NFT_NAT_SNAT, nft_nfproto(family), NFT_REG_1, 0, NFT_REG_3,
	    NFT_REG_4);
	nft_rule_end(&b);
}

static int same_addr(const struct sockaddr_storage *a,
		     const struct sockaddr_storage *c)
{
	struct sockaddr_storage x = *a, y = *c;

	return a->ss_family == c->ss_family &&
	       !memcmp(net_rawaddr(&x), net_rawaddr(&y), alen(a->ss_family));
}

/* A datagram from s to to; where it came from at r. */
static void send_recv(int s, const struct sockaddr_storage *to, int r,
		      struct sockaddr_storage *from, const char *msg)
{
	socklen_t fl = sizeof(*from);
	char buf[64];
	ssize_t n;

	if (sendto(s, msg, strlen(msg), 0, (const struct sockaddr *)to,
		   sizeof(*to)) != (ssize_t)strlen(msg))
		tst_brk(TBROK | TERRNO, "sendto()");
	net_wait(r, POLLIN);
	n = recvfrom(r, buf, sizeof(buf), MSG_DONTWAIT,
		     (struct sockaddr *)from, &fl);
	if (n != (ssize_t)strlen(msg) || memcmp(buf, msg, n))
		tst_brk(TBROK, "datagram '%s' not received whole (%zd)", msg,
			n);
}

static void check_from(const struct sockaddr_storage *from,
		       const struct sockaddr_storage *want, const char *what)
{
	char b1[64], b2[64];

	if (same_addr(from, want) && net_port(from) == net_port(want))
		tst_res(TPASS, "%s: from %s port %u", what,
			net_ntop(from, b1, sizeof(b1)), net_port(from));
	else
		tst_res(TFAIL, "%s: from %s port %u, expected %s port %u",
			what, net_ntop(from, b1, sizeof(b1)), net_port(from),
			net_ntop(want, b2, sizeof(b2)), net_port(want));
}

static void udp_part(int family, int ub)
{
	struct sockaddr_storage v, a1, from, want, back;
	int s1, s2;

	net_addr(NET_B, family, VPU, &v);
	net_addr(NET_A, family, PMIN, &a1);
	s1 = net_socket(NET_A, family, SOCK_DGRAM);
	if (bind(s1, (struct sockaddr *)&a1, sizeof(a1)))
		tst_brk(TBROK | TERRNO, "bind(local port %u)", PMIN);
	s2 = net_bound(NET_A, family, SOCK_DGRAM, NULL);

	send_recv(s1, &v, ub, &from, "first");
	snat_addr(family, &want, PMIN);
	check_from(&from, &want, "UDP from local port 40000 at remote:PU");
	back = from;
	send_recv(ub, &back, s1, &from, "answer1");
	check_from(&from, &v, "answer to the first flow at local");

	send_recv(s2, &v, ub, &from, "second");
	snat_addr(family, &want, PMAX);
	check_from(&from, &want, "UDP from another local port at remote:PU");
	back = from;
	send_recv(ub, &back, s2, &from, "answer2");
	check_from(&from, &v, "answer to the second flow at local");
	close(s1);
	close(s2);
}

static void tcp_part(int family, int lfd)
{
	struct sockaddr_storage v, peer, want;
	socklen_t pl = sizeof(peer);
	int cfd, sfd;
	char c = 0;

	net_addr(NET_B, family, VPT, &v);
	cfd = net_connect(NET_A, &v);
	sfd = net_accept(lfd);
	if (getpeername(sfd, (struct sockaddr *)&peer, &pl))
		tst_brk(TBROK | TERRNO, "getpeername()");
	snat_addr(family, &want, 0);
	if (same_addr(&peer, &want) && net_port(&peer) >= PMIN &&
	    net_port(&peer) <= PMAX)
		tst_res(TPASS, "TCP: accepted from the SNAT address, port %u",
			net_port(&peer));
	else
		tst_res(TFAIL, "TCP: accepted from port %u, not the SNAT address with 40000-40001",
			net_port(&peer));
	pl = sizeof(peer);
	if (getpeername(cfd, (struct sockaddr *)&peer, &pl))
		tst_brk(TBROK | TERRNO, "getpeername()");
	check_from(&peer, &v, "TCP: the client's peer");
	if (net_write_all(cfd, "q", 1) || net_read_all(sfd, &c, 1) != 1 ||
	    c != 'q' || net_write_all(sfd, "r", 1) ||
	    net_read_all(cfd, &c, 1) != 1 || c != 'r')
		tst_res(TFAIL, "TCP: no data both ways");
	else
		tst_res(TPASS, "TCP: data both ways");
	close(cfd);
	close(sfd);
}

static long long count(int idx)
{
	struct nft_rule_info r[2];
	const struct nft_expr_info *c;
	int n;

	net_enter(NET_R);
	n = nft_rules(NFPROTO_INET, TABLE, "pre", r, 2);
	if (n != 2)
		tst_brk(TBROK, "pre: %d rules", n);
	c = nft_rule_expr(&r[idx], "counter");
	return c ? (long long)c->packets : -1;
}

static void run(unsigned int i)
{
	int family = i ? AF_INET6 : AF_INET;
	struct sockaddr_storage bu, bt;
	int ub = net_bound(NET_B, family, SOCK_DGRAM, &bu);
	int lfd = net_listener(NET_B, family, &bt);

	tst_res(TINFO, "%s", i ? "IPv6" : "IPv4");
	if (!i)
		errnos();
	table();
	dnat_rule(family, &bu, IPPROTO_UDP, VPU);
	dnat_rule(family, &bt, IPPROTO_TCP, VPT);
	snat_rule(family);
	nft_commit_safe(&b, "nat table, DNAT and SNAT rules");

	udp_part(family, ub);
	tcp_part(family, lfd);
	NET_EXP_EQ(count(0), 2, "UDP DNAT rule: the two flows' first packets");
	NET_EXP_EQ(count(1), 1, "TCP DNAT rule: the SYN");

	net_enter(NET_R);
	nft_begin(&b, NFPROTO_INET, TABLE);
	nft_del_table(&b, 0);
	nft_exp(nft_commit(&b), 0, "DELTABLE");
	close(ub);
	close(lfd);
}

static void setup(void)
{
	net_routed_setup();
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.timeout = 90,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_NF_TABLES", "CONFIG_NF_TABLES_INET", "CONFIG_NFT_NAT",
		NULL
	},
};
