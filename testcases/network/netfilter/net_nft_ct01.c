// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A stateful nf_tables rule set on the local host's input hook (an inet
 * table), IPv4 and IPv6:
 *
 *	set ok { ct state established, related }	(a named set)
 *	input: ct state @ok counter accept
 *	       ct state new counter drop
 *
 * - local -> remote TCP works: the connection is established and
 *   16 KiB go each way intact (the answers are established);
 * - conntrack shows it: nf_conntrack_count of local is at least 1 and
 *   /proc/net/nf_conntrack (CONFIG_NF_CONNTRACK_PROCFS) has the entry
 *   with its ports, ESTABLISHED and [ASSURED];
 * - remote -> local TCP does not: connect() with TCP_SYNCNT 1 ends in
 *   ETIMEDOUT, local's listener never sees it;
 * - UDP: a datagram remote sends first is dropped (new); after local
 *   sent to remote, remote's answer on the same ports arrives
 *   (established), and it is the first thing local reads;
 * - related: the ICMP port unreachable answering local's datagram to a
 *   closed port of remote is accepted, the connected socket gets
 *   ECONNREFUSED;
 * - the "new" rule's counter holds exactly what was dropped: the SYN
 *   and at most one retransmission (IP header + 40 bytes each) and the
 *   datagram; the established/related rule counted packets too.
 */
#include <netinet/tcp.h>
#include "tst_test.h"
#include "net_hosts.h"
#include "net_nft.h"

#define TABLE "ltp_ct"
#define DATA_LEN (16 * 1024)

static struct nft_batch b;
static char tx[DATA_LEN], rx[DATA_LEN];

static void add_rules(void)
{
	uint32_t ok[2] = {
		NF_CT_STATE_BIT(IP_CT_ESTABLISHED),
		NF_CT_STATE_BIT(IP_CT_RELATED),
	};
	uint32_t new = NF_CT_STATE_BIT(IP_CT_NEW);

	net_enter(NET_A);
	nft_begin(&b, NFPROTO_INET, TABLE);
	nft_add_table(&b, 0);
	nft_add_set(&b, "ok", sizeof(uint32_t), 0, 1);
	/* ct state is a host-order word in the register */
	nft_add_elems(&b, "ok", ok, sizeof(uint32_t), 2);
	nft_add_chain(&b, "input", "filter", NF_INET_LOCAL_IN, 0, NF_ACCEPT,
		      0);
	nft_rule_begin(&b, "input", 0);
	nft_ct(&b, NFT_CT_STATE, NFT_REG_1);
	nft_lookup(&b, "ok", NFT_REG_1, 0);
	nft_counter(&b);
	nft_verdict(&b, NF_ACCEPT, NULL);
	nft_rule_end(&b);
	nft_rule_begin(&b, "input", 0);
	nft_ct(&b, NFT_CT_STATE, NFT_REG_1);
	nft_cmp(&b, NFT_REG_1, NFT_CMP_EQ, &new, sizeof(new));
	nft_counter(&b);
	nft_verdict(&b, NF_DROP, NULL);
	nft_rule_end(&b);
	nft_commit_safe(&b, "table, set, input chain, ct rules");
}

static void local_to_remote(int family, int *cfd, int *sfd)
{
	size_t i;
	int ok;

	net_tcp_pair(NET_A, NET_B, family, cfd, sfd);
	for (i = 0; i < DATA_LEN; i++)
		tx[i] = i * 31 + 7;
	ok = !net_write_all(*cfd, tx, DATA_LEN) &&
	     net_read_all(*sfd, rx, DATA_LEN) == DATA_LEN &&
	     !memcmp(tx, rx, DATA_LEN) &&
	     !net_write_all(*sfd, tx, DATA_LEN) &&
	     net_read_all(*cfd, rx, DATA_LEN) == DATA_LEN &&
	     !memcmp(tx, rx, DATA_LEN);
	if (ok)
		tst_res(TPASS, "local -> remote TCP: connected, 16 KiB each way intact");
	else
		tst_res(TFAIL, "local -> remote TCP: data did not arrive intact");
}

/* local's conntrack table has the connection cfd as ESTABLISHED. */
static void ct_visible(int family, int cfd)
{
	struct sockaddr_storage self, peer;
	socklen_t len = sizeof(self);
	char want[64], line[512], cnt[32];
	int found = 0;
	FILE *f;

	getsockname(cfd, (struct sockaddr *)&self, &len);
	len = sizeof(peer);
	getpeername(cfd, (struct sockaddr *)&peer, &len);
	snprintf(want, sizeof(want), "sport=%u dport=%u ", net_port(&self),
		 net_port(&peer));

	net_sysctl_read(NET_A, "net/netfilter/nf_conntrack_count", cnt,
			sizeof(cnt));
	if (atoi(cnt) >= 1)
		tst_res(TPASS, "nf_conntrack_count of local: %s", cnt);
	else
		tst_res(TFAIL, "nf_conntrack_count of local: %s, expected >= 1",
			cnt);

	f = fopen("/proc/net/nf_conntrack", "r");
	if (!f) {
		tst_res(TCONF | TERRNO, "no /proc/net/nf_conntrack (CONFIG_NF_CONNTRACK_PROCFS)");
		return;
	}
	while (fgets(line, sizeof(line), f)) {
		if (strncmp(line, family == AF_INET ? "ipv4 " : "ipv6 ", 5) ||
		    !strstr(line, " tcp ") || !strstr(line, want))
			continue;
		found = 1;
		break;
	}
	fclose(f);
	if (!found)
		tst_res(TFAIL, "no tcp entry with %sin /proc/net/nf_conntrack",
			want);
	else if (strstr(line, " ESTABLISHED ") && strstr(line, "[ASSURED]"))
		tst_res(TPASS, "/proc/net/nf_conntrack: the connection is ESTABLISHED and [ASSURED]");
	else
		tst_res(TFAIL, "/proc/net/nf_conntrack: %s", line);
}

static void remote_to_local(int family)
{
	struct sockaddr_storage ss;
	int lfd = net_listener(NET_A, family, &ss);
	int fd = net_socket(NET_B, family, SOCK_STREAM);
	int one = 1, err = 0;
	socklen_t elen = sizeof(err);

	if (setsockopt(fd, IPPROTO_TCP, TCP_SYNCNT, &one, sizeof(one)))
		tst_brk(TBROK | TERRNO, "setsockopt(TCP_SYNCNT)");
	net_set_nonblock(fd, 1);
	if (!connect(fd, (struct sockaddr *)&ss, sizeof(ss)) ||
	    errno != EINPROGRESS) {
		tst_res(TFAIL | TERRNO, "remote -> local connect() did not wait");
	} else if (!net_poll(fd, POLLOUT, 30000)) {
		tst_res(TFAIL, "remote -> local connect() with TCP_SYNCNT 1 pending after %d ms",
			net_ms(30000));
	} else {
		getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &elen);
		if (err == ETIMEDOUT)
			tst_res(TPASS, "remote -> local TCP (ct state new) dropped: connect() ETIMEDOUT");
		else
			tst_res(TFAIL, "remote -> local connect(): %s, expected ETIMEDOUT",
				err ? tst_strerrno(err) : "connected");
	}
	if (net_poll(lfd, POLLIN, 0))
		tst_res(TFAIL, "local's listener got a connection from remote");
	close(fd);
	close(lfd);
}

/* The packets the "ct state new" drop rule counted. */
static long long new_dropped(void)
{
	struct nft_rule_info r[3];
	const struct nft_expr_info *c;

	net_enter(NET_A);
	if (nft_rules(NFPROTO_INET, TABLE, "input", r, 3) != 2 ||
	    !(c = nft_rule_expr(&r[1], "counter")))
		tst_brk(TBROK, "no counter in the second rule's dump");
	return c->packets;
}

static void udp_state(int family)
{
	struct sockaddr_storage aa, ba, from;
	int ua = net_bound(NET_A, family, SOCK_DGRAM, &aa);
	int ub = net_bound(NET_B, family, SOCK_DGRAM, &ba);
	socklen_t flen = sizeof(from);
	long long before = new_dropped();
	long long t0 = tst_mono_ms();
	char buf[16];
	ssize_t n;

	if (sendto(ub, "early", 5, 0, (struct sockaddr *)&aa, sizeof(aa)) != 5)
		tst_brk(TBROK | TERRNO, "sendto(early)");
	/*
	 * local must have dropped it before it sends itself: once local's
	 * datagram made the flow, the same one would be established
	 */
	while (new_dropped() == before) {
		if (tst_mono_ms() - t0 > net_ms(10000)) {
			tst_res(TFAIL, "UDP: the \"new\" rule did not count remote's first datagram in %d ms",
				net_ms(10000));
			break;
		}
		usleep(1000);
	}
	if (sendto(ua, "ping", 4, 0, (struct sockaddr *)&ba, sizeof(ba)) != 4)
		tst_brk(TBROK | TERRNO, "sendto(ping)");
	net_wait(ub, POLLIN);
	n = recvfrom(ub, buf, sizeof(buf), MSG_DONTWAIT,
		     (struct sockaddr *)&from, &flen);
	if (n != 4 || memcmp(buf, "ping", 4))
		tst_brk(TBROK, "remote read %zd bytes instead of ping", n);
	if (sendto(ub, "pong", 4, 0, (struct sockaddr *)&from, flen) != 4)
		tst_brk(TBROK | TERRNO, "sendto(pong)");
	if (!net_poll(ua, POLLIN, 10000)) {
		tst_res(TFAIL, "UDP: remote's answer (established) did not arrive");
	} else {
		n = recv(ua, buf, sizeof(buf), MSG_DONTWAIT);
		if (n == 4 && !memcmp(buf, "pong", 4))
			tst_res(TPASS, "UDP: remote's first datagram (new) dropped, its answer (established) arrived");
		else
			tst_res(TFAIL, "UDP: local read %zd bytes (%.*s) first",
				n, n > 0 ? (int)n : 0, buf);
	}
	if (recv(ua, buf, sizeof(buf), MSG_DONTWAIT) >= 0)
		tst_res(TFAIL, "UDP: local read a second datagram");
	close(ua);
	close(ub);
}

static void related(int family)
{
	struct sockaddr_storage ba;
	int ub = net_bound(NET_B, family, SOCK_DGRAM, &ba);
	int s = net_socket(NET_A, family, SOCK_DGRAM);
	int tries;
	char c;

	close(ub);	/* the port is closed now */
	if (connect(s, (struct sockaddr *)&ba, sizeof(ba)))
		tst_brk(TBROK | TERRNO, "connect(UDP)");
	/* ICMP errors are rate limited: send again if none came back */
	for (tries = 0; tries < 5; tries++) {
		if (send(s, "x", 1, 0) != 1)
			tst_brk(TBROK | TERRNO, "send()");
		if (net_poll(s, POLLIN, 2000) & POLLERR)
			break;
	}
	if (tries == 5)
		tst_res(TFAIL, "related: no ICMP port unreachable got through in 5 tries");
	else
		TST_EXP_FAIL(recv(s, &c, 1, MSG_DONTWAIT), ECONNREFUSED,
			     "related: the ICMP error of a tracked flow is accepted, recv()");
	close(s);
}

static void counters(int family)
{
	struct nft_rule_info r[3];
	const struct nft_expr_info *est, *new;
	long long syn = nft_iph_len(family) + 40;
	long long dgram = nft_iph_len(family) + 8 + 5;
	long long syns;
	int n;

	net_enter(NET_A);
	n = nft_rules(NFPROTO_INET, TABLE, "input", r, 3);
	if (n != 2) {
		tst_res(TFAIL, "%d rules in the dump, expected 2", n);
		return;
	}
	est = nft_rule_expr(&r[0], "counter");
	new = nft_rule_expr(&r[1], "counter");
	if (!est || !new || !nft_rule_expr(&r[0], "lookup") ||
	    !nft_rule_expr(&r[1], "ct")) {
		tst_res(TFAIL, "the rules' dump lacks ct, lookup or counter");
		return;
	}
	syns = (long long)new->packets - 1;
	if (syns >= 1 && syns <= 2 &&
	    (long long)new->bytes == syns * syn + dgram)
		tst_res(TPASS, "ct state new drop rule: %llu packets (%lld SYNs, 1 datagram), %llu bytes",
			(unsigned long long)new->packets, syns,
			(unsigned long long)new->bytes);
	else
		tst_res(TFAIL, "ct state new drop rule: %llu packets %llu bytes, expected 1 or 2 SYNs of %lld and one %lld byte datagram",
			(unsigned long long)new->packets,
			(unsigned long long)new->bytes, syn, dgram);
	if (est->packets >= 3)
		tst_res(TPASS, "ct state established,related rule: %llu packets",
			(unsigned long long)est->packets);
	else
		tst_res(TFAIL, "ct state established,related rule: %llu packets, expected >= 3",
			(unsigned long long)est->packets);
}

static void run(unsigned int i)
{
	int family = i ? AF_INET6 : AF_INET;
	int cfd, sfd;

	tst_res(TINFO, "%s", i ? "IPv6" : "IPv4");
	add_rules();
	local_to_remote(family, &cfd, &sfd);
	ct_visible(family, cfd);
	remote_to_local(family);
	udp_state(family);
	related(family);
	counters(family);
	close(cfd);
	close(sfd);

	net_enter(NET_A);
	nft_begin(&b, NFPROTO_INET, TABLE);
	nft_del_table(&b, 0);
	nft_exp(nft_commit(&b), 0, "DELTABLE");
}

static void setup(void)
{
	net_hosts_setup();
	net_syncnt_only();
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.timeout = 120,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_NF_TABLES", "CONFIG_NF_TABLES_INET", "CONFIG_NFT_CT",
		NULL
	},
};
