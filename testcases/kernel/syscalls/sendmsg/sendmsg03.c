// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * CVE-2017-17712: raw_sendmsg() read inet->hdrincl more than once, so an
 * IP_HDRINCL toggled by another thread during sendmsg() could set up the
 * flow for one mode and build the packet in the other: with a zeroed
 * destination the user's bytes were taken as an IP header that was never
 * validated (out-of-bounds access, privilege escalation). Fixed by
 * 8f659a03a0ba ("net: ipv4: fix for a race condition in raw_sendmsg"):
 * the flag is read once.
 *
 * In a private network namespace, on a raw ICMP socket:
 *  - with IP_HDRINCL, a message shorter than an IP header and one whose
 *    ihl says 16 bytes are EINVAL, and IP_OPTIONS with IP_HDRINCL is
 *    EINVAL (the checks the racy path skipped);
 *  - then, for at most 3 s, a thread toggles IP_HDRINCL while the test
 *    sends 4 x 100 bytes of 0xcc to 0.0.0.0 with sendmsg(): each call
 *    sends all 400 bytes or fails, never a part. A kernel that builds the
 *    packet in the wrong mode oopses or warns: the taint check fails.
 */
#include <errno.h>
#include <pthread.h>
#include <string.h>
#include <netinet/in.h>
#include <netinet/ip.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>
#include "tst_test.h"
#include "net_hosts.h"

#define CHUNK	100
#define NIOV	4
#define BUDGET_MS	3000

static int sock = -1;
static volatile int stop;
static unsigned char buf[CHUNK];

static void setup(void)
{
	net_ns_new(NET_A);
	sock = SAFE_SOCKET(AF_INET, SOCK_RAW, IPPROTO_ICMP);
	memset(buf, 0xcc, sizeof(buf));
}

static void cleanup(void)
{
	if (sock >= 0)
		SAFE_CLOSE(sock);
}

static void hdrincl(int s, int on)
{
	if (setsockopt(s, SOL_IP, IP_HDRINCL, &on, sizeof(on)))
		tst_brk(TBROK | TERRNO, "setsockopt(IP_HDRINCL, %d)", on);
}

static void bad_headers(void)
{
	struct sockaddr_in to = {
		.sin_family = AF_INET,
		.sin_addr.s_addr = htonl(INADDR_LOOPBACK),
	};
	unsigned char pkt[64] = { 0 };
	unsigned char opts[4] = { IPOPT_NOP, IPOPT_NOP, IPOPT_NOP, IPOPT_END };
	struct iphdr *iph = (struct iphdr *)pkt;
	int s = SAFE_SOCKET(AF_INET, SOCK_RAW, IPPROTO_ICMP);

	hdrincl(s, 1);
	TST_EXP_FAIL(sendto(s, pkt, sizeof(*iph) - 1, 0,
			    (struct sockaddr *)&to, sizeof(to)), EINVAL,
		     "IP_HDRINCL, %zu bytes (less than an IP header)",
		     sizeof(*iph) - 1);
	iph->version = 4;
	iph->ihl = 4;
	iph->protocol = IPPROTO_ICMP;
	iph->daddr = to.sin_addr.s_addr;
	TST_EXP_FAIL(sendto(s, pkt, sizeof(pkt), 0, (struct sockaddr *)&to,
			    sizeof(to)), EINVAL, "IP_HDRINCL, ihl 4");
	iph->ihl = 15;
	TST_EXP_FAIL(sendto(s, pkt, 40, 0, (struct sockaddr *)&to,
			    sizeof(to)), EINVAL,
		     "IP_HDRINCL, ihl 15 (60 bytes) in 40 bytes");
	if (setsockopt(s, SOL_IP, IP_OPTIONS, opts, sizeof(opts)))
		tst_brk(TBROK | TERRNO, "setsockopt(IP_OPTIONS)");
	iph->ihl = 5;
	TST_EXP_FAIL(sendto(s, pkt, sizeof(pkt), 0, (struct sockaddr *)&to,
			    sizeof(to)), EINVAL, "IP_HDRINCL with IP_OPTIONS");
	SAFE_CLOSE(s);
}

static void *toggler(void *arg)
{
	unsigned long *n = arg;
	int val = 0;

	while (!stop) {
		val = !val;
		setsockopt(sock, SOL_IP, IP_HDRINCL, &val, sizeof(val));
		(*n)++;
	}
	return NULL;
}

static void race(void)
{
	struct sockaddr_in zero;
	struct iovec iov[NIOV];
	struct msghdr msg = {
		.msg_name = &zero, .msg_namelen = sizeof(zero),
		.msg_iov = iov, .msg_iovlen = NIOV,
	};
	unsigned long sends = 0, ok = 0, toggles = 0, partial = 0;
	long long end = tst_mono_ms() + BUDGET_MS;
	pthread_t thr;
	ssize_t ret;
	int i;

	memset(&zero, 0, sizeof(zero));
	for (i = 0; i < NIOV; i++) {
		iov[i].iov_base = buf;
		iov[i].iov_len = CHUNK;
	}
	stop = 0;
	errno = pthread_create(&thr, NULL, toggler, &toggles);
	if (errno)
		tst_brk(TBROK | TERRNO, "pthread_create()");
	while (tst_mono_ms() < end) {
		hdrincl(sock, 1);
		ret = sendmsg(sock, &msg, 0);
		sends++;
		if (ret == CHUNK * NIOV)
			ok++;
		else if (ret >= 0)
			partial++;
	}
	stop = 1;
	pthread_join(thr, NULL);
	tst_res(TINFO, "%lu sendmsg() calls (%lu sent whole) against %lu "
		"IP_HDRINCL toggles", sends, ok, toggles);
	if (partial)
		tst_res(TFAIL, "%lu sendmsg() calls sent part of the %d bytes",
			partial, CHUNK * NIOV);
	else
		tst_res(TPASS, "every sendmsg() raced with IP_HDRINCL sent "
			"all or nothing; the taint check tells the rest");
}

static void run(void)
{
	bad_headers();
	race();
}

static struct tst_test test = {
	.setup = setup,
	.cleanup = cleanup,
	.test_all = run,
	.needs_root = 1,
	.timeout = 30,
	.taint_check = TST_TAINT_W | TST_TAINT_D,
	.tags = (const struct tst_tag[]) {
		{"linux-git", "8f659a03a0ba"},
		{"CVE", "2017-17712"},
		{}
	},
};
