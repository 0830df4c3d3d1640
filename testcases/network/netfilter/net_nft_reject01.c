// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * nf_tables reject rules on the remote host's input hook (an inet table),
 * IPv4 and IPv6; each port has a listener or a bound socket behind it,
 * so only the rule stops the traffic:
 * - reject with tcp reset: connect() fails with ECONNREFUSED and the
 *   rule counted exactly one SYN (no retransmission was needed), the
 *   listener never sees the connection;
 * - reject with icmpx port-unreachable (ICMP port unreachable, ICMPv6
 *   port unreachable): a connected UDP socket gets the error pending
 *   (POLLERR) and recv() fails with ECONNREFUSED; SO_ERROR is clear
 *   after; the bound socket behind the rule received nothing;
 * - reject with icmpx admin-prohibited (ICMP code 13 "communication
 *   administratively filtered", ICMPv6 code 1 "administratively
 *   prohibited"): the UDP socket gets EHOSTUNREACH over IPv4 and EACCES
 *   over IPv6 (icmp_err_convert[] in net/ipv4/icmp.c, tab_unreach[] in
 *   net/ipv6/icmp.c; both fatal, so a connected socket reports them),
 *   and a TCP connect() fails with the same errno;
 * - each rule's counter holds the packets it rejected (the datagrams
 *   sent, with their bytes), and the dump gives each reject its type and
 *   ICMPX code as sent.
 */
#include "tst_test.h"
#include "net_hosts.h"
#include "net_nft.h"

#define TABLE "ltp_reject"

enum { R_RST, R_UDP_PORT, R_UDP_ADMIN, R_TCP_ADMIN, NRULES };

static const struct {
	int proto, type, code;
	const char *name;
} rules[NRULES] = {
	{ IPPROTO_TCP, NFT_REJECT_TCP_RST, -1, "reject with tcp reset" },
	{ IPPROTO_UDP, NFT_REJECT_ICMPX_UNREACH, NFT_REJECT_ICMPX_PORT_UNREACH,
	  "reject with icmpx port-unreachable" },
	{ IPPROTO_UDP, NFT_REJECT_ICMPX_UNREACH,
	  NFT_REJECT_ICMPX_ADMIN_PROHIBITED,
	  "reject with icmpx admin-prohibited (UDP)" },
	{ IPPROTO_TCP, NFT_REJECT_ICMPX_UNREACH,
	  NFT_REJECT_ICMPX_ADMIN_PROHIBITED,
	  "reject with icmpx admin-prohibited (TCP)" },
};

static struct nft_batch b;

/* What a socket reads from admin-prohibited: the table of its family. */
static int admin_errno(int family)
{
	return family == AF_INET ? EHOSTUNREACH : EACCES;
}

static void add_rules(int family, const unsigned short *ports)
{
	int i;

	net_enter(NET_B);
	nft_begin(&b, NFPROTO_INET, TABLE);
	nft_add_table(&b, 0);
	nft_add_chain(&b, "input", "filter", NF_INET_LOCAL_IN, 0, NF_ACCEPT,
		      0);
	for (i = 0; i < NRULES; i++) {
		nft_rule_begin(&b, "input", 0);
		nft_match_nfproto(&b, family == AF_INET ? NFPROTO_IPV4 :
				  NFPROTO_IPV6);
		nft_match_l4dport(&b, rules[i].proto, ports[i]);
		nft_counter(&b);
		nft_reject(&b, rules[i].type, rules[i].code);
		nft_rule_end(&b);
	}
	nft_commit_safe(&b, "table, input chain, 4 reject rules");
}

/* A non-blocking connect() from local: the errno it ends with. */
static int tcp_connect_err(int family, const struct sockaddr_storage *to)
{
	int fd = net_socket(NET_A, family, SOCK_STREAM);
	int err = 0;
	socklen_t elen = sizeof(err);

	net_set_nonblock(fd, 1);
	if (connect(fd, (const struct sockaddr *)to, sizeof(*to))) {
		err = errno;
		if (err == EINPROGRESS) {
			err = 0;
			if (!net_poll(fd, POLLOUT, 30000))
				err = -1;
			else if (getsockopt(fd, SOL_SOCKET, SO_ERROR, &err,
					    &elen))
				tst_brk(TBROK | TERRNO, "getsockopt(SO_ERROR)");
		}
	}
	close(fd);
	return err;
}

static void tcp_case(int family, int rule, const struct sockaddr_storage *to,
		     int lfd, int exp)
{
	int err = tcp_connect_err(family, to);

	if (err == exp)
		tst_res(TPASS, "%s: connect() fails with %s", rules[rule].name,
			tst_strerrno(exp));
	else if (err < 0)
		tst_res(TFAIL, "%s: connect() still pending after %d ms",
			rules[rule].name, net_ms(30000));
	else
		tst_res(TFAIL, "%s: connect() %s, expected %s",
			rules[rule].name, err ? tst_strerrno(err) : "succeeded",
			tst_strerrno(exp));
	if (net_poll(lfd, POLLIN, 0))
		tst_res(TFAIL, "%s: the listener got a connection",
			rules[rule].name);
}

/*
 * A connected UDP socket sends to the rejected port until the ICMP error
 * is pending (ICMP errors are rate limited: up to 5 datagrams, 2 s
 * each); returns the datagrams sent.
 */
static int udp_case(int family, int rule, const struct sockaddr_storage *to,
		    int rfd, int exp)
{
	int s = net_socket(NET_A, family, SOCK_DGRAM);
	int tries, err = 0;
	socklen_t elen = sizeof(err);
	char c;

	if (connect(s, (const struct sockaddr *)to, sizeof(*to)))
		tst_brk(TBROK | TERRNO, "connect(UDP)");
	for (tries = 1; tries <= 5; tries++) {
		if (send(s, "x", 1, 0) != 1)
			tst_brk(TBROK | TERRNO, "send()");
		if (net_poll(s, POLLIN, 2000) & POLLERR)
			break;
	}
	if (tries > 5) {
		tst_res(TFAIL, "%s: no ICMP error after 5 datagrams",
			rules[rule].name);
		close(s);
		return 5;
	}
	if (recv(s, &c, 1, MSG_DONTWAIT) >= 0)
		tst_res(TFAIL, "%s: recv() read a datagram", rules[rule].name);
	else if (errno == exp)
		tst_res(TPASS, "%s: recv() on the connected UDP socket fails with %s",
			rules[rule].name, tst_strerrno(exp));
	else
		tst_res(TFAIL | TERRNO, "%s: recv(), expected %s",
			rules[rule].name, tst_strerrno(exp));
	getsockopt(s, SOL_SOCKET, SO_ERROR, &err, &elen);
	NET_EXP_EQ(err, 0, "SO_ERROR once recv() reported the error");
	if (recv(rfd, &c, 1, MSG_DONTWAIT) >= 0)
		tst_res(TFAIL, "%s: the bound socket behind the rule received a datagram",
			rules[rule].name);
	close(s);
	return tries;
}

static void check_rule(const struct nft_rule_info *r, int rule,
		       long long pk_min, long long pk_max, long long size)
{
	const struct nft_expr_info *c = nft_rule_expr(r, "counter");
	const struct nft_expr_info *j = nft_rule_expr(r, "reject");
	long long pk, by;

	if (!c || !j) {
		tst_res(TFAIL, "%s: no counter or no reject in the dump",
			rules[rule].name);
		return;
	}
	if ((int)j->key == rules[rule].type && j->code == rules[rule].code)
		tst_res(TPASS, "%s: dumped with type %u code %d",
			rules[rule].name, j->key, j->code);
	else
		tst_res(TFAIL, "%s: dumped as type %u code %d, expected %d %d",
			rules[rule].name, j->key, j->code, rules[rule].type,
			rules[rule].code);
	pk = c->packets;
	by = c->bytes;
	if (pk >= pk_min && pk <= pk_max && by == pk * size)
		tst_res(TPASS, "%s: counter %lld packets of %lld bytes",
			rules[rule].name, pk, size);
	else
		tst_res(TFAIL, "%s: counter %lld packets %lld bytes, expected %lld..%lld packets of %lld bytes",
			rules[rule].name, pk, by, pk_min, pk_max, size);
}

static void run(unsigned int i)
{
	int family = i ? AF_INET6 : AF_INET;
	struct sockaddr_storage a_rst, a_port, a_admin, a_tadmin;
	int l_rst = net_listener(NET_B, family, &a_rst);
	int r_port = net_bound(NET_B, family, SOCK_DGRAM, &a_port);
	int r_admin = net_bound(NET_B, family, SOCK_DGRAM, &a_admin);
	int l_tadmin = net_listener(NET_B, family, &a_tadmin);
	unsigned short ports[NRULES] = {
		net_port(&a_rst), net_port(&a_port), net_port(&a_admin),
		net_port(&a_tadmin),
	};
	struct nft_rule_info r[NRULES + 1];
	int sent_port, sent_admin, n;
	long long udp_size = nft_iph_len(family) + 8 + 1;
	long long syn_size = nft_iph_len(family) + 40;

	tst_res(TINFO, "%s", i ? "IPv6" : "IPv4");
	add_rules(family, ports);

	tcp_case(family, R_RST, &a_rst, l_rst, ECONNREFUSED);
	sent_port = udp_case(family, R_UDP_PORT, &a_port, r_port,
			     ECONNREFUSED);
	sent_admin = udp_case(family, R_UDP_ADMIN, &a_admin, r_admin,
			      admin_errno(family));
	tcp_case(family, R_TCP_ADMIN, &a_tadmin, l_tadmin,
		 admin_errno(family));

	net_enter(NET_B);
	n = nft_rules(NFPROTO_INET, TABLE, "input", r, NRULES + 1);
	NET_EXP_EQ(n, NRULES, "rules in the dump");
	if (n == NRULES) {
		/* the RST came back at once: one SYN, no retransmission */
		check_rule(&r[R_RST], R_RST, 1, 1, syn_size);
		check_rule(&r[R_UDP_PORT], R_UDP_PORT, sent_port, sent_port,
			   udp_size);
		check_rule(&r[R_UDP_ADMIN], R_UDP_ADMIN, sent_admin,
			   sent_admin, udp_size);
		/* an ICMP error can come while connect() holds the socket:
		 * then only the retransmitted SYN's error ends it */
		check_rule(&r[R_TCP_ADMIN], R_TCP_ADMIN, 1, 7, syn_size);
	}

	net_enter(NET_B);
	nft_begin(&b, NFPROTO_INET, TABLE);
	nft_del_table(&b, 0);
	nft_exp(nft_commit(&b), 0, "DELTABLE");
	close(l_rst);
	close(r_port);
	close(r_admin);
	close(l_tadmin);
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
	.timeout = 120,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_NF_TABLES", "CONFIG_NF_TABLES_INET",
		"CONFIG_NFT_REJECT", "CONFIG_NFT_REJECT_INET", NULL
	},
};
