/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The page cache check shared by readahead02 (a file in the tmpdir) and
 * readahead03 (a file on an ext4 test device): after the file's pages were
 * dropped (fsync, then POSIX_FADV_DONTNEED) and mincore(2) of a never
 * touched mapping shows none of them resident, readahead() of the whole
 * file returns 0, leaves the file offset alone, and then mincore() shows
 * every page of the file resident.
 *
 * Include after tst_test.h; call ra_cache_setup(path) from setup,
 * ra_cache_cleanup() from cleanup and ra_cache_check() from a test.
 */
#ifndef READAHEAD_CACHE_H
#define READAHEAD_CACHE_H

#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/*
 * 64 KiB stays below the smallest usual readahead cap (128 KiB of
 * read_ahead_kb): readahead() may read less than asked beyond that.
 */
#define RA_FILE_BYTES (64 * 1024)

/* How long the reads that readahead() started may take to complete. */
#define RA_IO_SECS 5

static long ra_page_size;
static size_t ra_file_len, ra_npages;
static int ra_fd = -1;
static void *ra_map;
static unsigned char *ra_vec;

static inline size_t ra_resident_pages(void)
{
	size_t i, n = 0;

	if (mincore(ra_map, ra_file_len, ra_vec))
		tst_brk(TBROK | TERRNO, "mincore()");
	for (i = 0; i < ra_npages; i++)
		n += ra_vec[i] & 1;
	return n;
}

/* Write back, then drop the pages; more passes catch stragglers. */
static inline size_t ra_drop_pages(void)
{
	int i, err;

	for (i = 0; i < 3; i++) {
		SAFE_FSYNC(ra_fd);
		err = posix_fadvise(ra_fd, 0, ra_file_len,
				    POSIX_FADV_DONTNEED);
		if (err) {
			tst_brk(TBROK, "posix_fadvise(DONTNEED): %s",
				tst_strerrno(err));
		}
		if (!ra_resident_pages())
			return 0;
	}
	return ra_resident_pages();
}

static inline void ra_cache_setup(const char *path)
{
	char *buf;

	ra_page_size = sysconf(_SC_PAGESIZE);
	ra_file_len = RA_FILE_BYTES < 4 * ra_page_size ?
		      4 * ra_page_size : RA_FILE_BYTES;
	ra_npages = ra_file_len / ra_page_size;

	buf = SAFE_MALLOC(ra_file_len);
	memset(buf, 'r', ra_file_len);
	ra_fd = SAFE_OPEN(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
	SAFE_WRITE(1, ra_fd, buf, ra_file_len);
	free(buf);

	/* Never touched: mincore() then reports the page cache only. */
	ra_map = SAFE_MMAP(NULL, ra_file_len, PROT_READ, MAP_SHARED, ra_fd, 0);
	ra_vec = SAFE_MALLOC(ra_npages);
}

static inline void ra_cache_cleanup(void)
{
	if (ra_map)
		SAFE_MUNMAP(ra_map, ra_file_len);
	if (ra_fd >= 0)
		SAFE_CLOSE(ra_fd);
	free(ra_vec);
}

static inline double ra_secs_since(const struct timespec *start)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return now.tv_sec - start->tv_sec +
	       (now.tv_nsec - start->tv_nsec) / 1e9;
}

static inline void ra_cache_check_via(int fd, const char *what);

static inline void ra_cache_check(void)
{
	ra_cache_check_via(ra_fd, NULL);
}

/*
 * The same check with readahead() called on fd, another open file whose
 * pages are those of the file of ra_cache_setup() (an overlayfs file over
 * it); what names it in the messages.
 */
static inline void ra_cache_check_via(int fd, const char *what)
{
	double limit = RA_IO_SECS * tst_timeout_mul();
	struct timespec start;
	size_t left, resident;
	off_t pos = 123;

	left = ra_drop_pages();
	if (left) {
		tst_res(TCONF, "%zu of %zu pages stay resident after "
			"POSIX_FADV_DONTNEED: the filesystem keeps its page "
			"cache (tmpfs?); set TMPDIR to a disk filesystem",
			left, ra_npages);
		return;
	}
	tst_res(TINFO, "all %zu pages of the file dropped from the cache",
		ra_npages);

	SAFE_LSEEK(fd, pos, SEEK_SET);
	if (what)
		TST_EXP_PASS(readahead(fd, 0, ra_file_len), "readahead() on %s",
			     what);
	else
		TST_EXP_PASS(readahead(fd, 0, ra_file_len));
	if (!TST_PASS)
		return;
	TST_EXP_EQ_LI(SAFE_LSEEK(fd, 0, SEEK_CUR), pos);

	/*
	 * readahead() only starts the reads: mincore() counts a page once
	 * it is up to date, so wait for the I/O to land.
	 */
	clock_gettime(CLOCK_MONOTONIC, &start);
	while ((resident = ra_resident_pages()) < ra_npages &&
	       ra_secs_since(&start) < limit)
		usleep(10000);

	if (resident == ra_npages) {
		tst_res(TPASS, "all %zu pages resident after readahead()",
			ra_npages);
	} else {
		tst_res(TFAIL, "only %zu of %zu pages resident %.0f s after "
			"readahead()", resident, ra_npages, limit);
	}
}

#endif /* READAHEAD_CACHE_H */
