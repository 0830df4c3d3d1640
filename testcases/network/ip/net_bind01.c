// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Local port choice in the local host, IPv4 and IPv6, with
 * net.ipv4.ip_local_port_range narrowed to a single port P:
 * - IP_BIND_ADDRESS_NO_PORT reads back; bind() to the address and port
 *   0 leaves the port 0 (getsockname()); connect() then takes P;
 * - a second such socket connecting to another remote port gets the same
 *   P (the 4-tuples differ); a third towards the first remote port finds
 *   no free 4-tuple: EADDRNOTAVAIL; an unbound socket towards a third
 *   remote port shares P too;
 * - a plain bind() to port 0 needs P for itself: EADDRINUSE; bind() to
 *   P itself with IP_BIND_ADDRESS_NO_PORT set: EADDRINUSE;
 * - the peers see P as the source port of all three connections;
 * - IP_LOCAL_PORT_RANGE (6.3; Debian's 6.1 has it too): lo > hi and a
 *   2 byte option are EINVAL, 0 and lo == hi are taken, lo == hi reads
 *   back; with the namespace range Q .. Q+9, a socket range of the
 *   single port Q+5 gives Q+5 for bind(0) and for connect() after
 *   IP_BIND_ADDRESS_NO_PORT; bounds outside the namespace range are
 *   ignored (a port of Q .. Q+9).
 */
#include "tst_test.h"
#include "lapi/in.h"
#include "net_hosts.h"

#define PORT 40000
#define QPORT 41000

static int fam;

static socklen_t alen(void)
{
	return fam == AF_INET ? sizeof(struct sockaddr_in) :
	       sizeof(struct sockaddr_in6);
}

static void set_range(int lo, int hi)
{
	char buf[32];

	snprintf(buf, sizeof(buf), "%d %d", lo, hi);
	net_sysctl(NET_A, "net/ipv4/ip_local_port_range", buf);
}

static unsigned short local_port(int fd)
{
	struct sockaddr_storage ss;
	socklen_t len = sizeof(ss);

	if (getsockname(fd, (struct sockaddr *)&ss, &len))
		tst_brk(TBROK | TERRNO, "getsockname()");
	return net_port(&ss);
}

static unsigned short peer_port(int fd)
{
	struct sockaddr_storage ss;
	socklen_t len = sizeof(ss);

	if (getpeername(fd, (struct sockaddr *)&ss, &len))
		tst_brk(TBROK | TERRNO, "getpeername()");
	return net_port(&ss);
}

/* A local TCP socket bound to its address, port 0, with NO_PORT. */
static int noport_socket(void)
{
	struct sockaddr_storage ss;
	int fd = net_socket(NET_A, fam, SOCK_STREAM);

	if (setsockopt(fd, SOL_IP, IP_BIND_ADDRESS_NO_PORT, &(int){ 1 },
		       sizeof(int)))
		tst_brk(TBROK | TERRNO, "setsockopt(IP_BIND_ADDRESS_NO_PORT)");
	net_addr(NET_A, fam, 0, &ss);
	if (bind(fd, (struct sockaddr *)&ss, alen()))
		tst_brk(TBROK | TERRNO, "bind(port 0) with NO_PORT");
	return fd;
}

static void no_port(void)
{
	struct sockaddr_storage ss, dst[3];
	int lfd[3], cfd[4], sfd[3], i, fd, val;
	socklen_t len = sizeof(val);

	set_range(PORT, PORT);
	for (i = 0; i < 3; i++)
		lfd[i] = net_listener(NET_B, fam, &dst[i]);

	cfd[0] = noport_socket();
	if (getsockopt(cfd[0], SOL_IP, IP_BIND_ADDRESS_NO_PORT, &val, &len))
		tst_brk(TBROK | TERRNO, "getsockopt(IP_BIND_ADDRESS_NO_PORT)");
	NET_EXP_EQ(val, 1, "IP_BIND_ADDRESS_NO_PORT read back");
	NET_EXP_EQ(local_port(cfd[0]), 0, "port after bind() with NO_PORT");
	TST_EXP_PASS(net_connect_fd(cfd[0], &dst[0]) ? -1 : 0,
		     "connect() of the NO_PORT socket");
	NET_EXP_EQ(local_port(cfd[0]), PORT, "port taken at connect()");

	cfd[1] = noport_socket();
	TST_EXP_PASS(net_connect_fd(cfd[1], &dst[1]) ? -1 : 0,
		     "second NO_PORT socket to another remote port");
	NET_EXP_EQ(local_port(cfd[1]), PORT, "the second shares the port");

	cfd[2] = noport_socket();
	i = net_connect_fd(cfd[2], &dst[0]);
	if (i == EADDRNOTAVAIL)
		tst_res(TPASS, "third NO_PORT socket to the first remote port: EADDRNOTAVAIL");
	else
		tst_res(TFAIL, "third NO_PORT socket to the first remote port: %s, expected EADDRNOTAVAIL",
			tst_strerrno(i));

	cfd[3] = net_socket(NET_A, fam, SOCK_STREAM);
	TST_EXP_PASS(net_connect_fd(cfd[3], &dst[2]) ? -1 : 0,
		     "unbound socket to a third remote port");
	NET_EXP_EQ(local_port(cfd[3]), PORT, "the unbound one shares the port");

	fd = net_socket(NET_A, fam, SOCK_STREAM);
	net_addr(NET_A, fam, 0, &ss);
	TST_EXP_FAIL(bind(fd, (struct sockaddr *)&ss, alen()), EADDRINUSE,
		     "plain bind(port 0) with the one port in use");
	close(fd);
	fd = noport_socket();
	close(fd);
	fd = net_socket(NET_A, fam, SOCK_STREAM);
	if (setsockopt(fd, SOL_IP, IP_BIND_ADDRESS_NO_PORT, &(int){ 1 },
		       sizeof(int)))
		tst_brk(TBROK | TERRNO, "setsockopt(IP_BIND_ADDRESS_NO_PORT)");
	net_addr(NET_A, fam, PORT, &ss);
	TST_EXP_FAIL(bind(fd, (struct sockaddr *)&ss, alen()), EADDRINUSE,
		     "bind(%d) with NO_PORT", PORT);
	close(fd);

	sfd[0] = net_accept(lfd[0]);
	sfd[1] = net_accept(lfd[1]);
	sfd[2] = net_accept(lfd[2]);
	for (i = 0; i < 3; i++)
		NET_EXP_EQ(peer_port(sfd[i]), PORT, "source port at the peer");
	if (net_poll(lfd[0], POLLIN, 0))
		tst_res(TFAIL, "a second connection queued on the first listener");

	/* The peers close first: TIME_WAIT stays in the remote host. */
	for (i = 0; i < 3; i++) {
		close(sfd[i]);
		close(lfd[i]);
	}
	for (i = 0; i < 4; i++) {
		if (i != 2)
			net_wait(cfd[i], POLLIN);
		close(cfd[i]);
	}
}

static int set_sock_range(int fd, unsigned int lo, unsigned int hi,
			  socklen_t len)
{
	unsigned int v = hi << 16 | lo;

	return setsockopt(fd, SOL_IP, IP_LOCAL_PORT_RANGE, &v, len);
}

static void sock_range(void)
{
	struct sockaddr_storage ss, dst;
	int fd, lfd, sfd, cfd, got;
	unsigned int v = 0;
	socklen_t len = sizeof(v);

	fd = net_socket(NET_A, fam, SOCK_STREAM);
	if (set_sock_range(fd, QPORT, QPORT, sizeof(int)) &&
	    errno == ENOPROTOOPT) {
		tst_res(TCONF, "IP_LOCAL_PORT_RANGE: ENOPROTOOPT (a kernel before 6.3)");
		close(fd);
		return;
	}
	TST_EXP_FAIL(set_sock_range(fd, QPORT + 1, QPORT, sizeof(int)), EINVAL,
		     "IP_LOCAL_PORT_RANGE lo > hi");
	TST_EXP_FAIL(set_sock_range(fd, QPORT, QPORT, 2), EINVAL,
		     "IP_LOCAL_PORT_RANGE of 2 bytes");
	TST_EXP_PASS(set_sock_range(fd, 0, 0, sizeof(int)),
		     "IP_LOCAL_PORT_RANGE 0");
	set_range(QPORT, QPORT + 9);
	TST_EXP_PASS(set_sock_range(fd, QPORT + 5, QPORT + 5, sizeof(int)),
		     "IP_LOCAL_PORT_RANGE %d-%d", QPORT + 5, QPORT + 5);
	if (getsockopt(fd, SOL_IP, IP_LOCAL_PORT_RANGE, &v, &len))
		tst_brk(TBROK | TERRNO, "getsockopt(IP_LOCAL_PORT_RANGE)");
	NET_EXP_EQ(v, (unsigned int)(QPORT + 5) << 16 | (QPORT + 5),
		   "IP_LOCAL_PORT_RANGE read back");
	net_addr(NET_A, fam, 0, &ss);
	if (bind(fd, (struct sockaddr *)&ss, alen()))
		tst_brk(TBROK | TERRNO, "bind(port 0)");
	NET_EXP_EQ(local_port(fd), QPORT + 5, "bind(0) within the socket range");
	close(fd);

	lfd = net_listener(NET_B, fam, &dst);
	cfd = noport_socket();
	if (set_sock_range(cfd, QPORT + 5, QPORT + 5, sizeof(int)))
		tst_brk(TBROK | TERRNO, "setsockopt(IP_LOCAL_PORT_RANGE)");
	if (net_connect_fd(cfd, &dst))
		tst_brk(TBROK, "connect()");
	NET_EXP_EQ(local_port(cfd), QPORT + 5,
		   "connect() after NO_PORT within the socket range");
	sfd = net_accept(lfd);
	close(sfd);
	net_wait(cfd, POLLIN);
	close(cfd);
	close(lfd);

	fd = net_socket(NET_A, fam, SOCK_STREAM);
	if (set_sock_range(fd, 50000, 50001, sizeof(int)))
		tst_brk(TBROK | TERRNO, "setsockopt(IP_LOCAL_PORT_RANGE)");
	if (bind(fd, (struct sockaddr *)&ss, alen()))
		tst_brk(TBROK | TERRNO, "bind(port 0)");
	got = local_port(fd);
	if (got >= QPORT && got <= QPORT + 9)
		tst_res(TPASS, "socket range outside the namespace's ignored: port %d",
			got);
	else
		tst_res(TFAIL, "socket range 50000-50001 outside %d-%d gave port %d",
			QPORT, QPORT + 9, got);
	close(fd);
}

static void run(unsigned int n)
{
	fam = n ? AF_INET6 : AF_INET;
	tst_res(TINFO, "%s", n ? "IPv6" : "IPv4");
	no_port();
	sock_range();
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
	.timeout = 60,
};
