// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Automatic IPv6 flow labels (net.ipv6.auto_flowlabels) as the remote
 * host sees them on the wire (AF_PACKET on its net0), for UDP datagrams
 * from the local host:
 * - a new namespace: auto_flowlabels 1, flowlabel_state_ranges 0;
 *   auto_flowlabels 4 and -1 are EINVAL;
 * - with flowlabel_state_ranges 1 an automatic label has the stateless
 *   bit (0x80000), so it is never 0;
 * - 1 (opt-out): IPV6_AUTOFLOWLABEL reads 1, three datagrams of a socket
 *   carry one label, four sockets (four flows) at least two labels;
 *   IPV6_AUTOFLOWLABEL 0 reads back and the label is 0;
 * - 0 (off): the option reads 0, label 0, and setting it to 1 (read
 *   back) still gives 0;
 * - 2 (opt-in): reads 0, label 0; set to 1 the label appears;
 * - 3 (forced): reads 1; set to 0 (read back) the label stays.
 */
#include <netpacket/packet.h>
#include <net/ethernet.h>
#include "tst_test.h"
#include "net_hosts.h"

#define PORT 4747
#define STATELESS 0x80000

static int cap = -1, rx = -1;

static void hosts(void)
{
	struct sockaddr_ll sll = {
		.sll_family = AF_PACKET, .sll_protocol = htons(ETH_P_IPV6),
	};
	struct sockaddr_in6 s6 = {
		.sin6_family = AF_INET6, .sin6_port = htons(PORT),
	};
	int h;

	for (h = 0; h < NET_NHOSTS; h++) {
		if (net_nsfd[h] >= 0)
			close(net_nsfd[h]);
		net_nsfd[h] = -1;
	}
	if (cap >= 0)
		close(cap);
	if (rx >= 0)
		close(rx);
	net_cur = -1;
	net_hosts_setup();

	net_enter(NET_B);
	sll.sll_ifindex = rtnl_ifindex("net0");
	cap = socket(AF_PACKET, SOCK_DGRAM | SOCK_CLOEXEC, htons(ETH_P_IPV6));
	if (cap < 0 || bind(cap, (struct sockaddr *)&sll, sizeof(sll)))
		tst_brk(TBROK | TERRNO, "AF_PACKET socket on net0");
	/* a receiver, so that no port unreachable comes back */
	rx = net_socket(NET_B, AF_INET6, SOCK_DGRAM);
	if (bind(rx, (struct sockaddr *)&s6, sizeof(s6)))
		tst_brk(TBROK | TERRNO, "bind([::]:%d)", PORT);
	net_enter(NET_A);
}

static int autoflow(int fd)
{
	int val = -1;
	socklen_t len = sizeof(val);

	if (getsockopt(fd, IPPROTO_IPV6, IPV6_AUTOFLOWLABEL, &val, &len))
		tst_brk(TBROK | TERRNO, "getsockopt(IPV6_AUTOFLOWLABEL)");
	return val;
}

static void set_autoflow(int fd, int val)
{
	if (setsockopt(fd, IPPROTO_IPV6, IPV6_AUTOFLOWLABEL, &val,
		       sizeof(val)))
		tst_brk(TBROK | TERRNO, "setsockopt(IPV6_AUTOFLOWLABEL, %d)",
			val);
}

static int sender(void)
{
	return net_socket(NET_A, AF_INET6, SOCK_DGRAM);
}

/* Send one datagram on fd; the flow label it has on the wire. */
static unsigned int label_of(int fd)
{
	struct sockaddr_storage dst, me;
	socklen_t len = net_addr(NET_B, AF_INET6, PORT, &dst);
	unsigned char pkt[256];
	unsigned short sport;
	uint32_t w;
	ssize_t n;

	if (sendto(fd, "f", 1, 0, (struct sockaddr *)&dst, len) != 1)
		tst_brk(TBROK | TERRNO, "sendto()");
	len = sizeof(me);
	if (getsockname(fd, (struct sockaddr *)&me, &len))
		tst_brk(TBROK | TERRNO, "getsockname()");
	sport = net_port(&me);
	for (;;) {
		if (!(net_poll(cap, POLLIN, 10000) & POLLIN))
			tst_brk(TBROK, "datagram from port %u not seen on the wire",
				sport);
		n = recv(cap, pkt, sizeof(pkt), 0);
		if (n < 0)
			tst_brk(TBROK | TERRNO, "recv(AF_PACKET)");
		/* IPv6 header, then UDP with the test's ports */
		if (n < 48 || pkt[6] != IPPROTO_UDP ||
		    (pkt[40] << 8 | pkt[41]) != sport ||
		    (pkt[42] << 8 | pkt[43]) != PORT)
			continue;
		memcpy(&w, pkt, 4);
		return ntohl(w) & 0xfffff;
	}
}

static void mode(const char *val)
{
	net_sysctl(NET_A, "net/ipv6/auto_flowlabels", val);
	net_enter(NET_A);
}

static void expect_label(unsigned int got, int want_auto, const char *what)
{
	if (!want_auto && got == 0)
		tst_res(TPASS, "%s: label 0", what);
	else if (want_auto && (got & STATELESS))
		tst_res(TPASS, "%s: automatic label 0x%05x", what, got);
	else
		tst_res(TFAIL, "%s: label 0x%05x, expected %s", what, got,
			want_auto ? "an automatic one" : "0");
}

static void test_optout(void)
{
	unsigned int l[4], a, b;
	int fd, fds[4], i, distinct = 0;

	mode("1");
	fd = sender();
	NET_EXP_EQ(autoflow(fd), 1, "auto_flowlabels 1: IPV6_AUTOFLOWLABEL");
	a = label_of(fd);
	b = label_of(fd);
	expect_label(a, 1, "auto_flowlabels 1");
	if (a == b && label_of(fd) == a)
		tst_res(TPASS, "three datagrams of a socket: one label");
	else
		tst_res(TFAIL, "labels of one socket differ (0x%05x, 0x%05x)",
			a, b);
	for (i = 0; i < 4; i++) {
		fds[i] = sender();
		l[i] = label_of(fds[i]);
		distinct += i && l[i] != l[0];
	}
	if (distinct)
		tst_res(TPASS, "four flows: more than one label");
	else
		tst_res(TFAIL, "four flows all labelled 0x%05x", l[0]);
	for (i = 0; i < 4; i++)
		close(fds[i]);
	set_autoflow(fd, 0);
	NET_EXP_EQ(autoflow(fd), 0, "IPV6_AUTOFLOWLABEL 0 read back");
	expect_label(label_of(fd), 0, "auto_flowlabels 1, socket opted out");
	close(fd);
}

static void test_modes(void)
{
	int fd;

	mode("0");
	fd = sender();
	NET_EXP_EQ(autoflow(fd), 0, "auto_flowlabels 0: IPV6_AUTOFLOWLABEL");
	expect_label(label_of(fd), 0, "auto_flowlabels 0");
	set_autoflow(fd, 1);
	NET_EXP_EQ(autoflow(fd), 1, "IPV6_AUTOFLOWLABEL 1 read back");
	expect_label(label_of(fd), 0, "auto_flowlabels 0, socket opted in");
	close(fd);

	mode("2");
	fd = sender();
	NET_EXP_EQ(autoflow(fd), 0, "auto_flowlabels 2: IPV6_AUTOFLOWLABEL");
	expect_label(label_of(fd), 0, "auto_flowlabels 2");
	set_autoflow(fd, 1);
	expect_label(label_of(fd), 1, "auto_flowlabels 2, socket opted in");
	close(fd);

	mode("3");
	fd = sender();
	NET_EXP_EQ(autoflow(fd), 1, "auto_flowlabels 3: IPV6_AUTOFLOWLABEL");
	expect_label(label_of(fd), 1, "auto_flowlabels 3");
	set_autoflow(fd, 0);
	NET_EXP_EQ(autoflow(fd), 0, "IPV6_AUTOFLOWLABEL 0 read back");
	expect_label(label_of(fd), 1, "auto_flowlabels 3, socket opted out");
	close(fd);
}

static void test_sysctl(void)
{
	static const char *const bad[] = { "4", "-1" };
	char buf[32];
	int fd, i;

	net_sysctl_read(NET_A, "net/ipv6/auto_flowlabels", buf, sizeof(buf));
	NET_EXP_EQ(atoi(buf), 1, "new namespace: auto_flowlabels");
	net_sysctl_read(NET_A, "net/ipv6/flowlabel_state_ranges", buf,
			sizeof(buf));
	NET_EXP_EQ(atoi(buf), 0, "new namespace: flowlabel_state_ranges");
	for (i = 0; i < 2; i++) {
		fd = open("/proc/sys/net/ipv6/auto_flowlabels", O_WRONLY);
		if (fd < 0)
			tst_brk(TBROK | TERRNO, "open(auto_flowlabels)");
		TST_EXP_FAIL(write(fd, bad[i], strlen(bad[i])), EINVAL,
			     "auto_flowlabels = %s", bad[i]);
		close(fd);
	}
	net_sysctl_read(NET_A, "net/ipv6/auto_flowlabels", buf, sizeof(buf));
	NET_EXP_EQ(atoi(buf), 1, "auto_flowlabels after the EINVALs");
	net_sysctl(NET_A, "net/ipv6/flowlabel_state_ranges", "1");
	net_enter(NET_A);
}

static void run(void)
{
	hosts();
	test_sysctl();
	test_optout();
	test_modes();
}

static void cleanup(void)
{
	if (cap >= 0)
		close(cap);
	if (rx >= 0)
		close(rx);
}

static struct tst_test test = {
	.test_all = run,
	.cleanup = cleanup,
	.needs_root = 1,
	.timeout = 60,
};
