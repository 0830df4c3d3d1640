// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * nf_tables flowtables (the software fast path) on the router, IPv4 and
 * IPv6: an inet table with flowtable "ft" on the ingress of net0 and
 * net1 and a forward chain
 *
 *	meta l4proto udp counter flow add @ft counter
 *	meta l4proto tcp counter flow add @ft counter
 *
 * (the second counter of a rule counts the packets that added a flow).
 * - NEWFLOWTABLE EINVAL without a hook, EOPNOTSUPP for hook 1 (only
 *   NF_NETDEV_INGRESS) and for the flag 0x4, ENOENT for a device the
 *   router lacks; "flow add" naming a missing flowtable ENOENT;
 *   DELFLOWTABLE of the flowtable a rule uses EBUSY;
 * - UDP: the first datagram is forwarded by the slow path (its entry is
 *   not confirmed yet), the answer adds the flow: counters 2 and 1; then
 *   10 datagrams each way arrive intact with TTL / hop limit 63 while
 *   the forward chain counts none of them and the router's ForwDatagrams
 *   (Ip6OutForwDatagrams) stays where it was; the conntrack entry shows
 *   [OFFLOAD];
 * - TCP: the handshake's last ACK adds the flow (second counter 1) and
 *   256 KiB, then an answer, cross the router without the forward chain
 *   counting a packet; the entry shows [OFFLOAD]; the FIN tears the
 *   flow down: it and what follows go through the forward chain again
 *   (counted), the entry loses [OFFLOAD], no flow is added again and
 *   the close completes on both ends.
 * The router's link-local addresses are removed first (see
 * router_no_lladdrs()).
 */
#include <netinet/tcp.h>
#include "tst_test.h"
#include "net_hosts.h"
#include "net_nft.h"

#define TABLE "ltp_flowtable"
#define BULK (256 * 1024)

static struct nft_batch b;
static char *bulk, *rbulk;

/* NEWFLOWTABLE name on hook with devs (NULL-terminated); -1: no hook. */
static void flowtable(const char *name, int hook, int flags,
		      const char *const *devs)
{
	nft_msg(&b, NFT_MSG_NEWFLOWTABLE, NLM_F_CREATE);
	nft_put_str(&b, NFTA_FLOWTABLE_TABLE, b.table);
	nft_put_str(&b, NFTA_FLOWTABLE_NAME, name);
	if (hook >= 0) {
		nft_nest(&b, NFTA_FLOWTABLE_HOOK);
		nft_put_be32(&b, NFTA_FLOWTABLE_HOOK_NUM, hook);
		nft_put_be32(&b, NFTA_FLOWTABLE_HOOK_PRIORITY, 0);
		nft_nest(&b, NFTA_FLOWTABLE_HOOK_DEVS);
		for (; *devs; devs++)
			nft_put_str(&b, NFTA_DEVICE_NAME, *devs);
		nft_nest_end(&b);
		nft_nest_end(&b);
	}
	if (flags)
		nft_put_be32(&b, NFTA_FLOWTABLE_FLAGS, flags);
}

static void flow_rule(int proto, const char *ft)
{
	uint8_t p = proto;

	nft_rule_begin(&b, "fwd", 0);
	nft_meta(&b, NFT_META_L4PROTO, NFT_REG_1);
	nft_cmp(&b, NFT_REG_1, NFT_CMP_EQ, &p, 1);
	nft_counter(&b);
	nft_expr_begin(&b, "flow_offload");
	nft_put_str(&b, NFTA_FLOW_TABLE_NAME, ft);
	nft_expr_end(&b);
	nft_counter(&b);
	nft_rule_end(&b);
}

static const char *const both[] = { "net0", "net1", NULL };

static void table_begin(void)
{
	net_enter(NET_R);
	nft_begin(&b, NFPROTO_INET, TABLE);
	nft_add_table(&b, 0);
	nft_add_chain(&b, "fwd", "filter", NF_INET_FORWARD, 0, NF_ACCEPT, 0);
}

static void errnos(void)
{
	static const char *const missing[] = { "net0", "nodev9", NULL };
	int ret;

	table_begin();
	flowtable("ft", -1, 0, both);
	nft_exp(nft_commit(&b), -EINVAL, "NEWFLOWTABLE without a hook");
	table_begin();
	flowtable("ft", NF_NETDEV_INGRESS + 1, 0, both);
	nft_exp(nft_commit(&b), -EOPNOTSUPP, "NEWFLOWTABLE on hook 1");
	table_begin();
	flowtable("ft", NF_NETDEV_INGRESS, 0x4, both);
	nft_exp(nft_commit(&b), -EOPNOTSUPP, "NEWFLOWTABLE with flag 0x4");
	table_begin();
	flowtable("ft", NF_NETDEV_INGRESS, 0, missing);
	nft_exp(nft_commit(&b), -ENOENT, "NEWFLOWTABLE with a missing device");
	table_begin();
	flowtable("ft", NF_NETDEV_INGRESS, 0, both);
	flow_rule(IPPROTO_UDP, "nosuchft");
	nft_exp(nft_commit(&b), -ENOENT, "flow add @ a missing flowtable");
	nft_exp(nft_get_table(NFPROTO_INET, TABLE), -ENOENT,
		"GETTABLE after the failed batches");

	table_begin();
	flowtable("ft", NF_NETDEV_INGRESS, 0, both);
	flow_rule(IPPROTO_UDP, "ft");
	nft_commit_safe(&b, "table, flowtable, rule");
	nft_begin(&b, NFPROTO_INET, TABLE);
	nft_msg(&b, NFT_MSG_DELFLOWTABLE, 0);
	nft_put_str(&b, NFTA_FLOWTABLE_TABLE, TABLE);
	nft_put_str(&b, NFTA_FLOWTABLE_NAME, "ft");
	ret = nft_commit(&b);
	nft_exp(ret, -EBUSY, "DELFLOWTABLE of a flowtable a rule uses");
	nft_begin(&b, NFPROTO_INET, TABLE);
	nft_del_table(&b, 0);
	nft_exp(nft_commit(&b), 0, "DELTABLE with the flowtable");
}

/* The two counters of rule i of the forward chain. */
static void counters(int i, uint64_t *before, uint64_t *added)
{
	struct nft_rule_info r[2];
	int n, k, c = 0;

	net_enter(NET_R);
	n = nft_rules(NFPROTO_INET, TABLE, "fwd", r, 2);
	if (n != 2)
		tst_brk(TBROK, "rule dump: %d rules, expected 2", n);
	for (k = 0; k < r[i].nexpr; k++) {
		if (strcmp(r[i].expr[k].name, "counter"))
			continue;
		if (c++)
			*added = r[i].expr[k].packets;
		else
			*before = r[i].expr[k].packets;
	}
	if (c != 2)
		tst_brk(TBROK, "rule %d: %d counters in the dump", i, c);
}

/*
 * The router's conntrack entry from sport to dport: 1 with [OFFLOAD],
 * 0 without, -1 when there is none.
 */
static int offloaded(const char *proto, unsigned short sport,
		     unsigned short dport)
{
	char line[1024], key[64];
	int ret = -1;
	FILE *f;

	net_enter(NET_R);
	f = fopen("/proc/net/nf_conntrack", "r");
	if (!f)
		tst_brk(TCONF | TERRNO, "no /proc/net/nf_conntrack (CONFIG_NF_CONNTRACK_PROCFS)");
	snprintf(key, sizeof(key), " sport=%u dport=%u ", sport, dport);
	while (fgets(line, sizeof(line), f)) {
		if (!strstr(line, key) || !strstr(line, proto))
			continue;
		ret = !!strstr(line, "[OFFLOAD]");
		break;
	}
	fclose(f);
	return ret;
}

static long long forwarded(int family)
{
	if (family == AF_INET)
		return net_snmp(NET_R, "snmp", "Ip:", "ForwDatagrams");
	return net_snmp6(NET_R, "Ip6OutForwDatagrams");
}

static void ask_ttl(int fd, int family)
{
	int one = 1;

	if (family == AF_INET ?
	    setsockopt(fd, IPPROTO_IP, IP_RECVTTL, &one, sizeof(one)) :
	    setsockopt(fd, IPPROTO_IPV6, IPV6_RECVHOPLIMIT, &one, sizeof(one)))
		tst_brk(TBROK | TERRNO, "setsockopt(RECVTTL/RECVHOPLIMIT)");
}

/* One datagram of len bytes with seed; its TTL / hop limit, -1 if bad. */
static int recv_one(int fd, int seed, size_t len)
{
	char buf[256], cbuf[CMSG_SPACE(sizeof(int))];
	struct iovec iov = { buf, sizeof(buf) };
	struct msghdr mh = {
		.msg_iov = &iov, .msg_iovlen = 1,
		.msg_control = cbuf, .msg_controllen = sizeof(cbuf),
	};
	struct cmsghdr *cm;
	int ttl = -1;
	ssize_t n;
	size_t i;

	net_wait(fd, POLLIN);
	n = recvmsg(fd, &mh, MSG_DONTWAIT);
	if (n != (ssize_t)len)
		return -1;
	for (i = 0; i < len; i++)
		if (buf[i] != (char)(seed + i))
			return -1;
	for (cm = CMSG_FIRSTHDR(&mh); cm; cm = CMSG_NXTHDR(&mh, cm))
		if ((cm->cmsg_level == IPPROTO_IP && cm->cmsg_type == IP_TTL) ||
		    (cm->cmsg_level == IPPROTO_IPV6 &&
		     cm->cmsg_type == IPV6_HOPLIMIT))
			memcpy(&ttl, CMSG_DATA(cm), sizeof(ttl));
	return ttl;
}

static void send_one(int fd, const struct sockaddr_storage *to, int seed,
		     size_t len)
{
	char buf[256];
	size_t i;

	for (i = 0; i < len; i++)
		buf[i] = seed + i;
	if (sendto(fd, buf, len, 0, (const struct sockaddr *)to,
		   sizeof(*to)) != (ssize_t)len)
		tst_brk(TBROK | TERRNO, "sendto()");
}

static void udp_part(int family)
{
	struct sockaddr_storage sa, sb;
	int ua = net_bound(NET_A, family, SOCK_DGRAM, &sa);
	int ub = net_bound(NET_B, family, SOCK_DGRAM, &sb);
	uint64_t before, added, before2, added2;
	long long fwd;
	int k, bad = 0, ttl, st;

	ask_ttl(ua, family);
	ask_ttl(ub, family);
	send_one(ua, &sb, 1, 100);
	if (recv_one(ub, 1, 100) < 0)
		tst_brk(TBROK, "the first datagram");
	send_one(ub, &sa, 2, 100);
	if (recv_one(ua, 2, 100) < 0)
		tst_brk(TBROK, "the answer");
	counters(0, &before, &added);
	if (before == 2 && added == 1)
		tst_res(TPASS, "UDP: the datagram and its answer through the forward chain, the answer added the flow");
	else
		tst_res(TFAIL, "UDP: counters %llu and %llu, expected 2 and 1",
			(unsigned long long)before, (unsigned long long)added);

	fwd = forwarded(family);
	for (k = 0; k < 10; k++) {
		send_one(ua, &sb, 10 + k, 50 + k);
		ttl = recv_one(ub, 10 + k, 50 + k);
		if (ttl != 63) {
			tst_res(TFAIL, "UDP datagram %d to remote: TTL %d (-1: bad), expected 63",
				k, ttl);
			bad++;
		}
		send_one(ub, &sa, 40 + k, 60 + k);
		ttl = recv_one(ua, 40 + k, 60 + k);
		if (ttl != 63) {
			tst_res(TFAIL, "UDP datagram %d to local: TTL %d (-1: bad), expected 63",
				k, ttl);
			bad++;
		}
	}
	if (!bad)
		tst_res(TPASS, "UDP: 10 datagrams each way intact over the fast path, TTL 63");
	counters(0, &before2, &added2);
	if (before2 == before && added2 == added)
		tst_res(TPASS, "UDP: the forward chain counted none of the 20");
	else
		tst_res(TFAIL, "UDP: counters %llu and %llu after the 20, were %llu and %llu",
			(unsigned long long)before2, (unsigned long long)added2,
			(unsigned long long)before, (unsigned long long)added);
	NET_EXP_EQ(forwarded(family) - fwd, 0,
		   "UDP: the router's forwarded datagram counter growth");
	st = offloaded("udp", net_port(&sa), net_port(&sb));
	if (st == 1)
		tst_res(TPASS, "UDP: the conntrack entry shows [OFFLOAD]");
	else
		tst_res(TFAIL, "UDP: conntrack entry %s", st ? "missing" :
			"without [OFFLOAD]");
	close(ua);
	close(ub);
}

/* Wait (bounded) until the entry has no [OFFLOAD]; its last state. */
static int wait_not_offloaded(unsigned short sport, unsigned short dport)
{
	long long end = tst_mono_ms() + net_ms(10000);
	int st;

	while ((st = offloaded("tcp", sport, dport)) == 1 &&
	       tst_mono_ms() < end)
		usleep(10000);
	return st;
}

static void tcp_part(int family)
{
	struct sockaddr_storage sl, sc;
	socklen_t len = sizeof(sc);
	int lfd = net_listener(NET_B, family, &sl);
	int cfd = net_connect(NET_A, &sl), sfd = net_accept(lfd);
	uint64_t b0, a0, b1, a1, b2, a2;
	ssize_t got;
	pid_t pid;
	int st, err;
	char c;

	if (getsockname(cfd, (struct sockaddr *)&sc, &len))
		tst_brk(TBROK | TERRNO, "getsockname()");
	counters(1, &b0, &a0);
	if (a0 == 1 && b0 >= 3)
		tst_res(TPASS, "TCP: the handshake (%llu packets) added the flow",
			(unsigned long long)b0);
	else
		tst_res(TFAIL, "TCP: after the handshake counters %llu and %llu, expected at least 3 and 1",
			(unsigned long long)b0, (unsigned long long)a0);
	st = offloaded("tcp", net_port(&sc), net_port(&sl));
	if (st == 1)
		tst_res(TPASS, "TCP: the conntrack entry shows [OFFLOAD]");
	else
		tst_res(TFAIL, "TCP: conntrack entry %s", st ? "missing" :
			"without [OFFLOAD]");

	/* a writer of its own: the socket buffers need not hold it all */
	pid = SAFE_FORK();
	if (!pid) {
		err = net_write_all(cfd, bulk, BULK);
		if (err)
			tst_brk(TBROK, "TCP: writing 256 KiB: %s",
				tst_strerrno(err));
		exit(0);
	}
	got = net_read_all(sfd, rbulk, BULK);
	reap_child(pid);
	if (got != BULK || memcmp(bulk, rbulk, BULK) ||
	    net_write_all(sfd, "a", 1) || net_read_all(cfd, &c, 1) != 1 ||
	    c != 'a')
		tst_res(TFAIL, "TCP: 256 KiB (%zd bytes read) and the answer not intact",
			got);
	else
		tst_res(TPASS, "TCP: 256 KiB and the answer intact");
	counters(1, &b1, &a1);
	if (b1 == b0 && a1 == a0)
		tst_res(TPASS, "TCP: the forward chain counted none of the transfer");
	else
		tst_res(TFAIL, "TCP: counters %llu and %llu after the transfer, were %llu and %llu",
			(unsigned long long)b1, (unsigned long long)a1,
			(unsigned long long)b0, (unsigned long long)a0);

	/* the FIN tears the flow down and takes the slow path itself */
	if (shutdown(cfd, SHUT_WR))
		tst_brk(TBROK | TERRNO, "shutdown()");
	if (net_read_all(sfd, &c, 1) != 0)
		tst_res(TFAIL, "TCP: no EOF after the FIN");
	counters(1, &b2, &a2);
	if (b2 > b1 && a2 == a1)
		tst_res(TPASS, "TCP: the FIN went through the forward chain (%llu packets more), no flow added",
			(unsigned long long)(b2 - b1));
	else
		tst_res(TFAIL, "TCP: after the FIN counters %llu and %llu, were %llu and %llu",
			(unsigned long long)b2, (unsigned long long)a2,
			(unsigned long long)b1, (unsigned long long)a1);
	st = wait_not_offloaded(net_port(&sc), net_port(&sl));
	if (!st)
		tst_res(TPASS, "TCP: the conntrack entry lost [OFFLOAD] after the FIN");
	else
		tst_res(TFAIL, "TCP: conntrack entry %s after %d ms",
			st > 0 ? "still [OFFLOAD]" : "missing", net_ms(10000));
	close(sfd);
	if (net_read_all(cfd, &c, 1) != 0)
		tst_res(TFAIL, "TCP: no EOF at the client");
	counters(1, &b1, &a1);
	if (b1 > b2 && a1 == a2)
		tst_res(TPASS, "TCP: the server's FIN through the forward chain too");
	else
		tst_res(TFAIL, "TCP: after the server's FIN counters %llu and %llu, were %llu and %llu",
			(unsigned long long)b1, (unsigned long long)a1,
			(unsigned long long)b2, (unsigned long long)a2);
	close(cfd);
	close(lfd);
}

static void run(unsigned int i)
{
	int family = i ? AF_INET6 : AF_INET;

	tst_res(TINFO, "%s", i ? "IPv6" : "IPv4");
	if (!i)
		errnos();
	table_begin();
	flowtable("ft", NF_NETDEV_INGRESS, 0, both);
	flow_rule(IPPROTO_UDP, "ft");
	flow_rule(IPPROTO_TCP, "ft");
	nft_commit_safe(&b, "table, flowtable, forward chain, 2 rules");

	udp_part(family);
	tcp_part(family);

	net_enter(NET_R);
	nft_begin(&b, NFPROTO_INET, TABLE);
	nft_del_table(&b, 0);
	nft_exp(nft_commit(&b), 0, "DELTABLE");
}

struct lladdrs {
	int n, index[8];
	struct in6_addr a[8];
};

static void lladdr_cb(const struct rtnl_addr_info *ai, void *priv)
{
	struct lladdrs *l = priv;

	if (ai->family != AF_INET6 || ai->addr[0] != 0xfe ||
	    (ai->addr[1] & 0xc0) != 0x80 || l->n == 8)
		return;
	l->index[l->n] = ai->index;
	memcpy(&l->a[l->n++], ai->addr, 16);
}

/*
 * The end of DAD of the router's link-local addresses inserts routes
 * (the address's own, the subnet-router anycast of a forwarding host);
 * the new fib6 serial number fails the flowtable's check of its cached
 * IPv6 routes (nf_flow_dst_check()), which tears a flow down in the
 * middle of a transfer. Without the addresses (the neighbours are
 * pinned, nothing here needs them) the router's routes stay as they are.
 */
static void router_no_lladdrs(void)
{
	struct lladdrs l = { .n = 0 };
	int k;

	net_enter(NET_R);
	RTNL_SAFE(rtnl_addr_dump(AF_INET6, lladdr_cb, &l));
	for (k = 0; k < l.n; k++) {
		int ret = rtnl_addr_del(l.index[k], AF_INET6, &l.a[k], 64);

		if (ret && ret != -EADDRNOTAVAIL)
			RTNL_SAFE(ret);
	}
}

static void setup(void)
{
	size_t k;

	bulk = SAFE_MALLOC(BULK);
	rbulk = SAFE_MALLOC(BULK);
	for (k = 0; k < BULK; k++)
		bulk[k] = k * 31 + (k >> 11);
	net_routed_setup();
	router_no_lladdrs();
}

static void cleanup(void)
{
	free(bulk);
	free(rbulk);
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.forks_child = 1,
	.needs_root = 1,
	.timeout = 120,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_NF_TABLES", "CONFIG_NF_TABLES_INET",
		"CONFIG_NF_FLOW_TABLE", "CONFIG_NF_FLOW_TABLE_INET",
		"CONFIG_NFT_FLOW_OFFLOAD", NULL
	},
};
