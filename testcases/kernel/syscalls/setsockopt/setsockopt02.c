// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * AF_PACKET rings (setsockopt(SOL_PACKET, PACKET_RX_RING)), in a network
 * namespace of the test with lo up:
 *  - TPACKET_V3 with tp_sizeof_priv whose high bit is set (3 << 30, more
 *    than the block) is EINVAL, not an overflowed size accepted
 *    (CVE-2017-7308, 2b6867c2ce76 "net/packet: fix overflow in
 *    check for priv area size"); 512 bytes of private area are fine;
 *  - a TPACKET_V2 ring works: mapped, a UDP datagram sent on lo shows in
 *    a frame with TP_STATUS_USER and the payload at tp_mac + the headers;
 *  - with a ring set, PACKET_VERSION and PACKET_RESERVE are EBUSY (the
 *    ring's layout depends on them);
 *  - a V3 ring freed and then a ring request after switching to V2 (the
 *    sequence that freed rx_owner_map twice, CVE-2021-22600) passes, 5
 *    times, and the socket still makes a working ring after;
 *  - two threads, one setting and freeing rings, the other changing
 *    PACKET_VERSION and PACKET_RESERVE, for one second each way: every
 *    call succeeds or fails with EBUSY or EINVAL and the kernel stays
 *    sound (CVE-2016-8655, packet_set_ring racing the version); the
 *    runner fails the test on any oops or taint;
 *  - PACKET_RESERVE of 1 << 30 racing the set-up of a one-page V3 ring,
 *    a new socket each round, for a second: never both succeed (the
 *    ring is EINVAL after the reserve, the reserve EBUSY and still 0
 *    after the ring); before c27927e372f0 the reserve could land between
 *    packet_set_ring()'s frame size check and the ring's installation
 *    (CVE-2017-1000111, upstream LTP's setsockopt07).
 */
#include <arpa/inet.h>
#include <linux/if_packet.h>
#include <net/ethernet.h>
#include <netinet/ip.h>
#include <netinet/udp.h>
#include <poll.h>
#include <pthread.h>
#include <sched.h>
#include <string.h>
#include <sys/mman.h>
#include "tst_test.h"
#include "net_helpers.h"

static long page;

static int packet_sock(int version)
{
	int sk = SAFE_SOCKET(AF_PACKET, SOCK_RAW, htons(ETH_P_ALL));

	if (setsockopt(sk, SOL_PACKET, PACKET_VERSION, &version,
		       sizeof(version)))
		tst_brk(TBROK | TERRNO, "setsockopt(PACKET_VERSION, %d)",
			version);
	return sk;
}

static int v3_ring(int sk, unsigned int priv, unsigned int blocks)
{
	struct tpacket_req3 req = {
		.tp_block_size = page,
		.tp_block_nr = blocks,
		.tp_frame_size = page,
		.tp_frame_nr = blocks,
		.tp_retire_blk_tov = 64,
		.tp_sizeof_priv = priv,
	};

	return setsockopt(sk, SOL_PACKET, PACKET_RX_RING, &req, sizeof(req));
}

static void test_sizeof_priv(void)
{
	int sk = packet_sock(TPACKET_V3);

	TST_EXP_FAIL(v3_ring(sk, 3U << 30, 2), EINVAL,
		     "PACKET_RX_RING, TPACKET_V3, tp_sizeof_priv 3 << 30");
	TST_EXP_FAIL(v3_ring(sk, page, 2), EINVAL,
		     "PACKET_RX_RING, TPACKET_V3, tp_sizeof_priv a whole block");
	TST_EXP_PASS(v3_ring(sk, 512, 2),
		     "PACKET_RX_RING, TPACKET_V3, tp_sizeof_priv 512");
	SAFE_CLOSE(sk);
}

#define FRAME 2048
#define NFRAMES 16

static void test_v2_ring(void)
{
	struct tpacket_req req = {
		.tp_block_size = page,
		.tp_block_nr = NFRAMES * FRAME / page,
		.tp_frame_size = FRAME,
		.tp_frame_nr = NFRAMES,
	};
	struct sockaddr_ll ll = {
		.sll_family = AF_PACKET,
		.sll_protocol = htons(ETH_P_ALL),
		.sll_ifindex = if_nametoindex("lo"),
	};
	struct sockaddr_in dst = loopback_addr(9);
	static const char msg[] = "setsockopt02-ring-payload";
	struct pollfd pfd;
	struct tpacket2_hdr *hdr;
	int sk = packet_sock(TPACKET_V2), udp, i, found = 0, one = 1;
	char *ring;

	TST_EXP_PASS(setsockopt(sk, SOL_PACKET, PACKET_RX_RING, &req,
				sizeof(req)), "PACKET_RX_RING, TPACKET_V2");
	if (!TST_PASS) {
		SAFE_CLOSE(sk);
		return;
	}
	TST_EXP_FAIL(setsockopt(sk, SOL_PACKET, PACKET_VERSION, &one,
				sizeof(one)), EBUSY,
		     "PACKET_VERSION with a ring set");
	TST_EXP_FAIL(setsockopt(sk, SOL_PACKET, PACKET_RESERVE, &one,
				sizeof(one)), EBUSY,
		     "PACKET_RESERVE with a ring set");

	ring = SAFE_MMAP(NULL, NFRAMES * FRAME, PROT_READ | PROT_WRITE,
			 MAP_SHARED, sk, 0);
	if (bind(sk, (struct sockaddr *)&ll, sizeof(ll)))
		tst_brk(TBROK | TERRNO, "bind(AF_PACKET, lo)");
	udp = SAFE_SOCKET(AF_INET, SOCK_DGRAM, 0);
	if (sendto(udp, msg, sizeof(msg), 0, (struct sockaddr *)&dst,
		   sizeof(dst)) != sizeof(msg))
		tst_brk(TBROK | TERRNO, "sendto(127.0.0.1:9)");

	pfd.fd = sk;
	pfd.events = POLLIN;
	if (poll(&pfd, 1, 10000 * tst_timeout_mul()) != 1)
		tst_brk(TBROK, "nothing in the ring after 10 s");
	for (i = 0; i < NFRAMES && !found; i++) {
		hdr = (struct tpacket2_hdr *)(ring + i * FRAME);
		if (!(hdr->tp_status & TP_STATUS_USER))
			continue;
		if (hdr->tp_snaplen >= sizeof(struct iphdr) +
		    sizeof(struct udphdr) + sizeof(msg) &&
		    !memcmp((char *)hdr + hdr->tp_net + sizeof(struct iphdr) +
			    sizeof(struct udphdr), msg, sizeof(msg)))
			found = 1;
	}
	TST_EXP_EXPR(found, "the datagram sent on lo is in a ring frame "
		     "marked TP_STATUS_USER");
	SAFE_CLOSE(udp);
	SAFE_MUNMAP(ring, NFRAMES * FRAME);
	SAFE_CLOSE(sk);
}

static void test_version_switch(void)
{
	struct tpacket_req3 req = {
		.tp_block_size = 4 * page,
		.tp_frame_size = TPACKET_ALIGNMENT << 7,
		.tp_retire_blk_tov = 64,
		.tp_feature_req_word = TP_FT_REQ_FILL_RXHASH,
	};
	int i, sk, v2 = TPACKET_V2, ok = 0;

	for (i = 0; i < 5; i++) {
		sk = packet_sock(TPACKET_V3);
		req.tp_block_nr = 16;
		req.tp_frame_nr = req.tp_block_size * req.tp_block_nr /
				  req.tp_frame_size;
		ok += !setsockopt(sk, SOL_PACKET, PACKET_RX_RING, &req,
				  sizeof(req));
		req.tp_block_nr = 0;
		req.tp_frame_nr = 0;
		ok += !setsockopt(sk, SOL_PACKET, PACKET_RX_RING, &req,
				  sizeof(req));
		ok += !setsockopt(sk, SOL_PACKET, PACKET_VERSION, &v2,
				  sizeof(v2));
		ok += !setsockopt(sk, SOL_PACKET, PACKET_RX_RING, &req,
				  sizeof(req));
		SAFE_CLOSE(sk);
	}
	TST_EXP_EQ_LI(ok, 20);
	sk = packet_sock(TPACKET_V3);
	TST_EXP_PASS(v3_ring(sk, 0, 4), "a new V3 ring after the switches");
	SAFE_CLOSE(sk);
}

static int race_sk;
static volatile int stop;
static int bad_errno;

static void *ring_thread(void *arg)
{
	(void)arg;
	while (!stop) {
		if (v3_ring(race_sk, 0, 2) && errno != EBUSY &&
		    errno != EINVAL)
			bad_errno = errno;
		if (v3_ring(race_sk, 0, 0) && errno != EBUSY &&
		    errno != EINVAL)
			bad_errno = errno;
	}
	return NULL;
}

static void test_race(void)
{
	struct timespec end, now;
	pthread_t t;
	int v, n = 0;

	race_sk = packet_sock(TPACKET_V3);
	stop = 0;
	bad_errno = 0;
	errno = pthread_create(&t, NULL, ring_thread, NULL);
	if (errno)
		tst_brk(TBROK | TERRNO, "pthread_create()");
	clock_gettime(CLOCK_MONOTONIC, &end);
	end.tv_sec += 2;
	do {
		v = n % 3;
		if (setsockopt(race_sk, SOL_PACKET, PACKET_VERSION, &v,
			       sizeof(v)) && errno != EBUSY)
			bad_errno = errno;
		v = (n & 1) * 64;
		if (setsockopt(race_sk, SOL_PACKET, PACKET_RESERVE, &v,
			       sizeof(v)) && errno != EBUSY)
			bad_errno = errno;
		n++;
		clock_gettime(CLOCK_MONOTONIC, &now);
	} while (now.tv_sec < end.tv_sec ||
		 (now.tv_sec == end.tv_sec && now.tv_nsec < end.tv_nsec));
	stop = 1;
	pthread_join(t, NULL);
	TST_EXP_EXPR(!bad_errno, "%d rounds of PACKET_VERSION and "
		     "PACKET_RESERVE against ring set-ups: only EBUSY or "
		     "EINVAL (%s)", n, bad_errno ? tst_strerrno(bad_errno) :
		     "none other");
	SAFE_CLOSE(race_sk);
}

/*
 * CVE-2017-1000111: PACKET_RESERVE of 1 << 30 racing the set-up of a
 * one-page V3 ring on a new socket. Either the reserve came first, then
 * the ring is refused (EINVAL: a frame no longer holds the header and the
 * reserve), or the ring came first, then the reserve is EBUSY and stays
 * 0. A ring set up with the huge reserve is the bug.
 */
#define HUGE_RESERVE (1U << 30)

static int reserve_sk;
static int reserve_ret, reserve_errno;
static int go;

static void *reserve_thread(void *arg)
{
	unsigned int v = HUGE_RESERVE;

	(void)arg;
	__atomic_add_fetch(&go, 1, __ATOMIC_SEQ_CST);
	while (__atomic_load_n(&go, __ATOMIC_SEQ_CST) < 2)
		;
	reserve_ret = setsockopt(reserve_sk, SOL_PACKET, PACKET_RESERVE, &v,
				 sizeof(v));
	reserve_errno = errno;
	return NULL;
}

static void test_reserve_race(void)
{
	long long end;
	unsigned int val, v = HUGE_RESERVE;
	socklen_t len = sizeof(val);
	int ring_ret, ring_errno, rounds = 0, rings = 0, bad = 0;
	pthread_t t;

	reserve_sk = packet_sock(TPACKET_V3);
	if (setsockopt(reserve_sk, SOL_PACKET, PACKET_RESERVE, &v, sizeof(v)))
		tst_brk(TBROK | TERRNO, "setsockopt(PACKET_RESERVE, 1 << 30)");
	TST_EXP_FAIL(v3_ring(reserve_sk, 0, 1), EINVAL,
		     "one-page V3 ring with PACKET_RESERVE 1 << 30");
	SAFE_CLOSE(reserve_sk);

	end = tst_mono_ms() + (long long)(1000 * tst_timeout_mul());
	do {
		reserve_sk = packet_sock(TPACKET_V3);
		go = 0;
		errno = pthread_create(&t, NULL, reserve_thread, NULL);
		if (errno)
			tst_brk(TBROK | TERRNO, "pthread_create()");
		__atomic_add_fetch(&go, 1, __ATOMIC_SEQ_CST);
		while (__atomic_load_n(&go, __ATOMIC_SEQ_CST) < 2)
			;
		ring_ret = v3_ring(reserve_sk, 0, 1);
		ring_errno = errno;
		pthread_join(t, NULL);
		len = sizeof(val);
		if (getsockopt(reserve_sk, SOL_PACKET, PACKET_RESERVE, &val,
			       &len))
			tst_brk(TBROK | TERRNO, "getsockopt(PACKET_RESERVE)");
		SAFE_CLOSE(reserve_sk);
		rounds++;
		if (!ring_ret && reserve_ret && reserve_errno == EBUSY &&
		    !val) {
			rings++;
		} else if (ring_ret && ring_errno == EINVAL && !reserve_ret &&
			   val == HUGE_RESERVE) {
			;
		} else if (!bad++) {
			tst_res(TFAIL, "round %d: PACKET_RX_RING %s, "
				"PACKET_RESERVE %s, reserve now %u", rounds,
				ring_ret ? tst_strerrno(ring_errno) : "0",
				reserve_ret ? tst_strerrno(reserve_errno) : "0",
				val);
		}
	} while (rounds < 20000 && tst_mono_ms() < end);
	if (!bad)
		tst_res(TPASS, "%d rounds (%d rings set first): a ring and a "
			"1 << 30 reserve never both taken", rounds, rings);
	else
		tst_res(TFAIL, "%d of %d rounds broke the ring/reserve rule",
			bad, rounds);
}

static void run(unsigned int n)
{
	static void (*const fns[])(void) = {
		test_sizeof_priv, test_v2_ring, test_version_switch, test_race,
		test_reserve_race
	};

	fns[n]();
}

static void setup(void)
{
	page = sysconf(_SC_PAGESIZE);
	if (unshare(CLONE_NEWNET))
		tst_brk(TBROK | TERRNO, "unshare(CLONE_NEWNET)");
	lo_up();
}

static struct tst_test test = {
	.tcnt = 5,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.tags = (const struct tst_tag[]) {
		/* net/packet: fix overflow in check for priv area size */
		{"linux-git", "2b6867c2ce76"},
		{"CVE", "2017-7308"},
		/* net/packet: rx_owner_map depends on pg_vec */
		{"linux-git", "ec6af094ea28"},
		/* packet: fix use-after-free in prb_retire_rx_blk_timer_expired() */
		{"linux-git", "c800aaf8d869"},
		{"CVE", "2021-22600"},
		/* packet: fix race condition in packet_set_ring */
		{"linux-git", "84ac7260236a"},
		{"CVE", "2016-8655"},
		/* packet: fix tp_reserve race in packet_set_ring */
		{"linux-git", "c27927e372f0"},
		{"CVE", "2017-1000111"},
		{}
	},
};
