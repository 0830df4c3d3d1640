// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * XFRM interfaces (xfrm_interface): an "xfrm" device with
 * IFLA_XFRM_IF_ID 7 over net0 on each host (10.106.0.1/24, 10.106.0.2/24)
 * and ESP tunnel mode SAs and catch-all policies carrying XFRMA_IF_ID 7
 * between the veth addresses:
 * - the device's kind and if_id read back; a datagram routed through it
 *   arrives intact, the receiver's IP_PKTINFO names the remote's xfrm
 *   device as the input interface, the local xfrm device's tx_packets and
 *   the remote's rx_packets move by one; the wire carries ESP between the
 *   veth addresses with the SA's SPI, no plaintext;
 * - plain traffic between the veth addresses is untouched by the if_id
 *   policies (a datagram on net0 arrives, no ESP on the wire);
 * - without the outbound SA a datagram through the device is dropped:
 *   XfrmOutNoStates + 1, the device's tx_carrier_errors + 1, nothing
 *   delivered;
 * - errors: EINVAL for if_id 0, EEXIST for a second device with if_id 7;
 *   deleting the device (ENODEV after) leaves the SAs.
 */
#include <linux/if_packet.h>
#include <linux/if_ether.h>
#include "tst_test.h"
#include "net_hosts.h"
#include "net_xfrm.h"
#include <linux/xfrm.h>

#define IF_ID 7
#define SPI_AB 0x7000
#define SPI_BA 0x8000
#define SECRET "xfrmi-cleartext-payload"

static const char aead_key[20] = "0123456789abcdefsalt";
static int cap;

static void exp_err(int ret, int err, const char *desc)
{
	if (ret == -err)
		tst_res(TPASS, "%s: %s", desc, err ? tst_strerrno(err) : "0");
	else
		tst_res(TFAIL, "%s: %s, expected %s", desc,
			ret ? tst_strerrno(-ret) : "success",
			err ? tst_strerrno(err) : "success");
}

static uint32_t host_ip(int h)
{
	struct sockaddr_storage ss;

	net_addr(h, AF_INET, 0, &ss);
	return ((struct sockaddr_in *)&ss)->sin_addr.s_addr;
}

static struct sockaddr_in inner(int h)
{
	struct sockaddr_in sin = { .sin_family = AF_INET };

	sin.sin_addr.s_addr = htonl(h == NET_A ? 0x0a6a0001 : 0x0a6a0002);
	return sin;
}

static int xfrm_talk(struct rtnl_msg *m)
{
	int fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_XFRM);
	int ret;

	if (fd < 0 && errno == EPROTONOSUPPORT)
		tst_brk(TCONF | TERRNO, "no NETLINK_XFRM (xfrm_user missing)");
	if (fd < 0)
		tst_brk(TBROK | TERRNO, "socket(NETLINK_XFRM)");
	ret = rtnl_talk_fd(fd, m, NULL, NULL);
	close(fd);
	return ret;
}

static int sa_add(uint32_t src, uint32_t dst, uint32_t spi)
{
	static struct rtnl_msg m;
	struct xfrm_usersa_info sa = { 0 };
	struct {
		struct xfrm_algo_aead a;
		char key[20];
	} aead = { 0 };

	sa.id.daddr.a4 = dst;
	sa.id.spi = htonl(spi);
	sa.id.proto = IPPROTO_ESP;
	sa.saddr.a4 = src;
	sa.family = AF_INET;
	sa.mode = XFRM_MODE_TUNNEL;
	sa.replay_window = 32;
	sa.reqid = spi;
	net_xfrm_lft_inf(&sa.lft);
	rtnl_msg_init(&m, XFRM_MSG_NEWSA, 0, &sa, sizeof(sa));
	strcpy(aead.a.alg_name, "rfc4106(gcm(aes))");
	aead.a.alg_key_len = 160;
	aead.a.alg_icv_len = 128;
	memcpy(aead.key, aead_key, 20);
	rtnl_put(&m, XFRMA_ALG_AEAD, &aead, sizeof(aead));
	rtnl_put_u32(&m, XFRMA_IF_ID, IF_ID);
	return xfrm_talk(&m);
}

static int sa_del(uint32_t dst, uint32_t spi)
{
	static struct rtnl_msg m;
	struct xfrm_usersa_id id = { 0 };

	id.daddr.a4 = dst;
	id.spi = htonl(spi);
	id.family = AF_INET;
	id.proto = IPPROTO_ESP;
	rtnl_msg_init(&m, XFRM_MSG_DELSA, 0, &id, sizeof(id));
	rtnl_put_u32(&m, XFRMA_IF_ID, IF_ID);
	return xfrm_talk(&m);
}

/* A catch-all policy with if_id, by the tunnel SA from src to dst. */
static int pol_add(int dir, uint32_t src, uint32_t dst, uint32_t reqid)
{
	static struct rtnl_msg m;
	struct xfrm_userpolicy_info p = { 0 };
	struct xfrm_user_tmpl t = { 0 };

	p.sel.family = AF_INET;
	net_xfrm_lft_inf(&p.lft);
	p.dir = dir;
	p.action = XFRM_POLICY_ALLOW;
	p.priority = 100;
	rtnl_msg_init(&m, XFRM_MSG_NEWPOLICY, 0, &p, sizeof(p));
	t.id.daddr.a4 = dst;
	t.id.proto = IPPROTO_ESP;
	t.family = AF_INET;
	t.saddr.a4 = src;
	t.reqid = reqid;
	t.mode = XFRM_MODE_TUNNEL;
	t.aalgos = t.ealgos = t.calgos = ~0U;
	rtnl_put(&m, XFRMA_TMPL, &t, sizeof(t));
	rtnl_put_u32(&m, XFRMA_IF_ID, IF_ID);
	return xfrm_talk(&m);
}

static int xfrmi_add(const char *name, uint32_t if_id)
{
	static struct rtnl_msg m;

	rtnl_newlink_begin(&m, name, "xfrm", 0);
	rtnl_nest(&m, IFLA_INFO_DATA);
	rtnl_put_u32(&m, IFLA_XFRM_LINK, rtnl_ifindex("net0"));
	rtnl_put_u32(&m, IFLA_XFRM_IF_ID, if_id);
	return rtnl_newlink_end(&m);
}

static void if_id_cb(struct nlmsghdr *nh, void *priv)
{
	struct rtattr *a = rtnl_attr(nh, sizeof(struct ifinfomsg),
				     IFLA_LINKINFO);

	if (nh->nlmsg_type != RTM_NEWLINK || !a)
		return;
	a = rtnl_nested(a, IFLA_INFO_DATA);
	if (a)
		a = rtnl_nested(a, IFLA_XFRM_IF_ID);
	if (a)
		*(uint32_t *)priv = *(uint32_t *)RTA_DATA(a);
}

/* ESP packets with spi and packets with the plaintext A sent on net0. */
static void wire(uint32_t spi, int *esp, int *leak, int *bad)
{
	unsigned char buf[2048];
	struct sockaddr_ll from;
	uint32_t a = host_ip(NET_A), b = host_ip(NET_B), s;
	socklen_t len;
	ssize_t n;

	*esp = *leak = *bad = 0;
	for (;;) {
		len = sizeof(from);
		n = recvfrom(cap, buf, sizeof(buf), MSG_DONTWAIT,
			     (struct sockaddr *)&from, &len);
		if (n < 0)
			return;
		if (from.sll_pkttype != PACKET_OUTGOING)
			continue;
		if (memmem(buf, n, SECRET, sizeof(SECRET) - 1))
			(*leak)++;
		if (ntohs(from.sll_protocol) != ETH_P_IP || n < 28 ||
		    buf[9] != IPPROTO_ESP)
			continue;
		memcpy(&s, buf + 20, 4);
		if (ntohl(s) != spi || memcmp(buf + 12, &a, 4) ||
		    memcmp(buf + 16, &b, 4))
			(*bad)++;
		(*esp)++;
	}
}

static struct rtnl_link_stats64 xstats(int h)
{
	struct rtnl_link_info li;

	net_enter(h);
	RTNL_SAFE(rtnl_link_get(0, "xfrm1", &li));
	return li.stats;
}

/* Send SECRET from s to r; the input ifindex of what r got, 0: nothing. */
static int through(int s, int r, const struct sockaddr_in *to)
{
	char buf[64], cbuf[CMSG_SPACE(sizeof(struct in_pktinfo))];
	struct iovec iov = { buf, sizeof(buf) };
	struct msghdr mh = {
		.msg_iov = &iov, .msg_iovlen = 1,
		.msg_control = cbuf, .msg_controllen = sizeof(cbuf),
	};
	struct cmsghdr *c;
	ssize_t n;
	int ifindex = -1;

	if (sendto(s, SECRET, sizeof(SECRET) - 1, 0, (const struct sockaddr *)to,
		   sizeof(*to)) != sizeof(SECRET) - 1)
		tst_brk(TBROK | TERRNO, "sendto()");
	if (!net_poll(r, POLLIN, 10000))
		return 0;
	n = recvmsg(r, &mh, MSG_DONTWAIT);
	if (n != sizeof(SECRET) - 1 || memcmp(buf, SECRET, n)) {
		tst_res(TFAIL, "received %zd bytes, not the datagram", n);
		return -1;
	}
	for (c = CMSG_FIRSTHDR(&mh); c; c = CMSG_NXTHDR(&mh, c))
		if (c->cmsg_level == SOL_IP && c->cmsg_type == IP_PKTINFO)
			ifindex = ((struct in_pktinfo *)CMSG_DATA(c))->ipi_ifindex;
	return ifindex;
}

static void hosts(void);

static void run(void)
{
	struct sockaddr_ll sll = { .sll_family = AF_PACKET,
				   .sll_protocol = htons(ETH_P_ALL) };
	struct sockaddr_in sa = inner(NET_A), ra = inner(NET_B);
	struct sockaddr_storage pa, pb;
	struct rtnl_link_stats64 a0, b0, a1, b1;
	struct rtnl_link_info li;
	uint32_t if_id = 0;
	socklen_t len;
	long long e0;
	int s, r, ps, pr, on = 1, xb, got, esp, leak, bad;

	hosts();
	net_enter(NET_A);
	{
		static struct rtnl_msg m;

		rtnl_link_msg(&m, RTM_GETLINK, 0, 0, "xfrm1");
		RTNL_SAFE(rtnl_talk_cb(&m, if_id_cb, &if_id));
	}
	RTNL_SAFE(rtnl_link_get(0, "xfrm1", &li));
	NET_EXP_EQ(strcmp(li.kind, "xfrm"), 0, "link kind xfrm");
	NET_EXP_EQ(if_id, IF_ID, "IFLA_XFRM_IF_ID read back");

	sll.sll_ifindex = rtnl_ifindex("net0");
	cap = socket(AF_PACKET, SOCK_DGRAM, htons(ETH_P_ALL));
	if (cap < 0 || bind(cap, (struct sockaddr *)&sll, sizeof(sll)))
		tst_brk(TBROK | TERRNO, "packet socket on net0");
	r = net_socket(NET_B, AF_INET, SOCK_DGRAM);
	xb = rtnl_ifindex("xfrm1");
	len = sizeof(ra);
	if (bind(r, (struct sockaddr *)&ra, sizeof(ra)) ||
	    getsockname(r, (struct sockaddr *)&ra, &len) ||
	    setsockopt(r, SOL_IP, IP_PKTINFO, &on, sizeof(on)))
		tst_brk(TBROK | TERRNO, "the remote's socket");
	s = net_socket(NET_A, AF_INET, SOCK_DGRAM);
	if (bind(s, (struct sockaddr *)&sa, sizeof(sa)))
		tst_brk(TBROK | TERRNO, "bind(10.106.0.1)");

	a0 = xstats(NET_A);
	b0 = xstats(NET_B);
	got = through(s, r, &ra);
	if (got == 0)
		tst_res(TFAIL, "no datagram through the xfrm interface");
	else if (got > 0)
		NET_EXP_EQ(got, xb, "IP_PKTINFO input interface (remote xfrm1)");
	a1 = xstats(NET_A);
	b1 = xstats(NET_B);
	NET_EXP_EQ(a1.tx_packets - a0.tx_packets, 1, "local xfrm1 tx_packets");
	NET_EXP_EQ(b1.rx_packets - b0.rx_packets, 1, "remote xfrm1 rx_packets");
	wire(SPI_AB, &esp, &leak, &bad);
	NET_EXP_EQ(esp, 1, "ESP packets on net0");
	NET_EXP_EQ(bad, 0, "ESP packets with other SPI or outer addresses");
	NET_EXP_EQ(leak, 0, "packets on net0 with the plaintext");

	pr = net_bound(NET_B, AF_INET, SOCK_DGRAM, &pb);
	if (setsockopt(pr, SOL_IP, IP_PKTINFO, &on, sizeof(on)))
		tst_brk(TBROK | TERRNO, "setsockopt(IP_PKTINFO)");
	ps = net_bound(NET_A, AF_INET, SOCK_DGRAM, &pa);
	got = through(ps, pr, (struct sockaddr_in *)&pb);
	net_enter(NET_B);
	NET_EXP_EQ(got, rtnl_ifindex("net0"),
		   "plain datagram between the veth addresses, input net0");
	wire(SPI_AB, &esp, &leak, &bad);
	NET_EXP_EQ(esp, 0, "ESP packets for it");
	NET_EXP_EQ(leak, 1, "its plaintext on net0");
	close(pr);
	close(ps);

	net_enter(NET_A);
	RTNL_SAFE(sa_del(host_ip(NET_B), SPI_AB));
	e0 = net_xfrm_stat(NET_A, "XfrmOutNoStates");
	a0 = xstats(NET_A);
	if (sendto(s, SECRET, sizeof(SECRET) - 1, 0, (struct sockaddr *)&ra,
		   sizeof(ra)) != sizeof(SECRET) - 1)
		tst_brk(TBROK | TERRNO, "sendto() without the SA");
	NET_EXP_EQ(net_xfrm_stat_wait(NET_A, "XfrmOutNoStates", e0) - e0, 1,
		   "XfrmOutNoStates without the outbound SA");
	a1 = xstats(NET_A);
	NET_EXP_EQ(a1.tx_carrier_errors - a0.tx_carrier_errors, 1,
		   "local xfrm1 tx_carrier_errors");
	NET_EXP_EQ(net_poll(r, POLLIN, 0), 0, "poll() of the receiver");
	wire(SPI_AB, &esp, &leak, &bad);
	NET_EXP_EQ(esp + leak, 0, "packets of it on net0");
	close(cap);
	close(r);
	close(s);

	net_enter(NET_A);
	exp_err(xfrmi_add("xfrm2", 0), EINVAL, "xfrm device with if_id 0");
	exp_err(xfrmi_add("xfrm2", IF_ID), EEXIST,
		"second xfrm device with if_id 7");
	NET_EXP_EQ(if_nametoindex("xfrm2"), 0, "devices left by them");
	RTNL_SAFE(rtnl_link_del(rtnl_ifindex("xfrm1")));
	exp_err(rtnl_link_get(0, "xfrm1", &li), ENODEV,
		"RTM_GETLINK of the deleted device");
	exp_err(sa_add(host_ip(NET_B), host_ip(NET_A), SPI_BA), EEXIST,
		"the inbound SA stays (NEWSA again: EEXIST)");
}

/* New hosts, devices, SAs and policies for each iteration. */
static void hosts(void)
{
	int h, ret;

	for (h = 0; h < NET_NHOSTS; h++) {
		if (net_nsfd[h] >= 0)
			close(net_nsfd[h]);
		net_nsfd[h] = -1;
	}
	net_cur = -1;
	net_hosts_setup();
	for (h = NET_A; h <= NET_B; h++) {
		struct sockaddr_in me = inner(h);
		uint32_t a = host_ip(NET_A), b = host_ip(NET_B);
		int idx;

		net_enter(h);
		ret = xfrmi_add("xfrm1", IF_ID);
		if (ret == -EOPNOTSUPP)
			tst_brk(TCONF, "no xfrm interfaces (xfrm_interface)");
		RTNL_SAFE(ret);
		idx = rtnl_ifindex("xfrm1");
		RTNL_SAFE(rtnl_addr_add(idx, AF_INET, &me.sin_addr, 24, 0));
		RTNL_SAFE(rtnl_link_up(idx));
		ret = sa_add(a, b, SPI_AB);
		if (ret == -EPROTONOSUPPORT || ret == -ENOSYS || ret == -ENOENT)
			tst_brk(TCONF, "no ESP with rfc4106(gcm(aes)): %s",
				tst_strerrno(-ret));
		RTNL_SAFE(ret);
		RTNL_SAFE(sa_add(b, a, SPI_BA));
		RTNL_SAFE(pol_add(XFRM_POLICY_OUT, h == NET_A ? a : b,
				  h == NET_A ? b : a,
				  h == NET_A ? SPI_AB : SPI_BA));
		RTNL_SAFE(pol_add(XFRM_POLICY_IN, h == NET_A ? b : a,
				  h == NET_A ? a : b,
				  h == NET_A ? SPI_BA : SPI_AB));
	}
	net_enter(NET_A);
}

static struct tst_test test = {
	.test_all = run,
	.needs_root = 1,
	.timeout = 60,
};
