// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sendfile(2) errors:
 * - EBADF: a closed input or output descriptor, an input opened
 *   write-only, an output opened read-only;
 * - EINVAL: an output file opened O_APPEND; a negative offset;
 * - ESPIPE: an offset pointer with a pipe as input (no pread on it);
 * - EINVAL: a pipe as input without an offset pointer, to a file (the
 *   input is not seekable: splice_direct_to_actor()) and to a pipe (a
 *   pipe has no splice_read); the input pipe keeps its 4 bytes and the
 *   output pipe stays empty;
 * - EFAULT: an offset pointer into unmapped memory.
 * None of them moves the offset or writes to the output.
 */
#include <sys/ioctl.h>
#include <sys/sendfile.h>
#include "tst_test.h"
#include "proc_ids.h"

static int in, out, wronly, rdonly, append, p[2], q[2];

static void run(void)
{
	off_t off = 0, neg = -1;
	struct stat st;
	int queued, qout;

	TST_EXP_FAIL(sendfile(out, -1, &off, 4), EBADF, "sendfile(in -1)");
	TST_EXP_FAIL(sendfile(-1, in, &off, 4), EBADF, "sendfile(out -1)");
	TST_EXP_FAIL(sendfile(out, wronly, &off, 4), EBADF,
		     "sendfile(in opened write-only)");
	TST_EXP_FAIL(sendfile(rdonly, in, &off, 4), EBADF,
		     "sendfile(out opened read-only)");
	TST_EXP_FAIL(sendfile(append, in, &off, 4), EINVAL,
		     "sendfile(out opened O_APPEND)");
	TST_EXP_FAIL(sendfile(out, in, &neg, 4), EINVAL,
		     "sendfile(offset -1)");
	TST_EXP_FAIL(sendfile(out, p[0], &off, 4), ESPIPE,
		     "sendfile(pipe input with an offset)");
	TST_EXP_FAIL(sendfile(out, in, unmapped_addr(), 4), EFAULT,
		     "sendfile(unmapped offset pointer)");
	TST_EXP_FAIL(sendfile(out, p[0], NULL, 4), EINVAL,
		     "sendfile(pipe input -> file)");
	TST_EXP_FAIL(sendfile(q[1], p[0], NULL, 4), EINVAL,
		     "sendfile(pipe input -> pipe)");
	if (ioctl(p[0], FIONREAD, &queued) || ioctl(q[0], FIONREAD, &qout))
		tst_brk(TBROK | TERRNO, "ioctl(FIONREAD)");
	TST_EXP_EQ_LI(queued, 4);
	TST_EXP_EQ_LI(qout, 0);

	TST_EXP_EQ_LI(off, 0);
	SAFE_FSTAT(out, &st);
	TST_EXP_EQ_LI(st.st_size, 0);
}

static void setup(void)
{
	in = SAFE_OPEN("sendfile02_in", O_RDWR | O_CREAT, 0644);
	SAFE_WRITE(1, in, "0123456789", 10);
	out = SAFE_OPEN("sendfile02_out", O_RDWR | O_CREAT | O_TRUNC, 0644);
	wronly = SAFE_OPEN("sendfile02_in", O_WRONLY);
	rdonly = SAFE_OPEN("sendfile02_out", O_RDONLY);
	append = SAFE_OPEN("sendfile02_out", O_WRONLY | O_APPEND);
	SAFE_PIPE(p);
	SAFE_WRITE(1, p[1], "data", 4);
	SAFE_PIPE(q);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_tmpdir = 1,
};
