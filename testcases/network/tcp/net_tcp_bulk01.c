// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * TCP between two network namespaces joined by a veth pair carries 4 MiB
 * each way at once, over IPv4 and over IPv6, byte for byte: each side
 * receives exactly the pseudo-random stream the other sent, then EOF
 * after the peer's shutdown(SHUT_WR), and TCP_INFO counts the bytes
 * (tcpi_bytes_received and tcpi_bytes_acked: the stream and the FIN).
 * Catches corruption or loss in segmentation, GSO/GRO over veth, the
 * checksum paths and the receive queue coalescing.
 */
#include <stdlib.h>
#include <linux/tcp.h>
#include "tst_test.h"
#include "net_hosts.h"

#define LEN (4u << 20)

static unsigned char *out[2], *in[2];

static void fill(unsigned char *buf, unsigned int seed)
{
	size_t i;

	for (i = 0; i < LEN; i++) {
		seed = seed * 1103515245 + 12345;
		buf[i] = seed >> 16;
	}
}

static void setup(void)
{
	int i;

	for (i = 0; i < 2; i++) {
		out[i] = SAFE_MALLOC(LEN);
		in[i] = SAFE_MALLOC(LEN);
		fill(out[i], 17 + i);
	}
	net_hosts_setup();
}

static void tcp_info_of(int fd, struct tcp_info *ti)
{
	socklen_t len = sizeof(*ti);

	memset(ti, 0, sizeof(*ti));
	if (getsockopt(fd, IPPROTO_TCP, TCP_INFO, ti, &len))
		tst_brk(TBROK | TERRNO, "getsockopt(TCP_INFO)");
}

/*
 * Both counters count sequence space: the peer's FIN (seen as EOF) is
 * one more received; our FIN, and on the connecting side our SYN, one
 * more acked. The last ACK may still be on its way: wait for it.
 */
static void check_info(int fd, const char *side)
{
	struct tcp_info ti;
	struct timespec t0, t;

	tcp_info_of(fd, &ti);
	if (ti.tcpi_bytes_received != LEN + 1ULL)
		tst_res(TFAIL, "%s: tcpi_bytes_received %llu, expected %u + FIN",
			side, (unsigned long long)ti.tcpi_bytes_received, LEN);
	else
		tst_res(TPASS, "%s: tcpi_bytes_received is %u + FIN", side,
			LEN);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (;;) {
		tcp_info_of(fd, &ti);
		if (ti.tcpi_bytes_acked >= LEN + 1ULL)
			break;
		clock_gettime(CLOCK_MONOTONIC, &t);
		if ((t.tv_sec - t0.tv_sec) * 1000 > net_ms(10000))
			break;
		usleep(10000);
	}
	if (ti.tcpi_bytes_acked < LEN + 1ULL || ti.tcpi_bytes_acked > LEN + 2ULL)
		tst_res(TFAIL, "%s: tcpi_bytes_acked %llu, expected %u + FIN (+ SYN)",
			side, (unsigned long long)ti.tcpi_bytes_acked, LEN);
	else
		tst_res(TPASS, "%s: tcpi_bytes_acked %llu", side,
			(unsigned long long)ti.tcpi_bytes_acked);
}

static void run(unsigned int n)
{
	int family = n ? AF_INET6 : AF_INET;
	int fd[2], i, done = 0;
	size_t sent[2] = { 0, 0 }, got[2] = { 0, 0 };
	int eof[2] = { 0, 0 };
	struct pollfd pfd[2];

	tst_res(TINFO, "%s", n ? "IPv6" : "IPv4");
	net_tcp_pair(NET_A, NET_B, family, &fd[0], &fd[1]);
	for (i = 0; i < 2; i++)
		net_set_nonblock(fd[i], 1);
	/* full duplex: each side sends out[i] and reads into in[i] */
	while (done < 2) {
		for (i = 0; i < 2; i++) {
			pfd[i].fd = fd[i];
			pfd[i].events = (eof[i] ? 0 : POLLIN) |
					(sent[i] < LEN ? POLLOUT : 0);
		}
		if (poll(pfd, 2, net_ms(30000)) <= 0)
			tst_brk(TBROK | TERRNO, "no progress in %d ms: sent %zu/%zu got %zu/%zu",
				net_ms(30000), sent[0], sent[1], got[0], got[1]);
		for (i = 0; i < 2; i++) {
			ssize_t r;

			if (pfd[i].revents & POLLOUT && sent[i] < LEN) {
				r = write(fd[i], out[i] + sent[i],
					  LEN - sent[i] > 65536 ? 65536 :
					  LEN - sent[i]);
				if (r < 0 && errno != EAGAIN)
					tst_brk(TBROK | TERRNO, "write()");
				if (r > 0)
					sent[i] += r;
				if (sent[i] == LEN &&
				    shutdown(fd[i], SHUT_WR))
					tst_brk(TBROK | TERRNO, "shutdown()");
			}
			if (pfd[i].revents & (POLLIN | POLLHUP | POLLERR) &&
			    !eof[i]) {
				size_t room = got[i] < LEN ? LEN - got[i] : 0;
				char extra;

				r = room ? read(fd[i], in[i] + got[i], room) :
					   read(fd[i], &extra, 1);
				if (r < 0 && errno != EAGAIN)
					tst_brk(TBROK | TERRNO, "read()");
				if (r > 0 && !room) {
					tst_res(TFAIL, "side %d: more than %u bytes",
						i, LEN);
					eof[i] = 1;
					done++;
				} else if (r > 0) {
					got[i] += r;
				} else if (!r) {
					eof[i] = 1;
					done++;
				}
			}
		}
	}
	for (i = 0; i < 2; i++) {
		const unsigned char *want = out[!i];
		size_t k;

		if (got[i] != LEN) {
			tst_res(TFAIL, "side %d got %zu bytes before EOF, expected %u",
				i, got[i], LEN);
			continue;
		}
		if (memcmp(in[i], want, LEN)) {
			for (k = 0; k < LEN && in[i][k] == want[k]; k++)
				;
			tst_res(TFAIL, "side %d: data differs at byte %zu",
				i, k);
			continue;
		}
		tst_res(TPASS, "side %d received the %u bytes intact, then EOF",
			i, LEN);
	}
	check_info(fd[0], "local");
	check_info(fd[1], "remote");
	close(fd[0]);
	close(fd[1]);
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.timeout = 120,
};
