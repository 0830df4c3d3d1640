// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * nf_tables sets updated from the packet path (the dynset expression,
 * "add @seen { udp sport }"), IPv4 and IPv6, on the remote host's input
 * hook; set "seen" has NFT_SET_EVAL, 2 byte keys and a size of 3:
 *
 *	udp dport P: add @seen { udp sport } counter	(rule A)
 *	udp dport P: counter				(rule B)
 *
 * - dynset EINVAL without a key register, EOPNOTSUPP for op 3, for the
 *   flag 0x4 and for a timeout in a set without NFT_SET_TIMEOUT, ENOENT
 *   for a missing set;
 * - five sockets send to P: the first three source ports are added, the
 *   full set refuses the others (the expression ends the rule: A counts
 *   3, B 5), the element dump holds exactly those three ports;
 * - the first socket again: its element exists (A 4);
 * - DELSETELEM of the third port leaves room for one: the fourth
 *   socket's port goes in (A 5), the fifth is refused again (A 5, B 8);
 *   the dump holds the first, second and fourth ports.
 */
#include "tst_test.h"
#include "net_hosts.h"
#include "net_nft.h"
#include "socket_helpers.h"

#define TABLE "ltp_dynset"
#define NSOCK 5

static struct nft_batch b;

static void add_set(void)
{
	nft_msg(&b, NFT_MSG_NEWSET, NLM_F_CREATE);
	nft_put_str(&b, NFTA_SET_TABLE, TABLE);
	nft_put_str(&b, NFTA_SET_NAME, "seen");
	nft_put_be32(&b, NFTA_SET_FLAGS, NFT_SET_EVAL);
	nft_put_be32(&b, NFTA_SET_KEY_LEN, 2);
	nft_put_be32(&b, NFTA_SET_ID, 1);
	nft_nest(&b, NFTA_SET_DESC);
	nft_put_be32(&b, NFTA_SET_DESC_SIZE, 3);
	nft_nest_end(&b);
}

/* dynset op on "seen" with the key in reg 1 (key < 0: none). */
static void dynset(int op, int key, int flags, long long timeout_ms,
		   const char *set)
{
	nft_expr_begin(&b, "dynset");
	nft_put_str(&b, NFTA_DYNSET_SET_NAME, set);
	nft_put_be32(&b, NFTA_DYNSET_OP, op);
	if (key >= 0)
		nft_put_be32(&b, NFTA_DYNSET_SREG_KEY, key);
	if (flags)
		nft_put_be32(&b, NFTA_DYNSET_FLAGS, flags);
	if (timeout_ms >= 0)
		nft_put_be64(&b, NFTA_DYNSET_TIMEOUT, timeout_ms);
	nft_expr_end(&b);
}

static void sport_rule(int family, unsigned short dport, int op, int key,
		       int flags, long long timeout_ms, const char *set,
		       int counter)
{
	nft_rule_begin(&b, "in", 0);
	nft_match_nfproto(&b, nft_nfproto(family));
	nft_match_l4dport(&b, IPPROTO_UDP, dport);
	nft_payload(&b, NFT_PAYLOAD_TRANSPORT_HEADER, 0, 2, NFT_REG_1);
	if (op >= 0)
		dynset(op, key, flags, timeout_ms, set);
	if (counter)
		nft_counter(&b);
	nft_rule_end(&b);
}

static void table(void)
{
	net_enter(NET_B);
	nft_begin(&b, NFPROTO_INET, TABLE);
	nft_add_table(&b, 0);
	nft_add_chain(&b, "in", "filter", NF_INET_LOCAL_IN, 0, NF_ACCEPT, 0);
	add_set();
}

static void errnos(void)
{
	table();
	sport_rule(AF_INET, 9, NFT_DYNSET_OP_ADD, -1, 0, -1, "seen", 0);
	nft_exp(nft_commit(&b), -EINVAL, "dynset without a key register");
	table();
	sport_rule(AF_INET, 9, 3, NFT_REG_1, 0, -1, "seen", 0);
	nft_exp(nft_commit(&b), -EOPNOTSUPP, "dynset op 3");
	table();
	sport_rule(AF_INET, 9, NFT_DYNSET_OP_ADD, NFT_REG_1, 0x4, -1, "seen",
		   0);
	nft_exp(nft_commit(&b), -EOPNOTSUPP, "dynset flag 0x4");
	table();
	sport_rule(AF_INET, 9, NFT_DYNSET_OP_ADD, NFT_REG_1, 0, 1000, "seen",
		   0);
	nft_exp(nft_commit(&b), -EOPNOTSUPP,
		"dynset timeout, set without NFT_SET_TIMEOUT");
	table();
	sport_rule(AF_INET, 9, NFT_DYNSET_OP_ADD, NFT_REG_1, 0, -1, "nosuch",
		   0);
	nft_exp(nft_commit(&b), -ENOENT, "dynset of a missing set");
	nft_exp(nft_get_table(NFPROTO_INET, TABLE), -ENOENT,
		"GETTABLE after the failed batches");
}

struct elems {
	unsigned short port[16];
	int n;
};

static void elem_cb(struct nlmsghdr *nh, void *priv)
{
	int hlen = NLMSG_ALIGN(sizeof(struct nfgenmsg));
	struct elems *el = priv;
	struct nlattr *a, *l, *k, *v;
	int rem, rem2, rem3, rem4;

	if (nh->nlmsg_type !=
	    ((NFNL_SUBSYS_NFTABLES << 8) | NFT_MSG_NEWSETELEM))
		return;
	nft_attr_each(a, (char *)NLMSG_DATA(nh) + hlen,
		      (int)nh->nlmsg_len - NLMSG_HDRLEN - hlen, rem) {
		if ((a->nla_type & NLA_TYPE_MASK) !=
		    NFTA_SET_ELEM_LIST_ELEMENTS)
			continue;
		nft_attr_each(l, NFT_ATTR_DATA(a), NFT_ATTR_LEN(a), rem2) {
			nft_attr_each(k, NFT_ATTR_DATA(l), NFT_ATTR_LEN(l),
				      rem3) {
				if ((k->nla_type & NLA_TYPE_MASK) !=
				    NFTA_SET_ELEM_KEY)
					continue;
				nft_attr_each(v, NFT_ATTR_DATA(k),
					      NFT_ATTR_LEN(k), rem4) {
					uint16_t p;

					if ((v->nla_type & NLA_TYPE_MASK) !=
					    NFTA_DATA_VALUE ||
					    NFT_ATTR_LEN(v) != 2 ||
					    el->n == 16)
						continue;
					memcpy(&p, NFT_ATTR_DATA(v), 2);
					el->port[el->n++] = ntohs(p);
				}
			}
		}
	}
}

/* The set's elements are exactly the ports in want. */
static void check_elems(const unsigned short *want, int n, const char *what)
{
	static struct nft_batch q;
	struct elems el = { .n = 0 };
	char buf[128] = "";
	int i, j, ok, ret;

	net_enter(NET_B);
	nft_single(&q, NFPROTO_INET, NFT_MSG_GETSETELEM, NLM_F_DUMP);
	nft_put_str(&q, NFTA_SET_ELEM_LIST_TABLE, TABLE);
	nft_put_str(&q, NFTA_SET_ELEM_LIST_SET, "seen");
	ret = nft_talk(&q, elem_cb, &el);
	if (ret)
		tst_brk(TBROK, "GETSETELEM dump: %s", tst_strerrno(-ret));
	ok = el.n == n;
	for (i = 0; i < el.n; i++) {
		int found = 0;

		for (j = 0; j < n; j++)
			found |= el.port[i] == want[j];
		ok &= found;
		snprintf(buf + strlen(buf), sizeof(buf) - strlen(buf), " %u",
			 el.port[i]);
	}
	tst_res(ok ? TPASS : TFAIL, "%s: %d elements:%s", what, el.n, buf);
}

static long long count(int idx)
{
	struct nft_rule_info r[2];
	const struct nft_expr_info *c;
	int n;

	net_enter(NET_B);
	n = nft_rules(NFPROTO_INET, TABLE, "in", r, 2);
	if (n != 2)
		tst_brk(TBROK, "chain in: %d rules", n);
	c = nft_rule_expr(&r[idx], "counter");
	return c ? (long long)c->packets : -1;
}

/* A datagram from s to to, read at r: the rules have seen it then. */
static void through(int s, const struct sockaddr_storage *to, int r)
{
	char buf[8];

	if (sendto(s, "d", 1, 0, (const struct sockaddr *)to,
		   sizeof(*to)) != 1)
		tst_brk(TBROK | TERRNO, "sendto()");
	net_wait(r, POLLIN);
	if (recv(r, buf, sizeof(buf), MSG_DONTWAIT) != 1)
		tst_brk(TBROK, "datagram not received");
}

static void del_elem(unsigned short port)
{
	uint16_t k = htons(port);

	net_enter(NET_B);
	nft_begin(&b, NFPROTO_INET, TABLE);
	nft_msg(&b, NFT_MSG_DELSETELEM, 0);
	nft_put_str(&b, NFTA_SET_ELEM_LIST_TABLE, TABLE);
	nft_put_str(&b, NFTA_SET_ELEM_LIST_SET, "seen");
	nft_nest(&b, NFTA_SET_ELEM_LIST_ELEMENTS);
	nft_nest(&b, NFTA_LIST_ELEM);
	nft_nest(&b, NFTA_SET_ELEM_KEY);
	nft_put(&b, NFTA_DATA_VALUE, &k, 2);
	nft_nest_end(&b);
	nft_nest_end(&b);
	nft_nest_end(&b);
	nft_exp(nft_commit(&b), 0, "DELSETELEM of the third port");
}

static void run(unsigned int i)
{
	int family = i ? AF_INET6 : AF_INET;
	struct sockaddr_storage tp, a;
	int rp = net_bound(NET_B, family, SOCK_DGRAM, &tp);
	unsigned short port[NSOCK], w[3];
	int s[NSOCK], k;

	tst_res(TINFO, "%s", i ? "IPv6" : "IPv4");
	if (!i)
		errnos();
	for (k = 0; k < NSOCK; k++) {
		s[k] = net_bound(NET_A, family, SOCK_DGRAM, &a);
		port[k] = net_port(&a);
	}
	table();
	sport_rule(family, net_port(&tp), NFT_DYNSET_OP_ADD, NFT_REG_1, 0, -1,
		   "seen", 1);
	sport_rule(family, net_port(&tp), -1, 0, 0, -1, NULL, 1);
	nft_commit_safe(&b, "table, set of size 3, dynset rules");

	for (k = 0; k < NSOCK; k++)
		through(s[k], &tp, rp);
	NET_EXP_EQ(count(0), 3, "five source ports, set size 3: rule A");
	NET_EXP_EQ(count(1), 5, "five source ports, set size 3: rule B");
	check_elems(port, 3, "the first three ports");

	through(s[0], &tp, rp);
	NET_EXP_EQ(count(0), 4, "the first port again (in the set): rule A");

	del_elem(port[2]);
	through(s[3], &tp, rp);
	NET_EXP_EQ(count(0), 5, "the fourth port after DELSETELEM: rule A");

	through(s[4], &tp, rp);
	NET_EXP_EQ(count(0), 5, "the fifth port, the set full again: rule A");
	NET_EXP_EQ(count(1), 8, "rule B: every datagram to P");
	w[0] = port[0];
	w[1] = port[1];
	w[2] = port[3];
	check_elems(w, 3, "the first, second and fourth ports");

	net_enter(NET_B);
	nft_begin(&b, NFPROTO_INET, TABLE);
	nft_del_table(&b, 0);
	nft_exp(nft_commit(&b), 0, "DELTABLE");
	for (k = 0; k < NSOCK; k++)
		close(s[k]);
	close(rp);
}

static void setup(void)
{
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
