// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Conntrack zones set by nf_tables (ct zone set, before conntrack on the
 * local host's output hook), IPv4 and IPv6. Four UDP sockets of the
 * local host share one address and port (SO_REUSEPORT) and send to the
 * same remote port, so their datagrams have one tuple; SO_MARK picks the
 * zone:
 * - ct zone set with a direction of 2 EINVAL;
 * - no mark, mark 1 and mark 2: three entries of the same tuple in
 *   /proc/net/nf_conntrack, in zones 0 (no zone= field), 1 and 2, all
 *   [UNREPLIED]; a second socket with mark 1 finds the zone 1 entry (no
 *   fourth); nf_conntrack_count grew by exactly 3; all four datagrams
 *   arrive;
 * - the remote's answer, which carries no mark and so no zone, is the
 *   reply of the zone 0 entry only: that one loses [UNREPLIED], the
 *   zone 1 and 2 entries keep it, and the answer is delivered;
 * - deleting the table leaves the three entries.
 */
#include "tst_test.h"
#include "net_hosts.h"
#include "net_nft.h"

#define TABLE "ltp_zone"
#define NSOCK 4

static struct nft_batch b;
static int family;
static int s[NSOCK] = { -1, -1, -1, -1 }, r = -1;
static struct sockaddr_storage la, ra;

static void zone_rule(uint32_t mark, uint16_t zone, int dir)
{
	nft_rule_begin(&b, "out", 0);
	nft_meta(&b, NFT_META_MARK, NFT_REG_1);
	nft_cmp(&b, NFT_REG_1, NFT_CMP_EQ, &mark, 4);
	nft_immediate(&b, NFT_REG_1, &zone, 2);
	nft_expr_begin(&b, "ct");
	nft_put_be32(&b, NFTA_CT_KEY, NFT_CT_ZONE);
	nft_put_be32(&b, NFTA_CT_SREG, NFT_REG_1);
	if (dir >= 0)
		nft_put_u8(&b, NFTA_CT_DIRECTION, dir);
	nft_expr_end(&b);
	nft_rule_end(&b);
}

static void add_table(void)
{
	net_enter(NET_A);
	nft_begin(&b, NFPROTO_INET, TABLE);
	nft_add_table(&b, 0);
	nft_add_chain(&b, "out", "filter", NF_INET_LOCAL_OUT, -300, NF_ACCEPT,
		      0);
	nft_commit_safe(&b, "table and raw output chain");

	nft_begin(&b, NFPROTO_INET, TABLE);
	zone_rule(3, 3, 2);
	nft_exp(nft_commit(&b), -EINVAL, "ct zone set with direction 2");

	nft_begin(&b, NFPROTO_INET, TABLE);
	zone_rule(1, 1, -1);
	zone_rule(2, 2, -1);
	nft_commit_safe(&b, "ct zone rules");
}

static long long ct_count(void)
{
	char buf[32];

	net_sysctl_read(NET_A, "net/netfilter/nf_conntrack_count", buf,
			sizeof(buf));
	return atoll(buf);
}

struct zone_entries {
	int n;
	int zone[8];
	int unreplied[8];
};

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

/* The entries of the shared tuple in the local host's table. */
static void entries(struct zone_entries *z)
{
	char line[512], tuple[200], a1[64], a2[64];
	FILE *fp;

	memset(z, 0, sizeof(*z));
	ct_ntop(&la, a1, sizeof(a1));
	ct_ntop(&ra, a2, sizeof(a2));
	snprintf(tuple, sizeof(tuple), "src=%s dst=%s sport=%u dport=%u ",
		 a1, a2, net_port(&la), net_port(&ra));
	net_enter(NET_A);
	fp = fopen("/proc/net/nf_conntrack", "r");
	if (!fp)
		tst_brk(TBROK | TERRNO, "open /proc/net/nf_conntrack");
	while (fgets(line, sizeof(line), fp)) {
		char *zp;

		if (!strstr(line, tuple) || z->n == 8)
			continue;
		zp = strstr(line, "zone=");
		z->zone[z->n] = zp ? atoi(zp + 5) : 0;
		z->unreplied[z->n] = !!strstr(line, "[UNREPLIED]");
		z->n++;
	}
	fclose(fp);
}

/* Entry of zone in z: 1 unreplied, 0 replied, -1 none. */
static int zone_state(const struct zone_entries *z, int zone)
{
	int i;

	for (i = 0; i < z->n; i++)
		if (z->zone[i] == zone)
			return z->unreplied[i];
	return -1;
}

static void expect_dgram(int fd, char c, const char *what)
{
	char buf[8];
	ssize_t n;

	if (!net_poll(fd, POLLIN, 10000)) {
		tst_res(TFAIL, "%s: nothing within %d ms", what,
			net_ms(10000));
		return;
	}
	n = recv(fd, buf, sizeof(buf), MSG_DONTWAIT);
	if (n == 1 && buf[0] == c)
		tst_res(TPASS, "%s: arrived", what);
	else
		tst_res(TFAIL, "%s: %zd bytes '%c', expected '%c'", what, n,
			n > 0 ? buf[0] : '?', c);
}

static void run(unsigned int i)
{
	static const uint32_t marks[NSOCK] = { 0, 1, 2, 1 };
	struct zone_entries z;
	int one = 1, k, got;
	long long c0;
	struct pollfd pfd[NSOCK];
	socklen_t len;
	char ch;

	family = i ? AF_INET6 : AF_INET;
	tst_res(TINFO, "%s", i ? "IPv6" : "IPv4");
	r = net_bound(NET_B, family, SOCK_DGRAM, &ra);
	len = net_addr(NET_A, family, 0, &la);
	for (k = 0; k < NSOCK; k++) {
		s[k] = net_socket(NET_A, family, SOCK_DGRAM);
		if (setsockopt(s[k], SOL_SOCKET, SO_REUSEPORT, &one,
			       sizeof(one)))
			tst_brk(TBROK | TERRNO, "SO_REUSEPORT");
		if (marks[k] && setsockopt(s[k], SOL_SOCKET, SO_MARK,
					   &marks[k], sizeof(marks[k])))
			tst_brk(TBROK | TERRNO, "SO_MARK");
		if (bind(s[k], (struct sockaddr *)&la, len))
			tst_brk(TBROK | TERRNO, "bind() of socket %d", k);
		if (!k && getsockname(s[0], (struct sockaddr *)&la, &len))
			tst_brk(TBROK | TERRNO, "getsockname()");
	}
	add_table();
	c0 = ct_count();

	for (k = 0; k < NSOCK; k++) {
		ch = '0' + k;
		if (sendto(s[k], &ch, 1, 0, (struct sockaddr *)&ra,
			   sizeof(ra)) != 1)
			tst_brk(TBROK | TERRNO, "sendto() from socket %d", k);
		expect_dgram(r, ch, marks[k] ? "datagram with a mark" :
			     "datagram without a mark");
	}
	entries(&z);
	if (z.n == 3 && zone_state(&z, 0) == 1 && zone_state(&z, 1) == 1 &&
	    zone_state(&z, 2) == 1)
		tst_res(TPASS, "one tuple, entries in zones 0, 1 and 2, all [UNREPLIED]");
	else
		tst_res(TFAIL, "%d entries of the tuple; zone 0: %d, 1: %d, 2: %d (1 unreplied, 0 replied, -1 none)",
			z.n, zone_state(&z, 0), zone_state(&z, 1),
			zone_state(&z, 2));
	NET_EXP_EQ(ct_count() - c0, 3, "nf_conntrack_count growth");

	net_enter(NET_B);
	if (sendto(r, "R", 1, 0, (struct sockaddr *)&la, sizeof(la)) != 1)
		tst_brk(TBROK | TERRNO, "sendto() of the answer");
	for (k = 0; k < NSOCK; k++)
		pfd[k] = (struct pollfd){ .fd = s[k], .events = POLLIN };
	got = poll(pfd, NSOCK, net_ms(10000));
	for (k = 0; got > 0 && k < NSOCK; k++)
		if (pfd[k].revents & POLLIN)
			break;
	if (got > 0 && k < NSOCK)
		expect_dgram(s[k], 'R', "the answer to the shared port");
	else
		tst_res(TFAIL, "the answer to the shared port: nothing");
	entries(&z);
	if (z.n == 3 && zone_state(&z, 0) == 0 && zone_state(&z, 1) == 1 &&
	    zone_state(&z, 2) == 1)
		tst_res(TPASS, "the answer replied to zone 0 only, zones 1 and 2 still [UNREPLIED]");
	else
		tst_res(TFAIL, "after the answer: %d entries; zone 0: %d, 1: %d, 2: %d (1 unreplied, 0 replied, -1 none)",
			z.n, zone_state(&z, 0), zone_state(&z, 1),
			zone_state(&z, 2));

	net_enter(NET_A);
	nft_begin(&b, NFPROTO_INET, TABLE);
	nft_del_table(&b, 0);
	nft_commit_safe(&b, "DELTABLE");
	entries(&z);
	NET_EXP_EQ(z.n, 3, "entries of the tuple after DELTABLE");

	for (k = 0; k < NSOCK; k++)
		SAFE_CLOSE(s[k]);
	SAFE_CLOSE(r);
}

static void setup(void)
{
	net_hosts_setup();
}

static void cleanup(void)
{
	int k;

	for (k = 0; k < NSOCK; k++)
		if (s[k] >= 0)
			SAFE_CLOSE(s[k]);
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.timeout = 60,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_NF_TABLES", "CONFIG_NF_TABLES_INET", "CONFIG_NFT_CT",
		"CONFIG_NF_CONNTRACK_ZONES", "CONFIG_NF_CONNTRACK_PROCFS", NULL
	},
};
