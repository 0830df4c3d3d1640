// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * writev(2) stops at the first buffer it cannot read, and says so exactly:
 * - valid buffers followed by one in an inaccessible page: the return
 *   value is the byte count of the valid buffers, and the file holds
 *   exactly those bytes, in order (also when the valid bytes run right up
 *   to the inaccessible page);
 * - a first buffer in an inaccessible page: EFAULT, and nothing at all is
 *   written, not even the valid buffers after it (the file stays empty);
 * - 64 valid bytes, the inaccessible page, then two more valid buffers,
 *   written into a file of 256 bytes (0xff) at offset 0, 65, one page and
 *   one page + 1 (past the end: a hole before): 64 is returned, exactly
 *   those 64 bytes are at the offset, every other byte of the file (and
 *   its size) is what it was or the hole's zeros, and the file offset
 *   moved by 64.
 *
 * The inaccessible page is a PROT_NONE page right after a mapped one: it
 * faults like a hole made by munmap(), and, unlike a hole, no later
 * allocation can map something into it behind the test's back.
 * On xfs (iomap) the partial write must return its byte count, not
 * EFAULT (20c64ec83a9f), and a short copy must not shift or lose bytes
 * (3ac974796e5d).
 * On btrfs the cases with valid bytes first are EFAULT with nothing
 * written as well.
 * Runs once per filesystem of the matrix (ext2 ext3 ext4 xfs btrfs
 * vfat exfat ntfs3 tmpfs; .all_filesystems).
 */
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>
#include "tst_test.h"

#define FILE_NAME "writev01_file"
#define MAX_IOVS 4
#define PREFILL 256
/* An iovec offset that means "in the guard page". */
#define GUARD LONG_MIN

static long page_size;
static unsigned char *buf, *guard;
static int fd = -1;

static struct tcase {
	/*
	 * iovecs: offset from the start of the valid page, negative from its
	 * end, or GUARD; and length
	 */
	struct {
		long off;
		size_t len;
	} iov[MAX_IOVS];
	int cnt;
	long exp_ret;		/* -1: EFAULT */
	const char *desc;
	int prefill;		/* into a file of PREFILL bytes 0xff */
	long start;		/* at this offset */
	int pages;		/* plus this many pages */
} tcases[] = {
	{ { { 0, 100 }, { 100, 200 }, { GUARD, 64 } }, 3, 300,
	  "two valid buffers, then one in the guard page", 0, 0, 0 },
	{ { { -300, 300 }, { GUARD, 100 } }, 2, 300,
	  "a valid buffer ending at the guard page, then the guard page",
	  0, 0, 0 },
	{ { { GUARD, 100 } }, 1, -1, "only a buffer in the guard page",
	  0, 0, 0 },
	{ { { GUARD, 100 }, { 0, 100 } }, 2, -1,
	  "the guard page first, then a valid buffer", 0, 0, 0 },
#define PARTIAL { { 0, 64 }, { GUARD, 64 }, { 64, 64 }, { 128, 64 } }, 4, 64
	{ PARTIAL, "64 bytes, the guard page, 128 bytes, at 0 of 256", 1, 0, 0 },
	{ PARTIAL, "64 bytes, the guard page, 128 bytes, at 65 of 256", 1, 65,
	  0 },
	{ PARTIAL, "64 bytes, the guard page, 128 bytes, at a page of 256", 1,
	  0, 1 },
	{ PARTIAL, "64 bytes, the guard page, 128 bytes, at a page + 1 of 256",
	  1, 1, 1 },
#undef PARTIAL
};

static void *iov_base(long off)
{
	if (off == GUARD)
		return guard;
	return off < 0 ? guard + off : buf + off;
}

static void setup(void)
{
	long i;

	page_size = sysconf(_SC_PAGESIZE);
	buf = SAFE_MMAP(NULL, 2 * page_size, PROT_READ | PROT_WRITE,
			MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	guard = buf + page_size;
	SAFE_MPROTECT(guard, page_size, PROT_NONE);
	for (i = 0; i < page_size; i++)
		buf[i] = (unsigned char)(i * 13 + i / 256);
}

static void cleanup(void)
{
	if (fd >= 0)
		SAFE_CLOSE(fd);
	if (buf)
		SAFE_MUNMAP(buf, 2 * page_size);
}

/* The bytes of the iovecs before the first guard one, concatenated. */
static size_t expected_data(const struct tcase *tc, unsigned char *out)
{
	size_t len = 0;
	int i;

	for (i = 0; i < tc->cnt && tc->iov[i].off != GUARD; i++) {
		memcpy(out + len, iov_base(tc->iov[i].off), tc->iov[i].len);
		len += tc->iov[i].len;
	}
	return len;
}

static void check_file(const struct tcase *tc, long exp_ret, long start)
{
	size_t max = 3 * page_size;
	unsigned char *exp = SAFE_MALLOC(max);
	unsigned char *got = SAFE_MALLOC(max + 1);
	size_t exp_len = 0, size = tc->prefill ? PREFILL : 0;
	struct stat st;
	ssize_t got_len;

	memset(exp, 0, max);
	if (tc->prefill)
		memset(exp, 0xff, PREFILL);
	if (exp_ret >= 0) {
		exp_len = expected_data(tc, exp + start);
		if (start + exp_len > size)
			size = start + exp_len;
	}
	SAFE_FSTAT(fd, &st);
	TST_EXP_EQ_LI(st.st_size, size);
	got_len = SAFE_PREAD(0, fd, got, max + 1, 0);
	if (got_len == (ssize_t)size && !memcmp(got, exp, size))
		tst_res(TPASS, "the file holds exactly the valid bytes at %ld, "
			"the rest as before", start);
	else
		tst_res(TFAIL, "the file holds %zd bytes, not exactly the %zu "
			"valid bytes at %ld and the rest as before (%zu bytes)",
			got_len, exp_len, start, size);
	TST_EXP_EQ_LI(SAFE_LSEEK(fd, 0, SEEK_CUR),
		      start + (exp_ret < 0 ? 0 : exp_ret));
	free(exp);
	free(got);
}

static void run(unsigned int n)
{
	struct tcase *tc = &tcases[n];
	struct iovec iov[MAX_IOVS];
	long exp_ret = tc->exp_ret;
	long start = tc->start + tc->pages * page_size;
	unsigned char fill[PREFILL];
	int i;

	for (i = 0; i < tc->cnt; i++) {
		iov[i].iov_base = iov_base(tc->iov[i].off);
		iov[i].iov_len = tc->iov[i].len;
	}
	fd = SAFE_OPEN(FILE_NAME, O_RDWR | O_CREAT | O_TRUNC, 0600);
	if (tc->prefill) {
		memset(fill, 0xff, sizeof(fill));
		SAFE_WRITE(1, fd, fill, sizeof(fill));
		/* the prefilled pages come from the disk, not the cache */
		SAFE_FSYNC(fd);
		posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
	}
	SAFE_LSEEK(fd, start, SEEK_SET);

	/*
	 * btrfs faults in the whole write before copying and fails it with
	 * EFAULT when any byte cannot be read (btrfs_buffered_write()):
	 * nothing is written, which write(2) allows.
	 */
	if (exp_ret > 0 && tst_fs_type && !strcmp(tst_fs_type, "btrfs"))
		exp_ret = -1;
	tst_res(TINFO, "writev() of %s", tc->desc);
	if (exp_ret < 0)
		TST_EXP_FAIL(writev(fd, iov, tc->cnt), EFAULT);
	else
		TST_EXP_VAL(writev(fd, iov, tc->cnt), exp_ret);
	check_file(tc, exp_ret, start);

	SAFE_CLOSE(fd);
}

static struct tst_test test = {
	.tcnt = sizeof(tcases) / sizeof(tcases[0]),
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.all_filesystems = 1,
	.tags = (const struct tst_tag[]) {
		/* iomap: fix a regression for partial write errors */
		{"linux-git", "20c64ec83a9f"},
		/* iomap: fix short copy in iomap_write_iter() */
		{"linux-git", "3ac974796e5d"},
		{}
	},
};
