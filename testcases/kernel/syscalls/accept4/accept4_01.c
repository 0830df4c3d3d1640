// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * accept4() returns a new connected socket:
 *  - with the peer's address (the client's getsockname) and its length;
 *    a shorter buffer gets the address truncated and the full length;
 *    a NULL address is allowed; the new socket is connected to the client
 *    (data flows);
 *  - flags 0: neither O_NONBLOCK nor FD_CLOEXEC, even when the listener
 *    is O_NONBLOCK (Linux does not inherit file flags); SOCK_NONBLOCK,
 *    SOCK_CLOEXEC and both set exactly those;
 *  - an AF_UNIX client that is not bound shows as sizeof(sa_family_t);
 *  - a blocking accept4 sleeps until a client connects;
 *  - an O_NONBLOCK listener with nothing pending: EAGAIN; a socket not
 *    listening, an unknown flag, a negative address length (with a client
 *    pending: it is checked when the address is returned): EINVAL; UDP:
 *    EOPNOTSUPP; -1: EBADF; a regular file: ENOTSOCK.
 */
#include <sys/syscall.h>
#include "socket_helpers.h"
#include "task_wait.h"

static int lfd = -1, cfd = -1, nfd = -1;
static struct sockaddr_in laddr;

static void setup(void)
{
	require_loopback();
	lfd = listener4(&laddr);
}

static void close_conn(void)
{
	if (cfd >= 0)
		SAFE_CLOSE(cfd);
	if (nfd >= 0)
		SAFE_CLOSE(nfd);
}

static struct sockaddr_in connect_client(void)
{
	struct sockaddr_in caddr;
	socklen_t len = sizeof(caddr);

	cfd = SAFE_SOCKET(AF_INET, SOCK_STREAM, 0);
	if (connect(cfd, (struct sockaddr *)&laddr, sizeof(laddr)) ||
	    getsockname(cfd, (struct sockaddr *)&caddr, &len))
		tst_brk(TBROK | TERRNO, "connect() to the listener");
	return caddr;
}

static void test_flags(int flags, const char *name)
{
	struct sockaddr_in caddr = connect_client(), peer;
	socklen_t len = sizeof(peer) + 10;
	char buf[4] = "";
	int fl, fdfl;

	/*
	 * The listener may be O_NONBLOCK: the connection is queued on it
	 * only when the client's final ACK has come through loopback, which
	 * may be after connect() returned.
	 */
	sock_wait(lfd, POLLIN);
	memset(&peer, 0, sizeof(peer));
	TST_EXP_FD(nfd = accept4(lfd, (struct sockaddr *)&peer, &len, flags),
		   "accept4(%s)", name);
	if (!TST_PASS) {
		close_conn();
		return;
	}
	TST_EXP_EXPR(len == sizeof(peer) && peer.sin_family == AF_INET &&
		     peer.sin_port == caddr.sin_port &&
		     peer.sin_addr.s_addr == caddr.sin_addr.s_addr,
		     "%s: the peer address is the client's (port %d, length "
		     "%u)", name, ntohs(peer.sin_port), (unsigned int)len);
	fl = fcntl(nfd, F_GETFL);
	fdfl = fcntl(nfd, F_GETFD);
	TST_EXP_EXPR(!!(fl & O_NONBLOCK) == !!(flags & SOCK_NONBLOCK) &&
		     !!(fdfl & FD_CLOEXEC) == !!(flags & SOCK_CLOEXEC),
		     "%s: new socket O_NONBLOCK %s, FD_CLOEXEC %s", name,
		     fl & O_NONBLOCK ? "set" : "clear",
		     fdfl & FD_CLOEXEC ? "set" : "clear");
	SAFE_WRITE(1, cfd, "hi", 2);
	/* nfd may be non-blocking, and the data comes through loopback */
	sock_wait(nfd, POLLIN);
	TST_EXP_EXPR(read(nfd, buf, sizeof(buf)) == 2 && !memcmp(buf, "hi", 2),
		     "%s: the new socket reads what the client sent", name);
	close_conn();
}

static void test_addr_buffers(void)
{
	struct sockaddr_in caddr = connect_client(), peer;
	socklen_t len = 4;

	memset(&peer, 0xee, sizeof(peer));
	TST_EXP_FD(nfd = accept4(lfd, (struct sockaddr *)&peer, &len, 0),
		   "accept4(address length 4)");
	TST_EXP_EXPR(len == sizeof(peer) && peer.sin_port == caddr.sin_port &&
		     ((unsigned char *)&peer.sin_addr)[0] == 0xee,
		     "4 bytes of the address written, full length %u returned",
		     (unsigned int)len);
	close_conn();

	connect_client();
	TST_EXP_FD(nfd = accept4(lfd, NULL, NULL, 0), "accept4(NULL, NULL)");
	close_conn();
}

static void test_nonblock_listener(void)
{
	int flags = fcntl(lfd, F_GETFL);

	if (fcntl(lfd, F_SETFL, flags | O_NONBLOCK))
		tst_brk(TBROK | TERRNO, "fcntl(O_NONBLOCK)");
	TST_EXP_FAIL(accept4(lfd, NULL, NULL, 0), EAGAIN,
		     "accept4() on an O_NONBLOCK listener, nothing pending");
	test_flags(0, "0, O_NONBLOCK listener");
	if (fcntl(lfd, F_SETFL, flags))
		tst_brk(TBROK | TERRNO, "fcntl(~O_NONBLOCK)");
}

static void test_unix_peer(void)
{
	char path[64];
	struct sockaddr_un sun, peer;
	socklen_t len;
	int ul;

	snprintf(path, sizeof(path), "@ltp_accept4_01_%d", (int)getpid());
	sun = unix_addr(path, &len);
	ul = SAFE_SOCKET(AF_UNIX, SOCK_STREAM, 0);
	if (bind(ul, (struct sockaddr *)&sun, len) || listen(ul, 1))
		tst_brk(TBROK | TERRNO, "bind/listen(abstract %s)", path + 1);
	cfd = SAFE_SOCKET(AF_UNIX, SOCK_STREAM, 0);
	if (connect(cfd, (struct sockaddr *)&sun, len))
		tst_brk(TBROK | TERRNO, "connect(abstract %s)", path + 1);
	len = sizeof(peer);
	TST_EXP_FD(nfd = accept4(ul, (struct sockaddr *)&peer, &len, 0),
		   "accept4() on AF_UNIX");
	TST_EXP_EXPR(len == sizeof(sa_family_t) && peer.sun_family == AF_UNIX,
		     "an unbound AF_UNIX peer: length %u", (unsigned int)len);
	close_conn();
	SAFE_CLOSE(ul);
}

static void test_blocking(void)
{
	pid_t pid = SAFE_FORK();

	if (!pid) {
		TST_EXP_FD(nfd = accept4(lfd, NULL, NULL, 0),
			   "accept4() blocked until a client connected");
		exit(0);
	}
	wait_task_in_syscall(pid, __NR_accept4);
	connect_client();
	reap_child(pid);
	close_conn();
}

static void test_errors(void)
{
	socklen_t len = -1;
	struct sockaddr_in sin;
	int fd;

	fd = bound4(SOCK_STREAM, NULL);
	TST_EXP_FAIL(accept4(fd, NULL, NULL, 0), EINVAL,
		     "accept4() on a bound socket that is not listening");
	SAFE_CLOSE(fd);
	TST_EXP_FAIL(accept4(lfd, NULL, NULL, 0x40000000), EINVAL,
		     "accept4(unknown flag 0x40000000)");
	/* the length is checked when the address is copied out: after */
	connect_client();
	TST_EXP_FAIL(accept4(lfd, (struct sockaddr *)&sin, &len, 0), EINVAL,
		     "accept4(address length -1) with a client pending");
	close_conn();
	fd = bound4(SOCK_DGRAM, NULL);
	TST_EXP_FAIL(accept4(fd, NULL, NULL, 0), EOPNOTSUPP,
		     "accept4() on UDP");
	SAFE_CLOSE(fd);
	TST_EXP_FAIL(accept4(-1, NULL, NULL, 0), EBADF, "accept4(-1)");
	fd = SAFE_OPEN("/dev/null", O_RDONLY);
	TST_EXP_FAIL(accept4(fd, NULL, NULL, 0), ENOTSOCK,
		     "accept4(/dev/null)");
	SAFE_CLOSE(fd);
}

static void run(void)
{
	test_flags(0, "0");
	test_flags(SOCK_NONBLOCK, "SOCK_NONBLOCK");
	test_flags(SOCK_CLOEXEC, "SOCK_CLOEXEC");
	test_flags(SOCK_NONBLOCK | SOCK_CLOEXEC, "SOCK_NONBLOCK | SOCK_CLOEXEC");
	test_addr_buffers();
	test_nonblock_listener();
	test_unix_peer();
	test_blocking();
	test_errors();
}

static void cleanup(void)
{
	close_conn();
	if (lfd >= 0)
		SAFE_CLOSE(lfd);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.forks_child = 1,
};
