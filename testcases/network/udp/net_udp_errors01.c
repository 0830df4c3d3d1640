// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * UDP error reporting between two namespaces, IPv4 and IPv6 (ICMP rate
 * limits off in the remote namespace, so each datagram to a closed port
 * is answered):
 * - an unconnected socket with IP_RECVERR / IPV6_RECVERR: the port
 *   unreachable is queued on the error queue: ee_errno ECONNREFUSED,
 *   ee_origin SO_EE_ORIGIN_ICMP (type 3 code 3) or SO_EE_ORIGIN_ICMP6
 *   (type 1 code 4), ee_info 0, the offender is the remote host, msg_name
 *   the original destination and port, the data the original payload,
 *   MSG_ERRQUEUE in msg_flags; dequeuing it clears the pending error (a
 *   recv() is then EAGAIN, SO_ERROR 0) and the queue is empty (EAGAIN);
 * - an unconnected socket without RECVERR: once the ICMP error has
 *   arrived (InDestUnreachs grew by one) nothing is reported: no
 *   POLLERR, SO_ERROR 0, an empty error queue, the next sendto() works;
 * - a connected socket without RECVERR: ECONNREFUSED from recv(), but
 *   nothing on the error queue;
 * - IPv4 with IP_PMTUDISC_DO and IP_RECVERR: a datagram over the 1500
 *   byte MTU fails EMSGSIZE and queues a local error
 *   (SO_EE_ORIGIN_LOCAL, EMSGSIZE, ee_info 1500).
 */
#include <time.h>
#include <linux/errqueue.h>
#include "tst_test.h"
#include "net_hosts.h"

static const char payload[] = "port unreachable";
#define PLEN (sizeof(payload) - 1)

static socklen_t alen(int family)
{
	return family == AF_INET ? sizeof(struct sockaddr_in) :
	       sizeof(struct sockaddr_in6);
}

static long long unreachs(int family)
{
	if (family == AF_INET)
		return net_snmp(NET_A, "snmp", "Icmp:", "InDestUnreachs");
	return net_snmp6(NET_A, "Icmp6InDestUnreachs");
}

/* A closed port of the remote host. */
static void closed_port(int family, struct sockaddr_storage *ss)
{
	close(net_bound(NET_B, family, SOCK_DGRAM, ss));
}

/* Wait (bounded) until InDestUnreachs passes base. */
static int wait_unreach(int family, long long base)
{
	struct timespec t0, t;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	while (unreachs(family) <= base) {
		clock_gettime(CLOCK_MONOTONIC, &t);
		if ((t.tv_sec - t0.tv_sec) * 1000 > net_ms(10000))
			return 0;
		usleep(1000);
	}
	return 1;
}

static void recverr(int family)
{
	struct sockaddr_storage dst, off, name;
	int fd = net_socket(NET_A, family, SOCK_DGRAM);
	int on = 1, err = -1;
	char data[64], ctl[512];
	struct iovec iov = { data, sizeof(data) };
	struct msghdr mh = {
		.msg_name = &name, .msg_namelen = sizeof(name),
		.msg_iov = &iov, .msg_iovlen = 1,
		.msg_control = ctl, .msg_controllen = sizeof(ctl),
	};
	struct sock_extended_err *ee = NULL;
	struct cmsghdr *cm;
	socklen_t elen = sizeof(err);
	char c;
	ssize_t n;

	closed_port(family, &dst);
	if (setsockopt(fd, family == AF_INET ? SOL_IP : SOL_IPV6,
		       family == AF_INET ? IP_RECVERR : IPV6_RECVERR, &on,
		       sizeof(on)))
		tst_brk(TBROK | TERRNO, "setsockopt(RECVERR)");
	if (sendto(fd, payload, PLEN, 0, (struct sockaddr *)&dst,
		   alen(family)) != PLEN)
		tst_brk(TBROK | TERRNO, "sendto()");
	if (!(net_poll(fd, POLLERR, 10000) & POLLERR)) {
		tst_res(TFAIL, "unconnected socket with RECVERR: no POLLERR");
		close(fd);
		return;
	}
	n = recvmsg(fd, &mh, MSG_ERRQUEUE);
	if (n < 0) {
		tst_res(TFAIL | TERRNO, "recvmsg(MSG_ERRQUEUE)");
		close(fd);
		return;
	}
	NET_EXP_EQ(n, PLEN, "bytes of the original datagram returned");
	if (n == PLEN && !memcmp(data, payload, PLEN))
		tst_res(TPASS, "the error carries the original payload");
	else
		tst_res(TFAIL, "the error's data is not the original payload");
	if (mh.msg_flags & MSG_ERRQUEUE)
		tst_res(TPASS, "MSG_ERRQUEUE set in msg_flags");
	else
		tst_res(TFAIL, "msg_flags 0x%x lacks MSG_ERRQUEUE", mh.msg_flags);
	if (net_port(&name) == net_port(&dst) &&
	    !memcmp(net_rawaddr(&name), net_rawaddr(&dst),
		    family == AF_INET ? 4 : 16))
		tst_res(TPASS, "msg_name is the original destination");
	else
		tst_res(TFAIL, "msg_name is not the original destination (port %u)",
			net_port(&name));
	for (cm = CMSG_FIRSTHDR(&mh); cm; cm = CMSG_NXTHDR(&mh, cm)) {
		if ((cm->cmsg_level == SOL_IP && cm->cmsg_type == IP_RECVERR) ||
		    (cm->cmsg_level == SOL_IPV6 &&
		     cm->cmsg_type == IPV6_RECVERR))
			ee = (struct sock_extended_err *)CMSG_DATA(cm);
	}
	if (!ee) {
		tst_res(TFAIL, "no RECVERR control message");
	} else {
		struct sockaddr_storage rem;

		NET_EXP_EQ(ee->ee_errno, ECONNREFUSED, "ee_errno (ECONNREFUSED)");
		NET_EXP_EQ(ee->ee_origin, family == AF_INET ?
			   SO_EE_ORIGIN_ICMP : SO_EE_ORIGIN_ICMP6, "ee_origin");
		NET_EXP_EQ(ee->ee_type, family == AF_INET ? 3 : 1, "ee_type");
		NET_EXP_EQ(ee->ee_code, family == AF_INET ? 3 : 4, "ee_code");
		NET_EXP_EQ(ee->ee_info, 0, "ee_info");
		memcpy(&off, SO_EE_OFFENDER(ee), sizeof(struct sockaddr_in6));
		net_addr(NET_B, family, 0, &rem);
		if (off.ss_family == family &&
		    !memcmp(net_rawaddr(&off), net_rawaddr(&rem),
			    family == AF_INET ? 4 : 16))
			tst_res(TPASS, "the offender is the remote host");
		else
			tst_res(TFAIL, "the offender is not the remote host (family %d)",
				off.ss_family);
	}
	TST_EXP_FAIL(recv(fd, &c, 1, MSG_DONTWAIT), EAGAIN,
		     "recv() once the error was dequeued");
	getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &elen);
	NET_EXP_EQ(err, 0, "SO_ERROR once the error was dequeued");
	TST_EXP_FAIL(recvmsg(fd, &mh, MSG_ERRQUEUE | MSG_DONTWAIT), EAGAIN,
		     "the error queue is empty");
	close(fd);
}

static void silent(int family)
{
	struct sockaddr_storage dst;
	int fd = net_socket(NET_A, family, SOCK_DGRAM);
	int err = -1;
	socklen_t elen = sizeof(err);
	char data[64];
	short rev;
	long long base;

	closed_port(family, &dst);
	base = unreachs(family);
	net_enter(NET_A);
	if (sendto(fd, payload, PLEN, 0, (struct sockaddr *)&dst,
		   alen(family)) != PLEN)
		tst_brk(TBROK | TERRNO, "sendto()");
	if (!wait_unreach(family, base)) {
		tst_res(TFAIL, "no ICMP port unreachable came back");
		close(fd);
		return;
	}
	rev = net_poll(fd, POLLIN | POLLERR, 0);
	NET_EXP_EQ(rev, 0, "poll() events of an unconnected socket without RECVERR");
	getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &elen);
	NET_EXP_EQ(err, 0, "its SO_ERROR");
	TST_EXP_FAIL(recv(fd, data, sizeof(data), MSG_ERRQUEUE | MSG_DONTWAIT),
		     EAGAIN, "its error queue is empty");
	TST_EXP_EQ_LI(sendto(fd, payload, PLEN, 0, (struct sockaddr *)&dst,
			     alen(family)), PLEN);
	close(fd);
}

static void connected(int family)
{
	struct sockaddr_storage dst;
	int fd = net_socket(NET_A, family, SOCK_DGRAM);
	char data[64];

	closed_port(family, &dst);
	net_enter(NET_A);
	if (connect(fd, (struct sockaddr *)&dst, alen(family)))
		tst_brk(TBROK | TERRNO, "connect()");
	if (send(fd, payload, PLEN, 0) != PLEN)
		tst_brk(TBROK | TERRNO, "send()");
	if (!(net_poll(fd, POLLERR, 10000) & POLLERR)) {
		tst_res(TFAIL, "connected socket: no POLLERR");
		close(fd);
		return;
	}
	TST_EXP_FAIL(recv(fd, data, sizeof(data), MSG_ERRQUEUE | MSG_DONTWAIT),
		     EAGAIN, "connected socket without RECVERR: error queue");
	TST_EXP_FAIL(recv(fd, data, sizeof(data), MSG_DONTWAIT), ECONNREFUSED,
		     "connected socket without RECVERR: recv()");
	close(fd);
}

static void local_err(void)
{
	static char big[2000];
	struct sockaddr_storage dst;
	int fd = net_socket(NET_A, AF_INET, SOCK_DGRAM);
	int on = 1, pmtu = IP_PMTUDISC_DO;
	char ctl[512];
	struct iovec iov = { big, sizeof(big) };
	struct msghdr mh = {
		.msg_iov = &iov, .msg_iovlen = 1,
		.msg_control = ctl, .msg_controllen = sizeof(ctl),
	};
	struct cmsghdr *cm;
	struct sock_extended_err *ee = NULL;

	net_addr(NET_B, AF_INET, 9, &dst);
	if (setsockopt(fd, SOL_IP, IP_RECVERR, &on, sizeof(on)) ||
	    setsockopt(fd, SOL_IP, IP_MTU_DISCOVER, &pmtu, sizeof(pmtu)))
		tst_brk(TBROK | TERRNO, "setsockopt()");
	TST_EXP_FAIL(sendto(fd, big, 1473, 0, (struct sockaddr *)&dst,
			    alen(AF_INET)), EMSGSIZE,
		     "1473 byte datagram with IP_PMTUDISC_DO");
	if (recvmsg(fd, &mh, MSG_ERRQUEUE | MSG_DONTWAIT) < 0) {
		tst_res(TFAIL | TERRNO, "no local error queued");
		close(fd);
		return;
	}
	for (cm = CMSG_FIRSTHDR(&mh); cm; cm = CMSG_NXTHDR(&mh, cm))
		if (cm->cmsg_level == SOL_IP && cm->cmsg_type == IP_RECVERR)
			ee = (struct sock_extended_err *)CMSG_DATA(cm);
	if (!ee) {
		tst_res(TFAIL, "no IP_RECVERR control message");
	} else {
		NET_EXP_EQ(ee->ee_origin, SO_EE_ORIGIN_LOCAL, "local error's origin");
		NET_EXP_EQ(ee->ee_errno, EMSGSIZE, "local error's errno (EMSGSIZE)");
		NET_EXP_EQ(ee->ee_info, 1500, "local error's ee_info (the MTU)");
	}
	close(fd);
}

static void run(unsigned int n)
{
	int family = n ? AF_INET6 : AF_INET;

	tst_res(TINFO, "%s", n ? "IPv6" : "IPv4");
	recverr(family);
	silent(family);
	connected(family);
	if (!n)
		local_err();
}

static void setup(void)
{
	net_hosts_setup();
	net_sysctl(NET_B, "net/ipv4/icmp_ratemask", "0");
	net_sysctl(NET_B, "net/ipv6/icmp/ratelimit", "0");
	net_enter(NET_A);
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.timeout = 60,
};
