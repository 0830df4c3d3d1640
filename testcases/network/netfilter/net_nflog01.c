// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * NFLOG (nft "log" with a group, nfnetlink_log) on the remote host's
 * input hook, IPv4 and IPv6, with the test reading the group over
 * NETLINK_NETFILTER:
 * - nft log errnos: group with a level or with flags EINVAL, a prefix of
 *   128 characters ERANGE while 127 is taken; nfnetlink_log config
 *   errnos: another socket binding or configuring a bound group EPERM,
 *   binding it again EBUSY, UNBIND or a mode for an unbound group
 *   ENODEV, an unknown command ENOTSUPP (524); /proc/net/netfilter/
 *   nfnetlink_log shows the owner's port id, copy mode 2, range 65531,
 *   flush timeout 100;
 * - a rule setting the mark 0x1234 and logging with the 127 character
 *   prefix and snaplen 40: each datagram is logged once with hook
 *   LOCAL_IN, its hw protocol, the input ifindex, the prefix byte for
 *   byte, mark 0x1234, local sequence numbers 0, 1, 2 (NFULNL_CFG_F_SEQ),
 *   exactly 40 bytes of payload (the IP header with protocol 17 and both
 *   addresses), and is still delivered (log is no verdict);
 * - copy mode META logs without payload, PACKET with range 10 gives 10
 *   bytes (the smaller of range and snaplen);
 * - a queue threshold of 3 puts three messages in one read, ended by
 *   NLMSG_DONE; with a flush timeout of 50 (0.5 s) a lone message
 *   comes no sooner than the timeout;
 * - a log rule for a group nobody reads delivers the packet; after
 *   UNBIND the group is gone from /proc and nothing more is logged.
 */
#include "tst_test.h"
#include "net_hosts.h"
#include "net_nft.h"
#include "socket_helpers.h"
#include <linux/netfilter/nfnetlink_log.h>

#define TABLE "ltp_nflog"
#define GROUP 5
#define GNOBODY 6
#define GFREE 9
#define DLEN 100
#define MARK 0x1234
#define SNAP 40
#define ENOTSUPP_K 524

struct logmsg {
	uint16_t proto, group;
	uint8_t hook;
	uint32_t indev, mark, seq;
	int has_seq, has_mark, plen;
	int len;
	char prefix[200];
	unsigned char data[2048];
};

static struct nft_batch b;
static int family, hlen, indev;
static int nl = -1, nl2 = -1, s = -1, r = -1, r2 = -1;
static struct sockaddr_storage a1, a2;
static uint32_t seq;
static char prefix[128];

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

/*
 * A config message for group g on fd: the answer's 0 or -errno (log
 * messages never arrive between: nothing is sent while configuring).
 */
static int config(int fd, int g, int cmd, int mode, uint32_t range,
		  int timeout, int qthresh, int flags)
{
	static char rbuf[65536];
	struct nlmsghdr *req;

	b.len = 0;
	b.msg = NULL;
	b.depth = 0;
	req = nft_put_msg(&b, (NFNL_SUBSYS_ULOG << 8) | NFULNL_MSG_CONFIG,
			  NLM_F_ACK, AF_UNSPEC, g);
	if (cmd >= 0) {
		struct nfulnl_msg_config_cmd c = { .command = cmd };

		nft_put(&b, NFULA_CFG_CMD, &c, sizeof(c));
	}
	if (mode >= 0) {
		struct nfulnl_msg_config_mode m = {
			.copy_range = htonl(range), .copy_mode = mode
		};

		nft_put(&b, NFULA_CFG_MODE, &m, sizeof(m));
	}
	if (timeout >= 0)
		nft_put_be32(&b, NFULA_CFG_TIMEOUT, timeout);
	if (qthresh >= 0)
		nft_put_be32(&b, NFULA_CFG_QTHRESH, qthresh);
	if (flags >= 0)
		nft_put(&b, NFULA_CFG_FLAGS, &(uint16_t){ htons(flags) }, 2);
	req->nlmsg_seq = ++seq;
	if (send(fd, b.buf, b.len, 0) != (ssize_t)b.len)
		tst_brk(TBROK | TERRNO, "send(nfnetlink_log)");
	for (;;) {
		struct nlmsghdr *nh = (struct nlmsghdr *)rbuf;
		ssize_t n;
		int len;

		net_wait(fd, POLLIN);
		n = recv(fd, rbuf, sizeof(rbuf), 0);
		if (n < 0)
			tst_brk(TBROK | TERRNO, "recv(nfnetlink_log)");
		for (len = n; NLMSG_OK(nh, len); nh = NLMSG_NEXT(nh, len))
			if (nh->nlmsg_type == NLMSG_ERROR &&
			    nh->nlmsg_seq == seq)
				return ((struct nlmsgerr *)NLMSG_DATA(nh))->error;
	}
}

static void parse_log(struct nlmsghdr *nh, struct logmsg *m)
{
	int gl = NLMSG_ALIGN(sizeof(struct nfgenmsg));
	struct nfgenmsg *g = NLMSG_DATA(nh);
	struct nlattr *a;
	int rem;

	memset(m, 0, offsetof(struct logmsg, prefix));
	m->prefix[0] = 0;
	m->group = ntohs(g->res_id);
	nft_attr_each(a, (char *)g + gl, (int)nh->nlmsg_len - NLMSG_HDRLEN - gl,
		      rem) {
		switch (a->nla_type & NLA_TYPE_MASK) {
		case NFULA_PACKET_HDR: {
			struct nfulnl_msg_packet_hdr *h = NFT_ATTR_DATA(a);

			m->proto = ntohs(h->hw_protocol);
			m->hook = h->hook;
			break;
		}
		case NFULA_IFINDEX_INDEV:
			m->indev = nft_attr_be32(a);
			break;
		case NFULA_MARK:
			m->mark = nft_attr_be32(a);
			m->has_mark = 1;
			break;
		case NFULA_SEQ:
			m->seq = nft_attr_be32(a);
			m->has_seq = 1;
			break;
		case NFULA_PREFIX:
			m->plen = NFT_ATTR_LEN(a);
			nft_attr_str(a, m->prefix, sizeof(m->prefix));
			break;
		case NFULA_PAYLOAD:
			if (NFT_ATTR_LEN(a) <= (int)sizeof(m->data)) {
				m->len = NFT_ATTR_LEN(a);
				memcpy(m->data, NFT_ATTR_DATA(a), m->len);
			}
			break;
		}
	}
}

/*
 * One read from the group (bounded by ms): the log messages in it into
 * m (at most max), their number; *done: an NLMSG_DONE ended the read.
 */
static int read_logs(struct logmsg *m, int max, int ms, int *done)
{
	static char rbuf[65536];
	struct nlmsghdr *nh = (struct nlmsghdr *)rbuf;
	int n = 0, len;
	ssize_t got;

	*done = 0;
	if (!net_poll(nl, POLLIN, ms))
		return 0;
	got = recv(nl, rbuf, sizeof(rbuf), 0);
	if (got < 0)
		tst_brk(TBROK | TERRNO, "recv(nfnetlink_log)");
	for (len = got; NLMSG_OK(nh, len); nh = NLMSG_NEXT(nh, len)) {
		if (nh->nlmsg_type == NLMSG_DONE) {
			*done = 1;
			break;
		}
		if (nh->nlmsg_type != ((NFNL_SUBSYS_ULOG << 8) |
				       NFULNL_MSG_PACKET))
			tst_brk(TBROK, "nflog: message type 0x%x",
				nh->nlmsg_type);
		if (n < max)
			parse_log(nh, &m[n]);
		n++;
	}
	return n;
}

static void must_log(struct logmsg *m, const char *what)
{
	int done;

	if (read_logs(m, 1, 10000, &done) != 1)
		tst_brk(TBROK, "%s: no single log message within %d ms", what,
			net_ms(10000));
}

static void send_dgram(const struct sockaddr_storage *to, char fill)
{
	char buf[DLEN];

	memset(buf, fill, sizeof(buf));
	if (sendto(s, buf, DLEN, 0, (const struct sockaddr *)to,
		   sizeof(*to)) != DLEN)
		tst_brk(TBROK | TERRNO, "sendto()");
}

static void expect(int fd, char fill, const char *what)
{
	char buf[DLEN + 1];
	ssize_t n;

	if (!net_poll(fd, POLLIN, 10000)) {
		tst_res(TFAIL, "%s: not delivered", what);
		return;
	}
	n = recv(fd, buf, sizeof(buf), MSG_DONTWAIT);
	if (n == DLEN && buf[0] == fill && buf[DLEN - 1] == fill)
		tst_res(TPASS, "%s: delivered", what);
	else
		tst_res(TFAIL, "%s: %zd bytes of '%c'", what, n, buf[0]);
}

static int lproc(int g, unsigned int *f)
{
	char line[256];
	FILE *fp;
	int found = 0;

	net_enter(NET_B);
	fp = fopen("/proc/net/netfilter/nfnetlink_log", "r");
	if (!fp)
		tst_brk(TBROK | TERRNO, "open /proc/net/netfilter/nfnetlink_log");
	while (!found && fgets(line, sizeof(line), fp))
		found = sscanf(line, "%u %u %u %u %u %u", &f[0], &f[1], &f[2],
			       &f[3], &f[4], &f[5]) == 6 &&
			f[0] == (unsigned int)g;
	fclose(fp);
	return found;
}

/* A log expression: group, prefix, snaplen (0: none), level/flags. */
static void log_expr(int group, const char *pfx, int snap, int level,
		     int flags)
{
	nft_expr_begin(&b, "log");
	nft_put(&b, NFTA_LOG_GROUP, &(uint16_t){ htons(group) }, 2);
	if (pfx)
		nft_put_str(&b, NFTA_LOG_PREFIX, pfx);
	if (snap)
		nft_put_be32(&b, NFTA_LOG_SNAPLEN, snap);
	if (level >= 0)
		nft_put_be32(&b, NFTA_LOG_LEVEL, level);
	if (flags >= 0)
		nft_put_be32(&b, NFTA_LOG_FLAGS, flags);
	nft_expr_end(&b);
}

static int try_log(const char *pfx, int level, int flags)
{
	int ret;

	net_enter(NET_B);
	nft_begin(&b, NFPROTO_INET, TABLE);
	nft_rule_begin(&b, "probe", 0);
	log_expr(GROUP, pfx, 0, level, flags);
	nft_rule_end(&b);
	ret = nft_commit(&b);
	if (!ret) {
		nft_begin(&b, NFPROTO_INET, TABLE);
		nft_del_rule(&b, "probe", 0);
		nft_commit_safe(&b, "DELRULE probe");
	}
	return ret;
}

static void add_rules(void)
{
	uint32_t mark = MARK;
	char longer[129];

	net_enter(NET_B);
	nft_begin(&b, NFPROTO_INET, TABLE);
	nft_add_table(&b, 0);
	nft_add_chain(&b, "input", "filter", NF_INET_LOCAL_IN, 0, NF_ACCEPT,
		      0);
	nft_add_chain(&b, "probe", NULL, 0, 0, -1, 0);
	nft_commit_safe(&b, "table and chains");

	/* a config with CONFIG_NFT_LOG=m and no module to load */
	if (try_log("x", -1, -1) == -ENOENT)
		tst_brk(TCONF, "no nft log expression (nft_log not loadable)");
	nft_exp(try_log("x", 4, -1), -EINVAL, "log group with a level");
	nft_exp(try_log("x", -1, 1), -EINVAL, "log group with flags");
	memset(longer, 'p', 128);
	longer[128] = 0;
	nft_exp(try_log(longer, -1, -1), -ERANGE, "log prefix of 128 characters");
	nft_exp(try_log(prefix, -1, -1), 0, "log prefix of 127 characters");

	nft_begin(&b, NFPROTO_INET, TABLE);
	nft_rule_begin(&b, "input", 0);
	nft_match_nfproto(&b, nft_nfproto(family));
	nft_match_l4dport(&b, IPPROTO_UDP, net_port(&a1));
	nft_immediate(&b, NFT_REG_1, &mark, 4);
	nft_expr_begin(&b, "meta");
	nft_put_be32(&b, NFTA_META_KEY, NFT_META_MARK);
	nft_put_be32(&b, NFTA_META_SREG, NFT_REG_1);
	nft_expr_end(&b);
	log_expr(GROUP, prefix, SNAP, -1, -1);
	nft_counter(&b);
	nft_rule_end(&b);
	nft_rule_begin(&b, "input", 0);
	nft_match_nfproto(&b, nft_nfproto(family));
	nft_match_l4dport(&b, IPPROTO_UDP, net_port(&a2));
	log_expr(GNOBODY, "nobody", 0, -1, -1);
	nft_counter(&b);
	nft_rule_end(&b);
	nft_commit_safe(&b, "mark and log rules");
}

static void errors(void)
{
	uint32_t pid;
	socklen_t sl = sizeof(struct sockaddr_nl);
	struct sockaddr_nl sa;
	unsigned int f[6];

	if (getsockname(nl, (struct sockaddr *)&sa, &sl))
		tst_brk(TBROK | TERRNO, "getsockname(AF_NETLINK)");
	pid = sa.nl_pid;
	nft_exp(config(nl2, GROUP, NFULNL_CFG_CMD_BIND, -1, 0, -1, -1, -1),
		-EPERM, "BIND of another socket's group");
	nft_exp(config(nl2, GROUP, -1, NFULNL_COPY_META, 0, -1, -1, -1),
		-EPERM, "mode of another socket's group");
	nft_exp(config(nl, GROUP, NFULNL_CFG_CMD_BIND, -1, 0, -1, -1, -1),
		-EBUSY, "BIND of the group again");
	nft_exp(config(nl, GFREE, NFULNL_CFG_CMD_UNBIND, -1, 0, -1, -1, -1),
		-ENODEV, "UNBIND of an unbound group");
	nft_exp(config(nl, GFREE, -1, NFULNL_COPY_PACKET, 0, -1, -1, -1),
		-ENODEV, "mode of an unbound group");
	NET_EXP_EQ(config(nl, GROUP, 9, -1, 0, -1, -1, -1), -ENOTSUPP_K,
		   "config command 9 (-ENOTSUPP)");
	if (!lproc(GROUP, f)) {
		tst_res(TFAIL, "group %d not in /proc", GROUP);
		return;
	}
	if (f[1] == pid && f[2] == 0 && f[3] == NFULNL_COPY_PACKET &&
	    f[4] == 0xffff - NLA_HDRLEN && f[5] == 100)
		tst_res(TPASS, "/proc: port id %u, qlen 0, copy mode 2, range 65531, timeout 100",
			pid);
	else
		tst_res(TFAIL, "/proc: port id %u (ours %u), qlen %u, mode %u, range %u, timeout %u",
			f[1], pid, f[2], f[3], f[4], f[5]);
}

static void log_msgs(void)
{
	const unsigned char *ip;
	struct logmsg m;
	int i, hdr_ok;

	for (i = 0; i < 3; i++) {
		send_dgram(&a1, 'A' + i);
		must_log(&m, "logged datagram");
		if (m.group == GROUP && m.hook == NF_INET_LOCAL_IN &&
		    m.proto == (family == AF_INET ? 0x0800 : 0x86dd) &&
		    m.indev == (uint32_t)indev)
			tst_res(TPASS, "group %u, hook LOCAL_IN, protocol 0x%04x, indev %u",
				m.group, m.proto, m.indev);
		else
			tst_res(TFAIL, "group %u, hook %u, protocol 0x%04x, indev %u (net0 %d)",
				m.group, m.hook, m.proto, m.indev, indev);
		if (m.plen == (int)sizeof(prefix) && !strcmp(m.prefix, prefix))
			tst_res(TPASS, "prefix of 127 characters and its NUL");
		else
			tst_res(TFAIL, "prefix: %d bytes, \"%.20s...\"", m.plen,
				m.prefix);
		if (m.has_mark && m.mark == MARK && m.has_seq &&
		    m.seq == (uint32_t)i)
			tst_res(TPASS, "mark 0x%x, sequence %u", m.mark, m.seq);
		else
			tst_res(TFAIL, "mark 0x%x (%s), sequence %u (%s), expected 0x%x and %d",
				m.mark, m.has_mark ? "set" : "none", m.seq,
				m.has_seq ? "set" : "none", MARK, i);
		ip = m.data;
		if (family == AF_INET)
			hdr_ok = ip[0] == 0x45 && ip[9] == IPPROTO_UDP &&
				 !memcmp(ip + 16, net_rawaddr(&a1), 4);
		else
			hdr_ok = (ip[0] >> 4) == 6 && ip[6] == IPPROTO_UDP &&
				 !memcmp(ip + 24, net_rawaddr(&a1), 16);
		if (m.len == SNAP && hdr_ok)
			tst_res(TPASS, "payload: 40 bytes, the IP header to the remote's address");
		else
			tst_res(TFAIL, "payload: %d bytes, header %s", m.len,
				hdr_ok ? "right" : "wrong");
		expect(r, 'A' + i, "logged datagram");
	}
}

static void modes(void)
{
	struct logmsg m[4];
	unsigned int f[6];
	long long t0, dt;
	int done, n;

	NET_EXP_EQ(config(nl, GROUP, -1, NFULNL_COPY_META, 0, -1, -1, -1), 0,
		   "copy mode META");
	send_dgram(&a1, 'D');
	must_log(m, "datagram with copy mode META");
	NET_EXP_EQ(m[0].len, 0, "payload bytes in copy mode META");
	expect(r, 'D', "datagram logged without payload");
	NET_EXP_EQ(config(nl, GROUP, -1, NFULNL_COPY_PACKET, 10, -1, -1, -1), 0,
		   "copy range 10");
	if (lproc(GROUP, f))
		NET_EXP_EQ(f[4], 10, "/proc copy range");
	send_dgram(&a1, 'E');
	must_log(m, "datagram with copy range 10");
	NET_EXP_EQ(m[0].len, 10, "payload bytes for range 10 and snaplen 40");
	expect(r, 'E', "datagram logged with 10 bytes");

	NET_EXP_EQ(config(nl, GROUP, -1, -1, 0, 1000, 3, -1), 0,
		   "queue threshold 3, flush timeout 10 s");
	send_dgram(&a1, 'F');
	send_dgram(&a1, 'G');
	send_dgram(&a1, 'H');
	n = read_logs(m, 4, 10000, &done);
	if (n == 3 && done && m[0].seq + 2 == m[2].seq)
		tst_res(TPASS, "threshold 3: three messages and NLMSG_DONE in one read");
	else
		tst_res(TFAIL, "threshold 3: %d messages in one read, NLMSG_DONE %s",
			n, done ? "yes" : "no");
	expect(r, 'F', "first of three");
	expect(r, 'G', "second of three");
	expect(r, 'H', "third of three");

	NET_EXP_EQ(config(nl, GROUP, -1, -1, 0, 50, -1, -1), 0,
		   "flush timeout 0.5 s");
	t0 = tst_mono_ms();
	send_dgram(&a1, 'I');
	expect(r, 'I', "datagram logged under the threshold");
	n = read_logs(m, 1, 10000, &done);
	dt = tst_mono_ms() - t0;
	/* the timer runs 50 * HZ / 100 jiffies: a jiffy short at most */
	if (n == 1 && dt >= 450)
		tst_res(TPASS, "one message under the threshold after %lld ms",
			dt);
	else
		tst_res(TFAIL, "%d messages after %lld ms, expected 1 after >= 450 ms",
			n, dt);
}

static void unread_group(void)
{
	struct nft_rule_info ri[2];
	struct logmsg m;
	unsigned int f[6];
	int done;

	send_dgram(&a2, 'J');
	expect(r2, 'J', "datagram logged to a group nobody reads");
	net_enter(NET_B);
	if (nft_rules(NFPROTO_INET, TABLE, "input", ri, 2) == 2) {
		NET_EXP_EQ(nft_rule_expr(&ri[0], "counter")->packets, 9,
			   "datagrams counted after the mark and log");
		NET_EXP_EQ(nft_rule_expr(&ri[1], "counter")->packets, 1,
			   "datagrams counted after the unread log");
	} else {
		tst_res(TFAIL, "rule dump");
	}

	NET_EXP_EQ(config(nl, GROUP, NFULNL_CFG_CMD_UNBIND, -1, 0, -1, -1, -1),
		   0, "UNBIND");
	NET_EXP_EQ(lproc(GROUP, f), 0, "group in /proc after UNBIND");
	send_dgram(&a1, 'K');
	expect(r, 'K', "datagram after UNBIND");
	NET_EXP_EQ(read_logs(&m, 1, 0, &done), 0, "log messages after UNBIND");
}

static void run(unsigned int i)
{
	family = i ? AF_INET6 : AF_INET;
	hlen = family == AF_INET ? 20 : 40;
	tst_res(TINFO, "%s", i ? "IPv6" : "IPv4");

	r = net_bound(NET_B, family, SOCK_DGRAM, &a1);
	r2 = net_bound(NET_B, family, SOCK_DGRAM, &a2);
	s = net_bound(NET_A, family, SOCK_DGRAM, NULL);
	add_rules();
	net_enter(NET_B);
	indev = rtnl_ifindex("net0");
	nl = nl_sock();
	nl2 = nl_sock();
	if (config(nl, GROUP, NFULNL_CFG_CMD_BIND, -1, 0, -1, -1,
		   NFULNL_CFG_F_SEQ))
		tst_brk(TBROK, "BIND of group %d", GROUP);

	errors();
	log_msgs();
	modes();
	unread_group();

	net_enter(NET_B);
	nft_begin(&b, NFPROTO_INET, TABLE);
	nft_del_table(&b, 0);
	nft_commit_safe(&b, "DELTABLE");
	SAFE_CLOSE(nl);
	SAFE_CLOSE(nl2);
	SAFE_CLOSE(r);
	SAFE_CLOSE(r2);
	SAFE_CLOSE(s);
}

static void setup(void)
{
	memset(prefix, 'L', sizeof(prefix) - 1);
	/* one backlog: datagrams are handled in the order sent */
	sock_pin_cpu();
	net_hosts_setup();
}

static void cleanup(void)
{
	if (nl >= 0)
		SAFE_CLOSE(nl);
	if (nl2 >= 0)
		SAFE_CLOSE(nl2);
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.timeout = 60,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_NF_TABLES", "CONFIG_NF_TABLES_INET", "CONFIG_NFT_LOG",
		"CONFIG_NETFILTER_NETLINK_LOG", NULL
	},
};
