// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * IPv6 temporary addresses (RFC 4941) made for an address added with
 * IFA_F_MANAGETEMPADDR, in the local host (accept_dad 0: the test is
 * not about DAD):
 * - a new namespace has use_tempaddr 0, temp_prefered_lft 86400 and
 *   temp_valid_lft 604800 on net0;
 * - IFA_F_MANAGETEMPADDR with a /48 is EINVAL;
 * - with use_tempaddr 0 the managed address gets no temporary address;
 * - with 2: exactly one IFA_F_TEMPORARY address, in the same /64, not
 *   the managed one, no longer tentative within a bound (its DAD work
 *   ends without probes), valid lifetime at most 604800 and
 *   preferred at most 86400 and no less than 86400 - 600 (the desync
 *   factor) - 5 s; the managed address reads back IFA_F_MANAGETEMPADDR;
 *   a connected UDP socket takes the temporary address as source and the
 *   remote host receives a datagram from it; IPV6_PREFER_SRC_PUBLIC
 *   gives a public source;
 * - with 1: a public source, IPV6_PREFER_SRC_TMP the temporary one;
 *   IPV6_ADDR_PREFERENCES with both PUBLIC and TMP is EINVAL;
 * - deleting the managed address deletes its temporary address.
 */
#include <linux/in6.h>
#include "tst_test.h"
#include "net_hosts.h"

#ifndef IPV6_ADDR_PREFERENCES
# define IPV6_ADDR_PREFERENCES 72
#endif
#ifndef IPV6_PREFER_SRC_TMP
# define IPV6_PREFER_SRC_TMP 0x0001
# define IPV6_PREFER_SRC_PUBLIC 0x0002
#endif

#define MANAGED "fd99:1::10"

struct a6 {
	unsigned char addr[16];
	unsigned int flags;
	uint32_t pref, valid;
	int plen;
};

struct a6_list {
	int n, ifindex;
	struct a6 a[16];
};

static void a6_cb(struct nlmsghdr *nh, void *priv)
{
	struct a6_list *l = priv;
	struct ifaddrmsg *ifa = NLMSG_DATA(nh);
	struct rtattr *rta;
	struct a6 *e;

	if (nh->nlmsg_type != RTM_NEWADDR || ifa->ifa_family != AF_INET6 ||
	    (int)ifa->ifa_index != l->ifindex || l->n >= 16)
		return;
	e = &l->a[l->n++];
	memset(e, 0, sizeof(*e));
	e->plen = ifa->ifa_prefixlen;
	e->flags = ifa->ifa_flags;
	rta = rtnl_attr(nh, sizeof(*ifa), IFA_FLAGS);
	if (rta)
		e->flags = *(uint32_t *)RTA_DATA(rta);
	rta = rtnl_attr(nh, sizeof(*ifa), IFA_ADDRESS);
	if (rta && RTA_PAYLOAD(rta) == 16)
		memcpy(e->addr, RTA_DATA(rta), 16);
	rta = rtnl_attr(nh, sizeof(*ifa), IFA_CACHEINFO);
	if (rta) {
		struct ifa_cacheinfo *ci = RTA_DATA(rta);

		e->pref = ci->ifa_prefered;
		e->valid = ci->ifa_valid;
	}
}

/* The IPv6 addresses of the local net0. */
static void addrs(struct a6_list *l)
{
	static struct rtnl_msg m;
	struct ifaddrmsg ifa = { .ifa_family = AF_INET6 };

	net_enter(NET_A);
	memset(l, 0, sizeof(*l));
	l->ifindex = rtnl_ifindex("net0");
	rtnl_msg_init(&m, RTM_GETADDR, NLM_F_DUMP, &ifa, sizeof(ifa));
	RTNL_SAFE(rtnl_talk_cb(&m, a6_cb, l));
}

/* The temporary addresses in l: count, *t the last. */
static int temps(const struct a6_list *l, const struct a6 **t)
{
	int i, n = 0;

	for (i = 0; i < l->n; i++) {
		if (l->a[i].flags & IFA_F_TEMPORARY) {
			*t = &l->a[i];
			n++;
		}
	}
	return n;
}

static int managed(unsigned int flags)
{
	struct in6_addr a;

	inet_pton(AF_INET6, MANAGED, &a);
	net_enter(NET_A);
	return rtnl_addr_add(rtnl_ifindex("net0"), AF_INET6, &a, 64, flags);
}

static void managed_del(void)
{
	struct in6_addr a;

	inet_pton(AF_INET6, MANAGED, &a);
	net_enter(NET_A);
	RTNL_SAFE(rtnl_addr_del(rtnl_ifindex("net0"), AF_INET6, &a, 64));
}

/* The source a new UDP socket with prefs (0: none) takes to the remote. */
static void source(int prefs, struct sockaddr_in6 *src, int keep, int *fdp)
{
	struct sockaddr_storage ss;
	socklen_t len = sizeof(*src);
	int fd = net_socket(NET_A, AF_INET6, SOCK_DGRAM);

	net_addr(NET_B, AF_INET6, 9, &ss);
	if (prefs && setsockopt(fd, IPPROTO_IPV6, IPV6_ADDR_PREFERENCES,
				&prefs, sizeof(prefs)))
		tst_brk(TBROK | TERRNO, "IPV6_ADDR_PREFERENCES 0x%x", prefs);
	if (connect(fd, (struct sockaddr *)&ss, sizeof(struct sockaddr_in6)) ||
	    getsockname(fd, (struct sockaddr *)src, &len))
		tst_brk(TBROK | TERRNO, "connect()/getsockname()");
	if (keep)
		*fdp = fd;
	else
		close(fd);
}

static const char *ntop6(const void *a, char *buf)
{
	return inet_ntop(AF_INET6, a, buf, INET6_ADDRSTRLEN);
}

static void run(void)
{
	const struct a6 *t = NULL;
	struct a6 tmp;
	struct a6_list l;
	struct sockaddr_in6 src, from;
	struct sockaddr_storage ss;
	unsigned char pfx[16];
	char b1[INET6_ADDRSTRLEN], b2[INET6_ADDRSTRLEN], v[32];
	socklen_t flen = sizeof(from);
	int i, n, ok, cfd, rfd, both;

	net_sysctl_read(NET_A, "net/ipv6/conf/net0/use_tempaddr", v, sizeof(v));
	net_sysctl(NET_A, "net/ipv6/conf/net0/use_tempaddr", "0");
	if (!strcmp(v, "0"))
		tst_res(TPASS, "use_tempaddr 0 in a new namespace");
	else
		tst_res(TFAIL, "use_tempaddr '%s' in a new namespace", v);
	net_sysctl_read(NET_A, "net/ipv6/conf/net0/temp_prefered_lft", v,
			sizeof(v));
	NET_EXP_EQ(atoi(v), 86400, "temp_prefered_lft");
	net_sysctl_read(NET_A, "net/ipv6/conf/net0/temp_valid_lft", v,
			sizeof(v));
	NET_EXP_EQ(atoi(v), 604800, "temp_valid_lft");

	{
		struct in6_addr a;

		inet_pton(AF_INET6, MANAGED, &a);
		TST_EXP_EQ_LI(rtnl_addr_add(rtnl_ifindex("net0"), AF_INET6,
					    &a, 48, IFA_F_MANAGETEMPADDR),
			      -EINVAL);
	}

	RTNL_SAFE(managed(IFA_F_MANAGETEMPADDR));
	addrs(&l);
	NET_EXP_EQ(temps(&l, &t), 0, "temporary addresses with use_tempaddr 0");
	managed_del();

	net_sysctl(NET_A, "net/ipv6/conf/net0/use_tempaddr", "2");
	RTNL_SAFE(managed(IFA_F_MANAGETEMPADDR));
	addrs(&l);
	n = temps(&l, &t);
	NET_EXP_EQ(n, 1, "temporary addresses with use_tempaddr 2");
	if (n != 1)
		goto out;
	tmp = *t;
	inet_pton(AF_INET6, MANAGED, pfx);
	ok = !memcmp(tmp.addr, pfx, 8) && memcmp(tmp.addr, pfx, 16) &&
	     tmp.plen == 64;
	tst_res(ok ? TPASS : TFAIL, "temporary %s/%d: in %s/64, not that address",
		ntop6(tmp.addr, b1), tmp.plen, MANAGED);
	/*
	 * It is made tentative and its DAD work, queued, ends at once
	 * without a probe under accept_dad 0: wait (bounded) for that.
	 */
	{
		long long end = tst_mono_ms() + net_ms(10000);

		while ((tmp.flags & IFA_F_TENTATIVE) && tst_mono_ms() < end) {
			usleep(1000);
			addrs(&l);
			if (temps(&l, &t) == 1 && !memcmp(t->addr, tmp.addr, 16))
				tmp.flags = t->flags;
		}
		tst_res(tmp.flags & IFA_F_TENTATIVE ? TFAIL : TPASS,
			"temporary address flags 0x%x: no longer tentative within %d ms",
			tmp.flags, net_ms(10000));
	}
	if (tmp.valid <= 604800 && tmp.valid + 5 >= 604800 &&
	    tmp.pref <= 86400 && tmp.pref + 600 + 5 >= 86400)
		tst_res(TPASS, "lifetimes: valid %u, preferred %u", tmp.valid,
			tmp.pref);
	else
		tst_res(TFAIL, "lifetimes: valid %u (604800), preferred %u (86400 - up to 600)",
			tmp.valid, tmp.pref);
	for (i = 0, ok = 0; i < l.n; i++)
		if (!memcmp(l.a[i].addr, pfx, 16))
			ok = !!(l.a[i].flags & IFA_F_MANAGETEMPADDR);
	tst_res(ok ? TPASS : TFAIL, "%s reads back IFA_F_MANAGETEMPADDR",
		MANAGED);

	/* the remote's answers are not needed: only its reception */
	rfd = net_socket(NET_B, AF_INET6, SOCK_DGRAM);
	net_addr(NET_B, AF_INET6, 9, &ss);
	if (bind(rfd, (struct sockaddr *)&ss, sizeof(struct sockaddr_in6)))
		tst_brk(TBROK | TERRNO, "bind() in the remote host");
	source(0, &src, 1, &cfd);
	if (!memcmp(&src.sin6_addr, tmp.addr, 16))
		tst_res(TPASS, "use_tempaddr 2: source %s is the temporary address",
			ntop6(&src.sin6_addr, b1));
	else
		tst_res(TFAIL, "use_tempaddr 2: source %s, expected %s",
			ntop6(&src.sin6_addr, b1), ntop6(tmp.addr, b2));
	if (send(cfd, "t", 1, 0) != 1)
		tst_brk(TBROK | TERRNO, "send()");
	net_wait(rfd, POLLIN);
	if (recvfrom(rfd, v, sizeof(v), 0, (struct sockaddr *)&from,
		     &flen) != 1)
		tst_brk(TBROK | TERRNO, "recvfrom()");
	tst_res(!memcmp(&from.sin6_addr, tmp.addr, 16) ? TPASS : TFAIL,
		"remote: datagram from %s", ntop6(&from.sin6_addr, b1));
	close(cfd);
	close(rfd);
	source(IPV6_PREFER_SRC_PUBLIC, &src, 0, NULL);
	tst_res(memcmp(&src.sin6_addr, tmp.addr, 16) &&
		!memcmp(&src.sin6_addr, pfx, 8) ? TPASS : TFAIL,
		"IPV6_PREFER_SRC_PUBLIC: source %s (not the temporary)",
		ntop6(&src.sin6_addr, b1));

	net_sysctl(NET_A, "net/ipv6/conf/net0/use_tempaddr", "1");
	source(0, &src, 0, NULL);
	tst_res(memcmp(&src.sin6_addr, tmp.addr, 16) &&
		!memcmp(&src.sin6_addr, pfx, 8) ? TPASS : TFAIL,
		"use_tempaddr 1: source %s (public)",
		ntop6(&src.sin6_addr, b1));
	source(IPV6_PREFER_SRC_TMP, &src, 0, NULL);
	tst_res(!memcmp(&src.sin6_addr, tmp.addr, 16) ? TPASS : TFAIL,
		"use_tempaddr 1, IPV6_PREFER_SRC_TMP: source %s",
		ntop6(&src.sin6_addr, b1));
	cfd = net_socket(NET_A, AF_INET6, SOCK_DGRAM);
	both = IPV6_PREFER_SRC_TMP | IPV6_PREFER_SRC_PUBLIC;
	TST_EXP_FAIL(setsockopt(cfd, IPPROTO_IPV6, IPV6_ADDR_PREFERENCES,
				&both, sizeof(both)), EINVAL,
		     "IPV6_ADDR_PREFERENCES PUBLIC | TMP");
	close(cfd);

out:
	managed_del();
	addrs(&l);
	NET_EXP_EQ(temps(&l, &t), 0,
		   "temporary addresses after deleting the managed one");
	net_sysctl(NET_A, "net/ipv6/conf/net0/use_tempaddr", "0");
}

static void setup(void)
{
	net_hosts_setup_pinned();
	/* temporary addresses usable at once: no DAD in the local host */
	net_sysctl(NET_A, "net/ipv6/conf/all/accept_dad", "0");
	net_sysctl(NET_A, "net/ipv6/conf/net0/accept_dad", "0");
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.timeout = 60,
};
