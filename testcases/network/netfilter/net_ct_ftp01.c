// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Conntrack expectations made by a helper: the ftp helper is assigned to
 * the control connections to port 21 of the remote host by an nf_tables
 * "ct helper" object (NFT_OBJECT_CT_HELPER "ftp", IPv4, TCP) referenced
 * from a prerouting rule; the test plays client and server itself:
 * - before any command and after a "PORT" line naming another address
 *   than the client's (the helper must not open a hole to a third host)
 *   the ctnetlink expectation dump is empty;
 * - "PORT 10,99,1,1,p1,p2" makes exactly one expectation: tuple remote
 *   -> local port p1 * 256 + p2 (any source port), mask of full
 *   addresses, source port 0 and full destination port, the control
 *   connection's orig tuple as CTA_EXPECT_MASTER, helper "ftp";
 * - EXP_DELETE with its tuple and a wrong CTA_EXPECT_ID, and of a tuple
 *   no expectation has, ENOENT; the expectation stays;
 * - the remote's data connection to that port is RELATED: a "ct state
 *   related" counter on the remote's output and input counts exactly its
 *   SYN (and SYN retransmissions), and the expectation is gone;
 * - a second PORT's expectation goes with EXP_DELETE by tuple and ID,
 *   a second EXP_DELETE ENOENT.
 * Catches a helper that records expectations for foreign addresses,
 * wrong expectation tuples or masks, expectations that outlive their
 * use, and broken ct helper object assignment.
 */
#include "tst_test.h"
#include "net_hosts.h"
#include "net_ctnl.h"
#include <linux/netfilter/nf_conntrack_common.h>

#define TABLE "ltp_ftp"
#define MAXEXP 8
#define FTP_PORT 21
/* NF_CT_STATE_BIT(IP_CT_RELATED): ct state is one bit per packet */
#define CT_STATE_RELATED (1U << (IP_CT_RELATED + 1))

struct expect {
	struct ct_tuple tuple, mask, master;
	uint32_t id;
	char helper[32];
};

struct exp_dump {
	struct expect e[MAXEXP];
	int n;
};

static struct nft_batch b;
static struct exp_dump d;

static void exp_cb(struct nlmsghdr *nh, void *priv)
{
	int hlen = NLMSG_ALIGN(sizeof(struct nfgenmsg));
	struct exp_dump *x = priv;
	struct expect *e;
	struct nlattr *a;
	int rem;

	if (nh->nlmsg_type !=
	    ((NFNL_SUBSYS_CTNETLINK_EXP << 8) | IPCTNL_MSG_EXP_NEW) ||
	    x->n == MAXEXP)
		return;
	e = &x->e[x->n++];
	memset(e, 0, sizeof(*e));
	nft_attr_each(a, (char *)NLMSG_DATA(nh) + hlen,
		      (int)nh->nlmsg_len - NLMSG_HDRLEN - hlen, rem) {
		switch (a->nla_type & NLA_TYPE_MASK) {
		case CTA_EXPECT_TUPLE:
			ctnl_parse_tuple(a, &e->tuple);
			break;
		case CTA_EXPECT_MASK:
			ctnl_parse_tuple(a, &e->mask);
			break;
		case CTA_EXPECT_MASTER:
			ctnl_parse_tuple(a, &e->master);
			break;
		case CTA_EXPECT_ID:
			e->id = nft_attr_be32(a);
			break;
		case CTA_EXPECT_HELP_NAME:
			nft_attr_str(a, e->helper, sizeof(e->helper));
			break;
		}
	}
}

static void exp_msg(int type, int flags)
{
	b.len = 0;
	b.msg = NULL;
	b.depth = 0;
	nft_put_msg(&b, (NFNL_SUBSYS_CTNETLINK_EXP << 8) | type, flags,
		    AF_INET, 0);
}

/* The remote's expectations into d: how many. */
static int exp_dump(void)
{
	int ret;

	net_enter(NET_B);
	d.n = 0;
	exp_msg(IPCTNL_MSG_EXP_GET, NLM_F_DUMP);
	ret = nft_talk(&b, exp_cb, &d);
	if (ret)
		tst_brk(TBROK, "expectation dump: %s", tst_strerrno(-ret));
	return d.n;
}

/* EXP_DELETE of the expectation with tuple t (and id when id_on). */
static int exp_del(const struct ct_tuple *t, int id_on, uint32_t id)
{
	net_enter(NET_B);
	exp_msg(IPCTNL_MSG_EXP_DELETE, 0);
	ctnl_put_tuple(&b, CTA_EXPECT_TUPLE, t);
	if (id_on)
		nft_put_be32(&b, CTA_EXPECT_ID, id);
	return nft_talk(&b, NULL, NULL);
}

/* One line from one end of the control connection, read whole by the other. */
static void ftp_line(int from, int to, const char *line)
{
	char buf[128];
	size_t len = strlen(line);

	if (net_write_all(from, line, len) ||
	    net_read_all(to, buf, len) != (ssize_t)len)
		tst_brk(TBROK, "control line '%.*s' not carried", (int)len - 2,
			line);
}

static void port_line(int cfd, int sfd, const char *ip, int port)
{
	char line[64];

	snprintf(line, sizeof(line), "PORT %s,%d,%d\r\n", ip, port >> 8,
		 port & 0xff);
	ftp_line(cfd, sfd, line);
}

static void tuple_of(int fd, struct ct_tuple *t)
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
	t->proto = IPPROTO_TCP;
	t->sport = ntohs(a.sin_port);
	t->dport = ntohs(p.sin_port);
}

static void check_expect(const struct expect *e, const struct ct_tuple *want,
			 const struct ct_tuple *ctl)
{
	const struct ct_tuple mask = {
		.src = 0xffffffff, .dst = 0xffffffff, .proto = IPPROTO_TCP,
		.sport = 0, .dport = 0xffff,
	};

	if (ctnl_tuple_same(&e->tuple, want))
		tst_res(TPASS, "expectation tuple: remote:any -> local:%u",
			want->dport);
	else
		tst_res(TFAIL, "expectation tuple %08x:%u -> %08x:%u proto %u, expected %08x:0 -> %08x:%u",
			ntohl(e->tuple.src), e->tuple.sport,
			ntohl(e->tuple.dst), e->tuple.dport, e->tuple.proto,
			ntohl(want->src), ntohl(want->dst), want->dport);
	if (ctnl_tuple_same(&e->mask, &mask))
		tst_res(TPASS, "expectation mask: full addresses, source port 0, destination port 0xffff");
	else
		tst_res(TFAIL, "expectation mask %08x:%x -> %08x:%x",
			e->mask.src, e->mask.sport, e->mask.dst,
			e->mask.dport);
	if (ctnl_tuple_same(&e->master, ctl))
		tst_res(TPASS, "expectation master: the control connection");
	else
		tst_res(TFAIL, "expectation master %08x:%u -> %08x:%u, not the control connection",
			ntohl(e->master.src), e->master.sport,
			ntohl(e->master.dst), e->master.dport);
	if (!strcmp(e->helper, "ftp"))
		tst_res(TPASS, "expectation helper: ftp");
	else
		tst_res(TFAIL, "expectation helper '%s', expected 'ftp'",
			e->helper);
}

static long long related_count(void)
{
	struct nft_obj_info o;
	int ret;

	net_enter(NET_B);
	ret = nft_get_obj(NFPROTO_INET, TABLE, NFT_OBJECT_COUNTER, "related",
			  0, &o);
	if (ret)
		tst_brk(TBROK, "GETOBJ related: %s", tst_strerrno(-ret));
	return o.packets;
}

static void run(void)
{
	struct sockaddr_storage ctl, dss;
	struct ct_tuple ctlt, want, miss;
	int lfd, cfd, sfd, dl, dc, da, one = 1;
	long long retr0, retr, rel0, rel;
	char buf[16] = "data";

	lfd = net_socket(NET_B, AF_INET, SOCK_STREAM);
	setsockopt(lfd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	net_addr(NET_B, AF_INET, FTP_PORT, &ctl);
	if (bind(lfd, (struct sockaddr *)&ctl, sizeof(struct sockaddr_in)) ||
	    listen(lfd, 4))
		tst_brk(TBROK | TERRNO, "bind()/listen() on port 21");
	cfd = net_connect(NET_A, &ctl);
	sfd = net_accept(lfd);
	close(lfd);
	tuple_of(cfd, &ctlt);

	/* the helper reads commands only after a newline seen in the flow */
	ftp_line(sfd, cfd, "220 ltp\r\n");
	ftp_line(cfd, sfd, "USER ltp\r\n");
	ftp_line(sfd, cfd, "331 ok\r\n");
	NET_EXP_EQ(exp_dump(), 0, "expectations before any PORT");

	dl = net_listener(NET_A, AF_INET, &dss);
	port_line(cfd, sfd, "10,99,1,3", net_port(&dss));
	NET_EXP_EQ(exp_dump(), 0, "expectations after a PORT of another address");
	ftp_line(sfd, cfd, "200 ok\r\n");

	port_line(cfd, sfd, "10,99,1,1", net_port(&dss));
	want.src = ctlt.dst;
	want.dst = ctlt.src;
	want.proto = IPPROTO_TCP;
	want.sport = 0;
	want.dport = net_port(&dss);
	NET_EXP_EQ(exp_dump(), 1, "expectations after PORT 10,99,1,1");
	if (d.n != 1)
		tst_brk(TFAIL, "no single expectation to check further");
	check_expect(&d.e[0], &want, &ctlt);

	nft_exp(exp_del(&want, 1, d.e[0].id + 1), -ENOENT,
		"EXP_DELETE with a wrong CTA_EXPECT_ID");
	miss = want;
	miss.dport = want.dport ^ 1;
	nft_exp(exp_del(&miss, 0, 0), -ENOENT,
		"EXP_DELETE of a tuple without an expectation");
	NET_EXP_EQ(exp_dump(), 1, "expectations after the failed deletes");
	ftp_line(sfd, cfd, "200 ok\r\n");

	/* the active mode data connection: server to the client's port */
	retr0 = net_snmp(NET_B, "snmp", "Tcp:", "RetransSegs");
	rel0 = related_count();
	dc = net_connect(NET_B, &dss);
	da = net_accept(dl);
	if (net_write_all(dc, buf, 4) || net_read_all(da, buf, 4) != 4)
		tst_brk(TBROK, "no data over the data connection");
	retr = net_snmp(NET_B, "snmp", "Tcp:", "RetransSegs") - retr0;
	rel = related_count() - rel0;
	if (rel >= 1 && rel == 1 + retr)
		tst_res(TPASS, "ct state related: %lld packet(s), the SYN (%lld retransmissions)",
			rel, retr);
	else
		tst_res(TFAIL, "ct state related counted %lld packets, expected 1 + %lld retransmitted",
			rel, retr);
	NET_EXP_EQ(exp_dump(), 0, "expectations after the data connection");
	close(dc);
	close(da);

	port_line(cfd, sfd, "10,99,1,1", net_port(&dss));
	if (exp_dump() != 1)
		tst_brk(TFAIL, "second PORT: %d expectations, expected 1", d.n);
	nft_exp(exp_del(&want, 1, d.e[0].id), 0,
		"EXP_DELETE by tuple and CTA_EXPECT_ID");
	NET_EXP_EQ(exp_dump(), 0, "expectations after EXP_DELETE");
	nft_exp(exp_del(&want, 0, 0), -ENOENT, "EXP_DELETE again");

	close(dl);
	close(cfd);
	close(sfd);
}

static void related_rule(const char *chain)
{
	uint32_t st = CT_STATE_RELATED;

	nft_rule_begin(&b, chain, 0);
	nft_ct(&b, NFT_CT_STATE, NFT_REG_1);
	nft_cmp(&b, NFT_REG_1, NFT_CMP_EQ, &st, 4);
	nft_objref(&b, NFT_OBJECT_COUNTER, "related");
	nft_rule_end(&b);
}

static void setup(void)
{
	uint16_t l3 = htons(NFPROTO_IPV4);
	int ret;

	net_hosts_setup();
	net_enter(NET_B);
	nft_begin(&b, NFPROTO_INET, TABLE);
	nft_add_table(&b, 0);
	nft_obj_begin(&b, NFT_OBJECT_CT_HELPER, "ftp-ctl", 0);
	nft_put_str(&b, NFTA_CT_HELPER_NAME, "ftp");
	nft_put(&b, NFTA_CT_HELPER_L3PROTO, &l3, 2);
	nft_put_u8(&b, NFTA_CT_HELPER_L4PROTO, IPPROTO_TCP);
	nft_obj_end(&b);
	nft_obj_begin(&b, NFT_OBJECT_COUNTER, "related", 0);
	nft_obj_end(&b);
	/* after conntrack (-200), before the entry is confirmed */
	nft_add_chain(&b, "pre", "filter", NF_INET_PRE_ROUTING, 0, NF_ACCEPT,
		      0);
	nft_add_chain(&b, "in", "filter", NF_INET_LOCAL_IN, 0, NF_ACCEPT, 0);
	nft_add_chain(&b, "out", "filter", NF_INET_LOCAL_OUT, 0, NF_ACCEPT,
		      0);
	nft_rule_begin(&b, "pre", 0);
	nft_match_nfproto(&b, NFPROTO_IPV4);
	nft_match_l4dport(&b, IPPROTO_TCP, FTP_PORT);
	nft_objref(&b, NFT_OBJECT_CT_HELPER, "ftp-ctl");
	nft_rule_end(&b);
	related_rule("in");
	related_rule("out");
	ret = nft_commit(&b);
	if (ret == -ENOENT)
		tst_brk(TCONF, "no ftp conntrack helper (nf_conntrack_ftp missing)");
	if (ret == -EOPNOTSUPP)
		tst_brk(TCONF, "no nf_tables (EOPNOTSUPP)");
	if (ret)
		tst_brk(TBROK, "table with the ftp helper: %s",
			tst_strerrno(-ret));

	net_enter(NET_B);
	d.n = 0;
	exp_msg(IPCTNL_MSG_EXP_GET, NLM_F_DUMP);
	ret = nft_talk(&b, exp_cb, &d);
	if (ret == -EOPNOTSUPP)
		tst_brk(TCONF, "no ctnetlink (nf_conntrack_netlink missing)");
	if (ret)
		tst_brk(TBROK, "expectation dump: %s", tst_strerrno(-ret));
	net_enter(NET_A);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.timeout = 60,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_NF_TABLES", "CONFIG_NFT_CT",
		"CONFIG_NF_CT_NETLINK", "CONFIG_NF_CONNTRACK_FTP", NULL
	},
};
