// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * remap_file_pages() is deprecated since 3.16 but still emulated
 * (mm/mmap.c): it maps other pages of the file into part of a shared file
 * mapping, keeping the mapping's protection.
 *
 * On a MAP_SHARED mapping of 4 pages of a file, each page filled with its
 * number (on a file in the tmpdir and on a memfd):
 * - remap_file_pages(page 0, 1 page, pgoff 2) returns 0: page 0 shows
 *   file page 2, pages 1-3 are unchanged;
 * - a write through page 0 lands in file page 2 (pread) and shows in page
 *   2 of the mapping;
 * - remap_file_pages(page 1, 2 pages, pgoff 0): pages 1 and 2 show file
 *   pages 0 and 1;
 * - an unaligned start is rounded down to its page.
 */
#include <sys/mman.h>
#include <sys/syscall.h>
#include "tst_test.h"

#define NPAGES 4
#define FILE_NAME "remap_file_pages01_file"

static size_t pg;

static long rfp(void *start, size_t size, int prot, size_t pgoff, int flags)
{
	return tst_syscall(__NR_remap_file_pages, start, size, prot, pgoff,
			   flags);
}

/* Each page of the mapping shows the file page whose number it holds. */
static void expect_layout(const char *p, const int *want, const char *what)
{
	int i, ok = 1;

	for (i = 0; i < NPAGES; i++) {
		if (p[i * pg] != 'A' + want[i] ||
		    p[i * pg + pg - 1] != 'A' + want[i])
			ok = 0;
	}
	TST_EXP_EXPR(ok, "%s: pages show file pages %c%c%c%c", what,
		     p[0], p[pg], p[2 * pg], p[3 * pg]);
}

static void test_fd(int fd, const char *name)
{
	char *p, c;
	int i;
	const int after_first[NPAGES] = {2, 1, 2, 3};
	const int after_second[NPAGES] = {2, 0, 1, 3};

	tst_res(TINFO, "%s", name);
	for (i = 0; i < NPAGES; i++) {
		char buf[pg];

		memset(buf, 'A' + i, pg);
		SAFE_PWRITE(1, fd, buf, pg, i * pg);
	}
	p = SAFE_MMAP(NULL, NPAGES * pg, PROT_READ | PROT_WRITE, MAP_SHARED,
		      fd, 0);

	TST_EXP_PASS(rfp(p, pg, 0, 2, 0),
		     "remap_file_pages(page 0, 1 page, pgoff 2)");
	expect_layout(p, after_first, "after the first remap");

	p[10] = 'z';
	SAFE_PREAD(1, fd, &c, 1, 2 * pg + 10);
	TST_EXP_EXPR(c == 'z' && p[2 * pg + 10] == 'z',
		     "a write through page 0 is in file page 2 ('%c') and in "
		     "page 2 of the mapping ('%c')", c, p[2 * pg + 10]);
	p[10] = 'C';

	TST_EXP_PASS(rfp(p + pg + 100, 2 * pg, 0, 0, 0),
		     "remap_file_pages(page 1 + 100, 2 pages, pgoff 0)");
	expect_layout(p, after_second, "after the second remap");
	SAFE_MUNMAP(p, NPAGES * pg);
}

static void run(void)
{
	int fd = SAFE_OPEN(FILE_NAME, O_RDWR | O_CREAT | O_TRUNC, 0600);

	test_fd(fd, "a file in the tmpdir");
	SAFE_CLOSE(fd);

	fd = memfd_create("remap_file_pages01", 0);
	if (fd < 0) {
		tst_res(TCONF | TERRNO, "memfd_create()");
		return;
	}
	test_fd(fd, "a memfd (shmem)");
	SAFE_CLOSE(fd);
}

static void setup(void)
{
	pg = getpagesize();
}

static struct tst_test test = {
	.setup = setup,
	.test_all = run,
	.needs_tmpdir = 1,
};
