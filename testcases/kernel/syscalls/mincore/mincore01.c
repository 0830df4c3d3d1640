// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mincore() reports which pages are resident, one byte per page:
 *
 * - a fresh anonymous mapping: no page; after touching pages 1 and 3 of
 *   5: exactly those; after MADV_DONTNEED of page 1: only page 3;
 * - a length that is not a page multiple covers the partial last page;
 * - a file mapping reports the page cache (pages written with write()
 *   are resident though this mapping never touched them), for a file the
 *   caller owns;
 * - only the lowest bit of each byte carries the state (the others are
 *   reserved and must read as 0).
 */
#include "vm_helpers.h"

#define FILE_NAME "mincore01_file"

static size_t pg;

static void setup(void)
{
	pg = vm_page_size();
}

static void test_anon(void)
{
	unsigned char *p = SAFE_MMAP(NULL, 5 * pg, PROT_READ | PROT_WRITE,
				     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	unsigned char vec[5];
	int i, bad = 0;

	TST_EXP_PASS(mincore(p, 5 * pg, vec), "mincore() of 5 fresh pages");
	TST_EXP_EXPR(!(vec[0] | vec[1] | vec[2] | vec[3] | vec[4]),
		     "no page is resident (%d%d%d%d%d)", vec[0], vec[1],
		     vec[2], vec[3], vec[4]);

	p[pg] = 1;
	p[3 * pg + 17] = 1;
	memset(vec, 0xff, sizeof(vec));
	TST_EXP_PASS(mincore(p, 5 * pg, vec), "mincore() after touching "
		     "pages 1 and 3");
	for (i = 0; i < 5; i++)
		bad |= vec[i] != (i == 1 || i == 3);
	TST_EXP_EXPR(!bad, "exactly pages 1 and 3 are resident, other bits 0 "
		     "(%#x %#x %#x %#x %#x)", vec[0], vec[1], vec[2], vec[3],
		     vec[4]);

	if (madvise(p + pg, pg, MADV_DONTNEED))
		tst_brk(TBROK | TERRNO, "madvise(MADV_DONTNEED)");
	TST_EXP_PASS(mincore(p, 5 * pg - 1, vec), "mincore() with a length "
		     "ending 1 byte short of page 5");
	TST_EXP_EXPR(!vec[0] && !vec[1] && !vec[2] && vec[3] == 1 && !vec[4],
		     "after MADV_DONTNEED of page 1 only page 3 is resident "
		     "(%d%d%d%d%d)", vec[0], vec[1], vec[2], vec[3], vec[4]);
	SAFE_MUNMAP(p, 5 * pg);
}

static void test_file(void)
{
	int fd = SAFE_OPEN(FILE_NAME, O_RDWR | O_CREAT | O_TRUNC, 0600);
	unsigned char *buf = SAFE_MALLOC(2 * pg), vec[4];
	void *p;

	memset(buf, 'm', 2 * pg);
	SAFE_WRITE(1, fd, buf, 2 * pg);
	SAFE_FTRUNCATE(fd, 4 * pg);
	p = SAFE_MMAP(NULL, 4 * pg, PROT_READ, MAP_SHARED, fd, 0);

	TST_EXP_PASS(mincore(p, 4 * pg, vec), "mincore() of a file mapping");
	TST_EXP_EXPR(vec[0] == 1 && vec[1] == 1 && !vec[2] && !vec[3],
		     "the 2 written pages are in the page cache, the 2 holes "
		     "are not (%d%d%d%d)", vec[0], vec[1], vec[2], vec[3]);
	SAFE_MUNMAP(p, 4 * pg);
	SAFE_CLOSE(fd);
	free(buf);
}

static void run(unsigned int n)
{
	if (n == 0)
		test_anon();
	else
		test_file();
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.needs_tmpdir = 1,
};
