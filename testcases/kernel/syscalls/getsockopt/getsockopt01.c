// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * getsockopt() reports the socket's state:
 *  - SO_ERROR after a non-blocking connect() to a port nobody listens on:
 *    ECONNREFUSED once, and 0 when read again (reading clears it);
 *  - SO_ACCEPTCONN: 0 before listen(), 1 after;
 *  - SO_PEERCRED of an AF_UNIX connection: the pid, uid and gid of the
 *    peer when it connected (a child), of a socketpair: the creator;
 *  - SO_TYPE with optlen 8 reads the int and sets optlen to 4;
 *  - an unknown option: ENOPROTOOPT; optlen -1: EINVAL; optlen or optval
 *    outside the address space: EFAULT; -1: EBADF; a regular file:
 *    ENOTSOCK.
 */
#include <poll.h>
#include "socket_helpers.h"

static int fds[3] = { -1, -1, -1 };

static void setup(void)
{
	require_loopback();
}

static void close_all(void)
{
	int i;

	for (i = 0; i < 3; i++)
		if (fds[i] >= 0)
			SAFE_CLOSE(fds[i]);
}

static int get_int(int fd, int opt)
{
	socklen_t len = sizeof(int);
	int val = -1;

	if (getsockopt(fd, SOL_SOCKET, opt, &val, &len))
		tst_brk(TBROK | TERRNO, "getsockopt(%d)", opt);
	return val;
}

static void test_so_error(void)
{
	struct sockaddr_in addr;
	struct pollfd pfd;
	int err;

	fds[0] = bound4(SOCK_STREAM, &addr);
	fds[1] = SAFE_SOCKET(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
	/* the reset is processed after connect() released the socket */
	TST_EXP_FAIL(connect(fds[1], (struct sockaddr *)&addr, sizeof(addr)),
		     EINPROGRESS, "non-blocking connect() to a port nobody "
		     "listens on");
	if (!TST_PASS) {
		close_all();
		return;
	}
	pfd.fd = fds[1];
	pfd.events = POLLOUT;
	if (poll(&pfd, 1, 10000 * tst_timeout_mul()) != 1)
		tst_brk(TBROK | TERRNO, "poll() after EINPROGRESS");
	err = get_int(fds[1], SO_ERROR);
	TST_EXP_EXPR(err == ECONNREFUSED,
		     "SO_ERROR after the refused connection: %s",
		     tst_strerrno(err));
	TST_EXP_EQ_LI(get_int(fds[1], SO_ERROR), 0);
	close_all();
}

static void test_acceptconn(void)
{
	fds[0] = bound4(SOCK_STREAM, NULL);
	TST_EXP_EQ_LI(get_int(fds[0], SO_ACCEPTCONN), 0);
	if (listen(fds[0], 1))
		tst_brk(TBROK | TERRNO, "listen()");
	TST_EXP_EQ_LI(get_int(fds[0], SO_ACCEPTCONN), 1);
	close_all();
}

static void check_peercred(int fd, pid_t pid, const char *what)
{
	struct ucred cred = { 0, 0, 0 };
	socklen_t len = sizeof(cred);

	TST_EXP_PASS(getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &len),
		     "getsockopt(SO_PEERCRED) of %s", what);
	TST_EXP_EXPR(len == sizeof(cred) && cred.pid == pid &&
		     cred.uid == getuid() && cred.gid == getgid(),
		     "%s: pid %d (expected %d), uid %d, gid %d", what,
		     cred.pid, (int)pid, (int)cred.uid, (int)cred.gid);
}

static void test_peercred(void)
{
	char path[64];
	struct sockaddr_un sun;
	socklen_t len;
	pid_t pid;

	snprintf(path, sizeof(path), "@ltp_getsockopt01_%d", (int)getpid());
	sun = unix_addr(path, &len);
	fds[0] = SAFE_SOCKET(AF_UNIX, SOCK_STREAM, 0);
	if (bind(fds[0], (struct sockaddr *)&sun, len) || listen(fds[0], 1))
		tst_brk(TBROK | TERRNO, "bind/listen(abstract %s)", path + 1);
	pid = SAFE_FORK();
	if (!pid) {
		int fd = SAFE_SOCKET(AF_UNIX, SOCK_STREAM, 0);

		if (connect(fd, (struct sockaddr *)&sun, len))
			tst_brk(TBROK | TERRNO, "child: connect()");
		TST_CHECKPOINT_WAKE_AND_WAIT(0);
		exit(0);
	}
	TST_CHECKPOINT_WAIT(0);
	fds[1] = accept(fds[0], NULL, NULL);
	if (fds[1] < 0)
		tst_brk(TBROK | TERRNO, "accept()");
	check_peercred(fds[1], pid, "a connection from a child");
	TST_CHECKPOINT_WAKE(0);
	reap_child(pid);
	close_all();

	SAFE_SOCKETPAIR(AF_UNIX, SOCK_STREAM, 0, fds);
	check_peercred(fds[1], getpid(), "a socketpair");
	close_all();
}

static void test_optlen(void)
{
	union {
		long long wide;
		int val;
	} buf = { .wide = -1 };
	socklen_t len = sizeof(buf);
	int val, file;

	fds[0] = SAFE_SOCKET(AF_INET, SOCK_DGRAM, 0);
	TST_EXP_PASS(getsockopt(fds[0], SOL_SOCKET, SO_TYPE, &buf, &len),
		     "getsockopt(SO_TYPE, optlen 8)");
	TST_EXP_EXPR(len == sizeof(int) && buf.val == SOCK_DGRAM,
		     "optlen became %u, value %d", (unsigned int)len, buf.val);

	len = sizeof(int);
	TST_EXP_FAIL(getsockopt(fds[0], SOL_SOCKET, 9999, &val, &len),
		     ENOPROTOOPT, "getsockopt(unknown option 9999)");
	len = -1;
	TST_EXP_FAIL(getsockopt(fds[0], SOL_SOCKET, SO_TYPE, &val, &len),
		     EINVAL, "getsockopt(optlen -1)");
	TST_EXP_FAIL(getsockopt(fds[0], SOL_SOCKET, SO_TYPE, &val,
				(void *)-1), EFAULT,
		     "getsockopt(optlen (void *)-1)");
	len = sizeof(int);
	TST_EXP_FAIL(getsockopt(fds[0], SOL_SOCKET, SO_TYPE, (void *)-1, &len),
		     EFAULT, "getsockopt(optval (void *)-1)");
	TST_EXP_FAIL(getsockopt(-1, SOL_SOCKET, SO_TYPE, &val, &len), EBADF,
		     "getsockopt(-1)");
	file = SAFE_OPEN("/dev/null", O_RDONLY);
	TST_EXP_FAIL(getsockopt(file, SOL_SOCKET, SO_TYPE, &val, &len),
		     ENOTSOCK, "getsockopt(/dev/null)");
	SAFE_CLOSE(file);
	close_all();
}

static void run(void)
{
	test_so_error();
	test_acceptconn();
	test_peercred();
	test_optlen();
}

static void cleanup(void)
{
	close_all();
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.forks_child = 1,
	.needs_checkpoints = 1,
};
