// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * SO_MARK and fwmark policy routing, IPv4 and IPv6. The remote host has
 * 10.99.3.2 and fd99:3::2 on lo; the local host has host routes to
 * them only in table 100 (through the remote's net0 address), chosen
 * by a rule
 * "fwmark 0x10/0xf0 lookup 100":
 * - SO_MARK starts at 0 and reads back;
 * - unmarked, mark 0x20 (outside the mask) and mark 0x10 taken off
 *   again: sendto() and connect() ENETUNREACH; marks 0x10 and 0x1f:
 *   the datagram arrives from the local net0 address, a TCP connection
 *   carries data both ways (the SYN-ACK and data answered through the
 *   socket's marked route);
 * - a per-datagram SO_MARK control message on an unmarked socket routes
 *   that datagram only; a control message of 8 bytes is EINVAL;
 * - SO_RCVMARK: a datagram over lo inside the local host carries its
 *   sender's mark (0x1f, 0x42 from a control message) to the receiver;
 *   one that crossed into the remote namespace reads 0 (the veth clears
 *   the mark between namespaces);
 * - without CAP_NET_RAW and CAP_NET_ADMIN (user nobody): SO_MARK, also
 *   0, and the SO_MARK control message are EPERM, the mark unchanged.
 */
#include <linux/fib_rules.h>
#include "tst_test.h"
#include "net_hosts.h"
#include "as_nobody.h"

#define TABLE 100

static int fam;

static socklen_t alen(int family)
{
	return family == AF_INET ? sizeof(struct sockaddr_in) :
	       sizeof(struct sockaddr_in6);
}

/* The remote's lo address (10.99.3.2 / fd99:3::2) with port. */
static void far_addr(int family, unsigned short port,
		     struct sockaddr_storage *ss)
{
	memset(ss, 0, sizeof(*ss));
	ss->ss_family = family;
	if (family == AF_INET) {
		((struct sockaddr_in *)ss)->sin_port = htons(port);
		inet_pton(AF_INET, "10.99.3.2",
			  &((struct sockaddr_in *)ss)->sin_addr);
	} else {
		((struct sockaddr_in6 *)ss)->sin6_port = htons(port);
		inet_pton(AF_INET6, "fd99:3::2",
			  &((struct sockaddr_in6 *)ss)->sin6_addr);
	}
}

static int fwmark_rule(int family, int type)
{
	static struct rtnl_msg m;
	struct fib_rule_hdr frh = {
		.family = family, .action = FR_ACT_TO_TBL, .table = TABLE,
	};

	rtnl_msg_init(&m, type, type == RTM_NEWRULE ?
		      NLM_F_CREATE | NLM_F_EXCL : 0, &frh, sizeof(frh));
	rtnl_put_u32(&m, FRA_FWMARK, 0x10);
	rtnl_put_u32(&m, FRA_FWMASK, 0xf0);
	rtnl_put_u32(&m, FRA_PRIORITY, 100);
	return rtnl_talk(&m);
}

static void set_mark(int fd, unsigned int mark)
{
	if (setsockopt(fd, SOL_SOCKET, SO_MARK, &mark, sizeof(mark)))
		tst_brk(TBROK | TERRNO, "setsockopt(SO_MARK, 0x%x)", mark);
}

static unsigned int get_int(int fd, int opt)
{
	unsigned int val = ~0u;
	socklen_t len = sizeof(val);

	if (getsockopt(fd, SOL_SOCKET, opt, &val, &len))
		tst_brk(TBROK | TERRNO, "getsockopt(%d)", opt);
	return val;
}

/* sendmsg() of one byte, with an SO_MARK cmsg of cmlen bytes if cmlen. */
static int send_mark(int fd, struct sockaddr_storage *dst, uint32_t mark,
		     size_t cmlen)
{
	char c = 'm';
	union {
		char buf[CMSG_SPACE(sizeof(uint64_t))];
		struct cmsghdr align;
	} u;
	struct iovec iov = { &c, 1 };
	struct msghdr mh = {
		.msg_name = dst, .msg_namelen = alen(dst->ss_family),
		.msg_iov = &iov, .msg_iovlen = 1,
	};
	struct cmsghdr *cm;

	if (cmlen) {
		memset(&u, 0, sizeof(u));
		mh.msg_control = u.buf;
		mh.msg_controllen = CMSG_SPACE(cmlen);
		cm = CMSG_FIRSTHDR(&mh);
		cm->cmsg_level = SOL_SOCKET;
		cm->cmsg_type = SO_MARK;
		cm->cmsg_len = CMSG_LEN(cmlen);
		memcpy(CMSG_DATA(cm), &mark, sizeof(mark));
	}
	return sendmsg(fd, &mh, 0) == 1 ? 0 : -1;
}

/*
 * Read one datagram from r: 0 and its SO_RCVMARK mark (or ~0 without
 * the cmsg) and source, or -1 if none came in ms (scaled).
 */
static int recv_mark(int r, int ms, unsigned int *mark,
		     struct sockaddr_storage *from)
{
	char c, ctl[128];
	struct iovec iov = { &c, 1 };
	struct msghdr mh = {
		.msg_name = from, .msg_namelen = sizeof(*from),
		.msg_iov = &iov, .msg_iovlen = 1,
		.msg_control = ctl, .msg_controllen = sizeof(ctl),
	};
	struct cmsghdr *cm;

	if (!net_poll(r, POLLIN, ms))
		return -1;
	if (recvmsg(r, &mh, 0) != 1)
		tst_brk(TBROK | TERRNO, "recvmsg()");
	*mark = ~0u;
	for (cm = CMSG_FIRSTHDR(&mh); cm; cm = CMSG_NXTHDR(&mh, cm))
		if (cm->cmsg_level == SOL_SOCKET && cm->cmsg_type == SO_MARK)
			memcpy(mark, CMSG_DATA(cm), sizeof(*mark));
	return 0;
}

/* A datagram with socket mark (0: none) is refused or arrives. */
static void udp_with_mark(int s, int r, struct sockaddr_storage *dst,
			  unsigned int mark, int routed)
{
	struct sockaddr_storage from, local;
	unsigned int rmark;
	char a[64], b[64];

	set_mark(s, mark);
	if (!routed) {
		TST_EXP_FAIL(send_mark(s, dst, 0, 0), ENETUNREACH,
			     "sendto() with mark 0x%x", mark);
		return;
	}
	if (send_mark(s, dst, 0, 0)) {
		tst_res(TFAIL | TERRNO, "sendto() with mark 0x%x", mark);
		return;
	}
	net_addr(NET_A, fam, 0, &local);
	if (recv_mark(r, 10000, &rmark, &from)) {
		tst_res(TFAIL, "datagram with mark 0x%x not received", mark);
		return;
	}
	if (memcmp(net_rawaddr(&from), net_rawaddr(&local),
		   fam == AF_INET ? 4 : 16))
		tst_res(TFAIL, "mark 0x%x: source %s, expected %s", mark,
			net_ntop(&from, a, sizeof(a)),
			net_ntop(&local, b, sizeof(b)));
	else
		tst_res(TPASS, "mark 0x%x: datagram routed by table %d, from %s",
			mark, TABLE, net_ntop(&from, a, sizeof(a)));
	NET_EXP_EQ(rmark, 0, "SO_RCVMARK in the remote namespace (cleared)");
}

static void tcp_with_mark(unsigned int mark, int routed)
{
	struct sockaddr_storage ss;
	int lfd, fd, sfd, err;
	char c;

	net_enter(NET_B);
	far_addr(fam, 0, &ss);
	lfd = net_socket(NET_B, fam, SOCK_STREAM);
	if (bind(lfd, (struct sockaddr *)&ss, alen(fam)) || listen(lfd, 4))
		tst_brk(TBROK | TERRNO, "bind()/listen() on the lo address");
	{
		socklen_t l = sizeof(ss);

		if (getsockname(lfd, (struct sockaddr *)&ss, &l))
			tst_brk(TBROK | TERRNO, "getsockname()");
	}
	fd = net_socket(NET_A, fam, SOCK_STREAM);
	if (mark)
		set_mark(fd, mark);
	err = net_connect_fd(fd, &ss);
	if (!routed) {
		if (err == ENETUNREACH)
			tst_res(TPASS, "connect() with mark 0x%x: ENETUNREACH",
				mark);
		else
			tst_res(TFAIL, "connect() with mark 0x%x: %s, expected ENETUNREACH",
				mark, tst_strerrno(err));
		goto out;
	}
	if (err) {
		tst_res(TFAIL, "connect() with mark 0x%x: %s", mark,
			tst_strerrno(err));
		goto out;
	}
	sfd = net_accept(lfd);
	if (net_write_all(fd, "q", 1) || net_read_all(sfd, &c, 1) != 1 ||
	    net_write_all(sfd, "a", 1) || net_read_all(fd, &c, 1) != 1 ||
	    c != 'a')
		tst_res(TFAIL, "TCP with mark 0x%x: no data both ways", mark);
	else
		tst_res(TPASS, "TCP with mark 0x%x: connected, data both ways",
			mark);
	close(sfd);
out:
	close(fd);
	close(lfd);
}

static void cmsg_mark(int s, int r, struct sockaddr_storage *dst)
{
	struct sockaddr_storage from;
	unsigned int rmark;

	set_mark(s, 0);
	TST_EXP_FAIL(send_mark(s, dst, 0x10, sizeof(uint64_t)), EINVAL,
		     "SO_MARK cmsg of 8 bytes");
	if (send_mark(s, dst, 0x10, sizeof(uint32_t)))
		tst_res(TFAIL | TERRNO, "sendmsg() with SO_MARK cmsg 0x10");
	else if (recv_mark(r, 10000, &rmark, &from))
		tst_res(TFAIL, "datagram with SO_MARK cmsg 0x10 not received");
	else
		tst_res(TPASS, "SO_MARK cmsg 0x10 routes its datagram");
	TST_EXP_FAIL(send_mark(s, dst, 0, 0), ENETUNREACH,
		     "the next datagram without the cmsg");
}

/* Over lo inside the local host: the mark reaches the receiver. */
static void rcvmark_local(void)
{
	struct sockaddr_storage dst, from;
	int r, s = net_socket(NET_A, fam, SOCK_DGRAM);
	unsigned int rmark = 0;

	memset(&dst, 0, sizeof(dst));
	dst.ss_family = fam;
	if (fam == AF_INET)
		inet_pton(AF_INET, "127.0.0.1",
			  &((struct sockaddr_in *)&dst)->sin_addr);
	else
		inet_pton(AF_INET6, "::1",
			  &((struct sockaddr_in6 *)&dst)->sin6_addr);
	r = socket(fam, SOCK_DGRAM, 0);
	if (r < 0 || bind(r, (struct sockaddr *)&dst, alen(fam)))
		tst_brk(TBROK | TERRNO, "lo socket");
	{
		socklen_t l = sizeof(dst);

		if (getsockname(r, (struct sockaddr *)&dst, &l))
			tst_brk(TBROK | TERRNO, "getsockname()");
	}
	if (setsockopt(r, SOL_SOCKET, SO_RCVMARK, &(int){ 1 }, sizeof(int)))
		tst_brk(TBROK | TERRNO, "setsockopt(SO_RCVMARK)");
	NET_EXP_EQ(get_int(r, SO_RCVMARK), 1, "SO_RCVMARK read back");
	set_mark(s, 0x1f);
	if (send_mark(s, &dst, 0, 0) || recv_mark(r, 10000, &rmark, &from))
		tst_brk(TBROK | TERRNO, "datagram over lo");
	NET_EXP_EQ(rmark, 0x1f, "SO_RCVMARK over lo (socket mark)");
	if (send_mark(s, &dst, 0x42, sizeof(uint32_t)) ||
	    recv_mark(r, 10000, &rmark, &from))
		tst_brk(TBROK | TERRNO, "datagram over lo");
	NET_EXP_EQ(rmark, 0x42, "SO_RCVMARK over lo (cmsg mark)");
	close(s);
	close(r);
}

static int nobody_fd;
static struct sockaddr_storage nobody_dst;

static void as_nobody(void)
{
	unsigned int v = 0x10;

	TST_EXP_FAIL(setsockopt(nobody_fd, SOL_SOCKET, SO_MARK, &v, sizeof(v)),
		     EPERM, "SO_MARK 0x10 as nobody");
	v = 0;
	TST_EXP_FAIL(setsockopt(nobody_fd, SOL_SOCKET, SO_MARK, &v, sizeof(v)),
		     EPERM, "SO_MARK 0 as nobody");
	TST_EXP_FAIL(send_mark(nobody_fd, &nobody_dst, 0x10, sizeof(uint32_t)),
		     EPERM, "SO_MARK cmsg as nobody");
	NET_EXP_EQ(get_int(nobody_fd, SO_MARK), 0x1f,
		   "mark unchanged by the refused SO_MARK");
}

static void run(unsigned int n)
{
	struct sockaddr_storage dst;
	int s, r;

	fam = n ? AF_INET6 : AF_INET;
	tst_res(TINFO, "%s", n ? "IPv6" : "IPv4");
	net_enter(NET_B);
	far_addr(fam, 0, &dst);
	r = net_socket(NET_B, fam, SOCK_DGRAM);
	if (bind(r, (struct sockaddr *)&dst, alen(fam)))
		tst_brk(TBROK | TERRNO, "bind() to the remote lo address");
	{
		socklen_t l = sizeof(dst);

		if (getsockname(r, (struct sockaddr *)&dst, &l))
			tst_brk(TBROK | TERRNO, "getsockname()");
	}
	if (setsockopt(r, SOL_SOCKET, SO_RCVMARK, &(int){ 1 }, sizeof(int)))
		tst_brk(TBROK | TERRNO, "setsockopt(SO_RCVMARK)");

	s = net_socket(NET_A, fam, SOCK_DGRAM);
	NET_EXP_EQ(get_int(s, SO_MARK), 0, "SO_MARK of a new socket");
	set_mark(s, 0x1f);
	NET_EXP_EQ(get_int(s, SO_MARK), 0x1f, "SO_MARK read back");
	udp_with_mark(s, r, &dst, 0, 0);
	udp_with_mark(s, r, &dst, 0x20, 0);
	udp_with_mark(s, r, &dst, 0x10, 1);
	udp_with_mark(s, r, &dst, 0x1f, 1);
	udp_with_mark(s, r, &dst, 0, 0);
	cmsg_mark(s, r, &dst);

	tcp_with_mark(0, 0);
	tcp_with_mark(0x20, 0);
	tcp_with_mark(0x10, 1);
	tcp_with_mark(0x1f, 1);

	rcvmark_local();

	set_mark(s, 0x1f);
	nobody_fd = s;
	nobody_dst = dst;
	run_in_nobody_child(as_nobody, "the EPERM checks");
	if (net_poll(r, POLLIN, 0) & POLLIN)
		tst_res(TFAIL, "a datagram arrived that should not have");
	close(s);
	close(r);
}

static void setup(void)
{
	struct sockaddr_storage gw, far;
	int i, fams[] = { AF_INET, AF_INET6 };

	net_hosts_setup();
	net_enter(NET_B);
	for (i = 0; i < 2; i++) {
		far_addr(fams[i], 0, &far);
		RTNL_SAFE(rtnl_addr_add(rtnl_ifindex("lo"), fams[i],
					net_rawaddr(&far),
					fams[i] == AF_INET ? 32 : 128,
					fams[i] == AF_INET ? 0 : IFA_F_NODAD));
	}
	net_enter(NET_A);
	for (i = 0; i < 2; i++) {
		net_addr(NET_B, fams[i], 0, &gw);
		far_addr(fams[i], 0, &far);
		RTNL_SAFE(rtnl_route_add(fams[i], net_rawaddr(&far),
					 fams[i] == AF_INET ? 32 : 128,
					 net_rawaddr(&gw), 0, TABLE));
		RTNL_SAFE(fwmark_rule(fams[i], RTM_NEWRULE));
	}
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.forks_child = 1,
	.timeout = 60,
};
