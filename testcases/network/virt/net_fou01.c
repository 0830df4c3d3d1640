// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Foo-over-UDP and GUE (module fou, generic netlink family "fou") with
 * ipip tunnels between the two namespaces (neighbours pinned).
 * The receive ports, in the remote host:
 * - FOU_CMD_ADD of a direct (FOU) port for IPIP, a GUE port, and an
 *   IPv6 port on the same number as the FOU one (v6only, so both bind);
 *   a second ADD of a port in use and ADD of a port a user socket holds:
 *   EADDRINUSE; EINVAL for a direct port without IPPROTO, without
 *   TYPE, TYPE 3, a peer without a peer port, an ifindex without a local
 *   address; ERANGE for IPPROTO 0 (the policy's minimum); EAFNOSUPPORT
 *   for AF 3; none of the refused ones left a
 *   port behind (a user socket binds it);
 * - FOU_CMD_GET of each: family, port, protocol, type, peer port,
 *   ifindex, local address read back; ESRCH for an unknown port, EINVAL
 *   without a port; the dump holds exactly the three; the local host's
 *   dump is empty (per namespace);
 * - a user socket cannot bind a FOU port (EADDRINUSE);
 * - FOU_CMD_DEL of an unknown port: EINVAL (the kernel's answer).
 * The tunnels: ipip with IFLA_IPTUN_ENCAP_TYPE FOU, GUE, and GUE with
 * remote checksum offload, each over its own underlay addresses, fixed
 * source and destination ports: ENCAP_* read back; the MTU is 1500 less
 * 20 + 8 (FOU: 1472), + 4 (GUE: 1468), + 4 + 8 (GUE private flags and the
 * remote checksum option: 1460); EINVAL for encap types 4 and 8 (no ops).
 * A datagram filling each MTU with DF arrives intact and one byte more
 * is EMSGSIZE; on the wire it is one 1500 byte IPv4/UDP packet, the
 * UDP length 1480, the configured ports, checksum 0 (no CSUM flag), the
 * GUE header version 0 with protocol 4 (and for remote checksum offload
 * hlen 2, the private flag, REMCSUM, start 20 and offset 26: the inner
 * UDP checksum field past the inner IP header).
 * The remote decapsulates only on its FOU port: with the local tunnel's
 * destination port changed to a port a plain UDP socket holds, that
 * socket reads the inner IPv4 packet byte for byte; to a free port the
 * remote counts Udp NoPorts + 1. After FOU_CMD_DEL of the port the
 * tunnel's datagrams are NoPorts too, the inner socket gets nothing and
 * a user socket binds the port.
 * Would catch: encap header lengths wrong in the MTU or on the wire,
 * ports or GUE fields mixed up, decapsulation on other ports or after
 * the port was deleted, ports leaked by refused or deleted configs.
 */
#include <linux/if_packet.h>
#include <linux/if_ether.h>
#include <linux/fou.h>
#include "tst_test.h"
#include "net_hosts.h"
#include "net_genl.h"
#include <linux/if_tunnel.h>

#define FOU_PORT 5555
#define GUE_PORT 5556
#define FREE_PORT 5557
#define PLAIN_PORT 5560
#define NOONE_PORT 5561
#define INNER_PORT 7000

enum { T_FOU, T_GUE, T_REMCSUM, NTUN };

struct tun {
	const char *name;
	int type, flags;
	unsigned short sport, dport;
	int under;		/* last byte of the local underlay address */
	unsigned int mtu, ohlen;	/* encap header bytes on the wire */
};

static const struct tun tuns[NTUN] = {
	[T_FOU] = { "fou1", TUNNEL_ENCAP_FOU, 0, 4444, FOU_PORT, 1, 1472, 8 },
	[T_GUE] = { "gue1", TUNNEL_ENCAP_GUE, 0, 4445, GUE_PORT, 11, 1468,
		    12 },
	[T_REMCSUM] = { "guer1", TUNNEL_ENCAP_GUE, TUNNEL_ENCAP_FLAG_REMCSUM,
			4446, GUE_PORT, 21, 1460, 20 },
};

static int fou_id;
static unsigned char pkt[2048];

/* ---- the fou family ---- */

/* The attributes of a request; 0: not sent. */
struct fou_cfg {
	int af, port;
	int proto;		/* PROTO_0: IPPROTO 0 */
	int type;
	int peer;		/* PEER_V4 10.99.1.1 */
	int ifindex;
};

#define PROTO_0 0x100
#define CFG(...) (&(struct fou_cfg){ __VA_ARGS__ })

static int fou_cmd(int cmd, const struct fou_cfg *c, int dump, rtnl_cb cb,
		   void *priv)
{
	static struct rtnl_msg m;
	struct in_addr peer;

	genl_msg(&m, fou_id, cmd, FOU_GENL_VERSION, dump ? NLM_F_DUMP : 0);
	if (c) {
		if (c->af)
			rtnl_put_u8(&m, FOU_ATTR_AF, c->af);
		if (c->port)
			rtnl_put_u16(&m, FOU_ATTR_PORT, htons(c->port));
		if (c->proto)
			rtnl_put_u8(&m, FOU_ATTR_IPPROTO, c->proto & 0xff);
		if (c->type)
			rtnl_put_u8(&m, FOU_ATTR_TYPE, c->type);
		if (c->peer) {
			net_ipv4("10.99.1.1", &peer);
			rtnl_put(&m, FOU_ATTR_PEER_V4, &peer, 4);
		}
		if (c->ifindex)
			rtnl_put_u32(&m, FOU_ATTR_IFINDEX, c->ifindex);
	}
	return genl_talk(&m, cb, priv);
}


struct fou_entry {
	int af, port, proto, type, peer_port, ifindex;
	unsigned char local[16];
};

struct fou_list {
	int n;
	struct fou_entry e[8];
};

static long long genl_num(struct nlmsghdr *nh, int type)
{
	struct rtattr *a = genl_attr(nh, type);

	if (!a)
		return -1;
	switch (RTA_PAYLOAD(a)) {
	case 1:
		return *(uint8_t *)RTA_DATA(a);
	case 2:
		return ntohs(*(uint16_t *)RTA_DATA(a));
	default:
		return *(int32_t *)RTA_DATA(a);
	}
}

static void fou_list_cb(struct nlmsghdr *nh, void *priv)
{
	struct fou_list *l = priv;
	struct fou_entry *e;
	struct rtattr *a;

	if (nh->nlmsg_type != fou_id || l->n == 8)
		return;
	e = &l->e[l->n++];
	memset(e, 0, sizeof(*e));
	e->af = genl_num(nh, FOU_ATTR_AF);
	e->port = genl_num(nh, FOU_ATTR_PORT);
	e->proto = genl_num(nh, FOU_ATTR_IPPROTO);
	e->type = genl_num(nh, FOU_ATTR_TYPE);
	e->peer_port = genl_num(nh, FOU_ATTR_PEER_PORT);
	e->ifindex = genl_num(nh, FOU_ATTR_IFINDEX);
	a = genl_attr(nh, FOU_ATTR_LOCAL_V4);
	if (!a)
		a = genl_attr(nh, FOU_ATTR_LOCAL_V6);
	if (a && RTA_PAYLOAD(a) <= 16)
		memcpy(e->local, RTA_DATA(a), RTA_PAYLOAD(a));
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

/* 1 if a user UDP socket of the remote binds port (then it is closed). */
static int port_free(int af, int port)
{
	struct sockaddr_storage ss;
	socklen_t len;
	int fd, ret;

	fd = net_socket(NET_B, af, SOCK_DGRAM);
	len = net_sockaddr(af, af == AF_INET ? "0.0.0.0" : "::", port, &ss);
	if (af == AF_INET6) {
		int on = 1;

		setsockopt(fd, SOL_IPV6, IPV6_V6ONLY, &on, sizeof(on));
	}
	ret = bind(fd, (struct sockaddr *)&ss, len);
	if (ret && errno != EADDRINUSE)
		tst_brk(TBROK | TERRNO, "bind(%d)", port);
	close(fd);
	return !ret;
}

static void check_entry(const struct fou_entry *e, int af, int port,
			int proto, int type)
{
	static const unsigned char zero[16];
	char desc[64];

	snprintf(desc, sizeof(desc), "port %d family %d", port, af);
	if (e->af == af && e->port == port && e->proto == proto &&
	    e->type == type && e->peer_port == 0 && e->ifindex == 0 &&
	    !memcmp(e->local, zero, 16))
		tst_res(TPASS, "%s: protocol %d, type %d, no peer, ifindex 0, "
			"wildcard address", desc, proto, type);
	else
		tst_res(TFAIL, "%s: af %d port %d protocol %d type %d peer port "
			"%d ifindex %d, expected af %d protocol %d type %d and "
			"zeros", desc, e->af, e->port, e->proto, e->type,
			e->peer_port, e->ifindex, af, proto, type);
}

static const struct fou_entry *find_entry(const struct fou_list *l, int af,
					  int port)
{
	int i;

	for (i = 0; i < l->n; i++)
		if (l->e[i].af == af && l->e[i].port == port)
			return &l->e[i];
	return NULL;
}

static void test_ports(void)
{
	struct fou_list l = { 0 };
	const struct fou_entry *e;
	int ret, fd;
	struct sockaddr_storage ss;
	socklen_t len;

	net_enter(NET_B);
	exp_err(fou_cmd(FOU_CMD_ADD, CFG(.port = FOU_PORT, .proto = 4,
					 .type = FOU_ENCAP_DIRECT), 0, NULL,
			NULL), 0, "ADD direct port 5555 for IPPROTO_IPIP");
	exp_err(fou_cmd(FOU_CMD_ADD, CFG(.port = GUE_PORT,
					 .type = FOU_ENCAP_GUE), 0, NULL,
			NULL), 0, "ADD GUE port 5556");
	exp_err(fou_cmd(FOU_CMD_ADD, CFG(.af = AF_INET6, .port = FOU_PORT,
					 .proto = 41, .type = FOU_ENCAP_DIRECT),
			0, NULL, NULL), 0,
		"ADD IPv6 port 5555 for IPPROTO_IPV6 (v6only, beside the IPv4 one)");
	exp_err(fou_cmd(FOU_CMD_ADD, CFG(.port = FOU_PORT, .proto = 4,
					 .type = FOU_ENCAP_DIRECT), 0, NULL,
			NULL), EADDRINUSE, "ADD port 5555 again");
	exp_err(fou_cmd(FOU_CMD_ADD, CFG(.port = GUE_PORT, .proto = 4,
					 .type = FOU_ENCAP_DIRECT), 0, NULL,
			NULL), EADDRINUSE,
		"ADD direct port on the GUE port");

	exp_err(fou_cmd(FOU_CMD_ADD, CFG(.port = FREE_PORT,
					 .type = FOU_ENCAP_DIRECT), 0, NULL,
			NULL), EINVAL, "ADD direct port without IPPROTO");
	exp_err(fou_cmd(FOU_CMD_ADD, CFG(.port = FREE_PORT, .proto = 4), 0,
			NULL, NULL), EINVAL, "ADD without TYPE (FOU_ENCAP_UNSPEC)");
	exp_err(fou_cmd(FOU_CMD_ADD, CFG(.port = FREE_PORT, .proto = PROTO_0,
					 .type = FOU_ENCAP_DIRECT), 0, NULL,
			NULL), ERANGE, "ADD with IPPROTO 0 (policy minimum 1)");
	exp_err(fou_cmd(FOU_CMD_ADD, CFG(.port = FREE_PORT, .proto = 4,
					 .type = 3), 0, NULL, NULL), EINVAL,
		"ADD with TYPE 3");
	exp_err(fou_cmd(FOU_CMD_ADD, CFG(.af = 3, .port = FREE_PORT, .proto = 4,
					 .type = FOU_ENCAP_DIRECT), 0, NULL, NULL),
		EAFNOSUPPORT, "ADD with AF 3");
	exp_err(fou_cmd(FOU_CMD_ADD, CFG(.port = FREE_PORT, .proto = 4,
					 .type = FOU_ENCAP_DIRECT, .peer = 1), 0, NULL, NULL), EINVAL,
		"ADD with a peer address and no peer port");
	exp_err(fou_cmd(FOU_CMD_ADD, CFG(.port = FREE_PORT, .proto = 4,
					 .type = FOU_ENCAP_DIRECT, .ifindex = 1),
			0, NULL, NULL), EINVAL,
		"ADD with an ifindex and no local address");
	NET_EXP_EQ(port_free(AF_INET, FREE_PORT), 1,
		   "port 5557 free after the refused ADDs");

	ret = fou_cmd(FOU_CMD_GET, NULL, 1, fou_list_cb, &l);
	RTNL_SAFE(ret);
	NET_EXP_EQ(l.n, 3, "ports in the remote's dump");
	e = find_entry(&l, AF_INET, FOU_PORT);
	if (e)
		check_entry(e, AF_INET, FOU_PORT, 4, FOU_ENCAP_DIRECT);
	else
		tst_res(TFAIL, "IPv4 port 5555 not in the dump");
	e = find_entry(&l, AF_INET, GUE_PORT);
	if (e)
		check_entry(e, AF_INET, GUE_PORT, 0, FOU_ENCAP_GUE);
	else
		tst_res(TFAIL, "GUE port 5556 not in the dump");
	e = find_entry(&l, AF_INET6, FOU_PORT);
	if (e)
		check_entry(e, AF_INET6, FOU_PORT, 41, FOU_ENCAP_DIRECT);
	else
		tst_res(TFAIL, "IPv6 port 5555 not in the dump");

	memset(&l, 0, sizeof(l));
	RTNL_SAFE(fou_cmd(FOU_CMD_GET, CFG(.port = GUE_PORT), 0, fou_list_cb,
			  &l));
	NET_EXP_EQ(l.n, 1, "answers to GET of port 5556");
	if (l.n == 1)
		check_entry(&l.e[0], AF_INET, GUE_PORT, 0, FOU_ENCAP_GUE);
	memset(&l, 0, sizeof(l));
	RTNL_SAFE(fou_cmd(FOU_CMD_GET, CFG(.af = AF_INET6, .port = FOU_PORT),
			  0, fou_list_cb, &l));
	NET_EXP_EQ(l.n == 1 ? l.e[0].af * 1000 + l.e[0].proto : -1,
		   AF_INET6 * 1000 + 41,
		   "GET of IPv6 port 5555: family * 1000 + protocol");
	exp_err(fou_cmd(FOU_CMD_GET, CFG(.port = FREE_PORT), 0, NULL, NULL),
		ESRCH, "GET of port 5557 (none)");
	exp_err(fou_cmd(FOU_CMD_GET, CFG(.proto = 4), 0, NULL, NULL), EINVAL,
		"GET without a port");

	NET_EXP_EQ(port_free(AF_INET, FOU_PORT), 0,
		   "user socket binds the FOU port 5555");
	NET_EXP_EQ(port_free(AF_INET6, FOU_PORT), 0,
		   "user IPv6 socket binds the IPv6 FOU port 5555");
	exp_err(fou_cmd(FOU_CMD_DEL, CFG(.port = FREE_PORT), 0, NULL, NULL),
		EINVAL, "DEL of port 5557 (none)");
	exp_err(fou_cmd(FOU_CMD_DEL, CFG(.af = AF_INET6, .port = FOU_PORT),
			0, NULL, NULL), 0, "DEL of the IPv6 port 5555");
	NET_EXP_EQ(port_free(AF_INET6, FOU_PORT), 1,
		   "user IPv6 socket binds 5555 after DEL");

	/* a user socket holding a port: ADD cannot take it */
	fd = net_socket(NET_B, AF_INET, SOCK_DGRAM);
	len = net_sockaddr(AF_INET, "0.0.0.0", FREE_PORT, &ss);
	if (bind(fd, (struct sockaddr *)&ss, len))
		tst_brk(TBROK | TERRNO, "bind(5557)");
	exp_err(fou_cmd(FOU_CMD_ADD, CFG(.port = FREE_PORT, .proto = 4,
					 .type = FOU_ENCAP_DIRECT), 0, NULL,
			NULL), EADDRINUSE, "ADD of a port a user socket holds");
	close(fd);

	memset(&l, 0, sizeof(l));
	RTNL_SAFE(fou_cmd(FOU_CMD_GET, NULL, 1, fou_list_cb, &l));
	NET_EXP_EQ(l.n, 2, "ports in the remote's dump now (5555, 5556)");
	net_enter(NET_A);
	memset(&l, 0, sizeof(l));
	RTNL_SAFE(fou_cmd(FOU_CMD_GET, NULL, 1, fou_list_cb, &l));
	NET_EXP_EQ(l.n, 0, "ports in the local host's dump");
}

/* ---- the tunnels ---- */

static void under(int h, int t, struct in_addr *a)
{
	char buf[32];

	snprintf(buf, sizeof(buf), "10.99.1.%d",
		 tuns[t].under + (h == NET_B));
	net_ipv4(buf, a);
}

static void inner(int h, int t, struct sockaddr_storage *ss, int port)
{
	char buf[32];

	snprintf(buf, sizeof(buf), "10.103.%d.%d", t + 1, h == NET_A ? 1 : 2);
	net_sockaddr(AF_INET, buf, port, ss);
}

/* RTM_NEWLINK for tunnel t in the current host h (change: ifindex). */
static int tun_msg(int t, int h, int ifindex, int type, int dport)
{
	static struct rtnl_msg m;
	struct in_addr local, remote;

	under(h, t, &local);
	under(h == NET_A ? NET_B : NET_A, t, &remote);
	if (ifindex) {
		rtnl_link_msg(&m, RTM_NEWLINK, 0, ifindex, NULL);
		rtnl_nest(&m, IFLA_LINKINFO);
		rtnl_put_str(&m, IFLA_INFO_KIND, "ipip");
	} else {
		rtnl_newlink_begin(&m, type == tuns[t].type ? tuns[t].name :
				   "foubad", "ipip", 0);
	}
	rtnl_nest(&m, IFLA_INFO_DATA);
	rtnl_put(&m, IFLA_IPTUN_LOCAL, &local, 4);
	rtnl_put(&m, IFLA_IPTUN_REMOTE, &remote, 4);
	rtnl_put_u16(&m, IFLA_IPTUN_ENCAP_TYPE, type);
	rtnl_put_u16(&m, IFLA_IPTUN_ENCAP_FLAGS, tuns[t].flags);
	rtnl_put_u16(&m, IFLA_IPTUN_ENCAP_SPORT, htons(tuns[t].sport));
	rtnl_put_u16(&m, IFLA_IPTUN_ENCAP_DPORT, htons(dport));
	return rtnl_newlink_end(&m);
}

static long long iptun_attr(int ifindex, int type)
{
	long long v;

	RTNL_SAFE(rtnl_link_info_attr(ifindex, IFLA_INFO_DATA, type, &v));
	return v;
}

static void test_config(void)
{
	struct rtnl_link_info li;
	char desc[96];
	int t, idx;

	net_enter(NET_A);
	for (t = 0; t < NTUN; t++) {
		idx = rtnl_ifindex(tuns[t].name);
		RTNL_SAFE(rtnl_link_get(idx, NULL, &li));
		snprintf(desc, sizeof(desc), "%s: MTU (1500 - 20 - %u)",
			 tuns[t].name, tuns[t].ohlen);
		NET_EXP_EQ(li.mtu, tuns[t].mtu, desc);
		NET_EXP_EQ(iptun_attr(idx, IFLA_IPTUN_ENCAP_TYPE), tuns[t].type,
			   "IFLA_IPTUN_ENCAP_TYPE read back");
		NET_EXP_EQ(iptun_attr(idx, IFLA_IPTUN_ENCAP_FLAGS),
			   tuns[t].flags, "IFLA_IPTUN_ENCAP_FLAGS read back");
		NET_EXP_EQ(ntohs(iptun_attr(idx, IFLA_IPTUN_ENCAP_SPORT)),
			   tuns[t].sport, "IFLA_IPTUN_ENCAP_SPORT read back");
		NET_EXP_EQ(ntohs(iptun_attr(idx, IFLA_IPTUN_ENCAP_DPORT)),
			   tuns[t].dport, "IFLA_IPTUN_ENCAP_DPORT read back");
	}
	exp_err(tun_msg(T_FOU, NET_A, 0, 4, FOU_PORT), EINVAL,
		"ipip with encap type 4 (none registered)");
	exp_err(tun_msg(T_FOU, NET_A, 0, 8, FOU_PORT), EINVAL,
		"ipip with encap type 8 (past the table)");
	NET_EXP_EQ(if_nametoindex("foubad"), 0, "devices left by them");
}

static int capture(void)
{
	struct sockaddr_ll sll = { .sll_family = AF_PACKET,
				   .sll_protocol = htons(ETH_P_ALL) };
	int cap;

	net_enter(NET_A);
	sll.sll_ifindex = rtnl_ifindex("net0");
	/* only ETH_P_ALL taps see outgoing packets */
	cap = socket(AF_PACKET, SOCK_DGRAM, htons(ETH_P_ALL));
	if (cap < 0 || bind(cap, (struct sockaddr *)&sll, sizeof(sll)))
		tst_brk(TBROK | TERRNO, "packet socket on net0");
	return cap;
}

/* The outgoing packet on the local net0 holding marker, its length. */
static ssize_t find_outer(int cap, const char *marker)
{
	struct sockaddr_ll from;
	socklen_t len;
	ssize_t n;

	while (net_poll(cap, POLLIN, 10000)) {
		len = sizeof(from);
		n = recvfrom(cap, pkt, sizeof(pkt), MSG_DONTWAIT,
			     (struct sockaddr *)&from, &len);
		if (n < 0)
			continue;
		if (from.sll_pkttype == PACKET_OUTGOING &&
		    from.sll_protocol == htons(ETH_P_IP) &&
		    memmem(pkt, n, marker, strlen(marker)))
			return n;
	}
	return -1;
}

static int inner_sock(int t, int h)
{
	struct sockaddr_storage ss;
	int fd = net_socket(h, AF_INET, SOCK_DGRAM);
	int pmtu = IP_PMTUDISC_DO;

	inner(h, t, &ss, INNER_PORT);
	if (bind(fd, (struct sockaddr *)&ss, sizeof(struct sockaddr_in)))
		tst_brk(TBROK | TERRNO, "bind() on %s", tuns[t].name);
	if (setsockopt(fd, SOL_IP, IP_MTU_DISCOVER, &pmtu, sizeof(pmtu)))
		tst_brk(TBROK | TERRNO, "IP_MTU_DISCOVER");
	return fd;
}

static void fill(unsigned char *buf, size_t size, const char *marker)
{
	size_t i;

	for (i = 0; i < size; i++)
		buf[i] = i * 13 + 5;
	memcpy(buf, marker, strlen(marker));
}

static void send_to_remote(int t, int s, const void *buf, size_t size)
{
	struct sockaddr_storage ra;

	inner(NET_B, t, &ra, INNER_PORT);
	if (sendto(s, buf, size, 0, (struct sockaddr *)&ra,
		   sizeof(struct sockaddr_in)) != (ssize_t)size)
		tst_brk(TBROK | TERRNO, "sendto(%zu) over %s", size,
			tuns[t].name);
}

static uint16_t be16(const unsigned char *p)
{
	return p[0] << 8 | p[1];
}

static void check_wire(int t, ssize_t n, size_t inner_len)
{
	const struct tun *u = &tuns[t];
	const unsigned char *udp = pkt + 20, *gue = pkt + 28;
	struct in_addr a, b;

	under(NET_A, t, &a);
	under(NET_B, t, &b);
	NET_EXP_EQ(n, inner_len + 20 + u->ohlen,
		   "outer packet length (inner + 20 + encap header)");
	/*
	 * Not the IPv4 total length: the remote's fou pulls the UDP (and GUE)
	 * header by rewriting it in the buffer it shares with this capture's
	 * clone (veth), so it may read short by the encap header already.
	 */
	NET_EXP_EQ(pkt[9], IPPROTO_UDP, "outer protocol");
	NET_EXP_EQ(!memcmp(pkt + 12, &a, 4) && !memcmp(pkt + 16, &b, 4), 1,
		   "outer addresses are the tunnel's underlay");
	NET_EXP_EQ(be16(udp), u->sport, "UDP source port (ENCAP_SPORT)");
	NET_EXP_EQ(be16(udp + 2), u->dport, "UDP destination port");
	NET_EXP_EQ(be16(udp + 4), n - 20, "UDP length");
	NET_EXP_EQ(be16(udp + 6), 0, "UDP checksum without ENCAP_FLAG_CSUM");
	if (u->type == TUNNEL_ENCAP_FOU) {
		NET_EXP_EQ(gue[0], 0x45, "inner IPv4 header right after UDP");
		return;
	}
	NET_EXP_EQ(gue[0] >> 6, 0, "GUE version and C bit");
	NET_EXP_EQ(gue[1], IPPROTO_IPIP, "GUE protocol");
	if (!u->flags) {
		NET_EXP_EQ(gue[0] & 0x1f, 0, "GUE hlen");
		NET_EXP_EQ(be16(gue + 2), 0, "GUE flags");
		NET_EXP_EQ(gue[4], 0x45, "inner IPv4 header after GUE");
		return;
	}
	NET_EXP_EQ(gue[0] & 0x1f, 2, "GUE hlen (private flags, REMCSUM)");
	NET_EXP_EQ(be16(gue + 2), 1, "GUE flags (GUE_FLAG_PRIV)");
	NET_EXP_EQ((uint32_t)be16(gue + 4) << 16 | be16(gue + 6), 0x80000000,
		   "GUE private flags (GUE_PFLAG_REMCSUM)");
	NET_EXP_EQ(be16(gue + 8), 20, "remote checksum start (inner UDP)");
	NET_EXP_EQ(be16(gue + 10), 26, "remote checksum offset (UDP check)");
	NET_EXP_EQ(gue[12], 0x45, "inner IPv4 header after the options");
}

static void test_traffic(int t)
{
	static unsigned char buf[2048];
	struct sockaddr_storage ra;
	char marker[32];
	size_t size = tuns[t].mtu - 28;
	int s, r, cap;
	ssize_t n;

	tst_res(TINFO, "%s: MTU %u", tuns[t].name, tuns[t].mtu);
	r = inner_sock(t, NET_B);
	s = inner_sock(t, NET_A);
	cap = capture();
	inner(NET_B, t, &ra, INNER_PORT);
	TST_EXP_FAIL(sendto(s, buf, size + 1, 0, (struct sockaddr *)&ra,
			    sizeof(struct sockaddr_in)), EMSGSIZE,
		     "%zu byte datagram (MTU + 1) with DF", size + 1);
	snprintf(marker, sizeof(marker), "fou01-%s", tuns[t].name);
	fill(buf, size, marker);
	send_to_remote(t, s, buf, size);
	net_expect_datagram(r, buf, size, tuns[t].name);
	n = find_outer(cap, marker);
	if (n < 0)
		tst_res(TFAIL, "no outer packet of the datagram on net0");
	else
		check_wire(t, n, size + 28);
	close(cap);
	close(r);
	close(s);
}

static long long noports(void)
{
	return net_snmp(NET_B, "snmp", "Udp:", "NoPorts");
}

/* The FOU tunnel's datagram lands on no socket: NoPorts + 1, none inside. */
static void exp_noports(int r, int s, const char *desc)
{
	static unsigned char buf[100];
	long long before = noports(), after;

	fill(buf, sizeof(buf), "fou01-noports");
	send_to_remote(T_FOU, s, buf, sizeof(buf));
	after = net_wait_snmp(NET_B, "snmp", "Udp:", "NoPorts", before + 1);
	NET_EXP_EQ(after - before, 1, desc);
	if (recv(r, buf, sizeof(buf), MSG_DONTWAIT) >= 0)
		tst_res(TFAIL, "the inner socket got the datagram (%s)", desc);
}

static void test_ports_only(void)
{
	static unsigned char buf[100], rbuf[256];
	struct sockaddr_storage a, b, ss;
	int s, r, plain, idx;
	ssize_t n;

	r = inner_sock(T_FOU, NET_B);
	s = inner_sock(T_FOU, NET_A);
	net_enter(NET_B);
	plain = net_socket(NET_B, AF_INET, SOCK_DGRAM);
	net_sockaddr(AF_INET, "10.99.1.2", PLAIN_PORT, &ss);
	if (bind(plain, (struct sockaddr *)&ss, sizeof(struct sockaddr_in)))
		tst_brk(TBROK | TERRNO, "bind(%d)", PLAIN_PORT);

	net_enter(NET_A);
	idx = rtnl_ifindex(tuns[T_FOU].name);
	RTNL_SAFE(tun_msg(T_FOU, NET_A, idx, TUNNEL_ENCAP_FOU, PLAIN_PORT));
	NET_EXP_EQ(ntohs(iptun_attr(idx, IFLA_IPTUN_ENCAP_DPORT)), PLAIN_PORT,
		   "ENCAP_DPORT changed");
	fill(buf, sizeof(buf), "fou01-plain");
	send_to_remote(T_FOU, s, buf, sizeof(buf));
	if (!net_poll(plain, POLLIN, 10000)) {
		tst_res(TFAIL, "nothing on the plain UDP port %d", PLAIN_PORT);
	} else {
		n = recv(plain, rbuf, sizeof(rbuf), MSG_DONTWAIT);
		inner(NET_A, T_FOU, &a, INNER_PORT);
		inner(NET_B, T_FOU, &b, INNER_PORT);
		if (n == (ssize_t)sizeof(buf) + 28 && rbuf[0] == 0x45 &&
		    be16(rbuf + 2) == n && rbuf[9] == IPPROTO_UDP &&
		    !memcmp(rbuf + 12, net_rawaddr(&a), 4) &&
		    !memcmp(rbuf + 16, net_rawaddr(&b), 4) &&
		    be16(rbuf + 20) == INNER_PORT &&
		    be16(rbuf + 22) == INNER_PORT &&
		    !memcmp(rbuf + 28, buf, sizeof(buf)))
			tst_res(TPASS, "plain UDP port %d read the inner IPv4 "
				"packet (%zd bytes) undecapsulated", PLAIN_PORT,
				n);
		else
			tst_res(TFAIL, "plain UDP port %d read %zd bytes, not "
				"the %zu byte inner packet", PLAIN_PORT, n,
				sizeof(buf) + 28);
	}
	if (recv(r, rbuf, sizeof(rbuf), MSG_DONTWAIT) >= 0)
		tst_res(TFAIL, "the inner socket got a datagram sent to a plain port");

	net_enter(NET_A);
	RTNL_SAFE(tun_msg(T_FOU, NET_A, idx, TUNNEL_ENCAP_FOU, NOONE_PORT));
	exp_noports(r, s, "remote Udp NoPorts for a tunnel to a free port");

	net_enter(NET_A);
	RTNL_SAFE(tun_msg(T_FOU, NET_A, idx, TUNNEL_ENCAP_FOU, FOU_PORT));
	fill(buf, sizeof(buf), "fou01-back");
	send_to_remote(T_FOU, s, buf, sizeof(buf));
	if (!net_poll(r, POLLIN, 10000) ||
	    recv(r, rbuf, sizeof(rbuf), MSG_DONTWAIT) != sizeof(buf) ||
	    memcmp(rbuf, buf, sizeof(buf)))
		tst_res(TFAIL, "datagram lost or changed with port 5555 back");
	else
		tst_res(TPASS, "decapsulated again with ENCAP_DPORT 5555 back");

	net_enter(NET_B);
	exp_err(fou_cmd(FOU_CMD_DEL, CFG(.port = FOU_PORT), 0, NULL, NULL), 0,
		"DEL of port 5555");
	exp_err(fou_cmd(FOU_CMD_GET, CFG(.port = FOU_PORT), 0, NULL, NULL),
		ESRCH, "GET of port 5555 after DEL");
	exp_noports(r, s, "remote Udp NoPorts for the tunnel after DEL");
	NET_EXP_EQ(port_free(AF_INET, FOU_PORT), 1,
		   "user socket binds 5555 after DEL");
	net_enter(NET_B);
	exp_err(fou_cmd(FOU_CMD_DEL, CFG(.port = FOU_PORT), 0, NULL, NULL),
		EINVAL, "DEL of port 5555 again");
	close(plain);
	close(r);
	close(s);
}

/* Underlay addresses, pinned neighbours, the tunnels up in both hosts. */
static void make_tunnels(void)
{
	unsigned char mac[2][6];
	struct sockaddr_storage ss;
	struct in_addr a;
	char buf[32];
	int t, h, idx, ret;

	net_enter(NET_A);
	net_mac_of("net0", mac[NET_A]);
	net_enter(NET_B);
	net_mac_of("net0", mac[NET_B]);
	for (t = 0; t < NTUN; t++) {
		for (h = NET_A; h <= NET_B && tuns[t].under != 1; h++) {
			net_enter(h);
			under(h, t, &a);
			RTNL_SAFE(rtnl_addr_add(rtnl_ifindex("net0"), AF_INET,
						&a, 24, 0));
			under(!h, t, &a);
			inet_ntop(AF_INET, &a, buf, sizeof(buf));
			net_pin4("net0", buf, mac[!h]);
		}
		for (h = NET_A; h <= NET_B; h++) {
			net_enter(h);
			ret = tun_msg(t, h, 0, tuns[t].type, tuns[t].dport);
			if (ret == -EOPNOTSUPP)
				tst_brk(TCONF, "no ipip tunnels (module ipip)");
			RTNL_SAFE(ret);
			idx = rtnl_ifindex(tuns[t].name);
			inner(h, t, &ss, 0);
			RTNL_SAFE(rtnl_addr_add(idx, AF_INET, net_rawaddr(&ss),
						24, 0));
			RTNL_SAFE(rtnl_link_up(idx));
		}
	}
}

/* Fresh hosts for each iteration (-i): the old ones die with their fds. */
static void hosts(void)
{
	const char *const modprobe_fou[] = { "modprobe", "-q", "fou", NULL };
	int h;

	for (h = 0; h < NET_NHOSTS; h++) {
		if (net_nsfd[h] >= 0)
			close(net_nsfd[h]);
		net_nsfd[h] = -1;
	}
	net_cur = -1;
	net_hosts_setup_pinned();
	net_enter(NET_B);
	fou_id = genl_family(FOU_GENL_NAME);
	/* fou has no family alias for the kernel to load it: modprobe */
	if (fou_id == -ENOENT && !tst_cmd(modprobe_fou, 1))
		fou_id = genl_family(FOU_GENL_NAME);
	if (fou_id == -ENOENT)
		tst_brk(TCONF, "no generic netlink family fou (module fou)");
	if (fou_id < 0)
		tst_brk(TBROK, "CTRL_CMD_GETFAMILY(fou): %s",
			tst_strerrno(-fou_id));
}

static void run(void)
{
	hosts();
	test_ports();
	make_tunnels();
	test_config();
	test_traffic(T_FOU);
	test_traffic(T_GUE);
	test_traffic(T_REMCSUM);
	test_ports_only();
}

static struct tst_test test = {
	.test_all = run,
	.needs_root = 1,
	.timeout = 60,
};
