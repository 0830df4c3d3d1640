// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * TCP_INQ between two namespaces, IPv4 and IPv6:
 * - the option is 0 on a new socket, 1 reads back, 2 and -1 are EINVAL;
 * - with 1000 bytes queued (SIOCINQ 1000), reads of 300 and 700 bytes
 *   carry a TCP_CM_INQ control message with what is left: 700, then 0;
 *   a MSG_PEEK read of 100 bytes leaves the queue, its hint is all of it;
 * - after the peer's FIN with nothing queued, a read returns 0 (EOF) with
 *   the hint 1 (tcp_inq_hint() tells EOF from an empty queue);
 * - with the option back at 0 a read carries no TCP_CM_INQ message.
 */
#include <sys/ioctl.h>
#include <linux/sockios.h>
#include <linux/tcp.h>
#include "tst_test.h"
#include "net_hosts.h"

static int getopt_inq(int fd)
{
	int val = -1;
	socklen_t len = sizeof(val);

	if (getsockopt(fd, IPPROTO_TCP, TCP_INQ, &val, &len))
		tst_brk(TBROK | TERRNO, "getsockopt(TCP_INQ)");
	return val;
}

static void setopt_inq(int fd, int val)
{
	if (setsockopt(fd, IPPROTO_TCP, TCP_INQ, &val, sizeof(val)))
		tst_brk(TBROK | TERRNO, "setsockopt(TCP_INQ, %d)", val);
}

/* recvmsg() of len bytes: bytes read, *inq the hint or -1 without it. */
static ssize_t read_inq(int fd, size_t len, int flags, int *inq)
{
	static char buf[1000];
	char ctl[CMSG_SPACE(sizeof(int))];
	struct iovec iov = { buf, len };
	struct msghdr mh = {
		.msg_iov = &iov, .msg_iovlen = 1,
		.msg_control = ctl, .msg_controllen = sizeof(ctl),
	};
	struct cmsghdr *cm;
	ssize_t n;

	net_wait(fd, POLLIN);
	n = recvmsg(fd, &mh, flags);
	if (n < 0)
		tst_brk(TBROK | TERRNO, "recvmsg()");
	*inq = -1;
	for (cm = CMSG_FIRSTHDR(&mh); cm; cm = CMSG_NXTHDR(&mh, cm))
		if (cm->cmsg_level == IPPROTO_TCP &&
		    cm->cmsg_type == TCP_CM_INQ)
			memcpy(inq, CMSG_DATA(cm), sizeof(*inq));
	return n;
}

/* Wait (bounded) until SIOCINQ of fd shows want bytes. */
static void wait_inq(int fd, int want)
{
	long long deadline = tst_mono_ms() + 30000LL * tst_timeout_mul();
	int inq;

	for (;;) {
		if (ioctl(fd, SIOCINQ, &inq))
			tst_brk(TBROK | TERRNO, "ioctl(SIOCINQ)");
		if (inq == want)
			return;
		if (inq > want || tst_mono_ms() > deadline)
			tst_brk(TBROK, "SIOCINQ %d, waiting for %d", inq, want);
		net_poll(fd, POLLIN, 10);
		usleep(1000);
	}
}

static void run(unsigned int n)
{
	static char data[1000];
	int cfd, sfd, inq, val;
	ssize_t got;

	tst_res(TINFO, "%s", n ? "IPv6" : "IPv4");
	net_tcp_pair(NET_A, NET_B, n ? AF_INET6 : AF_INET, &cfd, &sfd);
	NET_EXP_EQ(getopt_inq(sfd), 0, "TCP_INQ of a new socket");
	val = 2;
	TST_EXP_FAIL(setsockopt(sfd, IPPROTO_TCP, TCP_INQ, &val, sizeof(val)),
		     EINVAL, "TCP_INQ 2");
	val = -1;
	TST_EXP_FAIL(setsockopt(sfd, IPPROTO_TCP, TCP_INQ, &val, sizeof(val)),
		     EINVAL, "TCP_INQ -1");
	setopt_inq(sfd, 1);
	NET_EXP_EQ(getopt_inq(sfd), 1, "TCP_INQ read back");

	memset(data, 'i', sizeof(data));
	if (net_write_all(cfd, data, sizeof(data)))
		tst_brk(TBROK, "write()");
	wait_inq(sfd, 1000);
	got = read_inq(sfd, 100, MSG_PEEK, &inq);
	NET_EXP_EQ(got, 100, "MSG_PEEK read");
	NET_EXP_EQ(inq, 1000, "TCP_CM_INQ after a peek (queue untouched)");
	got = read_inq(sfd, 300, 0, &inq);
	NET_EXP_EQ(got, 300, "first read");
	NET_EXP_EQ(inq, 700, "TCP_CM_INQ after reading 300 of 1000");
	got = read_inq(sfd, 700, 0, &inq);
	NET_EXP_EQ(got, 700, "second read");
	NET_EXP_EQ(inq, 0, "TCP_CM_INQ after reading all");

	if (net_write_all(cfd, data, 10))
		tst_brk(TBROK, "write()");
	wait_inq(sfd, 10);
	setopt_inq(sfd, 0);
	got = read_inq(sfd, 10, 0, &inq);
	NET_EXP_EQ(got, 10, "read with TCP_INQ 0");
	NET_EXP_EQ(inq, -1, "TCP_CM_INQ present with TCP_INQ 0 (-1: none)");

	setopt_inq(sfd, 1);
	if (shutdown(cfd, SHUT_WR))
		tst_brk(TBROK | TERRNO, "shutdown()");
	got = read_inq(sfd, 10, 0, &inq);
	NET_EXP_EQ(got, 0, "read after the FIN (EOF)");
	NET_EXP_EQ(inq, 1, "TCP_CM_INQ at EOF");
	close(cfd);
	close(sfd);
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
};
