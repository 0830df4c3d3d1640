// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * unix_release_sock() cleared the socket's sk_socket outside the state
 * lock, so a sendmsg() to an AF_UNIX datagram socket being closed could
 * pass the SOCK_DEAD check and hand a NULL socket to the LSM hook
 * (NULL dereference in selinux_socket_unix_may_send()). Fixed by
 * ded34e0fe8fe ("unix: fix a race condition in unix_release()").
 *
 * The datagram guarantees around a receiver's close, checked in order:
 *  - three datagrams sent with sendmsg() to a bound path arrive in
 *    order, each whole;
 *  - after the receiver is closed (the path still exists) sendmsg() to
 *    the path fails with ECONNREFUSED; after unlink() with ENOENT;
 *  - a new socket bound to the path gets the next datagram and nothing
 *    of the old ones;
 *  - a sender connect()ed to a receiver that is then closed gets
 *    ECONNREFUSED on its next sendmsg() and ENOTCONN after that.
 * Then pairs of processes race it, bounded by a cycle count and a
 * deadline: a server binds, and closes, a socket on its path over and
 * over while its client sends to the path with MSG_DONTWAIT; every
 * send delivers 10 bytes or fails with ECONNREFUSED, ENOENT or EAGAIN,
 * and the kernel neither oopses nor warns (taint check).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>
#include "tst_test.h"

#define CYCLES		2000
#define MAX_PAIRS	8
#define BUDGET_MS	3000

struct shared {
	volatile int server_done[MAX_PAIRS];
	volatile int bad_errno[MAX_PAIRS];
	volatile unsigned long sent[MAX_PAIRS];
};

static struct shared *sh;
static int pairs;

static void set_path(struct sockaddr_un *sa, const char *name)
{
	memset(sa, 0, sizeof(*sa));
	sa->sun_family = AF_UNIX;
	snprintf(sa->sun_path, sizeof(sa->sun_path), "%s", name);
}

static int bound(const struct sockaddr_un *sa)
{
	int fd = SAFE_SOCKET(AF_UNIX, SOCK_DGRAM, 0);

	if (bind(fd, (const struct sockaddr *)sa, sizeof(*sa)))
		tst_brk(TBROK | TERRNO, "bind(%s)", sa->sun_path);
	return fd;
}

static ssize_t send_to(int fd, struct sockaddr_un *sa, const char *data,
		       int flags)
{
	struct iovec iov = { .iov_base = (void *)data, .iov_len = 10 };
	struct msghdr mh = {
		.msg_name = sa,
		.msg_namelen = sa ? sizeof(*sa) : 0,
		.msg_iov = &iov,
		.msg_iovlen = 1,
	};

	return sendmsg(fd, &mh, flags);
}

/*
 * MSG_DONTWAIT is safe here: an AF_UNIX datagram is on the receiver's
 * queue when sendmsg() returns (unix_dgram_sendmsg() queues it itself).
 */
static void expect_dgram(int fd, const char *data)
{
	char buf[32];

	memset(buf, 0, sizeof(buf));
	TST_EXP_VAL(recv(fd, buf, sizeof(buf), MSG_DONTWAIT), 10,
		    "recv() of \"%s\"", data);
	if (TST_PASS)
		TST_EXP_EXPR(!memcmp(buf, data, 10), "got \"%s\", sent \"%s\"",
			     buf, data);
}

static void ordering(void)
{
	struct sockaddr_un sa;
	int r, s, c;

	set_path(&sa, "sock_a");
	r = bound(&sa);
	s = SAFE_SOCKET(AF_UNIX, SOCK_DGRAM, 0);

	TST_EXP_VAL(send_to(s, &sa, "message 1", 0), 10);
	TST_EXP_VAL(send_to(s, &sa, "message 2", 0), 10);
	TST_EXP_VAL(send_to(s, &sa, "message 3", 0), 10);
	expect_dgram(r, "message 1");
	expect_dgram(r, "message 2");
	expect_dgram(r, "message 3");
	TST_EXP_VAL(send_to(s, &sa, "message 4", 0), 10);
	SAFE_CLOSE(r);

	TST_EXP_FAIL(send_to(s, &sa, "message 5", 0), ECONNREFUSED,
		     "sendmsg() to the path of a closed socket");
	SAFE_UNLINK(sa.sun_path);
	TST_EXP_FAIL(send_to(s, &sa, "message 6", 0), ENOENT,
		     "sendmsg() to the unlinked path");

	r = bound(&sa);
	TST_EXP_VAL(send_to(s, &sa, "message 7", 0), 10);
	expect_dgram(r, "message 7");
	TST_EXP_FAIL(recv(r, &c, sizeof(c), MSG_DONTWAIT), EAGAIN,
		     "nothing more queued on the new socket");

	c = SAFE_SOCKET(AF_UNIX, SOCK_DGRAM, 0);
	if (connect(c, (struct sockaddr *)&sa, sizeof(sa)))
		tst_brk(TBROK | TERRNO, "connect(%s)", sa.sun_path);
	TST_EXP_VAL(send_to(c, NULL, "message 8", 0), 10);
	expect_dgram(r, "message 8");
	SAFE_CLOSE(r);
	TST_EXP_FAIL(send_to(c, NULL, "message 9", 0), ECONNREFUSED,
		     "sendmsg() on a socket whose connected peer closed");
	TST_EXP_FAIL(send_to(c, NULL, "message 0", 0), ENOTCONN,
		     "the next sendmsg() on it");

	SAFE_UNLINK(sa.sun_path);
	SAFE_CLOSE(c);
	SAFE_CLOSE(s);
}

static void server(int id)
{
	struct sockaddr_un sa;
	char name[32];
	int i, fd;

	snprintf(name, sizeof(name), "race%d", id);
	set_path(&sa, name);
	for (i = 0; i < CYCLES; i++) {
		fd = SAFE_SOCKET(AF_UNIX, SOCK_DGRAM, 0);
		unlink(sa.sun_path);
		if (bind(fd, (struct sockaddr *)&sa, sizeof(sa)))
			tst_brk(TBROK | TERRNO, "bind(%s)", name);
		close(fd);
		if (sh->server_done[id])
			break;
	}
	sh->server_done[id] = 1;
	_exit(0);
}

static void client(int id)
{
	struct sockaddr_un sa;
	char name[32];
	int fd;

	snprintf(name, sizeof(name), "race%d", id);
	set_path(&sa, name);
	while (!sh->server_done[id]) {
		fd = SAFE_SOCKET(AF_UNIX, SOCK_DGRAM, 0);
		if (send_to(fd, &sa, "123456789", MSG_DONTWAIT | MSG_NOSIGNAL)
		    == 10) {
			sh->sent[id]++;
		} else if (errno != ECONNREFUSED && errno != ENOENT &&
			   errno != EAGAIN) {
			sh->bad_errno[id] = errno;
			close(fd);
			break;
		}
		close(fd);
	}
	_exit(0);
}

static void race(void)
{
	long long deadline;
	unsigned long sent = 0;
	int i, bad = 0;

	memset(sh, 0, sizeof(*sh));
	for (i = 0; i < pairs; i++) {
		if (!SAFE_FORK())
			server(i);
		if (!SAFE_FORK())
			client(i);
	}

	deadline = tst_mono_ms() + (long long)(BUDGET_MS * tst_timeout_mul());
	for (i = 0; i < 2 * pairs; i++) {
		int status;

		while (waitpid(-1, &status, WNOHANG) == 0) {
			if (tst_mono_ms() > deadline) {
				int j;

				for (j = 0; j < pairs; j++)
					sh->server_done[j] = 1;
			}
			usleep(1000);
		}
		if (!WIFEXITED(status) || WEXITSTATUS(status))
			tst_res(TFAIL, "race child: status 0x%x", status);
	}

	for (i = 0; i < pairs; i++) {
		sent += sh->sent[i];
		if (sh->bad_errno[i]) {
			bad = 1;
			tst_res(TFAIL, "client %d: sendmsg() failed with %s", i,
				tst_strerrno(sh->bad_errno[i]));
		}
	}
	if (!bad)
		tst_res(TPASS, "%d pairs raced sendmsg() against close(): "
			"%lu delivered, every failure ECONNREFUSED, ENOENT "
			"or EAGAIN", pairs, sent);
}

static void setup(void)
{
	pairs = sysconf(_SC_NPROCESSORS_ONLN) * 2;
	if (pairs < 2)
		pairs = 2;
	if (pairs > MAX_PAIRS)
		pairs = MAX_PAIRS;
	sh = SAFE_MMAP(NULL, sizeof(*sh), PROT_READ | PROT_WRITE,
		       MAP_SHARED | MAP_ANONYMOUS, -1, 0);
}

static void cleanup(void)
{
	if (sh)
		SAFE_MUNMAP(sh, sizeof(*sh));
}

static void run(void)
{
	ordering();
	race();
}

static struct tst_test test = {
	.setup = setup,
	.cleanup = cleanup,
	.test_all = run,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.taint_check = TST_TAINT_D | TST_TAINT_W,
	.tags = (const struct tst_tag[]) {
		{"linux-git", "ded34e0fe8fe"},
		{}
	},
};
