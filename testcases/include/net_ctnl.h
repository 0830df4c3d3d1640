/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * IPv4 conntrack tuples over ctnetlink (NFNL_SUBSYS_CTNETLINK), on top of
 * net_nft.h's netlink message builder: the tests that make, read and
 * delete conntrack entries or listen to their events share one tuple
 * layout and one encoder and decoder of CTA_TUPLE_ORIG/CTA_TUPLE_REPLY.
 */
#ifndef NET_CTNL_H
#define NET_CTNL_H

#include <linux/netfilter/nfnetlink_conntrack.h>
#include "net_nft.h"

struct ct_tuple {
	uint32_t src, dst;	/* network order */
	uint8_t proto;
	uint16_t sport, dport;	/* host order */
};

/* A CTA_TUPLE_* nest into tu (fields it lacks are left as they are). */
static inline void ctnl_parse_tuple(struct nlattr *t, struct ct_tuple *tu)
{
	struct nlattr *a, *c;
	int rem, rem2;

	nft_attr_each(a, NFT_ATTR_DATA(t), NFT_ATTR_LEN(t), rem) {
		int type = a->nla_type & NLA_TYPE_MASK;

		nft_attr_each(c, NFT_ATTR_DATA(a), NFT_ATTR_LEN(a), rem2) {
			int k = c->nla_type & NLA_TYPE_MASK;
			uint16_t p;

			if (type == CTA_TUPLE_IP && k == CTA_IP_V4_SRC)
				memcpy(&tu->src, NFT_ATTR_DATA(c), 4);
			if (type == CTA_TUPLE_IP && k == CTA_IP_V4_DST)
				memcpy(&tu->dst, NFT_ATTR_DATA(c), 4);
			if (type != CTA_TUPLE_PROTO)
				continue;
			if (k == CTA_PROTO_NUM)
				tu->proto = *(uint8_t *)NFT_ATTR_DATA(c);
			memcpy(&p, NFT_ATTR_DATA(c), 2);
			if (k == CTA_PROTO_SRC_PORT)
				tu->sport = ntohs(p);
			if (k == CTA_PROTO_DST_PORT)
				tu->dport = ntohs(p);
		}
	}
}

/* Start b afresh with one IPv4 ctnetlink message of type. */
static inline void ctnl_msg(struct nft_batch *b, int type, int flags)
{
	b->len = 0;
	b->msg = NULL;
	b->depth = 0;
	nft_put_msg(b, (NFNL_SUBSYS_CTNETLINK << 8) | type, flags, AF_INET,
		    0);
}

/* t as the nest attr (CTA_TUPLE_ORIG or CTA_TUPLE_REPLY) of b's message. */
static inline void ctnl_put_tuple(struct nft_batch *b, int attr,
				  const struct ct_tuple *t)
{
	uint16_t p;

	nft_nest(b, attr);
	nft_nest(b, CTA_TUPLE_IP);
	nft_put(b, CTA_IP_V4_SRC, &t->src, 4);
	nft_put(b, CTA_IP_V4_DST, &t->dst, 4);
	nft_nest_end(b);
	nft_nest(b, CTA_TUPLE_PROTO);
	nft_put_u8(b, CTA_PROTO_NUM, t->proto);
	p = htons(t->sport);
	nft_put(b, CTA_PROTO_SRC_PORT, &p, 2);
	p = htons(t->dport);
	nft_put(b, CTA_PROTO_DST_PORT, &p, 2);
	nft_nest_end(b);
	nft_nest_end(b);
}

static inline int ctnl_tuple_same(const struct ct_tuple *a,
				  const struct ct_tuple *t)
{
	return a->src == t->src && a->dst == t->dst && a->proto == t->proto &&
	       a->sport == t->sport && a->dport == t->dport;
}

/* The reply direction of t. */
static inline void ctnl_tuple_mirror(const struct ct_tuple *t,
				     struct ct_tuple *r)
{
	r->src = t->dst;
	r->dst = t->src;
	r->proto = t->proto;
	r->sport = t->dport;
	r->dport = t->sport;
}

#endif /* NET_CTNL_H */
