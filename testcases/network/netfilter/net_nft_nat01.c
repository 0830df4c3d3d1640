// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * nf_tables NAT on the router between local and remote
 * (net_routed_setup()), an inet table with "nat" chains on prerouting
 * (priority -100) and postrouting (100), IPv4 and IPv6:
 * - DNAT: a rule "ip daddr VIRTUAL dnat to REMOTE" (10.99.3.3,
 *   fd99:3::3, addresses nobody has) makes a TCP connection from local
 *   to the virtual address reach remote's listener: remote's accept()
 *   sees local's own address as the peer and its own address as the
 *   local end, local's getpeername() is the virtual address and port,
 *   and 64 KiB each way arrive byte for byte; a UDP datagram to the
 *   virtual address reaches remote and remote's answer reaches local's
 *   socket connected to the virtual address (translated back);
 * - the nat chain sees only the first packet of each connection: the
 *   DNAT rule's counter is one packet per connection (the SYN, IP header
 *   + 40 bytes; the UDP datagram) while the data went through;
 * - masquerade on the router's interface towards remote ("oifname net1
 *   masquerade"): remote's accept() sees the router's address on that
 *   link (10.99.2.254, fd99:2::fe) as the peer, local's getpeername() is
 *   remote, the data is intact; a connection to the virtual address is
 *   now translated both ways (remote sees the router too);
 * - after DELTABLE a new connection is plain again (remote sees local).
 */
#include "tst_test.h"
#include "net_hosts.h"
#include "net_nft.h"

#define TABLE "ltp_nat"
#define DATA_LEN (64 * 1024)

static struct nft_batch b;
static char tx[DATA_LEN], rx[DATA_LEN];

static int alen(int family)
{
	return family == AF_INET ? 4 : 16;
}

/* The virtual address (10.99.3.3, fd99:3::3) with port. */
static void vip(int family, unsigned short port, struct sockaddr_storage *ss)
{
	memset(ss, 0, sizeof(*ss));
	if (family == AF_INET) {
		struct sockaddr_in *sin = (struct sockaddr_in *)ss;

		sin->sin_family = AF_INET;
		sin->sin_port = htons(port);
		inet_pton(AF_INET, "10.99.3.3", &sin->sin_addr);
	} else {
		struct sockaddr_in6 *sin6 = (struct sockaddr_in6 *)ss;

		sin6->sin6_family = AF_INET6;
		sin6->sin6_port = htons(port);
		inet_pton(AF_INET6, "fd99:3::3", &sin6->sin6_addr);
	}
}

/* The router's address on the link to remote. */
static void router_net1(int family, struct sockaddr_storage *ss)
{
	memset(ss, 0, sizeof(*ss));
	ss->ss_family = family;
	if (family == AF_INET)
		inet_pton(AF_INET, "10.99.2.254", net_rawaddr(ss));
	else
		inet_pton(AF_INET6, "fd99:2::fe", net_rawaddr(ss));
}

static int same_addr(struct sockaddr_storage *a, struct sockaddr_storage *b2)
{
	return a->ss_family == b2->ss_family &&
	       !memcmp(net_rawaddr(a), net_rawaddr(b2), alen(a->ss_family));
}

static const char *ntop(struct sockaddr_storage *ss)
{
	static char bufs[4][64];
	static int k;

	k = (k + 1) % 4;
	return net_ntop(ss, bufs[k], sizeof(bufs[k]));
}

/* 64 KiB each way at once on a connected pair, byte for byte. */
static int exchange(int cfd, int sfd)
{
	size_t i;

	for (i = 0; i < DATA_LEN; i++)
		tx[i] = i * 13 + (i >> 9);
	/* the socket buffers hold 64 KiB: one way, then the other */
	if (net_write_all(cfd, tx, DATA_LEN) ||
	    net_read_all(sfd, rx, DATA_LEN) != DATA_LEN ||
	    memcmp(tx, rx, DATA_LEN))
		return 0;
	if (net_write_all(sfd, tx, DATA_LEN) ||
	    net_read_all(cfd, rx, DATA_LEN) != DATA_LEN ||
	    memcmp(tx, rx, DATA_LEN))
		return 0;
	return 1;
}

/*
 * local connects to dst, remote's listener lfd accepts: remote's view of
 * the peer must be want_peer, local's view must be dst, data intact.
 */
static void tcp_through(int lfd, struct sockaddr_storage *dst,
			struct sockaddr_storage *want_peer, const char *what)
{
	struct sockaddr_storage peer, self, lpeer, baddr;
	socklen_t len;
	int cfd = net_connect(NET_A, dst);
	int sfd = net_accept(lfd);
	int ok = 1;

	len = sizeof(peer);
	getpeername(sfd, (struct sockaddr *)&peer, &len);
	len = sizeof(self);
	getsockname(sfd, (struct sockaddr *)&self, &len);
	len = sizeof(lpeer);
	getpeername(cfd, (struct sockaddr *)&lpeer, &len);
	net_addr(NET_B, dst->ss_family, 0, &baddr);

	if (!same_addr(&peer, want_peer)) {
		tst_res(TFAIL, "%s: remote's peer is %s, expected %s", what,
			ntop(&peer), ntop(want_peer));
		ok = 0;
	}
	if (!same_addr(&self, &baddr)) {
		tst_res(TFAIL, "%s: remote's local end is %s, expected %s",
			what, ntop(&self), ntop(&baddr));
		ok = 0;
	}
	if (!same_addr(&lpeer, dst) || net_port(&lpeer) != net_port(dst)) {
		tst_res(TFAIL, "%s: local's getpeername() is %s port %u, expected %s port %u",
			what, ntop(&lpeer), net_port(&lpeer), ntop(dst),
			net_port(dst));
		ok = 0;
	}
	if (!exchange(cfd, sfd)) {
		tst_res(TFAIL, "%s: 64 KiB each way did not arrive intact",
			what);
		ok = 0;
	}
	if (ok)
		tst_res(TPASS, "%s: remote sees %s, local sees %s port %u, 64 KiB each way intact",
			what, ntop(&peer), ntop(&lpeer), net_port(&lpeer));
	close(cfd);
	close(sfd);
}

/* A datagram to the virtual address and the answer back. */
static void udp_through(int family)
{
	struct sockaddr_storage raddr, vaddr, from, aaddr;
	int r = net_bound(NET_B, family, SOCK_DGRAM, &raddr);
	int s = net_bound(NET_A, family, SOCK_DGRAM, &aaddr);
	socklen_t flen = sizeof(from);
	char buf[16];
	ssize_t n;

	vip(family, net_port(&raddr), &vaddr);
	if (connect(s, (struct sockaddr *)&vaddr, sizeof(vaddr)))
		tst_brk(TBROK | TERRNO, "connect(UDP)");
	if (send(s, "ping", 4, 0) != 4)
		tst_brk(TBROK | TERRNO, "send()");
	if (!net_poll(r, POLLIN, 10000)) {
		tst_res(TFAIL, "UDP to the virtual address: nothing reached remote");
		goto out;
	}
	n = recvfrom(r, buf, sizeof(buf), MSG_DONTWAIT,
		     (struct sockaddr *)&from, &flen);
	if (n != 4 || memcmp(buf, "ping", 4) || !same_addr(&from, &aaddr) ||
	    net_port(&from) != net_port(&aaddr)) {
		tst_res(TFAIL, "UDP to the virtual address: remote got %zd bytes from %s port %u",
			n, ntop(&from), net_port(&from));
		goto out;
	}
	if (sendto(r, "pong", 4, 0, (struct sockaddr *)&from, flen) != 4)
		tst_brk(TBROK | TERRNO, "sendto()");
	/* a connected socket takes only what comes from the virtual address */
	if (!net_poll(s, POLLIN, 10000)) {
		tst_res(TFAIL, "UDP: remote's answer did not reach the socket connected to the virtual address");
		goto out;
	}
	n = recv(s, buf, sizeof(buf), MSG_DONTWAIT);
	if (n == 4 && !memcmp(buf, "pong", 4))
		tst_res(TPASS, "UDP via the virtual address: remote got it from %s, the answer came back translated",
			ntop(&from));
	else
		tst_res(TFAIL | TERRNO, "UDP answer: %zd bytes", n);
out:
	close(r);
	close(s);
}

static const struct nft_expr_info *counter_of(int rule_chain_pre,
					      struct nft_rule_info *r)
{
	int n;

	net_enter(NET_R);
	n = nft_rules(NFPROTO_INET, TABLE, rule_chain_pre ? "pre" : "post",
		      r, 2);
	if (n != 1) {
		tst_res(TFAIL, "%s chain: %d rules in the dump, expected 1",
			rule_chain_pre ? "pre" : "post", n);
		return NULL;
	}
	return nft_rule_expr(r, "counter");
}

static void check_counter(int pre, long long pk, long long by,
			  const char *what)
{
	struct nft_rule_info r[2];
	const struct nft_expr_info *c = counter_of(pre, r);

	if (!c)
		return;
	if ((long long)c->packets == pk && (long long)c->bytes == by)
		tst_res(TPASS, "%s: counter %lld packets %lld bytes (the first packet of each flow only)",
			what, pk, by);
	else
		tst_res(TFAIL, "%s: counter %llu packets %llu bytes, expected %lld and %lld",
			what, (unsigned long long)c->packets,
			(unsigned long long)c->bytes, pk, by);
}

static void run(unsigned int i)
{
	int family = i ? AF_INET6 : AF_INET;
	int iph = family == AF_INET ? 20 : 40;
	struct sockaddr_storage laddr, v, baddr, aaddr, raddr;
	int lfd = net_listener(NET_B, family, &laddr);
	long long syn = iph + 40;

	tst_res(TINFO, "%s", i ? "IPv6" : "IPv4");
	net_addr(NET_A, family, 0, &aaddr);
	net_addr(NET_B, family, net_port(&laddr), &baddr);
	router_net1(family, &raddr);
	vip(family, net_port(&laddr), &v);

	/* DNAT of the virtual address to remote */
	net_enter(NET_R);
	nft_begin(&b, NFPROTO_INET, TABLE);
	nft_add_table(&b, 0);
	nft_add_chain(&b, "pre", "nat", NF_INET_PRE_ROUTING, -100, NF_ACCEPT,
		      0);
	nft_add_chain(&b, "post", "nat", NF_INET_POST_ROUTING, 100,
		      NF_ACCEPT, 0);
	nft_rule_begin(&b, "pre", 0);
	nft_match_addr(&b, nft_nfproto(family), 1, net_rawaddr(&v));
	nft_counter(&b);
	nft_immediate(&b, NFT_REG_1, net_rawaddr(&baddr), alen(family));
	nft_nat(&b, NFT_NAT_DNAT, nft_nfproto(family), NFT_REG_1, 0);
	nft_rule_end(&b);
	nft_commit_safe(&b, "nat table, chains, DNAT rule");

	tcp_through(lfd, &v, &aaddr, "DNAT");
	check_counter(1, 1, syn, "DNAT rule after one connection");
	udp_through(family);
	check_counter(1, 2, syn + iph + 8 + 4,
		      "DNAT rule after a connection and a datagram");

	/* masquerade towards remote */
	net_enter(NET_R);
	nft_begin(&b, NFPROTO_INET, TABLE);
	nft_rule_begin(&b, "post", 0);
	nft_match_nfproto(&b, nft_nfproto(family));
	nft_match_ifname(&b, NFT_META_OIFNAME, "net1");
	nft_counter(&b);
	nft_masq(&b);
	nft_rule_end(&b);
	nft_commit_safe(&b, "masquerade rule");

	tcp_through(lfd, &baddr, &raddr, "masquerade");
	check_counter(0, 1, syn, "masquerade rule after one connection");
	tcp_through(lfd, &v, &raddr, "DNAT and masquerade");

	net_enter(NET_R);
	nft_begin(&b, NFPROTO_INET, TABLE);
	nft_del_table(&b, 0);
	nft_exp(nft_commit(&b), 0, "DELTABLE of the nat table");
	tcp_through(lfd, &baddr, &aaddr, "no NAT after DELTABLE");
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
		"CONFIG_NFT_MASQ", NULL
	},
};
