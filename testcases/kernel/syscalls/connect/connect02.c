// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * connect() of AF_UNIX sockets to path names:
 *  - stream to a listening socket: 0, getpeername gives the path, again:
 *    EISCONN; datagram to a bound datagram socket: 0, and send() without
 *    an address arrives there;
 *  - a path that does not exist: ENOENT; a socket file whose socket was
 *    closed, and a bound stream socket that does not listen: ECONNREFUSED;
 *    stream to a datagram socket: EPROTOTYPE; family AF_INET: EINVAL;
 *  - nobody needs write permission on the socket file: EACCES for a root
 *    file of mode 0755, 0 once it is 0777; and search permission on the
 *    directory: EACCES through a root directory of mode 0700.
 */
#include <sys/stat.h>
#include "socket_helpers.h"

static int fds[4] = { -1, -1, -1, -1 };

static void close_all(void)
{
	int i;

	for (i = 0; i < 4; i++)
		if (fds[i] >= 0)
			SAFE_CLOSE(fds[i]);
}

static int bound_unix(int type, const char *path)
{
	socklen_t len;
	struct sockaddr_un sun = unix_addr(path, &len);
	int fd = SAFE_SOCKET(AF_UNIX, type, 0);

	if (bind(fd, (struct sockaddr *)&sun, len))
		tst_brk(TBROK | TERRNO, "bind(%s)", path);
	return fd;
}

static int connect_path(int fd, const char *path)
{
	socklen_t len;
	struct sockaddr_un sun = unix_addr(path, &len);

	return connect(fd, (struct sockaddr *)&sun, len);
}

static void test_connect(void)
{
	struct sockaddr_un peer;
	socklen_t len = sizeof(peer);
	char buf[8];

	fds[0] = bound_unix(SOCK_STREAM, "stream");
	if (listen(fds[0], 2))
		tst_brk(TBROK | TERRNO, "listen()");
	fds[1] = SAFE_SOCKET(AF_UNIX, SOCK_STREAM, 0);
	TST_EXP_PASS(connect_path(fds[1], "stream"),
		     "stream connect() to a listening socket");
	memset(&peer, 0, sizeof(peer));
	TST_RET = getpeername(fds[1], (struct sockaddr *)&peer, &len);
	TST_EXP_EXPR(!TST_RET && !strcmp(peer.sun_path, "stream"),
		     "getpeername gives \"%s\"", peer.sun_path);
	TST_EXP_FAIL(connect_path(fds[1], "stream"), EISCONN,
		     "connect() of a connected stream socket");
	close_all();

	fds[0] = bound_unix(SOCK_DGRAM, "dgram");
	fds[1] = SAFE_SOCKET(AF_UNIX, SOCK_DGRAM, 0);
	TST_EXP_PASS(connect_path(fds[1], "dgram"),
		     "datagram connect() to a bound datagram socket");
	SAFE_WRITE(1, fds[1], "hello", 5);
	TST_EXP_VAL(recv(fds[0], buf, sizeof(buf), MSG_DONTWAIT), 5,
		    "send() without address arrived");
	close_all();
}

static void test_errors(void)
{
	struct sockaddr_un sun;
	socklen_t len;

	fds[0] = SAFE_SOCKET(AF_UNIX, SOCK_STREAM, 0);
	TST_EXP_FAIL(connect_path(fds[0], "missing"), ENOENT,
		     "connect() to a missing path");

	fds[1] = bound_unix(SOCK_STREAM, "stale");
	SAFE_CLOSE(fds[1]);
	TST_EXP_FAIL(connect_path(fds[0], "stale"), ECONNREFUSED,
		     "connect() to a socket file whose socket was closed");

	fds[1] = bound_unix(SOCK_STREAM, "not_listening");
	TST_EXP_FAIL(connect_path(fds[0], "not_listening"), ECONNREFUSED,
		     "connect() to a bound stream socket not listening");

	fds[2] = bound_unix(SOCK_DGRAM, "dgram2");
	TST_EXP_FAIL(connect_path(fds[0], "dgram2"), EPROTOTYPE,
		     "stream connect() to a datagram socket");

	sun = unix_addr("stream", &len);
	sun.sun_family = AF_INET;
	TST_EXP_FAIL(connect(fds[0], (struct sockaddr *)&sun, len), EINVAL,
		     "connect(sun_family AF_INET)");
	close_all();
}

static void as_nobody(void)
{
	int fd = SAFE_SOCKET(AF_UNIX, SOCK_STREAM, 0);

	TST_EXP_FAIL(connect_path(fd, "perm"), EACCES,
		     "nobody: connect() to a root socket file of mode 0755");
	TST_EXP_FAIL(connect_path(fd, "private/sock"), EACCES,
		     "nobody: connect() through a root directory of mode "
		     "0700");
	TST_CHECKPOINT_WAKE_AND_WAIT(0);
	TST_EXP_PASS(connect_path(fd, "perm"),
		     "nobody: connect() to it once it is 0777");
	SAFE_CLOSE(fd);
}

static void test_permissions(void)
{
	pid_t pid;

	fds[0] = bound_unix(SOCK_STREAM, "perm");
	SAFE_CHMOD("perm", 0755);
	SAFE_MKDIR("private", 0700);
	fds[1] = bound_unix(SOCK_STREAM, "private/sock");
	SAFE_CHMOD("private/sock", 0777);
	if (listen(fds[0], 2) || listen(fds[1], 2))
		tst_brk(TBROK | TERRNO, "listen()");

	pid = SAFE_FORK();
	if (!pid) {
		tst_drop_privs();
		as_nobody();
		exit(0);
	}
	TST_CHECKPOINT_WAIT(0);
	SAFE_CHMOD("perm", 0777);
	TST_CHECKPOINT_WAKE(0);
	reap_child(pid);
	close_all();
}

static void run(void)
{
	test_connect();
	test_errors();
	test_permissions();
	SAFE_UNLINK("stream");
	SAFE_UNLINK("dgram");
	SAFE_UNLINK("stale");
	SAFE_UNLINK("not_listening");
	SAFE_UNLINK("dgram2");
	SAFE_UNLINK("perm");
	SAFE_UNLINK("private/sock");
	SAFE_RMDIR("private");
}

static void cleanup(void)
{
	close_all();
}

static struct tst_test test = {
	.test_all = run,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.needs_checkpoints = 1,
};
