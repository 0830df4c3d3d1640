// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ftruncate() of mapped hugetlbfs files, with a pool of 4 pages and no
 * overcommit; HugePages_Free/Rsvd checked at every step:
 *  1. truncating far beyond what is mapped leaves every mapped page and
 *     its data alone: a 4-page private (then shared) mapping of offset 0,
 *     made after a 1.5 GiB MAP_NORESERVE mapping of the same file stretched
 *     it, keeps all 4 pages through ftruncate() to 1.5 GiB. 856fc2950555
 *     fixed hugetlb_vmtruncate_list() taking the truncation offset in the
 *     wrong unit, which unmapped pages of mappings wholly below it;
 *  2. truncating into a shared mapping frees the pages past the new size
 *     (Free back, no reservation left), those addresses raise SIGBUS
 *     (BUS_ADRERR) and the pages below keep their data;
 *  3. the fault past EOF that raises SIGBUS takes and reserves nothing:
 *     HugePages_Rsvd stays 0, where ebed4bfc8da8 fixed it going "absurd"
 *     (the failed fault consumed a reservation there was none of, and the
 *     count wrapped); the same after a private mapping's written page was
 *     truncated away (private copies go with the file's size too);
 *  4. the file grown back reads zeros where it was cut, on an unreserved
 *     page, and everything is back in the pool once the file is closed.
 */
#include <sys/mman.h>
#include "tst_test.h"
#include "vm_helpers.h"
#include "hugetlb_pool.h"

#define POOL		4
#define FAR_SIZE	(1536L << 20)

static int zap_restores;

static void far_truncate(int shared)
{
	const char *what = shared ? "shared" : "private";
	int fd = htl_file();
	char *p, *big;
	long i, bad = -1;

	big = SAFE_MMAP(NULL, FAR_SIZE + POOL * hp, PROT_READ | PROT_WRITE,
			MAP_PRIVATE | MAP_NORESERVE, fd, 0);
	SAFE_MUNMAP(big, FAR_SIZE + POOL * hp);
	p = SAFE_MMAP(NULL, POOL * hp, PROT_READ | PROT_WRITE,
		      shared ? MAP_SHARED : MAP_PRIVATE, fd, 0);
	htl_expect(shared ? "shared mapping of 4 pages" :
		   "private mapping of 4 pages", 0, POOL);
	for (i = 0; i < POOL; i++)
		fill_pattern(p + i * hp, hp, 10 + i);
	htl_expect("all 4 pages written", POOL, 0);
	SAFE_FTRUNCATE(fd, FAR_SIZE);
	htl_expect("file truncated to 1.5 GiB", POOL, 0);
	for (i = 0; i < POOL && bad < 0; i++)
		bad = check_pattern(p + i * hp, hp, 10 + i);
	if (bad >= 0)
		tst_res(TFAIL, "%s mapping: page %ld changed by a truncation "
			"far past it (bad byte %ld)", what, i - 1, bad);
	else
		tst_res(TPASS, "%s mapping: all 4 pages intact after a "
			"truncation far past them", what);
	htl_expect("pages read back", POOL, 0);
	SAFE_MUNMAP(p, POOL * hp);
	SAFE_CLOSE(fd);
	htl_expect("unmapped and closed", 0, 0);
}

static void into_shared(void)
{
	int fd = htl_file();
	char *p;
	long bad;

	p = SAFE_MMAP(NULL, 2 * hp, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	htl_expect("shared mapping of 2 pages", 0, 2);
	fill_pattern(p, 2 * hp, 3);
	htl_expect("both pages written", 2, 0);
	SAFE_FTRUNCATE(fd, hp);
	htl_expect("truncated to one page", 1, 0);
	expect_access(p + hp + 8, VM_READ_ACCESS, SIGBUS, BUS_ADRERR,
		      "read past the new EOF");
	expect_access(p + hp, VM_WRITE_ACCESS, SIGBUS, BUS_ADRERR,
		      "write past the new EOF");
	htl_expect("after the SIGBUS faults", 1, 0);
	bad = check_pattern(p, hp, 3);
	TST_EXP_EXPR(bad < 0, "page below the new EOF intact (bad byte %ld)",
		     bad);

	SAFE_FTRUNCATE(fd, 0);
	htl_expect("truncated to 0", 0, 0);
	expect_access(p, VM_READ_ACCESS, SIGBUS, BUS_ADRERR,
		      "read of a file truncated to 0");
	htl_expect("after the SIGBUS fault: nothing reserved", 0, 0);

	SAFE_FTRUNCATE(fd, hp);
	bad = first_nonzero(p, hp);
	TST_EXP_EXPR(bad < 0, "file grown back reads zeros (non-zero at %ld)",
		     bad);
	htl_expect("grown back: a new page, unreserved", 1, 0);
	SAFE_MUNMAP(p, 2 * hp);
	htl_expect("unmapped: the page stays in the file", 1, 0);
	SAFE_CLOSE(fd);
	htl_expect("closed", 0, 0);
}

static void private_copy(void)
{
	int fd = htl_file();
	char *p;

	p = SAFE_MMAP(NULL, hp, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
	htl_expect("private file mapping of one page", 0, 1);
	fill_pattern(p, hp, 4);
	htl_expect("private copy written", 1, 0);
	SAFE_FTRUNCATE(fd, 0);
	/* a kernel that restores reservations keeps one until the munmap */
	htl_expect("file truncated to 0: the private copy freed", 0,
		   zap_restores);
	expect_access(p, VM_READ_ACCESS, SIGBUS, BUS_ADRERR,
		      "private mapping past EOF");
	htl_expect("after the SIGBUS fault: nothing new reserved", 0,
		   zap_restores);
	SAFE_MUNMAP(p, hp);
	SAFE_CLOSE(fd);
	htl_expect("unmapped and closed", 0, 0);
}

static void run(void)
{
	far_truncate(0);
	far_truncate(1);
	into_shared();
	private_copy();
}

static void setup(void)
{
	htl_setup(POOL, 1);
	zap_restores = htl_zap_restores_reserve();
	if (FAR_SIZE % hp)
		tst_brk(TCONF, "1.5 GiB is not a multiple of the %ld kB huge "
			"page", hp / 1024);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_tmpdir = 1,
	.forks_child = 1,
	HTL_TEST_FIELDS(POOL),
	.tags = (const struct tst_tag[]) {
		{"linux-git", "856fc2950555"},
		{"linux-git", "ebed4bfc8da8"},
		{}
	},
};
