// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Redirects whose quoted datagram no bound socket explains (hosts of
 * net_redirect.h, accept_redirects on): each must still give the route
 * lookup for its destination the remote host as gateway.
 * - IPv6, a UDP socket bound to no device: until cd51b74bdd0b
 *   ip6_sk_redirect() passed the socket's bound device (0) as the
 *   interface the gateway route must leave by, so no route matched and
 *   the redirect was dropped;
 * - IPv4 and IPv6, a datagram written on a packet socket, no UDP socket
 *   on its source port: until "Create exceptions before socket matching"
 *   (4c3499f79f8c for IPv4, CVE-2026-99077; ac76cab50e89 for IPv6,
 *   CVE-2026-99076) udp_err()/udpv6_err() made the exception only for a
 *   datagram some socket had sent, so whether a redirect took effect
 *   told which local ports were in use.
 * Debian's 6.1.192 has the IPv4 fix only: the two IPv6 cases fail there
 * (in runtest/kernel_bugs); 6.12.118 has all three.
 */
#include "net_redirect.h"

static void setup(void)
{
	/* one CPU: the redirect is queued before the forwarded datagram */
	pin_to_current_cpu();
}

static void run(void)
{
	hosts();
	round_trip(AF_INET, "10.99.1.1", "10.99.9.1", REDIR_NO_SOCKET, 1, 1,
		   "IPv4, no socket");
	expect_gw(AF_INET, "10.99.9.1", "10.99.1.2", "IPv4, no socket");
	round_trip(AF_INET6, "fd99:1::1", "fd99:9::1", REDIR_UNBOUND, 1, 1,
		   "IPv6, unbound socket");
	expect_gw(AF_INET6, "fd99:9::1", "fe80::2", "IPv6, unbound socket");
	round_trip(AF_INET6, "fd99:1::1", "fd99:9::2", REDIR_NO_SOCKET, 1, 1,
		   "IPv6, no socket");
	expect_gw(AF_INET6, "fd99:9::2", "fe80::2", "IPv6, no socket");
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = redir_cleanup,
	.needs_root = 1,
	.timeout = 60,
	.tags = (const struct tst_tag[]) {
		{"linux-git", "cd51b74bdd0b"},
		{"linux-git", "4c3499f79f8c"},
		{"linux-git", "ac76cab50e89"},
		{"CVE", "2026-99077"},
		{"CVE", "2026-99076"},
		{}
	},
};
