// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * madvise() advice that changes what memory holds:
 *
 * - MADV_DONTNEED: private anonymous pages read as zeros afterwards and
 *   are no longer resident; a private file page that was copied on write
 *   shows the file again; a shared file mapping keeps the file's data.
 * - MADV_DONTNEED_LOCKED (5.18) drops mlock()ed pages too (zeros after),
 *   leaving the range locked.
 * - MADV_FREE (4.5): the pages are clean afterwards (smaps Private_Dirty
 *   0), so reclaim may drop them; each reads either its old data or zeros
 *   (if reclaimed), and a page written after the advice keeps the new
 *   data and is dirty again.
 * - MADV_WILLNEED on a file whose pages were dropped from the page cache
 *   reads them back in.
 * - MADV_POPULATE_READ / MADV_POPULATE_WRITE (5.14) make the pages
 *   resident; POPULATE_WRITE on a private file mapping copies them
 *   (smaps Anonymous).
 */
#include <sys/vfs.h>
#include <time.h>
#include "vm_helpers.h"
#include "lapi/mman.h"

#define FILE_NAME "madvise01_file"
#define TMPFS_MAGIC 0x01021994
#define NPAGES 8

static size_t pg, len;
static long kb_per_page;
static int fd = -1;
static unsigned char *file_data;

static void setup(void)
{
	pg = vm_page_size();
	kb_per_page = pg / 1024;
	len = NPAGES * pg;
	file_data = SAFE_MALLOC(len);
	fill_pattern(file_data, len, 41);
	fd = SAFE_OPEN(FILE_NAME, O_RDWR | O_CREAT | O_TRUNC, 0600);
	SAFE_WRITE(1, fd, file_data, len);
}

static void cleanup(void)
{
	if (fd >= 0)
		SAFE_CLOSE(fd);
	free(file_data);
}

static unsigned char *map_anon(void)
{
	unsigned char *p = SAFE_MMAP(NULL, len, PROT_READ | PROT_WRITE,
				     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	fill_pattern(p, len, 43);
	return p;
}

/* Report TCONF for advice this kernel predates; 1 if so. */
static int advice_missing(int ret, const char *name, int major, int minor)
{
	if (ret == -1 && errno == EINVAL && tst_kvercmp(major, minor, 0) < 0) {
		tst_res(TCONF, "%s needs Linux %d.%d", name, major, minor);
		return 1;
	}
	return 0;
}

static void test_dontneed(void)
{
	unsigned char *p = map_anon();

	TST_EXP_PASS(madvise(p, len, MADV_DONTNEED),
		     "MADV_DONTNEED on private anonymous memory");
	TST_EXP_EXPR(resident_pages(p, len) == 0 && first_nonzero(p, len) < 0,
		     "no page resident before the read, all read as zeros");
	SAFE_MUNMAP(p, len);

	p = SAFE_MMAP(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
	memset(p + pg, 0, pg);
	TST_EXP_PASS(madvise(p, len, MADV_DONTNEED),
		     "MADV_DONTNEED on a private file mapping");
	TST_EXP_EXPR(!memcmp(p, file_data, len), "the copied page shows the "
		     "file's data again");
	SAFE_MUNMAP(p, len);

	p = SAFE_MMAP(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	p[2 * pg] ^= 0xff;
	TST_EXP_PASS(madvise(p, len, MADV_DONTNEED),
		     "MADV_DONTNEED on a shared file mapping");
	TST_EXP_EXPR(p[2 * pg] == (file_data[2 * pg] ^ 0xff) &&
		     !memcmp(p, file_data, 2 * pg),
		     "the shared mapping keeps the file's data and the store");
	p[2 * pg] ^= 0xff;
	SAFE_MUNMAP(p, len);
}

static void test_dontneed_locked(void)
{
	unsigned char *p = map_anon();
	long locked;

	if (mlock(p, len))
		tst_brk(TBROK | TERRNO, "mlock()");
	locked = status_kb("VmLck");
	TEST(madvise(p, len, MADV_DONTNEED_LOCKED));
	if (!advice_missing(TST_RET, "MADV_DONTNEED_LOCKED", 5, 18)) {
		TST_EXP_EXPR(TST_RET == 0, "MADV_DONTNEED_LOCKED on mlock()ed "
			     "memory returned %ld (%s)", TST_RET,
			     tst_strerrno(TST_ERR));
		TST_EXP_EXPR(first_nonzero(p, len) < 0 &&
			     status_kb("VmLck") == locked,
			     "the pages read as zeros and stay locked (VmLck "
			     "%ld -> %ld kB)", locked, status_kb("VmLck"));
	}
	SAFE_MUNMAP(p, len);
}

static void test_free(void)
{
	unsigned char *p = map_anon();
	unsigned char *copy = SAFE_MALLOC(len);
	long dirty_before, dirty_after;
	size_t i, kept = 0, zero = 0;

	memcpy(copy, p, len);
	dirty_before = smaps_kb(p, "Private_Dirty");
	TST_EXP_PASS(madvise(p, len, MADV_FREE), "MADV_FREE");
	dirty_after = smaps_kb(p, "Private_Dirty");
	for (i = 0; i < NPAGES; i++) {
		if (!memcmp(p + i * pg, copy + i * pg, pg))
			kept++;
		else if (first_nonzero(p + i * pg, pg) < 0)
			zero++;
	}
	TST_EXP_EXPR(dirty_before == NPAGES * kb_per_page && dirty_after == 0,
		     "the pages are no longer dirty, so reclaim may drop them "
		     "(Private_Dirty %ld -> %ld kB)", dirty_before,
		     dirty_after);
	TST_EXP_EXPR(kept + zero == NPAGES, "each page holds its data (%zu) "
		     "or, if reclaimed, zeros (%zu)", kept, zero);
	p[3 * pg] = 0x7e;
	TST_EXP_EXPR(p[3 * pg] == 0x7e &&
		     smaps_kb(p, "Private_Dirty") == kb_per_page,
		     "a store after MADV_FREE stays and dirties its page "
		     "again");
	SAFE_MUNMAP(p, len);
	free(copy);
}

static void test_willneed(void)
{
	struct statfs sfs;
	struct timespec start, now;
	unsigned char *p;
	size_t res;

	p = SAFE_MMAP(NULL, len, PROT_READ, MAP_SHARED, fd, 0);
	SAFE_FSYNC(fd);
	if (posix_fadvise(fd, 0, len, POSIX_FADV_DONTNEED))
		tst_brk(TBROK, "posix_fadvise(POSIX_FADV_DONTNEED)");
	res = resident_pages(p, len);
	if (fstatfs(fd, &sfs))
		tst_brk(TBROK | TERRNO, "fstatfs()");
	TST_EXP_PASS(madvise(p, len, MADV_WILLNEED), "MADV_WILLNEED on a file "
		     "mapping");
	if (res) {
		tst_res(TCONF, "%zu of %d file pages stayed cached after "
			"POSIX_FADV_DONTNEED (%s): cannot check that "
			"MADV_WILLNEED reads them in", res, NPAGES,
			sfs.f_type == TMPFS_MAGIC ? "tmpfs keeps them" :
			"busy");
		SAFE_MUNMAP(p, len);
		return;
	}
	/*
	 * The read-ahead it starts is asynchronous: give it 5 s times
	 * LTP_TIMEOUT_MUL, measured on the clock (500 naps of 10 ms were
	 * no more than 5 s on a loaded guest, whose I/O is slow too).
	 */
	clock_gettime(CLOCK_MONOTONIC, &start);
	for (;;) {
		res = resident_pages(p, len);
		if (res == NPAGES)
			break;
		clock_gettime(CLOCK_MONOTONIC, &now);
		if (now.tv_sec - start.tv_sec > 5 * tst_timeout_mul())
			break;
		usleep(10000);
	}
	TST_EXP_EXPR(res == NPAGES, "the %d dropped pages are read back into "
		     "the page cache (%zu)", NPAGES, res);
	SAFE_MUNMAP(p, len);
}

static void test_populate(void)
{
	unsigned char *p = SAFE_MMAP(NULL, len, PROT_READ | PROT_WRITE,
				     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	long anon;

	TEST(madvise(p, len, MADV_POPULATE_READ));
	if (advice_missing(TST_RET, "MADV_POPULATE_READ", 5, 14)) {
		SAFE_MUNMAP(p, len);
		return;
	}
	TST_EXP_EXPR(TST_RET == 0 && resident_pages(p, len) == NPAGES,
		     "MADV_POPULATE_READ makes all %d pages resident", NPAGES);
	TST_EXP_PASS(madvise(p, len, MADV_POPULATE_WRITE),
		     "MADV_POPULATE_WRITE on anonymous memory");
	TST_EXP_EXPR(resident_pages(p, len) == NPAGES &&
		     first_nonzero(p, len) < 0,
		     "all pages resident and still zero");
	SAFE_MUNMAP(p, len);

	p = SAFE_MMAP(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
	TST_EXP_PASS(madvise(p, len, MADV_POPULATE_WRITE),
		     "MADV_POPULATE_WRITE on a private file mapping");
	anon = smaps_kb(p, "Anonymous");
	TST_EXP_EXPR(anon == NPAGES * kb_per_page && !memcmp(p, file_data, len),
		     "every page is a private copy (Anonymous %ld kB) of the "
		     "file's data", anon);
	SAFE_MUNMAP(p, len);
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		test_dontneed();
		break;
	case 1:
		test_dontneed_locked();
		break;
	case 2:
		test_free();
		break;
	case 3:
		test_willneed();
		break;
	case 4:
		test_populate();
		break;
	}
}

static struct tst_test test = {
	.tcnt = 5,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_tmpdir = 1,
};
