// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * L2TPv3 Ethernet pseudowires between the two namespaces, set up over
 * the "l2tp" generic netlink family (l2tp_netlink; l2tp_eth, l2tp_ip
 * loaded by the kernel on use): unmanaged tunnels (no socket from user
 * space, L2TP_ATTR_IP_SADDR/DADDR) with IP encapsulation (tunnel ids
 * 10/20, sessions 100/200) and UDP encapsulation (ports 1701/1702,
 * tunnel ids 11/21, sessions 101/201), each with an l2tpeth device on
 * both sides carrying 10.104.k.0/24.
 * - the device's MTU is the underlay's less the overhead: IP 1458
 *   (20 + 4 session id + 4 default L2-specific sublayer + 14),
 *   UDP 1446 (8 more for UDP, 4 for the v3 header over UDP);
 * - a UDP datagram filling the device's MTU arrives intact; on the wire
 *   it is one IPv4 packet of 1500 bytes: protocol 115 with the peer's
 *   session id first, or UDP to 1702 with version 3 and the peer's
 *   session id, then the sublayer and the Ethernet frame addressed to
 *   the remote's l2tpeth MAC;
 * - errors: EEXIST for a second tunnel with the same id and for a second
 *   session with the same id, ENODEV for a session in a tunnel that does
 *   not exist and for L2TP_CMD_TUNNEL_GET of one, EINVAL without
 *   L2TP_ATTR_CONN_ID, for a pseudowire type past the last one and an
 *   unknown L2-specific sublayer type, ERANGE for a cookie of 9 bytes
 *   (the attribute policy's limit is 8), EPROTONOSUPPORT
 *   for an Ethernet session in an L2TPv2 tunnel;
 * - L2TP_CMD_SESSION_DELETE removes the session's device and
 *   L2TP_CMD_TUNNEL_DELETE the tunnel's (waited for, bounded: later
 *   kernels delete from a work queue), after which the tunnel is ENODEV.
 */
#include <linux/if_packet.h>
#include <linux/if_ether.h>
#include "tst_test.h"
#include "net_hosts.h"
#include "net_genl.h"
#include <linux/l2tp.h>

#ifndef IPPROTO_L2TP
# define IPPROTO_L2TP 115
#endif

enum { IPENC, UDPENC, NCASES };

static const struct tcase {
	const char *desc;
	int encap;
	unsigned int mtu;
} tcases[] = {
	[IPENC] = { "IP encapsulation", L2TP_ENCAPTYPE_IP, 1458 },
	[UDPENC] = { "UDP encapsulation", L2TP_ENCAPTYPE_UDP, 1446 },
};

static int fam;
static unsigned char pkt[2048];

static uint32_t tid(int c, int h)
{
	return (h == NET_A ? 10 : 20) + c;
}

static uint32_t sid(int c, int h)
{
	return (h == NET_A ? 100 : 200) + c;
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

static uint32_t ip_of(int h)
{
	struct sockaddr_storage ss;

	net_addr(h, AF_INET, 0, &ss);
	return ((struct sockaddr_in *)&ss)->sin_addr.s_addr;
}

/* Tunnel id t to peer id pt of case c in host h (current namespace). */
static int tunnel_add(int c, int h, uint32_t t, uint32_t pt, int version)
{
	static struct rtnl_msg m;
	int peer = h == NET_A ? NET_B : NET_A;

	genl_msg(&m, fam, L2TP_CMD_TUNNEL_CREATE, L2TP_GENL_VERSION, 0);
	if (t)
		rtnl_put_u32(&m, L2TP_ATTR_CONN_ID, t);
	rtnl_put_u32(&m, L2TP_ATTR_PEER_CONN_ID, pt);
	rtnl_put_u8(&m, L2TP_ATTR_PROTO_VERSION, version);
	rtnl_put_u16(&m, L2TP_ATTR_ENCAP_TYPE, tcases[c].encap);
	rtnl_put_u32(&m, L2TP_ATTR_IP_SADDR, ip_of(h));
	rtnl_put_u32(&m, L2TP_ATTR_IP_DADDR, ip_of(peer));
	if (tcases[c].encap == L2TP_ENCAPTYPE_UDP) {
		/* an L2TPv2 tunnel beside the v3 one gets ports of its own */
		int port = version == 2 ? 1801 : 1701;

		rtnl_put_u16(&m, L2TP_ATTR_UDP_SPORT, h == NET_A ? port : port + 1);
		rtnl_put_u16(&m, L2TP_ATTR_UDP_DPORT, h == NET_A ? port + 1 : port);
	}
	return genl_talk(&m, NULL, NULL);
}

static int tunnel_cmd(int cmd, uint32_t t)
{
	static struct rtnl_msg m;

	genl_msg(&m, fam, cmd, L2TP_GENL_VERSION, 0);
	rtnl_put_u32(&m, L2TP_ATTR_CONN_ID, t);
	return genl_talk(&m, NULL, NULL);
}

/*
 * Session s (peer ps) in tunnel t, pseudowire pw; cookie_len > 0: a
 * cookie that long; l2spec >= 0: L2TP_ATTR_L2SPEC_TYPE.
 */
static int session_add(uint32_t t, uint32_t s, uint32_t ps, int pw,
		       const char *ifname, int cookie_len, int l2spec)
{
	static struct rtnl_msg m;
	static const char cookie[16] = "cookie-cookie-xx";

	genl_msg(&m, fam, L2TP_CMD_SESSION_CREATE, L2TP_GENL_VERSION, 0);
	rtnl_put_u32(&m, L2TP_ATTR_CONN_ID, t);
	rtnl_put_u32(&m, L2TP_ATTR_SESSION_ID, s);
	rtnl_put_u32(&m, L2TP_ATTR_PEER_SESSION_ID, ps);
	rtnl_put_u16(&m, L2TP_ATTR_PW_TYPE, pw);
	if (ifname)
		rtnl_put_str(&m, L2TP_ATTR_IFNAME, ifname);
	if (cookie_len)
		rtnl_put(&m, L2TP_ATTR_COOKIE, cookie, cookie_len);
	if (l2spec >= 0)
		rtnl_put_u8(&m, L2TP_ATTR_L2SPEC_TYPE, l2spec);
	return genl_talk(&m, NULL, NULL);
}

static int session_del(uint32_t t, uint32_t s)
{
	static struct rtnl_msg m;

	genl_msg(&m, fam, L2TP_CMD_SESSION_DELETE, L2TP_GENL_VERSION, 0);
	rtnl_put_u32(&m, L2TP_ATTR_CONN_ID, t);
	rtnl_put_u32(&m, L2TP_ATTR_SESSION_ID, s);
	return genl_talk(&m, NULL, NULL);
}

static void ifname(int c, char *name)
{
	snprintf(name, IFNAMSIZ, "l2e%d", c + 1);
}

static struct sockaddr_in eth_addr(int c, int h)
{
	struct sockaddr_in sin = { .sin_family = AF_INET };

	sin.sin_addr.s_addr = htonl(0x0a680000 | (c + 1) << 8 |
				    (h == NET_A ? 1 : 2));
	return sin;
}

/* Wait (bounded) until ifname is gone from the current namespace. */
static int gone(const char *name)
{
	struct timespec t0, t;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	while (if_nametoindex(name)) {
		clock_gettime(CLOCK_MONOTONIC, &t);
		if ((t.tv_sec - t0.tv_sec) * 1000 +
		    (t.tv_nsec - t0.tv_nsec) / 1000000 > net_ms(5000))
			return 0;
		usleep(1000);
	}
	return 1;
}

static void make(int c)
{
	char name[IFNAMSIZ];
	int h, idx, ret;

	ifname(c, name);
	for (h = NET_A; h <= NET_B; h++) {
		struct sockaddr_in sin = eth_addr(c, h);
		int peer = h == NET_A ? NET_B : NET_A;

		net_enter(h);
		ret = tunnel_add(c, h, tid(c, h), tid(c, peer), 3);
		if (ret == -EPROTONOSUPPORT || ret == -EAFNOSUPPORT)
			tst_brk(TCONF, "no L2TPv3 %s (l2tp_ip missing): %s",
				tcases[c].desc, tst_strerrno(-ret));
		RTNL_SAFE(ret);
		ret = session_add(tid(c, h), sid(c, h), sid(c, peer),
				  L2TP_PWTYPE_ETH, name, 0, -1);
		if (ret == -EPROTONOSUPPORT)
			tst_brk(TCONF, "no L2TP Ethernet pseudowires (l2tp_eth)");
		RTNL_SAFE(ret);
		idx = rtnl_ifindex(name);
		RTNL_SAFE(rtnl_addr_add(idx, AF_INET, &sin.sin_addr, 24, 0));
		RTNL_SAFE(rtnl_link_up(idx));
	}
}

static ssize_t find_outer(int cap, const char *marker)
{
	struct sockaddr_ll from;
	socklen_t len;
	ssize_t n;

	for (;;) {
		len = sizeof(from);
		n = recvfrom(cap, pkt, sizeof(pkt), MSG_DONTWAIT,
			     (struct sockaddr *)&from, &len);
		if (n < 0)
			return -1;
		if (from.sll_pkttype == PACKET_OUTGOING &&
		    ntohs(from.sll_protocol) == ETH_P_IP &&
		    memmem(pkt, n, marker, strlen(marker)))
			return n;
	}
}

static uint32_t be32(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | p[1] << 16 | p[2] << 8 | p[3];
}

static void test_traffic(int c)
{
	static unsigned char buf[2048];
	struct sockaddr_in sa = eth_addr(c, NET_A), ra = eth_addr(c, NET_B);
	struct sockaddr_ll sll = { .sll_family = AF_PACKET,
				   .sll_protocol = htons(ETH_P_ALL) };
	struct rtnl_link_info li, lb;
	socklen_t len = sizeof(ra);
	unsigned char *l2tp;
	char name[IFNAMSIZ], marker[32];
	int s, r, cap, pmtu = IP_PMTUDISC_DO;
	size_t size, i;
	ssize_t n;

	tst_res(TINFO, "%s", tcases[c].desc);
	make(c);
	ifname(c, name);
	net_enter(NET_B);
	RTNL_SAFE(rtnl_link_get(0, name, &lb));
	net_enter(NET_A);
	RTNL_SAFE(rtnl_link_get(0, name, &li));
	NET_EXP_EQ(li.mtu, tcases[c].mtu, "l2tpeth MTU");
	size = li.mtu - 28;

	r = net_socket(NET_B, AF_INET, SOCK_DGRAM);
	if (bind(r, (struct sockaddr *)&ra, sizeof(ra)) ||
	    getsockname(r, (struct sockaddr *)&ra, &len))
		tst_brk(TBROK | TERRNO, "bind() on the remote's l2tpeth");
	s = net_socket(NET_A, AF_INET, SOCK_DGRAM);
	if (bind(s, (struct sockaddr *)&sa, sizeof(sa)) ||
	    setsockopt(s, SOL_IP, IP_MTU_DISCOVER, &pmtu, sizeof(pmtu)))
		tst_brk(TBROK | TERRNO, "bind() on the local l2tpeth");
	sll.sll_ifindex = rtnl_ifindex("net0");
	cap = socket(AF_PACKET, SOCK_DGRAM, htons(ETH_P_ALL));
	if (cap < 0 || bind(cap, (struct sockaddr *)&sll, sizeof(sll)))
		tst_brk(TBROK | TERRNO, "packet socket on net0");

	snprintf(marker, sizeof(marker), "l2tp-marker-%d", c);
	for (i = 0; i < size; i++)
		buf[i] = i * 5 + c;
	memcpy(buf, marker, strlen(marker));
	TST_EXP_FAIL(sendto(s, buf, size + 1, 0, (struct sockaddr *)&ra,
			    sizeof(ra)), EMSGSIZE,
		     "%zu byte datagram (MTU + 1) with DF", size + 1);
	if (sendto(s, buf, size, 0, (struct sockaddr *)&ra, sizeof(ra)) !=
	    (ssize_t)size)
		tst_brk(TBROK | TERRNO, "sendto(%zu)", size);
	net_expect_datagram(r, buf, size, "the pseudowire");

	n = find_outer(cap, marker);
	if (n < 0) {
		tst_res(TFAIL, "no L2TP packet of the datagram on net0");
		goto out;
	}
	NET_EXP_EQ(n, 1500, "outer packet length (the underlay MTU)");
	if (c == IPENC) {
		NET_EXP_EQ(pkt[9], IPPROTO_L2TP, "outer protocol (115)");
		l2tp = pkt + 20;
	} else {
		NET_EXP_EQ(pkt[9], IPPROTO_UDP, "outer protocol (UDP)");
		NET_EXP_EQ((pkt[20] << 8) | pkt[21], 1701, "UDP source port");
		NET_EXP_EQ((pkt[22] << 8) | pkt[23], 1702,
			   "UDP destination port");
		NET_EXP_EQ((pkt[28] << 8 | pkt[29]) & 0x800f, 3,
			   "L2TP T bit and version over UDP");
		l2tp = pkt + 32;
	}
	NET_EXP_EQ(be32(l2tp), sid(c, NET_B), "session id (the peer's)");
	NET_EXP_EQ(!memcmp(l2tp + 8, lb.addr, 6), 1,
		   "inner Ethernet destination is the remote's l2tpeth MAC");
	NET_EXP_EQ((l2tp[8 + 12] << 8) | l2tp[8 + 13], ETH_P_IP,
		   "inner Ethernet type");
out:
	close(cap);
	close(r);
	close(s);
}

static void test_errors(void)
{
	char name[IFNAMSIZ];

	ifname(IPENC, name);
	net_enter(NET_A);
	exp_err(tunnel_add(IPENC, NET_A, tid(IPENC, NET_A), 99, 3), EEXIST,
		"tunnel with an id in use");
	exp_err(tunnel_add(IPENC, NET_A, 0, 99, 3), EINVAL,
		"tunnel without L2TP_ATTR_CONN_ID");
	exp_err(session_add(77, 300, 400, L2TP_PWTYPE_ETH, NULL, 0, -1),
		ENODEV, "session in tunnel 77 that does not exist");
	exp_err(tunnel_cmd(L2TP_CMD_TUNNEL_GET, 77), ENODEV,
		"L2TP_CMD_TUNNEL_GET of tunnel 77");
	exp_err(session_add(tid(IPENC, NET_A), sid(IPENC, NET_A), 400,
			    L2TP_PWTYPE_ETH, "l2edup", 0, -1), EEXIST,
		"session with an id in use");
	exp_err(session_add(tid(IPENC, NET_A), 300, 400, __L2TP_PWTYPE_MAX,
			    NULL, 0, -1), EINVAL,
		"pseudowire type __L2TP_PWTYPE_MAX");
	exp_err(session_add(tid(IPENC, NET_A), 300, 400, L2TP_PWTYPE_ETH,
			    NULL, 9, -1), ERANGE,
		"9 byte cookie (policy: 8 at most)");
	exp_err(session_add(tid(IPENC, NET_A), 300, 400, L2TP_PWTYPE_ETH,
			    NULL, 0, 7), EINVAL, "L2-specific sublayer type 7");
	NET_EXP_EQ(if_nametoindex("l2edup"), 0,
		   "device left by the refused session");
	RTNL_SAFE(tunnel_add(UDPENC, NET_A, 30, 31, 2));
	exp_err(session_add(30, 5, 6, L2TP_PWTYPE_ETH, NULL, 0, -1),
		EPROTONOSUPPORT, "Ethernet session in an L2TPv2 tunnel");
	RTNL_SAFE(tunnel_cmd(L2TP_CMD_TUNNEL_DELETE, 30));
}

static void test_delete(void)
{
	char name[IFNAMSIZ];

	net_enter(NET_A);
	ifname(IPENC, name);
	RTNL_SAFE(session_del(tid(IPENC, NET_A), sid(IPENC, NET_A)));
	NET_EXP_EQ(gone(name), 1, "l2tpeth gone after SESSION_DELETE");
	exp_err(tunnel_cmd(L2TP_CMD_TUNNEL_GET, tid(IPENC, NET_A)), 0,
		"the tunnel stays after its session's deletion");
	RTNL_SAFE(tunnel_cmd(L2TP_CMD_TUNNEL_DELETE, tid(IPENC, NET_A)));
	ifname(UDPENC, name);
	RTNL_SAFE(tunnel_cmd(L2TP_CMD_TUNNEL_DELETE, tid(UDPENC, NET_A)));
	NET_EXP_EQ(gone(name), 1, "l2tpeth gone after TUNNEL_DELETE");
	exp_err(tunnel_cmd(L2TP_CMD_TUNNEL_GET, tid(UDPENC, NET_A)), ENODEV,
		"L2TP_CMD_TUNNEL_GET of the deleted tunnel");
}

static void hosts(void)
{
	int h;

	for (h = 0; h < NET_NHOSTS; h++) {
		if (net_nsfd[h] >= 0)
			close(net_nsfd[h]);
		net_nsfd[h] = -1;
	}
	net_cur = -1;
	net_hosts_setup();
	fam = genl_family(L2TP_GENL_NAME);
	if (fam == -ENOENT)
		tst_brk(TCONF, "no l2tp generic netlink family (l2tp_netlink)");
	if (fam < 0)
		tst_brk(TBROK, "CTRL_CMD_GETFAMILY(l2tp): %s",
			tst_strerrno(-fam));
}

static void run(unsigned int n)
{
	if (n == 0)
		hosts();
	if (n < NCASES)
		test_traffic(n);
	else if (n == NCASES)
		test_errors();
	else
		test_delete();
}

static struct tst_test test = {
	.tcnt = NCASES + 2,
	.test = run,
	.needs_root = 1,
	.timeout = 60,
};
