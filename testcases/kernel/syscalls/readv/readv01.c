// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * readv(2) stops at the first buffer it cannot write, and says so exactly:
 * - valid buffers followed by one in an inaccessible page: the return
 *   value is the byte count of the valid buffers, they hold the file's
 *   first bytes in order, and the file offset moved by exactly that much
 *   (also when the valid bytes run right up to the inaccessible page);
 * - a first buffer in an inaccessible page: EFAULT, the file offset stays
 *   at 0 and the valid buffers after it are left untouched.
 *
 * The inaccessible page is a PROT_NONE page right after a mapped one: it
 * faults like a hole made by munmap(), and, unlike a hole, no later
 * allocation can map something into it behind the test's back.
 * Runs once per filesystem of the matrix (ext2 ext3 ext4 xfs btrfs
 * vfat exfat ntfs3 tmpfs; .all_filesystems).
 */
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>
#include "tst_test.h"

#define FILE_NAME "readv01_file"
#define FILE_BYTES 8192
#define MAX_IOVS 3
/* An iovec offset that means "in the guard page". */
#define GUARD LONG_MIN
/* What the buffers hold before the call: no byte of the file is this. */
#define UNTOUCHED 0xff

static long page_size;
static unsigned char *buf, *guard;
static unsigned char file_data[FILE_BYTES];
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
} tcases[] = {
	{ { { 0, 100 }, { 100, 200 }, { GUARD, 64 } }, 3, 300,
	  "two valid buffers, then one in the guard page" },
	{ { { -300, 300 }, { GUARD, 100 } }, 2, 300,
	  "a valid buffer ending at the guard page, then the guard page" },
	{ { { GUARD, 100 } }, 1, -1, "only a buffer in the guard page" },
	{ { { GUARD, 100 }, { 0, 100 } }, 2, -1,
	  "the guard page first, then a valid buffer" },
};

static void *iov_base(long off)
{
	if (off == GUARD)
		return guard;
	return off < 0 ? guard + off : buf + off;
}

static void setup(void)
{
	int i;

	page_size = sysconf(_SC_PAGESIZE);
	buf = SAFE_MMAP(NULL, 2 * page_size, PROT_READ | PROT_WRITE,
			MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	guard = buf + page_size;
	SAFE_MPROTECT(guard, page_size, PROT_NONE);

	for (i = 0; i < FILE_BYTES; i++)
		file_data[i] = (unsigned char)(i * 13 + i / 256) % UNTOUCHED;
	fd = SAFE_OPEN(FILE_NAME, O_RDWR | O_CREAT | O_TRUNC, 0600);
	SAFE_WRITE(1, fd, file_data, FILE_BYTES);
}

static void cleanup(void)
{
	if (fd >= 0)
		SAFE_CLOSE(fd);
	if (buf)
		SAFE_MUNMAP(buf, 2 * page_size);
}

/* Valid iovecs before the first guard one hold the file's bytes. */
static void check_buffers(const struct tcase *tc)
{
	size_t file_off = 0, j;
	int i, in_data = tc->exp_ret >= 0;

	for (i = 0; i < tc->cnt; i++) {
		unsigned char *p = iov_base(tc->iov[i].off);

		if (tc->iov[i].off == GUARD) {
			in_data = 0;
			continue;
		}
		for (j = 0; j < tc->iov[i].len; j++) {
			int exp = in_data ? file_data[file_off + j] : UNTOUCHED;

			if (p[j] != exp) {
				tst_res(TFAIL, "iovec %d byte %zu is 0x%02x, "
					"expected 0x%02x", i, j, p[j], exp);
				return;
			}
		}
		if (in_data)
			file_off += tc->iov[i].len;
	}
	tst_res(TPASS, "the buffers hold %zu bytes of the file, the rest "
		"is untouched", file_off);
}

static void run(unsigned int n)
{
	struct tcase *tc = &tcases[n];
	struct iovec iov[MAX_IOVS];
	off_t exp_pos = tc->exp_ret < 0 ? 0 : tc->exp_ret;
	int i;

	memset(buf, UNTOUCHED, page_size);
	for (i = 0; i < tc->cnt; i++) {
		iov[i].iov_base = iov_base(tc->iov[i].off);
		iov[i].iov_len = tc->iov[i].len;
	}
	SAFE_LSEEK(fd, 0, SEEK_SET);

	tst_res(TINFO, "readv() into %s", tc->desc);
	if (tc->exp_ret < 0)
		TST_EXP_FAIL(readv(fd, iov, tc->cnt), EFAULT);
	else
		TST_EXP_VAL(readv(fd, iov, tc->cnt), tc->exp_ret);
	TST_EXP_EQ_LI(SAFE_LSEEK(fd, 0, SEEK_CUR), exp_pos);
	check_buffers(tc);
}

static struct tst_test test = {
	.tcnt = sizeof(tcases) / sizeof(tcases[0]),
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.all_filesystems = 1,
};
