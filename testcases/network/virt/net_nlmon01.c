// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * nlmon: a netlink monitor device. While it is up, every netlink
 * message of a whitelisted protocol sent or received by a socket of
 * its namespace is handed to it (synchronously, in the sender's
 * context), so a packet socket on it reads them at once.
 * - EINVAL for a link address on creation; MTU below a netlink header
 *   (15) EINVAL, 16 taken;
 * - down: an rtnetlink request and its answer are not captured;
 * - up: the request is captured byte for byte as sent, protocol
 *   NETLINK_ROUTE, hardware type ARPHRD_NETLINK; the answer (RTM_NEWLINK
 *   with the request's sequence number and the socket's port id) and
 *   the acknowledgement (error 0) byte for byte as received. nlmon marks
 *   them PACKET_USER or PACKET_KERNEL, but a packet socket reads what a
 *   device transmits through dev_queue_xmit_nit(), which makes every
 *   copy PACKET_OUTGOING: that is what is asserted;
 * - a request in another namespace is not captured;
 * - NETLINK_USERSOCK between two user sockets: captured (protocol 2),
 *   the message delivered; NETLINK_KOBJECT_UEVENT between two user
 *   sockets (not on the whitelist): delivered, not captured;
 * - nlmon0's rx_packets and rx_bytes move by exactly the messages and
 *   bytes captured, tx by 0.
 */
#include <net/if_arp.h>
#include <linux/if_packet.h>
#include <linux/if_ether.h>
#include "tst_test.h"
#include "net_hosts.h"

#ifndef ARPHRD_NETLINK
# define ARPHRD_NETLINK 824
#endif

#define SEQ0 0x4c540000u

static int cap, mon;
static uint32_t seq = SEQ0;

struct msgbuf {
	unsigned char b[8192];
	ssize_t len;
	int pkttype, proto, hatype;
};

/* The next captured message (synchronous capture: nothing is pending). */
static int next_cap(struct msgbuf *m)
{
	struct sockaddr_ll sll;
	socklen_t sl = sizeof(sll);

	m->len = recvfrom(cap, m->b, sizeof(m->b), MSG_DONTWAIT,
			  (struct sockaddr *)&sll, &sl);
	if (m->len < 0)
		return 0;
	m->pkttype = sll.sll_pkttype;
	m->proto = ntohs(sll.sll_protocol);
	m->hatype = sll.sll_hatype;
	return 1;
}

static int drain(long long *bytes)
{
	struct msgbuf *m = malloc(sizeof(*m));
	int n = 0;

	*bytes = 0;
	while (next_cap(m)) {
		n++;
		*bytes += m->len;
	}
	free(m);
	return n;
}

static int nl_sock(int proto)
{
	struct sockaddr_nl sa = { .nl_family = AF_NETLINK };
	int fd = socket(AF_NETLINK, SOCK_RAW, proto);

	if (fd < 0)
		tst_brk(TBROK | TERRNO, "socket(AF_NETLINK, %d)", proto);
	if (bind(fd, (struct sockaddr *)&sa, sizeof(sa)))
		tst_brk(TBROK | TERRNO, "bind(AF_NETLINK)");
	return fd;
}

static uint32_t port_of(int fd)
{
	struct sockaddr_nl sa;
	socklen_t sl = sizeof(sa);

	if (getsockname(fd, (struct sockaddr *)&sa, &sl))
		tst_brk(TBROK | TERRNO, "getsockname(AF_NETLINK)");
	return sa.nl_pid;
}

/*
 * RTM_GETLINK of lo with NLM_F_ACK on a socket of the current
 * namespace: the request in *req, the answer and the ack as received.
 */
static void getlink_lo(struct msgbuf *req, struct msgbuf *ans,
		       struct msgbuf *ack, uint32_t *port)
{
	struct {
		struct nlmsghdr nh;
		struct ifinfomsg ifi;
	} *r = (void *)req->b;
	int fd = nl_sock(NETLINK_ROUTE);

	memset(req->b, 0, sizeof(struct nlmsghdr) + sizeof(struct ifinfomsg));
	r->nh.nlmsg_len = sizeof(*r);
	r->nh.nlmsg_type = RTM_GETLINK;
	r->nh.nlmsg_flags = NLM_F_REQUEST | NLM_F_ACK;
	r->nh.nlmsg_seq = ++seq;
	r->ifi.ifi_family = AF_UNSPEC;
	r->ifi.ifi_index = rtnl_ifindex("lo");
	req->len = sizeof(*r);
	*port = port_of(fd);
	if (send(fd, req->b, req->len, 0) != req->len)
		tst_brk(TBROK | TERRNO, "send(RTM_GETLINK)");
	net_wait(fd, POLLIN);
	ans->len = recv(fd, ans->b, sizeof(ans->b), 0);
	net_wait(fd, POLLIN);
	ack->len = recv(fd, ack->b, sizeof(ack->b), 0);
	if (ans->len <= 0 || ack->len <= 0)
		tst_brk(TBROK | TERRNO, "recv(NETLINK_ROUTE)");
	close(fd);
}

static int make_nlmon(const char *name, int with_addr)
{
	static struct rtnl_msg m;
	unsigned char mac[6] = { 2, 0, 0, 0, 0, 1 };

	rtnl_link_msg(&m, RTM_NEWLINK, NLM_F_CREATE | NLM_F_EXCL, 0, name);
	if (with_addr)
		rtnl_put(&m, IFLA_ADDRESS, mac, 6);
	rtnl_nest(&m, IFLA_LINKINFO);
	rtnl_put_str(&m, IFLA_INFO_KIND, "nlmon");
	return rtnl_newlink_end(&m);
}

static void check_same(const struct msgbuf *got, const struct msgbuf *want,
		       int pkttype, const char *what)
{
	char buf[96];

	snprintf(buf, sizeof(buf), "%s captured byte for byte", what);
	if (got->len == want->len && !memcmp(got->b, want->b, want->len))
		tst_res(TPASS, "%s (%zd bytes)", buf, got->len);
	else
		tst_res(TFAIL, "%s: %zd bytes captured, %zd %s", what,
			got->len, want->len, got->len == want->len ?
			"differ" : "expected");
	snprintf(buf, sizeof(buf), "  %s pkttype", what);
	NET_EXP_EQ(got->pkttype, pkttype, buf);
	NET_EXP_EQ(got->proto, NETLINK_ROUTE, "  protocol");
	NET_EXP_EQ(got->hatype, ARPHRD_NETLINK, "  hardware type");
}

static void stats(uint64_t *pk, uint64_t *by, uint64_t *tx)
{
	struct rtnl_link_info li;

	RTNL_SAFE(rtnl_link_get(mon, NULL, &li));
	*pk = li.stats.rx_packets;
	*by = li.stats.rx_bytes;
	*tx = li.stats.tx_packets;
}

static void test_route(void)
{
	struct msgbuf *req = malloc(sizeof(*req)), *ans = malloc(sizeof(*ans));
	struct msgbuf *ack = malloc(sizeof(*ack)), *c = malloc(sizeof(*c));
	struct nlmsghdr *nh = (struct nlmsghdr *)c->b;
	long long by;
	uint32_t port;
	int n;

	net_enter(NET_A);
	RTNL_SAFE(rtnl_link_set(mon, 0, IFF_UP, 0));
	drain(&by);
	getlink_lo(req, ans, ack, &port);
	NET_EXP_EQ(drain(&by), 0, "nlmon0 down: messages captured");

	RTNL_SAFE(rtnl_link_up(mon));
	drain(&by);
	getlink_lo(req, ans, ack, &port);
	n = 0;
	if (next_cap(c)) {
		n++;
		check_same(c, req, PACKET_OUTGOING, "request");
	}
	if (next_cap(c)) {
		n++;
		check_same(c, ans, PACKET_OUTGOING, "answer");
		NET_EXP_EQ(nh->nlmsg_type, RTM_NEWLINK, "  answer type");
		NET_EXP_EQ(nh->nlmsg_seq, seq, "  answer sequence number");
		NET_EXP_EQ(nh->nlmsg_pid, port, "  answer port id");
	}
	if (next_cap(c)) {
		n++;
		check_same(c, ack, PACKET_OUTGOING, "acknowledgement");
		NET_EXP_EQ(nh->nlmsg_type, NLMSG_ERROR, "  ack type");
		NET_EXP_EQ(((struct nlmsgerr *)NLMSG_DATA(nh))->error, 0,
			   "  ack error");
	}
	n += drain(&by);
	NET_EXP_EQ(n, 3, "messages captured for one request");

	net_enter(NET_B);
	getlink_lo(req, ans, ack, &port);
	net_enter(NET_A);
	NET_EXP_EQ(drain(&by), 0, "request in another namespace: captured");
	free(req);
	free(ans);
	free(ack);
	free(c);
}

/* A message from one user socket to another of protocol proto. */
static void user_msg(int proto, int want, const char *name)
{
	struct msgbuf *c = malloc(sizeof(*c));
	struct {
		struct nlmsghdr nh;
		char data[12];
	} msg = { 0 }, in;
	struct sockaddr_nl dst = { .nl_family = AF_NETLINK };
	int a = nl_sock(proto), b = nl_sock(proto), n = 0;
	char what[96];

	msg.nh.nlmsg_len = sizeof(msg);
	msg.nh.nlmsg_type = 0x77;
	msg.nh.nlmsg_seq = ++seq;
	strcpy(msg.data, "nlmon-user");
	dst.nl_pid = port_of(b);
	if (sendto(a, &msg, sizeof(msg), 0, (struct sockaddr *)&dst,
		   sizeof(dst)) != sizeof(msg))
		tst_brk(TBROK | TERRNO, "sendto(%s)", name);
	net_wait(b, POLLIN);
	snprintf(what, sizeof(what), "%s: message delivered", name);
	if (recv(b, &in, sizeof(in), 0) == sizeof(msg) &&
	    !memcmp(&in, &msg, sizeof(msg)))
		tst_res(TPASS, "%s", what);
	else
		tst_res(TFAIL | TERRNO, "%s: not delivered intact", what);
	while (next_cap(c)) {
		if (c->len != sizeof(msg) || memcmp(c->b, &msg, sizeof(msg)))
			continue;
		n++;
		NET_EXP_EQ(c->pkttype, PACKET_OUTGOING, "  pkttype");
		NET_EXP_EQ(c->proto, proto, "  protocol");
	}
	snprintf(what, sizeof(what), "%s: captured", name);
	NET_EXP_EQ(n, want, what);
	close(a);
	close(b);
	free(c);
}

static void test_counters(void)
{
	struct msgbuf *req = malloc(sizeof(*req)), *ans = malloc(sizeof(*ans));
	struct msgbuf *ack = malloc(sizeof(*ack)), *c = malloc(sizeof(*c));
	uint64_t p0, b0, t0, p1, b1, t1;
	long long by, len[16], sum = 0;
	uint32_t port;
	int n = 0, i;

	net_enter(NET_A);
	drain(&by);
	/*
	 * A reading's request is counted before the kernel reads the
	 * stats, its answer and ack after: captured in order are req0,
	 * ans0, ack0, our three, req1, ans1, ack1, and the second reading
	 * counts the six from ans0 to req1.
	 */
	stats(&p0, &b0, &t0);
	getlink_lo(req, ans, ack, &port);
	stats(&p1, &b1, &t1);
	while (next_cap(c))
		if (n < 16)
			len[n++] = c->len;
	NET_EXP_EQ(n, 9, "messages captured around two readings");
	if (n == 9) {
		for (i = 1; i <= 6; i++)
			sum += len[i];
		NET_EXP_EQ(b1 - b0, sum, "nlmon0 rx_bytes: the six messages' bytes");
		NET_EXP_EQ(len[3], req->len, "  our request's length among them");
	}
	NET_EXP_EQ(p1 - p0, 6, "nlmon0 rx_packets: the six messages");
	NET_EXP_EQ(t1 - t0, 0, "nlmon0 tx_packets");
	free(req);
	free(ans);
	free(ack);
	free(c);
}

static void errnos(void)
{
	struct rtnl_link_info li;
	int mtu;

	net_enter(NET_A);
	TST_EXP_EQ_LI(make_nlmon("nlx", 1), -EINVAL);
	TST_EXP_EQ_LI(rtnl_link_set(mon, 0, 0, 15), -EINVAL);
	RTNL_SAFE(rtnl_link_get(mon, NULL, &li));
	mtu = li.mtu;
	TST_EXP_EQ_LI(rtnl_link_set(mon, 0, 0, 16), 0);
	RTNL_SAFE(rtnl_link_get(mon, NULL, &li));
	NET_EXP_EQ(li.mtu, 16, "nlmon0 MTU 16 read back");
	RTNL_SAFE(rtnl_link_set(mon, 0, 0, mtu));
}

static void setup(void)
{
	struct sockaddr_ll sll = {
		.sll_family = AF_PACKET, .sll_protocol = htons(ETH_P_ALL),
	};
	int ret;

	net_ns_new(NET_B);
	net_ns_new(NET_A);
	ret = make_nlmon("nlmon0", 0);
	if (ret == -EOPNOTSUPP)
		tst_brk(TCONF, "no nlmon support (module missing)");
	RTNL_SAFE(ret);
	mon = rtnl_ifindex("nlmon0");
	cap = socket(AF_PACKET, SOCK_RAW, 0);
	if (cap < 0)
		tst_brk(TBROK | TERRNO, "socket(AF_PACKET)");
	sll.sll_ifindex = mon;
	if (bind(cap, (struct sockaddr *)&sll, sizeof(sll)))
		tst_brk(TBROK | TERRNO, "bind(AF_PACKET, nlmon0)");
}

static void run(void)
{
	errnos();
	test_route();
	user_msg(NETLINK_USERSOCK, 1, "NETLINK_USERSOCK");
	user_msg(NETLINK_KOBJECT_UEVENT, 0, "NETLINK_KOBJECT_UEVENT");
	test_counters();
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.timeout = 60,
};
