// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * IPv4 multicast routing (net/ipv4/ipmr.c) in a router namespace between
 * a sender and a receiver (net_routed_setup(): A -- R -- B), the router
 * driven by a raw IGMP socket as mrouted or pimd would:
 * - MRT_INIT: EOPNOTSUPP on a UDP and a raw ICMP socket, EINVAL for a
 *   short option, EADDRINUSE for a second socket and the same one again;
 *   MRT_DONE from another socket EACCES; MRT_VERSION 0x0305;
 *   conf/all/mc_forwarding 1 while a socket owns the table;
 * - without CAP_NET_ADMIN only the owning socket may change the table
 *   (EACCES from another one);
 * - MRT_ADD_VIF: EINVAL (short option, flag VIFF_SRCRT), ENFILE for vif
 *   32 (MAXVIFS), EADDRNOTAVAIL (an address or ifindex the router does
 *   not have), EADDRINUSE for a busy vif; vif 0 (net0, by address) and
 *   vif 31 (net1, VIFF_USE_IFINDEX) listed in /proc/net/ip_mr_vif, their
 *   devices' mc_forwarding 1; MRT_DEL_VIF of a free vif EADDRNOTAVAIL;
 * - an (S,G) datagram without a cache entry: one IGMPMSG_NOCACHE upcall
 *   (28 bytes, source, group, vif 0) on the mroute socket, an unresolved
 *   entry (iif -1) in /proc/net/ip_mr_cache, SIOCGETSGCNT EADDRNOTAVAIL,
 *   nothing forwarded; of 5 datagrams the kernel queues 4, which
 *   MRT_ADD_MFC then forwards: exactly 4 reach the receiver;
 * - MRT_ADD_MFC: ENFILE for parent 32, EINVAL for a unicast group; the
 *   receiver gets each datagram once, TTL decremented; the cache entry's
 *   packets and bytes (/proc and SIOCGETSGCNT) and vif 0's input and vif
 *   31's output counters (/proc and SIOCGETVIFCNT, EINVAL past maxvif,
 *   EADDRNOTAVAIL for a free vif) move by exactly what was sent;
 * - an oif threshold of 5: TTL 5 is dropped (still counted as input),
 *   TTL 6 forwarded with TTL 5;
 * - MRT_ASSERT 1 (read back) and the entry's parent moved to vif 31: a
 *   datagram arriving on vif 0 counts as wrong interface, is not
 *   forwarded, gives one IGMPMSG_WRONGVIF upcall for vif 0, and a second
 *   one within MFC_ASSERT_THRESH (3 s) none;
 * - MRT_DEL_MFC (ENOENT the second time): the entry is gone and the group
 *   no longer forwarded;
 * - MRT_DONE, and closing a socket that owns the table: no vif, no cache
 *   entry, mc_forwarding 0 everywhere, MRT_INIT possible again.
 * Whatever datagram the receiver must (not) have got is bounded by a
 * sentinel datagram of another group forwarded behind it.
 *
 * Would catch: upcalls with the wrong vif, source or group; queued
 * datagrams lost or duplicated on resolution, an unbounded unresolved
 * queue; TTL threshold off by one; counters that miss or double count;
 * asserts without rate limit; vifs or entries left behind by a closed
 * mroute socket; permission checks missing for non-owners.
 */
#include <netinet/in.h>
#include <sys/ioctl.h>
#include <linux/mroute.h>
#include "tst_test.h"
#include "net_hosts.h"
#include "net_mroute.h"
#include "socket_helpers.h"
#include "caps_raw.h"
#include "task_wait.h"

#define PORT 5012
/* What the router counts per datagram: IPv4 and UDP headers and data. */
#define PKT_LEN (20 + 8 + MR_PAYLOAD)
#define VIF_IN 0
#define VIF_OUT 31

static int mfd = -1, rx = -1, tx = -1;
static struct in_addr src, grp, sent_grp;
/* What the router's vifs must have counted so far. */
static long vif_in_pkts, vif_out_pkts;

static void ip4(const char *s, struct in_addr *a)
{
	if (inet_pton(AF_INET, s, a) != 1)
		tst_brk(TBROK, "inet_pton(%s)", s);
}

static int mrt_set(int fd, int opt, const void *val, socklen_t len)
{
	return mr_set(fd, IPPROTO_IP, opt, val, len);
}

static int mrt_int(int fd, int opt, int val)
{
	return mrt_set(fd, opt, &val, sizeof(val));
}

static int vif_add(int fd, int vifi, int flags, int ifindex,
		   const char *addr)
{
	struct vifctl vc = { .vifc_vifi = vifi, .vifc_flags = flags,
			     .vifc_threshold = 1 };

	if (addr)
		ip4(addr, &vc.vifc_lcl_addr);
	else
		vc.vifc_lcl_ifindex = ifindex;
	return mrt_set(fd, MRT_ADD_VIF, &vc, sizeof(vc));
}

/* An MFC entry for (src, g): parent vif, one oif with ttl threshold. */
static int mfc_set(int opt, struct in_addr g, int parent, int oif, int ttl)
{
	struct mfcctl mc = { .mfcc_origin = src, .mfcc_mcastgrp = g,
			     .mfcc_parent = parent };

	if (oif >= 0)
		mc.mfcc_ttls[oif] = ttl;
	return mrt_set(mfd, opt, &mc, sizeof(mc));
}

/* /proc/net/ip_mr_cache lines of (src, g): how many; the last one's fields. */
static int mfc_read(struct in_addr g, struct mr_cache_line *l)
{
	char want[32];

	snprintf(want, sizeof(want), "%08X %08X ", g.s_addr, src.s_addr);
	return mr_cache_read("/proc/net/ip_mr_cache", want, l);
}

static int vif_read(int vifi, struct mr_vif_line *v, int *found)
{
	return mr_vif_read("/proc/net/ip_mr_vif", vifi, v, found);
}

static long router_conf(const char *dev)
{
	return mr_mc_forwarding("ipv4", dev);
}

/* The next upcall within ms: its length, 0 if none (see mr_upcall()). */
static int upcall(struct igmpmsg *m, int ms)
{
	return mr_upcall(mfd, 4, 9, m, sizeof(*m), ms);
}

static void check_upcall(int type, int vif, const char *what)
{
	struct igmpmsg m;
	int n = upcall(&m, 10000);
	char s[2][INET_ADDRSTRLEN];

	if (!n) {
		tst_res(TFAIL, "%s: no upcall", what);
		return;
	}
	inet_ntop(AF_INET, &m.im_src, s[0], sizeof(s[0]));
	inet_ntop(AF_INET, &m.im_dst, s[1], sizeof(s[1]));
	if (n == 28 && m.im_msgtype == type && m.im_mbz == 0 &&
	    (m.im_vif | m.im_vif_hi << 8) == vif &&
	    m.im_src.s_addr == src.s_addr && m.im_dst.s_addr == grp.s_addr)
		tst_res(TPASS, "%s: type %d, vif %d, %s -> %s, %d bytes", what,
			type, vif, s[0], s[1], n);
	else
		tst_res(TFAIL, "%s: type %d mbz %d vif %d %s -> %s, %d bytes; expected type %d vif %d, 28 bytes",
			what, m.im_msgtype, m.im_mbz,
			m.im_vif | m.im_vif_hi << 8, s[0], s[1], n, type, vif);
}

static void no_upcall(const char *what)
{
	struct igmpmsg m;

	if (upcall(&m, 0))
		tst_res(TFAIL, "%s: upcall type %d vif %d", what,
			m.im_msgtype, m.im_vif | m.im_vif_hi << 8);
	else
		tst_res(TPASS, "%s: no upcall", what);
}

static void send_to(struct in_addr g, int ttl, char tag)
{
	struct sockaddr_in sin = { .sin_family = AF_INET, .sin_addr = g,
				   .sin_port = htons(PORT) };
	char buf[MR_PAYLOAD];

	memset(buf, tag, sizeof(buf));
	if (setsockopt(tx, IPPROTO_IP, IP_MULTICAST_TTL, &ttl, sizeof(ttl)))
		tst_brk(TBROK | TERRNO, "IP_MULTICAST_TTL %d", ttl);
	if (sendto(tx, buf, sizeof(buf), 0, (struct sockaddr *)&sin,
		   sizeof(sin)) != sizeof(buf))
		tst_brk(TBROK | TERRNO, "sendto()");
}

/*
 * The sentinel group's datagram (TTL 8) behind what was sent, then the
 * receiver read up to it (mr_count_until_sentinel()). The sentinel's
 * path counts in the vifs, not in the entry under test.
 */
static int count_until_sentinel(char tag, int ttl, int *bad)
{
	send_to(sent_grp, 8, 'S');
	vif_in_pkts++;
	vif_out_pkts++;
	return mr_count_until_sentinel(rx, tag, ttl, IPPROTO_IP, IP_TTL, bad);
}

static void check_received(char tag, int exp, int ttl, const char *what)
{
	int bad, n = count_until_sentinel(tag, ttl, &bad);

	if (n == exp && !bad)
		tst_res(TPASS, "%s: %d datagrams received%s", what, n,
			exp ? ", TTL and size right" : "");
	else
		tst_res(TFAIL, "%s: %d datagrams received (%d with wrong TTL or size), expected %d with TTL %d",
			what, n, bad, exp, ttl);
}

static void check_mfc(unsigned long pkts, unsigned long wrong,
		      const char *oifs, const char *what)
{
	struct sioc_sg_req sr = { .src = src, .grp = grp };
	struct mr_cache_line l;

	if (!mfc_read(grp, &l)) {
		tst_res(TFAIL, "%s: no ip_mr_cache entry", what);
		return;
	}
	if (l.iif == VIF_IN || l.iif == VIF_OUT) {
		NET_EXP_EQ(l.pkts, pkts, "ip_mr_cache Pkts");
		NET_EXP_EQ(l.bytes, pkts * PKT_LEN, "ip_mr_cache Bytes");
		NET_EXP_EQ(l.wrong, wrong, "ip_mr_cache Wrong");
	} else {
		tst_res(TFAIL, "%s: iif %d", what, l.iif);
	}
	if (strcmp(l.oifs, oifs))
		tst_res(TFAIL, "%s: oifs '%s', expected '%s'", what, l.oifs,
			oifs);
	if (ioctl(mfd, SIOCGETSGCNT, &sr)) {
		tst_res(TFAIL | TERRNO, "%s: SIOCGETSGCNT", what);
		return;
	}
	if (sr.pktcnt == pkts && sr.bytecnt == pkts * PKT_LEN &&
	    sr.wrong_if == wrong)
		tst_res(TPASS, "%s: SIOCGETSGCNT %lu packets, %lu bytes, %lu wrong",
			what, sr.pktcnt, sr.bytecnt, sr.wrong_if);
	else
		tst_res(TFAIL, "%s: SIOCGETSGCNT %lu packets, %lu bytes, %lu wrong; expected %lu, %lu, %lu",
			what, sr.pktcnt, sr.bytecnt, sr.wrong_if, pkts,
			pkts * PKT_LEN, wrong);
}

static void check_vifs(const char *what)
{
	struct sioc_vif_req in = { .vifi = VIF_IN }, out = { .vifi = VIF_OUT };
	struct mr_vif_line a, b;
	int fa, fb;

	vif_read(VIF_IN, &a, &fa);
	vif_read(VIF_OUT, &b, &fb);
	if (!fa || !fb) {
		tst_res(TFAIL, "%s: vif %d or %d missing", what, VIF_IN,
			VIF_OUT);
		return;
	}
	if (ioctl(mfd, SIOCGETVIFCNT, &in) || ioctl(mfd, SIOCGETVIFCNT, &out))
		tst_brk(TBROK | TERRNO, "SIOCGETVIFCNT");
	if (a.pin == vif_in_pkts && a.bin == vif_in_pkts * PKT_LEN &&
	    !a.pout && !a.bout && b.pout == vif_out_pkts &&
	    b.bout == vif_out_pkts * PKT_LEN && !b.pin && !b.bin &&
	    in.icount == (unsigned long)a.pin &&
	    in.ibytes == (unsigned long)a.bin && !in.ocount &&
	    out.ocount == (unsigned long)b.pout &&
	    out.obytes == (unsigned long)b.bout && !out.icount)
		tst_res(TPASS, "%s: vif %d in %ld/%ld B, vif %d out %ld/%ld B (/proc and SIOCGETVIFCNT)",
			what, VIF_IN, a.pin, a.bin, VIF_OUT, b.pout, b.bout);
	else
		tst_res(TFAIL, "%s: vif %d in %ld/%ld out %ld/%ld, vif %d in %ld/%ld out %ld/%ld, ioctl in %lu/%lu out %lu/%lu; expected in %ld, out %ld packets of %d B",
			what, VIF_IN, a.pin, a.bin, a.pout, a.bout, VIF_OUT,
			b.pin, b.bin, b.pout, b.bout, in.icount, in.ibytes,
			out.ocount, out.obytes, vif_in_pkts, vif_out_pkts,
			PKT_LEN);
}

static void init_errors(void)
{
	int udp = net_socket(NET_R, AF_INET, SOCK_DGRAM);
	int icmp = socket(AF_INET, SOCK_RAW, IPPROTO_ICMP), other, ver = 0;
	socklen_t len = sizeof(ver);
	short s = 1;

	if (icmp < 0)
		tst_brk(TBROK | TERRNO, "socket(SOCK_RAW, IPPROTO_ICMP)");
	mr_exp_err(mrt_int(udp, MRT_INIT, 1), EOPNOTSUPP, "MRT_INIT on UDP");
	mr_exp_err(mrt_int(icmp, MRT_INIT, 1), EOPNOTSUPP,
		"MRT_INIT on raw ICMP");
	close(udp);
	close(icmp);

	mfd = socket(AF_INET, SOCK_RAW, IPPROTO_IGMP);
	other = socket(AF_INET, SOCK_RAW, IPPROTO_IGMP);
	if (mfd < 0 || other < 0)
		tst_brk(TBROK | TERRNO, "socket(SOCK_RAW, IPPROTO_IGMP)");
	mr_exp_err(mrt_set(mfd, MRT_INIT, &s, sizeof(s)), EINVAL,
		"MRT_INIT with a 2 byte option");
	NET_EXP_EQ(router_conf("all"), 0, "all/mc_forwarding before MRT_INIT");
	mr_exp_err(mrt_int(mfd, MRT_INIT, 1), 0, "MRT_INIT");
	NET_EXP_EQ(router_conf("all"), 1, "all/mc_forwarding after MRT_INIT");
	mr_exp_err(mrt_int(other, MRT_INIT, 1), EADDRINUSE,
		"MRT_INIT from a second socket");
	mr_exp_err(mrt_int(mfd, MRT_INIT, 1), EADDRINUSE, "MRT_INIT again");
	mr_exp_err(mrt_int(other, MRT_DONE, 1), EACCES,
		"MRT_DONE from a socket that does not own the table");
	if (getsockopt(mfd, IPPROTO_IP, MRT_VERSION, &ver, &len))
		tst_res(TFAIL | TERRNO, "getsockopt(MRT_VERSION)");
	else
		NET_EXP_EQ(ver, 0x0305, "MRT_VERSION");
	close(other);
}

static int eacces_fd = -1;

static void non_admin_child(void)
{
	drop_eff_caps(CAP_BIT(CAP_NET_ADMIN));
	mr_exp_err(vif_add(eacces_fd, 5, VIFF_USE_IFINDEX, 1, NULL), EACCES,
		"MRT_ADD_VIF from another socket without CAP_NET_ADMIN");
	mr_exp_err(mrt_int(eacces_fd, MRT_ASSERT, 0), EACCES,
		"MRT_ASSERT from another socket without CAP_NET_ADMIN");
	mr_exp_err(mrt_int(mfd, MRT_ASSERT, 0), 0,
		"MRT_ASSERT from the owner without CAP_NET_ADMIN");
}

static void vif_errors(void)
{
	struct vifctl vc = { 0 };
	struct mr_vif_line v;
	int net1 = rtnl_ifindex("net1"), found;

	mr_exp_err(mrt_set(mfd, MRT_ADD_VIF, &vc, sizeof(vc) - 1), EINVAL,
		"MRT_ADD_VIF one byte short");
	mr_exp_err(vif_add(mfd, MAXVIFS, VIFF_USE_IFINDEX, net1, NULL), ENFILE,
		"MRT_ADD_VIF vif 32");
	mr_exp_err(vif_add(mfd, 1, 0, 0, "10.99.9.9"), EADDRNOTAVAIL,
		"MRT_ADD_VIF for an address not on the router");
	mr_exp_err(vif_add(mfd, 1, VIFF_USE_IFINDEX, 9999, NULL), EADDRNOTAVAIL,
		"MRT_ADD_VIF for ifindex 9999");
	mr_exp_err(vif_add(mfd, 1, VIFF_SRCRT, net1, NULL), EINVAL,
		"MRT_ADD_VIF with VIFF_SRCRT");
	NET_EXP_EQ(vif_read(0, &v, &found), 0, "vifs after the errors");

	mr_exp_err(vif_add(mfd, VIF_IN, 0, 0, "10.99.1.254"), 0,
		"MRT_ADD_VIF 0 (net0 by its address)");
	mr_exp_err(vif_add(mfd, VIF_OUT, VIFF_USE_IFINDEX, net1, NULL), 0,
		"MRT_ADD_VIF 31 (net1 by ifindex)");
	mr_exp_err(vif_add(mfd, VIF_IN, VIFF_USE_IFINDEX, net1, NULL),
		EADDRINUSE, "MRT_ADD_VIF 0 again");

	NET_EXP_EQ(vif_read(VIF_OUT, &v, &found), 2, "vifs listed");
	if (found && !strcmp(v.name, "net1") && v.flags == VIFF_USE_IFINDEX)
		tst_res(TPASS, "vif 31: net1, flags %05X", v.flags);
	else
		tst_res(TFAIL, "vif 31: %s, flags %05X", found ? v.name : "-",
			found ? v.flags : 0);
	vif_read(VIF_IN, &v, &found);
	if (found && !strcmp(v.name, "net0") && v.flags == 0)
		tst_res(TPASS, "vif 0: net0, flags 0");
	else
		tst_res(TFAIL, "vif 0: %s, flags %05X", found ? v.name : "-",
			found ? v.flags : 0);
	NET_EXP_EQ(router_conf("net0"), 1, "net0/mc_forwarding");
	NET_EXP_EQ(router_conf("net1"), 1, "net1/mc_forwarding");

	vc.vifc_vifi = 5;
	mr_exp_err(mrt_set(mfd, MRT_DEL_VIF, &vc, sizeof(vc)), EADDRNOTAVAIL,
		"MRT_DEL_VIF of a free vif");
	vc.vifc_vifi = 1;
	eacces_fd = socket(AF_INET, SOCK_RAW, IPPROTO_IGMP);
	if (eacces_fd < 0)
		tst_brk(TBROK | TERRNO, "socket(IPPROTO_IGMP)");
	run_in_child(non_admin_child);
	close(eacces_fd);
}

static void unresolved(void)
{
	struct sioc_sg_req sr = { .src = src, .grp = grp };
	struct sioc_vif_req vr = { .vifi = 5 };
	struct mr_cache_line l;
	long long t0;
	int i, n, bad;

	mr_exp_err(mfc_set(MRT_ADD_MFC, sent_grp, VIF_IN, VIF_OUT, 1), 0,
		"MRT_ADD_MFC for the sentinel group");
	t0 = tst_mono_ms();
	for (i = 0; i < 5; i++)
		send_to(grp, 8, 'q');
	check_upcall(IGMPMSG_NOCACHE, VIF_IN, "first datagram of (S,G)");
	check_received('q', 0, 7, "before an MFC entry");
	no_upcall("4 more datagrams of the unresolved (S,G)");
	if (mfc_read(grp, &l) == 1 && l.iif == -1 && !l.pkts)
		tst_res(TPASS, "ip_mr_cache: unresolved entry, iif -1");
	else
		tst_res(TFAIL, "ip_mr_cache: no unresolved entry (iif %d)",
			l.iif);
	errno = 0;
	ioctl(mfd, SIOCGETSGCNT, &sr);
	mr_exp_err(errno, EADDRNOTAVAIL, "SIOCGETSGCNT of the unresolved entry");
	errno = 0;
	ioctl(mfd, SIOCGETVIFCNT, &vr);
	mr_exp_err(errno, EADDRNOTAVAIL, "SIOCGETVIFCNT of free vif 5");
	vr.vifi = MAXVIFS;
	errno = 0;
	ioctl(mfd, SIOCGETVIFCNT, &vr);
	mr_exp_err(errno, EINVAL, "SIOCGETVIFCNT of vif 32");

	mr_exp_err(mfc_set(MRT_ADD_MFC, grp, MAXVIFS, VIF_OUT, 1), ENFILE,
		"MRT_ADD_MFC with parent 32");
	ip4("10.99.1.7", &sr.grp);
	mr_exp_err(mfc_set(MRT_ADD_MFC, sr.grp, VIF_IN, VIF_OUT, 1), EINVAL,
		"MRT_ADD_MFC for a unicast group");
	mr_exp_err(mfc_set(MRT_ADD_MFC, grp, VIF_IN, VIF_OUT, 1), 0,
		"MRT_ADD_MFC (S,G) vif 0 -> vif 31");
	vif_in_pkts += 4;
	vif_out_pkts += 4;
	n = count_until_sentinel('q', 7, &bad);
	if (tst_mono_ms() - t0 > 8000) {
		/* The unresolved entry expires after 10 s with its queue. */
		tst_res(TINFO, "queue not checked: %lld ms since the first datagram",
			tst_mono_ms() - t0);
		vif_in_pkts += n - 4;
		vif_out_pkts += n - 4;
	} else if (n == 4 && !bad) {
		tst_res(TPASS, "the 4 queued datagrams forwarded on MRT_ADD_MFC, TTL 7");
	} else {
		tst_res(TFAIL, "%d of 5 datagrams (4 queued) forwarded on MRT_ADD_MFC, %d with a wrong TTL",
			n, bad);
	}
	check_mfc(n, 0, "31:1", "after the queue");
}

static void forward(void)
{
	for (int i = 0; i < 5; i++)
		send_to(grp, 8, 'f');
	vif_in_pkts += 5;
	vif_out_pkts += 5;
	check_received('f', 5, 7, "5 datagrams TTL 8");
	check_mfc(4 + 5, 0, "31:1", "5 forwarded");
	check_vifs("5 forwarded");

	mr_exp_err(mfc_set(MRT_ADD_MFC, grp, VIF_IN, VIF_OUT, 5), 0,
		"MRT_ADD_MFC threshold 5 on vif 31");
	/* Counted as input by the entry and vif 0, not sent out. */
	for (int i = 0; i < 3; i++)
		send_to(grp, 5, 'a');
	vif_in_pkts += 3;
	check_received('a', 0, 4, "3 datagrams TTL 5 under threshold 5");
	for (int i = 0; i < 3; i++)
		send_to(grp, 6, 'b');
	vif_in_pkts += 3;
	vif_out_pkts += 3;
	check_received('b', 3, 5, "3 datagrams TTL 6 over threshold 5");
	check_mfc(9 + 6, 0, "31:5", "after the threshold");
	check_vifs("after the threshold");
}

static void wrong_vif(void)
{
	int val = 0;
	socklen_t len = sizeof(val);
	long long t0, end;
	struct mr_cache_line l;

	mr_exp_err(mrt_int(mfd, MRT_ASSERT, 1), 0, "MRT_ASSERT 1");
	if (getsockopt(mfd, IPPROTO_IP, MRT_ASSERT, &val, &len))
		tst_res(TFAIL | TERRNO, "getsockopt(MRT_ASSERT)");
	else
		NET_EXP_EQ(val, 1, "MRT_ASSERT read back");
	mr_exp_err(mfc_set(MRT_ADD_MFC, grp, VIF_OUT, VIF_IN, 1), 0,
		"MRT_ADD_MFC (S,G) now from vif 31 to vif 0");
	t0 = tst_mono_ms();
	send_to(grp, 8, 'w');
	check_upcall(IGMPMSG_WRONGVIF, VIF_IN, "datagram on the wrong vif");
	send_to(grp, 8, 'w');
	for (end = tst_mono_ms() + net_ms(10000); tst_mono_ms() < end;) {
		if (mfc_read(grp, &l) && l.wrong >= 2)
			break;
		usleep(1000);
	}
	if (tst_mono_ms() - t0 < 2500)
		no_upcall("second wrong-vif datagram within 3 s");
	else
		tst_res(TINFO, "assert rate limit not checked: %lld ms",
			tst_mono_ms() - t0);
	check_mfc(15 + 2, 2, "0:1", "2 on the wrong vif");
	check_received('w', 0, 7, "datagrams on the wrong vif");
	check_vifs("wrong vif (no input counted)");
}

static void del_mfc(void)
{
	struct mr_cache_line l;

	mr_exp_err(mfc_set(MRT_DEL_MFC, grp, VIF_OUT, -1, 0), 0, "MRT_DEL_MFC");
	mr_exp_err(mfc_set(MRT_DEL_MFC, grp, VIF_OUT, -1, 0), ENOENT,
		"MRT_DEL_MFC again");
	NET_EXP_EQ(mfc_read(grp, &l), 0, "(S,G) entries after MRT_DEL_MFC");
	send_to(grp, 8, 'd');
	check_upcall(IGMPMSG_NOCACHE, VIF_IN, "datagram after MRT_DEL_MFC");
	check_received('d', 0, 7, "after MRT_DEL_MFC");
}

static void check_clean(const char *what)
{
	struct mr_cache_line l;
	struct mr_vif_line v;
	int found;

	if (!vif_read(0, &v, &found) && !mfc_read(grp, &l) &&
	    !mfc_read(sent_grp, &l))
		tst_res(TPASS, "%s: no vif, no cache entry", what);
	else
		tst_res(TFAIL, "%s: vifs or cache entries left", what);
	if (!router_conf("all") && !router_conf("net0") &&
	    !router_conf("net1"))
		tst_res(TPASS, "%s: mc_forwarding 0 (all, net0, net1)", what);
	else
		tst_res(TFAIL, "%s: mc_forwarding all %ld net0 %ld net1 %ld",
			what, router_conf("all"), router_conf("net0"),
			router_conf("net1"));
}

static void done(void)
{
	mr_exp_err(mrt_int(mfd, MRT_DONE, 1), 0, "MRT_DONE");
	check_clean("after MRT_DONE");
	close(mfd);

	net_enter(NET_R);
	mfd = socket(AF_INET, SOCK_RAW, IPPROTO_IGMP);
	if (mfd < 0)
		tst_brk(TBROK | TERRNO, "socket(IPPROTO_IGMP)");
	mr_exp_err(mrt_int(mfd, MRT_INIT, 1), 0, "MRT_INIT after MRT_DONE");
	mr_exp_err(vif_add(mfd, VIF_IN, 0, 0, "10.99.1.254"), 0, "MRT_ADD_VIF 0");
	mr_exp_err(mfc_set(MRT_ADD_MFC, grp, VIF_IN, -1, 0), 0,
		"MRT_ADD_MFC without oifs");
	close(mfd);
	mfd = -1;
	check_clean("after close()");
}

static void run(void)
{
	struct ip_mreqn mr = { 0 };
	int one = 1;

	net_enter(NET_B);
	rx = net_udp_rx4(NET_B, "0.0.0.0", PORT);
	mr.imr_ifindex = rtnl_ifindex("net0");
	mr.imr_multiaddr = grp;
	if (setsockopt(rx, IPPROTO_IP, IP_ADD_MEMBERSHIP, &mr, sizeof(mr)))
		tst_brk(TBROK | TERRNO, "IP_ADD_MEMBERSHIP");
	mr.imr_multiaddr = sent_grp;
	if (setsockopt(rx, IPPROTO_IP, IP_ADD_MEMBERSHIP, &mr, sizeof(mr)) ||
	    setsockopt(rx, IPPROTO_IP, IP_RECVTTL, &one, sizeof(one)))
		tst_brk(TBROK | TERRNO, "IP_ADD_MEMBERSHIP/IP_RECVTTL");

	tx = net_socket(NET_A, AF_INET, SOCK_DGRAM);
	memset(&mr, 0, sizeof(mr));
	mr.imr_ifindex = rtnl_ifindex("net0");
	if (setsockopt(tx, IPPROTO_IP, IP_MULTICAST_IF, &mr, sizeof(mr)))
		tst_brk(TBROK | TERRNO, "IP_MULTICAST_IF");

	net_enter(NET_R);
	init_errors();
	vif_errors();
	unresolved();
	forward();
	wrong_vif();
	del_mfc();
	done();
	close(rx);
	close(tx);
}

static void setup(void)
{
	ip4("10.99.1.1", &src);
	ip4("239.1.2.3", &grp);
	ip4("239.1.2.4", &sent_grp);
	/* One CPU backlog: the router handles datagrams in sending order. */
	sock_pin_cpu();
	net_routed_setup();
}

static void cleanup(void)
{
	if (mfd >= 0)
		close(mfd);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.forks_child = 1,
	.timeout = 120,
};
