// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * nf_tables limit expression (nft_limit) on the remote host's input hook,
 * IPv4 and IPv6; a limited accept rule is followed by a drop rule for the
 * same port, each with a counter:
 * - errnos: no rate or no unit EINVAL, rate 0 EINVAL, a unit whose
 *   nanoseconds overflow 64 bits (18446744074 s) EOVERFLOW while
 *   18446744073 s is taken, rate + burst past 2^64 EOVERFLOW, flag 0x2
 *   EOPNOTSUPP, limit type 2 EOPNOTSUPP;
 * - rate 1/hour burst 5 packets: of 8 back-to-back datagrams exactly the
 *   first 5 arrive, the limit rule counts 5 and the drop rule 3; burst 0
 *   reads back as the default of 5, the dump gives rate, unit, burst,
 *   type and flags as set;
 * - "over" (NFT_LIMIT_F_INV) 1/hour burst 2 in front of a drop: the
 *   first 2 arrive, the rest dropped;
 * - bytes: rate 1000 bytes per 1000 hours, burst 2000 (a 3000 byte
 *   bucket): two 1000 byte packets pass, a 1001 byte one is dropped and
 *   leaves the bucket as it was, a 1000 byte one then takes the rest
 *   and an empty datagram (28 or 48 bytes) finds it empty;
 * - rate 1/second burst 1: after the first datagram passes, the next
 *   one passes no sooner than one second after it was sent, the ones
 *   between dropped and counted.
 */
#include "tst_test.h"
#include "net_hosts.h"
#include "net_nft.h"
#include "socket_helpers.h"

#define TABLE "ltp_limit"
#define HOUR 3600ULL

static struct nft_batch b;
static int family, hlen, s = -1, r = -1, rc = -1;
static struct sockaddr_storage to, cto;

struct limit_info {
	int found;
	uint64_t rate, unit;
	uint32_t burst, type, flags;
};

static void limit_expr(uint64_t rate, uint64_t unit, uint32_t burst,
		       int type, uint32_t flags)
{
	nft_expr_begin(&b, "limit");
	if (rate != (uint64_t)-1)
		nft_put_be64(&b, NFTA_LIMIT_RATE, rate);
	if (unit)
		nft_put_be64(&b, NFTA_LIMIT_UNIT, unit);
	nft_put_be32(&b, NFTA_LIMIT_BURST, burst);
	if (type >= 0)
		nft_put_be32(&b, NFTA_LIMIT_TYPE, type);
	if (flags)
		nft_put_be32(&b, NFTA_LIMIT_FLAGS, flags);
	nft_expr_end(&b);
}

/* A rule with just a limit expression: the batch's answer. */
static int try_limit(uint64_t rate, uint64_t unit, uint32_t burst, int type,
		     uint32_t flags)
{
	int ret;

	net_enter(NET_B);
	nft_begin(&b, NFPROTO_INET, TABLE);
	nft_rule_begin(&b, "probe", 0);
	limit_expr(rate, unit, burst, type, flags);
	nft_rule_end(&b);
	ret = nft_commit(&b);
	if (!ret) {
		nft_begin(&b, NFPROTO_INET, TABLE);
		nft_del_rule(&b, "probe", 0);
		nft_commit_safe(&b, "DELRULE probe");
	}
	return ret;
}

static void errors(void)
{
	nft_exp(try_limit(-1, HOUR, 5, NFT_LIMIT_PKTS, 0), -EINVAL,
		"limit without a rate");
	nft_exp(try_limit(1, 0, 5, NFT_LIMIT_PKTS, 0), -EINVAL,
		"limit without a unit");
	nft_exp(try_limit(0, HOUR, 5, NFT_LIMIT_PKTS, 0), -EINVAL,
		"limit rate 0");
	nft_exp(try_limit(1, 18446744074ULL, 1, NFT_LIMIT_PKTS, 0),
		-EOVERFLOW, "unit 18446744074 s (ns past 2^64)");
	nft_exp(try_limit(1, 18446744073ULL, 1, NFT_LIMIT_PKTS, 0), 0,
		"unit 18446744073 s, burst 1");
	nft_exp(try_limit(~0ULL - 1, HOUR, 2, NFT_LIMIT_PKT_BYTES, 0),
		-EOVERFLOW, "rate 2^64 - 2 bytes plus burst 2");
	nft_exp(try_limit(1, HOUR, 5, NFT_LIMIT_PKTS, 2), -EOPNOTSUPP,
		"limit flag 0x2");
	nft_exp(try_limit(1, HOUR, 5, 2, 0), -EOPNOTSUPP, "limit type 2");
}

static void limit_cb(struct nlmsghdr *nh, void *priv)
{
	int gl = NLMSG_ALIGN(sizeof(struct nfgenmsg));
	struct limit_info *li = priv;
	struct nlattr *a, *l, *e, *d;
	int rem, rem2, rem3, rem4;

	nft_attr_each(a, (char *)NLMSG_DATA(nh) + gl,
		      (int)nh->nlmsg_len - NLMSG_HDRLEN - gl, rem) {
		if ((a->nla_type & NLA_TYPE_MASK) != NFTA_RULE_EXPRESSIONS)
			continue;
		nft_attr_each(l, NFT_ATTR_DATA(a), NFT_ATTR_LEN(a), rem2) {
			char name[16] = "";

			nft_attr_each(e, NFT_ATTR_DATA(l), NFT_ATTR_LEN(l),
				      rem3) {
				int t = e->nla_type & NLA_TYPE_MASK;

				if (t == NFTA_EXPR_NAME)
					nft_attr_str(e, name, sizeof(name));
				if (t != NFTA_EXPR_DATA || strcmp(name, "limit"))
					continue;
				li->found = 1;
				nft_attr_each(d, NFT_ATTR_DATA(e),
					      NFT_ATTR_LEN(e), rem4) {
					switch (d->nla_type & NLA_TYPE_MASK) {
					case NFTA_LIMIT_RATE:
						li->rate = nft_attr_be64(d);
						break;
					case NFTA_LIMIT_UNIT:
						li->unit = nft_attr_be64(d);
						break;
					case NFTA_LIMIT_BURST:
						li->burst = nft_attr_be32(d);
						break;
					case NFTA_LIMIT_TYPE:
						li->type = nft_attr_be32(d);
						break;
					case NFTA_LIMIT_FLAGS:
						li->flags = nft_attr_be32(d);
						break;
					}
				}
			}
		}
	}
}

/* The limit of the first rule of chain "input" as dumped. */
static void dump_limit(struct limit_info *li)
{
	static struct nft_batch q;
	int ret;

	memset(li, 0, sizeof(*li));
	net_enter(NET_B);
	nft_single(&q, NFPROTO_INET, NFT_MSG_GETRULE, NLM_F_DUMP);
	nft_put_str(&q, NFTA_RULE_TABLE, TABLE);
	nft_put_str(&q, NFTA_RULE_CHAIN, "input");
	ret = nft_talk(&q, limit_cb, li);
	if (ret || !li->found)
		tst_brk(TBROK, "rule dump: %s, limit %sfound",
			tst_strerrno(-ret), li->found ? "" : "not ");
}

/* The limited rule (accept, or drop when over) and a drop rule behind. */
static void set_rules(uint64_t rate, uint64_t unit, uint32_t burst, int type,
		  uint32_t flags)
{
	net_enter(NET_B);
	nft_begin(&b, NFPROTO_INET, TABLE);
	nft_del_rule(&b, "input", 0);
	nft_rule_begin(&b, "input", 0);
	nft_match_nfproto(&b, nft_nfproto(family));
	nft_match_l4dport(&b, IPPROTO_UDP, net_port(&to));
	limit_expr(rate, unit, burst, type, flags);
	nft_counter(&b);
	nft_verdict(&b, flags ? NF_DROP : NF_ACCEPT, NULL);
	nft_rule_end(&b);
	nft_rule_begin(&b, "input", 0);
	nft_match_nfproto(&b, nft_nfproto(family));
	nft_match_l4dport(&b, IPPROTO_UDP, net_port(&to));
	nft_counter(&b);
	nft_verdict(&b, flags ? NF_ACCEPT : NF_DROP, NULL);
	nft_rule_end(&b);
	nft_commit_safe(&b, "limit rules");
}

static void counts(uint64_t *lim, uint64_t *rest)
{
	struct nft_rule_info ri[2];

	net_enter(NET_B);
	if (nft_rules(NFPROTO_INET, TABLE, "input", ri, 2) != 2)
		tst_brk(TBROK, "dump of chain input");
	*lim = nft_rule_expr(&ri[0], "counter")->packets;
	*rest = nft_rule_expr(&ri[1], "counter")->packets;
}

/* A datagram making an IP packet of iplen bytes, filled with fill. */
static void send_len(int iplen, char fill)
{
	static char buf[2000];
	int len = iplen - hlen - 8;

	memset(buf, fill, len);
	if (sendto(s, buf, len, 0, (struct sockaddr *)&to, sizeof(to)) != len)
		tst_brk(TBROK | TERRNO, "sendto(%d bytes)", len);
}

/*
 * A marker to the control port, which no rule limits, waited for: the
 * datagrams sent before it on this CPU's backlog have all been handled
 * (delivered or dropped) when it is there.
 */
static void settle(void)
{
	char c;

	if (sendto(s, "", 0, 0, (struct sockaddr *)&cto, sizeof(cto)))
		tst_brk(TBROK | TERRNO, "sendto(marker)");
	net_wait(rc, POLLIN);
	if (recv(rc, &c, 1, MSG_DONTWAIT) != 0)
		tst_brk(TBROK, "marker: not an empty datagram");
}

/* After settle(): the datagrams delivered, as "length fill" words. */
static const char *drain(void)
{
	static char out[256];
	char buf[2000];
	ssize_t n;

	out[0] = 0;
	while ((n = recv(r, buf, sizeof(buf), MSG_DONTWAIT)) >= 0) {
		size_t l = strlen(out);

		snprintf(out + l, sizeof(out) - l, "%s%zd%c", l ? " " : "",
			 n + hlen + 8, n ? buf[0] : '-');
	}
	if (errno != EAGAIN)
		tst_brk(TBROK | TERRNO, "recv()");
	return out;
}

/* n back-to-back datagrams: only the first npass of them arrive. */
static void pattern(int n, int npass, const char *what)
{
	char exp[256] = "";
	const char *got;
	int i;

	for (i = 0; i < n; i++) {
		send_len(hlen + 8 + 10, 'a' + i);
		if (i < npass) {
			size_t l = strlen(exp);

			snprintf(exp + l, sizeof(exp) - l, "%s%d%c",
				 l ? " " : "", hlen + 18, 'a' + i);
		}
	}
	settle();
	got = drain();
	if (!strcmp(got, exp))
		tst_res(TPASS, "%s: the first %d of %d arrived (%s)", what,
			npass, n, got);
	else
		tst_res(TFAIL, "%s: arrived \"%s\", expected \"%s\"", what,
			got, exp);
}

static void packets(void)
{
	struct limit_info li;
	uint64_t lim, rest;

	set_rules(1, HOUR, 5, NFT_LIMIT_PKTS, 0);
	dump_limit(&li);
	if (li.rate == 1 && li.unit == HOUR && li.burst == 5 &&
	    li.type == NFT_LIMIT_PKTS && li.flags == 0)
		tst_res(TPASS, "dump: rate 1, unit 3600, burst 5, type pkts, flags 0");
	else
		tst_res(TFAIL, "dump: rate %llu, unit %llu, burst %u, type %u, flags %u",
			(unsigned long long)li.rate,
			(unsigned long long)li.unit, li.burst, li.type,
			li.flags);
	pattern(8, 5, "1/hour burst 5");
	counts(&lim, &rest);
	if (lim == 5 && rest == 3)
		tst_res(TPASS, "counters: 5 under the limit, 3 dropped");
	else
		tst_res(TFAIL, "counters: %llu under the limit, %llu dropped, expected 5 and 3",
			(unsigned long long)lim, (unsigned long long)rest);

	set_rules(1, HOUR, 0, NFT_LIMIT_PKTS, 0);
	dump_limit(&li);
	NET_EXP_EQ(li.burst, 5, "burst 0 reads back as");
	pattern(6, 5, "1/hour burst 0 (default)");

	set_rules(1, HOUR, 2, NFT_LIMIT_PKTS, NFT_LIMIT_F_INV);
	dump_limit(&li);
	NET_EXP_EQ(li.flags, NFT_LIMIT_F_INV, "limit over: flags");
	pattern(5, 2, "over 1/hour burst 2, drop");
	counts(&lim, &rest);
	if (lim == 3 && rest == 2)
		tst_res(TPASS, "counters: 3 over the limit, 2 under");
	else
		tst_res(TFAIL, "counters: %llu over, %llu under, expected 3 and 2",
			(unsigned long long)lim, (unsigned long long)rest);
}

static void byte_limit(void)
{
	struct limit_info li;
	uint64_t lim, rest;
	const char *got;

	set_rules(1000, 1000 * HOUR, 2000, NFT_LIMIT_PKT_BYTES, 0);
	dump_limit(&li);
	if (li.rate == 1000 && li.unit == 1000 * HOUR && li.burst == 2000 &&
	    li.type == NFT_LIMIT_PKT_BYTES)
		tst_res(TPASS, "dump: 1000 bytes per 3600000 s, burst 2000, type bytes");
	else
		tst_res(TFAIL, "dump: rate %llu, unit %llu, burst %u, type %u",
			(unsigned long long)li.rate,
			(unsigned long long)li.unit, li.burst, li.type);
	send_len(1000, 'a');
	send_len(1000, 'b');
	send_len(1001, 'c');
	send_len(1000, 'd');
	send_len(hlen + 8, 'e');
	settle();
	got = drain();
	if (!strcmp(got, "1000a 1000b 1000d"))
		tst_res(TPASS, "1000 and 1000 bytes pass, 1001 dropped with 1000 left, 1000 then passes, %d bytes find it empty",
			hlen + 8);
	else
		tst_res(TFAIL, "1000, 1000, 1001, 1000, %d bytes: arrived \"%s\", expected \"1000a 1000b 1000d\"",
			hlen + 8, got);
	counts(&lim, &rest);
	if (lim == 3 && rest == 2)
		tst_res(TPASS, "counters: 3 under the byte limit, 2 dropped");
	else
		tst_res(TFAIL, "counters: %llu under, %llu dropped, expected 3 and 2",
			(unsigned long long)lim, (unsigned long long)rest);
}

static void rate(void)
{
	long long t0, t1, tm = 0, bound = net_ms(20000);
	uint64_t lim, rest;
	const char *got;
	char first[16];
	int drops = 0;

	set_rules(1, 1, 1, NFT_LIMIT_PKTS, 0);
	t0 = tst_mono_ms();
	send_len(hlen + 18, 'a');
	settle();
	got = drain();
	snprintf(first, sizeof(first), "%da", hlen + 18);
	if (strcmp(got, first)) {
		tst_res(TFAIL, "1/second burst 1: the first datagram: \"%s\"",
			got);
		return;
	}
	for (;;) {
		/* probes paced at 20 ms, each told by a marker */
		send_len(hlen + 18, 'b');
		settle();
		if (!tm)
			tm = tst_mono_ms();
		got = drain();
		if (*got)
			break;
		drops++;
		if (tst_mono_ms() - t0 > bound) {
			tst_res(TFAIL, "1/second: nothing passed in %lld ms",
				bound);
			return;
		}
		usleep(20000);
	}
	t1 = tst_mono_ms();
	/* a probe handled within the second after t0 must have been dropped */
	if (t1 - t0 >= 1000 && (drops > 0 || tm - t0 >= 1000))
		tst_res(TPASS, "1/second: the next one passed %lld ms after the first was sent, %d dropped between",
			t1 - t0, drops);
	else
		tst_res(TFAIL, "1/second: the next one (%s) passed after %lld ms, %d dropped",
			got, t1 - t0, drops);
	counts(&lim, &rest);
	if (lim == 2 && rest == (uint64_t)drops)
		tst_res(TPASS, "counters: 2 passed, %d dropped", drops);
	else
		tst_res(TFAIL, "counters: %llu passed, %llu dropped, expected 2 and %d",
			(unsigned long long)lim, (unsigned long long)rest,
			drops);
}

static void run(unsigned int i)
{
	family = i ? AF_INET6 : AF_INET;
	hlen = family == AF_INET ? 20 : 40;
	tst_res(TINFO, "%s", i ? "IPv6" : "IPv4");
	r = net_bound(NET_B, family, SOCK_DGRAM, &to);
	rc = net_bound(NET_B, family, SOCK_DGRAM, &cto);
	s = net_bound(NET_A, family, SOCK_DGRAM, NULL);

	net_enter(NET_B);
	nft_begin(&b, NFPROTO_INET, TABLE);
	nft_add_table(&b, 0);
	nft_add_chain(&b, "input", "filter", NF_INET_LOCAL_IN, 0, NF_ACCEPT,
		      0);
	nft_add_chain(&b, "probe", NULL, 0, 0, -1, 0);
	nft_commit_safe(&b, "table and chains");

	/* a config with CONFIG_NFT_LIMIT=m and no module to load */
	if (try_limit(1, HOUR, 5, NFT_LIMIT_PKTS, 0) == -ENOENT)
		tst_brk(TCONF, "no nft limit expression (nft_limit not loadable)");
	errors();
	packets();
	byte_limit();
	rate();

	net_enter(NET_B);
	nft_begin(&b, NFPROTO_INET, TABLE);
	nft_del_table(&b, 0);
	nft_commit_safe(&b, "DELTABLE");
	SAFE_CLOSE(r);
	SAFE_CLOSE(rc);
	SAFE_CLOSE(s);
}

static void setup(void)
{
	/* one backlog: datagrams are handled in the order sent */
	sock_pin_cpu();
	net_hosts_setup();
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.timeout = 60,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_NF_TABLES", "CONFIG_NF_TABLES_INET", "CONFIG_NFT_LIMIT",
		NULL
	},
};
