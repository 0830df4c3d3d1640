// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Multipath TCP between two namespaces, with the in-kernel path manager
 * driven over its generic netlink family "mptcp_pm" (no ip-mptcp tool).
 *
 * Path manager (the local host):
 * - a new namespace's limits read 2 subflows and 0 accepted ADD_ADDRs
 *   (the remote host's, which the test never changes);
 * - SET_LIMITS above MPTCP_PM_ADDR_MAX (8) is EINVAL for either limit
 *   and changes nothing, 8 and 8 read back;
 * - ADD_ADDR EINVAL: no address attribute, no family, family 99, AF_INET
 *   without the address, a port on a subflow endpoint, signal together
 *   with fullmesh, the implicit flag; the same address twice refused
 *   (EINVAL on 6.1, EEXIST on 6.12) and the table still holds one entry;
 * - GET_ADDR of the endpoint gives back id, family, address and flags,
 *   GET_ADDR and DEL_ADDR of an unknown id are EINVAL;
 * - ADD_ADDR from a user without CAP_NET_ADMIN is EPERM;
 * - net.mptcp.enabled is 1 in a new namespace; at 0 socket(IPPROTO_MPTCP)
 *   is ENOPROTOOPT.
 *
 * Connections, IPv4 and IPv6 (a second address .3 on the local host,
 * a subflow endpoint for it, subflow limit 1):
 * - MP_CAPABLE handshake counted once on each side (MPCapableSYNRX and
 *   MPCapableACKRX in the remote host, MPCapableSYNACKRX in the local);
 * - the path manager joins a second subflow from .3: MPJoinSynRx and
 *   MPJoinAckRx + 1 remote, MPJoinSynAckRx + 1 local, MPTCP_INFO shows 1
 *   extra subflow on both ends, REMOTE_KEY_RECEIVED and no FALLBACK,
 *   the limit 1 and one local address used;
 * - MPTCP_SUBFLOW_ADDRS lists exactly the two subflows (.1 and .3 to the
 *   remote's address and port), MPTCP_TCPINFO two ESTABLISHED ones;
 * - 256 KiB each way arrive byte for byte; the data sequence numbers
 *   agree across the ends (write_seq of one = rcv_nxt of the other) and
 *   everything is acknowledged (snd_una = write_seq);
 * - DEL_ADDR of the endpoint closes its subflow (RmSubflow + 1, one
 *   subflow left, MPTCP_INFO 0 extra) and data still flows;
 * - an MPTCP client of a plain TCP listener falls back
 *   (MPCapableFallbackSYNACK + 1) and carries data both ways.
 */
#include <netinet/tcp.h>
#include <linux/mptcp.h>
#include "tst_test.h"
#include "net_hosts.h"
#include "net_genl.h"

#ifndef SOL_MPTCP
# define SOL_MPTCP 284
#endif
#ifndef IPPROTO_MPTCP
# define IPPROTO_MPTCP 262
#endif

#define EP_ID 5
#define BULK (256 * 1024)

static int pm_id;
static char *bufa, *bufb;

/* ---- the path manager ---- */

static void pm_msg(struct rtnl_msg *m, int cmd, int flags)
{
	genl_msg(m, pm_id, cmd, MPTCP_PM_VER, flags);
}

/* Address attributes: family 0 leaves the family out, ip NULL the address. */
static void pm_put_addr(struct rtnl_msg *m, int family, const char *ip,
			int id, unsigned int flags, int port)
{
	unsigned char a[16];

	rtnl_nest(m, MPTCP_PM_ATTR_ADDR | NLA_F_NESTED);
	if (family)
		rtnl_put_u16(m, MPTCP_PM_ADDR_ATTR_FAMILY, family);
	if (id)
		rtnl_put_u8(m, MPTCP_PM_ADDR_ATTR_ID, id);
	if (ip) {
		int f = strchr(ip, ':') ? AF_INET6 : AF_INET;

		inet_pton(f, ip, a);
		rtnl_put(m, f == AF_INET ? MPTCP_PM_ADDR_ATTR_ADDR4 :
			 MPTCP_PM_ADDR_ATTR_ADDR6, a, rtnl_alen(f));
	}
	if (flags)
		rtnl_put_u32(m, MPTCP_PM_ADDR_ATTR_FLAGS, flags);
	if (port)
		rtnl_put_u16(m, MPTCP_PM_ADDR_ATTR_PORT, port);
	rtnl_nest_end(m);
}

static int pm_add(int family, const char *ip, int id, unsigned int flags,
		  int port)
{
	static struct rtnl_msg m;

	pm_msg(&m, MPTCP_PM_CMD_ADD_ADDR, 0);
	pm_put_addr(&m, family, ip, id, flags, port);
	return genl_talk(&m, NULL, NULL);
}

static int pm_del(int id)
{
	static struct rtnl_msg m;

	pm_msg(&m, MPTCP_PM_CMD_DEL_ADDR, 0);
	pm_put_addr(&m, 0, NULL, id, 0, 0);
	return genl_talk(&m, NULL, NULL);
}

static void pm_flush(void)
{
	static struct rtnl_msg m;

	pm_msg(&m, MPTCP_PM_CMD_FLUSH_ADDRS, 0);
	RTNL_SAFE(genl_talk(&m, NULL, NULL));
}

/* Attribute type (nested flag ignored) in len bytes from rta. */
static struct rtattr *pm_find(struct rtattr *rta, int len, int type)
{
	for (; RTA_OK(rta, len); rta = RTA_NEXT(rta, len))
		if ((rta->rta_type & NLA_TYPE_MASK) == type)
			return rta;
	return NULL;
}

static struct rtattr *pm_top(struct nlmsghdr *nh, int type)
{
	return pm_find((struct rtattr *)((char *)NLMSG_DATA(nh) + GENL_HDRLEN),
		       nh->nlmsg_len - NLMSG_LENGTH(GENL_HDRLEN), type);
}

struct pm_limits {
	int subflows, rcv_addrs;
};

static void limits_cb(struct nlmsghdr *nh, void *priv)
{
	struct pm_limits *l = priv;
	struct rtattr *a = pm_top(nh, MPTCP_PM_ATTR_SUBFLOWS);

	if (a)
		l->subflows = *(uint32_t *)RTA_DATA(a);
	a = pm_top(nh, MPTCP_PM_ATTR_RCV_ADD_ADDRS);
	if (a)
		l->rcv_addrs = *(uint32_t *)RTA_DATA(a);
}

static void pm_limits(int h, struct pm_limits *l)
{
	static struct rtnl_msg m;

	net_enter(h);
	l->subflows = l->rcv_addrs = -1;
	pm_msg(&m, MPTCP_PM_CMD_GET_LIMITS, 0);
	RTNL_SAFE(genl_talk(&m, limits_cb, l));
}

/* SET_LIMITS in the current host; -1 leaves a limit out. */
static int pm_set_limits(int subflows, int rcv_addrs)
{
	static struct rtnl_msg m;

	pm_msg(&m, MPTCP_PM_CMD_SET_LIMITS, 0);
	if (subflows >= 0)
		rtnl_put_u32(&m, MPTCP_PM_ATTR_SUBFLOWS, subflows);
	if (rcv_addrs >= 0)
		rtnl_put_u32(&m, MPTCP_PM_ATTR_RCV_ADD_ADDRS, rcv_addrs);
	return genl_talk(&m, NULL, NULL);
}

struct pm_entry {
	int n, id, family, flags;
	unsigned char addr[16];
};

static void entry_cb(struct nlmsghdr *nh, void *priv)
{
	struct pm_entry *e = priv;
	struct rtattr *nest = pm_top(nh, MPTCP_PM_ATTR_ADDR), *a;
	int len;

	if (!nest)
		return;
	e->n++;
	len = RTA_PAYLOAD(nest);
	a = pm_find(RTA_DATA(nest), len, MPTCP_PM_ADDR_ATTR_ID);
	e->id = a ? *(uint8_t *)RTA_DATA(a) : -1;
	a = pm_find(RTA_DATA(nest), len, MPTCP_PM_ADDR_ATTR_FAMILY);
	e->family = a ? *(uint16_t *)RTA_DATA(a) : -1;
	a = pm_find(RTA_DATA(nest), len, MPTCP_PM_ADDR_ATTR_FLAGS);
	e->flags = a ? (int)*(uint32_t *)RTA_DATA(a) : -1;
	a = pm_find(RTA_DATA(nest), len, MPTCP_PM_ADDR_ATTR_ADDR4);
	if (!a)
		a = pm_find(RTA_DATA(nest), len, MPTCP_PM_ADDR_ATTR_ADDR6);
	if (a && RTA_PAYLOAD(a) <= 16)
		memcpy(e->addr, RTA_DATA(a), RTA_PAYLOAD(a));
}

/* GET_ADDR of id (0: a dump of all); the kernel's answer. */
static int pm_get(int id, struct pm_entry *e)
{
	static struct rtnl_msg m;

	memset(e, 0, sizeof(*e));
	pm_msg(&m, MPTCP_PM_CMD_GET_ADDR, id ? 0 : NLM_F_DUMP);
	if (id)
		pm_put_addr(&m, 0, NULL, id, 0, 0);
	return genl_talk(&m, entry_cb, e);
}

/* ---- sockets ---- */

static int mptcp_socket(int h, int family)
{
	int fd;

	net_enter(h);
	fd = socket(family, SOCK_STREAM, IPPROTO_MPTCP);
	if (fd < 0)
		tst_brk(TBROK | TERRNO, "socket(IPPROTO_MPTCP) in %s",
			net_hname[h]);
	return fd;
}

static void get_info(int fd, struct mptcp_info *mi)
{
	socklen_t len = sizeof(*mi);

	memset(mi, 0, sizeof(*mi));
	if (getsockopt(fd, SOL_MPTCP, MPTCP_INFO, mi, &len))
		tst_brk(TBROK | TERRNO, "getsockopt(MPTCP_INFO)");
}

/* Wait (bounded) until MPTCP_INFO counts n extra subflows. */
static int wait_subflows(int fd, int n)
{
	long long end = tst_mono_ms() + net_ms(30000);
	struct mptcp_info mi;

	for (;;) {
		get_info(fd, &mi);
		if (mi.mptcpi_subflows == n || tst_mono_ms() > end)
			return mi.mptcpi_subflows;
		usleep(1000);
	}
}

/*
 * len bytes each way at once, each byte checked: 1 when intact. Both
 * ends are served by one poll() loop on non-blocking sockets, as neither
 * side's buffers need hold a whole direction; TBROK after 30 s (scaled)
 * without progress.
 */
static int exchange(int a, int b, size_t len, int seed)
{
	size_t i, sent[2] = { 0, 0 }, got[2] = { 0, 0 };
	char *out[2] = { bufa, bufb };
	int fd[2] = { a, b };

	for (i = 0; i < len; i++) {
		bufa[i] = (char)(i * 7 + seed);
		bufb[i] = (char)(i * 13 + seed + 1);
	}
	memset(bufa + len, 0, len);
	memset(bufb + len, 0, len);
	net_set_nonblock(a, 1);
	net_set_nonblock(b, 1);
	while (sent[0] < len || sent[1] < len || got[0] < len ||
	       got[1] < len) {
		struct pollfd pfd[2];
		int k;

		for (k = 0; k < 2; k++) {
			pfd[k].fd = fd[k];
			pfd[k].events = (sent[k] < len ? POLLOUT : 0) |
					(got[k] < len ? POLLIN : 0);
			pfd[k].revents = 0;
		}
		if (poll(pfd, 2, net_ms(30000)) <= 0)
			tst_brk(TBROK | TERRNO, "no progress: sent %zu/%zu, read %zu/%zu",
				sent[0], sent[1], got[0], got[1]);
		for (k = 0; k < 2; k++) {
			/* end k reads what the other end sent */
			char *in = out[!k] + len;
			ssize_t n;

			if ((pfd[k].revents & POLLOUT) && sent[k] < len) {
				n = write(fd[k], out[k] + sent[k],
					  len - sent[k]);
				if (n < 0 && errno != EAGAIN)
					tst_brk(TBROK | TERRNO, "write()");
				if (n > 0)
					sent[k] += n;
			}
			if ((pfd[k].revents & (POLLIN | POLLHUP | POLLERR)) &&
			    got[k] < len) {
				n = read(fd[k], in + got[k], len - got[k]);
				if (n < 0 && errno != EAGAIN)
					tst_brk(TBROK | TERRNO, "read()");
				if (!n)
					tst_brk(TBROK, "EOF after %zu bytes",
						got[k]);
				if (n > 0)
					got[k] += n;
			}
		}
	}
	net_set_nonblock(a, 0);
	net_set_nonblock(b, 0);
	return !memcmp(bufa, bufa + len, len) && !memcmp(bufb, bufb + len, len);
}

struct sf_data {
	struct mptcp_subflow_data h;
	union {
		struct mptcp_subflow_addrs a[4];
		struct tcp_info t[4];
	};
};

static int subflows_get(int fd, int opt, struct sf_data *d, size_t elem)
{
	socklen_t len = sizeof(*d);

	memset(d, 0, sizeof(*d));
	d->h.size_subflow_data = sizeof(d->h);
	d->h.size_user = elem;
	if (getsockopt(fd, SOL_MPTCP, opt, d, &len))
		tst_brk(TBROK | TERRNO, "getsockopt(SOL_MPTCP, %d)", opt);
	return d->h.num_subflows;
}

static long long mib(int h, const char *name)
{
	return net_snmp(h, "netstat", "MPTcpExt:", name);
}

static void expect_mib(int h, const char *name, long long before, int inc)
{
	long long v = net_wait_snmp(h, "netstat", "MPTcpExt:", name,
				    before + inc);
	char d[96];

	snprintf(d, sizeof(d), "%s %s increase", net_hname[h], name);
	NET_EXP_EQ(v - before, inc, d);
}

static int same_ip(const struct sockaddr *sa, int family, const char *ip)
{
	unsigned char a[16];

	inet_pton(family, ip, a);
	if (sa->sa_family != family)
		return 0;
	if (family == AF_INET)
		return !memcmp(&((const struct sockaddr_in *)sa)->sin_addr, a,
			       4);
	return !memcmp(&((const struct sockaddr_in6 *)sa)->sin6_addr, a, 16);
}

/* ---- the parts ---- */

static void pm_checks(void)
{
	struct pm_limits l;
	struct pm_entry e;
	unsigned char a3[4];
	char v[16];
	pid_t pid;
	int ret;

	pm_limits(NET_B, &l);
	NET_EXP_EQ(l.subflows, 2, "new namespace: subflow limit");
	NET_EXP_EQ(l.rcv_addrs, 0, "new namespace: accepted ADD_ADDR limit");

	net_enter(NET_A);
	TST_EXP_EQ_LI(pm_set_limits(9, -1), -EINVAL);
	TST_EXP_EQ_LI(pm_set_limits(-1, 9), -EINVAL);
	pm_limits(NET_A, &l);
	if (l.subflows == 2 && l.rcv_addrs == 0)
		tst_res(TPASS, "limits unchanged after EINVAL (2, 0)");
	else
		tst_res(TFAIL, "limits %d, %d after EINVAL", l.subflows,
			l.rcv_addrs);
	RTNL_SAFE(pm_set_limits(8, 8));
	pm_limits(NET_A, &l);
	if (l.subflows == 8 && l.rcv_addrs == 8)
		tst_res(TPASS, "limits 8 and 8 read back");
	else
		tst_res(TFAIL, "limits %d, %d read back, expected 8, 8",
			l.subflows, l.rcv_addrs);

	net_enter(NET_A);
	{
		static struct rtnl_msg m;

		pm_msg(&m, MPTCP_PM_CMD_ADD_ADDR, 0);
		TST_EXP_EQ_LI(genl_talk(&m, NULL, NULL), -EINVAL);
	}
	TST_EXP_EQ_LI(pm_add(0, "10.99.1.3", 0, MPTCP_PM_ADDR_FLAG_SUBFLOW, 0),
		      -EINVAL);
	TST_EXP_EQ_LI(pm_add(99, "10.99.1.3", 0, MPTCP_PM_ADDR_FLAG_SUBFLOW,
			     0), -EINVAL);
	TST_EXP_EQ_LI(pm_add(AF_INET, NULL, 0, MPTCP_PM_ADDR_FLAG_SUBFLOW, 0),
		      -EINVAL);
	TST_EXP_EQ_LI(pm_add(AF_INET, "10.99.1.3", 0,
			     MPTCP_PM_ADDR_FLAG_SUBFLOW, 1000), -EINVAL);
	TST_EXP_EQ_LI(pm_add(AF_INET, "10.99.1.3", 0,
			     MPTCP_PM_ADDR_FLAG_SIGNAL |
			     MPTCP_PM_ADDR_FLAG_FULLMESH, 0), -EINVAL);
	TST_EXP_EQ_LI(pm_add(AF_INET, "10.99.1.3", 0,
			     MPTCP_PM_ADDR_FLAG_IMPLICIT, 0), -EINVAL);
	RTNL_SAFE(pm_get(0, &e));
	NET_EXP_EQ(e.n, 0, "endpoints after the refused ADD_ADDRs");

	RTNL_SAFE(pm_add(AF_INET, "10.99.1.3", EP_ID,
			 MPTCP_PM_ADDR_FLAG_SUBFLOW, 0));
	ret = pm_add(AF_INET, "10.99.1.3", 0, MPTCP_PM_ADDR_FLAG_SUBFLOW, 0);
	if (ret == -EINVAL || ret == -EEXIST)
		tst_res(TPASS, "the same address again refused: %s",
			tst_strerrno(-ret));
	else
		tst_res(TFAIL, "the same address again: %d, expected EINVAL or EEXIST",
			ret);
	RTNL_SAFE(pm_get(0, &e));
	NET_EXP_EQ(e.n, 1, "endpoints in the dump");
	TST_EXP_EQ_LI(pm_get(EP_ID, &e), 0);
	inet_pton(AF_INET, "10.99.1.3", a3);
	if (e.n == 1 && e.id == EP_ID && e.family == AF_INET &&
	    e.flags == MPTCP_PM_ADDR_FLAG_SUBFLOW && !memcmp(e.addr, a3, 4))
		tst_res(TPASS, "GET_ADDR: id %d, AF_INET, 10.99.1.3, flags subflow",
			EP_ID);
	else
		tst_res(TFAIL, "GET_ADDR: %d answers, id %d family %d flags 0x%x",
			e.n, e.id, e.family, e.flags);
	TST_EXP_EQ_LI(pm_get(EP_ID + 1, &e), -EINVAL);
	TST_EXP_EQ_LI(pm_del(EP_ID + 1), -EINVAL);

	pid = SAFE_FORK();
	if (!pid) {
		SAFE_SETUID(65534);
		TST_EXP_EQ_LI(pm_add(AF_INET, "10.99.1.4", 0,
				     MPTCP_PM_ADDR_FLAG_SUBFLOW, 0), -EPERM);
		exit(0);
	}
	reap_child(pid);
	RTNL_SAFE(pm_get(0, &e));
	NET_EXP_EQ(e.n, 1, "endpoints after the user's ADD_ADDR");
	TST_EXP_EQ_LI(pm_del(EP_ID), 0);
	RTNL_SAFE(pm_get(0, &e));
	NET_EXP_EQ(e.n, 0, "endpoints after DEL_ADDR");

	net_sysctl_read(NET_A, "net/mptcp/enabled", v, sizeof(v));
	if (!strcmp(v, "1"))
		tst_res(TPASS, "net.mptcp.enabled is 1 in a new namespace");
	else
		tst_res(TFAIL, "net.mptcp.enabled is '%s' in a new namespace", v);
	net_sysctl(NET_A, "net/mptcp/enabled", "0");
	TST_EXP_FAIL(socket(AF_INET, SOCK_STREAM, IPPROTO_MPTCP), ENOPROTOOPT,
		     "socket(IPPROTO_MPTCP) with net.mptcp.enabled 0");
	net_sysctl(NET_A, "net/mptcp/enabled", "1");
}

static void fallback(void)
{
	struct sockaddr_storage ss;
	long long fb = mib(NET_A, "MPCapableFallbackSYNACK");
	int lfd = net_listener(NET_B, AF_INET, &ss);
	int cfd = mptcp_socket(NET_A, AF_INET), sfd, err;

	err = net_connect_fd(cfd, &ss);
	if (err) {
		errno = err;
		tst_brk(TBROK | TERRNO, "MPTCP connect() to a TCP listener");
	}
	sfd = net_accept(lfd);
	expect_mib(NET_A, "MPCapableFallbackSYNACK", fb, 1);
	if (exchange(cfd, sfd, 4096, 3))
		tst_res(TPASS, "fallback to TCP: 4 KiB each way intact");
	else
		tst_res(TFAIL, "fallback to TCP: data differ");
	close(cfd);
	close(sfd);
	close(lfd);
}

static void join(int family)
{
	const char *ep = family == AF_INET ? "10.99.1.3" : "fd99:1::3";
	const char *ip1 = family == AF_INET ? "10.99.1.1" : "fd99:1::1";
	const char *ip2 = family == AF_INET ? "10.99.1.2" : "fd99:1::2";
	long long syn_rx, ack_rx, synack_rx, jsyn, jack, jsynack, rmsf;
	struct mptcp_info ma, mb;
	struct sockaddr_storage ss;
	static struct sf_data d;
	int lfd, cfd, sfd, err, i, n, found1 = 0, found3 = 0, est = 0;
	unsigned short port;

	net_enter(NET_A);
	RTNL_SAFE(pm_set_limits(1, 0));
	RTNL_SAFE(pm_add(family, ep, EP_ID, MPTCP_PM_ADDR_FLAG_SUBFLOW, 0));

	syn_rx = mib(NET_B, "MPCapableSYNRX");
	ack_rx = mib(NET_B, "MPCapableACKRX");
	jsyn = mib(NET_B, "MPJoinSynRx");
	jack = mib(NET_B, "MPJoinAckRx");
	synack_rx = mib(NET_A, "MPCapableSYNACKRX");
	jsynack = mib(NET_A, "MPJoinSynAckRx");
	rmsf = mib(NET_A, "RmSubflow");

	lfd = mptcp_socket(NET_B, family);
	port = 0;
	net_addr(NET_B, family, 0, &ss);
	if (bind(lfd, (struct sockaddr *)&ss, family == AF_INET ?
		 sizeof(struct sockaddr_in) : sizeof(struct sockaddr_in6)) ||
	    listen(lfd, 8))
		tst_brk(TBROK | TERRNO, "bind()/listen() of the MPTCP listener");
	{
		socklen_t len = sizeof(ss);

		if (getsockname(lfd, (struct sockaddr *)&ss, &len))
			tst_brk(TBROK | TERRNO, "getsockname()");
		port = net_port(&ss);
	}
	/*
	 * Bound to .1: IPv6 source selection may pick .3 among two equal
	 * addresses, and the endpoint of the first subflow is not joined.
	 */
	cfd = mptcp_socket(NET_A, family);
	{
		struct sockaddr_storage src;
		socklen_t len = net_addr(NET_A, family, 0, &src);

		if (bind(cfd, (struct sockaddr *)&src, len))
			tst_brk(TBROK | TERRNO, "bind() to %s", ip1);
	}
	err = net_connect_fd(cfd, &ss);
	if (err) {
		errno = err;
		tst_brk(TBROK | TERRNO, "MPTCP connect()");
	}
	sfd = net_accept(lfd);

	if (!exchange(cfd, sfd, 4096, 1))
		tst_res(TFAIL, "first 4 KiB differ");
	expect_mib(NET_B, "MPCapableSYNRX", syn_rx, 1);
	expect_mib(NET_B, "MPCapableACKRX", ack_rx, 1);
	expect_mib(NET_A, "MPCapableSYNACKRX", synack_rx, 1);

	NET_EXP_EQ(wait_subflows(cfd, 1), 1, "local MPTCP_INFO extra subflows");
	NET_EXP_EQ(wait_subflows(sfd, 1), 1, "remote MPTCP_INFO extra subflows");
	expect_mib(NET_B, "MPJoinSynRx", jsyn, 1);
	expect_mib(NET_B, "MPJoinAckRx", jack, 1);
	expect_mib(NET_A, "MPJoinSynAckRx", jsynack, 1);

	get_info(cfd, &ma);
	if ((ma.mptcpi_flags & MPTCP_INFO_FLAG_REMOTE_KEY_RECEIVED) &&
	    !(ma.mptcpi_flags & MPTCP_INFO_FLAG_FALLBACK) &&
	    ma.mptcpi_subflows_max == 1 && ma.mptcpi_local_addr_used == 1 &&
	    ma.mptcpi_token)
		tst_res(TPASS, "local MPTCP_INFO: remote key, no fallback, subflow limit 1, 1 local address used");
	else
		tst_res(TFAIL, "local MPTCP_INFO: flags 0x%x subflows_max %u local_addr_used %u token 0x%x",
			ma.mptcpi_flags, ma.mptcpi_subflows_max,
			ma.mptcpi_local_addr_used, ma.mptcpi_token);

	net_enter(NET_A);
	n = subflows_get(cfd, MPTCP_SUBFLOW_ADDRS, &d,
			 sizeof(struct mptcp_subflow_addrs));
	for (i = 0; i < n && i < 4; i++) {
		struct sockaddr *r = &d.a[i].sa_remote;
		unsigned short rp = family == AF_INET ?
			ntohs(((struct sockaddr_in *)r)->sin_port) :
			ntohs(((struct sockaddr_in6 *)r)->sin6_port);

		if (!same_ip(r, family, ip2) || rp != port)
			continue;
		found1 += same_ip(&d.a[i].sa_local, family, ip1);
		found3 += same_ip(&d.a[i].sa_local, family, ep);
	}
	if (n == 2 && found1 == 1 && found3 == 1)
		tst_res(TPASS, "MPTCP_SUBFLOW_ADDRS: %s and %s to %s port %u",
			ip1, ep, ip2, port);
	else
		tst_res(TFAIL, "MPTCP_SUBFLOW_ADDRS: %d subflows, %d from %s, %d from %s",
			n, found1, ip1, found3, ep);
	n = subflows_get(cfd, MPTCP_TCPINFO, &d, sizeof(struct tcp_info));
	for (i = 0; i < n && i < 4; i++)
		est += d.t[i].tcpi_state == TCP_ESTABLISHED;
	if (n == 2 && est == 2)
		tst_res(TPASS, "MPTCP_TCPINFO: 2 subflows ESTABLISHED");
	else
		tst_res(TFAIL, "MPTCP_TCPINFO: %d subflows, %d ESTABLISHED",
			n, est);

	if (exchange(cfd, sfd, BULK, 2))
		tst_res(TPASS, "%d KiB each way over 2 subflows intact",
			BULK / 1024);
	else
		tst_res(TFAIL, "%d KiB each way: data differ", BULK / 1024);
	{
		long long end = tst_mono_ms() + net_ms(30000);

		do {
			get_info(cfd, &ma);
			get_info(sfd, &mb);
			if (ma.mptcpi_snd_una == ma.mptcpi_write_seq &&
			    mb.mptcpi_snd_una == mb.mptcpi_write_seq)
				break;
			usleep(1000);
		} while (tst_mono_ms() < end);
	}
	if (ma.mptcpi_write_seq == mb.mptcpi_rcv_nxt &&
	    mb.mptcpi_write_seq == ma.mptcpi_rcv_nxt &&
	    ma.mptcpi_snd_una == ma.mptcpi_write_seq &&
	    mb.mptcpi_snd_una == mb.mptcpi_write_seq)
		tst_res(TPASS, "data sequence: each write_seq is the peer's rcv_nxt, all acknowledged");
	else
		tst_res(TFAIL, "data sequence: local write %llu una %llu rcv %llu, remote write %llu una %llu rcv %llu",
			(unsigned long long)ma.mptcpi_write_seq,
			(unsigned long long)ma.mptcpi_snd_una,
			(unsigned long long)ma.mptcpi_rcv_nxt,
			(unsigned long long)mb.mptcpi_write_seq,
			(unsigned long long)mb.mptcpi_snd_una,
			(unsigned long long)mb.mptcpi_rcv_nxt);

	net_enter(NET_A);
	TST_EXP_EQ_LI(pm_del(EP_ID), 0);
	expect_mib(NET_A, "RmSubflow", rmsf, 1);
	NET_EXP_EQ(wait_subflows(cfd, 0), 0,
		   "local extra subflows after DEL_ADDR");
	n = subflows_get(cfd, MPTCP_SUBFLOW_ADDRS, &d,
			 sizeof(struct mptcp_subflow_addrs));
	if (n == 1 && same_ip(&d.a[0].sa_local, family, ip1))
		tst_res(TPASS, "one subflow left, from %s", ip1);
	else
		tst_res(TFAIL, "%d subflows left after DEL_ADDR", n);
	if (exchange(cfd, sfd, 4096, 5))
		tst_res(TPASS, "4 KiB each way after DEL_ADDR intact");
	else
		tst_res(TFAIL, "data differ after DEL_ADDR");

	close(cfd);
	close(sfd);
	close(lfd);
	net_enter(NET_A);
	pm_flush();
	RTNL_SAFE(pm_set_limits(2, 0));
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		pm_checks();
		fallback();
		break;
	case 1:
		tst_res(TINFO, "IPv4");
		join(AF_INET);
		break;
	case 2:
		tst_res(TINFO, "IPv6");
		join(AF_INET6);
		break;
	}
}

static void setup(void)
{
	unsigned char a[16];
	int fd;

	bufa = SAFE_MALLOC(2 * BULK);
	bufb = SAFE_MALLOC(2 * BULK);
	net_hosts_setup_pinned();
	fd = socket(AF_INET, SOCK_STREAM, IPPROTO_MPTCP);
	if (fd < 0 && (errno == EPROTONOSUPPORT || errno == EINVAL))
		tst_brk(TCONF | TERRNO, "no MPTCP in this kernel");
	if (fd < 0)
		tst_brk(TBROK | TERRNO, "socket(IPPROTO_MPTCP)");
	close(fd);
	pm_id = genl_family(MPTCP_PM_NAME);
	if (pm_id == -ENOENT)
		tst_brk(TCONF, "no %s generic netlink family", MPTCP_PM_NAME);
	if (pm_id < 0)
		tst_brk(TBROK, "genl family %s: %s", MPTCP_PM_NAME,
			tst_strerrno(-pm_id));
	inet_pton(AF_INET, "10.99.1.3", a);
	RTNL_SAFE(rtnl_addr_add(rtnl_ifindex("net0"), AF_INET, a, 24, 0));
	inet_pton(AF_INET6, "fd99:1::3", a);
	RTNL_SAFE(rtnl_addr_add(rtnl_ifindex("net0"), AF_INET6, a, 64,
				IFA_F_NODAD));
	/* the remote's entries for .3 too: the test is not about ARP/ND */
	net_neigh_pin(NET_B, "net0", NET_A, "net0", 1, 3);
	net_enter(NET_A);
}

static void cleanup(void)
{
	free(bufa);
	free(bufb);
}

static struct tst_test test = {
	.tcnt = 3,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.forks_child = 1,
	.timeout = 120,
};
