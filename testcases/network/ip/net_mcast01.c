// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * UDP multicast from the local host to the remote host, IPv4 (group
 * 239.1.2.3, source-specific 232.1.2.3) and IPv6 (ff1e::1234, ff3e::4321),
 * sent out of net0 (IP_MULTICAST_IF / IPV6_MULTICAST_IF):
 * - a socket that joined (IP_ADD_MEMBERSHIP / IPV6_JOIN_GROUP on net0)
 *   gets the datagrams with the sender's address and the hop limit set
 *   by IP_MULTICAST_TTL / IPV6_MULTICAST_HOPS 5 (read back; -1 gives the
 *   default 1, 256 is EINVAL), /proc/net/igmp (igmp6) lists the group on
 *   net0 with one user;
 * - a socket on that host that did not join gets them with
 *   IP_MULTICAST_ALL 1 (the default) and not with 0: a unicast datagram
 *   sent after is the first it reads;
 * - after IP_DROP_MEMBERSHIP / IPV6_LEAVE_GROUP the group is gone from
 *   /proc/net/igmp and the host drops the datagrams;
 * - IP_MULTICAST_LOOP / IPV6_MULTICAST_LOOP 0 (read back): a member on
 *   the sender's own host gets no copy; 1: it does;
 * - source-specific membership (IP_ADD_SOURCE_MEMBERSHIP /
 *   MCAST_JOIN_SOURCE_GROUP), listed in /proc/net/mcfilter (mcfilter6):
 *   only the datagrams of the allowed source (10.99.1.1, not 10.99.1.3)
 *   are delivered;
 * - errors: joining twice EADDRINUSE, leaving a group not joined
 *   EADDRNOTAVAIL, a unicast group address EINVAL, an interface that does
 *   not exist ENODEV.
 */
#include <net/if.h>
#include <netinet/in.h>
#include "tst_test.h"
#include "net_hosts.h"
#include "socket_helpers.h"

#define HOPS 5

static int fam;
static struct sockaddr_storage grp, ssm;

static int v4(void)
{
	return fam == AF_INET;
}

static int lvl(void)
{
	return v4() ? IPPROTO_IP : IPPROTO_IPV6;
}

static socklen_t slen(void)
{
	return v4() ? sizeof(struct sockaddr_in) : sizeof(struct sockaddr_in6);
}

static void set_group(struct sockaddr_storage *ss, const char *a4,
		      const char *a6, unsigned short port)
{
	memset(ss, 0, sizeof(*ss));
	ss->ss_family = fam;
	((struct sockaddr_in *)ss)->sin_port = htons(port);
	inet_pton(fam, v4() ? a4 : a6, net_rawaddr(ss));
}

static void set_port(struct sockaddr_storage *ss, unsigned short port)
{
	((struct sockaddr_in *)ss)->sin_port = htons(port);
}

/* A socket in h bound to the wildcard address and a kernel port. */
static int rsock(int h, unsigned short *port)
{
	struct sockaddr_storage ss = { .ss_family = fam };
	socklen_t len = sizeof(ss);
	int fd = net_socket(h, fam, SOCK_DGRAM), one = 1;

	if (bind(fd, (struct sockaddr *)&ss, slen()) ||
	    getsockname(fd, (struct sockaddr *)&ss, &len))
		tst_brk(TBROK | TERRNO, "bind()");
	*port = net_port(&ss);
	setsockopt(fd, lvl(), v4() ? IP_RECVTTL : IPV6_RECVHOPLIMIT, &one,
		   sizeof(one));
	return fd;
}

/* Join or leave group ss on ifindex: 0 or errno. */
static int member(int fd, const struct sockaddr_storage *ss, int ifindex,
		  int join)
{
	int ret;

	if (v4()) {
		struct ip_mreqn m = { .imr_ifindex = ifindex };

		m.imr_multiaddr = ((struct sockaddr_in *)ss)->sin_addr;
		ret = setsockopt(fd, IPPROTO_IP, join ? IP_ADD_MEMBERSHIP :
				 IP_DROP_MEMBERSHIP, &m, sizeof(m));
	} else {
		struct ipv6_mreq m = { .ipv6mr_interface = ifindex };

		m.ipv6mr_multiaddr = ((struct sockaddr_in6 *)ss)->sin6_addr;
		ret = setsockopt(fd, IPPROTO_IPV6, join ? IPV6_JOIN_GROUP :
				 IPV6_LEAVE_GROUP, &m, sizeof(m));
	}
	return ret ? errno : 0;
}

static int getint(int fd, int opt)
{
	int val = -1;
	socklen_t len = sizeof(val);

	if (getsockopt(fd, lvl(), opt, &val, &len))
		tst_brk(TBROK | TERRNO, "getsockopt(%d)", opt);
	return val;
}

static int setint(int fd, int opt, int val)
{
	return setsockopt(fd, lvl(), opt, &val, sizeof(val)) ? errno : 0;
}

/* A sender in A bound to host address .host of net 1. */
static int sender(int host)
{
	struct sockaddr_storage ss;
	int fd = net_socket(NET_A, fam, SOCK_DGRAM);
	int idx = rtnl_ifindex("net0");

	net_addr(NET_A, fam, 0, &ss);
	if (v4())
		((unsigned char *)net_rawaddr(&ss))[3] = host;
	else
		((unsigned char *)net_rawaddr(&ss))[15] = host;
	if (bind(fd, (struct sockaddr *)&ss, slen()))
		tst_brk(TBROK | TERRNO, "bind(sender)");
	if (v4()) {
		struct ip_mreqn m = { .imr_ifindex = idx };

		if (setsockopt(fd, IPPROTO_IP, IP_MULTICAST_IF, &m, sizeof(m)))
			tst_brk(TBROK | TERRNO, "setsockopt(IP_MULTICAST_IF)");
	} else if (setint(fd, IPV6_MULTICAST_IF, idx)) {
		tst_brk(TBROK | TERRNO, "setsockopt(IPV6_MULTICAST_IF)");
	}
	return fd;
}

static void xsend(int fd, const char *msg, const struct sockaddr_storage *to)
{
	if (sendto(fd, msg, strlen(msg), 0, (const struct sockaddr *)to,
		   slen()) != (ssize_t)strlen(msg))
		tst_brk(TBROK | TERRNO, "sendto(%s)", msg);
}

/* The next datagram (bounded wait) as a string; its hop limit in *hops. */
static int next(int fd, char *buf, size_t len, struct sockaddr_storage *from,
		int *hops)
{
	char cbuf[128];
	struct iovec iov = { buf, len - 1 };
	struct msghdr mh = {
		.msg_name = from, .msg_namelen = sizeof(*from),
		.msg_iov = &iov, .msg_iovlen = 1,
		.msg_control = cbuf, .msg_controllen = sizeof(cbuf),
	};
	struct cmsghdr *cm;
	ssize_t n;

	*buf = 0;
	if (!net_poll(fd, POLLIN, 5000))
		return -1;
	n = recvmsg(fd, &mh, MSG_DONTWAIT);
	if (n < 0)
		tst_brk(TBROK | TERRNO, "recvmsg()");
	buf[n] = 0;
	if (hops) {
		*hops = -1;
		for (cm = CMSG_FIRSTHDR(&mh); cm; cm = CMSG_NXTHDR(&mh, cm))
			if ((cm->cmsg_level == IPPROTO_IP &&
			     cm->cmsg_type == IP_TTL) ||
			    (cm->cmsg_level == IPPROTO_IPV6 &&
			     cm->cmsg_type == IPV6_HOPLIMIT))
				memcpy(hops, CMSG_DATA(cm), sizeof(int));
	}
	return n;
}

/* The next datagram on fd is want and nothing else is queued. */
static void expect_only(int fd, const char *want, const char *what)
{
	struct sockaddr_storage from;
	char buf[64];

	if (next(fd, buf, sizeof(buf), &from, NULL) < 0) {
		tst_res(TFAIL, "%s: nothing arrived, not even \"%s\"", what, want);
		return;
	}
	if (strcmp(buf, want)) {
		tst_res(TFAIL, "%s: got \"%s\" before \"%s\"", what, buf, want);
		while (next(fd, buf, sizeof(buf), &from, NULL) >= 0 &&
		       strcmp(buf, want))
			;
		return;
	}
	if (recv(fd, buf, sizeof(buf), MSG_DONTWAIT) >= 0)
		tst_res(TFAIL, "%s: another datagram after \"%s\"", what, want);
	else
		tst_res(TPASS, "%s", what);
}

/* Users of group ss on ifname in h per /proc/net/igmp(6), 0 if absent. */
static int proc_users(int h, const char *ifname,
		      const struct sockaddr_storage *ss)
{
	char line[256], dev[32] = "", name[32], hex[64], want[64];
	const unsigned char *a = net_rawaddr((struct sockaddr_storage *)ss);
	int users = 0, idx, u, i;
	FILE *f;

	net_enter(h);
	f = fopen(v4() ? "/proc/net/igmp" : "/proc/net/igmp6", "r");
	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(/proc/net/igmp)");
	if (v4()) {
		unsigned int raw;

		memcpy(&raw, a, 4);
		snprintf(want, sizeof(want), "%08X", raw);
	} else {
		for (i = 0; i < 16; i++)
			sprintf(want + 2 * i, "%02x", a[i]);
	}
	while (fgets(line, sizeof(line), f)) {
		if (v4()) {
			/* a device line starts with its index, a group with tabs */
			if (line[0] != '\t' &&
			    sscanf(line, "%d %31[^: \t]", &idx, name) == 2)
				strcpy(dev, name);
			else if (line[0] == '\t' &&
				 sscanf(line, " %63s %d", hex, &u) == 2 &&
				 !strcmp(dev, ifname) && !strcmp(hex, want))
				users = u;
		} else if (sscanf(line, "%d %31s %63s %d", &idx, name, hex,
				  &u) == 4 && !strcmp(name, ifname) &&
			   !strcmp(hex, want)) {
			users = u;
		}
	}
	fclose(f);
	return users;
}

/* /proc/net/mcfilter(6) in h: INCLUDE count of source src in group g. */
static long proc_mcfilter(int h, const struct sockaddr_storage *g,
			  const struct sockaddr_storage *src)
{
	char line[256], name[32], gs[64], ss[64], wg[64], ws[64];
	const unsigned char *ga = net_rawaddr((struct sockaddr_storage *)g);
	const unsigned char *sa = net_rawaddr((struct sockaddr_storage *)src);
	unsigned long inc, exc;
	long ret = 0;
	int idx, i;
	FILE *f;

	net_enter(h);
	f = fopen(v4() ? "/proc/net/mcfilter" : "/proc/net/mcfilter6", "r");
	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(/proc/net/mcfilter)");
	if (v4()) {
		snprintf(wg, sizeof(wg), "0x%02x%02x%02x%02x", ga[0], ga[1],
			 ga[2], ga[3]);
		snprintf(ws, sizeof(ws), "0x%02x%02x%02x%02x", sa[0], sa[1],
			 sa[2], sa[3]);
	} else {
		for (i = 0; i < 16; i++) {
			sprintf(wg + 2 * i, "%02x", ga[i]);
			sprintf(ws + 2 * i, "%02x", sa[i]);
		}
	}
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%d %31s %63s %63s %lu %lu", &idx, name, gs, ss,
			   &inc, &exc) == 6 && !strcmp(name, "net0") &&
		    !strcmp(gs, wg) && !strcmp(ss, ws))
			ret = inc;
	}
	fclose(f);
	return ret;
}

static void ttl_opts(int s)
{
	int ttl = v4() ? IP_MULTICAST_TTL : IPV6_MULTICAST_HOPS;

	NET_EXP_EQ(getint(s, ttl), 1, "default multicast hop limit");
	NET_EXP_EQ(setint(s, ttl, 256), EINVAL, "multicast hop limit 256: errno");
	NET_EXP_EQ(setint(s, ttl, 9), 0, "multicast hop limit 9: errno");
	NET_EXP_EQ(setint(s, ttl, -1), 0, "multicast hop limit -1: errno");
	NET_EXP_EQ(getint(s, ttl), 1, "hop limit after -1 (the default)");
	NET_EXP_EQ(setint(s, ttl, HOPS), 0, "multicast hop limit 5: errno");
	NET_EXP_EQ(getint(s, ttl), HOPS, "multicast hop limit read back");
}

static void membership(void)
{
	struct sockaddr_storage to, from, uni, saddr;
	unsigned short p1, p2, p3;
	int bidx, s, r1, r2, r3, hops;
	socklen_t alen = sizeof(saddr);
	char buf[64];

	net_enter(NET_B);
	bidx = rtnl_ifindex("net0");
	r1 = rsock(NET_B, &p1);
	r2 = rsock(NET_B, &p2);
	r3 = rsock(NET_B, &p3);
	NET_EXP_EQ(setint(r2, v4() ? IP_MULTICAST_ALL : IPV6_MULTICAST_ALL, 0),
		   0, "MULTICAST_ALL 0: errno");
	NET_EXP_EQ(member(r1, &grp, bidx, 1), 0, "join the group on net0: errno");
	NET_EXP_EQ(proc_users(NET_B, "net0", &grp), 1,
		   "users of the group on net0 in /proc/net/igmp(6)");

	s = sender(1);
	getsockname(s, (struct sockaddr *)&saddr, &alen);
	ttl_opts(s);

	to = grp;
	set_port(&to, p1);
	xsend(s, "m1", &to);
	if (next(r1, buf, sizeof(buf), &from, &hops) < 0) {
		tst_res(TFAIL, "the member got nothing");
	} else if (strcmp(buf, "m1") ||
		   memcmp(net_rawaddr(&from), net_rawaddr(&saddr),
			  v4() ? 4 : 16)) {
		tst_res(TFAIL, "the member got \"%s\" from another address", buf);
	} else {
		tst_res(TPASS, "the member got the datagram from the sender");
		NET_EXP_EQ(hops, HOPS, "hop limit of the received datagram");
	}

	set_port(&to, p3);
	xsend(s, "m3", &to);
	if (next(r3, buf, sizeof(buf), &from, NULL) < 0 || strcmp(buf, "m3"))
		tst_res(TFAIL, "a non-member with MULTICAST_ALL 1 got \"%s\"", buf);
	else
		tst_res(TPASS, "a non-member with MULTICAST_ALL 1 gets the host's group");

	net_addr(NET_B, fam, p2, &uni);
	set_port(&to, p2);
	xsend(s, "m2", &to);
	xsend(s, "u2", &uni);
	expect_only(r2, "u2", "a non-member with MULTICAST_ALL 0 gets no multicast");

	/* errors */
	NET_EXP_EQ(member(r1, &grp, bidx, 1), EADDRINUSE, "joining twice: errno");
	NET_EXP_EQ(member(r2, &grp, bidx, 0), EADDRNOTAVAIL,
		   "leaving a group not joined: errno");
	NET_EXP_EQ(member(r2, &uni, bidx, 1), EINVAL,
		   "joining a unicast address: errno");
	NET_EXP_EQ(member(r2, &grp, 9999, 1), ENODEV,
		   "joining on ifindex 9999: errno");

	/* leave */
	NET_EXP_EQ(member(r1, &grp, bidx, 0), 0, "leave the group: errno");
	NET_EXP_EQ(proc_users(NET_B, "net0", &grp), 0,
		   "users of the group on net0 after leaving");
	set_port(&to, p1);
	set_port(&uni, p1);
	xsend(s, "m4", &to);
	xsend(s, "u1", &uni);
	expect_only(r1, "u1", "after leaving, the host drops the group's datagrams");
	close(r1);
	close(r2);
	close(r3);
	close(s);
}

static void loop(void)
{
	struct sockaddr_storage to;
	unsigned short p;
	int l, s, lp = v4() ? IP_MULTICAST_LOOP : IPV6_MULTICAST_LOOP;

	l = rsock(NET_A, &p);
	NET_EXP_EQ(member(l, &grp, rtnl_ifindex("net0"), 1), 0,
		   "join on the sender's host: errno");
	s = sender(1);
	NET_EXP_EQ(getint(s, lp), 1, "MULTICAST_LOOP default");
	NET_EXP_EQ(setint(s, lp, 0), 0, "MULTICAST_LOOP 0: errno");
	NET_EXP_EQ(getint(s, lp), 0, "MULTICAST_LOOP read back");
	to = grp;
	set_port(&to, p);
	xsend(s, "n0", &to);
	NET_EXP_EQ(setint(s, lp, 1), 0, "MULTICAST_LOOP 1: errno");
	xsend(s, "n1", &to);
	expect_only(l, "n1", "MULTICAST_LOOP: a copy to the own host only with 1");
	close(l);
	close(s);
}

static void source_specific(void)
{
	struct sockaddr_storage to, from, good, bad;
	socklen_t alen = sizeof(good);
	unsigned short p;
	int r, s1, s3, ret;
	char buf[64];

	r = rsock(NET_B, &p);
	s1 = sender(1);
	s3 = sender(3);
	getsockname(s1, (struct sockaddr *)&good, &alen);
	alen = sizeof(bad);
	getsockname(s3, (struct sockaddr *)&bad, &alen);
	if (v4()) {
		struct ip_mreq_source m;

		m.imr_multiaddr = ((struct sockaddr_in *)&ssm)->sin_addr;
		m.imr_sourceaddr = ((struct sockaddr_in *)&good)->sin_addr;
		inet_pton(AF_INET, "10.99.1.2", &m.imr_interface);
		ret = setsockopt(r, IPPROTO_IP, IP_ADD_SOURCE_MEMBERSHIP, &m,
				 sizeof(m));
	} else {
		struct group_source_req g = { .gsr_interface = rtnl_ifindex("net0") };

		memcpy(&g.gsr_group, &ssm, sizeof(struct sockaddr_in6));
		memcpy(&g.gsr_source, &good, sizeof(struct sockaddr_in6));
		ret = setsockopt(r, IPPROTO_IPV6, MCAST_JOIN_SOURCE_GROUP, &g,
				 sizeof(g));
	}
	if (ret)
		tst_brk(TBROK | TERRNO, "source-specific join");
	NET_EXP_EQ(proc_mcfilter(NET_B, &ssm, &good), 1,
		   "INCLUDE count of the allowed source in /proc/net/mcfilter(6)");
	NET_EXP_EQ(proc_mcfilter(NET_B, &ssm, &bad), 0,
		   "other source in /proc/net/mcfilter(6)");

	to = ssm;
	set_port(&to, p);
	xsend(s3, "bad", &to);
	xsend(s1, "good", &to);
	if (next(r, buf, sizeof(buf), &from, NULL) < 0)
		tst_res(TFAIL, "source-specific member got nothing");
	else if (strcmp(buf, "good"))
		tst_res(TFAIL, "source-specific member got \"%s\" first", buf);
	else if (memcmp(net_rawaddr(&from), net_rawaddr(&good), v4() ? 4 : 16))
		tst_res(TFAIL, "\"good\" came from another address");
	else if (recv(r, buf, sizeof(buf), MSG_DONTWAIT) >= 0)
		tst_res(TFAIL, "another datagram after \"good\"");
	else
		tst_res(TPASS, "source-specific member gets only the allowed source");
	close(r);
	close(s1);
	close(s3);
}

static void run(unsigned int n)
{
	fam = n ? AF_INET6 : AF_INET;
	tst_res(TINFO, "%s", n ? "IPv6" : "IPv4");
	set_group(&grp, "239.1.2.3", "ff1e::1234", 0);
	set_group(&ssm, "232.1.2.3", "ff3e::4321", 0);
	membership();
	loop();
	source_specific();
}

static void setup(void)
{
	unsigned char a[16];

	/* one backlog: datagrams are delivered in the order sent */
	sock_pin_cpu();
	net_hosts_setup();
	inet_pton(AF_INET, "10.99.1.3", a);
	RTNL_SAFE(rtnl_addr_add(rtnl_ifindex("net0"), AF_INET, a, 24, 0));
	inet_pton(AF_INET6, "fd99:1::3", a);
	RTNL_SAFE(rtnl_addr_add(rtnl_ifindex("net0"), AF_INET6, a, 64,
				IFA_F_NODAD));
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.timeout = 60,
};
