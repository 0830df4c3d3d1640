// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * nf_tables filter rules on the remote host's input hook (an inet table,
 * a base chain "filter" on NF_INET_LOCAL_IN, policy accept), IPv4 and
 * IPv6, built over nfnetlink with no userland tool:
 * - the rule dump returns the three rules in order with distinct,
 *   increasing handles and their expressions as sent (meta nfproto, meta
 *   l4proto, payload transport header offset 2 length 2 = the port,
 *   counter, the immediate verdict);
 * - UDP datagrams (1, 100, 1000, 1400 and 0 bytes) to the port of the
 *   drop rule never arrive: the datagrams sent after them to the port of
 *   the accept rule arrive intact and in order, the dropped socket has
 *   nothing; each rule's counter holds exactly the 5 packets and their
 *   bytes (payloads + 8 byte UDP + 20 / 40 byte IP headers);
 * - a TCP connect() to the port of the TCP drop rule, with TCP_SYNCNT 1,
 *   ends in ETIMEDOUT and the listener never sees it; the rule counted
 *   the SYN and at most the one retransmission, every one of the same
 *   size (IP header + 40 bytes of TCP with the SYN options);
 * - deleting the two drop rules by handle (one batch) leaves the accept
 *   rule alone in the dump with its handle and counter, GETRULE of a
 *   deleted handle is ENOENT, and traffic flows again: a datagram to the
 *   formerly dropped port arrives and a TCP connection carries data;
 * - deleting the table leaves GETTABLE ENOENT.
 */
#include <netinet/tcp.h>
#include "tst_test.h"
#include "net_hosts.h"
#include "net_nft.h"
#include "socket_helpers.h"

#define TABLE "ltp_filter"
#define NRULES 3
#define NSIZES 5

static const size_t sizes[NSIZES] = { 1, 100, 1000, 1400, 0 };
static struct nft_batch b;
static char buf[2048], rbuf[2048];

struct rule_want {
	int proto;
	unsigned short port;
	uint32_t verdict;
};

static void add_rule(int family, const struct rule_want *w)
{
	nft_rule_begin(&b, "input", 0);
	nft_match_nfproto(&b, nft_nfproto(family));
	nft_match_l4dport(&b, w->proto, w->port);
	nft_counter(&b);
	nft_verdict(&b, w->verdict, NULL);
	nft_rule_end(&b);
}

static int dump(struct nft_rule_info *r, int max)
{
	int n;

	net_enter(NET_B);
	n = nft_rules(NFPROTO_INET, TABLE, "input", r, max);
	if (n < 0)
		tst_brk(TBROK, "rule dump: %s", tst_strerrno(-n));
	return n;
}

/* The rule's expressions are those add_rule() sent. */
static int rule_matches(const struct nft_rule_info *r, int family,
			const struct rule_want *w)
{
	static const char *const names[] = {
		"meta", "cmp", "meta", "cmp", "payload", "cmp", "counter",
		"immediate"
	};
	const struct nft_expr_info *e = r->expr;
	uint16_t port = htons(w->port);
	int i;

	if (r->nexpr != 8)
		return 0;
	for (i = 0; i < 8; i++)
		if (strcmp(e[i].name, names[i]))
			return 0;
	return e[0].key == NFT_META_NFPROTO && e[0].reg == NFT_REG_1 &&
	       e[1].key == NFT_CMP_EQ && e[1].dlen == 1 &&
	       e[1].data[0] == nft_nfproto(family) &&
	       e[2].key == NFT_META_L4PROTO &&
	       e[3].dlen == 1 && e[3].data[0] == w->proto &&
	       e[4].key == NFT_PAYLOAD_TRANSPORT_HEADER && e[4].offset == 2 &&
	       e[4].len == 2 && e[4].reg == NFT_REG_1 &&
	       e[5].dlen == 2 && !memcmp(e[5].data, &port, 2) &&
	       e[7].reg == NFT_REG_VERDICT && e[7].key == w->verdict;
}

static void check_dump(int family, const struct rule_want *w,
		       struct nft_rule_info *r)
{
	int n = dump(r, NRULES + 1), i, bad = 0;
	char names[256];

	NET_EXP_EQ(n, NRULES, "rules in the dump of chain input");
	if (n != NRULES)
		tst_brk(TBROK, "cannot go on without the rules");
	for (i = 0; i < NRULES; i++) {
		if (!rule_matches(&r[i], family, &w[i])) {
			tst_res(TFAIL, "rule %d (port %u): expressions %s, not as sent",
				i + 1, w[i].port,
				nft_rule_exprs(&r[i], names, sizeof(names)));
			bad++;
		}
		if (!r[i].handle || (i && r[i].handle <= r[i - 1].handle)) {
			tst_res(TFAIL, "rule %d: handle %llu after %llu",
				i + 1, (unsigned long long)r[i].handle,
				i ? (unsigned long long)r[i - 1].handle : 0ULL);
			bad++;
		}
	}
	if (!bad)
		tst_res(TPASS, "dump: 3 rules in order, handles %llu < %llu < %llu, expressions %s",
			(unsigned long long)r[0].handle,
			(unsigned long long)r[1].handle,
			(unsigned long long)r[2].handle,
			nft_rule_exprs(&r[0], names, sizeof(names)));
}

static void check_counter(const struct nft_rule_info *r, long long pk,
			  long long by, const char *what)
{
	const struct nft_expr_info *c = nft_rule_expr(r, "counter");

	if (!c) {
		tst_res(TFAIL, "%s: no counter in the dump", what);
		return;
	}
	if ((long long)c->packets == pk && (long long)c->bytes == by)
		tst_res(TPASS, "%s: counter %llu packets %llu bytes", what,
			(unsigned long long)c->packets,
			(unsigned long long)c->bytes);
	else
		tst_res(TFAIL, "%s: counter %llu packets %llu bytes, expected %lld and %lld",
			what, (unsigned long long)c->packets,
			(unsigned long long)c->bytes, pk, by);
}

static void fill(char *p, size_t len, int seed)
{
	size_t i;

	for (i = 0; i < len; i++)
		p[i] = seed + i * 7;
}

static void send_all(int s, const struct sockaddr_storage *to, int seed)
{
	int i;

	for (i = 0; i < NSIZES; i++) {
		fill(buf, sizes[i], seed + i);
		if (sendto(s, buf, sizes[i], 0, (const struct sockaddr *)to,
			   sizeof(*to)) != (ssize_t)sizes[i])
			tst_brk(TBROK | TERRNO, "sendto(%zu bytes)", sizes[i]);
	}
}

/* 5 datagrams to each port: the accepted ones arrive, the dropped not. */
static long long udp_part(int family, int rd, int ra,
			  const struct sockaddr_storage *ud,
			  const struct sockaddr_storage *ua)
{
	int s = net_bound(NET_A, family, SOCK_DGRAM, NULL);
	long long bytes = 0;
	int i, bad = 0;
	ssize_t n;

	/* the dropped ones first: they are ahead of the others */
	send_all(s, ud, 'd');
	send_all(s, ua, 'a');
	for (i = 0; i < NSIZES; i++) {
		bytes += sizes[i] + 8 + nft_iph_len(family);
		net_wait(ra, POLLIN);
		n = recv(ra, rbuf, sizeof(rbuf), MSG_DONTWAIT);
		fill(buf, sizes[i], 'a' + i);
		if (n != (ssize_t)sizes[i] || memcmp(rbuf, buf, sizes[i])) {
			tst_res(TFAIL, "accepted datagram %d: %zd bytes, expected %zu",
				i, n, sizes[i]);
			bad++;
		}
	}
	if (!bad)
		tst_res(TPASS, "5 datagrams to the accepted port arrived intact, in order");
	if (recv(rd, rbuf, sizeof(rbuf), MSG_DONTWAIT) >= 0 ||
	    net_poll(rd, POLLIN, 500))
		tst_res(TFAIL, "a datagram to the dropped port arrived");
	else
		tst_res(TPASS, "no datagram to the dropped port arrived");
	close(s);
	return bytes;
}

/* connect() through the drop rule with TCP_SYNCNT 1: ETIMEDOUT. */
static void tcp_dropped(int family, const struct sockaddr_storage *tl,
			int lfd)
{
	int fd = net_socket(NET_A, family, SOCK_STREAM);
	int one = 1, err = 0;
	socklen_t elen = sizeof(err);

	if (setsockopt(fd, IPPROTO_TCP, TCP_SYNCNT, &one, sizeof(one)))
		tst_brk(TBROK | TERRNO, "setsockopt(TCP_SYNCNT)");
	net_set_nonblock(fd, 1);
	if (!connect(fd, (const struct sockaddr *)tl, sizeof(*tl))) {
		tst_res(TFAIL, "connect() through the drop rule succeeded");
	} else if (errno != EINPROGRESS) {
		tst_res(TFAIL | TERRNO, "connect() through the drop rule");
	} else if (!net_poll(fd, POLLOUT, 30000)) {
		tst_res(TFAIL, "connect() with TCP_SYNCNT 1 still pending after %d ms",
			net_ms(30000));
	} else {
		if (getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &elen))
			tst_brk(TBROK | TERRNO, "getsockopt(SO_ERROR)");
		if (err == ETIMEDOUT)
			tst_res(TPASS, "connect() through the drop rule: ETIMEDOUT");
		else
			tst_res(TFAIL, "connect() through the drop rule: %s, expected ETIMEDOUT",
				err ? tst_strerrno(err) : "connected");
	}
	if (net_poll(lfd, POLLIN, 0))
		tst_res(TFAIL, "the listener behind the drop rule got a connection");
	close(fd);
}

static void syn_counter(int family, const struct nft_rule_info *r)
{
	const struct nft_expr_info *c = nft_rule_expr(r, "counter");
	unsigned long long syn = nft_iph_len(family) + 40;

	if (!c) {
		tst_res(TFAIL, "TCP drop rule: no counter in the dump");
		return;
	}
	if (c->packets >= 1 && c->packets <= 2 && c->bytes == c->packets * syn)
		tst_res(TPASS, "TCP drop rule: %llu SYNs of %llu bytes counted",
			(unsigned long long)c->packets, syn);
	else
		tst_res(TFAIL, "TCP drop rule: %llu packets %llu bytes, expected 1 or 2 SYNs of %llu bytes",
			(unsigned long long)c->packets,
			(unsigned long long)c->bytes, syn);
}

static void after_delete(int family, int rd, const struct sockaddr_storage *ud,
			 const struct sockaddr_storage *tl, int lfd)
{
	int s = net_bound(NET_A, family, SOCK_DGRAM, NULL);
	int cfd, sfd;
	char c = 0;
	ssize_t n;

	if (sendto(s, "again", 5, 0, (const struct sockaddr *)ud,
		   sizeof(*ud)) != 5)
		tst_brk(TBROK | TERRNO, "sendto()");
	if (!net_poll(rd, POLLIN, 10000)) {
		tst_res(TFAIL, "no datagram to the formerly dropped port after the rule's deletion");
	} else {
		n = recv(rd, rbuf, sizeof(rbuf), MSG_DONTWAIT);
		if (n == 5 && !memcmp(rbuf, "again", 5))
			tst_res(TPASS, "a datagram to the formerly dropped port arrives after the deletion");
		else
			tst_res(TFAIL, "after the deletion: %zd bytes", n);
	}
	close(s);

	cfd = net_connect(NET_A, tl);
	sfd = net_accept(lfd);
	if (net_write_all(cfd, "y", 1) || net_read_all(sfd, &c, 1) != 1 ||
	    c != 'y')
		tst_res(TFAIL, "no data over TCP after the deletion");
	else
		tst_res(TPASS, "TCP connects and carries data after the deletion");
	close(cfd);
	close(sfd);
}

static void run(unsigned int i)
{
	int family = i ? AF_INET6 : AF_INET;
	struct sockaddr_storage ud, ua, tl;
	int rd = net_bound(NET_B, family, SOCK_DGRAM, &ud);
	int ra = net_bound(NET_B, family, SOCK_DGRAM, &ua);
	int lfd = net_listener(NET_B, family, &tl);
	struct rule_want w[NRULES] = {
		{ IPPROTO_UDP, net_port(&ud), NF_DROP },
		{ IPPROTO_UDP, net_port(&ua), NF_ACCEPT },
		{ IPPROTO_TCP, net_port(&tl), NF_DROP },
	};
	struct nft_rule_info r[NRULES + 1], after[NRULES + 1];
	long long bytes;
	int k, ret;

	tst_res(TINFO, "%s", i ? "IPv6" : "IPv4");
	net_enter(NET_B);
	nft_begin(&b, NFPROTO_INET, TABLE);
	nft_add_table(&b, 0);
	nft_add_chain(&b, "input", "filter", NF_INET_LOCAL_IN, 0, NF_ACCEPT,
		      0);
	for (k = 0; k < NRULES; k++)
		add_rule(family, &w[k]);
	nft_commit_safe(&b, "table, input chain, 3 rules");

	check_dump(family, w, r);
	bytes = udp_part(family, rd, ra, &ud, &ua);
	tcp_dropped(family, &tl, lfd);
	dump(r, NRULES);
	check_counter(&r[0], NSIZES, bytes, "UDP drop rule");
	check_counter(&r[1], NSIZES, bytes, "UDP accept rule");
	syn_counter(family, &r[2]);

	net_enter(NET_B);
	nft_begin(&b, NFPROTO_INET, TABLE);
	nft_del_rule(&b, "input", r[0].handle);
	nft_del_rule(&b, "input", r[2].handle);
	nft_exp(nft_commit(&b), 0, "DELRULE of the two drop rules by handle");
	k = dump(after, NRULES + 1);
	if (k == 1 && after[0].handle == r[1].handle &&
	    rule_matches(&after[0], family, &w[1]))
		tst_res(TPASS, "the accept rule (handle %llu) is the one left",
			(unsigned long long)after[0].handle);
	else
		tst_res(TFAIL, "%d rules left, the first with handle %llu (accept rule: %llu)",
			k, k ? (unsigned long long)after[0].handle : 0ULL,
			(unsigned long long)r[1].handle);
	ret = nft_get_rule(NFPROTO_INET, TABLE, "input", r[0].handle, after);
	nft_exp(ret, -ENOENT, "GETRULE of the deleted handle");

	after_delete(family, rd, &ud, &tl, lfd);
	dump(after, 1);
	check_counter(&after[0], NSIZES, bytes, "accept rule after the deletion");

	net_enter(NET_B);
	nft_begin(&b, NFPROTO_INET, TABLE);
	nft_del_table(&b, 0);
	nft_exp(nft_commit(&b), 0, "DELTABLE");
	nft_exp(nft_get_table(NFPROTO_INET, TABLE), -ENOENT,
		"GETTABLE after DELTABLE");
	close(rd);
	close(ra);
	close(lfd);
}

static void setup(void)
{
	/* one backlog: datagrams are processed in the order sent */
	sock_pin_cpu();
	net_hosts_setup();
	net_syncnt_only();
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.timeout = 90,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_NF_TABLES", "CONFIG_NF_TABLES_INET", NULL
	},
};
