// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mremap() resizes and moves mappings with their contents:
 *
 * - growing with free space after the mapping keeps its address; the new
 *   tail of an anonymous mapping reads as zeros;
 * - shrinking keeps the address and unmaps the tail;
 * - with MREMAP_MAYMOVE, a mapping that cannot grow in place moves, keeps
 *   its data, and its old range is unmapped;
 * - MREMAP_FIXED moves it to the given address, replacing what was mapped
 *   there;
 * - MREMAP_DONTUNMAP (5.7) moves the pages and leaves the old range mapped:
 *   an anonymous private one then reads as zeros, a shared one keeps
 *   showing the same data (5.13);
 * - growing a MAP_SHARED file mapping shows the file's following pages.
 */
#include "vm_helpers.h"
#include "lapi/mman.h"

#define FILE_NAME "mremap01_file"

static size_t pg;

static void setup(void)
{
	pg = vm_page_size();
}

static unsigned char *map_pattern_at(void *addr, size_t len, unsigned int seed)
{
	unsigned char *p = SAFE_MMAP(addr, len, PROT_READ | PROT_WRITE,
				     MAP_PRIVATE | MAP_ANONYMOUS |
				     (addr ? MAP_FIXED_NOREPLACE : 0), -1, 0);

	fill_pattern(p, len, seed);
	return p;
}

static void test_grow_shrink_in_place(void)
{
	unsigned char *area = free_range(8 * pg);
	unsigned char *p = map_pattern_at(area, 2 * pg, 3);
	void *r;

	r = mremap(p, 2 * pg, 6 * pg, 0);
	TST_EXP_EXPR(r == p, "growing 2 -> 6 pages with free space after it "
		     "stays at %p (got %p)", (void *)p, r);
	if (r != p)
		return;
	TST_EXP_EXPR(check_pattern(p, 2 * pg, 3) < 0 &&
		     first_nonzero(p + 2 * pg, 4 * pg) < 0,
		     "old pages keep their data, new pages read zeros");

	r = mremap(p, 6 * pg, pg, 0);
	TST_EXP_EXPR(r == p, "shrinking 6 -> 1 page stays at %p (got %p)",
		     (void *)p, r);
	expect_access(p + pg, VM_READ_ACCESS, SIGSEGV, SEGV_MAPERR,
		      "the page cut off by shrinking");
	TST_EXP_EXPR(check_pattern(p, pg, 3) < 0,
		     "the kept page keeps its data");
	SAFE_MUNMAP(p, pg);
}

static void test_maymove(void)
{
	unsigned char *area = free_range(4 * pg);
	unsigned char *p = map_pattern_at(area, 2 * pg, 5);
	unsigned char *blocker = map_pattern_at(area + 2 * pg, pg, 0);
	unsigned char *r;

	TST_EXP_FAIL((long)mremap(p, 2 * pg, 4 * pg, 0), ENOMEM,
		     "growing into the next mapping without MREMAP_MAYMOVE");

	r = mremap(p, 2 * pg, 4 * pg, MREMAP_MAYMOVE);
	if (r == MAP_FAILED) {
		tst_res(TFAIL | TERRNO, "mremap(MREMAP_MAYMOVE)");
		SAFE_MUNMAP(area, 3 * pg);
		return;
	}
	TST_EXP_EXPR(r != p && check_pattern(r, 2 * pg, 5) < 0 &&
		     first_nonzero(r + 2 * pg, 2 * pg) < 0,
		     "MREMAP_MAYMOVE moved the mapping (%p -> %p) with its "
		     "data", (void *)p, (void *)r);
	expect_access(p, VM_READ_ACCESS, SIGSEGV, SEGV_MAPERR,
		      "the old address after the move");
	TST_EXP_EXPR(check_pattern(blocker, pg, 0) < 0,
		     "the blocking mapping is untouched");
	SAFE_MUNMAP(r, 4 * pg);
	SAFE_MUNMAP(blocker, pg);
}

static void test_fixed(void)
{
	unsigned char *p = map_pattern_at(NULL, 2 * pg, 7);
	unsigned char *target = map_pattern_at(NULL, 3 * pg, 11);
	unsigned char *r;

	r = mremap(p, 2 * pg, 2 * pg, MREMAP_MAYMOVE | MREMAP_FIXED, target);
	TST_EXP_EXPR(r == target, "MREMAP_FIXED returns the given address %p "
		     "(got %p)", (void *)target, (void *)r);
	if (r != target) {
		SAFE_MUNMAP(target, 3 * pg);
		return;
	}
	TST_EXP_EXPR(check_pattern(target, 2 * pg, 7) < 0,
		     "the moved pages replaced the old contents there");
	TST_EXP_EXPR(target[2 * pg] == (unsigned char)(11 + 2 * pg * 7 + 2),
		     "the page after the moved range keeps its data");
	expect_access(p, VM_READ_ACCESS, SIGSEGV, SEGV_MAPERR,
		      "the old address after MREMAP_FIXED");
	SAFE_MUNMAP(target, 3 * pg);
}

static void test_dontunmap(int shared)
{
	const char *name = shared ? "MAP_SHARED" : "MAP_PRIVATE";
	unsigned char *p, *r;

	p = SAFE_MMAP(NULL, 2 * pg, PROT_READ | PROT_WRITE,
		      (shared ? MAP_SHARED : MAP_PRIVATE) | MAP_ANONYMOUS,
		      -1, 0);
	fill_pattern(p, 2 * pg, 13);

	/* C libraries read new_address for MREMAP_DONTUNMAP too: pass it. */
	r = mremap(p, 2 * pg, 2 * pg, MREMAP_MAYMOVE | MREMAP_DONTUNMAP, NULL);
	if (r == MAP_FAILED && errno == EINVAL &&
	    tst_kvercmp(5, shared ? 13 : 7, 0) < 0) {
		tst_res(TCONF, "MREMAP_DONTUNMAP on %s anonymous memory needs "
			"Linux %s", name, shared ? "5.13" : "5.7");
		SAFE_MUNMAP(p, 2 * pg);
		return;
	}
	if (r == MAP_FAILED) {
		tst_res(TFAIL | TERRNO, "mremap(MREMAP_DONTUNMAP) of %s "
			"anonymous memory", name);
		SAFE_MUNMAP(p, 2 * pg);
		return;
	}
	TST_EXP_EXPR(r != p && check_pattern(r, 2 * pg, 13) < 0,
		     "%s MREMAP_DONTUNMAP: the new mapping has the data", name);
	if (shared) {
		TST_EXP_EXPR(check_pattern(p, 2 * pg, 13) < 0,
			     "MAP_SHARED MREMAP_DONTUNMAP: the old range still "
			     "shows the same data");
	} else {
		expect_access(p, VM_WRITE_ACCESS, 0, 0,
			      "MAP_PRIVATE MREMAP_DONTUNMAP: the old range");
		TST_EXP_EXPR(first_nonzero(p, 2 * pg) < 0,
			     "MAP_PRIVATE MREMAP_DONTUNMAP: the old range "
			     "reads zeros");
	}
	SAFE_MUNMAP(p, 2 * pg);
	SAFE_MUNMAP(r, 2 * pg);
}

static void test_grow_file(void)
{
	int fd = SAFE_OPEN(FILE_NAME, O_RDWR | O_CREAT | O_TRUNC, 0600);
	unsigned char *data = SAFE_MALLOC(3 * pg), *p, *r;

	fill_pattern(data, 3 * pg, 17);
	SAFE_WRITE(1, fd, data, 3 * pg);
	p = SAFE_MMAP(NULL, pg, PROT_READ, MAP_SHARED, fd, 0);
	r = mremap(p, pg, 3 * pg, MREMAP_MAYMOVE);
	if (r == MAP_FAILED) {
		tst_res(TFAIL | TERRNO, "mremap() growing a file mapping");
		SAFE_MUNMAP(p, pg);
	} else {
		TST_EXP_EXPR(!memcmp(r, data, 3 * pg), "a file mapping grown "
			     "from 1 to 3 pages shows the file's 3 pages");
		SAFE_MUNMAP(r, 3 * pg);
	}
	SAFE_CLOSE(fd);
	free(data);
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		test_grow_shrink_in_place();
		break;
	case 1:
		test_maymove();
		break;
	case 2:
		test_fixed();
		break;
	case 3:
		test_dontunmap(0);
		break;
	case 4:
		test_dontunmap(1);
		break;
	case 5:
		test_grow_file();
		break;
	}
}

static struct tst_test test = {
	.tcnt = 6,
	.test = run,
	.setup = setup,
	.needs_tmpdir = 1,
	.forks_child = 1,
};
