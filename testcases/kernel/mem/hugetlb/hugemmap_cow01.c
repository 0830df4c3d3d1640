// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Huge pages across fork() and hole punching, with a pool of 4
 * default-size pages, every step checked on HugePages_Free/_Rsvd:
 *  - a MAP_PRIVATE huge page mapping reserves its page at mmap() and
 *    consumes it at the first write; after fork() the child shares it
 *    (reading takes no page), its write copies it (one more page taken),
 *    the child sees its change and the rest of the data, the parent
 *    only its own data; the copy is freed when the child exits and the
 *    whole pool is free after munmap();
 *  - a hugetlbfs file (memfd_create(MFD_HUGETLB)) of 2 pages mapped
 *    shared: fallocate(PUNCH_HOLE | KEEP_SIZE) of the second page frees
 *    it (st_blocks halves, size kept), the mapping then reads zeros there
 *    and the first page intact; fallocate(0) gives the page back;
 *    a mode other than KEEP_SIZE/PUNCH_HOLE is EOPNOTSUPP, allocating
 *    more pages than the pool has is ENOSPC; closing everything returns
 *    every page to the pool.
 */
#include <sys/mman.h>
#include <sys/stat.h>
#include <linux/falloc.h>
#include "tst_test.h"
#include "lapi/memfd.h"
#include "vm_helpers.h"

static long hp, free0;

static void expect_pool(const char *when, long freed, long rsvd)
{
	long f = tst_read_meminfo("HugePages_Free:");
	long r = tst_read_meminfo("HugePages_Rsvd:");

	TST_EXP_EXPR(f == free0 - freed && r == rsvd, "%s: Free %ld Rsvd %ld "
		     "(expected %ld, %ld)", when, f, r, free0 - freed, rsvd);
}

static void private_cow(void)
{
	char *p = mmap(NULL, hp, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS | MAP_HUGETLB, -1, 0);
	pid_t pid;

	if (p == MAP_FAILED)
		tst_brk(TBROK | TERRNO, "mmap(MAP_HUGETLB)");
	expect_pool("private mapping made", 0, 1);
	fill_pattern(p, hp, 9);
	expect_pool("first write", 1, 0);

	pid = SAFE_FORK();
	if (!pid) {
		TST_EXP_EXPR(check_pattern(p, hp, 9) < 0, "child reads the "
			     "parent's data");
		expect_pool("child read", 1, 0);
		p[100] ^= 0xff;
		expect_pool("child wrote: copied", 2, 0);
		p[100] ^= 0xff;
		TST_EXP_EXPR(check_pattern(p, hp, 9) < 0, "the child's copy "
			     "holds all the data");
		p[100] ^= 0xff;
		TST_CHECKPOINT_WAKE_AND_WAIT(0);
		exit(0);
	}
	TST_CHECKPOINT_WAIT(0);
	TST_EXP_EXPR(check_pattern(p, hp, 9) < 0, "parent's page unchanged "
		     "by the child's write");
	TST_CHECKPOINT_WAKE(0);
	reap_child(pid);
	expect_pool("child gone", 1, 0);
	SAFE_MUNMAP(p, hp);
	expect_pool("unmapped", 0, 0);
}

static void punch(void)
{
	struct stat st0, st;
	char *m;
	long bad;
	int fd, err;

	fd = memfd_create("huge", MFD_HUGETLB);
	if (fd < 0)
		tst_brk(TBROK | TERRNO, "memfd_create(MFD_HUGETLB)");
	SAFE_FTRUNCATE(fd, 2 * hp);
	m = SAFE_MMAP(NULL, 2 * hp, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	expect_pool("shared file mapping", 0, 2);
	fill_pattern(m, 2 * hp, 4);
	expect_pool("both pages written", 2, 0);
	SAFE_FSTAT(fd, &st0);

	TST_EXP_PASS(fallocate(fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE,
			       hp, hp), "punch the second huge page");
	expect_pool("hole punched", 1, 0);
	SAFE_FSTAT(fd, &st);
	TST_EXP_EXPR(st.st_size == 2 * hp && st.st_blocks * 2 == st0.st_blocks,
		     "size %ld kept, st_blocks %ld -> %ld", (long)st.st_size,
		     (long)st0.st_blocks, (long)st.st_blocks);
	bad = check_pattern(m, hp, 4);
	TST_EXP_EXPR(bad < 0, "first page intact (bad byte %ld)", bad);
	bad = first_nonzero(m + hp, hp);
	TST_EXP_EXPR(bad < 0, "punched page reads zeros (non-zero at %ld)",
		     bad);
	expect_pool("zero page faulted in", 2, 0);

	TST_EXP_PASS(fallocate(fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE,
			       hp, hp), "punch it again");
	SAFE_MUNMAP(m, 2 * hp);
	expect_pool("unmapped, one page in the file", 1, 0);
	TST_EXP_PASS(fallocate(fd, 0, hp, hp), "fallocate the hole");
	expect_pool("hole allocated", 2, 0);

	err = fallocate(fd, FALLOC_FL_ZERO_RANGE, 0, hp) ? errno : 0;
	TST_EXP_EXPR(err == EOPNOTSUPP, "FALLOC_FL_ZERO_RANGE: EOPNOTSUPP (%s)",
		     tst_strerrno(err));
	err = fallocate(fd, 0, 2 * hp, 8 * hp) ? errno : 0;
	TST_EXP_EXPR(err == ENOSPC, "8 more pages than the pool has: ENOSPC "
		     "(%s)", tst_strerrno(err));
	SAFE_CLOSE(fd);
	expect_pool("file closed", 0, 0);
}

static void run(void)
{
	free0 = tst_read_meminfo("HugePages_Free:");
	if (tst_read_meminfo("HugePages_Rsvd:"))
		tst_brk(TBROK, "huge pages reserved by someone else");
	private_cow();
	punch();
}

static void setup(void)
{
	hp = tst_read_meminfo("Hugepagesize:") * 1024;
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.forks_child = 1,
	.needs_checkpoints = 1,
	.hugepages = {4, TST_NEEDS},
	.needs_kconfigs = (const char *const []) {
		"CONFIG_HUGETLBFS", NULL
	},
};
