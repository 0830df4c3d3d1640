// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A UDP SO_REUSEPORT group of four sockets in the remote host, IPv4 and
 * IPv6 (net/core/sock_reuseport.c, udp4_lib_lookup2(), udp6_lib_lookup2()):
 * - bind() to the group's port without SO_REUSEPORT, or with it under
 *   another effective uid, is EADDRINUSE;
 * - without a program each datagram reaches exactly one socket, both
 *   datagrams of a flow the same one, and 32 flows reach more than one;
 * - a classic BPF program (SO_ATTACH_REUSEPORT_CBPF) returning the first
 *   payload byte steers byte k to the k-th socket bound; an index past
 *   the group falls back to the hash (delivered once); detached
 *   (SO_DETACH_REUSEPORT_BPF) the hash is back, a second detach ENOENT;
 * - a member connected to one client gets all of that client's
 *   datagrams and none of the others';
 * - closing the third socket moves the last one into its place: byte 2
 *   now reaches the socket bound fourth;
 * - errnos: SO_ATTACH_REUSEPORT_CBPF on a socket bound without
 *   SO_REUSEPORT and an empty program EINVAL; SO_DETACH_REUSEPORT_BPF
 *   EINVAL without SO_REUSEPORT, ENOENT on an unbound reuseport socket
 *   and on a group without a program.
 */
#include <linux/filter.h>
#include "tst_test.h"
#include "net_hosts.h"

#define NSOCK 4
#define NFLOW 32

static int fam, grp[NSOCK], cli[NFLOW];
static struct sockaddr_storage grp_addr;

static socklen_t alen(void)
{
	return fam == AF_INET ? sizeof(struct sockaddr_in) :
		sizeof(struct sockaddr_in6);
}

static int reuse_socket(int h)
{
	int fd = net_socket(h, fam, SOCK_DGRAM), one = 1;

	if (setsockopt(fd, SOL_SOCKET, SO_REUSEPORT, &one, sizeof(one)))
		tst_brk(TBROK | TERRNO, "SO_REUSEPORT");
	return fd;
}

static void make_group(void)
{
	int i;

	socklen_t len = alen();

	grp[0] = reuse_socket(NET_B);
	net_addr(NET_B, fam, 0, &grp_addr);
	if (bind(grp[0], (struct sockaddr *)&grp_addr, alen()))
		tst_brk(TBROK | TERRNO, "bind() of the first member");
	if (getsockname(grp[0], (struct sockaddr *)&grp_addr, &len))
		tst_brk(TBROK | TERRNO, "getsockname()");
	for (i = 1; i < NSOCK; i++) {
		grp[i] = reuse_socket(NET_B);
		if (bind(grp[i], (struct sockaddr *)&grp_addr, alen()))
			tst_brk(TBROK | TERRNO, "bind() of member %d", i);
	}
}

static void send_from(int c, char first, int seq)
{
	char buf[3] = { first, c, seq };

	if (sendto(cli[c], buf, sizeof(buf), 0,
		   (struct sockaddr *)&grp_addr, alen()) != sizeof(buf))
		tst_brk(TBROK | TERRNO, "sendto() from client %d", c);
}

/*
 * Receive want datagrams over the group (bounded); got[c][seq] is the
 * member that got client c's datagram seq (-1 none).
 */
static int collect(int want, int got[NFLOW][4])
{
	struct pollfd pfd[NSOCK];
	long long deadline = tst_mono_ms() + net_ms(30000);
	int i, n = 0;
	char buf[8];

	memset(got, 0xff, sizeof(int) * NFLOW * 4);
	while (n < want && tst_mono_ms() < deadline) {
		for (i = 0; i < NSOCK; i++) {
			pfd[i].fd = grp[i];
			pfd[i].events = POLLIN;
		}
		if (poll(pfd, NSOCK, 100) < 0)
			tst_brk(TBROK | TERRNO, "poll()");
		for (i = 0; i < NSOCK; i++) {
			if (grp[i] < 0 || !(pfd[i].revents & POLLIN))
				continue;
			if (recv(grp[i], buf, sizeof(buf), 0) != 3)
				tst_brk(TBROK | TERRNO, "recv()");
			if (got[(int)buf[1]][(int)buf[2]] != -1)
				tst_res(TFAIL, "client %d datagram %d twice",
					buf[1], buf[2]);
			got[(int)buf[1]][(int)buf[2]] = i;
			n++;
		}
	}
	return n;
}

static void hash_spread(const char *what)
{
	int got[NFLOW][4], c, used = 0, same = 1, i;

	for (c = 0; c < NFLOW; c++) {
		send_from(c, 'h', 0);
		send_from(c, 'h', 1);
	}
	NET_EXP_EQ(collect(2 * NFLOW, got), 2 * NFLOW, what);
	for (c = 0; c < NFLOW; c++)
		if (got[c][0] != got[c][1])
			same = 0;
	for (i = 0; i < NSOCK; i++)
		for (c = 0; c < NFLOW; c++)
			if (got[c][0] == i) {
				used++;
				break;
			}
	NET_EXP_EQ(same, 1, "both datagrams of each flow on one member");
	NET_EXP_EQ(used > 1, 1, "more than one member used by 32 flows");
}

static int attach_first_byte(int fd)
{
	struct sock_filter code[] = {
		BPF_STMT(BPF_LD | BPF_B | BPF_ABS, 0),
		BPF_STMT(BPF_RET | BPF_A, 0),
	};
	struct sock_fprog prog = { .len = 2, .filter = code };

	return setsockopt(fd, SOL_SOCKET, SO_ATTACH_REUSEPORT_CBPF, &prog,
			  sizeof(prog)) ? errno : 0;
}

static int detach(int fd)
{
	return setsockopt(fd, SOL_SOCKET, SO_DETACH_REUSEPORT_BPF, &fd,
			  sizeof(fd)) ? errno : 0;
}

/* Byte k from client k: member want[k] gets it (-1: any one member). */
static void steer(const int *want, int n, const char *what)
{
	int got[NFLOW][4], k;
	char desc[128];

	for (k = 0; k < n; k++)
		send_from(k, k, 0);
	NET_EXP_EQ(collect(n, got), n, what);
	for (k = 0; k < n; k++) {
		if (want[k] < 0)
			continue;
		snprintf(desc, sizeof(desc), "%s: member of byte %d", what, k);
		NET_EXP_EQ(got[k][0], want[k], desc);
	}
}

static void connected_member(void)
{
	struct sockaddr_storage peer, un = { .ss_family = AF_UNSPEC };
	socklen_t len = sizeof(peer);
	int got[NFLOW][4], c, seq, wrong = 0;

	if (getsockname(cli[0], (struct sockaddr *)&peer, &len))
		tst_brk(TBROK | TERRNO, "getsockname()");
	if (connect(grp[1], (struct sockaddr *)&peer, len))
		tst_brk(TBROK | TERRNO, "connect() of member 1");
	for (seq = 0; seq < 4; seq++)
		for (c = 0; c < 16; c++)
			send_from(c, 'c', seq);
	NET_EXP_EQ(collect(64, got), 64, "datagrams with member 1 connected");
	for (seq = 0; seq < 4; seq++) {
		if (got[0][seq] != 1)
			wrong++;
		for (c = 1; c < 16; c++)
			if (got[c][seq] == 1)
				wrong++;
	}
	NET_EXP_EQ(wrong, 0,
		   "datagrams on the wrong side of the connected member");
	if (connect(grp[1], (struct sockaddr *)&un, sizeof(un)))
		tst_brk(TBROK | TERRNO, "connect(AF_UNSPEC)");
}

static void errors(void)
{
	struct sockaddr_storage ss;
	struct sock_fprog empty = { .len = 0, .filter = NULL };
	int fd;

	fd = net_bound(NET_B, fam, SOCK_DGRAM, &ss);
	NET_EXP_EQ(attach_first_byte(fd), EINVAL,
		   "CBPF on a socket bound without SO_REUSEPORT (errno)");
	NET_EXP_EQ(detach(fd), EINVAL,
		   "detach without SO_REUSEPORT (errno)");
	close(fd);
	fd = reuse_socket(NET_B);
	NET_EXP_EQ(detach(fd), ENOENT,
		   "detach on an unbound reuseport socket (errno)");
	TST_EXP_FAIL(setsockopt(fd, SOL_SOCKET, SO_ATTACH_REUSEPORT_CBPF,
				&empty, sizeof(empty)), EINVAL,
		     "an empty CBPF program");
	close(fd);
}

static void other_uid(void)
{
	pid_t pid = SAFE_FORK();
	int fd;

	if (!pid) {
		/* A socket's owner is the fsuid it was made with. */
		net_enter(NET_B);
		if (setresuid(-1, 65534, -1))
			tst_brk(TBROK | TERRNO, "setresuid()");
		fd = reuse_socket(NET_B);
		TST_EXP_FAIL(bind(fd, (struct sockaddr *)&grp_addr, alen()),
			     EADDRINUSE, "bind() to the group under another uid");
		exit(0);
	}
	reap_child(pid);
}

static void run(unsigned int n)
{
	const int by_index[] = { 0, 1, 2, 3, -1 };
	const int after_close[] = { 0, 1, 3, -1 };
	struct sockaddr_storage ss;
	int i, fd;

	fam = n ? AF_INET6 : AF_INET;
	tst_res(TINFO, "%s", n ? "IPv6" : "IPv4");
	make_group();
	for (i = 0; i < NFLOW; i++)
		cli[i] = net_bound(NET_A, fam, SOCK_DGRAM, &ss);

	fd = net_socket(NET_B, fam, SOCK_DGRAM);
	TST_EXP_FAIL(bind(fd, (struct sockaddr *)&grp_addr, alen()),
		     EADDRINUSE, "bind() to the group without SO_REUSEPORT");
	close(fd);
	other_uid();

	hash_spread("hashed datagrams received");
	NET_EXP_EQ(detach(grp[0]), ENOENT, "detach with no program (errno)");
	NET_EXP_EQ(attach_first_byte(grp[2]), 0, "attach the CBPF program");
	steer(by_index, 5, "steered by the first byte");
	NET_EXP_EQ(detach(grp[3]), 0, "detach the program");
	NET_EXP_EQ(detach(grp[3]), ENOENT, "detach it again (errno)");
	hash_spread("hashed datagrams after the detach");

	connected_member();

	/* The group's last socket takes the closed one's index. */
	close(grp[2]);
	grp[2] = -1;
	NET_EXP_EQ(attach_first_byte(grp[0]), 0, "attach after a close");
	steer(after_close, 4, "steered after closing the third");

	errors();
	for (i = 0; i < NFLOW; i++)
		close(cli[i]);
	for (i = 0; i < NSOCK; i++)
		if (grp[i] >= 0)
			close(grp[i]);
}

static void setup(void)
{
	net_hosts_setup();
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.forks_child = 1,
};
