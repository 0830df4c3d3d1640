// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sendfile(2) at offsets beyond 32 bits, on a sparse file of a mounted
 * device's file system:
 *  - with an offset pointer at 3 GiB, and across the 2 GiB boundary
 *    (2 GiB - 2): the bytes at that offset arrive, *offset advances by
 *    the count to the exact 64-bit value, the file position stays 0;
 *  - without one, from a file position of 3 GiB, which advances;
 *  - at the file system's maximum file size s_maxbytes (found with
 *    ftruncate(): EFBIG one byte above): EOVERFLOW, *offset unchanged;
 *    one byte below it, a count of 10 is cut to the 1 byte left;
 *  - EINVAL when offset + count overflows a 64-bit offset, and for a
 *    count above SSIZE_MAX; a count of SSIZE_MAX itself is accepted
 *    (cut to what the non-blocking pipe takes).
 *
 * Tagged 5d73320a96fc, the fix upstream LTP's sendfile09 names for the
 * same 3 GB check: 8f9c0119d7ba ("compat: fs: Generic
 * compat_sys_sendfile implementation") routed the 64-bit sendfile of
 * some architectures (powerpc) through the 2 GiB-limited path, so
 * offsets above 2 GiB failed there. The fix's subject is not quoted here
 * because no source at hand confirms it.
 */
#include <limits.h>
#include <stdint.h>
#include <sys/sendfile.h>
#include "tst_test.h"

#define MNT "mnt"
#define GiB (1LL << 30)

static int in = -1, edge = -1, p[2] = { -1, -1 };
static long long max_bytes;

static void put(int fd, long long off, const char *s)
{
	if (pwrite(fd, s, strlen(s), off) != (ssize_t)strlen(s))
		tst_brk(TBROK | TERRNO, "pwrite(%lld)", off);
}

static void expect_pipe(const char *want, const char *what)
{
	char buf[64] = { 0 };
	ssize_t n = read(p[0], buf, sizeof(buf) - 1);

	TST_EXP_EXPR(n == (ssize_t)strlen(want) && !strcmp(buf, want),
		     "%s: the pipe holds '%s' (%zd bytes), expected '%s'",
		     what, n > 0 ? buf : "", n, want);
}

static void test_with_offset(long long start, const char *want)
{
	off_t off = start;

	TST_EXP_VAL(sendfile(p[1], in, &off, strlen(want)), strlen(want),
		    "sendfile(pipe, file, offset %lld, %zu)", start,
		    strlen(want));
	TST_EXP_EQ_LI(off, start + (long long)strlen(want));
	TST_EXP_EQ_LI(lseek(in, 0, SEEK_CUR), 0);
	expect_pipe(want, "with an offset");
}

static void test_file_position(void)
{
	SAFE_LSEEK(in, 3 * GiB, SEEK_SET);
	TST_EXP_VAL(sendfile(p[1], in, NULL, 6), 6,
		    "sendfile(pipe, file, NULL, 6) at position 3 GiB");
	TST_EXP_EQ_LI(lseek(in, 0, SEEK_CUR), 3 * GiB + 6);
	expect_pipe("3GiB:x", "from the file position");
	SAFE_LSEEK(in, 0, SEEK_SET);
}

/* The largest size ftruncate() accepts on the file system (s_maxbytes). */
static long long find_max_bytes(int fd)
{
	long long lo = 4 * GiB, hi = LLONG_MAX;

	while (lo < hi) {
		long long mid = lo + (hi - lo) / 2 + 1;

		if (!ftruncate(fd, mid))
			lo = mid;
		else if (errno == EFBIG || errno == EINVAL)
			hi = mid - 1;
		else
			tst_brk(TBROK | TERRNO, "ftruncate(%lld)", mid);
	}
	return lo;
}

static void test_limits(void)
{
	off_t off;
	char c[2] = "xx";

	off = max_bytes;
	TST_EXP_FAIL(sendfile(p[1], edge, &off, 1), EOVERFLOW,
		     "sendfile() at s_maxbytes %lld", max_bytes);
	TST_EXP_EQ_LI(off, max_bytes);

	off = max_bytes - 1;
	TST_EXP_VAL(sendfile(p[1], edge, &off, 10), 1,
		    "sendfile(count 10) one byte below s_maxbytes");
	TST_EXP_EQ_LI(off, max_bytes);
	TST_EXP_EXPR(read(p[0], c, 2) == 1 && c[0] == 0,
		     "the pipe holds the hole's one zero byte");

	off = LLONG_MAX - 10;
	TST_EXP_FAIL(sendfile(p[1], in, &off, 100), EINVAL,
		     "sendfile() with offset + count above LLONG_MAX");
	TST_EXP_EQ_LI(off, LLONG_MAX - 10);
	off = 0;
	TST_EXP_FAIL(sendfile(p[1], in, &off, (size_t)SSIZE_MAX + 1), EINVAL,
		     "sendfile() with count SSIZE_MAX + 1");
	TST_EXP_EQ_LI(off, 0);

	TST_EXP_POSITIVE(sendfile(p[1], in, &off, SSIZE_MAX),
			 "sendfile() with count SSIZE_MAX into a non-blocking "
			 "pipe");
	TST_EXP_EQ_LI(off, TST_RET);
}

static void run(void)
{
	test_with_offset(3 * GiB, "3GiB:x");
	test_with_offset(2 * GiB - 2, "<2G|>2G");
	test_with_offset(4 * GiB - 3, "end");
	test_file_position();
	test_limits();
}

static void setup(void)
{
	SAFE_PIPE2(p, O_NONBLOCK);
	in = SAFE_OPEN(MNT "/sparse", O_CREAT | O_RDWR, 0600);
	put(in, 0, "head");
	put(in, 2 * GiB - 2, "<2G|>2G");
	put(in, 3 * GiB, "3GiB:x");
	put(in, 4 * GiB - 3, "end");
	edge = SAFE_OPEN(MNT "/edge", O_CREAT | O_RDWR, 0600);
	max_bytes = find_max_bytes(edge);
	if (ftruncate(edge, max_bytes))
		tst_brk(TBROK | TERRNO, "ftruncate(%lld)", max_bytes);
	tst_res(TINFO, "%s: s_maxbytes %lld", tst_device->fs_type, max_bytes);
}

static void cleanup(void)
{
	if (in >= 0)
		SAFE_CLOSE(in);
	if (edge >= 0)
		SAFE_CLOSE(edge);
	if (p[0] >= 0) {
		SAFE_CLOSE(p[0]);
		SAFE_CLOSE(p[1]);
	}
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.needs_device = 1,
	.mount_device = 1,
	.mntpoint = MNT,
	.tags = (const struct tst_tag[]) {
		{"linux-git", "5d73320a96fc"},
		{}
	},
};
