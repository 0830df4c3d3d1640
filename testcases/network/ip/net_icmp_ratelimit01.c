// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The global ICMP rate limit of a namespace (net.ipv4.icmp_msgs_burst,
 * icmp_msgs_per_sec) spends a random 0, 1 or 2 credits on each error it
 * lets out, so that the number of errors a burst allows cannot be used to
 * count the errors caused by others (CVE-2020-25705, the SAD DNS cache
 * poisoning side channel, fixed by b38e7819cae9 "icmp: randomize the
 * global rate limiter"; since 6.12 and in 6.1.y the draw is done in
 * icmp_global_consume()). Measured in the remote namespace, with the
 * per-destination limit off (icmp_ratelimit 0) and a burst of 200:
 * - each of 8 rounds refills the credit (icmp_msgs_per_sec 1000000, one
 *   UDP datagram to a closed port, whose port unreachable error must go
 *   out), then stops refilling (icmp_msgs_per_sec 0) and sends 600 more
 *   datagrams to the closed port; once the remote's Udp NoPorts counter
 *   has seen all 600, its Icmp OutDestUnreachs grew by the number of
 *   errors the credit allowed: between 1 and 600;
 * - the 8 counts are not all the same. With one credit per error every
 *   round allows exactly 199 errors; with the random cost the count
 *   varies by about 11 around 200, and 8 equal counts have a chance
 *   below 1e-10.
 * Packets come in over the veth (errors for packets from loopback are
 * never limited).
 */
#include <netinet/in.h>
#include <time.h>
#include "tst_test.h"
#include "net_hosts.h"

#define BURST		200
#define PER_ROUND	(3 * BURST)
#define ROUNDS		8
#define PORT		33434

static struct sockaddr_storage dst;
static socklen_t dst_len;
static int fd = -1;

static long long unreachs(void)
{
	return net_snmp(NET_B, "snmp", "Icmp:", "OutDestUnreachs");
}

static long long noports(void)
{
	return net_snmp(NET_B, "snmp", "Udp:", "NoPorts");
}

static void send_one(void)
{
	if (sendto(fd, "x", 1, 0, (struct sockaddr *)&dst, dst_len) != 1)
		tst_brk(TBROK | TERRNO, "sendto() to the closed port");
}

/* until the remote's NoPorts reached want; 0 when the bound passed */
static int wait_noports(long long want)
{
	long long end = tst_mono_ms() + 10000LL * tst_timeout_mul();

	while (noports() < want) {
		if (tst_mono_ms() > end)
			return 0;
		usleep(1000);
	}
	return 1;
}

/*
 * Refill: the credit is refilled when it is used up and at least HZ/50
 * (at most 20 ms) passed since the last refill. 50 ms after the last
 * round, one datagram; its error must go out.
 */
static void refill(void)
{
	long long before, np;

	net_sysctl(NET_B, "net/ipv4/icmp_msgs_per_sec", "1000000");
	usleep(50000);
	before = unreachs();
	np = noports();
	send_one();
	if (!wait_noports(np + 1))
		tst_brk(TBROK, "the refill datagram did not reach the remote");
	if (unreachs() != before + 1)
		tst_brk(TBROK, "no port unreachable for the refill datagram "
			"50 ms after the last round");
	net_sysctl(NET_B, "net/ipv4/icmp_msgs_per_sec", "0");
}

static void run(void)
{
	long long counts[ROUNDS], before, np;
	int r, i, same = 1, sane = 1;

	for (r = 0; r < ROUNDS; r++) {
		refill();
		before = unreachs();
		np = noports();
		for (i = 0; i < PER_ROUND; i++)
			send_one();
		if (!wait_noports(np + PER_ROUND))
			tst_brk(TBROK, "round %d: the remote saw %lld of %d "
				"datagrams", r, noports() - np, PER_ROUND);
		counts[r] = unreachs() - before;
		tst_res(TINFO, "round %d: %lld port unreachable errors for "
			"%d datagrams", r, counts[r], PER_ROUND);
		if (counts[r] < 1 || counts[r] > PER_ROUND)
			sane = 0;
		if (counts[r] != counts[0])
			same = 0;
	}
	TST_EXP_EXPR(sane, "every round let between 1 and %d errors out",
		     PER_ROUND);
	if (same)
		tst_res(TFAIL, "all %d rounds let exactly %lld errors out: "
			"each error costs one credit, the limit is not "
			"randomized (CVE-2020-25705)", ROUNDS, counts[0]);
	else
		tst_res(TPASS, "the number of errors a full credit allows "
			"varies between rounds");
}

static void setup(void)
{
	char val[16];

	net_hosts_setup();
	net_sysctl(NET_B, "net/ipv4/icmp_ratelimit", "0");
	snprintf(val, sizeof(val), "%d", BURST);
	net_sysctl(NET_B, "net/ipv4/icmp_msgs_burst", val);
	dst_len = net_addr(NET_B, AF_INET, PORT, &dst);
	fd = net_socket(NET_A, AF_INET, SOCK_DGRAM);
}

static void cleanup(void)
{
	if (fd >= 0)
		SAFE_CLOSE(fd);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.timeout = 60,
	.tags = (const struct tst_tag[]) {
		{"CVE", "2020-25705"},
		/* icmp: randomize the global rate limiter */
		{"linux-git", "b38e7819cae9"},
		{}
	},
};
