// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Neighbour tables (ARP and IPv6 neighbour discovery) between two
 * namespaces:
 * - after traffic to the remote host, the local table holds its
 *   address on net0 with the remote net0's MAC address, in a valid
 *   state (REACHABLE, STALE, DELAY or PROBE);
 * - a permanent entry added over rtnetlink is dumped as NUD_PERMANENT
 *   with its MAC; a second add with NLM_F_REPLACE changes the MAC;
 *   deleting it removes it and a second delete is ENOENT;
 * - traffic to an address nobody has leaves an entry that resolution
 *   fails for: it reaches NUD_FAILED (or is gone), never a MAC;
 * - a static entry with a wrong MAC wins over resolution: traffic to
 *   the remote address then gets no answer, and once the entry is
 *   deleted the address resolves to the right MAC again.
 */
#include <netinet/ip.h>
#include "tst_test.h"
#include "net_hosts.h"

#define NUD_VALID_ (NUD_REACHABLE | NUD_STALE | NUD_DELAY | NUD_PROBE | \
		    NUD_PERMANENT | NUD_NOARP)

static unsigned char fake[6] = { 0x02, 0x00, 0x5e, 0x10, 0x20, 0x30 };
static unsigned char fake2[6] = { 0x02, 0x00, 0x5e, 0x10, 0x20, 0x31 };

/* Send a UDP datagram from A to addr (a port nobody listens on). */
static void poke(int family, const void *addr)
{
	struct sockaddr_storage ss;
	socklen_t len = net_addr(NET_B, family, 9, &ss);
	int fd = net_socket(NET_A, family, SOCK_DGRAM);

	memcpy(net_rawaddr(&ss), addr, family == AF_INET ? 4 : 16);
	sendto(fd, "x", 1, 0, (struct sockaddr *)&ss, len);
	close(fd);
}

/* Wait (bounded) for the entry of addr to be in one of states. */
static int wait_neigh(int family, const void *addr, int states,
		      struct rtnl_neigh_info *ni, int ms)
{
	struct timespec t0, t;
	int idx = rtnl_ifindex("net0");

	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (;;) {
		RTNL_SAFE(rtnl_neigh_find(idx, family, addr, ni));
		if (ni->found && (ni->state & states))
			return 1;
		clock_gettime(CLOCK_MONOTONIC, &t);
		if ((t.tv_sec - t0.tv_sec) * 1000 +
		    (t.tv_nsec - t0.tv_nsec) / 1000000 > net_ms(ms))
			return 0;
		usleep(10000);
	}
}

static void run(unsigned int n)
{
	int family = n ? AF_INET6 : AF_INET;
	struct sockaddr_storage b, none;
	struct rtnl_link_info bl;
	struct rtnl_neigh_info ni;
	int idx, cfd, sfd;

	tst_res(TINFO, "%s", n ? "IPv6 ND" : "ARP");
	net_enter(NET_B);
	RTNL_SAFE(rtnl_link_get(0, "net0", &bl));
	net_addr(NET_B, family, 0, &b);
	net_addr(NET_B, family, 0, &none);
	if (family == AF_INET)
		((unsigned char *)net_rawaddr(&none))[3] = 77;
	else
		((unsigned char *)net_rawaddr(&none))[15] = 0x77;

	net_enter(NET_A);
	idx = rtnl_ifindex("net0");
	net_tcp_pair(NET_A, NET_B, family, &cfd, &sfd);
	close(cfd);
	close(sfd);
	net_enter(NET_A);
	if (!wait_neigh(family, net_rawaddr(&b), NUD_VALID_, &ni, 10000))
		tst_res(TFAIL, "no valid entry for the remote host (found %d state 0x%x)",
			ni.found, ni.state);
	else if (!ni.has_lladdr || memcmp(ni.lladdr, bl.addr, 6))
		tst_res(TFAIL, "the remote host's entry has another MAC");
	else
		tst_res(TPASS, "the remote host's entry: its net0 MAC, state 0x%x",
			ni.state);

	TST_EXP_EXPR(rtnl_neigh_add(idx, family, net_rawaddr(&none), fake,
				    NUD_PERMANENT) == 0, "add a permanent entry");
	RTNL_SAFE(rtnl_neigh_find(idx, family, net_rawaddr(&none), &ni));
	if (!ni.found || ni.state != NUD_PERMANENT || !ni.has_lladdr ||
	    memcmp(ni.lladdr, fake, 6))
		tst_res(TFAIL, "permanent entry: found %d state 0x%x", ni.found,
			ni.state);
	else
		tst_res(TPASS, "permanent entry dumped with its MAC");
	RTNL_SAFE(rtnl_neigh_add(idx, family, net_rawaddr(&none), fake2,
				 NUD_PERMANENT));
	RTNL_SAFE(rtnl_neigh_find(idx, family, net_rawaddr(&none), &ni));
	TST_EXP_EXPR(ni.found && !memcmp(ni.lladdr, fake2, 6),
		     "NLM_F_REPLACE changed the MAC");
	TST_EXP_EXPR(rtnl_neigh_del(idx, family, net_rawaddr(&none)) == 0,
		     "delete the permanent entry");
	RTNL_SAFE(rtnl_neigh_find(idx, family, net_rawaddr(&none), &ni));
	TST_EXP_EXPR(!ni.found || ni.state == NUD_FAILED ||
		     ni.state == NUD_NONE, "entry gone (state 0x%x)",
		     ni.state);
	{
		int ret = rtnl_neigh_del(idx, family, net_rawaddr(&none));

		if (ret == -ENOENT)
			tst_res(TPASS, "second delete: ENOENT");
		else
			tst_res(TFAIL, "second delete: %s, expected ENOENT",
				ret ? tst_strerrno(-ret) : "success");
	}

	/* resolution of an absent host fails */
	poke(family, net_rawaddr(&none));
	if (!wait_neigh(family, net_rawaddr(&none), NUD_FAILED, &ni, 30000) &&
	    ni.found)
		tst_res(TFAIL, "absent host: state 0x%x, not FAILED", ni.state);
	else if (ni.found && ni.has_lladdr)
		tst_res(TFAIL, "absent host resolved to a MAC");
	else
		tst_res(TPASS, "absent host: resolution failed");

	/* a static wrong MAC overrides resolution */
	RTNL_SAFE(rtnl_neigh_add(idx, family, net_rawaddr(&b), fake,
				 NUD_PERMANENT));
	{
		int fd = net_socket(NET_A, family, SOCK_STREAM);
		struct sockaddr_storage l;
		int lfd = net_listener(NET_B, family, &l);

		net_enter(NET_A);
		net_set_nonblock(fd, 1);
		connect(fd, (struct sockaddr *)&l, sizeof(l));
		/* the SYNs go to the wrong MAC: no answer within 2 s */
		TST_EXP_EXPR(!(net_poll(fd, POLLOUT, 2000) & POLLOUT),
			     "no connection through the wrong static MAC");
		RTNL_SAFE(rtnl_neigh_del(idx, family, net_rawaddr(&b)));
		/* the SYN retransmission resolves and connects */
		TST_EXP_EXPR(net_poll(fd, POLLOUT, 30000) & POLLOUT,
			     "connected once the static entry is gone");
		close(fd);
		close(lfd);
	}
	if (!wait_neigh(family, net_rawaddr(&b), NUD_VALID_, &ni, 10000) ||
	    memcmp(ni.lladdr, bl.addr, 6))
		tst_res(TFAIL, "the remote host did not resolve again");
	else
		tst_res(TPASS, "the remote host resolves to its MAC again");
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = net_hosts_setup,
	.needs_root = 1,
	.timeout = 120,
};
