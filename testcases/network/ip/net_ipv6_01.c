// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * IPv6 socket semantics between two namespaces:
 * - IPV6_V6ONLY 0 (the default): a TCP listener on :: accepts an IPv4
 *   connection, the peer is ::ffff:10.99.1.1 and the local address
 *   ::ffff:10.99.1.2, and an AF_INET bind() to the same port is
 *   EADDRINUSE; a dual-stack UDP socket sends to ::ffff:10.99.1.2 and an
 *   IPv4 socket receives it;
 * - IPV6_V6ONLY 1: the AF_INET bind() to the port succeeds, an IPv4
 *   connect() is ECONNREFUSED, sending to a v4-mapped address is
 *   ENETUNREACH; IPV6_V6ONLY after bind() is EINVAL;
 * - link-local addresses (fe80::a and fe80::b, IFA_F_NODAD): bind() and
 *   TCP and UDP connect() without sin6_scope_id are EINVAL, bind() with the scope of
 *   another link (lo) EADDRNOTAVAIL; with the scope id a datagram arrives
 *   from fe80::a with the receiver's net0 index as scope id;
 * - flow labels: a label of 20 bits plus one is EINVAL, a label in the
 *   stateless range (0x80000) ERANGE, getting a label not created ENOENT,
 *   creating it twice with IPV6_FL_F_EXCL EEXIST, another socket taking
 *   an exclusive label EPERM; once an exclusive label exists in the
 *   namespace, sending with IPV6_FLOWINFO_SEND and a label not leased is
 *   EINVAL; with the lease, the receiver's IPV6_FLOWINFO control message
 *   carries the label. (flowlabel_state_ranges is set in the local
 *   namespace for the ERANGE case.)
 */
#include "tst_test.h"
#include "net_hosts.h"

#ifndef IPV6_FLOWINFO
# define IPV6_FLOWINFO 11
#endif
#ifndef IPV6_FLOWLABEL_MGR
# define IPV6_FLOWLABEL_MGR 32
#endif
#ifndef IPV6_FLOWINFO_SEND
# define IPV6_FLOWINFO_SEND 33
#endif

/* linux/in6.h's struct in6_flowlabel_req and its constants */
struct fl_req {
	struct in6_addr dst;
	uint32_t label;
	uint8_t action, share;
	uint16_t flags, expires, linger;
	uint32_t pad;
};
enum { FL_A_GET = 0, FL_F_CREATE = 1, FL_F_EXCL = 2, FL_S_EXCL = 1 };

static unsigned int iter;

static void setint(int fd, int level, int opt, int val)
{
	if (setsockopt(fd, level, opt, &val, sizeof(val)))
		tst_brk(TBROK | TERRNO, "setsockopt(%d, %d)", opt, val);
}

static void mapped(int v6only)
{
	struct sockaddr_in6 any = { .sin6_family = AF_INET6 };
	struct sockaddr_in6 peer, me;
	struct sockaddr_storage v4, ss;
	socklen_t len = sizeof(peer);
	int l = net_socket(NET_B, AF_INET6, SOCK_STREAM);
	int b4 = net_socket(NET_B, AF_INET, SOCK_STREAM);
	int one = 1, c, s;
	char buf[64];

	tst_res(TINFO, "IPV6_V6ONLY %d", v6only);
	setint(l, SOL_IPV6, IPV6_V6ONLY, v6only);
	if (bind(l, (struct sockaddr *)&any, sizeof(any)) || listen(l, 4) ||
	    getsockname(l, (struct sockaddr *)&me, &len))
		tst_brk(TBROK | TERRNO, "bind/listen on ::");
	TST_EXP_FAIL(setsockopt(l, SOL_IPV6, IPV6_V6ONLY, &one, sizeof(one)),
		     EINVAL, "IPV6_V6ONLY after bind()");
	net_addr(NET_B, AF_INET, ntohs(me.sin6_port), &v4);
	((struct sockaddr_in *)&v4)->sin_addr.s_addr = htonl(INADDR_ANY);
	if (v6only) {
		TST_EXP_PASS(bind(b4, (struct sockaddr *)&v4,
				  sizeof(struct sockaddr_in)),
			     "AF_INET bind() to the port of a v6only listener");
	} else {
		TST_EXP_FAIL(bind(b4, (struct sockaddr *)&v4,
				  sizeof(struct sockaddr_in)), EADDRINUSE,
			     "AF_INET bind() to the port of a dual-stack listener");
	}
	close(b4);

	net_addr(NET_B, AF_INET, ntohs(me.sin6_port), &ss);
	c = net_socket(NET_A, AF_INET, SOCK_STREAM);
	if (v6only) {
		NET_EXP_EQ(net_connect_fd(c, &ss), ECONNREFUSED,
			   "IPv4 connect() to a v6only listener (errno)");
		close(c);
	} else {
		if (net_connect_fd(c, &ss))
			tst_brk(TBROK, "IPv4 connect() to the dual listener");
		s = net_accept(l);
		len = sizeof(peer);
		getpeername(s, (struct sockaddr *)&peer, &len);
		inet_ntop(AF_INET6, &peer.sin6_addr, buf, sizeof(buf));
		if (peer.sin6_family == AF_INET6 &&
		    !strcmp(buf, "::ffff:10.99.1.1"))
			tst_res(TPASS, "accepted peer is %s", buf);
		else
			tst_res(TFAIL, "accepted peer is %s (family %d)", buf,
				peer.sin6_family);
		len = sizeof(me);
		getsockname(s, (struct sockaddr *)&me, &len);
		inet_ntop(AF_INET6, &me.sin6_addr, buf, sizeof(buf));
		if (!strcmp(buf, "::ffff:10.99.1.2"))
			tst_res(TPASS, "accepted socket's address is %s", buf);
		else
			tst_res(TFAIL, "accepted socket's address is %s", buf);
		if (net_write_all(c, "m", 1) || net_read_all(s, buf, 1) != 1 ||
		    buf[0] != 'm')
			tst_res(TFAIL, "no data over the mapped connection");
		close(s);
		close(c);
	}
	close(l);
}

static void mapped_udp(int v6only)
{
	struct sockaddr_storage r4;
	struct sockaddr_in6 dst = { .sin6_family = AF_INET6 };
	int r = net_bound(NET_B, AF_INET, SOCK_DGRAM, &r4);
	int s = net_socket(NET_A, AF_INET6, SOCK_DGRAM);
	char buf[8];

	setint(s, SOL_IPV6, IPV6_V6ONLY, v6only);
	dst.sin6_port = htons(net_port(&r4));
	inet_pton(AF_INET6, "::ffff:10.99.1.2", &dst.sin6_addr);
	if (v6only) {
		TST_EXP_FAIL(sendto(s, "u", 1, 0, (struct sockaddr *)&dst,
				    sizeof(dst)), ENETUNREACH,
			     "v6only sendto() a v4-mapped address");
	} else {
		TST_EXP_EQ_LI(sendto(s, "u", 1, 0, (struct sockaddr *)&dst,
				     sizeof(dst)), 1);
		net_wait(r, POLLIN);
		TST_EXP_EQ_LI(recv(r, buf, sizeof(buf), MSG_DONTWAIT), 1);
	}
	close(r);
	close(s);
}

static void linklocal(void)
{
	struct sockaddr_in6 a = { .sin6_family = AF_INET6 };
	struct sockaddr_in6 b = { .sin6_family = AF_INET6 };
	struct sockaddr_in6 from;
	socklen_t len = sizeof(from);
	int r = net_socket(NET_B, AF_INET6, SOCK_DGRAM);
	int bidx = rtnl_ifindex("net0");
	int s = net_socket(NET_A, AF_INET6, SOCK_DGRAM);
	int aidx = rtnl_ifindex("net0");
	int t = net_socket(NET_A, AF_INET6, SOCK_STREAM);
	int u = net_socket(NET_A, AF_INET6, SOCK_DGRAM);
	char buf[64];

	inet_pton(AF_INET6, "fe80::a", &a.sin6_addr);
	inet_pton(AF_INET6, "fe80::b", &b.sin6_addr);
	b.sin6_port = htons(7777);
	TST_EXP_FAIL(bind(r, (struct sockaddr *)&b, sizeof(b)), EINVAL,
		     "bind(fe80::b) without a scope id");
	b.sin6_scope_id = 1;
	TST_EXP_FAIL(bind(r, (struct sockaddr *)&b, sizeof(b)), EADDRNOTAVAIL,
		     "bind(fe80::b%%lo)");
	b.sin6_scope_id = bidx;
	TST_EXP_PASS(bind(r, (struct sockaddr *)&b, sizeof(b)),
		     "bind(fe80::b%%net0)");

	a.sin6_scope_id = aidx;
	if (bind(s, (struct sockaddr *)&a, sizeof(a)))
		tst_brk(TBROK | TERRNO, "bind(fe80::a%%net0)");
	b.sin6_scope_id = 0;
	TST_EXP_FAIL(connect(u, (struct sockaddr *)&b, sizeof(b)), EINVAL,
		     "UDP connect(fe80::b) without a scope id");
	TST_EXP_FAIL(connect(t, (struct sockaddr *)&b, sizeof(b)), EINVAL,
		     "TCP connect(fe80::b) without a scope id");
	b.sin6_scope_id = aidx;
	TST_EXP_EQ_LI(sendto(s, "l", 1, 0, (struct sockaddr *)&b, sizeof(b)),
		      1);
	net_wait(r, POLLIN);
	if (recvfrom(r, buf, sizeof(buf), MSG_DONTWAIT,
		     (struct sockaddr *)&from, &len) != 1) {
		tst_res(TFAIL | TERRNO, "no link-local datagram");
	} else {
		inet_ntop(AF_INET6, &from.sin6_addr, buf, sizeof(buf));
		if (!strcmp(buf, "fe80::a"))
			tst_res(TPASS, "link-local datagram from fe80::a");
		else
			tst_res(TFAIL, "link-local datagram from %s", buf);
		NET_EXP_EQ(from.sin6_scope_id, bidx,
			   "sender's scope id (receiver's net0)");
	}
	close(r);
	close(s);
	close(t);
	close(u);
}

static int fl_get(int fd, uint32_t label, int flags, int share)
{
	struct fl_req f = {
		.label = htonl(label), .action = FL_A_GET, .share = share,
		.flags = flags,
	};
	struct sockaddr_storage ss;

	net_addr(NET_B, AF_INET6, 0, &ss);
	memcpy(&f.dst, net_rawaddr(&ss), 16);
	return setsockopt(fd, SOL_IPV6, IPV6_FLOWLABEL_MGR, &f, sizeof(f));
}

static void flowlabel(void)
{
	struct sockaddr_storage dst;
	int r = net_bound(NET_B, AF_INET6, SOCK_DGRAM, &dst);
	int s = net_socket(NET_A, AF_INET6, SOCK_DGRAM);
	int o = net_socket(NET_A, AF_INET6, SOCK_DGRAM);
	/* a new label each iteration: a released one lingers 6 s */
	uint32_t label = 0x12340 + (iter++ & 0xff) * 16;
	char buf[8], ctl[256];
	struct iovec iov = { buf, sizeof(buf) };
	struct msghdr mh = {
		.msg_iov = &iov, .msg_iovlen = 1,
		.msg_control = ctl, .msg_controllen = sizeof(ctl),
	};
	struct cmsghdr *cm;
	uint32_t got = 0;
	int found = 0;

	TST_EXP_FAIL(fl_get(s, 0x100000, FL_F_CREATE, FL_S_EXCL), EINVAL,
		     "flow label 0x100000");
	TST_EXP_FAIL(fl_get(s, 0x80001, FL_F_CREATE, FL_S_EXCL), ERANGE,
		     "flow label 0x80001 (stateless range)");
	TST_EXP_FAIL(fl_get(s, label, 0, FL_S_EXCL), ENOENT,
		     "getting flow label 0x%x not created", label);
	TST_EXP_PASS(fl_get(s, label, FL_F_CREATE | FL_F_EXCL, FL_S_EXCL),
		     "creating flow label 0x%x", label);
	TST_EXP_FAIL(fl_get(s, label, FL_F_CREATE | FL_F_EXCL, FL_S_EXCL),
		     EEXIST, "creating it again with IPV6_FL_F_EXCL");
	TST_EXP_FAIL(fl_get(o, label, 0, FL_S_EXCL), EPERM,
		     "another socket getting the exclusive label");
	/* with an exclusive label in the namespace, labels are checked */
	setint(s, SOL_IPV6, IPV6_FLOWINFO_SEND, 1);
	((struct sockaddr_in6 *)&dst)->sin6_flowinfo = htonl(label + 1);
	TST_EXP_FAIL(sendto(s, "f", 1, 0, (struct sockaddr *)&dst,
			    sizeof(struct sockaddr_in6)), EINVAL,
		     "IPV6_FLOWINFO_SEND with label 0x%x not leased",
		     label + 1);
	((struct sockaddr_in6 *)&dst)->sin6_flowinfo = htonl(label);

	setint(r, SOL_IPV6, IPV6_FLOWINFO, 1);
	TST_EXP_EQ_LI(sendto(s, "f", 1, 0, (struct sockaddr *)&dst,
			     sizeof(struct sockaddr_in6)), 1);
	net_wait(r, POLLIN);
	if (recvmsg(r, &mh, MSG_DONTWAIT) != 1) {
		tst_res(TFAIL | TERRNO, "no datagram with the flow label");
	} else {
		for (cm = CMSG_FIRSTHDR(&mh); cm; cm = CMSG_NXTHDR(&mh, cm)) {
			if (cm->cmsg_level == SOL_IPV6 &&
			    cm->cmsg_type == IPV6_FLOWINFO) {
				memcpy(&got, CMSG_DATA(cm), 4);
				found = 1;
			}
		}
		if (!found)
			tst_res(TFAIL, "no IPV6_FLOWINFO control message");
		else
			NET_EXP_EQ(ntohl(got), label,
				   "flow info on the wire (class 0, label)");
	}
	close(r);
	close(s);
	close(o);
}

static void run(void)
{
	mapped(0);
	mapped(1);
	mapped_udp(0);
	mapped_udp(1);
	linklocal();
	flowlabel();
}

static void setup(void)
{
	struct in6_addr ll;

	net_hosts_setup();
	net_sysctl(NET_A, "net/ipv6/flowlabel_state_ranges", "1");
	net_enter(NET_A);
	inet_pton(AF_INET6, "fe80::a", &ll);
	RTNL_SAFE(rtnl_addr_add(rtnl_ifindex("net0"), AF_INET6, &ll, 64,
				IFA_F_NODAD));
	net_enter(NET_B);
	inet_pton(AF_INET6, "fe80::b", &ll);
	RTNL_SAFE(rtnl_addr_add(rtnl_ifindex("net0"), AF_INET6, &ll, 64,
				IFA_F_NODAD));
	net_enter(NET_A);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.timeout = 60,
};
