// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * IPsec ESP between two namespaces, set up over NETLINK_XFRM (no ip
 * xfrm): security associations with rfc4106(gcm(aes)) (128 bit key,
 * 128 bit ICV) and policies for UDP between the hosts.
 * - transport mode: three datagrams arrive intact and a reply comes
 *   back; the local host's net0 sends exactly three ESP packets (IP
 *   protocol 50) with the SA's SPI and sequence numbers 1, 2, 3, and no
 *   packet it sends carries the plaintext; XFRM_MSG_GETSA reads 3 packets
 *   in the current lifetime of both the sender's and the receiver's SA;
 * - the receiver's SA with another key: the datagram is
 *   dropped and XfrmInStateProtoError grows by exactly one; with no SA
 *   at all XfrmInNoStates grows by one; a plaintext datagram (the
 *   sender's policy removed) is dropped by the receiver's inbound policy,
 *   XfrmInTmplMismatch + 1;
 * - a hard lifetime of 3 packets on the sender's SA: three datagrams go,
 *   the fourth sendto() is EINVAL (XfrmOutStateExpired + 1) and the SA
 *   is deleted (GETSA ESRCH);
 * - tunnel mode between inner addresses 192.168.50.1 and 192.168.60.2:
 *   the datagram and the reply arrive with the inner addresses, the wire
 *   carries ESP from 10.99.1.1 to 10.99.1.2 with the tunnel SA's SPI,
 *   no plaintext, and no inner packet leaves net0.
 */
#include <linux/if_packet.h>
#include <linux/if_ether.h>
#include "tst_test.h"
#include "net_hosts.h"
#include "net_xfrm.h"
#include <linux/xfrm.h>

#define SPI_AB 0x1000
#define SPI_BA 0x2000
#define SPI_TAB 0x3000
#define SPI_TBA 0x4000
#define SECRET "secret-ipsec-payload"

static const char auth_key[20] = "0123456789abcdefsalt";
static const char bad_key[20] = "fedcba9876543210salt";

static uint32_t ip4(const char *s)
{
	struct in_addr a;

	inet_pton(AF_INET, s, &a);
	return a.s_addr;
}

static uint32_t host_ip(int h)
{
	return ip4(h == NET_A ? "10.99.1.1" : "10.99.1.2");
}

static uint32_t inner_ip(int h)
{
	return ip4(h == NET_A ? "192.168.50.1" : "192.168.60.2");
}

/* The answer of a GET: its payload is copied to ans if it is that big. */
struct xfrm_ans {
	void *buf;
	size_t len;
};

static void xfrm_copy(struct nlmsghdr *nh, void *priv)
{
	struct xfrm_ans *a = priv;

	if (NLMSG_PAYLOAD(nh, 0) >= a->len)
		memcpy(a->buf, NLMSG_DATA(nh), a->len);
}

/* Send m over NETLINK_XFRM in the current namespace: 0 or -errno. */
static int xfrm_talk(struct rtnl_msg *m, void *ans, size_t alen)
{
	struct xfrm_ans a = { ans, alen };
	int fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_XFRM);
	int ret;

	if (fd < 0 && errno == EPROTONOSUPPORT)
		tst_brk(TCONF | TERRNO, "no NETLINK_XFRM (xfrm_user missing)");
	if (fd < 0)
		tst_brk(TBROK | TERRNO, "socket(NETLINK_XFRM)");
	ret = rtnl_talk_fd(fd, m, ans ? xfrm_copy : NULL, &a);
	close(fd);
	return ret;
}

/*
 * An ESP SA from src to dst (outer addresses) in the current namespace;
 * tunnel: tunnel mode; pkts: hard packet limit (0: none).
 */
static int sa_add(uint32_t src, uint32_t dst, uint32_t spi, const char *akey,
		  int tunnel, uint64_t pkts)
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
	sa.mode = tunnel ? XFRM_MODE_TUNNEL : XFRM_MODE_TRANSPORT;
	sa.replay_window = 32;
	sa.reqid = spi;
	net_xfrm_lft_inf(&sa.lft);
	if (pkts)
		sa.lft.hard_packet_limit = pkts;
	rtnl_msg_init(&m, XFRM_MSG_NEWSA, 0, &sa, sizeof(sa));
	strcpy(aead.a.alg_name, "rfc4106(gcm(aes))");
	aead.a.alg_key_len = 160;	/* 128 bit key, 32 bit salt */
	aead.a.alg_icv_len = 128;
	memcpy(aead.key, akey, 20);
	rtnl_put(&m, XFRMA_ALG_AEAD, &aead, sizeof(aead));
	return xfrm_talk(&m, NULL, 0);
}

static int sa_get(uint32_t dst, uint32_t spi, struct xfrm_usersa_info *out)
{
	static struct rtnl_msg m;
	struct xfrm_usersa_id id = { 0 };

	id.daddr.a4 = dst;
	id.spi = htonl(spi);
	id.family = AF_INET;
	id.proto = IPPROTO_ESP;
	rtnl_msg_init(&m, XFRM_MSG_GETSA, 0, &id, sizeof(id));
	memset(out, 0, sizeof(*out));
	return xfrm_talk(&m, out, sizeof(*out));
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
	return xfrm_talk(&m, NULL, 0);
}

/*
 * A policy in the current namespace for traffic from sel_src to sel_dst
 * (proto 0: any) in direction dir, by an ESP SA from src to dst.
 */
static int pol_msg(int type, int dir, uint32_t sel_src, uint32_t sel_dst,
		   int proto, uint32_t src, uint32_t dst, uint32_t reqid,
		   int tunnel)
{
	static struct rtnl_msg m;
	struct xfrm_userpolicy_info p = { 0 };
	struct xfrm_userpolicy_id pid = { 0 };
	struct xfrm_user_tmpl t = { 0 };
	struct xfrm_selector *sel = type == XFRM_MSG_NEWPOLICY ? &p.sel :
				    &pid.sel;

	sel->saddr.a4 = sel_src;
	sel->daddr.a4 = sel_dst;
	sel->prefixlen_s = sel->prefixlen_d = 32;
	sel->family = AF_INET;
	sel->proto = proto;
	if (type != XFRM_MSG_NEWPOLICY) {
		pid.dir = dir;
		rtnl_msg_init(&m, type, 0, &pid, sizeof(pid));
		return xfrm_talk(&m, NULL, 0);
	}
	net_xfrm_lft_inf(&p.lft);
	p.dir = dir;
	p.action = XFRM_POLICY_ALLOW;
	p.priority = 100;
	rtnl_msg_init(&m, type, 0, &p, sizeof(p));
	t.id.daddr.a4 = dst;
	t.id.proto = IPPROTO_ESP;
	t.family = AF_INET;
	t.saddr.a4 = src;
	t.reqid = reqid;
	t.mode = tunnel ? XFRM_MODE_TUNNEL : XFRM_MODE_TRANSPORT;
	t.aalgos = t.ealgos = t.calgos = ~0U;
	rtnl_put(&m, XFRMA_TMPL, &t, sizeof(t));
	return xfrm_talk(&m, NULL, 0);
}

static void flush(int h)
{
	static struct rtnl_msg m;
	struct xfrm_usersa_flush f = { .proto = IPPROTO_ESP };

	net_enter(h);
	rtnl_msg_init(&m, XFRM_MSG_FLUSHSA, 0, &f, sizeof(f));
	RTNL_SAFE(xfrm_talk(&m, NULL, 0));
	rtnl_msg_init(&m, XFRM_MSG_FLUSHPOLICY, 0, NULL, 0);
	RTNL_SAFE(xfrm_talk(&m, NULL, 0));
}

/* Transport mode SAs and UDP policies on both hosts. */
static void transport_setup(uint64_t pkts)
{
	uint32_t a = host_ip(NET_A), b = host_ip(NET_B);
	int h;

	for (h = NET_A; h <= NET_B; h++) {
		uint32_t me = h == NET_A ? a : b, peer = h == NET_A ? b : a;
		uint32_t out = h == NET_A ? SPI_AB : SPI_BA;
		uint32_t in = h == NET_A ? SPI_BA : SPI_AB;

		flush(h);
		RTNL_SAFE(sa_add(a, b, SPI_AB, auth_key, 0,
				 h == NET_A ? pkts : 0));
		RTNL_SAFE(sa_add(b, a, SPI_BA, auth_key, 0, 0));
		RTNL_SAFE(pol_msg(XFRM_MSG_NEWPOLICY, XFRM_POLICY_OUT, me, peer,
				  IPPROTO_UDP, me, peer, out, 0));
		RTNL_SAFE(pol_msg(XFRM_MSG_NEWPOLICY, XFRM_POLICY_IN, peer, me,
				  IPPROTO_UDP, peer, me, in, 0));
	}
}

/* A packet socket capturing what h sends on net0. */
static int capture(int h)
{
	/* ETH_P_ALL: only taps of all protocols see outgoing packets */
	struct sockaddr_ll sll = {
		.sll_family = AF_PACKET, .sll_protocol = htons(ETH_P_ALL),
	};
	int fd;

	net_enter(h);
	sll.sll_ifindex = rtnl_ifindex("net0");
	fd = socket(AF_PACKET, SOCK_DGRAM, htons(ETH_P_ALL));
	if (fd < 0)
		tst_brk(TBROK | TERRNO, "socket(AF_PACKET)");
	if (bind(fd, (struct sockaddr *)&sll, sizeof(sll)))
		tst_brk(TBROK | TERRNO, "bind(AF_PACKET)");
	return fd;
}

struct wire {
	int esp, plain, leak, bad_spi, bad_addr;
	uint32_t seq[8];
};

/* Read what was captured (outgoing only) and classify it. */
static void wire_read(int fd, uint32_t spi, uint32_t src, uint32_t dst,
		      struct wire *w)
{
	unsigned char buf[2048];
	struct sockaddr_ll from;
	socklen_t len;
	ssize_t n;

	memset(w, 0, sizeof(*w));
	for (;;) {
		len = sizeof(from);
		n = recvfrom(fd, buf, sizeof(buf), MSG_DONTWAIT,
			     (struct sockaddr *)&from, &len);
		if (n < 0)
			break;
		if (from.sll_pkttype != PACKET_OUTGOING)
			continue;
		if (memmem(buf, n, SECRET, sizeof(SECRET) - 1))
			w->leak++;
		if (from.sll_protocol != htons(ETH_P_IP) || n < 20)
			continue;
		if (buf[9] != IPPROTO_ESP) {
			if (buf[9] == IPPROTO_UDP)
				w->plain++;
			continue;
		}
		if (memcmp(buf + 12, &src, 4) || memcmp(buf + 16, &dst, 4))
			w->bad_addr++;
		if (n < (buf[0] & 15) * 4 + 8) {
			w->bad_spi++;
			continue;
		}
		{
			uint32_t s, q;
			unsigned char *esp = buf + (buf[0] & 15) * 4;

			memcpy(&s, esp, 4);
			memcpy(&q, esp + 4, 4);
			if (ntohl(s) != spi)
				w->bad_spi++;
			if (w->esp < 8)
				w->seq[w->esp] = ntohl(q);
			w->esp++;
		}
	}
}

/* Send a datagram from s to dst; 1 if r received it intact. */
static int udp_once(int s, int r, struct sockaddr_storage *dst, int i,
		    int expect)
{
	char msg[64], buf[64];
	ssize_t n;

	snprintf(msg, sizeof(msg), SECRET "-%d", i);
	if (sendto(s, msg, strlen(msg), 0, (struct sockaddr *)dst,
		   sizeof(struct sockaddr_in)) != (ssize_t)strlen(msg))
		tst_brk(TBROK | TERRNO, "sendto()");
	if (!expect)
		return 0;
	if (!net_poll(r, POLLIN, 10000))
		return 0;
	n = recv(r, buf, sizeof(buf), MSG_DONTWAIT);
	return n == (ssize_t)strlen(msg) && !memcmp(buf, msg, n);
}

static void transport(void)
{
	struct sockaddr_storage ra, sa;
	struct xfrm_usersa_info info;
	struct wire w;
	int cap, r, s, i, ok = 0;

	transport_setup(0);
	cap = capture(NET_A);
	r = net_bound(NET_B, AF_INET, SOCK_DGRAM, &ra);
	s = net_bound(NET_A, AF_INET, SOCK_DGRAM, &sa);
	for (i = 1; i <= 3; i++)
		ok += udp_once(s, r, &ra, i, 1);
	NET_EXP_EQ(ok, 3, "datagrams through ESP transport mode intact");
	NET_EXP_EQ(udp_once(r, s, &sa, 0, 1), 1, "reply through ESP");
	wire_read(cap, SPI_AB, host_ip(NET_A), host_ip(NET_B), &w);
	NET_EXP_EQ(w.esp, 3, "ESP packets sent on net0");
	NET_EXP_EQ(w.bad_spi, 0, "ESP packets with another SPI");
	NET_EXP_EQ(w.plain, 0, "plain UDP packets sent on net0");
	NET_EXP_EQ(w.leak, 0, "packets on net0 with the plaintext");
	if (w.seq[0] == 1 && w.seq[1] == 2 && w.seq[2] == 3)
		tst_res(TPASS, "ESP sequence numbers 1, 2, 3");
	else
		tst_res(TFAIL, "ESP sequence numbers %u, %u, %u", w.seq[0],
			w.seq[1], w.seq[2]);
	net_enter(NET_A);
	RTNL_SAFE(sa_get(host_ip(NET_B), SPI_AB, &info));
	NET_EXP_EQ(info.curlft.packets, 3, "sender's SA packets");
	net_enter(NET_B);
	RTNL_SAFE(sa_get(host_ip(NET_B), SPI_AB, &info));
	NET_EXP_EQ(info.curlft.packets, 3, "receiver's SA packets");

	/* another key on the receiving side */
	net_enter(NET_B);
	RTNL_SAFE(sa_del(host_ip(NET_B), SPI_AB));
	RTNL_SAFE(sa_add(host_ip(NET_A), host_ip(NET_B), SPI_AB, bad_key, 0, 0));
	{
		long long e0 = net_xfrm_stat(NET_B, "XfrmInStateProtoError"), e1;

		udp_once(s, r, &ra, 4, 0);
		e1 = net_xfrm_stat_wait(NET_B, "XfrmInStateProtoError", e0);
		NET_EXP_EQ(e1 - e0, 1, "XfrmInStateProtoError after a wrong key");
		NET_EXP_EQ(net_poll(r, POLLIN, 0), 0,
			   "poll() of the receiver after a wrong key");
	}
	/* no SA */
	net_enter(NET_B);
	RTNL_SAFE(sa_del(host_ip(NET_B), SPI_AB));
	{
		long long e0 = net_xfrm_stat(NET_B, "XfrmInNoStates"), e1;

		udp_once(s, r, &ra, 5, 0);
		e1 = net_xfrm_stat_wait(NET_B, "XfrmInNoStates", e0);
		NET_EXP_EQ(e1 - e0, 1, "XfrmInNoStates without the SA");
		NET_EXP_EQ(net_poll(r, POLLIN, 0), 0,
			   "poll() of the receiver without the SA");
	}
	/* plaintext against the receiver's inbound policy */
	net_enter(NET_A);
	RTNL_SAFE(pol_msg(XFRM_MSG_DELPOLICY, XFRM_POLICY_OUT, host_ip(NET_A),
			  host_ip(NET_B), IPPROTO_UDP, 0, 0, 0, 0));
	{
		long long e0 = net_xfrm_stat(NET_B, "XfrmInTmplMismatch"), e1;

		udp_once(s, r, &ra, 6, 0);
		e1 = net_xfrm_stat_wait(NET_B, "XfrmInTmplMismatch", e0);
		NET_EXP_EQ(e1 - e0, 1, "XfrmInTmplMismatch for plaintext");
		NET_EXP_EQ(net_poll(r, POLLIN, 0), 0,
			   "poll() of the receiver for plaintext");
	}
	close(cap);
	close(r);
	close(s);
}

static void lifetime(void)
{
	struct sockaddr_storage ra;
	struct xfrm_usersa_info info;
	struct timespec t0, t;
	int r, s, i, ok = 0, err;
	long long e0;

	transport_setup(3);
	r = net_bound(NET_B, AF_INET, SOCK_DGRAM, &ra);
	s = net_bound(NET_A, AF_INET, SOCK_DGRAM, NULL);
	for (i = 1; i <= 3; i++)
		ok += udp_once(s, r, &ra, i, 1);
	NET_EXP_EQ(ok, 3, "datagrams within the 3 packet lifetime");
	e0 = net_xfrm_stat(NET_A, "XfrmOutStateExpired");
	net_enter(NET_A);
	TST_EXP_FAIL(sendto(s, "x", 1, 0, (struct sockaddr *)&ra,
			    sizeof(struct sockaddr_in)), EINVAL,
		     "sendto() past the SA's hard packet limit");
	NET_EXP_EQ(net_xfrm_stat(NET_A, "XfrmOutStateExpired") - e0, 1,
		   "XfrmOutStateExpired");
	clock_gettime(CLOCK_MONOTONIC, &t0);
	net_enter(NET_A);
	while ((err = sa_get(host_ip(NET_B), SPI_AB, &info)) == 0) {
		clock_gettime(CLOCK_MONOTONIC, &t);
		if ((t.tv_sec - t0.tv_sec) * 1000 > net_ms(10000))
			break;
		usleep(1000);
	}
	NET_EXP_EQ(err, -ESRCH, "GETSA of the expired SA (-ESRCH)");
	close(r);
	close(s);
}

static void tunnel(void)
{
	uint32_t a = host_ip(NET_A), b = host_ip(NET_B);
	uint32_t ia = inner_ip(NET_A), ib = inner_ip(NET_B);
	struct sockaddr_in ra = { .sin_family = AF_INET, .sin_addr.s_addr = ib };
	struct sockaddr_in sa = { .sin_family = AF_INET, .sin_addr.s_addr = ia };
	struct sockaddr_in from;
	socklen_t len = sizeof(from);
	struct wire w;
	int cap, r, s, h;
	char buf[64];

	for (h = NET_A; h <= NET_B; h++) {
		uint32_t me = h == NET_A ? a : b, peer = h == NET_A ? b : a;
		uint32_t ime = h == NET_A ? ia : ib, ipeer = h == NET_A ? ib : ia;

		flush(h);
		RTNL_SAFE(sa_add(a, b, SPI_TAB, auth_key, 1, 0));
		RTNL_SAFE(sa_add(b, a, SPI_TBA, auth_key, 1, 0));
		RTNL_SAFE(pol_msg(XFRM_MSG_NEWPOLICY, XFRM_POLICY_OUT, ime,
				  ipeer, 0, me, peer,
				  h == NET_A ? SPI_TAB : SPI_TBA, 1));
		RTNL_SAFE(pol_msg(XFRM_MSG_NEWPOLICY, XFRM_POLICY_IN, ipeer,
				  ime, 0, peer, me,
				  h == NET_A ? SPI_TBA : SPI_TAB, 1));
	}
	cap = capture(NET_A);
	r = net_socket(NET_B, AF_INET, SOCK_DGRAM);
	if (bind(r, (struct sockaddr *)&ra, sizeof(ra)) ||
	    getsockname(r, (struct sockaddr *)&ra, &len))
		tst_brk(TBROK | TERRNO, "bind(192.168.60.2)");
	s = net_socket(NET_A, AF_INET, SOCK_DGRAM);
	len = sizeof(sa);
	if (bind(s, (struct sockaddr *)&sa, sizeof(sa)) ||
	    getsockname(s, (struct sockaddr *)&sa, &len))
		tst_brk(TBROK | TERRNO, "bind(192.168.50.1)");
	if (sendto(s, SECRET, sizeof(SECRET) - 1, 0, (struct sockaddr *)&ra,
		   sizeof(ra)) != sizeof(SECRET) - 1)
		tst_brk(TBROK | TERRNO, "sendto(192.168.60.2)");
	len = sizeof(from);
	if (!net_poll(r, POLLIN, 10000) ||
	    recvfrom(r, buf, sizeof(buf), MSG_DONTWAIT,
		     (struct sockaddr *)&from, &len) != sizeof(SECRET) - 1 ||
	    memcmp(buf, SECRET, sizeof(SECRET) - 1)) {
		tst_res(TFAIL, "no datagram through the ESP tunnel");
	} else {
		NET_EXP_EQ(from.sin_addr.s_addr == ia, 1,
			   "tunnelled datagram from 192.168.50.1");
	}
	if (sendto(r, "back", 4, 0, (struct sockaddr *)&sa, sizeof(sa)) != 4)
		tst_brk(TBROK | TERRNO, "sendto(192.168.50.1)");
	NET_EXP_EQ(net_poll(s, POLLIN, 10000) & POLLIN, POLLIN,
		   "reply through the tunnel (POLLIN)");
	wire_read(cap, SPI_TAB, a, b, &w);
	NET_EXP_EQ(w.esp, 1, "tunnel ESP packets sent on net0");
	NET_EXP_EQ(w.bad_addr, 0, "ESP packets with other outer addresses");
	NET_EXP_EQ(w.bad_spi, 0, "ESP packets with another SPI");
	NET_EXP_EQ(w.plain, 0, "inner UDP packets sent on net0");
	NET_EXP_EQ(w.leak, 0, "packets on net0 with the plaintext");
	close(cap);
	close(r);
	close(s);
}

static void run(void)
{
	transport();
	lifetime();
	tunnel();
	flush(NET_A);
	flush(NET_B);
}

static void setup(void)
{
	struct in_addr x;
	int h, ret;

	net_hosts_setup();
	ret = sa_add(host_ip(NET_A), host_ip(NET_B), SPI_AB, auth_key, 0, 0);
	if (ret == -EPROTONOSUPPORT || ret == -ENOSYS || ret == -ENOENT)
		tst_brk(TCONF, "no ESP with rfc4106(gcm(aes)): %s",
			tst_strerrno(-ret));
	RTNL_SAFE(ret);
	for (h = NET_A; h <= NET_B; h++) {
		net_enter(h);
		x.s_addr = inner_ip(h);
		RTNL_SAFE(rtnl_addr_add(rtnl_ifindex("lo"), AF_INET, &x, 32, 0));
		x.s_addr = inner_ip(h == NET_A ? NET_B : NET_A);
		{
			struct in_addr gw = { host_ip(h == NET_A ? NET_B : NET_A) };

			RTNL_SAFE(rtnl_route_add(AF_INET, &x, 32, &gw, 0, 0));
		}
	}
	net_enter(NET_A);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.timeout = 60,
};
