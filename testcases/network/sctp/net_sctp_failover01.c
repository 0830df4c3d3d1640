// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * SCTP multihoming and path failover between two hosts joined by two veth
 * pairs: net0 (10.99.1.0/24) and net1 (10.99.3.0/24). The server in the
 * remote host is bound to 10.99.1.2 and 10.99.3.2 (bindx), the client in
 * the local host to 10.99.1.1 and 10.99.3.1 and connected with connectx
 * to both server addresses, 10.99.1.2 first (the primary path).
 *
 * Checks:
 * - option errnos: SCTP_PRIMARY_ADDR and SCTP_GET_PEER_ADDR_INFO with an
 *   address that is no peer address EINVAL, SCTP_PEER_ADDR_THLDS ENOENT
 *   for it, SCTP_PEER_ADDR_THLDS_V2 with pathpfthld above pathcpthld
 *   EINVAL, SCTP_EXPOSE_POTENTIALLY_FAILED_STATE 3 EINVAL;
 * - the primary read back, moved to the other address and back;
 *   SCTP_PEER_ADDR_PARAMS (hbinterval, pathmaxrxt) and THLDS read back;
 * - both paths SCTP_ACTIVE once the second one is confirmed;
 * - with net0 cut (the remote end of net0 down), data sent to the primary
 *   path: SCTP_PEER_ADDR_CHANGE SCTP_ADDR_POTENTIALLY_FAILED then
 *   SCTP_ADDR_UNREACHABLE for 10.99.1.2 (in that order, PF exposed),
 *   SCTP_INACTIVE read back, the primary unchanged in SCTP_STATUS, and
 *   every message of a numbered sequence on two streams arrives exactly
 *   once, in order per stream, over net1 (retransmitted there);
 * - net0 back: SCTP_ADDR_AVAILABLE for 10.99.1.2, SCTP_ACTIVE again, data
 *   flows.
 * Would catch: a path never marked failed or never recovered, lost or
 * duplicated retransmissions on failover, a missing or out of order
 * notification, PF state not exposed (or exposed when not asked),
 * primary or threshold options that accept foreign addresses.
 */
#include "sctp_common.h"

#define SRV1 "10.99.1.2"
#define SRV2 "10.99.3.2"
#define CLI1 "10.99.1.1"
#define CLI2 "10.99.3.1"
#define FOREIGN "10.99.2.99"
#define BATCH 20
#define MSGLEN 64

/* SCTP_PF_EXPOSE_ENABLE of include/net/sctp/constants.h (not in uapi) */
#define PF_EXPOSE_ENABLE 2

static int lfd = -1, cfd = -1, sfd = -1;
static sctp_assoc_t cid;
static unsigned short srv_port;	/* peer addresses match with the port */
static uint32_t next_seq, want_seq[2] = { 0, 1 };	/* seq n on stream n % 2 */
static int remote_net0, local_net0;

static struct sockaddr_storage sa4(const char *ip, unsigned short port)
{
	struct sockaddr_storage ss;

	memset(&ss, 0, sizeof(ss));
	ss.ss_family = AF_INET;
	((struct sockaddr_in *)&ss)->sin_port = htons(port);
	net_ipv4(ip, &((struct sockaddr_in *)&ss)->sin_addr);
	return ss;
}

static int same_ip(const struct sockaddr_storage *ss, const char *ip)
{
	struct in_addr a;

	net_ipv4(ip, &a);
	return ss->ss_family == AF_INET &&
	       ((const struct sockaddr_in *)ss)->sin_addr.s_addr == a.s_addr;
}

/* bind() to a1, then SCTP_SOCKOPT_BINDX_ADD a2 on the same port. */
static unsigned short bind_two(int fd, const char *a1, const char *a2)
{
	struct sockaddr_storage ss = sa4(a1, 0);
	struct sockaddr_in add;
	socklen_t len = sizeof(struct sockaddr_in);

	if (bind(fd, (struct sockaddr *)&ss, len))
		tst_brk(TBROK | TERRNO, "bind(%s)", a1);
	if (getsockname(fd, (struct sockaddr *)&ss, &len))
		tst_brk(TBROK | TERRNO, "getsockname");
	add = *(struct sockaddr_in *)&ss;
	net_ipv4(a2, &add.sin_addr);
	sctp_setopt(fd, SCTP_SOCKOPT_BINDX_ADD, &add, sizeof(add),
		    "SCTP_SOCKOPT_BINDX_ADD");
	return net_port(&ss);
}

/* SCTP_GET_PEER_ADDR_INFO of ip on the client: 0 or the errno. */
static int paddr_info(const char *ip, struct sctp_paddrinfo *pi)
{
	socklen_t len = sizeof(*pi);
	struct sockaddr_storage ss = sa4(ip, srv_port);

	memset(pi, 0, sizeof(*pi));
	pi->spinfo_assoc_id = cid;
	memcpy(&pi->spinfo_address, &ss, sizeof(ss));
	if (getsockopt(cfd, IPPROTO_SCTP, SCTP_GET_PEER_ADDR_INFO, pi, &len))
		return errno;
	return 0;
}

static const char *state_name(int st)
{
	switch (st) {
	case SCTP_INACTIVE: return "INACTIVE";
	case SCTP_PF: return "PF";
	case SCTP_ACTIVE: return "ACTIVE";
	case SCTP_UNCONFIRMED: return "UNCONFIRMED";
	}
	return "?";
}

/* Bounded wait until the client's path to ip is in state st. */
static void wait_path_state(const char *ip, int st)
{
	long long end = tst_mono_ms() + net_ms(30000);
	struct sctp_paddrinfo pi;
	int err;

	for (;;) {
		err = paddr_info(ip, &pi);
		if (err && err != EACCES)
			tst_brk(TBROK, "SCTP_GET_PEER_ADDR_INFO(%s): %s", ip,
				tst_strerrno(err));
		if (!err && pi.spinfo_state == st)
			break;
		if (tst_mono_ms() > end) {
			tst_res(TFAIL, "path %s not %s in %d ms (state %s)",
				ip, state_name(st), net_ms(30000),
				err ? "hidden" : state_name(pi.spinfo_state));
			return;
		}
		usleep(10000);
	}
	tst_res(TPASS, "path %s is %s", ip, state_name(st));
}

/*
 * Read the client's notifications until SCTP_PEER_ADDR_CHANGE of ip to
 * state (bounded). Returns -1 on timeout, else a bit mask of the states ip went through before,
 * as 1 << spc_state; other addresses' changes are only logged.
 */
static int wait_addr_change(const char *ip, int state)
{
	long long end = tst_mono_ms() + net_ms(60000);
	int seen = 0;
	union sctp_notification sn[8];
	struct sctp_msg m;

	for (;;) {
		const struct sctp_paddr_change *pc = &sn[0].sn_paddr_change;
		struct sockaddr_storage aaddr;
		int left = (int)(end - tst_mono_ms());
		char buf[64];

		if (left <= 0 || !(net_poll(cfd, POLLIN, left) & POLLIN)) {
			tst_res(TFAIL, "no SCTP_PEER_ADDR_CHANGE %d for %s in %d ms",
				state, ip, net_ms(60000));
			return -1;
		}
		if (sctp_recv(cfd, sn, sizeof(sn), &m) < 0)
			tst_brk(TBROK | TERRNO, "recvmsg(client)");
		if (!(m.flags & MSG_NOTIFICATION))
			tst_brk(TBROK, "data on the client (%zd bytes)", m.len);
		if (sn[0].sn_header.sn_type != SCTP_PEER_ADDR_CHANGE)
			continue;
		/* the notification is packed: copy the address out */
		memcpy(&aaddr, (const char *)pc +
		       offsetof(struct sctp_paddr_change, spc_aaddr),
		       sizeof(aaddr));
		net_ntop(&aaddr, buf, sizeof(buf));
		tst_res(TINFO, "SCTP_PEER_ADDR_CHANGE %s state %d error %d",
			buf, pc->spc_state, pc->spc_error);
		if (!same_ip(&aaddr, ip))
			continue;
		if (pc->spc_state == state)
			return seen;
		seen |= 1 << pc->spc_state;
	}
}

static void send_batch(void)
{
	char buf[MSGLEN];
	int i;

	for (i = 0; i < BATCH; i++, next_seq++) {
		memset(buf, 'a' + next_seq % 26, sizeof(buf));
		memcpy(buf, &next_seq, sizeof(next_seq));
		if (sctp_send(cfd, buf, sizeof(buf), next_seq % 2, 0, 7, 0,
			      NULL, 0) != sizeof(buf))
			tst_brk(TBROK | TERRNO, "sendmsg(seq %u)", next_seq);
	}
}

/*
 * Read n messages on the server: each with the next sequence number of
 * its stream (so none lost, none twice, in order per stream) and its
 * bytes intact.
 */
static void recv_msgs(int n, const char *what)
{
	char buf[MSGLEN * 2], want[MSGLEN];
	struct sctp_msg m;
	int i, bad = 0;

	for (i = 0; i < n; i++) {
		ssize_t got = sctp_recv_msg(sfd, buf, sizeof(buf), &m, NULL);
		uint32_t seq;
		int sid;

		if (got != MSGLEN || !m.has_rcvinfo) {
			tst_res(TFAIL | TERRNO, "%s: message %d: %zd bytes%s",
				what, i, got, m.has_rcvinfo ? "" : " no rcvinfo");
			return;
		}
		memcpy(&seq, buf, sizeof(seq));
		sid = m.ri.rcv_sid;
		memset(want, 'a' + seq % 26, sizeof(want));
		memcpy(want, &seq, sizeof(seq));
		if (sid > 1 || seq != want_seq[sid] ||
		    memcmp(buf, want, MSGLEN)) {
			if (!bad++)
				tst_res(TFAIL, "%s: stream %d got seq %u, expected %u (or bytes differ)",
					what, sid, seq,
					sid > 1 ? 0 : want_seq[sid]);
			if (sid <= 1)
				want_seq[sid] = seq;
		}
		if (sid <= 1)
			want_seq[sid] += 2;
	}
	if (!bad)
		tst_res(TPASS, "%s: %d messages, each once and in order per stream",
			what, n);
}

static void check_errnos(void)
{
	struct sctp_prim prim = { .ssp_assoc_id = cid };
	struct sctp_paddrthlds th = { .spt_assoc_id = cid };
	struct sctp_paddrthlds_v2 th2 = { .spt_assoc_id = cid };
	struct sctp_assoc_value av = { .assoc_id = cid, .assoc_value = 3 };
	struct sockaddr_storage foreign = sa4(FOREIGN, srv_port);
	struct sctp_paddrinfo pi;

	memcpy(&prim.ssp_addr, &foreign, sizeof(foreign));
	TST_EXP_FAIL(setsockopt(cfd, IPPROTO_SCTP, SCTP_PRIMARY_ADDR, &prim,
				sizeof(prim)), EINVAL,
		     "SCTP_PRIMARY_ADDR %s (no peer address)", FOREIGN);
	TST_EXP_EQ_LI(paddr_info(FOREIGN, &pi), EINVAL);
	memcpy(&th.spt_address, &foreign, sizeof(foreign));
	th.spt_pathmaxrxt = 3;
	TST_EXP_FAIL(setsockopt(cfd, IPPROTO_SCTP, SCTP_PEER_ADDR_THLDS, &th,
				sizeof(th)), ENOENT,
		     "SCTP_PEER_ADDR_THLDS %s", FOREIGN);
	th2.spt_pathpfthld = 2;
	th2.spt_pathcpthld = 1;
	TST_EXP_FAIL(setsockopt(cfd, IPPROTO_SCTP, SCTP_PEER_ADDR_THLDS_V2,
				&th2, sizeof(th2)), EINVAL,
		     "SCTP_PEER_ADDR_THLDS_V2 pathpfthld 2 > pathcpthld 1");
	TST_EXP_FAIL(setsockopt(cfd, IPPROTO_SCTP,
				SCTP_EXPOSE_POTENTIALLY_FAILED_STATE, &av,
				sizeof(av)), EINVAL,
		     "SCTP_EXPOSE_POTENTIALLY_FAILED_STATE 3");
}

static void get_primary(struct sockaddr_storage *ss)
{
	struct sctp_prim prim = { .ssp_assoc_id = cid };
	socklen_t len = sizeof(prim);

	if (getsockopt(cfd, IPPROTO_SCTP, SCTP_PRIMARY_ADDR, &prim, &len))
		tst_brk(TBROK | TERRNO, "getsockopt(SCTP_PRIMARY_ADDR)");
	memcpy(ss, &prim.ssp_addr, sizeof(*ss));
}

static void set_primary(const char *ip)
{
	struct sctp_prim prim = { .ssp_assoc_id = cid };
	struct sockaddr_storage ss = sa4(ip, srv_port);

	memcpy(&prim.ssp_addr, &ss, sizeof(ss));
	sctp_setopt(cfd, SCTP_PRIMARY_ADDR, &prim, sizeof(prim),
		    "SCTP_PRIMARY_ADDR");
	get_primary(&ss);
	if (same_ip(&ss, ip))
		tst_res(TPASS, "SCTP_PRIMARY_ADDR %s read back", ip);
	else
		tst_res(TFAIL, "SCTP_PRIMARY_ADDR set to %s not read back", ip);
}

/* Fast failure detection on the client's paths, read back. */
static void tune_paths(void)
{
	struct sctp_rtoinfo rto = {
		.srto_assoc_id = cid, .srto_initial = 300, .srto_min = 200,
		.srto_max = 1000,
	};
	struct sctp_paddrparams pp = {
		.spp_assoc_id = cid, .spp_hbinterval = 200,
		.spp_pathmaxrxt = 3, .spp_flags = SPP_HB_ENABLE,
	};
	struct sctp_paddrthlds th = {
		.spt_assoc_id = cid, .spt_pathmaxrxt = 3, .spt_pathpfthld = 1,
	};
	struct sctp_assoc_value av = {
		.assoc_id = cid, .assoc_value = PF_EXPOSE_ENABLE,
	};
	struct sockaddr_storage s1 = sa4(SRV1, srv_port);
	socklen_t len;

	sctp_setopt(cfd, SCTP_RTOINFO, &rto, sizeof(rto), "SCTP_RTOINFO");
	sctp_setopt(cfd, SCTP_PEER_ADDR_PARAMS, &pp, sizeof(pp),
		    "SCTP_PEER_ADDR_PARAMS");
	sctp_setopt(cfd, SCTP_PEER_ADDR_THLDS, &th, sizeof(th),
		    "SCTP_PEER_ADDR_THLDS");
	sctp_setopt(cfd, SCTP_EXPOSE_POTENTIALLY_FAILED_STATE, &av,
		    sizeof(av), "SCTP_EXPOSE_POTENTIALLY_FAILED_STATE");

	memset(&pp, 0, sizeof(pp));
	pp.spp_assoc_id = cid;
	memcpy(&pp.spp_address, &s1, sizeof(s1));
	len = sizeof(pp);
	if (getsockopt(cfd, IPPROTO_SCTP, SCTP_PEER_ADDR_PARAMS, &pp, &len))
		tst_brk(TBROK | TERRNO, "getsockopt(SCTP_PEER_ADDR_PARAMS)");
	NET_EXP_EQ(pp.spp_hbinterval, 200, "spp_hbinterval of " SRV1);
	NET_EXP_EQ(pp.spp_pathmaxrxt, 3, "spp_pathmaxrxt of " SRV1);

	memset(&th, 0, sizeof(th));
	th.spt_assoc_id = cid;
	memcpy(&th.spt_address, &s1, sizeof(s1));
	len = sizeof(th);
	if (getsockopt(cfd, IPPROTO_SCTP, SCTP_PEER_ADDR_THLDS, &th, &len))
		tst_brk(TBROK | TERRNO, "getsockopt(SCTP_PEER_ADDR_THLDS)");
	NET_EXP_EQ(th.spt_pathpfthld, 1, "spt_pathpfthld of " SRV1);
	NET_EXP_EQ(th.spt_pathmaxrxt, 3, "spt_pathmaxrxt of " SRV1);
}

static void setup(void)
{
	net_hosts_setup_pinned();
	/* the second link: net1 on both sides, 10.99.3.0/24 */
	RTNL_SAFE(rtnl_veth_add("net1", "net1", net_nsfd[NET_B]));
	RTNL_SAFE(rtnl_link_up(rtnl_ifindex("net1")));
	net_addrs("net1", 3, 1);
	net_enter(NET_B);
	RTNL_SAFE(rtnl_link_up(rtnl_ifindex("net1")));
	net_addrs("net1", 3, 2);
	remote_net0 = rtnl_ifindex("net0");
	net_enter(NET_A);
	local_net0 = rtnl_ifindex("net0");
	net_wait_oper_up(NET_A, "net1");
	net_wait_oper_up(NET_B, "net1");
	net_neigh_pin(NET_A, "net1", NET_B, "net1", 3, 2);
	net_neigh_pin(NET_B, "net1", NET_A, "net1", 3, 1);
}

static void connect_assoc(void)
{
	struct sockaddr_in peers[2];
	struct sockaddr_storage ss;
	int ret;

	lfd = sctp_socket(NET_B, AF_INET, SOCK_STREAM);
	srv_port = bind_two(lfd, SRV1, SRV2);
	sctp_rcvinfo_on(lfd);
	if (listen(lfd, 1))
		tst_brk(TBROK | TERRNO, "listen");

	cfd = sctp_socket(NET_A, AF_INET, SOCK_STREAM);
	bind_two(cfd, CLI1, CLI2);
	sctp_event_on(cfd, SCTP_PEER_ADDR_CHANGE);
	ss = sa4(SRV1, srv_port);
	peers[0] = *(struct sockaddr_in *)&ss;
	ss = sa4(SRV2, srv_port);
	peers[1] = *(struct sockaddr_in *)&ss;
	ret = setsockopt(cfd, IPPROTO_SCTP, SCTP_SOCKOPT_CONNECTX, peers,
			 sizeof(peers));
	if (ret <= 0)
		tst_brk(TBROK | TERRNO, "SCTP_SOCKOPT_CONNECTX = %d", ret);
	cid = ret;
	sfd = net_accept(lfd);
	sctp_rcvinfo_on(sfd);
}

static void run(void)
{
	struct sockaddr_storage ss;
	struct sctp_paddrinfo pi;
	struct sctp_status st;
	int seen, ev;

	connect_assoc();
	get_primary(&ss);
	if (same_ip(&ss, SRV1))
		tst_res(TPASS, "primary path is %s, the first connectx address",
			SRV1);
	else
		tst_res(TFAIL, "primary path is not %s", SRV1);
	check_errnos();
	tune_paths();
	set_primary(SRV2);
	set_primary(SRV1);
	wait_path_state(SRV1, SCTP_ACTIVE);
	wait_path_state(SRV2, SCTP_ACTIVE);

	send_batch();
	recv_msgs(BATCH, "both paths up");

	/* cut net0 at the remote end: the local end keeps its pinned ARP */
	net_enter(NET_A);
	ev = net_link_events();
	net_enter(NET_B);
	RTNL_SAFE(rtnl_link_set(remote_net0, 0, IFF_UP, 0));
	net_enter(NET_A);
	net_wait_link_oper(ev, local_net0, 0);
	send_batch();
	seen = wait_addr_change(SRV1, SCTP_ADDR_UNREACHABLE);
	if (seen > 0 && (seen & (1 << SCTP_ADDR_POTENTIALLY_FAILED)))
		tst_res(TPASS, "%s: SCTP_ADDR_POTENTIALLY_FAILED before SCTP_ADDR_UNREACHABLE",
			SRV1);
	else
		tst_res(TFAIL, "%s: no SCTP_ADDR_POTENTIALLY_FAILED before SCTP_ADDR_UNREACHABLE",
			SRV1);
	if (!paddr_info(SRV1, &pi))
		NET_EXP_EQ(pi.spinfo_state, SCTP_INACTIVE,
			   "state of " SRV1 " after it failed");
	else
		tst_res(TFAIL | TERRNO, "SCTP_GET_PEER_ADDR_INFO(" SRV1 ")");
	sctp_get_status(cfd, cid, &st);
	memcpy(&ss, (const char *)&st.sstat_primary +
	       offsetof(struct sctp_paddrinfo, spinfo_address), sizeof(ss));
	if (same_ip(&ss, SRV1))
		tst_res(TPASS, "SCTP_STATUS primary still %s", SRV1);
	else
		tst_res(TFAIL, "SCTP_STATUS primary changed by the failover");
	wait_path_state(SRV2, SCTP_ACTIVE);
	send_batch();
	recv_msgs(2 * BATCH, "primary path down");

	/* net0 back */
	net_enter(NET_B);
	RTNL_SAFE(rtnl_link_up(remote_net0));
	net_neigh_pin(NET_B, "net0", NET_A, "net0", 1, 1);
	net_wait_link_oper(ev, local_net0, 1);
	SAFE_CLOSE(ev);
	if (wait_addr_change(SRV1, SCTP_ADDR_AVAILABLE) >= 0)
		tst_res(TPASS, "%s: SCTP_ADDR_AVAILABLE once net0 is back",
			SRV1);
	wait_path_state(SRV1, SCTP_ACTIVE);
	send_batch();
	recv_msgs(BATCH, "primary path back");

	SAFE_CLOSE(sfd);
	SAFE_CLOSE(cfd);
	SAFE_CLOSE(lfd);
}

static void cleanup(void)
{
	if (sfd >= 0)
		SAFE_CLOSE(sfd);
	if (cfd >= 0)
		SAFE_CLOSE(cfd);
	if (lfd >= 0)
		SAFE_CLOSE(lfd);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.timeout = 300,
};
