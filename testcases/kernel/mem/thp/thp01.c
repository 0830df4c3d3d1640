// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Transparent huge pages for anonymous memory, by the sysfs mode of
 * /sys/kernel/mm/transparent_hugepage/enabled (saved and restored):
 *  - "never": even a MADV_HUGEPAGE region gets no huge page (smaps
 *    AnonHugePages 0);
 *  - "madvise": a plain region gets none, a MADV_HUGEPAGE one is backed
 *    by huge pages (AnonHugePages covers both PMD-aligned extents) and
 *    /proc/vmstat thp_fault_alloc grows by at least that many;
 *  - "always": a plain region gets huge pages, a MADV_NOHUGEPAGE one
 *    none;
 *  - a partial munmap() or mprotect() of a huge page splits it
 *    (thp_split_pmd grows, AnonHugePages of the rest covers only the
 *    untouched huge page) and the data survives the split; the
 *    read-only page is read-only;
 *  - MADV_COLLAPSE (6.1) turns two PMD extents of small pages into huge
 *    pages at once, even with enabled=never: AnonHugePages covers both,
 *    thp_collapse_alloc grows by 2, the data are intact; on a
 *    MADV_NOHUGEPAGE region it fails with EINVAL;
 *  - PROT_NONE huge pages ("always"): a region of 4 huge pages less one
 *    byte, written, made PROT_NONE whole (its huge PMDs stay, without the
 *    present bit), then MADV_MERGEABLE on the first page of its second
 *    huge page (the VMA and that huge PMD are split), a fork() and the
 *    child's exit (the PROT_NONE huge PMDs copied and zapped): the child
 *    exits 0, an access is SIGSEGV/SEGV_ACCERR, and once readable again
 *    every byte is intact; the kernel gains no taint D or W. pmd_present()
 *    said false for a PROT_NONE huge PMD and the split and zap paths hit
 *    a BUG_ON (027ef6c87853, the fix upstream LTP's thp03 reproduces);
 *  - the file accepts only the three words (EINVAL for another).
 */
#include <sys/mman.h>
#include "tst_test.h"
#include "vm_helpers.h"
#include "task_wait.h"
#include "thp_common.h"

#define ENABLED THP_DIR "enabled"

static size_t hp;

/* fill_pattern(a, n, 3) checked over [from, to): first bad offset or -1 */
static long pattern_bad(const char *a, size_t from, size_t to)
{
	size_t i;

	for (i = from; i < to; i++)
		if ((unsigned char)a[i] != (unsigned char)(3 + i * 7 + i / 4096))
			return (long)i;
	return -1;
}

static int try_write(const char *path, const char *val)
{
	int fd = open(path, O_WRONLY), ret, err;

	if (fd < 0)
		return -1;
	ret = write(fd, val, strlen(val));
	err = errno;
	close(fd);
	errno = err;
	return ret == (int)strlen(val) ? 0 : -1;
}

static void set_mode(const char *mode)
{
	SAFE_FILE_PRINTF(ENABLED, "%s", mode);
}

/* Two PMD-aligned huge page extents, nothing else in the mapping. */
static char *map_aligned(int advice)
{
	char *a = thp_map_aligned(hp, 2, PROT_READ | PROT_WRITE);

	if (advice >= 0 && madvise(a, 2 * hp, advice))
		tst_brk(TBROK | TERRNO, "madvise(%d)", advice);
	fill_pattern(a, 2 * hp, 3);
	return a;
}

static void expect_huge(const char *mode, int advice, const char *what,
			long exp_kb)
{
	long allocs = tst_read_vmstat("thp_fault_alloc");
	char *a;
	long kb;

	set_mode(mode);
	a = map_aligned(advice);
	kb = smaps_kb(a, "AnonHugePages");
	TST_EXP_EXPR(kb == exp_kb, "enabled=%s, %s: AnonHugePages %ld kB "
		     "(expected %ld)", mode, what, kb, exp_kb);
	if (exp_kb)
		TST_EXP_EXPR(tst_read_vmstat("thp_fault_alloc") - allocs >= 2,
			     "thp_fault_alloc grew by %ld",
			     tst_read_vmstat("thp_fault_alloc") - allocs);
	SAFE_MUNMAP(a, 2 * hp);
}

static void split(int by_munmap)
{
	long splits = tst_read_vmstat("thp_split_pmd"), kb, bad;
	size_t page = getpagesize();
	char *a, *rest;

	set_mode("always");
	a = map_aligned(MADV_HUGEPAGE);
	if (smaps_kb(a, "AnonHugePages") != (long)(2 * hp / 1024)) {
		tst_res(TFAIL, "no two huge pages to split");
		SAFE_MUNMAP(a, 2 * hp);
		return;
	}
	if (by_munmap)
		SAFE_MUNMAP(a + page, page);
	else
		SAFE_MPROTECT(a + page, page, PROT_READ);
	rest = a + 2 * page;
	kb = smaps_kb(rest, "AnonHugePages");
	TST_EXP_EXPR(tst_read_vmstat("thp_split_pmd") > splits,
		     "%s of one page: thp_split_pmd %ld -> %ld",
		     by_munmap ? "munmap" : "mprotect", splits,
		     tst_read_vmstat("thp_split_pmd"));
	TST_EXP_EXPR(smaps_kb(a, "AnonHugePages") == 0 &&
		     kb == (long)(hp / 1024),
		     "after the split only the other huge page is huge "
		     "(%ld kB)", kb);
	bad = pattern_bad(a, 0, page);
	if (bad < 0 && !by_munmap)
		bad = pattern_bad(a, page, 2 * page);
	if (bad < 0)
		bad = pattern_bad(a, 2 * page, 2 * hp);
	TST_EXP_EXPR(bad < 0, "data intact across the split (first bad "
		     "byte %ld)", bad);
	if (by_munmap)
		expect_access(a + page, VM_READ_ACCESS, SIGSEGV, SEGV_MAPERR,
			      "the unmapped page");
	else
		expect_access(a + page, VM_WRITE_ACCESS, SIGSEGV, SEGV_ACCERR,
			      "the read-only page");
	expect_access(a + 2 * page, VM_WRITE_ACCESS, 0, 0, "the next page");
	if (by_munmap) {
		SAFE_MUNMAP(a, page);
		SAFE_MUNMAP(rest, 2 * hp - 2 * page);
	} else {
		SAFE_MUNMAP(a, 2 * hp);
	}
}

static int collapse(char *a)
{
	long long deadline = task_wait_now_ms() + 10000 * tst_timeout_mul();
	int ret;

	/* EAGAIN: a page was briefly held elsewhere; the call says retry */
	while ((ret = madvise(a, 2 * hp, MADV_COLLAPSE)) && errno == EAGAIN &&
	       task_wait_now_ms() < deadline)
		usleep(10000);
	return ret;
}

static void collapse_test(void)
{
	long allocs = tst_read_vmstat("thp_collapse_alloc"), kb, bad;
	char *a;
	int err;

	set_mode("never");
	a = map_aligned(-1);
	TST_EXP_EQ_LI(smaps_kb(a, "AnonHugePages"), 0);
	if (collapse(a)) {
		err = errno;
		if (err == EINVAL && tst_kvercmp(6, 1, 0) < 0)
			tst_res(TCONF, "no MADV_COLLAPSE before 6.1");
		else
			tst_res(TFAIL, "MADV_COLLAPSE: %s", tst_strerrno(err));
		SAFE_MUNMAP(a, 2 * hp);
		return;
	}
	kb = smaps_kb(a, "AnonHugePages");
	TST_EXP_EXPR(kb == (long)(2 * hp / 1024), "MADV_COLLAPSE with "
		     "enabled=never: AnonHugePages %ld kB", kb);
	TST_EXP_EXPR(tst_read_vmstat("thp_collapse_alloc") - allocs >= 2,
		     "thp_collapse_alloc grew by %ld",
		     tst_read_vmstat("thp_collapse_alloc") - allocs);
	bad = pattern_bad(a, 0, 2 * hp);
	TST_EXP_EXPR(bad < 0, "data intact after the collapse (bad byte %ld)",
		     bad);
	SAFE_MUNMAP(a, 2 * hp);

	a = map_aligned(MADV_NOHUGEPAGE);
	err = madvise(a, 2 * hp, MADV_COLLAPSE) ? errno : 0;
	TST_EXP_EXPR(err == EINVAL, "MADV_COLLAPSE of a MADV_NOHUGEPAGE "
		     "region: EINVAL (%s)", tst_strerrno(err));
	SAFE_MUNMAP(a, 2 * hp);
}

static void prot_none(void)
{
	size_t len = 4 * hp - 1, page = getpagesize();
	char *p;
	pid_t pid;
	long bad;

	set_mode("always");
	p = SAFE_MMAP(NULL, len, PROT_READ | PROT_WRITE,
		      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	fill_pattern(p, len, 3);
	TST_EXP_EXPR(smaps_kb(p, "AnonHugePages") >= (long)(2 * hp / 1024),
		     "the region has huge pages (AnonHugePages %ld kB)",
		     smaps_kb(p, "AnonHugePages"));
	SAFE_MPROTECT(p, len, PROT_NONE);
	if (madvise(p + hp, page, MADV_MERGEABLE)) {
		if (errno == EINVAL)
			tst_res(TCONF, "MADV_MERGEABLE: EINVAL (no CONFIG_KSM): "
				"the PROT_NONE split is skipped");
		else
			tst_brk(TBROK | TERRNO, "madvise(MADV_MERGEABLE)");
	}
	pid = SAFE_FORK();
	if (!pid)
		exit(0);
	reap_child(pid);
	expect_access(p + hp / 2, VM_READ_ACCESS, SIGSEGV, SEGV_ACCERR,
		      "a PROT_NONE huge page");
	SAFE_MPROTECT(p, len, PROT_READ);
	bad = pattern_bad(p, 0, len);
	TST_EXP_EXPR(bad < 0, "PROT_NONE huge pages split, copied by fork() "
		     "and readable again: data intact (first bad byte %ld)",
		     bad);
	SAFE_MUNMAP(p, len);
}

static void run(void)
{
	int err;

	expect_huge("never", MADV_HUGEPAGE, "MADV_HUGEPAGE", 0);
	expect_huge("madvise", -1, "no advice", 0);
	expect_huge("madvise", MADV_HUGEPAGE, "MADV_HUGEPAGE", 2 * hp / 1024);
	expect_huge("always", -1, "no advice", 2 * hp / 1024);
	expect_huge("always", MADV_NOHUGEPAGE, "MADV_NOHUGEPAGE", 0);
	split(1);
	split(0);
	collapse_test();
	prot_none();

	err = try_write(ENABLED, "sometimes") ? errno : 0;
	TST_EXP_EXPR(err == EINVAL, "'sometimes' refused with EINVAL (%s)",
		     tst_strerrno(err));
}

static void setup(void)
{
	hp = thp_pmd_size();
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.forks_child = 1,
	.min_mem_avail_mb = 64,
	.save_restore = (const struct tst_path_val[]) {
		{ENABLED, NULL, TST_SR_TCONF_MISSING},
		{NULL, NULL, 0}
	},
	.needs_kconfigs = (const char *const []) {
		"CONFIG_TRANSPARENT_HUGEPAGE", NULL
	},
	.taint_check = TST_TAINT_D | TST_TAINT_W,
	.tags = (const struct tst_tag[]) {
		/* pmd_present() true for PROT_NONE huge PMDs (upstream thp03) */
		{"linux-git", "027ef6c87853"},
		{}
	},
};
