// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fork() of memory backed by transparent huge pages (enabled=always,
 * defrag=always, saved and restored):
 *  - copy on write both ways: a write by the child after fork() is not
 *    seen by the parent, a write by the parent after fork() is not seen
 *    by the child, and neither loses a byte of the rest of the huge
 *    page; the child's own write reads back;
 *  - MADV_DONTFORK: the region is not in the child at all (mincore()
 *    ENOMEM), and stays whole in the parent;
 *  - MADV_WIPEONFORK: the child reads zeros over the whole region, both
 *    huge pages, while the parent keeps its data.
 * Every child reports its own checks and is reaped.
 */
#include <sys/mman.h>
#include "tst_test.h"
#include "vm_helpers.h"
#include "thp_common.h"

static size_t hp, pg;
static int to_child[2], to_parent[2];

static char *map_huge(size_t n)
{
	char *a = thp_map_aligned(hp, n, PROT_READ | PROT_WRITE);
	long kb;

	fill_pattern(a, n * hp, 9);
	kb = smaps_kb(a, "AnonHugePages");
	if (kb != (long)(n * hp / 1024))
		tst_brk(TBROK, "a fresh aligned region has AnonHugePages %ld kB"
			" with enabled=always, not %zu", kb, n * hp / 1024);
	return a;
}

static void sync_write(int fd)
{
	char c = 'x';

	SAFE_WRITE(1, fd, &c, 1);
}

static void sync_read(int fd)
{
	char c;

	SAFE_READ(1, fd, &c, 1);
}

/* Pattern of seed 9 over the region except one byte, which must be val */
static long bad_except(const char *a, size_t n, size_t at, unsigned char val)
{
	size_t i;

	for (i = 0; i < n; i++) {
		unsigned char exp = i == at ? val :
				    (unsigned char)(9 + i * 7 + i / 4096);

		if ((unsigned char)a[i] != exp)
			return (long)i;
	}
	return -1;
}

static void cow_both_ways(void)
{
	char *a = map_huge(2);
	size_t at_child = hp + 12345, at_parent = 777;
	unsigned char orig_c = a[at_child], orig_p = a[at_parent];
	pid_t pid;
	long bad;

	SAFE_PIPE(to_child);
	SAFE_PIPE(to_parent);
	pid = SAFE_FORK();
	if (!pid) {
		a[at_child] = (unsigned char)~orig_c;
		sync_write(to_parent[1]);
		sync_read(to_child[0]);
		/* The parent wrote at_parent meanwhile: not seen here */
		bad = bad_except(a, 2 * hp, at_child, (unsigned char)~orig_c);
		TST_EXP_EXPR(bad < 0, "the child sees its own write and not "
			     "the parent's (first bad byte %ld)", bad);
		exit(0);
	}
	sync_read(to_parent[0]);
	bad = check_pattern(a, 2 * hp, 9);
	TST_EXP_EXPR(bad < 0, "the child's write after fork() is not seen by "
		     "the parent (first changed byte %ld)", bad);
	a[at_parent] = (unsigned char)~orig_p;
	sync_write(to_child[1]);
	reap_child(pid);
	bad = bad_except(a, 2 * hp, at_parent, (unsigned char)~orig_p);
	TST_EXP_EXPR(bad < 0, "the parent's huge pages hold its data and its "
		     "write (first bad byte %ld)", bad);
	SAFE_CLOSE(to_child[0]);
	SAFE_CLOSE(to_child[1]);
	SAFE_CLOSE(to_parent[0]);
	SAFE_CLOSE(to_parent[1]);
	SAFE_MUNMAP(a, 2 * hp);
}

static void dont_fork(void)
{
	char *a = map_huge(2);
	unsigned char vec[1];
	pid_t pid;
	long bad;

	if (madvise(a, 2 * hp, MADV_DONTFORK))
		tst_brk(TBROK | TERRNO, "madvise(MADV_DONTFORK)");
	pid = SAFE_FORK();
	if (!pid) {
		TST_EXP_FAIL(mincore(a, pg, vec), ENOMEM, "child: mincore() "
			     "of the MADV_DONTFORK region's first page");
		TST_EXP_FAIL(mincore(a + 2 * hp - pg, pg, vec), ENOMEM,
			     "child: mincore() of its last page");
		exit(0);
	}
	reap_child(pid);
	bad = check_pattern(a, 2 * hp, 9);
	TST_EXP_EXPR(bad < 0, "the parent keeps its MADV_DONTFORK region "
		     "(first bad byte %ld)", bad);
	SAFE_MUNMAP(a, 2 * hp);
}

static void wipe_on_fork(void)
{
	char *a = map_huge(2);
	pid_t pid;
	long bad;

	if (madvise(a, 2 * hp, MADV_WIPEONFORK))
		tst_brk(TBROK | TERRNO, "madvise(MADV_WIPEONFORK)");
	pid = SAFE_FORK();
	if (!pid) {
		bad = first_nonzero(a, 2 * hp);
		TST_EXP_EXPR(bad < 0, "child: a MADV_WIPEONFORK region reads "
			     "zeros over both huge pages (first non-zero byte "
			     "%ld)", bad);
		exit(0);
	}
	reap_child(pid);
	bad = check_pattern(a, 2 * hp, 9);
	TST_EXP_EXPR(bad < 0, "the parent keeps its MADV_WIPEONFORK region "
		     "(first bad byte %ld)", bad);
	SAFE_MUNMAP(a, 2 * hp);
}

static void run(void)
{
	cow_both_ways();
	dont_fork();
	wipe_on_fork();
}

static void setup(void)
{
	hp = thp_pmd_size();
	pg = vm_page_size();
	SAFE_FILE_PRINTF(THP_DIR "enabled", "always");
	SAFE_FILE_PRINTF(THP_DIR "defrag", "always");
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.forks_child = 1,
	.min_mem_avail_mb = 64,
	.save_restore = (const struct tst_path_val[]) {
		{THP_DIR "enabled", NULL, TST_SR_TCONF_MISSING},
		{THP_DIR "defrag", NULL, TST_SR_TCONF_MISSING},
		{NULL, NULL, 0}
	},
	.needs_kconfigs = (const char *const []) {
		"CONFIG_TRANSPARENT_HUGEPAGE", NULL
	},
};
