/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A small nf_tables client for the netfilter tests, in the style of
 * net_rtnl.h, with no userland tool (no nft, no iptables): tables,
 * chains (base chains with a type, hook, priority and policy), rules
 * built from expressions, sets and their elements, rule dumps.
 *
 * Changes go in one batch (NFNL_MSG_BATCH_BEGIN ... BATCH_END for
 * NFNL_SUBSYS_NFTABLES), which the kernel applies whole or not at all:
 *
 *	static struct nft_batch b;
 *
 *	nft_begin(&b, NFPROTO_INET, "t");
 *	nft_add_table(&b, 0);
 *	nft_add_chain(&b, "in", "filter", NF_INET_LOCAL_IN, 0, NF_ACCEPT, 0);
 *	nft_rule_begin(&b, "in", 0);
 *	nft_match_l4dport(&b, IPPROTO_UDP, 5000);
 *	nft_counter(&b);
 *	nft_verdict(&b, NF_DROP, NULL);
 *	nft_rule_end(&b);
 *	ret = nft_commit(&b);
 *
 * Every message asks for an acknowledgement; the answers are matched to
 * the messages by sequence number. nft_commit() returns 0 or the first
 * message's -errno in batch order, or, when no message failed, the
 * batch's own (an error at commit, or one refusing the whole batch,
 * which the kernel acknowledges on BATCH_BEGIN); b.err[i] holds message
 * i's own answer and b.batch_err the batch's, so a test can tell which
 * message of a batch failed (b.refused: the kernel answered none of
 * them, only BEGIN, and b.err[] repeats b.batch_err). The kernel
 * processes a batch in the send() (netlink delivers to the kernel
 * synchronously, module autoloading included: it replays the batch
 * itself), so every answer is queued when send() returns.
 *
 * Requests go to the network namespace the process is in when it
 * commits (a socket per request, as in net_rtnl.h). The queries
 * (nft_get_table(), nft_get_chain(), nft_get_rule(), nft_rules()) send
 * one message outside a batch and return 0 (or a count) or -errno.
 *
 * Integers in nf_tables attributes are big endian: the helpers take host
 * values. Data (cmp, set keys, immediate values) is the raw bytes of the
 * registers: network order for packet fields (payload), host order for
 * what meta and ct store as integers (ct state, meta mark).
 */
#ifndef NET_NFT_H
#define NET_NFT_H

#include <endian.h>
#include <errno.h>
#include <poll.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <linux/netlink.h>
#include <linux/netfilter.h>
#include <linux/netfilter/nfnetlink.h>
#include <linux/netfilter/nf_tables.h>
#include <linux/netfilter/nf_conntrack_common.h>
#include "tst_test.h"

#define NFT_BUFSIZE 65536
#define NFT_MAXMSGS 64
#define NFT_MAXNEST 16
#define NFT_DUMP_EXPRS 16

struct nft_batch {
	char buf[NFT_BUFSIZE];
	size_t len;
	struct nlmsghdr *msg;		/* the message being built */
	struct nlattr *nest[NFT_MAXNEST];
	int depth;
	int nmsg;			/* messages between BEGIN and END */
	uint32_t seq0;			/* BEGIN's sequence number */
	int family;			/* NFPROTO_* of the messages */
	const char *table;		/* the table the helpers name */
	int err[NFT_MAXMSGS];		/* each message's answer: 0, -errno */
	int batch_err;			/* the answer on BEGIN: 0, -errno */
	int refused;			/* no message answered: batch_err */
};

static uint32_t nft_seq;

/* The nf_tables family of a socket family's packets (AF_INET or AF_INET6). */
static inline int nft_nfproto(int family)
{
	return family == AF_INET ? NFPROTO_IPV4 : NFPROTO_IPV6;
}

/* The IP header length of a packet without options or extension headers. */
static inline int nft_iph_len(int family)
{
	return family == AF_INET ? 20 : 40;
}

/* ---- building messages ---- */
static inline void *nft_tail(struct nft_batch *b, size_t len)
{
	void *p;

	if (b->len + NLMSG_ALIGN(len) > sizeof(b->buf))
		tst_brk(TBROK, "nft: batch too long");
	p = b->buf + b->len;
	memset(p, 0, NLMSG_ALIGN(len));
	b->len += NLMSG_ALIGN(len);
	if (b->msg)
		b->msg->nlmsg_len = b->buf + b->len - (char *)b->msg;
	return p;
}

/* A message with its nfgenmsg: type is the whole nlmsg_type. */
static inline struct nlmsghdr *nft_put_msg(struct nft_batch *b, int type,
					   int flags, int family, int res_id)
{
	struct nlmsghdr *nh;
	struct nfgenmsg *g;

	if (b->depth)
		tst_brk(TBROK, "nft: message ended inside a nested attribute");
	b->msg = NULL;
	nh = nft_tail(b, NLMSG_HDRLEN);
	g = nft_tail(b, sizeof(*g));
	nh->nlmsg_len = NLMSG_HDRLEN + NLMSG_ALIGN(sizeof(*g));
	nh->nlmsg_type = type;
	nh->nlmsg_flags = NLM_F_REQUEST | flags;
	g->nfgen_family = family;
	g->version = NFNETLINK_V0;
	g->res_id = htons(res_id);
	b->msg = nh;
	return nh;
}

/* Start a batch of messages of family about table (may be NULL). */
static inline void nft_begin(struct nft_batch *b, int family,
			     const char *table)
{
	b->len = 0;
	b->msg = NULL;
	b->depth = 0;
	b->nmsg = 0;
	b->family = family;
	b->table = table;
	b->batch_err = 0;
	b->refused = 0;
	b->seq0 = nft_seq += NFT_MAXMSGS + 2;
	nft_put_msg(b, NFNL_MSG_BATCH_BEGIN, 0, AF_UNSPEC,
		    NFNL_SUBSYS_NFTABLES)->nlmsg_seq = b->seq0;
}

/*
 * Start message NFT_MSG_<type> of the batch (NLM_F_ACK is added);
 * returns its index for b->err[].
 */
static inline int nft_msg(struct nft_batch *b, int type, int flags)
{
	struct nlmsghdr *nh;

	if (b->nmsg == NFT_MAXMSGS)
		tst_brk(TBROK, "nft: more than %d messages in a batch",
			NFT_MAXMSGS);
	nh = nft_put_msg(b, (NFNL_SUBSYS_NFTABLES << 8) | type,
			 flags | NLM_F_ACK, b->family, 0);
	nh->nlmsg_seq = b->seq0 + 1 + b->nmsg;
	return b->nmsg++;
}

static inline void nft_put(struct nft_batch *b, int type, const void *data,
			   size_t len)
{
	struct nlattr *a = nft_tail(b, NLA_HDRLEN + len);

	a->nla_type = type;
	a->nla_len = NLA_HDRLEN + len;
	if (len)
		memcpy((char *)a + NLA_HDRLEN, data, len);
}

static inline void nft_put_be32(struct nft_batch *b, int type, uint32_t v)
{
	v = htonl(v);
	nft_put(b, type, &v, sizeof(v));
}

static inline void nft_put_be64(struct nft_batch *b, int type, uint64_t v)
{
	v = htobe64(v);
	nft_put(b, type, &v, sizeof(v));
}

static inline void nft_put_u8(struct nft_batch *b, int type, uint8_t v)
{
	nft_put(b, type, &v, sizeof(v));
}

static inline void nft_put_str(struct nft_batch *b, int type, const char *s)
{
	nft_put(b, type, s, strlen(s) + 1);
}

static inline void nft_nest(struct nft_batch *b, int type)
{
	if (b->depth == NFT_MAXNEST)
		tst_brk(TBROK, "nft: attributes nested too deep");
	b->nest[b->depth++] = (struct nlattr *)(b->buf + b->len);
	nft_put(b, type | NLA_F_NESTED, NULL, 0);
}

static inline void nft_nest_end(struct nft_batch *b)
{
	struct nlattr *a = b->nest[--b->depth];

	a->nla_len = b->buf + b->len - (char *)a;
}

/* ---- talking to the kernel ---- */

static inline int nft_socket(void)
{
	struct sockaddr_nl sa = { .nl_family = AF_NETLINK };
	int fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_NETFILTER);
	int one = 1, rcv = 1 << 20;

	if (fd < 0) {
		if (errno == EPROTONOSUPPORT)
			tst_brk(TCONF | TERRNO, "no nfnetlink");
		tst_brk(TBROK | TERRNO, "socket(AF_NETLINK, NETLINK_NETFILTER)");
	}
	if (bind(fd, (struct sockaddr *)&sa, sizeof(sa)))
		tst_brk(TBROK | TERRNO, "bind(AF_NETLINK)");
	/* errors without a copy of the request; room for many answers */
	setsockopt(fd, SOL_NETLINK, NETLINK_CAP_ACK, &one, sizeof(one));
	if (setsockopt(fd, SOL_SOCKET, SO_RCVBUFFORCE, &rcv, sizeof(rcv)))
		setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &rcv, sizeof(rcv));
	return fd;
}

static inline void nft_ack(struct nft_batch *b, struct nlmsghdr *nh)
{
	struct nlmsgerr *e = NLMSG_DATA(nh);
	uint32_t i = nh->nlmsg_seq - b->seq0;

	if (nh->nlmsg_type != NLMSG_ERROR)
		return;
	if (i == 0)
		b->batch_err = e->error;
	else if (i <= (uint32_t)b->nmsg)
		b->err[i - 1] = e->error;
}

/*
 * End the batch, send it and collect the answers: 0, or the first
 * message's -errno in batch order, else the batch's (b->batch_err).
 */
static inline int nft_commit(struct nft_batch *b)
{
	static char rbuf[NFT_BUFSIZE];
	int fd, i, unanswered = 0;
	ssize_t n;

	nft_put_msg(b, NFNL_MSG_BATCH_END, 0, AF_UNSPEC,
		    NFNL_SUBSYS_NFTABLES)->nlmsg_seq = b->seq0 + 1 + b->nmsg;
	b->msg = NULL;
	for (i = 0; i < b->nmsg; i++)
		b->err[i] = 1;	/* no answer yet */
	fd = nft_socket();
	if (send(fd, b->buf, b->len, 0) != (ssize_t)b->len)
		tst_brk(TBROK | TERRNO, "nft: send(batch)");
	/* processed in send(): the answers are all queued already */
	while ((n = recv(fd, rbuf, sizeof(rbuf), MSG_DONTWAIT)) > 0) {
		struct nlmsghdr *nh = (struct nlmsghdr *)rbuf;
		int len = n;

		for (; NLMSG_OK(nh, len); nh = NLMSG_NEXT(nh, len))
			nft_ack(b, nh);
	}
	if (n < 0 && errno != EAGAIN)
		tst_brk(TBROK | TERRNO, "nft: recv()");
	close(fd);
	for (i = 0; i < b->nmsg; i++) {
		if (b->err[i] == 1) {
			/* a batch refused whole answers only on BEGIN */
			b->err[i] = b->batch_err;
			unanswered++;
		}
	}
	if (unanswered && !b->batch_err)
		tst_brk(TBROK, "nft: %d of %d messages of a batch unanswered",
			unanswered, b->nmsg);
	b->refused = b->nmsg && unanswered == b->nmsg;
	for (i = 0; i < b->nmsg; i++)
		if (b->err[i])
			return b->err[i];
	return b->batch_err;
}

/*
 * One message outside a batch (a get or a dump): 0 or -errno; cb gets
 * each answer before the end.
 */
typedef void (*nft_cb)(struct nlmsghdr *nh, void *priv);

static inline int nft_talk(struct nft_batch *b, nft_cb cb, void *priv)
{
	static char rbuf[NFT_BUFSIZE];
	struct nlmsghdr *req = (struct nlmsghdr *)b->buf;
	int dump = (req->nlmsg_flags & NLM_F_DUMP) == NLM_F_DUMP;
	int fd = nft_socket(), ret = 1;

	req->nlmsg_seq = ++nft_seq;
	if (!dump)
		req->nlmsg_flags |= NLM_F_ACK;
	if (send(fd, b->buf, b->len, 0) != (ssize_t)b->len)
		tst_brk(TBROK | TERRNO, "nft: send()");
	while (ret > 0) {
		struct pollfd pfd = { .fd = fd, .events = POLLIN };
		int ms = 30000 * tst_timeout_mul();
		struct nlmsghdr *nh = (struct nlmsghdr *)rbuf;
		ssize_t n;
		int len;

		if (poll(&pfd, 1, ms) != 1)
			tst_brk(TBROK, "nft: no answer in %d ms", ms);
		n = recv(fd, rbuf, sizeof(rbuf), 0);
		if (n < 0)
			tst_brk(TBROK | TERRNO, "nft: recv()");
		for (len = n; NLMSG_OK(nh, len); nh = NLMSG_NEXT(nh, len)) {
			if (nh->nlmsg_seq != req->nlmsg_seq)
				continue;
			if (nh->nlmsg_type == NLMSG_DONE) {
				ret = 0;
				break;
			}
			if (nh->nlmsg_type == NLMSG_ERROR) {
				ret = ((struct nlmsgerr *)NLMSG_DATA(nh))->error;
				break;
			}
			if (cb)
				cb(nh, priv);
		}
	}
	close(fd);
	return ret;
}

/* A single message (no batch) into b, for nft_talk(). */
static inline void nft_single(struct nft_batch *b, int family, int type,
			      int flags)
{
	b->len = 0;
	b->msg = NULL;
	b->depth = 0;
	nft_put_msg(b, (NFNL_SUBSYS_NFTABLES << 8) | type, flags, family, 0);
}

/* ---- tables, chains, rules, sets ---- */

/* NEWTABLE of b's table; flags: NLM_F_EXCL. */
static inline int nft_add_table(struct nft_batch *b, int flags)
{
	int i = nft_msg(b, NFT_MSG_NEWTABLE, NLM_F_CREATE | flags);

	nft_put_str(b, NFTA_TABLE_NAME, b->table);
	return i;
}

/* DELTABLE of b's table with all in it; flags: NLM_F_NONREC. */
static inline int nft_del_table(struct nft_batch *b, int flags)
{
	int i = nft_msg(b, NFT_MSG_DELTABLE, flags);

	nft_put_str(b, NFTA_TABLE_NAME, b->table);
	return i;
}

/*
 * NEWCHAIN name in b's table: a base chain of type ("filter", "nat")
 * on hook (NF_INET_*) at prio when type is set, with policy (NF_ACCEPT,
 * NF_DROP; < 0: none); a regular chain when type is NULL.
 */
static inline int nft_add_chain(struct nft_batch *b, const char *name,
				const char *type, int hook, int prio,
				int policy, int flags)
{
	int i = nft_msg(b, NFT_MSG_NEWCHAIN, NLM_F_CREATE | flags);

	nft_put_str(b, NFTA_CHAIN_TABLE, b->table);
	nft_put_str(b, NFTA_CHAIN_NAME, name);
	if (type) {
		nft_nest(b, NFTA_CHAIN_HOOK);
		nft_put_be32(b, NFTA_HOOK_HOOKNUM, hook);
		nft_put_be32(b, NFTA_HOOK_PRIORITY, prio);
		nft_nest_end(b);
		nft_put_str(b, NFTA_CHAIN_TYPE, type);
	}
	if (policy >= 0)
		nft_put_be32(b, NFTA_CHAIN_POLICY, policy);
	return i;
}

/*
 * NEWCHAIN name: a base chain of type on hook at prio with policy, bound
 * to the device dev (NFTA_HOOK_DEV: netdev family chains).
 */
static inline int nft_add_chain_dev(struct nft_batch *b, const char *name,
				    const char *type, int hook, int prio,
				    int policy, const char *dev)
{
	int i = nft_msg(b, NFT_MSG_NEWCHAIN, NLM_F_CREATE);

	nft_put_str(b, NFTA_CHAIN_TABLE, b->table);
	nft_put_str(b, NFTA_CHAIN_NAME, name);
	nft_nest(b, NFTA_CHAIN_HOOK);
	nft_put_be32(b, NFTA_HOOK_HOOKNUM, hook);
	nft_put_be32(b, NFTA_HOOK_PRIORITY, prio);
	nft_put_str(b, NFTA_HOOK_DEV, dev);
	nft_nest_end(b);
	nft_put_str(b, NFTA_CHAIN_TYPE, type);
	nft_put_be32(b, NFTA_CHAIN_POLICY, policy);
	return i;
}

/* DELCHAIN name with its rules; flags: NLM_F_NONREC. */
static inline int nft_del_chain(struct nft_batch *b, const char *name,
				int flags)
{
	int i = nft_msg(b, NFT_MSG_DELCHAIN, flags);

	nft_put_str(b, NFTA_CHAIN_TABLE, b->table);
	nft_put_str(b, NFTA_CHAIN_NAME, name);
	return i;
}

/*
 * NEWRULE appended to chain (flags: NLM_F_EXCL ...); the expressions
 * follow, then nft_rule_end().
 */
static inline int nft_rule_begin(struct nft_batch *b, const char *chain,
				 int flags)
{
	int i = nft_msg(b, NFT_MSG_NEWRULE,
			NLM_F_CREATE | NLM_F_APPEND | flags);

	nft_put_str(b, NFTA_RULE_TABLE, b->table);
	nft_put_str(b, NFTA_RULE_CHAIN, chain);
	nft_nest(b, NFTA_RULE_EXPRESSIONS);
	return i;
}

static inline int nft_rule_end(struct nft_batch *b)
{
	nft_nest_end(b);
	return b->nmsg - 1;
}

/* DELRULE handle of chain; handle 0: all rules of the chain. */
static inline int nft_del_rule(struct nft_batch *b, const char *chain,
			       uint64_t handle)
{
	int i = nft_msg(b, NFT_MSG_DELRULE, 0);

	nft_put_str(b, NFTA_RULE_TABLE, b->table);
	nft_put_str(b, NFTA_RULE_CHAIN, chain);
	if (handle)
		nft_put_be64(b, NFTA_RULE_HANDLE, handle);
	return i;
}

/* NEWSET name with keys of klen bytes; flags: NFT_SET_*. */
static inline int nft_add_set(struct nft_batch *b, const char *name,
			      int klen, int flags, uint32_t id)
{
	int i = nft_msg(b, NFT_MSG_NEWSET, NLM_F_CREATE);

	nft_put_str(b, NFTA_SET_TABLE, b->table);
	nft_put_str(b, NFTA_SET_NAME, name);
	nft_put_be32(b, NFTA_SET_FLAGS, flags);
	nft_put_be32(b, NFTA_SET_KEY_LEN, klen);
	nft_put_be32(b, NFTA_SET_ID, id);
	return i;
}

/* NEWSETELEM: n keys of klen bytes each, one after the other. */
static inline int nft_add_elems(struct nft_batch *b, const char *set,
				const void *keys, int klen, int n)
{
	int i = nft_msg(b, NFT_MSG_NEWSETELEM, NLM_F_CREATE);
	int k;

	nft_put_str(b, NFTA_SET_ELEM_LIST_TABLE, b->table);
	nft_put_str(b, NFTA_SET_ELEM_LIST_SET, set);
	nft_nest(b, NFTA_SET_ELEM_LIST_ELEMENTS);
	for (k = 0; k < n; k++) {
		nft_nest(b, NFTA_LIST_ELEM);
		nft_nest(b, NFTA_SET_ELEM_KEY);
		nft_put(b, NFTA_DATA_VALUE, (const char *)keys + k * klen,
			klen);
		nft_nest_end(b);
		nft_nest_end(b);
	}
	nft_nest_end(b);
	return i;
}

/*
 * NEWOBJ name of type (NFT_OBJECT_COUNTER, NFT_OBJECT_QUOTA ...); its
 * NFTA_OBJ_DATA attributes follow, then nft_obj_end(). flags:
 * NLM_F_EXCL ...
 */
static inline int nft_obj_begin(struct nft_batch *b, uint32_t type,
				const char *name, int flags)
{
	int i = nft_msg(b, NFT_MSG_NEWOBJ, NLM_F_CREATE | flags);

	nft_put_str(b, NFTA_OBJ_TABLE, b->table);
	nft_put_str(b, NFTA_OBJ_NAME, name);
	nft_put_be32(b, NFTA_OBJ_TYPE, type);
	nft_nest(b, NFTA_OBJ_DATA);
	return i;
}

static inline int nft_obj_end(struct nft_batch *b)
{
	nft_nest_end(b);
	return b->nmsg - 1;
}

/* DELOBJ name of type. */
static inline int nft_del_obj(struct nft_batch *b, uint32_t type,
			      const char *name)
{
	int i = nft_msg(b, NFT_MSG_DELOBJ, 0);

	nft_put_str(b, NFTA_OBJ_TABLE, b->table);
	nft_put_str(b, NFTA_OBJ_NAME, name);
	nft_put_be32(b, NFTA_OBJ_TYPE, type);
	return i;
}

/* ---- expressions (inside nft_rule_begin() ... nft_rule_end()) ---- */

/* An expression by name; its attributes follow, then nft_expr_end(). */
static inline void nft_expr_begin(struct nft_batch *b, const char *name)
{
	nft_nest(b, NFTA_LIST_ELEM);
	nft_put_str(b, NFTA_EXPR_NAME, name);
	nft_nest(b, NFTA_EXPR_DATA);
}

static inline void nft_expr_end(struct nft_batch *b)
{
	nft_nest_end(b);
	nft_nest_end(b);
}

/* meta key (NFT_META_*) into dreg (NFT_REG_*). */
static inline void nft_meta(struct nft_batch *b, int key, int dreg)
{
	nft_expr_begin(b, "meta");
	nft_put_be32(b, NFTA_META_KEY, key);
	nft_put_be32(b, NFTA_META_DREG, dreg);
	nft_expr_end(b);
}

/* len packet bytes at offset of header base (NFT_PAYLOAD_*) into dreg. */
static inline void nft_payload(struct nft_batch *b, int base, int offset,
			       int len, int dreg)
{
	nft_expr_begin(b, "payload");
	nft_put_be32(b, NFTA_PAYLOAD_DREG, dreg);
	nft_put_be32(b, NFTA_PAYLOAD_BASE, base);
	nft_put_be32(b, NFTA_PAYLOAD_OFFSET, offset);
	nft_put_be32(b, NFTA_PAYLOAD_LEN, len);
	nft_expr_end(b);
}

/* Compare sreg with data (op: NFT_CMP_EQ ...); no match ends the rule. */
static inline void nft_cmp(struct nft_batch *b, int sreg, int op,
			   const void *data, int len)
{
	nft_expr_begin(b, "cmp");
	nft_put_be32(b, NFTA_CMP_SREG, sreg);
	nft_put_be32(b, NFTA_CMP_OP, op);
	nft_nest(b, NFTA_CMP_DATA);
	nft_put(b, NFTA_DATA_VALUE, data, len);
	nft_nest_end(b);
	nft_expr_end(b);
}

static inline void nft_counter(struct nft_batch *b)
{
	nft_expr_begin(b, "counter");
	nft_expr_end(b);
}

/* An immediate verdict: NF_ACCEPT, NF_DROP, NFT_JUMP/NFT_GOTO chain. */
static inline void nft_verdict(struct nft_batch *b, uint32_t code,
			       const char *chain)
{
	nft_expr_begin(b, "immediate");
	nft_put_be32(b, NFTA_IMMEDIATE_DREG, NFT_REG_VERDICT);
	nft_nest(b, NFTA_IMMEDIATE_DATA);
	nft_nest(b, NFTA_DATA_VERDICT);
	nft_put_be32(b, NFTA_VERDICT_CODE, code);
	if (chain)
		nft_put_str(b, NFTA_VERDICT_CHAIN, chain);
	nft_nest_end(b);
	nft_nest_end(b);
	nft_expr_end(b);
}

/* An immediate value (len bytes) into dreg. */
static inline void nft_immediate(struct nft_batch *b, int dreg,
				 const void *data, int len)
{
	nft_expr_begin(b, "immediate");
	nft_put_be32(b, NFTA_IMMEDIATE_DREG, dreg);
	nft_nest(b, NFTA_IMMEDIATE_DATA);
	nft_put(b, NFTA_DATA_VALUE, data, len);
	nft_nest_end(b);
	nft_expr_end(b);
}

/* reject type (NFT_REJECT_*), code: ICMP or NFT_REJECT_ICMPX_* (< 0: none). */
static inline void nft_reject(struct nft_batch *b, int type, int code)
{
	nft_expr_begin(b, "reject");
	nft_put_be32(b, NFTA_REJECT_TYPE, type);
	if (code >= 0)
		nft_put_u8(b, NFTA_REJECT_ICMP_CODE, code);
	nft_expr_end(b);
}

/* conntrack key (NFT_CT_STATE ...) into dreg. */
static inline void nft_ct(struct nft_batch *b, int key, int dreg)
{
	nft_expr_begin(b, "ct");
	nft_put_be32(b, NFTA_CT_KEY, key);
	nft_put_be32(b, NFTA_CT_DREG, dreg);
	nft_expr_end(b);
}

/* NAT (NFT_NAT_SNAT/DNAT) to the address in reg_addr, the port in
 * reg_proto (0: not given). */
static inline void nft_nat(struct nft_batch *b, int type, int family,
			   int reg_addr, int reg_proto)
{
	nft_expr_begin(b, "nat");
	nft_put_be32(b, NFTA_NAT_TYPE, type);
	nft_put_be32(b, NFTA_NAT_FAMILY, family);
	if (reg_addr)
		nft_put_be32(b, NFTA_NAT_REG_ADDR_MIN, reg_addr);
	if (reg_proto)
		nft_put_be32(b, NFTA_NAT_REG_PROTO_MIN, reg_proto);
	nft_expr_end(b);
}

static inline void nft_masq(struct nft_batch *b)
{
	nft_expr_begin(b, "masq");
	nft_expr_end(b);
}

/* sreg in set (or not in it, with NFT_LOOKUP_F_INV). */
static inline void nft_lookup(struct nft_batch *b, const char *set,
			      int sreg, int flags)
{
	nft_expr_begin(b, "lookup");
	nft_put_str(b, NFTA_LOOKUP_SET, set);
	nft_put_be32(b, NFTA_LOOKUP_SREG, sreg);
	if (flags)
		nft_put_be32(b, NFTA_LOOKUP_FLAGS, flags);
	nft_expr_end(b);
}

/* The named object of type in b's table, evaluated for the packet. */
static inline void nft_objref(struct nft_batch *b, uint32_t type,
			      const char *name)
{
	nft_expr_begin(b, "objref");
	nft_put_be32(b, NFTA_OBJREF_IMM_TYPE, type);
	nft_put_str(b, NFTA_OBJREF_IMM_NAME, name);
	nft_expr_end(b);
}

/* ---- common matches ---- */

/* meta nfproto family (NFPROTO_IPV4/IPV6): for inet tables. */
static inline void nft_match_nfproto(struct nft_batch *b, int family)
{
	uint8_t v = family;

	nft_meta(b, NFT_META_NFPROTO, NFT_REG_1);
	nft_cmp(b, NFT_REG_1, NFT_CMP_EQ, &v, 1);
}

/* meta l4proto proto and the transport header's destination port. */
static inline void nft_match_l4dport(struct nft_batch *b, int proto,
				     unsigned short port)
{
	uint8_t p = proto;
	uint16_t v = htons(port);

	nft_meta(b, NFT_META_L4PROTO, NFT_REG_1);
	nft_cmp(b, NFT_REG_1, NFT_CMP_EQ, &p, 1);
	nft_payload(b, NFT_PAYLOAD_TRANSPORT_HEADER, 2, 2, NFT_REG_1);
	nft_cmp(b, NFT_REG_1, NFT_CMP_EQ, &v, 2);
}

/* The network header's destination (or source) address. */
static inline void nft_match_addr(struct nft_batch *b, int family, int dst,
				  const void *addr)
{
	int v4 = family == NFPROTO_IPV4;

	nft_match_nfproto(b, family);
	nft_payload(b, NFT_PAYLOAD_NETWORK_HEADER,
		    v4 ? (dst ? 16 : 12) : (dst ? 24 : 8), v4 ? 4 : 16,
		    NFT_REG_1);
	nft_cmp(b, NFT_REG_1, NFT_CMP_EQ, addr, v4 ? 4 : 16);
}

/* meta iifname / oifname (16 bytes, zero padded, as nft compares). */
static inline void nft_match_ifname(struct nft_batch *b, int key,
				    const char *name)
{
	char v[16] = { 0 };

	strncpy(v, name, sizeof(v) - 1);
	nft_meta(b, key, NFT_REG_1);
	nft_cmp(b, NFT_REG_1, NFT_CMP_EQ, v, sizeof(v));
}

/* ---- queries ---- */

static inline void nft_nothing_cb(struct nlmsghdr *nh, void *priv)
{
	(void)nh;
	(void)priv;
}

/* GETTABLE: 0 when table of family exists, else -errno (-ENOENT). */
static inline int nft_get_table(int family, const char *table)
{
	static struct nft_batch b;

	nft_single(&b, family, NFT_MSG_GETTABLE, 0);
	nft_put_str(&b, NFTA_TABLE_NAME, table);
	return nft_talk(&b, nft_nothing_cb, NULL);
}

/* GETCHAIN: 0 when chain of table exists, else -errno. */
static inline int nft_get_chain(int family, const char *table,
				const char *chain)
{
	static struct nft_batch b;

	nft_single(&b, family, NFT_MSG_GETCHAIN, 0);
	nft_put_str(&b, NFTA_CHAIN_TABLE, table);
	nft_put_str(&b, NFTA_CHAIN_NAME, chain);
	return nft_talk(&b, nft_nothing_cb, NULL);
}

/* One expression of a dumped rule. */
struct nft_expr_info {
	char name[16];
	uint32_t key;		/* meta, ct: key; payload: base; cmp: op;
				   immediate: verdict code; reject: type;
				   connlimit: count */
	uint32_t offset, len;	/* payload */
	int reg;		/* the register written or read; -1: none */
	int code;		/* reject: the ICMP code; connlimit: the
				   flags; -1: none */
	unsigned char data[16];	/* cmp, immediate value */
	int dlen;
	uint64_t packets, bytes;	/* counter */
	char chain[64];		/* immediate: jump or goto target */
};

struct nft_rule_info {
	char chain[64];
	uint64_t handle;
	int nexpr;
	struct nft_expr_info expr[NFT_DUMP_EXPRS];
};

static inline struct nlattr *nft_attr_first(void *p, int len, int *rem)
{
	*rem = len;
	return p;
}

#define nft_attr_each(a, start, len, rem) \
	for ((a) = nft_attr_first((start), (len), &(rem)); \
	     (rem) >= NLA_HDRLEN && (a)->nla_len >= NLA_HDRLEN && \
	     (a)->nla_len <= (rem); \
	     (rem) -= NLA_ALIGN((a)->nla_len), \
	     (a) = (struct nlattr *)((char *)(a) + NLA_ALIGN((a)->nla_len)))

#define NFT_ATTR_DATA(a) ((void *)((char *)(a) + NLA_HDRLEN))
#define NFT_ATTR_LEN(a) ((int)(a)->nla_len - NLA_HDRLEN)

static inline uint32_t nft_attr_be32(struct nlattr *a)
{
	uint32_t v;

	memcpy(&v, NFT_ATTR_DATA(a), sizeof(v));
	return ntohl(v);
}

static inline uint64_t nft_attr_be64(struct nlattr *a)
{
	uint64_t v;

	memcpy(&v, NFT_ATTR_DATA(a), sizeof(v));
	return be64toh(v);
}

static inline void nft_attr_str(struct nlattr *a, char *buf, size_t len)
{
	size_t n = NFT_ATTR_LEN(a) < (int)len ? (size_t)NFT_ATTR_LEN(a) :
		   len - 1;

	memcpy(buf, NFT_ATTR_DATA(a), n);
	buf[n] = 0;
}

/* The value (NFTA_DATA_VALUE) or verdict (NFTA_DATA_VERDICT) in a. */
static inline void nft_parse_data(struct nlattr *nest,
				  struct nft_expr_info *e)
{
	struct nlattr *a, *v;
	int rem, rem2;

	nft_attr_each(a, NFT_ATTR_DATA(nest), NFT_ATTR_LEN(nest), rem) {
		int type = a->nla_type & NLA_TYPE_MASK;

		if (type == NFTA_DATA_VALUE && NFT_ATTR_LEN(a) <= 16) {
			e->dlen = NFT_ATTR_LEN(a);
			memcpy(e->data, NFT_ATTR_DATA(a), e->dlen);
		}
		if (type != NFTA_DATA_VERDICT)
			continue;
		nft_attr_each(v, NFT_ATTR_DATA(a), NFT_ATTR_LEN(a), rem2) {
			if ((v->nla_type & NLA_TYPE_MASK) == NFTA_VERDICT_CODE)
				e->key = nft_attr_be32(v);
			if ((v->nla_type & NLA_TYPE_MASK) == NFTA_VERDICT_CHAIN)
				nft_attr_str(v, e->chain, sizeof(e->chain));
		}
	}
}

static inline void nft_parse_expr(struct nlattr *elem,
				  struct nft_expr_info *e)
{
	struct nlattr *a, *d;
	int rem, rem2;

	memset(e, 0, sizeof(*e));
	e->reg = -1;
	e->code = -1;
	nft_attr_each(a, NFT_ATTR_DATA(elem), NFT_ATTR_LEN(elem), rem) {
		int type = a->nla_type & NLA_TYPE_MASK;

		if (type == NFTA_EXPR_NAME)
			nft_attr_str(a, e->name, sizeof(e->name));
		if (type != NFTA_EXPR_DATA)
			continue;
		nft_attr_each(d, NFT_ATTR_DATA(a), NFT_ATTR_LEN(a), rem2) {
			int t = d->nla_type & NLA_TYPE_MASK;

			/* the attribute numbers are the expression's own */
			if (!strcmp(e->name, "counter")) {
				if (t == NFTA_COUNTER_PACKETS)
					e->packets = nft_attr_be64(d);
				if (t == NFTA_COUNTER_BYTES)
					e->bytes = nft_attr_be64(d);
			} else if (!strcmp(e->name, "meta")) {
				if (t == NFTA_META_KEY)
					e->key = nft_attr_be32(d);
				if (t == NFTA_META_DREG)
					e->reg = nft_attr_be32(d);
			} else if (!strcmp(e->name, "ct")) {
				if (t == NFTA_CT_KEY)
					e->key = nft_attr_be32(d);
				if (t == NFTA_CT_DREG)
					e->reg = nft_attr_be32(d);
			} else if (!strcmp(e->name, "payload")) {
				if (t == NFTA_PAYLOAD_BASE)
					e->key = nft_attr_be32(d);
				if (t == NFTA_PAYLOAD_OFFSET)
					e->offset = nft_attr_be32(d);
				if (t == NFTA_PAYLOAD_LEN)
					e->len = nft_attr_be32(d);
				if (t == NFTA_PAYLOAD_DREG)
					e->reg = nft_attr_be32(d);
			} else if (!strcmp(e->name, "cmp")) {
				if (t == NFTA_CMP_OP)
					e->key = nft_attr_be32(d);
				if (t == NFTA_CMP_SREG)
					e->reg = nft_attr_be32(d);
				if (t == NFTA_CMP_DATA)
					nft_parse_data(d, e);
			} else if (!strcmp(e->name, "immediate")) {
				if (t == NFTA_IMMEDIATE_DREG)
					e->reg = nft_attr_be32(d);
				if (t == NFTA_IMMEDIATE_DATA)
					nft_parse_data(d, e);
			} else if (!strcmp(e->name, "reject")) {
				if (t == NFTA_REJECT_TYPE)
					e->key = nft_attr_be32(d);
				if (t == NFTA_REJECT_ICMP_CODE)
					e->code = *(uint8_t *)NFT_ATTR_DATA(d);
			} else if (!strcmp(e->name, "lookup")) {
				if (t == NFTA_LOOKUP_SREG)
					e->reg = nft_attr_be32(d);
			} else if (!strcmp(e->name, "connlimit")) {
				/* key: the count, code: the flags */
				if (t == NFTA_CONNLIMIT_COUNT)
					e->key = nft_attr_be32(d);
				if (t == NFTA_CONNLIMIT_FLAGS)
					e->code = nft_attr_be32(d);
			}
		}
	}
}

static inline void nft_parse_rule(struct nlmsghdr *nh,
				  struct nft_rule_info *r)
{
	int hlen = NLMSG_ALIGN(sizeof(struct nfgenmsg));
	struct nlattr *a, *l;
	int rem, rem2;

	memset(r, 0, sizeof(*r));
	nft_attr_each(a, (char *)NLMSG_DATA(nh) + hlen,
		      (int)nh->nlmsg_len - NLMSG_HDRLEN - hlen, rem) {
		int type = a->nla_type & NLA_TYPE_MASK;

		if (type == NFTA_RULE_CHAIN)
			nft_attr_str(a, r->chain, sizeof(r->chain));
		if (type == NFTA_RULE_HANDLE)
			r->handle = nft_attr_be64(a);
		if (type != NFTA_RULE_EXPRESSIONS)
			continue;
		nft_attr_each(l, NFT_ATTR_DATA(a), NFT_ATTR_LEN(a), rem2) {
			if (r->nexpr == NFT_DUMP_EXPRS)
				break;
			nft_parse_expr(l, &r->expr[r->nexpr++]);
		}
	}
}

struct nft_rules_ctx {
	struct nft_rule_info *r;
	int max, n;
};

static inline void nft_rules_cb(struct nlmsghdr *nh, void *priv)
{
	struct nft_rules_ctx *c = priv;

	if (nh->nlmsg_type != ((NFNL_SUBSYS_NFTABLES << 8) | NFT_MSG_NEWRULE))
		return;
	if (c->n < c->max)
		nft_parse_rule(nh, &c->r[c->n]);
	c->n++;
}

/* Dump the rules of chain in order: their number, or -errno. */
static inline int nft_rules(int family, const char *table, const char *chain,
			    struct nft_rule_info *r, int max)
{
	static struct nft_batch b;
	struct nft_rules_ctx c = { r, max, 0 };
	int ret;

	nft_single(&b, family, NFT_MSG_GETRULE, NLM_F_DUMP);
	nft_put_str(&b, NFTA_RULE_TABLE, table);
	nft_put_str(&b, NFTA_RULE_CHAIN, chain);
	ret = nft_talk(&b, nft_rules_cb, &c);
	return ret ? ret : c.n;
}

/* GETRULE of one rule by handle: 0 or -errno (-ENOENT). */
static inline int nft_get_rule(int family, const char *table,
			       const char *chain, uint64_t handle,
			       struct nft_rule_info *r)
{
	static struct nft_batch b;
	struct nft_rules_ctx c = { r, 1, 0 };

	memset(r, 0, sizeof(*r));
	nft_single(&b, family, NFT_MSG_GETRULE, 0);
	nft_put_str(&b, NFTA_RULE_TABLE, table);
	nft_put_str(&b, NFTA_RULE_CHAIN, chain);
	nft_put_be64(&b, NFTA_RULE_HANDLE, handle);
	return nft_talk(&b, nft_rules_cb, &c);
}

/* The rule's first expression called name, or NULL. */
static inline const struct nft_expr_info *
nft_rule_expr(const struct nft_rule_info *r, const char *name)
{
	int i;

	for (i = 0; i < r->nexpr; i++)
		if (!strcmp(r->expr[i].name, name))
			return &r->expr[i];
	return NULL;
}

/* The rule's expression names joined by spaces, for messages. */
static inline const char *nft_rule_exprs(const struct nft_rule_info *r,
					 char *buf, size_t len)
{
	int i;

	buf[0] = 0;
	for (i = 0; i < r->nexpr; i++) {
		if (i)
			strncat(buf, " ", len - strlen(buf) - 1);
		strncat(buf, r->expr[i].name, len - strlen(buf) - 1);
	}
	return buf;
}

/* A named object as GETOBJ returns it. */
struct nft_obj_info {
	uint32_t use;			/* NFTA_OBJ_USE: references */
	uint64_t handle;
	uint64_t packets, bytes;	/* counter */
	uint64_t quota, consumed;	/* quota: NFTA_QUOTA_BYTES, CONSUMED */
	uint32_t flags;			/* quota: NFTA_QUOTA_FLAGS */
};

static inline void nft_obj_cb(struct nlmsghdr *nh, void *priv)
{
	int hlen = NLMSG_ALIGN(sizeof(struct nfgenmsg));
	struct nft_obj_info *o = priv;
	uint32_t type = 0;
	struct nlattr *a, *d;
	int rem, rem2;

	if (nh->nlmsg_type != ((NFNL_SUBSYS_NFTABLES << 8) | NFT_MSG_NEWOBJ))
		return;
	/* the type first: the data's attribute numbers are the type's own */
	nft_attr_each(a, (char *)NLMSG_DATA(nh) + hlen,
		      (int)nh->nlmsg_len - NLMSG_HDRLEN - hlen, rem)
		if ((a->nla_type & NLA_TYPE_MASK) == NFTA_OBJ_TYPE)
			type = nft_attr_be32(a);
	nft_attr_each(a, (char *)NLMSG_DATA(nh) + hlen,
		      (int)nh->nlmsg_len - NLMSG_HDRLEN - hlen, rem) {
		int t = a->nla_type & NLA_TYPE_MASK;

		if (t == NFTA_OBJ_USE)
			o->use = nft_attr_be32(a);
		if (t == NFTA_OBJ_HANDLE)
			o->handle = nft_attr_be64(a);
		if (t != NFTA_OBJ_DATA)
			continue;
		nft_attr_each(d, NFT_ATTR_DATA(a), NFT_ATTR_LEN(a), rem2) {
			int k = d->nla_type & NLA_TYPE_MASK;

			if (type == NFT_OBJECT_COUNTER) {
				if (k == NFTA_COUNTER_PACKETS)
					o->packets = nft_attr_be64(d);
				if (k == NFTA_COUNTER_BYTES)
					o->bytes = nft_attr_be64(d);
			} else if (type == NFT_OBJECT_QUOTA) {
				if (k == NFTA_QUOTA_BYTES)
					o->quota = nft_attr_be64(d);
				if (k == NFTA_QUOTA_CONSUMED)
					o->consumed = nft_attr_be64(d);
				if (k == NFTA_QUOTA_FLAGS)
					o->flags = nft_attr_be32(d);
			}
		}
	}
}

/*
 * GETOBJ (or GETOBJ_RESET with reset: the values before the reset) of
 * name of type: 0 or -errno.
 */
static inline int nft_get_obj(int family, const char *table, uint32_t type,
			      const char *name, int reset,
			      struct nft_obj_info *o)
{
	static struct nft_batch b;

	memset(o, 0, sizeof(*o));
	nft_single(&b, family, reset ? NFT_MSG_GETOBJ_RESET : NFT_MSG_GETOBJ,
		   0);
	nft_put_str(&b, NFTA_OBJ_TABLE, table);
	nft_put_str(&b, NFTA_OBJ_NAME, name);
	nft_put_be32(&b, NFTA_OBJ_TYPE, type);
	return nft_talk(&b, nft_obj_cb, o);
}

/* ---- results ---- */

/* TPASS when a call's 0 or -errno is exp, else TFAIL; both by name. */
static inline int nft_exp_(const char *file, int line, int ret, int exp,
			   const char *desc)
{
	if (ret == exp)
		tst_res_(file, line, TPASS, "%s: %s", desc, tst_strerrno(-exp));
	else
		tst_res_(file, line, TFAIL, "%s: %s, expected %s", desc,
			 tst_strerrno(-ret), tst_strerrno(-exp));
	return ret == exp;
}

#define nft_exp(ret, exp, desc) nft_exp_(__FILE__, __LINE__, (ret), (exp), \
					 (desc))

/* ---- SAFE form ---- */

/*
 * A test's own rule set: TBROK naming the message that failed (tests
 * declare the CONFIG_NF_TABLES, CONFIG_NFT_* options they need); TCONF
 * when there is no nf_tables (no nfnetlink: nft_socket(); nfnetlink
 * without the subsystem: the batch refused whole with EOPNOTSUPP).
 */
static inline void nft_commit_safe(struct nft_batch *b, const char *what)
{
	int ret = nft_commit(b), i;

	if (!ret)
		return;
	if (b->refused && ret == -EOPNOTSUPP)
		tst_brk(TCONF, "%s: no nf_tables (batch refused: EOPNOTSUPP)",
			what);
	for (i = 0; i < b->nmsg && !b->err[i]; i++)
		;
	if (b->refused || i == b->nmsg)
		tst_brk(TBROK, "%s: the batch of %d messages: %s", what,
			b->nmsg, tst_strerrno(-ret));
	tst_brk(TBROK, "%s: message %d of %d: %s", what, i + 1, b->nmsg,
		tst_strerrno(-ret));
}

#endif /* NET_NFT_H */
