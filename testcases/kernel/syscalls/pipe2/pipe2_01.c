// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pipe2(2) applies its flags to the ends:
 * - flags 0: a pipe like pipe(2), not close-on-exec, blocking;
 * - O_CLOEXEC: FD_CLOEXEC on both fds;
 * - O_NONBLOCK: O_NONBLOCK in both F_GETFL, an empty read fails with
 *   EAGAIN at once;
 * - O_DIRECT ("packet mode", F_GETFL of the write end shows it): each
 *   write is one packet, a read returns at most one packet, a read
 *   shorter than the packet discards the rest of it, a write above a
 *   page is split into page-sized packets (the kernel splits by page; the
 *   man page says PIPE_BUF, the same size on 4 KiB-page machines), and a
 *   read of 0 bytes returns 0.
 */
#include <fcntl.h>
#include <string.h>
#include "tst_test.h"
#include "fileio.h"

static unsigned char *data, *buf;
static long page;

/* FD_CLOEXEC and O_NONBLOCK | O_DIRECT as expected on each end. */
static void check_flags(int fds[2], int fd_flags, const int fl_flags[2],
			const char *desc)
{
	int i, fd, fl;

	for (i = 0; i < 2; i++) {
		fd = fcntl(fds[i], F_GETFD) & FD_CLOEXEC;
		fl = fcntl(fds[i], F_GETFL) & (O_NONBLOCK | O_DIRECT);
		TST_EXP_EXPR(fd == fd_flags && fl == fl_flags[i],
			     "pipe2(%s): fds[%d] F_GETFD %d (expected %d), "
			     "F_GETFL 0%o (expected 0%o)", desc, i, fd,
			     fd_flags, fl, fl_flags[i]);
	}
}

static void test_flags(void)
{
	int fds[2];

	TST_EXP_PASS(pipe2(fds, 0), "pipe2(0)");
	check_flags(fds, 0, (int[]){ 0, 0 }, "0");
	SAFE_CLOSE(fds[0]);
	SAFE_CLOSE(fds[1]);

	TST_EXP_PASS(pipe2(fds, O_CLOEXEC), "pipe2(O_CLOEXEC)");
	check_flags(fds, FD_CLOEXEC, (int[]){ 0, 0 }, "O_CLOEXEC");
	SAFE_CLOSE(fds[0]);
	SAFE_CLOSE(fds[1]);

	TST_EXP_PASS(pipe2(fds, O_NONBLOCK), "pipe2(O_NONBLOCK)");
	check_flags(fds, 0, (int[]){ O_NONBLOCK, O_NONBLOCK }, "O_NONBLOCK");
	TST_EXP_FAIL(read(fds[0], buf, 1), EAGAIN, "read() of the empty pipe");
	SAFE_CLOSE(fds[0]);
	SAFE_CLOSE(fds[1]);
}

static void test_packets(void)
{
	int fds[2];

	TST_EXP_PASS(pipe2(fds, O_DIRECT), "pipe2(O_DIRECT)");
	if (!TST_PASS)
		return;
	/* Packet mode belongs to the writing side. */
	check_flags(fds, 0, (int[]){ 0, O_DIRECT }, "O_DIRECT");

	SAFE_WRITE(1, fds[1], "abc", 3);
	SAFE_WRITE(1, fds[1], "de", 2);
	SAFE_WRITE(1, fds[1], "fghij", 5);
	TST_EXP_VAL(read(fds[0], buf, 2 * page), 3,
		    "read() returns the first packet only");
	TST_EXP_EXPR(!memcmp(buf, "abc", 3), "packet 1 is \"abc\"");
	TST_EXP_VAL(read(fds[0], buf, 1), 1, "read(1) of a 2-byte packet");
	TST_EXP_VAL(read(fds[0], buf, 0), 0, "read(0)");
	TST_EXP_VAL(read(fds[0], buf, 2 * page), 5,
		    "the next read() returns the next packet, not the rest");
	TST_EXP_EXPR(!memcmp(buf, "fghij", 5), "packet 3 is \"fghij\"");

	SAFE_WRITE(1, fds[1], data, page + 100);
	TST_EXP_VAL(read(fds[0], buf, 2 * page), page,
		    "a write of a page + 100 bytes: first packet");
	TST_EXP_VAL(read(fds[0], buf + page, page), 100, "second packet");
	TST_EXP_EXPR(!memcmp(buf, data, page + 100),
		     "the two packets hold the written bytes");
	SAFE_CLOSE(fds[0]);
	SAFE_CLOSE(fds[1]);
}

static void run(void)
{
	test_flags();
	test_packets();
}

static void setup(void)
{
	page = getpagesize();
	data = SAFE_MALLOC(2 * page);
	buf = SAFE_MALLOC(2 * page);
	fio_fill(data, 2 * page, 59);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
};
