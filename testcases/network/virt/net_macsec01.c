// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * MACsec (macsec module) over the veth between the two namespaces: a
 * macsec device on each net0 (IFLA_MACSEC_ENCRYPT 1, replay protection
 * with a window of 0), SAs made over the "macsec" generic netlink family
 * (TX SA and RX SC/SA with GCM-AES-128 keys, AN 0, first PN 1), IPv6 off
 * on the devices and static neighbours so that nothing but the test's
 * datagrams crosses them.
 * - three datagrams each way arrive intact; the local net0 sends exactly
 *   three frames of ethertype 0x88E5 between the hosts' MACs with TCI
 *   E, C and SC set, AN 0,
 *   short length 0, PNs 1, 2, 3 and the local SCI (its MAC, port 1),
 *   of the length SecTAG + protected frame + 16 byte ICV, and none
 *   carries the plaintext; the device's MTU is the underlay's less 32;
 * - the remote's RX SC counts InPktsOK 3 (MACSEC_CMD_GET_TXSC dump); the
 *   second frame injected again (a replay, PN 2 below the next PN with
 *   window 0) is dropped: InPktsLate + 1, nothing delivered;
 * - the remote's RX SA with another key (after MACSEC_CMD_DEL_RXSA is
 *   EBUSY while it is active, and works when it is not): a datagram is
 *   not delivered, InPktsNotValid + 1 and the device's rx_errors + 1;
 * - errors: EBUSY for a second RX SA with the same AN, EINVAL for AN 4,
 *   PN 0, a 15 byte key and a key id of 8 bytes, ENODEV for an RX SA in
 *   an RX SC that does not exist and for a device that is no MACsec one.
 */
#include <linux/if_packet.h>
#include <linux/if_ether.h>
#include "tst_test.h"
#include "net_hosts.h"
#include "net_genl.h"
#include <linux/if_macsec.h>

#ifndef ETH_P_MACSEC
# define ETH_P_MACSEC 0x88E5
#endif

/* SecTAG TCI bits (IEEE 802.1AE; include/net/macsec.h in the kernel) */
#define TCI_SC 0x20
#define TCI_E 0x08
#define TCI_C 0x04

#define MARKER "macsec-cleartext-marker"
#define PAYLOAD 100

static int fam, cap;
static unsigned char mac[2][6];
static unsigned char saved[2048];
static ssize_t saved_len;
static const char key_a[16] = "key-of-local-sa!";
static const char key_b[16] = "key-of-remote-sa";
static const char key_x[16] = "some-other-key!!";

static void exp_err(int ret, int err, const char *desc)
{
	if (ret == -err)
		tst_res(TPASS, "%s: %s", desc, err ? tst_strerrno(err) : "0");
	else
		tst_res(TFAIL, "%s: %s, expected %s", desc,
			ret ? tst_strerrno(-ret) : "success",
			err ? tst_strerrno(err) : "success");
}

static uint64_t sci_of(int h)
{
	uint64_t sci;
	uint16_t port = htons(1);

	memcpy(&sci, mac[h], 6);
	memcpy((char *)&sci + 6, &port, 2);
	return sci;
}

/*
 * A MACsec SA command on ms0 of the current host: rx_h >= 0 names the
 * RX SC (the peer's SCI); an, pn (0: none), key (NULL: none), keyid_len,
 * active (-1: none).
 */
static int sa_cmd(int cmd, int ifindex, int rx_h, int an, uint32_t pn,
		  const char *key, int key_len, int keyid_len, int active)
{
	static struct rtnl_msg m;
	static const char keyid[MACSEC_KEYID_LEN] = "key-id-of-the-sa";

	genl_msg(&m, fam, cmd, MACSEC_GENL_VERSION, 0);
	rtnl_put_u32(&m, MACSEC_ATTR_IFINDEX, ifindex);
	if (rx_h >= 0) {
		uint64_t sci = sci_of(rx_h);

		rtnl_nest(&m, MACSEC_ATTR_RXSC_CONFIG | NLA_F_NESTED);
		rtnl_put(&m, MACSEC_RXSC_ATTR_SCI, &sci, 8);
		rtnl_nest_end(&m);
	}
	rtnl_nest(&m, MACSEC_ATTR_SA_CONFIG | NLA_F_NESTED);
	rtnl_put_u8(&m, MACSEC_SA_ATTR_AN, an);
	if (pn)
		rtnl_put_u32(&m, MACSEC_SA_ATTR_PN, pn);
	if (key)
		rtnl_put(&m, MACSEC_SA_ATTR_KEY, key, key_len);
	if (keyid_len)
		rtnl_put(&m, MACSEC_SA_ATTR_KEYID, keyid, keyid_len);
	if (active >= 0)
		rtnl_put_u8(&m, MACSEC_SA_ATTR_ACTIVE, active);
	rtnl_nest_end(&m);
	return genl_talk(&m, NULL, NULL);
}

static int rxsc_add(int ifindex, int rx_h)
{
	static struct rtnl_msg m;
	uint64_t sci = sci_of(rx_h);

	genl_msg(&m, fam, MACSEC_CMD_ADD_RXSC, MACSEC_GENL_VERSION, 0);
	rtnl_put_u32(&m, MACSEC_ATTR_IFINDEX, ifindex);
	rtnl_nest(&m, MACSEC_ATTR_RXSC_CONFIG | NLA_F_NESTED);
	rtnl_put(&m, MACSEC_RXSC_ATTR_SCI, &sci, 8);
	rtnl_put_u8(&m, MACSEC_RXSC_ATTR_ACTIVE, 1);
	rtnl_nest_end(&m);
	return genl_talk(&m, NULL, NULL);
}

static struct sockaddr_in ms_addr(int h)
{
	struct sockaddr_in sin = { .sin_family = AF_INET };

	sin.sin_addr.s_addr = htonl(h == NET_A ? 0x0a690001 : 0x0a690002);
	return sin;
}

static int make_link(void)
{
	static struct rtnl_msg m;

	rtnl_newlink_begin(&m, "ms0", "macsec", rtnl_ifindex("net0"));
	rtnl_nest(&m, IFLA_INFO_DATA);
	rtnl_put_u8(&m, IFLA_MACSEC_ENCRYPT, 1);
	rtnl_put_u8(&m, IFLA_MACSEC_REPLAY_PROTECT, 1);
	rtnl_put_u32(&m, IFLA_MACSEC_WINDOW, 0);
	return rtnl_newlink_end(&m);
}

static void hosts(void)
{
	struct rtnl_link_info li;
	int h, idx, ret;

	for (h = 0; h < NET_NHOSTS; h++) {
		if (net_nsfd[h] >= 0)
			close(net_nsfd[h]);
		net_nsfd[h] = -1;
	}
	net_cur = -1;
	net_hosts_setup();
	for (h = NET_A; h <= NET_B; h++) {
		net_enter(h);
		RTNL_SAFE(rtnl_link_get(0, "net0", &li));
		memcpy(mac[h], li.addr, 6);
		net_sysctl(h, "net/ipv6/conf/default/disable_ipv6", "1");
		ret = make_link();
		if (ret == -EOPNOTSUPP)
			tst_brk(TCONF, "no MACsec devices (macsec missing)");
		RTNL_SAFE(ret);
	}
	fam = genl_family(MACSEC_GENL_NAME);
	if (fam < 0)
		tst_brk(TBROK, "CTRL_CMD_GETFAMILY(macsec): %s",
			tst_strerrno(-fam));
	for (h = NET_A; h <= NET_B; h++) {
		struct sockaddr_in me = ms_addr(h);
		struct sockaddr_in peer = ms_addr(h == NET_A ? NET_B : NET_A);
		int p = h == NET_A ? NET_B : NET_A;

		net_enter(h);
		idx = rtnl_ifindex("ms0");
		RTNL_SAFE(sa_cmd(MACSEC_CMD_ADD_TXSA, idx, -1, 0, 1,
				 h == NET_A ? key_a : key_b, 16,
				 MACSEC_KEYID_LEN, 1));
		RTNL_SAFE(rxsc_add(idx, p));
		RTNL_SAFE(sa_cmd(MACSEC_CMD_ADD_RXSA, idx, p, 0, 1,
				 h == NET_A ? key_b : key_a, 16,
				 MACSEC_KEYID_LEN, 1));
		RTNL_SAFE(rtnl_addr_add(idx, AF_INET, &me.sin_addr, 24, 0));
		RTNL_SAFE(rtnl_neigh_add(idx, AF_INET, &peer.sin_addr, mac[p],
					 NUD_PERMANENT));
		RTNL_SAFE(rtnl_link_up(idx));
	}
}

static int dgram(int from, int s, int r, int i, int expect)
{
	struct sockaddr_in to = ms_addr(from == NET_A ? NET_B : NET_A);
	struct sockaddr_in ra;
	socklen_t len = sizeof(ra);
	unsigned char msg[PAYLOAD], buf[PAYLOAD + 1];
	ssize_t n;

	if (getsockname(r, (struct sockaddr *)&ra, &len))
		tst_brk(TBROK | TERRNO, "getsockname()");
	to.sin_port = ra.sin_port;
	memset(msg, 'a' + i, sizeof(msg));
	memcpy(msg, MARKER, sizeof(MARKER) - 1);
	msg[sizeof(MARKER)] = i;
	if (sendto(s, msg, sizeof(msg), 0, (struct sockaddr *)&to,
		   sizeof(to)) != sizeof(msg))
		tst_brk(TBROK | TERRNO, "sendto() over ms0");
	if (!expect)
		return 0;
	if (!net_poll(r, POLLIN, 10000))
		return 0;
	n = recv(r, buf, sizeof(buf), MSG_DONTWAIT);
	return n == sizeof(msg) && !memcmp(buf, msg, n);
}

static void wire(void)
{
	unsigned char buf[2048];
	struct sockaddr_ll from;
	socklen_t len;
	ssize_t n;
	int count = 0, leak = 0, bad = 0, badlen = 0;
	uint32_t pn[3] = { 0 };
	uint64_t sci = sci_of(NET_A);
	/* Ethernet header, SecTAG (TCI/AN, SL, PN, SCI), frame, ICV */
	ssize_t want = 14 + 14 + 2 + 28 + PAYLOAD + 16;
	unsigned char *tag = buf + 14;

	for (;;) {
		len = sizeof(from);
		n = recvfrom(cap, buf, sizeof(buf), MSG_DONTWAIT,
			     (struct sockaddr *)&from, &len);
		if (n < 0)
			break;
		if (from.sll_pkttype != PACKET_OUTGOING)
			continue;
		if (memmem(buf, n, MARKER, sizeof(MARKER) - 1))
			leak++;
		if (n < 28 || ((buf[12] << 8) | buf[13]) != ETH_P_MACSEC)
			continue;
		if (tag[0] != (TCI_E | TCI_C | TCI_SC) ||
		    tag[1] != 0 || memcmp(tag + 6, &sci, 8) ||
		    memcmp(buf, mac[NET_B], 6) || memcmp(buf + 6, mac[NET_A], 6))
			bad++;
		if (n != want)
			badlen++;
		if (count < 3)
			pn[count] = (uint32_t)tag[2] << 24 | tag[3] << 16 |
				    tag[4] << 8 | tag[5];
		if (count == 1) {
			memcpy(saved, buf, n);
			saved_len = n;
		}
		count++;
	}
	NET_EXP_EQ(count, 3, "MACsec frames sent on the local net0");
	NET_EXP_EQ(bad, 0, "frames with other MACs, TCI (E, C, SC, AN 0), SL or SCI");
	NET_EXP_EQ(badlen, 0, "frames not SecTAG + frame + 16 byte ICV long");
	if (pn[0] == 1 && pn[1] == 2 && pn[2] == 3)
		tst_res(TPASS, "packet numbers 1, 2, 3");
	else
		tst_res(TFAIL, "packet numbers %u, %u, %u", pn[0], pn[1], pn[2]);
	NET_EXP_EQ(leak, 0, "frames on net0 with the plaintext");
}

static void inject(void)
{
	struct sockaddr_ll sll = { .sll_family = AF_PACKET };
	int fd;

	net_enter(NET_A);
	sll.sll_ifindex = rtnl_ifindex("net0");
	fd = socket(AF_PACKET, SOCK_RAW, 0);
	if (fd < 0)
		tst_brk(TBROK | TERRNO, "socket(AF_PACKET)");
	if (sendto(fd, saved, saved_len, 0, (struct sockaddr *)&sll,
		   sizeof(sll)) != saved_len)
		tst_brk(TBROK | TERRNO, "sendto(AF_PACKET)");
	close(fd);
}

struct rxsc_ctr {
	int attr;
	uint64_t val;
	int found;
};

static void rxsc_cb(struct nlmsghdr *nh, void *priv)
{
	struct rxsc_ctr *c = priv;
	uint64_t sci = sci_of(NET_A);
	struct rtattr *list = genl_attr(nh, MACSEC_ATTR_RXSC_LIST), *sc, *a;
	int len;

	if (!list)
		return;
	sc = RTA_DATA(list);
	len = RTA_PAYLOAD(list);
	for (; RTA_OK(sc, len); sc = RTA_NEXT(sc, len)) {
		a = rtnl_nested(sc, MACSEC_RXSC_ATTR_SCI);
		if (!a || memcmp(RTA_DATA(a), &sci, 8))
			continue;
		a = rtnl_nested(sc, MACSEC_RXSC_ATTR_STATS);
		if (a)
			a = rtnl_nested(a, c->attr);
		if (a && RTA_PAYLOAD(a) == 8) {
			memcpy(&c->val, RTA_DATA(a), 8);
			c->found = 1;
		}
	}
}

/* A counter of the remote's RX SC for the local SCI (MACSEC_CMD_GET_TXSC). */
static uint64_t rxsc_stat(int attr)
{
	static struct rtnl_msg m;
	struct rxsc_ctr c = { attr, 0, 0 };

	net_enter(NET_B);
	genl_msg(&m, fam, MACSEC_CMD_GET_TXSC, MACSEC_GENL_VERSION, NLM_F_DUMP);
	RTNL_SAFE(genl_talk(&m, rxsc_cb, &c));
	if (!c.found)
		tst_brk(TBROK, "no RX SC statistic %d of the local SCI", attr);
	return c.val;
}

/* Wait (bounded) until the RX SC counter attr passes base. */
static uint64_t stat_wait(int attr, uint64_t base)
{
	struct timespec t0, t;
	uint64_t v;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (;;) {
		v = rxsc_stat(attr);
		if (v > base)
			return v;
		clock_gettime(CLOCK_MONOTONIC, &t);
		if ((t.tv_sec - t0.tv_sec) * 1000 +
		    (t.tv_nsec - t0.tv_nsec) / 1000000 > net_ms(5000))
			return v;
		usleep(1000);
	}
}

static void test_traffic(void)
{
	struct sockaddr_ll sll = { .sll_family = AF_PACKET,
				   .sll_protocol = htons(ETH_P_ALL) };
	struct sockaddr_in sa = ms_addr(NET_A), ra = ms_addr(NET_B);
	struct rtnl_link_info li;
	uint64_t v, v0;
	int s, r, i, ok = 0, back = 0, idx;

	net_enter(NET_A);
	RTNL_SAFE(rtnl_link_get(0, "ms0", &li));
	NET_EXP_EQ(li.mtu, 1500 - 32, "ms0 MTU (SecTAG with SCI and ICV)");
	sll.sll_ifindex = rtnl_ifindex("net0");
	cap = socket(AF_PACKET, SOCK_RAW, htons(ETH_P_ALL));
	if (cap < 0 || bind(cap, (struct sockaddr *)&sll, sizeof(sll)))
		tst_brk(TBROK | TERRNO, "packet socket on net0");
	r = net_socket(NET_B, AF_INET, SOCK_DGRAM);
	s = net_socket(NET_A, AF_INET, SOCK_DGRAM);
	net_enter(NET_B);
	if (bind(r, (struct sockaddr *)&ra, sizeof(ra)))
		tst_brk(TBROK | TERRNO, "bind() on the remote's ms0");
	net_enter(NET_A);
	if (bind(s, (struct sockaddr *)&sa, sizeof(sa)))
		tst_brk(TBROK | TERRNO, "bind() on the local ms0");
	for (i = 1; i <= 3; i++)
		ok += dgram(NET_A, s, r, i, 1);
	NET_EXP_EQ(ok, 3, "datagrams local -> remote over MACsec intact");
	for (i = 1; i <= 3; i++)
		back += dgram(NET_B, r, s, i, 1);
	NET_EXP_EQ(back, 3, "datagrams remote -> local over MACsec intact");
	wire();
	close(cap);

	NET_EXP_EQ(rxsc_stat(MACSEC_RXSC_STATS_ATTR_IN_PKTS_OK), 3,
		   "remote RX SC's InPktsOK");
	v0 = rxsc_stat(MACSEC_RXSC_STATS_ATTR_IN_PKTS_LATE);
	NET_EXP_EQ(v0, 0, "remote RX SC's InPktsLate before the replay");
	inject();
	v = stat_wait(MACSEC_RXSC_STATS_ATTR_IN_PKTS_LATE, v0);
	NET_EXP_EQ(v - v0, 1, "remote RX SC's InPktsLate after a replayed frame");
	NET_EXP_EQ(net_poll(r, POLLIN, 0), 0,
		   "poll() of the receiver after the replay");

	net_enter(NET_B);
	idx = rtnl_ifindex("ms0");
	exp_err(sa_cmd(MACSEC_CMD_DEL_RXSA, idx, NET_A, 0, 0, NULL, 0, 0, -1),
		EBUSY, "DEL_RXSA of an active SA");
	RTNL_SAFE(sa_cmd(MACSEC_CMD_UPD_RXSA, idx, NET_A, 0, 0, NULL, 0, 0, 0));
	exp_err(sa_cmd(MACSEC_CMD_DEL_RXSA, idx, NET_A, 0, 0, NULL, 0, 0, -1),
		0, "DEL_RXSA of an inactive SA");
	RTNL_SAFE(sa_cmd(MACSEC_CMD_ADD_RXSA, idx, NET_A, 0, 1, key_x, 16,
			 MACSEC_KEYID_LEN, 1));
	RTNL_SAFE(rtnl_link_get(0, "ms0", &li));
	v0 = rxsc_stat(MACSEC_RXSC_STATS_ATTR_IN_PKTS_NOT_VALID);
	dgram(NET_A, s, r, 9, 0);
	v = stat_wait(MACSEC_RXSC_STATS_ATTR_IN_PKTS_NOT_VALID, v0);
	NET_EXP_EQ(v - v0, 1, "remote RX SC's InPktsNotValid with a wrong key");
	net_enter(NET_B);
	{
		struct rtnl_link_info l2;

		RTNL_SAFE(rtnl_link_get(0, "ms0", &l2));
		NET_EXP_EQ(l2.stats.rx_errors - li.stats.rx_errors, 1,
			   "remote ms0's rx_errors");
	}
	NET_EXP_EQ(net_poll(r, POLLIN, 0), 0,
		   "poll() of the receiver with a wrong key");
	close(r);
	close(s);
}

static void test_errors(void)
{
	int idx;

	net_enter(NET_B);
	idx = rtnl_ifindex("ms0");
	exp_err(sa_cmd(MACSEC_CMD_ADD_RXSA, idx, NET_A, 0, 1, key_x, 16,
		       MACSEC_KEYID_LEN, 1), EBUSY, "second RX SA with AN 0");
	exp_err(sa_cmd(MACSEC_CMD_ADD_RXSA, idx, NET_A, 4, 1, key_x, 16,
		       MACSEC_KEYID_LEN, 1), EINVAL, "RX SA with AN 4");
	exp_err(sa_cmd(MACSEC_CMD_ADD_RXSA, idx, NET_A, 1, 0, key_x, 16,
		       MACSEC_KEYID_LEN, 1), 0, "RX SA with AN 1 and no PN");
	RTNL_SAFE(sa_cmd(MACSEC_CMD_UPD_RXSA, idx, NET_A, 1, 0, NULL, 0, 0, 0));
	RTNL_SAFE(sa_cmd(MACSEC_CMD_DEL_RXSA, idx, NET_A, 1, 0, NULL, 0, 0,
			 -1));
	{
		static struct rtnl_msg m;
		static const char keyid[MACSEC_KEYID_LEN] = "key-id-of-the-sa";
		uint64_t sci = sci_of(NET_A);
		uint32_t zero = 0;

		genl_msg(&m, fam, MACSEC_CMD_ADD_RXSA, MACSEC_GENL_VERSION, 0);
		rtnl_put_u32(&m, MACSEC_ATTR_IFINDEX, idx);
		rtnl_nest(&m, MACSEC_ATTR_RXSC_CONFIG | NLA_F_NESTED);
		rtnl_put(&m, MACSEC_RXSC_ATTR_SCI, &sci, 8);
		rtnl_nest_end(&m);
		rtnl_nest(&m, MACSEC_ATTR_SA_CONFIG | NLA_F_NESTED);
		rtnl_put_u8(&m, MACSEC_SA_ATTR_AN, 2);
		rtnl_put(&m, MACSEC_SA_ATTR_PN, &zero, 4);
		rtnl_put(&m, MACSEC_SA_ATTR_KEY, key_x, 16);
		rtnl_put(&m, MACSEC_SA_ATTR_KEYID, keyid, MACSEC_KEYID_LEN);
		rtnl_nest_end(&m);
		exp_err(genl_talk(&m, NULL, NULL), EINVAL, "RX SA with PN 0");
	}
	exp_err(sa_cmd(MACSEC_CMD_ADD_RXSA, idx, NET_A, 2, 1, key_x, 15,
		       MACSEC_KEYID_LEN, 1), EINVAL, "RX SA with a 15 byte key");
	exp_err(sa_cmd(MACSEC_CMD_ADD_RXSA, idx, NET_A, 2, 1, key_x, 16, 8, 1),
		EINVAL, "RX SA with an 8 byte key id");
	exp_err(sa_cmd(MACSEC_CMD_ADD_RXSA, idx, NET_B, 2, 1, key_x, 16,
		       MACSEC_KEYID_LEN, 1), ENODEV,
		"RX SA in an RX SC that does not exist");
	exp_err(sa_cmd(MACSEC_CMD_ADD_TXSA, rtnl_ifindex("net0"), -1, 2, 1,
		       key_x, 16, MACSEC_KEYID_LEN, 1), ENODEV,
		"TX SA on a veth");
}

static void run(unsigned int n)
{
	if (n == 0) {
		hosts();
		test_traffic();
	} else {
		test_errors();
	}
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.needs_root = 1,
	.timeout = 60,
};
