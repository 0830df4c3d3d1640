// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * nf_tables error paths, each with the errno net/netfilter/
 * nf_tables_api.c gives, in a network namespace of the test's own that
 * carries no traffic (inet tables, one ip table):
 * - ENOENT: NEWCHAIN in a table that does not exist, NEWRULE in a chain
 *   that does not exist, DELRULE and GETRULE of a handle that does not
 *   exist, DELCHAIN, GETCHAIN, DELTABLE, GETTABLE of missing objects (a
 *   table of the inet family is not one of the ip family);
 * - EEXIST for NEWTABLE and NEWCHAIN of existing ones with NLM_F_EXCL;
 *   without it they are updates (0) and the chain is kept;
 * - EBUSY: DELCHAIN with NLM_F_NONREC of a chain holding rules, DELCHAIN
 *   of a chain another chain jumps to (recursive or not), DELTABLE with
 *   NLM_F_NONREC of a table holding chains; each leaves all in place,
 *   and a recursive DELCHAIN takes the chain with its rules;
 * - base chains (nft_chain_parse_hook()): a hook past the last one and
 *   a nat chain on forward are EOPNOTSUPP, a nat chain at priority
 *   NF_IP_PRI_CONNTRACK (-200) is EOPNOTSUPP and one at -199 is taken,
 *   a hook without a priority is EINVAL (ENOENT in 6.12, which checks
 *   it first for a new chain), policy NF_QUEUE is EINVAL, a
 *   policy on a chain without a hook EOPNOTSUPP, an unknown chain type
 *   ENOENT (after the kernel tried to load nft-chain-1-<type>);
 * - expressions: an unknown name is ENOENT (after the module autoload
 *   failed); NEWRULE without NLM_F_CREATE is EINVAL; nat in a filter
 *   chain (also reached through a jump) and reject on postrouting fail
 *   the chain validation with EOPNOTSUPP, while nat in a chain no base
 *   chain reaches is taken;
 * - names: a table name of 255 bytes is taken, 256 bytes (one past
 *   NFT_TABLE_MAXNAMELEN - 1) is ERANGE from the attribute policy (as is
 *   a chain name of 256);
 * - atomicity: a batch with one failing message (an unknown expression;
 *   or a nat rule in a filter chain, caught at commit) creates none of
 *   the tables, chains and rules of its good messages, and each message
 *   is answered on its own (0 for the good ones, the errno for the bad);
 *   the same batch without the bad message creates them all;
 * - CVE-2023-31248 (upstream LTP nft02): a rule jumping by NFTA_CHAIN_ID
 *   to a chain made and deleted earlier in the same batch is ENOENT
 *   (the chain is not found by its id once deleted) and the batch leaves
 *   nothing;
 * - CVE-2022-1015 (registers from userspace are validated): a payload
 *   into NFT_REG32_15 with 4 bytes is taken, with 8 bytes (past the
 *   register file) ERANGE; register NFT_REG32_15 + 1 and 0x40000008
 *   (whose offset once overflowed to a valid one) are ERANGE for a store
 *   (payload) and a load (cmp); a value stored into the verdict
 *   register is EINVAL;
 * - CVE-2024-1086 (verdict parameters are rejected): an immediate
 *   verdict NF_DROP with a positive errno (NF_DROP_ERR(EPERM)) or a
 *   negative one, NF_QUEUE and an unknown code are EINVAL, a plain
 *   NF_DROP is taken;
 * - a jump loop reached from a base chain fails validation with EMLINK
 *   (the jump stack's depth).
 * The bad rules go into chains no packet traverses, so a kernel without
 * the fixes never runs them.
 */
#include "tst_test.h"
#include "net_hosts.h"
#include "net_nft.h"

#define FAM NFPROTO_INET
#define T "ltp_err"

static struct nft_batch b;

/* Table T: regular chains "c" and "t", base chain "in" (filter input). */
static void mk_table(void)
{
	nft_begin(&b, FAM, T);
	nft_add_table(&b, 0);
	nft_add_chain(&b, "c", NULL, -1, 0, -1, 0);
	nft_add_chain(&b, "t", NULL, -1, 0, -1, 0);
	nft_add_chain(&b, "in", "filter", NF_INET_LOCAL_IN, 0, NF_ACCEPT, 0);
	nft_commit_safe(&b, "table " T " and its chains");
}

static void rm_table(const char *table)
{
	nft_begin(&b, FAM, table);
	nft_del_table(&b, 0);
	nft_commit_safe(&b, "DELTABLE");
}

static int one_rule(const char *chain, void (*expr)(void))
{
	nft_begin(&b, FAM, T);
	nft_rule_begin(&b, chain, 0);
	expr();
	nft_rule_end(&b);
	return nft_commit(&b);
}

static void counter_accept(void)
{
	nft_counter(&b);
	nft_verdict(&b, NF_ACCEPT, NULL);
}

static void lookups(void)
{
	struct nft_rule_info r;

	mk_table();
	nft_begin(&b, FAM, "ltp_none");
	nft_add_chain(&b, "c", NULL, -1, 0, -1, 0);
	nft_exp(nft_commit(&b), -ENOENT, "NEWCHAIN in a missing table");
	nft_exp(one_rule("nochain", counter_accept), -ENOENT,
		"NEWRULE in a missing chain");
	nft_begin(&b, FAM, T);
	nft_del_rule(&b, "c", 123456);
	nft_exp(nft_commit(&b), -ENOENT, "DELRULE of a missing handle");
	nft_exp(nft_get_rule(FAM, T, "c", 123456, &r), -ENOENT,
		"GETRULE of a missing handle");
	nft_begin(&b, FAM, T);
	nft_del_chain(&b, "nochain", 0);
	nft_exp(nft_commit(&b), -ENOENT, "DELCHAIN of a missing chain");
	nft_exp(nft_get_chain(FAM, T, "nochain"), -ENOENT,
		"GETCHAIN of a missing chain");
	nft_begin(&b, FAM, "ltp_none");
	nft_del_table(&b, 0);
	nft_exp(nft_commit(&b), -ENOENT, "DELTABLE of a missing table");
	nft_exp(nft_get_table(FAM, "ltp_none"), -ENOENT,
		"GETTABLE of a missing table");
	nft_exp(nft_get_table(FAM, T), 0, "GETTABLE of the inet table");
	nft_exp(nft_get_table(NFPROTO_IPV4, T), -ENOENT,
		"GETTABLE of its name in the ip family");
	rm_table(T);
}

static void exists(void)
{
	mk_table();
	nft_begin(&b, FAM, T);
	nft_add_table(&b, NLM_F_EXCL);
	nft_exp(nft_commit(&b), -EEXIST, "NEWTABLE of an existing table, NLM_F_EXCL");
	nft_begin(&b, FAM, T);
	nft_add_table(&b, 0);
	nft_exp(nft_commit(&b), 0, "NEWTABLE of an existing table without NLM_F_EXCL");
	nft_begin(&b, FAM, T);
	nft_add_chain(&b, "c", NULL, -1, 0, -1, NLM_F_EXCL);
	nft_exp(nft_commit(&b), -EEXIST, "NEWCHAIN of an existing chain, NLM_F_EXCL");
	nft_begin(&b, FAM, T);
	nft_add_chain(&b, "c", NULL, -1, 0, -1, 0);
	nft_exp(nft_commit(&b), 0, "NEWCHAIN of an existing chain without NLM_F_EXCL");
	nft_exp(nft_get_chain(FAM, T, "c"), 0, "the chain is still there");
	rm_table(T);
}

static void jump_t(void)
{
	nft_verdict(&b, NFT_JUMP, "t");
}

static void busy(void)
{
	struct nft_rule_info r[4];

	mk_table();
	nft_begin(&b, FAM, T);
	nft_rule_begin(&b, "c", 0);
	counter_accept();
	nft_rule_end(&b);
	nft_rule_begin(&b, "c", 0);
	jump_t();
	nft_rule_end(&b);
	nft_commit_safe(&b, "two rules in c, one jumping to t");

	nft_begin(&b, FAM, T);
	nft_del_chain(&b, "c", NLM_F_NONREC);
	nft_exp(nft_commit(&b), -EBUSY, "DELCHAIN, NLM_F_NONREC, of a chain with rules");
	NET_EXP_EQ(nft_rules(FAM, T, "c", r, 4), 2, "rules of the chain after it");
	nft_begin(&b, FAM, T);
	nft_del_chain(&b, "t", 0);
	nft_exp(nft_commit(&b), -EBUSY, "DELCHAIN of a chain jumped to");
	nft_begin(&b, FAM, T);
	nft_del_chain(&b, "t", NLM_F_NONREC);
	nft_exp(nft_commit(&b), -EBUSY, "DELCHAIN, NLM_F_NONREC, of a chain jumped to");
	nft_exp(nft_get_chain(FAM, T, "t"), 0, "the chain jumped to is still there");
	nft_begin(&b, FAM, T);
	nft_del_table(&b, NLM_F_NONREC);
	nft_exp(nft_commit(&b), -EBUSY, "DELTABLE, NLM_F_NONREC, of a table with chains");
	nft_exp(nft_get_table(FAM, T), 0, "the table is still there");

	nft_begin(&b, FAM, T);
	nft_del_chain(&b, "c", 0);
	nft_exp(nft_commit(&b), 0, "DELCHAIN of the chain with rules (recursive)");
	nft_exp(nft_get_chain(FAM, T, "c"), -ENOENT, "GETCHAIN of it after");
	nft_begin(&b, FAM, T);
	nft_del_chain(&b, "t", NLM_F_NONREC);
	nft_exp(nft_commit(&b), 0, "DELCHAIN of the chain nobody jumps to any more");
	rm_table(T);
}

static int base_chain(const char *name, const char *type, int hook,
		      int prio, int policy)
{
	nft_begin(&b, FAM, T);
	nft_add_chain(&b, name, type, hook, prio, policy, 0);
	return nft_commit(&b);
}

static void base_chains(void)
{
	int ret;

	mk_table();
	/* NFT_MAX_HOOKS is NF_INET_INGRESS + 1 */
	nft_exp(base_chain("b", "filter", NF_INET_INGRESS + 1, 0, -1), -EOPNOTSUPP,
		"filter chain on hook NF_INET_INGRESS + 1");
	nft_exp(base_chain("b", "nat", NF_INET_FORWARD, 0, -1), -EOPNOTSUPP,
		"nat chain on forward");
	nft_exp(base_chain("b", "nat", NF_INET_PRE_ROUTING, -200, -1), -EOPNOTSUPP,
		"nat chain at priority -200 (NF_IP_PRI_CONNTRACK)");
	nft_exp(base_chain("natok", "nat", NF_INET_PRE_ROUTING, -199, -1), 0,
		"nat chain at priority -199");
	nft_exp(base_chain("b", "filter", NF_INET_LOCAL_OUT, 0, NF_QUEUE), -EINVAL,
		"base chain with policy NF_QUEUE");
	nft_exp(base_chain("b", "ltpnosuchtype", NF_INET_LOCAL_OUT, 0, -1), -ENOENT,
		"base chain of an unknown type");

	nft_begin(&b, FAM, T);
	nft_msg(&b, NFT_MSG_NEWCHAIN, NLM_F_CREATE);
	nft_put_str(&b, NFTA_CHAIN_TABLE, T);
	nft_put_str(&b, NFTA_CHAIN_NAME, "b2");
	nft_nest(&b, NFTA_CHAIN_HOOK);
	nft_put_be32(&b, NFTA_HOOK_HOOKNUM, NF_INET_LOCAL_OUT);
	nft_nest_end(&b);
	nft_put_str(&b, NFTA_CHAIN_TYPE, "filter");
	/* 6.1: EINVAL; 6.12's nft_chain_parse_hook() answers a new chain
	 * whose hook lacks the number or the priority with ENOENT */
	ret = nft_commit(&b);
	nft_exp(ret, ret == -ENOENT ? -ENOENT : -EINVAL,
		"base chain without a priority");

	nft_begin(&b, FAM, T);
	nft_add_chain(&b, "r", NULL, -1, 0, NF_DROP, 0);
	nft_exp(nft_commit(&b), -EOPNOTSUPP, "chain without a hook with a policy");
	rm_table(T);
}

static void unknown_expr(void)
{
	nft_expr_begin(&b, "ltpnosuchexpr");
	nft_expr_end(&b);
}

static void nat_expr(void)
{
	static const uint8_t addr[4] = { 10, 0, 0, 1 };

	nft_immediate(&b, NFT_REG_1, addr, 4);
	nft_nat(&b, NFT_NAT_DNAT, NFPROTO_IPV4, NFT_REG_1, 0);
}

static void reject_expr(void)
{
	nft_reject(&b, NFT_REJECT_TCP_RST, -1);
}

static void exprs(void)
{
	mk_table();
	nft_exp(one_rule("c", unknown_expr), -ENOENT,
		"NEWRULE with an unknown expression");

	nft_begin(&b, FAM, T);
	nft_msg(&b, NFT_MSG_NEWRULE, NLM_F_APPEND);
	nft_put_str(&b, NFTA_RULE_TABLE, T);
	nft_put_str(&b, NFTA_RULE_CHAIN, "c");
	nft_nest(&b, NFTA_RULE_EXPRESSIONS);
	counter_accept();
	nft_nest_end(&b);
	nft_exp(nft_commit(&b), -EINVAL, "NEWRULE without NLM_F_CREATE");

	nft_exp(one_rule("in", nat_expr), -EOPNOTSUPP,
		"nat expression in a filter chain");
	nft_begin(&b, FAM, T);
	nft_add_chain(&b, "post", "filter", NF_INET_POST_ROUTING, 0, -1, 0);
	nft_commit_safe(&b, "filter chain on postrouting");
	nft_exp(one_rule("post", reject_expr), -EOPNOTSUPP,
		"reject on postrouting");
	nft_exp(one_rule("t", nat_expr), 0,
		"nat expression in a chain no base chain reaches");
	nft_exp(one_rule("in", jump_t), -EOPNOTSUPP,
		"a filter chain jumping to the chain with nat");
	rm_table(T);
}

static void names(void)
{
	char name[257];

	memset(name, 'n', 255);
	name[255] = 0;
	nft_begin(&b, FAM, name);
	nft_add_table(&b, 0);
	if (nft_exp(nft_commit(&b), 0, "NEWTABLE with a 255 byte name"))
		rm_table(name);
	name[255] = 'n';
	name[256] = 0;
	nft_begin(&b, FAM, name);
	nft_add_table(&b, 0);
	nft_exp(nft_commit(&b), -ERANGE, "NEWTABLE with a 256 byte name");
	mk_table();
	nft_begin(&b, FAM, T);
	nft_add_chain(&b, name, NULL, -1, 0, -1, 0);
	nft_exp(nft_commit(&b), -ERANGE, "NEWCHAIN with a 256 byte name");
	rm_table(T);
}

/* 2 tables, a chain, a rule; with bad: an unknown expression in between. */
static int two_tables(int bad)
{
	nft_begin(&b, FAM, "ltp_atomic1");
	nft_add_table(&b, 0);
	nft_add_chain(&b, "c", NULL, -1, 0, -1, 0);
	nft_rule_begin(&b, "c", 0);
	counter_accept();
	nft_rule_end(&b);
	if (bad) {
		nft_rule_begin(&b, "c", 0);
		unknown_expr();
		nft_rule_end(&b);
	}
	b.table = "ltp_atomic2";
	nft_add_table(&b, 0);
	return nft_commit(&b);
}

static void nothing_left(const char *what)
{
	if (nft_get_table(FAM, "ltp_atomic1") == -ENOENT &&
	    nft_get_table(FAM, "ltp_atomic2") == -ENOENT)
		tst_res(TPASS, "%s: neither table exists", what);
	else
		tst_res(TFAIL, "%s: a table of the failed batch exists", what);
}

static void atomicity(void)
{
	struct nft_rule_info r[2];
	int ret = two_tables(1);

	if (ret == -ENOENT && !b.err[0] && !b.err[1] && !b.err[2] &&
	    b.err[3] == -ENOENT && !b.err[4])
		tst_res(TPASS, "batch of 5 with an unknown expression in message 4: ENOENT for it alone, 0 for the others");
	else
		tst_res(TFAIL, "batch of 5: %s; messages %s %s %s %s %s",
			tst_strerrno(-ret), tst_strerrno(-b.err[0]),
			tst_strerrno(-b.err[1]), tst_strerrno(-b.err[2]),
			tst_strerrno(-b.err[3]), tst_strerrno(-b.err[4]));
	nothing_left("after the batch failing in message 4");

	nft_begin(&b, FAM, "ltp_atomic1");
	nft_add_table(&b, 0);
	nft_add_chain(&b, "in", "filter", NF_INET_LOCAL_IN, 0, NF_ACCEPT, 0);
	nft_rule_begin(&b, "in", 0);
	nat_expr();
	nft_rule_end(&b);
	b.table = "ltp_atomic2";
	nft_add_table(&b, 0);
	nft_exp(nft_commit(&b), -EOPNOTSUPP,
		"batch with a nat rule in a filter chain (validated at commit)");
	nothing_left("after the batch failing its validation");

	nft_exp(two_tables(0), 0, "the same batch without the bad message");
	if (nft_get_table(FAM, "ltp_atomic2") ||
	    nft_rules(FAM, "ltp_atomic1", "c", r, 2) != 1)
		tst_res(TFAIL, "the good batch did not create both tables and the rule");
	else
		tst_res(TPASS, "the good batch created both tables, the chain and its rule");
	rm_table("ltp_atomic1");
	rm_table("ltp_atomic2");
}

/* Upstream LTP nft02: goto by the id of a chain deleted in the batch. */
static void chain_id_deleted(void)
{
	nft_begin(&b, NFPROTO_IPV4, T);
	nft_add_table(&b, 0);
	nft_add_chain(&b, "dest", NULL, -1, 0, -1, 0);
	nft_put_be32(&b, NFTA_CHAIN_ID, 77);
	nft_del_chain(&b, "dest", 0);
	nft_add_chain(&b, "src", NULL, -1, 0, -1, 0);
	nft_rule_begin(&b, "src", 0);
	nft_expr_begin(&b, "immediate");
	nft_put_be32(&b, NFTA_IMMEDIATE_DREG, NFT_REG_VERDICT);
	nft_nest(&b, NFTA_IMMEDIATE_DATA);
	nft_nest(&b, NFTA_DATA_VERDICT);
	nft_put_be32(&b, NFTA_VERDICT_CODE, NFT_GOTO);
	nft_put_be32(&b, NFTA_VERDICT_CHAIN_ID, 77);
	nft_nest_end(&b);
	nft_nest_end(&b);
	nft_expr_end(&b);
	nft_rule_end(&b);
	nft_commit(&b);
	if (b.err[4] == -ENOENT)
		tst_res(TPASS, "goto by NFTA_CHAIN_ID of a chain deleted in the same batch: ENOENT");
	else
		tst_res(TFAIL, "goto by NFTA_CHAIN_ID of a chain deleted in the same batch: %s, expected ENOENT",
			tst_strerrno(-b.err[4]));
	nft_exp(nft_get_table(NFPROTO_IPV4, T), -ENOENT,
		"GETTABLE after that batch");
}

static int payload_into(int dreg, int len)
{
	nft_begin(&b, FAM, T);
	nft_rule_begin(&b, "c", 0);
	nft_payload(&b, NFT_PAYLOAD_NETWORK_HEADER, 0, len, dreg);
	nft_rule_end(&b);
	return nft_commit(&b);
}

static int cmp_from(int sreg)
{
	uint32_t v = 0;

	nft_begin(&b, FAM, T);
	nft_rule_begin(&b, "c", 0);
	nft_cmp(&b, sreg, NFT_CMP_EQ, &v, sizeof(v));
	nft_rule_end(&b);
	return nft_commit(&b);
}

static void registers(void)
{
	mk_table();
	nft_exp(payload_into(NFT_REG32_15, 4), 0,
		"payload of 4 bytes into NFT_REG32_15");
	nft_exp(payload_into(NFT_REG32_15, 8), -ERANGE,
		"payload of 8 bytes into NFT_REG32_15 (past the registers)");
	nft_exp(payload_into(NFT_REG32_15 + 1, 4), -ERANGE,
		"payload into register NFT_REG32_15 + 1");
	nft_exp(payload_into(0x40000008, 4), -ERANGE,
		"payload into register 0x40000008");
	nft_exp(cmp_from(NFT_REG32_15 + 1), -ERANGE,
		"cmp from register NFT_REG32_15 + 1");
	nft_exp(cmp_from(0x40000008), -ERANGE, "cmp from register 0x40000008");
	nft_exp(payload_into(NFT_REG_VERDICT, 4), -EINVAL,
		"payload into the verdict register");
	rm_table(T);
}

static int verdict(uint32_t code)
{
	nft_begin(&b, FAM, T);
	nft_rule_begin(&b, "c", 0);
	nft_verdict(&b, code, NULL);
	nft_rule_end(&b);
	return nft_commit(&b);
}

static void verdicts(void)
{
	mk_table();
	nft_exp(verdict(NF_DROP), 0, "immediate verdict NF_DROP");
	/* NF_DROP_ERR(EPERM): what the hook would return is +EPERM */
	nft_exp(verdict(0xffff0000), -EINVAL,
		"immediate verdict NF_DROP with a positive errno (0xffff0000)");
	nft_exp(verdict(NF_DROP_ERR(-EPERM)), -EINVAL,
		"immediate verdict NF_DROP with errno -EPERM (0x10000)");
	nft_exp(verdict(NF_QUEUE), -EINVAL, "immediate verdict NF_QUEUE");
	nft_exp(verdict(0x12345678), -EINVAL, "immediate verdict 0x12345678");
	rm_table(T);
}

static void jump_loop(void)
{
	mk_table();
	nft_exp(one_rule("in", jump_t), 0, "base chain jumping to t");
	nft_exp(one_rule("c", jump_t), 0, "c jumping to t");
	nft_begin(&b, FAM, T);
	nft_rule_begin(&b, "t", 0);
	nft_verdict(&b, NFT_JUMP, "t");
	nft_rule_end(&b);
	nft_exp(nft_commit(&b), -EMLINK, "t jumping to itself");
	NET_EXP_EQ(nft_rules(FAM, T, "t", NULL, 0), 0, "rules in t after");
	rm_table(T);
}

static void (*const groups[])(void) = {
	lookups, exists, busy, base_chains, exprs, names, atomicity,
	chain_id_deleted, registers, verdicts, jump_loop,
};

static void run(unsigned int n)
{
	groups[n]();
}

static void setup(void)
{
	net_ns_new(NET_A);
}

static struct tst_test test = {
	.tcnt = ARRAY_SIZE(groups),
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.timeout = 60,
	.taint_check = TST_TAINT_W | TST_TAINT_D,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_NF_TABLES", "CONFIG_NF_TABLES_INET",
		"CONFIG_NF_TABLES_IPV4", "CONFIG_NFT_NAT", "CONFIG_NFT_REJECT",
		NULL
	},
	.tags = (const struct tst_tag[]) {
		{"linux-git", "515ad530795c"},
		{"CVE", "2023-31248"},
		{"CVE", "2022-1015"},
		{"CVE", "2024-1086"},
		{}
	},
};
