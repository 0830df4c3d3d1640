// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Multi-queue tun devices (IFF_MULTI_QUEUE) and the errors of the tun
 * ioctls, in a private namespace:
 * - TUNSETIFF: EEXIST on an attached fd, EINVAL for a name held by a
 *   non-tun device, for the wrong type (IFF_TAP on a tun) and for a
 *   multi-queue flag that does not match the device's, EBUSY with
 *   IFF_TUN_EXCL and for a second queue of a single-queue device,
 *   E2BIG for the 257th queue (MAX_TAP_QUEUES); EBADFD for ioctls on an
 *   fd with no device; TUNSETVNETHDRSZ below sizeof(virtio_net_hdr) and
 *   TUNSETSNDBUF <= 0 EINVAL (values kept); TUNSETOWNER/TUNSETGROUP -1
 *   EINVAL;
 * - the stack's datagrams to 64 destinations are spread over all four
 *   queues, each read exactly once; TUNSETQUEUE IFF_DETACH_QUEUE takes a
 *   queue out (TUNGETIFF shows IFF_DETACH_QUEUE, a second detach and a
 *   flags-less call EINVAL): the next 64 go to the other three only;
 *   IFF_ATTACH_QUEUE brings it back (EINVAL on an attached queue);
 * - automatic flow steering: the reply to a datagram written on queue q
 *   is read from queue q, for each of the four queues;
 * - a persistent device with TUNSETOWNER/TUNSETGROUP: a process that is
 *   neither the owner nor in the group, without CAP_NET_ADMIN, gets
 *   EPERM; the owner (and group member once a group is set) attaches;
 *   creating a device without CAP_NET_ADMIN is EPERM.
 */
#include <grp.h>
#include <sys/ioctl.h>
#include <linux/if_tun.h>
#include <linux/virtio_net.h>
#include <netinet/ip.h>
#include <netinet/udp.h>
#include "tst_test.h"
#include "net_hosts.h"

#define NQ 4
#define NFLOW 64
#define MAXQ 256
#define OWNER 4242
#define OTHER 4243
#define GROUP 4300

static int q[NQ];
static int extra[MAXQ + 1];
static unsigned char pkt[2048];

static int tun_fd(void)
{
	int fd = open("/dev/net/tun", O_RDWR | O_NONBLOCK);

	if (fd < 0 && (errno == ENOENT || errno == ENODEV))
		tst_brk(TCONF | TERRNO, "no /dev/net/tun");
	if (fd < 0)
		tst_brk(TBROK | TERRNO, "open(/dev/net/tun)");
	return fd;
}

/* TUNSETIFF on fd: 0 or errno. */
static int set_iff(int fd, const char *name, int flags)
{
	struct ifreq ifr;

	memset(&ifr, 0, sizeof(ifr));
	strcpy(ifr.ifr_name, name);
	ifr.ifr_flags = flags;
	return ioctl(fd, TUNSETIFF, &ifr) ? errno : 0;
}

static int set_queue(int fd, int flags)
{
	struct ifreq ifr;

	memset(&ifr, 0, sizeof(ifr));
	ifr.ifr_flags = flags;
	return ioctl(fd, TUNSETQUEUE, &ifr) ? errno : 0;
}

static void exp_err(int got, int exp, const char *what)
{
	if (got == exp)
		tst_res(TPASS, "%s: %s", what, exp ? tst_strerrno(exp) : "0");
	else
		tst_res(TFAIL, "%s: %s, expected %s", what,
			got ? tst_strerrno(got) : "0",
			exp ? tst_strerrno(exp) : "0");
}

#define EXP_IOCTL(fd, req, arg, exp, what) \
	exp_err(ioctl((fd), (req), (arg)) ? errno : 0, (exp), (what))

static uint16_t csum(const void *p, size_t len)
{
	const uint8_t *b = p;
	uint32_t sum = 0;
	size_t i;

	for (i = 0; i + 1 < len; i += 2)
		sum += b[i] << 8 | b[i + 1];
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	return ~sum & 0xffff;
}

/*
 * Read every queue until nothing comes for a while; count our datagrams
 * (IPv4 UDP to ports base..base+NFLOW-1) per queue and per port.
 * Packets the stack sends on its own (none with IPv6 off) are skipped.
 */
static int collect(int base, int n, int seen[NFLOW], int per_q[NQ])
{
	struct pollfd pfd[NQ];
	int i, got = 0;

	memset(seen, 0, sizeof(int) * NFLOW);
	memset(per_q, 0, sizeof(int) * NQ);
	while (got < n) {
		for (i = 0; i < NQ; i++) {
			pfd[i].fd = q[i];
			pfd[i].events = POLLIN;
		}
		if (poll(pfd, NQ, net_ms(10000)) <= 0)
			break;
		for (i = 0; i < NQ; i++) {
			struct iphdr *ip = (struct iphdr *)pkt;
			struct udphdr *udp;
			ssize_t len;
			int port;

			if (!(pfd[i].revents & POLLIN))
				continue;
			len = read(q[i], pkt, sizeof(pkt));
			if (len < 0 && errno == EAGAIN)
				continue;
			if (len < 0)
				tst_brk(TBROK | TERRNO, "read(queue %d)", i);
			if (len < 28 || ip->version != 4 ||
			    ip->protocol != IPPROTO_UDP)
				continue;
			udp = (struct udphdr *)(pkt + ip->ihl * 4);
			port = ntohs(udp->dest) - base;
			if (port < 0 || port >= NFLOW)
				continue;
			seen[port]++;
			per_q[i]++;
			got++;
		}
	}
	return got;
}

static void send_flows(int s, int base)
{
	struct sockaddr_in to = { .sin_family = AF_INET };
	int i;

	inet_pton(AF_INET, "10.98.0.2", &to.sin_addr);
	for (i = 0; i < NFLOW; i++) {
		to.sin_port = htons(base + i);
		if (sendto(s, &i, sizeof(i), 0, (struct sockaddr *)&to,
			   sizeof(to)) != sizeof(i))
			tst_brk(TBROK | TERRNO, "sendto(port %d)", base + i);
	}
}

static void check_spread(int s, int base, int skip, const char *what)
{
	int seen[NFLOW], per_q[NQ], i, got, dup = 0, bad = 0;

	send_flows(s, base);
	got = collect(base, NFLOW, seen, per_q);
	for (i = 0; i < NFLOW; i++)
		dup += seen[i] > 1;
	for (i = 0; i < NQ; i++)
		if (i == skip ? per_q[i] != 0 : per_q[i] < 1)
			bad = 1;
	if (got != NFLOW || dup)
		tst_res(TFAIL, "%s: %d of %d datagrams read, %d twice", what,
			got, NFLOW, dup);
	else
		tst_res(TPASS, "%s: each of the %d datagrams read once", what,
			NFLOW);
	tst_res(bad ? TFAIL : TPASS, "%s: per queue %d %d %d %d", what,
		per_q[0], per_q[1], per_q[2], per_q[3]);
}

/* A UDP datagram 10.98.0.2:sport -> 10.98.0.1:7000 written on queue qi. */
static void write_udp(int qi, int sport)
{
	unsigned char b[64];
	struct iphdr *ip = (struct iphdr *)b;
	struct udphdr *udp = (struct udphdr *)(b + sizeof(*ip));
	size_t len = sizeof(*ip) + sizeof(*udp) + 4;

	memset(b, 0, sizeof(b));
	ip->version = 4;
	ip->ihl = 5;
	ip->ttl = 64;
	ip->protocol = IPPROTO_UDP;
	ip->tot_len = htons(len);
	inet_pton(AF_INET, "10.98.0.2", &ip->saddr);
	inet_pton(AF_INET, "10.98.0.1", &ip->daddr);
	ip->check = htons(csum(ip, sizeof(*ip)));
	udp->source = htons(sport);
	udp->dest = htons(7000);
	udp->len = htons(sizeof(*udp) + 4);
	/* checksum 0: none (IPv4) */
	memcpy(udp + 1, "ping", 4);
	if (write(q[qi], b, len) != (ssize_t)len)
		tst_brk(TBROK | TERRNO, "write(queue %d)", qi);
}

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/*
 * The flow entry made by the write expires after 3 s (TUN_FLOW_EXPIRE):
 * a round that took longer than 2 s says nothing and is repeated.
 */
static void check_steering(int srv)
{
	struct sockaddr_in from;
	socklen_t fl;
	char buf[16];
	int qi, try, seen[NFLOW], per_q[NQ], i, where;
	double t0;

	for (qi = 0; qi < NQ; qi++) {
		for (try = 0; try < 5; try++) {
			int sport = 30000 + qi * 8 + try;

			t0 = now_s();
			write_udp(qi, sport);
			net_wait(srv, POLLIN);
			fl = sizeof(from);
			if (recvfrom(srv, buf, sizeof(buf), 0,
				     (struct sockaddr *)&from, &fl) != 4)
				tst_brk(TBROK | TERRNO, "recvfrom()");
			if (ntohs(from.sin_port) != sport)
				tst_brk(TBROK, "datagram from port %d",
					ntohs(from.sin_port));
			if (sendto(srv, "pong", 4, 0, (struct sockaddr *)&from,
				   fl) != 4)
				tst_brk(TBROK | TERRNO, "sendto(reply)");
			/* the reply goes to port sport: base sport, index 0 */
			if (collect(sport, 1, seen, per_q) != 1)
				tst_brk(TBROK, "the reply to queue %d's datagram never came",
					qi);
			if (now_s() - t0 > 2) {
				tst_res(TINFO, "round of queue %d took over 2 s, again",
					qi);
				continue;
			}
			where = -1;
			for (i = 0; i < NQ; i++)
				if (per_q[i])
					where = i;
			if (where == qi)
				tst_res(TPASS, "reply to the flow written on queue %d read from queue %d",
					qi, where);
			else
				tst_res(TFAIL, "reply to the flow written on queue %d read from queue %d",
					qi, where);
			break;
		}
		if (try == 5)
			tst_brk(TBROK, "no round under 2 s for queue %d", qi);
	}
}

static void check_errors(void)
{
	int fd, fd2, v;

	fd = tun_fd();
	EXP_IOCTL(fd, TUNSETOWNER, 0, EBADFD, "TUNSETOWNER with no device");
	EXP_IOCTL(fd, TUNGETVNETHDRSZ, &v, EBADFD,
		  "TUNGETVNETHDRSZ with no device");
	exp_err(set_queue(fd, IFF_ATTACH_QUEUE), EINVAL,
		"IFF_ATTACH_QUEUE on an fd never detached");
	exp_err(set_queue(fd, IFF_DETACH_QUEUE), EINVAL,
		"IFF_DETACH_QUEUE on an fd with no device");
	exp_err(set_iff(fd, "mq0", IFF_TUN | IFF_NO_PI), EINVAL,
		"TUNSETIFF without IFF_MULTI_QUEUE on a multi-queue tun");
	exp_err(set_iff(fd, "mq0", IFF_TAP | IFF_NO_PI | IFF_MULTI_QUEUE),
		EINVAL, "TUNSETIFF IFF_TAP on a tun");
	exp_err(set_iff(fd, "mq0", IFF_TUN | IFF_NO_PI | IFF_MULTI_QUEUE |
			IFF_TUN_EXCL), EBUSY, "TUNSETIFF IFF_TUN_EXCL on a name in use");
	exp_err(set_iff(fd, "dm0", IFF_TUN | IFF_NO_PI), EINVAL,
		"TUNSETIFF on a dummy's name");

	exp_err(set_iff(fd, "sq0", IFF_TUN | IFF_NO_PI), 0,
		"TUNSETIFF single-queue sq0");
	exp_err(set_iff(fd, "sq1", IFF_TUN | IFF_NO_PI), EEXIST,
		"TUNSETIFF on an fd with a device");
	exp_err(set_queue(fd, IFF_DETACH_QUEUE), EINVAL,
		"IFF_DETACH_QUEUE on a single-queue device");
	fd2 = tun_fd();
	exp_err(set_iff(fd2, "sq0", IFF_TUN | IFF_NO_PI), EBUSY,
		"TUNSETIFF a second queue on single-queue sq0");
	exp_err(set_iff(fd2, "sq0", IFF_TUN | IFF_NO_PI | IFF_MULTI_QUEUE),
		EINVAL, "TUNSETIFF IFF_MULTI_QUEUE on single-queue sq0");
	close(fd2);

	v = -1;
	if (ioctl(fd, TUNGETVNETHDRSZ, &v))
		tst_brk(TBROK | TERRNO, "TUNGETVNETHDRSZ");
	NET_EXP_EQ(v, sizeof(struct virtio_net_hdr), "default vnet header size");
	v = sizeof(struct virtio_net_hdr) - 1;
	EXP_IOCTL(fd, TUNSETVNETHDRSZ, &v, EINVAL, "TUNSETVNETHDRSZ 9");
	v = -1;
	EXP_IOCTL(fd, TUNSETVNETHDRSZ, &v, EINVAL, "TUNSETVNETHDRSZ -1");
	v = sizeof(struct virtio_net_hdr_mrg_rxbuf);
	EXP_IOCTL(fd, TUNSETVNETHDRSZ, &v, 0, "TUNSETVNETHDRSZ 12");
	v = -1;
	ioctl(fd, TUNGETVNETHDRSZ, &v);
	NET_EXP_EQ(v, 12, "vnet header size read back");

	v = 8192;
	EXP_IOCTL(fd, TUNSETSNDBUF, &v, 0, "TUNSETSNDBUF 8192");
	v = 0;
	EXP_IOCTL(fd, TUNSETSNDBUF, &v, EINVAL, "TUNSETSNDBUF 0");
	v = -1;
	EXP_IOCTL(fd, TUNSETSNDBUF, &v, EINVAL, "TUNSETSNDBUF -1");
	v = 0;
	ioctl(fd, TUNGETSNDBUF, &v);
	NET_EXP_EQ(v, 8192, "TUNGETSNDBUF after the refused values");

	EXP_IOCTL(fd, TUNSETOWNER, -1UL, EINVAL, "TUNSETOWNER -1");
	EXP_IOCTL(fd, TUNSETGROUP, -1UL, EINVAL, "TUNSETGROUP -1");
	close(fd);
}

static void check_max_queues(void)
{
	int i, n = MAXQ - NQ, err = 0;

	for (i = 0; i < n && !err; i++) {
		extra[i] = tun_fd();
		err = set_iff(extra[i], "mq0",
			      IFF_TUN | IFF_NO_PI | IFF_MULTI_QUEUE);
		if (err)
			tst_res(TFAIL, "queue %d of mq0: %s", NQ + i + 1,
				tst_strerrno(err));
	}
	if (!err) {
		tst_res(TPASS, "%d queues attached to mq0", MAXQ);
		extra[i] = tun_fd();
		exp_err(set_iff(extra[i], "mq0", IFF_TUN | IFF_NO_PI |
				IFF_MULTI_QUEUE), E2BIG,
			"TUNSETIFF of queue 257");
		i++;
	}
	while (i--)
		SAFE_CLOSE(extra[i]);
}

/* In a child: attach to the persistent tap as uid/gid, expect exp. */
static void attach_as(uid_t uid, gid_t gid, int exp, const char *what)
{
	pid_t pid = SAFE_FORK();

	if (!pid) {
		/* the device node's mode is not the point: open as root */
		int fd = tun_fd(), fd2 = tun_fd();

		if (setgroups(1, &gid) || setresgid(gid, gid, gid) ||
		    setresuid(uid, uid, uid))
			tst_brk(TBROK | TERRNO, "dropping to %u/%u",
				(unsigned int)uid, (unsigned int)gid);
		exp_err(set_iff(fd, "own0", IFF_TAP | IFF_NO_PI), exp, what);
		if (!strcmp(what, "owner"))
			exp_err(set_iff(fd2, "new0", IFF_TAP | IFF_NO_PI),
				EPERM, "a user creating a tap");
		close(fd);
		close(fd2);
		exit(0);
	}
	reap_child(pid);
}

static void check_owner(void)
{
	int fd = tun_fd();

	if (set_iff(fd, "own0", IFF_TAP | IFF_NO_PI))
		tst_brk(TBROK | TERRNO, "TUNSETIFF own0");
	if (ioctl(fd, TUNSETPERSIST, 1) || ioctl(fd, TUNSETOWNER, OWNER))
		tst_brk(TBROK | TERRNO, "TUNSETPERSIST/TUNSETOWNER");
	close(fd);
	attach_as(OTHER, GROUP, EPERM, "not the owner");
	attach_as(OWNER, OTHER, 0, "owner");

	fd = tun_fd();
	if (set_iff(fd, "own0", IFF_TAP | IFF_NO_PI))
		tst_brk(TBROK | TERRNO, "TUNSETIFF own0 as root");
	if (ioctl(fd, TUNSETGROUP, GROUP))
		tst_brk(TBROK | TERRNO, "TUNSETGROUP");
	close(fd);
	attach_as(OWNER, OTHER, EPERM, "the owner outside the group");
	attach_as(OTHER, GROUP, EPERM, "in the group, not the owner");
	attach_as(OWNER, GROUP, 0, "the owner in the group");
	RTNL_SAFE(rtnl_link_del(rtnl_ifindex("own0")));
}

static void run(void)
{
	struct sockaddr_in me = { .sin_family = AF_INET };
	struct rtnl_link_info li;
	struct ifreq ifr;
	int i, s, srv, idx, ret;

	net_enter(NET_A);
	RTNL_SAFE(rtnl_link_add("dm0", "dummy"));
	for (i = 0; i < NQ; i++) {
		q[i] = tun_fd();
		if (set_iff(q[i], "mq0", IFF_TUN | IFF_NO_PI | IFF_MULTI_QUEUE))
			tst_brk(TBROK | TERRNO, "TUNSETIFF mq0 queue %d", i);
	}
	memset(&ifr, 0, sizeof(ifr));
	if (ioctl(q[2], TUNGETIFF, &ifr))
		tst_brk(TBROK | TERRNO, "TUNGETIFF");
	tst_res(ifr.ifr_flags & IFF_MULTI_QUEUE ? TPASS : TFAIL,
		"TUNGETIFF of a queue: flags 0x%x (IFF_MULTI_QUEUE)",
		ifr.ifr_flags);
	check_errors();

	idx = rtnl_ifindex("mq0");
	inet_pton(AF_INET, "10.98.0.1", &me.sin_addr);
	RTNL_SAFE(rtnl_addr_add(idx, AF_INET, &me.sin_addr, 24, 0));
	RTNL_SAFE(rtnl_link_up(idx));
	s = net_socket(NET_A, AF_INET, SOCK_DGRAM);
	check_spread(s, 20000, -1, "4 queues");

	exp_err(set_queue(q[1], IFF_DETACH_QUEUE), 0, "detach queue 1");
	exp_err(set_queue(q[1], IFF_DETACH_QUEUE), EINVAL,
		"detach queue 1 again");
	exp_err(set_queue(q[1], 0), EINVAL, "TUNSETQUEUE without a flag");
	memset(&ifr, 0, sizeof(ifr));
	ioctl(q[1], TUNGETIFF, &ifr);
	tst_res(ifr.ifr_flags & IFF_DETACH_QUEUE ? TPASS : TFAIL,
		"TUNGETIFF of the detached queue: flags 0x%x (IFF_DETACH_QUEUE)",
		ifr.ifr_flags);
	check_spread(s, 20000 + NFLOW, 1, "queue 1 detached");
	exp_err(set_queue(q[1], IFF_ATTACH_QUEUE), 0, "attach queue 1");
	exp_err(set_queue(q[1], IFF_ATTACH_QUEUE), EINVAL,
		"attach queue 1 again");
	check_spread(s, 20000 + 2 * NFLOW, -1, "queue 1 back");
	close(s);

	srv = net_socket(NET_A, AF_INET, SOCK_DGRAM);
	me.sin_port = htons(7000);
	if (bind(srv, (struct sockaddr *)&me, sizeof(me)))
		tst_brk(TBROK | TERRNO, "bind(10.98.0.1:7000)");
	check_steering(srv);
	close(srv);
	check_max_queues();
	check_owner();

	for (i = 0; i < NQ; i++)
		SAFE_CLOSE(q[i]);
	ret = rtnl_link_get(0, "mq0", &li);
	exp_err(ret ? -ret : 0, ENODEV, "mq0 after its last queue closed");
	RTNL_SAFE(rtnl_link_del(rtnl_ifindex("dm0")));
}

static void setup(void)
{
	net_ns_new(NET_A);
	/* no router solicitations or MLD reports on the queues */
	net_sysctl(NET_A, "net/ipv6/conf/default/disable_ipv6", "1");
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.forks_child = 1,
	.timeout = 120,
};
