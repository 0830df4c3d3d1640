// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * CVE-2018-18559: packet_do_bind() dropped the socket's protocol hook and
 * registered it again without holding off the device notifier: a
 * NETDEV_UP racing with a rebind registered the hook twice, and after
 * close() the stale copy on the ptype list was a use-after-free. Fixed by
 * 15fe076edea7 ("net/packet: fix a race in packet_bind() and
 * packet_notifier()"): the notifier sees po->num cleared during the bind.
 *
 * In a private network namespace with a dummy device:
 *  - bind() of an AF_PACKET socket to an ifindex that does not exist is
 *    ENODEV; to the device while it is down, the socket's error is
 *    ENETDOWN (SO_ERROR);
 *  - for at most 3 s, a thread rebinds AF_PACKET sockets to the device
 *    and to "any device" while the test sets it down and up; each bind()
 *    succeeds;
 *  - afterwards a socket bound to the device sees exactly one copy of a
 *    frame sent on it (a doubly registered hook would deliver two).
 * A kernel with the race oopses or warns: the taint check fails.
 */
#include <errno.h>
#include <pthread.h>
#include <string.h>
#include <net/if.h>
#include <arpa/inet.h>
#include <linux/if_packet.h>
#include <linux/if_ether.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>
#include "tst_test.h"
#include "net_hosts.h"
#include "socket_helpers.h"

#define BUDGET_MS	3000
#define DEV		"ltpdummy0"

static int ifindex;
static volatile int stop;
static volatile int bind_err;

static void setup(void)
{
	int ret;

	net_ns_new(NET_A);
	ret = rtnl_link_add(DEV, "dummy");
	if (ret == -EOPNOTSUPP)
		tst_brk(TCONF, "no dummy network device (CONFIG_DUMMY)");
	if (ret)
		tst_brk(TBROK, "RTM_NEWLINK dummy: %s", strerror(-ret));
	ifindex = rtnl_ifindex(DEV);
}

static void set_up(int s, int up)
{
	struct ifreq ifr = { .ifr_flags = up ? IFF_UP : 0 };

	strcpy(ifr.ifr_name, DEV);
	if (ioctl(s, SIOCSIFFLAGS, &ifr))
		tst_brk(TBROK | TERRNO, "SIOCSIFFLAGS(%s, %s)", DEV,
			up ? "up" : "down");
}

static int pbind(int s, int idx)
{
	struct sockaddr_ll sll = {
		.sll_family = AF_PACKET,
		.sll_protocol = htons(ETH_P_ALL),
		.sll_ifindex = idx,
	};

	return bind(s, (struct sockaddr *)&sll, sizeof(sll));
}

static void errors(int ctl)
{
	int s = SAFE_SOCKET(AF_PACKET, SOCK_RAW, htons(ETH_P_ALL));
	socklen_t len = sizeof(int);
	int err = 0;

	TST_EXP_FAIL(pbind(s, ifindex + 1000), ENODEV,
		     "bind() to a missing ifindex");
	set_up(ctl, 0);
	TST_EXP_PASS(pbind(s, ifindex), "bind() to the device while down");
	if (getsockopt(s, SOL_SOCKET, SO_ERROR, &err, &len))
		tst_brk(TBROK | TERRNO, "getsockopt(SO_ERROR)");
	TST_EXP_EQ_LI(err, ENETDOWN);
	SAFE_CLOSE(s);
}

static void *rebinder(void *arg)
{
	unsigned long *n = arg;
	int s;

	while (!stop) {
		s = SAFE_SOCKET(AF_PACKET, SOCK_RAW, htons(ETH_P_ALL));
		if (pbind(s, ifindex) || pbind(s, 0))
			bind_err = errno;
		SAFE_CLOSE(s);
		(*n)++;
	}
	return NULL;
}

static void race(int ctl)
{
	long long end = tst_mono_ms() + BUDGET_MS;
	unsigned long binds = 0, flips = 0;
	pthread_t thr;

	stop = 0;
	bind_err = 0;
	errno = pthread_create(&thr, NULL, rebinder, &binds);
	if (errno)
		tst_brk(TBROK | TERRNO, "pthread_create()");
	while (tst_mono_ms() < end) {
		set_up(ctl, 0);
		set_up(ctl, 1);
		flips++;
	}
	stop = 1;
	pthread_join(thr, NULL);
	tst_res(TINFO, "%lu socket rebinds against %lu down/up cycles",
		binds, flips);
	if (bind_err)
		tst_res(TFAIL, "a bind() during the race failed: %s",
			tst_strerrno(bind_err));
	else
		tst_res(TPASS, "every bind() racing with down/up succeeded");
}

static void one_copy(void)
{
	struct sockaddr_ll to = {
		.sll_family = AF_PACKET,
		.sll_ifindex = ifindex,
		.sll_halen = ETH_ALEN,
		.sll_addr = { 0x02, 0, 0, 0, 0, 0x01 },
	};
	unsigned char frame[64] = {
		0x02, 0, 0, 0, 0, 0x01, 0x02, 0, 0, 0, 0, 0x02, 0x88, 0xb5,
	};
	unsigned char rbuf[128];
	int rx = SAFE_SOCKET(AF_PACKET, SOCK_RAW, htons(ETH_P_ALL));
	int tx = SAFE_SOCKET(AF_PACKET, SOCK_RAW, 0);
	int copies = 0;
	ssize_t n;

	if (pbind(rx, ifindex))
		tst_brk(TBROK | TERRNO, "bind(rx, %s)", DEV);
	memcpy(frame + 14, "ltp-bind06", 10);
	if (sendto(tx, frame, sizeof(frame), 0, (struct sockaddr *)&to,
		   sizeof(to)) != sizeof(frame))
		tst_brk(TBROK | TERRNO, "sendto(%s)", DEV);
	/* a second frame, marking the end of what the first can bring */
	frame[14] = 'X';
	if (sendto(tx, frame, sizeof(frame), 0, (struct sockaddr *)&to,
		   sizeof(to)) != sizeof(frame))
		tst_brk(TBROK | TERRNO, "sendto(%s)", DEV);
	for (;;) {
		if (!(sock_wait(rx, POLLIN) & POLLIN))
			tst_brk(TBROK, "frames sent on %s not seen", DEV);
		n = recv(rx, rbuf, sizeof(rbuf), MSG_DONTWAIT);
		if (n < 0)
			tst_brk(TBROK | TERRNO, "recv()");
		if (n < 24 || memcmp(rbuf + 15, "tp-bind06", 9))
			continue;
		if (rbuf[14] == 'X')
			break;
		copies++;
	}
	TST_EXP_EQ_LI(copies, 1);
	SAFE_CLOSE(tx);
	SAFE_CLOSE(rx);
}

static void run(void)
{
	int ctl = SAFE_SOCKET(AF_INET, SOCK_DGRAM, 0);

	errors(ctl);
	race(ctl);
	set_up(ctl, 1);
	one_copy();
	SAFE_CLOSE(ctl);
}

static struct tst_test test = {
	.setup = setup,
	.test_all = run,
	.needs_root = 1,
	.timeout = 30,
	.taint_check = TST_TAINT_W | TST_TAINT_D,
	.tags = (const struct tst_tag[]) {
		{"linux-git", "15fe076edea7"},
		{"CVE", "2018-18559"},
		{}
	},
};
