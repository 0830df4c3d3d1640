// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * munmap() removes exactly the pages of the range:
 *
 * - an access to an unmapped page raises SIGSEGV with SEGV_MAPERR at that
 *   address;
 * - unmapping the middle page of three leaves two mappings whose data is
 *   intact;
 * - a length that is not a page multiple removes the whole last page;
 * - a range over two mappings and the hole between them removes both, and
 *   unmapping a range with nothing mapped in it succeeds;
 * - stores through a MAP_SHARED file mapping are in the file after
 *   munmap().
 */
#include "vm_helpers.h"

#define FILE_NAME "munmap01_file"

static size_t pg;

static void setup(void)
{
	pg = vm_page_size();
}

static unsigned char *map_filled(void *addr, size_t len, int c)
{
	unsigned char *p = SAFE_MMAP(addr, len, PROT_READ | PROT_WRITE,
				     MAP_PRIVATE | MAP_ANONYMOUS |
				     (addr ? MAP_FIXED_NOREPLACE : 0), -1, 0);

	memset(p, c, len);
	return p;
}

static void test_access_after(void)
{
	unsigned char *p = map_filled(NULL, 2 * pg, 1);

	TST_EXP_PASS(munmap(p, 2 * pg), "munmap() of a 2-page mapping");
	expect_access(p, VM_READ_ACCESS, SIGSEGV, SEGV_MAPERR,
		      "first unmapped page");
	expect_access(p + pg + 5, VM_WRITE_ACCESS, SIGSEGV, SEGV_MAPERR,
		      "second unmapped page");
}

static void test_middle_page(void)
{
	unsigned char *p = map_filled(NULL, 3 * pg, 0x3c);
	unsigned long start, end;

	TST_EXP_PASS(munmap(p + pg, pg), "munmap() of the middle page of 3");
	expect_access(p + pg, VM_READ_ACCESS, SIGSEGV, SEGV_MAPERR,
		      "the unmapped middle page");
	TST_EXP_EXPR(vma_bounds(p, &start, &end) &&
		     start == (unsigned long)p && end == start + pg &&
		     vma_bounds(p + 2 * pg, &start, &end) &&
		     start == (unsigned long)p + 2 * pg && end == start + pg &&
		     p[pg - 1] == 0x3c && p[2 * pg] == 0x3c,
		     "the first and last pages stay mapped with their data");
	SAFE_MUNMAP(p, 3 * pg);
}

static void test_partial_page_length(void)
{
	unsigned char *p = map_filled(NULL, 3 * pg, 7);

	TST_EXP_PASS(munmap(p, pg + 1), "munmap(p, page size + 1)");
	expect_access(p + pg, VM_READ_ACCESS, SIGSEGV, SEGV_MAPERR,
		      "the page the length covers by one byte");
	expect_access(p + 2 * pg, VM_READ_ACCESS, 0, 0,
		      "the page after the length");
	SAFE_MUNMAP(p, 3 * pg);
}

static void test_hole(void)
{
	unsigned char *area = free_range(5 * pg);

	map_filled(area, pg, 1);
	map_filled(area + 3 * pg, 2 * pg, 2);
	TST_EXP_PASS(munmap(area, 5 * pg),
		     "munmap() over two mappings and the hole between them");
	expect_access(area, VM_READ_ACCESS, SIGSEGV, SEGV_MAPERR,
		      "the first mapping");
	expect_access(area + 4 * pg, VM_READ_ACCESS, SIGSEGV, SEGV_MAPERR,
		      "the second mapping");
	TST_EXP_PASS(munmap(area, 5 * pg), "munmap() of a range with "
		     "nothing mapped in it");
}

static void test_shared_file(void)
{
	int fd = SAFE_OPEN(FILE_NAME, O_RDWR | O_CREAT | O_TRUNC, 0600);
	char buf[8] = "";
	char *p;

	SAFE_FTRUNCATE(fd, pg);
	p = SAFE_MMAP(NULL, pg, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	memcpy(p + 100, "stored", 7);
	TST_EXP_PASS(munmap(p, pg), "munmap() of a MAP_SHARED file mapping");
	SAFE_PREAD(1, fd, buf, 7, 100);
	TST_EXP_EXPR(!strcmp(buf, "stored"), "the store made through the "
		     "mapping is in the file after munmap() ('%s')", buf);
	SAFE_CLOSE(fd);
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		test_access_after();
		break;
	case 1:
		test_middle_page();
		break;
	case 2:
		test_partial_page_length();
		break;
	case 3:
		test_hole();
		break;
	case 4:
		test_shared_file();
		break;
	}
}

static struct tst_test test = {
	.tcnt = 5,
	.test = run,
	.setup = setup,
	.needs_tmpdir = 1,
	.forks_child = 1,
};
