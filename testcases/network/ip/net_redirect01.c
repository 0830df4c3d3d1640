// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ICMP and ICMPv6 redirects. Three hosts on one link (a bridge in the
 * router namespace): local 10.99.1.1 (and 10.99.1.11), fd99:1::1 with
 * default routes through the router (10.99.1.254, fe80::fe); the router
 * reaches 10.99.9.0/24 and fd99:9::/64 (on the remote host's lo) through
 * the remote host on the same link (10.99.1.2, fe80::2). A datagram from
 * the local host to 10.99.9.x leaves the router by the interface it came
 * in, so the router may tell the local host to use the remote host:
 * - send_redirects 0 (all and br0): forwarded, no redirect (OutRedirects
 *   unchanged), the local route still through the router;
 * - send_redirects 1, accept_redirects 0 in the local host: one redirect
 *   sent and received (OutRedirects, InRedirects + 1, also Icmp6
 *   OutRedirects/InRedirects), the local route unchanged;
 * - accept_redirects 1: one redirect, the route lookup for that
 *   destination (and no other) now gives the remote host as gateway
 *   (IPv6: its link-local address), and the next datagram to it arrives
 *   without the router forwarding it (ForwDatagrams, Ip6OutForwDatagrams
 *   unchanged).
 * The IPv6 sender's socket is bound to net0 (SO_BINDTODEVICE): stock
 * 6.1 drops a redirect for an unbound UDP socket (see send_one()).
 * Neighbour entries are pinned (a redirect to a gateway without a valid
 * entry only starts resolving it). The test runs on one CPU: the router
 * queues its redirect to the local host before it forwards the datagram,
 * so once the remote host has the datagram the local host has handled
 * the redirect.
 */
#include "net_redirect.h"

static void test_ipv4(void)
{
	net_sysctl(NET_R, "net/ipv4/conf/all/send_redirects", "0");
	net_sysctl(NET_R, "net/ipv4/conf/br0/send_redirects", "0");
	round_trip(AF_INET, "10.99.1.1", "10.99.9.3", REDIR_SOCKET, 0, 1,
		   "IPv4 send_redirects 0");
	expect_gw(AF_INET, "10.99.9.3", "10.99.1.254", "send_redirects 0");
	net_sysctl(NET_R, "net/ipv4/conf/all/send_redirects", "1");
	net_sysctl(NET_R, "net/ipv4/conf/br0/send_redirects", "1");

	/* another source: the first redirect to each peer goes at once */
	net_sysctl(NET_A, "net/ipv4/conf/all/accept_redirects", "0");
	net_sysctl(NET_A, "net/ipv4/conf/net0/accept_redirects", "0");
	round_trip(AF_INET, "10.99.1.11", "10.99.9.2", REDIR_SOCKET, 1, 1,
		   "IPv4 accept_redirects 0");
	expect_gw(AF_INET, "10.99.9.2", "10.99.1.254", "accept_redirects 0");

	net_sysctl(NET_A, "net/ipv4/conf/all/accept_redirects", "1");
	net_sysctl(NET_A, "net/ipv4/conf/net0/accept_redirects", "1");
	round_trip(AF_INET, "10.99.1.1", "10.99.9.1", REDIR_SOCKET, 1, 1,
		   "IPv4 accept_redirects 1");
	expect_gw(AF_INET, "10.99.9.1", "10.99.1.2", "redirected");
	expect_gw(AF_INET, "10.99.9.2", "10.99.1.254", "other destination");
	round_trip(AF_INET, "10.99.1.1", "10.99.9.1", REDIR_SOCKET, 0, 0,
		   "IPv4 after the redirect");
}

static void test_ipv6(void)
{
	/* the router limits redirects per destination: one each */
	net_sysctl(NET_A, "net/ipv6/conf/net0/accept_redirects", "0");
	round_trip(AF_INET6, "fd99:1::1", "fd99:9::2", REDIR_SOCKET, 1, 1,
		   "IPv6 accept_redirects 0");
	expect_gw(AF_INET6, "fd99:9::2", "fe80::fe", "accept_redirects 0");

	net_sysctl(NET_A, "net/ipv6/conf/net0/accept_redirects", "1");
	round_trip(AF_INET6, "fd99:1::1", "fd99:9::1", REDIR_SOCKET, 1, 1,
		   "IPv6 accept_redirects 1");
	expect_gw(AF_INET6, "fd99:9::1", "fe80::2", "redirected");
	expect_gw(AF_INET6, "fd99:9::2", "fe80::fe", "other destination");
	round_trip(AF_INET6, "fd99:1::1", "fd99:9::1", REDIR_SOCKET, 0, 0,
		   "IPv6 after the redirect");
}

static void setup(void)
{
	/* one CPU: the redirect is queued before the forwarded datagram */
	pin_to_current_cpu();
}

static void run(void)
{
	hosts();
	test_ipv4();
	test_ipv6();
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = redir_cleanup,
	.needs_root = 1,
	.timeout = 60,
};
