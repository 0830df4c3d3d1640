// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * File calls on hugetlbfs other than mmap(), pool of 4 default-size pages
 * and no overcommit, HugePages_Free/Rsvd read back at every step
 * (fs/hugetlbfs/inode.c: read_iter but no write_iter, no direct_IO,
 * default_llseek):
 *  1. write(), pwrite() and writev() are EINVAL (hugetlbfs files are
 *     written through mappings only), take no page and leave st_size;
 *     open(O_DIRECT) and fcntl(F_SETFL, O_DIRECT) are EINVAL;
 *  2. stat(): st_blksize is the huge page size, st_blocks counts whole
 *     huge pages (hp / 512 per page); statfs(): f_type HUGETLBFS_MAGIC,
 *     f_bsize the huge page size;
 *  3. lseek(): SEEK_END is st_size; the whole file counts as data
 *     (default_llseek): SEEK_DATA from a hole returns that offset,
 *     SEEK_HOLE returns st_size, both are ENXIO at st_size; a negative
 *     offset is EINVAL;
 *  4. open(O_TRUNC) of a file with 2 pages frees both (Free back, st_size
 *     0); truncate() of the path to one page frees the other;
 *  5. a page belongs to the inode, not to a name: with a second hard link
 *     the unlink of the first frees nothing, the data reads through the
 *     link, the last unlink with nothing open frees it; an O_TMPFILE file
 *     (nlink 0) holds its page until its last descriptor is closed.
 */

#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/uio.h>
#include "tst_test.h"
#include "hugetlb_pool.h"

#define POOL 4
#define HUGETLBFS_MAGIC_ 0x958458f6
#define FA HTL_MNT "/a"
#define FB HTL_MNT "/b"

static struct stat st_of(int fd)
{
	struct stat st;

	SAFE_FSTAT(fd, &st);
	return st;
}

/* Map a new page of the file at page index i and write c into it. */
static void put_page(int fd, long i, char c)
{
	char *p = SAFE_MMAP(NULL, hp, PROT_READ | PROT_WRITE, MAP_SHARED, fd,
			    i * hp);

	p[0] = c;
	SAFE_MUNMAP(p, hp);
}

static void no_writes(void)
{
	int fd = htl_file();
	char buf[16] = "data";
	struct iovec iov = { buf, sizeof(buf) };

	SAFE_FTRUNCATE(fd, hp);
	TST_EXP_FAIL(write(fd, buf, sizeof(buf)), EINVAL, "write()");
	TST_EXP_FAIL(pwrite(fd, buf, sizeof(buf), 100), EINVAL, "pwrite()");
	TST_EXP_FAIL(writev(fd, &iov, 1), EINVAL, "writev()");
	TST_EXP_EXPR(st_of(fd).st_size == hp && st_of(fd).st_blocks == 0,
		     "st_size %ld, st_blocks %ld after the refused writes",
		     (long)st_of(fd).st_size, (long)st_of(fd).st_blocks);
	htl_expect("refused writes take no page", 0, 0);
	TST_EXP_FAIL(fcntl(fd, F_SETFL, O_DIRECT), EINVAL,
		     "fcntl(F_SETFL, O_DIRECT)");
	SAFE_CLOSE(fd);
	fd = SAFE_OPEN(FA, O_CREAT | O_RDWR, 0600);
	TST_EXP_FAIL(open(FA, O_RDWR | O_DIRECT), EINVAL, "open(O_DIRECT)");
	SAFE_CLOSE(fd);
	SAFE_UNLINK(FA);
}

static void sizes(void)
{
	int fd = htl_file();
	struct statfs sf;
	struct stat st;

	SAFE_FTRUNCATE(fd, 3 * hp);
	put_page(fd, 0, 'a');
	put_page(fd, 2, 'c');
	htl_expect("2 of 3 pages written", 2, 0);
	st = st_of(fd);
	TST_EXP_EXPR(st.st_blksize == hp && st.st_blocks == 2 * hp / 512,
		     "st_blksize %ld (expected %ld), st_blocks %ld (expected "
		     "%ld)", (long)st.st_blksize, hp, (long)st.st_blocks,
		     2 * hp / 512);
	if (fstatfs(fd, &sf))
		tst_brk(TBROK | TERRNO, "fstatfs()");
	TST_EXP_EXPR((unsigned long)sf.f_type == HUGETLBFS_MAGIC_ &&
		     sf.f_bsize == hp, "statfs(): f_type 0x%lx, f_bsize %ld",
		     (unsigned long)sf.f_type, (long)sf.f_bsize);

	TST_EXP_VAL(lseek(fd, 0, SEEK_END), 3 * hp, "lseek(SEEK_END)");
	TST_EXP_VAL(lseek(fd, hp + 5, SEEK_DATA), hp + 5,
		    "lseek(SEEK_DATA) from inside the unwritten page");
	TST_EXP_VAL(lseek(fd, 0, SEEK_HOLE), 3 * hp, "lseek(SEEK_HOLE)");
	TST_EXP_FAIL(lseek(fd, 3 * hp, SEEK_DATA), ENXIO,
		     "lseek(SEEK_DATA) at st_size");
	TST_EXP_FAIL(lseek(fd, 3 * hp, SEEK_HOLE), ENXIO,
		     "lseek(SEEK_HOLE) at st_size");
	TST_EXP_FAIL(lseek(fd, -1, SEEK_SET), EINVAL, "lseek() to -1");
	SAFE_CLOSE(fd);
	htl_expect("closed", 0, 0);
}

static void truncation(void)
{
	int fd = SAFE_OPEN(FA, O_CREAT | O_RDWR, 0600);

	SAFE_FTRUNCATE(fd, 2 * hp);
	put_page(fd, 0, 'a');
	put_page(fd, 1, 'b');
	SAFE_CLOSE(fd);
	htl_expect("a closed file with 2 pages keeps them", 2, 0);
	fd = SAFE_OPEN(FA, O_RDWR | O_TRUNC);
	htl_expect("open(O_TRUNC) freed both", 0, 0);
	TST_EXP_EQ_LI(st_of(fd).st_size, 0);
	SAFE_FTRUNCATE(fd, 2 * hp);
	put_page(fd, 0, 'a');
	put_page(fd, 1, 'b');
	SAFE_CLOSE(fd);
	TST_EXP_PASS(truncate(FA, hp), "truncate() of the path to one page");
	htl_expect("the second page freed", 1, 0);
	SAFE_UNLINK(FA);
	htl_expect("unlinked", 0, 0);
}

static void names(void)
{
	int fd = SAFE_OPEN(FA, O_CREAT | O_RDWR, 0600);
	char c = 0;

	SAFE_FTRUNCATE(fd, hp);
	put_page(fd, 0, 'L');
	SAFE_CLOSE(fd);
	if (link(FA, FB))
		tst_brk(TBROK | TERRNO, "link()");
	SAFE_UNLINK(FA);
	htl_expect("unlinked with a second link left", 1, 0);
	fd = SAFE_OPEN(FB, O_RDONLY);
	TST_EXP_EXPR(pread(fd, &c, 1, 0) == 1 && c == 'L',
		     "the data reads through the link (0x%x)", c & 0xff);
	SAFE_CLOSE(fd);
	SAFE_UNLINK(FB);
	htl_expect("last link gone", 0, 0);

	fd = open(HTL_MNT, O_TMPFILE | O_RDWR, 0600);
	if (fd < 0) {
		tst_res(TFAIL | TERRNO, "open(O_TMPFILE) on hugetlbfs");
		return;
	}
	TST_EXP_EQ_LI(st_of(fd).st_nlink, 0);
	SAFE_FTRUNCATE(fd, hp);
	put_page(fd, 0, 'T');
	htl_expect("the O_TMPFILE file holds its page", 1, 0);
	SAFE_CLOSE(fd);
	htl_expect("closed", 0, 0);
}

static void run(void)
{
	no_writes();
	sizes();
	truncation();
	names();
}

static void setup(void)
{
	htl_setup(POOL, 1);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_tmpdir = 1,
	HTL_TEST_FIELDS(POOL),
};
