// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Policy routing rules that match the socket and the flow, IPv4 and
 * IPv6: the remote's loopback address (10.99.9.9, fd99:9::9) is routed
 * only in table 100 of the local host, so a datagram to it is sent
 * (and arrives) exactly when a rule sends its flow to table 100, and is
 * ENETUNREACH otherwise:
 * - uidrange 4242-4243: a socket made under fsuid 4242 sends and its
 *   datagram arrives, fsuid 4244 and root ENETUNREACH; RTM_GETROUTE with
 *   RTA_UID 4243 names table 100, with 4244 ENETUNREACH; the dump reads
 *   the range back; 5-4 is EINVAL;
 * - ipproto udp with dport 7000-7001: ports 7000 and 7001 go, 6999 and
 *   7002 do not, TCP to 7000 does not (ENETUNREACH); dump reads back
 *   protocol and range; port ranges 0-5, 5-65535 and 8-7 EINVAL, 1-65534
 *   accepted;
 * - sport 6000: a socket bound to 6000 sends, one bound to 6001 not;
 * - priority order: a prohibit rule on dport 7000 at 500 beats the
 *   table rule at 1000 (EACCES), one at 1500 does not; deleting the 500
 *   one lets 7000 through;
 * - the same rule twice EEXIST, deleting a missing one ENOENT.
 */
#include <sys/fsuid.h>
#include "tst_test.h"
#include "net_hosts.h"

#define TABLE 100
#define UDP 17

static int fam;

struct rule {
	int prio, action;
	unsigned int uid_lo, uid_hi;	/* both 0: none */
	int proto;
	unsigned short sp_lo, sp_hi, dp_lo, dp_hi;
};

struct rule_seen {
	const struct rule *want;
	int found, uid_ok, proto_ok, dport_ok;
};

static int rule_msg(int type, const struct rule *r)
{
	static struct rtnl_msg m;
	struct fib_rule_hdr frh = {
		.family = fam, .action = r->action ? r->action : FR_ACT_TO_TBL,
	};
	struct fib_rule_port_range pr;
	struct fib_rule_uid_range ur;

	net_enter(NET_A);
	rtnl_msg_init(&m, type, type == RTM_NEWRULE ?
		      NLM_F_CREATE | NLM_F_EXCL : 0, &frh, sizeof(frh));
	if (frh.action == FR_ACT_TO_TBL)
		rtnl_put_u32(&m, FRA_TABLE, TABLE);
	rtnl_put_u32(&m, FRA_PRIORITY, r->prio);
	if (r->uid_lo || r->uid_hi) {
		ur.start = r->uid_lo;
		ur.end = r->uid_hi;
		rtnl_put(&m, FRA_UID_RANGE, &ur, sizeof(ur));
	}
	if (r->proto)
		rtnl_put_u8(&m, FRA_IP_PROTO, r->proto);
	if (r->sp_lo || r->sp_hi) {
		pr.start = r->sp_lo;
		pr.end = r->sp_hi;
		rtnl_put(&m, FRA_SPORT_RANGE, &pr, sizeof(pr));
	}
	if (r->dp_lo || r->dp_hi) {
		pr.start = r->dp_lo;
		pr.end = r->dp_hi;
		rtnl_put(&m, FRA_DPORT_RANGE, &pr, sizeof(pr));
	}
	return rtnl_talk(&m);
}

static void rule_add(const struct rule *r)
{
	int ret = rule_msg(RTM_NEWRULE, r);

	if (ret)
		tst_brk(TBROK, "RTM_NEWRULE prio %d: %s", r->prio,
			tst_strerrno(-ret));
}

static void rule_del(const struct rule *r)
{
	int ret = rule_msg(RTM_DELRULE, r);

	if (ret)
		tst_brk(TBROK, "RTM_DELRULE prio %d: %s", r->prio,
			tst_strerrno(-ret));
}

static void dump_cb(struct nlmsghdr *nh, void *priv)
{
	struct rule_seen *s = priv;
	struct fib_rule_hdr *frh = NLMSG_DATA(nh);
	struct rtattr *a;

	if (nh->nlmsg_type != RTM_NEWRULE || frh->family != fam)
		return;
	a = rtnl_attr(nh, sizeof(*frh), FRA_PRIORITY);
	if (!a || *(uint32_t *)RTA_DATA(a) != (uint32_t)s->want->prio)
		return;
	s->found++;
	a = rtnl_attr(nh, sizeof(*frh), FRA_UID_RANGE);
	if (a && RTA_PAYLOAD(a) >= sizeof(struct fib_rule_uid_range)) {
		struct fib_rule_uid_range *u = RTA_DATA(a);

		s->uid_ok = u->start == s->want->uid_lo &&
			    u->end == s->want->uid_hi;
	}
	a = rtnl_attr(nh, sizeof(*frh), FRA_IP_PROTO);
	if (a)
		s->proto_ok = *(uint8_t *)RTA_DATA(a) == s->want->proto;
	a = rtnl_attr(nh, sizeof(*frh), FRA_DPORT_RANGE);
	if (a && RTA_PAYLOAD(a) >= sizeof(struct fib_rule_port_range)) {
		struct fib_rule_port_range *p = RTA_DATA(a);

		s->dport_ok = p->start == s->want->dp_lo &&
			      p->end == s->want->dp_hi;
	}
}

static void dump_rule(const struct rule *r, struct rule_seen *s)
{
	static struct rtnl_msg m;
	struct fib_rule_hdr frh = { .family = fam };

	memset(s, 0, sizeof(*s));
	s->want = r;
	net_enter(NET_A);
	rtnl_msg_init(&m, RTM_GETRULE, NLM_F_DUMP, &frh, sizeof(frh));
	RTNL_SAFE(rtnl_talk_cb(&m, dump_cb, s));
	NET_EXP_EQ(s->found, 1, "rules dumped at the rule's priority");
}

/* The remote's loopback address with port. */
static socklen_t far(unsigned short port, struct sockaddr_storage *ss)
{
	memset(ss, 0, sizeof(*ss));
	if (fam == AF_INET) {
		struct sockaddr_in *sin = (struct sockaddr_in *)ss;

		sin->sin_family = AF_INET;
		sin->sin_port = htons(port);
		inet_pton(AF_INET, "10.99.9.9", &sin->sin_addr);
		return sizeof(*sin);
	}
	((struct sockaddr_in6 *)ss)->sin6_family = AF_INET6;
	((struct sockaddr_in6 *)ss)->sin6_port = htons(port);
	inet_pton(AF_INET6, "fd99:9::9", &((struct sockaddr_in6 *)ss)->sin6_addr);
	return sizeof(struct sockaddr_in6);
}

/* A socket of A made under fsuid uid (-1: as root), bound to sport. */
static int sock_as(int type, int uid, unsigned short sport)
{
	struct sockaddr_storage ss;
	socklen_t len;
	int fd;

	net_enter(NET_A);
	if (uid >= 0)
		setfsuid(uid);
	fd = socket(fam, type, 0);
	if (uid >= 0)
		setfsuid(0);
	if (fd < 0)
		tst_brk(TBROK | TERRNO, "socket()");
	if (sport) {
		len = net_addr(NET_A, fam, sport, &ss);
		if (bind(fd, (struct sockaddr *)&ss, len))
			tst_brk(TBROK | TERRNO, "bind(%u)", sport);
	}
	return fd;
}

/*
 * A datagram to the far address, port dport: the errno of sendto() (0
 * when sent), and when sent, that it arrived on rfd (bound to dport).
 */
static int send_to(int uid, unsigned short sport, unsigned short dport,
		   int rfd)
{
	struct sockaddr_storage ss;
	socklen_t len = far(dport, &ss);
	int fd = sock_as(SOCK_DGRAM, uid, sport), err = 0;
	char c = 'r';

	if (sendto(fd, &c, 1, 0, (struct sockaddr *)&ss, len) != 1)
		err = errno;
	close(fd);
	if (!err && rfd >= 0) {
		c = 0;
		if (!(net_poll(rfd, POLLIN, 30000) & POLLIN) ||
		    recv(rfd, &c, 1, 0) != 1 || c != 'r')
			tst_res(TFAIL, "datagram to port %u sent but not received",
				dport);
	}
	return err;
}

static void expect(int err, int want, const char *what)
{
	if (err == want)
		tst_res(TPASS, "%s: %s", what, want ? tst_strerrno(want) : "sent");
	else
		tst_res(TFAIL, "%s: %s, expected %s", what,
			err ? tst_strerrno(err) : "sent",
			want ? tst_strerrno(want) : "sent");
}

/* A UDP socket of B on the far address, port. */
static int far_sock(unsigned short port)
{
	struct sockaddr_storage ss;
	socklen_t len = far(port, &ss);
	int fd = net_socket(NET_B, fam, SOCK_DGRAM);

	if (bind(fd, (struct sockaddr *)&ss, len))
		tst_brk(TBROK | TERRNO, "bind(far, %u)", port);
	return fd;
}

/* RTM_GETROUTE for the far address (UDP, dport 7000) as uid. */
static int lookup_uid(unsigned int uid, int *table)
{
	static struct rtnl_msg m;
	struct rtmsg rtm = {
		.rtm_family = fam, .rtm_dst_len = rtnl_alen(fam) * 8,
		.rtm_flags = RTM_F_LOOKUP_TABLE,
	};
	struct rtnl_route_info ri;
	struct sockaddr_storage ss;
	int ret;

	far(7000, &ss);
	net_enter(NET_A);
	rtnl_msg_init(&m, RTM_GETROUTE, 0, &rtm, sizeof(rtm));
	rtnl_put(&m, RTA_DST, net_rawaddr(&ss), rtnl_alen(fam));
	rtnl_put_u32(&m, RTA_UID, uid);
	memset(&ri, 0, sizeof(ri));
	ret = rtnl_talk_cb(&m, rtnl_route_get_cb, &ri);
	*table = ri.table;
	return ret;
}

static void check_uid(int rfd)
{
	struct rule r = { .prio = 1000, .uid_lo = 4242, .uid_hi = 4243 };
	struct rule bad = { .prio = 1001, .uid_lo = 5, .uid_hi = 4 };
	struct rule_seen s;
	int table = -1, ret;

	rule_add(&r);
	expect(send_to(4242, 0, 7000, rfd), 0, "uidrange 4242-4243, fsuid 4242");
	expect(send_to(4244, 0, 7000, rfd), ENETUNREACH,
	       "uidrange 4242-4243, fsuid 4244");
	expect(send_to(-1, 0, 7000, rfd), ENETUNREACH,
	       "uidrange 4242-4243, root");
	ret = lookup_uid(4243, &table);
	if (ret || table != TABLE)
		tst_res(TFAIL, "RTM_GETROUTE uid 4243: %s, table %d",
			tst_strerrno(-ret), table);
	else
		tst_res(TPASS, "RTM_GETROUTE uid 4243: table %d", table);
	ret = lookup_uid(4244, &table);
	if (ret != -ENETUNREACH)
		tst_res(TFAIL, "RTM_GETROUTE uid 4244: %s, expected ENETUNREACH",
			ret ? tst_strerrno(-ret) : "a route");
	else
		tst_res(TPASS, "RTM_GETROUTE uid 4244: ENETUNREACH");
	dump_rule(&r, &s);
	NET_EXP_EQ(s.uid_ok, 1, "uid range 4242-4243 read back");
	NET_EXP_EQ(rule_msg(RTM_NEWRULE, &r), -EEXIST, "the same rule again");
	rule_del(&r);
	NET_EXP_EQ(rule_msg(RTM_DELRULE, &r), -ENOENT, "deleting it again");
	NET_EXP_EQ(rule_msg(RTM_NEWRULE, &bad), -EINVAL, "uid range 5-4");
	expect(send_to(4242, 0, 7000, rfd), ENETUNREACH,
	       "fsuid 4242 without the rule");
}

static void check_ports(int rfd, int rfd2)
{
	struct rule r = {
		.prio = 1000, .proto = UDP, .dp_lo = 7000, .dp_hi = 7001,
	};
	struct rule s6000 = { .prio = 1100, .sp_lo = 6000, .sp_hi = 6000 };
	struct rule bad[] = {
		{ .prio = 1200, .dp_lo = 0, .dp_hi = 5 },
		{ .prio = 1200, .dp_lo = 5, .dp_hi = 65535 },
		{ .prio = 1200, .sp_lo = 8, .sp_hi = 7 },
	};
	struct rule wide = { .prio = 1200, .dp_lo = 1, .dp_hi = 65534 };
	struct sockaddr_storage ss;
	struct rule_seen s;
	socklen_t len;
	int fd, i;

	rule_add(&r);
	expect(send_to(-1, 0, 7000, rfd), 0, "dport 7000-7001, port 7000");
	expect(send_to(-1, 0, 7001, rfd2), 0, "dport 7000-7001, port 7001");
	expect(send_to(-1, 0, 6999, -1), ENETUNREACH, "dport 7000-7001, port 6999");
	expect(send_to(-1, 0, 7002, -1), ENETUNREACH, "dport 7000-7001, port 7002");
	fd = sock_as(SOCK_STREAM, -1, 0);
	len = far(7000, &ss);
	TST_EXP_FAIL(connect(fd, (struct sockaddr *)&ss, len), ENETUNREACH,
		     "TCP to port 7000 under an ipproto udp rule");
	close(fd);
	dump_rule(&r, &s);
	NET_EXP_EQ(s.proto_ok, 1, "ip_proto 17 read back");
	NET_EXP_EQ(s.dport_ok, 1, "dport range 7000-7001 read back");
	rule_del(&r);

	rule_add(&s6000);
	expect(send_to(-1, 6000, 7002, -1), 0, "sport 6000, bound to 6000");
	expect(send_to(-1, 6001, 7002, -1), ENETUNREACH,
	       "sport 6000, bound to 6001");
	rule_del(&s6000);

	for (i = 0; i < (int)ARRAY_SIZE(bad); i++) {
		int ret = rule_msg(RTM_NEWRULE, &bad[i]);

		if (ret == -EINVAL)
			tst_res(TPASS, "port range %u-%u: EINVAL",
				bad[i].dp_hi ? bad[i].dp_lo : bad[i].sp_lo,
				bad[i].dp_hi ? bad[i].dp_hi : bad[i].sp_hi);
		else
			tst_res(TFAIL, "port range %u-%u: %s, expected EINVAL",
				bad[i].dp_hi ? bad[i].dp_lo : bad[i].sp_lo,
				bad[i].dp_hi ? bad[i].dp_hi : bad[i].sp_hi,
				ret ? tst_strerrno(-ret) : "accepted");
	}
	NET_EXP_EQ(rule_msg(RTM_NEWRULE, &wide), 0, "dport range 1-65534");
	rule_del(&wide);
}

static void check_order(int rfd)
{
	struct rule tbl = { .prio = 1000, .dp_lo = 7000, .dp_hi = 7000 };
	struct rule before = {
		.prio = 500, .action = FR_ACT_PROHIBIT, .dp_lo = 7000,
		.dp_hi = 7000,
	};
	struct rule after = {
		.prio = 1500, .action = FR_ACT_PROHIBIT, .dp_lo = 7000,
		.dp_hi = 7000,
	};

	rule_add(&tbl);
	rule_add(&after);
	expect(send_to(-1, 0, 7000, rfd), 0, "table rule at 1000, prohibit at 1500");
	rule_add(&before);
	expect(send_to(-1, 0, 7000, -1), EACCES, "prohibit at 500, table rule at 1000");
	rule_del(&before);
	expect(send_to(-1, 0, 7000, rfd), 0, "the prohibit rule at 500 deleted");
	rule_del(&after);
	rule_del(&tbl);
}

static void run(unsigned int n)
{
	int rfd, rfd2;

	fam = n ? AF_INET6 : AF_INET;
	tst_res(TINFO, "%s", n ? "IPv6" : "IPv4");
	rfd = far_sock(7000);
	rfd2 = far_sock(7001);
	expect(send_to(-1, 0, 7000, -1), ENETUNREACH, "no rule");
	check_uid(rfd);
	check_ports(rfd, rfd2);
	check_order(rfd);
	close(rfd);
	close(rfd2);
}

static void setup(void)
{
	struct in6_addr a6, g6;
	struct in_addr a4, g4;

	net_hosts_setup_pinned();
	net_ipv4("10.99.9.9", &a4);
	inet_pton(AF_INET6, "fd99:9::9", &a6);
	net_enter(NET_B);
	RTNL_SAFE(rtnl_addr_add(rtnl_ifindex("lo"), AF_INET, &a4, 32, 0));
	RTNL_SAFE(rtnl_addr_add(rtnl_ifindex("lo"), AF_INET6, &a6, 128,
				IFA_F_NODAD));
	net_enter(NET_A);
	net_ipv4("10.99.1.2", &g4);
	inet_pton(AF_INET6, "fd99:1::2", &g6);
	RTNL_SAFE(rtnl_route_add(AF_INET, &a4, 32, &g4, rtnl_ifindex("net0"),
				 TABLE));
	RTNL_SAFE(rtnl_route_add(AF_INET6, &a6, 128, &g6, rtnl_ifindex("net0"),
				 TABLE));
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.needs_root = 1,
};
