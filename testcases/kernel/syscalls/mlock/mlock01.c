// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mlock() locks exactly the pages of the range, and faults them in:
 *
 * - VmLck in /proc/self/status grows by exactly the locked length and
 *   every page of the range is resident (mincore) without being touched;
 * - locking the same range again does not count it twice;
 * - an unaligned start and length lock every page the range touches, and
 *   no other;
 * - a MAP_SHARED file mapping is locked and resident the same way.
 */
#include "vm_helpers.h"

#define FILE_NAME "mlock01_file"

static size_t pg;
static long kb_per_page;

static void setup(void)
{
	pg = vm_page_size();
	kb_per_page = pg / 1024;
}

static void test_anon(void)
{
	void *p = SAFE_MMAP(NULL, 8 * pg, PROT_READ | PROT_WRITE,
			    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	long before = status_kb("VmLck"), after;
	size_t res;

	TST_EXP_PASS(mlock(p, 8 * pg), "mlock() of 8 untouched pages");
	after = status_kb("VmLck");
	res = resident_pages(p, 8 * pg);
	TST_EXP_EXPR(after - before == 8 * kb_per_page && res == 8,
		     "VmLck %ld -> %ld kB (want +%ld), %zu of 8 pages resident",
		     before, after, 8 * kb_per_page, res);

	TST_EXP_PASS(mlock(p, 8 * pg), "mlock() of the same range again");
	TST_EXP_EXPR(status_kb("VmLck") == after,
		     "locking again does not count twice (VmLck %ld kB)",
		     status_kb("VmLck"));
	SAFE_MUNMAP(p, 8 * pg);
	TST_EXP_EXPR(status_kb("VmLck") == before,
		     "munmap() of the locked range gives back its VmLck");
}

static void test_unaligned(void)
{
	unsigned char *p = SAFE_MMAP(NULL, 4 * pg, PROT_READ | PROT_WRITE,
				     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	long before = status_kb("VmLck");
	unsigned char vec[4];

	/* From the last byte of page 0 to the first byte of page 2. */
	TST_EXP_PASS(mlock(p + pg - 1, pg + 2), "mlock(p + pg - 1, pg + 2)");
	if (mincore(p, 4 * pg, vec))
		tst_brk(TBROK | TERRNO, "mincore()");
	TST_EXP_EXPR(status_kb("VmLck") - before == 3 * kb_per_page &&
		     (vec[0] & vec[1] & vec[2] & 1) && !(vec[3] & 1),
		     "pages 0-2 locked and resident, page 3 not (VmLck +%ld "
		     "kB, resident %d%d%d%d)", status_kb("VmLck") - before,
		     vec[0] & 1, vec[1] & 1, vec[2] & 1, vec[3] & 1);
	SAFE_MUNMAP(p, 4 * pg);
}

static void test_file(void)
{
	int fd = SAFE_OPEN(FILE_NAME, O_RDWR | O_CREAT | O_TRUNC, 0600);
	long before = status_kb("VmLck");
	void *p;

	SAFE_FTRUNCATE(fd, 4 * pg);
	p = SAFE_MMAP(NULL, 4 * pg, PROT_READ, MAP_SHARED, fd, 0);
	TST_EXP_PASS(mlock(p, 4 * pg), "mlock() of a MAP_SHARED file mapping");
	TST_EXP_EXPR(status_kb("VmLck") - before == 4 * kb_per_page &&
		     resident_pages(p, 4 * pg) == 4,
		     "the 4 file pages are locked (VmLck +%ld kB) and resident",
		     status_kb("VmLck") - before);
	SAFE_MUNMAP(p, 4 * pg);
	SAFE_CLOSE(fd);
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		test_anon();
		break;
	case 1:
		test_unaligned();
		break;
	case 2:
		test_file();
		break;
	}
}

static struct tst_test test = {
	.tcnt = 3,
	.test = run,
	.setup = setup,
	.needs_tmpdir = 1,
};
