// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * LANDLOCK_SCOPE_ABSTRACT_UNIX_SOCKET (ABI 6, Linux 6.12): a process in
 * a domain that scopes abstract sockets may reach only abstract unix
 * sockets made in its domain or in domains nested in it
 * (security/landlock/task.c: unix_stream_connect and unix_may_send).
 * The test process, outside any domain, makes an abstract stream
 * listener, an abstract datagram socket and a pathname listener. A
 * child connects to the abstract listener before restricting itself;
 * with the scope enforced:
 * - connect() to the outer abstract listener, sendto() the outer
 *   abstract datagram socket and connect() of a datagram socket to it
 *   fail with EPERM, and the datagram socket received nothing;
 * - connect() to the pathname listener works (only abstract names are
 *   scoped), and so does connect() to an abstract listener the child
 *   makes in its own domain;
 * - a grandchild adding a layer that scopes only signals may connect to
 *   the child's listener; one adding a layer that scopes abstract
 *   sockets may not (EPERM);
 * - the test process, outside any domain, may connect to the child's
 *   listener (the scope binds the client, not the server).
 * TCONF when landlock is off or older than ABI 6 (the reason printed).
 */
#include <stdlib.h>
#include <sys/wait.h>
#include "tst_test.h"
#include "socket_helpers.h"
#include "landlock_raw.h"

static char outer[64], outer_dg[64], inner[64];
static int lfd = -1, dgfd = -1, pfd = -1;

static int try_connect(const char *name, int type)
{
	socklen_t len;
	struct sockaddr_un sun = unix_addr(name, &len);
	int fd = SAFE_SOCKET(AF_UNIX, type, 0), ret, err;

	ret = connect(fd, (struct sockaddr *)&sun, len);
	err = errno;
	close(fd);
	errno = err;
	return ret;
}

static int try_sendto(const char *name)
{
	socklen_t len;
	struct sockaddr_un sun = unix_addr(name, &len);
	int fd = SAFE_SOCKET(AF_UNIX, SOCK_DGRAM, 0), err;
	ssize_t ret;

	ret = sendto(fd, "d", 1, 0, (struct sockaddr *)&sun, len);
	err = errno;
	close(fd);
	errno = err;
	return ret < 0 ? -1 : 0;
}

static int listener(const char *name)
{
	socklen_t len;
	struct sockaddr_un sun = unix_addr(name, &len);
	int fd = SAFE_SOCKET(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK, 0);

	if (bind(fd, (struct sockaddr *)&sun, len) || listen(fd, 16))
		tst_brk(TBROK | TERRNO, "listener %s", name);
	return fd;
}

/* Accept what is queued (unix connect() queues before it returns). */
static void drain(int fd)
{
	int c;

	while ((c = accept(fd, NULL, NULL)) >= 0)
		close(c);
}

static void nested(uint64_t scoped, int exp_errno, const char *what)
{
	pid_t pid = SAFE_FORK();

	if (!pid) {
		ll_safe_scope(scoped);
		if (exp_errno)
			TST_EXP_FAIL(try_connect(inner, SOCK_STREAM),
				     exp_errno, "%s", what);
		else
			TST_EXP_PASS(try_connect(inner, SOCK_STREAM), "%s",
				     what);
		exit(0);
	}
	reap_child(pid);
}

static void scoped_child(int ready, int done)
{
	char c;
	int ifd;

	TST_EXP_PASS(try_connect(outer, SOCK_STREAM),
		     "connect(outer abstract) before the domain");

	ll_safe_scope(LL_SCOPE_ABSTRACT_UNIX_SOCKET);

	TST_EXP_FAIL(try_connect(outer, SOCK_STREAM), EPERM,
		     "connect(outer abstract listener)");
	TST_EXP_FAIL(try_sendto(outer_dg), EPERM,
		     "sendto(outer abstract datagram socket)");
	TST_EXP_FAIL(try_connect(outer_dg, SOCK_DGRAM), EPERM,
		     "connect(datagram socket, outer abstract)");
	TST_EXP_PASS(try_connect("outer.sock", SOCK_STREAM),
		     "connect(outer pathname listener)");
	ifd = listener(inner);
	TST_EXP_PASS(try_connect(inner, SOCK_STREAM),
		     "connect(abstract listener of the same domain)");
	nested(LL_SCOPE_SIGNAL, 0, "connect(child's abstract listener) "
	       "from a nested domain scoping only signals");
	nested(LL_SCOPE_ABSTRACT_UNIX_SOCKET, EPERM, "connect(child's "
	       "abstract listener) from a nested scoped domain");

	SAFE_WRITE(1, ready, "r", 1);
	if (read(done, &c, 1) != 1)
		tst_brk(TBROK, "the parent went away");
	SAFE_CLOSE(ifd);
}

static void run(void)
{
	int ready[2], done[2];
	char c, buf[8];
	pid_t pid;

	SAFE_PIPE(ready);
	SAFE_PIPE(done);
	pid = SAFE_FORK();
	if (!pid) {
		SAFE_CLOSE(ready[0]);
		SAFE_CLOSE(done[1]);
		scoped_child(ready[1], done[0]);
		exit(0);
	}
	SAFE_CLOSE(ready[1]);
	SAFE_CLOSE(done[0]);
	if (read(ready[0], &c, 1) == 1)
		TST_EXP_PASS(try_connect(inner, SOCK_STREAM), "connect(the "
			     "scoped child's listener) from outside any "
			     "domain");
	else
		tst_res(TFAIL, "the child ended before its listener was up");
	SAFE_WRITE(1, done[1], "q", 1);
	SAFE_CLOSE(done[1]);
	SAFE_CLOSE(ready[0]);
	reap_child(pid);
	TST_EXP_FAIL(recv(dgfd, buf, sizeof(buf), MSG_DONTWAIT), EAGAIN,
		     "the outer datagram socket received nothing");
	drain(lfd);
	drain(pfd);
}

static void setup(void)
{
	socklen_t len;
	struct sockaddr_un sun;

	ll_need_abi(6, "LANDLOCK_SCOPE_ABSTRACT_UNIX_SOCKET");
	snprintf(outer, sizeof(outer), "@ltp_landlock_scope01_%d", getpid());
	snprintf(outer_dg, sizeof(outer_dg), "@ltp_landlock_scope01_dg_%d",
		 getpid());
	snprintf(inner, sizeof(inner), "@ltp_landlock_scope01_in_%d",
		 getpid());
	lfd = listener(outer);
	pfd = listener("outer.sock");
	sun = unix_addr(outer_dg, &len);
	dgfd = SAFE_SOCKET(AF_UNIX, SOCK_DGRAM, 0);
	if (bind(dgfd, (struct sockaddr *)&sun, len))
		tst_brk(TBROK | TERRNO, "bind(%s)", outer_dg);
}

static void cleanup(void)
{
	if (lfd >= 0)
		SAFE_CLOSE(lfd);
	if (pfd >= 0)
		SAFE_CLOSE(pfd);
	if (dgfd >= 0)
		SAFE_CLOSE(dgfd);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_tmpdir = 1,
	.forks_child = 1,
};
