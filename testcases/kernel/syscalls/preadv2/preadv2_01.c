// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * preadv2(2) reads like preadv(2), plus what its offset -1 and its flags
 * add:
 * - offset >= 0: reads there, the file offset stays;
 * - offset -1: reads at the file offset and moves it, like readv(2), also
 *   on a pipe, which has no offset to read at;
 * - RWF_HIPRI on a buffered fd: only a hint, the same bytes are read;
 * - RWF_NOWAIT: data in the page cache is returned; for data that is
 *   not there the call does not wait for the disk: it fails with EAGAIN,
 *   or returns the right bytes if the readahead it started is done. A
 *   filesystem that has no RWF_NOWAIT support (EOPNOTSUPP, e.g. tmpfs)
 *   or cannot drop the file's pages is TCONF for that part.
 */
#include <fcntl.h>
#include <string.h>
#include <sys/mman.h>
#include "tst_test.h"
#include "fileio.h"

#define FNAME "preadv2_01_file"
#define FSIZE (64 * 1024)
#define MARK 3

static unsigned char data[FSIZE], buf[2][512];
static struct iovec iov[2] = {
	{ buf[0], sizeof(buf[0]) },
	{ buf[1], sizeof(buf[1]) },
};
static int fd = -1;

static void check_data(off_t off, const char *what)
{
	TST_EXP_EXPR(!memcmp(buf[0], data + off, sizeof(buf[0])) &&
		     !memcmp(buf[1], data + off + sizeof(buf[0]),
			     sizeof(buf[1])),
		     "%s: the iovecs hold the file's bytes from %ld", what,
		     (long)off);
	memset(buf, 0, sizeof(buf));
}

static void test_offsets(void)
{
	SAFE_LSEEK(fd, MARK, SEEK_SET);
	TST_EXP_VAL(fio_preadv2(fd, iov, 2, 100, 0), 1024,
		    "preadv2(offset 100, flags 0)");
	check_data(100, "offset 100");
	TST_EXP_EQ_LI(SAFE_LSEEK(fd, 0, SEEK_CUR), MARK);

	TST_EXP_VAL(fio_preadv2(fd, iov, 2, -1, 0), 1024,
		    "preadv2(offset -1, flags 0)");
	check_data(MARK, "offset -1");
	TST_EXP_EQ_LI(SAFE_LSEEK(fd, 0, SEEK_CUR), MARK + 1024);

	TST_EXP_VAL(fio_preadv2(fd, iov, 2, 2000, RWF_HIPRI), 1024,
		    "preadv2(offset 2000, RWF_HIPRI)");
	check_data(2000, "RWF_HIPRI");
}

static void test_pipe(void)
{
	int fds[2];

	SAFE_PIPE(fds);
	SAFE_WRITE(1, fds[1], data, 700);
	TST_EXP_VAL(fio_preadv2(fds[0], iov, 2, -1, 0), 700,
		    "preadv2(pipe, offset -1)");
	TST_EXP_EXPR(!memcmp(buf[0], data, 512) &&
		     !memcmp(buf[1], data + 512, 188),
		     "the pipe's bytes, scattered in order");
	SAFE_CLOSE(fds[0]);
	SAFE_CLOSE(fds[1]);
}

/* 1 when the file's first page is in the page cache (and up to date). */
static int first_page_cached(int cfd)
{
	size_t page = getpagesize();
	unsigned char vec;
	void *map = SAFE_MMAP(NULL, page, PROT_READ, MAP_SHARED, cfd, 0);

	if (mincore(map, page, &vec))
		tst_brk(TBROK | TERRNO, "mincore()");
	SAFE_MUNMAP(map, page);
	return vec & 1;
}

/*
 * RWF_NOWAIT does not keep the kernel from starting readahead: it only
 * refuses to wait for it. When that I/O completes before the read looks
 * at the page (6.12 on a fast virtual disk), the data is returned, and
 * that is correct too. Anything but EAGAIN or the file's own bytes is a
 * bug.
 */
static void uncached_nowait(int cold)
{
	TEST(fio_preadv2(cold, iov, 2, 0, RWF_NOWAIT));
	if (TST_RET == -1 && TST_ERR == EAGAIN) {
		tst_res(TPASS, "preadv2(RWF_NOWAIT) of data not in the page "
			"cache: EAGAIN");
	} else if (TST_RET == 1024) {
		tst_res(TINFO, "preadv2(RWF_NOWAIT) of uncached data returned "
			"it: the readahead it started had completed");
		check_data(0, "RWF_NOWAIT, uncached");
	} else {
		tst_res(TFAIL | TTERRNO, "preadv2(RWF_NOWAIT) of uncached "
			"data returned %ld, expected EAGAIN or 1024", TST_RET);
	}
}

static void test_nowait(void)
{
	int cold;
	long ret;

	TEST(fio_preadv2(fd, iov, 2, 0, RWF_NOWAIT));
	if (TST_RET == -1 && TST_ERR == EOPNOTSUPP) {
		tst_res(TCONF, "the tmpdir's filesystem has no RWF_NOWAIT "
			"support (EOPNOTSUPP)");
		return;
	}
	TST_EXP_EXPR(TST_RET == 1024, "preadv2(RWF_NOWAIT) of cached data "
		     "returned %ld", TST_RET);
	check_data(0, "RWF_NOWAIT, cached");

	/*
	 * A file never read: no readahead of it can be in flight when its
	 * pages are dropped (a page still being read in looks uncached).
	 */
	cold = SAFE_OPEN("preadv2_01_cold", O_RDWR | O_CREAT | O_TRUNC, 0600);
	SAFE_WRITE(1, cold, data, sizeof(data));
	SAFE_FSYNC(cold);
	ret = posix_fadvise(cold, 0, 0, POSIX_FADV_DONTNEED);
	if (ret)
		tst_brk(TBROK, "posix_fadvise(DONTNEED): %s",
			tst_strerrno(ret));
	if (first_page_cached(cold)) {
		tst_res(TCONF, "the filesystem keeps the file's pages after "
			"POSIX_FADV_DONTNEED (tmpfs?): uncached RWF_NOWAIT "
			"read not tested");
	} else {
		uncached_nowait(cold);
	}
	SAFE_CLOSE(cold);
}

static void run(void)
{
	test_offsets();
	test_pipe();
	test_nowait();
}

static void setup(void)
{
	fio_fill(data, sizeof(data), 23);
	fd = SAFE_OPEN(FNAME, O_RDWR | O_CREAT | O_TRUNC, 0600);
	SAFE_WRITE(1, fd, data, sizeof(data));
}

static void cleanup(void)
{
	if (fd >= 0)
		SAFE_CLOSE(fd);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_tmpdir = 1,
};
