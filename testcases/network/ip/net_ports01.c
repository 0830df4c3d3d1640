// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Local port sysctls of a network namespace:
 * - a new namespace starts with ip_local_port_range "32768 60999",
 *   ip_unprivileged_port_start 1024 and no ip_local_reserved_ports;
 * - ip_local_port_range refuses (EINVAL, value kept) a range whose upper
 *   end is below its lower one, a lower end below
 *   ip_unprivileged_port_start, 0 and 65536; a range of one port is
 *   taken; ip_unprivileged_port_start refuses a value above the range's
 *   lower end, -1 and 65536;
 * - ip_unprivileged_port_start 500: an unprivileged user binds port 500
 *   but gets EACCES for 499 (root binds it), IPv4 and IPv6; with 0 the
 *   user binds port 1;
 * - ip_local_reserved_ports (read back in its list form) with a range of
 *   4 ports, 3 of them reserved: bind(0) gets the fourth, TCP and UDP,
 *   then EADDRINUSE; UDP connect() of an unbound socket EAGAIN; a
 *   reserved port is still bound when asked for by number; TCP connect()
 *   autobinds the free port, a second connection to the same listener
 *   EADDRNOTAVAIL; a write of 0 bytes leaves the list, an empty line
 *   empties it, and four bind(0) then get all four ports; port 65536 in
 *   the list is EINVAL;
 * - the reservation and the range of one namespace leave another's alone.
 * IPv4 and IPv6, each in a fresh namespace.
 */
#include <pwd.h>
#include <sys/wait.h>
#include "tst_test.h"
#include "net_hosts.h"

static int fam;

/* Write val to a net.ipv4 sysctl: 0 or errno. */
static int sysctl_write(const char *name, const char *val)
{
	char p[128];
	int fd, ret = 0;

	snprintf(p, sizeof(p), "/proc/sys/net/ipv4/%s", name);
	fd = open(p, O_WRONLY);
	if (fd < 0)
		tst_brk(TBROK | TERRNO, "open(%s)", p);
	if (write(fd, val, strlen(val)) < 0)
		ret = errno;
	close(fd);
	return ret;
}

static void sysctl_read(const char *name, char *buf, size_t len)
{
	char p[128];
	ssize_t n;
	int fd;

	snprintf(p, sizeof(p), "/proc/sys/net/ipv4/%s", name);
	fd = open(p, O_RDONLY);
	if (fd < 0)
		tst_brk(TBROK | TERRNO, "open(%s)", p);
	n = read(fd, buf, len - 1);
	if (n < 0)
		tst_brk(TBROK | TERRNO, "read(%s)", p);
	buf[n] = 0;
	while (n && (buf[n - 1] == '\n' || buf[n - 1] == ' '))
		buf[--n] = 0;
	close(fd);
}

/* The sysctl reads back want (tabs and spaces compared as one space). */
static void expect_sysctl(const char *name, const char *want,
			  const char *ctx)
{
	char buf[256], *p;

	sysctl_read(name, buf, sizeof(buf));
	for (p = buf; *p; p++)
		if (*p == '\t')
			*p = ' ';
	if (!strcmp(buf, want))
		tst_res(TPASS, "%s: %s reads '%s'", ctx, name, buf);
	else
		tst_res(TFAIL, "%s: %s reads '%s', expected '%s'", ctx, name,
			buf, want);
}

static void expect_write(const char *name, const char *val, int err)
{
	int ret = sysctl_write(name, val);
	const char *shown = strcmp(val, "\n") ? val : "\\n";

	if (ret == err)
		tst_res(TPASS, "%s = '%s': %s", name, shown,
			err ? tst_strerrno(err) : "accepted");
	else
		tst_res(TFAIL, "%s = '%s': %s, expected %s", name, shown,
			ret ? tst_strerrno(ret) : "accepted",
			err ? tst_strerrno(err) : "success");
}

static socklen_t lo_addr(unsigned short port, struct sockaddr_storage *ss)
{
	memset(ss, 0, sizeof(*ss));
	ss->ss_family = fam;
	if (fam == AF_INET) {
		struct sockaddr_in *s = (struct sockaddr_in *)ss;

		s->sin_port = htons(port);
		s->sin_addr.s_addr = htonl(INADDR_LOOPBACK);
		return sizeof(*s);
	}
	((struct sockaddr_in6 *)ss)->sin6_port = htons(port);
	((struct sockaddr_in6 *)ss)->sin6_addr = in6addr_loopback;
	return sizeof(struct sockaddr_in6);
}

/* bind() a new socket of type to loopback port: fd, or -errno. */
static int try_bind(int type, unsigned short port)
{
	struct sockaddr_storage ss;
	socklen_t len = lo_addr(port, &ss);
	int fd = socket(fam, type | SOCK_CLOEXEC, 0), err;

	if (fd < 0)
		tst_brk(TBROK | TERRNO, "socket()");
	if (!bind(fd, (struct sockaddr *)&ss, len))
		return fd;
	err = errno;
	close(fd);
	return -err;
}

static int local_port(int fd)
{
	struct sockaddr_storage ss;
	socklen_t len = sizeof(ss);

	if (getsockname(fd, (struct sockaddr *)&ss, &len))
		tst_brk(TBROK | TERRNO, "getsockname()");
	return net_port(&ss);
}

/* A fresh namespace (NET_A) for one family's run; another one beside. */
static void fresh_ns(void)
{
	int h;

	for (h = 0; h < NET_NHOSTS; h++) {
		if (net_nsfd[h] >= 0)
			close(net_nsfd[h]);
		net_nsfd[h] = -1;
	}
	net_cur = -1;
	net_ns_new(NET_B);
	net_ns_new(NET_A);
}

static void test_limits(void)
{
	expect_sysctl("ip_local_port_range", "32768 60999", "new namespace");
	expect_sysctl("ip_unprivileged_port_start", "1024", "new namespace");
	expect_sysctl("ip_local_reserved_ports", "", "new namespace");

	expect_write("ip_local_port_range", "2000 1999", EINVAL);
	expect_write("ip_local_port_range", "1023 2000", EINVAL);
	expect_write("ip_local_port_range", "0 2000", EINVAL);
	expect_write("ip_local_port_range", "2000 65536", EINVAL);
	expect_sysctl("ip_local_port_range", "32768 60999", "after EINVALs");
	expect_write("ip_local_port_range", "1024 1024", 0);
	expect_sysctl("ip_local_port_range", "1024 1024", "one port");
	expect_write("ip_unprivileged_port_start", "1025", EINVAL);
	expect_write("ip_unprivileged_port_start", "-1", EINVAL);
	expect_write("ip_unprivileged_port_start", "65536", EINVAL);
	expect_sysctl("ip_unprivileged_port_start", "1024", "after EINVALs");
	expect_write("ip_local_reserved_ports", "65536", EINVAL);
}

/* In a child as nobody: bind() port ok, port - 1 EACCES (port > 0). */
static void user_binds(unsigned short port)
{
	struct passwd *pw = getpwnam("nobody");
	pid_t pid;
	int fd;

	if (!pw)
		tst_brk(TBROK, "no user nobody");
	pid = SAFE_FORK();
	if (!pid) {
		if (setresgid(pw->pw_gid, pw->pw_gid, pw->pw_gid) ||
		    setresuid(pw->pw_uid, pw->pw_uid, pw->pw_uid))
			tst_brk(TBROK | TERRNO, "setresuid(nobody)");
		fd = try_bind(SOCK_STREAM, port);
		if (fd >= 0)
			tst_res(TPASS, "user binds port %u", port);
		else
			tst_res(TFAIL, "user binds port %u: %s", port,
				tst_strerrno(-fd));
		if (fd >= 0)
			close(fd);
		if (port > 1) {
			fd = try_bind(SOCK_STREAM, port - 1);
			if (fd == -EACCES)
				tst_res(TPASS, "user binds port %u: EACCES",
					port - 1);
			else
				tst_res(TFAIL, "user binds port %u: %s", port - 1,
					fd >= 0 ? "succeeded" :
					tst_strerrno(-fd));
		}
		exit(0);
	}
	reap_child(pid);
}

static void test_privileged(void)
{
	int fd;

	expect_write("ip_unprivileged_port_start", "500", 0);
	user_binds(500);
	fd = try_bind(SOCK_STREAM, 499);
	if (fd >= 0) {
		tst_res(TPASS, "root binds port 499");
		close(fd);
	} else {
		tst_res(TFAIL, "root binds port 499: %s", tst_strerrno(-fd));
	}
	expect_write("ip_unprivileged_port_start", "0", 0);
	user_binds(1);
	expect_write("ip_unprivileged_port_start", "1024", 0);
}

static void expect_port(int fd, int want, const char *ctx)
{
	if (fd < 0)
		tst_res(TFAIL, "%s: %s", ctx, tst_strerrno(-fd));
	else
		NET_EXP_EQ(local_port(fd), want, ctx);
}

static void expect_err(int ret, int err, const char *ctx)
{
	if (ret == -err)
		tst_res(TPASS, "%s: %s", ctx, tst_strerrno(err));
	else
		tst_res(TFAIL, "%s: %s, expected %s", ctx,
			ret >= 0 ? "succeeded" : tst_strerrno(-ret),
			tst_strerrno(err));
}

static int try_connect(int fd, unsigned short port)
{
	struct sockaddr_storage ss;
	socklen_t len = lo_addr(port, &ss);

	if (connect(fd, (struct sockaddr *)&ss, len))
		return -errno;
	return 0;
}

static void test_reserved(void)
{
	int t1, t2, u1, u2, r, c1, c2, lfd, uc, ret, us[4], i;
	unsigned int seen = 0;
	char buf[64];

	expect_write("ip_local_port_range", "40000 40003", 0);
	expect_write("ip_local_reserved_ports", "40000-40002,41000", 0);
	expect_sysctl("ip_local_reserved_ports", "40000-40002,41000",
		      "list");

	t1 = try_bind(SOCK_STREAM, 0);
	expect_port(t1, 40003, "TCP bind(0) with 3 of 4 ports reserved");
	t2 = try_bind(SOCK_STREAM, 0);
	expect_err(t2, EADDRINUSE, "second TCP bind(0)");
	u1 = try_bind(SOCK_DGRAM, 0);
	expect_port(u1, 40003, "UDP bind(0) with 3 of 4 ports reserved");
	u2 = try_bind(SOCK_DGRAM, 0);
	expect_err(u2, EADDRINUSE, "second UDP bind(0)");
	uc = socket(fam, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	if (uc < 0)
		tst_brk(TBROK | TERRNO, "socket()");
	expect_err(try_connect(uc, 9), EAGAIN, "UDP connect() autobind");
	close(uc);
	r = try_bind(SOCK_STREAM, 40001);
	expect_port(r, 40001, "TCP bind() to a reserved port by number");

	/* free the port for connect() */
	if (t1 >= 0)
		close(t1);
	if (r >= 0)
		close(r);
	lfd = try_bind(SOCK_STREAM, 5000);
	if (lfd < 0 || listen(lfd, 8))
		tst_brk(TBROK, "listener on port 5000");
	c1 = socket(fam, SOCK_STREAM | SOCK_CLOEXEC, 0);
	c2 = socket(fam, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (c1 < 0 || c2 < 0)
		tst_brk(TBROK | TERRNO, "socket()");
	ret = try_connect(c1, 5000);
	if (ret)
		tst_res(TFAIL, "TCP connect(): %s", tst_strerrno(-ret));
	else
		expect_port(c1, 40003, "TCP connect() autobind");
	expect_err(try_connect(c2, 5000), EADDRNOTAVAIL,
		   "second TCP connect() to the same listener");
	close(c1);
	close(c2);
	close(lfd);
	if (u1 >= 0)
		close(u1);

	/* another namespace: its own (empty) list and default range */
	net_enter(NET_B);
	sysctl_read("ip_local_reserved_ports", buf, sizeof(buf));
	if (!buf[0])
		tst_res(TPASS, "another namespace reserves no ports");
	else
		tst_res(TFAIL, "another namespace reserves '%s'", buf);
	expect_sysctl("ip_local_port_range", "32768 60999",
		      "another namespace");
	net_enter(NET_A);

	/* a write of 0 bytes changes nothing; an empty line empties it */
	expect_write("ip_local_reserved_ports", "", 0);
	expect_sysctl("ip_local_reserved_ports", "40000-40002,41000",
		      "after an empty write");
	expect_write("ip_local_reserved_ports", "\n", 0);
	expect_sysctl("ip_local_reserved_ports", "", "emptied");
	for (i = 0; i < 4; i++) {
		us[i] = try_bind(SOCK_DGRAM, 0);
		if (us[i] < 0)
			continue;
		ret = local_port(us[i]);
		seen |= ret >= 40000 && ret <= 40003 ? 1U << (ret - 40000) :
			0x100;
	}
	if (seen == 0xf)
		tst_res(TPASS, "4 UDP bind(0) with no reservation: ports 40000-40003");
	else
		tst_res(TFAIL, "4 UDP bind(0) with no reservation: port mask 0x%x",
			seen);
	for (i = 0; i < 4; i++)
		if (us[i] >= 0)
			close(us[i]);
}

static void run(void)
{
	int i;

	for (i = 0; i < 2; i++) {
		fam = i ? AF_INET6 : AF_INET;
		tst_res(TINFO, "%s", i ? "IPv6" : "IPv4");
		fresh_ns();
		if (!i)
			test_limits();
		test_privileged();
		test_reserved();
	}
}

static struct tst_test test = {
	.test_all = run,
	.needs_root = 1,
	.forks_child = 1,
};
