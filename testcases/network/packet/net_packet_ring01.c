// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * AF_PACKET rings on the veth link between two network namespaces.
 *
 * TPACKET_V3 PACKET_RX_RING (4 blocks of one page, retire timeout
 * 50 ms) on the local host's net0, capturing UDP datagrams the remote
 * host sends:
 * - three datagrams (4, 100, 1000 bytes) fill a block only partly: the
 *   retire timer hands it over anyway, block_status TP_STATUS_USER with
 *   TP_STATUS_BLK_TMO, num_pkts 3, and each packet has tp_snaplen ==
 *   tp_len == the frame's length, the payload at tp_mac + headers, and
 *   its sockaddr_ll (net0, PACKET_HOST);
 * - 30 datagrams of 1000 bytes with every block handed back
 *   (TP_STATUS_KERNEL) once read: all captured in order, across more
 *   blocks than the ring has (the kernel reuses returned blocks), block
 *   seq_num consecutive, a block closed as full (no TP_STATUS_BLK_TMO)
 *   holding the 3 packets that fit in a page, no drop
 *   (tpacket_stats_v3 tp_drops 0);
 * - with no block handed back, more datagrams than the ring holds: the
 *   queue freezes (tp_freeze_q_cnt >= 1) and drops (tp_drops >= 1); once
 *   the blocks are returned, the next datagram is captured;
 * - setsockopt errors not covered by cve-2017-7308 and setsockopt02:
 *   a V3 ring request of struct tpacket_req size (shorter than
 *   tpacket_req3): EINVAL; tp_block_nr so large that blocks x frames
 *   per block overflows 32 bits: EINVAL (the tp_frame_nr overflow check
 *   of CVE-2017-7308); freeing a ring (tp_block_nr 0) with tp_frame_nr
 *   set: EINVAL; freeing it while mapped: EBUSY, after munmap() fine,
 *   and PACKET_VERSION may change again; a V3 PACKET_TX_RING with a
 *   retire timeout: EINVAL.
 *
 * TPACKET_V2 PACKET_TX_RING on the local net0: a hand-made Ethernet +
 * IPv4 + UDP frame put in frame 0 with TP_STATUS_SEND_REQUEST is sent by
 * send(): the remote UDP socket gets the payload from the frame's source
 * port, and the frame is back to TP_STATUS_AVAILABLE.
 */
#include <sys/mman.h>
#include <linux/if_packet.h>
#include <linux/if_ether.h>
#include <linux/filter.h>
#include <netinet/ip.h>
#include <netinet/udp.h>
#include "tst_test.h"
#include "net_hosts.h"

#define NBLK 4
#define TOV 50

static unsigned char mac_a[6], mac_b[6];
static long pgsz;
static char payload[1100];

static void setup(void)
{
	struct rtnl_link_info li;

	pgsz = sysconf(_SC_PAGESIZE);
	net_hosts_setup();
	RTNL_SAFE(rtnl_link_get(0, "net0", &li));
	memcpy(mac_a, li.addr, 6);
	net_enter(NET_B);
	RTNL_SAFE(rtnl_link_get(0, "net0", &li));
	memcpy(mac_b, li.addr, 6);
	net_enter(NET_A);
}

static int pkt_socket(int h)
{
	struct sockaddr_ll sll = {
		.sll_family = AF_PACKET, .sll_protocol = htons(ETH_P_IP),
	};
	int fd = net_socket(h, AF_PACKET, SOCK_RAW);

	sll.sll_ifindex = rtnl_ifindex("net0");
	if (bind(fd, (struct sockaddr *)&sll, sizeof(sll)))
		tst_brk(TBROK | TERRNO, "bind(AF_PACKET)");
	return fd;
}

static void set_version(int fd, int v)
{
	if (setsockopt(fd, SOL_PACKET, PACKET_VERSION, &v, sizeof(v)))
		tst_brk(TBROK | TERRNO, "PACKET_VERSION %d", v);
}

struct rx {
	int fd, blk;
	unsigned char *map;
	size_t size;
	unsigned int next_seq;	/* seq_num expected of the next block */
	unsigned int next_id;	/* payload id expected next */
	int bad;
};

/*
 * Only UDP to port reaches the ring (a stray frame of the setup's TCP
 * checks would otherwise count): ethertype IPv4, protocol UDP, no
 * fragment offset, destination port; the filter keeps the whole frame.
 */
static void udp_filter(int fd, unsigned short port)
{
	struct sock_filter code[] = {
		BPF_STMT(BPF_LD | BPF_H | BPF_ABS, 12),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, ETH_P_IP, 0, 5),
		BPF_STMT(BPF_LD | BPF_B | BPF_ABS, 23),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, IPPROTO_UDP, 0, 3),
		BPF_STMT(BPF_LD | BPF_H | BPF_ABS, 36),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, port, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, 0x40000),
		BPF_STMT(BPF_RET | BPF_K, 0),
	};
	struct sock_fprog prog = { ARRAY_SIZE(code), code };

	if (setsockopt(fd, SOL_SOCKET, SO_ATTACH_FILTER, &prog, sizeof(prog)))
		tst_brk(TBROK | TERRNO, "SO_ATTACH_FILTER");
}

/* A V3 ring on the local net0 capturing UDP to port; bound last. */
static void rx_ring(struct rx *r, unsigned short port)
{
	struct tpacket_req3 req = {
		.tp_block_size = pgsz, .tp_block_nr = NBLK,
		.tp_frame_size = 2048, .tp_frame_nr = pgsz / 2048 * NBLK,
		.tp_retire_blk_tov = TOV,
	};
	struct sockaddr_ll sll = {
		.sll_family = AF_PACKET, .sll_protocol = htons(ETH_P_IP),
	};

	memset(r, 0, sizeof(*r));
	r->fd = net_socket(NET_A, AF_PACKET, SOCK_RAW);
	set_version(r->fd, TPACKET_V3);
	if (setsockopt(r->fd, SOL_PACKET, PACKET_RX_RING, &req, sizeof(req)))
		tst_brk(TBROK | TERRNO, "PACKET_RX_RING (V3)");
	r->size = pgsz * NBLK;
	r->map = SAFE_MMAP(NULL, r->size, PROT_READ | PROT_WRITE, MAP_SHARED,
			   r->fd, 0);
	r->next_seq = 1;
	udp_filter(r->fd, port);
	sll.sll_ifindex = rtnl_ifindex("net0");
	if (bind(r->fd, (struct sockaddr *)&sll, sizeof(sll)))
		tst_brk(TBROK | TERRNO, "bind(AF_PACKET)");
}

static struct tpacket_block_desc *blk(struct rx *r, int i)
{
	return (struct tpacket_block_desc *)(r->map + i * pgsz);
}

static uint32_t blk_status(struct rx *r, int i)
{
	return __atomic_load_n(&blk(r, i)->hdr.bh1.block_status,
			       __ATOMIC_ACQUIRE);
}

/* Wait (bounded) until block i is the user's; 0 if it never was. */
static int wait_block(struct rx *r, int i)
{
	struct timespec t0, t;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	while (!(blk_status(r, i) & TP_STATUS_USER)) {
		clock_gettime(CLOCK_MONOTONIC, &t);
		if ((t.tv_sec - t0.tv_sec) * 1000 +
		    (t.tv_nsec - t0.tv_nsec) / 1000000 > net_ms(10000))
			return 0;
		net_poll(r->fd, POLLIN, 20);
	}
	return 1;
}

static void give_back(struct rx *r, int i)
{
	__atomic_store_n(&blk(r, i)->hdr.bh1.block_status, TP_STATUS_KERNEL,
			 __ATOMIC_RELEASE);
}

static void stats(int fd, struct tpacket_stats_v3 *st)
{
	socklen_t len = sizeof(*st);

	memset(st, 0, sizeof(*st));
	if (getsockopt(fd, SOL_PACKET, PACKET_STATISTICS, st, &len))
		tst_brk(TBROK | TERRNO, "PACKET_STATISTICS");
}

/*
 * Check the packets of block i: UDP to port, payload "id" + filler of
 * the expected sizes (sizes[k], or 1000 when sizes is NULL); returns the
 * number of packets.
 */
static unsigned int check_block(struct rx *r, int i, unsigned short port,
				const size_t *sizes)
{
	struct tpacket_block_desc *b = blk(r, i);
	unsigned int k, n = b->hdr.bh1.num_pkts;
	uint32_t off = b->hdr.bh1.offset_to_first_pkt;

	if (b->hdr.bh1.seq_num != r->next_seq && !r->bad++)
		tst_res(TFAIL, "block %d seq_num %llu, expected %u", i,
			(unsigned long long)b->hdr.bh1.seq_num, r->next_seq);
	r->next_seq = b->hdr.bh1.seq_num + 1;
	for (k = 0; k < n; k++) {
		struct tpacket3_hdr *h = (struct tpacket3_hdr *)
			((unsigned char *)b + off);
		struct sockaddr_ll *sll = (struct sockaddr_ll *)
			((unsigned char *)h +
			 TPACKET_ALIGN(sizeof(struct tpacket3_hdr)));
		unsigned char *f = (unsigned char *)h + h->tp_mac;
		struct ethhdr *eth = (struct ethhdr *)f;
		struct iphdr *ip = (struct iphdr *)(f + ETH_HLEN);
		struct udphdr *udp = (struct udphdr *)(ip + 1);
		unsigned char *pl = (unsigned char *)(udp + 1);
		size_t want = sizes ? sizes[k] : 1000, flen;
		unsigned int id;

		if ((unsigned char *)h + sizeof(*h) > (unsigned char *)b + pgsz ||
		    (unsigned char *)h + h->tp_mac + h->tp_snaplen >
		    (unsigned char *)b + pgsz) {
			if (!r->bad++)
				tst_res(TFAIL, "block %d packet %u outside the block",
					i, k);
			return n;
		}
		flen = ETH_HLEN + sizeof(*ip) + sizeof(*udp) + want;
		memcpy(&id, pl, sizeof(id));
		if (h->tp_snaplen != flen || h->tp_len != flen ||
		    memcmp(eth->h_source, mac_b, 6) ||
		    memcmp(eth->h_dest, mac_a, 6) ||
		    ip->protocol != IPPROTO_UDP || ntohs(udp->dest) != port ||
		    id != r->next_id ||
		    memcmp(pl + sizeof(id), payload + sizeof(id),
			   want - sizeof(id)) ||
		    sll->sll_ifindex != rtnl_ifindex("net0") ||
		    sll->sll_pkttype != PACKET_HOST) {
			if (!r->bad++)
				tst_res(TFAIL, "block %d packet %u: snaplen %u len %u (frame %zu), id %u (expected %u), ifindex %d pkttype %d",
					i, k, h->tp_snaplen, h->tp_len, flen,
					id, r->next_id, sll->sll_ifindex,
					sll->sll_pkttype);
		}
		r->next_id++;
		off += h->tp_next_offset;
		if (!h->tp_next_offset && k + 1 < n) {
			if (!r->bad++)
				tst_res(TFAIL, "block %d: tp_next_offset 0 before the last packet",
					i);
			return n;
		}
	}
	return n;
}

/* Send a datagram of len bytes (id first) from the remote host. */
static void send_one(int sb, int ra, const struct sockaddr_storage *to,
		     unsigned int id, size_t len)
{
	char buf[1100];

	memcpy(payload, &id, sizeof(id));
	if (sendto(sb, payload, len, 0, (const struct sockaddr *)to,
		   sizeof(struct sockaddr_in)) != (ssize_t)len)
		tst_brk(TBROK | TERRNO, "sendto()");
	/* the frame went through the ring before the socket had it */
	net_wait(ra, POLLIN);
	if (recv(ra, buf, sizeof(buf), MSG_DONTWAIT) != (ssize_t)len)
		tst_brk(TBROK, "the datagram did not arrive whole");
}

static void rx_tests(void)
{
	static const size_t first[] = { 4, 100, 1000 };
	struct sockaddr_storage aa;
	int ra = net_bound(NET_A, AF_INET, SOCK_DGRAM, &aa);
	int sb = net_bound(NET_B, AF_INET, SOCK_DGRAM, NULL);
	unsigned short port = net_port(&aa);
	struct tpacket_stats_v3 st;
	struct rx r;
	unsigned int i, n, blocks, got;
	uint32_t s = 0;
	int tmo;

	rx_ring(&r, port);
	stats(r.fd, &st);

	/*
	 * Three datagrams fill no block: whatever block(s) they land in are
	 * handed over by the retire timer (normally one block).
	 */
	for (i = 0; i < 3; i++)
		send_one(sb, ra, &aa, i, first[i]);
	got = 0;
	tmo = 1;
	while (got < 3 && wait_block(&r, r.blk)) {
		s = blk_status(&r, r.blk);
		if (!(s & TP_STATUS_BLK_TMO))
			tmo = 0;
		got += check_block(&r, r.blk, port, first + got);
		give_back(&r, r.blk);
		r.blk = (r.blk + 1) % NBLK;
	}
	if (got != 3 || !tmo || r.bad)
		tst_res(TFAIL, "partly filled block(s): %u packets, status 0x%x",
			got, s);
	else
		tst_res(TPASS, "partly filled block retired by the timer (TP_STATUS_USER | TP_STATUS_BLK_TMO), 3 packets with their lengths and payloads");

	/* through the ring more than once, handing blocks back */
	got = 0;
	blocks = 0;
	for (i = 0; i < 30; i++) {
		send_one(sb, ra, &aa, 3 + i, 1000);
		while (blk_status(&r, r.blk) & TP_STATUS_USER) {
			s = blk_status(&r, r.blk);
			n = check_block(&r, r.blk, port, NULL);
			got += n;
			/* closed for the next packet: it was full */
			if (!(s & TP_STATUS_BLK_TMO) && n != 3 && !r.bad++)
				tst_res(TFAIL, "a block closed as full holds %u packets of 1000 bytes, not 3",
					n);
			give_back(&r, r.blk);
			r.blk = (r.blk + 1) % NBLK;
			blocks++;
		}
	}
	while (got < 30 && wait_block(&r, r.blk)) {
		got += check_block(&r, r.blk, port, NULL);
		give_back(&r, r.blk);
		r.blk = (r.blk + 1) % NBLK;
		blocks++;
	}
	stats(r.fd, &st);
	if (got != 30 || r.bad || blocks <= NBLK || st.tp_drops)
		tst_res(TFAIL, "30 datagrams: %u captured in %u blocks, drops %u",
			got, blocks, st.tp_drops);
	else
		tst_res(TPASS, "30 datagrams captured in order in %u blocks (ring of %d), seq_num consecutive, no drop",
			blocks, NBLK);

	/* the user keeps every block: the queue freezes and drops */
	for (i = 0; i < 4 * NBLK; i++)
		send_one(sb, ra, &aa, 1000 + i, 1000);
	for (i = 0; i < NBLK; i++)
		if (!wait_block(&r, i))
			break;
	stats(r.fd, &st);
	if (i < NBLK || !st.tp_drops || !st.tp_freeze_q_cnt)
		tst_res(TFAIL, "ring kept full: %u blocks the user's, drops %u, freezes %u",
			i, st.tp_drops, st.tp_freeze_q_cnt);
	else
		tst_res(TPASS, "ring kept full: queue frozen %u time(s), %u dropped",
			st.tp_freeze_q_cnt, st.tp_drops);
	for (i = 0; i < NBLK; i++)
		give_back(&r, i);
	send_one(sb, ra, &aa, 77777, 4);
	/* the thawed queue opens the block after the last one it filled */
	if (!wait_block(&r, r.blk)) {
		tst_res(TFAIL, "nothing captured after the blocks were returned");
	} else {
		struct tpacket3_hdr *h = (struct tpacket3_hdr *)
			((unsigned char *)blk(&r, r.blk) +
			 blk(&r, r.blk)->hdr.bh1.offset_to_first_pkt);
		unsigned int id;

		memcpy(&id, (unsigned char *)h + h->tp_mac + ETH_HLEN +
		       sizeof(struct iphdr) + sizeof(struct udphdr),
		       sizeof(id));
		if (blk(&r, r.blk)->hdr.bh1.num_pkts != 1 || id != 77777)
			tst_res(TFAIL, "after thawing: %u packets, id %u",
				blk(&r, r.blk)->hdr.bh1.num_pkts, id);
		else
			tst_res(TPASS, "after the blocks were returned the next datagram is captured");
	}
	SAFE_MUNMAP(r.map, r.size);
	close(r.fd);
	close(ra);
	close(sb);
}

static void ring_errors(void)
{
	struct tpacket_req3 req = {
		.tp_block_size = pgsz, .tp_block_nr = 2,
		.tp_frame_size = 2048, .tp_frame_nr = pgsz / 2048 * 2,
	};
	struct tpacket_req3 zero = { 0 };
	int fd = net_socket(NET_A, AF_PACKET, SOCK_RAW);
	void *map;

	set_version(fd, TPACKET_V3);
	TST_EXP_FAIL(setsockopt(fd, SOL_PACKET, PACKET_RX_RING, &req,
				sizeof(struct tpacket_req)), EINVAL,
		     "V3 ring request of sizeof(struct tpacket_req)");
	req.tp_frame_size = 128;
	req.tp_block_nr = 0x80000000u;
	req.tp_frame_nr = (pgsz / 128) * 0x80000000u;	/* wraps */
	TST_EXP_FAIL(setsockopt(fd, SOL_PACKET, PACKET_RX_RING, &req,
				sizeof(req)), EINVAL,
		     "tp_block_nr 2^31: blocks x frames overflow");
	req.tp_frame_size = 2048;
	req.tp_block_nr = 2;
	req.tp_frame_nr = pgsz / 2048 * 2;
	TST_EXP_PASS(setsockopt(fd, SOL_PACKET, PACKET_RX_RING, &req,
				sizeof(req)), "V3 ring of two pages");
	zero.tp_frame_nr = 1;
	TST_EXP_FAIL(setsockopt(fd, SOL_PACKET, PACKET_RX_RING, &zero,
				sizeof(zero)), EINVAL,
		     "freeing the ring with tp_frame_nr 1");
	zero.tp_frame_nr = 0;
	map = SAFE_MMAP(NULL, 2 * pgsz, PROT_READ | PROT_WRITE, MAP_SHARED,
			fd, 0);
	TST_EXP_FAIL(setsockopt(fd, SOL_PACKET, PACKET_RX_RING, &zero,
				sizeof(zero)), EBUSY, "freeing the ring while mapped");
	SAFE_MUNMAP(map, 2 * pgsz);
	TST_EXP_PASS(setsockopt(fd, SOL_PACKET, PACKET_RX_RING, &zero,
				sizeof(zero)), "freeing the ring after munmap()");
	TST_EXP_FAIL(mmap(NULL, 2 * pgsz, PROT_READ, MAP_SHARED, fd, 0) ==
		     MAP_FAILED ? -1 : 0, EINVAL, "mmap() without a ring");
	set_version(fd, TPACKET_V2);
	set_version(fd, TPACKET_V3);
	tst_res(TPASS, "PACKET_VERSION changes again once the ring is freed");
	req.tp_retire_blk_tov = 10;
	TST_EXP_FAIL(setsockopt(fd, SOL_PACKET, PACKET_TX_RING, &req,
				sizeof(req)), EINVAL,
		     "V3 PACKET_TX_RING with tp_retire_blk_tov");
	close(fd);
}

static uint16_t ip_csum(const void *p, size_t len)
{
	const uint16_t *w = p;
	uint32_t sum = 0;

	for (; len > 1; len -= 2)
		sum += *w++;
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	return ~sum;
}

static void tx_ring(void)
{
	struct tpacket_req req = {
		.tp_block_size = pgsz, .tp_block_nr = 2,
		.tp_frame_size = 2048, .tp_frame_nr = pgsz / 2048 * 2,
	};
	struct sockaddr_storage ba, from;
	socklen_t flen = sizeof(from);
	int rb = net_bound(NET_B, AF_INET, SOCK_DGRAM, &ba);
	int fd = pkt_socket(NET_A);
	const char *msg = "sent from a TX ring";
	size_t mlen = strlen(msg), len;
	struct tpacket2_hdr *h;
	unsigned char *map, *f;
	struct iphdr *ip;
	struct udphdr *udp;
	char buf[64];
	ssize_t n;

	set_version(fd, TPACKET_V2);
	if (setsockopt(fd, SOL_PACKET, PACKET_TX_RING, &req, sizeof(req)))
		tst_brk(TBROK | TERRNO, "PACKET_TX_RING (V2)");
	map = SAFE_MMAP(NULL, 2 * pgsz, PROT_READ | PROT_WRITE, MAP_SHARED,
			fd, 0);
	h = (struct tpacket2_hdr *)map;
	if (h->tp_status != TP_STATUS_AVAILABLE)
		tst_res(TFAIL, "fresh TX frame status 0x%x", h->tp_status);
	/* the frame data starts after the header, as the kernel expects */
	f = map + TPACKET2_HDRLEN - sizeof(struct sockaddr_ll);
	memcpy(f, mac_b, 6);
	memcpy(f + 6, mac_a, 6);
	f[12] = ETH_P_IP >> 8;
	f[13] = ETH_P_IP & 0xff;
	ip = (struct iphdr *)(f + ETH_HLEN);
	memset(ip, 0, sizeof(*ip));
	ip->version = 4;
	ip->ihl = 5;
	ip->ttl = 64;
	ip->protocol = IPPROTO_UDP;
	ip->tot_len = htons(sizeof(*ip) + sizeof(*udp) + mlen);
	inet_pton(AF_INET, "10.99.1.1", &ip->saddr);
	ip->daddr = ((struct sockaddr_in *)&ba)->sin_addr.s_addr;
	ip->check = ip_csum(ip, sizeof(*ip));
	udp = (struct udphdr *)(ip + 1);
	udp->source = htons(4243);
	udp->dest = htons(net_port(&ba));
	udp->len = htons(sizeof(*udp) + mlen);
	udp->check = 0;
	memcpy(udp + 1, msg, mlen);
	len = ETH_HLEN + sizeof(*ip) + sizeof(*udp) + mlen;
	h->tp_len = len;
	__atomic_store_n(&h->tp_status, TP_STATUS_SEND_REQUEST,
			 __ATOMIC_RELEASE);
	n = send(fd, NULL, 0, 0);
	if (n != (ssize_t)len)
		tst_res(TFAIL | TERRNO, "send() on the TX ring: %zd, expected %zu",
			n, len);
	net_wait(rb, POLLIN);
	n = recvfrom(rb, buf, sizeof(buf), MSG_DONTWAIT,
		     (struct sockaddr *)&from, &flen);
	if (n != (ssize_t)mlen || memcmp(buf, msg, mlen) ||
	    net_port(&from) != 4243)
		tst_res(TFAIL, "TX ring frame: %zd bytes from port %u", n,
			net_port(&from));
	else
		tst_res(TPASS, "TX ring (V2) frame reached the remote UDP socket");
	NET_EXP_EQ(__atomic_load_n(&h->tp_status, __ATOMIC_ACQUIRE),
		   TP_STATUS_AVAILABLE, "TX frame status after send()");
	SAFE_MUNMAP(map, 2 * pgsz);
	close(fd);
	close(rb);
}

static void run(void)
{
	memset(payload, 'p', sizeof(payload));
	rx_tests();
	ring_errors();
	tx_ring();
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.timeout = 120,
	.tags = (const struct tst_tag[]) {
		{"CVE", "2017-7308"},
		{}
	},
};
