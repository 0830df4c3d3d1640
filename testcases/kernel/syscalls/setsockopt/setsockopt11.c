// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * CVE-2026-53362: a corked IPv6 UDP datagram larger than the path MTU is
 * cut into fragments as it is appended; when a new fragment's skb is
 * started, the bytes past the previous fragment's 8-byte boundary
 * (fraggap) move into it. On the paged path (data spliced into the
 * socket) __ip6_append_data() left fraggap out of the linear part it
 * allocated and out of the paged length, so the skb's accounting of the
 * pages it borrowed went wrong: a pipe page spliced in lost a reference
 * it still had, and was freed while the pipe held it. Fixed by
 * 736b380e28d0 ("ipv6: account for fraggap on the paged allocation
 * path").
 *
 * The fragment boundary is made to fall inside the second splice: the
 * socket carries a 640-byte segment routing header (IPV6_RTHDR, type 4,
 * 39 segments, all ::1) and IPV6_MTU 1280, so a fragment holds 592 bytes
 * of UDP data after the 8-byte UDP header; 592 bytes are spliced first,
 * then 256 bytes of 0x42 that tee() copied from a second pipe, which
 * keeps its own reference to the page. In a private network namespace
 * with seg6_enabled on lo, asserted:
 *  - setsockopt(IPV6_RTHDR) of the header succeeds, and the sticky
 *    option reads back (getsockopt) byte for byte;
 *  - uncorked, the datagram arrives at a socket bound to ::1 (its 39
 *    segments are processed on lo, the fragments reassembled): 848 bytes,
 *    exactly the 592 bytes and the 256 bytes spliced, in order;
 *  - corked and then closed (the pending fragments freed, as the
 *    reproducer does), 32 times: each time 8 MiB are then filled with
 *    0xbd by this task, on its CPU, which gets a page freed too early
 *    back at once, and the first pipe must still read 256 bytes of 0x42;
 *  - no new B (bad page), W or D taint.
 * On kernels without spliced pages in UDP (before 6.5, like 6.1) splice()
 * copies the data, and the checks hold trivially: they still run.
 */
#include <fcntl.h>
#include <sched.h>
#include <netinet/in.h>
#include <netinet/udp.h>
#include <sys/mman.h>
#include "tst_test.h"
#include "socket_helpers.h"
#include "net_helpers.h"

#ifndef UDP_CORK
# define UDP_CORK 1
#endif

#define HDR_LEN		640
#define SEGMENTS	((HDR_LEN - 8) / 16)
#define PATH_MTU	1280
#define FIRST_LEN	(PATH_MTU - 40 - HDR_LEN - 8)
#define PATTERN		0x42
#define PATTERN_LEN	256
#define ROUNDS		32
#define POLLUTE		(8UL << 20)
#define SR6_PADDING	4

static unsigned char rthdr[HDR_LEN];
static unsigned char first[FIRST_LEN];
static int keep[2] = { -1, -1 }, feed[2] = { -1, -1 };
static int rx = -1;
static struct sockaddr_in6 dst;

static void make_rthdr(void)
{
	int i, pad = HDR_LEN - 8 - 16 * SEGMENTS;

	memset(rthdr, 0, sizeof(rthdr));
	rthdr[0] = IPPROTO_UDP;		/* next header (rewritten) */
	rthdr[1] = HDR_LEN / 8 - 1;	/* length in 8-byte units - 1 */
	rthdr[2] = 4;			/* segment routing */
	rthdr[3] = SEGMENTS - 1;	/* segments left */
	rthdr[4] = SEGMENTS - 1;	/* last entry */
	for (i = 0; i < SEGMENTS; i++)
		memcpy(rthdr + 8 + 16 * i, &in6addr_loopback, 16);
	/* one padding TLV fills the rest */
	rthdr[8 + 16 * SEGMENTS] = SR6_PADDING;
	rthdr[9 + 16 * SEGMENTS] = pad - 2;
}

static void fill_pipes(void)
{
	unsigned char pat[PATTERN_LEN];
	int i;

	for (i = 0; i < 2; i++) {
		if (keep[i] >= 0)
			SAFE_CLOSE(keep[i]);
		if (feed[i] >= 0)
			SAFE_CLOSE(feed[i]);
	}
	SAFE_PIPE(keep);
	SAFE_PIPE(feed);
	memset(pat, PATTERN, sizeof(pat));
	SAFE_WRITE(1, keep[1], pat, sizeof(pat));
}

/* a socket with the header and the MTU, connected, corked, both parts in */
static int corked_datagram(void)
{
	int s = SAFE_SOCKET(AF_INET6, SOCK_DGRAM, 0);
	int one = 1, mtu = PATH_MTU;

	if (setsockopt(s, IPPROTO_IPV6, IPV6_RTHDR, rthdr, sizeof(rthdr)))
		tst_brk(TBROK | TERRNO, "setsockopt(IPV6_RTHDR, type 4)");
	if (setsockopt(s, IPPROTO_IPV6, IPV6_MTU, &mtu, sizeof(mtu)))
		tst_brk(TBROK | TERRNO, "setsockopt(IPV6_MTU, %d)", mtu);
	if (connect(s, (struct sockaddr *)&dst, sizeof(dst)))
		tst_brk(TBROK | TERRNO, "connect([::1]:%u)",
			ntohs(dst.sin6_port));
	if (setsockopt(s, IPPROTO_UDP, UDP_CORK, &one, sizeof(one)))
		tst_brk(TBROK | TERRNO, "setsockopt(UDP_CORK, 1)");

	fill_pipes();
	SAFE_WRITE(1, feed[1], first, sizeof(first));
	if (splice(feed[0], NULL, s, NULL, FIRST_LEN, SPLICE_F_MORE) !=
	    FIRST_LEN)
		tst_brk(TBROK | TERRNO, "splice() of %d bytes", FIRST_LEN);
	if (tee(keep[0], feed[1], PATTERN_LEN, 0) != PATTERN_LEN)
		tst_brk(TBROK | TERRNO, "tee() of %d bytes", PATTERN_LEN);
	if (splice(feed[0], NULL, s, NULL, PATTERN_LEN, SPLICE_F_MORE) !=
	    PATTERN_LEN)
		tst_brk(TBROK | TERRNO, "splice() of %d bytes", PATTERN_LEN);
	return s;
}

static int pipe_intact(void)
{
	unsigned char buf[PATTERN_LEN + 1];
	int i;
	ssize_t n = SAFE_READ(0, keep[0], buf, sizeof(buf));

	if (n != PATTERN_LEN) {
		tst_res(TFAIL, "the pipe read %zd bytes, not %d", n,
			PATTERN_LEN);
		return 0;
	}
	for (i = 0; i < PATTERN_LEN; i++) {
		if (buf[i] != PATTERN) {
			tst_res(TFAIL, "the pipe's byte %d is 0x%02x, not "
				"0x%02x: its page was freed and reused", i,
				buf[i], PATTERN);
			return 0;
		}
	}
	return 1;
}

static void sticky_option(void)
{
	unsigned char back[HDR_LEN + 64];
	socklen_t len = sizeof(back);
	int s = SAFE_SOCKET(AF_INET6, SOCK_DGRAM, 0);

	TST_EXP_PASS(setsockopt(s, IPPROTO_IPV6, IPV6_RTHDR, rthdr,
				sizeof(rthdr)),
		     "setsockopt(IPV6_RTHDR) of a %d-byte segment routing "
		     "header", HDR_LEN);
	if (getsockopt(s, IPPROTO_IPV6, IPV6_RTHDR, back, &len))
		tst_brk(TBROK | TERRNO, "getsockopt(IPV6_RTHDR)");
	if (len == HDR_LEN && !memcmp(back + 1, rthdr + 1, HDR_LEN - 1))
		tst_res(TPASS, "getsockopt(IPV6_RTHDR) reads the header back");
	else
		tst_res(TFAIL, "getsockopt(IPV6_RTHDR) read %u bytes, not "
			"the %d-byte header set", len, HDR_LEN);
	SAFE_CLOSE(s);
}

static void delivered(void)
{
	unsigned char buf[FIRST_LEN + PATTERN_LEN + 64];
	int s = corked_datagram(), zero = 0;
	ssize_t n;

	if (setsockopt(s, IPPROTO_UDP, UDP_CORK, &zero, sizeof(zero)))
		tst_brk(TBROK | TERRNO, "setsockopt(UDP_CORK, 0)");
	if (!sock_wait(rx, POLLIN)) {
		tst_res(TFAIL, "the %d-byte datagram never arrived",
			FIRST_LEN + PATTERN_LEN);
		SAFE_CLOSE(s);
		return;
	}
	n = recv(rx, buf, sizeof(buf), MSG_DONTWAIT);
	if (n < 0)
		tst_brk(TBROK | TERRNO, "recv([::1]:%u)", ntohs(dst.sin6_port));
	if (n != FIRST_LEN + PATTERN_LEN) {
		tst_res(TFAIL, "received %zd bytes, not %d", n,
			FIRST_LEN + PATTERN_LEN);
	} else if (memcmp(buf, first, FIRST_LEN)) {
		tst_res(TFAIL, "the first %d bytes arrived changed", FIRST_LEN);
	} else {
		int i;

		for (i = FIRST_LEN; i < n && buf[i] == PATTERN; i++)
			;
		if (i == n)
			tst_res(TPASS, "the fragmented datagram arrived: %zd "
				"bytes as spliced", n);
		else
			tst_res(TFAIL, "received byte %d is 0x%02x, not "
				"0x%02x", i, buf[i], PATTERN);
	}
	SAFE_CLOSE(s);
	if (!pipe_intact())
		return;
	tst_res(TPASS, "the tee()d pipe still holds its %d bytes after the "
		"datagram was sent", PATTERN_LEN);
}

static void closed_corked(void)
{
	int i, s;
	char *mem;

	for (i = 0; i < ROUNDS; i++) {
		s = corked_datagram();
		SAFE_CLOSE(s);
		mem = SAFE_MMAP(NULL, POLLUTE, PROT_READ | PROT_WRITE,
				MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		memset(mem, (unsigned char)~PATTERN, POLLUTE);
		SAFE_MUNMAP(mem, POLLUTE);
		if (!pipe_intact())
			return;
	}
	tst_res(TPASS, "%d corked datagrams dropped by close(): the pipe "
		"page kept its %d bytes each time", ROUNDS, PATTERN_LEN);
}

static void run(void)
{
	sticky_option();
	delivered();
	closed_corked();
}

static void setup(void)
{
	socklen_t len = sizeof(dst);
	int i;

	if (unshare(CLONE_NEWNET))
		tst_brk(errno == EINVAL ? TCONF | TERRNO : TBROK | TERRNO,
			"unshare(CLONE_NEWNET)");
	lo_up();
	if (!have_ipv6_loopback())
		tst_brk(TCONF, "no IPv6 on lo");
	/* both must allow segment routing headers (the lower wins) */
	SAFE_FILE_PRINTF("/proc/sys/net/ipv6/conf/all/seg6_enabled", "1");
	SAFE_FILE_PRINTF("/proc/sys/net/ipv6/conf/lo/seg6_enabled", "1");
	sock_pin_cpu();

	make_rthdr();
	for (i = 0; i < FIRST_LEN; i++)
		first[i] = 'a' + i % 26;

	rx = SAFE_SOCKET(AF_INET6, SOCK_DGRAM, 0);
	memset(&dst, 0, sizeof(dst));
	dst.sin6_family = AF_INET6;
	dst.sin6_addr = in6addr_loopback;
	if (bind(rx, (struct sockaddr *)&dst, sizeof(dst)))
		tst_brk(TBROK | TERRNO, "bind([::1]:0)");
	if (getsockname(rx, (struct sockaddr *)&dst, &len))
		tst_brk(TBROK | TERRNO, "getsockname()");
}

static void cleanup(void)
{
	int i;

	for (i = 0; i < 2; i++) {
		if (keep[i] >= 0)
			SAFE_CLOSE(keep[i]);
		if (feed[i] >= 0)
			SAFE_CLOSE(feed[i]);
	}
	if (rx >= 0)
		SAFE_CLOSE(rx);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.taint_check = TST_TAINT_B | TST_TAINT_D | TST_TAINT_W,
	.tags = (const struct tst_tag[]) {
		{"linux-git", "736b380e28d0"},
		{"CVE", "2026-53362"},
		{}
	},
};
