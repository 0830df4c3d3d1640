// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * IPv6 multicast routing (net/ipv6/ip6mr.c) in the router of A -- R -- B
 * (net_routed_setup()), driven by a raw ICMPv6 socket as pim6sd would:
 * - MRT6_INIT: EOPNOTSUPP on a UDP and a raw UDP socket (the check that
 *   keeps ip6mr from treating another socket as a raw one, CVE-2017-18509),
 *   EINVAL for a 2 byte option, EADDRINUSE from a second socket and the
 *   same one again; MRT6_DONE from another socket EACCES; MRT6_VERSION
 *   0x0305; conf/all/mc_forwarding 1 while a socket owns the table;
 * - MRT6_ADD_MIF: EINVAL (short option, flags 2), ENFILE for mif 32
 *   (MAXMIFS), EADDRNOTAVAIL for ifindex 9999, EADDRINUSE for a busy mif;
 *   mifs 0 (net0) and 31 (net1) in /proc/net/ip6_mr_vif, the devices'
 *   mc_forwarding 1; MRT6_DEL_MIF of a free mif EADDRNOTAVAIL;
 * - an (S,G) without a cache entry: one MRT6MSG_NOCACHE upcall (mif 0,
 *   source, group), an unresolved entry (iif -1) in /proc/net/ip6_mr_cache,
 *   SIOCGETSGCNT_IN6 EADDRNOTAVAIL, nothing forwarded; of 5 datagrams 4
 *   are queued and forwarded by MRT6_ADD_MFC;
 * - MRT6_ADD_MFC ENFILE for parent 32; each datagram received once with
 *   the hop limit decremented, hop limit 1 not forwarded and 2 forwarded
 *   (the oif threshold of an IPv6 entry is 1); the entry's packets and
 *   bytes (/proc and SIOCGETSGCNT_IN6) and the mifs' counters (/proc and
 *   SIOCGETMIFCNT_IN6, EINVAL past maxvif) move by exactly what was sent;
 * - MRT6_DEL_MFC (ENOENT the second time) stops forwarding;
 * - MRT6_DONE, and closing a socket that owns the table: no mif, no entry,
 *   mc_forwarding 0, MRT6_INIT possible again.
 * A sentinel datagram of another group, forwarded behind the datagrams
 * under test, bounds what the receiver must (not) have got.
 *
 * Would catch: MRT6 options accepted on non-raw sockets (99253eb750fd),
 * upcalls with the wrong mif or addresses, queued datagrams lost or
 * duplicated on resolution, hop limit threshold off by one, counters that
 * miss or double count, mifs or entries left by a closed mroute socket.
 */
#include <netinet/in.h>
#include <sys/ioctl.h>
#include <linux/mroute6.h>
#include "tst_test.h"
#include "net_hosts.h"
#include "net_mroute.h"
#include "socket_helpers.h"

#define PORT 5016
/* What the router counts per datagram: IPv6 and UDP headers and data. */
#define PKT_LEN (40 + 8 + MR_PAYLOAD)
#define MIF_IN 0
#define MIF_OUT 31

static int mfd = -1, rx = -1, tx = -1;
static struct in6_addr src, grp, sent_grp;
static long mif_in_pkts, mif_out_pkts;

static void ip6(const char *s, struct in6_addr *a)
{
	if (inet_pton(AF_INET6, s, a) != 1)
		tst_brk(TBROK, "inet_pton(%s)", s);
}

static int mrt_set(int fd, int opt, const void *val, socklen_t len)
{
	return mr_set(fd, IPPROTO_IPV6, opt, val, len);
}

static int mrt_int(int fd, int opt, int val)
{
	return mrt_set(fd, opt, &val, sizeof(val));
}

static int mif_add(int mifi, int flags, int ifindex)
{
	struct mif6ctl mc = { .mif6c_mifi = mifi, .mif6c_flags = flags,
			      .mif6c_pifi = ifindex, .vifc_threshold = 1 };

	return mrt_set(mfd, MRT6_ADD_MIF, &mc, sizeof(mc));
}

static void sin6(struct sockaddr_in6 *s, const struct in6_addr *a)
{
	memset(s, 0, sizeof(*s));
	s->sin6_family = AF_INET6;
	s->sin6_addr = *a;
}

/* An MFC entry for (src, g) from parent to oif (-1: none). */
static int mfc_set(int opt, const struct in6_addr *g, int parent, int oif)
{
	struct mf6cctl mc = { .mf6cc_parent = parent };

	sin6(&mc.mf6cc_origin, &src);
	sin6(&mc.mf6cc_mcastgrp, g);
	if (oif >= 0)
		IF_SET(oif, &mc.mf6cc_ifset);
	return mrt_set(mfd, opt, &mc, sizeof(mc));
}

/* An address as %pI6 prints it: eight groups of four hex digits. */
static void pi6(const struct in6_addr *a, char *buf, size_t len)
{
	const unsigned char *b = a->s6_addr;

	snprintf(buf, len, "%02x%02x:%02x%02x:%02x%02x:%02x%02x:%02x%02x:%02x%02x:%02x%02x:%02x%02x",
		 b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9],
		 b[10], b[11], b[12], b[13], b[14], b[15]);
}

/* /proc/net/ip6_mr_cache lines of (src, g): how many; the last one's fields. */
static int mfc_read(const struct in6_addr *g, struct mr_cache_line *l)
{
	char want[100], a[48], b[48];

	pi6(g, a, sizeof(a));
	pi6(&src, b, sizeof(b));
	snprintf(want, sizeof(want), "%s %s ", a, b);
	return mr_cache_read("/proc/net/ip6_mr_cache", want, l);
}

/* /proc/net/ip6_mr_vif: the number of mifs; mif mifi's fields. */
static int mif_read(int mifi, struct mr_vif_line *v, int *found)
{
	return mr_vif_read("/proc/net/ip6_mr_vif", mifi, v, found);
}

static long router_conf(const char *dev)
{
	return mr_mc_forwarding("ipv6", dev);
}

/*
 * The next upcall (within ms): the raw socket reads struct mrt6msg first,
 * im6_mbz where every ICMPv6 message has a non-zero type. The read is
 * 80 bytes on 6.1 and 6.12 (the skb's length includes the IPv6 header
 * the kernel copied in front); only the message itself is checked.
 */
static int upcall(struct mrt6msg *m, int ms)
{
	memset(m, 0xff, sizeof(*m));
	return mr_upcall(mfd, -1, 0, m, sizeof(*m), ms);
}

static void check_upcall(int type, int mif, const char *what)
{
	struct mrt6msg m;
	int n = upcall(&m, 10000);
	char s[2][INET6_ADDRSTRLEN];

	if (!n) {
		tst_res(TFAIL, "%s: no upcall", what);
		return;
	}
	inet_ntop(AF_INET6, &m.im6_src, s[0], sizeof(s[0]));
	inet_ntop(AF_INET6, &m.im6_dst, s[1], sizeof(s[1]));
	tst_res(TINFO, "%s: upcall of %d bytes", what, n);
	if (n >= (int)sizeof(m) && m.im6_msgtype == type && !m.im6_mbz &&
	    m.im6_mif == mif && !memcmp(&m.im6_src, &src, sizeof(src)) &&
	    !memcmp(&m.im6_dst, &grp, sizeof(grp)))
		tst_res(TPASS, "%s: type %d, mif %d, %s -> %s", what, type,
			mif, s[0], s[1]);
	else
		tst_res(TFAIL, "%s: %d bytes, type %d mbz %d mif %d %s -> %s; expected type %d mif %d",
			what, n, m.im6_msgtype, m.im6_mbz, m.im6_mif, s[0],
			s[1], type, mif);
}

static void no_upcall(const char *what)
{
	struct mrt6msg m;

	if (upcall(&m, 0))
		tst_res(TFAIL, "%s: upcall type %d mif %d", what,
			m.im6_msgtype, m.im6_mif);
	else
		tst_res(TPASS, "%s: no upcall", what);
}

static void send_to(const struct in6_addr *g, int hops, char tag)
{
	struct sockaddr_in6 dst;
	char buf[MR_PAYLOAD];

	sin6(&dst, g);
	dst.sin6_port = htons(PORT);
	memset(buf, tag, sizeof(buf));
	if (setsockopt(tx, IPPROTO_IPV6, IPV6_MULTICAST_HOPS, &hops,
		       sizeof(hops)))
		tst_brk(TBROK | TERRNO, "IPV6_MULTICAST_HOPS %d", hops);
	if (sendto(tx, buf, sizeof(buf), 0, (struct sockaddr *)&dst,
		   sizeof(dst)) != sizeof(buf))
		tst_brk(TBROK | TERRNO, "sendto()");
}

static void check_received(char tag, int exp, int hops, const char *what)
{
	int bad, n;

	send_to(&sent_grp, 8, 'S');
	mif_in_pkts++;
	mif_out_pkts++;
	n = mr_count_until_sentinel(rx, tag, hops, IPPROTO_IPV6,
				    IPV6_HOPLIMIT, &bad);
	if (n == exp && !bad)
		tst_res(TPASS, "%s: %d datagrams received%s", what, n,
			exp ? ", hop limit and size right" : "");
	else
		tst_res(TFAIL, "%s: %d datagrams received (%d with wrong hop limit or size), expected %d with hop limit %d",
			what, n, bad, exp, hops);
}

static void check_mfc(unsigned long pkts, const char *what)
{
	struct sioc_sg_req6 sr = { 0 };
	struct mr_cache_line l;

	if (!mfc_read(&grp, &l)) {
		tst_res(TFAIL, "%s: no ip6_mr_cache entry", what);
		return;
	}
	if (l.iif == MIF_IN && l.pkts == pkts && l.bytes == pkts * PKT_LEN &&
	    !l.wrong && !strcmp(l.oifs, "31:1"))
		tst_res(TPASS, "%s: ip6_mr_cache iif 0, %lu packets, %lu bytes, 0 wrong, oifs 31:1",
			what, l.pkts, l.bytes);
	else
		tst_res(TFAIL, "%s: ip6_mr_cache iif %d, %lu packets, %lu bytes, %lu wrong, oifs '%s'; expected 0, %lu, %lu, 0, '31:1'",
			what, l.iif, l.pkts, l.bytes, l.wrong, l.oifs, pkts,
			pkts * PKT_LEN);
	sin6(&sr.src, &src);
	sin6(&sr.grp, &grp);
	if (ioctl(mfd, SIOCGETSGCNT_IN6, &sr)) {
		tst_res(TFAIL | TERRNO, "%s: SIOCGETSGCNT_IN6", what);
		return;
	}
	if (sr.pktcnt == pkts && sr.bytecnt == pkts * PKT_LEN && !sr.wrong_if)
		tst_res(TPASS, "%s: SIOCGETSGCNT_IN6 %lu packets, %lu bytes",
			what, sr.pktcnt, sr.bytecnt);
	else
		tst_res(TFAIL, "%s: SIOCGETSGCNT_IN6 %lu packets, %lu bytes, %lu wrong; expected %lu, %lu, 0",
			what, sr.pktcnt, sr.bytecnt, sr.wrong_if, pkts,
			pkts * PKT_LEN);
}

static void check_mifs(const char *what)
{
	struct sioc_mif_req6 in = { .mifi = MIF_IN }, out = { .mifi = MIF_OUT };
	struct mr_vif_line a, b;
	int fa, fb;

	mif_read(MIF_IN, &a, &fa);
	mif_read(MIF_OUT, &b, &fb);
	if (!fa || !fb) {
		tst_res(TFAIL, "%s: mif %d or %d missing", what, MIF_IN,
			MIF_OUT);
		return;
	}
	if (ioctl(mfd, SIOCGETMIFCNT_IN6, &in) ||
	    ioctl(mfd, SIOCGETMIFCNT_IN6, &out))
		tst_brk(TBROK | TERRNO, "SIOCGETMIFCNT_IN6");
	if (a.pin == mif_in_pkts && a.bin == mif_in_pkts * PKT_LEN &&
	    !a.pout && b.pout == mif_out_pkts &&
	    b.bout == mif_out_pkts * PKT_LEN && !b.pin &&
	    in.icount == (unsigned long)a.pin &&
	    in.ibytes == (unsigned long)a.bin &&
	    out.ocount == (unsigned long)b.pout &&
	    out.obytes == (unsigned long)b.bout)
		tst_res(TPASS, "%s: mif %d in %ld/%ld B, mif %d out %ld/%ld B (/proc and SIOCGETMIFCNT_IN6)",
			what, MIF_IN, a.pin, a.bin, MIF_OUT, b.pout, b.bout);
	else
		tst_res(TFAIL, "%s: mif %d in %ld/%ld out %ld/%ld, mif %d in %ld/%ld out %ld/%ld, ioctl in %lu/%lu out %lu/%lu; expected in %ld, out %ld packets of %d B",
			what, MIF_IN, a.pin, a.bin, a.pout, a.bout, MIF_OUT,
			b.pin, b.bin, b.pout, b.bout, in.icount, in.ibytes,
			out.ocount, out.obytes, mif_in_pkts, mif_out_pkts,
			PKT_LEN);
}

static void init_errors(void)
{
	int udp = net_socket(NET_R, AF_INET6, SOCK_DGRAM);
	int rawudp = socket(AF_INET6, SOCK_RAW, IPPROTO_UDP), other, ver = 0;
	socklen_t len = sizeof(ver);
	short s = 1;

	if (rawudp < 0)
		tst_brk(TBROK | TERRNO, "socket(SOCK_RAW, IPPROTO_UDP)");
	mr_exp_err(mrt_int(udp, MRT6_INIT, 1), EOPNOTSUPP, "MRT6_INIT on UDP");
	mr_exp_err(mrt_int(rawudp, MRT6_INIT, 1), EOPNOTSUPP,
		   "MRT6_INIT on raw UDP");
	close(udp);
	close(rawudp);

	mfd = socket(AF_INET6, SOCK_RAW, IPPROTO_ICMPV6);
	other = socket(AF_INET6, SOCK_RAW, IPPROTO_ICMPV6);
	if (mfd < 0 || other < 0)
		tst_brk(TBROK | TERRNO, "socket(SOCK_RAW, IPPROTO_ICMPV6)");
	mr_exp_err(mrt_set(mfd, MRT6_INIT, &s, sizeof(s)), EINVAL,
		   "MRT6_INIT with a 2 byte option");
	NET_EXP_EQ(router_conf("all"), 0, "all/mc_forwarding before MRT6_INIT");
	mr_exp_err(mrt_int(mfd, MRT6_INIT, 1), 0, "MRT6_INIT");
	NET_EXP_EQ(router_conf("all"), 1, "all/mc_forwarding after MRT6_INIT");
	mr_exp_err(mrt_int(other, MRT6_INIT, 1), EADDRINUSE,
		   "MRT6_INIT from a second socket");
	mr_exp_err(mrt_int(mfd, MRT6_INIT, 1), EADDRINUSE, "MRT6_INIT again");
	mr_exp_err(mrt_int(other, MRT6_DONE, 1), EACCES,
		   "MRT6_DONE from a socket that does not own the table");
	if (getsockopt(mfd, IPPROTO_IPV6, MRT6_VERSION, &ver, &len))
		tst_res(TFAIL | TERRNO, "getsockopt(MRT6_VERSION)");
	else
		NET_EXP_EQ(ver, 0x0305, "MRT6_VERSION");
	close(other);
}

static void mif_setup(void)
{
	struct mif6ctl mc = { 0 };
	struct mr_vif_line v;
	int net0 = rtnl_ifindex("net0"), net1 = rtnl_ifindex("net1"), found;
	mifi_t free_mif = 5;

	mr_exp_err(mrt_set(mfd, MRT6_ADD_MIF, &mc, sizeof(mc) - 1), EINVAL,
		   "MRT6_ADD_MIF one byte short");
	mr_exp_err(mif_add(MAXMIFS, 0, net1), ENFILE, "MRT6_ADD_MIF mif 32");
	mr_exp_err(mif_add(1, 0, 9999), EADDRNOTAVAIL,
		   "MRT6_ADD_MIF for ifindex 9999");
	mr_exp_err(mif_add(1, 2, net1), EINVAL, "MRT6_ADD_MIF with flags 2");
	NET_EXP_EQ(mif_read(0, &v, &found), 0, "mifs after the errors");

	mr_exp_err(mif_add(MIF_IN, 0, net0), 0, "MRT6_ADD_MIF 0 (net0)");
	mr_exp_err(mif_add(MIF_OUT, 0, net1), 0, "MRT6_ADD_MIF 31 (net1)");
	mr_exp_err(mif_add(MIF_IN, 0, net1), EADDRINUSE,
		   "MRT6_ADD_MIF 0 again");
	NET_EXP_EQ(mif_read(MIF_OUT, &v, &found), 2, "mifs listed");
	if (found && !strcmp(v.name, "net1"))
		tst_res(TPASS, "mif 31: net1");
	else
		tst_res(TFAIL, "mif 31: %s", found ? v.name : "-");
	NET_EXP_EQ(router_conf("net0"), 1, "net0/mc_forwarding");
	NET_EXP_EQ(router_conf("net1"), 1, "net1/mc_forwarding");
	mr_exp_err(mrt_set(mfd, MRT6_DEL_MIF, &free_mif, sizeof(free_mif)),
		   EADDRNOTAVAIL, "MRT6_DEL_MIF of a free mif");
}

static void unresolved(void)
{
	struct sioc_sg_req6 sr = { 0 };
	struct sioc_mif_req6 vr = { .mifi = MAXMIFS };
	struct mr_cache_line l;
	long long t0;
	int i, n, bad;

	mr_exp_err(mfc_set(MRT6_ADD_MFC, &sent_grp, MIF_IN, MIF_OUT), 0,
		   "MRT6_ADD_MFC for the sentinel group");
	t0 = tst_mono_ms();
	for (i = 0; i < 5; i++)
		send_to(&grp, 8, 'q');
	check_upcall(MRT6MSG_NOCACHE, MIF_IN, "first datagram of (S,G)");
	check_received('q', 0, 7, "before an MFC entry");
	no_upcall("4 more datagrams of the unresolved (S,G)");
	l.iif = 0;
	if (mfc_read(&grp, &l) == 1 && l.iif == -1 && !l.pkts)
		tst_res(TPASS, "ip6_mr_cache: unresolved entry, iif -1");
	else
		tst_res(TFAIL, "ip6_mr_cache: no unresolved entry (iif %d)",
			l.iif);
	sin6(&sr.src, &src);
	sin6(&sr.grp, &grp);
	errno = 0;
	ioctl(mfd, SIOCGETSGCNT_IN6, &sr);
	mr_exp_err(errno, EADDRNOTAVAIL,
		   "SIOCGETSGCNT_IN6 of the unresolved entry");
	errno = 0;
	ioctl(mfd, SIOCGETMIFCNT_IN6, &vr);
	mr_exp_err(errno, EINVAL, "SIOCGETMIFCNT_IN6 of mif 32");

	mr_exp_err(mfc_set(MRT6_ADD_MFC, &grp, MAXMIFS, MIF_OUT), ENFILE,
		   "MRT6_ADD_MFC with parent 32");
	mr_exp_err(mfc_set(MRT6_ADD_MFC, &grp, MIF_IN, MIF_OUT), 0,
		   "MRT6_ADD_MFC (S,G) mif 0 -> mif 31");
	mif_in_pkts += 4;
	mif_out_pkts += 4;
	send_to(&sent_grp, 8, 'S');
	mif_in_pkts++;
	mif_out_pkts++;
	n = mr_count_until_sentinel(rx, 'q', 7, IPPROTO_IPV6, IPV6_HOPLIMIT,
				    &bad);
	if (tst_mono_ms() - t0 > 8000) {
		/* The unresolved entry expires after 10 s with its queue. */
		tst_res(TINFO, "queue not checked: %lld ms since the first datagram",
			tst_mono_ms() - t0);
		mif_in_pkts += n - 4;
		mif_out_pkts += n - 4;
	} else if (n == 4 && !bad) {
		tst_res(TPASS, "the 4 queued datagrams forwarded on MRT6_ADD_MFC, hop limit 7");
	} else {
		tst_res(TFAIL, "%d of 5 datagrams (4 queued) forwarded on MRT6_ADD_MFC, %d with a wrong hop limit",
			n, bad);
	}
	check_mfc(n, "after the queue");
}

static void forward(void)
{
	int i;

	for (i = 0; i < 5; i++)
		send_to(&grp, 8, 'f');
	mif_in_pkts += 5;
	mif_out_pkts += 5;
	check_received('f', 5, 7, "5 datagrams hop limit 8");
	check_mfc(4 + 5, "5 forwarded");
	check_mifs("5 forwarded");

	for (i = 0; i < 3; i++)
		send_to(&grp, 1, 'a');
	mif_in_pkts += 3;
	check_received('a', 0, 0, "3 datagrams hop limit 1");
	for (i = 0; i < 3; i++)
		send_to(&grp, 2, 'b');
	mif_in_pkts += 3;
	mif_out_pkts += 3;
	check_received('b', 3, 1, "3 datagrams hop limit 2");
	check_mfc(9 + 6, "after hop limits 1 and 2");
	check_mifs("after hop limits 1 and 2");
}

static void del_mfc(void)
{
	struct mr_cache_line l;

	mr_exp_err(mfc_set(MRT6_DEL_MFC, &grp, MIF_IN, -1), 0, "MRT6_DEL_MFC");
	mr_exp_err(mfc_set(MRT6_DEL_MFC, &grp, MIF_IN, -1), ENOENT,
		   "MRT6_DEL_MFC again");
	NET_EXP_EQ(mfc_read(&grp, &l), 0, "(S,G) entries after MRT6_DEL_MFC");
	send_to(&grp, 8, 'd');
	check_upcall(MRT6MSG_NOCACHE, MIF_IN, "datagram after MRT6_DEL_MFC");
	check_received('d', 0, 7, "after MRT6_DEL_MFC");
}

static void check_clean(const char *what)
{
	struct mr_cache_line l;
	struct mr_vif_line v;
	int found;

	if (!mif_read(0, &v, &found) && !mfc_read(&grp, &l) &&
	    !mfc_read(&sent_grp, &l))
		tst_res(TPASS, "%s: no mif, no cache entry", what);
	else
		tst_res(TFAIL, "%s: mifs or cache entries left", what);
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
	mr_exp_err(mrt_int(mfd, MRT6_DONE, 1), 0, "MRT6_DONE");
	check_clean("after MRT6_DONE");
	close(mfd);

	net_enter(NET_R);
	mfd = socket(AF_INET6, SOCK_RAW, IPPROTO_ICMPV6);
	if (mfd < 0)
		tst_brk(TBROK | TERRNO, "socket(IPPROTO_ICMPV6)");
	mr_exp_err(mrt_int(mfd, MRT6_INIT, 1), 0, "MRT6_INIT after MRT6_DONE");
	mr_exp_err(mif_add(MIF_IN, 0, rtnl_ifindex("net0")), 0,
		   "MRT6_ADD_MIF 0");
	mr_exp_err(mfc_set(MRT6_ADD_MFC, &grp, MIF_IN, -1), 0,
		   "MRT6_ADD_MFC without oifs");
	close(mfd);
	mfd = -1;
	check_clean("after close()");
}

static void run(void)
{
	struct ipv6_mreq mr = { 0 };
	int one = 1, idx;

	rx = net_socket(NET_B, AF_INET6, SOCK_DGRAM);
	{
		struct sockaddr_in6 any = { .sin6_family = AF_INET6,
					    .sin6_port = htons(PORT) };

		if (bind(rx, (struct sockaddr *)&any, sizeof(any)))
			tst_brk(TBROK | TERRNO, "bind()");
	}
	mr.ipv6mr_interface = rtnl_ifindex("net0");
	mr.ipv6mr_multiaddr = grp;
	if (setsockopt(rx, IPPROTO_IPV6, IPV6_JOIN_GROUP, &mr, sizeof(mr)))
		tst_brk(TBROK | TERRNO, "IPV6_JOIN_GROUP");
	mr.ipv6mr_multiaddr = sent_grp;
	if (setsockopt(rx, IPPROTO_IPV6, IPV6_JOIN_GROUP, &mr, sizeof(mr)) ||
	    setsockopt(rx, IPPROTO_IPV6, IPV6_RECVHOPLIMIT, &one,
		       sizeof(one)))
		tst_brk(TBROK | TERRNO, "IPV6_JOIN_GROUP/IPV6_RECVHOPLIMIT");

	tx = net_socket(NET_A, AF_INET6, SOCK_DGRAM);
	idx = rtnl_ifindex("net0");
	if (setsockopt(tx, IPPROTO_IPV6, IPV6_MULTICAST_IF, &idx, sizeof(idx)))
		tst_brk(TBROK | TERRNO, "IPV6_MULTICAST_IF");

	net_enter(NET_R);
	init_errors();
	mif_setup();
	unresolved();
	forward();
	del_mfc();
	done();
	close(rx);
	close(tx);
}

static void setup(void)
{
	ip6("fd99:1::1", &src);
	ip6("ff1e::1234", &grp);
	ip6("ff1e::1235", &sent_grp);
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
	.timeout = 120,
	.tags = (const struct tst_tag[]) {
		{"linux-git", "99253eb750fd"},
		{"CVE", "2017-18509"},
		{}
	},
};
