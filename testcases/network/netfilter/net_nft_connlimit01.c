// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * nf_tables connection limits ("ct count", the connlimit expression) on
 * the remote host's input hook, IPv4 and IPv6, each rule matching the
 * first packet of a connection (ct state new) of one TCP port:
 *
 *	port P1: ct count over 2 counter reject with tcp reset
 *	port P2: ct count 1 counter accept
 *	port P2: counter reject with tcp reset
 *	port P3: ct count over 0 counter reject with tcp reset
 *
 * (the expression matches while the count is at most the limit; "over"
 * is that inverted, NFT_CONNLIMIT_F_INV)
 *
 * - EINVAL for a connlimit without NFTA_CONNLIMIT_COUNT, EOPNOTSUPP for
 *   the flag 0x2 (only NFT_CONNLIMIT_F_INV exists);
 * - the dump returns count 2 with NFT_CONNLIMIT_F_INV, count 1 without;
 * - P1: two connections carry data, the third and fourth connect() get
 *   ECONNREFUSED (the rule counted exactly 2 SYNs); the refused ones
 *   hold no slot;
 * - a connection closed by RST is CLOSE in conntrack and frees its slot:
 *   the next connection succeeds, the one after is refused again (the
 *   counter 3);
 * - P2 (at most 1): the first connection is accepted by the connlimit
 *   rule (counter 1), the second falls through to the reject (counter 1);
 * - P3: limit 0 refuses the first connection.
 */
#include <netinet/tcp.h>
#include "tst_test.h"
#include "net_hosts.h"
#include "net_nft.h"

#define TABLE "ltp_connlimit"

static struct nft_batch b;

static void connlimit(struct nft_batch *bt, int count, int flags)
{
	nft_expr_begin(bt, "connlimit");
	if (count >= 0)
		nft_put_be32(bt, NFTA_CONNLIMIT_COUNT, count);
	if (flags)
		nft_put_be32(bt, NFTA_CONNLIMIT_FLAGS, flags);
	nft_expr_end(bt);
}

/* ct state new: the state register is a host-order word with one bit */
static void match_new(struct nft_batch *bt)
{
	uint32_t st = NF_CT_STATE_BIT(IP_CT_NEW);

	nft_ct(bt, NFT_CT_STATE, NFT_REG_1);
	nft_cmp(bt, NFT_REG_1, NFT_CMP_EQ, &st, sizeof(st));
}

static void rule(int family, unsigned short port, int count, int flags,
		 int accept)
{
	nft_rule_begin(&b, "input", 0);
	nft_match_nfproto(&b, nft_nfproto(family));
	nft_match_l4dport(&b, IPPROTO_TCP, port);
	match_new(&b);
	if (count >= 0)
		connlimit(&b, count, flags);
	nft_counter(&b);
	if (accept)
		nft_verdict(&b, NF_ACCEPT, NULL);
	else
		nft_reject(&b, NFT_REJECT_TCP_RST, -1);
	nft_rule_end(&b);
}

static void errnos(void)
{
	net_enter(NET_B);
	nft_begin(&b, NFPROTO_INET, TABLE);
	nft_add_table(&b, 0);
	nft_add_chain(&b, "input", "filter", NF_INET_LOCAL_IN, 0, NF_ACCEPT,
		      0);
	nft_rule_begin(&b, "input", 0);
	connlimit(&b, -1, 0);
	nft_rule_end(&b);
	nft_exp(nft_commit(&b), -EINVAL, "connlimit without a count");

	nft_begin(&b, NFPROTO_INET, TABLE);
	nft_add_table(&b, 0);
	nft_add_chain(&b, "input", "filter", NF_INET_LOCAL_IN, 0, NF_ACCEPT,
		      0);
	nft_rule_begin(&b, "input", 0);
	connlimit(&b, 2, 0x2);
	nft_rule_end(&b);
	nft_exp(nft_commit(&b), -EOPNOTSUPP, "connlimit with flag 0x2");
	nft_exp(nft_get_table(NFPROTO_INET, TABLE), -ENOENT,
		"GETTABLE after the failed batches");
}

static void counters(uint64_t *pk, struct nft_rule_info *r)
{
	int n, i;

	net_enter(NET_B);
	n = nft_rules(NFPROTO_INET, TABLE, "input", r, 4);
	if (n != 4)
		tst_brk(TBROK, "rule dump: %d rules, expected 4", n);
	for (i = 0; i < 4; i++) {
		const struct nft_expr_info *c = nft_rule_expr(&r[i], "counter");

		pk[i] = c ? c->packets : ~0ULL;
	}
}

static void check_counter(int i, uint64_t want, const char *what)
{
	struct nft_rule_info r[4];
	uint64_t pk[4];

	counters(pk, r);
	if (pk[i] == want)
		tst_res(TPASS, "%s: counter %llu", what,
			(unsigned long long)pk[i]);
	else
		tst_res(TFAIL, "%s: counter %llu, expected %llu", what,
			(unsigned long long)pk[i], (unsigned long long)want);
}

static void check_dump(void)
{
	struct nft_rule_info r[4];
	const struct nft_expr_info *e1, *e2;
	uint64_t pk[4];

	counters(pk, r);
	e1 = nft_rule_expr(&r[0], "connlimit");
	e2 = nft_rule_expr(&r[1], "connlimit");
	if (!e1 || !e2) {
		tst_res(TFAIL, "no connlimit expression in the dump");
		return;
	}
	if (e1->key == 2 && e1->code == NFT_CONNLIMIT_F_INV && e2->key == 1 &&
	    e2->code == -1)
		tst_res(TPASS, "dump: count 2 with NFT_CONNLIMIT_F_INV, count 1 without flags");
	else
		tst_res(TFAIL, "dump: count %u flags %d, count %u flags %d; expected 2/1, 1/none",
			e1->key, e1->code, e2->key, e2->code);
}

/* A connection that carries a byte each way, or -1 with its errno. */
static int try_connect(const struct sockaddr_storage *ss, int lfd, int *sfd)
{
	int fd = net_socket(NET_A, ss->ss_family, SOCK_STREAM);
	int err = net_connect_fd(fd, ss);
	char c = 0;

	if (err) {
		close(fd);
		errno = err;
		return -1;
	}
	*sfd = net_accept(lfd);
	if (net_write_all(fd, "c", 1) || net_read_all(*sfd, &c, 1) != 1 ||
	    c != 'c' || net_write_all(*sfd, "s", 1) ||
	    net_read_all(fd, &c, 1) != 1 || c != 's')
		tst_brk(TBROK, "no data over an accepted connection");
	return fd;
}

static int expect_ok(const struct sockaddr_storage *ss, int lfd, int *sfd,
		     const char *what)
{
	int fd = try_connect(ss, lfd, sfd);

	if (fd < 0)
		tst_res(TFAIL | TERRNO, "%s: connect()", what);
	else
		tst_res(TPASS, "%s: connected, data both ways", what);
	return fd;
}

static void expect_refused(const struct sockaddr_storage *ss, int lfd,
			   const char *what)
{
	int sfd, fd = try_connect(ss, lfd, &sfd);

	if (fd >= 0) {
		tst_res(TFAIL, "%s: connected, expected ECONNREFUSED", what);
		close(fd);
		close(sfd);
	} else if (errno == ECONNREFUSED) {
		tst_res(TPASS, "%s: ECONNREFUSED", what);
	} else {
		tst_res(TFAIL | TERRNO, "%s: expected ECONNREFUSED", what);
	}
}

/* Reset fd (SO_LINGER 0) and wait until its peer sfd got the RST. */
static void reset(int fd, int sfd)
{
	struct linger lg = { 1, 0 };
	char c;

	if (setsockopt(fd, SOL_SOCKET, SO_LINGER, &lg, sizeof(lg)))
		tst_brk(TBROK | TERRNO, "setsockopt(SO_LINGER)");
	close(fd);
	/* the input hook (conntrack: CLOSE) runs before the socket sees it */
	net_wait(sfd, POLLIN);
	if (read(sfd, &c, 1) != -1 || errno != ECONNRESET)
		tst_brk(TBROK | TERRNO, "the peer of the reset connection");
	close(sfd);
	/*
	 * The slots go at the next count's garbage collection, which runs
	 * at most once a jiffy and keeps a refused connection's entry for 2
	 * jiffies when another CPU added it: let 30 ms (3 jiffies at HZ 100)
	 * pass.
	 */
	usleep(30000);
}

static void run(unsigned int i)
{
	int family = i ? AF_INET6 : AF_INET;
	struct sockaddr_storage s1, s2, s3;
	int l1 = net_listener(NET_B, family, &s1);
	int l2 = net_listener(NET_B, family, &s2);
	int l3 = net_listener(NET_B, family, &s3);
	int c[3], s[3], k1, k2 = -1;

	tst_res(TINFO, "%s", i ? "IPv6" : "IPv4");
	if (!i)
		errnos();

	net_enter(NET_B);
	nft_begin(&b, NFPROTO_INET, TABLE);
	nft_add_table(&b, 0);
	nft_add_chain(&b, "input", "filter", NF_INET_LOCAL_IN, 0, NF_ACCEPT,
		      0);
	rule(family, net_port(&s1), 2, NFT_CONNLIMIT_F_INV, 0);
	rule(family, net_port(&s2), 1, 0, 1);
	rule(family, net_port(&s2), -1, 0, 0);
	rule(family, net_port(&s3), 0, NFT_CONNLIMIT_F_INV, 0);
	nft_commit_safe(&b, "table, input chain, 4 rules");
	check_dump();

	c[0] = expect_ok(&s1, l1, &s[0], "limit 2: connection 1");
	c[1] = expect_ok(&s1, l1, &s[1], "limit 2: connection 2");
	expect_refused(&s1, l1, "limit 2: connection 3");
	expect_refused(&s1, l1, "limit 2: connection 4");
	check_counter(0, 2, "limit 2 after two refused");

	if (c[0] >= 0) {
		reset(c[0], s[0]);
		c[2] = expect_ok(&s1, l1, &s[2],
				 "limit 2: a new connection after one was reset");
		expect_refused(&s1, l1, "limit 2: the next one");
		check_counter(0, 3, "limit 2 after three refused");
		if (c[2] >= 0) {
			close(c[2]);
			close(s[2]);
		}
	}
	if (c[1] >= 0) {
		close(c[1]);
		close(s[1]);
	}

	k1 = expect_ok(&s2, l2, &k2, "at most 1: connection 1");
	expect_refused(&s2, l2, "at most 1: connection 2");
	check_counter(1, 1, "at most 1: the accept rule");
	check_counter(2, 1, "at most 1: the reject after it");
	if (k1 >= 0) {
		close(k1);
		close(k2);
	}

	expect_refused(&s3, l3, "limit 0: connection 1");
	check_counter(3, 1, "limit 0");

	net_enter(NET_B);
	nft_begin(&b, NFPROTO_INET, TABLE);
	nft_del_table(&b, 0);
	nft_exp(nft_commit(&b), 0, "DELTABLE");
	close(l1);
	close(l2);
	close(l3);
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
	.timeout = 90,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_NF_TABLES", "CONFIG_NF_TABLES_INET",
		"CONFIG_NFT_CONNLIMIT", NULL
	},
};
