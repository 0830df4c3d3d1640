// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sctp_diag (inet_diag for IPPROTO_SCTP), IPv4 and IPv6. The remote host
 * has a one-to-one listener L with one accepted association S and a
 * one-to-many socket M (listening) with two associations; the local host
 * the three clients, each bound to the local address:
 * - a TCPF_LISTEN dump in the remote holds exactly L and M (state
 *   LISTEN, port, address, inode, backlog 7 and 0 pending in
 *   idiag_wqueue/idiag_rqueue, INET_DIAG_LOCALS the bound address and
 *   port, no INET_DIAG_PEERS); the other family's dump is empty;
 * - a TCPF_ESTABLISHED dump holds each socket once, followed by exactly
 *   its associations: S's socket entry then one association, M's then
 *   two; an association entry has state SCTP_STATE_ESTABLISHED (3), the
 *   ports and addresses of both ends, net0's ifindex, the socket's
 *   inode, INET_DIAG_LOCALS and INET_DIAG_PEERS with exactly one
 *   address each, and INET_DIAG_INFO whose sctpi_state and stream counts
 *   are what the client's SCTP_STATUS says (5 streams one way, 10 the
 *   other); the same cookie for a socket's entries;
 * - a source port filter keeps only that port's associations (none for
 *   an unused port); in the local host a destination port filter;
 * - the local host (no listener) dumps nothing for TCPF_LISTEN and, for
 *   all states, exactly each client socket and its association;
 * - a lookup by addresses and ports gives S's association (its inode);
 *   ESTALE with a wrong cookie, ENOENT for a port with no association;
 * - after the clients close, the associations go from both dumps.
 * Would catch associations dumped twice or skipped when a socket has
 * several (the resume state of the dump), entries with the wrong end's
 * address or port, or address attributes with the wrong count.
 */
#include <stdlib.h>
#include <net/if.h>
#include <netinet/tcp.h>
#include "sock_diag.h"
#include "../sctp/sctp_common.h"

#define MAXENT 16
#define BACKLOG 7
#define ALLSTATES 0xffffffffu
#define TCPF_LISTEN (1 << TCP_LISTEN)
#define TCPF_ESTABLISHED (1 << TCP_ESTABLISHED)
/*
 * An association's state in sctp_diag is the kernel's enum sctp_state,
 * one less than SCTP_STATUS's SCTP_ESTABLISHED (4, SCTP_EMPTY is 0).
 */
#define ASOC_ESTABLISHED 3

struct dent {
	int state, sport, dport, ifindex, nloc, npeer, has_info;
	uint32_t src[4], dst[4], cookie[2];
	unsigned long ino;
	unsigned int rq, wq;
	struct sockaddr_storage loc[4], peer[4];
	struct sctp_info info;
};

struct dlist {
	int n;
	struct dent e[MAXENT];
};

static int family;
static struct sockaddr_storage a_addr, b_addr;

static int addrs_attr(struct nlmsghdr *nh, int type,
		      struct sockaddr_storage *out)
{
	struct rtattr *rta = rtnl_attr(nh, sizeof(struct inet_diag_msg), type);
	int n;

	if (!rta)
		return -1;
	n = RTA_PAYLOAD(rta) / sizeof(struct sockaddr_storage);
	memcpy(out, RTA_DATA(rta), (n > 4 ? 4 : n) * sizeof(*out));
	return n;
}

static void dump_cb(struct nlmsghdr *nh, void *priv)
{
	struct inet_diag_msg *r = NLMSG_DATA(nh);
	struct dlist *l = priv;
	struct dent *e;
	struct rtattr *rta;

	if (nh->nlmsg_type != SOCK_DIAG_BY_FAMILY || l->n == MAXENT)
		return;
	e = &l->e[l->n++];
	memset(e, 0, sizeof(*e));
	e->state = r->idiag_state;
	e->sport = ntohs(r->id.idiag_sport);
	e->dport = ntohs(r->id.idiag_dport);
	e->ifindex = r->id.idiag_if;
	memcpy(e->src, r->id.idiag_src, sizeof(e->src));
	memcpy(e->dst, r->id.idiag_dst, sizeof(e->dst));
	memcpy(e->cookie, r->id.idiag_cookie, sizeof(e->cookie));
	e->ino = r->idiag_inode;
	e->rq = r->idiag_rqueue;
	e->wq = r->idiag_wqueue;
	e->nloc = addrs_attr(nh, INET_DIAG_LOCALS, e->loc);
	e->npeer = addrs_attr(nh, INET_DIAG_PEERS, e->peer);
	rta = rtnl_attr(nh, sizeof(*r), INET_DIAG_INFO);
	if (rta) {
		e->has_info = 1;
		memcpy(&e->info, RTA_DATA(rta),
		       RTA_PAYLOAD(rta) < sizeof(e->info) ?
		       RTA_PAYLOAD(rta) : sizeof(e->info));
	}
}

static void req_init(struct rtnl_msg *m, int flags, int fam,
		     unsigned int states, int sport, int dport)
{
	struct inet_diag_req_v2 req = {
		.sdiag_family = fam, .sdiag_protocol = IPPROTO_SCTP,
		.idiag_states = states,
		.idiag_ext = 1 << (INET_DIAG_INFO - 1),
	};

	req.id.idiag_sport = htons(sport);
	req.id.idiag_dport = htons(dport);
	req.id.idiag_cookie[0] = INET_DIAG_NOCOOKIE;
	req.id.idiag_cookie[1] = INET_DIAG_NOCOOKIE;
	rtnl_msg_init(m, SOCK_DIAG_BY_FAMILY, flags, &req, sizeof(req));
}

static void dump(int h, int fam, unsigned int states, int sport, int dport,
		 struct dlist *l)
{
	static struct rtnl_msg m;
	int ret;

	net_enter(h);
	memset(l, 0, sizeof(*l));
	req_init(&m, NLM_F_DUMP, fam, states, sport, dport);
	ret = diag_talk(&m, dump_cb, l);
	if (ret)
		tst_brk(TBROK, "sctp_diag dump in %s: %s", net_hname[h],
			tst_strerrno(-ret));
}

/* Lookup of one association by its id; 0 or -errno. */
static int lookup(int h, const struct sockaddr_storage *self,
		  const struct sockaddr_storage *peer, const uint32_t *cookie,
		  struct dlist *l)
{
	static struct rtnl_msg m;
	struct inet_diag_req_v2 *req;
	size_t alen = family == AF_INET ? 4 : 16;

	net_enter(h);
	memset(l, 0, sizeof(*l));
	req_init(&m, 0, family, ALLSTATES, net_port(self), net_port(peer));
	req = NLMSG_DATA(&m.nh);
	memcpy(req->id.idiag_src, net_rawaddr((void *)self), alen);
	memcpy(req->id.idiag_dst, net_rawaddr((void *)peer), alen);
	if (cookie)
		memcpy(req->id.idiag_cookie, cookie, 8);
	return diag_talk(&m, dump_cb, l);
}

static int same_sa(const struct sockaddr_storage *got,
		   const struct sockaddr_storage *exp)
{
	size_t alen = family == AF_INET ? 4 : 16;

	return got->ss_family == exp->ss_family &&
	       net_port(got) == net_port(exp) &&
	       !memcmp(net_rawaddr((void *)got), net_rawaddr((void *)exp),
		       alen);
}

static int raw_is(const uint32_t *raw, const struct sockaddr_storage *ss)
{
	return !memcmp(raw, net_rawaddr((void *)ss),
		       family == AF_INET ? 4 : 16);
}

static struct sockaddr_storage with_port(const struct sockaddr_storage *a,
					 int port)
{
	struct sockaddr_storage s = *a;

	if (family == AF_INET)
		((struct sockaddr_in *)&s)->sin_port = htons(port);
	else
		((struct sockaddr_in6 *)&s)->sin6_port = htons(port);
	return s;
}

/*
 * An entry of a remote socket (no association): state, ports (dport:
 * the peer of a one-to-one socket's association), locals, inode.
 */
static int sock_ok(const struct dent *e, int state, int port, int dport,
		   unsigned long ino)
{
	struct sockaddr_storage self = with_port(&b_addr, port);

	if (e->state == state && e->sport == port && e->dport == dport &&
	    e->ino == ino && e->nloc == 1 && same_sa(&e->loc[0], &self) &&
	    e->npeer == -1 && raw_is(e->src, &self))
		return 1;
	tst_res(TFAIL, "socket entry: state %d ports %d/%d inode %lu (expected %d, %d, %lu), %d locals, peers attribute %d",
		e->state, e->sport, e->dport, e->ino, state, port, ino,
		e->nloc, e->npeer);
	return 0;
}

/*
 * An association entry between self and peer with in and out streams;
 * fd is the client's socket of it, whose SCTP_STATUS gives the counts
 * (swapped when the entry is the remote end's: swap).
 */
static int asoc_ok(const struct dent *e, const struct sockaddr_storage *self,
		   const struct sockaddr_storage *peer, unsigned long ino,
		   int ifindex, int fd, int swap)
{
	struct sctp_status st;
	unsigned int in, out;

	net_enter(NET_A);
	sctp_get_status(fd, 0, &st);
	in = swap ? st.sstat_outstrms : st.sstat_instrms;
	out = swap ? st.sstat_instrms : st.sstat_outstrms;
	if (e->state == ASOC_ESTABLISHED &&
	    e->sport == net_port(self) && e->dport == net_port(peer) &&
	    raw_is(e->src, self) && raw_is(e->dst, peer) &&
	    e->ino == ino && e->ifindex == ifindex &&
	    e->nloc == 1 && same_sa(&e->loc[0], self) &&
	    e->npeer == 1 && same_sa(&e->peer[0], peer) && e->has_info &&
	    e->info.sctpi_state == ASOC_ESTABLISHED &&
	    e->info.sctpi_instrms == in && e->info.sctpi_outstrms == out)
		return 1;
	tst_res(TFAIL, "association entry: state %d ports %d/%d inode %lu if %d, %d locals, %d peers, info %d (state %u streams %u/%u, expected %u/%u); expected ports %d/%d inode %lu if %d",
		e->state, e->sport, e->dport, e->ino, e->ifindex, e->nloc,
		e->npeer, e->has_info, e->info.sctpi_state,
		e->info.sctpi_instrms, e->info.sctpi_outstrms, in, out,
		net_port(self), net_port(peer), ino, ifindex);
	return 0;
}

static void setup(void)
{
	net_hosts_setup();
}

static void run(unsigned int n)
{
	struct sockaddr_storage lss, mss, css[3], sss;
	struct dlist l;
	unsigned long ino_l, ino_m, ino_s;
	int lfd, mfd, sfd, cfd[3], i, err, b_if, a_if, ok, s_at, m_at;
	int pl, pm;

	family = n ? AF_INET6 : AF_INET;
	tst_res(TINFO, "%s", n ? "IPv6" : "IPv4");
	net_addr(NET_A, family, 0, &a_addr);
	net_addr(NET_B, family, 0, &b_addr);
	net_enter(NET_A);
	a_if = if_nametoindex("net0");
	net_enter(NET_B);
	b_if = if_nametoindex("net0");

	lfd = sctp_bound(NET_B, family, SOCK_STREAM, &lss);
	mfd = sctp_bound(NET_B, family, SOCK_SEQPACKET, &mss);
	if (listen(lfd, BACKLOG) || listen(mfd, BACKLOG))
		tst_brk(TBROK | TERRNO, "listen(SCTP)");
	sctp_rcvinfo_on(mfd);
	pl = net_port(&lss);
	pm = net_port(&mss);
	ino_l = diag_ino(lfd);
	ino_m = diag_ino(mfd);

	for (i = 0; i < 3; i++) {
		/* 5 streams out of 10: the ends' counts differ */
		struct sctp_initmsg im = { .sinit_num_ostreams = 5 };

		cfd[i] = sctp_bound(NET_A, family, SOCK_STREAM, &css[i]);
		sctp_setopt(cfd[i], SCTP_INITMSG, &im, sizeof(im),
			    "SCTP_INITMSG");
		err = sctp_connect(cfd[i], i ? &mss : &lss);
		if (err) {
			errno = err;
			tst_brk(TBROK | TERRNO, "connect(SCTP) %d", i);
		}
		/* a message each way caches the route of both ends */
		if (send(cfd[i], "ping", 4, MSG_NOSIGNAL) != 4)
			tst_brk(TBROK | TERRNO, "send()");
	}
	sfd = net_accept(lfd);
	ino_s = diag_ino(sfd);
	sss = with_port(&b_addr, pl);
	for (i = 0; i < 3; i++) {
		char buf[64];
		struct sctp_msg m;
		int fd = i ? mfd : sfd;

		if (sctp_recv_msg(fd, buf, sizeof(buf), &m, NULL) != 4)
			tst_brk(TBROK | TERRNO, "server recv");
		net_enter(NET_B);
		if (sctp_send(fd, "pong", 4, 0, 0, 0, i ? m.ri.rcv_assoc_id : 0,
			      NULL, MSG_NOSIGNAL) != 4)
			tst_brk(TBROK | TERRNO, "server send");
	}
	for (i = 0; i < 3; i++) {
		char buf[8];

		net_enter(NET_A);
		if (net_poll(cfd[i], POLLIN, 10000) != POLLIN ||
		    recv(cfd[i], buf, sizeof(buf), 0) != 4)
			tst_brk(TBROK | TERRNO, "client recv");
	}

	/* listeners */
	dump(NET_B, family, TCPF_LISTEN, 0, 0, &l);
	ok = l.n == 2;
	for (i = 0; ok && i < 2; i++) {
		int is_m = l.e[i].ino == ino_m;

		ok = sock_ok(&l.e[i], TCP_LISTEN, is_m ? pm : pl, 0,
			     is_m ? ino_m : ino_l) &&
		     l.e[i].rq == 0 && l.e[i].wq == BACKLOG;
	}
	if (ok && l.e[0].ino != l.e[1].ino)
		tst_res(TPASS, "LISTEN dump: exactly L and M, addresses, ports, backlog %d",
			BACKLOG);
	else
		tst_res(TFAIL, "LISTEN dump: %d entries (rq %u wq %u)", l.n,
			l.e[0].rq, l.e[0].wq);
	dump(NET_B, family == AF_INET ? AF_INET6 : AF_INET, TCPF_LISTEN, 0, 0,
	     &l);
	TST_EXP_EQ_LI(l.n, 0);

	/* associations, each socket once before its own */
	dump(NET_B, family, TCPF_ESTABLISHED, 0, 0, &l);
	s_at = m_at = -1;
	for (i = 0; i < l.n; i++) {
		if (l.e[i].npeer != -1)
			continue;
		if (l.e[i].ino == ino_s && s_at < 0)
			s_at = i;
		else if (l.e[i].ino == ino_m && m_at < 0)
			m_at = i;
		else
			s_at = m_at = -2;
	}
	if (l.n != 5 || s_at < 0 || m_at < 0 || s_at + 1 >= l.n ||
	    m_at + 2 >= l.n) {
		tst_res(TFAIL, "ESTABLISHED dump: %d entries, S's socket at %d, M's at %d",
			l.n, s_at, m_at);
	} else {
		ok = sock_ok(&l.e[s_at], TCP_ESTABLISHED, pl,
			     net_port(&css[0]), ino_s);
		ok &= sock_ok(&l.e[m_at], TCP_LISTEN, pm, 0, ino_m);
		net_enter(NET_B);
		ok &= asoc_ok(&l.e[s_at + 1], &sss, &css[0], ino_s, b_if,
			      cfd[0], 1);
		for (i = 1; i <= 2; i++) {
			const struct dent *e = &l.e[m_at + i];
			int c = e->dport == net_port(&css[1]) ? 1 : 2;

			ok &= asoc_ok(e, &mss, &css[c], ino_m, b_if, cfd[c],
				      1);
		}
		if (l.e[m_at + 1].dport == l.e[m_at + 2].dport ||
		    memcmp(l.e[s_at].cookie, l.e[s_at + 1].cookie, 8) ||
		    memcmp(l.e[m_at].cookie, l.e[m_at + 2].cookie, 8))
			ok = 0;
		if (ok)
			tst_res(TPASS, "ESTABLISHED dump: S and its association, M and its two, ends, streams, ifindex, cookies");
		else
			tst_res(TFAIL, "ESTABLISHED dump: the same association twice or cookies differ");
	}

	dump(NET_B, family, TCPF_ESTABLISHED, pm, 0, &l);
	ok = l.n == 3 && l.e[0].ino == ino_m && l.e[1].sport == pm &&
	     l.e[2].sport == pm;
	if (ok)
		tst_res(TPASS, "source port %d filter: M and its two associations",
			pm);
	else
		tst_res(TFAIL, "source port %d filter: %d entries", pm, l.n);
	dump(NET_B, family, TCPF_ESTABLISHED, pm == 65535 ? 1 : pm + 1, 0,
	     &l);
	if (pm + 1 != pl)
		TST_EXP_EQ_LI(l.n, 0);

	/* the clients' side */
	dump(NET_A, family, TCPF_LISTEN, 0, 0, &l);
	TST_EXP_EQ_LI(l.n, 0);
	dump(NET_A, family, ALLSTATES, 0, 0, &l);
	ok = l.n == 6;
	for (i = 0; ok && i < 6; i += 2) {
		int c;

		for (c = 0; c < 3; c++)
			if (l.e[i].sport == net_port(&css[c]))
				break;
		ok = c < 3 && l.e[i].npeer == -1 && l.e[i].nloc == 1 &&
		     l.e[i].state == TCP_ESTABLISHED &&
		     l.e[i].dport == (c ? pm : pl) &&
		     l.e[i].ino == diag_ino(cfd[c]) &&
		     same_sa(&l.e[i].loc[0], &css[c]);
		if (ok)
			ok = asoc_ok(&l.e[i + 1], &css[c], c ? &mss : &lss,
				     diag_ino(cfd[c]), a_if, cfd[c], 0);
	}
	if (ok)
		tst_res(TPASS, "clients' dump: each socket then its association");
	else
		tst_res(TFAIL, "clients' dump: %d entries", l.n);
	dump(NET_A, family, ALLSTATES, 0, pl, &l);
	if (l.n == 2 && l.e[1].dport == pl && l.e[1].sport == net_port(&css[0]))
		tst_res(TPASS, "destination port %d filter: the one client", pl);
	else
		tst_res(TFAIL, "destination port %d filter: %d entries", pl,
			l.n);

	/* lookups */
	err = lookup(NET_B, &sss, &css[0], NULL, &l);
	if (err || l.n != 1 || l.e[0].ino != ino_s ||
	    l.e[0].sport != pl || l.e[0].dport != net_port(&css[0])) {
		tst_res(TFAIL, "lookup of S's association: %s, %d entries",
			tst_strerrno(-err), l.n);
	} else {
		uint32_t ck[2] = { l.e[0].cookie[0], l.e[0].cookie[1] };

		tst_res(TPASS, "lookup of S's association by its ends");
		TST_EXP_EQ_LI(lookup(NET_B, &sss, &css[0], ck, &l), 0);
		ck[0] ^= 1;
		TST_EXP_EQ_LI(lookup(NET_B, &sss, &css[0], ck, &l), -ESTALE);
	}
	sss = with_port(&a_addr, net_port(&css[0]) == 65535 ? 1 :
			net_port(&css[0]) + 1);
	TST_EXP_EQ_LI(lookup(NET_B, &lss, &sss, NULL, &l), -ENOENT);

	/* closing */
	for (i = 0; i < 3; i++)
		close(cfd[i]);
	for (i = 0; i < net_ms(10000) / 20; i++) {
		dump(NET_A, family, ALLSTATES, 0, 0, &l);
		if (!l.n) {
			dump(NET_B, family, TCPF_ESTABLISHED, 0, 0, &l);
			if (!l.n)
				break;
		}
		usleep(20000);
	}
	if (l.n)
		tst_res(TFAIL, "after close: %d entries still dumped", l.n);
	else
		tst_res(TPASS, "after close: no association in either host");
	close(sfd);
	close(mfd);
	close(lfd);
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.timeout = 120,
};
