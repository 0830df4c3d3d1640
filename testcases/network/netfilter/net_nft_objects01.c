// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * nf_tables stateful objects (a named counter and a named quota, objref
 * rules) on the remote host's input hook, IPv4 and IPv6, over nfnetlink
 * with no userland tool:
 * - NEWOBJ of a quota: EINVAL without NFTA_QUOTA_BYTES, with consumed
 *   one byte above the quota and with a flag other than "invert" (the
 *   depleted flag included); EOVERFLOW for a quota of 2^63 while
 *   2^63 - 1 is taken and read back; a quota created with consumed equal
 *   to the quota reads back as depleted; an unknown object type ENOENT;
 *   a rule naming a missing object ENOENT; GETOBJ of a missing name
 *   ENOENT, a second NEWOBJ with NLM_F_EXCL EEXIST;
 * - the counter object referenced by a rule: use 1, then exactly the
 *   packets and bytes of the datagrams to its port (payload + 8 + 20 /
 *   40 bytes);
 * - a quota "over" (NFT_QUOTA_F_INV) of exactly three datagrams in front
 *   of a drop verdict: the first three arrive, consumed reads 1, 2, 3
 *   datagrams' bytes and the depleted flag appears exactly at the third
 *   (consumed == quota is not over it), the fourth is dropped and
 *   consumed stays capped at the quota in the dump;
 * - GETOBJ_RESET returns the values before the reset and leaves the
 *   quota at 0 (not depleted, the next datagram arrives) and the counter
 *   at 0 packets 0 bytes;
 * - DELOBJ of an object a rule uses is EBUSY; with the rules deleted in
 *   the same batch it goes, and GETOBJ is ENOENT after it.
 */
#include "tst_test.h"
#include "net_hosts.h"
#include "net_nft.h"
#include "socket_helpers.h"

#define TABLE "ltp_objects"
#define PAYLOAD 1000
#define NCNT 5

static const size_t sizes[NCNT] = { 1, 10, 100, 1000, 0 };
static struct nft_batch b;
static char buf[PAYLOAD];

static void quota_attrs(uint64_t bytes, uint64_t consumed, uint32_t flags)
{
	nft_put_be64(&b, NFTA_QUOTA_BYTES, bytes);
	if (consumed)
		nft_put_be64(&b, NFTA_QUOTA_CONSUMED, consumed);
	if (flags)
		nft_put_be32(&b, NFTA_QUOTA_FLAGS, flags);
}

/* NEWOBJ quota "bad" with the attributes given: its answer. */
static int quota_try(int has_bytes, uint64_t bytes, uint64_t consumed,
		     uint32_t flags)
{
	nft_begin(&b, NFPROTO_INET, TABLE);
	nft_obj_begin(&b, NFT_OBJECT_QUOTA, "bad", 0);
	if (has_bytes)
		quota_attrs(bytes, consumed, flags);
	else if (flags)
		nft_put_be32(&b, NFTA_QUOTA_FLAGS, flags);
	nft_obj_end(&b);
	return nft_commit(&b);
}

static void get_obj(uint32_t type, const char *name, int reset,
		    struct nft_obj_info *o)
{
	int ret;

	net_enter(NET_B);
	ret = nft_get_obj(NFPROTO_INET, TABLE, type, name, reset, o);
	if (ret)
		tst_brk(TBROK, "GETOBJ%s %s: %s", reset ? "_RESET" : "", name,
			tst_strerrno(-ret));
}

static void del_bad(void)
{
	nft_begin(&b, NFPROTO_INET, TABLE);
	nft_del_obj(&b, NFT_OBJECT_QUOTA, "bad");
	nft_commit_safe(&b, "DELOBJ bad");
}

static void errors(void)
{
	const uint64_t s64max = 0x7fffffffffffffffULL;
	struct nft_obj_info o;

	net_enter(NET_B);
	nft_exp(quota_try(0, 0, 0, 0), -EINVAL,
		"quota without NFTA_QUOTA_BYTES");
	nft_exp(quota_try(1, s64max + 1, 0, 0), -EOVERFLOW,
		"quota of 2^63 bytes");
	nft_exp(quota_try(1, 1000, 1001, 0), -EINVAL,
		"quota with consumed one byte over it");
	nft_exp(quota_try(1, 1000, 0, NFT_QUOTA_F_DEPLETED), -EINVAL,
		"quota with the depleted flag set by the user");
	nft_exp(quota_try(1, 1000, 0, 4), -EINVAL, "quota with flag 0x4");

	if (nft_exp(quota_try(1, s64max, 0, 0), 0, "quota of 2^63 - 1 bytes")) {
		get_obj(NFT_OBJECT_QUOTA, "bad", 0, &o);
		if (o.quota == s64max && o.consumed == 0 && o.flags == 0)
			tst_res(TPASS, "quota of 2^63 - 1 read back");
		else
			tst_res(TFAIL, "quota read back: %llu bytes, consumed %llu, flags 0x%x",
				(unsigned long long)o.quota,
				(unsigned long long)o.consumed, o.flags);
		del_bad();
	}
	if (nft_exp(quota_try(1, 1000, 1000, 0), 0,
		    "quota with consumed equal to it")) {
		get_obj(NFT_OBJECT_QUOTA, "bad", 0, &o);
		if (o.consumed == 1000 && o.flags == NFT_QUOTA_F_DEPLETED)
			tst_res(TPASS, "consumed 1000 of 1000 reads back depleted");
		else
			tst_res(TFAIL, "consumed %llu of 1000, flags 0x%x, expected 1000 and depleted",
				(unsigned long long)o.consumed, o.flags);
		del_bad();
	}

	nft_begin(&b, NFPROTO_INET, TABLE);
	nft_obj_begin(&b, 0x7fff, "bad", 0);
	nft_obj_end(&b);
	nft_exp(nft_commit(&b), -ENOENT, "NEWOBJ of unknown type 0x7fff");

	nft_begin(&b, NFPROTO_INET, TABLE);
	nft_rule_begin(&b, "input", 0);
	nft_objref(&b, NFT_OBJECT_COUNTER, "missing");
	nft_rule_end(&b);
	nft_exp(nft_commit(&b), -ENOENT, "objref to a missing counter");

	nft_exp(nft_get_obj(NFPROTO_INET, TABLE, NFT_OBJECT_COUNTER, "missing",
			    0, &o), -ENOENT, "GETOBJ of a missing counter");
}

static void send_to(int s, const struct sockaddr_storage *to, size_t len)
{
	if (sendto(s, buf, len, 0, (const struct sockaddr *)to,
		   sizeof(*to)) != (ssize_t)len)
		tst_brk(TBROK | TERRNO, "sendto(%zu bytes)", len);
}

/* One datagram of len read from r, or TFAIL saying what. */
static int arrives(int r, size_t len, const char *what)
{
	static char rbuf[PAYLOAD + 1];
	ssize_t n;

	if (!net_poll(r, POLLIN, 10000)) {
		tst_res(TFAIL, "%s: did not arrive", what);
		return 0;
	}
	n = recv(r, rbuf, sizeof(rbuf), MSG_DONTWAIT);
	if (n != (ssize_t)len) {
		tst_res(TFAIL, "%s: %zd bytes, expected %zu", what, n, len);
		return 0;
	}
	return 1;
}

static void check_quota(uint64_t consumed, uint32_t flags, const char *what)
{
	struct nft_obj_info o;

	get_obj(NFT_OBJECT_QUOTA, "q", 0, &o);
	if (o.consumed == consumed && o.flags == flags)
		tst_res(TPASS, "%s: consumed %llu, flags 0x%x", what,
			(unsigned long long)o.consumed, o.flags);
	else
		tst_res(TFAIL, "%s: consumed %llu, flags 0x%x, expected %llu, 0x%x",
			what, (unsigned long long)o.consumed, o.flags,
			(unsigned long long)consumed, flags);
}

static void check_counter(uint64_t pk, uint64_t by, int reset,
			  const char *what)
{
	struct nft_obj_info o;

	get_obj(NFT_OBJECT_COUNTER, "cnt", reset, &o);
	if (o.packets == pk && o.bytes == by)
		tst_res(TPASS, "%s: %llu packets, %llu bytes", what,
			(unsigned long long)o.packets,
			(unsigned long long)o.bytes);
	else
		tst_res(TFAIL, "%s: %llu packets, %llu bytes, expected %llu and %llu",
			what, (unsigned long long)o.packets,
			(unsigned long long)o.bytes, (unsigned long long)pk,
			(unsigned long long)by);
}

static void objects(int family, int s, int rc, int rq,
		    const struct sockaddr_storage *sc,
		    const struct sockaddr_storage *sq)
{
	uint64_t hdr = 8 + nft_iph_len(family), len = PAYLOAD + hdr;
	uint64_t cbytes = 0;
	struct nft_obj_info o;
	char what[64];
	int i, ok = 1;

	net_enter(NET_B);
	nft_begin(&b, NFPROTO_INET, TABLE);
	nft_obj_begin(&b, NFT_OBJECT_COUNTER, "cnt", 0);
	nft_obj_end(&b);
	nft_obj_begin(&b, NFT_OBJECT_QUOTA, "q", 0);
	quota_attrs(3 * len, 0, NFT_QUOTA_F_INV);
	nft_obj_end(&b);
	nft_rule_begin(&b, "input", 0);
	nft_match_nfproto(&b, nft_nfproto(family));
	nft_match_l4dport(&b, IPPROTO_UDP, net_port(sc));
	nft_objref(&b, NFT_OBJECT_COUNTER, "cnt");
	nft_rule_end(&b);
	nft_rule_begin(&b, "input", 0);
	nft_match_nfproto(&b, nft_nfproto(family));
	nft_match_l4dport(&b, IPPROTO_UDP, net_port(sq));
	nft_objref(&b, NFT_OBJECT_QUOTA, "q");
	nft_verdict(&b, NF_DROP, NULL);
	nft_rule_end(&b);
	nft_commit_safe(&b, "counter, quota and their rules");

	get_obj(NFT_OBJECT_COUNTER, "cnt", 0, &o);
	NET_EXP_EQ(o.use, 1, "counter object: references (NFTA_OBJ_USE)");
	nft_begin(&b, NFPROTO_INET, TABLE);
	nft_obj_begin(&b, NFT_OBJECT_COUNTER, "cnt", NLM_F_EXCL);
	nft_obj_end(&b);
	nft_exp(nft_commit(&b), -EEXIST, "NEWOBJ cnt again with NLM_F_EXCL");

	for (i = 0; i < NCNT; i++) {
		send_to(s, sc, sizes[i]);
		ok &= arrives(rc, sizes[i], "datagram to the counted port");
		cbytes += sizes[i] + hdr;
	}
	if (ok)
		tst_res(TPASS, "5 datagrams to the counted port arrived");
	check_counter(NCNT, cbytes, 0, "counter object");

	for (i = 1; i <= 3; i++) {
		snprintf(what, sizeof(what), "datagram %d of a 3 datagram quota",
			 i);
		send_to(s, sq, PAYLOAD);
		if (arrives(rq, PAYLOAD, what))
			tst_res(TPASS, "%s arrived", what);
		snprintf(what, sizeof(what), "quota after %d datagrams", i);
		check_quota(i * len, NFT_QUOTA_F_INV |
			    (i == 3 ? NFT_QUOTA_F_DEPLETED : 0), what);
	}
	/* the fourth, then a datagram behind it on the one CPU's backlog */
	send_to(s, sq, PAYLOAD);
	send_to(s, sc, 0);
	cbytes += hdr;
	if (arrives(rc, 0, "datagram sent after the 4th"))
		NET_EXP_EQ(net_poll(rq, POLLIN, 0), 0,
			   "4th datagram over the quota delivered (poll)");
	check_quota(3 * len, NFT_QUOTA_F_INV | NFT_QUOTA_F_DEPLETED,
		    "quota after the 4th (consumed capped)");

	get_obj(NFT_OBJECT_QUOTA, "q", 1, &o);
	if (o.consumed == 3 * len && o.flags & NFT_QUOTA_F_DEPLETED)
		tst_res(TPASS, "GETOBJ_RESET returned the depleted quota");
	else
		tst_res(TFAIL, "GETOBJ_RESET: consumed %llu, flags 0x%x",
			(unsigned long long)o.consumed, o.flags);
	check_quota(0, NFT_QUOTA_F_INV, "quota after the reset");
	send_to(s, sq, PAYLOAD);
	if (arrives(rq, PAYLOAD, "datagram after the quota's reset"))
		tst_res(TPASS, "a datagram passes the quota after the reset");
	check_quota(len, NFT_QUOTA_F_INV, "quota after one more");

	check_counter(NCNT + 1, cbytes, 1, "counter GETOBJ_RESET");
	check_counter(0, 0, 0, "counter after the reset");

	net_enter(NET_B);
	nft_begin(&b, NFPROTO_INET, TABLE);
	nft_del_obj(&b, NFT_OBJECT_COUNTER, "cnt");
	nft_exp(nft_commit(&b), -EBUSY, "DELOBJ of the counter a rule uses");
	nft_begin(&b, NFPROTO_INET, TABLE);
	nft_del_rule(&b, "input", 0);
	nft_del_obj(&b, NFT_OBJECT_COUNTER, "cnt");
	nft_del_obj(&b, NFT_OBJECT_QUOTA, "q");
	nft_exp(nft_commit(&b), 0, "DELRULE of all, then DELOBJ of both");
	nft_exp(nft_get_obj(NFPROTO_INET, TABLE, NFT_OBJECT_COUNTER, "cnt", 0,
			    &o), -ENOENT, "GETOBJ of the deleted counter");
}

static void run(unsigned int i)
{
	int family = i ? AF_INET6 : AF_INET;
	struct sockaddr_storage sc, sq;
	int rc = net_bound(NET_B, family, SOCK_DGRAM, &sc);
	int rq = net_bound(NET_B, family, SOCK_DGRAM, &sq);
	int s = net_bound(NET_A, family, SOCK_DGRAM, NULL);

	tst_res(TINFO, "%s", i ? "IPv6" : "IPv4");
	net_enter(NET_B);
	nft_begin(&b, NFPROTO_INET, TABLE);
	nft_add_table(&b, 0);
	nft_add_chain(&b, "input", "filter", NF_INET_LOCAL_IN, 0, NF_ACCEPT,
		      0);
	nft_commit_safe(&b, "table and input chain");

	nft_begin(&b, NFPROTO_INET, TABLE);
	nft_obj_begin(&b, NFT_OBJECT_QUOTA, "probe", 0);
	quota_attrs(1, 0, 0);
	nft_obj_end(&b);
	if (nft_commit(&b) == -ENOENT)
		tst_brk(TCONF, "no quota objects (nft_quota missing)");
	nft_begin(&b, NFPROTO_INET, TABLE);
	nft_del_obj(&b, NFT_OBJECT_QUOTA, "probe");
	nft_commit_safe(&b, "DELOBJ probe");

	errors();
	objects(family, s, rc, rq, &sc, &sq);

	net_enter(NET_B);
	nft_begin(&b, NFPROTO_INET, TABLE);
	nft_del_table(&b, 0);
	nft_commit_safe(&b, "DELTABLE");
	close(rc);
	close(rq);
	close(s);
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
	.timeout = 60,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_NF_TABLES", "CONFIG_NF_TABLES_INET",
		"CONFIG_NFT_QUOTA", NULL
	},
};
