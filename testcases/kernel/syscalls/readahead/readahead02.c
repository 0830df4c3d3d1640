// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * readahead(2) on a regular file fills the page cache: after the file's
 * pages were dropped (fsync, then POSIX_FADV_DONTNEED) and mincore(2) of a
 * never touched mapping shows none of them resident, readahead() of the
 * whole file returns 0, leaves the file offset alone, and then mincore()
 * shows every page of the file resident.
 *
 * Needs a tmpdir filesystem with a droppable page cache (a disk
 * filesystem); on one that keeps pages resident (tmpfs) it is TCONF.
 */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "tst_test.h"

#define FILE_NAME "readahead02_file"

/*
 * 64 KiB stays below the smallest usual readahead cap (128 KiB of
 * read_ahead_kb): readahead() may read less than asked beyond that.
 */
#define FILE_BYTES (64 * 1024)

/* How long the reads that readahead() started may take to complete. */
#define IO_SECS 5

static long page_size;
static size_t file_len, npages;
static int fd = -1;
static void *map;
static unsigned char *vec;

static size_t resident_pages(void)
{
	size_t i, n = 0;

	if (mincore(map, file_len, vec))
		tst_brk(TBROK | TERRNO, "mincore()");
	for (i = 0; i < npages; i++)
		n += vec[i] & 1;
	return n;
}

/* Write back, then drop the pages; a second pass catches stragglers. */
static size_t drop_pages(void)
{
	int i, err;

	for (i = 0; i < 3; i++) {
		SAFE_FSYNC(fd);
		err = posix_fadvise(fd, 0, file_len, POSIX_FADV_DONTNEED);
		if (err) {
			tst_brk(TBROK, "posix_fadvise(DONTNEED): %s",
				tst_strerrno(err));
		}
		if (!resident_pages())
			return 0;
	}
	return resident_pages();
}

static void setup(void)
{
	char *buf;

	page_size = sysconf(_SC_PAGESIZE);
	file_len = FILE_BYTES < 4 * page_size ? 4 * page_size : FILE_BYTES;
	npages = file_len / page_size;

	buf = SAFE_MALLOC(file_len);
	memset(buf, 'r', file_len);
	fd = SAFE_OPEN(FILE_NAME, O_RDWR | O_CREAT | O_TRUNC, 0600);
	SAFE_WRITE(1, fd, buf, file_len);
	free(buf);

	/* Never touched: mincore() then reports the page cache only. */
	map = SAFE_MMAP(NULL, file_len, PROT_READ, MAP_SHARED, fd, 0);
	vec = SAFE_MALLOC(npages);
}

static void cleanup(void)
{
	if (map)
		SAFE_MUNMAP(map, file_len);
	if (fd >= 0)
		SAFE_CLOSE(fd);
	free(vec);
}

static double secs_since(const struct timespec *start)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return now.tv_sec - start->tv_sec +
	       (now.tv_nsec - start->tv_nsec) / 1e9;
}

static void run(void)
{
	double limit = IO_SECS * tst_timeout_mul();
	struct timespec start;
	size_t left, resident;
	off_t pos = 123;

	left = drop_pages();
	if (left) {
		tst_brk(TCONF, "%zu of %zu pages stay resident after "
			"POSIX_FADV_DONTNEED: the tmpdir's filesystem keeps its "
			"page cache (tmpfs?); set TMPDIR to a disk filesystem",
			left, npages);
	}
	tst_res(TINFO, "all %zu pages of the file dropped from the cache",
		npages);

	SAFE_LSEEK(fd, pos, SEEK_SET);
	TST_EXP_PASS(readahead(fd, 0, file_len));
	if (!TST_PASS)
		return;
	TST_EXP_EQ_LI(SAFE_LSEEK(fd, 0, SEEK_CUR), pos);

	/*
	 * readahead() only starts the reads: mincore() counts a page once
	 * it is up to date, so wait for the I/O to land.
	 */
	clock_gettime(CLOCK_MONOTONIC, &start);
	while ((resident = resident_pages()) < npages &&
	       secs_since(&start) < limit)
		usleep(10000);

	if (resident == npages) {
		tst_res(TPASS, "all %zu pages resident after readahead()",
			npages);
	} else {
		tst_res(TFAIL, "only %zu of %zu pages resident %.0f s after "
			"readahead()", resident, npages, limit);
	}
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_tmpdir = 1,
};
