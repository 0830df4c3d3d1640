// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * IPv6 duplicate address detection between two namespaces:
 * - a new address without IFA_F_NODAD starts tentative: bind() to it is
 *   EADDRNOTAVAIL while the dump shows IFA_F_TENTATIVE; once DAD is over
 *   (no one answered) the flag is gone and bind() succeeds;
 * - an address the remote host already has is defended by it: the local
 *   copy ends IFA_F_DADFAILED (and stays tentative), and bind() to it
 *   stays EADDRNOTAVAIL;
 * - the remote host keeps its address: a TCP connection to it still
 *   works.
 */
#include "tst_test.h"
#include "net_hosts.h"

struct aflags {
	unsigned char addr[16];
	int found;
	unsigned int flags;
};

static void cb(const struct rtnl_addr_info *ai, void *priv)
{
	struct aflags *f = priv;

	if (ai->family == AF_INET6 && !memcmp(ai->addr, f->addr, 16)) {
		f->found = 1;
		f->flags = ai->flags;
	}
}

static unsigned int flags_of(const void *addr)
{
	struct aflags f = { .found = 0 };

	memcpy(f.addr, addr, 16);
	net_enter(NET_A);
	RTNL_SAFE(rtnl_addr_dump(AF_INET6, cb, &f));
	if (!f.found)
		tst_brk(TBROK, "address not in the dump");
	return f.flags;
}

/* Wait (bounded) until the address's flags & mask == want. */
static unsigned int wait_flags(const void *addr, unsigned int mask,
			       unsigned int want)
{
	struct timespec t0, t;
	unsigned int fl;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	while (((fl = flags_of(addr)) & mask) != want) {
		clock_gettime(CLOCK_MONOTONIC, &t);
		if ((t.tv_sec - t0.tv_sec) * 1000 > net_ms(15000))
			break;
		usleep(20000);
	}
	return fl;
}

static int try_bind(const struct sockaddr_in6 *sin6)
{
	int fd = net_socket(NET_A, AF_INET6, SOCK_DGRAM), ret, err;

	ret = bind(fd, (const struct sockaddr *)sin6, sizeof(*sin6));
	err = errno;
	close(fd);
	return ret ? err : 0;
}

static void run(void)
{
	struct sockaddr_in6 fresh = { .sin6_family = AF_INET6 };
	struct sockaddr_in6 dup = { .sin6_family = AF_INET6 };
	unsigned int fl;
	int idx, err, cfd, sfd;

	net_enter(NET_A);
	idx = rtnl_ifindex("net0");
	inet_pton(AF_INET6, "fd99:1::55", &fresh.sin6_addr);
	inet_pton(AF_INET6, "fd99:1::2", &dup.sin6_addr);

	RTNL_SAFE(rtnl_addr_add(idx, AF_INET6, &fresh.sin6_addr, 64, 0));
	err = try_bind(&fresh);
	fl = flags_of(&fresh.sin6_addr);
	if (err == EADDRNOTAVAIL && (fl & IFA_F_TENTATIVE))
		tst_res(TPASS, "tentative address: bind() EADDRNOTAVAIL");
	else if (!err && !(fl & IFA_F_TENTATIVE))
		tst_res(TINFO, "DAD was over before bind(): not checked");
	else
		tst_res(TFAIL, "bind() %s with flags 0x%x",
			err ? tst_strerrno(err) : "succeeded", fl);
	fl = wait_flags(&fresh.sin6_addr, IFA_F_TENTATIVE | IFA_F_DADFAILED,
			0);
	if (fl & (IFA_F_TENTATIVE | IFA_F_DADFAILED))
		tst_res(TFAIL, "unique address still 0x%x after DAD", fl);
	else
		tst_res(TPASS, "unique address: DAD passed, not tentative");
	err = try_bind(&fresh);
	if (err)
		tst_res(TFAIL, "bind() after DAD: %s", tst_strerrno(err));
	else
		tst_res(TPASS, "bind() after DAD succeeds");

	RTNL_SAFE(rtnl_addr_add(idx, AF_INET6, &dup.sin6_addr, 64, 0));
	fl = wait_flags(&dup.sin6_addr, IFA_F_DADFAILED, IFA_F_DADFAILED);
	if (!(fl & IFA_F_DADFAILED) || !(fl & IFA_F_TENTATIVE))
		tst_res(TFAIL, "duplicate address: flags 0x%x, expected DADFAILED | TENTATIVE",
			fl);
	else
		tst_res(TPASS, "duplicate address: IFA_F_DADFAILED");
	err = try_bind(&dup);
	if (err == EADDRNOTAVAIL)
		tst_res(TPASS, "bind() to the failed address: EADDRNOTAVAIL");
	else
		tst_res(TFAIL, "bind() to the failed address: %s",
			err ? tst_strerrno(err) : "succeeded");
	RTNL_SAFE(rtnl_addr_del(idx, AF_INET6, &dup.sin6_addr, 64));
	RTNL_SAFE(rtnl_addr_del(idx, AF_INET6, &fresh.sin6_addr, 64));

	net_tcp_pair(NET_A, NET_B, AF_INET6, &cfd, &sfd);
	tst_res(TPASS, "the remote host kept its address: TCP connects");
	close(cfd);
	close(sfd);
}

static struct tst_test test = {
	.test_all = run,
	.setup = net_hosts_setup,
	.needs_root = 1,
	.timeout = 90,
};
