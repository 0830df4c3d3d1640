// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * WireGuard (wireguard module) between the two hosts, configured over the
 * "wireguard" generic netlink family only: a wg0 in each host (10.88.0.1
 * and 10.88.0.2/24), listening on 51820 and 51821 over the veth.
 * - keys: the kernel takes any 32 byte private key, stores it clamped for
 *   X25519 (byte 0 & 248, byte 31 & 127 | 64, read back) and derives the
 *   public key from it: two keys equal but for the clamped bits give the
 *   same public key, another key another one; an all-zero key removes the
 *   identity (no key in the dump). Each host's peer is the other's public
 *   key as the kernel derived it, so no key is computed by the test;
 * - a peer with the device's own public key is ignored, WGPEER_F_UPDATE_ONLY
 *   for an unknown key adds none (both succeed, 0 peers read back);
 * - listen port, endpoint and allowed IPs read back; last_handshake_time,
 *   rx_bytes and tx_bytes 0 before any traffic;
 * - a UDP echo through the tunnel: the first round's handshake counted
 *   (initiations of 148 bytes, responses of 92), last_handshake_time set on
 *   both peers within the wall clock time of the round; then 8 rounds of
 *   100 byte datagrams move tx_bytes of the sender's peer and rx_bytes of
 *   the receiver's peer by exactly 8 data messages of 160 bytes (16 byte
 *   header, the 128 byte inner packet padded to 16, 16 byte tag) each way,
 *   the two ends of each direction equal;
 * - a datagram from a source outside the receiver's allowed IPs for the
 *   peer is decrypted and dropped: not delivered (a sentinel behind it is
 *   the next datagram read), rx_errors and rx_frame_errors + 1, the peer's
 *   rx_bytes + 0 while the sender's tx_bytes counted it;
 * - a destination no peer allows: send() fails with ENOKEY, tx_errors + 1,
 *   no bytes sent to the peer;
 * - WG_CMD_SET_DEVICE errors: EBADR without a device or with both ifindex
 *   and name, ENODEV for no such device, EOPNOTSUPP for a device that is no
 *   wireguard one, for device flag 2 and for peer flag 8, ERANGE for a 31
 *   byte private key, EINVAL for a peer without its key, an allowed IP of /33 or of a
 *   16 byte IPv4 address, EPFNOSUPPORT for protocol version 2.
 */
#include <stddef.h>
#include <time.h>
#include "tst_test.h"
#include "net_hosts.h"
#include "net_genl.h"
#include <linux/time_types.h>
#include <linux/wireguard.h>

#define PORT_A 51820
#define PORT_B 51821
#define ECHO_PORT 7000
#define PAYLOAD 100
/* 16 byte header + 128 byte inner IPv4 packet (padded to 16) + 16 byte tag */
#define DATA_MSG 160
#define INIT_MSG 148
#define RESP_MSG 92
#define KEEPALIVE_MSG 32
#define ROUNDS 8

static int fam;

struct wg_peer_info {
	unsigned char pub[WG_KEY_LEN];
	struct __kernel_timespec hs;
	uint64_t rx, tx;
	struct sockaddr_in ep;
	struct in_addr aip;
	int aip_cidr, aips;
};

struct wg_dev_info {
	unsigned char priv[WG_KEY_LEN], pub[WG_KEY_LEN];
	int has_priv, has_pub, port, npeers;
	struct wg_peer_info peer;
};

static void exp_err(int ret, int err, const char *what)
{
	if (ret == -err)
		tst_res(TPASS, "%s: %s", what, tst_strerrno(err));
	else
		tst_res(TFAIL, "%s: %d (%s), expected %s", what, ret,
			ret ? tst_strerrno(-ret) : "success",
			tst_strerrno(err));
}

static void set_begin(struct rtnl_msg *m, const char *dev)
{
	genl_msg(m, fam, WG_CMD_SET_DEVICE, WG_GENL_VERSION, 0);
	if (dev)
		rtnl_put_str(m, WGDEVICE_A_IFNAME, dev);
}

static int set_key(const char *dev, const unsigned char *key, int len)
{
	static struct rtnl_msg m;

	set_begin(&m, dev);
	rtnl_put(&m, WGDEVICE_A_PRIVATE_KEY, key, len);
	return genl_talk(&m, NULL, NULL);
}

/* One peer: key (NULL: none), flags, endpoint port (0: none), one /cidr. */
static int set_peer(const char *dev, const unsigned char *pub, uint32_t flags,
		    const char *ep, int ep_port, const char *aip, int cidr,
		    int aip_len)
{
	static struct rtnl_msg m;
	struct sockaddr_in sin = { .sin_family = AF_INET };
	unsigned char addr[16] = { 0 };

	set_begin(&m, dev);
	rtnl_nest(&m, WGDEVICE_A_PEERS | NLA_F_NESTED);
	rtnl_nest(&m, NLA_F_NESTED);
	if (pub)
		rtnl_put(&m, WGPEER_A_PUBLIC_KEY, pub, WG_KEY_LEN);
	if (flags)
		rtnl_put_u32(&m, WGPEER_A_FLAGS, flags);
	if (ep) {
		net_ipv4(ep, &sin.sin_addr);
		sin.sin_port = htons(ep_port);
		rtnl_put(&m, WGPEER_A_ENDPOINT, &sin, sizeof(sin));
	}
	if (aip) {
		net_ipv4(aip, (struct in_addr *)addr);
		rtnl_nest(&m, WGPEER_A_ALLOWEDIPS | NLA_F_NESTED);
		rtnl_nest(&m, NLA_F_NESTED);
		rtnl_put_u16(&m, WGALLOWEDIP_A_FAMILY, AF_INET);
		rtnl_put(&m, WGALLOWEDIP_A_IPADDR, addr, aip_len);
		rtnl_put_u8(&m, WGALLOWEDIP_A_CIDR_MASK, cidr);
	}
	while (m.depth)
		rtnl_nest_end(&m);
	return genl_talk(&m, NULL, NULL);
}

/*
 * An attribute in a nest, or (nest NULL) at the top of a generic netlink
 * answer, by type without the NLA_F_NESTED bit the kernel sets on nests.
 */
static struct rtattr *wg_attr(struct nlmsghdr *nh, struct rtattr *nest,
			      int type)
{
	struct rtattr *a;
	int len;

	if (nest) {
		a = RTA_DATA(nest);
		len = RTA_PAYLOAD(nest);
	} else {
		a = (struct rtattr *)((char *)NLMSG_DATA(nh) + GENL_HDRLEN);
		len = nh->nlmsg_len - NLMSG_LENGTH(GENL_HDRLEN);
	}
	for (; RTA_OK(a, len); a = RTA_NEXT(a, len))
		if ((a->rta_type & NLA_TYPE_MASK) == type)
			return a;
	return NULL;
}

static void parse_peer(struct rtattr *p, struct wg_peer_info *pi)
{
	struct rtattr *a, *l;
	int len;

	a = wg_attr(NULL, p, WGPEER_A_PUBLIC_KEY);
	if (a)
		memcpy(pi->pub, RTA_DATA(a), WG_KEY_LEN);
	a = wg_attr(NULL, p, WGPEER_A_LAST_HANDSHAKE_TIME);
	if (a)
		memcpy(&pi->hs, RTA_DATA(a), sizeof(pi->hs));
	a = wg_attr(NULL, p, WGPEER_A_RX_BYTES);
	if (a)
		memcpy(&pi->rx, RTA_DATA(a), 8);
	a = wg_attr(NULL, p, WGPEER_A_TX_BYTES);
	if (a)
		memcpy(&pi->tx, RTA_DATA(a), 8);
	a = wg_attr(NULL, p, WGPEER_A_ENDPOINT);
	if (a && RTA_PAYLOAD(a) >= sizeof(pi->ep))
		memcpy(&pi->ep, RTA_DATA(a), sizeof(pi->ep));
	l = wg_attr(NULL, p, WGPEER_A_ALLOWEDIPS);
	if (!l)
		return;
	len = RTA_PAYLOAD(l);
	for (a = RTA_DATA(l); RTA_OK(a, len); a = RTA_NEXT(a, len)) {
		struct rtattr *x = wg_attr(NULL, a, WGALLOWEDIP_A_IPADDR);
		struct rtattr *c = wg_attr(NULL, a, WGALLOWEDIP_A_CIDR_MASK);

		pi->aips++;
		if (x && RTA_PAYLOAD(x) == 4)
			memcpy(&pi->aip, RTA_DATA(x), 4);
		if (c)
			pi->aip_cidr = *(uint8_t *)RTA_DATA(c);
	}
}

static void get_cb(struct nlmsghdr *nh, void *priv)
{
	struct wg_dev_info *d = priv;
	struct rtattr *a, *p;
	int len;

	if (nh->nlmsg_type != fam)
		return;
	a = wg_attr(nh, NULL, WGDEVICE_A_PRIVATE_KEY);
	if (a) {
		d->has_priv = 1;
		memcpy(d->priv, RTA_DATA(a), WG_KEY_LEN);
	}
	a = wg_attr(nh, NULL, WGDEVICE_A_PUBLIC_KEY);
	if (a) {
		d->has_pub = 1;
		memcpy(d->pub, RTA_DATA(a), WG_KEY_LEN);
	}
	a = wg_attr(nh, NULL, WGDEVICE_A_LISTEN_PORT);
	if (a)
		d->port = *(uint16_t *)RTA_DATA(a);
	a = wg_attr(nh, NULL, WGDEVICE_A_PEERS);
	if (!a)
		return;
	len = RTA_PAYLOAD(a);
	for (p = RTA_DATA(a); RTA_OK(p, len); p = RTA_NEXT(p, len)) {
		if (!d->npeers++)
			parse_peer(p, &d->peer);
	}
}

/* WG_CMD_GET_DEVICE of dev in host h (a dump, as the family wants). */
static void get_dev(int h, const char *dev, struct wg_dev_info *d)
{
	static struct rtnl_msg m;

	net_enter(h);
	memset(d, 0, sizeof(*d));
	genl_msg(&m, fam, WG_CMD_GET_DEVICE, WG_GENL_VERSION, NLM_F_DUMP);
	rtnl_put_str(&m, WGDEVICE_A_IFNAME, dev);
	RTNL_SAFE(genl_talk(&m, get_cb, d));
}

static void make_wg(int h, const char *addr)
{
	int ret;

	/* no IPv6 (MLD, RS) on wg0 to count as tx_errors: no peer has it */
	net_sysctl(h, "net/ipv6/conf/default/disable_ipv6", "1");
	ret = rtnl_link_add("wg0", "wireguard");
	if (ret == -EOPNOTSUPP)
		tst_brk(TCONF, "no wireguard support (module missing)");
	RTNL_SAFE(ret);
	if (!fam) {
		fam = genl_family(WG_GENL_NAME);
		if (fam < 0)
			tst_brk(TBROK, "genl family " WG_GENL_NAME ": %s",
				tst_strerrno(-fam));
	}
	net_addr4("wg0", addr);
}

static void test_keys(void)
{
	unsigned char k[WG_KEY_LEN], k2[WG_KEY_LEN], zero[WG_KEY_LEN] = { 0 };
	unsigned char pub[WG_KEY_LEN];
	struct wg_dev_info d;
	int i;

	for (i = 0; i < WG_KEY_LEN; i++)
		k[i] = 0x11 * (i % 15) + 3;
	k[0] = 0xff;
	k[31] = 0xff;
	net_enter(NET_A);
	RTNL_SAFE(set_key("wg0", k, WG_KEY_LEN));
	get_dev(NET_A, "wg0", &d);
	if (!d.has_priv || !d.has_pub)
		tst_brk(TFAIL, "keys not in the dump (private %d, public %d)",
			d.has_priv, d.has_pub);
	NET_EXP_EQ(d.priv[0], 0xf8, "private key byte 0 clamped (& 248)");
	NET_EXP_EQ(d.priv[31], 0x7f, "private key byte 31 clamped (& 127 | 64)");
	NET_EXP_EQ(memcmp(d.priv + 1, k + 1, 30), 0,
		   "private key bytes 1-30 as set");
	memcpy(pub, d.pub, WG_KEY_LEN);
	NET_EXP_EQ(memcmp(pub, zero, WG_KEY_LEN) != 0, 1, "public key not zero");

	/* only the clamped bits differ: the same scalar, the same public key */
	memcpy(k2, k, WG_KEY_LEN);
	k2[0] = 0xf8;
	k2[31] = 0x40 | 0x3f;
	net_enter(NET_B);
	RTNL_SAFE(set_key("wg0", k2, WG_KEY_LEN));
	get_dev(NET_B, "wg0", &d);
	NET_EXP_EQ(memcmp(d.pub, pub, WG_KEY_LEN), 0,
		   "public key of a key equal but for the clamped bits the same");
	k2[5] ^= 1;
	net_enter(NET_B);
	RTNL_SAFE(set_key("wg0", k2, WG_KEY_LEN));
	get_dev(NET_B, "wg0", &d);
	NET_EXP_EQ(memcmp(d.pub, pub, WG_KEY_LEN) != 0, 1,
		   "public key of a key with one bit flipped differs");

	net_enter(NET_B);
	RTNL_SAFE(set_key("wg0", zero, WG_KEY_LEN));
	get_dev(NET_B, "wg0", &d);
	NET_EXP_EQ(d.has_priv + d.has_pub, 0,
		   "keys in the dump after an all-zero private key");
	RTNL_SAFE(set_key("wg0", k2, WG_KEY_LEN));

	/* own key as a peer ignored, UPDATE_ONLY adds no peer */
	net_enter(NET_A);
	RTNL_SAFE(set_peer("wg0", pub, 0, NULL, 0, "10.88.0.50", 32, 4));
	RTNL_SAFE(set_peer("wg0", k2, WGPEER_F_UPDATE_ONLY, NULL, 0, NULL, 0,
			   4));
	get_dev(NET_A, "wg0", &d);
	NET_EXP_EQ(d.npeers, 0,
		   "peers after adding the own key and an UPDATE_ONLY peer");
}

static void test_errors(void)
{
	static struct rtnl_msg m;
	unsigned char k[WG_KEY_LEN] = { 1, 2, 3 };

	net_enter(NET_A);
	set_begin(&m, NULL);
	exp_err(genl_talk(&m, NULL, NULL), EBADR, "SET_DEVICE without a device");
	set_begin(&m, "wg0");
	rtnl_put_u32(&m, WGDEVICE_A_IFINDEX, rtnl_ifindex("wg0"));
	exp_err(genl_talk(&m, NULL, NULL), EBADR,
		"SET_DEVICE with both ifindex and name");
	exp_err(set_key("wgnone", k, WG_KEY_LEN), ENODEV, "no such device");
	exp_err(set_key("net0", k, WG_KEY_LEN), EOPNOTSUPP, "a veth");
	/* NLA_POLICY_EXACT_LEN: the generic netlink policy says ERANGE */
	exp_err(set_key("wg0", k, WG_KEY_LEN - 1), ERANGE,
		"a 31 byte private key");
	set_begin(&m, "wg0");
	rtnl_put_u32(&m, WGDEVICE_A_FLAGS, 2);
	exp_err(genl_talk(&m, NULL, NULL), EOPNOTSUPP, "device flag 2");
	exp_err(set_peer("wg0", NULL, 0, NULL, 0, NULL, 0, 4), EINVAL,
		"a peer without a public key");
	exp_err(set_peer("wg0", k, 8, NULL, 0, NULL, 0, 4), EOPNOTSUPP,
		"peer flag 8");
	exp_err(set_peer("wg0", k, 0, NULL, 0, "10.88.0.60", 33, 4), EINVAL,
		"allowed IP 10.88.0.60/33");
	exp_err(set_peer("wg0", k, WGPEER_F_REPLACE_ALLOWEDIPS, NULL, 0,
			 "10.88.0.60", 32, 16), EINVAL,
		"allowed IPv4 address of 16 bytes");
	set_begin(&m, "wg0");
	rtnl_nest(&m, WGDEVICE_A_PEERS | NLA_F_NESTED);
	rtnl_nest(&m, NLA_F_NESTED);
	rtnl_put(&m, WGPEER_A_PUBLIC_KEY, k, WG_KEY_LEN);
	rtnl_put_u32(&m, WGPEER_A_PROTOCOL_VERSION, 2);
	rtnl_nest_end(&m);
	rtnl_nest_end(&m);
	exp_err(genl_talk(&m, NULL, NULL), EPFNOSUPPORT, "protocol version 2");
	/* the failed requests may leave the peer of key k: remove it */
	set_peer("wg0", k, WGPEER_F_REMOVE_ME, NULL, 0, NULL, 0, 4);
}

static void configure(unsigned char *pub_a, unsigned char *pub_b)
{
	static struct rtnl_msg m;
	struct wg_dev_info d;

	net_enter(NET_A);
	set_begin(&m, "wg0");
	rtnl_put_u16(&m, WGDEVICE_A_LISTEN_PORT, PORT_A);
	RTNL_SAFE(genl_talk(&m, NULL, NULL));
	net_enter(NET_B);
	set_begin(&m, "wg0");
	rtnl_put_u16(&m, WGDEVICE_A_LISTEN_PORT, PORT_B);
	RTNL_SAFE(genl_talk(&m, NULL, NULL));
	net_enter(NET_A);
	RTNL_SAFE(set_peer("wg0", pub_b, 0, "10.99.1.2", PORT_B, "10.88.0.2",
			   32, 4));
	net_enter(NET_B);
	RTNL_SAFE(set_peer("wg0", pub_a, 0, "10.99.1.1", PORT_A, "10.88.0.1",
			   32, 4));
	RTNL_SAFE(rtnl_link_up(rtnl_ifindex("wg0")));
	net_enter(NET_A);
	RTNL_SAFE(rtnl_link_up(rtnl_ifindex("wg0")));

	get_dev(NET_A, "wg0", &d);
	NET_EXP_EQ(d.port, PORT_A, "local listen port");
	NET_EXP_EQ(d.npeers, 1, "local peers");
	NET_EXP_EQ(memcmp(d.peer.pub, pub_b, WG_KEY_LEN), 0,
		   "local peer's key is the remote's public key");
	NET_EXP_EQ(d.peer.ep.sin_addr.s_addr == htonl(0x0a630102) &&
		   d.peer.ep.sin_port == htons(PORT_B), 1,
		   "local peer's endpoint 10.99.1.2:51821");
	NET_EXP_EQ(d.peer.aips, 1, "local peer's allowed IPs");
	NET_EXP_EQ(d.peer.aip.s_addr == htonl(0x0a580002) &&
		   d.peer.aip_cidr == 32, 1, "allowed IP 10.88.0.2/32");
	NET_EXP_EQ(d.peer.hs.tv_sec + d.peer.hs.tv_nsec, 0,
		   "last handshake before traffic");
	NET_EXP_EQ(d.peer.rx + d.peer.tx, 0, "peer bytes before traffic");
}

static int udp_on(int h, const char *ip, int port)
{
	struct sockaddr_in sin = { .sin_family = AF_INET,
				   .sin_port = htons(port) };
	int fd = net_socket(h, AF_INET, SOCK_DGRAM);

	net_ipv4(ip, &sin.sin_addr);
	if (bind(fd, (struct sockaddr *)&sin, sizeof(sin)))
		tst_brk(TBROK | TERRNO, "bind(%s:%d)", ip, port);
	return fd;
}

/* A datagram of PAYLOAD bytes (byte i = seed + i) to 10.88.0.2. */
static void send_to_b(int fd, int seed)
{
	struct sockaddr_in sin = { .sin_family = AF_INET,
				   .sin_port = htons(ECHO_PORT) };
	char buf[PAYLOAD];
	int i;

	for (i = 0; i < PAYLOAD; i++)
		buf[i] = seed + i;
	net_ipv4("10.88.0.2", &sin.sin_addr);
	if (sendto(fd, buf, PAYLOAD, 0, (struct sockaddr *)&sin,
		   sizeof(sin)) != PAYLOAD)
		tst_brk(TBROK | TERRNO, "sendto(10.88.0.2)");
}

/* Receive one datagram (30 s bound), check it, echo it back. */
static int echo_round(int fa, int fb, int seed)
{
	struct sockaddr_in from;
	socklen_t fl = sizeof(from);
	char buf[PAYLOAD + 1], back[PAYLOAD + 1];
	ssize_t n;
	int i, ok;

	send_to_b(fa, seed);
	net_wait(fb, POLLIN);
	n = recvfrom(fb, buf, sizeof(buf), 0, (struct sockaddr *)&from, &fl);
	ok = n == PAYLOAD && from.sin_addr.s_addr == htonl(0x0a580001);
	for (i = 0; ok && i < PAYLOAD; i++)
		ok = buf[i] == (char)(seed + i);
	if (sendto(fb, buf, n > 0 ? n : 0, 0, (struct sockaddr *)&from, fl) < 0)
		tst_brk(TBROK | TERRNO, "echo sendto()");
	net_wait(fa, POLLIN);
	n = recv(fa, back, sizeof(back), 0);
	ok = ok && n == PAYLOAD && !memcmp(back, buf, PAYLOAD);
	if (!ok)
		tst_res(TFAIL, "round %d: datagram not intact (%zd bytes)",
			seed, n);
	return ok;
}

/*
 * Wait (bounded) until the local peer sent at least tx_min bytes and the
 * remote at least rx_min more than base (a, b hold the bases), and each
 * receiver counted what its sender did: a sender adds a message after its
 * send returned, a receiver after handing the packet up, so the datagram
 * can be read before either counter moved.
 */
static void wait_counts(struct wg_dev_info *a, struct wg_dev_info *b,
			uint64_t a_min, uint64_t b_min)
{
	long long end = tst_mono_ms() + net_ms(10000);
	uint64_t ta = a->peer.tx, tb = b->peer.tx;

	for (;;) {
		get_dev(NET_A, "wg0", a);
		get_dev(NET_B, "wg0", b);
		if (a->peer.tx - ta >= a_min && b->peer.tx - tb >= b_min &&
		    a->peer.tx == b->peer.rx && b->peer.tx == a->peer.rx)
			return;
		if (tst_mono_ms() > end) {
			tst_res(TFAIL, "local tx %llu / remote rx %llu, remote tx %llu / local rx %llu after %d ms",
				(unsigned long long)a->peer.tx,
				(unsigned long long)b->peer.rx,
				(unsigned long long)b->peer.tx,
				(unsigned long long)a->peer.rx, net_ms(10000));
			return;
		}
		usleep(10000);
	}
}

/* Wait (bounded) for the peer tx_bytes (tx) or rx_bytes of h to reach min. */
static void wait_peer(int h, struct wg_dev_info *d, int tx, uint64_t min)
{
	long long end = tst_mono_ms() + net_ms(10000);

	do {
		get_dev(h, "wg0", d);
		if ((tx ? d->peer.tx : d->peer.rx) >= min)
			return;
		usleep(10000);
	} while (tst_mono_ms() < end);
}

/* Wait (bounded) for a wg0 error counter of host h to reach min. */
static uint64_t wait_stat(int h, size_t off, uint64_t min)
{
	long long end = tst_mono_ms() + net_ms(10000);
	struct rtnl_link_info li;
	uint64_t v;

	do {
		net_enter(h);
		RTNL_SAFE(rtnl_link_get(0, "wg0", &li));
		memcpy(&v, (char *)&li.stats + off, sizeof(v));
		if (v >= min)
			break;
		usleep(10000);
	} while (tst_mono_ms() < end);
	return v;
}

static void check_hs(struct wg_dev_info *d, const char *who,
		     struct timespec *t0, struct timespec *t1)
{
	long long hs = d->peer.hs.tv_sec;

	if (hs >= t0->tv_sec && hs <= t1->tv_sec && d->peer.hs.tv_nsec < 1000000000)
		tst_res(TPASS, "%s last handshake %lld within the round [%ld, %ld]",
			who, hs, (long)t0->tv_sec, (long)t1->tv_sec);
	else
		tst_res(TFAIL, "%s last handshake %lld.%09lld outside [%ld, %ld]",
			who, hs, (long long)d->peer.hs.tv_nsec,
			(long)t0->tv_sec, (long)t1->tv_sec);
}

/* Bytes moved by n data messages, or by one keepalive more (see below). */
static void exp_data(uint64_t delta, int n, const char *what)
{
	uint64_t exp = (uint64_t)n * DATA_MSG;

	if (delta == exp || delta == exp + KEEPALIVE_MSG)
		tst_res(TPASS, "%s: %llu bytes (%d x %d%s)", what,
			(unsigned long long)delta, n, DATA_MSG,
			delta == exp ? "" : " and a keepalive");
	else
		tst_res(TFAIL, "%s: %llu bytes, expected %llu", what,
			(unsigned long long)delta, (unsigned long long)exp);
}

static void test_traffic(void)
{
	struct wg_dev_info a0, b0, a1, b1;
	struct rtnl_link_info la, lb;
	struct timespec t0, t1;
	int fa, fb, fx, fu, i, ok = 1;
	struct sockaddr_in sin = { .sin_family = AF_INET,
				   .sin_port = htons(ECHO_PORT) };

	fa = udp_on(NET_A, "10.88.0.1", 0);
	fb = udp_on(NET_B, "10.88.0.2", ECHO_PORT);

	clock_gettime(CLOCK_REALTIME, &t0);
	if (!echo_round(fa, fb, 0))
		tst_brk(TFAIL, "no datagram through the tunnel");
	clock_gettime(CLOCK_REALTIME, &t1);
	memset(&a0, 0, sizeof(a0));
	memset(&b0, 0, sizeof(b0));
	wait_counts(&a0, &b0, INIT_MSG + DATA_MSG, RESP_MSG + DATA_MSG);
	check_hs(&a0, "local peer", &t0, &t1);
	check_hs(&b0, "remote peer", &t0, &t1);
	/*
	 * The initiator sends one initiation and the data, the responder one
	 * response and the echo; under load an initiation can be sent again
	 * after 5 s (REKEY_TIMEOUT) without an answer and then answered too.
	 */
	if (a0.peer.tx > DATA_MSG && (a0.peer.tx - DATA_MSG) % INIT_MSG == 0 &&
	    b0.peer.tx > DATA_MSG && (b0.peer.tx - DATA_MSG) % RESP_MSG == 0)
		tst_res(TPASS, "handshake counted: local tx %llu = %llu x %d + %d, remote tx %llu = %llu x %d + %d",
			(unsigned long long)a0.peer.tx,
			(unsigned long long)(a0.peer.tx - DATA_MSG) / INIT_MSG,
			INIT_MSG, DATA_MSG, (unsigned long long)b0.peer.tx,
			(unsigned long long)(b0.peer.tx - DATA_MSG) / RESP_MSG,
			RESP_MSG, DATA_MSG);
	else
		tst_res(TFAIL, "first round: local tx %llu, remote tx %llu bytes, expected k x %d + %d and k x %d + %d",
			(unsigned long long)a0.peer.tx,
			(unsigned long long)b0.peer.tx, INIT_MSG, DATA_MSG,
			RESP_MSG, DATA_MSG);

	for (i = 1; i <= ROUNDS; i++)
		ok &= echo_round(fa, fb, i);
	if (ok)
		tst_res(TPASS, "%d echo rounds of %d bytes intact", ROUNDS,
			PAYLOAD);
	a1 = a0;
	b1 = b0;
	wait_counts(&a1, &b1, ROUNDS * DATA_MSG, ROUNDS * DATA_MSG);
	/*
	 * Each side sends right after it receives, so no passive keepalive
	 * (10 s after data received with nothing sent) is due; one is
	 * allowed for a process stalled that long on a loaded guest.
	 */
	exp_data(a1.peer.tx - a0.peer.tx, ROUNDS, "local tx_bytes");
	exp_data(b1.peer.rx - b0.peer.rx, ROUNDS, "remote rx_bytes");
	exp_data(b1.peer.tx - b0.peer.tx, ROUNDS, "remote tx_bytes");
	exp_data(a1.peer.rx - a0.peer.rx, ROUNDS, "local rx_bytes");

	/* a source the remote does not allow for this peer */
	net_enter(NET_A);
	RTNL_SAFE(rtnl_addr_add(rtnl_ifindex("wg0"), AF_INET,
				&(struct in_addr){ htonl(0x0a580009) }, 32,
				IFA_F_NODAD));
	fx = udp_on(NET_A, "10.88.0.9", 0);
	net_enter(NET_B);
	RTNL_SAFE(rtnl_link_get(0, "wg0", &lb));
	get_dev(NET_A, "wg0", &a0);
	get_dev(NET_B, "wg0", &b0);
	net_send_tag4(fx, "10.88.0.2", ECHO_PORT, 'x');
	net_send_tag4(fa, "10.88.0.2", ECHO_PORT, 's');
	NET_EXP_EQ(net_count_tags_until(fb, 'x', 's'), 0,
		   "datagrams from 10.88.0.9 delivered before the sentinel");
	/* the peer's sends are ordered: the dropped one was handled first */
	NET_EXP_EQ(wait_stat(NET_B, offsetof(struct rtnl_link_stats64,
					     rx_errors),
			     lb.stats.rx_errors + 1) - lb.stats.rx_errors, 1,
		   "remote wg0 rx_errors increase");
	NET_EXP_EQ(wait_stat(NET_B, offsetof(struct rtnl_link_stats64,
					     rx_frame_errors),
			     lb.stats.rx_frame_errors + 1) -
		   lb.stats.rx_frame_errors, 1,
		   "remote wg0 rx_frame_errors increase");
	wait_peer(NET_B, &b1, 0, b0.peer.rx + 64);
	wait_peer(NET_A, &a1, 1, a0.peer.tx + 2 * 64);
	NET_EXP_EQ(a1.peer.tx - a0.peer.tx, 2 * 64,
		   "local tx_bytes for both (16 + 29 padded to 32 + 16 each)");
	NET_EXP_EQ(b1.peer.rx - b0.peer.rx, 64,
		   "remote rx_bytes: the sentinel only");

	/*
	 * A destination no peer allows: wg_xmit()'s -ENOKEY reaches the
	 * sender. (Its ICMP host unreachable is not asserted: the device
	 * releases the route before xmit, and icmp_send() needs it.)
	 */
	net_enter(NET_A);
	RTNL_SAFE(rtnl_link_get(0, "wg0", &la));
	fu = net_socket(NET_A, AF_INET, SOCK_DGRAM);
	net_ipv4("10.88.0.77", &sin.sin_addr);
	if (connect(fu, (struct sockaddr *)&sin, sizeof(sin)))
		tst_brk(TBROK | TERRNO, "connect(10.88.0.77)");
	TST_EXP_FAIL(send(fu, "u", 1, 0), ENOKEY, "send() to 10.88.0.77");
	NET_EXP_EQ(wait_stat(NET_A, offsetof(struct rtnl_link_stats64,
					     tx_errors),
			     la.stats.tx_errors + 1) - la.stats.tx_errors, 1,
		   "local wg0 tx_errors increase");
	get_dev(NET_A, "wg0", &a0);
	NET_EXP_EQ(a0.peer.tx, a1.peer.tx,
		   "local peer tx_bytes after the unroutable datagram");
	SAFE_CLOSE(fa);
	SAFE_CLOSE(fb);
	SAFE_CLOSE(fx);
	SAFE_CLOSE(fu);
}

static void run(void)
{
	unsigned char pub_a[WG_KEY_LEN], pub_b[WG_KEY_LEN];
	struct wg_dev_info d;

	net_hosts_setup_pinned();
	make_wg(NET_B, "10.88.0.2");
	make_wg(NET_A, "10.88.0.1");
	test_errors();
	test_keys();
	get_dev(NET_A, "wg0", &d);
	memcpy(pub_a, d.pub, WG_KEY_LEN);
	get_dev(NET_B, "wg0", &d);
	memcpy(pub_b, d.pub, WG_KEY_LEN);
	configure(pub_a, pub_b);
	test_traffic();
}

static struct tst_test test = {
	.test_all = run,
	.needs_root = 1,
	.timeout = 120,
};
