// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Socket options seen across two namespaces:
 * - IP_TTL 7 and IP_TOS 0x28 on the sender: the receiver's IP_RECVTTL
 *   and IP_RECVTOS control messages carry 7 and 0x28; with the
 *   defaults 64 and 0; IP_TTL 0 and 256 are EINVAL, -1 restores 64;
 * - IPV6_UNICAST_HOPS 9 and IPV6_TCLASS 0x48: IPV6_HOPLIMIT and
 *   IPV6_TCLASS control messages carry them (defaults 64 and 0);
 *   IPV6_UNICAST_HOPS 256 and IPV6_TCLASS 256 are EINVAL;
 * - a per-datagram IP_TTL / IPV6_HOPLIMIT control message overrides the
 *   socket's value for that datagram only;
 * - SO_RCVLOWAT 10 on a TCP socket: with 5 bytes queued (SIOCINQ 5) it
 *   is not readable, with 10 it is and a read returns all 10;
 * - SO_PEEK_OFF on UDP: -1 (off) by default; from 0, two MSG_PEEK
 *   reads of 4 bytes of a 12 byte datagram return "abcd" then "efgh"
 *   and the offset reads back 8; a plain read returns the whole datagram
 *   from its start and the offset drops to 0;
 * - SO_TIMESTAMPNS: a UDP datagram carries a realtime stamp between the
 *   time it was sent and the time it was read.
 */
#include <sys/ioctl.h>
#include <linux/sockios.h>
#include "tst_test.h"
#include "net_hosts.h"

static void setint(int fd, int level, int opt, int val)
{
	if (setsockopt(fd, level, opt, &val, sizeof(val)))
		tst_brk(TBROK | TERRNO, "setsockopt(%d, %d, %d)", level, opt,
			val);
}

static int getint(int fd, int level, int opt)
{
	int val = -1;
	socklen_t len = sizeof(val);

	if (getsockopt(fd, level, opt, &val, &len))
		tst_brk(TBROK | TERRNO, "getsockopt(%d, %d)", level, opt);
	return val;
}

/*
 * Send one byte from s to dst (with a control message of cmsg_type
 * carrying cval when cval >= 0), read it on r: the hop limit and the
 * traffic class its control messages carry.
 */
static void hop_tos(int family, int s, int r, struct sockaddr_storage *dst,
		    int cval, int *hops, int *tos)
{
	char c = 'h', ctl[256], sctl[CMSG_SPACE(sizeof(int))];
	struct iovec iov = { &c, 1 };
	struct msghdr mh = {
		.msg_name = dst,
		.msg_namelen = family == AF_INET ? sizeof(struct sockaddr_in) :
			       sizeof(struct sockaddr_in6),
		.msg_iov = &iov, .msg_iovlen = 1,
	};
	struct cmsghdr *cm;

	if (cval >= 0) {
		memset(sctl, 0, sizeof(sctl));
		mh.msg_control = sctl;
		mh.msg_controllen = sizeof(sctl);
		cm = CMSG_FIRSTHDR(&mh);
		cm->cmsg_level = family == AF_INET ? SOL_IP : SOL_IPV6;
		cm->cmsg_type = family == AF_INET ? IP_TTL : IPV6_HOPLIMIT;
		cm->cmsg_len = CMSG_LEN(sizeof(int));
		memcpy(CMSG_DATA(cm), &cval, sizeof(int));
	}
	if (sendmsg(s, &mh, 0) != 1)
		tst_brk(TBROK | TERRNO, "sendmsg()");
	memset(&mh, 0, sizeof(mh));
	mh.msg_iov = &iov;
	mh.msg_iovlen = 1;
	mh.msg_control = ctl;
	mh.msg_controllen = sizeof(ctl);
	*hops = *tos = -1;
	net_wait(r, POLLIN);
	if (recvmsg(r, &mh, MSG_DONTWAIT) != 1)
		tst_brk(TBROK | TERRNO, "recvmsg()");
	for (cm = CMSG_FIRSTHDR(&mh); cm; cm = CMSG_NXTHDR(&mh, cm)) {
		if (cm->cmsg_level == SOL_IP && cm->cmsg_type == IP_TTL)
			memcpy(hops, CMSG_DATA(cm), sizeof(int));
		if (cm->cmsg_level == SOL_IP && cm->cmsg_type == IP_TOS)
			*tos = *(unsigned char *)CMSG_DATA(cm);
		if (cm->cmsg_level == SOL_IPV6 &&
		    cm->cmsg_type == IPV6_HOPLIMIT)
			memcpy(hops, CMSG_DATA(cm), sizeof(int));
		if (cm->cmsg_level == SOL_IPV6 && cm->cmsg_type == IPV6_TCLASS)
			memcpy(tos, CMSG_DATA(cm), sizeof(int));
	}
}

static void ttl_tos(int family)
{
	struct sockaddr_storage dst;
	int r = net_bound(NET_B, family, SOCK_DGRAM, &dst);
	int s = net_socket(NET_A, family, SOCK_DGRAM);
	int v4 = family == AF_INET, hops, tos, bad;
	int lvl = v4 ? SOL_IP : SOL_IPV6;
	int o_hops = v4 ? IP_TTL : IPV6_UNICAST_HOPS;
	int o_tos = v4 ? IP_TOS : IPV6_TCLASS;

	setint(r, lvl, v4 ? IP_RECVTTL : IPV6_RECVHOPLIMIT, 1);
	setint(r, lvl, v4 ? IP_RECVTOS : IPV6_RECVTCLASS, 1);

	hop_tos(family, s, r, &dst, -1, &hops, &tos);
	NET_EXP_EQ(hops, 64, "default hop limit received");
	NET_EXP_EQ(tos, 0, "default traffic class received");

	setint(s, lvl, o_hops, v4 ? 7 : 9);
	setint(s, lvl, o_tos, v4 ? 0x28 : 0x48);
	NET_EXP_EQ(getint(s, lvl, o_hops), v4 ? 7 : 9, "hop limit read back");
	NET_EXP_EQ(getint(s, lvl, o_tos), v4 ? 0x28 : 0x48,
		   "traffic class read back");
	hop_tos(family, s, r, &dst, -1, &hops, &tos);
	NET_EXP_EQ(hops, v4 ? 7 : 9, "hop limit received");
	NET_EXP_EQ(tos, v4 ? 0x28 : 0x48, "traffic class received");

	hop_tos(family, s, r, &dst, 3, &hops, &tos);
	NET_EXP_EQ(hops, 3, "hop limit of a datagram with its own control message");
	hop_tos(family, s, r, &dst, -1, &hops, &tos);
	NET_EXP_EQ(hops, v4 ? 7 : 9, "socket's hop limit for the next datagram");

	bad = v4 ? 0 : 256;
	TST_EXP_FAIL(setsockopt(s, lvl, o_hops, &bad, sizeof(bad)), EINVAL,
		     "%s %d", v4 ? "IP_TTL" : "IPV6_UNICAST_HOPS", bad);
	bad = 256;
	TST_EXP_FAIL(setsockopt(s, lvl, v4 ? o_hops : o_tos, &bad,
				sizeof(bad)), EINVAL, "%s 256",
		     v4 ? "IP_TTL" : "IPV6_TCLASS");
	setint(s, lvl, o_hops, -1);
	NET_EXP_EQ(getint(s, lvl, o_hops), 64, "hop limit after -1 (default)");
	close(r);
	close(s);
}

static void lowat(int family)
{
	int cfd, sfd, inq = -1;
	char buf[16];

	net_tcp_pair(NET_A, NET_B, family, &cfd, &sfd);
	setint(sfd, SOL_SOCKET, SO_RCVLOWAT, 10);
	NET_EXP_EQ(getint(sfd, SOL_SOCKET, SO_RCVLOWAT), 10,
		   "SO_RCVLOWAT read back");
	if (net_write_all(cfd, "abcde", 5))
		tst_brk(TBROK, "write()");
	/* wait (bounded) for the 5 bytes to be queued */
	{
		struct timespec t0, t;

		clock_gettime(CLOCK_MONOTONIC, &t0);
		for (;;) {
			if (ioctl(sfd, SIOCINQ, &inq))
				tst_brk(TBROK | TERRNO, "ioctl(SIOCINQ)");
			clock_gettime(CLOCK_MONOTONIC, &t);
			if (inq >= 5 ||
			    (t.tv_sec - t0.tv_sec) * 1000 > net_ms(10000))
				break;
			usleep(1000);
		}
	}
	NET_EXP_EQ(inq, 5, "bytes queued");
	NET_EXP_EQ(net_poll(sfd, POLLIN, 0), 0,
		   "poll() with 5 bytes under SO_RCVLOWAT 10");
	if (net_write_all(cfd, "fghij", 5))
		tst_brk(TBROK, "write()");
	if (!(net_poll(sfd, POLLIN, 10000) & POLLIN))
		tst_res(TFAIL, "not readable with 10 bytes queued");
	else
		TST_EXP_EQ_LI(recv(sfd, buf, sizeof(buf), MSG_DONTWAIT), 10);

	close(cfd);
	close(sfd);
}

static void peek_off(int family)
{
	struct sockaddr_storage dst;
	int r = net_bound(NET_B, family, SOCK_DGRAM, &dst);
	int s = net_socket(NET_A, family, SOCK_DGRAM);
	char buf[16];

	if (sendto(s, "abcdefghijkl", 12, 0, (struct sockaddr *)&dst,
		   sizeof(dst)) != 12)
		tst_brk(TBROK | TERRNO, "sendto()");
	net_wait(r, POLLIN);
	NET_EXP_EQ(getint(r, SOL_SOCKET, SO_PEEK_OFF), -1,
		   "SO_PEEK_OFF by default (off)");
	setint(r, SOL_SOCKET, SO_PEEK_OFF, 0);
	memset(buf, 0, sizeof(buf));
	TST_EXP_EQ_LI(recv(r, buf, 4, MSG_PEEK | MSG_DONTWAIT), 4);
	TST_EXP_EQ_LI(recv(r, buf + 4, 4, MSG_PEEK | MSG_DONTWAIT), 4);
	if (!memcmp(buf, "abcdefgh", 8))
		tst_res(TPASS, "two peeks with SO_PEEK_OFF: abcd, efgh");
	else
		tst_res(TFAIL, "two peeks with SO_PEEK_OFF: %.8s", buf);
	NET_EXP_EQ(getint(r, SOL_SOCKET, SO_PEEK_OFF), 8,
		   "peek offset after 8 bytes peeked");
	memset(buf, 0, sizeof(buf));
	TST_EXP_EQ_LI(recv(r, buf, sizeof(buf), MSG_DONTWAIT), 12);
	if (!memcmp(buf, "abcdefghijkl", 12))
		tst_res(TPASS, "a plain read returns the datagram from its start");
	else
		tst_res(TFAIL, "a plain read returned %.12s", buf);
	NET_EXP_EQ(getint(r, SOL_SOCKET, SO_PEEK_OFF), 0,
		   "peek offset after the 12 byte datagram was read");
	close(r);
	close(s);
}

static void timestamp(void)
{
	struct sockaddr_storage dst;
	int r = net_bound(NET_B, AF_INET, SOCK_DGRAM, &dst);
	int s = net_socket(NET_A, AF_INET, SOCK_DGRAM);
	struct timespec t0, t1, ts = { 0, 0 };
	char c, ctl[256];
	struct iovec iov = { &c, 1 };
	struct msghdr mh = {
		.msg_iov = &iov, .msg_iovlen = 1,
		.msg_control = ctl, .msg_controllen = sizeof(ctl),
	};
	struct cmsghdr *cm;
	int found = 0;
	long long a, b, x;

	setint(r, SOL_SOCKET, SO_TIMESTAMPNS, 1);
	clock_gettime(CLOCK_REALTIME, &t0);
	if (sendto(s, "t", 1, 0, (struct sockaddr *)&dst,
		   sizeof(struct sockaddr_in)) != 1)
		tst_brk(TBROK | TERRNO, "sendto()");
	net_wait(r, POLLIN);
	if (recvmsg(r, &mh, MSG_DONTWAIT) != 1)
		tst_brk(TBROK | TERRNO, "recvmsg()");
	clock_gettime(CLOCK_REALTIME, &t1);
	for (cm = CMSG_FIRSTHDR(&mh); cm; cm = CMSG_NXTHDR(&mh, cm)) {
		if (cm->cmsg_level == SOL_SOCKET &&
		    cm->cmsg_type == SO_TIMESTAMPNS) {
			memcpy(&ts, CMSG_DATA(cm), sizeof(ts));
			found = 1;
		}
	}
	if (!found) {
		tst_res(TFAIL, "no SO_TIMESTAMPNS control message");
	} else {
		a = t0.tv_sec * 1000000000LL + t0.tv_nsec;
		b = t1.tv_sec * 1000000000LL + t1.tv_nsec;
		x = ts.tv_sec * 1000000000LL + ts.tv_nsec;
		if (x >= a && x <= b)
			tst_res(TPASS, "receive stamp between send and read");
		else
			tst_res(TFAIL, "receive stamp %lld ns from the send, read after %lld ns",
				x - a, b - a);
	}
	close(r);
	close(s);
}

static void run(unsigned int n)
{
	int family = n ? AF_INET6 : AF_INET;

	tst_res(TINFO, "%s", n ? "IPv6" : "IPv4");
	ttl_tos(family);
	lowat(family);
	peek_off(family);
	if (!n)
		timestamp();
}

static void setup(void)
{
	net_hosts_setup();
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.timeout = 60,
};
