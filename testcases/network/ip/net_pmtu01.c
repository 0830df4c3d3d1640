// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Path MTU discovery through a router namespace whose link to the
 * remote host has MTU 1280 (the hosts' own links are 1500):
 * - UDP, IPv4 with IP_PMTUDISC_DO and IPv6 with IPV6_PMTUDISC_DO: a 1400
 *   byte datagram draws the router's "fragmentation needed" / "packet
 *   too big"; the connected socket sees EMSGSIZE (POLLERR) and IP_MTU /
 *   IPV6_MTU is then 1280; a 1400 byte send is EMSGSIZE at once and the
 *   largest datagram that fits (1252 / 1232 bytes) arrives intact;
 * - TCP to another address of the remote host: 256 KiB sent with 1460
 *   byte segments arrive intact once TCP has learnt the smaller path
 *   MTU, and TCP_INFO's tcpi_pmtu is 1280.
 */
#include <linux/tcp.h>
#include "tst_test.h"
#include "net_hosts.h"

#define BULK (256 << 10)

static unsigned char buf[BULK], rbuf[BULK];

static int sock_mtu(int fd, int family)
{
	int mtu = 0;
	socklen_t len = sizeof(mtu);

	if (getsockopt(fd, family == AF_INET ? IPPROTO_IP : IPPROTO_IPV6,
		       family == AF_INET ? IP_MTU : IPV6_MTU, &mtu, &len))
		tst_brk(TBROK | TERRNO, "getsockopt(IP_MTU)");
	return mtu;
}

static void setup(void)
{
	char a4[] = "10.99.2.3", a6[] = "fd99:2::3";
	unsigned char a[16];
	int idx;

	net_routed_setup();
	net_enter(NET_R);
	RTNL_SAFE(rtnl_link_set(rtnl_ifindex("net1"), 0, 0, 1280));
	net_enter(NET_B);
	idx = rtnl_ifindex("net0");
	inet_pton(AF_INET, a4, a);
	RTNL_SAFE(rtnl_addr_add(idx, AF_INET, a, 24, 0));
	inet_pton(AF_INET6, a6, a);
	RTNL_SAFE(rtnl_addr_add(idx, AF_INET6, a, 64, IFA_F_NODAD));
	net_enter(NET_A);
}

static void udp(int family)
{
	struct sockaddr_storage raddr;
	int r = net_bound(NET_B, family, SOCK_DGRAM, &raddr);
	int s = net_socket(NET_A, family, SOCK_DGRAM);
	int v4 = family == AF_INET, i, err;
	int val = v4 ? IP_PMTUDISC_DO : IPV6_PMTUDISC_DO;
	size_t fit = v4 ? 1280 - 28 : 1280 - 48;
	socklen_t elen = sizeof(err);
	ssize_t n;

	if (setsockopt(s, v4 ? IPPROTO_IP : IPPROTO_IPV6,
		       v4 ? IP_MTU_DISCOVER : IPV6_MTU_DISCOVER, &val,
		       sizeof(val)))
		tst_brk(TBROK | TERRNO, "setsockopt(MTU_DISCOVER, DO)");
	if (connect(s, (struct sockaddr *)&raddr, sizeof(raddr)))
		tst_brk(TBROK | TERRNO, "connect()");
	if (!tst_iteration)
		NET_EXP_EQ(sock_mtu(s, family), 1500, "path MTU before");
	memset(buf, 'p', 1400);
	/* the router's ICMP errors are rate limited: send again if needed */
	for (i = 0; i < 5 && sock_mtu(s, family) != 1280; i++) {
		n = send(s, buf, 1400, 0);
		if (n < 0 && errno != EMSGSIZE)
			tst_brk(TBROK | TERRNO, "send(1400)");
		if (n == 1400 && (net_poll(s, POLLIN, 2000) & POLLERR)) {
			getsockopt(s, SOL_SOCKET, SO_ERROR, &err, &elen);
			NET_EXP_EQ(err, EMSGSIZE, "error of the first send");
		}
	}
	NET_EXP_EQ(sock_mtu(s, family), 1280,
		   v4 ? "IP_MTU learnt" : "IPV6_MTU learnt");
	TST_EXP_FAIL(send(s, buf, 1400, 0), EMSGSIZE,
		     "send(1400) over the learnt path MTU");
	memset(buf, 'f', fit);
	TST_EXP_VAL(send(s, buf, fit, 0), (ssize_t)fit, "send(%zu)", fit);
	/* the 1400 byte datagrams the router dropped are not in the queue */
	net_wait(r, POLLIN);
	n = recv(r, rbuf, sizeof(rbuf), MSG_DONTWAIT);
	if (n != (ssize_t)fit || memcmp(rbuf, buf, fit))
		tst_res(TFAIL, "received %zd bytes, expected the %zu that fit",
			n, fit);
	else
		tst_res(TPASS, "the %zu byte datagram arrived intact", fit);
	close(s);
	close(r);
}

static void tcp(int family)
{
	struct sockaddr_storage laddr;
	struct tcp_info ti;
	socklen_t len = sizeof(ti);
	int lfd = net_listener(NET_B, family, &laddr);
	int cfd, sfd;
	size_t i;
	ssize_t n;
	pid_t pid;

	/* the other address: its path MTU is not known yet */
	((unsigned char *)net_rawaddr(&laddr))[family == AF_INET ? 3 : 15] = 3;
	close(lfd);
	net_enter(NET_B);
	lfd = socket(family, SOCK_STREAM, 0);
	((struct sockaddr_in *)&laddr)->sin_port = 0;
	if (bind(lfd, (struct sockaddr *)&laddr, sizeof(laddr)) ||
	    listen(lfd, 1))
		tst_brk(TBROK | TERRNO, "bind() or listen()");
	len = sizeof(laddr);
	getsockname(lfd, (struct sockaddr *)&laddr, &len);
	cfd = net_connect(NET_A, &laddr);
	sfd = net_accept(lfd);
	for (i = 0; i < BULK; i++)
		buf[i] = i * 13 + (i >> 10);
	pid = SAFE_FORK();
	if (!pid) {
		if (net_write_all(cfd, buf, BULK))
			tst_brk(TBROK, "write()");
		exit(0);
	}
	n = net_read_all(sfd, rbuf, BULK);
	reap_child(pid);
	if (n != BULK || memcmp(rbuf, buf, BULK))
		tst_res(TFAIL, "TCP: %zd of %d bytes intact", n, BULK);
	else
		tst_res(TPASS, "TCP: %d bytes intact over the 1280 byte hop",
			BULK);
	len = sizeof(ti);
	if (getsockopt(cfd, IPPROTO_TCP, TCP_INFO, &ti, &len))
		tst_brk(TBROK | TERRNO, "TCP_INFO");
	NET_EXP_EQ(ti.tcpi_pmtu, 1280, "TCP: tcpi_pmtu");
	close(cfd);
	close(sfd);
	close(lfd);
}

static void run(unsigned int n)
{
	int family = n ? AF_INET6 : AF_INET;

	tst_res(TINFO, "%s", n ? "IPv6" : "IPv4");
	udp(family);
	tcp(family);
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.forks_child = 1,
	.timeout = 90,
};
