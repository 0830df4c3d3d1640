// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * splice(2) errors:
 * - EINVAL: neither descriptor is a pipe; both ends of the same pipe; an
 *   unknown flag; an output file opened O_APPEND; a negative file offset;
 * - ESPIPE: an offset pointer for the pipe side (input or output);
 * - EBADF: a closed descriptor; an input opened write-only; an output
 *   opened read-only;
 * - EAGAIN: SPLICE_F_NONBLOCK on an empty pipe that still has a writer;
 * - EFAULT: an offset pointer into unmapped memory.
 * None of them moves data: the pipe still holds its bytes afterwards.
 */
#include <string.h>
#include "tst_test.h"
#include "proc_ids.h"

static int file, file2, wronly, rdonly, append, p[2], empty[2];

static void run(void)
{
	loff_t off = 0, neg = -1;
	char buf[16];

	TST_EXP_FAIL(splice(file, NULL, file2, NULL, 4, 0), EINVAL,
		     "splice(file -> file)");
	TST_EXP_FAIL(splice(p[0], NULL, p[1], NULL, 4, 0), EINVAL,
		     "splice(pipe -> the same pipe)");
	TST_EXP_FAIL(splice(p[0], NULL, file2, NULL, 4, 0x100), EINVAL,
		     "splice(flags 0x100)");
	TST_EXP_FAIL(splice(p[0], NULL, append, NULL, 4, 0), EINVAL,
		     "splice(pipe -> O_APPEND file)");
	TST_EXP_FAIL(splice(p[0], NULL, file2, &neg, 4, 0), EINVAL,
		     "splice(pipe -> file at offset -1)");
	TST_EXP_FAIL(splice(file, &neg, p[1], NULL, 4, 0), EINVAL,
		     "splice(file at offset -1 -> pipe)");

	TST_EXP_FAIL(splice(p[0], &off, file2, NULL, 4, 0), ESPIPE,
		     "splice(pipe with an input offset -> file)");
	TST_EXP_FAIL(splice(file, NULL, p[1], &off, 4, 0), ESPIPE,
		     "splice(file -> pipe with an output offset)");

	TST_EXP_FAIL(splice(-1, NULL, p[1], NULL, 4, 0), EBADF,
		     "splice(fd -1 -> pipe)");
	TST_EXP_FAIL(splice(wronly, NULL, p[1], NULL, 4, 0), EBADF,
		     "splice(write-only file -> pipe)");
	TST_EXP_FAIL(splice(p[0], NULL, rdonly, NULL, 4, 0), EBADF,
		     "splice(pipe -> read-only file)");

	TST_EXP_FAIL(splice(empty[0], NULL, file2, NULL, 4, SPLICE_F_NONBLOCK),
		     EAGAIN, "splice(empty pipe with a writer, NONBLOCK)");
	TST_EXP_FAIL(splice(file, unmapped_addr(), p[1], NULL, 4, 0), EFAULT,
		     "splice(file, unmapped offset -> pipe)");

	TST_EXP_VAL(read(p[0], buf, sizeof(buf)), 4,
		    "the pipe still holds its 4 bytes");
	SAFE_WRITE(1, p[1], "data", 4);
}

static void setup(void)
{
	file = SAFE_OPEN("splice02_a", O_RDWR | O_CREAT, 0644);
	SAFE_WRITE(1, file, "0123456789", 10);
	file2 = SAFE_OPEN("splice02_b", O_RDWR | O_CREAT, 0644);
	wronly = SAFE_OPEN("splice02_a", O_WRONLY);
	rdonly = SAFE_OPEN("splice02_b", O_RDONLY);
	append = SAFE_OPEN("splice02_b", O_WRONLY | O_APPEND);
	SAFE_PIPE(p);
	SAFE_PIPE(empty);
	SAFE_WRITE(1, p[1], "data", 4);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_tmpdir = 1,
};
