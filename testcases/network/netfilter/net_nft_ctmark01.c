// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Connection marks with nf_tables in the local host, IPv4 and IPv6: the
 * output hook saves the packet mark (SO_MARK) in the conntrack entry
 * ("ct mark set meta mark"), the input hook restores it on the replies
 * ("meta mark set ct mark" for ct mark 7); the remote host only echoes:
 * - ct mark set with a direction EINVAL;
 * - a socket with SO_MARK 7: its entry in /proc/net/nf_conntrack reads
 *   mark=7; the echo, whose mark the veth into the other namespace
 *   cleared, reaches the socket with mark 7 in its SO_RCVMARK control
 *   message;
 * - a socket without a mark: entry mark=0, its echo carries mark 0 and
 *   the restore rule's counter does not move (it counts exactly the one
 *   marked echo), the save rule counted both datagrams.
 */
#include "tst_test.h"
#include "net_hosts.h"
#include "net_nft.h"

#define TABLE "ltp_ctmark"
#define MARK 7

static struct nft_batch b;
static int family;

static void ct_set_mark(int dir)
{
	nft_expr_begin(&b, "ct");
	nft_put_be32(&b, NFTA_CT_KEY, NFT_CT_MARK);
	nft_put_be32(&b, NFTA_CT_SREG, NFT_REG_1);
	if (dir >= 0)
		nft_put_u8(&b, NFTA_CT_DIRECTION, dir);
	nft_expr_end(&b);
}

static void add_rules(unsigned short port)
{
	uint32_t mark = MARK;

	net_enter(NET_A);
	nft_begin(&b, NFPROTO_INET, TABLE);
	nft_add_table(&b, 0);
	nft_add_chain(&b, "out", "filter", NF_INET_LOCAL_OUT, 0, NF_ACCEPT, 0);
	nft_add_chain(&b, "in", "filter", NF_INET_LOCAL_IN, 0, NF_ACCEPT, 0);
	nft_commit_safe(&b, "table and chains");

	nft_begin(&b, NFPROTO_INET, TABLE);
	nft_rule_begin(&b, "out", 0);
	nft_meta(&b, NFT_META_MARK, NFT_REG_1);
	ct_set_mark(0);
	nft_rule_end(&b);
	nft_exp(nft_commit(&b), -EINVAL, "ct mark set with a direction");

	nft_begin(&b, NFPROTO_INET, TABLE);
	nft_rule_begin(&b, "out", 0);
	nft_match_nfproto(&b, nft_nfproto(family));
	nft_match_l4dport(&b, IPPROTO_UDP, port);
	nft_meta(&b, NFT_META_MARK, NFT_REG_1);
	ct_set_mark(-1);
	nft_counter(&b);
	nft_rule_end(&b);
	nft_rule_begin(&b, "in", 0);
	nft_match_nfproto(&b, nft_nfproto(family));
	nft_ct(&b, NFT_CT_MARK, NFT_REG_1);
	nft_cmp(&b, NFT_REG_1, NFT_CMP_EQ, &mark, 4);
	nft_expr_begin(&b, "meta");
	nft_put_be32(&b, NFTA_META_KEY, NFT_META_MARK);
	nft_put_be32(&b, NFTA_META_SREG, NFT_REG_1);
	nft_expr_end(&b);
	nft_counter(&b);
	nft_rule_end(&b);
	nft_commit_safe(&b, "save and restore rules");
}

static uint64_t count(const char *chain)
{
	struct nft_rule_info r;

	net_enter(NET_A);
	if (nft_rules(NFPROTO_INET, TABLE, chain, &r, 1) != 1)
		tst_brk(TBROK, "dump of chain %s", chain);
	return nft_rule_expr(&r, "counter")->packets;
}

/* An address as the conntrack table prints it (%pI4, %pI6: no "::"). */
static void ct_ntop(struct sockaddr_storage *ss, char *buf, size_t len)
{
	const unsigned char *a = net_rawaddr(ss);
	int k;

	if (ss->ss_family == AF_INET) {
		snprintf(buf, len, "%u.%u.%u.%u", a[0], a[1], a[2], a[3]);
		return;
	}
	buf[0] = 0;
	for (k = 0; k < 16; k += 2)
		snprintf(buf + strlen(buf), len - strlen(buf), "%s%02x%02x",
			 k ? ":" : "", a[k], a[k + 1]);
}

/* The mark= of the entry from la to ra in the local table, -1: none. */
static long ct_entry_mark(struct sockaddr_storage *la,
			  struct sockaddr_storage *ra)
{
	char line[512], tuple[200], a1[64], a2[64], *m;
	long mark = -1;
	FILE *fp;

	ct_ntop(la, a1, sizeof(a1));
	ct_ntop(ra, a2, sizeof(a2));
	snprintf(tuple, sizeof(tuple), "src=%s dst=%s sport=%u dport=%u ",
		 a1, a2, net_port(la), net_port(ra));
	net_enter(NET_A);
	fp = fopen("/proc/net/nf_conntrack", "r");
	if (!fp)
		tst_brk(TBROK | TERRNO, "open /proc/net/nf_conntrack");
	while (fgets(line, sizeof(line), fp)) {
		if (!strstr(line, tuple))
			continue;
		m = strstr(line, " mark=");
		mark = m ? strtol(m + 6, NULL, 10) : -2;
	}
	fclose(fp);
	return mark;
}

/* Send from s to the remote's echo socket r, echo back; the mark seen. */
static long round_trip(int s, int r, struct sockaddr_storage *to, char c)
{
	char cbuf[CMSG_SPACE(sizeof(uint32_t))], buf[4];
	struct sockaddr_storage from;
	socklen_t flen = sizeof(from);
	struct iovec iov = { buf, sizeof(buf) };
	struct msghdr msg = {
		.msg_iov = &iov, .msg_iovlen = 1,
		.msg_control = cbuf, .msg_controllen = sizeof(cbuf),
	};
	struct cmsghdr *cm;
	long mark = -1;

	if (sendto(s, &c, 1, 0, (struct sockaddr *)to, sizeof(*to)) != 1)
		tst_brk(TBROK | TERRNO, "sendto()");
	net_wait(r, POLLIN);
	if (recvfrom(r, buf, sizeof(buf), 0, (struct sockaddr *)&from,
		     &flen) != 1)
		tst_brk(TBROK | TERRNO, "recvfrom() at the remote");
	if (sendto(r, buf, 1, 0, (struct sockaddr *)&from, flen) != 1)
		tst_brk(TBROK | TERRNO, "sendto() of the echo");
	net_wait(s, POLLIN);
	if (recvmsg(s, &msg, 0) != 1 || buf[0] != c)
		tst_brk(TBROK | TERRNO, "recvmsg() of the echo");
	for (cm = CMSG_FIRSTHDR(&msg); cm; cm = CMSG_NXTHDR(&msg, cm))
		if (cm->cmsg_level == SOL_SOCKET && cm->cmsg_type == SO_MARK) {
			uint32_t v;

			memcpy(&v, CMSG_DATA(cm), sizeof(v));
			mark = v;
		}
	return mark;
}

static void run(unsigned int i)
{
	struct sockaddr_storage ra, l1, l2;
	int r, s1, s2, one = 1, mark = MARK;

	family = i ? AF_INET6 : AF_INET;
	tst_res(TINFO, "%s", i ? "IPv6" : "IPv4");
	r = net_bound(NET_B, family, SOCK_DGRAM, &ra);
	s1 = net_bound(NET_A, family, SOCK_DGRAM, &l1);
	s2 = net_bound(NET_A, family, SOCK_DGRAM, &l2);
	if (setsockopt(s1, SOL_SOCKET, SO_MARK, &mark, sizeof(mark)))
		tst_brk(TBROK | TERRNO, "SO_MARK");
	if (setsockopt(s1, SOL_SOCKET, SO_RCVMARK, &one, sizeof(one)) ||
	    setsockopt(s2, SOL_SOCKET, SO_RCVMARK, &one, sizeof(one))) {
		if (errno == ENOPROTOOPT)
			tst_brk(TCONF, "no SO_RCVMARK (before 5.19)");
		tst_brk(TBROK | TERRNO, "SO_RCVMARK");
	}
	add_rules(net_port(&ra));

	NET_EXP_EQ(round_trip(s1, r, &ra, 'a'), MARK,
		   "SO_RCVMARK of the echo to the socket with mark 7");
	NET_EXP_EQ(ct_entry_mark(&l1, &ra), MARK,
		   "mark= of its conntrack entry");
	NET_EXP_EQ(count("in"), 1, "restore rule: packets");

	NET_EXP_EQ(round_trip(s2, r, &ra, 'b'), 0,
		   "SO_RCVMARK of the echo to the socket without a mark");
	NET_EXP_EQ(ct_entry_mark(&l2, &ra), 0,
		   "mark= of the unmarked socket's entry");
	NET_EXP_EQ(count("in"), 1, "restore rule: packets after the unmarked echo");
	NET_EXP_EQ(count("out"), 2, "save rule: packets");

	net_enter(NET_A);
	nft_begin(&b, NFPROTO_INET, TABLE);
	nft_del_table(&b, 0);
	nft_commit_safe(&b, "DELTABLE");
	SAFE_CLOSE(r);
	SAFE_CLOSE(s1);
	SAFE_CLOSE(s2);
}

static void setup(void)
{
	net_hosts_setup();
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.timeout = 60,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_NF_TABLES", "CONFIG_NF_TABLES_INET", "CONFIG_NFT_CT",
		"CONFIG_NF_CONNTRACK_MARK", "CONFIG_NF_CONNTRACK_PROCFS", NULL
	},
};
