// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * accept() (made with syscall(): glibc may route it to accept4): on a
 * TCP listener on 127.0.0.1 it returns a new connected socket whose
 * peer is the client (the address written back, addrlen set to 16, and
 * getpeername() agreeing), which carries data both ways; NULL addr is
 * allowed; a short addrlen truncates the address and still reports the
 * full length; the new socket is blocking and not close-on-exec even
 * when the listener is O_NONBLOCK (the old call has no flags). On an
 * AF_UNIX stream listener it works the same. EAGAIN on a non-blocking
 * listener with no pending connection, EINVAL for a socket that is not
 * listening and for a negative addrlen, EOPNOTSUPP for a datagram socket,
 * ENOTSOCK for a regular file, EBADF for an fd not open, EFAULT for an
 * unmapped address, EINTR when a signal without SA_RESTART interrupts a
 * blocking accept().
 */
#include <signal.h>
#include "socket_helpers.h"
#include "fd_checks.h"
#include "time_event.h"

static void *bad_addr;

static long sys_accept(int fd, void *addr, socklen_t *len)
{
	return syscall(__NR_accept, fd, addr, len);
}

/*
 * Connect to the listener lfd on addr and return the client socket once
 * the connection is queued on lfd. connect() returns when the client has
 * the SYN-ACK; the final ACK that makes the listener queue the connection
 * is still on its way over loopback, so a non-blocking accept() at once
 * may find nothing (EAGAIN). If it never comes, the accept() that follows
 * says so.
 */
static int connect_to(int lfd, const struct sockaddr_in *addr)
{
	int c = SAFE_SOCKET(AF_INET, SOCK_STREAM, 0);

	if (connect(c, (const struct sockaddr *)addr, sizeof(*addr)))
		tst_brk(TBROK | TERRNO, "connect()");
	sock_wait(lfd, POLLIN);
	return c;
}

static void test_tcp(void)
{
	struct sockaddr_in laddr, caddr, peer, got;
	socklen_t len = sizeof(got), clen = sizeof(caddr);
	int lfd = listener4(&laddr), c, s, fl;
	char buf[4];

	fl = fcntl(lfd, F_GETFL);
	fcntl(lfd, F_SETFL, fl | O_NONBLOCK);
	c = connect_to(lfd, &laddr);
	getsockname(c, (struct sockaddr *)&caddr, &clen);
	memset(&got, 0xa5, sizeof(got));
	TST_EXP_FD(sys_accept(lfd, &got, &len), "accept(listener, &addr)");
	if (!TST_PASS)
		return;
	s = TST_RET;
	TST_EXP_EXPR(len == sizeof(got) && got.sin_family == AF_INET &&
		     got.sin_port == caddr.sin_port &&
		     got.sin_addr.s_addr == caddr.sin_addr.s_addr,
		     "address written back is the client's (len %u, port %u "
		     "vs %u)", len, ntohs(got.sin_port),
		     ntohs(caddr.sin_port));
	len = sizeof(peer);
	getpeername(s, (struct sockaddr *)&peer, &len);
	TST_EXP_EXPR(peer.sin_port == caddr.sin_port,
		     "getpeername() of the new socket agrees");
	TST_EXP_EXPR(fd_flags_are(s, 0, 0), "the new socket is blocking and "
		     "not close-on-exec, though the listener is O_NONBLOCK");
	SAFE_WRITE(1, c, "ping", 4);
	SAFE_READ(1, s, buf, 4);
	SAFE_WRITE(1, s, "pong", 4);
	SAFE_READ(1, c, buf, 4);
	TST_EXP_EXPR(!memcmp(buf, "pong", 4), "data flows both ways");
	SAFE_CLOSE(s);
	SAFE_CLOSE(c);

	c = connect_to(lfd, &laddr);
	TST_EXP_FD(sys_accept(lfd, NULL, NULL), "accept(listener, NULL, NULL)");
	if (TST_PASS)
		close(TST_RET);
	SAFE_CLOSE(c);

	c = connect_to(lfd, &laddr);
	memset(&got, 0, sizeof(got));
	len = sizeof(sa_family_t);
	TST_EXP_FD(sys_accept(lfd, &got, &len), "accept(addrlen 2)");
	if (TST_PASS)
		close(TST_RET);
	TST_EXP_EXPR(len == sizeof(got) && got.sin_family == AF_INET &&
		     got.sin_port == 0 && got.sin_addr.s_addr == 0,
		     "only the family written, addrlen says the full %u", len);
	SAFE_CLOSE(c);

	TST_EXP_FAIL(sys_accept(lfd, NULL, NULL), EAGAIN,
		     "accept(non-blocking listener, nothing pending)");

	c = connect_to(lfd, &laddr);
	TST_EXP_FAIL(sys_accept(lfd, bad_addr, &len), EFAULT,
		     "accept(unmapped address)");
	SAFE_CLOSE(c);
	c = connect_to(lfd, &laddr);
	len = -1;
	TST_EXP_FAIL(sys_accept(lfd, &got, &len), EINVAL,
		     "accept(addrlen -1)");
	SAFE_CLOSE(c);
	SAFE_CLOSE(lfd);
}

static void test_unix(void)
{
	struct sockaddr_un sun, got;
	socklen_t alen, len = sizeof(got);
	int lfd, c, s;

	sun = unix_addr("sock", &alen);
	lfd = SAFE_SOCKET(AF_UNIX, SOCK_STREAM, 0);
	if (bind(lfd, (struct sockaddr *)&sun, alen) || listen(lfd, 1))
		tst_brk(TBROK | TERRNO, "bind()/listen() AF_UNIX");
	c = SAFE_SOCKET(AF_UNIX, SOCK_STREAM, 0);
	if (connect(c, (struct sockaddr *)&sun, alen))
		tst_brk(TBROK | TERRNO, "connect(AF_UNIX)");
	TST_EXP_FD(sys_accept(lfd, &got, &len), "accept(AF_UNIX listener)");
	if (TST_PASS) {
		TST_EXP_EXPR(got.sun_family == AF_UNIX &&
			     len == sizeof(sa_family_t),
			     "the unbound client's address is unnamed (len "
			     "%u)", len);
		s = TST_RET;
		SAFE_WRITE(1, s, "x", 1);
		SAFE_CLOSE(s);
	}
	SAFE_CLOSE(c);
	SAFE_CLOSE(lfd);
	SAFE_UNLINK("sock");
}

static void on_alarm(int sig)
{
	(void)sig;
}

static void test_errors(void)
{
	struct sockaddr_in laddr;
	int fd, lfd;
	pid_t pid;

	fd = SAFE_SOCKET(AF_INET, SOCK_STREAM, 0);
	TST_EXP_FAIL(sys_accept(fd, NULL, NULL), EINVAL,
		     "accept(socket not listening)");
	SAFE_CLOSE(fd);
	fd = bound4(SOCK_DGRAM, NULL);
	TST_EXP_FAIL(sys_accept(fd, NULL, NULL), EOPNOTSUPP,
		     "accept(UDP socket)");
	SAFE_CLOSE(fd);
	fd = SAFE_OPEN("file", O_CREAT | O_RDWR, 0644);
	TST_EXP_FAIL(sys_accept(fd, NULL, NULL), ENOTSOCK,
		     "accept(regular file)");
	SAFE_CLOSE(fd);
	TST_EXP_FAIL(sys_accept(1000, NULL, NULL), EBADF,
		     "accept(fd 1000, not open)");

	lfd = listener4(&laddr);
	pid = SAFE_FORK();
	if (!pid) {
		tev_sigaction(SIGUSR1, on_alarm, 0);
		TST_EXP_FAIL(sys_accept(lfd, NULL, NULL), EINTR,
			     "blocking accept() interrupted by a signal");
		exit(0);
	}
	wait_task_in_syscall(pid, __NR_accept);
	SAFE_KILL(pid, SIGUSR1);
	reap_child(pid);
	SAFE_CLOSE(lfd);
}

static void run(unsigned int n)
{
	if (n == 0)
		test_tcp();
	else if (n == 1)
		test_unix();
	else
		test_errors();
}

static void setup(void)
{
	require_loopback();
	bad_addr = tev_bad_addr();
}

static struct tst_test test = {
	.tcnt = 3,
	.test = run,
	.setup = setup,
	.needs_tmpdir = 1,
	.forks_child = 1,
};
