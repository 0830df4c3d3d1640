// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * unix_diag, packet_diag and netlink_diag over NETLINK_SOCK_DIAG, in a
 * network namespace of the test's own (the dumps hold that namespace's
 * sockets only):
 * - AF_UNIX: a stream socketpair, a listener bound to an abstract name
 *   with backlog 7, a client connected to it: the dump holds exactly
 *   these four (the pending connection's socket has no inode and is not
 *   listed), each with the inode fstat() gives; UDIAG_SHOW_PEER gives
 *   each end of the pair the other's inode; UDIAG_SHOW_NAME the
 *   listener's abstract name; UDIAG_SHOW_RQLEN the 5 bytes queued on
 *   the pair's reading end, and for the listener 1 pending connection of
 *   a backlog of 7; UDIAG_SHOW_ICONS the client's inode as the pending
 *   connection; UNIX_DIAG_SHUTDOWN after shutdown(SHUT_WR) (2 on the
 *   writer, 1 on its peer); after accept(): five sockets, the client's
 *   peer is the accepted socket, nothing pending;
 * - exact unix lookups: by inode and cookie the socket; a wrong cookie
 *   ESTALE, the inode of a closed socket ENOENT, inode 0 EINVAL;
 * - AF_PACKET: a SOCK_RAW ETH_P_ALL socket bound to net0 with
 *   TPACKET_V2, promiscuous membership and fanout group 7 (hash), and a
 *   SOCK_DGRAM ETH_P_IP socket made with fsuid 4242: exactly these two,
 *   type, protocol number, interface index, version, PDI_RUNNING, the
 *   membership (net0, PACKET_MR_PROMISC, count 1), the fanout id and
 *   mode, uid; a protocol in the request EINVAL, a request without
 *   NLM_F_DUMP EOPNOTSUPP;
 * - NETLINK_ROUTE sockets: one bound to RTMGRP_LINK and
 *   RTMGRP_IPV4_IFADDR with NETLINK_CAP_ACK, one connected to the first:
 *   both listed with their port ids, the groups bitmap, the CAP_ACK
 *   flag, the destination port id and connected state; nothing else but
 *   the kernel's own socket (port id 0); a request without NLM_F_DUMP
 *   EOPNOTSUPP.
 */
#include <sys/fsuid.h>
#include <sys/un.h>
#include <linux/if_ether.h>
#include <linux/if_packet.h>
#include <linux/netlink_diag.h>
#include <linux/packet_diag.h>
#include <linux/unix_diag.h>
#include "tst_test.h"
#include "lapi/sock_states.h"
#include "sock_diag.h"

#define MAXE 64
#define OTHER_UID 4242
#define BACKLOG 7
#define FANOUT_ID 7
static const char uname_abs[] = "\0ltp-sock-diag02";

/* A set-up call that must succeed. */
#define CHK(call) do { \
	if ((call) < 0) \
		tst_brk(TBROK | TERRNO, "%s", #call); \
} while (0)

struct dent {
	int type, state, proto;
	unsigned int ino, peer, rq, wq, shut, portid, dst_portid;
	uint32_t cookie[2];
	int has_peer, has_rq, has_shut, nicons, name_len;
	unsigned int icons[4];
	char name[108];
	struct packet_diag_info pi;
	int has_pi, nmc, has_fanout, has_uid;
	struct packet_diag_mclist mc;
	unsigned int fanout, uid, groups, flags;
};

struct dlist {
	int n;
	struct dent e[MAXE];
};

static struct dlist d;

static void unix_cb(struct nlmsghdr *nh, void *priv)
{
	struct dlist *l = priv;
	struct unix_diag_msg *r = NLMSG_DATA(nh);
	struct rtattr *rta;
	struct dent *e;

	if (nh->nlmsg_type != SOCK_DIAG_BY_FAMILY || l->n >= MAXE)
		return;
	e = &l->e[l->n++];
	memset(e, 0, sizeof(*e));
	e->type = r->udiag_type;
	e->state = r->udiag_state;
	e->ino = r->udiag_ino;
	memcpy(e->cookie, r->udiag_cookie, sizeof(e->cookie));
	rta = rtnl_attr(nh, sizeof(*r), UNIX_DIAG_PEER);
	if (rta) {
		e->has_peer = 1;
		e->peer = *(uint32_t *)RTA_DATA(rta);
	}
	rta = rtnl_attr(nh, sizeof(*r), UNIX_DIAG_RQLEN);
	if (rta) {
		struct unix_diag_rqlen *q = RTA_DATA(rta);

		e->has_rq = 1;
		e->rq = q->udiag_rqueue;
		e->wq = q->udiag_wqueue;
	}
	rta = rtnl_attr(nh, sizeof(*r), UNIX_DIAG_SHUTDOWN);
	if (rta) {
		e->has_shut = 1;
		e->shut = *(uint8_t *)RTA_DATA(rta);
	}
	rta = rtnl_attr(nh, sizeof(*r), UNIX_DIAG_ICONS);
	if (rta) {
		e->nicons = RTA_PAYLOAD(rta) / 4;
		memcpy(e->icons, RTA_DATA(rta), e->nicons > 4 ? 16 :
		       e->nicons * 4);
	}
	rta = rtnl_attr(nh, sizeof(*r), UNIX_DIAG_NAME);
	if (rta && RTA_PAYLOAD(rta) <= sizeof(e->name)) {
		e->name_len = RTA_PAYLOAD(rta);
		memcpy(e->name, RTA_DATA(rta), e->name_len);
	}
}

static int unix_req(int flags, unsigned int ino, const uint32_t *cookie)
{
	static struct rtnl_msg m;
	struct unix_diag_req req = {
		.sdiag_family = AF_UNIX, .udiag_states = SK_ST_ALL,
		.udiag_ino = ino,
		.udiag_show = UDIAG_SHOW_NAME | UDIAG_SHOW_PEER |
			      UDIAG_SHOW_ICONS | UDIAG_SHOW_RQLEN,
		.udiag_cookie = { INET_DIAG_NOCOOKIE, INET_DIAG_NOCOOKIE },
	};

	if (cookie)
		memcpy(req.udiag_cookie, cookie, 8);
	memset(&d, 0, sizeof(d));
	rtnl_msg_init(&m, SOCK_DIAG_BY_FAMILY, flags, &req, sizeof(req));
	return diag_talk(&m, unix_cb, &d);
}

static const struct dent *by_ino(int fd)
{
	unsigned int ino = diag_ino(fd);
	int i;

	for (i = 0; i < d.n; i++)
		if (d.e[i].ino == ino)
			return &d.e[i];
	return NULL;
}

static void unix_part(void)
{
	struct sockaddr_un sun = { .sun_family = AF_UNIX };
	socklen_t slen = offsetof(struct sockaddr_un, sun_path) +
			 sizeof(uname_abs) - 1;
	int sv[2], l, c, a, ok, ret, gone;
	const struct dent *e, *e0, *e1;
	uint32_t cookie[2];

	memcpy(sun.sun_path, uname_abs, sizeof(uname_abs) - 1);
	SAFE_SOCKETPAIR(AF_UNIX, SOCK_STREAM, 0, sv);
	l = SAFE_SOCKET(AF_UNIX, SOCK_STREAM, 0);
	CHK(bind(l, (struct sockaddr *)&sun, slen));
	CHK(listen(l, BACKLOG));
	c = SAFE_SOCKET(AF_UNIX, SOCK_STREAM, 0);
	CHK(connect(c, (struct sockaddr *)&sun, slen));
	if (write(sv[0], "hello", 5) != 5)
		tst_brk(TBROK | TERRNO, "write(AF_UNIX)");
	if (shutdown(sv[0], SHUT_WR))
		tst_brk(TBROK | TERRNO, "shutdown()");

	RTNL_SAFE(unix_req(NLM_F_DUMP, 0, NULL));
	NET_EXP_EQ(d.n, 4, "AF_UNIX sockets in the namespace's dump");
	e0 = by_ino(sv[0]);
	e1 = by_ino(sv[1]);
	if (e0 && e1 && e0->has_peer && e1->has_peer &&
	    e0->peer == e1->ino && e1->peer == e0->ino &&
	    e0->state == SK_ST_ESTABLISHED && e1->state == SK_ST_ESTABLISHED &&
	    e0->type == SOCK_STREAM)
		tst_res(TPASS, "socketpair: each end's peer is the other (%u, %u), ESTABLISHED",
			e0->ino, e1->ino);
	else
		tst_res(TFAIL, "socketpair ends %s/%s, peers %u/%u, states %d/%d",
			e0 ? "found" : "missing", e1 ? "found" : "missing",
			e0 ? e0->peer : 0, e1 ? e1->peer : 0,
			e0 ? e0->state : -1, e1 ? e1->state : -1);
	if (e0 && e1) {
		NET_EXP_EQ(e1->has_rq ? (long long)e1->rq : -1, 5,
			   "UNIX_DIAG_RQLEN bytes queued on the reading end");
		NET_EXP_EQ(e0->has_shut ? (long long)e0->shut : -1, 2,
			   "UNIX_DIAG_SHUTDOWN of the writer (SEND_SHUTDOWN)");
		NET_EXP_EQ(e1->has_shut ? (long long)e1->shut : -1, 1,
			   "UNIX_DIAG_SHUTDOWN of its peer (RCV_SHUTDOWN)");
	}
	e = by_ino(l);
	if (e && e->state == SK_ST_LISTEN && e->name_len ==
	    (int)sizeof(uname_abs) - 1 && !memcmp(e->name, uname_abs,
						   e->name_len))
		tst_res(TPASS, "listener: LISTEN, abstract name read back");
	else
		tst_res(TFAIL, "listener: %s, state %d, name length %d",
			e ? "found" : "missing", e ? e->state : -1,
			e ? e->name_len : -1);
	if (e) {
		ok = e->has_rq && e->rq == 1 && e->wq == BACKLOG;
		tst_res(ok ? TPASS : TFAIL,
			"listener RQLEN: %u pending of backlog %u (expected 1 of %d)",
			e->rq, e->wq, BACKLOG);
		ok = e->nicons == 1 && e->icons[0] == diag_ino(c);
		tst_res(ok ? TPASS : TFAIL,
			"listener ICONS: %d entries, first %u (the client is %lu)",
			e->nicons, e->nicons ? e->icons[0] : 0, diag_ino(c));
	}
	e = by_ino(c);
	if (e && e->state == SK_ST_ESTABLISHED && e->has_peer && !e->peer)
		tst_res(TPASS, "client: ESTABLISHED, its peer not accepted yet (inode 0)");
	else
		tst_res(TFAIL, "client: %s, state %d, peer %u",
			e ? "found" : "missing", e ? e->state : -1,
			e ? e->peer : 0);

	a = accept(l, NULL, NULL);
	CHK(a);
	RTNL_SAFE(unix_req(NLM_F_DUMP, 0, NULL));
	NET_EXP_EQ(d.n, 5, "AF_UNIX sockets after accept()");
	e = by_ino(c);
	NET_EXP_EQ(e ? e->peer : 0, diag_ino(a),
		   "client's peer is the accepted socket");
	e = by_ino(l);
	NET_EXP_EQ(e && e->has_rq ? (long long)e->rq : -1, 0,
		   "listener's pending connections after accept()");

	/* exact lookups */
	e = by_ino(sv[1]);
	if (!e)
		tst_brk(TBROK, "socketpair end not in the dump");
	memcpy(cookie, e->cookie, sizeof(cookie));
	ret = unix_req(0, diag_ino(sv[1]), cookie);
	if (!ret && d.n == 1 && d.e[0].ino == diag_ino(sv[1]) &&
	    d.e[0].peer == diag_ino(sv[0]))
		tst_res(TPASS, "unix lookup by inode and cookie");
	else
		tst_res(TFAIL, "unix lookup by inode and cookie: %s, %d answers",
			tst_strerrno(-ret), d.n);
	cookie[0] ^= 1;
	TST_EXP_EQ_LI(unix_req(0, diag_ino(sv[1]), cookie), -ESTALE);
	gone = SAFE_SOCKET(AF_UNIX, SOCK_DGRAM, 0);
	ret = diag_ino(gone);
	SAFE_CLOSE(gone);
	TST_EXP_EQ_LI(unix_req(0, ret, NULL), -ENOENT);
	TST_EXP_EQ_LI(unix_req(0, 0, NULL), -EINVAL);

	SAFE_CLOSE(a);
	SAFE_CLOSE(c);
	SAFE_CLOSE(l);
	SAFE_CLOSE(sv[0]);
	SAFE_CLOSE(sv[1]);
}

static void packet_cb(struct nlmsghdr *nh, void *priv)
{
	struct dlist *l = priv;
	struct packet_diag_msg *r = NLMSG_DATA(nh);
	struct rtattr *rta;
	struct dent *e;

	if (nh->nlmsg_type != SOCK_DIAG_BY_FAMILY || l->n >= MAXE)
		return;
	e = &l->e[l->n++];
	memset(e, 0, sizeof(*e));
	e->type = r->pdiag_type;
	e->proto = r->pdiag_num;
	e->ino = r->pdiag_ino;
	rta = rtnl_attr(nh, sizeof(*r), PACKET_DIAG_INFO);
	if (rta && RTA_PAYLOAD(rta) >= sizeof(e->pi)) {
		e->has_pi = 1;
		memcpy(&e->pi, RTA_DATA(rta), sizeof(e->pi));
	}
	rta = rtnl_attr(nh, sizeof(*r), PACKET_DIAG_MCLIST);
	if (rta) {
		e->nmc = RTA_PAYLOAD(rta) / sizeof(e->mc);
		if (e->nmc)
			memcpy(&e->mc, RTA_DATA(rta), sizeof(e->mc));
	}
	rta = rtnl_attr(nh, sizeof(*r), PACKET_DIAG_FANOUT);
	if (rta) {
		e->has_fanout = 1;
		e->fanout = *(uint32_t *)RTA_DATA(rta);
	}
	rta = rtnl_attr(nh, sizeof(*r), PACKET_DIAG_UID);
	if (rta) {
		e->has_uid = 1;
		e->uid = *(uint32_t *)RTA_DATA(rta);
	}
}

static int packet_req(int flags, int proto)
{
	static struct rtnl_msg m;
	struct packet_diag_req req = {
		.sdiag_family = AF_PACKET, .sdiag_protocol = proto,
		.pdiag_show = PACKET_SHOW_INFO | PACKET_SHOW_MCLIST |
			      PACKET_SHOW_FANOUT,
	};

	memset(&d, 0, sizeof(d));
	rtnl_msg_init(&m, SOCK_DIAG_BY_FAMILY, flags, &req, sizeof(req));
	return diag_talk(&m, packet_cb, &d);
}

static void packet_part(void)
{
	struct sockaddr_ll sll = {
		.sll_family = AF_PACKET, .sll_protocol = htons(ETH_P_ALL),
	};
	int idx = rtnl_ifindex("net0"), p, q, ver = TPACKET_V2;
	int fan = FANOUT_ID | (PACKET_FANOUT_HASH << 16);
	struct packet_mreq mr = { .mr_type = PACKET_MR_PROMISC };
	const struct dent *e;

	p = SAFE_SOCKET(AF_PACKET, SOCK_RAW, htons(ETH_P_ALL));
	CHK(setsockopt(p, SOL_PACKET, PACKET_VERSION, &ver, sizeof(ver)));
	sll.sll_ifindex = idx;
	CHK(bind(p, (struct sockaddr *)&sll, sizeof(sll)));
	mr.mr_ifindex = idx;
	CHK(setsockopt(p, SOL_PACKET, PACKET_ADD_MEMBERSHIP, &mr, sizeof(mr)));
	CHK(setsockopt(p, SOL_PACKET, PACKET_FANOUT, &fan, sizeof(fan)));
	setfsuid(OTHER_UID);
	q = socket(AF_PACKET, SOCK_DGRAM, htons(ETH_P_IP));
	setfsuid(0);
	if (q < 0)
		tst_brk(TBROK | TERRNO, "socket(AF_PACKET, SOCK_DGRAM)");

	RTNL_SAFE(packet_req(NLM_F_DUMP, 0));
	NET_EXP_EQ(d.n, 2, "AF_PACKET sockets in the namespace's dump");
	e = by_ino(p);
	if (e && e->type == SOCK_RAW && e->proto == ETH_P_ALL && e->has_pi &&
	    (int)e->pi.pdi_index == idx && e->pi.pdi_version == TPACKET_V2 &&
	    (e->pi.pdi_flags & PDI_RUNNING) && e->has_uid && !e->uid)
		tst_res(TPASS, "raw packet socket: ETH_P_ALL, net0 (%d), TPACKET_V2, running, uid 0",
			idx);
	else
		tst_res(TFAIL, "raw packet socket: %s, type %d proto 0x%x index %u version %u flags 0x%x uid %u",
			e ? "found" : "missing", e ? e->type : -1,
			e ? e->proto : 0, e ? e->pi.pdi_index : 0,
			e ? e->pi.pdi_version : 0, e ? e->pi.pdi_flags : 0,
			e ? e->uid : 0);
	if (e && e->nmc == 1 && (int)e->mc.pdmc_index == idx &&
	    e->mc.pdmc_type == PACKET_MR_PROMISC && e->mc.pdmc_count == 1)
		tst_res(TPASS, "PACKET_DIAG_MCLIST: promiscuous on net0, count 1");
	else
		tst_res(TFAIL, "PACKET_DIAG_MCLIST: %d entries, index %u type %u count %u",
			e ? e->nmc : -1, e ? e->mc.pdmc_index : 0,
			e ? e->mc.pdmc_type : 0, e ? e->mc.pdmc_count : 0);
	NET_EXP_EQ(e && e->has_fanout ? (long long)e->fanout : -1, fan,
		   "PACKET_DIAG_FANOUT (id | mode << 16)");
	e = by_ino(q);
	if (e && e->type == SOCK_DGRAM && e->proto == ETH_P_IP && e->has_pi &&
	    !e->pi.pdi_index && e->pi.pdi_version == TPACKET_V1 &&
	    e->has_uid && e->uid == OTHER_UID && !e->nmc && !e->has_fanout)
		tst_res(TPASS, "dgram packet socket: ETH_P_IP, no interface, TPACKET_V1, uid %d",
			OTHER_UID);
	else
		tst_res(TFAIL, "dgram packet socket: %s, type %d proto 0x%x index %u version %u uid %u",
			e ? "found" : "missing", e ? e->type : -1,
			e ? e->proto : 0, e ? e->pi.pdi_index : 0,
			e ? e->pi.pdi_version : 0, e ? e->uid : 0);
	TST_EXP_EQ_LI(packet_req(NLM_F_DUMP, IPPROTO_UDP), -EINVAL);
	TST_EXP_EQ_LI(packet_req(0, 0), -EOPNOTSUPP);
	SAFE_CLOSE(p);
	SAFE_CLOSE(q);
}

static void netlink_cb(struct nlmsghdr *nh, void *priv)
{
	struct dlist *l = priv;
	struct netlink_diag_msg *r = NLMSG_DATA(nh);
	struct rtattr *rta;
	struct dent *e;

	if (nh->nlmsg_type != SOCK_DIAG_BY_FAMILY || l->n >= MAXE)
		return;
	e = &l->e[l->n++];
	memset(e, 0, sizeof(*e));
	e->type = r->ndiag_type;
	e->proto = r->ndiag_protocol;
	e->state = r->ndiag_state;
	e->ino = r->ndiag_ino;
	e->portid = r->ndiag_portid;
	e->dst_portid = r->ndiag_dst_portid;
	rta = rtnl_attr(nh, sizeof(*r), NETLINK_DIAG_GROUPS);
	if (rta && RTA_PAYLOAD(rta) >= 4)
		e->groups = *(uint32_t *)RTA_DATA(rta);
	rta = rtnl_attr(nh, sizeof(*r), NETLINK_DIAG_FLAGS);
	if (rta)
		e->flags = *(uint32_t *)RTA_DATA(rta);
}

static int netlink_req(int flags)
{
	static struct rtnl_msg m;
	struct netlink_diag_req req = {
		.sdiag_family = AF_NETLINK, .sdiag_protocol = NETLINK_ROUTE,
		.ndiag_show = NDIAG_SHOW_GROUPS | NDIAG_SHOW_FLAGS,
	};

	memset(&d, 0, sizeof(d));
	rtnl_msg_init(&m, SOCK_DIAG_BY_FAMILY, flags, &req, sizeof(req));
	return diag_talk(&m, netlink_cb, &d);
}

static unsigned int nl_portid(int fd)
{
	struct sockaddr_nl sa;
	socklen_t len = sizeof(sa);

	if (getsockname(fd, (struct sockaddr *)&sa, &len))
		tst_brk(TBROK | TERRNO, "getsockname(AF_NETLINK)");
	return sa.nl_pid;
}

static void netlink_part(void)
{
	struct sockaddr_nl sa = {
		.nl_family = AF_NETLINK,
		.nl_groups = RTMGRP_LINK | RTMGRP_IPV4_IFADDR,
	};
	int g, c, one = 1, i, others = 0;
	const struct dent *e;

	g = SAFE_SOCKET(AF_NETLINK, SOCK_RAW, NETLINK_ROUTE);
	CHK(setsockopt(g, SOL_NETLINK, NETLINK_CAP_ACK, &one, sizeof(one)));
	CHK(bind(g, (struct sockaddr *)&sa, sizeof(sa)));
	c = SAFE_SOCKET(AF_NETLINK, SOCK_RAW, NETLINK_ROUTE);
	sa.nl_groups = 0;
	sa.nl_pid = nl_portid(g);
	CHK(connect(c, (struct sockaddr *)&sa, sizeof(sa)));

	RTNL_SAFE(netlink_req(NLM_F_DUMP));
	e = by_ino(g);
	if (e && e->proto == NETLINK_ROUTE && e->portid == nl_portid(g) &&
	    e->groups == (RTMGRP_LINK | RTMGRP_IPV4_IFADDR) &&
	    (e->flags & NDIAG_FLAG_CAP_ACK) && e->state != 1 &&
	    !e->dst_portid)
		tst_res(TPASS, "netlink socket: port id %u, groups 0x%x, CAP_ACK",
			e->portid, e->groups);
	else
		tst_res(TFAIL, "netlink socket: %s, protocol %d port id %u (%u) groups 0x%x flags 0x%x state %d",
			e ? "found" : "missing", e ? e->proto : -1,
			e ? e->portid : 0, nl_portid(g), e ? e->groups : 0,
			e ? e->flags : 0, e ? e->state : -1);
	e = by_ino(c);
	if (e && e->dst_portid == nl_portid(g) && e->state == 1 &&
	    e->portid == nl_portid(c) && !(e->flags & NDIAG_FLAG_CAP_ACK))
		tst_res(TPASS, "connected netlink socket: destination port id %u, connected",
			e->dst_portid);
	else
		tst_res(TFAIL, "connected netlink socket: %s, dst port id %u (expected %u) state %d port id %u flags 0x%x",
			e ? "found" : "missing", e ? e->dst_portid : 0,
			nl_portid(g), e ? e->state : -1, e ? e->portid : 0,
			e ? e->flags : 0);
	for (i = 0; i < d.n; i++)
		others += d.e[i].ino != diag_ino(g) &&
			  d.e[i].ino != diag_ino(c) && d.e[i].portid;
	NET_EXP_EQ(others, 0, "other user NETLINK_ROUTE sockets in the namespace");
	TST_EXP_EQ_LI(netlink_req(0), -EOPNOTSUPP);
	SAFE_CLOSE(g);
	SAFE_CLOSE(c);
}

static void run(void)
{
	net_enter(NET_A);
	unix_part();
	packet_part();
	netlink_part();
}

static void setup(void)
{
	int ret;

	net_hosts_setup();
	ret = unix_req(NLM_F_DUMP, 0, NULL);
	if (ret == -ENOENT)
		tst_brk(TCONF, "no unix_diag (module missing)");
	RTNL_SAFE(ret);
	ret = packet_req(NLM_F_DUMP, 0);
	if (ret == -ENOENT)
		tst_brk(TCONF, "no packet_diag (af_packet_diag missing)");
	RTNL_SAFE(ret);
	ret = netlink_req(NLM_F_DUMP);
	if (ret == -ENOENT)
		tst_brk(TCONF, "no netlink_diag (module missing)");
	RTNL_SAFE(ret);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.timeout = 60,
};
