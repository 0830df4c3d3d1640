// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * TCP Fast Open between two namespaces (net.ipv4.tcp_fastopen is per
 * namespace), IPv4 and IPv6:
 * - with the client bit off (tcp_fastopen 0), sendto(MSG_FASTOPEN) is
 *   EOPNOTSUPP;
 * - with it on (3 on both sides, the listener with TCP_FASTOPEN): the
 *   first sendto(MSG_FASTOPEN) asks for a cookie (the server's
 *   TCPFastOpenCookieReqd grows, TCPFastOpenPassive does not) and its
 *   data arrives; the second carries its data in the SYN with the
 *   cookie: the server's TCPFastOpenPassive grows by one, the client's
 *   TCP_INFO has TCPI_OPT_SYN_DATA, and the data arrives intact.
 */
#include <linux/tcp.h>
#include "tst_test.h"
#include "net_hosts.h"

static long long mib(const char *field)
{
	long long v = net_snmp(NET_B, "netstat", "TcpExt:", field);

	net_enter(NET_A);
	return v;
}

static int tfo_send(int family, struct sockaddr_storage *ss, const char *msg)
{
	int fd = net_socket(NET_A, family, SOCK_STREAM);
	ssize_t n = sendto(fd, msg, strlen(msg), MSG_FASTOPEN,
			   (struct sockaddr *)ss, sizeof(*ss));

	if (n != (ssize_t)strlen(msg))
		tst_brk(TBROK | TERRNO, "sendto(MSG_FASTOPEN) returned %zd", n);
	return fd;
}

static int got(int lfd, const char *msg)
{
	int sfd = net_accept(lfd), ok;
	char buf[64];
	ssize_t n = net_read_all(sfd, buf, strlen(msg));

	ok = n == (ssize_t)strlen(msg) && !memcmp(buf, msg, n);
	close(sfd);
	return ok;
}

static void run(unsigned int n)
{
	int family = n ? AF_INET6 : AF_INET, qlen = 8, lfd, fd;
	struct sockaddr_storage ss;
	long long req0, pas0, pas1;
	struct tcp_info ti;
	socklen_t len = sizeof(ti);

	tst_res(TINFO, "%s", n ? "IPv6" : "IPv4");
	net_sysctl(NET_B, "net/ipv4/tcp_fastopen", "3");
	lfd = net_listener(NET_B, family, &ss);
	if (setsockopt(lfd, IPPROTO_TCP, TCP_FASTOPEN, &qlen, sizeof(qlen)))
		tst_brk(TBROK | TERRNO, "setsockopt(TCP_FASTOPEN)");

	net_sysctl(NET_A, "net/ipv4/tcp_fastopen", "0");
	fd = net_socket(NET_A, family, SOCK_STREAM);
	TST_EXP_FAIL(sendto(fd, "x", 1, MSG_FASTOPEN, (struct sockaddr *)&ss,
			    sizeof(ss)), EOPNOTSUPP,
		     "sendto(MSG_FASTOPEN) with tcp_fastopen 0");
	close(fd);
	net_sysctl(NET_A, "net/ipv4/tcp_fastopen", "3");
	/* a cookie from an earlier iteration would skip the request */
	net_enter(NET_A);

	req0 = mib("TCPFastOpenCookieReqd");
	pas0 = mib("TCPFastOpenPassive");
	fd = tfo_send(family, &ss, "first, asking for a cookie");
	if (!got(lfd, "first, asking for a cookie"))
		tst_res(TFAIL, "first connection: data lost");
	close(fd);
	if (!tst_iteration) {
		NET_EXP_EQ(mib("TCPFastOpenCookieReqd") - req0, 1,
			   "cookie requests at the server");
		NET_EXP_EQ(mib("TCPFastOpenPassive") - pas0, 0,
			   "SYN data accepted without a cookie");
	}

	pas0 = mib("TCPFastOpenPassive");
	fd = tfo_send(family, &ss, "second, data in the SYN");
	if (!got(lfd, "second, data in the SYN"))
		tst_res(TFAIL, "second connection: data lost");
	else
		tst_res(TPASS, "second connection: data intact");
	pas1 = mib("TCPFastOpenPassive");
	NET_EXP_EQ(pas1 - pas0, 1, "server's TCPFastOpenPassive");
	if (getsockopt(fd, IPPROTO_TCP, TCP_INFO, &ti, &len))
		tst_brk(TBROK | TERRNO, "TCP_INFO");
	if (ti.tcpi_options & TCPI_OPT_SYN_DATA)
		tst_res(TPASS, "client: TCPI_OPT_SYN_DATA (its SYN data was acked)");
	else
		tst_res(TFAIL, "client: no TCPI_OPT_SYN_DATA (options 0x%x)",
			ti.tcpi_options);
	close(fd);
	close(lfd);
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = net_hosts_setup,
	.needs_root = 1,
	.timeout = 60,
};
