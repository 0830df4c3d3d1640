// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * IPv6 Segment Routing (seg6 lightweight tunnels and seg6local) through
 * the router of net_routed_setup(): local (fd99:1::1) -- router
 * (fd99:1::fe, SIDs fd99:ff::1 End and fd99:ff::100 End.DX6 towards
 * fd99:2::2, both with counters) -- remote (fd99:2::2, ::3 and ::4).
 * A packet socket on the router's net0 reads the SRH on the wire.
 * - encap mode (route to fd99:2::2, segments End then End.DX6): outer
 *   header from fd99:1::1 to fd99:ff::1, next header 43; the SRH's next
 *   header 41, hdrlen 4, type 4, segments_left 1, last_entry 1, flags and
 *   tag 0, the segments list in order; the inner packet untouched (the
 *   router's End advances the captured buffer in place, so destination
 *   and segments_left may read as End left them: fd99:ff::100 and 0). End
 *   moves to the next SID, End.DX6 decapsulates: the remote gets the bytes
 *   from fd99:1::1, hop limit 63, without a routing header; each
 *   behaviour's counters: 1 packet of exactly the outer packet's length,
 *   0 errors. A one-segment SRH with segments_left 0 sent to End is an
 *   error there (errors + 1, packets + 0) and is not delivered.
 * - inline mode (route to fd99:2::3, segments a placeholder, then the
 *   router's own address): the SRH is inserted into the datagram, its
 *   segment 0 replaced by the original destination; the router (an
 *   SR-enabled node, seg6_enabled on) advances it; the remote delivers
 *   it with the SRH (IPV6_RECVRTHDR): segments_left 0, the same list.
 * - both routes read back from an RTM_GETROUTE dump: LWTUNNEL_ENCAP_SEG6
 *   with the SRH byte for byte and the mode.
 * - EINVAL for an SRH with segments_left past last_entry, last_entry past
 *   what hdrlen holds, an odd hdrlen that does not match the length, type
 *   0, no segment, no SRH attribute, mode 5, inline mode on an IPv4
 *   route (encap mode is accepted there); no route is left behind.
 *   seg6local: EINVAL for End.DX6 without its nexthop and for action 0.
 * - on receive: segments_left 2 of a two-segment SRH to the router's
 *   address: Ip6InHdrErrors + 1, ICMPv6 parameter problem code 0 pointer
 *   43 (segments_left) back to the sender.
 * - seg6_enabled 0 on the router's net0 (or conf/all): the inline
 *   datagram and the bad SRH are dropped silently (nothing delivered, no
 *   ICMPv6, Ip6InHdrErrors + 0), while the SIDs still work.
 * Would catch SRH validation letting inconsistent headers into a route,
 * a wrong SRH or segment order on the wire, End / End.DX6 not advancing
 * or not decapsulating, wrong seg6local counters, and seg6_enabled not
 * honoured per interface.
 */
#include <netinet/icmp6.h>
#include <netinet/ip6.h>
#include <linux/if_ether.h>
#include <linux/if_packet.h>
#include <linux/lwtunnel.h>
#include <linux/seg6.h>
#include <linux/seg6_iptunnel.h>
#include <linux/seg6_local.h>
#include "tst_test.h"
#include "net_hosts.h"
#include "net_l2raw.h"
#include "socket_helpers.h"

#define PORT 4242
#define SID_END "fd99:ff::1"
#define SID_DX6 "fd99:ff::100"
#define B_ENCAP "fd99:2::2"
#define B_INLINE "fd99:2::3"
#define B_ERR "fd99:2::5"
#define R_ADDR "fd99:1::fe"
#define PLACEHOLDER "fd99:eeee::1"
#define PAYLOAD 100

static union {
	struct seg6_iptunnel_encap t;
	unsigned char b[256];
} tun_encap, tun_inline, tun_err;
static size_t len_encap, len_inline, len_err;
static int rx = -1, tx = -1, cap = -1, icmp = -1;

static void in6(const char *s, struct in6_addr *a)
{
	if (inet_pton(AF_INET6, s, a) != 1)
		tst_brk(TBROK, "inet_pton(%s)", s);
}

/* A seg6 tunnel description: mode and an SRH of nseg segments. */
static size_t tun_build(void *buf, int mode, int hdrlen, int sl, int last,
			const char *const *segs, int nseg)
{
	struct seg6_iptunnel_encap *t = buf;
	int i;

	memset(buf, 0, 256);
	t->mode = mode;
	t->srh->hdrlen = hdrlen;
	t->srh->type = 4 /* IPV6_SRCRT_TYPE_4, segment routing */;
	t->srh->segments_left = sl;
	t->srh->first_segment = last;
	for (i = 0; i < nseg; i++)
		in6(segs[i], &t->srh->segments[i]);
	return sizeof(*t) + sizeof(struct ipv6_sr_hdr) +
	       nseg * sizeof(struct in6_addr);
}

static void route_hdr(struct rtnl_msg *m, int type, int family,
		      const void *dst, int plen)
{
	struct rtmsg rtm = {
		.rtm_family = family, .rtm_dst_len = plen,
		.rtm_table = RT_TABLE_MAIN, .rtm_protocol = RTPROT_STATIC,
		.rtm_scope = RT_SCOPE_LINK, .rtm_type = RTN_UNICAST,
	};

	if (type == RTM_DELROUTE)
		rtm.rtm_scope = RT_SCOPE_NOWHERE;
	rtnl_msg_init(m, type, type == RTM_NEWROUTE ?
		      NLM_F_CREATE | NLM_F_EXCL : 0, &rtm, sizeof(rtm));
	rtnl_put(m, RTA_DST, dst, rtnl_alen(family));
	rtnl_put_u32(m, RTA_OIF, rtnl_ifindex("net0"));
}

/* A route to dst (host route) over net0 of the current host via seg6. */
static int seg6_route(int type, int family, const char *dst,
		      const void *tun, size_t len)
{
	static struct rtnl_msg m;
	unsigned char a[16];

	inet_pton(family, dst, a);
	route_hdr(&m, type, family, a, family == AF_INET ? 32 : 128);
	if (type == RTM_DELROUTE)
		return rtnl_talk(&m);
	rtnl_put_u16(&m, RTA_ENCAP_TYPE, LWTUNNEL_ENCAP_SEG6);
	rtnl_nest(&m, RTA_ENCAP);
	if (tun)
		rtnl_put(&m, SEG6_IPTUNNEL_SRH, tun, len);
	rtnl_nest_end(&m);
	return rtnl_talk(&m);
}

/* A seg6local route for sid in the current host; nh6 NULL: none. */
static int seg6local_route(const char *sid, int action, const char *nh6)
{
	static struct rtnl_msg m;
	struct in6_addr a;
	uint64_t zero = 0;

	in6(sid, &a);
	route_hdr(&m, RTM_NEWROUTE, AF_INET6, &a, 128);
	rtnl_put_u16(&m, RTA_ENCAP_TYPE, LWTUNNEL_ENCAP_SEG6_LOCAL);
	rtnl_nest(&m, RTA_ENCAP);
	rtnl_put_u32(&m, SEG6_LOCAL_ACTION, action);
	if (nh6) {
		in6(nh6, &a);
		rtnl_put(&m, SEG6_LOCAL_NH6, &a, sizeof(a));
	}
	rtnl_nest(&m, SEG6_LOCAL_COUNTERS);
	rtnl_put(&m, SEG6_LOCAL_CNT_PACKETS, &zero, 8);
	rtnl_put(&m, SEG6_LOCAL_CNT_BYTES, &zero, 8);
	rtnl_put(&m, SEG6_LOCAL_CNT_ERRORS, &zero, 8);
	rtnl_nest_end(&m);
	rtnl_nest_end(&m);
	return rtnl_talk(&m);
}

/* One IPv6 host route of a dump: its encap type and RTA_ENCAP payload. */
struct route_find {
	struct in6_addr dst;
	int found, encap_type, encap_len;
	unsigned char encap[512];
};

static void route_find_cb(struct nlmsghdr *nh, void *priv)
{
	struct route_find *f = priv;
	struct rtmsg *rtm = NLMSG_DATA(nh);
	struct rtattr *a;

	if (nh->nlmsg_type != RTM_NEWROUTE || rtm->rtm_dst_len != 128)
		return;
	a = rtnl_attr(nh, sizeof(*rtm), RTA_DST);
	if (!a || memcmp(RTA_DATA(a), &f->dst, 16))
		return;
	f->found++;
	a = rtnl_attr(nh, sizeof(*rtm), RTA_ENCAP_TYPE);
	if (a)
		f->encap_type = *(uint16_t *)RTA_DATA(a);
	a = rtnl_attr(nh, sizeof(*rtm), RTA_ENCAP);
	if (a && RTA_LENGTH(RTA_PAYLOAD(a)) <= sizeof(f->encap)) {
		f->encap_len = a->rta_len;
		memcpy(f->encap, a, a->rta_len);
	}
}

static void route_find(int h, const char *dst, struct route_find *f)
{
	static struct rtnl_msg m;
	struct rtmsg rtm = { .rtm_family = AF_INET6 };

	memset(f, 0, sizeof(*f));
	in6(dst, &f->dst);
	net_enter(h);
	rtnl_msg_init(&m, RTM_GETROUTE, NLM_F_DUMP, &rtm, sizeof(rtm));
	RTNL_SAFE(rtnl_talk_cb(&m, route_find_cb, f));
}

/* The dumped seg6 route to dst in the local host is the one we gave. */
static void check_dumped(const char *dst, const void *tun, size_t len,
			 const char *what)
{
	struct route_find f;
	struct rtattr *a;

	route_find(NET_A, dst, &f);
	if (f.found != 1 || f.encap_type != LWTUNNEL_ENCAP_SEG6) {
		tst_res(TFAIL, "%s route %s: %d in the dump, encap type %d",
			what, dst, f.found, f.encap_type);
		return;
	}
	a = rtnl_nested((struct rtattr *)f.encap, SEG6_IPTUNNEL_SRH);
	if (!a || RTA_PAYLOAD(a) != len || memcmp(RTA_DATA(a), tun, len)) {
		tst_res(TFAIL, "%s route %s: SEG6_IPTUNNEL_SRH of %d bytes differs from the %zu given",
			what, dst, a ? (int)RTA_PAYLOAD(a) : -1, len);
		return;
	}
	tst_res(TPASS, "%s route %s dumped: LWTUNNEL_ENCAP_SEG6, mode and SRH (%zu bytes) as given",
		what, dst, len);
}

struct seg6_counters {
	long long packets, bytes, errors;
};

static struct seg6_counters counters(const char *sid)
{
	struct seg6_counters c = { -1, -1, -1 };
	struct route_find f;
	struct rtattr *a, *n;

	route_find(NET_R, sid, &f);
	if (f.found != 1 || f.encap_type != LWTUNNEL_ENCAP_SEG6_LOCAL)
		tst_brk(TBROK, "seg6local route %s: %d in the dump, encap %d",
			sid, f.found, f.encap_type);
	n = rtnl_nested((struct rtattr *)f.encap, SEG6_LOCAL_COUNTERS);
	if (!n)
		tst_brk(TBROK, "seg6local route %s dumped without counters",
			sid);
	a = rtnl_nested(n, SEG6_LOCAL_CNT_PACKETS);
	if (a)
		memcpy(&c.packets, RTA_DATA(a), 8);
	a = rtnl_nested(n, SEG6_LOCAL_CNT_BYTES);
	if (a)
		memcpy(&c.bytes, RTA_DATA(a), 8);
	a = rtnl_nested(n, SEG6_LOCAL_CNT_ERRORS);
	if (a)
		memcpy(&c.errors, RTA_DATA(a), 8);
	return c;
}

/* Bounded wait until the packets or errors of sid reach want. */
static struct seg6_counters wait_counters(const char *sid, int errors,
					  long long want)
{
	long long end = tst_mono_ms() + net_ms(10000);
	struct seg6_counters c;

	for (;;) {
		c = counters(sid);
		if ((errors ? c.errors : c.packets) >= want ||
		    tst_mono_ms() > end)
			return c;
		usleep(1000);
	}
}

static void check_counters(const char *name, const char *sid,
			   long long pkts, long long bytes, long long errs)
{
	struct seg6_counters c = wait_counters(sid, 0, pkts);

	if (c.packets == pkts && c.bytes == bytes && c.errors == errs)
		tst_res(TPASS, "%s counters: %lld packets, %lld bytes, %lld errors",
			name, pkts, bytes, errs);
	else
		tst_res(TFAIL, "%s counters: %lld packets, %lld bytes, %lld errors; expected %lld, %lld, %lld",
			name, c.packets, c.bytes, c.errors, pkts, bytes, errs);
}

static void send_to(const char *dst, const void *buf, size_t len)
{
	struct sockaddr_storage ss;

	net_sockaddr(AF_INET6, dst, PORT, &ss);
	if (sendto(tx, buf, len, 0, (struct sockaddr *)&ss,
		   sizeof(struct sockaddr_in6)) != (ssize_t)len)
		tst_brk(TBROK | TERRNO, "sendto(%s)", dst);
}

static void payload(unsigned char *buf, const char *marker)
{
	int i;

	for (i = 0; i < PAYLOAD; i++)
		buf[i] = i * 7 + 1;
	memcpy(buf, marker, strlen(marker));
}

/* The frame carrying marker that came in on the router's net0. */
static ssize_t captured(const char *marker, unsigned char *pkt, size_t size)
{
	long long end = tst_mono_ms() + net_ms(10000);
	struct sockaddr_ll from;
	socklen_t len;
	ssize_t n;

	while (tst_mono_ms() < end) {
		if (!net_poll(cap, POLLIN, 1000))
			continue;
		len = sizeof(from);
		n = recvfrom(cap, pkt, size, MSG_DONTWAIT,
			     (struct sockaddr *)&from, &len);
		if (n < 0 || from.sll_pkttype == PACKET_OUTGOING)
			continue;
		if (memmem(pkt, n, marker, strlen(marker)))
			return n;
	}
	tst_res(TFAIL, "no frame with '%s' captured on the router's net0",
		marker);
	return -1;
}

/* The SRH on the wire is the route's one, segment 0 as seg0 says. */
static void check_wire_srh(const char *what, const unsigned char *srh,
			   const struct seg6_iptunnel_encap *t, int nexthdr,
			   const char *seg0, int sl)
{
	const struct ipv6_sr_hdr *w = (const void *)srh;
	struct in6_addr s0;
	int segs_ok;

	in6(seg0, &s0);
	segs_ok = !memcmp(&w->segments[0], &s0, 16) &&
		  !memcmp(&w->segments[1], &t->srh->segments[1], 16);
	if (w->nexthdr == nexthdr && w->hdrlen == 4 && w->type == 4 &&
	    w->segments_left == sl && w->first_segment == 1 && !w->flags &&
	    !w->tag && segs_ok)
		tst_res(TPASS, "%s SRH on the wire: next header %d, hdrlen 4, type 4, segments_left %d, last_entry 1, segments %s, [1] as routed",
			what, nexthdr, sl, seg0);
	else
		tst_res(TFAIL, "%s SRH on the wire: next header %d, hdrlen %d, type %d, segments_left %d, last_entry %d, flags %d, tag %d, segments %s",
			what, w->nexthdr, w->hdrlen, w->type,
			w->segments_left, w->first_segment, w->flags,
			ntohs(w->tag), segs_ok ? "as expected" : "differ");
}

/* The outer IPv6 header of a captured frame. */
static int check_outer(const char *what, const unsigned char *pkt,
		       ssize_t n, const char *dst, size_t plen)
{
	const struct ip6_hdr *ip = (const void *)(pkt + ETH_HLEN);
	struct in6_addr a, s;

	in6(dst, &a);
	in6("fd99:1::1", &s);
	if (n == (ssize_t)(ETH_HLEN + sizeof(*ip) + plen) &&
	    ip->ip6_nxt == IPPROTO_ROUTING && ntohs(ip->ip6_plen) == plen &&
	    !memcmp(&ip->ip6_dst, &a, 16) && !memcmp(&ip->ip6_src, &s, 16)) {
		tst_res(TPASS, "%s on the wire: fd99:1::1 -> %s, next header 43, payload %zu",
			what, dst, plen);
		return 1;
	}
	tst_res(TFAIL, "%s on the wire: %zd bytes, next header %d, payload length %d (expected %zu), source %s, destination %s",
		what, n, ip->ip6_nxt, ntohs(ip->ip6_plen), plen,
		memcmp(&ip->ip6_src, &s, 16) ? "differs" : "right",
		memcmp(&ip->ip6_dst, &a, 16) ? "differs" : "right");
	return 0;
}

/* One datagram on the remote: its bytes, source, hop limit and SRH. */
struct rx_info {
	ssize_t len;
	unsigned char data[2048];
	struct sockaddr_in6 from;
	int hlim;
	int rthdr_len;
	unsigned char rthdr[256];
};

static void recv_one(struct rx_info *ri)
{
	char cbuf[1024];
	struct iovec iov = { ri->data, sizeof(ri->data) };
	struct msghdr mh = {
		.msg_name = &ri->from, .msg_namelen = sizeof(ri->from),
		.msg_iov = &iov, .msg_iovlen = 1,
		.msg_control = cbuf, .msg_controllen = sizeof(cbuf),
	};
	struct cmsghdr *c;

	ri->hlim = -1;
	ri->rthdr_len = 0;
	net_wait(rx, POLLIN);
	ri->len = recvmsg(rx, &mh, MSG_DONTWAIT);
	if (ri->len < 0)
		tst_brk(TBROK | TERRNO, "recvmsg()");
	for (c = CMSG_FIRSTHDR(&mh); c; c = CMSG_NXTHDR(&mh, c)) {
		if (c->cmsg_level != IPPROTO_IPV6)
			continue;
		if (c->cmsg_type == IPV6_HOPLIMIT)
			memcpy(&ri->hlim, CMSG_DATA(c), sizeof(int));
		if (c->cmsg_type == IPV6_RTHDR &&
		    c->cmsg_len - CMSG_LEN(0) <= sizeof(ri->rthdr)) {
			ri->rthdr_len = c->cmsg_len - CMSG_LEN(0);
			memcpy(ri->rthdr, CMSG_DATA(c), ri->rthdr_len);
		}
	}
}

static int check_rx(const char *what, struct rx_info *ri,
		    const unsigned char *sent)
{
	struct in6_addr s;

	in6("fd99:1::1", &s);
	if (ri->len == PAYLOAD && !memcmp(ri->data, sent, PAYLOAD) &&
	    !memcmp(&ri->from.sin6_addr, &s, 16) && ri->hlim == 63) {
		tst_res(TPASS, "%s: the remote got the %d bytes from fd99:1::1, hop limit 63",
			what, PAYLOAD);
		return 1;
	}
	tst_res(TFAIL, "%s: the remote got %zd bytes (%s), hop limit %d",
		what, ri->len, ri->len == PAYLOAD &&
		!memcmp(ri->data, sent, PAYLOAD) ? "right bytes" :
		"not the ones sent", ri->hlim);
	return 0;
}

static void test_encap(void)
{
	unsigned char buf[PAYLOAD], pkt[2048];
	size_t srhlen = 8 + 2 * 16, plen = srhlen + 40 + 8 + PAYLOAD;
	const struct ip6_hdr *inner;
	struct in6_addr b;
	struct rx_info ri;
	ssize_t n;
	int sl;

	tst_res(TINFO, "encap mode: End, then End.DX6 at the router");
	payload(buf, "SEG6-ENCAP");
	net_enter(NET_A);
	send_to(B_ENCAP, buf, PAYLOAD);
	recv_one(&ri);
	check_rx("encap", &ri, buf);
	if (ri.rthdr_len)
		tst_res(TFAIL, "encap: the remote got a routing header (%d bytes): not decapsulated",
			ri.rthdr_len);
	/*
	 * The capture shares its data with the skb that End then advances
	 * in place (it does not unclone it), so the frame reads either as
	 * sent (the End SID, segments_left 1) or as End left it (the
	 * End.DX6 SID, 0); both pairs are consistent, nothing else is.
	 */
	n = captured("SEG6-ENCAP", pkt, sizeof(pkt));
	sl = n > ETH_HLEN + 43 ? pkt[ETH_HLEN + 43] : 1;
	if (n > 0 && check_outer("encap", pkt, n, sl ? SID_END : SID_DX6,
				 plen)) {
		check_wire_srh("encap", pkt + ETH_HLEN + 40, &tun_encap.t,
			       IPPROTO_IPV6, SID_DX6, sl ? 1 : 0);
		inner = (const void *)(pkt + ETH_HLEN + 40 + srhlen);
		in6(B_ENCAP, &b);
		if ((inner->ip6_vfc >> 4) == 6 &&
		    inner->ip6_nxt == IPPROTO_UDP && inner->ip6_hlim == 64 &&
		    !memcmp(&inner->ip6_dst, &b, 16) &&
		    ntohs(inner->ip6_plen) == 8 + PAYLOAD)
			tst_res(TPASS, "encap: the inner packet to %s intact (UDP, hop limit 64, %d bytes)",
				B_ENCAP, 8 + PAYLOAD);
		else
			tst_res(TFAIL, "encap: inner header version %d, next header %d, hop limit %d, payload %d",
				inner->ip6_vfc >> 4, inner->ip6_nxt,
				inner->ip6_hlim, ntohs(inner->ip6_plen));
	}
	check_counters("End", SID_END, 1, 40 + plen, 0);
	check_counters("End.DX6", SID_DX6, 1, 40 + plen, 0);
	check_dumped(B_ENCAP, &tun_encap, len_encap, "encap");
}

static void test_end_error(void)
{
	struct seg6_counters c;
	char b = 'e';

	tst_res(TINFO, "End with segments_left 0");
	net_enter(NET_A);
	send_to(B_ERR, &b, 1);
	c = wait_counters(SID_END, 1, 1);
	if (c.errors == 1 && c.packets == 1)
		tst_res(TPASS, "End: segments_left 0 counted as an error (errors 1, packets still 1)");
	else
		tst_res(TFAIL, "End: errors %lld (expected 1), packets %lld (expected 1)",
			c.errors, c.packets);
	/* behind it on the same CPU: had it been delivered, it came first */
	net_enter(NET_A);
	send_to(B_ENCAP, "S", 1);
	NET_EXP_EQ(net_count_tags_until(rx, 'e', 'S'), 0,
		   "datagrams through End with segments_left 0 delivered");
}

static void test_inline(void)
{
	unsigned char buf[PAYLOAD], pkt[2048];
	const struct ipv6_sr_hdr *w;
	struct rx_info ri;
	struct in6_addr a;
	ssize_t n;

	tst_res(TINFO, "inline mode through the router's address");
	payload(buf, "SEG6-INLINE");
	net_enter(NET_A);
	send_to(B_INLINE, buf, PAYLOAD);
	recv_one(&ri);
	check_rx("inline", &ri, buf);
	w = (const void *)ri.rthdr;
	in6(B_INLINE, &a);
	if (ri.rthdr_len == 40 && w->type == 4 && w->segments_left == 0 &&
	    w->first_segment == 1 && w->hdrlen == 4 &&
	    w->nexthdr == IPPROTO_UDP && !memcmp(&w->segments[0], &a, 16) &&
	    !memcmp(&w->segments[1], &tun_inline.t.srh->segments[1], 16))
		tst_res(TPASS, "inline: IPV6_RTHDR at the remote: the SRH with segments_left 0, %s, %s",
			B_INLINE, R_ADDR);
	else
		tst_res(TFAIL, "inline: IPV6_RTHDR at the remote: %d bytes, type %d, segments_left %d, last_entry %d, next header %d",
			ri.rthdr_len, w->type, w->segments_left,
			w->first_segment, w->nexthdr);
	n = captured("SEG6-INLINE", pkt, sizeof(pkt));
	if (n > 0 && check_outer("inline", pkt, n, R_ADDR,
				 40 + 8 + PAYLOAD))
		check_wire_srh("inline", pkt + ETH_HLEN + 40, &tun_inline.t,
			       IPPROTO_UDP, B_INLINE, 1);
	check_dumped(B_INLINE, &tun_inline, len_inline, "inline");
}

/* A two-segment SRH with segments_left sl to the router, by IPPROTO_RAW. */
static void send_raw_srh(int sl)
{
	unsigned char pkt[40 + 40];
	struct ip6_hdr *ip = (void *)pkt;
	struct ipv6_sr_hdr *srh = (void *)(pkt + 40);
	struct sockaddr_storage ss;
	int fd;

	memset(pkt, 0, sizeof(pkt));
	ip->ip6_vfc = 0x60;
	ip->ip6_plen = htons(40);
	ip->ip6_nxt = IPPROTO_ROUTING;
	ip->ip6_hlim = 64;
	in6("fd99:1::1", &ip->ip6_src);
	in6(R_ADDR, &ip->ip6_dst);
	srh->nexthdr = IPPROTO_NONE;
	srh->hdrlen = 4;
	srh->type = 4;
	srh->segments_left = sl;
	srh->first_segment = 1;
	in6(B_ENCAP, &srh->segments[0]);
	in6(R_ADDR, &srh->segments[1]);
	net_enter(NET_A);
	fd = socket(AF_INET6, SOCK_RAW, IPPROTO_RAW);
	if (fd < 0)
		tst_brk(TBROK | TERRNO, "socket(IPPROTO_RAW)");
	net_sockaddr(AF_INET6, R_ADDR, 0, &ss);
	if (sendto(fd, pkt, sizeof(pkt), 0, (struct sockaddr *)&ss,
		   sizeof(struct sockaddr_in6)) != sizeof(pkt))
		tst_brk(TBROK | TERRNO, "sendto(raw SRH)");
	close(fd);
}

static void test_bad_sl(void)
{
	long long before = net_snmp6(NET_R, "Ip6InHdrErrors"), after;
	struct icmp6_hdr ih;
	ssize_t n;

	tst_res(TINFO, "segments_left past the list on receive");
	send_raw_srh(2);
	after = net_wait_snmp(NET_R, "snmp6", "", "Ip6InHdrErrors",
			      before + 1);
	NET_EXP_EQ(after - before, 1, "router's Ip6InHdrErrors increase");
	if (!(net_poll(icmp, POLLIN, 10000) & POLLIN)) {
		tst_res(TFAIL, "no ICMPv6 parameter problem came back");
		return;
	}
	n = recv(icmp, &ih, sizeof(ih), MSG_DONTWAIT);
	if (n == sizeof(ih) && ih.icmp6_type == ICMP6_PARAM_PROB &&
	    ih.icmp6_code == ICMP6_PARAMPROB_HEADER &&
	    ntohl(ih.icmp6_pptr) == 43)
		tst_res(TPASS, "ICMPv6 parameter problem code 0, pointer 43 (segments_left)");
	else
		tst_res(TFAIL, "ICMPv6 %zd bytes: type %d code %d pointer %u",
			n, ih.icmp6_type, ih.icmp6_code, ntohl(ih.icmp6_pptr));
}

/* With seg6_enabled off where path says, SRHs to the router are dropped. */
static void test_disabled(const char *path)
{
	long long before = net_snmp6(NET_R, "Ip6InHdrErrors");
	unsigned char d = 'd';

	tst_res(TINFO, "%s = 0 in the router", path);
	net_sysctl(NET_R, path, "0");
	net_enter(NET_A);
	send_to(B_INLINE, &d, 1);
	send_raw_srh(2);
	send_to(B_ENCAP, "S", 1);
	NET_EXP_EQ(net_count_tags_until(rx, 'd', 'S'), 0,
		   "inline datagrams delivered with seg6 off (the SIDs still work)");
	NET_EXP_EQ(net_snmp6(NET_R, "Ip6InHdrErrors") - before, 0,
		   "Ip6InHdrErrors increase for a bad SRH with seg6 off");
	if (net_poll(icmp, POLLIN, 0) & POLLIN)
		tst_res(TFAIL, "an ICMPv6 error came back with seg6 off");
	else
		tst_res(TPASS, "no ICMPv6 error with seg6 off");

	net_sysctl(NET_R, path, "1");
	net_enter(NET_A);
	send_to(B_INLINE, &d, 1);
	send_to(B_ENCAP, "S", 1);
	NET_EXP_EQ(net_count_tags_until(rx, 'd', 'S'), 1,
		   "inline datagrams delivered with seg6 on again");
}

static void exp_route(int ret, int err, const char *desc)
{
	if (ret == -err)
		tst_res(TPASS, "%s: %s", desc, err ? tst_strerrno(err) : "0");
	else
		tst_res(TFAIL, "%s: %s, expected %s", desc,
			ret ? tst_strerrno(-ret) : "success",
			err ? tst_strerrno(err) : "success");
}

static void test_einval(void)
{
	static const char *const two[] = { SID_DX6, SID_END, SID_END };
	static union {
		struct seg6_iptunnel_encap t;
		unsigned char b[256];
	} bad;
	struct route_find f;
	size_t len;
	int mode = SEG6_IPTUN_MODE_ENCAP;

	tst_res(TINFO, "SRH validation of seg6 routes");
	net_enter(NET_A);
	len = tun_build(&bad, mode, 4, 2, 1, two, 2);
	exp_route(seg6_route(RTM_NEWROUTE, AF_INET6, "fd99:2::9", &bad, len),
		  EINVAL, "segments_left 2, last_entry 1");
	len = tun_build(&bad, mode, 4, 1, 2, two, 2);
	exp_route(seg6_route(RTM_NEWROUTE, AF_INET6, "fd99:2::9", &bad, len),
		  EINVAL, "last_entry 2 in hdrlen 4 (two segments)");
	len = tun_build(&bad, mode, 3, 1, 1, two, 2);
	exp_route(seg6_route(RTM_NEWROUTE, AF_INET6, "fd99:2::9", &bad, len),
		  EINVAL, "hdrlen 3 for 40 bytes");
	len = tun_build(&bad, mode, 3, 1, 1, two, 2) - 8;
	exp_route(seg6_route(RTM_NEWROUTE, AF_INET6, "fd99:2::9", &bad, len),
		  EINVAL, "hdrlen 3 (32 bytes) with last_entry 1");
	len = tun_build(&bad, mode, 6, 2, 2, two, 3);
	bad.t.srh->type = 0;
	exp_route(seg6_route(RTM_NEWROUTE, AF_INET6, "fd99:2::9", &bad, len),
		  EINVAL, "routing header type 0");
	len = tun_build(&bad, mode, 0, 0, 0, two, 0);
	exp_route(seg6_route(RTM_NEWROUTE, AF_INET6, "fd99:2::9", &bad, len),
		  EINVAL, "an SRH without a segment");
	exp_route(seg6_route(RTM_NEWROUTE, AF_INET6, "fd99:2::9", NULL, 0),
		  EINVAL, "no SEG6_IPTUNNEL_SRH");
	len = tun_build(&bad, 5, 4, 1, 1, two, 2);
	exp_route(seg6_route(RTM_NEWROUTE, AF_INET6, "fd99:2::9", &bad, len),
		  EINVAL, "mode 5");
	len = tun_build(&bad, SEG6_IPTUN_MODE_INLINE, 4, 1, 1, two, 2);
	exp_route(seg6_route(RTM_NEWROUTE, AF_INET, "10.99.2.9", &bad, len),
		  EINVAL, "inline mode on an IPv4 route");
	route_find(NET_A, "fd99:2::9", &f);
	NET_EXP_EQ(f.found, 0, "routes to fd99:2::9 left by the refused ones");

	/* the edges that are valid */
	len = tun_build(&bad, SEG6_IPTUN_MODE_ENCAP, 4, 1, 1, two, 2);
	exp_route(seg6_route(RTM_NEWROUTE, AF_INET, "10.99.2.9", &bad, len),
		  0, "encap mode on an IPv4 route");
	exp_route(seg6_route(RTM_DELROUTE, AF_INET, "10.99.2.9", NULL, 0),
		  0, "its deletion");
	len = tun_build(&bad, mode, 6, 0, 2, two, 3);
	exp_route(seg6_route(RTM_NEWROUTE, AF_INET6, "fd99:2::9", &bad, len),
		  0, "segments_left 0, last_entry 2 in hdrlen 6");
	exp_route(seg6_route(RTM_DELROUTE, AF_INET6, "fd99:2::9", NULL, 0),
		  0, "its deletion");

	net_enter(NET_R);
	exp_route(seg6local_route("fd99:ff::7", SEG6_LOCAL_ACTION_END_DX6,
				  NULL), EINVAL, "End.DX6 without nh6");
	exp_route(seg6local_route("fd99:ff::7", SEG6_LOCAL_ACTION_UNSPEC,
				  NULL), EINVAL, "seg6local action 0");
}

static void setup(void)
{
	static const char *const encap_segs[] = { SID_DX6, SID_END };
	static const char *const inline_segs[] = { PLACEHOLDER, R_ADDR };
	static const char *const err_segs[] = { SID_END };
	struct sockaddr_storage ss;
	struct icmp6_filter flt;
	struct in6_addr a;
	int on = 1, idx;

	net_routed_setup();

	net_enter(NET_B);
	idx = rtnl_ifindex("net0");
	in6(B_INLINE, &a);
	RTNL_SAFE(rtnl_addr_add(idx, AF_INET6, &a, 64, IFA_F_NODAD));
	net_sysctl(NET_B, "net/ipv6/conf/all/seg6_enabled", "1");
	net_sysctl(NET_B, "net/ipv6/conf/net0/seg6_enabled", "1");
	rx = net_socket(NET_B, AF_INET6, SOCK_DGRAM);
	net_sockaddr(AF_INET6, "::", PORT, &ss);
	if (bind(rx, (struct sockaddr *)&ss, sizeof(struct sockaddr_in6)))
		tst_brk(TBROK | TERRNO, "bind([::]:%d)", PORT);
	if (setsockopt(rx, IPPROTO_IPV6, IPV6_RECVHOPLIMIT, &on, sizeof(on)) ||
	    setsockopt(rx, IPPROTO_IPV6, IPV6_RECVRTHDR, &on, sizeof(on)))
		tst_brk(TBROK | TERRNO, "setsockopt(IPV6_RECVHOPLIMIT/RTHDR)");

	net_sysctl(NET_R, "net/ipv6/conf/all/seg6_enabled", "1");
	net_sysctl(NET_R, "net/ipv6/conf/net0/seg6_enabled", "1");
	net_enter(NET_R);
	RTNL_SAFE(seg6local_route(SID_END, SEG6_LOCAL_ACTION_END, NULL));
	RTNL_SAFE(seg6local_route(SID_DX6, SEG6_LOCAL_ACTION_END_DX6,
				  B_ENCAP));
	cap = net_pkt_sock(NET_R, "net0", ETH_P_IPV6);

	net_enter(NET_A);
	len_encap = tun_build(&tun_encap, SEG6_IPTUN_MODE_ENCAP, 4, 1, 1,
			      encap_segs, 2);
	len_inline = tun_build(&tun_inline, SEG6_IPTUN_MODE_INLINE, 4, 1, 1,
			       inline_segs, 2);
	len_err = tun_build(&tun_err, SEG6_IPTUN_MODE_ENCAP, 2, 0, 0,
			    err_segs, 1);
	RTNL_SAFE(seg6_route(RTM_NEWROUTE, AF_INET6, B_ENCAP, &tun_encap,
			     len_encap));
	RTNL_SAFE(seg6_route(RTM_NEWROUTE, AF_INET6, B_INLINE, &tun_inline,
			     len_inline));
	RTNL_SAFE(seg6_route(RTM_NEWROUTE, AF_INET6, B_ERR, &tun_err,
			     len_err));
	tx = net_socket(NET_A, AF_INET6, SOCK_DGRAM);
	icmp = socket(AF_INET6, SOCK_RAW, IPPROTO_ICMPV6);
	if (icmp < 0)
		tst_brk(TBROK | TERRNO, "socket(IPPROTO_ICMPV6)");
	ICMP6_FILTER_SETBLOCKALL(&flt);
	ICMP6_FILTER_SETPASS(ICMP6_PARAM_PROB, &flt);
	if (setsockopt(icmp, IPPROTO_ICMPV6, ICMP6_FILTER, &flt, sizeof(flt)))
		tst_brk(TBROK | TERRNO, "setsockopt(ICMP6_FILTER)");
	/* one CPU, one backlog: a sentinel sent last is handled last */
	sock_pin_cpu();
}

static void run(void)
{
	test_encap();
	test_end_error();
	test_inline();
	test_bad_sl();
	test_disabled("net/ipv6/conf/net0/seg6_enabled");
	test_disabled("net/ipv6/conf/all/seg6_enabled");
	test_einval();
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.timeout = 120,
};
