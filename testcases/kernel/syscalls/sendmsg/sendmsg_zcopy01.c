// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sendmsg(MSG_ZEROCOPY) on an RDS socket whose data is two pages, the
 * first one readable and written, the second one PROT_NONE: RDS takes a
 * reference on the first page for the zero-copy send, then cannot get
 * the second, and must give back exactly the reference it took.
 * - with the TCP transport (SO_RDS_TRANSPORT RDS_TRANS_TCP, rds_tcp) and
 *   SO_ZEROCOPY, 64 such sends to an unbound port of 127.0.0.1 each fail
 *   with EFAULT; afterwards the first page still holds its bytes, takes
 *   a new write, and the kernel gained no taint (B, W or D). The error
 *   path dropped the page's references but left the message's page
 *   count, so that freeing the message released the page a second time:
 *   the first send freed a page still mapped by the test ("Bad page
 *   state", taint B). CVE-2026-43494, fixed by e17492979319 ("net/rds:
 *   reset op_nents when zerocopy page pin fails");
 * - the same send without SO_ZEROCOPY on the socket (the data is
 *   copied) fails with EFAULT as well;
 * - MSG_ZEROCOPY without the RDS_CMSG_ZCOPY_COOKIE control message is
 *   EINVAL;
 * - MSG_ZEROCOPY on a socket of RDS's loopback transport (no
 *   SO_RDS_TRANSPORT) is EOPNOTSUPP: only TCP does zero copy.
 * rds.ko and rds_tcp.ko declare no alias socket() asks for: as root the
 * test runs "modprobe rds" first (rds_tcp is then requested by the
 * kernel for SO_RDS_TRANSPORT). TCONF without RDS or its TCP transport.
 */
#include <stdint.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <linux/rds.h>
#include "tst_test.h"

#define SENDS	64
#define PATTERN	0x5a

static char *pages;
static long page;
static int tcp_zc = -1, tcp_copy = -1, loop_zc = -1;
static struct sockaddr_in dst;

static int rds_socket(int transport, int zerocopy)
{
	struct sockaddr_in addr = {
		.sin_family = AF_INET,
		.sin_addr.s_addr = htonl(INADDR_LOOPBACK),
	};
	socklen_t len = sizeof(addr);
	int fd = SAFE_SOCKET(AF_RDS, SOCK_SEQPACKET, 0), one = 1;

	if (transport >= 0 && setsockopt(fd, SOL_RDS, SO_RDS_TRANSPORT,
					 &transport, sizeof(transport))) {
		if (errno == ENOPROTOOPT || errno == EINVAL)
			tst_brk(TCONF | TERRNO, "no RDS TCP transport "
				"(CONFIG_RDS_TCP)");
		tst_brk(TBROK | TERRNO, "setsockopt(SO_RDS_TRANSPORT)");
	}
	if (zerocopy && setsockopt(fd, SOL_SOCKET, SO_ZEROCOPY, &one,
				   sizeof(one)))
		tst_brk(TBROK | TERRNO, "setsockopt(SO_ZEROCOPY) on RDS");
	if (bind(fd, (struct sockaddr *)&addr, sizeof(addr)))
		tst_brk(TBROK | TERRNO, "bind(RDS socket, 127.0.0.1:0)");
	if (getsockname(fd, (struct sockaddr *)&addr, &len))
		tst_brk(TBROK | TERRNO, "getsockname(RDS socket)");
	if (transport == RDS_TRANS_TCP && zerocopy)
		dst.sin_port = htons(ntohs(addr.sin_port) + 1);
	return fd;
}

/* one send of both pages; returns errno, or 0 when it succeeded */
static int send_two_pages(int fd, int flags, int cookie, uint32_t val)
{
	char control[CMSG_SPACE(sizeof(uint32_t))] = {0};
	struct iovec iov = { .iov_base = pages, .iov_len = 2 * page };
	struct msghdr msg = {
		.msg_name = &dst, .msg_namelen = sizeof(dst),
		.msg_iov = &iov, .msg_iovlen = 1,
	};
	struct cmsghdr *cmsg;

	if (cookie) {
		msg.msg_control = control;
		msg.msg_controllen = sizeof(control);
		cmsg = CMSG_FIRSTHDR(&msg);
		cmsg->cmsg_level = SOL_RDS;
		cmsg->cmsg_type = RDS_CMSG_ZCOPY_COOKIE;
		cmsg->cmsg_len = CMSG_LEN(sizeof(val));
		memcpy(CMSG_DATA(cmsg), &val, sizeof(val));
	}
	if (sendmsg(fd, &msg, flags | MSG_DONTWAIT) >= 0)
		return 0;
	return errno;
}

static unsigned long tainted(void)
{
	unsigned long val;

	SAFE_FILE_SCANF("/proc/sys/kernel/tainted", "%lu", &val);
	return val;
}

static int page_is(int val)
{
	long i;

	for (i = 0; i < page; i++)
		if ((unsigned char)pages[i] != val)
			return 0;
	return 1;
}

static void run(void)
{
	unsigned long bits = TST_TAINT_B | TST_TAINT_W | TST_TAINT_D;
	unsigned long before = tainted();
	int i, err, efaults = 0, other = 0;

	memset(pages, PATTERN, page);
	for (i = 0; i < SENDS; i++) {
		err = send_two_pages(tcp_zc, MSG_ZEROCOPY, 1, i);
		if (err == EFAULT)
			efaults++;
		else if (!other)
			other = err ? err : -1;
	}
	if (other)
		tst_res(TFAIL, "a zero-copy send of a readable and a PROT_NONE "
			"page did not fail with EFAULT (%s)",
			other < 0 ? "it succeeded" : tst_strerrno(other));
	TST_EXP_EXPR(efaults == SENDS, "%d of %d zero-copy sends of a "
		     "readable and a PROT_NONE page failed with EFAULT",
		     efaults, SENDS);
	TST_EXP_EXPR(page_is(PATTERN), "the first page still holds its "
		     "bytes");
	memset(pages, ~PATTERN & 0xff, page);
	TST_EXP_EXPR(page_is(~PATTERN & 0xff), "it takes a new write");
	TST_EXP_EXPR(!((tainted() & ~before) & bits), "no taint gained "
		     "(tainted %lu -> %lu)", before, tainted());

	err = send_two_pages(tcp_copy, MSG_ZEROCOPY, 1, 0);
	TST_EXP_EXPR(err == EFAULT, "without SO_ZEROCOPY the copied send "
		     "fails with EFAULT (%s)", err ? tst_strerrno(err) : "sent");
	err = send_two_pages(tcp_zc, MSG_ZEROCOPY, 0, 0);
	TST_EXP_EXPR(err == EINVAL, "MSG_ZEROCOPY without the cookie "
		     "message: EINVAL (%s)", err ? tst_strerrno(err) : "sent");
	err = send_two_pages(loop_zc, MSG_ZEROCOPY, 1, 0);
	TST_EXP_EXPR(err == EOPNOTSUPP, "MSG_ZEROCOPY on RDS's loopback "
		     "transport: EOPNOTSUPP (%s)",
		     err ? tst_strerrno(err) : "sent");
}

static void setup(void)
{
	const char *const modprobe[] = {"modprobe", "-q", "rds", NULL};
	int fd = socket(AF_RDS, SOCK_SEQPACKET, 0);

	/* rds.ko has no net-pf-21 alias: socket() does not load it */
	if (fd < 0 && errno == EAFNOSUPPORT) {
		tst_cmd(modprobe, 1);
		fd = socket(AF_RDS, SOCK_SEQPACKET, 0);
	}
	if (fd < 0) {
		if (errno == EAFNOSUPPORT)
			tst_brk(TCONF, "no RDS in this kernel (socket(AF_RDS): "
				"EAFNOSUPPORT)");
		tst_brk(TBROK | TERRNO, "socket(AF_RDS, SOCK_SEQPACKET)");
	}
	SAFE_CLOSE(fd);

	page = getpagesize();
	pages = SAFE_MMAP(NULL, 2 * page, PROT_READ | PROT_WRITE,
			  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	SAFE_MPROTECT(pages + page, page, PROT_NONE);
	dst.sin_family = AF_INET;
	dst.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	tcp_zc = rds_socket(RDS_TRANS_TCP, 1);
	tcp_copy = rds_socket(RDS_TRANS_TCP, 0);
	loop_zc = rds_socket(-1, 1);
}

static void cleanup(void)
{
	if (tcp_zc >= 0)
		SAFE_CLOSE(tcp_zc);
	if (tcp_copy >= 0)
		SAFE_CLOSE(tcp_copy);
	if (loop_zc >= 0)
		SAFE_CLOSE(loop_zc);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.taint_check = TST_TAINT_B | TST_TAINT_W | TST_TAINT_D,
	.tags = (const struct tst_tag[]) {
		{"CVE", "2026-43494"},
		/* net/rds: reset op_nents when zerocopy page pin fails */
		{"linux-git", "e17492979319"},
		{}
	},
};
