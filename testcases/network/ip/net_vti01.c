// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Virtual tunnel interfaces (ip_vti, ip6_vti): on each host a "vti"
 * device between the veth IPv4 addresses (10.107.0.1/24, 10.107.0.2/24)
 * and a "vti6" device between the veth IPv6 addresses (fd99:7::1/64,
 * fd99:7::2/64), with different ikey and okey per direction; ESP tunnel
 * mode SAs (rfc4106(gcm(aes))) and catch-all policies that carry the
 * key of their direction as XFRMA_MARK:
 * - IFLA_VTI_IKEY/OKEY/LOCAL/REMOTE read back (the keys in network order);
 * - 3 datagrams through each device, each echoed back: payloads intact;
 *   the vti devices' tx and rx packets and bytes move by exactly 3 inner
 *   packets each way on both hosts; each SA's lifetime counters
 *   (XFRM_MSG_GETSA, in the sender and in the receiver) by 3 packets and
 *   3 inner packets' bytes; exactly 3 ESP packets with the SPI of each
 *   direction between the veth addresses on the wire, no plaintext;
 * - without the outbound SA a datagram through the device is dropped:
 *   XfrmOutNoStates + 1, tx_carrier_errors + 1, nothing on the wire,
 *   nothing delivered; without the policy for the okey mark too:
 *   tx_carrier_errors + 1 and XfrmOutNoStates + 0 (no template to
 *   resolve), nothing on the wire or delivered;
 * - deleting the devices (ENODEV after) takes their routes with them
 *   (ENETUNREACH).
 * Would catch a vti that ignores its okey/ikey marks (no policy match:
 * carrier errors instead of traffic), counts the outer packet or the
 * wrong direction in its stats, or leaks plaintext beside the tunnel.
 */
#include <linux/if_packet.h>
#include <linux/if_ether.h>
#include "tst_test.h"
#include "net_hosts.h"
#include "net_xfrm.h"
#include <linux/if_tunnel.h>

#define NDGRAM 3
#define PAYLEN 100
#define SECRET "vti-cleartext-payload"

/* One direction of one family: its mark (the okey of the sender) and SPI */
struct dir {
	int family;
	uint32_t mark, spi;
};

static const struct dir v4ab = { AF_INET, 0x10, 0x1001 };
static const struct dir v4ba = { AF_INET, 0x20, 0x1002 };
static const struct dir v6ab = { AF_INET6, 0x30, 0x1003 };
static const struct dir v6ba = { AF_INET6, 0x40, 0x1004 };

static const char aead_key[20] = "vti-test-key-16bSALT";
static int cap = -1;

static void outer(int h, int family, xfrm_address_t *xa)
{
	struct sockaddr_storage ss;

	memset(xa, 0, sizeof(*xa));
	net_addr(h, family, 0, &ss);
	if (family == AF_INET)
		memcpy(xa, &((struct sockaddr_in *)&ss)->sin_addr, 4);
	else
		memcpy(xa, &((struct sockaddr_in6 *)&ss)->sin6_addr, 16);
}

static size_t alen(int family)
{
	return family == AF_INET ? 4 : 16;
}

/* The inner address of host h, on its vti (IPv4) or vti6 device. */
static socklen_t inner(int h, int family, struct sockaddr_storage *ss)
{
	memset(ss, 0, sizeof(*ss));
	if (family == AF_INET) {
		struct sockaddr_in *s = (struct sockaddr_in *)ss;

		s->sin_family = AF_INET;
		s->sin_addr.s_addr = htonl(0x0a6b0001 + (h == NET_B));
		return sizeof(*s);
	} else {
		struct sockaddr_in6 *s = (struct sockaddr_in6 *)ss;

		s->sin6_family = AF_INET6;
		inet_pton(AF_INET6, h == NET_A ? "fd99:7::1" : "fd99:7::2",
			  &s->sin6_addr);
		return sizeof(*s);
	}
}

static const void *sa_addr(const struct sockaddr_storage *ss)
{
	if (ss->ss_family == AF_INET)
		return &((const struct sockaddr_in *)ss)->sin_addr;
	return &((const struct sockaddr_in6 *)ss)->sin6_addr;
}

static int xfrm_talk(struct rtnl_msg *m, rtnl_cb cb, void *priv)
{
	int fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_XFRM);
	int ret;

	if (fd < 0 && errno == EPROTONOSUPPORT)
		tst_brk(TCONF | TERRNO, "no NETLINK_XFRM (xfrm_user missing)");
	if (fd < 0)
		tst_brk(TBROK | TERRNO, "socket(NETLINK_XFRM)");
	ret = rtnl_talk_fd(fd, m, cb, priv);
	close(fd);
	return ret;
}

static void put_mark(struct rtnl_msg *m, uint32_t mark)
{
	struct xfrm_mark xm = { .v = mark, .m = 0xffffffff };

	rtnl_put(m, XFRMA_MARK, &xm, sizeof(xm));
}

/* The SA of direction d (from host src to host dst) in the current host. */
static int sa_add(const struct dir *d, int src, int dst)
{
	static struct rtnl_msg m;
	struct xfrm_usersa_info sa = { 0 };
	struct {
		struct xfrm_algo_aead a;
		char key[20];
	} aead = { 0 };

	outer(dst, d->family, &sa.id.daddr);
	outer(src, d->family, &sa.saddr);
	sa.id.spi = htonl(d->spi);
	sa.id.proto = IPPROTO_ESP;
	sa.family = d->family;
	sa.mode = XFRM_MODE_TUNNEL;
	sa.replay_window = 32;
	sa.reqid = d->spi;
	net_xfrm_lft_inf(&sa.lft);
	rtnl_msg_init(&m, XFRM_MSG_NEWSA, 0, &sa, sizeof(sa));
	strcpy(aead.a.alg_name, "rfc4106(gcm(aes))");
	aead.a.alg_key_len = 160;
	aead.a.alg_icv_len = 128;
	memcpy(aead.key, aead_key, 20);
	rtnl_put(&m, XFRMA_ALG_AEAD, &aead, sizeof(aead));
	put_mark(&m, d->mark);
	return xfrm_talk(&m, NULL, NULL);
}

static void sa_id(const struct dir *d, int dst, struct xfrm_usersa_id *id)
{
	memset(id, 0, sizeof(*id));
	outer(dst, d->family, &id->daddr);
	id->spi = htonl(d->spi);
	id->family = d->family;
	id->proto = IPPROTO_ESP;
}

static int sa_del(const struct dir *d, int dst)
{
	static struct rtnl_msg m;
	struct xfrm_usersa_id id;

	sa_id(d, dst, &id);
	rtnl_msg_init(&m, XFRM_MSG_DELSA, 0, &id, sizeof(id));
	put_mark(&m, d->mark);
	return xfrm_talk(&m, NULL, NULL);
}

static void sa_get_cb(struct nlmsghdr *nh, void *priv)
{
	if (nh->nlmsg_type == XFRM_MSG_NEWSA)
		memcpy(priv, NLMSG_DATA(nh), sizeof(struct xfrm_usersa_info));
}

/* The lifetime counters of the SA of d (to host dst) as host h has them */
static struct xfrm_lifetime_cur sa_cur(int h, const struct dir *d, int dst)
{
	static struct rtnl_msg m;
	struct xfrm_usersa_info info = { 0 };
	struct xfrm_usersa_id id;

	sa_id(d, dst, &id);
	net_enter(h);
	rtnl_msg_init(&m, XFRM_MSG_GETSA, 0, &id, sizeof(id));
	put_mark(&m, d->mark);
	RTNL_SAFE(xfrm_talk(&m, sa_get_cb, &info));
	return info.curlft;
}

/* A catch-all policy of direction dir by the tunnel SA of d. */
static int pol_add(int dir, const struct dir *d, int src, int dst)
{
	static struct rtnl_msg m;
	struct xfrm_userpolicy_info p = { 0 };
	struct xfrm_user_tmpl t = { 0 };

	p.sel.family = d->family;
	net_xfrm_lft_inf(&p.lft);
	p.dir = dir;
	p.action = XFRM_POLICY_ALLOW;
	p.priority = 100;
	rtnl_msg_init(&m, XFRM_MSG_NEWPOLICY, 0, &p, sizeof(p));
	outer(dst, d->family, &t.id.daddr);
	outer(src, d->family, &t.saddr);
	t.id.proto = IPPROTO_ESP;
	t.family = d->family;
	t.reqid = d->spi;
	t.mode = XFRM_MODE_TUNNEL;
	t.aalgos = t.ealgos = t.calgos = ~0U;
	rtnl_put(&m, XFRMA_TMPL, &t, sizeof(t));
	put_mark(&m, d->mark);
	return xfrm_talk(&m, NULL, NULL);
}

static int pol_del(int dir, const struct dir *d)
{
	static struct rtnl_msg m;
	struct xfrm_userpolicy_id id = { 0 };

	id.sel.family = d->family;
	id.dir = dir;
	rtnl_msg_init(&m, XFRM_MSG_DELPOLICY, 0, &id, sizeof(id));
	put_mark(&m, d->mark);
	return xfrm_talk(&m, NULL, NULL);
}

static const char *devname(int family)
{
	return family == AF_INET ? "vti1" : "vti6a";
}

/* Host h's device of family: its okey is out->mark, its ikey in->mark. */
static int vti_add(int h, const struct dir *out, const struct dir *in)
{
	static struct rtnl_msg m;
	int fam = out->family, peer = h == NET_A ? NET_B : NET_A;
	xfrm_address_t local, remote;

	outer(h, fam, &local);
	outer(peer, fam, &remote);
	rtnl_newlink_begin(&m, devname(fam), fam == AF_INET ? "vti" : "vti6",
			   0);
	rtnl_nest(&m, IFLA_INFO_DATA);
	rtnl_put(&m, IFLA_VTI_LOCAL, &local, alen(fam));
	rtnl_put(&m, IFLA_VTI_REMOTE, &remote, alen(fam));
	rtnl_put_u32(&m, IFLA_VTI_IKEY, htonl(in->mark));
	rtnl_put_u32(&m, IFLA_VTI_OKEY, htonl(out->mark));
	return rtnl_newlink_end(&m);
}

struct vti_attr {
	int type;
	unsigned char val[16];
	int len;
};

static void vti_attr_cb(struct nlmsghdr *nh, void *priv)
{
	struct vti_attr *q = priv;
	struct rtattr *a;

	if (nh->nlmsg_type != RTM_NEWLINK)
		return;
	a = rtnl_attr(nh, sizeof(struct ifinfomsg), IFLA_LINKINFO);
	if (a)
		a = rtnl_nested(a, IFLA_INFO_DATA);
	if (a)
		a = rtnl_nested(a, q->type);
	if (!a || RTA_PAYLOAD(a) > sizeof(q->val))
		return;
	q->len = RTA_PAYLOAD(a);
	memcpy(q->val, RTA_DATA(a), q->len);
}

/* IFLA_VTI_* attribute type of host h's device read back equals want. */
static void check_attr(int h, int family, int type, const char *name,
		       const void *want, int len)
{
	static struct rtnl_msg m;
	struct vti_attr q = { .type = type, .len = -1 };

	net_enter(h);
	rtnl_link_msg(&m, RTM_GETLINK, 0, 0, devname(family));
	RTNL_SAFE(rtnl_talk_cb(&m, vti_attr_cb, &q));
	if (q.len == len && !memcmp(q.val, want, len))
		tst_res(TPASS, "%s of %s read back", name, devname(family));
	else
		tst_res(TFAIL, "%s of %s: not the value set (%d bytes, %d set)",
			name, devname(family), q.len, len);
}

static void check_attrs(int h, const struct dir *out, const struct dir *in)
{
	int fam = out->family, peer = h == NET_A ? NET_B : NET_A;
	uint32_t ikey = htonl(in->mark), okey = htonl(out->mark);
	xfrm_address_t local, remote;

	outer(h, fam, &local);
	outer(peer, fam, &remote);
	check_attr(h, fam, IFLA_VTI_IKEY, "IFLA_VTI_IKEY", &ikey, 4);
	check_attr(h, fam, IFLA_VTI_OKEY, "IFLA_VTI_OKEY", &okey, 4);
	check_attr(h, fam, IFLA_VTI_LOCAL, "IFLA_VTI_LOCAL", &local,
		   alen(fam));
	check_attr(h, fam, IFLA_VTI_REMOTE, "IFLA_VTI_REMOTE", &remote,
		   alen(fam));
}

static struct rtnl_link_stats64 vstats(int h, int family)
{
	struct rtnl_link_info li;

	net_enter(h);
	RTNL_SAFE(rtnl_link_get(0, devname(family), &li));
	return li.stats;
}

/*
 * Drain the capture of the local net0: ESP packets of family with spi
 * in each direction (outgoing a->b, incoming b->a, between the veth
 * addresses), packets with the plaintext.
 */
static void wire(int family, uint32_t spi_out, uint32_t spi_in, int *out,
		 int *in, int *leak)
{
	unsigned char buf[2048];
	struct sockaddr_ll from;
	xfrm_address_t a, b;
	int v6 = family == AF_INET6, hl = v6 ? 40 : 20, al = alen(family);
	int so = v6 ? 8 : 12, proto = v6 ? 6 : 9;
	uint32_t s;
	socklen_t len;
	ssize_t n;

	outer(NET_A, family, &a);
	outer(NET_B, family, &b);
	*out = *in = *leak = 0;
	for (;;) {
		len = sizeof(from);
		n = recvfrom(cap, buf, sizeof(buf), MSG_DONTWAIT,
			     (struct sockaddr *)&from, &len);
		if (n < 0)
			return;
		if (memmem(buf, n, SECRET, sizeof(SECRET) - 1))
			(*leak)++;
		if (ntohs(from.sll_protocol) != (v6 ? ETH_P_IPV6 : ETH_P_IP) ||
		    n < hl + 8 || buf[proto] != IPPROTO_ESP)
			continue;
		memcpy(&s, buf + hl, 4);
		s = ntohl(s);
		if (from.sll_pkttype == PACKET_OUTGOING && s == spi_out &&
		    !memcmp(buf + so, &a, al) && !memcmp(buf + so + al, &b, al))
			(*out)++;
		if (from.sll_pkttype == PACKET_HOST && s == spi_in &&
		    !memcmp(buf + so, &b, al) && !memcmp(buf + so + al, &a, al))
			(*in)++;
	}
}

/* Receive one datagram of len bytes on fd that must equal buf. */
static int recv_same(int fd, const char *buf, size_t len,
		     struct sockaddr_storage *from)
{
	char got[PAYLEN + 16];
	socklen_t fl = sizeof(*from);
	ssize_t n;

	if (!net_poll(fd, POLLIN, 10000))
		return 0;
	n = recvfrom(fd, got, sizeof(got), MSG_DONTWAIT,
		     (struct sockaddr *)from, &fl);
	return n == (ssize_t)len && !memcmp(got, buf, len);
}

static void traffic(int family, const struct dir *ab, const struct dir *ba)
{
	struct sockaddr_storage la, ra, from;
	struct rtnl_link_stats64 a0, b0, a1, b1;
	struct xfrm_lifetime_cur sab0, sab1, rab0, rab1, sba0, sba1, rba0, rba1;
	socklen_t al = inner(NET_A, family, &la), rl = inner(NET_B, family, &ra);
	unsigned long long ipl = PAYLEN + 8 + (family == AF_INET ? 20 : 40);
	const char *fs = family == AF_INET ? "IPv4 vti" : "IPv6 vti6";
	char buf[PAYLEN];
	int s, r, i, ok = 0, back = 0, out, in, leak;

	s = net_socket(NET_A, family, SOCK_DGRAM);
	if (bind(s, (struct sockaddr *)&la, al))
		tst_brk(TBROK | TERRNO, "bind() to the local inner address");
	r = net_socket(NET_B, family, SOCK_DGRAM);
	if (bind(r, (struct sockaddr *)&ra, rl))
		tst_brk(TBROK | TERRNO, "bind() to the remote inner address");
	al = sizeof(la);
	rl = sizeof(ra);
	getsockname(s, (struct sockaddr *)&la, &al);
	getsockname(r, (struct sockaddr *)&ra, &rl);
	wire(family, 0, 0, &out, &in, &leak);

	a0 = vstats(NET_A, family);
	b0 = vstats(NET_B, family);
	sab0 = sa_cur(NET_A, ab, NET_B);
	rab0 = sa_cur(NET_B, ab, NET_B);
	sba0 = sa_cur(NET_B, ba, NET_A);
	rba0 = sa_cur(NET_A, ba, NET_A);
	for (i = 0; i < NDGRAM; i++) {
		memset(buf, 'a' + i, sizeof(buf));
		memcpy(buf, SECRET, sizeof(SECRET) - 1);
		if (sendto(s, buf, PAYLEN, 0, (struct sockaddr *)&ra, rl) !=
		    PAYLEN)
			tst_brk(TBROK | TERRNO, "sendto() through %s", fs);
		if (!recv_same(r, buf, PAYLEN, &from))
			continue;
		ok++;
		buf[PAYLEN - 1] = 'z';
		if (sendto(r, buf, PAYLEN, 0, (struct sockaddr *)&from, rl) !=
		    PAYLEN)
			tst_brk(TBROK | TERRNO, "echo through %s", fs);
		back += recv_same(s, buf, PAYLEN, &from);
	}
	NET_EXP_EQ(ok, NDGRAM, "datagrams intact through the tunnel");
	NET_EXP_EQ(back, NDGRAM, "echoes intact back through the tunnel");

	a1 = vstats(NET_A, family);
	b1 = vstats(NET_B, family);
	tst_res(TINFO, "%s: inner packets of %llu bytes", fs, ipl);
	NET_EXP_EQ(a1.tx_packets - a0.tx_packets, NDGRAM, "local tx_packets");
	NET_EXP_EQ(a1.tx_bytes - a0.tx_bytes, NDGRAM * ipl, "local tx_bytes");
	NET_EXP_EQ(a1.rx_packets - a0.rx_packets, NDGRAM, "local rx_packets");
	NET_EXP_EQ(a1.rx_bytes - a0.rx_bytes, NDGRAM * ipl, "local rx_bytes");
	NET_EXP_EQ(b1.tx_packets - b0.tx_packets, NDGRAM, "remote tx_packets");
	NET_EXP_EQ(b1.tx_bytes - b0.tx_bytes, NDGRAM * ipl, "remote tx_bytes");
	NET_EXP_EQ(b1.rx_packets - b0.rx_packets, NDGRAM, "remote rx_packets");
	NET_EXP_EQ(b1.rx_bytes - b0.rx_bytes, NDGRAM * ipl, "remote rx_bytes");
	NET_EXP_EQ(a1.tx_carrier_errors + b1.tx_carrier_errors -
		   a0.tx_carrier_errors - b0.tx_carrier_errors, 0,
		   "tx_carrier_errors");

	sab1 = sa_cur(NET_A, ab, NET_B);
	rab1 = sa_cur(NET_B, ab, NET_B);
	sba1 = sa_cur(NET_B, ba, NET_A);
	rba1 = sa_cur(NET_A, ba, NET_A);
	NET_EXP_EQ(sab1.packets - sab0.packets, NDGRAM,
		   "outbound SA packets (sender)");
	NET_EXP_EQ(sab1.bytes - sab0.bytes, NDGRAM * ipl,
		   "outbound SA bytes (sender)");
	NET_EXP_EQ(rab1.packets - rab0.packets, NDGRAM,
		   "its packets at the receiver");
	NET_EXP_EQ(rab1.bytes - rab0.bytes, NDGRAM * ipl,
		   "its bytes at the receiver");
	NET_EXP_EQ(sba1.packets - sba0.packets, NDGRAM,
		   "return SA packets (echoing host)");
	NET_EXP_EQ(sba1.bytes - sba0.bytes, NDGRAM * ipl,
		   "return SA bytes (echoing host)");
	NET_EXP_EQ(rba1.packets - rba0.packets, NDGRAM,
		   "return SA packets (local host)");
	NET_EXP_EQ(rba1.bytes - rba0.bytes, NDGRAM * ipl,
		   "return SA bytes (local host)");

	wire(family, ab->spi, ba->spi, &out, &in, &leak);
	NET_EXP_EQ(out, NDGRAM, "ESP packets out with the SPI on net0");
	NET_EXP_EQ(in, NDGRAM, "ESP packets in with the return SPI");
	NET_EXP_EQ(leak, 0, "packets on net0 with the plaintext");

	/* no outbound SA: the policy matches, its template finds nothing */
	net_enter(NET_A);
	RTNL_SAFE(sa_del(ab, NET_B));
	{
		long long e0 = net_xfrm_stat(NET_A, "XfrmOutNoStates");

		a0 = vstats(NET_A, family);
		net_enter(NET_A);
		if (sendto(s, SECRET, sizeof(SECRET) - 1, 0,
			   (struct sockaddr *)&ra, rl) != sizeof(SECRET) - 1)
			tst_brk(TBROK | TERRNO, "sendto() without the SA");
		NET_EXP_EQ(net_xfrm_stat_wait(NET_A, "XfrmOutNoStates", e0) -
			   e0, 1, "XfrmOutNoStates without the outbound SA");
	}
	a1 = vstats(NET_A, family);
	NET_EXP_EQ(a1.tx_carrier_errors - a0.tx_carrier_errors, 1,
		   "local tx_carrier_errors without the SA");
	NET_EXP_EQ(a1.tx_packets - a0.tx_packets, 0,
		   "local tx_packets without the SA");
	NET_EXP_EQ(net_poll(r, POLLIN, 1000), 0, "poll() of the receiver");
	wire(family, ab->spi, ba->spi, &out, &in, &leak);
	NET_EXP_EQ(out + leak, 0, "packets of it on net0");

	/* no policy for the okey mark: the device has no transform at all */
	net_enter(NET_A);
	RTNL_SAFE(pol_del(XFRM_POLICY_OUT, ab));
	{
		long long e0 = net_xfrm_stat(NET_A, "XfrmOutNoStates");

		a0 = vstats(NET_A, family);
		if (sendto(s, SECRET, sizeof(SECRET) - 1, 0,
			   (struct sockaddr *)&ra, rl) != sizeof(SECRET) - 1)
			tst_brk(TBROK | TERRNO, "sendto() without the policy");
		a1 = vstats(NET_A, family);
		NET_EXP_EQ(net_xfrm_stat(NET_A, "XfrmOutNoStates") - e0, 0,
			   "XfrmOutNoStates without the policy");
	}
	NET_EXP_EQ(a1.tx_carrier_errors - a0.tx_carrier_errors, 1,
		   "local tx_carrier_errors without the policy");
	NET_EXP_EQ(a1.tx_packets - a0.tx_packets, 0,
		   "local tx_packets without the policy");
	NET_EXP_EQ(net_poll(r, POLLIN, 1000), 0, "poll() of the receiver");
	wire(family, ab->spi, ba->spi, &out, &in, &leak);
	NET_EXP_EQ(out + leak, 0, "packets of it on net0");
	close(s);
	close(r);
}

static void hosts(void);

static void gone(int family)
{
	struct rtnl_link_info li;
	struct sockaddr_storage ra;
	socklen_t rl = inner(NET_B, family, &ra);
	int s, ret;

	net_enter(NET_A);
	RTNL_SAFE(rtnl_link_del(rtnl_ifindex(devname(family))));
	ret = rtnl_link_get(0, devname(family), &li);
	NET_EXP_EQ(ret, -ENODEV, "RTM_GETLINK of the deleted device");
	s = net_socket(NET_A, family, SOCK_DGRAM);
	((struct sockaddr_in *)&ra)->sin_port = htons(9);
	ret = sendto(s, "x", 1, 0, (struct sockaddr *)&ra, rl);
	if (ret < 0 && errno == ENETUNREACH)
		tst_res(TPASS, "route through the deleted %s gone: ENETUNREACH",
			devname(family));
	else
		tst_res(TFAIL | TERRNO, "sendto() after deleting %s: %d",
			devname(family), ret);
	close(s);
}

static void run(void)
{
	struct sockaddr_ll sll = { .sll_family = AF_PACKET,
				   .sll_protocol = htons(ETH_P_ALL) };

	hosts();
	check_attrs(NET_A, &v4ab, &v4ba);
	check_attrs(NET_A, &v6ab, &v6ba);
	check_attrs(NET_B, &v4ba, &v4ab);
	check_attrs(NET_B, &v6ba, &v6ab);

	net_enter(NET_A);
	sll.sll_ifindex = rtnl_ifindex("net0");
	cap = socket(AF_PACKET, SOCK_DGRAM, htons(ETH_P_ALL));
	if (cap < 0 || bind(cap, (struct sockaddr *)&sll, sizeof(sll)))
		tst_brk(TBROK | TERRNO, "packet socket on net0");
	traffic(AF_INET, &v4ab, &v4ba);
	traffic(AF_INET6, &v6ab, &v6ba);
	close(cap);
	cap = -1;
	gone(AF_INET);
	gone(AF_INET6);
}

static void vti_up(int h, const struct dir *out, const struct dir *in)
{
	struct sockaddr_storage me;
	int ret, idx, fam = out->family;

	net_enter(h);
	ret = vti_add(h, out, in);
	if (ret == -EOPNOTSUPP)
		tst_brk(TCONF, "no %s devices (ip_vti/ip6_vti)",
			fam == AF_INET ? "vti" : "vti6");
	RTNL_SAFE(ret);
	idx = rtnl_ifindex(devname(fam));
	/*
	 * Nothing but the test's datagrams may go through the catch-all
	 * policies: no IPv6 on the IPv4 device, no router solicitations
	 * from the vti6 device (it is NOARP: no DAD, no solicited-node MLD).
	 */
	if (fam == AF_INET) {
		net_sysctl(h, "net/ipv6/conf/vti1/disable_ipv6", "1");
	} else {
		net_sysctl(h, "net/ipv6/conf/vti6a/accept_ra", "0");
		net_sysctl(h, "net/ipv6/conf/vti6a/router_solicitations", "0");
	}
	net_enter(h);
	inner(h, fam, &me);
	RTNL_SAFE(rtnl_addr_add(idx, fam, sa_addr(&me),
				fam == AF_INET ? 24 : 64, IFA_F_NODAD));
	RTNL_SAFE(rtnl_link_up(idx));
}

/* New hosts, devices, SAs and policies for each iteration. */
static void hosts(void)
{
	const struct dir *ab[] = { &v4ab, &v6ab }, *ba[] = { &v4ba, &v6ba };
	int h, f, ret;

	for (h = 0; h < NET_NHOSTS; h++) {
		if (net_nsfd[h] >= 0)
			close(net_nsfd[h]);
		net_nsfd[h] = -1;
	}
	net_cur = -1;
	net_hosts_setup();
	for (f = 0; f < 2; f++) {
		vti_up(NET_A, ab[f], ba[f]);
		vti_up(NET_B, ba[f], ab[f]);
		for (h = NET_A; h <= NET_B; h++) {
			int peer = h == NET_A ? NET_B : NET_A;
			const struct dir *o = h == NET_A ? ab[f] : ba[f];
			const struct dir *i = h == NET_A ? ba[f] : ab[f];

			net_enter(h);
			ret = sa_add(ab[f], NET_A, NET_B);
			if (ret == -EPROTONOSUPPORT || ret == -ENOSYS ||
			    ret == -ENOENT)
				tst_brk(TCONF, "no ESP with rfc4106(gcm(aes)): %s",
					tst_strerrno(-ret));
			RTNL_SAFE(ret);
			RTNL_SAFE(sa_add(ba[f], NET_B, NET_A));
			RTNL_SAFE(pol_add(XFRM_POLICY_OUT, o, h, peer));
			RTNL_SAFE(pol_add(XFRM_POLICY_IN, i, peer, h));
		}
	}
	net_enter(NET_A);
}

static void cleanup(void)
{
	if (cap >= 0)
		close(cap);
}

static struct tst_test test = {
	.test_all = run,
	.cleanup = cleanup,
	.needs_root = 1,
	.timeout = 90,
};
