// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Where the TTL / hop limit of a datagram comes from, read at the remote
 * host (IP_RECVTTL, IPV6_RECVHOPLIMIT):
 * - IPv4: ip_default_ttl reads 64 in a new namespace, 0 and 256 are
 *   EINVAL (value kept); set to 33 it is the TTL on the wire and what
 *   IP_TTL reads; a route with RTAX_HOPLIMIT 7 gives TTL 7 while IP_TTL
 *   still reads 33; IP_TTL 20 on the socket beats the route;
 * - IPv6: hop_limit 0 and 256 are EINVAL; conf/net0/hop_limit 44 is the
 *   hop limit on the wire, IPV6_UNICAST_HOPS of a connected socket reads
 *   44 and of an unconnected one conf/all's 64; a route with
 *   RTAX_HOPLIMIT 9 gives 9 (the connected socket reads 9);
 *   IPV6_UNICAST_HOPS 20 beats the route.
 */
#include "tst_test.h"
#include "net_hosts.h"

#define PORT 4848

static int rx4 = -1, rx6 = -1;

static void hosts(void)
{
	int one = 1, h;

	for (h = 0; h < NET_NHOSTS; h++) {
		if (net_nsfd[h] >= 0)
			close(net_nsfd[h]);
		net_nsfd[h] = -1;
	}
	if (rx4 >= 0)
		close(rx4);
	if (rx6 >= 0)
		close(rx6);
	net_cur = -1;
	net_hosts_setup();
	rx4 = net_socket(NET_B, AF_INET, SOCK_DGRAM);
	rx6 = net_socket(NET_B, AF_INET6, SOCK_DGRAM);
	{
		struct sockaddr_storage s4, s6;
		socklen_t l4 = net_addr(NET_B, AF_INET, PORT, &s4);
		socklen_t l6 = net_addr(NET_B, AF_INET6, PORT, &s6);

		if (bind(rx4, (struct sockaddr *)&s4, l4) ||
		    bind(rx6, (struct sockaddr *)&s6, l6) ||
		    setsockopt(rx4, IPPROTO_IP, IP_RECVTTL, &one,
			       sizeof(one)) ||
		    setsockopt(rx6, IPPROTO_IPV6, IPV6_RECVHOPLIMIT, &one,
			       sizeof(one)))
			tst_brk(TBROK | TERRNO, "receivers");
	}
	net_enter(NET_A);
}

/* A socket of the local host, connected to the receiver when asked. */
static int sender(int family, int connected)
{
	struct sockaddr_storage ss;
	socklen_t len = net_addr(NET_B, family, PORT, &ss);
	int fd = net_socket(NET_A, family, SOCK_DGRAM);

	if (connected && connect(fd, (struct sockaddr *)&ss, len))
		tst_brk(TBROK | TERRNO, "connect()");
	return fd;
}

/* One datagram from fd to the receiver: its TTL / hop limit there. */
static int hops_of(int family, int fd)
{
	struct sockaddr_storage ss;
	socklen_t len = net_addr(NET_B, family, PORT, &ss);
	int r = family == AF_INET ? rx4 : rx6, hops = -1;
	char c = 'h', cbuf[256];
	struct iovec iov = { &c, 1 };
	struct msghdr mh = {
		.msg_iov = &iov, .msg_iovlen = 1,
		.msg_control = cbuf, .msg_controllen = sizeof(cbuf),
	};
	struct cmsghdr *cm;

	if (sendto(fd, &c, 1, 0, (struct sockaddr *)&ss, len) != 1)
		tst_brk(TBROK | TERRNO, "sendto()");
	net_wait(r, POLLIN);
	if (recvmsg(r, &mh, 0) != 1)
		tst_brk(TBROK | TERRNO, "recvmsg()");
	for (cm = CMSG_FIRSTHDR(&mh); cm; cm = CMSG_NXTHDR(&mh, cm))
		if ((cm->cmsg_level == IPPROTO_IP && cm->cmsg_type == IP_TTL) ||
		    (cm->cmsg_level == IPPROTO_IPV6 &&
		     cm->cmsg_type == IPV6_HOPLIMIT))
			memcpy(&hops, CMSG_DATA(cm), sizeof(int));
	return hops;
}

static int getint(int fd, int level, int opt)
{
	int val = -1;
	socklen_t len = sizeof(val);

	if (getsockopt(fd, level, opt, &val, &len))
		tst_brk(TBROK | TERRNO, "getsockopt(%d, %d)", level, opt);
	return val;
}

static void setint(int fd, int level, int opt, int val)
{
	if (setsockopt(fd, level, opt, &val, sizeof(val)))
		tst_brk(TBROK | TERRNO, "setsockopt(%d, %d, %d)", level, opt,
			val);
}

/* A host route to the remote host on net0 with RTAX_HOPLIMIT hl. */
static void hop_route(int family, int hl)
{
	static struct rtnl_msg m;
	struct sockaddr_storage ss;
	struct rtmsg rtm = {
		.rtm_family = family, .rtm_dst_len = family == AF_INET ? 32 : 128,
		.rtm_table = RT_TABLE_MAIN, .rtm_protocol = RTPROT_STATIC,
		.rtm_scope = RT_SCOPE_LINK, .rtm_type = RTN_UNICAST,
	};

	net_addr(NET_B, family, 0, &ss);
	net_enter(NET_A);
	rtnl_msg_init(&m, RTM_NEWROUTE, NLM_F_CREATE | NLM_F_EXCL, &rtm,
		      sizeof(rtm));
	rtnl_put(&m, RTA_DST, net_rawaddr(&ss), rtnl_alen(family));
	rtnl_put_u32(&m, RTA_OIF, rtnl_ifindex("net0"));
	rtnl_nest(&m, RTA_METRICS);
	rtnl_put_u32(&m, RTAX_HOPLIMIT, hl);
	rtnl_nest_end(&m);
	RTNL_SAFE(rtnl_talk(&m));
}

/* Write val to a sysctl of the local host: 0 or errno. */
static int try_sysctl(const char *path, const char *val)
{
	char p[128];
	int fd, ret = 0;

	net_enter(NET_A);
	snprintf(p, sizeof(p), "/proc/sys/%s", path);
	fd = open(p, O_WRONLY);
	if (fd < 0)
		tst_brk(TBROK | TERRNO, "open(%s)", p);
	if (write(fd, val, strlen(val)) < 0)
		ret = errno;
	close(fd);
	return ret;
}

static void expect_einval(const char *path, const char *val)
{
	int ret = try_sysctl(path, val);

	if (ret == EINVAL)
		tst_res(TPASS, "%s = %s: EINVAL", path, val);
	else
		tst_res(TFAIL, "%s = %s: %s, expected EINVAL", path, val,
			ret ? tst_strerrno(ret) : "accepted");
}

static long sysctl_num(const char *path)
{
	char buf[32];

	net_sysctl_read(NET_A, path, buf, sizeof(buf));
	return atol(buf);
}

static void test_ipv4(void)
{
	int fd;

	NET_EXP_EQ(sysctl_num("net/ipv4/ip_default_ttl"), 64,
		   "new namespace: ip_default_ttl");
	expect_einval("net/ipv4/ip_default_ttl", "0");
	expect_einval("net/ipv4/ip_default_ttl", "256");
	NET_EXP_EQ(sysctl_num("net/ipv4/ip_default_ttl"), 64,
		   "ip_default_ttl after the EINVALs");

	net_sysctl(NET_A, "net/ipv4/ip_default_ttl", "33");
	fd = sender(AF_INET, 0);
	NET_EXP_EQ(getint(fd, IPPROTO_IP, IP_TTL), 33,
		   "IP_TTL with ip_default_ttl 33");
	NET_EXP_EQ(hops_of(AF_INET, fd), 33, "TTL with ip_default_ttl 33");
	close(fd);

	hop_route(AF_INET, 7);
	fd = sender(AF_INET, 1);
	NET_EXP_EQ(hops_of(AF_INET, fd), 7, "TTL with a route hoplimit 7");
	NET_EXP_EQ(getint(fd, IPPROTO_IP, IP_TTL), 33,
		   "IP_TTL of a socket on that route");
	setint(fd, IPPROTO_IP, IP_TTL, 20);
	NET_EXP_EQ(hops_of(AF_INET, fd), 20, "TTL with IP_TTL 20");
	close(fd);
}

static void test_ipv6(void)
{
	int fd;

	expect_einval("net/ipv6/conf/all/hop_limit", "0");
	expect_einval("net/ipv6/conf/net0/hop_limit", "256");
	NET_EXP_EQ(sysctl_num("net/ipv6/conf/net0/hop_limit"), 64,
		   "conf/net0/hop_limit after the EINVALs");

	net_sysctl(NET_A, "net/ipv6/conf/net0/hop_limit", "44");
	fd = sender(AF_INET6, 0);
	NET_EXP_EQ(getint(fd, IPPROTO_IPV6, IPV6_UNICAST_HOPS), 64,
		   "IPV6_UNICAST_HOPS of an unconnected socket (conf/all)");
	NET_EXP_EQ(hops_of(AF_INET6, fd), 44,
		   "hop limit with conf/net0/hop_limit 44");
	close(fd);
	fd = sender(AF_INET6, 1);
	NET_EXP_EQ(getint(fd, IPPROTO_IPV6, IPV6_UNICAST_HOPS), 44,
		   "IPV6_UNICAST_HOPS of a connected socket");
	close(fd);

	hop_route(AF_INET6, 9);
	fd = sender(AF_INET6, 1);
	NET_EXP_EQ(hops_of(AF_INET6, fd), 9,
		   "hop limit with a route hoplimit 9");
	NET_EXP_EQ(getint(fd, IPPROTO_IPV6, IPV6_UNICAST_HOPS), 9,
		   "IPV6_UNICAST_HOPS of a socket on that route");
	setint(fd, IPPROTO_IPV6, IPV6_UNICAST_HOPS, 20);
	NET_EXP_EQ(hops_of(AF_INET6, fd), 20,
		   "hop limit with IPV6_UNICAST_HOPS 20");
	close(fd);
}

static void run(void)
{
	hosts();
	test_ipv4();
	test_ipv6();
}

static void cleanup(void)
{
	if (rx4 >= 0)
		close(rx4);
	if (rx6 >= 0)
		close(rx6);
}

static struct tst_test test = {
	.test_all = run,
	.cleanup = cleanup,
	.needs_root = 1,
};
