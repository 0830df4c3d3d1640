// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sendfile(2) at large offsets and into a full socket:
 *  - from a sparse file of 5 GiB, at offsets 3 GiB and 4 GiB + 1 (past
 *    32 bits) and 2 GiB - 4096 (across the 2 GiB line): the count asked
 *    is returned, *offset advances by it, the input file position stays
 *    0, and the bytes that arrive (in a pipe) are the file's at that
 *    offset (5d73320a96fc fixed sendfile() failing for offsets past
 *    2 GiB on 64-bit after 8f9c0119d7ba);
 *  - at the end of the file: 0, offset unchanged;
 *  - into a non-blocking AF_UNIX datagram socket whose peer's queue is
 *    full: EAGAIN, and the input file position does not move; into a
 *    blocking stream socket that a reader drains, 512 KiB go through
 *    and the file position moves by exactly that.
 */
#include <fcntl.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/sendfile.h>
#include <sys/socket.h>
#include "tst_test.h"

#define GIB (1LL << 30)
#define FSIZE (5 * GIB)
#define IN_FILE "sendfile05_in"
#define LEN 8192

static int in_fd = -1;
static char buf[LEN], want[LEN];

/* The bytes the file holds at off: a pattern only around the offsets. */
static void expected(off_t off, char *out, size_t len)
{
	SAFE_PREAD(1, in_fd, out, len, off);
}

static void put_pattern(off_t off)
{
	char pat[LEN + 64];
	size_t i;

	for (i = 0; i < sizeof(pat); i++)
		pat[i] = 'A' + (off / 4096 + i) % 26;
	SAFE_PWRITE(1, in_fd, pat, sizeof(pat), off);
}

static void at_offset(off_t start)
{
	off_t off = start;
	int p[2];

	SAFE_PIPE(p);
	SAFE_LSEEK(in_fd, 0, SEEK_SET);
	TST_EXP_VAL(sendfile(p[1], in_fd, &off, LEN), LEN,
		    "sendfile(pipe, offset %lld, %d)", (long long)start, LEN);
	TST_EXP_EQ_LI(off, start + LEN);
	TST_EXP_EQ_LI(SAFE_LSEEK(in_fd, 0, SEEK_CUR), 0);
	if (TST_PASS) {
		SAFE_READ(1, p[0], buf, LEN);
		expected(start, want, LEN);
		TST_EXP_EXPR(!memcmp(buf, want, LEN), "the bytes are the "
			     "file's at %lld", (long long)start);
	}
	SAFE_CLOSE(p[0]);
	SAFE_CLOSE(p[1]);
}

static void test_offsets(void)
{
	off_t off = FSIZE;
	int p[2];

	at_offset(3 * GIB);
	at_offset(4 * GIB + 1);
	at_offset(2 * GIB - 4096);
	at_offset(0);

	SAFE_PIPE(p);
	TST_EXP_VAL(sendfile(p[1], in_fd, &off, LEN), 0,
		    "sendfile() at the end of the file");
	TST_EXP_EQ_LI(off, FSIZE);
	SAFE_CLOSE(p[0]);
	SAFE_CLOSE(p[1]);
}

static void test_full_socket(void)
{
	int sv[2], fill = 0;
	char chunk[4096];
	pid_t pid;
	off_t total = 0;
	long ret;

	/* datagrams: the peer's queue fills up for certain */
	SAFE_SOCKETPAIR(AF_UNIX, SOCK_DGRAM | SOCK_NONBLOCK, 0, sv);
	memset(chunk, 'x', sizeof(chunk));
	while (write(sv[0], chunk, sizeof(chunk)) > 0)
		fill++;
	if (errno != EAGAIN)
		tst_brk(TBROK | TERRNO, "filling the socket");
	tst_res(TINFO, "socket full after %d datagrams of 4096", fill);

	SAFE_LSEEK(in_fd, 3 * GIB, SEEK_SET);
	TST_EXP_FAIL(sendfile(sv[0], in_fd, NULL, LEN), EAGAIN,
		     "sendfile() into a full non-blocking socket");
	TST_EXP_EQ_LI(SAFE_LSEEK(in_fd, 0, SEEK_CUR), 3 * GIB);
	SAFE_CLOSE(sv[0]);
	SAFE_CLOSE(sv[1]);

	/* a blocking stream socket: a reader drains, sendfile() completes */
	SAFE_SOCKETPAIR(AF_UNIX, SOCK_STREAM, 0, sv);
	pid = SAFE_FORK();
	if (!pid) {
		SAFE_CLOSE(sv[0]);
		while (read(sv[1], chunk, sizeof(chunk)) > 0)
			;
		exit(0);
	}
	SAFE_CLOSE(sv[1]);
	while (total < 64 * LEN) {
		ret = sendfile(sv[0], in_fd, NULL, 64 * LEN - total);
		if (ret <= 0) {
			tst_res(TFAIL | TERRNO, "blocking sendfile() returned "
				"%ld after %lld bytes", ret, (long long)total);
			break;
		}
		total += ret;
	}
	TST_EXP_EQ_LI(total, 64 * LEN);
	TST_EXP_EQ_LI(SAFE_LSEEK(in_fd, 0, SEEK_CUR), 3 * GIB + total);
	SAFE_CLOSE(sv[0]);
	reap_child(pid);
}

static void run(unsigned int n)
{
	if (n == 0)
		test_offsets();
	else
		test_full_socket();
}

static void setup(void)
{
	in_fd = SAFE_OPEN(IN_FILE, O_RDWR | O_CREAT | O_TRUNC, 0600);
	SAFE_FTRUNCATE(in_fd, FSIZE);
	put_pattern(0);
	put_pattern(2 * GIB - 4096);
	put_pattern(3 * GIB);
	put_pattern(4 * GIB);
}

static void cleanup(void)
{
	if (in_fd >= 0)
		SAFE_CLOSE(in_fd);
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.tags = (const struct tst_tag[]) {
		/* upstream LTP sendfile09: fixes 8f9c0119d7ba's large offsets */
		{"linux-git", "5d73320a96fc"},
		{}
	},
};
