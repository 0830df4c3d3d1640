// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The conntrack table over ctnetlink (NFNL_SUBSYS_CTNETLINK, no
 * conntrack tool) in the remote host, whose inet table has a ct rule so
 * that its IPv4 flows are tracked, with nf_conntrack_acct on:
 * - the dump holds each of the test's three flows exactly once: a TCP
 *   connection (orig tuple local -> remote with its ports, the reply
 *   tuple mirrored, TCP state ESTABLISHED, CONFIRMED, SEEN_REPLY and
 *   ASSURED), 3 unanswered UDP datagrams (orig 3 packets, 3 x 78 bytes,
 *   reply 0, no SEEN_REPLY) and one answered (orig 1 packet 88 bytes,
 *   reply 1 packet 98 bytes, SEEN_REPLY);
 * - GET by the orig tuple and by the reply tuple return that entry (the
 *   dump's CTA_ID); GET without a tuple EINVAL;
 * - DELETE with the right tuple and a wrong CTA_ID ENOENT and the entry
 *   stays; with the right one it goes: GET ENOENT, DELETE ENOENT again;
 *   the next datagram of the flow makes a new entry of 1 packet;
 * - DELETE without a tuple flushes the table: none of the flows is
 *   left in the dump.
 */
#include <linux/netfilter/nf_conntrack_tcp.h>
#include "tst_test.h"
#include "net_hosts.h"
#include "net_ctnl.h"
#include "socket_helpers.h"

#define TABLE "ltp_ct"
#define MAXCT 64

struct ct_entry {
	struct ct_tuple orig, reply;
	uint32_t status, id;
	int tcp_state;
	uint64_t pk[2], by[2];	/* orig, reply counters */
};

struct ct_dump {
	struct ct_entry e[MAXCT];
	int n;
};

static struct nft_batch b;

static void parse_counters(struct nlattr *n, struct ct_entry *e, int dir)
{
	struct nlattr *a;
	int rem;

	nft_attr_each(a, NFT_ATTR_DATA(n), NFT_ATTR_LEN(n), rem) {
		if ((a->nla_type & NLA_TYPE_MASK) == CTA_COUNTERS_PACKETS)
			e->pk[dir] = nft_attr_be64(a);
		if ((a->nla_type & NLA_TYPE_MASK) == CTA_COUNTERS_BYTES)
			e->by[dir] = nft_attr_be64(a);
	}
}

static void ct_cb(struct nlmsghdr *nh, void *priv)
{
	int hlen = NLMSG_ALIGN(sizeof(struct nfgenmsg));
	struct ct_dump *d = priv;
	struct ct_entry *e;
	struct nlattr *a, *p, *t;
	int rem, rem2, rem3;

	if (nh->nlmsg_type != ((NFNL_SUBSYS_CTNETLINK << 8) | IPCTNL_MSG_CT_NEW)
	    || d->n == MAXCT)
		return;
	e = &d->e[d->n++];
	memset(e, 0, sizeof(*e));
	e->tcp_state = -1;
	nft_attr_each(a, (char *)NLMSG_DATA(nh) + hlen,
		      (int)nh->nlmsg_len - NLMSG_HDRLEN - hlen, rem) {
		switch (a->nla_type & NLA_TYPE_MASK) {
		case CTA_TUPLE_ORIG:
			ctnl_parse_tuple(a, &e->orig);
			break;
		case CTA_TUPLE_REPLY:
			ctnl_parse_tuple(a, &e->reply);
			break;
		case CTA_STATUS:
			e->status = nft_attr_be32(a);
			break;
		case CTA_ID:
			e->id = nft_attr_be32(a);
			break;
		case CTA_COUNTERS_ORIG:
			parse_counters(a, e, 0);
			break;
		case CTA_COUNTERS_REPLY:
			parse_counters(a, e, 1);
			break;
		case CTA_PROTOINFO:
			nft_attr_each(p, NFT_ATTR_DATA(a), NFT_ATTR_LEN(a),
				      rem2) {
				if ((p->nla_type & NLA_TYPE_MASK) !=
				    CTA_PROTOINFO_TCP)
					continue;
				nft_attr_each(t, NFT_ATTR_DATA(p),
					      NFT_ATTR_LEN(p), rem3)
					if ((t->nla_type & NLA_TYPE_MASK) ==
					    CTA_PROTOINFO_TCP_STATE)
						e->tcp_state =
						*(uint8_t *)NFT_ATTR_DATA(t);
			}
			break;
		}
	}
}

static int dump_try(struct ct_dump *d)
{
	net_enter(NET_B);
	d->n = 0;
	ctnl_msg(&b, IPCTNL_MSG_CT_GET, NLM_F_DUMP);
	return nft_talk(&b, ct_cb, d);
}

static void dump(struct ct_dump *d)
{
	int ret = dump_try(d);

	if (ret)
		tst_brk(TBROK, "conntrack dump: %s", tst_strerrno(-ret));
}

/* GET by tuple (attr CTA_TUPLE_ORIG/REPLY; t NULL: none): 0 or -errno. */
static int get(int attr, const struct ct_tuple *t, struct ct_entry *e)
{
	static struct ct_dump one;
	struct ct_dump *d = &one;
	int ret;

	net_enter(NET_B);
	d->n = 0;
	ctnl_msg(&b, IPCTNL_MSG_CT_GET, 0);
	if (t)
		ctnl_put_tuple(&b, attr, t);
	ret = nft_talk(&b, ct_cb, d);
	if (!ret && d->n != 1)
		tst_brk(TBROK, "GET answered with %d entries", d->n);
	if (!ret)
		*e = d->e[0];
	return ret;
}

/* DELETE of t (NULL: flush), with CTA_ID id when id_on: 0 or -errno. */
static int del(const struct ct_tuple *t, int id_on, uint32_t id)
{
	net_enter(NET_B);
	ctnl_msg(&b, IPCTNL_MSG_CT_DELETE, 0);
	if (t)
		ctnl_put_tuple(&b, CTA_TUPLE_ORIG, t);
	if (id_on)
		nft_put_be32(&b, CTA_ID, id);
	return nft_talk(&b, NULL, NULL);
}

/* The entries of the dump with orig tuple t: how many; *e the last. */
static int find(const struct ct_dump *d, const struct ct_tuple *t,
		struct ct_entry *e)
{
	int i, n = 0;

	for (i = 0; i < d->n; i++) {
		if (ctnl_tuple_same(&d->e[i].orig, t)) {
			*e = d->e[i];
			n++;
		}
	}
	return n;
}

static void tuple_of(int fd, int proto, struct ct_tuple *t)
{
	struct sockaddr_in a, p;
	socklen_t l = sizeof(a);

	if (getsockname(fd, (struct sockaddr *)&a, &l))
		tst_brk(TBROK | TERRNO, "getsockname()");
	l = sizeof(p);
	if (getpeername(fd, (struct sockaddr *)&p, &l))
		tst_brk(TBROK | TERRNO, "getpeername()");
	t->src = a.sin_addr.s_addr;
	t->dst = p.sin_addr.s_addr;
	t->proto = proto;
	t->sport = ntohs(a.sin_port);
	t->dport = ntohs(p.sin_port);
}

static void check_entry(const struct ct_dump *d, const struct ct_tuple *t,
			const char *what, struct ct_entry *e)
{
	struct ct_tuple r;
	int n = find(d, t, e);

	ctnl_tuple_mirror(t, &r);
	if (n == 1 && ctnl_tuple_same(&e->reply, &r))
		tst_res(TPASS, "%s: one entry, %u:%u -> %u:%u, reply tuple mirrored",
			what, ntohl(t->src) & 0xff, t->sport,
			ntohl(t->dst) & 0xff, t->dport);
	else
		tst_res(TFAIL, "%s: %d entries with its orig tuple%s", what, n,
			n ? ", reply tuple not mirrored" : "");
}

static void counters(const struct ct_entry *e, long long p0, long long b0,
		     long long p1, long long b1, const char *what)
{
	if ((long long)e->pk[0] == p0 && (long long)e->by[0] == b0 &&
	    (long long)e->pk[1] == p1 && (long long)e->by[1] == b1)
		tst_res(TPASS, "%s: orig %lld packets %lld bytes, reply %lld packets %lld bytes",
			what, p0, b0, p1, b1);
	else
		tst_res(TFAIL, "%s: orig %llu/%llu, reply %llu/%llu, expected %lld/%lld, %lld/%lld",
			what, (unsigned long long)e->pk[0],
			(unsigned long long)e->by[0],
			(unsigned long long)e->pk[1],
			(unsigned long long)e->by[1], p0, b0, p1, b1);
}

static int udp_pair(struct sockaddr_storage *to, int *r)
{
	int s = net_bound(NET_A, AF_INET, SOCK_DGRAM, NULL);

	*r = net_bound(NET_B, AF_INET, SOCK_DGRAM, to);
	if (connect(s, (struct sockaddr *)to, sizeof(struct sockaddr_in)))
		tst_brk(TBROK | TERRNO, "connect(UDP)");
	return s;
}

static void xfer(int s, int r, size_t len)
{
	static char buf[256];

	if (send(s, buf, len, 0) != (ssize_t)len)
		tst_brk(TBROK | TERRNO, "send()");
	net_wait(r, POLLIN);
	if (recv(r, buf, sizeof(buf), 0) != (ssize_t)len)
		tst_brk(TBROK, "datagram of %zu bytes not received whole", len);
}

static void run(void)
{
	struct sockaddr_storage uto, ato, peer;
	struct ct_tuple tt, tu, ta, rt;
	struct ct_entry e, g;
	static struct ct_dump dd;
	struct ct_dump *d = &dd;
	int cfd, sfd, ur, ar, us, as, i;
	const uint32_t need = IPS_CONFIRMED | IPS_SEEN_REPLY | IPS_ASSURED;
	char buf[100] = { 0 };

	net_tcp_pair(NET_A, NET_B, AF_INET, &cfd, &sfd);
	if (net_write_all(cfd, buf, 100) || net_read_all(sfd, buf, 100) != 100 ||
	    net_write_all(sfd, buf, 100) || net_read_all(cfd, buf, 100) != 100)
		tst_brk(TBROK, "no data over TCP");
	tuple_of(cfd, IPPROTO_TCP, &tt);
	us = udp_pair(&uto, &ur);
	for (i = 0; i < 3; i++)
		xfer(us, ur, 50);
	tuple_of(us, IPPROTO_UDP, &tu);
	as = udp_pair(&ato, &ar);
	xfer(as, ar, 60);
	tuple_of(as, IPPROTO_UDP, &ta);
	net_addr(NET_A, AF_INET, ta.sport, &peer);
	if (sendto(ar, buf, 70, 0, (struct sockaddr *)&peer,
		   sizeof(struct sockaddr_in)) != 70)
		tst_brk(TBROK | TERRNO, "sendto(reply)");
	net_wait(as, POLLIN);
	if (recv(as, buf, sizeof(buf), 0) != 70)
		tst_brk(TBROK, "reply not received");

	dump(d);
	tst_res(TINFO, "%d IPv4 entries in the remote's table", d->n);
	check_entry(d, &tt, "TCP connection", &e);
	if (e.tcp_state == TCP_CONNTRACK_ESTABLISHED && (e.status & need) == need)
		tst_res(TPASS, "TCP entry: ESTABLISHED, status 0x%x", e.status);
	else
		tst_res(TFAIL, "TCP entry: state %d, status 0x%x (expected %d, 0x%x set)",
			e.tcp_state, e.status, TCP_CONNTRACK_ESTABLISHED, need);
	check_entry(d, &tu, "unanswered UDP flow", &e);
	counters(&e, 3, 3 * 78, 0, 0, "unanswered UDP flow");
	if ((e.status & IPS_CONFIRMED) && !(e.status & IPS_SEEN_REPLY))
		tst_res(TPASS, "unanswered UDP flow: CONFIRMED, no SEEN_REPLY");
	else
		tst_res(TFAIL, "unanswered UDP flow: status 0x%x", e.status);
	check_entry(d, &ta, "answered UDP flow", &g);
	counters(&g, 1, 88, 1, 98, "answered UDP flow");
	NET_EXP_EQ(!!(g.status & IPS_SEEN_REPLY), 1,
		   "answered UDP flow: SEEN_REPLY");

	nft_exp(get(CTA_TUPLE_ORIG, &tu, &g), 0, "GET by the orig tuple");
	NET_EXP_EQ(g.id, e.id, "GET by the orig tuple: CTA_ID of the dump's");
	ctnl_tuple_mirror(&tu, &rt);
	nft_exp(get(CTA_TUPLE_REPLY, &rt, &g), 0, "GET by the reply tuple");
	NET_EXP_EQ(g.id, e.id, "GET by the reply tuple: CTA_ID of the dump's");
	nft_exp(get(0, NULL, &g), -EINVAL, "GET without a tuple");

	nft_exp(del(&tu, 1, e.id + 1), -ENOENT, "DELETE with a wrong CTA_ID");
	nft_exp(get(CTA_TUPLE_ORIG, &tu, &g), 0,
		"GET after the DELETE with a wrong CTA_ID");
	nft_exp(del(&tu, 1, e.id), 0, "DELETE with the tuple and CTA_ID");
	nft_exp(get(CTA_TUPLE_ORIG, &tu, &g), -ENOENT,
		"GET of the deleted entry");
	nft_exp(del(&tu, 0, 0), -ENOENT, "DELETE of the deleted entry");
	xfer(us, ur, 50);
	dump(d);
	if (find(d, &tu, &g) == 1)
		counters(&g, 1, 78, 0, 0, "the flow's new entry");
	else
		tst_res(TFAIL, "no single new entry for the flow's next datagram");

	nft_exp(del(NULL, 0, 0), 0, "DELETE without a tuple (flush)");
	dump(d);
	NET_EXP_EQ(find(d, &tt, &g) + find(d, &tu, &g) + find(d, &ta, &g), 0,
		   "entries of the three flows after the flush");
	close(cfd);
	close(sfd);
	close(us);
	close(ur);
	close(as);
	close(ar);
}

static void setup(void)
{
	static struct ct_dump d0;
	int ret;

	net_hosts_setup();
	net_enter(NET_B);
	/* a ct expression makes the namespace track its flows */
	nft_begin(&b, NFPROTO_INET, TABLE);
	nft_add_table(&b, 0);
	nft_add_chain(&b, "in", "filter", NF_INET_LOCAL_IN, 0, NF_ACCEPT, 0);
	nft_rule_begin(&b, "in", 0);
	nft_ct(&b, NFT_CT_STATE, NFT_REG_1);
	nft_counter(&b);
	nft_rule_end(&b);
	nft_commit_safe(&b, "table with a ct rule");
	net_sysctl(NET_B, "net/netfilter/nf_conntrack_acct", "1");

	ret = dump_try(&d0);
	if (ret == -EOPNOTSUPP)
		tst_brk(TCONF, "no ctnetlink (nf_conntrack_netlink missing)");
	if (ret)
		tst_brk(TBROK, "conntrack dump: %s", tst_strerrno(-ret));
	net_enter(NET_A);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.timeout = 60,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_NF_TABLES", "CONFIG_NFT_CT", "CONFIG_NF_CT_NETLINK",
		NULL
	},
};
