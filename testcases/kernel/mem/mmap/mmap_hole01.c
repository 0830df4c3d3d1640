// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A sparse file through its mappings (upstream LTP's mmapstress07 fiddles
 * with the hole in the middle of a mapped file), on ext4 on the test's
 * loop device: an 8-page file with data in pages 0 and 7 only
 * (st_blocks 16, SEEK_HOLE 1 page, SEEK_DATA from page 1 finds page 7):
 *  - reading the whole hole through a MAP_SHARED mapping gives zeros and
 *    allocates nothing (st_blocks 16, SEEK_DATA still page 7);
 *  - a store into page 3 through it, after msync(MS_SYNC), is in the file
 *    (read()), st_blocks 24, SEEK_DATA from page 1 is page 3 and SEEK_HOLE
 *    from there page 4; pages 2 and 4 still read zeros;
 *  - a store into page 5 through a MAP_PRIVATE mapping stays private:
 *    the file, its blocks and SEEK_DATA from page 4 (page 7) unchanged,
 *    the shared mapping reads zeros there;
 *  - FALLOC_FL_PUNCH_HOLE of page 3 frees its blocks (st_blocks 16) and
 *    both mappings read zeros there at once, while the private copy of
 *    page 5 keeps its data; a new store into page 3 through the shared
 *    mapping allocates it again (st_blocks 24 after msync).
 */

#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "tst_test.h"
#include <linux/falloc.h>

#define MNT "mnt"
#define FNAME MNT "/sparse"
#define NPG 8

static size_t ps;
static char *buf;

static long blocks(int fd)
{
	struct stat st;

	SAFE_FSTAT(fd, &st);
	return st.st_blocks;
}

static long page_of(off_t off)
{
	return off < 0 ? -1 : (long)(off / ps);
}

static long seek_page(int fd, long page, int whence)
{
	return page_of(lseek(fd, page * ps, whence));
}

/* Whether all of page of the file (read()) holds byte c. */
static int file_page_is(int fd, long page, char c)
{
	size_t i;

	SAFE_PREAD(1, fd, buf, ps, page * ps);
	for (i = 0; i < ps && buf[i] == c; i++)
		;
	return i == ps;
}

static int mem_page_is(const char *m, long page, char c)
{
	size_t i;

	for (i = 0; i < ps && m[page * ps + i] == c; i++)
		;
	return i == ps;
}

static int make_file(void)
{
	int fd = SAFE_OPEN(FNAME, O_RDWR | O_CREAT | O_TRUNC, 0600);

	memset(buf, 'A', ps);
	SAFE_PWRITE(1, fd, buf, ps, 0);
	memset(buf, 'H', ps);
	SAFE_PWRITE(1, fd, buf, ps, 7 * ps);
	SAFE_FSYNC(fd);
	return fd;
}

static void run(void)
{
	int fd = make_file();
	char *sh, *pr;
	long i, zeros = 1;

	TST_EXP_EQ_LI(blocks(fd), 16);
	TST_EXP_EQ_LI(seek_page(fd, 0, SEEK_HOLE), 1);
	TST_EXP_EQ_LI(seek_page(fd, 1, SEEK_DATA), 7);

	sh = SAFE_MMAP(NULL, NPG * ps, PROT_READ | PROT_WRITE, MAP_SHARED,
		       fd, 0);
	pr = SAFE_MMAP(NULL, NPG * ps, PROT_READ | PROT_WRITE, MAP_PRIVATE,
		       fd, 0);
	for (i = 1; i < 7; i++)
		zeros &= mem_page_is(sh, i, 0);
	TST_EXP_EXPR(zeros && mem_page_is(sh, 0, 'A') &&
		     mem_page_is(sh, 7, 'H'),
		     "the shared mapping reads zeros over the hole, the data "
		     "of pages 0 and 7 around it");
	TST_EXP_EQ_LI(blocks(fd), 16);
	TST_EXP_EQ_LI(seek_page(fd, 1, SEEK_DATA), 7);

	memset(sh + 3 * ps, 'D', ps);
	SAFE_MSYNC(sh, NPG * ps, MS_SYNC);
	TST_EXP_EQ_LI(blocks(fd), 24);
	TST_EXP_EQ_LI(seek_page(fd, 1, SEEK_DATA), 3);
	TST_EXP_EQ_LI(seek_page(fd, 3, SEEK_HOLE), 4);
	TST_EXP_EXPR(file_page_is(fd, 3, 'D') && file_page_is(fd, 2, 0) &&
		     file_page_is(fd, 4, 0), "read() gets the store into "
		     "page 3 and zeros in pages 2 and 4");

	TST_EXP_EXPR(mem_page_is(pr, 3, 'D'), "the private mapping reads "
		     "page 3 from the file");
	memset(pr + 5 * ps, 'P', ps);
	SAFE_MSYNC(pr, NPG * ps, MS_SYNC);
	TST_EXP_EQ_LI(blocks(fd), 24);
	TST_EXP_EQ_LI(seek_page(fd, 4, SEEK_DATA), 7);
	TST_EXP_EXPR(file_page_is(fd, 5, 0) && mem_page_is(sh, 5, 0),
		     "a private store into page 5 reaches neither the file "
		     "nor the shared mapping");

	if (fallocate(fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE,
		      3 * ps, ps))
		tst_brk(TBROK | TERRNO, "fallocate(PUNCH_HOLE)");
	TST_EXP_EQ_LI(blocks(fd), 16);
	TST_EXP_EQ_LI(seek_page(fd, 1, SEEK_DATA), 7);
	TST_EXP_EXPR(mem_page_is(sh, 3, 0) && mem_page_is(pr, 3, 0),
		     "after the punch both mappings read zeros in page 3");
	TST_EXP_EXPR(mem_page_is(pr, 5, 'P'), "the private copy of page 5 "
		     "keeps its data");

	memset(sh + 3 * ps, 'E', ps);
	SAFE_MSYNC(sh, NPG * ps, MS_SYNC);
	TST_EXP_EQ_LI(blocks(fd), 24);
	TST_EXP_EXPR(file_page_is(fd, 3, 'E'), "a new store refills page 3");

	SAFE_MUNMAP(sh, NPG * ps);
	SAFE_MUNMAP(pr, NPG * ps);
	SAFE_CLOSE(fd);
	SAFE_UNLINK(FNAME);
}

static void setup(void)
{
	ps = getpagesize();
	buf = SAFE_MALLOC(ps);
}

static void cleanup(void)
{
	free(buf);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_device = 1,
	.mount_device = 1,
	.mntpoint = MNT,
	.dev_fs_type = "ext4",
};
