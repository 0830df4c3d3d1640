// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sendfile(2) to an output that has no room:
 *  - a non-blocking socket whose send buffer is full, and a non-blocking
 *    pipe that is full: EAGAIN, *offset unchanged, nothing sent; once the
 *    peer reads, the same call sends (returns > 0, advances *offset by
 *    the count) and the bytes arrive intact;
 *  - a blocking socket that is full: sendfile() sleeps until the peer
 *    reads, then sends all it was asked to, after the bytes already
 *    queued.
 * The sockets are AF_UNIX datagram pairs: their send buffer is charged
 * until the peer reads, so "full" lasts. (A stream pair is not full for
 * sendfile on 6.1: unix_stream_sendpage() appends the page to the last
 * queued skb without a buffer check; TCP frees room on delayed ACKs.)
 */
#include <stdlib.h>
#include <sys/sendfile.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include "task_wait.h"

#define COUNT 4096

static int in = -1;
static char data[COUNT];

/* Write 'f' bytes to non-blocking fd until EAGAIN; return how many. */
static long fill(int fd)
{
	static char buf[4096];
	long total = 0;
	ssize_t ret;

	memset(buf, 'f', sizeof(buf));
	for (;;) {
		ret = write(fd, buf, sizeof(buf));
		if (ret < 0 && errno == EAGAIN)
			break;
		if (ret <= 0)
			tst_brk(TBROK | TERRNO, "write() while filling");
		total += ret;
	}
	/* a last write of one byte, for whatever room a partial left */
	while (write(fd, buf, 1) == 1)
		total++;
	return total;
}

/* Read len bytes (blocking) and check they are filler, then file data. */
static void drain_and_check(int fd, long filler, long len, const char *what)
{
	char *buf = SAFE_MALLOC(filler + len);
	long got = 0, i, bad = -1;
	ssize_t ret;

	while (got < filler + len) {
		ret = SAFE_READ(0, fd, buf + got, filler + len - got);
		if (!ret)
			tst_brk(TBROK, "%s: end of stream after %ld bytes",
				what, got);
		got += ret;
	}
	for (i = 0; i < filler + len && bad < 0; i++)
		if (buf[i] != (i < filler ? 'f' : data[i - filler]))
			bad = i;
	TST_EXP_EXPR(bad < 0, "%s: %ld queued bytes, then the %ld bytes of "
		     "the file (first difference at %ld)", what, filler, len,
		     bad);
	free(buf);
}

static void test_nonblock(int out, int peer, const char *what)
{
	off_t off = 0;
	long filler = fill(out);

	TST_EXP_FAIL(sendfile(out, in, &off, COUNT), EAGAIN,
		     "sendfile() to a full non-blocking %s", what);
	TST_EXP_EQ_LI(off, 0);
	/* read the filler back: room again */
	drain_and_check(peer, filler, 0, what);
	TST_EXP_POSITIVE(sendfile(out, in, &off, COUNT),
			 "sendfile() to the %s after the peer read", what);
	if (!TST_PASS)
		return;
	TST_EXP_EQ_LI(off, TST_RET);
	drain_and_check(peer, 0, TST_RET, what);
}

static void test_blocking(void)
{
	int sv[2], fl;
	long filler;
	pid_t pid;
	off_t off = 0;

	SAFE_SOCKETPAIR(AF_UNIX, SOCK_DGRAM, 0, sv);
	fl = fcntl(sv[0], F_GETFL);
	fcntl(sv[0], F_SETFL, fl | O_NONBLOCK);
	filler = fill(sv[0]);
	fcntl(sv[0], F_SETFL, fl);
	pid = SAFE_FORK();
	if (!pid) {
		TST_EXP_VAL(sendfile(sv[0], in, &off, COUNT), COUNT,
			    "blocking sendfile() to a full socket");
		TST_EXP_EQ_LI(off, COUNT);
		exit(0);
	}
	wait_task_in_syscall(pid, __NR_sendfile);
	drain_and_check(sv[1], filler, COUNT, "blocking socket");
	reap_child(pid);
	SAFE_CLOSE(sv[0]);
	SAFE_CLOSE(sv[1]);
}

static void run(void)
{
	int sv[2], p[2];

	SAFE_SOCKETPAIR(AF_UNIX, SOCK_DGRAM | SOCK_NONBLOCK, 0, sv);
	test_nonblock(sv[0], sv[1], "socket");
	SAFE_CLOSE(sv[0]);
	SAFE_CLOSE(sv[1]);

	SAFE_PIPE2(p, O_NONBLOCK);
	test_nonblock(p[1], p[0], "pipe");
	SAFE_CLOSE(p[0]);
	SAFE_CLOSE(p[1]);

	test_blocking();
}

static void setup(void)
{
	int i;

	for (i = 0; i < COUNT; i++)
		data[i] = 'A' + i % 26;
	in = SAFE_OPEN("in", O_CREAT | O_RDWR, 0600);
	SAFE_WRITE(1, in, data, COUNT);
}

static void cleanup(void)
{
	if (in >= 0)
		SAFE_CLOSE(in);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_tmpdir = 1,
	.forks_child = 1,
};
