// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sendfile(2) copies from a file to another descriptor inside the kernel:
 * - with an offset pointer: it reads from *offset, advances *offset by
 *   the count and leaves the input file position alone;
 * - without one: it reads from the input file position and advances it;
 * - to a regular file (Linux 2.6.33+), a pipe and a stream socket the
 *   bytes arrive unchanged; to a regular file they are written at the
 *   output file's own position, which advances, not at the input's
 *   (2cb4b05e7647);
 * - asking past the end returns what there is, at the end it returns 0,
 *   and count 0 returns 0.
 */
#include <string.h>
#include <sys/sendfile.h>
#include <sys/socket.h>
#include "tst_test.h"

#define DATA "0123456789abcdefghij"
#define DLEN 20

static int in;

static void expect_read(int fd, const char *want, int len, const char *what)
{
	char buf[64];
	int got = SAFE_READ(0, fd, buf, sizeof(buf));

	TST_EXP_EXPR(got == len && !memcmp(buf, want, len), "%s received "
		     "'%.*s' (%d bytes, expected %d)", what, got, buf, got, len);
}

static void with_offset(void)
{
	int p[2];
	off_t off = 3;

	SAFE_PIPE(p);
	SAFE_LSEEK(in, 0, SEEK_SET);
	TST_EXP_VAL(sendfile(p[1], in, &off, 7), 7,
		    "sendfile(pipe, file, offset 3, 7)");
	TST_EXP_EQ_LI(off, 10);
	TST_EXP_EQ_LI(SAFE_LSEEK(in, 0, SEEK_CUR), 0);
	expect_read(p[0], DATA + 3, 7, "the pipe");

	TST_EXP_VAL(sendfile(p[1], in, &off, 100), 10,
		    "sendfile(pipe, file, offset 10, 100)");
	TST_EXP_EQ_LI(off, 20);
	expect_read(p[0], DATA + 10, 10, "the pipe");
	TST_EXP_VAL(sendfile(p[1], in, &off, 100), 0,
		    "sendfile() at the end of the file");
	TST_EXP_VAL(sendfile(p[1], in, &off, 0), 0, "sendfile(count 0)");
	SAFE_CLOSE(p[0]);
	SAFE_CLOSE(p[1]);
}

static void file_position(void)
{
	int out;
	char buf[DLEN];

	out = SAFE_OPEN("sendfile01_out", O_RDWR | O_CREAT | O_TRUNC, 0644);
	SAFE_LSEEK(in, 5, SEEK_SET);
	TST_EXP_VAL(sendfile(out, in, NULL, 8), 8,
		    "sendfile(file, file at position 5, 8)");
	TST_EXP_EQ_LI(SAFE_LSEEK(in, 0, SEEK_CUR), 13);
	TST_EXP_EQ_LI(SAFE_LSEEK(out, 0, SEEK_CUR), 8);
	SAFE_PREAD(1, out, buf, 8, 0);
	TST_EXP_EXPR(!memcmp(buf, DATA + 5, 8), "the output file holds "
		     "bytes 5..12 of the input");
	SAFE_CLOSE(out);
}

static void to_socket(void)
{
	int sv[2];
	off_t off = 0;

	SAFE_SOCKETPAIR(AF_UNIX, SOCK_STREAM, 0, sv);
	TST_EXP_VAL(sendfile(sv[0], in, &off, DLEN), DLEN,
		    "sendfile(stream socket, file, %d)", DLEN);
	expect_read(sv[1], DATA, DLEN, "the socket");
	SAFE_CLOSE(sv[0]);
	SAFE_CLOSE(sv[1]);
}

static void (*const cases[])(void) = {
	with_offset,
	file_position,
	to_socket,
};

static void run(unsigned int n)
{
	cases[n]();
}

static void setup(void)
{
	in = SAFE_OPEN("sendfile01_in", O_RDWR | O_CREAT | O_TRUNC, 0644);
	SAFE_WRITE(1, in, DATA, DLEN);
}

static struct tst_test test = {
	.tcnt = sizeof(cases) / sizeof(cases[0]),
	.test = run,
	.setup = setup,
	.needs_tmpdir = 1,
	.tags = (const struct tst_tag[]) {
		/* splice: direct_splice_actor() should not use pos in sd */
		{"linux-git", "2cb4b05e7647"},
		{}
	},
};
