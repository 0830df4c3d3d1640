// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A write() or pwrite() whose buffer is partly or wholly unreadable
 * changes the file by exactly what it reports, nothing more:
 * - a buffer wholly in a PROT_NONE page: EFAULT, the content, the size
 *   and the file offset unchanged;
 * - a readable head followed by a PROT_NONE page, inside the file and at
 *   its end (growing it): EFAULT or a short count n no larger than the
 *   readable head; the first n bytes written, every other byte as before
 *   (no zeros or garbage past n), the size grown by no more than n, the
 *   offset moved by n;
 * on the tmpdir's filesystem and on ext4 on the test device.
 * Syscalls: write, pwrite64
 */
#include <fcntl.h>
#include <string.h>
#include <sys/mman.h>
#include "tst_test.h"

#define MNT "mnt"
#define FILE_PAGES 4

static long page;
static unsigned char *good, *bad, *expect, *check;

/* A fresh file of FILE_PAGES pages of 'A's. */
static int make_file(const char *path)
{
	int fd = SAFE_OPEN(path, O_RDWR | O_CREAT | O_TRUNC, 0644);

	memset(expect, 'A', FILE_PAGES * page);
	/* a hole a write past EOF leaves reads as zeros */
	memset(expect + FILE_PAGES * page, 0, 3 * page);
	SAFE_WRITE(1, fd, expect, FILE_PAGES * page);
	return fd;
}

static void check_file(int fd, off_t size, const char *what)
{
	struct stat st;

	SAFE_FSTAT(fd, &st);
	if (st.st_size != size) {
		tst_res(TFAIL, "%s: size %ld, expected %ld", what,
			(long)st.st_size, (long)size);
		return;
	}
	SAFE_PREAD(1, fd, check, size, 0);
	if (memcmp(check, expect, size))
		tst_res(TFAIL, "%s: the file holds bytes nobody wrote", what);
	else
		tst_res(TPASS, "%s: content and size %ld as reported", what,
			(long)size);
}

/*
 * write (or pwrite) len bytes from src at off; head bytes of src are
 * readable. Checks the result against the file.
 */
static void partial(const char *path, int use_pwrite, off_t off,
		    unsigned char *src, size_t len, size_t head,
		    const char *how)
{
	int fd = make_file(path);
	off_t size = FILE_PAGES * page, pos;
	char what[160];
	ssize_t n;

	snprintf(what, sizeof(what), "%s %s: %s", path,
		 use_pwrite ? "pwrite" : "write", how);
	if (!use_pwrite)
		SAFE_LSEEK(fd, off, SEEK_SET);
	n = use_pwrite ? pwrite(fd, src, len, off) : write(fd, src, len);
	if (n == -1 && errno == EFAULT) {
		tst_res(TPASS, "%s: EFAULT", what);
		n = 0;
	} else if (n > 0 && (size_t)n <= head) {
		tst_res(TPASS, "%s: short write of %ld (readable %zu)", what,
			(long)n, head);
	} else if (n == 0 && !head) {
		tst_res(TFAIL, "%s: returned 0, expected EFAULT", what);
	} else {
		tst_res(TFAIL | TERRNO, "%s: returned %ld (readable %zu)", what,
			(long)n, head);
		/* compare what can be compared without touching bad */
		n = n < 0 ? 0 : (size_t)n > head ? (ssize_t)head : n;
	}
	memcpy(expect + off, src, n);
	if (off + n > size)
		size = off + n;
	if (!use_pwrite) {
		pos = SAFE_LSEEK(fd, 0, SEEK_CUR);
		if (pos != off + n)
			tst_res(TFAIL, "%s: offset %ld, expected %ld", what,
				(long)pos, (long)(off + n));
	}
	check_file(fd, size, what);
	SAFE_CLOSE(fd);
	SAFE_UNLINK(path);
}

static void run_on(const char *path)
{
	int p;

	for (p = 0; p <= 1; p++) {
		partial(path, p, page, bad, page, 0,
			"buffer wholly unreadable");
		partial(path, p, page + 10, good, 2 * page, page,
			"a readable page, then an unreadable one");
		partial(path, p, 2 * page - 100, good + page - 300, 2 * page,
			300, "300 readable bytes across a page boundary");
		partial(path, p, FILE_PAGES * page, good, 2 * page, page,
			"at EOF, a readable page, then an unreadable one");
		partial(path, p, FILE_PAGES * page + 123, good + page - 77,
			page, 77, "past EOF, 77 readable bytes");
	}
}

static void run(void)
{
	run_on("write03_file");
	run_on(MNT "/write03_file");
}

static void setup(void)
{
	long i;

	page = getpagesize();
	/* [good page][PROT_NONE page] */
	good = SAFE_MMAP(NULL, 2 * page, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	bad = good + page;
	for (i = 0; i < page; i++)
		good[i] = 'a' + i % 26;
	SAFE_MPROTECT(bad, page, PROT_NONE);
	expect = SAFE_MALLOC((FILE_PAGES + 3) * page);
	check = SAFE_MALLOC((FILE_PAGES + 3) * page);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.needs_device = 1,
	.mount_device = 1,
	.mntpoint = MNT,
	.dev_fs_type = "ext4",
};
