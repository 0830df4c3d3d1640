/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Two hosts in one guest for the network tests. net_hosts_setup() makes
 * two network namespaces, "local" (NET_A) and "remote" (NET_B), joined by
 * a veth pair (net0 on each side) with 10.99.1.1/24, fd99:1::1/64 and
 * 10.99.1.2/24, fd99:1::2/64 (IFA_F_NODAD, usable at once), and checks a
 * TCP connection both ways over both families before the test starts.
 * net_routed_setup() puts a router namespace (NET_R) between them:
 * A net0 10.99.1.1 -- R net0 10.99.1.254, R net1 10.99.2.254 -- B net0
 * 10.99.2.2 (fd99:1::1, fd99:1::fe, fd99:2::fe, fd99:2::2), forwarding on
 * in R, default routes in A and B through R.
 *
 * The namespaces are held only by file descriptors of the test process
 * (and the sockets and devices in them), so they die with the test
 * however it ends. The test process leaves the guest's namespace for
 * good: the guest's own network is never touched, tests run in parallel.
 * A socket stays in the namespace it was made in, so one process uses
 * sockets of both hosts; net_enter() switches where new ones are made.
 */
#ifndef NET_HOSTS_H
#define NET_HOSTS_H

#include <arpa/inet.h>
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "net_helpers.h"
#include "net_rtnl.h"

/* IF_OPER_UP (RFC 2863) of <linux/if.h>, which clashes with <net/if.h> */
#define NET_OPER_UP 6

enum { NET_A, NET_B, NET_R, NET_NHOSTS };

static int net_nsfd[NET_NHOSTS] = { -1, -1, -1 };
static int net_cur = -1;
static int net_routed;
static const char *const net_hname[] = { "local", "remote", "router" };

/* Compare two integers with a description of what they are. */
#define NET_EXP_EQ(A, B, desc) do { \
	long long net_a_ = (long long)(A), net_b_ = (long long)(B); \
	tst_res(net_a_ == net_b_ ? TPASS : TFAIL, "%s: %lld%s%lld", (desc), \
		net_a_, net_a_ == net_b_ ? " == " : ", expected ", net_b_); \
} while (0)

static inline int net_ms(int ms)
{
	return ms * tst_timeout_mul();
}

static inline void net_enter(int h)
{
	if (net_cur == h)
		return;
	if (setns(net_nsfd[h], CLONE_NEWNET))
		tst_brk(TBROK | TERRNO, "setns(%s)", net_hname[h]);
	net_cur = h;
}

/* A new namespace: the caller is in it afterwards; lo is up. */
static inline int net_ns_new(int h)
{
	if (unshare(CLONE_NEWNET)) {
		if (errno == EINVAL)
			tst_brk(TCONF | TERRNO, "no network namespaces");
		tst_brk(TBROK | TERRNO, "unshare(CLONE_NEWNET)");
	}
	net_nsfd[h] = open("/proc/self/ns/net", O_RDONLY | O_CLOEXEC);
	if (net_nsfd[h] < 0)
		tst_brk(TBROK | TERRNO, "open(/proc/self/ns/net)");
	net_cur = h;
	RTNL_SAFE(rtnl_link_up(rtnl_ifindex("lo")));
	return net_nsfd[h];
}

/* The socket address of host (a numeric IPv4 or IPv6 string) and port. */
static inline socklen_t net_sockaddr(int family, const char *host,
				     unsigned short port,
				     struct sockaddr_storage *ss)
{
	memset(ss, 0, sizeof(*ss));
	ss->ss_family = family;
	if (family == AF_INET) {
		struct sockaddr_in *sin = (struct sockaddr_in *)ss;

		sin->sin_port = htons(port);
		inet_pton(AF_INET, host, &sin->sin_addr);
		return sizeof(*sin);
	}
	((struct sockaddr_in6 *)ss)->sin6_port = htons(port);
	inet_pton(AF_INET6, host, &((struct sockaddr_in6 *)ss)->sin6_addr);
	return sizeof(struct sockaddr_in6);
}

/* Host h's address on its link towards the other side, with port. */
static inline socklen_t net_addr(int h, int family, unsigned short port,
				 struct sockaddr_storage *ss)
{
	int net = (h == NET_B && net_routed) ? 2 : 1;
	int host = h == NET_A ? 1 : h == NET_B ? 2 : 254;
	char buf[64];

	if (family == AF_INET)
		snprintf(buf, sizeof(buf), "10.99.%d.%d", net, host);
	else
		snprintf(buf, sizeof(buf), "fd99:%d::%x", net, host);
	return net_sockaddr(family, buf, port, ss);
}

/* A pointer to the raw address inside ss. */
static inline void *net_rawaddr(struct sockaddr_storage *ss)
{
	if (ss->ss_family == AF_INET)
		return &((struct sockaddr_in *)ss)->sin_addr;
	return &((struct sockaddr_in6 *)ss)->sin6_addr;
}

static inline unsigned short net_port(const struct sockaddr_storage *ss)
{
	return ntohs(((const struct sockaddr_in *)ss)->sin_port);
}

/* An address in text: a static buffer per call site is the caller's. */
static inline const char *net_ntop(const struct sockaddr_storage *ss,
				   char *buf, size_t len)
{
	const void *a = ss->ss_family == AF_INET ?
		(const void *)&((const struct sockaddr_in *)ss)->sin_addr :
		(const void *)&((const struct sockaddr_in6 *)ss)->sin6_addr;

	return inet_ntop(ss->ss_family, a, buf, len);
}

/* Give the link ifname of the current host address .host of net. */
static inline void net_addrs(const char *ifname, int net, int host)
{
	struct sockaddr_storage ss;
	char buf[64];
	int idx = rtnl_ifindex(ifname);

	snprintf(buf, sizeof(buf), "10.99.%d.%d", net, host);
	inet_pton(AF_INET, buf, &((struct sockaddr_in *)&ss)->sin_addr);
	RTNL_SAFE(rtnl_addr_add(idx, AF_INET,
				&((struct sockaddr_in *)&ss)->sin_addr, 24, 0));
	snprintf(buf, sizeof(buf), "fd99:%d::%x", net, host);
	inet_pton(AF_INET6, buf, &((struct sockaddr_in6 *)&ss)->sin6_addr);
	RTNL_SAFE(rtnl_addr_add(idx, AF_INET6,
				&((struct sockaddr_in6 *)&ss)->sin6_addr, 64,
				IFA_F_NODAD));
}

/* Write val to /proc/sys/path as seen from host h. */
static inline void net_sysctl(int h, const char *path, const char *val)
{
	char p[256];
	int fd;

	net_enter(h);
	snprintf(p, sizeof(p), "/proc/sys/%s", path);
	fd = open(p, O_WRONLY);
	if (fd < 0)
		tst_brk(TBROK | TERRNO, "open(%s) in %s", p, net_hname[h]);
	if (write(fd, val, strlen(val)) != (ssize_t)strlen(val))
		tst_brk(TBROK | TERRNO, "write(%s, %s)", p, val);
	close(fd);
}

static inline void net_sysctl_read(int h, const char *path, char *buf,
				   size_t len)
{
	char p[256];
	ssize_t n;
	int fd;

	net_enter(h);
	snprintf(p, sizeof(p), "/proc/sys/%s", path);
	fd = open(p, O_RDONLY);
	if (fd < 0)
		tst_brk(TBROK | TERRNO, "open(%s) in %s", p, net_hname[h]);
	n = read(fd, buf, len - 1);
	if (n < 0)
		tst_brk(TBROK | TERRNO, "read(%s)", p);
	buf[n] = 0;
	if (n && buf[n - 1] == '\n')
		buf[n - 1] = 0;
	close(fd);
}

/* poll() for events with a bound of ms (scaled): revents, 0 on timeout. */
static inline short net_poll(int fd, short events, int ms)
{
	struct pollfd pfd = { .fd = fd, .events = events };
	int ret = poll(&pfd, 1, net_ms(ms));

	if (ret < 0)
		tst_brk(TBROK | TERRNO, "poll()");
	return ret ? pfd.revents : 0;
}

/*
 * The datagram of size bytes just sent to r: waited for up to 10 s
 * (scaled) and compared whole. TPASS and 1 when it arrived unchanged,
 * TFAIL naming what and 0 when it did not come or differs.
 */
static inline int net_expect_datagram(int r, const void *sent, size_t size,
				      const char *what)
{
	static unsigned char got[65536];
	ssize_t n;

	if (!net_poll(r, POLLIN, 10000)) {
		tst_res(TFAIL, "%s: no datagram of %zu bytes came", what, size);
		return 0;
	}
	n = recv(r, got, sizeof(got), MSG_DONTWAIT);
	if (n != (ssize_t)size || memcmp(got, sent, size)) {
		tst_res(TFAIL, "%s: received %zd bytes, expected %zu intact",
			what, n, size);
		return 0;
	}
	tst_res(TPASS, "%s: %zu byte datagram arrived intact", what, size);
	return 1;
}

/* net_poll() that TBROKs when nothing came in 30 s (scaled). */
static inline short net_wait(int fd, short events)
{
	short rev = net_poll(fd, events, 30000);

	if (!rev)
		tst_brk(TBROK, "fd %d: no event 0x%x in %d ms", fd, events,
			net_ms(30000));
	return rev;
}

/* A socket of type made in host h (the caller stays in h). */
static inline int net_socket(int h, int family, int type)
{
	int fd;

	net_enter(h);
	fd = socket(family, type, 0);
	if (fd < 0)
		tst_brk(TBROK | TERRNO, "socket(%d, %d) in %s", family, type,
			net_hname[h]);
	return fd;
}

/* A socket of type in host h bound to its address and a kernel port. */
static inline int net_bound(int h, int family, int type,
			    struct sockaddr_storage *ss)
{
	int fd = net_socket(h, family, type);
	struct sockaddr_storage tmp;
	socklen_t len = net_addr(h, family, 0, ss ? ss : &tmp);

	if (!ss)
		ss = &tmp;
	if (bind(fd, (struct sockaddr *)ss, len))
		tst_brk(TBROK | TERRNO, "bind() in %s", net_hname[h]);
	if (getsockname(fd, (struct sockaddr *)ss, &len))
		tst_brk(TBROK | TERRNO, "getsockname()");
	return fd;
}

static inline int net_listener(int h, int family,
			       struct sockaddr_storage *ss)
{
	int fd = net_bound(h, family, SOCK_STREAM, ss);

	if (listen(fd, 128))
		tst_brk(TBROK | TERRNO, "listen()");
	return fd;
}

static inline void net_set_nonblock(int fd, int on)
{
	int fl = fcntl(fd, F_GETFL);

	if (fl < 0 || fcntl(fd, F_SETFL, on ? fl | O_NONBLOCK :
			    fl & ~O_NONBLOCK))
		tst_brk(TBROK | TERRNO, "fcntl(O_NONBLOCK)");
}

/*
 * connect() fd to ss, bounded: 0 or the errno the connection ended
 * with (ECONNREFUSED ...); ETIMEDOUT when nothing happened in time.
 * fd is left blocking.
 */
static inline int net_connect_fd(int fd, const struct sockaddr_storage *ss)
{
	socklen_t len = ss->ss_family == AF_INET ?
		sizeof(struct sockaddr_in) : sizeof(struct sockaddr_in6);
	int err = 0;
	socklen_t elen = sizeof(err);

	net_set_nonblock(fd, 1);
	if (connect(fd, (const struct sockaddr *)ss, len)) {
		if (errno != EINPROGRESS)
			return errno;
		if (!net_poll(fd, POLLOUT, 30000))
			return ETIMEDOUT;
		if (getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &elen))
			tst_brk(TBROK | TERRNO, "getsockopt(SO_ERROR)");
	}
	net_set_nonblock(fd, 0);
	return err;
}

/* A TCP connection from host h to ss; TBROK unless it is established. */
static inline int net_connect(int h, const struct sockaddr_storage *ss)
{
	int fd = net_socket(h, ss->ss_family, SOCK_STREAM);
	int err = net_connect_fd(fd, ss);
	char buf[64];

	if (err) {
		errno = err;
		tst_brk(TBROK | TERRNO, "connect() from %s to %s port %u",
			net_hname[h], net_ntop(ss, buf, sizeof(buf)),
			net_port(ss));
	}
	return fd;
}

/* accept() once the listener has a connection (bounded). */
static inline int net_accept(int lfd)
{
	int fd;

	net_wait(lfd, POLLIN);
	fd = accept(lfd, NULL, NULL);
	if (fd < 0)
		tst_brk(TBROK | TERRNO, "accept()");
	return fd;
}

/* An established TCP pair: *cfd in from, *sfd in to. */
static inline void net_tcp_pair(int from, int to, int family, int *cfd,
				int *sfd)
{
	struct sockaddr_storage ss;
	int lfd = net_listener(to, family, &ss);

	*cfd = net_connect(from, &ss);
	*sfd = net_accept(lfd);
	close(lfd);
}

/* Write all of buf, each write after POLLOUT (bounded): 0 or errno. */
static inline int net_write_all(int fd, const void *buf, size_t len)
{
	const char *p = buf;

	while (len) {
		ssize_t n;

		if (!net_poll(fd, POLLOUT, 30000))
			return ETIMEDOUT;
		n = write(fd, p, len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return errno;
		p += n;
		len -= n;
	}
	return 0;
}

/* Read exactly len bytes (bounded per read): bytes read; -1 errno. */
static inline ssize_t net_read_all(int fd, void *buf, size_t len)
{
	char *p = buf;
	size_t got = 0;

	while (got < len) {
		ssize_t n;

		if (!net_poll(fd, POLLIN, 30000)) {
			errno = ETIMEDOUT;
			return -1;
		}
		n = read(fd, p + got, len - got);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -1;
		if (!n)
			break;
		got += n;
	}
	return got;
}

/* Both directions over both families, or TBROK. */
static inline void net_check_tcp(int a, int b)
{
	int fams[] = { AF_INET, AF_INET6 }, i, dir;
	char c;

	for (i = 0; i < 2; i++) {
		for (dir = 0; dir < 2; dir++) {
			int cfd, sfd;

			net_tcp_pair(dir ? b : a, dir ? a : b, fams[i], &cfd,
				     &sfd);
			if (net_write_all(cfd, "x", 1) ||
			    net_read_all(sfd, &c, 1) != 1 || c != 'x')
				tst_brk(TBROK, "no data %s -> %s (%s)",
					net_hname[dir ? b : a],
					net_hname[dir ? a : b],
					fams[i] == AF_INET ? "IPv4" : "IPv6");
			close(cfd);
			close(sfd);
		}
	}
}

/*
 * Wait (bounded) until link ifname of host h is operationally up: the
 * link watch, which turns a new carrier into that state, also swaps
 * the noop qdisc for the real one, and until then everything sent on
 * the link is dropped. Under load that can outlast the three neighbour
 * probes of a first connect, which then fails with EHOSTUNREACH.
 */
static inline void net_wait_oper_up(int h, const char *ifname)
{
	long long end = tst_mono_ms() + net_ms(10000);
	struct rtnl_link_info li;

	net_enter(h);
	for (;;) {
		RTNL_SAFE(rtnl_link_get(0, ifname, &li));
		if (li.operstate == NET_OPER_UP)
			return;
		if (tst_mono_ms() > end)
			tst_brk(TBROK, "%s of %s not operationally up (state %d) after %d ms",
				ifname, net_hname[h], li.operstate,
				net_ms(10000));
		usleep(1000);
	}
}

/* The two hosts; the process is left in NET_A. */
static inline void net_hosts_setup(void)
{
	net_ns_new(NET_B);
	net_ns_new(NET_A);
	RTNL_SAFE(rtnl_veth_add("net0", "net0", net_nsfd[NET_B]));
	RTNL_SAFE(rtnl_link_up(rtnl_ifindex("net0")));
	net_addrs("net0", 1, 1);
	net_enter(NET_B);
	RTNL_SAFE(rtnl_link_up(rtnl_ifindex("net0")));
	net_addrs("net0", 1, 2);
	net_wait_oper_up(NET_A, "net0");
	net_wait_oper_up(NET_B, "net0");
	net_check_tcp(NET_A, NET_B);
	net_enter(NET_A);
}

/*
 * A second address of the remote host on net0: 10.99.1.3/24 and
 * fd99:1::3/64 (no DAD); the process is left in NET_B.
 */
static inline void net_remote_second_addrs(void)
{
	struct in_addr a4;
	struct in6_addr a6;
	int idx;

	net_enter(NET_B);
	idx = rtnl_ifindex("net0");
	inet_pton(AF_INET, "10.99.1.3", &a4);
	inet_pton(AF_INET6, "fd99:1::3", &a6);
	RTNL_SAFE(rtnl_addr_add(idx, AF_INET, &a4, 24, 0));
	RTNL_SAFE(rtnl_addr_add(idx, AF_INET6, &a6, 64, IFA_F_NODAD));
}

/* Default routes of the current host through gw .254 of net. */
static inline void net_default_via(int net)
{
	struct sockaddr_storage ss;
	char buf[64];

	snprintf(buf, sizeof(buf), "10.99.%d.254", net);
	inet_pton(AF_INET, buf, &((struct sockaddr_in *)&ss)->sin_addr);
	RTNL_SAFE(rtnl_route_add(AF_INET, NULL, 0,
				 &((struct sockaddr_in *)&ss)->sin_addr, 0, 0));
	snprintf(buf, sizeof(buf), "fd99:%d::fe", net);
	inet_pton(AF_INET6, buf, &((struct sockaddr_in6 *)&ss)->sin6_addr);
	RTNL_SAFE(rtnl_route_add(AF_INET6, NULL, 0,
				 &((struct sockaddr_in6 *)&ss)->sin6_addr, 0,
				 0));
}

/*
 * A PERMANENT neighbour entry in host h, on dev, for .host of net, with
 * the MAC of peer_dev in host peer: the routed tests are not about
 * neighbour discovery, and under load (TCG, a CPU hog) three probes a
 * second apart can all time out before the answer is processed, which
 * fails a forwarded connect with EHOSTUNREACH.
 */
static inline void net_neigh_pin(int h, const char *dev, int peer,
				 const char *peer_dev, int net, int host)
{
	struct rtnl_link_info li;
	struct in6_addr a6;
	struct in_addr a4;
	char buf[64];
	int idx;

	net_enter(peer);
	RTNL_SAFE(rtnl_link_get(0, peer_dev, &li));
	if (li.addrlen != 6)
		tst_brk(TBROK, "%s of %s has no MAC", peer_dev,
			net_hname[peer]);
	net_enter(h);
	idx = rtnl_ifindex(dev);
	snprintf(buf, sizeof(buf), "10.99.%d.%d", net, host);
	inet_pton(AF_INET, buf, &a4);
	RTNL_SAFE(rtnl_neigh_add(idx, AF_INET, &a4, li.addr, NUD_PERMANENT));
	snprintf(buf, sizeof(buf), "fd99:%d::%x", net, host);
	inet_pton(AF_INET6, buf, &a6);
	RTNL_SAFE(rtnl_neigh_add(idx, AF_INET6, &a6, li.addr, NUD_PERMANENT));
}

/*
 * net_hosts_setup() with each host's neighbour entry for the other
 * PERMANENT, for tests that are not about neighbour discovery: no probe
 * lost under load fails a send, and nothing sent while the link is down
 * waits in the queue of an entry the carrier loss flushed, to arrive
 * once the link is back. Ends in the local host.
 */
static inline void net_hosts_setup_pinned(void)
{
	net_hosts_setup();
	net_neigh_pin(NET_A, "net0", NET_B, "net0", 1, 2);
	net_neigh_pin(NET_B, "net0", NET_A, "net0", 1, 1);
	net_enter(NET_A);
}

/* A socket of the current host that gets its link notifications. */
static inline int net_link_events(void)
{
	int fd = rtnl_socket(), grp = RTNLGRP_LINK;

	if (setsockopt(fd, SOL_NETLINK, NETLINK_ADD_MEMBERSHIP, &grp,
		       sizeof(grp)))
		tst_brk(TBROK | TERRNO, "NETLINK_ADD_MEMBERSHIP(RTNLGRP_LINK)");
	return fd;
}

/*
 * Bounded wait, on a net_link_events() socket opened before the change,
 * for the notification that link ifindex is (up) or is no longer (!up)
 * operationally up. The link watch sends it once it has applied a carrier
 * change: the qdisc swapped for noop (or back), which decides whether
 * the device still drops what is sent to it (NET_XMIT_DROP from a veth
 * whose peer is down) or takes it quietly.
 */
static inline void net_wait_link_oper(int fd, int ifindex, int up)
{
	static char buf[32768];
	long long end = tst_mono_ms() + net_ms(10000);
	struct nlmsghdr *nh;
	struct rtattr *rta;
	ssize_t n;

	for (;;) {
		if (!(net_poll(fd, POLLIN, (int)(end - tst_mono_ms())) &
		      POLLIN))
			tst_brk(TBROK, "no notification that link %d is %s in %d ms",
				ifindex, up ? "up" : "down", net_ms(10000));
		n = recv(fd, buf, sizeof(buf), 0);
		if (n < 0)
			tst_brk(TBROK | TERRNO, "recv(RTNLGRP_LINK)");
		for (nh = (struct nlmsghdr *)buf; NLMSG_OK(nh, n);
		     nh = NLMSG_NEXT(nh, n)) {
			struct ifinfomsg *ifi = NLMSG_DATA(nh);

			if (nh->nlmsg_type != RTM_NEWLINK ||
			    ifi->ifi_index != ifindex)
				continue;
			rta = rtnl_attr(nh, sizeof(*ifi), IFLA_OPERSTATE);
			if (rta && (*(unsigned char *)RTA_DATA(rta) ==
				    NET_OPER_UP) == !!up)
				return;
		}
	}
}

/* IPv4 helpers of the layer 2 tests, in the current host. */
static inline void net_ipv4(const char *s, struct in_addr *a)
{
	if (inet_pton(AF_INET, s, a) != 1)
		tst_brk(TBROK, "inet_pton(%s)", s);
}

/* A PERMANENT IPv4 neighbour entry: no ARP in tests not about it. */
static inline void net_pin4(const char *dev, const char *ip,
			    const unsigned char *mac)
{
	struct in_addr a;

	net_ipv4(ip, &a);
	RTNL_SAFE(rtnl_neigh_add(rtnl_ifindex(dev), AF_INET, &a, mac,
				 NUD_PERMANENT));
}

/* ip/24 on dev. */
static inline void net_addr4(const char *dev, const char *ip)
{
	struct in_addr a;

	net_ipv4(ip, &a);
	RTNL_SAFE(rtnl_addr_add(rtnl_ifindex(dev), AF_INET, &a, 24, 0));
}

static inline void net_mac_of(const char *dev, unsigned char *mac)
{
	struct rtnl_link_info li;

	RTNL_SAFE(rtnl_link_get(0, dev, &li));
	memcpy(mac, li.addr, 6);
}

/*
 * Bridge "br0" in the current host with the links "pa" and "pb" as its
 * ports, all up (TCONF without bridge support); their indexes.
 */
static inline void net_bridge_pa_pb(int *br, int *pa, int *pb)
{
	int ret = rtnl_link_add("br0", "bridge");

	if (ret == -EOPNOTSUPP)
		tst_brk(TCONF, "no bridge support (module missing)");
	RTNL_SAFE(ret);
	*br = rtnl_ifindex("br0");
	*pa = rtnl_ifindex("pa");
	*pb = rtnl_ifindex("pb");
	RTNL_SAFE(rtnl_link_master(*pa, *br));
	RTNL_SAFE(rtnl_link_master(*pb, *br));
	RTNL_SAFE(rtnl_link_up(*pa));
	RTNL_SAFE(rtnl_link_up(*pb));
	RTNL_SAFE(rtnl_link_up(*br));
}

/* Bridge port option of port in NET_R, where the bridge tests' bridge is. */
static inline int net_brport_set(int port, int type, int val)
{
	net_enter(NET_R);
	return rtnl_brport_set(port, type, val);
}

/*
 * An attribute of the IFLA_INFO_DATA or IFLA_INFO_SLAVE_DATA (info) of a
 * link in NET_R, as a number; -1 when the kernel does not report it.
 */
static inline long long net_r_link_attr(int ifindex, int info, int type)
{
	long long val;

	net_enter(NET_R);
	RTNL_SAFE(rtnl_link_info_attr(ifindex, info, type, &val));
	return val;
}

/* A one-byte UDP datagram, the byte tag, from fd to dst (IPv4) port. */
static inline void net_send_tag4(int fd, const char *dst, int port, char tag)
{
	struct sockaddr_in sin = { .sin_family = AF_INET,
				   .sin_port = htons(port) };

	net_ipv4(dst, &sin.sin_addr);
	if (sendto(fd, &tag, 1, 0, (struct sockaddr *)&sin, sizeof(sin)) != 1)
		tst_brk(TBROK | TERRNO, "sendto(%s)", dst);
}

/*
 * Read datagrams from fd until one whose first byte is stop (TBROK after
 * 10 s, scaled): how many of those before it began with tag. A sentinel
 * sent after the datagrams under test bounds the count without a sleep.
 */
static inline int net_count_tags_until(int fd, char tag, char stop)
{
	long long end = tst_mono_ms() + net_ms(10000);
	int n = 0;
	char c;

	for (;;) {
		if (tst_mono_ms() > end)
			tst_brk(TBROK, "datagram '%c' not received in %d ms",
				stop, net_ms(10000));
		if (!net_poll(fd, POLLIN, 1000))
			continue;
		if (recv(fd, &c, 1, MSG_DONTWAIT) != 1)
			continue;
		if (c == stop)
			return n;
		n += c == tag;
	}
}

/* A UDP socket of host h bound to ip (IPv4; "0.0.0.0": any) and port. */
static inline int net_udp_rx4(int h, const char *ip, int port)
{
	struct sockaddr_in sin = { .sin_family = AF_INET,
				   .sin_port = htons(port) };
	int fd = net_socket(h, AF_INET, SOCK_DGRAM);

	net_ipv4(ip, &sin.sin_addr);
	if (bind(fd, (struct sockaddr *)&sin, sizeof(sin)))
		tst_brk(TBROK | TERRNO, "bind(%s)", ip);
	return fd;
}

/*
 * Datagrams 'x' from tx to dst (IPv4) port, one every 250 ms, until rx
 * has one (at most 60: bridge ports start forwarding and a veth gets its
 * qdisc when the link watch runs, both later than the link went up);
 * then a sentinel 'S', rx read up to it so that it starts empty. The
 * sender must be pinned (sock_pin_cpu()): one backlog keeps the order.
 */
static inline void net_udp_warmup4(int tx, const char *dst, int port, int rx)
{
	int i;

	for (i = 0; i < 60; i++) {
		net_send_tag4(tx, dst, port, 'x');
		if (net_poll(rx, POLLIN, 250))
			break;
	}
	if (i == 60)
		tst_brk(TBROK, "no datagram to %s arrived in 60 tries", dst);
	net_send_tag4(tx, dst, port, 'S');
	net_count_tags_until(rx, 0, 'S');
}

/*
 * The three hosts, without links yet. ipv6 0: IPv6 off in each (no
 * router solicitations, DAD or MLD reports among the frames a test
 * counts); 1: IPv6 on without DAD (accept_dad 0), so the link-local
 * addresses the kernel gives new links are usable at once (an MLD
 * report is sent from a link-local address, an NS to a tentative one
 * is not answered).
 */
static inline void net_three_hosts(int ipv6)
{
	int i;

	net_ns_new(NET_B);
	net_ns_new(NET_R);
	net_ns_new(NET_A);
	for (i = 0; i < NET_NHOSTS; i++) {
		if (ipv6) {
			net_sysctl(i, "net/ipv6/conf/all/accept_dad", "0");
			net_sysctl(i, "net/ipv6/conf/default/accept_dad", "0");
			continue;
		}
		net_sysctl(i, "net/ipv6/conf/all/disable_ipv6", "1");
		net_sysctl(i, "net/ipv6/conf/default/disable_ipv6", "1");
	}
}

static inline void net_three_hosts_ipv4_only(void)
{
	net_three_hosts(0);
}

/*
 * A -- R -- B at layer 2, IPv6 off in all three (no router solicitation
 * or MLD report to miscount): A's net0 (up, 10.99.1.1, its MAC in mac_a)
 * is joined to R's "pa", R's "pb" to B's net0. The process is left in
 * NET_R, where the caller joins pa and pb (a bridge, mostly).
 */
static inline void net_l2_hosts_setup(unsigned char *mac_a)
{
	net_three_hosts_ipv4_only();
	net_enter(NET_A);
	RTNL_SAFE(rtnl_veth_add("net0", "pa", net_nsfd[NET_R]));
	RTNL_SAFE(rtnl_link_up(rtnl_ifindex("net0")));
	net_addr4("net0", "10.99.1.1");
	net_mac_of("net0", mac_a);

	net_enter(NET_R);
	RTNL_SAFE(rtnl_veth_add("pb", "net0", net_nsfd[NET_B]));
}

/* A -- R -- B; the process is left in NET_A. */
static inline void net_routed_setup(void)
{
	net_routed = 1;
	net_ns_new(NET_B);
	net_ns_new(NET_R);
	net_ns_new(NET_A);
	RTNL_SAFE(rtnl_veth_add("net0", "net0", net_nsfd[NET_R]));
	RTNL_SAFE(rtnl_link_up(rtnl_ifindex("net0")));
	net_addrs("net0", 1, 1);
	net_default_via(1);

	net_enter(NET_R);
	net_sysctl(NET_R, "net/ipv4/ip_forward", "1");
	net_sysctl(NET_R, "net/ipv6/conf/all/forwarding", "1");
	RTNL_SAFE(rtnl_veth_add("net1", "net0", net_nsfd[NET_B]));
	RTNL_SAFE(rtnl_link_up(rtnl_ifindex("net0")));
	RTNL_SAFE(rtnl_link_up(rtnl_ifindex("net1")));
	net_addrs("net0", 1, 254);
	net_addrs("net1", 2, 254);

	net_enter(NET_B);
	RTNL_SAFE(rtnl_link_up(rtnl_ifindex("net0")));
	net_addrs("net0", 2, 2);
	net_default_via(2);

	net_neigh_pin(NET_A, "net0", NET_R, "net0", 1, 254);
	net_neigh_pin(NET_R, "net0", NET_A, "net0", 1, 1);
	net_neigh_pin(NET_R, "net1", NET_B, "net0", 2, 2);
	net_neigh_pin(NET_B, "net0", NET_R, "net1", 2, 254);
	net_wait_oper_up(NET_A, "net0");
	net_wait_oper_up(NET_R, "net0");
	net_wait_oper_up(NET_R, "net1");
	net_wait_oper_up(NET_B, "net0");
	net_check_tcp(NET_A, NET_B);
	net_enter(NET_A);
}

/*
 * Where the kernel has net.ipv4.tcp_syn_linear_timeouts (Debian's
 * 6.12.118), a SYN_SENT socket sends TCP_SYNCNT plus that many SYN
 * retransmissions (tcp_write_timeout()); 0 in both hosts leaves
 * TCP_SYNCNT the only bound, for tests that count the SYNs.
 */
static inline void net_syncnt_only(void)
{
	if (access("/proc/sys/net/ipv4/tcp_syn_linear_timeouts", F_OK))
		return;
	net_sysctl(NET_A, "net/ipv4/tcp_syn_linear_timeouts", "0");
	net_sysctl(NET_B, "net/ipv4/tcp_syn_linear_timeouts", "0");
	net_enter(NET_A);
}

/* A counter of /proc/net/snmp6 (e.g. "Ip6OutForwDatagrams") in h. */
static inline long long net_snmp6(int h, const char *field)
{
	net_enter(h);
	return proc_net_snmp6(field);
}

/*
 * A reading of a /proc/net counter (e.g. "Tcp:" "RetransSegs") in h;
 * file "snmp6" reads that file's own format (sect unused).
 */
static inline long long net_snmp(int h, const char *file, const char *sect,
				 const char *field)
{
	if (!strcmp(file, "snmp6"))
		return net_snmp6(h, field);
	net_enter(h);
	return proc_net_counter(file, sect, field);
}

/*
 * Wait (bounded) until that counter of h reaches min: the kernel counts
 * a packet when a softirq has handled it, after the send returned.
 * Returns the last reading.
 */
static inline long long net_wait_snmp(int h, const char *file,
				      const char *sect, const char *field,
				      long long min)
{
	long long end = tst_mono_ms() + net_ms(30000), v;

	while ((v = net_snmp(h, file, sect, field)) < min &&
	       tst_mono_ms() < end)
		usleep(1000);
	return v;
}

/*
 * Sockets of host h in TCP state st (TCP_SYN_RECV ...) in
 * /proc/net/tcp{,6}, request and time-wait sockets included; lport 0
 * counts every local port.
 */
static inline int net_tcp_count(int h, int family, int st, int lport)
{
	char line[512];
	unsigned int port, state;
	int n = 0;
	FILE *f;

	net_enter(h);
	f = fopen(family == AF_INET ? "/proc/net/tcp" : "/proc/net/tcp6", "r");
	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(/proc/net/tcp)");
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, " %*s %*[0-9A-Fa-f]:%x %*s %x", &port,
			   &state) == 2 && (int)state == st &&
		    (!lport || (int)port == lport))
			n++;
	fclose(f);
	return n;
}

/* Wait (bounded) until net_tcp_count() is n; returns the last count. */
static inline int net_tcp_wait_count(int h, int family, int st, int lport,
				     int n)
{
	long long end = tst_mono_ms() + net_ms(30000);
	int got;

	while ((got = net_tcp_count(h, family, st, lport)) != n &&
	       tst_mono_ms() < end)
		usleep(1000);
	return got;
}

#ifdef TCP_INFO
/*
 * With struct tcp_info from <netinet/tcp.h> or <linux/tcp.h>, included
 * before this file: the TCP state of fd, and a bounded wait for one
 * (returns the last state seen).
 */
static inline int net_tcp_state(int fd)
{
	struct tcp_info ti;
	socklen_t len = sizeof(ti);

	if (getsockopt(fd, IPPROTO_TCP, TCP_INFO, &ti, &len))
		tst_brk(TBROK | TERRNO, "getsockopt(TCP_INFO)");
	return ti.tcpi_state;
}

static inline int net_tcp_wait_state(int fd, int state)
{
	long long deadline = tst_mono_ms() + net_ms(30000);
	int s;

	while ((s = net_tcp_state(fd)) != state && tst_mono_ms() < deadline)
		usleep(1000);
	return s;
}
#endif

#endif /* NET_HOSTS_H */
