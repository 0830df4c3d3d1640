// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * MPLS between the two namespaces (mpls_router, mpls_iptunnel; the
 * first is loaded through socket(AF_MPLS), the second by the encap
 * route). The remote owns 10.103.0.2 and 10.103.0.3 on lo; the local
 * host reaches them through IPv4 routes with MPLS encapsulation via the
 * remote's veth address.
 * - net.mpls.platform_labels is 0 in a new namespace and every label
 *   route is EINVAL until it is set; labels 0-15 (reserved) and labels
 *   at or above platform_labels are EINVAL; a route with neither an
 *   output device nor a via ENODEV; NLM_F_APPEND EOPNOTSUPP; a second
 *   route for a label EEXIST (with and without NLM_F_EXCL); NLM_F_REPLACE of a missing label
 *   without NLM_F_CREATE ENOENT; RTA_TTL_PROPAGATE 2 EINVAL; a table
 *   other than main EINVAL; an encap with the implicit null label (3) or
 *   a bottom of stack bit on the wrong label EINVAL.
 * - With net.mpls.conf.net0.input 0 the remote drops a labelled packet
 *   (MPLS rx_dropped + 1 in RTM_GETSTATS, nothing delivered); with 1 it
 *   pops label 100 and delivers the datagram intact.
 * - On the wire (the local net0): ethertype 0x8847, label 100, bottom
 *   of stack, label TTL = the IP TTL (40) with ip_ttl_propagate 1; with
 *   ip_ttl_propagate 0 it is net.mpls.default_ttl (77). The remote
 *   copies the label TTL less one into the IP header (39, 76), and with
 *   its own ip_ttl_propagate 0 decrements the IP TTL instead (39).
 * - A route with MPLS_IPTUNNEL_TTL 9 and two labels (300, 101): both on
 *   the wire with TTL 9, only the second one bottom of stack; the remote
 *   pops 300 to lo (input on), then 101, and delivers.
 * - A label without a route: rx_noroute + 1; deleting the route of 100
 *   makes its traffic rx_noroute too.
 * - MPLS tx_packets of the local net0 and rx_packets of the remote's
 *   move by the datagrams sent.
 */
#include <sys/socket.h>
#include <linux/if_packet.h>
#include <linux/if_ether.h>
#include "tst_test.h"
#include "net_hosts.h"
#include <linux/lwtunnel.h>
#include <linux/mpls.h>
#include <linux/mpls_iptunnel.h>

#ifndef AF_MPLS
# define AF_MPLS 28
#endif

#define PLATFORM_LABELS 1000

static unsigned char pkt[2048];
static int rsock, ssock, cap;
static struct sockaddr_in dst2, dst3, dst4;

static uint32_t label_entry(unsigned int label, int bos)
{
	return htonl(label << MPLS_LS_LABEL_SHIFT |
		     (bos ? 1 : 0) << MPLS_LS_S_SHIFT);
}

static void exp_err(int ret, int err, const char *desc)
{
	if (ret == -err)
		tst_res(TPASS, "%s: %s", desc, err ? tst_strerrno(err) : "0");
	else
		tst_res(TFAIL, "%s: %s, expected %s", desc,
			ret ? tst_strerrno(-ret) : "success",
			err ? tst_strerrno(err) : "success");
}

/* An MPLS route for label popping to oif (0: none) in the current host. */
static int mpls_route(int type, int flags, unsigned int label, int oif,
		      int table, int ttlprop)
{
	static struct rtnl_msg m;
	struct rtmsg rtm = {
		.rtm_family = AF_MPLS, .rtm_dst_len = 20,
		.rtm_table = table, .rtm_protocol = RTPROT_STATIC,
		.rtm_scope = RT_SCOPE_UNIVERSE, .rtm_type = RTN_UNICAST,
	};
	uint32_t e = label_entry(label, 1);

	rtnl_msg_init(&m, type, flags, &rtm, sizeof(rtm));
	rtnl_put(&m, RTA_DST, &e, 4);
	if (oif)
		rtnl_put_u32(&m, RTA_OIF, oif);
	if (ttlprop >= 0)
		rtnl_put_u8(&m, RTA_TTL_PROPAGATE, ttlprop);
	return rtnl_talk(&m);
}

static int mpls_add(unsigned int label)
{
	return mpls_route(RTM_NEWROUTE, NLM_F_CREATE | NLM_F_EXCL, label,
			  rtnl_ifindex("lo"), RT_TABLE_MAIN, -1);
}

/* In the local host: dst/32 via the remote with the label stack. */
static int encap_route(const struct sockaddr_in *dst, const uint32_t *lbl,
		       int n, int ttl)
{
	static struct rtnl_msg m;
	struct rtmsg rtm = {
		.rtm_family = AF_INET, .rtm_dst_len = 32,
		.rtm_table = RT_TABLE_MAIN, .rtm_protocol = RTPROT_STATIC,
		.rtm_scope = RT_SCOPE_UNIVERSE, .rtm_type = RTN_UNICAST,
	};
	struct sockaddr_storage gw;

	net_addr(NET_B, AF_INET, 0, &gw);
	rtnl_msg_init(&m, RTM_NEWROUTE, NLM_F_CREATE | NLM_F_EXCL, &rtm,
		      sizeof(rtm));
	rtnl_put(&m, RTA_DST, &dst->sin_addr, 4);
	rtnl_put(&m, RTA_GATEWAY, net_rawaddr(&gw), 4);
	rtnl_put_u32(&m, RTA_OIF, rtnl_ifindex("net0"));
	rtnl_put_u16(&m, RTA_ENCAP_TYPE, LWTUNNEL_ENCAP_MPLS);
	rtnl_nest(&m, RTA_ENCAP);
	rtnl_put(&m, MPLS_IPTUNNEL_DST, lbl, 4 * n);
	if (ttl >= 0)
		rtnl_put_u8(&m, MPLS_IPTUNNEL_TTL, ttl);
	rtnl_nest_end(&m);
	return rtnl_talk(&m);
}

static void stats_cb(struct nlmsghdr *nh, void *priv)
{
	struct rtattr *a;

	if (nh->nlmsg_type != RTM_NEWSTATS)
		return;
	a = rtnl_attr(nh, sizeof(struct if_stats_msg), IFLA_STATS_AF_SPEC);
	if (a)
		a = rtnl_nested(a, AF_MPLS);
	if (a)
		a = rtnl_nested(a, MPLS_STATS_LINK);
	if (a && RTA_PAYLOAD(a) >= sizeof(struct mpls_link_stats))
		memcpy(priv, RTA_DATA(a), sizeof(struct mpls_link_stats));
}

/* MPLS statistics of net0 in host h. */
static struct mpls_link_stats mstats(int h)
{
	static struct rtnl_msg m;
	struct if_stats_msg ism = {
		.family = AF_UNSPEC,
		.filter_mask = IFLA_STATS_FILTER_BIT(IFLA_STATS_AF_SPEC),
	};
	struct mpls_link_stats st;

	net_enter(h);
	ism.ifindex = rtnl_ifindex("net0");
	memset(&st, 0xff, sizeof(st));
	rtnl_msg_init(&m, RTM_GETSTATS, 0, &ism, sizeof(ism));
	RTNL_SAFE(rtnl_talk_cb(&m, stats_cb, &st));
	if (st.rx_packets == (uint64_t)-1)
		tst_brk(TBROK, "no MPLS statistics of net0");
	return st;
}

/* Wait (bounded) until the remote's counter at off reaches want. */
static uint64_t wait_rx(size_t off, uint64_t want)
{
	struct timespec t0, t;
	struct mpls_link_stats st;
	uint64_t v;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (;;) {
		st = mstats(NET_B);
		memcpy(&v, (char *)&st + off, sizeof(v));
		if (v >= want)
			return v;
		clock_gettime(CLOCK_MONOTONIC, &t);
		if ((t.tv_sec - t0.tv_sec) * 1000 +
		    (t.tv_nsec - t0.tv_nsec) / 1000000 > net_ms(5000))
			return v;
		usleep(1000);
	}
}

/* Send size bytes with marker to dst from the local host's socket. */
static void send_dgram(const struct sockaddr_in *dst, const char *marker,
		       size_t size)
{
	static unsigned char buf[1400];
	struct sockaddr_in to = *dst;
	socklen_t len = sizeof(to);
	struct sockaddr_in ra;
	size_t i;

	if (getsockname(rsock, (struct sockaddr *)&ra, &len))
		tst_brk(TBROK | TERRNO, "getsockname()");
	to.sin_port = ra.sin_port;
	for (i = 0; i < size; i++)
		buf[i] = i * 11 + 3;
	memcpy(buf, marker, strlen(marker));
	if (sendto(ssock, buf, size, 0, (struct sockaddr *)&to, sizeof(to)) !=
	    (ssize_t)size)
		tst_brk(TBROK | TERRNO, "sendto(%s)", marker);
}

/* The next datagram on the remote: its TTL, or -1 if nothing came. */
static int recv_dgram(const char *marker, size_t size)
{
	static unsigned char buf[1400];
	char cbuf[CMSG_SPACE(sizeof(int))];
	struct iovec iov = { buf, sizeof(buf) };
	struct msghdr mh = {
		.msg_iov = &iov, .msg_iovlen = 1,
		.msg_control = cbuf, .msg_controllen = sizeof(cbuf),
	};
	struct cmsghdr *c;
	int ttl = -2;
	ssize_t n;
	size_t i;

	if (!net_poll(rsock, POLLIN, 5000))
		return -1;
	n = recvmsg(rsock, &mh, MSG_DONTWAIT);
	if (n < 0)
		tst_brk(TBROK | TERRNO, "recvmsg()");
	for (i = strlen(marker); i < size && i < (size_t)n; i++)
		if (buf[i] != (unsigned char)(i * 11 + 3))
			break;
	if (n != (ssize_t)size || memcmp(buf, marker, strlen(marker)) ||
	    i != size) {
		tst_res(TFAIL, "%s: %zd bytes received, not the %zu sent",
			marker, n, size);
		return -2;
	}
	for (c = CMSG_FIRSTHDR(&mh); c; c = CMSG_NXTHDR(&mh, c))
		if (c->cmsg_level == SOL_IP && c->cmsg_type == IP_TTL)
			memcpy(&ttl, CMSG_DATA(c), sizeof(ttl));
	return ttl;
}

/* The labels of the MPLS frame carrying marker that the local host sent. */
static int find_labels(const char *marker, uint32_t *lbl, int max)
{
	struct sockaddr_ll from;
	socklen_t len;
	ssize_t n;
	int i;

	for (;;) {
		len = sizeof(from);
		n = recvfrom(cap, pkt, sizeof(pkt), MSG_DONTWAIT,
			     (struct sockaddr *)&from, &len);
		if (n < 0)
			return -1;
		if (from.sll_pkttype != PACKET_OUTGOING ||
		    ntohs(from.sll_protocol) != ETH_P_MPLS_UC ||
		    !memmem(pkt, n, marker, strlen(marker)))
			continue;
		for (i = 0; i < max && (i + 1) * 4 <= n; i++) {
			memcpy(&lbl[i], pkt + 4 * i, 4);
			lbl[i] = ntohl(lbl[i]);
			if (lbl[i] & MPLS_LS_S_MASK)
				return i + 1;
		}
		return i;
	}
}

static void check_label(uint32_t e, unsigned int label, int bos, int ttl,
			const char *desc)
{
	tst_res((e >> MPLS_LS_LABEL_SHIFT) == label &&
		!!(e & MPLS_LS_S_MASK) == bos &&
		(int)(e & MPLS_LS_TTL_MASK) == ttl ? TPASS : TFAIL,
		"%s on the wire: label %u S %u TTL %u (expected %u S %d TTL %d)",
		desc, e >> MPLS_LS_LABEL_SHIFT, !!(e & MPLS_LS_S_MASK),
		e & MPLS_LS_TTL_MASK, label, bos, ttl);
}

/* One datagram to dst: delivered with rttl, the wire's labels checked. */
static void through(const struct sockaddr_in *dst, const char *marker,
		    const unsigned int *labels, int nl, int wttl, int rttl)
{
	uint32_t lbl[4];
	int n, i, ttl;

	send_dgram(dst, marker, 1000);
	ttl = recv_dgram(marker, 1000);
	if (ttl == -1)
		tst_res(TFAIL, "%s: datagram not delivered", marker);
	else if (ttl >= 0)
		NET_EXP_EQ(ttl, rttl, "IP TTL at the remote");
	n = find_labels(marker, lbl, 4);
	if (n != nl) {
		tst_res(TFAIL, "%s: %d labels on the wire, expected %d",
			marker, n, nl);
		return;
	}
	for (i = 0; i < nl; i++)
		check_label(lbl[i], labels[i], i == nl - 1, wttl, marker);
}

static void test_errors(void)
{
	uint32_t l3 = label_entry(3, 1), l2[2];
	char buf[32];
	int lo;

	net_enter(NET_B);
	lo = rtnl_ifindex("lo");
	net_sysctl_read(NET_B, "net/mpls/platform_labels", buf, sizeof(buf));
	NET_EXP_EQ(atoi(buf), 0, "platform_labels in a new namespace");
	exp_err(mpls_add(100), EINVAL, "label 100 with platform_labels 0");
	net_sysctl(NET_B, "net/mpls/platform_labels", "1000");
	net_sysctl_read(NET_B, "net/mpls/platform_labels", buf, sizeof(buf));
	NET_EXP_EQ(atoi(buf), PLATFORM_LABELS, "platform_labels read back");

	exp_err(mpls_add(0), EINVAL, "label 0 (reserved)");
	exp_err(mpls_add(15), EINVAL, "label 15 (reserved)");
	exp_err(mpls_add(PLATFORM_LABELS), EINVAL,
		"label platform_labels");
	exp_err(mpls_add(PLATFORM_LABELS - 1), 0, "label platform_labels - 1");
	exp_err(mpls_add(16), 0, "label 16");
	exp_err(mpls_route(RTM_NEWROUTE, NLM_F_CREATE | NLM_F_EXCL, 17, 0,
			   RT_TABLE_MAIN, -1), ENODEV,
		"label without a nexthop device or via");
	exp_err(mpls_route(RTM_NEWROUTE, NLM_F_CREATE | NLM_F_APPEND, 17, lo,
			   RT_TABLE_MAIN, -1), EOPNOTSUPP, "NLM_F_APPEND");
	exp_err(mpls_add(16), EEXIST, "label 16 again, NLM_F_EXCL");
	exp_err(mpls_route(RTM_NEWROUTE, NLM_F_CREATE, 16, lo, RT_TABLE_MAIN,
			   -1), EEXIST, "label 16 again without NLM_F_REPLACE");
	exp_err(mpls_route(RTM_NEWROUTE, NLM_F_CREATE | NLM_F_REPLACE, 16, lo,
			   RT_TABLE_MAIN, 0), 0, "label 16 replaced");
	exp_err(mpls_route(RTM_NEWROUTE, NLM_F_REPLACE, 18, lo, RT_TABLE_MAIN,
			   -1), ENOENT, "NLM_F_REPLACE of a missing label");
	exp_err(mpls_route(RTM_NEWROUTE, NLM_F_CREATE | NLM_F_EXCL, 18, lo,
			   RT_TABLE_MAIN, 2), EINVAL, "RTA_TTL_PROPAGATE 2");
	exp_err(mpls_route(RTM_NEWROUTE, NLM_F_CREATE | NLM_F_EXCL, 18, lo,
			   100, -1), EINVAL, "table 100");
	exp_err(mpls_route(RTM_DELROUTE, 0, 16, 0, RT_TABLE_MAIN, -1), 0,
		"RTM_DELROUTE of label 16");
	exp_err(mpls_route(RTM_DELROUTE, 0, PLATFORM_LABELS - 1, 0,
			   RT_TABLE_MAIN, -1), 0,
		"RTM_DELROUTE of label platform_labels - 1");
	exp_err(mpls_route(RTM_DELROUTE, 0, 10, 0, RT_TABLE_MAIN, -1), EINVAL,
		"RTM_DELROUTE of label 10 (reserved)");

	net_enter(NET_A);
	exp_err(encap_route(&dst2, &l3, 1, -1), EINVAL,
		"encap with the implicit null label");
	l2[0] = label_entry(300, 1);
	l2[1] = label_entry(101, 1);
	exp_err(encap_route(&dst2, l2, 2, -1), EINVAL,
		"encap with S set on the outer label");
	l2[0] = label_entry(300, 0);
	l2[1] = label_entry(101, 0);
	exp_err(encap_route(&dst2, l2, 2, -1), EINVAL,
		"encap without S on the last label");
}

static void test_traffic(void)
{
	static const unsigned int one[] = { 100 }, two[] = { 300, 101 };
	uint32_t l1 = label_entry(100, 1), l2[2];
	struct mpls_link_stats a0, b0, a1, b1;
	uint64_t v;

	net_enter(NET_B);
	RTNL_SAFE(mpls_add(100));
	RTNL_SAFE(mpls_add(300));
	RTNL_SAFE(mpls_add(101));
	net_enter(NET_A);
	RTNL_SAFE(encap_route(&dst2, &l1, 1, -1));
	l2[0] = label_entry(300, 0);
	l2[1] = label_entry(101, 1);
	RTNL_SAFE(encap_route(&dst3, l2, 2, 9));

	a0 = mstats(NET_A);
	b0 = mstats(NET_B);
	send_dgram(&dst2, "mpls-input-off", 1000);
	v = wait_rx(offsetof(struct mpls_link_stats, rx_dropped),
		    b0.rx_dropped + 1);
	NET_EXP_EQ(v - b0.rx_dropped, 1,
		   "remote's MPLS rx_dropped with conf.net0.input 0");
	if (net_poll(rsock, POLLIN, 0))
		tst_res(TFAIL, "datagram delivered with MPLS input off");

	net_sysctl(NET_B, "net/mpls/conf/net0/input", "1");
	net_sysctl(NET_B, "net/mpls/conf/lo/input", "1");
	through(&dst2, "mpls-one-label", one, 1, 40, 39);

	net_sysctl(NET_A, "net/mpls/default_ttl", "77");
	net_sysctl(NET_A, "net/mpls/ip_ttl_propagate", "0");
	through(&dst2, "mpls-default-ttl", one, 1, 77, 76);
	net_sysctl(NET_B, "net/mpls/ip_ttl_propagate", "0");
	through(&dst2, "mpls-no-propagate", one, 1, 77, 39);
	net_sysctl(NET_B, "net/mpls/ip_ttl_propagate", "1");

	/* the inner label keeps its own TTL when the outer one is popped */
	through(&dst3, "mpls-two-labels", two, 2, 9, 8);

	a1 = mstats(NET_A);
	b1 = mstats(NET_B);
	NET_EXP_EQ(a1.tx_packets - a0.tx_packets, 5,
		   "local's MPLS tx_packets on net0");
	NET_EXP_EQ(b1.rx_packets - b0.rx_packets, 5,
		   "remote's MPLS rx_packets on net0");

	send_dgram(&dst4, "mpls-no-route", 1000);
	v = wait_rx(offsetof(struct mpls_link_stats, rx_noroute),
		    b1.rx_noroute + 1);
	NET_EXP_EQ(v - b1.rx_noroute, 1, "rx_noroute for label 555");
	net_enter(NET_B);
	RTNL_SAFE(mpls_route(RTM_DELROUTE, 0, 100, 0, RT_TABLE_MAIN, -1));
	send_dgram(&dst2, "mpls-deleted", 1000);
	v = wait_rx(offsetof(struct mpls_link_stats, rx_noroute),
		    b1.rx_noroute + 2);
	NET_EXP_EQ(v - b1.rx_noroute, 2, "rx_noroute after RTM_DELROUTE of 100");
	if (net_poll(rsock, POLLIN, 0))
		tst_res(TFAIL, "datagram delivered after its label's deletion");
}

/* New hosts for each iteration: namespaces, sockets, routes. */
static void hosts(void)
{
	struct sockaddr_ll sll = { .sll_family = AF_PACKET,
				   .sll_protocol = htons(ETH_P_ALL) };
	uint32_t ln = label_entry(555, 1);
	struct sockaddr_in sa;
	int h, on = 1, ttl = 40, ret;

	if (cap > 0) {
		close(cap);
		close(rsock);
		close(ssock);
	}
	for (h = 0; h < NET_NHOSTS; h++) {
		if (net_nsfd[h] >= 0)
			close(net_nsfd[h]);
		net_nsfd[h] = -1;
	}
	net_cur = -1;
	net_hosts_setup();
	if (access("/proc/sys/net/mpls/platform_labels", F_OK))
		tst_brk(TCONF, "no MPLS (mpls_router not loaded: %s)",
			tst_strerrno(errno));
	ret = encap_route(&dst4, &ln, 1, -1);
	if (ret == -EOPNOTSUPP)
		tst_brk(TCONF, "no MPLS encapsulation (mpls_iptunnel missing)");
	RTNL_SAFE(ret);

	net_enter(NET_B);
	RTNL_SAFE(rtnl_addr_add(rtnl_ifindex("lo"), AF_INET, &dst2.sin_addr,
				32, 0));
	RTNL_SAFE(rtnl_addr_add(rtnl_ifindex("lo"), AF_INET, &dst3.sin_addr,
				32, 0));
	rsock = net_socket(NET_B, AF_INET, SOCK_DGRAM);
	sa = dst2;
	sa.sin_addr.s_addr = htonl(INADDR_ANY);
	if (bind(rsock, (struct sockaddr *)&sa, sizeof(sa)) ||
	    setsockopt(rsock, SOL_IP, IP_RECVTTL, &on, sizeof(on)))
		tst_brk(TBROK | TERRNO, "remote's UDP socket");
	ssock = net_bound(NET_A, AF_INET, SOCK_DGRAM, NULL);
	if (setsockopt(ssock, SOL_IP, IP_TTL, &ttl, sizeof(ttl)))
		tst_brk(TBROK | TERRNO, "IP_TTL");
	sll.sll_ifindex = rtnl_ifindex("net0");
	cap = socket(AF_PACKET, SOCK_DGRAM, htons(ETH_P_ALL));
	if (cap < 0 || bind(cap, (struct sockaddr *)&sll, sizeof(sll)))
		tst_brk(TBROK | TERRNO, "packet socket on net0");
}

static void run(unsigned int n)
{
	if (n == 0) {
		hosts();
		test_errors();
	} else {
		test_traffic();
	}
}

static void setup(void)
{
	int fd;

	/* the kernel asks modprobe for net-pf-28, i.e. mpls_router */
	fd = socket(AF_MPLS, SOCK_DGRAM, 0);
	if (fd >= 0)
		close(fd);
	dst2.sin_family = dst3.sin_family = dst4.sin_family = AF_INET;
	dst2.sin_addr.s_addr = htonl(0x0a670002);
	dst3.sin_addr.s_addr = htonl(0x0a670003);
	dst4.sin_addr.s_addr = htonl(0x0a670004);
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.timeout = 60,
};
