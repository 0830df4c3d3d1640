// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Reservations shared between mappings, pool of 4 default-size pages and
 * no overcommit, HugePages_Free/Rsvd read back at every step
 * (Documentation/mm/hugetlbfs_reserv.rst):
 *  1. a file mapped MAP_SHARED twice in one process and once more in a
 *     child reserves its 2 pages once (Rsvd 2, not 4 or 6); a write
 *     through one mapping is seen through the others (hugemmap31); the
 *     reservation belongs to the file: unmapping leaves it, close() of the
 *     unlinked file releases it;
 *  2. a writable mmap() of an empty file extends it to the mapping's end
 *     (st_size), a read-only one does not and a read there is SIGBUS
 *     (BUS_ADRERR); both reserve their page;
 *  3. with all 4 pages reserved by one file, a write through a
 *     MAP_NORESERVE mapping of another file is SIGBUS (BUS_ADRERR): it
 *     does not steal a reserved page, and the owner can still write all 4
 *     (hugemmap27);
 *  4. a MAP_NORESERVE mapping of a file range another mapping reserved
 *     uses that reservation: its write takes the reserved page (Rsvd 1 ->
 *     0, one page used), and Rsvd is 0 afterwards, not wrapped below 0
 *     (hugemmap28);
 *  5. private mappings reserve whole: 3 pages then 1 more fill the pool,
 *     a further private mapping of 1 page is ENOMEM with the counters
 *     untouched, even though no page has been faulted (hugemmap08);
 *  6. a private mapping of a file page written through a shared mapping
 *     reads the file's data without taking a page (Rsvd 1 for its own
 *     copy-on-write), its write copies the page (Free down, Rsvd 0) and
 *     stays private; a later write through the shared mapping is not seen
 *     by the private copy; unmapping the private mapping frees the copy
 *     (hugemmap09, hugemmap29).
 */

#include <sys/mman.h>
#include "tst_test.h"
#include "vm_helpers.h"
#include "hugetlb_pool.h"

#define POOL 4

static void two_mappers(void)
{
	int fd = htl_file();
	char *a, *b;
	pid_t pid;

	a = SAFE_MMAP(NULL, 2 * hp, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	htl_expect("first shared mapping of 2 pages", 0, 2);
	b = SAFE_MMAP(NULL, 2 * hp, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	htl_expect("second mapping of the same pages", 0, 2);
	a[hp] = 0x31;
	TST_EXP_EXPR(b[hp] == 0x31, "a write through one mapping is seen "
		     "through the other");
	htl_expect("one page written", 1, 1);

	pid = SAFE_FORK();
	if (!pid) {
		char *c = SAFE_MMAP(NULL, 2 * hp, PROT_READ | PROT_WRITE,
				    MAP_SHARED, fd, 0);

		htl_expect("the child's mapping of the same pages", 1, 1);
		TST_EXP_EXPR(c[hp] == 0x31, "the child's mapping reads the "
			     "parent's write");
		c[0] = 0x13;
		htl_expect("the child wrote the other page", 2, 0);
		_exit(0);
	}
	reap_child(pid);
	TST_EXP_EXPR(a[0] == 0x13 && b[0] == 0x13, "the child's write is in "
		     "both of the parent's mappings");
	htl_expect("after the child's exit", 2, 0);
	SAFE_MUNMAP(a, 2 * hp);
	SAFE_MUNMAP(b, 2 * hp);
	htl_expect("unmapped: the pages stay in the file", 2, 0);
	SAFE_CLOSE(fd);
	htl_expect("closed", 0, 0);
}

static void extend(void)
{
	int fd = htl_file(), fd2 = htl_file();
	struct stat st;
	char *p, *q;

	p = SAFE_MMAP(NULL, 2 * hp, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	SAFE_FSTAT(fd, &st);
	TST_EXP_EXPR(st.st_size == 2 * hp, "writable mmap() of an empty file: "
		     "st_size %lld (expected %ld)", (long long)st.st_size,
		     2 * hp);
	q = SAFE_MMAP(NULL, hp, PROT_READ, MAP_SHARED, fd2, 0);
	SAFE_FSTAT(fd2, &st);
	TST_EXP_EXPR(st.st_size == 0, "read-only mmap() of an empty file: "
		     "st_size %lld", (long long)st.st_size);
	htl_expect("both mappings reserve", 0, 3);
	expect_access(q, VM_READ_ACCESS, SIGBUS, BUS_ADRERR,
		      "read past EOF of the read-only mapping");
	p[2 * hp - 1] = 1;
	htl_expect("last page of the extended file written", 1, 2);
	SAFE_MUNMAP(p, 2 * hp);
	SAFE_MUNMAP(q, hp);
	SAFE_CLOSE(fd);
	SAFE_CLOSE(fd2);
	htl_expect("closed", 0, 0);
}

static void no_stealing(void)
{
	int owner = htl_file(), other = htl_file();
	char *p, *q;
	long i;

	p = SAFE_MMAP(NULL, POOL * hp, PROT_READ | PROT_WRITE, MAP_SHARED,
		      owner, 0);
	htl_expect("the whole pool reserved", 0, POOL);
	SAFE_FTRUNCATE(other, hp);
	q = SAFE_MMAP(NULL, hp, PROT_READ | PROT_WRITE,
		      MAP_SHARED | MAP_NORESERVE, other, 0);
	htl_expect("MAP_NORESERVE mapping", 0, POOL);
	expect_access(q, VM_WRITE_ACCESS, SIGBUS, BUS_ADRERR,
		      "MAP_NORESERVE write with every page reserved");
	htl_expect("nothing stolen", 0, POOL);
	for (i = 0; i < POOL; i++)
		p[i * hp] = i;
	htl_expect("the owner wrote all its pages", POOL, 0);
	SAFE_MUNMAP(q, hp);
	SAFE_MUNMAP(p, POOL * hp);
	SAFE_CLOSE(other);
	SAFE_CLOSE(owner);
	htl_expect("closed", 0, 0);
}

static void noreserve_on_reserved(void)
{
	int fd = htl_file();
	char *p, *q;
	long rsvd;

	p = SAFE_MMAP(NULL, hp, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	htl_expect("reserved mapping", 0, 1);
	q = SAFE_MMAP(NULL, hp, PROT_READ | PROT_WRITE,
		      MAP_SHARED | MAP_NORESERVE, fd, 0);
	htl_expect("MAP_NORESERVE mapping of the same page", 0, 1);
	q[0] = 0x28;
	htl_expect("written through MAP_NORESERVE: the reservation used", 1,
		   0);
	TST_EXP_EXPR(p[0] == 0x28, "the reserved mapping sees the write");
	SAFE_MUNMAP(q, hp);
	SAFE_MUNMAP(p, hp);
	SAFE_CLOSE(fd);
	rsvd = tst_read_meminfo("HugePages_Rsvd:");
	TST_EXP_EXPR(rsvd == 0, "HugePages_Rsvd %ld after closing (a wrap "
		     "below 0 reads as a huge number)", rsvd);
	htl_expect("closed", 0, 0);
}

static void private_whole(void)
{
	int flags = MAP_PRIVATE | MAP_ANONYMOUS | MAP_HUGETLB;
	char *a, *b, *c;

	a = SAFE_MMAP(NULL, 3 * hp, PROT_READ | PROT_WRITE, flags, -1, 0);
	b = SAFE_MMAP(NULL, hp, PROT_READ | PROT_WRITE, flags, -1, 0);
	htl_expect("private mappings of 3 and 1 pages", 0, POOL);
	c = mmap(NULL, hp, PROT_READ | PROT_WRITE, flags, -1, 0);
	TST_EXP_EXPR(c == MAP_FAILED && errno == ENOMEM, "a private mapping "
		     "of 1 page more: %s",
		     c == MAP_FAILED ? tst_strerrno(errno) : "succeeded");
	if (c != MAP_FAILED)
		SAFE_MUNMAP(c, hp);
	htl_expect("after the refused mapping", 0, POOL);
	SAFE_MUNMAP(a, 3 * hp);
	SAFE_MUNMAP(b, hp);
	htl_expect("unmapped", 0, 0);
}

static void private_of_file(void)
{
	int fd = htl_file();
	char *s, *p;

	s = SAFE_MMAP(NULL, hp, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	memset(s, 0x29, 64);
	htl_expect("file page written", 1, 0);
	p = SAFE_MMAP(NULL, hp, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
	htl_expect("private mapping of the file page", 1, 1);
	TST_EXP_EXPR(p[10] == 0x29, "the private mapping reads the file");
	htl_expect("read: the file's page, no new one", 1, 1);
	p[10] = 0x09;
	htl_expect("private write: a copy", 2, 0);
	TST_EXP_EXPR(s[10] == 0x29, "the file is untouched by the private "
		     "write");
	s[20] = 0x30;
	TST_EXP_EXPR(p[20] == 0x29 && p[10] == 0x09, "the private copy keeps "
		     "its data after a shared write");
	SAFE_MUNMAP(p, hp);
	htl_expect("private mapping unmapped: the copy freed", 1, 0);
	SAFE_MUNMAP(s, hp);
	SAFE_CLOSE(fd);
	htl_expect("closed", 0, 0);
}

static void run(void)
{
	two_mappers();
	extend();
	no_stealing();
	noreserve_on_reserved();
	private_whole();
	private_of_file();
}

static void setup(void)
{
	htl_setup(POOL, 1);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_tmpdir = 1,
	.forks_child = 1,
	HTL_TEST_FIELDS(POOL),
};
