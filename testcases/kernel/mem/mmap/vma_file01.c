// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Merging and splitting of file-backed VMAs, read back from
 * /proc/self/maps (start, end, permissions, file offset, inode), inside a
 * PROT_NONE reservation so that nothing else is adjacent:
 *  - pages 2-3 and then 4-5 of a 16-page file mapped MAP_SHARED one
 *    after the other at adjacent addresses are one VMA with offset
 *    2 pages; pages 0-1 mapped in front merge too (offset 0);
 *  - the file offsets must follow the addresses: page 5 mapped, page 6
 *    in front of it and page 4 behind it (upstream LTP's mmapstress05,
 *    "mfile_insque") are three VMAs, each of one page and with its own
 *    offset; the three pages read the file's data at those offsets;
 *  - the same offsets through MAP_PRIVATE next to MAP_SHARED, or through
 *    a second open() of the same file (another struct file), do not
 *    merge; through a dup() of the descriptor they do;
 *  - munmap() of one page of an 8-page VMA leaves two whose offsets are
 *    exact (the second starts at its own page's offset);
 *  - mprotect(PROT_READ) of one page splits the VMA in three (the middle
 *    r--s with its offset), mprotect() back merges them again;
 *  - mremap() moving pages 2-3 from elsewhere to right behind pages 0-1
 *    merges them into one VMA of offset 0 with the data of pages 0-3.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "tst_test.h"
#include "lapi/mman.h"

#define FILE_PAGES 16
#define RES_PAGES 32

struct vma {
	unsigned long start, end, off, ino;
	char perms[8];
};

static size_t ps;
static char *res;
static int fd;
static unsigned long ino;

/* The VMAs of /proc/self/maps that meet [lo, hi), up to max of them. */
static int vmas_in(char *lo, char *hi, struct vma *v, int max)
{
	char line[512];
	struct vma cur;
	unsigned int mj, mn;
	int n = 0;
	FILE *f = fopen("/proc/self/maps", "r");

	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(/proc/self/maps)");

	while (fgets(line, sizeof(line), f)) {
		cur.ino = 0;
		if (sscanf(line, "%lx-%lx %7s %lx %x:%x %lu", &cur.start,
			   &cur.end, cur.perms, &cur.off, &mj, &mn,
			   &cur.ino) < 4)
			continue;
		if (cur.end <= (unsigned long)lo ||
		    cur.start >= (unsigned long)hi)
			continue;
		if (n < max)
			v[n] = cur;
		n++;
	}
	fclose(f);
	return n;
}

/*
 * Expect [start, start + pages) to be exactly one VMA of this file with
 * the given perms and file offset (in pages).
 */
static void expect_vma(char *start, size_t pages, const char *perms,
		       size_t off_pages, const char *what)
{
	struct vma v[4];
	int n, ok;

	memset(v, 0, sizeof(v));
	n = vmas_in(start, start + pages * ps, v, 4);
	ok = n == 1 && v[0].start == (unsigned long)start &&
	     v[0].end == (unsigned long)start + pages * ps &&
	     !strcmp(v[0].perms, perms) &&
	     v[0].off == off_pages * ps && v[0].ino == ino;

	if (ok) {
		tst_res(TPASS, "%s: one VMA of %zu pages, %s, offset %#lx",
			what, pages, perms, v[0].off);
		return;
	}
	tst_res(TFAIL, "%s: %d VMAs, first %#lx-%#lx %s offset %#lx inode "
		"%lu (expected %p-%p %s offset %#zx inode %lu)", what, n,
		v[0].start, v[0].end, v[0].perms, v[0].off, v[0].ino, start,
		start + pages * ps, perms, off_pages * ps, ino);
}

static char *map_file(int file, size_t page, size_t npages, size_t at,
		      int flags)
{
	return SAFE_MMAP(res + at * ps, npages * ps, PROT_READ | PROT_WRITE,
			 flags | MAP_FIXED, file, page * ps);
}

/* The byte every page of the file starts with and is filled with. */
static unsigned char page_byte(size_t page)
{
	return 0x40 + page;
}

static int reads_page(const char *addr, size_t page)
{
	size_t i;

	for (i = 0; i < ps; i++)
		if ((unsigned char)addr[i] != page_byte(page))
			return 0;
	return 1;
}

static void reserve(void)
{
	res = SAFE_MMAP(NULL, RES_PAGES * ps, PROT_NONE,
			MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
}

static void release(void)
{
	SAFE_MUNMAP(res, RES_PAGES * ps);
}

static void in_order(void)
{
	reserve();
	map_file(fd, 2, 2, 4, MAP_SHARED);
	map_file(fd, 4, 2, 6, MAP_SHARED);
	expect_vma(res + 4 * ps, 4, "rw-s", 2, "pages 2-3 then 4-5 behind");
	map_file(fd, 0, 2, 2, MAP_SHARED);
	expect_vma(res + 2 * ps, 6, "rw-s", 0, "pages 0-1 in front");
	TST_EXP_EXPR(reads_page(res + 2 * ps, 0) && reads_page(res + 7 * ps, 5),
		     "the merged VMA reads pages 0 and 5 at its ends");
	release();
}

static void out_of_order(void)
{
	reserve();
	map_file(fd, 5, 1, 5, MAP_SHARED);
	map_file(fd, 6, 1, 4, MAP_SHARED);
	map_file(fd, 4, 1, 6, MAP_SHARED);
	TST_EXP_EQ_LI(vmas_in(res + 4 * ps, res + 7 * ps, NULL, 0), 3);
	expect_vma(res + 4 * ps, 1, "rw-s", 6, "page 6 in front of page 5");
	expect_vma(res + 5 * ps, 1, "rw-s", 5, "page 5");
	expect_vma(res + 6 * ps, 1, "rw-s", 4, "page 4 behind page 5");
	TST_EXP_EXPR(reads_page(res + 4 * ps, 6) && reads_page(res + 5 * ps, 5)
		     && reads_page(res + 6 * ps, 4),
		     "each page reads the file at its own offset");
	release();
}

static void other_file_or_flags(void)
{
	int fd2 = SAFE_OPEN("file", O_RDWR), fd3 = SAFE_DUP2(fd, 100);

	reserve();
	map_file(fd, 0, 2, 2, MAP_SHARED);
	map_file(fd, 2, 2, 4, MAP_PRIVATE);
	expect_vma(res + 2 * ps, 2, "rw-s", 0, "MAP_SHARED pages 0-1");
	expect_vma(res + 4 * ps, 2, "rw-p", 2,
		   "MAP_PRIVATE pages 2-3 stay apart");

	map_file(fd, 0, 2, 10, MAP_SHARED);
	map_file(fd2, 2, 2, 12, MAP_SHARED);
	expect_vma(res + 10 * ps, 2, "rw-s", 0, "pages 0-1 through fd");
	expect_vma(res + 12 * ps, 2, "rw-s", 2,
		   "pages 2-3 through a second open() stay apart");

	map_file(fd, 0, 2, 20, MAP_SHARED);
	map_file(fd3, 2, 2, 22, MAP_SHARED);
	expect_vma(res + 20 * ps, 4, "rw-s", 0,
		   "pages 2-3 through a dup() of fd merge");
	release();
	SAFE_CLOSE(fd2);
	SAFE_CLOSE(fd3);
}

static void split_and_merge(void)
{
	reserve();
	map_file(fd, 3, 8, 4, MAP_SHARED);
	expect_vma(res + 4 * ps, 8, "rw-s", 3, "pages 3-10");

	SAFE_MPROTECT(res + 7 * ps, ps, PROT_READ);
	TST_EXP_EQ_LI(vmas_in(res + 4 * ps, res + 12 * ps, NULL, 0), 3);
	expect_vma(res + 4 * ps, 3, "rw-s", 3, "mprotect: pages 3-5");
	expect_vma(res + 7 * ps, 1, "r--s", 6, "mprotect: page 6 read-only");
	expect_vma(res + 8 * ps, 4, "rw-s", 7, "mprotect: pages 7-10");
	SAFE_MPROTECT(res + 7 * ps, ps, PROT_READ | PROT_WRITE);
	expect_vma(res + 4 * ps, 8, "rw-s", 3, "mprotect back: re-merged");

	SAFE_MUNMAP(res + 9 * ps, ps);
	TST_EXP_EQ_LI(vmas_in(res + 4 * ps, res + 12 * ps, NULL, 0), 2);
	expect_vma(res + 4 * ps, 5, "rw-s", 3, "munmap: pages 3-7");
	expect_vma(res + 10 * ps, 2, "rw-s", 9, "munmap: pages 9-10");
	TST_EXP_EXPR(reads_page(res + 8 * ps, 7) &&
		     reads_page(res + 10 * ps, 9),
		     "pages 7 and 9 read their data around the hole");
	release();
}

static void moved_in(void)
{
	char *other, *moved;

	reserve();
	map_file(fd, 0, 2, 4, MAP_SHARED);
	other = SAFE_MMAP(NULL, 2 * ps, PROT_READ | PROT_WRITE, MAP_SHARED,
			  fd, 2 * ps);
	moved = mremap(other, 2 * ps, 2 * ps, MREMAP_MAYMOVE | MREMAP_FIXED,
		       res + 6 * ps);
	if (moved == MAP_FAILED)
		tst_brk(TBROK | TERRNO, "mremap(MREMAP_FIXED)");
	expect_vma(res + 4 * ps, 4, "rw-s", 0,
		   "pages 2-3 moved behind pages 0-1");
	TST_EXP_EXPR(reads_page(res + 4 * ps, 0) && reads_page(res + 6 * ps, 2)
		     && reads_page(res + 7 * ps, 3),
		     "the merged VMA reads pages 0, 2 and 3");
	release();
}

static void run(void)
{
	in_order();
	out_of_order();
	other_file_or_flags();
	split_and_merge();
	moved_in();
}

static void setup(void)
{
	char *buf;
	struct stat st;
	size_t i;

	ps = getpagesize();
	buf = SAFE_MALLOC(ps);
	fd = SAFE_OPEN("file", O_RDWR | O_CREAT | O_TRUNC, 0600);
	for (i = 0; i < FILE_PAGES; i++) {
		memset(buf, page_byte(i), ps);
		SAFE_WRITE(1, fd, buf, ps);
	}
	free(buf);
	SAFE_FSTAT(fd, &st);
	ino = st.st_ino;
}

static void cleanup(void)
{
	if (fd > 0)
		SAFE_CLOSE(fd);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_tmpdir = 1,
};
