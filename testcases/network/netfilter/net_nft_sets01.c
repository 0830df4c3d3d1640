// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * nf_tables verdict maps and set element timeouts on the remote host's
 * input hook (inet table, IPv4), over nfnetlink with no userland tool:
 * - element errnos: a timeout in a set without NFT_SET_TIMEOUT, data in
 *   a plain set, a map element without data and a 3 byte key in a set of
 *   4 byte keys EINVAL; a map element jumping to a missing chain ENOENT;
 * - a verdict map from the UDP destination port: drop (2 datagrams, none
 *   arrives), accept (3 arrive, the rule after the map does not see
 *   them), jump to a chain (its counter exactly 4, they come back and
 *   the next rule counts them with the one datagram to a port not in the
 *   map: 5, and they arrive); deleting the drop element lets that port's
 *   datagrams through;
 * - an element with a timeout of 1 s (scaled) in a set of source
 *   addresses in front of a drop: the local host's datagrams are dropped
 *   while it is there, then, once it expired, arrive; the first one to
 *   arrive does so no sooner than the timeout after the element was
 *   added, and the drop rule counted exactly the datagrams that did not
 *   arrive.
 */
#include "tst_test.h"
#include "net_hosts.h"
#include "net_nft.h"
#include "socket_helpers.h"

#define TABLE "ltp_sets"
#define PAYLOAD 10
#define LEN (PAYLOAD + 8 + 20)

enum { PT_DROP, PT_ACCEPT, PT_JUMP, PT_NONE, NPORTS };

static struct nft_batch b;
static struct sockaddr_storage to[NPORTS];
static int rx[NPORTS], tx;

static uint16_t port_be(int p)
{
	return htons(net_port(&to[p]));
}

/* NEWSET with the flags, key length, and a verdict data type for maps. */
static void add_set(const char *name, int klen, int flags, uint32_t id)
{
	nft_add_set(&b, name, klen, flags, id);
	if (flags & NFT_SET_MAP)
		nft_put_be32(&b, NFTA_SET_DATA_TYPE, NFT_DATA_VERDICT);
}

/* NEWSETELEM of one element; timeout_ms > 0, verdict >= -3 or data. */
static void elem(const char *set, const void *key, int klen,
		 uint64_t timeout_ms, int has_verdict, int verdict,
		 const char *chain)
{
	nft_msg(&b, NFT_MSG_NEWSETELEM, NLM_F_CREATE);
	nft_put_str(&b, NFTA_SET_ELEM_LIST_TABLE, b.table);
	nft_put_str(&b, NFTA_SET_ELEM_LIST_SET, set);
	nft_nest(&b, NFTA_SET_ELEM_LIST_ELEMENTS);
	nft_nest(&b, NFTA_LIST_ELEM);
	nft_nest(&b, NFTA_SET_ELEM_KEY);
	nft_put(&b, NFTA_DATA_VALUE, key, klen);
	nft_nest_end(&b);
	if (timeout_ms)
		nft_put_be64(&b, NFTA_SET_ELEM_TIMEOUT, timeout_ms);
	if (has_verdict) {
		nft_nest(&b, NFTA_SET_ELEM_DATA);
		nft_nest(&b, NFTA_DATA_VERDICT);
		nft_put_be32(&b, NFTA_VERDICT_CODE, verdict);
		if (chain)
			nft_put_str(&b, NFTA_VERDICT_CHAIN, chain);
		nft_nest_end(&b);
		nft_nest_end(&b);
	}
	nft_nest_end(&b);
	nft_nest_end(&b);
}

static void del_elem(const char *set, const void *key, int klen)
{
	nft_msg(&b, NFT_MSG_DELSETELEM, 0);
	nft_put_str(&b, NFTA_SET_ELEM_LIST_TABLE, b.table);
	nft_put_str(&b, NFTA_SET_ELEM_LIST_SET, set);
	nft_nest(&b, NFTA_SET_ELEM_LIST_ELEMENTS);
	nft_nest(&b, NFTA_LIST_ELEM);
	nft_nest(&b, NFTA_SET_ELEM_KEY);
	nft_put(&b, NFTA_DATA_VALUE, key, klen);
	nft_nest_end(&b);
	nft_nest_end(&b);
	nft_nest_end(&b);
}

static void ruleset(void)
{
	uint8_t udp = IPPROTO_UDP;

	net_enter(NET_B);
	nft_begin(&b, NFPROTO_INET, TABLE);
	nft_add_table(&b, 0);
	nft_add_chain(&b, "in", "filter", NF_INET_LOCAL_IN, 0, NF_ACCEPT, 0);
	nft_add_chain(&b, "cnt", NULL, 0, 0, -1, 0);
	add_set("blk", 4, NFT_SET_TIMEOUT, 1);
	add_set("plain", 4, 0, 2);
	add_set("vm", 2, NFT_SET_MAP, 3);

	/* 0: ip saddr @blk counter drop */
	nft_rule_begin(&b, "in", 0);
	nft_match_nfproto(&b, NFPROTO_IPV4);
	nft_payload(&b, NFT_PAYLOAD_NETWORK_HEADER, 12, 4, NFT_REG_1);
	nft_lookup(&b, "blk", NFT_REG_1, 0);
	nft_counter(&b);
	nft_verdict(&b, NF_DROP, NULL);
	nft_rule_end(&b);
	/* 1: udp dport vmap @vm */
	nft_rule_begin(&b, "in", 0);
	nft_meta(&b, NFT_META_L4PROTO, NFT_REG_1);
	nft_cmp(&b, NFT_REG_1, NFT_CMP_EQ, &udp, 1);
	nft_payload(&b, NFT_PAYLOAD_TRANSPORT_HEADER, 2, 2, NFT_REG_1);
	nft_expr_begin(&b, "lookup");
	nft_put_str(&b, NFTA_LOOKUP_SET, "vm");
	nft_put_be32(&b, NFTA_LOOKUP_SREG, NFT_REG_1);
	nft_put_be32(&b, NFTA_LOOKUP_DREG, NFT_REG_VERDICT);
	nft_expr_end(&b);
	nft_rule_end(&b);
	/* 2: udp counter: what the map let through to here */
	nft_rule_begin(&b, "in", 0);
	nft_meta(&b, NFT_META_L4PROTO, NFT_REG_1);
	nft_cmp(&b, NFT_REG_1, NFT_CMP_EQ, &udp, 1);
	nft_counter(&b);
	nft_rule_end(&b);
	/* the jump target */
	nft_rule_begin(&b, "cnt", 0);
	nft_counter(&b);
	nft_rule_end(&b);
	nft_commit_safe(&b, "table, chains, sets and rules");
}

static void errors(void)
{
	uint32_t addr = htonl(0x0a630163);
	uint16_t p = port_be(PT_DROP);

	net_enter(NET_B);
	nft_begin(&b, NFPROTO_INET, TABLE);
	elem("plain", &addr, 4, 1000, 0, 0, NULL);
	nft_exp(nft_commit(&b), -EINVAL,
		"element timeout in a set without NFT_SET_TIMEOUT");
	nft_begin(&b, NFPROTO_INET, TABLE);
	elem("plain", &addr, 4, 0, 1, NF_DROP, NULL);
	nft_exp(nft_commit(&b), -EINVAL, "element data in a plain set");
	nft_begin(&b, NFPROTO_INET, TABLE);
	elem("vm", &p, 2, 0, 0, 0, NULL);
	nft_exp(nft_commit(&b), -EINVAL, "map element without data");
	nft_begin(&b, NFPROTO_INET, TABLE);
	elem("plain", &addr, 3, 0, 0, 0, NULL);
	nft_exp(nft_commit(&b), -EINVAL, "3 byte key in a set of 4 byte keys");
	nft_begin(&b, NFPROTO_INET, TABLE);
	elem("vm", &p, 2, 0, 1, NFT_JUMP, "nosuchchain");
	nft_exp(nft_commit(&b), -ENOENT, "map element jumping to a missing chain");
}

static uint64_t counter(const char *chain, int idx)
{
	struct nft_rule_info r[4];
	const struct nft_expr_info *c;
	int n;

	net_enter(NET_B);
	n = nft_rules(NFPROTO_INET, TABLE, chain, r, 4);
	if (n <= idx)
		tst_brk(TBROK, "%d rules in chain %s", n, chain);
	c = nft_rule_expr(&r[idx], "counter");
	if (!c)
		tst_brk(TBROK, "no counter in rule %d of %s", idx, chain);
	if (c->bytes != c->packets * LEN)
		tst_res(TFAIL, "rule %d of %s: %llu bytes for %llu packets of %d",
			idx, chain, (unsigned long long)c->bytes,
			(unsigned long long)c->packets, LEN);
	return c->packets;
}

static void send_n(int p, int n)
{
	static char buf[PAYLOAD];
	int i;

	for (i = 0; i < n; i++)
		if (sendto(tx, buf, PAYLOAD, 0, (struct sockaddr *)&to[p],
			   sizeof(struct sockaddr_in)) != PAYLOAD)
			tst_brk(TBROK | TERRNO, "sendto()");
}

static int got(int p, int n, int ms)
{
	static char buf[PAYLOAD + 1];
	int k = 0;

	while (k < n && net_poll(rx[p], POLLIN, ms) &&
	       recv(rx[p], buf, sizeof(buf), MSG_DONTWAIT) == PAYLOAD)
		k++;
	return k;
}

static void vmap(void)
{
	uint16_t k[NPORTS];
	int i;

	for (i = 0; i < NPORTS; i++)
		k[i] = port_be(i);
	net_enter(NET_B);
	nft_begin(&b, NFPROTO_INET, TABLE);
	elem("vm", &k[PT_DROP], 2, 0, 1, NF_DROP, NULL);
	elem("vm", &k[PT_ACCEPT], 2, 0, 1, NF_ACCEPT, NULL);
	elem("vm", &k[PT_JUMP], 2, 0, 1, NFT_JUMP, "cnt");
	nft_commit_safe(&b, "verdict map elements");

	send_n(PT_DROP, 2);
	send_n(PT_ACCEPT, 3);
	send_n(PT_JUMP, 4);
	send_n(PT_NONE, 1);
	/* the dropped ones went first: once the others are in, they are done */
	NET_EXP_EQ(got(PT_ACCEPT, 3, 10000), 3, "datagrams to the accept port");
	NET_EXP_EQ(got(PT_JUMP, 4, 10000), 4, "datagrams to the jump port");
	NET_EXP_EQ(got(PT_NONE, 1, 10000), 1,
		   "datagram to a port not in the map");
	NET_EXP_EQ(got(PT_DROP, 1, 0), 0, "datagrams to the drop port");
	NET_EXP_EQ(counter("cnt", 0), 4, "jump target chain's counter");
	NET_EXP_EQ(counter("in", 2), 5,
		   "rule after the map (jumped and returned, no element)");
	NET_EXP_EQ(counter("in", 0), 0, "source address drop rule");

	net_enter(NET_B);
	nft_begin(&b, NFPROTO_INET, TABLE);
	del_elem("vm", &k[PT_DROP], 2);
	nft_exp(nft_commit(&b), 0, "DELSETELEM of the drop element");
	send_n(PT_DROP, 1);
	NET_EXP_EQ(got(PT_DROP, 1, 10000), 1,
		   "datagram to the port whose element was deleted");
	NET_EXP_EQ(counter("in", 2), 6, "rule after the map");
}

static void timeout(void)
{
	uint32_t addr;
	struct sockaddr_storage a;
	int t = net_ms(1000), sent = 0, drops = 0, arrived = 0;
	long long t0, el, end;

	net_addr(NET_A, AF_INET, 0, &a);
	memcpy(&addr, net_rawaddr(&a), 4);
	net_enter(NET_B);
	t0 = tst_mono_ms();
	nft_begin(&b, NFPROTO_INET, TABLE);
	elem("blk", &addr, 4, t, 0, 0, NULL);
	nft_commit_safe(&b, "element with a timeout");

	send_n(PT_ACCEPT, 1);
	sent++;
	end = tst_mono_ms() + net_ms(10000);
	while (counter("in", 0) < 1 && tst_mono_ms() < end)
		net_poll(rx[PT_ACCEPT], POLLIN, 20);
	el = tst_mono_ms() - t0;
	if (el >= t)
		tst_brk(TBROK, "the first datagram took %lld ms, the element's timeout is %d ms",
			el, t);
	NET_EXP_EQ(counter("in", 0), 1,
		   "datagrams dropped while the element is in the set");
	NET_EXP_EQ(got(PT_ACCEPT, 1, 0), 0, "datagrams arrived meanwhile");

	end = t0 + 3 * t + net_ms(10000);
	while (!arrived && tst_mono_ms() < end) {
		send_n(PT_ACCEPT, 1);
		sent++;
		arrived = got(PT_ACCEPT, 1, 100);
	}
	el = tst_mono_ms() - t0;
	if (!arrived) {
		tst_res(TFAIL, "no datagram arrived %lld ms after a %d ms timeout",
			el, t);
		return;
	}
	/* the expiry is in jiffies: allow 10 ms of rounding */
	if (el >= t - 10)
		tst_res(TPASS, "a datagram arrived %lld ms after the element's %d ms timeout began",
			el, t);
	else
		tst_res(TFAIL, "a datagram arrived after %lld ms, before the %d ms timeout",
			el, t);
	/* datagrams still on their way: each one is either dropped or read */
	end = tst_mono_ms() + net_ms(10000);
	while ((drops = counter("in", 0)) + arrived < sent &&
	       tst_mono_ms() < end)
		arrived += got(PT_ACCEPT, sent, 20);
	NET_EXP_EQ(drops + arrived, sent,
		   "drop rule's count + datagrams arrived = datagrams sent");
}

static void run(void)
{
	ruleset();
	errors();
	vmap();
	timeout();
	net_enter(NET_B);
	nft_begin(&b, NFPROTO_INET, TABLE);
	nft_del_table(&b, 0);
	nft_commit_safe(&b, "DELTABLE");
}

static void setup(void)
{
	int p;

	/* one backlog: datagrams are processed in the order sent */
	sock_pin_cpu();
	net_hosts_setup();
	for (p = 0; p < NPORTS; p++)
		rx[p] = net_bound(NET_B, AF_INET, SOCK_DGRAM, &to[p]);
	tx = net_bound(NET_A, AF_INET, SOCK_DGRAM, NULL);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.timeout = 90,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_NF_TABLES", "CONFIG_NF_TABLES_INET", NULL
	},
};
