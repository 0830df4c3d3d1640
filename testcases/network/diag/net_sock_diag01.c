// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * inet_diag over NETLINK_SOCK_DIAG (tcp_diag, udp_diag), IPv4 and IPv6,
 * in the two namespaces of net_hosts.h:
 * - a TCP dump of the remote host (all states but TIME_WAIT) shows
 *   exactly the three listeners the test bound (LISTEN, their ports) and
 *   the accepted connection (ESTABLISHED, local and peer address and
 *   port), each with the inode fstat() gives its descriptor, uid 0 and,
 *   for a listener made with fsuid 4242, uid 4242; the local host's dump
 *   shows exactly the client; INET_DIAG_INFO's tcp_info of the accepted
 *   socket says ESTABLISHED and 1000 bytes received, as TCP_INFO does;
 * - the state mask (LISTEN only: the three listeners) and bytecode
 *   filters (source port in [P+1, P+2]: two listeners; source port P:
 *   the listener and the accepted socket); a port comparison without its
 *   operand is EINVAL;
 * - a lookup of one socket by its addresses and ports with its cookie
 *   answers that socket; a wrong cookie is ENOENT for TCP
 *   (inet_diag_find_one_icsk()) and ESTALE for UDP (udp_dump_one()), a
 *   port nobody uses ENOENT;
 * - the client's half of a closed connection in TIME_WAIT (idiag_state
 *   TIME_WAIT, inode 0) once the peer's FIN arrived;
 * - SOCK_DESTROY of the accepted socket (CONFIG_INET_DIAG_DESTROY): its
 *   read() fails with ECONNABORTED, the client gets ECONNRESET, the
 *   socket is gone from the dump and a second SOCK_DESTROY with its
 *   cookie is ENOENT;
 * - a UDP dump: exactly the unconnected (CLOSE), connected (ESTABLISHED,
 *   peer port) and fsuid 4242 sockets the test made;
 * - malformed requests: a family >= AF_MAX, a message type sock_diag
 *   does not know, a request shorter than its header: EINVAL; a layer 4
 *   protocol without a diag handler: ENOENT.
 */
#include <sys/fsuid.h>
#include <linux/tcp.h>
#include "tst_test.h"
#include "lapi/sock_states.h"
#include "sock_diag.h"

#define PORT 40001
#define OWN_PORT(p) ((p) >= PORT && (p) <= PORT + 2)
#define OTHER_UID 4242
#define MAXE 64

struct ient {
	int family, state;
	unsigned int sport, dport, uid;
	uint32_t src[4], dst[4], cookie[2];
	unsigned long ino;
	int has_info;
	struct tcp_info ti;
};

struct ilist {
	int n;
	struct ient e[MAXE];
};

static void inet_cb(struct nlmsghdr *nh, void *priv)
{
	struct ilist *l = priv;
	struct inet_diag_msg *r = NLMSG_DATA(nh);
	struct rtattr *rta;
	struct ient *e;

	if (nh->nlmsg_type != SOCK_DIAG_BY_FAMILY || l->n >= MAXE)
		return;
	/*
	 * Only the test's sockets: one end on PORT..PORT + 2. The check
	 * connection of net_hosts_setup() (kernel ports) may still be
	 * closing (FIN_WAIT, LAST_ACK) on a loaded guest.
	 */
	if (!OWN_PORT(ntohs(r->id.idiag_sport)) &&
	    !OWN_PORT(ntohs(r->id.idiag_dport)))
		return;
	e = &l->e[l->n++];
	memset(e, 0, sizeof(*e));
	e->family = r->idiag_family;
	e->state = r->idiag_state;
	e->sport = ntohs(r->id.idiag_sport);
	e->dport = ntohs(r->id.idiag_dport);
	memcpy(e->src, r->id.idiag_src, sizeof(e->src));
	memcpy(e->dst, r->id.idiag_dst, sizeof(e->dst));
	memcpy(e->cookie, r->id.idiag_cookie, sizeof(e->cookie));
	e->uid = r->idiag_uid;
	e->ino = r->idiag_inode;
	rta = rtnl_attr(nh, sizeof(*r), INET_DIAG_INFO);
	if (rta) {
		e->has_info = 1;
		memcpy(&e->ti, RTA_DATA(rta), RTA_PAYLOAD(rta) < sizeof(e->ti) ?
		       RTA_PAYLOAD(rta) : sizeof(e->ti));
	}
}

static void inet_req(struct rtnl_msg *m, int type, int flags, int family,
		     int proto, unsigned int states)
{
	struct inet_diag_req_v2 req = {
		.sdiag_family = family, .sdiag_protocol = proto,
		.idiag_states = states,
		.idiag_ext = 1 << (INET_DIAG_INFO - 1),
	};

	req.id.idiag_cookie[0] = INET_DIAG_NOCOOKIE;
	req.id.idiag_cookie[1] = INET_DIAG_NOCOOKIE;
	rtnl_msg_init(m, type, flags, &req, sizeof(req));
}

/* Dump host h's sockets of family/proto in states, bytecode bc (or none). */
static int inet_dump(int h, int family, int proto, unsigned int states,
		     const void *bc, size_t bclen, struct ilist *l)
{
	static struct rtnl_msg m;

	net_enter(h);
	memset(l, 0, sizeof(*l));
	inet_req(&m, SOCK_DIAG_BY_FAMILY, NLM_F_DUMP, family, proto, states);
	if (bc)
		rtnl_put(&m, INET_DIAG_REQ_BYTECODE, bc, bclen);
	return diag_talk(&m, inet_cb, l);
}

/* One socket by its id (ports, addresses, cookie) as host h sees it. */
static int inet_exact(int h, int type, int proto,
		      const struct sockaddr_storage *self,
		      const struct sockaddr_storage *peer,
		      const uint32_t *cookie, struct ilist *l)
{
	static struct rtnl_msg m;
	struct inet_diag_req_v2 *req;
	size_t alen = self->ss_family == AF_INET ? 4 : 16;

	net_enter(h);
	memset(l, 0, sizeof(*l));
	inet_req(&m, type, 0, self->ss_family, proto, SK_ST_ALL);
	req = NLMSG_DATA(&m.nh);
	req->id.idiag_sport = htons(net_port(self));
	memcpy(req->id.idiag_src, net_rawaddr((struct sockaddr_storage *)self),
	       alen);
	if (peer) {
		req->id.idiag_dport = htons(net_port(peer));
		memcpy(req->id.idiag_dst,
		       net_rawaddr((struct sockaddr_storage *)peer), alen);
	}
	if (cookie)
		memcpy(req->id.idiag_cookie, cookie, 8);
	return diag_talk(&m, inet_cb, l);
}

static const struct ient *find(const struct ilist *l, unsigned int sport,
			       int state)
{
	int i;

	for (i = 0; i < l->n; i++)
		if (l->e[i].sport == sport && l->e[i].state == state)
			return &l->e[i];
	return NULL;
}

static void name_of(int fd, struct sockaddr_storage *ss)
{
	socklen_t len = sizeof(*ss);

	if (getsockname(fd, (struct sockaddr *)ss, &len))
		tst_brk(TBROK | TERRNO, "getsockname()");
}

/* A socket in h of type bound to h's address and port (fsuid uid). */
static int bound_at(int h, int family, int type, unsigned int port, uid_t uid)
{
	struct sockaddr_storage ss;
	socklen_t len = net_addr(h, family, port, &ss);
	int fd, one = 1;

	setfsuid(uid);
	fd = net_socket(h, family, type);
	setfsuid(0);
	if (setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one)))
		tst_brk(TBROK | TERRNO, "setsockopt(SO_REUSEADDR)");
	if (bind(fd, (struct sockaddr *)&ss, len))
		tst_brk(TBROK | TERRNO, "bind(port %u)", port);
	if (type == SOCK_STREAM && listen(fd, 8))
		tst_brk(TBROK | TERRNO, "listen()");
	return fd;
}

static int same_addr(const uint32_t *a, const struct sockaddr_storage *ss)
{
	return !memcmp(a, net_rawaddr((struct sockaddr_storage *)ss),
		       ss->ss_family == AF_INET ? 4 : 16);
}

/* Check that entry e is descriptor fd with uid, ports and addresses. */
static void check_entry(const char *what, const struct ient *e, int fd,
			unsigned int uid, const struct sockaddr_storage *peer)
{
	struct sockaddr_storage self;
	char buf[64];

	if (!e) {
		tst_res(TFAIL, "%s: not in the dump", what);
		return;
	}
	name_of(fd, &self);
	if (e->ino != diag_ino(fd) || e->uid != uid ||
	    !same_addr(e->src, &self) || (peer && (!same_addr(e->dst, peer) ||
	    e->dport != net_port(peer)))) {
		tst_res(TFAIL, "%s: inode %lu uid %u dport %u, expected inode %lu uid %u peer %s port %u",
			what, e->ino, e->uid, e->dport, diag_ino(fd), uid,
			peer ? net_ntop(peer, buf, sizeof(buf)) : "-",
			peer ? net_port(peer) : 0);
		return;
	}
	tst_res(TPASS, "%s: port %u, inode %lu, uid %u, addresses right",
		what, e->sport, e->ino, e->uid);
}

/* Port range bytecode: sport >= lo && sport <= hi. */
static void range_bc(struct inet_diag_bc_op *bc, unsigned int lo,
		     unsigned int hi)
{
	memset(bc, 0, 4 * sizeof(*bc));
	bc[0].code = INET_DIAG_BC_S_GE;
	bc[0].yes = 2 * sizeof(*bc);
	bc[0].no = 4 * sizeof(*bc) + 4;	/* past the end: reject */
	bc[1].no = lo;
	bc[2].code = INET_DIAG_BC_S_LE;
	bc[2].yes = 2 * sizeof(*bc);
	bc[2].no = 2 * sizeof(*bc) + 4;
	bc[3].no = hi;
}

static void tcp_part(int family)
{
	const char *fam = family == AF_INET ? "IPv4" : "IPv6";
	unsigned int notw = SK_ST_ALL & ~(1U << SK_ST_TIME_WAIT);
	int l[3], c, s, i, ret, nsge = 0;
	struct sockaddr_storage la, ca;
	struct inet_diag_bc_op bc[4];
	static struct ilist d;
	const struct ient *e;
	struct tcp_info ti;
	socklen_t tlen = sizeof(ti);
	char buf[1000] = { 0 };
	uint32_t cookie[2];

	tst_res(TINFO, "TCP over %s", fam);
	for (i = 0; i < 3; i++)
		l[i] = bound_at(NET_B, family, SOCK_STREAM, PORT + i,
				i == 2 ? OTHER_UID : 0);
	net_addr(NET_B, family, PORT, &la);
	c = net_connect(NET_A, &la);
	s = net_accept(l[0]);
	name_of(c, &ca);
	if (net_write_all(c, buf, sizeof(buf)) ||
	    net_read_all(s, buf, sizeof(buf)) != sizeof(buf))
		tst_brk(TBROK, "no 1000 bytes over the connection");

	RTNL_SAFE(inet_dump(NET_B, family, IPPROTO_TCP, notw, NULL, 0, &d));
	NET_EXP_EQ(d.n, 4, "remote TCP sockets (not TIME_WAIT) in the dump");
	for (i = 0; i < 3; i++) {
		snprintf(buf, 64, "listener on port %d", PORT + i);
		check_entry(buf, find(&d, PORT + i, SK_ST_LISTEN), l[i],
			    i == 2 ? OTHER_UID : 0, NULL);
	}
	e = find(&d, PORT, SK_ST_ESTABLISHED);
	check_entry("accepted socket (ESTABLISHED)", e, s, 0, &ca);
	if (e && e->has_info &&
	    !getsockopt(s, IPPROTO_TCP, TCP_INFO, &ti, &tlen)) {
		if (e->ti.tcpi_state == SK_ST_ESTABLISHED &&
		    e->ti.tcpi_bytes_received == sizeof(buf) &&
		    ti.tcpi_bytes_received == sizeof(buf))
			tst_res(TPASS, "INET_DIAG_INFO: ESTABLISHED, %llu bytes received, as TCP_INFO",
				(unsigned long long)e->ti.tcpi_bytes_received);
		else
			tst_res(TFAIL, "INET_DIAG_INFO: state %u, bytes received %llu (TCP_INFO %llu), expected %zu",
				e->ti.tcpi_state,
				(unsigned long long)e->ti.tcpi_bytes_received,
				(unsigned long long)ti.tcpi_bytes_received,
				sizeof(buf));
	} else if (e) {
		tst_res(TFAIL, "no INET_DIAG_INFO for the accepted socket");
	}

	RTNL_SAFE(inet_dump(NET_A, family, IPPROTO_TCP, notw, NULL, 0, &d));
	NET_EXP_EQ(d.n, 1, "local TCP sockets (not TIME_WAIT) in the dump");
	check_entry("client (ESTABLISHED)", find(&d, net_port(&ca),
		    SK_ST_ESTABLISHED), c, 0, &la);

	RTNL_SAFE(inet_dump(NET_B, family, IPPROTO_TCP, 1 << SK_ST_LISTEN,
			    NULL, 0, &d));
	for (i = 0; i < d.n; i++)
		nsge += d.e[i].state == SK_ST_LISTEN;
	if (d.n == 3 && nsge == 3)
		tst_res(TPASS, "state mask LISTEN: the 3 listeners only");
	else
		tst_res(TFAIL, "state mask LISTEN: %d sockets, %d listening",
			d.n, nsge);

	range_bc(bc, PORT + 1, PORT + 2);
	RTNL_SAFE(inet_dump(NET_B, family, IPPROTO_TCP, notw, bc, sizeof(bc),
			    &d));
	if (d.n == 2 && find(&d, PORT + 1, SK_ST_LISTEN) &&
	    find(&d, PORT + 2, SK_ST_LISTEN))
		tst_res(TPASS, "bytecode sport in [%d, %d]: the two listeners",
			PORT + 1, PORT + 2);
	else
		tst_res(TFAIL, "bytecode sport in [%d, %d]: %d sockets",
			PORT + 1, PORT + 2, d.n);
	range_bc(bc, PORT, PORT);
	RTNL_SAFE(inet_dump(NET_B, family, IPPROTO_TCP, notw, bc, sizeof(bc),
			    &d));
	if (d.n == 2 && find(&d, PORT, SK_ST_LISTEN) &&
	    find(&d, PORT, SK_ST_ESTABLISHED))
		tst_res(TPASS, "bytecode sport == %d: listener and accepted socket",
			PORT);
	else
		tst_res(TFAIL, "bytecode sport == %d: %d sockets", PORT, d.n);
	/* a port comparison is two ops: the second (the port) left out */
	bc[0].yes = sizeof(bc[0]);
	bc[0].no = sizeof(bc[0]) + 4;
	TST_EXP_EQ_LI(inet_dump(NET_B, family, IPPROTO_TCP, notw, bc,
				sizeof(bc[0]), &d), -EINVAL);

	/* exact lookups of the accepted socket */
	RTNL_SAFE(inet_dump(NET_B, family, IPPROTO_TCP, 1 << SK_ST_ESTABLISHED,
			    NULL, 0, &d));
	e = find(&d, PORT, SK_ST_ESTABLISHED);
	if (!e)
		tst_brk(TBROK, "accepted socket not in the dump");
	memcpy(cookie, e->cookie, sizeof(cookie));
	ret = inet_exact(NET_B, SOCK_DIAG_BY_FAMILY, IPPROTO_TCP, &la, &ca,
			 cookie, &d);
	if (!ret && d.n == 1 && d.e[0].ino == diag_ino(s))
		tst_res(TPASS, "lookup by id and cookie: the accepted socket");
	else
		tst_res(TFAIL, "lookup by id and cookie: %s, %d answers",
			tst_strerrno(-ret), d.n);
	cookie[0] ^= 1;
	TST_EXP_EQ_LI(inet_exact(NET_B, SOCK_DIAG_BY_FAMILY, IPPROTO_TCP, &la,
				 &ca, cookie, &d), -ENOENT);
	net_addr(NET_B, family, PORT + 3, &la);
	TST_EXP_EQ_LI(inet_exact(NET_B, SOCK_DIAG_BY_FAMILY, IPPROTO_TCP, &la,
				 &ca, NULL, &d), -ENOENT);
	net_addr(NET_B, family, PORT, &la);

	/* TIME_WAIT: the client closes first */
	if (shutdown(c, SHUT_WR))
		tst_brk(TBROK | TERRNO, "shutdown()");
	if (net_read_all(s, buf, 1) != 0)
		tst_brk(TBROK, "no EOF after the client's shutdown()");
	close(s);
	if (net_read_all(c, buf, 1) != 0)
		tst_brk(TBROK, "no EOF at the client after the close()");
	RTNL_SAFE(inet_dump(NET_A, family, IPPROTO_TCP, 1 << SK_ST_TIME_WAIT,
			    NULL, 0, &d));
	e = find(&d, net_port(&ca), SK_ST_TIME_WAIT);
	if (e && e->dport == PORT && !e->ino && same_addr(e->dst, &la))
		tst_res(TPASS, "client's side in TIME_WAIT, inode 0");
	else
		tst_res(TFAIL, "no TIME_WAIT entry for port %u to %d (%d entries)",
			net_port(&ca), PORT, d.n);
	close(c);

	/* SOCK_DESTROY of a new accepted socket */
	c = net_connect(NET_A, &la);
	s = net_accept(l[0]);
	name_of(c, &ca);
	RTNL_SAFE(inet_dump(NET_B, family, IPPROTO_TCP, 1 << SK_ST_ESTABLISHED,
			    NULL, 0, &d));
	e = find(&d, PORT, SK_ST_ESTABLISHED);
	if (!e)
		tst_brk(TBROK, "second accepted socket not in the dump");
	memcpy(cookie, e->cookie, sizeof(cookie));
	ret = inet_exact(NET_B, SOCK_DESTROY, IPPROTO_TCP, &la, &ca, cookie,
			 &d);
	if (ret == -EOPNOTSUPP) {
		tst_res(TCONF, "SOCK_DESTROY: EOPNOTSUPP (no CONFIG_INET_DIAG_DESTROY)");
	} else if (ret) {
		tst_res(TFAIL, "SOCK_DESTROY: %s", tst_strerrno(-ret));
	} else {
		TST_EXP_FAIL(read(s, buf, 1), ECONNABORTED,
			     "read() of the destroyed socket");
		TST_EXP_FAIL(net_read_all(c, buf, 1), ECONNRESET,
			     "read() of its peer");
		RTNL_SAFE(inet_dump(NET_B, family, IPPROTO_TCP,
				    1 << SK_ST_ESTABLISHED, NULL, 0, &d));
		NET_EXP_EQ(d.n, 0, "ESTABLISHED sockets after SOCK_DESTROY");
		/* without the cookie the lookup would fall back to the listener */
		TST_EXP_EQ_LI(inet_exact(NET_B, SOCK_DESTROY, IPPROTO_TCP,
					 &la, &ca, cookie, &d), -ENOENT);
	}
	close(s);
	close(c);
	for (i = 0; i < 3; i++)
		close(l[i]);
}

static void udp_part(int family)
{
	const char *fam = family == AF_INET ? "IPv4" : "IPv6";
	struct sockaddr_storage ua, pa;
	static struct ilist d;
	const struct ient *e;
	uint32_t cookie[2];
	int u[3], p, ret;

	tst_res(TINFO, "UDP over %s", fam);
	p = net_bound(NET_A, family, SOCK_DGRAM, &pa);
	u[0] = bound_at(NET_B, family, SOCK_DGRAM, PORT, 0);
	u[1] = bound_at(NET_B, family, SOCK_DGRAM, PORT + 1, 0);
	u[2] = bound_at(NET_B, family, SOCK_DGRAM, PORT + 2, OTHER_UID);
	if (connect(u[1], (struct sockaddr *)&pa, family == AF_INET ?
		    sizeof(struct sockaddr_in) : sizeof(struct sockaddr_in6)))
		tst_brk(TBROK | TERRNO, "connect(UDP)");

	RTNL_SAFE(inet_dump(NET_B, family, IPPROTO_UDP, SK_ST_ALL, NULL, 0,
			    &d));
	NET_EXP_EQ(d.n, 3, "remote UDP sockets in the dump");
	check_entry("unconnected UDP socket (CLOSE)",
		    find(&d, PORT, SK_ST_CLOSE), u[0], 0, NULL);
	check_entry("connected UDP socket (ESTABLISHED)",
		    find(&d, PORT + 1, SK_ST_ESTABLISHED), u[1], 0, &pa);
	check_entry("UDP socket made with fsuid 4242",
		    find(&d, PORT + 2, SK_ST_CLOSE), u[2], OTHER_UID, NULL);

	e = find(&d, PORT + 1, SK_ST_ESTABLISHED);
	if (e) {
		name_of(u[1], &ua);
		memcpy(cookie, e->cookie, sizeof(cookie));
		/* udp_dump_one() takes the id's source as the remote end */
		ret = inet_exact(NET_B, SOCK_DIAG_BY_FAMILY, IPPROTO_UDP, &pa,
				 &ua, cookie, &d);
		if (!ret && d.n == 1 && d.e[0].ino == diag_ino(u[1]))
			tst_res(TPASS, "UDP lookup by id and cookie");
		else
			tst_res(TFAIL, "UDP lookup by id and cookie: %s, %d answers",
				tst_strerrno(-ret), d.n);
		cookie[1] ^= 1;
		TST_EXP_EQ_LI(inet_exact(NET_B, SOCK_DIAG_BY_FAMILY,
					 IPPROTO_UDP, &pa, &ua, cookie, &d),
			      -ESTALE);
		net_addr(NET_B, family, PORT + 3, &ua);
		TST_EXP_EQ_LI(inet_exact(NET_B, SOCK_DIAG_BY_FAMILY,
					 IPPROTO_UDP, &pa, &ua, NULL, &d),
			      -ENOENT);
	}
	close(u[0]);
	close(u[1]);
	close(u[2]);
	close(p);
}

static void errors(void)
{
	static struct rtnl_msg m;
	struct sock_diag_req sr = { .sdiag_family = AF_INET };
	struct ilist *d = SAFE_MALLOC(sizeof(*d));

	net_enter(NET_A);
	inet_req(&m, SOCK_DIAG_BY_FAMILY, NLM_F_DUMP, 255, IPPROTO_TCP,
		 SK_ST_ALL);
	TST_EXP_EQ_LI(diag_talk(&m, NULL, NULL), -EINVAL);
	inet_req(&m, SOCK_DESTROY + 1, NLM_F_DUMP, AF_INET, IPPROTO_TCP,
		 SK_ST_ALL);
	TST_EXP_EQ_LI(diag_talk(&m, NULL, NULL), -EINVAL);
	rtnl_msg_init(&m, SOCK_DIAG_BY_FAMILY, NLM_F_DUMP, &sr, 1);
	TST_EXP_EQ_LI(diag_talk(&m, NULL, NULL), -EINVAL);
	/* a sock_diag_req is not the inet_diag_req_v2 inet_diag needs */
	rtnl_msg_init(&m, SOCK_DIAG_BY_FAMILY, NLM_F_DUMP, &sr, sizeof(sr));
	TST_EXP_EQ_LI(diag_talk(&m, NULL, NULL), -EINVAL);
	/* protocol 253 (experimentation): no inet_diag handler */
	inet_req(&m, SOCK_DIAG_BY_FAMILY, 0, AF_INET, 253, SK_ST_ALL);
	TST_EXP_EQ_LI(diag_talk(&m, inet_cb, d), -ENOENT);
	free(d);
}

static void run(void)
{
	tcp_part(AF_INET);
	tcp_part(AF_INET6);
	udp_part(AF_INET);
	udp_part(AF_INET6);
	errors();
}

static void setup(void)
{
	static struct ilist d;
	int ret;

	net_hosts_setup();
	ret = inet_dump(NET_A, AF_INET, IPPROTO_TCP, SK_ST_ALL, NULL, 0, &d);
	if (ret == -ENOENT)
		tst_brk(TCONF, "no inet_diag for TCP (tcp_diag missing)");
	RTNL_SAFE(ret);
	ret = inet_dump(NET_A, AF_INET, IPPROTO_UDP, SK_ST_ALL, NULL, 0, &d);
	if (ret == -ENOENT)
		tst_brk(TCONF, "no inet_diag for UDP (udp_diag missing)");
	RTNL_SAFE(ret);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.timeout = 60,
};
