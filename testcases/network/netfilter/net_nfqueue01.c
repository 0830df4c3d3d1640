// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * NFQUEUE (nft "queue" on the remote host's input hook, nfnetlink_queue)
 * with the test as the userspace program, IPv4 and IPv6, over
 * NETLINK_NETFILTER and no library:
 * - configuration errnos: a second socket binding or configuring a
 *   bound queue EPERM (the queue is the first socket's), binding it
 *   again EBUSY, an unknown command EOPNOTSUPP, UNBIND or parameters of
 *   an unbound queue ENODEV, flags without a mask EINVAL, a flag at
 *   NFQA_CFG_F_MAX EOPNOTSUPP; verdict errnos: unknown packet id ENOENT,
 *   from another socket EPERM, to an unbound queue ENODEV, NF_STOLEN and
 *   no verdict header EINVAL; /proc/net/netfilter/nfnetlink_queue shows
 *   the owner's port id, copy mode 2 and a copy range of 0 read as
 *   65531 (the most an attribute holds);
 * - a queued datagram: packet id 1, hw protocol, hook NF_INET_LOCAL_IN,
 *   the input ifindex, the whole IP packet with its bytes and a UDP
 *   checksum that verifies (a CHECKSUM_PARTIAL packet off the veth is
 *   completed before it is copied out); it is held (queue_total 1, not
 *   delivered) until the verdict; ACCEPT with NFQA_MARK 0x42 delivers it
 *   and the next chain sees the mark (its counter 1); DROP discards;
 *   a copy range of 30 gives 30 bytes and NFQA_CAP_LEN the length;
 * - a payload replaced in the verdict (NFQA_PAYLOAD) with a recomputed
 *   checksum arrives with the new bytes, also shortened to 50 bytes;
 *   with the old checksum it is dropped by UDP (one checksum error); a
 *   payload shorter than the IP header drops the packet though the
 *   verdict is answered 0;
 * - NF_REPEAT runs the chain again: the packet comes back with the next
 *   id and is delivered once on ACCEPT; a batch verdict up to the third
 *   id accepts three packets, in order;
 * - no listener: the queue verdict drops the packet, with the bypass
 *   flag it goes on to be delivered; a queue of maxlen 1 holding one
 *   packet drops the next (queue_dropped 1), with NFQA_CFG_F_FAIL_OPEN
 *   it accepts it without queueing (delivered before the held one);
 *   closing the socket destroys the queue (gone from /proc).
 */
#include "tst_test.h"
#include "net_hosts.h"
#include "net_nft.h"
#include "socket_helpers.h"
#include <linux/netfilter/nfnetlink_queue.h>

#define TABLE "ltp_nfq"
#define QNUM 7
#define QBYPASS 8
#define QFREE 9
#define DLEN 100
#define MARK 0x42
#define MAXPKT 2048
#define NSTASH 8

struct qpkt {
	uint32_t id, indev, mark, caplen;
	uint16_t proto, qnum;
	uint8_t hook;
	int len;
	unsigned char data[MAXPKT];
};

static struct nft_batch b;
static int family, hlen, indev;
static int nfq = -1, nfq2 = -1, s = -1, r1 = -1, r2 = -1;
static struct sockaddr_storage a1, a2;
static uint32_t nfq_seq;
static char stash[NSTASH][MAXPKT + 512];
static int nstash;

static int nl_sock(void)
{
	struct sockaddr_nl sa = { .nl_family = AF_NETLINK };
	int fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_NETFILTER);

	if (fd < 0)
		tst_brk(TBROK | TERRNO, "socket(NETLINK_NETFILTER)");
	if (bind(fd, (struct sockaddr *)&sa, sizeof(sa)))
		tst_brk(TBROK | TERRNO, "bind(AF_NETLINK)");
	return fd;
}

static uint32_t nl_portid(int fd)
{
	struct sockaddr_nl sa;
	socklen_t len = sizeof(sa);

	if (getsockname(fd, (struct sockaddr *)&sa, &len))
		tst_brk(TBROK | TERRNO, "getsockname(AF_NETLINK)");
	return sa.nl_pid;
}

/* Start a queue message of type for queue q in b. */
static void qmsg(int type, int q)
{
	b.len = 0;
	b.msg = NULL;
	b.depth = 0;
	nft_put_msg(&b, (NFNL_SUBSYS_QUEUE << 8) | type, NLM_F_ACK,
		    AF_UNSPEC, q);
}

/* Send b on fd: the answer's 0 or -errno; packets meanwhile stashed. */
static int qtalk(int fd)
{
	static char rbuf[65536];
	struct nlmsghdr *req = (struct nlmsghdr *)b.buf;

	req->nlmsg_seq = ++nfq_seq;
	if (send(fd, b.buf, b.len, 0) != (ssize_t)b.len)
		tst_brk(TBROK | TERRNO, "send(nfnetlink_queue)");
	for (;;) {
		struct nlmsghdr *nh = (struct nlmsghdr *)rbuf;
		ssize_t n;
		int len;

		net_wait(fd, POLLIN);
		n = recv(fd, rbuf, sizeof(rbuf), 0);
		if (n < 0)
			tst_brk(TBROK | TERRNO, "recv(nfnetlink_queue)");
		for (len = n; NLMSG_OK(nh, len); nh = NLMSG_NEXT(nh, len)) {
			if (nh->nlmsg_type == NLMSG_ERROR &&
			    nh->nlmsg_seq == req->nlmsg_seq)
				return ((struct nlmsgerr *)NLMSG_DATA(nh))->error;
			if (nh->nlmsg_type == NLMSG_ERROR)
				continue;
			if (nstash == NSTASH || nh->nlmsg_len > sizeof(stash[0]))
				tst_brk(TBROK, "nfq: too many packets meanwhile");
			memcpy(stash[nstash++], nh, nh->nlmsg_len);
		}
	}
}

static int config(int fd, int q, int cmd, int mode, uint32_t range,
		  int has_flags, uint32_t flags, int has_mask, uint32_t mask,
		  int maxlen)
{
	qmsg(NFQNL_MSG_CONFIG, q);
	if (cmd >= 0) {
		struct nfqnl_msg_config_cmd c = { .command = cmd };

		nft_put(&b, NFQA_CFG_CMD, &c, sizeof(c));
	}
	if (mode >= 0) {
		struct nfqnl_msg_config_params p = {
			.copy_range = htonl(range), .copy_mode = mode
		};

		nft_put(&b, NFQA_CFG_PARAMS, &p, sizeof(p));
	}
	if (maxlen > 0)
		nft_put_be32(&b, NFQA_CFG_QUEUE_MAXLEN, maxlen);
	if (has_mask)
		nft_put_be32(&b, NFQA_CFG_MASK, mask);
	if (has_flags)
		nft_put_be32(&b, NFQA_CFG_FLAGS, flags);
	return qtalk(fd);
}

static void bind_queue(int fd, int q, uint32_t range)
{
	int ret = config(fd, q, NFQNL_CFG_CMD_BIND, NFQNL_COPY_PACKET, range,
			 0, 0, 0, 0, 0);

	if (ret)
		tst_brk(TBROK, "bind queue %d: %s", q, tst_strerrno(-ret));
}

/* A verdict for id (type VERDICT or VERDICT_BATCH), optional payload. */
static int verdict_to(int fd, int q, int type, uint32_t v, uint32_t id,
		      int mark, const void *pl, int plen)
{
	struct nfqnl_msg_verdict_hdr h = { htonl(v), htonl(id) };

	qmsg(type, q);
	if (v != (uint32_t)-1)
		nft_put(&b, NFQA_VERDICT_HDR, &h, sizeof(h));
	if (mark)
		nft_put_be32(&b, NFQA_MARK, mark);
	if (pl)
		nft_put(&b, NFQA_PAYLOAD, pl, plen);
	return qtalk(fd);
}

static void give_verdict(uint32_t v, uint32_t id, int mark, const void *pl,
		    int plen)
{
	int ret = verdict_to(nfq, QNUM, NFQNL_MSG_VERDICT, v, id, mark, pl,
			     plen);

	if (ret)
		tst_brk(TBROK, "verdict %u for id %u: %s", v, id,
			tst_strerrno(-ret));
}

static void parse_pkt(struct nlmsghdr *nh, struct qpkt *p)
{
	int gl = NLMSG_ALIGN(sizeof(struct nfgenmsg));
	struct nfgenmsg *g = NLMSG_DATA(nh);
	struct nlattr *a;
	int rem;

	memset(p, 0, sizeof(*p) - sizeof(p->data));
	p->qnum = ntohs(g->res_id);
	nft_attr_each(a, (char *)g + gl, (int)nh->nlmsg_len - NLMSG_HDRLEN - gl,
		      rem) {
		int t = a->nla_type & NLA_TYPE_MASK;

		if (t == NFQA_PACKET_HDR) {
			struct nfqnl_msg_packet_hdr *h = NFT_ATTR_DATA(a);

			p->id = ntohl(h->packet_id);
			p->proto = ntohs(h->hw_protocol);
			p->hook = h->hook;
		} else if (t == NFQA_IFINDEX_INDEV) {
			p->indev = nft_attr_be32(a);
		} else if (t == NFQA_MARK) {
			p->mark = nft_attr_be32(a);
		} else if (t == NFQA_CAP_LEN) {
			p->caplen = nft_attr_be32(a);
		} else if (t == NFQA_PAYLOAD && NFT_ATTR_LEN(a) <= MAXPKT) {
			p->len = NFT_ATTR_LEN(a);
			memcpy(p->data, NFT_ATTR_DATA(a), p->len);
		}
	}
}

/* The next queued packet (bounded wait): 1, or 0 when none came. */
static int get_pkt(struct qpkt *p, int ms)
{
	static char rbuf[65536];
	struct nlmsghdr *nh = (struct nlmsghdr *)rbuf;
	ssize_t n;

	if (nstash) {
		parse_pkt((struct nlmsghdr *)stash[0], p);
		memmove(stash[0], stash[1], sizeof(stash[0]) * --nstash);
		return 1;
	}
	if (!net_poll(nfq, POLLIN, ms))
		return 0;
	n = recv(nfq, rbuf, sizeof(rbuf), 0);
	if (n < 0)
		tst_brk(TBROK | TERRNO, "recv(nfnetlink_queue)");
	if (!NLMSG_OK(nh, (int)n) || nh->nlmsg_type !=
	    ((NFNL_SUBSYS_QUEUE << 8) | NFQNL_MSG_PACKET))
		tst_brk(TBROK, "nfq: message type 0x%x, not a packet",
			nh->nlmsg_type);
	parse_pkt(nh, p);
	return 1;
}

static void must_pkt(struct qpkt *p, const char *what)
{
	if (!get_pkt(p, 10000))
		tst_brk(TBROK, "%s: not queued within %d ms", what,
			net_ms(10000));
}

static uint32_t csum_add(uint32_t sum, const unsigned char *d, int len)
{
	int i;

	for (i = 0; i + 1 < len; i += 2)
		sum += (d[i] << 8) | d[i + 1];
	if (len & 1)
		sum += d[len - 1] << 8;
	return sum;
}

static uint16_t csum_fold(uint32_t sum)
{
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	return ~sum & 0xffff;
}

/* The UDP checksum of an IP packet as it stands: 0 when it verifies. */
static uint16_t udp_check(const unsigned char *pkt)
{
	const unsigned char *udp = pkt + hlen;
	int ulen = (udp[4] << 8) | udp[5];
	uint32_t sum = 17 + ulen;

	if (family == AF_INET)
		sum = csum_add(sum, pkt + 12, 8);
	else
		sum = csum_add(sum, pkt + 8, 32);
	return csum_fold(csum_add(sum, udp, ulen));
}

/* Set the lengths of a packet of len bytes; the checksums when fix. */
static void udp_fix(unsigned char *pkt, int len, int fix)
{
	unsigned char *udp = pkt + hlen;
	int ulen = len - hlen;
	uint16_t c;

	udp[4] = ulen >> 8;
	udp[5] = ulen;
	if (family == AF_INET) {
		pkt[2] = len >> 8;
		pkt[3] = len;
		pkt[10] = pkt[11] = 0;
		c = csum_fold(csum_add(0, pkt, 20));
		pkt[10] = c >> 8;
		pkt[11] = c;
	} else {
		pkt[4] = ulen >> 8;
		pkt[5] = ulen;
	}
	if (!fix)
		return;
	udp[6] = udp[7] = 0;
	c = udp_check(pkt);
	if (!c)
		c = 0xffff;
	udp[6] = c >> 8;
	udp[7] = c;
}

static void send_dgram(const struct sockaddr_storage *to, char fill, int len)
{
	char buf[DLEN];

	memset(buf, fill, sizeof(buf));
	if (sendto(s, buf, len, 0, (const struct sockaddr *)to,
		   sizeof(*to)) != len)
		tst_brk(TBROK | TERRNO, "sendto()");
}

/* A datagram on r within the bound: its length, its fill in *fill. */
static int rcv(int r, char *fill, int ms)
{
	char buf[DLEN + 1];
	ssize_t n;

	if (!net_poll(r, POLLIN, ms))
		return -1;
	n = recv(r, buf, sizeof(buf), MSG_DONTWAIT);
	if (n < 0)
		tst_brk(TBROK | TERRNO, "recv()");
	*fill = n ? buf[0] : 0;
	return n;
}

/* Expect a datagram of len bytes of fill on r. */
static void expect(int r, char fill, int len, const char *what)
{
	char f = 0;
	int n = rcv(r, &f, 10000);

	if (n == len && f == fill)
		tst_res(TPASS, "%s: %d bytes of '%c' delivered", what, n, f);
	else if (n < 0)
		tst_res(TFAIL, "%s: nothing delivered", what);
	else
		tst_res(TFAIL, "%s: %d bytes of '%c', expected %d of '%c'",
			what, n, f, len, fill);
}

/* Nothing queued on r now (after a later datagram arrived behind it). */
static void nothing(int r, const char *what)
{
	char f;
	int n = rcv(r, &f, 0);

	if (n < 0)
		tst_res(TPASS, "%s: not delivered", what);
	else
		tst_res(TFAIL, "%s: %d bytes of '%c' delivered", what, n, f);
}

/* The fields of queue q's line in /proc (0: no such line). */
static int qproc(int q, unsigned int *f)
{
	char line[256];
	FILE *fp;
	int found = 0;

	net_enter(NET_B);
	fp = fopen("/proc/net/netfilter/nfnetlink_queue", "r");
	if (!fp)
		tst_brk(TBROK | TERRNO, "open /proc/net/netfilter/nfnetlink_queue");
	while (!found && fgets(line, sizeof(line), fp))
		found = sscanf(line, "%u %u %u %u %u %u %u %u", &f[0], &f[1],
			       &f[2], &f[3], &f[4], &f[5], &f[6], &f[7]) == 8 &&
			f[0] == (unsigned int)q;
	fclose(fp);
	return found;
}

/*
 * UDP checksum errors of the remote host. An IPv6 datagram dropped by
 * poll() on a blocking socket (first_packet_length()) is counted in the
 * IPv4 UDP MIB, one dropped by recvmsg() in Udp6InCsumErrors: the sum.
 */
static long long csum_errors(void)
{
	long long n = net_snmp(NET_B, "snmp", "Udp:", "InCsumErrors");

	if (family == AF_INET6)
		n += net_snmp6(NET_B, "Udp6InCsumErrors");
	return n;
}

static void add_rules(void)
{
	uint32_t mark = MARK;
	int ret;

	net_enter(NET_B);
	nft_begin(&b, NFPROTO_INET, TABLE);
	nft_add_table(&b, 0);
	nft_add_chain(&b, "input", "filter", NF_INET_LOCAL_IN, 0, NF_ACCEPT,
		      0);
	nft_add_chain(&b, "after", "filter", NF_INET_LOCAL_IN, 10, NF_ACCEPT,
		      0);
	nft_rule_begin(&b, "input", 0);
	nft_match_nfproto(&b, nft_nfproto(family));
	nft_match_l4dport(&b, IPPROTO_UDP, net_port(&a1));
	nft_expr_begin(&b, "queue");
	nft_put(&b, NFTA_QUEUE_NUM, &(uint16_t){ htons(QNUM) }, 2);
	nft_expr_end(&b);
	nft_rule_end(&b);
	nft_rule_begin(&b, "input", 0);
	nft_match_nfproto(&b, nft_nfproto(family));
	nft_match_l4dport(&b, IPPROTO_UDP, net_port(&a2));
	nft_expr_begin(&b, "queue");
	nft_put(&b, NFTA_QUEUE_NUM, &(uint16_t){ htons(QBYPASS) }, 2);
	nft_put(&b, NFTA_QUEUE_FLAGS,
		&(uint16_t){ htons(NFT_QUEUE_FLAG_BYPASS) }, 2);
	nft_expr_end(&b);
	nft_rule_end(&b);
	nft_rule_begin(&b, "after", 0);
	nft_meta(&b, NFT_META_MARK, NFT_REG_1);
	nft_cmp(&b, NFT_REG_1, NFT_CMP_EQ, &mark, 4);
	nft_counter(&b);
	nft_rule_end(&b);
	ret = nft_commit(&b);
	/* a config with CONFIG_NFT_QUEUE=m and no module to load */
	if (ret == -ENOENT)
		tst_brk(TCONF, "no nft queue expression (nft_queue not loadable)");
	if (ret)
		tst_brk(TBROK, "table, chains and queue rules: %s",
			tst_strerrno(-ret));
}

static uint64_t mark_count(void)
{
	struct nft_rule_info r;

	net_enter(NET_B);
	if (nft_rules(NFPROTO_INET, TABLE, "after", &r, 1) != 1)
		tst_brk(TBROK, "dump of chain after");
	return nft_rule_expr(&r, "counter")->packets;
}

static void errors(void)
{
	uint32_t pid = nl_portid(nfq);
	unsigned int f[8];

	nft_exp(config(nfq2, QNUM, NFQNL_CFG_CMD_BIND, -1, 0, 0, 0, 0, 0, 0),
		-EPERM, "BIND of another socket's queue");
	nft_exp(config(nfq2, QNUM, -1, NFQNL_COPY_META, 0, 0, 0, 0, 0, 0),
		-EPERM, "parameters of another socket's queue");
	nft_exp(config(nfq, QNUM, NFQNL_CFG_CMD_BIND, -1, 0, 0, 0, 0, 0, 0),
		-EBUSY, "BIND of the queue again");
	nft_exp(config(nfq, QNUM, 9, -1, 0, 0, 0, 0, 0, 0), -EOPNOTSUPP,
		"config command 9");
	nft_exp(config(nfq, QFREE, NFQNL_CFG_CMD_UNBIND, -1, 0, 0, 0, 0, 0, 0),
		-ENODEV, "UNBIND of an unbound queue");
	nft_exp(config(nfq, QFREE, -1, NFQNL_COPY_PACKET, 0, 0, 0, 0, 0, 0),
		-ENODEV, "parameters of an unbound queue");
	nft_exp(config(nfq, QNUM, -1, -1, 0, 1, NFQA_CFG_F_FAIL_OPEN, 0, 0, 0),
		-EINVAL, "NFQA_CFG_FLAGS without NFQA_CFG_MASK");
	nft_exp(config(nfq, QNUM, -1, -1, 0, 1, NFQA_CFG_F_MAX, 1,
		       NFQA_CFG_F_MAX, 0), -EOPNOTSUPP,
		"flag NFQA_CFG_F_MAX");

	nft_exp(verdict_to(nfq, QNUM, NFQNL_MSG_VERDICT, NF_ACCEPT, 12345, 0,
			   NULL, 0), -ENOENT, "verdict for an unknown id");
	nft_exp(verdict_to(nfq2, QNUM, NFQNL_MSG_VERDICT, NF_ACCEPT, 1, 0,
			   NULL, 0), -EPERM, "verdict from another socket");
	nft_exp(verdict_to(nfq, QFREE, NFQNL_MSG_VERDICT, NF_ACCEPT, 1, 0,
			   NULL, 0), -ENODEV, "verdict to an unbound queue");
	nft_exp(verdict_to(nfq, QNUM, NFQNL_MSG_VERDICT, NF_STOLEN, 1, 0,
			   NULL, 0), -EINVAL, "verdict NF_STOLEN");
	nft_exp(verdict_to(nfq, QNUM, NFQNL_MSG_VERDICT, (uint32_t)-1, 1, 0,
			   NULL, 0), -EINVAL, "verdict without a header");
	nft_exp(verdict_to(nfq, QNUM, NFQNL_MSG_VERDICT_BATCH, NF_ACCEPT, 5, 0,
			   NULL, 0), -ENOENT, "batch verdict with nothing queued");

	if (!qproc(QNUM, f)) {
		tst_res(TFAIL, "queue %d not in /proc", QNUM);
		return;
	}
	if (f[1] == pid && f[2] == 0 && f[3] == NFQNL_COPY_PACKET &&
	    f[4] == 0xffff - NLA_HDRLEN && f[7] == 0)
		tst_res(TPASS, "/proc: port id %u, 0 queued, copy mode 2, range 65531 (0 asked), id 0",
			pid);
	else
		tst_res(TFAIL, "/proc: port id %u (ours %u), %u queued, mode %u, range %u, id %u",
			f[1], pid, f[2], f[3], f[4], f[7]);
}

/* The first packet: what the program gets, held until the verdict. */
static void first_packet(void)
{
	int len = hlen + 8 + DLEN, i, ok = 1;
	unsigned int f[8];
	struct qpkt p;

	send_dgram(&a1, 'A', DLEN);
	must_pkt(&p, "first datagram");
	if (p.qnum == QNUM && p.id == 1 && p.hook == NF_INET_LOCAL_IN &&
	    p.proto == (family == AF_INET ? 0x0800 : 0x86dd) &&
	    p.indev == (uint32_t)indev)
		tst_res(TPASS, "queue %u, id 1, hook LOCAL_IN, protocol 0x%04x, indev %u",
			p.qnum, p.proto, p.indev);
	else
		tst_res(TFAIL, "queue %u, id %u, hook %u, protocol 0x%04x, indev %u (net0 %d)",
			p.qnum, p.id, p.hook, p.proto, p.indev, indev);
	for (i = hlen + 8; i < p.len; i++)
		ok &= p.data[i] == 'A';
	if (p.len == len && ok && p.caplen == 0 &&
	    (p.data[0] >> 4) == (family == AF_INET ? 4 : 6))
		tst_res(TPASS, "payload: the %d byte IP packet, data intact", len);
	else
		tst_res(TFAIL, "payload: %d bytes (expected %d), data %s, cap_len %u",
			p.len, len, ok ? "intact" : "wrong", p.caplen);
	NET_EXP_EQ(udp_check(p.data), 0, "UDP checksum of the copy verifies (0)");

	if (qproc(QNUM, f))
		NET_EXP_EQ(f[2], 1, "/proc queue_total while held");
	nothing(r1, "held datagram before its verdict");
	give_verdict(NF_ACCEPT, p.id, MARK, NULL, 0);
	expect(r1, 'A', DLEN, "ACCEPT");
	NET_EXP_EQ(mark_count(), 1, "packets with mark 0x42 in the next chain");
	if (qproc(QNUM, f))
		tst_res(f[2] == 0 && f[7] == 1 ? TPASS : TFAIL,
			"/proc after ACCEPT: queue_total %u, id_sequence %u",
			f[2], f[7]);

	send_dgram(&a1, 'B', DLEN);
	must_pkt(&p, "second datagram");
	NET_EXP_EQ(p.id, 2, "second packet id");
	give_verdict(NF_DROP, p.id, 0, NULL, 0);
	send_dgram(&a1, 'C', DLEN);
	must_pkt(&p, "third datagram");
	give_verdict(NF_ACCEPT, p.id, 0, NULL, 0);
	expect(r1, 'C', DLEN, "datagram after the dropped one");
	nothing(r1, "DROP");
	NET_EXP_EQ(mark_count(), 1, "marked packets (no mark given since)");
}

static void mangle(void)
{
	long long ce = csum_errors();
	struct qpkt p;
	int i, len = hlen + 8 + DLEN;

	send_dgram(&a1, 'D', DLEN);
	must_pkt(&p, "datagram to rewrite");
	memset(p.data + hlen + 8, 'E', DLEN);
	udp_fix(p.data, len, 1);
	give_verdict(NF_ACCEPT, p.id, 0, p.data, len);
	expect(r1, 'E', DLEN, "payload rewritten, checksum recomputed");

	send_dgram(&a1, 'F', DLEN);
	must_pkt(&p, "datagram to shorten");
	memset(p.data + hlen + 8, 'G', 50);
	udp_fix(p.data, hlen + 8 + 50, 1);
	give_verdict(NF_ACCEPT, p.id, 0, p.data, hlen + 8 + 50);
	expect(r1, 'G', 50, "payload shortened to 50 bytes");

	send_dgram(&a1, 'H', DLEN);
	must_pkt(&p, "datagram rewritten with its old checksum");
	for (i = hlen + 8; i < len; i++)
		p.data[i] = 'I';
	/* queued; UDP checks the sum when the socket is polled or read */
	give_verdict(NF_ACCEPT, p.id, 0, p.data, len);

	send_dgram(&a1, 'J', DLEN);
	must_pkt(&p, "datagram cut inside its IP header");
	nft_exp(verdict_to(nfq, QNUM, NFQNL_MSG_VERDICT, NF_ACCEPT, p.id, 0,
			   p.data, hlen - 4), 0,
		"ACCEPT with a payload shorter than the IP header: answered");

	send_dgram(&a1, 'K', DLEN);
	must_pkt(&p, "datagram after the cut one");
	give_verdict(NF_ACCEPT, p.id, 0, NULL, 0);
	expect(r1, 'K', DLEN, "the next datagram");
	nothing(r1, "datagram with the old checksum or cut short");
	NET_EXP_EQ(csum_errors() - ce, 1,
		   "UDP checksum errors (the rewrite with the old checksum)");
}

static void repeat_batch(void)
{
	struct qpkt p, q;
	uint32_t first;
	int i;

	send_dgram(&a1, 'L', DLEN);
	must_pkt(&p, "datagram to repeat");
	give_verdict(NF_REPEAT, p.id, 0, NULL, 0);
	must_pkt(&q, "repeated datagram");
	if (q.id == p.id + 1 && q.len == p.len &&
	    !memcmp(q.data, p.data, p.len))
		tst_res(TPASS, "NF_REPEAT: queued again as id %u, same bytes",
			q.id);
	else
		tst_res(TFAIL, "NF_REPEAT: id %u after %u, %d bytes after %d",
			q.id, p.id, q.len, p.len);
	give_verdict(NF_ACCEPT, q.id, 0, NULL, 0);
	expect(r1, 'L', DLEN, "repeated then accepted");

	for (i = 0; i < 3; i++) {
		send_dgram(&a1, 'M' + i, DLEN);
		must_pkt(&p, "datagram for the batch verdict");
		if (!i)
			first = p.id;
	}
	NET_EXP_EQ(p.id, first + 2, "ids of three queued packets");
	NET_EXP_EQ(verdict_to(nfq, QNUM, NFQNL_MSG_VERDICT_BATCH, NF_ACCEPT,
			      p.id, 0, NULL, 0), 0, "batch ACCEPT up to the third");
	for (i = 0; i < 3; i++)
		expect(r1, 'M' + i, DLEN, "batch verdict, in order");
}

static void copy_range(void)
{
	struct qpkt p;
	unsigned int f[8];

	NET_EXP_EQ(config(nfq, QNUM, -1, NFQNL_COPY_PACKET, 30, 0, 0, 0, 0, 0),
		   0, "copy range 30");
	if (qproc(QNUM, f))
		NET_EXP_EQ(f[4], 30, "/proc copy range");
	send_dgram(&a1, 'P', DLEN);
	must_pkt(&p, "datagram with copy range 30");
	if (p.len == 30 && p.caplen == (uint32_t)(hlen + 8 + DLEN))
		tst_res(TPASS, "30 bytes copied, NFQA_CAP_LEN %u", p.caplen);
	else
		tst_res(TFAIL, "%d bytes copied, NFQA_CAP_LEN %u", p.len,
			p.caplen);
	give_verdict(NF_ACCEPT, p.id, 0, NULL, 0);
	expect(r1, 'P', DLEN, "accepted after a partial copy");
}

static void no_listener(void)
{
	unsigned int f[8];
	struct qpkt p, q;

	NET_EXP_EQ(config(nfq, QNUM, NFQNL_CFG_CMD_UNBIND, -1, 0, 0, 0, 0, 0, 0),
		   0, "UNBIND");
	NET_EXP_EQ(qproc(QNUM, f), 0, "queue in /proc after UNBIND");
	send_dgram(&a1, 'Q', DLEN);
	send_dgram(&a2, 'R', DLEN);
	expect(r2, 'R', DLEN, "queue with bypass, no listener");
	nothing(r1, "queue without bypass, no listener");
	NET_EXP_EQ(get_pkt(&p, 0), 0, "packets to the unbound socket");

	bind_queue(nfq, QNUM, 0);
	NET_EXP_EQ(config(nfq, QNUM, -1, -1, 0, 0, 0, 0, 0, 1), 0,
		   "queue maxlen 1");
	send_dgram(&a1, 'S', DLEN);
	must_pkt(&p, "datagram held in a queue of 1");
	NET_EXP_EQ(p.id, 1, "id after a new BIND");
	send_dgram(&a1, 'T', DLEN);
	send_dgram(&a2, 'U', DLEN);
	expect(r2, 'U', DLEN, "sentinel to the bypass queue");
	if (qproc(QNUM, f))
		tst_res(f[2] == 1 && f[5] == 1 ? TPASS : TFAIL,
			"full queue: queue_total %u, queue_dropped %u",
			f[2], f[5]);
	NET_EXP_EQ(config(nfq, QNUM, -1, -1, 0, 1, NFQA_CFG_F_FAIL_OPEN, 1,
			  NFQA_CFG_F_FAIL_OPEN, 0), 0, "flag FAIL_OPEN");
	send_dgram(&a1, 'V', DLEN);
	expect(r1, 'V', DLEN, "FAIL_OPEN on a full queue");
	NET_EXP_EQ(get_pkt(&q, 0), 0, "packets queued beyond maxlen");
	give_verdict(NF_ACCEPT, p.id, 0, NULL, 0);
	expect(r1, 'S', DLEN, "the held datagram");
	nothing(r1, "datagram beyond maxlen without FAIL_OPEN");
	if (qproc(QNUM, f))
		tst_res(f[5] == 1 && f[7] == 1 ? TPASS : TFAIL,
			"after FAIL_OPEN: queue_dropped %u, id_sequence %u",
			f[5], f[7]);

	SAFE_CLOSE(nfq);
	NET_EXP_EQ(qproc(QNUM, f), 0, "queue in /proc after close()");
}

static void run(unsigned int i)
{
	family = i ? AF_INET6 : AF_INET;
	hlen = family == AF_INET ? 20 : 40;
	tst_res(TINFO, "%s", i ? "IPv6" : "IPv4");

	r1 = net_bound(NET_B, family, SOCK_DGRAM, &a1);
	r2 = net_bound(NET_B, family, SOCK_DGRAM, &a2);
	s = net_bound(NET_A, family, SOCK_DGRAM, NULL);
	add_rules();
	net_enter(NET_B);
	indev = rtnl_ifindex("net0");
	nfq = nl_sock();
	nfq2 = nl_sock();
	nstash = 0;
	bind_queue(nfq, QNUM, 0);

	errors();
	first_packet();
	mangle();
	repeat_batch();
	copy_range();
	no_listener();

	net_enter(NET_B);
	nft_begin(&b, NFPROTO_INET, TABLE);
	nft_del_table(&b, 0);
	nft_commit_safe(&b, "DELTABLE");
	SAFE_CLOSE(nfq2);
	SAFE_CLOSE(r1);
	SAFE_CLOSE(r2);
	SAFE_CLOSE(s);
}

static void setup(void)
{
	/* one backlog: datagrams are handled in the order sent */
	sock_pin_cpu();
	net_hosts_setup();
}

static void cleanup(void)
{
	if (nfq >= 0)
		SAFE_CLOSE(nfq);
	if (nfq2 >= 0)
		SAFE_CLOSE(nfq2);
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.timeout = 60,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_NF_TABLES", "CONFIG_NF_TABLES_INET",
		"CONFIG_NFT_QUEUE", "CONFIG_NETFILTER_NETLINK_QUEUE", NULL
	},
};
