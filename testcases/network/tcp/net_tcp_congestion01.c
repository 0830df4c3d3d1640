// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * TCP congestion control selection in a private namespace:
 * - net.ipv4.tcp_congestion_control is per namespace: set to reno in
 *   the local namespace, new sockets there report "reno" (TCP_CONGESTION)
 *   while the remote namespace keeps the guest's default (cubic); an unknown name written to
 *   the sysctl is ENOENT;
 * - setsockopt(TCP_CONGESTION) to an unknown name is ENOENT and leaves
 *   the algorithm as it was; to bbr and vegas (modules, loaded on
 *   demand for root) it reads back; an accepted socket inherits its
 *   listener's algorithm;
 * - as an unprivileged user, an algorithm outside
 *   tcp_allowed_congestion_control (vegas) is EPERM, reno is allowed;
 * - a 1 MiB transfer under each of reno, cubic, bbr and vegas arrives
 *   intact, and TCP_CC_INFO of a bbr socket returns struct
 *   tcp_bbr_info with a non-zero bandwidth estimate afterwards.
 */
#include <pwd.h>
#include <linux/inet_diag.h>
#include <linux/tcp.h>
#include "tst_test.h"
#include "net_hosts.h"

#define LEN (1 << 20)

static unsigned char buf[LEN], rbuf[LEN];
static char guest_cc[32];

static const char *cc_of(int fd)
{
	static char name[32];
	socklen_t len = sizeof(name);

	memset(name, 0, sizeof(name));
	if (getsockopt(fd, IPPROTO_TCP, TCP_CONGESTION, name, &len))
		tst_brk(TBROK | TERRNO, "getsockopt(TCP_CONGESTION)");
	return name;
}

static int set_cc(int fd, const char *name)
{
	return setsockopt(fd, IPPROTO_TCP, TCP_CONGESTION, name,
			  strlen(name));
}

static int sysctl_write(const char *val)
{
	int fd = open("/proc/sys/net/ipv4/tcp_congestion_control", O_WRONLY);
	int ret;

	if (fd < 0)
		tst_brk(TBROK | TERRNO, "open(tcp_congestion_control)");
	ret = write(fd, val, strlen(val));
	close(fd);
	return ret < 0 ? -errno : 0;
}

static void transfer(const char *cc)
{
	struct sockaddr_storage ss;
	int lfd = net_listener(NET_B, AF_INET, &ss), cfd, sfd;
	pid_t pid;
	ssize_t n;
	size_t i;

	net_enter(NET_A);
	cfd = net_socket(NET_A, AF_INET, SOCK_STREAM);
	if (set_cc(cfd, cc)) {
		if (errno == ENOENT) {
			tst_res(TCONF, "no congestion control %s", cc);
			close(cfd);
			close(lfd);
			return;
		}
		tst_brk(TBROK | TERRNO, "TCP_CONGESTION %s", cc);
	}
	if (net_connect_fd(cfd, &ss))
		tst_brk(TBROK, "connect()");
	sfd = net_accept(lfd);
	for (i = 0; i < LEN; i++)
		buf[i] = i * 31 + cc[0];
	pid = SAFE_FORK();
	if (!pid) {
		if (net_write_all(cfd, buf, LEN))
			tst_brk(TBROK, "write()");
		exit(0);
	}
	n = net_read_all(sfd, rbuf, LEN);
	reap_child(pid);
	if (n != LEN || memcmp(buf, rbuf, LEN))
		tst_res(TFAIL, "%s: %zd of %d bytes intact", cc, n, LEN);
	else if (strcmp(cc_of(cfd), cc))
		tst_res(TFAIL, "%s: the socket reports %s", cc, cc_of(cfd));
	else
		tst_res(TPASS, "%s: %d bytes intact", cc, LEN);
	if (!strcmp(cc, "bbr")) {
		union tcp_cc_info info;
		socklen_t len = sizeof(info);

		memset(&info, 0, sizeof(info));
		if (getsockopt(cfd, IPPROTO_TCP, TCP_CC_INFO, &info, &len))
			tst_res(TFAIL | TERRNO, "TCP_CC_INFO");
		else if (len != sizeof(struct tcp_bbr_info) ||
			 !(info.bbr.bbr_bw_lo | info.bbr.bbr_bw_hi))
			tst_res(TFAIL, "TCP_CC_INFO: %u bytes, bw %u:%u", len,
				info.bbr.bbr_bw_hi, info.bbr.bbr_bw_lo);
		else
			tst_res(TPASS, "TCP_CC_INFO: tcp_bbr_info with bandwidth %llu",
				(unsigned long long)info.bbr.bbr_bw_hi << 32 |
				info.bbr.bbr_bw_lo);
	}
	close(cfd);
	close(sfd);
	close(lfd);
}

static void run(void)
{
	struct passwd *pw = getpwnam("nobody");
	int fd, lfd, sfd, cfd;
	struct sockaddr_storage ss;
	pid_t pid;
	char cur[32];

	net_enter(NET_A);
	if (sysctl_write("reno"))
		tst_brk(TBROK, "tcp_congestion_control = reno");
	fd = net_socket(NET_A, AF_INET, SOCK_STREAM);
	if (strcmp(cc_of(fd), "reno"))
		tst_res(TFAIL, "new socket after the sysctl: %s", cc_of(fd));
	else
		tst_res(TPASS, "new socket follows the namespace's default: reno");
	close(fd);
	net_sysctl_read(NET_B, "net/ipv4/tcp_congestion_control", cur,
			sizeof(cur));
	if (strcmp(cur, guest_cc))
		tst_res(TFAIL, "the other namespace's default became %s", cur);
	else
		tst_res(TPASS, "the other namespace keeps the guest's %s", cur);
	fd = net_socket(NET_B, AF_INET, SOCK_STREAM);
	if (strcmp(cc_of(fd), guest_cc))
		tst_res(TFAIL, "new socket there: %s", cc_of(fd));
	close(fd);
	net_enter(NET_A);
	{
		int ret = sysctl_write("no_such_cc");

		if (ret == -ENOENT)
			tst_res(TPASS, "sysctl to an unknown name: ENOENT");
		else
			tst_res(TFAIL, "sysctl to an unknown name: %s",
				ret ? tst_strerrno(-ret) : "accepted");
	}

	fd = net_socket(NET_A, AF_INET, SOCK_STREAM);
	TST_EXP_FAIL(set_cc(fd, "no_such_cc"), ENOENT,
		     "TCP_CONGESTION no_such_cc");
	if (strcmp(cc_of(fd), "reno"))
		tst_res(TFAIL, "after the failed set: %s", cc_of(fd));
	if (set_cc(fd, "vegas") == 0 && !strcmp(cc_of(fd), "vegas"))
		tst_res(TPASS, "TCP_CONGESTION vegas reads back");
	else
		tst_res(TCONF | TERRNO, "no vegas");
	close(fd);

	/* accepted sockets inherit the listener's algorithm */
	lfd = net_listener(NET_B, AF_INET, &ss);
	if (set_cc(lfd, "reno"))
		tst_brk(TBROK | TERRNO, "TCP_CONGESTION reno on the listener");
	cfd = net_connect(NET_A, &ss);
	sfd = net_accept(lfd);
	if (strcmp(cc_of(sfd), "reno"))
		tst_res(TFAIL, "accepted socket: %s, listener: reno",
			cc_of(sfd));
	else
		tst_res(TPASS, "accepted socket inherits reno from its listener");
	close(cfd);
	close(sfd);
	close(lfd);

	if (!pw)
		tst_brk(TBROK, "no user nobody");
	fd = net_socket(NET_A, AF_INET, SOCK_STREAM);
	pid = SAFE_FORK();
	if (!pid) {
		SAFE_SETGID(pw->pw_gid);
		SAFE_SETUID(pw->pw_uid);
		TST_EXP_FAIL(set_cc(fd, "vegas"), EPERM,
			     "unprivileged TCP_CONGESTION vegas");
		TST_EXP_PASS(set_cc(fd, "reno"),
			     "unprivileged TCP_CONGESTION reno");
		exit(0);
	}
	reap_child(pid);
	close(fd);

	transfer("reno");
	transfer("cubic");
	transfer("bbr");
	transfer("vegas");
}

static void setup(void)
{
	/* new namespaces start with the guest's default */
	SAFE_FILE_SCANF("/proc/sys/net/ipv4/tcp_congestion_control", "%31s",
			guest_cc);
	if (!strcmp(guest_cc, "reno"))
		tst_brk(TCONF, "the guest's default is reno already");
	net_hosts_setup();
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.forks_child = 1,
	.timeout = 90,
};
