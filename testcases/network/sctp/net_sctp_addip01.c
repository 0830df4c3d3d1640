// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * SCTP dynamic address reconfiguration (RFC 5061) through the socket API
 * on an established one-to-one association between the two hosts of
 * net_hosts.h, with net.sctp.addip_enable and auth_enable (ASCONF must be
 * authenticated unless addip_noauth_enable) set in both namespaces before
 * the sockets are made (an endpoint copies them when it is created).
 * The client in the local host is bound to 10.99.1.1, the server in the
 * remote host to 10.99.1.2; the local host also has 10.99.1.11.
 *
 * Checks:
 * - SCTP_ASCONF_SUPPORTED is 1 on both ends;
 * - bad SCTP_SOCKOPT_BINDX_ADD calls: EINVAL for AF_UNIX, for a length one
 *   short of a sockaddr_in, for an AF_INET6 address on an AF_INET socket
 *   and for another port; EADDRNOTAVAIL for 10.99.1.99 (not the host's);
 * - BINDX_ADD 10.99.1.11: the server gets SCTP_PEER_ADDR_CHANGE
 *   SCTP_ADDR_ADDED for exactly that address, SCTP_GET_PEER_ADDRS on the
 *   server lists exactly 10.99.1.1 and 10.99.1.11, the client's
 *   SCTP_GET_LOCAL_ADDRS the same once the ASCONF-ACK is in, and the new
 *   path is confirmed (ACTIVE);
 * - SCTP_SET_PEER_PRIMARY_ADDR: EINVAL for a short option and AF_UNIX,
 *   EADDRNOTAVAIL for an address the association does not have and for
 *   its own address with another port (matched with the port); with
 *   10.99.1.11 the server gets SCTP_ADDR_MADE_PRIM for it and its
 *   SCTP_PRIMARY_ADDR reads 10.99.1.11; then back to 10.99.1.1;
 * - BINDX_REM of an address not bound: EBUSY while one address is bound
 *   (checked first), EINVAL with two; 10.99.1.11: the server
 *   gets SCTP_ADDR_REMOVED for it, both address lists shrink back to
 *   10.99.1.1; removing the last address EBUSY, the lists unchanged;
 * - sequence-numbered messages both ways after every change, each once,
 *   in order, bytes intact (the server's replies go to its primary path,
 *   10.99.1.11 while it is primary);
 * - addip_enable 0 in the local host: a new client's association has
 *   SCTP_ASCONF_SUPPORTED 0 on both ends, SCTP_SET_PEER_PRIMARY_ADDR
 *   EPERM, BINDX_ADD 10.99.1.11 succeeds locally but reaches nothing: a
 *   sentinel message sent after it arrives with no SCTP_ADDR_ADDED before
 *   it and the server still lists one peer address.
 * Would catch: ASCONF not sent or not processed, a peer address added or
 * removed without its notification (or with the wrong address), stale
 * address lists, SET_PRIMARY ignored, ASCONF sent although disabled,
 * errnos of the bindx and peer-primary paths changed, data lost or
 * duplicated while paths change.
 */
#include "sctp_common.h"

#define CLI "10.99.1.1"
#define CLI2 "10.99.1.11"
#define SRV "10.99.1.2"
#define NOTOURS "10.99.1.99"
#define MSGLEN 100
#define BATCH 10
#define MAXEV 32

struct end {
	int fd;
	sctp_assoc_t id;	/* its association, for the local addresses */
	const char *name;
	uint32_t next_seq;	/* next sequence number to send */
	uint32_t want_seq;	/* next sequence number expected */
	int got;		/* data messages read */
	int bad;		/* data messages out of sequence or damaged */
	int nev;
	struct { char ip[INET_ADDRSTRLEN]; int state; int used; } ev[MAXEV];
};

static struct end cli = { .fd = -1, .name = "client" };
static struct end srv = { .fd = -1, .name = "server" };
static struct end cli2 = { .fd = -1, .name = "client 2" };
static struct end srv2 = { .fd = -1, .name = "server 2" };
static int lfd = -1;
static struct sockaddr_storage srv_addr;
static unsigned short cli_port;

static struct sockaddr_in sin4(const char *ip, unsigned short port)
{
	struct sockaddr_in s = { .sin_family = AF_INET };

	s.sin_port = htons(port);
	net_ipv4(ip, &s.sin_addr);
	return s;
}

static const char *ip_of(const void *sa, char *buf)
{
	const struct sockaddr_in *s = sa;

	if (s->sin_family != AF_INET)
		return strcpy(buf, "(not AF_INET)");
	return inet_ntop(AF_INET, &s->sin_addr, buf, INET_ADDRSTRLEN);
}

static void fill_msg(char *buf, uint32_t seq)
{
	memset(buf, 'A' + seq % 26, MSGLEN);
	memcpy(buf, &seq, sizeof(seq));
}

/* One recvmsg() on e: a notification is logged, data checked in order. */
static void read_one(struct end *e)
{
	union {
		union sctp_notification sn;
		char buf[512];
	} u;
	char want[MSGLEN], ip[INET_ADDRSTRLEN];
	struct sctp_msg m;
	uint32_t seq;

	if (sctp_recv(e->fd, u.buf, sizeof(u.buf), &m) < 0)
		tst_brk(TBROK | TERRNO, "recvmsg(%s)", e->name);
	if (m.flags & MSG_NOTIFICATION) {
		const struct sctp_paddr_change *pc = &u.sn.sn_paddr_change;
		struct sockaddr_storage a;

		if (u.sn.sn_header.sn_type != SCTP_PEER_ADDR_CHANGE)
			return;
		/* the structure is packed: copy the address out */
		memcpy(&a, (const char *)pc +
		       offsetof(struct sctp_paddr_change, spc_aaddr), sizeof(a));
		ip_of(&a, ip);
		tst_res(TINFO, "%s: SCTP_PEER_ADDR_CHANGE %s state %d",
			e->name, ip, pc->spc_state);
		if (e->nev == MAXEV)
			tst_brk(TBROK, "%s: too many notifications", e->name);
		strcpy(e->ev[e->nev].ip, ip);
		e->ev[e->nev].state = pc->spc_state;
		e->ev[e->nev++].used = 0;
		return;
	}
	if (!m.len)
		tst_brk(TBROK, "%s: EOF", e->name);
	memcpy(&seq, u.buf, sizeof(seq));
	fill_msg(want, seq);
	if (m.len != MSGLEN || !(m.flags & MSG_EOR) || seq != e->want_seq ||
	    memcmp(u.buf, want, MSGLEN)) {
		if (!e->bad++)
			tst_res(TFAIL, "%s: got %zd bytes seq %u, expected seq %u",
				e->name, m.len, seq, e->want_seq);
		e->want_seq = seq;
	}
	e->want_seq++;
	e->got++;
}

/* Read e until fn(e) holds, bounded; 0 on timeout. */
static int pump_until(struct end *e, int (*fn)(struct end *, const void *),
		      const void *arg)
{
	long long end = tst_mono_ms() + net_ms(30000);

	while (!fn(e, arg)) {
		int left = (int)(end - tst_mono_ms());

		if (left <= 0 || !(net_poll(e->fd, POLLIN, left) & POLLIN))
			return 0;
		read_one(e);
	}
	return 1;
}

struct ev_want { const char *ip; int state; };

static int find_ev(struct end *e, const void *arg)
{
	const struct ev_want *w = arg;
	int i;

	for (i = 0; i < e->nev; i++) {
		if (!e->ev[i].used && e->ev[i].state == w->state &&
		    !strcmp(e->ev[i].ip, w->ip)) {
			e->ev[i].used = 1;
			return 1;
		}
	}
	return 0;
}

static int seen_ev(struct end *e, const char *ip, int state)
{
	int i;

	for (i = 0; i < e->nev; i++)
		if (e->ev[i].state == state && !strcmp(e->ev[i].ip, ip))
			return 1;
	return 0;
}

static void expect_ev(struct end *e, const char *ip, int state,
		      const char *sname)
{
	struct ev_want w = { ip, state };

	if (pump_until(e, find_ev, &w))
		tst_res(TPASS, "%s: %s for %s", e->name, sname, ip);
	else
		tst_res(TFAIL, "%s: no %s for %s in %d ms", e->name, sname,
			ip, net_ms(30000));
}

static int got_all(struct end *e, const void *arg)
{
	return e->got >= *(const int *)arg;
}

/* n numbered messages from one end to the other, all read there. */
static void send_batch(struct end *from, struct end *to, int n,
		       const char *what)
{
	char buf[MSGLEN];
	int i, target = to->got + n, bad = to->bad;

	for (i = 0; i < n; i++, from->next_seq++) {
		fill_msg(buf, from->next_seq);
		if (sctp_send(from->fd, buf, MSGLEN, 0, 0, 9, 0, NULL, 0) !=
		    MSGLEN)
			tst_brk(TBROK | TERRNO, "%s: sendmsg", from->name);
	}
	if (!pump_until(to, got_all, &target))
		tst_res(TFAIL, "%s: %s read %d of %d messages in %d ms",
			what, to->name, n - (target - to->got), n,
			net_ms(30000));
	else if (to->bad == bad)
		tst_res(TPASS, "%s: %d messages %s -> %s, each once, in order",
			what, n, from->name, to->name);
}

/* SCTP_GET_PEER_ADDRS or SCTP_GET_LOCAL_ADDRS as "a,b" into out. */
static int get_addrs(int fd, sctp_assoc_t id, int opt, char *out,
		     size_t len)
{
	union {
		struct sctp_getaddrs ga;
		char buf[sizeof(struct sctp_getaddrs) +
			 8 * sizeof(struct sockaddr_in6)];
	} u;
	socklen_t olen = sizeof(u);
	char ip[INET_ADDRSTRLEN];
	const char *p;
	unsigned int i;

	memset(&u, 0, sizeof(u));
	/* id 0 would give the socket's bind list, not the association's */
	u.ga.assoc_id = id;
	if (getsockopt(fd, IPPROTO_SCTP, opt, &u, &olen))
		tst_brk(TBROK | TERRNO, "getsockopt(%s)",
			opt == SCTP_GET_PEER_ADDRS ? "SCTP_GET_PEER_ADDRS" :
						     "SCTP_GET_LOCAL_ADDRS");
	out[0] = 0;
	p = (const char *)u.ga.addrs;
	for (i = 0; i < u.ga.addr_num && i < 8; i++) {
		ip_of(p, ip);
		if (i)
			strncat(out, ",", len - strlen(out) - 1);
		strncat(out, ip, len - strlen(out) - 1);
		p += sizeof(struct sockaddr_in);
	}
	return u.ga.addr_num;
}

/* Bounded wait until fd's address list (opt) is want, then assert it. */
static void expect_addrs(struct end *e, int opt, const char *want)
{
	long long end = tst_mono_ms() + net_ms(30000);
	const char *oname = opt == SCTP_GET_PEER_ADDRS ? "peer" : "local";
	char got[256];

	for (;;) {
		get_addrs(e->fd, e->id, opt, got, sizeof(got));
		if (!strcmp(got, want)) {
			tst_res(TPASS, "%s: %s addresses %s", e->name, oname,
				got);
			return;
		}
		if (tst_mono_ms() > end)
			break;
		usleep(20000);
	}
	tst_res(TFAIL, "%s: %s addresses '%s', expected '%s'", e->name, oname,
		got, want);
}

/* The state of the server's path to ip, bounded wait for SCTP_ACTIVE. */
static void expect_path_active(struct end *e, const char *ip)
{
	long long end = tst_mono_ms() + net_ms(30000);
	struct sockaddr_in a = sin4(ip, cli_port);
	struct sctp_paddrinfo pi;
	socklen_t len;

	for (;;) {
		memset(&pi, 0, sizeof(pi));
		memcpy(&pi.spinfo_address, &a, sizeof(a));
		len = sizeof(pi);
		if (getsockopt(e->fd, IPPROTO_SCTP, SCTP_GET_PEER_ADDR_INFO,
			       &pi, &len))
			tst_brk(TBROK | TERRNO, "SCTP_GET_PEER_ADDR_INFO(%s)",
				ip);
		if (pi.spinfo_state == SCTP_ACTIVE) {
			tst_res(TPASS, "%s: path to %s ACTIVE", e->name, ip);
			return;
		}
		if (tst_mono_ms() > end)
			break;
		usleep(20000);
	}
	tst_res(TFAIL, "%s: path to %s state %d, not ACTIVE", e->name, ip,
		pi.spinfo_state);
}

static void expect_primary(struct end *e, const char *ip)
{
	struct sctp_prim prim;
	socklen_t len = sizeof(prim);
	char got[INET_ADDRSTRLEN];

	memset(&prim, 0, sizeof(prim));
	if (getsockopt(e->fd, IPPROTO_SCTP, SCTP_PRIMARY_ADDR, &prim, &len))
		tst_brk(TBROK | TERRNO, "getsockopt(SCTP_PRIMARY_ADDR)");
	ip_of(&prim.ssp_addr, got);
	if (!strcmp(got, ip))
		tst_res(TPASS, "%s: SCTP_PRIMARY_ADDR %s", e->name, got);
	else
		tst_res(TFAIL, "%s: SCTP_PRIMARY_ADDR %s, expected %s",
			e->name, got, ip);
}

static void expect_asconf_supported(struct end *e, int want)
{
	struct sctp_assoc_value av = { .assoc_id = 0 };
	socklen_t len = sizeof(av);
	char desc[64];

	if (getsockopt(e->fd, IPPROTO_SCTP, SCTP_ASCONF_SUPPORTED, &av, &len))
		tst_brk(TBROK | TERRNO, "getsockopt(SCTP_ASCONF_SUPPORTED)");
	snprintf(desc, sizeof(desc), "%s: SCTP_ASCONF_SUPPORTED", e->name);
	NET_EXP_EQ(av.assoc_value, want, desc);
}

static int bindx(int fd, int op, const void *addr, socklen_t len)
{
	return setsockopt(fd, IPPROTO_SCTP, op, addr, len);
}

static int set_peer_prim(int fd, const struct sockaddr_in *addr,
			 socklen_t len)
{
	struct sctp_setpeerprim sp;

	memset(&sp, 0, sizeof(sp));
	memcpy(&sp.sspp_addr, addr, sizeof(*addr));
	return setsockopt(fd, IPPROTO_SCTP, SCTP_SET_PEER_PRIMARY_ADDR, &sp,
			  len);
}

/* Client in the local host bound to CLI, connected; accepted into s. */
static void connect_pair(struct end *c, struct end *s)
{
	struct sockaddr_storage ss;
	struct sctp_status st;

	c->fd = sctp_bound(NET_A, AF_INET, SOCK_STREAM, &ss);
	cli_port = net_port(&ss);
	if (sctp_connect(c->fd, &srv_addr))
		tst_brk(TBROK | TERRNO, "%s: connect", c->name);
	s->fd = net_accept(lfd);
	sctp_get_status(c->fd, 0, &st);
	c->id = st.sstat_assoc_id;
	sctp_get_status(s->fd, 0, &st);
	s->id = st.sstat_assoc_id;
}

static void bad_calls(void)
{
	struct sockaddr_in6 a6 = { .sin6_family = AF_INET6 };
	struct sockaddr_in a = sin4(CLI2, cli_port);
	struct sockaddr_in x = sin4(NOTOURS, cli_port);
	struct sockaddr_in u = a;

	u.sin_family = AF_UNIX;
	TST_EXP_FAIL(bindx(cli.fd, SCTP_SOCKOPT_BINDX_ADD, &u, sizeof(u)),
		     EINVAL, "BINDX_ADD AF_UNIX");
	TST_EXP_FAIL(bindx(cli.fd, SCTP_SOCKOPT_BINDX_ADD, &a, sizeof(a) - 1),
		     EINVAL, "BINDX_ADD length sizeof(sockaddr_in) - 1");
	a6.sin6_port = htons(cli_port);
	inet_pton(AF_INET6, "fd99:1::1", &a6.sin6_addr);
	TST_EXP_FAIL(bindx(cli.fd, SCTP_SOCKOPT_BINDX_ADD, &a6, sizeof(a6)),
		     EINVAL, "BINDX_ADD AF_INET6 on an AF_INET socket");
	a.sin_port = htons(cli_port == 65535 ? 65534 : cli_port + 1);
	TST_EXP_FAIL(bindx(cli.fd, SCTP_SOCKOPT_BINDX_ADD, &a, sizeof(a)),
		     EINVAL, "BINDX_ADD " CLI2 " with another port");
	TST_EXP_FAIL(bindx(cli.fd, SCTP_SOCKOPT_BINDX_ADD, &x, sizeof(x)),
		     EADDRNOTAVAIL, "BINDX_ADD " NOTOURS " (not the host's)");
	/* one address bound: the removal is refused before any lookup */
	TST_EXP_FAIL(bindx(cli.fd, SCTP_SOCKOPT_BINDX_REM, &x, sizeof(x)),
		     EBUSY, "BINDX_REM " NOTOURS " with one address bound");
}

static void bad_peer_prim(void)
{
	struct sockaddr_in a = sin4(CLI2, cli_port);
	struct sockaddr_in x = sin4(NOTOURS, cli_port);
	struct sockaddr_in p = sin4(CLI2, cli_port == 65535 ? 1 : cli_port + 1);

	TST_EXP_FAIL(set_peer_prim(cli.fd, &a,
				   sizeof(struct sctp_setpeerprim) - 1),
		     EINVAL, "SCTP_SET_PEER_PRIMARY_ADDR short option");
	a.sin_family = AF_UNIX;
	TST_EXP_FAIL(set_peer_prim(cli.fd, &a, sizeof(struct sctp_setpeerprim)),
		     EINVAL, "SCTP_SET_PEER_PRIMARY_ADDR AF_UNIX");
	TST_EXP_FAIL(set_peer_prim(cli.fd, &x, sizeof(struct sctp_setpeerprim)),
		     EADDRNOTAVAIL, "SCTP_SET_PEER_PRIMARY_ADDR " NOTOURS);
	/* the association's own address is matched with its port */
	TST_EXP_FAIL(set_peer_prim(cli.fd, &p, sizeof(struct sctp_setpeerprim)),
		     EADDRNOTAVAIL, "SCTP_SET_PEER_PRIMARY_ADDR " CLI2
		     " with another port");
}

static void peer_primary(const char *ip)
{
	struct sockaddr_in a = sin4(ip, cli_port);

	TST_EXP_PASS(set_peer_prim(cli.fd, &a, sizeof(struct sctp_setpeerprim)),
		     "SCTP_SET_PEER_PRIMARY_ADDR %s", ip);
	expect_ev(&srv, ip, SCTP_ADDR_MADE_PRIM, "SCTP_ADDR_MADE_PRIM");
	expect_primary(&srv, ip);
}

static void addip_disabled(void)
{
	struct sockaddr_in a = sin4(CLI2, 0);

	net_sysctl(NET_A, "net/sctp/addip_enable", "0");
	connect_pair(&cli2, &srv2);
	expect_asconf_supported(&cli2, 0);
	expect_asconf_supported(&srv2, 0);
	a.sin_port = htons(cli_port);
	TST_EXP_FAIL(set_peer_prim(cli2.fd, &a, sizeof(struct sctp_setpeerprim)),
		     EPERM, "SCTP_SET_PEER_PRIMARY_ADDR with addip_enable 0");
	TST_EXP_PASS(bindx(cli2.fd, SCTP_SOCKOPT_BINDX_ADD, &a, sizeof(a)),
		     "BINDX_ADD " CLI2 " with addip_enable 0");
	/* the sentinel is queued behind anything the bindx sent */
	send_batch(&cli2, &srv2, 1, "addip_enable 0 sentinel");
	if (seen_ev(&srv2, CLI2, SCTP_ADDR_ADDED))
		tst_res(TFAIL, "server 2: SCTP_ADDR_ADDED with addip_enable 0");
	else
		tst_res(TPASS, "server 2: no SCTP_ADDR_ADDED before the sentinel");
	expect_addrs(&srv2, SCTP_GET_PEER_ADDRS, CLI);
	if (seen_ev(&srv2, CLI2, SCTP_ADDR_ADDED))
		tst_res(TFAIL, "server 2: SCTP_ADDR_ADDED after the sentinel");
}

static void setup(void)
{
	int h;

	net_hosts_setup_pinned();
	/* the local host's second address, known to the remote's ARP */
	net_enter(NET_A);
	net_addr4("net0", CLI2);
	net_neigh_pin(NET_B, "net0", NET_A, "net0", 1, 11);
	/* loads sctp, which makes net.sctp */
	h = sctp_socket(NET_A, AF_INET, SOCK_STREAM);
	SAFE_CLOSE(h);
	for (h = NET_A; h <= NET_B; h++) {
		net_sysctl(h, "net/sctp/auth_enable", "1");
		net_sysctl(h, "net/sctp/addip_enable", "1");
	}
}

static void run(void)
{
	struct sockaddr_in a;

	lfd = sctp_bound(NET_B, AF_INET, SOCK_STREAM, &srv_addr);
	sctp_event_on(lfd, SCTP_PEER_ADDR_CHANGE);
	if (listen(lfd, 4))
		tst_brk(TBROK | TERRNO, "listen");
	connect_pair(&cli, &srv);
	expect_asconf_supported(&cli, 1);
	expect_asconf_supported(&srv, 1);
	send_batch(&cli, &srv, BATCH, "before any change");

	bad_calls();
	expect_addrs(&srv, SCTP_GET_PEER_ADDRS, CLI);

	a = sin4(CLI2, 0);
	TST_EXP_PASS(bindx(cli.fd, SCTP_SOCKOPT_BINDX_ADD, &a, sizeof(a)),
		     "BINDX_ADD " CLI2);
	expect_ev(&srv, CLI2, SCTP_ADDR_ADDED, "SCTP_ADDR_ADDED");
	expect_addrs(&srv, SCTP_GET_PEER_ADDRS, CLI "," CLI2);
	expect_addrs(&cli, SCTP_GET_LOCAL_ADDRS, CLI "," CLI2);
	expect_path_active(&srv, CLI2);
	send_batch(&cli, &srv, BATCH, "address added");
	send_batch(&srv, &cli, BATCH, "address added");

	a = sin4(NOTOURS, 0);
	TST_EXP_FAIL(bindx(cli.fd, SCTP_SOCKOPT_BINDX_REM, &a, sizeof(a)),
		     EINVAL, "BINDX_REM " NOTOURS " (not bound)");
	bad_peer_prim();
	peer_primary(CLI2);
	send_batch(&srv, &cli, BATCH, "peer primary " CLI2);
	send_batch(&cli, &srv, BATCH, "peer primary " CLI2);
	peer_primary(CLI);

	a = sin4(CLI2, 0);
	TST_EXP_PASS(bindx(cli.fd, SCTP_SOCKOPT_BINDX_REM, &a, sizeof(a)),
		     "BINDX_REM " CLI2);
	expect_ev(&srv, CLI2, SCTP_ADDR_REMOVED, "SCTP_ADDR_REMOVED");
	expect_addrs(&srv, SCTP_GET_PEER_ADDRS, CLI);
	expect_addrs(&cli, SCTP_GET_LOCAL_ADDRS, CLI);
	send_batch(&cli, &srv, BATCH, "address removed");
	send_batch(&srv, &cli, BATCH, "address removed");

	a = sin4(CLI, 0);
	TST_EXP_FAIL(bindx(cli.fd, SCTP_SOCKOPT_BINDX_REM, &a, sizeof(a)),
		     EBUSY, "BINDX_REM of the last address " CLI);
	expect_addrs(&cli, SCTP_GET_LOCAL_ADDRS, CLI);
	send_batch(&cli, &srv, 1, "after the refused removal");
	expect_addrs(&srv, SCTP_GET_PEER_ADDRS, CLI);

	addip_disabled();
}

static void cleanup(void)
{
	struct end *e[] = { &cli, &srv, &cli2, &srv2 };
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(e); i++)
		if (e[i]->fd >= 0)
			SAFE_CLOSE(e[i]->fd);
	if (lfd >= 0)
		SAFE_CLOSE(lfd);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.timeout = 120,
};
