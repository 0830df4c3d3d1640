// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * IPv6 anycast addresses joined by sockets (IPV6_JOIN_ANYCAST) in the
 * local host, probed from the remote host:
 * - errors: EPERM for an unprivileged user, EINVAL for a multicast
 *   address and for one of the host's own unicast addresses,
 *   EADDRNOTAVAIL for an address no route leads to (ifindex 0) and for
 *   one outside net0's prefixes (a host, not a router), ENODEV for an
 *   unknown ifindex; IPV6_LEAVE_ANYCAST of an address not joined ENOENT;
 * - two sockets join fd99:1::a5: /proc/net/anycast6 lists it on net0 with
 *   2 users, 1 after one leaves; bind() to it is EADDRNOTAVAIL (not a
 *   unicast address of the host);
 * - a Neighbour Solicitation for it (proxy_delay 0) gets an advertisement
 *   with the Solicited flag and without Override, one for the host's
 *   unicast address gets both flags;
 * - a datagram from the remote host to it is delivered to a socket bound
 *   to :: with the anycast address as destination (IPV6_PKTINFO);
 * - after the last user leaves it is no longer listed and a solicitation
 *   for it goes unanswered;
 * - with forwarding on net0 the subnet-router anycast address fd99:1::
 *   is listed, and an address outside the prefixes can be joined; with
 *   forwarding off again fd99:1:: is gone.
 * Unanswered solicitations come before an answered one: the test runs
 * on one CPU, where the veth delivers in order, so any answer to them
 * would have been read before the last one's.
 */
#include <pwd.h>
#include <netinet/icmp6.h>
#include "tst_test.h"
#include "cpu_pin.h"
#include "net_hosts.h"

#define AC "fd99:1::a5"
#define PORT 4343
/*
 * The remote host's source for its hand-made solicitations: off the
 * link's prefix, so its kernel never picks it for its own solicitations
 * (whose answers would be counted as the test's).
 */
#define NS_SRC "fd99:2::22"

static int a_idx, b_idx;
static unsigned char b_mac[6];

static struct in6_addr ip6(const char *s)
{
	struct in6_addr a;

	if (inet_pton(AF_INET6, s, &a) != 1)
		tst_brk(TBROK, "bad address %s", s);
	return a;
}

/* IPV6_JOIN_ANYCAST or IPV6_LEAVE_ANYCAST on fd: 0 or errno. */
static int anycast(int fd, int opt, const char *addr, int ifindex)
{
	struct ipv6_mreq mr = {
		.ipv6mr_multiaddr = ip6(addr), .ipv6mr_interface = ifindex,
	};

	if (setsockopt(fd, IPPROTO_IPV6, opt, &mr, sizeof(mr)))
		return errno;
	return 0;
}

static void expect(int err, int want, const char *what)
{
	if (err == want)
		tst_res(TPASS, "%s: %s", what,
			want ? tst_strerrno(want) : "succeeded");
	else
		tst_res(TFAIL, "%s: %s, expected %s", what,
			err ? tst_strerrno(err) : "succeeded",
			want ? tst_strerrno(want) : "success");
}

/* Users of addr on net0 in the local host's /proc/net/anycast6; -1: none. */
static int ac_users(const char *addr)
{
	struct in6_addr want = ip6(addr), got;
	char line[256], dev[32], hex[33];
	int idx, users, i, n = -1;
	unsigned int byte;
	FILE *f;

	net_enter(NET_A);
	f = fopen("/proc/net/anycast6", "r");
	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(/proc/net/anycast6)");
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%d %31s %32s %d", &idx, dev, hex, &users) != 4)
			continue;
		for (i = 0; i < 16; i++) {
			sscanf(hex + 2 * i, "%2x", &byte);
			got.s6_addr[i] = byte;
		}
		if (idx == a_idx && !memcmp(&got, &want, 16))
			n = users;
	}
	fclose(f);
	return n;
}

/* The remote host's socket for Neighbour Advertisements. */
static int na_socket(void)
{
	struct icmp6_filter flt;
	int fd, one = 1;

	net_enter(NET_B);
	fd = socket(AF_INET6, SOCK_RAW | SOCK_CLOEXEC, IPPROTO_ICMPV6);
	if (fd < 0)
		tst_brk(TBROK | TERRNO, "socket(IPPROTO_ICMPV6)");
	ICMP6_FILTER_SETBLOCKALL(&flt);
	ICMP6_FILTER_SETPASS(ND_NEIGHBOR_ADVERT, &flt);
	if (setsockopt(fd, IPPROTO_ICMPV6, ICMP6_FILTER, &flt, sizeof(flt)) ||
	    setsockopt(fd, IPPROTO_IPV6, IPV6_RECVPKTINFO, &one, sizeof(one)))
		tst_brk(TBROK | TERRNO, "setsockopt(ICMP6_FILTER)");
	return fd;
}

/* A multicast solicitation for target from the remote host. */
static void solicit(const char *target)
{
	struct {
		struct nd_neighbor_solicit ns;
		unsigned char opt[8];
	} m;
	struct sockaddr_in6 src = {
		.sin6_family = AF_INET6, .sin6_addr = ip6(NS_SRC),
	};
	struct sockaddr_in6 dst = {
		.sin6_family = AF_INET6, .sin6_scope_id = b_idx,
		.sin6_addr = ip6("ff02::1:ff00:0"),
	};
	int fd, hops = 255, zero = 0;

	memset(&m, 0, sizeof(m));
	m.ns.nd_ns_type = ND_NEIGHBOR_SOLICIT;
	m.ns.nd_ns_target = ip6(target);
	m.opt[0] = ND_OPT_SOURCE_LINKADDR;
	m.opt[1] = 1;
	memcpy(m.opt + 2, b_mac, 6);
	/* solicited-node group: ff02::1:ff and the target's last 24 bits */
	memcpy(&dst.sin6_addr.s6_addr[13], &m.ns.nd_ns_target.s6_addr[13], 3);

	net_enter(NET_B);
	fd = socket(AF_INET6, SOCK_RAW | SOCK_CLOEXEC, IPPROTO_ICMPV6);
	if (fd < 0)
		tst_brk(TBROK | TERRNO, "socket(IPPROTO_ICMPV6)");
	if (bind(fd, (struct sockaddr *)&src, sizeof(src)) ||
	    setsockopt(fd, IPPROTO_IPV6, IPV6_MULTICAST_IF, &b_idx,
		       sizeof(b_idx)) ||
	    setsockopt(fd, IPPROTO_IPV6, IPV6_MULTICAST_HOPS, &hops,
		       sizeof(hops)) ||
	    setsockopt(fd, IPPROTO_IPV6, IPV6_MULTICAST_LOOP, &zero,
		       sizeof(zero)))
		tst_brk(TBROK | TERRNO, "raw ICMPv6 socket set-up");
	if (sendto(fd, &m, sizeof(m), 0, (struct sockaddr *)&dst,
		   sizeof(dst)) != sizeof(m))
		tst_brk(TBROK | TERRNO, "sendto(NS)");
	close(fd);
}

/*
 * Read the advertisements answering the test's solicitations (sent to
 * NS_SRC: the remote kernel's own ones go elsewhere) until the one for
 * target (bounded): its flags (host order), or -1 if none came. *acs
 * counts those for AC read before it.
 */
static long long advert(int fd, const char *target, int *acs)
{
	struct in6_addr t = ip6(target), ac = ip6(AC), me = ip6(NS_SRC);
	struct nd_neighbor_advert na;
	struct in6_pktinfo pi;
	char cbuf[256];
	struct iovec iov = { &na, sizeof(na) };
	struct msghdr mh = { .msg_iov = &iov, .msg_iovlen = 1 };
	struct cmsghdr *cm;
	ssize_t n;

	for (;;) {
		if (!(net_poll(fd, POLLIN, 10000) & POLLIN))
			return -1;
		mh.msg_control = cbuf;
		mh.msg_controllen = sizeof(cbuf);
		memset(&pi, 0, sizeof(pi));
		n = recvmsg(fd, &mh, 0);
		if (n < 0)
			tst_brk(TBROK | TERRNO, "recvmsg(NA)");
		for (cm = CMSG_FIRSTHDR(&mh); cm; cm = CMSG_NXTHDR(&mh, cm))
			if (cm->cmsg_level == IPPROTO_IPV6 &&
			    cm->cmsg_type == IPV6_PKTINFO)
				memcpy(&pi, CMSG_DATA(cm), sizeof(pi));
		if (n < (ssize_t)sizeof(na) ||
		    na.nd_na_type != ND_NEIGHBOR_ADVERT ||
		    memcmp(&pi.ipi6_addr, &me, 16))
			continue;
		if (!memcmp(&na.nd_na_target, &t, 16))
			return ntohl(na.nd_na_flags_reserved);
		if (!memcmp(&na.nd_na_target, &ac, 16))
			(*acs)++;
	}
}

static void check_flags(long long fl, int want_o, const char *what)
{
	if (fl < 0) {
		tst_res(TFAIL, "%s: no advertisement", what);
		return;
	}
	if ((fl & 0x40000000) && !!(fl & 0x20000000) == want_o)
		tst_res(TPASS, "%s: advertised, Solicited, %s", what,
			want_o ? "Override" : "no Override");
	else
		tst_res(TFAIL, "%s: flags 0x%08llx, expected S%s", what, fl,
			want_o ? " and O" : " without O");
}

static void test_errors(void)
{
	struct passwd *pw = getpwnam("nobody");
	int fd = net_socket(NET_A, AF_INET6, SOCK_DGRAM);
	pid_t pid;

	if (!pw)
		tst_brk(TBROK, "no user nobody");
	pid = SAFE_FORK();
	if (!pid) {
		if (setresgid(pw->pw_gid, pw->pw_gid, pw->pw_gid) ||
		    setresuid(pw->pw_uid, pw->pw_uid, pw->pw_uid))
			tst_brk(TBROK | TERRNO, "setresuid(nobody)");
		expect(anycast(fd, IPV6_JOIN_ANYCAST, AC, 0), EPERM,
		       "join as an unprivileged user");
		exit(0);
	}
	reap_child(pid);
	expect(anycast(fd, IPV6_JOIN_ANYCAST, "ff02::1:2", a_idx), EINVAL,
	       "join a multicast address");
	expect(anycast(fd, IPV6_JOIN_ANYCAST, "fd99:1::1", a_idx), EINVAL,
	       "join the host's own unicast address");
	expect(anycast(fd, IPV6_JOIN_ANYCAST, "fd99:77::1", 0), EADDRNOTAVAIL,
	       "join an unroutable address (ifindex 0)");
	expect(anycast(fd, IPV6_JOIN_ANYCAST, "fd99:77::1", a_idx),
	       EADDRNOTAVAIL, "join an address off net0's prefixes");
	expect(anycast(fd, IPV6_JOIN_ANYCAST, AC, 9999), ENODEV,
	       "join on ifindex 9999");
	expect(anycast(fd, IPV6_LEAVE_ANYCAST, AC, 0), ENOENT,
	       "leave an address not joined");
	NET_EXP_EQ(ac_users(AC), -1, "anycast6 users after the errors (none)");
	close(fd);
}

static void test_member(void)
{
	struct sockaddr_in6 sin6 = {
		.sin6_family = AF_INET6, .sin6_port = htons(PORT),
	};
	int s1 = net_socket(NET_A, AF_INET6, SOCK_DGRAM);
	int s2 = net_socket(NET_A, AF_INET6, SOCK_DGRAM);
	int rx, tx, nafd, acs = 0, one = 1;
	char buf[32], cbuf[256];
	struct iovec iov = { buf, sizeof(buf) };
	struct msghdr mh = {
		.msg_iov = &iov, .msg_iovlen = 1,
		.msg_control = cbuf, .msg_controllen = sizeof(cbuf),
	};
	struct in6_pktinfo pi = { .ipi6_ifindex = 0 };
	struct in6_addr ac = ip6(AC);
	struct cmsghdr *cm;
	long long fl;
	ssize_t n;

	expect(anycast(s1, IPV6_JOIN_ANYCAST, AC, 0), 0, "join " AC);
	expect(anycast(s2, IPV6_JOIN_ANYCAST, AC, a_idx), 0,
	       "join " AC " on net0 from a second socket");
	NET_EXP_EQ(ac_users(AC), 2, "anycast6 users of " AC);

	sin6.sin6_addr = ac;
	rx = net_socket(NET_A, AF_INET6, SOCK_DGRAM);
	if (!bind(rx, (struct sockaddr *)&sin6, sizeof(sin6)))
		tst_res(TFAIL, "bind() to the anycast address succeeded");
	else if (errno == EADDRNOTAVAIL)
		tst_res(TPASS, "bind() to the anycast address: EADDRNOTAVAIL");
	else
		tst_res(TFAIL | TERRNO, "bind() to the anycast address");
	close(rx);

	sin6.sin6_addr = in6addr_any;
	rx = net_socket(NET_A, AF_INET6, SOCK_DGRAM);
	if (bind(rx, (struct sockaddr *)&sin6, sizeof(sin6)) ||
	    setsockopt(rx, IPPROTO_IPV6, IPV6_RECVPKTINFO, &one, sizeof(one)))
		tst_brk(TBROK | TERRNO, "receiver on [::]:%d", PORT);

	nafd = na_socket();
	solicit(AC);
	check_flags(advert(nafd, AC, &acs), 0, "solicitation for " AC);
	solicit("fd99:1::1");
	check_flags(advert(nafd, "fd99:1::1", &acs), 1,
		    "solicitation for fd99:1::1");

	sin6.sin6_addr = ac;
	tx = net_socket(NET_B, AF_INET6, SOCK_DGRAM);
	if (sendto(tx, "anycast", 7, 0, (struct sockaddr *)&sin6,
		   sizeof(sin6)) != 7)
		tst_brk(TBROK | TERRNO, "sendto(" AC ")");
	close(tx);
	if (!(net_poll(rx, POLLIN, 10000) & POLLIN)) {
		tst_res(TFAIL, "datagram to " AC " not delivered");
	} else {
		n = recvmsg(rx, &mh, 0);
		for (cm = CMSG_FIRSTHDR(&mh); cm; cm = CMSG_NXTHDR(&mh, cm))
			if (cm->cmsg_level == IPPROTO_IPV6 &&
			    cm->cmsg_type == IPV6_PKTINFO)
				memcpy(&pi, CMSG_DATA(cm), sizeof(pi));
		if (n == 7 && !memcmp(buf, "anycast", 7) &&
		    !memcmp(&pi.ipi6_addr, &ac, 16) &&
		    (int)pi.ipi6_ifindex == a_idx)
			tst_res(TPASS, "datagram to " AC " delivered, destination and net0 in IPV6_PKTINFO");
		else
			tst_res(TFAIL, "datagram to " AC ": %zd bytes, ifindex %d",
				n, pi.ipi6_ifindex);
	}
	close(rx);

	expect(anycast(s1, IPV6_LEAVE_ANYCAST, AC, 0), 0, "leave " AC);
	NET_EXP_EQ(ac_users(AC), 1, "anycast6 users after one left");
	close(s2);
	NET_EXP_EQ(ac_users(AC), -1, "anycast6 entry after the last closed");
	solicit(AC);
	solicit("fd99:1::1");
	acs = 0;
	fl = advert(nafd, "fd99:1::1", &acs);
	if (fl < 0)
		tst_brk(TBROK, "no advertisement for fd99:1::1");
	NET_EXP_EQ(acs, 0, "advertisements for " AC " after the last left");
	close(nafd);
	close(s1);
}

static void test_router(void)
{
	int fd = net_socket(NET_A, AF_INET6, SOCK_DGRAM);

	NET_EXP_EQ(ac_users("fd99:1::"), -1,
		   "subnet-router anycast fd99:1:: with forwarding off");
	net_sysctl(NET_A, "net/ipv6/conf/net0/forwarding", "1");
	NET_EXP_EQ(ac_users("fd99:1::"), 1,
		   "subnet-router anycast fd99:1:: users with forwarding on");
	expect(anycast(fd, IPV6_JOIN_ANYCAST, "fd99:77::1", a_idx), 0,
	       "join an address off net0's prefixes as a router");
	close(fd);
	net_sysctl(NET_A, "net/ipv6/conf/net0/forwarding", "0");
	NET_EXP_EQ(ac_users("fd99:1::"), -1,
		   "subnet-router anycast fd99:1:: with forwarding off again");
}

static void hosts(void)
{
	struct rtnl_link_info li;
	struct in6_addr src;
	int h;

	for (h = 0; h < NET_NHOSTS; h++) {
		if (net_nsfd[h] >= 0)
			close(net_nsfd[h]);
		net_nsfd[h] = -1;
	}
	net_cur = -1;
	net_hosts_setup();
	/* anycast advertisements otherwise wait up to a random 0.8 s */
	net_sysctl(NET_A, "net/ipv6/neigh/net0/proxy_delay", "0");
	net_enter(NET_A);
	a_idx = rtnl_ifindex("net0");
	net_enter(NET_B);
	b_idx = rtnl_ifindex("net0");
	RTNL_SAFE(rtnl_link_get(b_idx, NULL, &li));
	memcpy(b_mac, li.addr, 6);
	src = ip6(NS_SRC);
	RTNL_SAFE(rtnl_addr_add(b_idx, AF_INET6, &src, 64, IFA_F_NODAD));
	net_enter(NET_A);
}

static void setup(void)
{
	/* one CPU: the veth delivers the solicitations in order */
	pin_to_current_cpu();
}

static void run(void)
{
	hosts();
	test_errors();
	test_member();
	test_router();
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.forks_child = 1,
	.timeout = 60,
};
