// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * nf_tables rule positions and chain verdicts on the remote host's input
 * hook (an inet table):
 * - positions: with rules A, B appended, a rule without NLM_F_APPEND goes
 *   first, one with NFTA_RULE_POSITION B and NLM_F_APPEND right after B,
 *   one with the position and without the flag right before B; a
 *   NLM_F_REPLACE of A's handle puts the new rule in A's place under
 *   A's handle; the dump gives exactly that order;
 * - errnos: a position or a replaced handle that does not exist ENOENT,
 *   a handle without NLM_F_REPLACE EOPNOTSUPP, with NLM_F_EXCL EEXIST,
 *   NLM_F_REPLACE without a handle and a rule without NLM_F_CREATE
 *   EINVAL, a jump to a base chain EOPNOTSUPP; the rules stay as they
 *   were;
 * - verdicts, IPv4 and IPv6, 3 datagrams to each of four ports:
 *   a jump to a chain whose rules end returns to the rule after the jump
 *   (that rule drops them: none arrive, both counters 3); a goto to a
 *   chain ending in "return" does not come back to the calling chain:
 *   the base chain's policy accepts them (all arrive, the rule after the
 *   goto and the one after the return count 0); a drop in a jumped-to
 *   chain is final (the accept after the jump counts 0); 15 nested
 *   jumps (the deepest the jump stack allows) are walked there and back:
 *   each chain counts 3, the rule after the first jump 3, all arrive;
 * - a 16th level of jumps EMLINK, the ruleset unchanged.
 */
#include "tst_test.h"
#include "net_hosts.h"
#include "net_nft.h"
#include "socket_helpers.h"

#define TABLE "ltp_chains"
#define DEPTH 15
#define NDGRAMS 3

static struct nft_batch b;

/* NEWRULE "udp dport port counter" with raw flags, handle, position. */
static void rule_at(const char *chain, int flags, uint64_t handle,
		    uint64_t pos, unsigned short port)
{
	nft_msg(&b, NFT_MSG_NEWRULE, flags);
	nft_put_str(&b, NFTA_RULE_TABLE, TABLE);
	nft_put_str(&b, NFTA_RULE_CHAIN, chain);
	if (handle)
		nft_put_be64(&b, NFTA_RULE_HANDLE, handle);
	if (pos)
		nft_put_be64(&b, NFTA_RULE_POSITION, pos);
	nft_nest(&b, NFTA_RULE_EXPRESSIONS);
	nft_match_l4dport(&b, IPPROTO_UDP, port);
	nft_counter(&b);
	nft_nest_end(&b);
}

static void begin(void)
{
	net_enter(NET_B);
	nft_begin(&b, NFPROTO_INET, TABLE);
}

/* The ports of the chain's rules in order, their handles: the count. */
static int order(const char *chain, unsigned short *ports, uint64_t *h,
		 int max)
{
	struct nft_rule_info r[8];
	int n, i;

	net_enter(NET_B);
	n = nft_rules(NFPROTO_INET, TABLE, chain, r, 8);
	if (n < 0 || n > 8)
		tst_brk(TBROK, "rule dump of %s: %d", chain, n);
	for (i = 0; i < n && i < max; i++) {
		uint16_t p = 0;

		if (r[i].nexpr > 3 && r[i].expr[3].dlen == 2)
			memcpy(&p, r[i].expr[3].data, 2);
		ports[i] = ntohs(p);
		h[i] = r[i].handle;
	}
	return n;
}

static int check_order(const unsigned short *want, int n, const char *what)
{
	unsigned short got[8];
	uint64_t h[8];
	char buf[128] = "";
	int k = order("in", got, h, 8), i, ok = k == n;

	for (i = 0; i < k; i++) {
		snprintf(buf + strlen(buf), sizeof(buf) - strlen(buf), "%s%u",
			 i ? " " : "", got[i]);
		if (i < n && got[i] != want[i])
			ok = 0;
	}
	tst_res(ok ? TPASS : TFAIL, "%s: ports in the dump %s", what, buf);
	return ok;
}

static void positions(void)
{
	static const unsigned short o1[] = { 1003, 1001, 1005, 1002, 1004 };
	static const unsigned short o2[] = { 1003, 1006, 1005, 1002, 1004 };
	const int cr = NLM_F_CREATE, ap = NLM_F_CREATE | NLM_F_APPEND;
	unsigned short p[8];
	uint64_t h[8], ha, hb;

	begin();
	nft_add_table(&b, 0);
	nft_add_chain(&b, "in", "filter", NF_INET_LOCAL_IN, 0, NF_ACCEPT, 0);
	rule_at("in", ap, 0, 0, 1001);
	rule_at("in", ap, 0, 0, 1002);
	nft_commit_safe(&b, "table, chain, rules A and B");
	if (order("in", p, h, 8) != 2)
		tst_brk(TBROK, "rules A and B not in the dump");
	ha = h[0];
	hb = h[1];

	begin();
	rule_at("in", cr, 0, 0, 1003);
	rule_at("in", ap, 0, hb, 1004);
	rule_at("in", cr, 0, hb, 1005);
	nft_exp(nft_commit(&b), 0, "insert at the head, after B, before B");
	check_order(o1, 5, "head, after B, before B");

	begin();
	rule_at("in", NLM_F_CREATE | NLM_F_REPLACE, ha, 0, 1006);
	nft_exp(nft_commit(&b), 0, "NLM_F_REPLACE of A's handle");
	if (check_order(o2, 5, "A replaced in place")) {
		order("in", p, h, 8);
		if (h[1] == ha)
			tst_res(TPASS, "the replacing rule has A's handle %llu",
				(unsigned long long)ha);
		else
			tst_res(TFAIL, "the replacing rule has handle %llu, A had %llu",
				(unsigned long long)h[1],
				(unsigned long long)ha);
	}

	begin();
	rule_at("in", ap, 0, hb + 1000, 1007);
	nft_exp(nft_commit(&b), -ENOENT, "position of a missing handle");
	begin();
	rule_at("in", NLM_F_CREATE | NLM_F_REPLACE, hb + 1000, 0, 1007);
	nft_exp(nft_commit(&b), -ENOENT, "NLM_F_REPLACE of a missing handle");
	begin();
	rule_at("in", ap, hb, 0, 1007);
	nft_exp(nft_commit(&b), -EOPNOTSUPP, "a handle without NLM_F_REPLACE");
	begin();
	rule_at("in", NLM_F_CREATE | NLM_F_REPLACE | NLM_F_EXCL, hb, 0, 1007);
	nft_exp(nft_commit(&b), -EEXIST, "a handle with NLM_F_EXCL");
	begin();
	rule_at("in", NLM_F_CREATE | NLM_F_REPLACE, 0, 0, 1007);
	nft_exp(nft_commit(&b), -EINVAL, "NLM_F_REPLACE without a handle");
	begin();
	rule_at("in", NLM_F_APPEND, 0, 0, 1007);
	nft_exp(nft_commit(&b), -EINVAL, "a new rule without NLM_F_CREATE");
	begin();
	nft_add_chain(&b, "j", NULL, 0, 0, -1, 0);
	nft_rule_begin(&b, "j", 0);
	nft_verdict(&b, NFT_JUMP, "in");
	nft_rule_end(&b);
	nft_exp(nft_commit(&b), -EOPNOTSUPP, "a jump to a base chain");
	check_order(o2, 5, "after the failed batches");

	begin();
	nft_del_table(&b, 0);
	nft_commit_safe(&b, "DELTABLE");
}

/* no verdict in the rule (NF_DROP is 0, NFT_JUMP negative) */
#define NO_VERDICT 0x7fffffffU

/* "udp dport port", a counter, then verdict code (or NO_VERDICT). */
static void port_rule(int family, const char *chain, unsigned short port,
		      uint32_t code, const char *to, int counter)
{
	nft_rule_begin(&b, chain, 0);
	nft_match_nfproto(&b, nft_nfproto(family));
	nft_match_l4dport(&b, IPPROTO_UDP, port);
	if (counter)
		nft_counter(&b);
	if (code != NO_VERDICT)
		nft_verdict(&b, code, to);
	nft_rule_end(&b);
}

static void plain_rule(const char *chain, int counter, int verdict,
		       uint32_t code, const char *to)
{
	nft_rule_begin(&b, chain, 0);
	if (counter)
		nft_counter(&b);
	if (verdict)
		nft_verdict(&b, code, to);
	nft_rule_end(&b);
}

/* Counter packets of rule idx of chain (its first counter). */
static long long count(const char *chain, int idx)
{
	struct nft_rule_info r[8];
	const struct nft_expr_info *c;
	int n;

	net_enter(NET_B);
	n = nft_rules(NFPROTO_INET, TABLE, chain, r, 8);
	if (n <= idx)
		tst_brk(TBROK, "chain %s: %d rules", chain, n);
	c = nft_rule_expr(&r[idx], "counter");
	return c ? (long long)c->packets : -1;
}

static void ruleset(int family, const unsigned short *pt)
{
	char name[8], next[8];
	int k;

	begin();
	nft_add_table(&b, 0);
	nft_add_chain(&b, "in", "filter", NF_INET_LOCAL_IN, 0, NF_ACCEPT, 0);
	nft_add_chain(&b, "j", NULL, 0, 0, -1, 0);
	nft_add_chain(&b, "g", NULL, 0, 0, -1, 0);
	nft_add_chain(&b, "d", NULL, 0, 0, -1, 0);
	for (k = 1; k <= DEPTH; k++) {
		snprintf(name, sizeof(name), "c%d", k);
		nft_add_chain(&b, name, NULL, 0, 0, -1, 0);
	}
	plain_rule("j", 1, 0, 0, NULL);
	plain_rule("g", 1, 0, 0, NULL);
	plain_rule("g", 0, 1, NFT_RETURN, NULL);
	plain_rule("g", 1, 0, 0, NULL);
	plain_rule("d", 1, 1, NF_DROP, NULL);
	for (k = 1; k <= DEPTH; k++) {
		snprintf(name, sizeof(name), "c%d", k);
		snprintf(next, sizeof(next), "c%d", k + 1);
		plain_rule(name, 1, k < DEPTH, NFT_JUMP, next);
	}
	port_rule(family, "in", pt[0], NFT_JUMP, "j", 0);
	port_rule(family, "in", pt[0], NF_DROP, NULL, 1);
	port_rule(family, "in", pt[1], NFT_GOTO, "g", 0);
	port_rule(family, "in", pt[1], NF_DROP, NULL, 1);
	port_rule(family, "in", pt[2], NFT_JUMP, "d", 0);
	port_rule(family, "in", pt[2], NF_ACCEPT, NULL, 1);
	port_rule(family, "in", pt[3], NFT_JUMP, "c1", 0);
	port_rule(family, "in", pt[3], NO_VERDICT, NULL, 1);
	nft_commit_safe(&b, "table, 19 chains, their rules");
}

/* The datagrams queued on fd, read without waiting. */
static int queued(int fd)
{
	char buf[64];
	int n = 0;

	while (recv(fd, buf, sizeof(buf), MSG_DONTWAIT) == 2)
		n++;
	return n;
}

static void run(unsigned int i)
{
	int family = i ? AF_INET6 : AF_INET;
	struct sockaddr_storage ss[5];
	unsigned short pt[4];
	int rfd[5], s, k, n, got[4];
	long long ret, c;

	tst_res(TINFO, "%s", i ? "IPv6" : "IPv4");
	if (!i)
		positions();
	for (k = 0; k < 4; k++) {
		rfd[k] = net_bound(NET_B, family, SOCK_DGRAM, &ss[k]);
		pt[k] = net_port(&ss[k]);
	}
	/* the sentinel's port: no rule matches it, the policy accepts */
	rfd[4] = net_bound(NET_B, family, SOCK_DGRAM, &ss[4]);
	ruleset(family, pt);

	/* the dropped ones first: processed before the others arrive */
	s = net_bound(NET_A, family, SOCK_DGRAM, NULL);
	for (k = 0; k < 4; k++) {
		int p = k == 0 ? 0 : k == 1 ? 2 : k == 2 ? 1 : 3;

		for (n = 0; n < NDGRAMS; n++)
			if (sendto(s, "dg", 2, 0, (struct sockaddr *)&ss[p],
				   sizeof(ss[p])) != 2)
				tst_brk(TBROK | TERRNO, "sendto()");
	}
	/*
	 * One backlog handles them in the order sent: once the sentinel,
	 * sent last, has arrived, every datagram before it has been dropped
	 * or queued, so what is queued is all that will ever arrive.
	 */
	if (sendto(s, "st", 2, 0, (struct sockaddr *)&ss[4],
		   sizeof(ss[4])) != 2)
		tst_brk(TBROK | TERRNO, "sendto(sentinel)");
	net_wait(rfd[4], POLLIN);
	for (k = 0; k < 4; k++)
		got[k] = queued(rfd[k]);
	close(s);

	NET_EXP_EQ(got[0], 0, "jump, then drop after the return: arrived");
	NET_EXP_EQ(count("j", 0), NDGRAMS, "jump: the chain's counter");
	NET_EXP_EQ(count("in", 1), NDGRAMS,
		   "jump: the rule after the jump (drop)");
	NET_EXP_EQ(got[1], NDGRAMS, "goto, return: arrived (base policy)");
	NET_EXP_EQ(count("g", 0), NDGRAMS, "goto: the chain's counter");
	NET_EXP_EQ(count("g", 2), 0, "goto: the rule after the return");
	NET_EXP_EQ(count("in", 3), 0, "goto: the rule after the goto (drop)");
	NET_EXP_EQ(got[2], 0, "jump to a drop: arrived");
	NET_EXP_EQ(count("d", 0), NDGRAMS, "jump to a drop: the drop's counter");
	NET_EXP_EQ(count("in", 5), 0,
		   "jump to a drop: the accept after the jump");
	NET_EXP_EQ(got[3], NDGRAMS, "15 nested jumps: arrived");
	for (k = 1, c = 0; k <= DEPTH; k++) {
		char name[8];

		snprintf(name, sizeof(name), "c%d", k);
		if (count(name, 0) == NDGRAMS)
			c++;
	}
	NET_EXP_EQ(c, DEPTH, "15 nested jumps: chains that counted 3");
	NET_EXP_EQ(count("in", 7), NDGRAMS,
		   "15 nested jumps: the rule after the first jump");

	begin();
	nft_add_chain(&b, "c16", NULL, 0, 0, -1, 0);
	plain_rule("c16", 1, 0, 0, NULL);
	plain_rule("c15", 0, 1, NFT_JUMP, "c16");
	ret = nft_commit(&b);
	nft_exp(ret, -EMLINK, "a 16th level of jumps");
	nft_exp(nft_get_chain(NFPROTO_INET, TABLE, "c16"), -ENOENT,
		"GETCHAIN of the refused chain");

	begin();
	nft_del_table(&b, 0);
	nft_exp(nft_commit(&b), 0, "DELTABLE");
	for (k = 0; k < 5; k++)
		close(rfd[k]);
}

static void setup(void)
{
	/* one backlog: datagrams are processed in the order sent */
	sock_pin_cpu();
	net_hosts_setup();
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
