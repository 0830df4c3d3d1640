// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * SO_REUSEPORT between two namespaces, IPv4 and IPv6:
 * - a second listener on the same address and port is EADDRINUSE
 *   without SO_REUSEPORT, and EADDRINUSE for another user even with it
 *   (the group is tied to the first socket's owner);
 * - four listeners of one user share the port: 64 connections from 64
 *   source ports are each accepted by exactly one of them, and every
 *   listener gets some (the kernel hashes the 4-tuple over the group;
 *   all 64 on three or fewer has odds below 1e-7);
 * - after one listener is closed, the next 16 connections all go to the
 *   three that are left, and none is lost.
 */
#include <pwd.h>
#include "tst_test.h"
#include "net_hosts.h"

#define NL 4
#define NCONN 64

static int lst[NL];

static int reuse_listener(int family, struct sockaddr_storage *ss, int reuse)
{
	int fd = net_socket(NET_B, family, SOCK_STREAM), one = 1;

	if (reuse && setsockopt(fd, SOL_SOCKET, SO_REUSEPORT, &one,
				sizeof(one)))
		tst_brk(TBROK | TERRNO, "setsockopt(SO_REUSEPORT)");
	if (bind(fd, (struct sockaddr *)ss, sizeof(*ss))) {
		int err = errno;

		close(fd);
		errno = err;
		return -1;
	}
	if (listen(fd, NCONN))
		tst_brk(TBROK | TERRNO, "listen()");
	return fd;
}

/* Connect n clients, accept each on whichever listener has it. */
static void spread(int family, struct sockaddr_storage *ss, int n,
		   int *count)
{
	int cli[NCONN], i, j, got = 0;
	struct pollfd pfd[NL];

	for (i = 0; i < n; i++)
		cli[i] = net_connect(NET_A, ss);
	while (got < n) {
		for (j = 0; j < NL; j++) {
			pfd[j].fd = lst[j];
			pfd[j].events = POLLIN;
		}
		if (poll(pfd, NL, net_ms(30000)) <= 0)
			tst_brk(TBROK, "%d of %d connections accepted", got, n);
		for (j = 0; j < NL; j++) {
			if (lst[j] >= 0 && pfd[j].revents & POLLIN) {
				int fd = accept(lst[j], NULL, NULL);

				if (fd < 0)
					tst_brk(TBROK | TERRNO, "accept()");
				close(fd);
				count[j]++;
				got++;
			}
		}
	}
	for (i = 0; i < n; i++)
		close(cli[i]);
	(void)family;
}

static void run(unsigned int n)
{
	int family = n ? AF_INET6 : AF_INET;
	struct sockaddr_storage ss;
	int count[NL] = { 0 }, i, fd, min = NCONN, sum = 0;
	struct passwd *pw = getpwnam("nobody");
	pid_t pid;

	tst_res(TINFO, "%s", n ? "IPv6" : "IPv4");
	net_addr(NET_B, family, 0, &ss);
	lst[0] = reuse_listener(family, &ss, 1);
	if (lst[0] < 0)
		tst_brk(TBROK | TERRNO, "bind()");
	{
		socklen_t len = sizeof(ss);

		getsockname(lst[0], (struct sockaddr *)&ss, &len);
	}
	fd = reuse_listener(family, &ss, 0);
	if (fd < 0 && errno == EADDRINUSE)
		tst_res(TPASS, "without SO_REUSEPORT: EADDRINUSE");
	else
		tst_res(TFAIL | TERRNO, "without SO_REUSEPORT: bind() %s",
			fd < 0 ? "failed" : "succeeded");
	if (fd >= 0)
		close(fd);
	if (!pw)
		tst_brk(TBROK, "no user nobody");
	pid = SAFE_FORK();
	if (!pid) {
		SAFE_SETGID(pw->pw_gid);
		SAFE_SETUID(pw->pw_uid);
		fd = reuse_listener(family, &ss, 1);
		if (fd < 0 && errno == EADDRINUSE)
			tst_res(TPASS, "another user with SO_REUSEPORT: EADDRINUSE");
		else
			tst_res(TFAIL | TERRNO, "another user with SO_REUSEPORT: bind() %s",
				fd < 0 ? "failed" : "succeeded");
		exit(0);
	}
	reap_child(pid);

	for (i = 1; i < NL; i++) {
		lst[i] = reuse_listener(family, &ss, 1);
		if (lst[i] < 0)
			tst_brk(TBROK | TERRNO, "bind() of listener %d", i);
	}
	spread(family, &ss, NCONN, count);
	for (i = 0; i < NL; i++) {
		sum += count[i];
		if (count[i] < min)
			min = count[i];
	}
	tst_res(TINFO, "accepted per listener: %d %d %d %d", count[0],
		count[1], count[2], count[3]);
	NET_EXP_EQ(sum, NCONN, "connections accepted");
	if (min > 0)
		tst_res(TPASS, "every listener of the group got connections");
	else
		tst_res(TFAIL, "a listener of the group got none");

	close(lst[2]);
	lst[2] = -1;
	memset(count, 0, sizeof(count));
	{
		/* a closed listener's fd is not polled: -1 is skipped */
		spread(family, &ss, 16, count);
	}
	NET_EXP_EQ(count[0] + count[1] + count[3], 16,
		   "connections to the three left");
	for (i = 0; i < NL; i++)
		if (lst[i] >= 0)
			close(lst[i]);
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = net_hosts_setup,
	.needs_root = 1,
	.forks_child = 1,
	.timeout = 60,
};
