// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A bounded stress of TCP across link flaps: 8 connections (4 IPv4, 4
 * IPv6) each carry 256 KiB both ways at once, non-blocking, from one
 * poll() loop, while the veth link is taken down and up 4 times (the
 * local end, then the remote end, in turn). Each flap starts at a
 * quarter of the traffic and lasts until the host on the other side has
 * retransmitted into the dead link (its Tcp RetransSegs moved), so every
 * flap hits live traffic. IPv6 keeps its addresses across the downs
 * (keep_addr_on_down); IPv4's are kept and its routes come back on up.
 * - exactly 8 connections are accepted, each matched to its client by
 *   address and port, no ninth;
 * - every byte of each of the 16 streams arrives once and in order: each
 *   is compared with a hash of its stream and offset (and a sum is kept
 *   on both ends), 256 KiB then EOF;
 * - 4 flaps happened, each with retransmissions; the whole run stays
 *   within 60 s (scaled by LTP_TIMEOUT_MUL).
 */
#include <linux/tcp.h>
#include "tst_test.h"
#include "net_hosts.h"

#define NCONN 8
#define LEN (256 * 1024)
#define NFLAPS 4
#define CHUNK 16384

struct dir {
	int fd;			/* the writing end */
	int rfd;		/* the reading end */
	size_t sent, got;
	uint64_t wsum, rsum;
	int eof, shut, bad;
};

static struct dir d[2 * NCONN];

/* Byte off of stream idx: a hash of both (murmur3's finalizer). */
static unsigned char stream_byte(int idx, size_t off)
{
	uint32_t h = (uint32_t)(off >> 2) * 0x9e3779b1u ^
		     (uint32_t)(idx + 1) * 0x85ebca77u;

	h ^= h >> 16;
	h *= 0x85ebca6bu;
	h ^= h >> 13;
	h *= 0xc2b2ae35u;
	h ^= h >> 16;
	return h >> (8 * (off & 3));
}

static void setup_conns(void)
{
	struct sockaddr_storage ss[2], peer, self;
	int lfd[2], i, j, fam, cfd[NCONN], sfd;
	socklen_t len;

	lfd[0] = net_listener(NET_B, AF_INET, &ss[0]);
	lfd[1] = net_listener(NET_B, AF_INET6, &ss[1]);
	for (i = 0; i < NCONN; i++) {
		fam = i < NCONN / 2 ? 0 : 1;
		cfd[i] = net_connect(NET_A, &ss[fam]);
	}
	for (i = 0; i < NCONN; i++) {
		fam = i < NCONN / 2 ? 0 : 1;
		sfd = net_accept(lfd[fam]);
		len = sizeof(peer);
		if (getpeername(sfd, (struct sockaddr *)&peer, &len))
			tst_brk(TBROK | TERRNO, "getpeername()");
		for (j = 0; j < NCONN; j++) {
			len = sizeof(self);
			if (getsockname(cfd[j], (struct sockaddr *)&self, &len))
				tst_brk(TBROK | TERRNO, "getsockname()");
			if (self.ss_family == peer.ss_family &&
			    net_port(&self) == net_port(&peer) &&
			    !memcmp(net_rawaddr(&self), net_rawaddr(&peer),
				    self.ss_family == AF_INET ? 4 : 16))
				break;
		}
		if (j == NCONN || d[2 * j].rfd) {
			tst_res(TFAIL, "accepted connection %d matches no client (or one twice)",
				i);
			continue;
		}
		/* d[2j]: client -> server, d[2j + 1]: server -> client */
		d[2 * j].fd = cfd[j];
		d[2 * j].rfd = sfd;
		d[2 * j + 1].fd = sfd;
		d[2 * j + 1].rfd = cfd[j];
	}
	for (i = 0; i < 2; i++) {
		if (net_poll(lfd[i], POLLIN, 0))
			tst_res(TFAIL, "a ninth connection on listener %d", i);
		close(lfd[i]);
	}
	for (i = 0; i < 2 * NCONN; i++) {
		if (!d[i].rfd)
			tst_brk(TBROK, "stream %d has no reader", i);
		net_set_nonblock(d[i].fd, 1);
	}
	tst_res(TPASS, "%d connections accepted, each matched to its client",
		NCONN);
}

static void do_write(struct dir *s)
{
	static unsigned char buf[CHUNK];
	size_t n = LEN - s->sent < CHUNK ? LEN - s->sent : CHUNK, i;
	int idx = s - d;
	ssize_t w;

	for (i = 0; i < n; i++)
		buf[i] = stream_byte(idx, s->sent + i);
	w = write(s->fd, buf, n);
	if (w < 0) {
		if (errno == EAGAIN)
			return;
		tst_res(TFAIL | TERRNO, "stream %d: write() at byte %zu", idx,
			s->sent);
		s->sent = LEN;
		s->bad = 1;
		return;
	}
	for (i = 0; i < (size_t)w; i++)
		s->wsum += buf[i];
	s->sent += w;
	if (s->sent == LEN && !s->shut) {
		if (shutdown(s->fd, SHUT_WR))
			tst_brk(TBROK | TERRNO, "shutdown()");
		s->shut = 1;
	}
}

static void do_read(struct dir *s)
{
	static unsigned char buf[CHUNK];
	int idx = s - d;
	ssize_t n = read(s->rfd, buf, CHUNK), i;

	if (n < 0) {
		if (errno == EAGAIN)
			return;
		tst_res(TFAIL | TERRNO, "stream %d: read() at byte %zu", idx,
			s->got);
		s->eof = 1;
		s->bad = 1;
		return;
	}
	if (!n) {
		s->eof = 1;
		return;
	}
	for (i = 0; i < n; i++) {
		unsigned char exp = stream_byte(idx, s->got + i);

		if (buf[i] != exp && !s->bad) {
			tst_res(TFAIL, "stream %d: byte %zu is 0x%02x, expected 0x%02x",
				idx, s->got + i, buf[i], exp);
			s->bad = 1;
		}
		s->rsum += buf[i];
	}
	s->got += n;
}

/*
 * When the bound passes, say for each unfinished stream where its writer
 * stands (TCP_INFO) and what the peer's routes are, so that a stall can
 * be traced: RTO or zero-window probe backoff, or a lost route.
 */
static void show_stuck(void)
{
	struct tcp_info ti;
	socklen_t len;
	int i;

	for (i = 0; i < 2 * NCONN; i++) {
		if (d[i].got == LEN && d[i].eof)
			continue;
		len = sizeof(ti);
		memset(&ti, 0, sizeof(ti));
		if (getsockopt(d[i].fd, IPPROTO_TCP, TCP_INFO, &ti, &len))
			tst_res(TINFO | TERRNO, "stream %d: TCP_INFO", i);
		tst_res(TINFO, "stream %d (%s, %s): sent %zu, got %zu, eof %d; "
			"writer state %u ca_state %u retransmits %u probes %u "
			"backoff %u rto %u us unacked %u lost %u snd_cwnd %u "
			"last_data_sent %u ms last_ack_recv %u ms",
			i, i < NCONN ? "IPv4" : "IPv6",
			i & 1 ? "server to client" : "client to server",
			d[i].sent, d[i].got, d[i].eof, ti.tcpi_state,
			ti.tcpi_ca_state, ti.tcpi_retransmits, ti.tcpi_probes,
			ti.tcpi_backoff, ti.tcpi_rto, ti.tcpi_unacked,
			ti.tcpi_lost, ti.tcpi_snd_cwnd, ti.tcpi_last_data_sent,
			ti.tcpi_last_ack_recv);
	}
}

static long long retrans(int h)
{
	return net_snmp(h, "snmp", "Tcp:", "RetransSegs");
}

static void link_set(int h, int up)
{
	net_enter(h);
	RTNL_SAFE(rtnl_link_set(rtnl_ifindex("net0"), up ? IFF_UP : 0, IFF_UP,
				0));
}

static void run(void)
{
	struct pollfd pfd[4 * NCONN];
	int nflaps = 0, down = -1, i, n, done, bad = 0;
	long long start = tst_mono_ms(), limit = 60000LL * tst_timeout_mul();
	long long base = 0, down_at = 0;
	size_t total;

	memset(d, 0, sizeof(d));
	setup_conns();
	for (;;) {
		n = 0;
		done = 1;
		total = 0;
		for (i = 0; i < 2 * NCONN; i++) {
			total += d[i].got;
			if (d[i].sent < LEN) {
				pfd[n++] = (struct pollfd){ .fd = d[i].fd,
							  .events = POLLOUT };
				done = 0;
			}
			if (!d[i].eof) {
				pfd[n++] = (struct pollfd){ .fd = d[i].rfd,
							  .events = POLLIN };
				done = 0;
			}
		}
		if (done && down < 0)
			break;
		if (tst_mono_ms() - start > limit) {
			tst_res(TFAIL, "not done in %lld ms: %zu of %d bytes moved, %d flaps",
				limit, total, 2 * NCONN * LEN, nflaps);
			show_stuck();
			if (down >= 0)
				link_set(down, 1);
			return;
		}
		if (down < 0 && nflaps < NFLAPS &&
		    total >= (size_t)(nflaps + 1) * 2 * NCONN * LEN /
			     (NFLAPS + 2)) {
			down = nflaps & 1 ? NET_B : NET_A;
			base = retrans(down == NET_A ? NET_B : NET_A);
			link_set(down, 0);
			down_at = tst_mono_ms();
		}
		if (down >= 0 &&
		    retrans(down == NET_A ? NET_B : NET_A) > base) {
			link_set(down, 1);
			tst_res(TINFO, "flap %d: %s net0 down for %lld ms, %zu bytes moved",
				nflaps + 1, net_hname[down],
				tst_mono_ms() - down_at, total);
			down = -1;
			nflaps++;
		}
		/* while the link is down, look at the counter every 20 ms */
		if (poll(pfd, n, down >= 0 ? 20 : 1000) < 0)
			tst_brk(TBROK | TERRNO, "poll()");
		for (i = 0; i < n; i++) {
			int j;

			if (!pfd[i].revents)
				continue;
			for (j = 0; j < 2 * NCONN; j++) {
				if (pfd[i].events == POLLOUT &&
				    pfd[i].fd == d[j].fd && d[j].sent < LEN)
					do_write(&d[j]);
				if (pfd[i].events == POLLIN &&
				    pfd[i].fd == d[j].rfd && !d[j].eof)
					do_read(&d[j]);
			}
		}
	}

	for (i = 0; i < 2 * NCONN; i++) {
		if (d[i].got != LEN || d[i].wsum != d[i].rsum || d[i].bad) {
			tst_res(TFAIL, "stream %d: %zu of %d bytes, sums %llu/%llu",
				i, d[i].got, LEN,
				(unsigned long long)d[i].wsum,
				(unsigned long long)d[i].rsum);
			bad = 1;
		}
	}
	if (!bad)
		tst_res(TPASS, "16 streams of %d bytes: every byte in order, sums match, EOF",
			LEN);
	NET_EXP_EQ(nflaps, NFLAPS, "link flaps during the traffic");
	tst_res(TINFO, "done in %lld ms", tst_mono_ms() - start);
	for (i = 0; i < NCONN; i++) {
		close(d[2 * i].fd);
		close(d[2 * i].rfd);
	}
	net_check_tcp(NET_A, NET_B);
	tst_res(TPASS, "both families connect both ways after the flaps");
}

static void setup(void)
{
	static const char *const keep[] = {
		"net/ipv6/conf/all/keep_addr_on_down",
		"net/ipv6/conf/net0/keep_addr_on_down",
	};
	int i;

	net_hosts_setup();
	for (i = 0; i < 2; i++) {
		net_sysctl(NET_A, keep[i], "1");
		net_sysctl(NET_B, keep[i], "1");
	}
	net_enter(NET_A);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.timeout = 120,
};
