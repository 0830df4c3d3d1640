// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * O_DIRECT I/O between a file on the test's temporary directory and huge
 * page buffers (upstream hugemmap11), with a pool of 3 default-size pages
 * and no overcommit; HugePages_Free/Rsvd checked at every step:
 *  1. a whole huge page of a shared hugetlbfs mapping written with
 *     O_DIRECT lands in the file (read back through the page cache), and
 *     an O_DIRECT read of the file into a private MAP_HUGETLB buffer,
 *     starting mid-page and crossing into its second page, fills exactly
 *     those bytes, the rest stays zero; the page the read faulted in
 *     takes its reservation, nothing else is allocated;
 *  2. an O_DIRECT read into the shared mapping puts the data in the
 *     hugetlbfs file (pread() of the hugetlbfs descriptor sees it);
 *  3. with the pool used up, an O_DIRECT read into an unfaulted
 *     MAP_NORESERVE huge page cannot pin it: EFAULT, the file offset
 *     unchanged, no page taken.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include "tst_test.h"
#include "vm_helpers.h"
#include "hugetlb_pool.h"

#define POOL	3
#define DFILE	"dio_file"
#define CHUNK	(64 * 1024)

static int dfd = -1;

static void dio_roundtrip(void)
{
	int fd = htl_file(), cfd;
	char *s, *p, *copy = malloc(hp);
	ssize_t n;
	long bad;

	if (!copy)
		tst_brk(TBROK, "malloc()");
	s = SAFE_MMAP(NULL, hp, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	fill_pattern(s, hp, 11);
	htl_expect("shared huge page written", 1, 0);

	n = pwrite(dfd, s, hp, 0);
	TST_EXP_EXPR(n == hp, "O_DIRECT pwrite() of a whole huge page "
		     "returns %zd", n);
	cfd = SAFE_OPEN(DFILE, O_RDONLY);
	SAFE_PREAD(1, cfd, copy, hp, 0);
	SAFE_CLOSE(cfd);
	bad = check_pattern(copy, hp, 11);
	TST_EXP_EXPR(bad < 0, "the file holds the huge page's data "
		     "(first difference at %ld)", bad);

	p = SAFE_MMAP(NULL, 2 * hp, PROT_READ | PROT_WRITE,
		      MAP_PRIVATE | MAP_ANONYMOUS | MAP_HUGETLB, -1, 0);
	htl_expect("private buffer of 2 pages", 1, 2);
	n = pread(dfd, p + hp - CHUNK, 2 * CHUNK, 0);
	TST_EXP_EXPR(n == 2 * CHUNK, "O_DIRECT pread() across the buffer's "
		     "two huge pages returns %zd", n);
	htl_expect("the read faulted both buffer pages in", 3, 0);
	TST_EXP_EXPR(!memcmp(p + hp - CHUNK, s, 2 * CHUNK) && !p[0] &&
		     !p[hp - CHUNK - 1] && !p[hp + CHUNK] && !p[2 * hp - 1],
		     "exactly the bytes read hold the file's data");
	SAFE_MUNMAP(p, 2 * hp);
	htl_expect("buffer unmapped", 1, 0);

	memset(s, 0, hp);
	n = pread(dfd, s, hp, 0);
	TST_EXP_EXPR(n == hp, "O_DIRECT pread() into the shared mapping "
		     "returns %zd", n);
	SAFE_PREAD(1, fd, copy, hp, 0);
	bad = check_pattern(copy, hp, 11);
	TST_EXP_EXPR(bad < 0, "pread() of the hugetlbfs file sees the data "
		     "(first difference at %ld)", bad);
	SAFE_MUNMAP(s, hp);
	SAFE_CLOSE(fd);
	free(copy);
	htl_expect("closed", 0, 0);
}

static void dio_unfaultable(void)
{
	char *full, *p;
	off_t pos;

	full = SAFE_MMAP(NULL, POOL * hp, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS | MAP_HUGETLB, -1, 0);
	memset(full, 1, POOL * hp);
	htl_expect("pool used up", POOL, 0);
	p = SAFE_MMAP(NULL, hp, PROT_READ | PROT_WRITE, MAP_PRIVATE |
		      MAP_ANONYMOUS | MAP_HUGETLB | MAP_NORESERVE, -1, 0);
	SAFE_LSEEK(dfd, 0, SEEK_SET);
	TST_EXP_FAIL(read(dfd, p, CHUNK), EFAULT,
		     "O_DIRECT read() into a huge page the pool cannot give");
	pos = SAFE_LSEEK(dfd, 0, SEEK_CUR);
	TST_EXP_EQ_LI(pos, 0);
	htl_expect("nothing taken", POOL, 0);
	SAFE_MUNMAP(p, hp);
	SAFE_MUNMAP(full, POOL * hp);
	htl_expect("unmapped", 0, 0);
}

static void run(void)
{
	dio_roundtrip();
	dio_unfaultable();
}

static void setup(void)
{
	htl_setup(POOL, 1);
	dfd = open(DFILE, O_CREAT | O_RDWR | O_DIRECT, 0600);
	if (dfd < 0 && errno == EINVAL)
		tst_brk(TCONF, "the temporary directory's filesystem has no "
			"O_DIRECT");
	if (dfd < 0)
		tst_brk(TBROK | TERRNO, "open(" DFILE ", O_DIRECT)");
}

static void cleanup(void)
{
	if (dfd >= 0)
		SAFE_CLOSE(dfd);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_tmpdir = 1,
	HTL_TEST_FIELDS(POOL),
};
