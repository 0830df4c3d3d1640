// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * splice(2) moves data between a pipe and a file, or two pipes:
 * - file -> pipe with an offset pointer: the pipe gets the file's bytes
 *   from that offset, the offset advances by the count, the file
 *   position stays 0;
 * - file -> pipe without one: the file position is used and advanced;
 * - pipe -> file with an offset pointer: the bytes land at the offset
 *   (the file grows), the offset advances, the file position stays;
 * - pipe -> file without one: written at the file position, which moves;
 * - pipe -> pipe: the bytes move, the first pipe is then empty
 *   (a non-blocking splice from it is EAGAIN);
 * - asking for more than there is returns what there is; len 0 returns
 *   0; an empty pipe whose writers are gone returns 0 (end of file).
 */
#include <string.h>
#include "tst_test.h"

#define FNAME "splice01_file"
#define DATA "0123456789abcdefghij"
#define DLEN 20

static int fd;

static void expect_pipe_holds(int rfd, const char *want, int len)
{
	char buf[64];
	int got = SAFE_READ(0, rfd, buf, sizeof(buf));

	TST_EXP_EXPR(got == len && !memcmp(buf, want, len), "the pipe holds "
		     "'%.*s' (%d bytes, expected '%.*s')", got, buf, got, len,
		     want);
}

static void file_to_pipe(void)
{
	int p[2];
	loff_t off = 4;

	SAFE_PIPE(p);
	SAFE_LSEEK(fd, 0, SEEK_SET);
	TST_EXP_VAL(splice(fd, &off, p[1], NULL, 6, 0), 6,
		    "splice(file at offset 4 -> pipe, 6)");
	TST_EXP_EQ_LI(off, 10);
	TST_EXP_EQ_LI(SAFE_LSEEK(fd, 0, SEEK_CUR), 0);
	expect_pipe_holds(p[0], DATA + 4, 6);

	SAFE_LSEEK(fd, 15, SEEK_SET);
	TST_EXP_VAL(splice(fd, NULL, p[1], NULL, 100, 0), 5,
		    "splice(file at position 15 -> pipe, 100)");
	TST_EXP_EQ_LI(SAFE_LSEEK(fd, 0, SEEK_CUR), 20);
	expect_pipe_holds(p[0], DATA + 15, 5);

	TST_EXP_VAL(splice(fd, NULL, p[1], NULL, 10, 0), 0,
		    "splice(file at its end -> pipe)");
	SAFE_CLOSE(p[0]);
	SAFE_CLOSE(p[1]);
}

static void pipe_to_file(void)
{
	int p[2], out;
	loff_t off = 100;
	char buf[8];
	struct stat st;

	out = SAFE_OPEN("splice01_out", O_RDWR | O_CREAT | O_TRUNC, 0644);
	SAFE_PIPE(p);
	SAFE_WRITE(1, p[1], "ABCDEFGH", 8);
	TST_EXP_VAL(splice(p[0], NULL, out, &off, 5, 0), 5,
		    "splice(pipe -> file at offset 100, 5)");
	TST_EXP_EQ_LI(off, 105);
	TST_EXP_EQ_LI(SAFE_LSEEK(out, 0, SEEK_CUR), 0);
	SAFE_FSTAT(out, &st);
	TST_EXP_EQ_LI(st.st_size, 105);
	SAFE_PREAD(1, out, buf, 5, 100);
	TST_EXP_EXPR(!memcmp(buf, "ABCDE", 5), "bytes 100..104 are 'ABCDE'");

	TST_EXP_VAL(splice(p[0], NULL, out, NULL, 10, 0), 3,
		    "splice(pipe with 3 bytes -> file at position 0, 10)");
	TST_EXP_EQ_LI(SAFE_LSEEK(out, 0, SEEK_CUR), 3);
	SAFE_PREAD(1, out, buf, 3, 0);
	TST_EXP_EXPR(!memcmp(buf, "FGH", 3), "bytes 0..2 are 'FGH'");

	TST_EXP_VAL(splice(p[0], NULL, out, NULL, 0, 0), 0, "splice(len 0)");
	SAFE_CLOSE(p[1]);
	TST_EXP_VAL(splice(p[0], NULL, out, NULL, 10, 0), 0,
		    "splice(empty pipe without writers -> file)");
	SAFE_CLOSE(p[0]);
	SAFE_CLOSE(out);
}

static void pipe_to_pipe(void)
{
	int a[2], b[2];

	SAFE_PIPE(a);
	SAFE_PIPE(b);
	SAFE_WRITE(1, a[1], DATA, DLEN);
	TST_EXP_VAL(splice(a[0], NULL, b[1], NULL, DLEN, 0), DLEN,
		    "splice(pipe -> pipe, %d)", DLEN);
	expect_pipe_holds(b[0], DATA, DLEN);
	TST_EXP_FAIL(splice(a[0], NULL, b[1], NULL, DLEN, SPLICE_F_NONBLOCK),
		     EAGAIN, "splice() from the emptied pipe (non-blocking)");
	SAFE_CLOSE(a[0]);
	SAFE_CLOSE(a[1]);
	SAFE_CLOSE(b[0]);
	SAFE_CLOSE(b[1]);
}

static void (*const cases[])(void) = {
	file_to_pipe,
	pipe_to_file,
	pipe_to_pipe,
};

static void run(unsigned int n)
{
	cases[n]();
}

static void setup(void)
{
	fd = SAFE_OPEN(FNAME, O_RDWR | O_CREAT | O_TRUNC, 0644);
	SAFE_WRITE(1, fd, DATA, DLEN);
}

static void cleanup(void)
{
	if (fd > 0)
		SAFE_CLOSE(fd);
}

static struct tst_test test = {
	.tcnt = sizeof(cases) / sizeof(cases[0]),
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_tmpdir = 1,
};
