// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * SO_BINDTODEVICE between two namespaces (the remote host also has a
 * dummy link dum0), IPv4 UDP:
 * - getsockopt() returns the bound name; a missing device is ENODEV;
 * - a socket bound to dum0 in the remote host does not get a datagram
 *   that arrives on net0: the sender's connected socket gets
 *   ECONNREFUSED (ICMP port unreachable) instead; bound to net0 it gets
 *   it;
 * - a sending socket bound to the local dum0 sends nothing over net0:
 *   after unbinding (empty name) the next datagram is the first the
 *   remote host receives;
 * - an unprivileged user may bind an unbound socket, but changing the
 *   device of a bound one needs CAP_NET_RAW: EPERM.
 */
#include <pwd.h>
#include "tst_test.h"
#include "net_hosts.h"
#include "socket_helpers.h"

static int bind_dev(int fd, const char *name)
{
	return setsockopt(fd, SOL_SOCKET, SO_BINDTODEVICE, name,
			  strlen(name) + 1);
}

static void setup(void)
{
	sock_pin_cpu();
	net_hosts_setup();
	RTNL_SAFE(rtnl_link_add("dum0", "dummy"));
	RTNL_SAFE(rtnl_link_up(rtnl_ifindex("dum0")));
	net_enter(NET_B);
	RTNL_SAFE(rtnl_link_add("dum0", "dummy"));
	RTNL_SAFE(rtnl_link_up(rtnl_ifindex("dum0")));
	net_enter(NET_A);
}

static void run(void)
{
	struct sockaddr_storage ba, any;
	struct passwd *pw = getpwnam("nobody");
	char name[IFNAMSIZ + 8], buf[32];
	socklen_t len = sizeof(name);
	int r, s, i, got = 0;
	ssize_t n;
	pid_t pid;

	/* receive side: bound to dum0, a datagram on net0 is refused */
	r = net_socket(NET_B, AF_INET, SOCK_DGRAM);
	TST_EXP_FAIL(bind_dev(r, "nosuchdev0"), ENODEV,
		     "SO_BINDTODEVICE to a missing device");
	if (bind_dev(r, "dum0"))
		tst_brk(TBROK | TERRNO, "SO_BINDTODEVICE dum0");
	memset(name, 0, sizeof(name));
	if (getsockopt(r, SOL_SOCKET, SO_BINDTODEVICE, name, &len))
		tst_brk(TBROK | TERRNO, "getsockopt(SO_BINDTODEVICE)");
	if (strcmp(name, "dum0"))
		tst_res(TFAIL, "getsockopt(SO_BINDTODEVICE): '%s'", name);
	else
		tst_res(TPASS, "getsockopt(SO_BINDTODEVICE): dum0");
	net_addr(NET_B, AF_INET, 0, &ba);
	memset(&any, 0, sizeof(any));
	any.ss_family = AF_INET;
	if (bind(r, (struct sockaddr *)&any, sizeof(struct sockaddr_in)))
		tst_brk(TBROK | TERRNO, "bind()");
	len = sizeof(any);
	getsockname(r, (struct sockaddr *)&any, &len);
	((struct sockaddr_in *)&ba)->sin_port =
		((struct sockaddr_in *)&any)->sin_port;

	s = net_socket(NET_A, AF_INET, SOCK_DGRAM);
	if (connect(s, (struct sockaddr *)&ba, sizeof(struct sockaddr_in)))
		tst_brk(TBROK | TERRNO, "connect()");
	/* ICMP errors are rate limited: send again if none came back */
	for (i = 0; i < 5; i++) {
		send(s, "x", 1, 0);
		if (net_poll(s, POLLIN, 2000) & POLLERR)
			break;
	}
	TST_EXP_FAIL(recv(s, buf, sizeof(buf), MSG_DONTWAIT), ECONNREFUSED,
		     "datagram to a socket bound to another device");
	net_enter(NET_B);
	if (bind_dev(r, "net0"))
		tst_brk(TBROK | TERRNO, "SO_BINDTODEVICE net0");
	if (send(s, "on net0", 7, 0) != 7)
		tst_brk(TBROK | TERRNO, "send()");
	net_wait(r, POLLIN);
	while ((n = recv(r, buf, sizeof(buf), MSG_DONTWAIT)) > 0)
		if (n == 7 && !memcmp(buf, "on net0", 7))
			got = 1;
	if (got)
		tst_res(TPASS, "bound to net0: the datagram arrives");
	else
		tst_res(TFAIL, "bound to net0: the datagram did not arrive");

	/* send side: bound to the local dum0, nothing crosses net0 */
	net_enter(NET_A);
	close(s);
	s = net_socket(NET_A, AF_INET, SOCK_DGRAM);
	if (bind_dev(s, "dum0"))
		tst_brk(TBROK | TERRNO, "SO_BINDTODEVICE dum0 (sender)");
	sendto(s, "via dum0", 8, 0, (struct sockaddr *)&ba,
	       sizeof(struct sockaddr_in));
	if (setsockopt(s, SOL_SOCKET, SO_BINDTODEVICE, "", 0))
		tst_brk(TBROK | TERRNO, "SO_BINDTODEVICE \"\"");
	if (sendto(s, "sentinel", 8, 0, (struct sockaddr *)&ba,
		   sizeof(struct sockaddr_in)) != 8)
		tst_brk(TBROK | TERRNO, "sendto()");
	net_wait(r, POLLIN);
	n = recv(r, buf, sizeof(buf), MSG_DONTWAIT);
	if (n == 8 && !memcmp(buf, "sentinel", 8))
		tst_res(TPASS, "sender bound to dum0: nothing went over net0");
	else
		tst_res(TFAIL, "sender bound to dum0: first datagram '%.*s'",
			(int)(n > 0 ? n : 0), buf);
	close(s);
	close(r);

	/* unprivileged: bind an unbound socket yes, rebind no */
	if (!pw)
		tst_brk(TBROK, "no user nobody");
	net_enter(NET_A);
	s = net_socket(NET_A, AF_INET, SOCK_DGRAM);
	r = net_socket(NET_A, AF_INET, SOCK_DGRAM);
	if (bind_dev(r, "net0"))
		tst_brk(TBROK | TERRNO, "SO_BINDTODEVICE net0");
	pid = SAFE_FORK();
	if (!pid) {
		SAFE_SETGID(pw->pw_gid);
		SAFE_SETUID(pw->pw_uid);
		TST_EXP_PASS(bind_dev(s, "net0"),
			     "unprivileged SO_BINDTODEVICE of an unbound socket");
		TST_EXP_FAIL(bind_dev(r, "dum0"), EPERM,
			     "unprivileged SO_BINDTODEVICE of a bound socket");
		exit(0);
	}
	reap_child(pid);
	close(s);
	close(r);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.forks_child = 1,
	.timeout = 60,
};
