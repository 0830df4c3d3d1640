/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Hand-made frames for the bridge tests built on net_hosts.h: the local
 * host sends through an AF_PACKET socket, the bridge (br0 in NET_R)
 * forwards, packet sockets count what arrived. Each batch of frames is
 * followed by a sentinel frame (ethertype NET_ETH_TEST, its tag in byte
 * 14) on the same path: with the sender pinned to one CPU, one backlog
 * keeps the order, so once the sentinel is read, whatever the bridge
 * forwarded or answered before it is queued too.
 */
#ifndef NET_L2RAW_H
#define NET_L2RAW_H

#include <linux/if_ether.h>
#include <linux/if_packet.h>
#include <linux/neighbour.h>
#include "net_hosts.h"

#ifndef AF_BRIDGE
# define AF_BRIDGE PF_BRIDGE
#endif

#define NET_ETH_TEST 0x88b5

static const unsigned char net_bcast[6] = {
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff
};

/*
 * A static (NUD_NOARP) FDB entry for mac on bridge port ifindex of NET_R;
 * it replaces an entry the bridge learnt (with IPv6 on, the host behind
 * the port sends router solicitations and MLD reports at link up).
 */
static inline int net_br_fdb_add(int ifindex, const unsigned char *mac)
{
	static struct rtnl_msg m;
	struct ndmsg nd = {
		.ndm_family = AF_BRIDGE, .ndm_ifindex = ifindex,
		.ndm_state = NUD_NOARP, .ndm_flags = NTF_MASTER,
	};

	net_enter(NET_R);
	rtnl_msg_init(&m, RTM_NEWNEIGH, NLM_F_CREATE | NLM_F_REPLACE, &nd,
		      sizeof(nd));
	rtnl_put(&m, NDA_LLADDR, mac, 6);
	return rtnl_talk(&m);
}

/* A packet socket of host h bound to dev for ethertype proto. */
static inline int net_pkt_sock(int h, const char *dev, int proto)
{
	struct sockaddr_ll sll = {
		.sll_family = AF_PACKET,
		.sll_protocol = htons(proto),
	};
	int fd;

	net_enter(h);
	sll.sll_ifindex = rtnl_ifindex(dev);
	fd = SAFE_SOCKET(AF_PACKET, SOCK_RAW, htons(proto));
	if (bind(fd, (struct sockaddr *)&sll, sizeof(sll)))
		tst_brk(TBROK | TERRNO, "bind(AF_PACKET, %s)", dev);
	return fd;
}

/*
 * A third port "pc" of bridge br in NET_R, its veth peer "tapc" left
 * outside the bridge, both up: a packet socket on tapc (returned) sees
 * what the bridge sends out of pc.
 */
static inline int net_bridge_tap_port(int br, int *pc, int *tapc)
{
	net_enter(NET_R);
	RTNL_SAFE(rtnl_veth_add("pc", "tapc", -1));
	*pc = rtnl_ifindex("pc");
	*tapc = rtnl_ifindex("tapc");
	RTNL_SAFE(rtnl_link_master(*pc, br));
	RTNL_SAFE(rtnl_link_up(*pc));
	RTNL_SAFE(rtnl_link_up(*tapc));
	return net_pkt_sock(NET_R, "tapc", ETH_P_ALL);
}

/* The whole frame f (Ethernet header included) out of ifindex. */
static inline void net_raw_send(int fd, int ifindex, const void *f,
				size_t len)
{
	struct sockaddr_ll sll = {
		.sll_family = AF_PACKET, .sll_halen = 6,
		.sll_ifindex = ifindex,
	};

	memcpy(sll.sll_addr, f, 6);
	if (sendto(fd, f, len, 0, (struct sockaddr *)&sll, sizeof(sll)) !=
	    (ssize_t)len)
		tst_brk(TBROK | TERRNO, "sendto(AF_PACKET)");
}

/* A broadcast sentinel frame from src tagged tag. */
static inline void net_raw_sentinel(int fd, int ifindex,
				    const unsigned char *src, char tag)
{
	unsigned char f[60] = { 0 };

	memcpy(f, net_bcast, 6);
	memcpy(f + 6, src, 6);
	f[12] = NET_ETH_TEST >> 8;
	f[13] = NET_ETH_TEST & 0xff;
	f[14] = tag;
	net_raw_send(fd, ifindex, f, sizeof(f));
}

static inline int net_is_sentinel(const unsigned char *f, ssize_t len,
				  char tag)
{
	return len >= 15 && f[12] == (NET_ETH_TEST >> 8) &&
	       f[13] == (NET_ETH_TEST & 0xff) && f[14] == (unsigned char)tag;
}

/* Wait (250 ms) for the frames queued on rx: any sentinel 's'? */
static inline int net_raw_seen_s(int rx)
{
	unsigned char f[2048];
	int found = 0;
	ssize_t len;

	if (!net_poll(rx, POLLIN, 250))
		return 0;
	while ((len = recv(rx, f, sizeof(f), MSG_DONTWAIT)) >= 0)
		found |= net_is_sentinel(f, len, 's');
	return found;
}

/*
 * Sentinels from src out of (tx, ifindex) until one reaches rx (at most
 * 40 tries): until the link watch has given the veths their qdiscs and
 * the bridge has enabled its ports, frames are lost. The frame itself
 * is looked for (something else may wake the socket first). Then rx is
 * read up to a last sentinel 'z', so that it starts empty.
 */
static inline void net_raw_warmup(int tx, int ifindex,
				  const unsigned char *src, int rx)
{
	unsigned char f[2048];
	long long end;
	ssize_t len;
	int i;

	for (i = 0; i < 40; i++) {
		net_raw_sentinel(tx, ifindex, src, 's');
		if (net_raw_seen_s(rx))
			break;
	}
	if (i == 40)
		tst_brk(TBROK, "no frame from the local host got through");
	net_raw_sentinel(tx, ifindex, src, 'z');
	end = tst_mono_ms() + net_ms(10000);
	for (;;) {
		if (tst_mono_ms() > end)
			tst_brk(TBROK, "sentinel 'z' not received");
		if (!net_poll(rx, POLLIN, 1000))
			continue;
		len = recv(rx, f, sizeof(f), MSG_DONTWAIT);
		if (net_is_sentinel(f, len, 'z'))
			return;
	}
}

#endif /* NET_L2RAW_H */
