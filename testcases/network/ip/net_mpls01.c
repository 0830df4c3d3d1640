// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * MPLS through the router namespace: the local host pushes label 100 on
 * datagrams for 10.99.9.9 (an IPv4 route with an MPLS encap,
 * mpls_iptunnel), the router pops it (an AF_MPLS route with a via
 * address, mpls_router) and the remote gets plain IPv4. The remote's
 * IP_RECVTTL tells how the TTL went:
 * - the pushed label takes the IP TTL (64): the router's pop leaves 63;
 * - a route TTL of 10 (MPLS_IPTUNNEL_TTL): 9 with the router's
 *   ip_ttl_propagate 1 (the MPLS TTL lands in the IP header), 63 with
 *   0 (the IP TTL is decremented instead);
 * - net.mpls.ip_ttl_propagate 0 at the sender: net.mpls.default_ttl
 *   (20) is pushed, 19 arrives;
 * - a route TTL of 1: the router drops the packet (the next datagram,
 *   not labelled, comes first); so it does with net.mpls.conf.net0.input
 *   0;
 * - AF_MPLS route errors: a reserved label (15) and a label at
 *   platform_labels are EINVAL, the same label again EEXIST.
 */
#include <linux/lwtunnel.h>
#include <linux/mpls.h>
#include <linux/mpls_iptunnel.h>
#include "tst_test.h"
#include "net_hosts.h"
#include "socket_helpers.h"

#define LABEL 100

static int rfd = -1;
static struct sockaddr_in dst, plain;

static uint32_t lse(unsigned int label, int bos)
{
	return htonl(label << MPLS_LS_LABEL_SHIFT | (bos ? 1 : 0) <<
		     MPLS_LS_S_SHIFT);
}

/* In the router: pop label and send the packet to via on oif. */
static int mpls_route(int type, unsigned int label, const char *via, int oif)
{
	static struct rtnl_msg m;
	struct rtmsg rtm = {
		.rtm_family = AF_MPLS, .rtm_dst_len = 20,
		.rtm_table = RT_TABLE_MAIN, .rtm_protocol = RTPROT_STATIC,
		.rtm_scope = RT_SCOPE_UNIVERSE, .rtm_type = RTN_UNICAST,
	};
	struct { uint16_t family; unsigned char addr[4]; } v = { .family = AF_INET };
	uint32_t l = lse(label, 1);

	rtnl_msg_init(&m, type, type == RTM_NEWROUTE ?
		      NLM_F_CREATE | NLM_F_EXCL : 0, &rtm, sizeof(rtm));
	rtnl_put(&m, RTA_DST, &l, 4);
	if (via) {
		inet_pton(AF_INET, via, v.addr);
		rtnl_put(&m, RTA_VIA, &v, sizeof(v));
		rtnl_put_u32(&m, RTA_OIF, oif);
	}
	return rtnl_talk(&m);
}

/* In the local host: 10.99.9.9/32 via the router, label pushed. */
static int encap_route(int type, int ttl)
{
	static struct rtnl_msg m;
	struct rtmsg rtm = {
		.rtm_family = AF_INET, .rtm_dst_len = 32,
		.rtm_table = RT_TABLE_MAIN, .rtm_protocol = RTPROT_STATIC,
		.rtm_scope = RT_SCOPE_UNIVERSE, .rtm_type = RTN_UNICAST,
	};
	uint32_t l = lse(LABEL, 1);
	struct in_addr gw;

	inet_pton(AF_INET, "10.99.1.254", &gw);
	if (type == RTM_DELROUTE)
		rtm.rtm_scope = RT_SCOPE_NOWHERE;
	rtnl_msg_init(&m, type, type == RTM_NEWROUTE ?
		      NLM_F_CREATE | NLM_F_EXCL : 0, &rtm, sizeof(rtm));
	rtnl_put(&m, RTA_DST, &dst.sin_addr, 4);
	if (type == RTM_NEWROUTE) {
		rtnl_put(&m, RTA_GATEWAY, &gw, 4);
		rtnl_put_u32(&m, RTA_OIF, rtnl_ifindex("net0"));
		rtnl_put_u16(&m, RTA_ENCAP_TYPE, LWTUNNEL_ENCAP_MPLS);
		rtnl_nest(&m, RTA_ENCAP);
		rtnl_put(&m, MPLS_IPTUNNEL_DST, &l, 4);
		if (ttl >= 0)
			rtnl_put_u8(&m, MPLS_IPTUNNEL_TTL, ttl);
		rtnl_nest_end(&m);
	}
	return rtnl_talk(&m);
}

static void set_encap(int ttl)
{
	net_enter(NET_A);
	RTNL_SAFE(encap_route(RTM_DELROUTE, 0));
	RTNL_SAFE(encap_route(RTM_NEWROUTE, ttl));
}

/* The next datagram at the remote: its TTL; *what says which it was. */
static int next_ttl(char *what, size_t len)
{
	char cbuf[CMSG_SPACE(sizeof(int))];
	struct iovec iov = { what, len - 1 };
	struct msghdr mh = {
		.msg_iov = &iov, .msg_iovlen = 1,
		.msg_control = cbuf, .msg_controllen = sizeof(cbuf),
	};
	struct cmsghdr *c;
	ssize_t n;

	net_wait(rfd, POLLIN);
	n = recvmsg(rfd, &mh, MSG_DONTWAIT);
	if (n < 0)
		tst_brk(TBROK | TERRNO, "recvmsg()");
	what[n] = 0;
	for (c = CMSG_FIRSTHDR(&mh); c; c = CMSG_NXTHDR(&mh, c))
		if (c->cmsg_level == IPPROTO_IP && c->cmsg_type == IP_TTL)
			return *(int *)CMSG_DATA(c);
	return -1;
}

/* A labelled datagram then a plain one; the TTL of the first, or -1. */
static int labelled(void)
{
	int fd = net_socket(NET_A, AF_INET, SOCK_DGRAM), ttl;
	char what[32];

	if (sendto(fd, "mpls", 4, 0, (struct sockaddr *)&dst, sizeof(dst)) != 4 ||
	    sendto(fd, "plain", 5, 0, (struct sockaddr *)&plain,
		   sizeof(plain)) != 5)
		tst_brk(TBROK | TERRNO, "sendto()");
	close(fd);
	ttl = next_ttl(what, sizeof(what));
	if (!strcmp(what, "plain"))
		return -1;
	if (strcmp(what, "mpls"))
		tst_brk(TBROK, "unexpected datagram '%s'", what);
	next_ttl(what, sizeof(what));
	if (strcmp(what, "plain"))
		tst_brk(TBROK, "the plain datagram did not follow");
	return ttl;
}

static void expect_ttl(int want, const char *how)
{
	int ttl = labelled();

	if (ttl < 0 && want < 0)
		tst_res(TPASS, "%s: dropped", how);
	else if (ttl == want)
		tst_res(TPASS, "%s: arrived with TTL %d", how, ttl);
	else if (ttl < 0)
		tst_res(TFAIL, "%s: dropped, expected TTL %d", how, want);
	else if (want < 0)
		tst_res(TFAIL, "%s: arrived with TTL %d, expected a drop", how,
			ttl);
	else
		tst_res(TFAIL, "%s: TTL %d, expected %d", how, ttl, want);
}

static void run(void)
{
	int oif;

	net_enter(NET_R);
	oif = rtnl_ifindex("net1");
	TST_EXP_VAL(mpls_route(RTM_NEWROUTE, 15, "10.99.2.2", oif), -EINVAL,
		    "AF_MPLS route for reserved label 15");
	TST_EXP_VAL(mpls_route(RTM_NEWROUTE, 1000, "10.99.2.2", oif), -EINVAL,
		    "AF_MPLS route for label 1000 (platform_labels 1000)");
	TST_EXP_VAL(mpls_route(RTM_NEWROUTE, LABEL, "10.99.2.2", oif), -EEXIST,
		    "AF_MPLS route for label %d again", LABEL);

	set_encap(-1);
	expect_ttl(63, "label with the IP TTL");
	set_encap(10);
	expect_ttl(9, "route TTL 10, router propagates");
	net_sysctl(NET_R, "net/mpls/ip_ttl_propagate", "0");
	expect_ttl(63, "route TTL 10, router does not propagate");
	net_sysctl(NET_R, "net/mpls/ip_ttl_propagate", "1");
	set_encap(-1);
	net_sysctl(NET_A, "net/mpls/ip_ttl_propagate", "0");
	net_sysctl(NET_A, "net/mpls/default_ttl", "20");
	expect_ttl(19, "sender's default_ttl 20");
	net_sysctl(NET_A, "net/mpls/ip_ttl_propagate", "1");
	net_sysctl(NET_A, "net/mpls/default_ttl", "255");
	set_encap(1);
	expect_ttl(-1, "route TTL 1");
	set_encap(-1);
	net_sysctl(NET_R, "net/mpls/conf/net0/input", "0");
	expect_ttl(-1, "router's net0 input 0");
	net_sysctl(NET_R, "net/mpls/conf/net0/input", "1");
	expect_ttl(63, "router's net0 input 1 again");
	net_enter(NET_A);
}

static void setup(void)
{
	int one = 1, ret;

	sock_pin_cpu();
	net_routed_setup();
	dst.sin_family = AF_INET;
	inet_pton(AF_INET, "10.99.9.9", &dst.sin_addr);
	/*
	 * the encap route loads mpls_iptunnel and with it mpls_router
	 * (request_module("rtnl-lwt-MPLS")), which then sets up the
	 * namespaces that exist
	 */
	net_enter(NET_A);
	ret = encap_route(RTM_NEWROUTE, -1);
	if (ret == -EOPNOTSUPP)
		tst_brk(TCONF, "no MPLS encap routes (mpls_iptunnel missing)");
	if (ret)
		tst_brk(TBROK, "MPLS encap route: %s", tst_strerrno(-ret));
	net_enter(NET_R);
	if (access("/proc/sys/net/mpls/platform_labels", F_OK))
		tst_brk(TCONF, "no /proc/sys/net/mpls (mpls_router missing)");
	net_sysctl(NET_R, "net/mpls/platform_labels", "1000");
	net_sysctl(NET_R, "net/mpls/conf/net0/input", "1");
	net_sysctl(NET_R, "net/mpls/ip_ttl_propagate", "1");
	net_enter(NET_R);
	RTNL_SAFE(mpls_route(RTM_NEWROUTE, LABEL, "10.99.2.2",
			     rtnl_ifindex("net1")));

	net_enter(NET_B);
	RTNL_SAFE(rtnl_addr_add(rtnl_ifindex("lo"), AF_INET, &dst.sin_addr,
				32, 0));
	rfd = net_socket(NET_B, AF_INET, SOCK_DGRAM);
	if (bind(rfd, (struct sockaddr *)&(struct sockaddr_in){
			.sin_family = AF_INET }, sizeof(dst)) ||
	    setsockopt(rfd, IPPROTO_IP, IP_RECVTTL, &one, sizeof(one)))
		tst_brk(TBROK | TERRNO, "bind()/IP_RECVTTL");
	{
		struct sockaddr_in a;
		socklen_t len = sizeof(a);

		getsockname(rfd, (struct sockaddr *)&a, &len);
		dst.sin_port = a.sin_port;
	}
	plain = dst;
	inet_pton(AF_INET, "10.99.2.2", &plain.sin_addr);

	net_sysctl(NET_A, "net/mpls/ip_ttl_propagate", "1");
	net_enter(NET_A);
}

static void cleanup(void)
{
	if (rfd >= 0)
		close(rfd);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.timeout = 60,
};
