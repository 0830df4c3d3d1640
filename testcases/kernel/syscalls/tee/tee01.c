// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * tee(2) duplicates pipe data without consuming it:
 * - tee(a -> b, 20) returns 20; b holds a copy and a still holds all 20
 *   bytes (read after the tee);
 * - tee(a -> b, 5) with 20 bytes in a copies only 5;
 * - len 0 returns 0; an empty pipe without writers returns 0;
 * - SPLICE_F_NONBLOCK on an empty pipe with a writer is EAGAIN;
 * - the same pipe on both sides, a regular file on either side, and an
 *   unknown flag are EINVAL; a closed descriptor, or the write end given
 *   as input, is EBADF.
 */
#include <string.h>
#include "tst_test.h"

#define DATA "0123456789abcdefghij"
#define DLEN 20

static int file;

static void expect_holds(int rfd, const char *want, int len, const char *what)
{
	char buf[64];
	int got = SAFE_READ(0, rfd, buf, sizeof(buf));

	TST_EXP_EXPR(got == len && !memcmp(buf, want, len), "%s holds '%.*s' "
		     "(%d bytes, expected %d)", what, got, buf, got, len);
}

static void run(void)
{
	int a[2], b[2];

	SAFE_PIPE(a);
	SAFE_PIPE(b);
	SAFE_WRITE(1, a[1], DATA, DLEN);

	TST_EXP_VAL(tee(a[0], b[1], DLEN, 0), DLEN, "tee(a -> b, %d)", DLEN);
	expect_holds(b[0], DATA, DLEN, "b");
	TST_EXP_VAL(tee(a[0], b[1], 5, 0), 5, "tee(a -> b, 5)");
	expect_holds(b[0], DATA, 5, "b");
	expect_holds(a[0], DATA, DLEN, "a, after two tees,");

	TST_EXP_VAL(tee(a[0], b[1], 0, 0), 0, "tee(len 0)");
	TST_EXP_FAIL(tee(a[0], b[1], 10, SPLICE_F_NONBLOCK), EAGAIN,
		     "tee(empty pipe with a writer, NONBLOCK)");

	TST_EXP_FAIL(tee(a[0], a[1], 10, 0), EINVAL, "tee(a -> a)");
	TST_EXP_FAIL(tee(file, b[1], 10, 0), EINVAL, "tee(file -> pipe)");
	TST_EXP_FAIL(tee(a[0], file, 10, 0), EINVAL, "tee(pipe -> file)");
	TST_EXP_FAIL(tee(a[0], b[1], 10, 0x100), EINVAL, "tee(flags 0x100)");
	TST_EXP_FAIL(tee(-1, b[1], 10, 0), EBADF, "tee(fd -1 -> pipe)");
	TST_EXP_FAIL(tee(b[1], a[1], 10, 0), EBADF,
		     "tee(a write end as input)");

	SAFE_CLOSE(a[1]);
	TST_EXP_VAL(tee(a[0], b[1], 10, 0), 0,
		    "tee(empty pipe without writers)");
	SAFE_CLOSE(a[0]);
	SAFE_CLOSE(b[0]);
	SAFE_CLOSE(b[1]);
}

static void setup(void)
{
	file = SAFE_OPEN("tee01_file", O_RDWR | O_CREAT, 0644);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_tmpdir = 1,
};
