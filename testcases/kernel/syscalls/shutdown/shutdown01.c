// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * shutdown() closes one direction of a connection:
 *  - TCP SHUT_WR: the peer reads EOF; a later write fails with EPIPE and
 *    raises SIGPIPE (seen pending, as it is blocked), with MSG_NOSIGNAL
 *    EPIPE and no signal; the other direction still works (the peer's
 *    data is read);
 *  - TCP SHUT_RD: a read returns 0 at once though the peer keeps the
 *    connection open;
 *  - AF_UNIX stream SHUT_RDWR: both ends read EOF, both get EPIPE writing;
 *  - an unconnected TCP or UDP socket: ENOTCONN; how 3 or -1: EINVAL;
 *    -1: EBADF; a regular file: ENOTSOCK.
 */
#include <signal.h>
#include "socket_helpers.h"

static int fds[2] = { -1, -1 };
static sigset_t pipe_set;

static void setup(void)
{
	require_loopback();
	sigemptyset(&pipe_set);
	sigaddset(&pipe_set, SIGPIPE);
	if (sigprocmask(SIG_BLOCK, &pipe_set, NULL))
		tst_brk(TBROK | TERRNO, "sigprocmask(SIG_BLOCK, SIGPIPE)");
}

static void close_all(void)
{
	if (fds[0] >= 0)
		SAFE_CLOSE(fds[0]);
	if (fds[1] >= 0)
		SAFE_CLOSE(fds[1]);
}

/* Take a pending SIGPIPE if there is one: 1 if there was. */
static int took_sigpipe(void)
{
	struct timespec zero = { 0, 0 };

	return sigtimedwait(&pipe_set, NULL, &zero) == SIGPIPE;
}

static void test_shut_wr(void)
{
	char buf[8] = "";

	tcp_pair(&fds[0], &fds[1]);
	TST_EXP_PASS(shutdown(fds[0], SHUT_WR), "TCP shutdown(SHUT_WR)");
	TST_EXP_VAL(read(fds[1], buf, sizeof(buf)), 0,
		    "the peer reads EOF");
	took_sigpipe();
	TST_EXP_FAIL(write(fds[0], "x", 1), EPIPE, "write() after SHUT_WR");
	TST_EXP_EXPR(took_sigpipe(), "SIGPIPE was raised");
	TST_EXP_FAIL(send(fds[0], "x", 1, MSG_NOSIGNAL), EPIPE,
		     "send(MSG_NOSIGNAL) after SHUT_WR");
	TST_EXP_EXPR(!took_sigpipe(), "no SIGPIPE with MSG_NOSIGNAL");
	SAFE_WRITE(1, fds[1], "back", 4);
	TST_EXP_VAL(read(fds[0], buf, sizeof(buf)), 4,
		    "the other direction still carries data");
	close_all();
}

static void test_shut_rd(void)
{
	char buf[8];

	tcp_pair(&fds[0], &fds[1]);
	TST_EXP_PASS(shutdown(fds[0], SHUT_RD), "TCP shutdown(SHUT_RD)");
	TST_EXP_VAL(read(fds[0], buf, sizeof(buf)), 0,
		    "read() after SHUT_RD returns 0 at once");
	close_all();
}

static void test_unix_rdwr(void)
{
	char buf[8];

	SAFE_SOCKETPAIR(AF_UNIX, SOCK_STREAM, 0, fds);
	TST_EXP_PASS(shutdown(fds[0], SHUT_RDWR),
		     "AF_UNIX stream shutdown(SHUT_RDWR)");
	TST_EXP_VAL(read(fds[1], buf, sizeof(buf)), 0, "the peer reads EOF");
	TST_EXP_VAL(read(fds[0], buf, sizeof(buf)), 0, "the end shut reads EOF");
	TST_EXP_FAIL(send(fds[0], "x", 1, MSG_NOSIGNAL), EPIPE,
		     "send() from the end shut");
	TST_EXP_FAIL(send(fds[1], "x", 1, MSG_NOSIGNAL), EPIPE,
		     "send() from the peer");
	took_sigpipe();
	close_all();
}

static void test_errors(void)
{
	char buf[8];
	int file;

	fds[0] = SAFE_SOCKET(AF_INET, SOCK_STREAM, 0);
	TST_EXP_FAIL(shutdown(fds[0], SHUT_RDWR), ENOTCONN,
		     "shutdown() of an unconnected TCP socket");
	SAFE_CLOSE(fds[0]);
	fds[0] = bound4(SOCK_DGRAM, NULL);
	TST_EXP_FAIL(shutdown(fds[0], SHUT_RDWR), ENOTCONN,
		     "shutdown() of an unconnected UDP socket");
	SAFE_CLOSE(fds[0]);

	tcp_pair(&fds[0], &fds[1]);
	TST_EXP_FAIL(shutdown(fds[0], 3), EINVAL, "shutdown(how 3)");
	TST_EXP_FAIL(shutdown(fds[0], -1), EINVAL, "shutdown(how -1)");
	SAFE_WRITE(1, fds[0], "still", 5);
	TST_EXP_VAL(recv(fds[1], buf, sizeof(buf), 0), 5,
		    "the refused calls left the connection open");
	close_all();

	TST_EXP_FAIL(shutdown(-1, SHUT_RDWR), EBADF, "shutdown(-1)");
	file = SAFE_OPEN("/dev/null", O_RDONLY);
	TST_EXP_FAIL(shutdown(file, SHUT_RDWR), ENOTSOCK,
		     "shutdown(/dev/null)");
	SAFE_CLOSE(file);
}

static void run(void)
{
	test_shut_wr();
	test_shut_rd();
	test_unix_rdwr();
	test_errors();
}

static void cleanup(void)
{
	close_all();
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
};
