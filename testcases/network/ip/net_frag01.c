// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * IP fragmentation and reassembly between two namespaces: IPv4 over a
 * veth pair with MTU 1000 (10.99.3.0/24), IPv6 over one with MTU 1280.
 * - UDP datagrams around the edges arrive whole and byte for byte: the
 *   largest that needs no fragment (MTU - 28 / MTU - 48), one byte more,
 *   the largest in two fragments and one byte more, the largest in eight,
 *   and the largest datagram (65507 / 65527); one byte more is EMSGSIZE.
 *   All fragments but the last carry a multiple of 8 bytes ((MTU - 20) &
 *   ~7 = 976 / ((MTU - 40) & ~7) - 8 = 1232), the last up to MTU - 20 =
 *   980 / MTU - 48 = 1232: each datagram's fragment count is checked;
 * - the counters move by exactly what was sent: FragOKs by the number of
 *   fragmented datagrams and FragCreates by their fragments on the
 *   sender (Ip: in /proc/net/snmp, Ip6* in /proc/net/snmp6), ReasmOKs
 *   and ReasmReqds likewise on the receiver;
 * - IPv4, IP_PMTUDISC_DO: IP_MTU reads 1000 on the connected socket, a
 *   973 byte send is EMSGSIZE and nothing is fragmented, 972 bytes go;
 * - IPv6, IPV6_DONTFRAG (read back 1): a 1233 byte send is EMSGSIZE and
 *   with IPV6_RECVPATHMTU the next recvmsg() gives IPV6_PATHMTU 1280
 *   for the destination; 1232 bytes go.
 */
#include <netinet/in.h>
#include "tst_test.h"
#include "net_hosts.h"

#define MTU4 1000
#define MTU6 1280

static unsigned char sbuf[65536], rbuf[65536];

static long long ctr(int h, int family, const char *field)
{
	char name[64];

	if (family == AF_INET)
		return net_snmp(h, "snmp", "Ip:", field);
	snprintf(name, sizeof(name), "Ip6%s", field);
	return net_snmp6(h, name);
}

/* Host h's address on the link of family (net1 for IPv4). */
static socklen_t addr(int h, int family, unsigned short port,
		      struct sockaddr_storage *ss)
{
	socklen_t len = net_addr(h, family, port, ss);

	if (family == AF_INET)
		((unsigned char *)net_rawaddr(ss))[2] = 3;
	return len;
}

static int bound(int h, int family, struct sockaddr_storage *ss)
{
	int fd = net_socket(h, family, SOCK_DGRAM);
	socklen_t len = addr(h, family, 0, ss);

	if (bind(fd, (struct sockaddr *)ss, len))
		tst_brk(TBROK | TERRNO, "bind()");
	if (getsockname(fd, (struct sockaddr *)ss, &len))
		tst_brk(TBROK | TERRNO, "getsockname()");
	return fd;
}

static void fill(size_t len, unsigned int seed)
{
	size_t i;

	for (i = 0; i < len; i++)
		sbuf[i] = (i * 31 + seed + (i >> 9)) & 0xff;
}

/* Receive one datagram on r (bounded) and compare with sbuf[0..len). */
static int got(int r, size_t len)
{
	ssize_t n;

	if (!net_poll(r, POLLIN, 10000)) {
		tst_res(TFAIL, "%zu byte datagram: nothing arrived", len);
		return 0;
	}
	n = recv(r, rbuf, sizeof(rbuf), MSG_DONTWAIT | MSG_TRUNC);
	if (n != (ssize_t)len || memcmp(rbuf, sbuf, len)) {
		tst_res(TFAIL, "%zu byte datagram: received %zd bytes%s", len,
			n, n == (ssize_t)len ? " that differ" : "");
		return 0;
	}
	return 1;
}

static void sizes(int family)
{
	int v4 = family == AF_INET, mtu = v4 ? MTU4 : MTU6;
	size_t per = v4 ? ((mtu - 20) & ~7) : ((mtu - 40) & ~7) - 8;
	size_t last = v4 ? mtu - 20 : mtu - 48;
	/* unfragmented: no fragment header in IPv6 */
	size_t fit = v4 ? mtu - 28 : mtu - 48;
	size_t max = v4 ? 65507 : 65527;
	size_t len[] = { fit, fit + 1, per + last - 8, per + last - 7,
			 7 * per + last - 8, max, 1 };
	struct sockaddr_storage raddr, saddr;
	int r = bound(NET_B, family, &raddr);
	int s = bound(NET_A, family, &saddr);
	int rcv = 1 << 20, ok = 0;
	long long fragd = 0, frags = 0, b_ok, b_req, b_fok, b_fcr;
	unsigned int i, n = sizeof(len) / sizeof(len[0]);

	setsockopt(r, SOL_SOCKET, SO_RCVBUF, &rcv, sizeof(rcv));
	b_fok = ctr(NET_A, family, "FragOKs");
	b_fcr = ctr(NET_A, family, "FragCreates");
	b_ok = ctr(NET_B, family, "ReasmOKs");
	b_req = ctr(NET_B, family, "ReasmReqds");

	for (i = 0; i < n; i++) {
		/* all but the last fragment carry per bytes, the last up to last */
		long long nf = len[i] > fit ?
			1 + (len[i] + 8 - last + per - 1) / per : 0;
		long long c0 = ctr(NET_A, family, "FragCreates"), c1;

		fill(len[i], i);
		if (sendto(s, sbuf, len[i], 0, (struct sockaddr *)&raddr,
			   sizeof(raddr)) != (ssize_t)len[i]) {
			tst_res(TFAIL | TERRNO, "sendto(%zu bytes)", len[i]);
			continue;
		}
		if (nf) {
			fragd++;
			frags += nf;
		}
		ok += got(r, len[i]);
		c1 = ctr(NET_A, family, "FragCreates");
		if (c1 - c0 != nf)
			tst_res(TFAIL, "%zu byte datagram: %lld fragments, expected %lld",
				len[i], c1 - c0, nf);
	}
	if (ok == (int)n)
		tst_res(TPASS, "%zu, %zu, %zu, %zu, %zu, %zu, 1 byte datagrams arrived whole and intact",
			len[0], len[1], len[2], len[3], len[4], len[5]);

	NET_EXP_EQ(ctr(NET_A, family, "FragOKs") - b_fok, fragd,
		   "sender FragOKs grew by the fragmented datagrams");
	NET_EXP_EQ(ctr(NET_A, family, "FragCreates") - b_fcr, frags,
		   "sender FragCreates grew by their fragments");
	NET_EXP_EQ(ctr(NET_B, family, "ReasmOKs") - b_ok, fragd,
		   "receiver ReasmOKs grew by the fragmented datagrams");
	NET_EXP_EQ(ctr(NET_B, family, "ReasmReqds") - b_req, frags,
		   "receiver ReasmReqds grew by their fragments");

	TST_EXP_FAIL(sendto(s, sbuf, max + 1, 0, (struct sockaddr *)&raddr,
			    sizeof(raddr)), EMSGSIZE, "sendto(%zu bytes)",
		     max + 1);
	close(r);
	close(s);
}

static int sock_mtu(int fd, int family)
{
	int mtu = 0;
	socklen_t len = sizeof(mtu);

	if (getsockopt(fd, family == AF_INET ? IPPROTO_IP : IPPROTO_IPV6,
		       family == AF_INET ? IP_MTU : IPV6_MTU, &mtu, &len))
		tst_brk(TBROK | TERRNO, "getsockopt(IP_MTU)");
	return mtu;
}

static void dontfrag4(void)
{
	struct sockaddr_storage raddr, saddr;
	int r = bound(NET_B, AF_INET, &raddr);
	int s = bound(NET_A, AF_INET, &saddr);
	int val = IP_PMTUDISC_DO;
	long long fok;

	if (setsockopt(s, IPPROTO_IP, IP_MTU_DISCOVER, &val, sizeof(val)))
		tst_brk(TBROK | TERRNO, "setsockopt(IP_MTU_DISCOVER)");
	if (connect(s, (struct sockaddr *)&raddr, sizeof(struct sockaddr_in)))
		tst_brk(TBROK | TERRNO, "connect()");
	NET_EXP_EQ(sock_mtu(s, AF_INET), MTU4, "IP_MTU of the connected socket");
	fok = ctr(NET_A, AF_INET, "FragOKs");
	fill(MTU4 - 27, 77);
	TST_EXP_FAIL(send(s, sbuf, MTU4 - 27, 0), EMSGSIZE,
		     "IP_PMTUDISC_DO: send(%d bytes)", MTU4 - 27);
	TST_EXP_VAL(send(s, sbuf, MTU4 - 28, 0), MTU4 - 28,
		    "IP_PMTUDISC_DO: send(%d bytes)", MTU4 - 28);
	if (got(r, MTU4 - 28))
		tst_res(TPASS, "the %d byte datagram arrived intact", MTU4 - 28);
	NET_EXP_EQ(ctr(NET_A, AF_INET, "FragOKs") - fok, 0,
		   "FragOKs with IP_PMTUDISC_DO");
	close(r);
	close(s);
}

static void dontfrag6(void)
{
	struct sockaddr_storage raddr, saddr;
	int r = bound(NET_B, AF_INET6, &raddr);
	int s = bound(NET_A, AF_INET6, &saddr);
	int one = 1, val = 0;
	socklen_t vlen = sizeof(val);
	char cbuf[256];
	struct iovec iov = { rbuf, sizeof(rbuf) };
	struct msghdr mh = {
		.msg_iov = &iov, .msg_iovlen = 1,
		.msg_control = cbuf, .msg_controllen = sizeof(cbuf),
	};
	struct cmsghdr *cm;
	struct ip6_mtuinfo mi;
	int found = 0;
	ssize_t n;

	if (setsockopt(s, IPPROTO_IPV6, IPV6_DONTFRAG, &one, sizeof(one)) ||
	    setsockopt(s, IPPROTO_IPV6, IPV6_RECVPATHMTU, &one, sizeof(one)))
		tst_brk(TBROK | TERRNO, "setsockopt(IPV6_DONTFRAG)");
	if (getsockopt(s, IPPROTO_IPV6, IPV6_DONTFRAG, &val, &vlen))
		tst_brk(TBROK | TERRNO, "getsockopt(IPV6_DONTFRAG)");
	NET_EXP_EQ(val, 1, "IPV6_DONTFRAG read back");
	if (connect(s, (struct sockaddr *)&raddr, sizeof(struct sockaddr_in6)))
		tst_brk(TBROK | TERRNO, "connect()");
	NET_EXP_EQ(sock_mtu(s, AF_INET6), MTU6, "IPV6_MTU of the connected socket");
	fill(MTU6 - 47, 99);
	TST_EXP_FAIL(send(s, sbuf, MTU6 - 47, 0), EMSGSIZE,
		     "IPV6_DONTFRAG: send(%d bytes)", MTU6 - 47);

	n = recvmsg(s, &mh, MSG_DONTWAIT);
	if (n < 0) {
		tst_res(TFAIL | TERRNO, "recvmsg() for IPV6_PATHMTU");
	} else {
		for (cm = CMSG_FIRSTHDR(&mh); cm; cm = CMSG_NXTHDR(&mh, cm)) {
			if (cm->cmsg_level != IPPROTO_IPV6 ||
			    cm->cmsg_type != IPV6_PATHMTU)
				continue;
			memcpy(&mi, CMSG_DATA(cm), sizeof(mi));
			found = 1;
		}
		if (!found) {
			tst_res(TFAIL, "recvmsg(): no IPV6_PATHMTU (%zd bytes)", n);
		} else {
			NET_EXP_EQ(mi.ip6m_mtu, MTU6, "IPV6_PATHMTU's mtu");
			if (memcmp(&mi.ip6m_addr.sin6_addr,
				   net_rawaddr(&raddr), 16))
				tst_res(TFAIL, "IPV6_PATHMTU for another address");
		}
	}

	TST_EXP_VAL(send(s, sbuf, MTU6 - 48, 0), MTU6 - 48,
		    "IPV6_DONTFRAG: send(%d bytes)", MTU6 - 48);
	if (got(r, MTU6 - 48))
		tst_res(TPASS, "the %d byte datagram arrived intact", MTU6 - 48);
	close(r);
	close(s);
}

static void run(unsigned int n)
{
	int family = n ? AF_INET6 : AF_INET;

	tst_res(TINFO, "%s, MTU %d", n ? "IPv6" : "IPv4", n ? MTU6 : MTU4);
	sizes(family);
	if (family == AF_INET)
		dontfrag4();
	else
		dontfrag6();
}

static void setup(void)
{
	unsigned char a[4] = { 10, 99, 3, 1 };

	net_hosts_setup();
	RTNL_SAFE(rtnl_veth_add("net1", "net1", net_nsfd[NET_B]));
	RTNL_SAFE(rtnl_link_set(rtnl_ifindex("net1"), IFF_UP, IFF_UP, MTU4));
	RTNL_SAFE(rtnl_addr_add(rtnl_ifindex("net1"), AF_INET, a, 24, 0));
	RTNL_SAFE(rtnl_link_set(rtnl_ifindex("net0"), 0, 0, MTU6));
	net_enter(NET_B);
	a[3] = 2;
	RTNL_SAFE(rtnl_link_set(rtnl_ifindex("net1"), IFF_UP, IFF_UP, MTU4));
	RTNL_SAFE(rtnl_addr_add(rtnl_ifindex("net1"), AF_INET, a, 24, 0));
	RTNL_SAFE(rtnl_link_set(rtnl_ifindex("net0"), 0, 0, MTU6));
	net_enter(NET_A);
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.timeout = 60,
};
