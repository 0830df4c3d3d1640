// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * CVE-2017-1000112: a UDP datagram corked with MSG_MORE was built for UFO
 * (one big skb) by the first send(); turning UFO off between the sends
 * (SO_NO_CHECK, which disables the checksum UFO needs) made the second
 * send() append to it as if it were a non-UFO skb and write past its end.
 * Fixed by 85f1bd9a7b5a ("udp: consistently apply ufo or fragmentation"):
 * the decision is taken once, for the whole corked datagram. UFO is gone
 * since 4.16, but the corked path and its successor, UDP GSO
 * (UDP_SEGMENT), are the same sort of state fixed at cork time.
 *
 * In a private network namespace, lo with MTU 1500, to a bound UDP socket:
 *  - 4000 bytes with MSG_MORE (more than the MTU: fragmented), then
 *    SO_NO_CHECK on, then 1 byte: one 4001-byte datagram arrives intact,
 *    200 times over fresh sockets;
 *  - UDP_SEGMENT 1000 in force when the datagram is corked, turned off
 *    before the last 1-byte send: the gso size fixed at cork time applies,
 *    the receiver gets 1000, 1000, 1000, 1000, 1;
 *  - UDP_SEGMENT at cork time and SO_NO_CHECK turned on before the last
 *    send: that send fails with EINVAL (segmentation needs the checksum)
 *    and nothing of the datagram is delivered.
 * A kernel that corrupts memory fails the taint check.
 */
#include <errno.h>
#include <string.h>
#include <net/if.h>
#include <netinet/in.h>
#include <netinet/udp.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>
#include "tst_test.h"
#include "net_hosts.h"
#include "socket_helpers.h"

#define BIG	4000
#define ROUNDS	200

static struct sockaddr_in dst_addr;
static int dst = -1;
static char buf[BIG + 1];
static char rbuf[BIG * 2];

static void setup(void)
{
	struct ifreq ifr = { .ifr_mtu = 1500 };
	int s;

	net_ns_new(NET_A);
	s = SAFE_SOCKET(AF_INET, SOCK_DGRAM, 0);
	strcpy(ifr.ifr_name, "lo");
	if (ioctl(s, SIOCSIFMTU, &ifr))
		tst_brk(TBROK | TERRNO, "SIOCSIFMTU(lo, 1500)");
	SAFE_CLOSE(s);
	sock_pin_cpu();

	dst = bound4(SOCK_DGRAM, &dst_addr);
	memset(buf, 0x42, sizeof(buf));
}

static void cleanup(void)
{
	if (dst >= 0)
		SAFE_CLOSE(dst);
}

static int sender(void)
{
	int s = SAFE_SOCKET(AF_INET, SOCK_DGRAM, 0);

	if (connect(s, (struct sockaddr *)&dst_addr, sizeof(dst_addr)))
		tst_brk(TBROK | TERRNO, "connect(UDP)");
	return s;
}

static void setint(int s, int level, int opt, int val, const char *name)
{
	if (setsockopt(s, level, opt, &val, sizeof(val)))
		tst_brk(TBROK | TERRNO, "setsockopt(%s, %d)", name, val);
}

/* The next datagram's length, -1 if none came; its bytes must be 0x42. */
static ssize_t next_dgram(void)
{
	ssize_t n, i;

	if (!(sock_wait(dst, POLLIN) & POLLIN))
		return -1;
	n = recv(dst, rbuf, sizeof(rbuf), MSG_DONTWAIT);
	if (n < 0)
		tst_brk(TBROK | TERRNO, "recv()");
	for (i = 0; i < n; i++) {
		if (rbuf[i] != 0x42) {
			tst_res(TFAIL, "datagram of %zd bytes: byte %zd is "
				"%#x, sent 0x42", n, i, rbuf[i] & 0xff);
			return -2;
		}
	}
	return n;
}

static void send_or_brk(int s, size_t len, int flags)
{
	ssize_t n = send(s, buf, len, flags);

	if (n != (ssize_t)len)
		tst_brk(TBROK | TERRNO, "send(%zu, %s) = %zd", len,
			flags ? "MSG_MORE" : "0", n);
}

static void no_check_toggle(void)
{
	ssize_t n = 0;
	int i, s;

	for (i = 0; i < ROUNDS; i++) {
		s = sender();
		send_or_brk(s, BIG, MSG_MORE);
		setint(s, SOL_SOCKET, SO_NO_CHECK, 1, "SO_NO_CHECK");
		send_or_brk(s, 1, 0);
		SAFE_CLOSE(s);
		n = next_dgram();
		if (n != BIG + 1)
			break;
	}
	if (i == ROUNDS)
		tst_res(TPASS, "%d corked datagrams with SO_NO_CHECK turned "
			"on before the last send arrived whole (%d bytes)",
			ROUNDS, BIG + 1);
	else if (n != -2)
		tst_res(TFAIL, "round %d: corked datagram with SO_NO_CHECK "
			"toggled: got %zd bytes, expected %d", i, n, BIG + 1);
}

static void gso_toggle(void)
{
	static const ssize_t want[] = { 1000, 1000, 1000, 1000, 1 };
	unsigned int i;
	ssize_t n;
	int s = sender();

	if (setsockopt(s, SOL_UDP, UDP_SEGMENT, &(int){1000}, sizeof(int))) {
		if (errno == ENOPROTOOPT)
			tst_brk(TCONF, "no UDP_SEGMENT (UDP GSO, 4.18)");
		tst_brk(TBROK | TERRNO, "setsockopt(UDP_SEGMENT)");
	}
	send_or_brk(s, BIG, MSG_MORE);
	setint(s, SOL_UDP, UDP_SEGMENT, 0, "UDP_SEGMENT");
	send_or_brk(s, 1, 0);
	SAFE_CLOSE(s);
	for (i = 0; i < ARRAY_SIZE(want); i++) {
		n = next_dgram();
		if (n == -2)
			return;
		if (n != want[i]) {
			tst_res(TFAIL, "UDP_SEGMENT 1000 at cork time, 0 at "
				"the last send: segment %u is %zd bytes, "
				"expected %zd", i, n, want[i]);
			return;
		}
	}
	tst_res(TPASS, "UDP_SEGMENT at cork time applied to the corked "
		"datagram: 4 x 1000 + 1 bytes");

	s = sender();
	setint(s, SOL_UDP, UDP_SEGMENT, 1000, "UDP_SEGMENT");
	send_or_brk(s, BIG, MSG_MORE);
	setint(s, SOL_SOCKET, SO_NO_CHECK, 1, "SO_NO_CHECK");
	TST_EXP_FAIL(send(s, buf, 1, 0), EINVAL,
		     "last send of a GSO datagram after SO_NO_CHECK");
	SAFE_CLOSE(s);
	sock_loopback_settle();
	TEST(recv(dst, rbuf, sizeof(rbuf), MSG_DONTWAIT));
	if (TST_RET < 0 && TST_ERR == EAGAIN)
		tst_res(TPASS, "nothing of the refused datagram was delivered");
	else
		tst_res(TFAIL | TTERRNO, "after the refused send recv() "
			"returned %ld", TST_RET);
}

static void run(void)
{
	no_check_toggle();
	gso_toggle();
}

static struct tst_test test = {
	.setup = setup,
	.cleanup = cleanup,
	.test_all = run,
	.needs_root = 1,
	.taint_check = TST_TAINT_W | TST_TAINT_D,
	.tags = (const struct tst_tag[]) {
		{"linux-git", "85f1bd9a7b5a"},
		{"CVE", "2017-1000112"},
		{}
	},
};
