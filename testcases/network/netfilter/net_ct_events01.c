// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Conntrack events and entries made over ctnetlink, IPv4, in the remote
 * host (a ct rule makes it track its flows; nf_conntrack_events 1), with
 * a socket in the NFNLGRP_CONNTRACK_NEW, _UPDATE and _DESTROY groups:
 * - a datagram from the local host: exactly one NEW event (group NEW,
 *   IPCTNL_MSG_CT_NEW with NLM_F_CREATE | NLM_F_EXCL) with the flow's
 *   orig tuple and the reply tuple mirrored; the answer: an UPDATE event
 *   (group UPDATE, no NLM_F_CREATE) with SEEN_REPLY;
 * - IPCTNL_MSG_CT_NEW making an entry: EINVAL without the reply tuple,
 *   without CTA_TIMEOUT and with a reply tuple of another protocol;
 *   ENOENT for a missing tuple without NLM_F_CREATE; with a 3 s timeout
 *   it is made (a NEW event with its tuple, GET gives CTA_TIMEOUT 2 or
 *   3), again with NLM_F_EXCL EEXIST;
 * - a change of CTA_MARK to 0x42 (no NLM_F_EXCL): an UPDATE event with
 *   mark 0x42, GET reads it back;
 * - DELETE of the datagram's flow: one DESTROY event with its tuple;
 * - the made entry expires no sooner than its 3 s: GET finds it until
 *   then and ENOENT after, and a DESTROY event follows; no NEW event
 *   came twice for a tuple.
 */
#include "tst_test.h"
#include "net_hosts.h"
#include "net_ctnl.h"

#define TABLE "ltp_ctev"

struct ev {
	int group;		/* NFNLGRP_CONNTRACK_*, 0 for an answer */
	int type;		/* IPCTNL_MSG_CT_* */
	int flags;
	struct ct_tuple orig, reply;
	uint32_t status, mark, timeout;
	int has_mark, has_timeout;
};

static struct nft_batch b;
static int evfd = -1;
static int new_seen[2];

static void parse(struct nlmsghdr *nh, struct ev *e)
{
	int hlen = NLMSG_ALIGN(sizeof(struct nfgenmsg));
	struct nlattr *a;
	int rem;

	memset(&e->orig, 0, sizeof(e->orig));
	memset(&e->reply, 0, sizeof(e->reply));
	e->type = nh->nlmsg_type & 0xff;
	e->flags = nh->nlmsg_flags;
	e->status = e->mark = e->timeout = 0;
	e->has_mark = e->has_timeout = 0;
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
		case CTA_MARK:
			e->mark = nft_attr_be32(a);
			e->has_mark = 1;
			break;
		case CTA_TIMEOUT:
			e->timeout = nft_attr_be32(a);
			e->has_timeout = 1;
			break;
		}
	}
}

static int group_of(uint32_t mask)
{
	int g;

	for (g = 1; g < 32; g++)
		if (mask == 1U << (g - 1))
			return g;
	return -1;
}

/*
 * The next event of group about orig tuple t (bounded); others are
 * skipped, except that NEW events of the tuples in watch[] are counted
 * in new_seen[]. 0 when none came.
 */
static int wait_event(int group, const struct ct_tuple *t, struct ev *e,
		      const struct ct_tuple *const *watch)
{
	static char buf[16384];
	long long end = tst_mono_ms() + net_ms(15000);

	while (tst_mono_ms() < end) {
		struct sockaddr_nl sa;
		socklen_t sl = sizeof(sa);
		struct nlmsghdr *nh;
		ssize_t n;
		int len, found = 0;

		if (!net_poll(evfd, POLLIN, 1000))
			continue;
		n = recvfrom(evfd, buf, sizeof(buf), MSG_DONTWAIT,
			     (struct sockaddr *)&sa, &sl);
		if (n < 0 && errno == ENOBUFS)
			tst_brk(TBROK, "conntrack events lost (ENOBUFS)");
		if (n < 0)
			tst_brk(TBROK | TERRNO, "recvfrom(events)");
		nh = (struct nlmsghdr *)buf;
		for (len = n; NLMSG_OK(nh, len); nh = NLMSG_NEXT(nh, len)) {
			struct ev x;
			int k;

			x.group = group_of(sa.nl_groups);
			parse(nh, &x);
			for (k = 0; watch && watch[k]; k++)
				if (x.group == NFNLGRP_CONNTRACK_NEW &&
				    ctnl_tuple_same(&x.orig, watch[k]))
					new_seen[k]++;
			if (!found && x.group == group &&
			    ctnl_tuple_same(&x.orig, t)) {
				*e = x;
				found = 1;
			}
		}
		if (found)
			return 1;
	}
	return 0;
}

/* IPCTNL_MSG_CT_NEW of o (reply r unless NULL), timeout (< 0: none). */
static int ct_new(int flags, const struct ct_tuple *o,
		  const struct ct_tuple *r, int timeout, int mark)
{
	net_enter(NET_B);
	ctnl_msg(&b, IPCTNL_MSG_CT_NEW, flags);
	ctnl_put_tuple(&b, CTA_TUPLE_ORIG, o);
	if (r)
		ctnl_put_tuple(&b, CTA_TUPLE_REPLY, r);
	if (timeout >= 0)
		nft_put_be32(&b, CTA_TIMEOUT, timeout);
	if (mark >= 0)
		nft_put_be32(&b, CTA_MARK, mark);
	return nft_talk(&b, NULL, NULL);
}

static void get_cb(struct nlmsghdr *nh, void *priv)
{
	struct ev *e = priv;

	if (nh->nlmsg_type ==
	    ((NFNL_SUBSYS_CTNETLINK << 8) | IPCTNL_MSG_CT_NEW))
		parse(nh, e);
}

static int ct_get(const struct ct_tuple *t, struct ev *e)
{
	net_enter(NET_B);
	memset(e, 0, sizeof(*e));
	ctnl_msg(&b, IPCTNL_MSG_CT_GET, 0);
	ctnl_put_tuple(&b, CTA_TUPLE_ORIG, t);
	return nft_talk(&b, get_cb, e);
}

static int ct_del(const struct ct_tuple *t)
{
	net_enter(NET_B);
	ctnl_msg(&b, IPCTNL_MSG_CT_DELETE, 0);
	ctnl_put_tuple(&b, CTA_TUPLE_ORIG, t);
	return nft_talk(&b, NULL, NULL);
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
	t->proto = IPPROTO_UDP;
	t->sport = ntohs(a.sin_port);
	t->dport = ntohs(p.sin_port);
}

static void check_event(int ok, const struct ev *e, const char *what)
{
	if (!ok)
		tst_res(TFAIL, "%s: no event in %d ms", what, net_ms(15000));
	else
		tst_res(TPASS, "%s: type %d flags 0x%x status 0x%x", what,
			e->type, e->flags, e->status);
}

static void run(void)
{
	const int cr = NLM_F_CREATE | NLM_F_EXCL;
	struct sockaddr_storage to, back;
	struct ct_tuple f1, r1, f2, r2, f3, bad;
	const struct ct_tuple *watch[3] = { &f1, &f2, NULL };
	struct ev e;
	long long t0, t1;
	int s, r, ok, ret;
	char buf[64];

	s = net_bound(NET_A, AF_INET, SOCK_DGRAM, NULL);
	r = net_bound(NET_B, AF_INET, SOCK_DGRAM, &to);
	if (connect(s, (struct sockaddr *)&to, sizeof(struct sockaddr_in)))
		tst_brk(TBROK | TERRNO, "connect()");
	tuple_of(s, &f1);
	ctnl_tuple_mirror(&f1, &r1);
	memset(&f2, 0, sizeof(f2));
	f2.src = f1.src;
	f2.dst = f1.dst;
	f2.proto = IPPROTO_UDP;
	f2.sport = 7000;
	f2.dport = 7001;
	ctnl_tuple_mirror(&f2, &r2);
	f3 = f2;
	f3.sport = 7002;
	new_seen[0] = new_seen[1] = 0;

	if (send(s, "one", 3, 0) != 3)
		tst_brk(TBROK | TERRNO, "send()");
	ok = wait_event(NFNLGRP_CONNTRACK_NEW, &f1, &e, watch);
	check_event(ok, &e, "datagram: NEW event with its orig tuple");
	if (ok) {
		NET_EXP_EQ(e.type == IPCTNL_MSG_CT_NEW &&
			   (e.flags & cr) == cr &&
			   ctnl_tuple_same(&e.reply, &r1), 1,
			   "NEW event: IPCTNL_MSG_CT_NEW, NLM_F_CREATE|NLM_F_EXCL, reply tuple mirrored");
	}
	net_wait(r, POLLIN);
	if (recv(r, buf, sizeof(buf), 0) != 3)
		tst_brk(TBROK, "datagram not received");
	net_addr(NET_A, AF_INET, f1.sport, &back);
	if (sendto(r, "two", 3, 0, (struct sockaddr *)&back,
		   sizeof(struct sockaddr_in)) != 3)
		tst_brk(TBROK | TERRNO, "sendto(answer)");
	ok = wait_event(NFNLGRP_CONNTRACK_UPDATE, &f1, &e, watch);
	check_event(ok, &e, "answer: UPDATE event");
	if (ok)
		NET_EXP_EQ(e.type == IPCTNL_MSG_CT_NEW &&
			   !(e.flags & NLM_F_CREATE) &&
			   (e.status & IPS_SEEN_REPLY), 1,
			   "UPDATE event: no NLM_F_CREATE, SEEN_REPLY");
	net_wait(s, POLLIN);

	nft_exp(ct_new(cr, &f2, NULL, 3, -1), -EINVAL,
		"CT_NEW without a reply tuple");
	nft_exp(ct_new(cr, &f2, &r2, -1, -1), -EINVAL,
		"CT_NEW without CTA_TIMEOUT");
	bad = r2;
	bad.proto = IPPROTO_TCP;
	nft_exp(ct_new(cr, &f2, &bad, 3, -1), -EINVAL,
		"CT_NEW with a TCP reply tuple for UDP");
	nft_exp(ct_new(0, &f3, &r2, 3, -1), -ENOENT,
		"CT_NEW of a missing tuple without NLM_F_CREATE");
	t0 = tst_mono_ms();
	nft_exp(ct_new(cr, &f2, &r2, 3, -1), 0, "CT_NEW with a 3 s timeout");
	ok = wait_event(NFNLGRP_CONNTRACK_NEW, &f2, &e, watch);
	check_event(ok, &e, "made entry: NEW event with its orig tuple");
	nft_exp(ct_new(cr, &f2, &r2, 3, -1), -EEXIST,
		"CT_NEW of it again with NLM_F_EXCL");
	ret = ct_get(&f2, &e);
	nft_exp(ret, 0, "GET of the made entry");
	if (!ret) {
		if (e.has_timeout && e.timeout >= 2 && e.timeout <= 3 &&
		    ctnl_tuple_same(&e.reply, &r2))
			tst_res(TPASS, "made entry: CTA_TIMEOUT %u, reply tuple as given",
				e.timeout);
		else
			tst_res(TFAIL, "made entry: CTA_TIMEOUT %u (%s), reply tuple %s",
				e.timeout, e.has_timeout ? "present" : "absent",
				ctnl_tuple_same(&e.reply, &r2) ? "as given" : "wrong");
	}

	nft_exp(ct_new(0, &f2, NULL, -1, 0x42), 0, "CT_NEW changing CTA_MARK");
	ok = wait_event(NFNLGRP_CONNTRACK_UPDATE, &f2, &e, watch);
	check_event(ok, &e, "mark change: UPDATE event");
	if (ok)
		NET_EXP_EQ(e.has_mark ? (long long)e.mark : -1, 0x42,
			   "UPDATE event: CTA_MARK");
	if (!ct_get(&f2, &e))
		NET_EXP_EQ(e.has_mark ? (long long)e.mark : -1, 0x42,
			   "GET: CTA_MARK");

	nft_exp(ct_del(&f1), 0, "DELETE of the datagram's flow");
	ok = wait_event(NFNLGRP_CONNTRACK_DESTROY, &f1, &e, watch);
	check_event(ok, &e, "deleted flow: DESTROY event");
	if (ok)
		NET_EXP_EQ(e.type, IPCTNL_MSG_CT_DELETE,
			   "DESTROY event: IPCTNL_MSG_CT_DELETE");

	/* a lookup reaps an expired entry: GET sees the timeout exactly */
	while ((ret = ct_get(&f2, &e)) == 0 &&
	       tst_mono_ms() - t0 < net_ms(20000))
		usleep(20000);
	t1 = tst_mono_ms();
	if (ret != -ENOENT)
		tst_res(TFAIL, "made entry: GET %s after %lld ms",
			tst_strerrno(-ret), t1 - t0);
	else if (t1 - t0 < 2980)
		tst_res(TFAIL, "made entry gone after %lld ms, before its 3 s",
			t1 - t0);
	else
		tst_res(TPASS, "made entry expired after %lld ms (3 s)",
			t1 - t0);
	ok = wait_event(NFNLGRP_CONNTRACK_DESTROY, &f2, &e, watch);
	check_event(ok, &e, "expired entry: DESTROY event");
	NET_EXP_EQ(new_seen[0], 1, "NEW events with the datagram's tuple");
	NET_EXP_EQ(new_seen[1], 1, "NEW events with the made tuple");
	close(s);
	close(r);
}

static void setup(void)
{
	struct sockaddr_nl sa = { .nl_family = AF_NETLINK };
	int g[] = { NFNLGRP_CONNTRACK_NEW, NFNLGRP_CONNTRACK_UPDATE,
		    NFNLGRP_CONNTRACK_DESTROY };
	int rcv = 1 << 20, ret;
	unsigned int k;

	net_hosts_setup();
	net_enter(NET_B);
	nft_begin(&b, NFPROTO_INET, TABLE);
	nft_add_table(&b, 0);
	nft_add_chain(&b, "in", "filter", NF_INET_LOCAL_IN, 0, NF_ACCEPT, 0);
	nft_rule_begin(&b, "in", 0);
	nft_ct(&b, NFT_CT_STATE, NFT_REG_1);
	nft_counter(&b);
	nft_rule_end(&b);
	nft_commit_safe(&b, "table with a ct rule");
	net_sysctl(NET_B, "net/netfilter/nf_conntrack_events", "1");

	/*
	 * Joining a group loads ctnetlink without waiting for it; a dump
	 * loads it before the answer, so no event is missed.
	 */
	net_enter(NET_B);
	ctnl_msg(&b, IPCTNL_MSG_CT_GET, NLM_F_DUMP);
	ret = nft_talk(&b, NULL, NULL);
	if (ret == -EOPNOTSUPP)
		tst_brk(TCONF, "no ctnetlink (nf_conntrack_netlink missing)");
	if (ret)
		tst_brk(TBROK, "conntrack dump: %s", tst_strerrno(-ret));

	net_enter(NET_B);
	evfd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_NETFILTER);
	if (evfd < 0)
		tst_brk(TBROK | TERRNO, "socket(NETLINK_NETFILTER)");
	if (bind(evfd, (struct sockaddr *)&sa, sizeof(sa)))
		tst_brk(TBROK | TERRNO, "bind()");
	setsockopt(evfd, SOL_SOCKET, SO_RCVBUFFORCE, &rcv, sizeof(rcv));
	for (k = 0; k < ARRAY_SIZE(g); k++) {
		if (!setsockopt(evfd, SOL_NETLINK, NETLINK_ADD_MEMBERSHIP,
				&g[k], sizeof(g[k])))
			continue;
		if (errno == ENOENT || errno == EOPNOTSUPP)
			tst_brk(TCONF | TERRNO, "no ctnetlink events (nf_conntrack_netlink, CONFIG_NF_CONNTRACK_EVENTS)");
		tst_brk(TBROK | TERRNO, "NETLINK_ADD_MEMBERSHIP %d", g[k]);
	}
	net_enter(NET_A);
}

static void cleanup(void)
{
	if (evfd >= 0)
		close(evfd);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.timeout = 90,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_NF_TABLES", "CONFIG_NFT_CT", "CONFIG_NF_CT_NETLINK",
		"CONFIG_NF_CONNTRACK_EVENTS", "CONFIG_NF_CONNTRACK_MARK", NULL
	},
};
