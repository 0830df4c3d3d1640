// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Soft-dirty tracking (writing 4 to /proc/self/clear_refs, bit 55 of
 * /proc/self/pagemap), page by page on private anonymous memory:
 *  - a new mapping reads soft-dirty everywhere, its holes too (the VMA's
 *    VM_SOFTDIRTY); after clear_refs no page does, data intact;
 *  - after clear_refs exactly the written pages are soft-dirty: a read of
 *    a present page or of a hole (zero page) sets nothing;
 *  - mprotect(PROT_READ) and back to PROT_READ | PROT_WRITE of exclusive
 *    pages whose bit was cleared: the next write still sets it (the
 *    write fault must not be skipped, 76aefad628aa), on the whole mapping
 *    and on a middle piece, which merges back into one VMA;
 *  - mremap() moving written pages after clear_refs: each moved present
 *    page is soft-dirty at its new address, data intact;
 *  - a page unmapped and mapped again with MAP_FIXED in a mapping that
 *    still has VM_SOFTDIRTY merges with both neighbours into one VMA
 *    (VM_SOFTDIRTY is no obstacle to merging, 34228d473efe), and one
 *    mapped again after clear_refs reads soft-dirty although never
 *    touched (a new VMA is dirty, d9104d1ca966);
 *  - a transparent huge page (enabled=always, saved and restored): clear
 *    makes all of its 512 entries clean, one written byte makes all of
 *    them dirty (the PMD's bit); mprotect() of half splits the PMD and
 *    every base page keeps the bit; after another clear a write to one
 *    base page sets exactly that page's bit;
 *  - clear_refs takes 1..5 only: "0", "6", "-1" and "4x" are EINVAL,
 *    " 4\n" is accepted.
 * A kernel that drops or forgets the bit on any of these paths makes CRIU
 * miss pages in incremental dumps; one that sets it on reads makes every
 * dump full.
 */

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include "tst_test.h"
#include "vm_helpers.h"
#include "thp_common.h"

#define PM_SOFT_DIRTY (1ULL << 55)
#define NPAGES 16

static size_t pg;
static int pagemap_fd = -1;

/* Write val to /proc/self/clear_refs: 0 or the errno of the write. */
static int clear_refs(const char *val)
{
	int fd = SAFE_OPEN("/proc/self/clear_refs", O_WRONLY);
	int err = 0;

	if (write(fd, val, strlen(val)) < 0)
		err = errno;
	SAFE_CLOSE(fd);
	return err;
}

static void clear_soft_dirty(void)
{
	int err = clear_refs("4");

	if (err)
		tst_brk(TBROK, "write(clear_refs, \"4\"): %s",
			tst_strerrno(err));
}

static int page_soft_dirty(const char *addr)
{
	uint64_t ent;

	SAFE_PREAD(1, pagemap_fd, &ent, sizeof(ent),
		   (uintptr_t)addr / pg * sizeof(ent));
	return !!(ent & PM_SOFT_DIRTY);
}

/* Bit i set when page i of [addr, addr + n pages) is soft-dirty (n <= 64). */
static uint64_t dirty_mask(const char *addr, int n)
{
	uint64_t mask = 0;
	int i;

	for (i = 0; i < n; i++)
		mask |= (uint64_t)page_soft_dirty(addr + i * pg) << i;
	return mask;
}

/* Number of soft-dirty pages among n pages at addr. */
static size_t dirty_count(const char *addr, size_t n)
{
	size_t i, cnt = 0;

	for (i = 0; i < n; i++)
		cnt += page_soft_dirty(addr + i * pg);
	return cnt;
}

static void expect_mask(const char *addr, int n, uint64_t want,
			const char *what)
{
	uint64_t got = dirty_mask(addr, n);

	TST_EXP_EXPR(got == want, "%s: soft-dirty pages 0x%llx (want 0x%llx)",
		     what, (unsigned long long)got, (unsigned long long)want);
}

/* Whether [addr, addr + len) is one line of /proc/self/maps. */
static void expect_one_vma(char *addr, size_t len, const char *what)
{
	unsigned long start, end;

	if (!vma_bounds(addr, &start, &end))
		tst_brk(TBROK, "%p not mapped", addr);
	TST_EXP_EXPR(start <= (unsigned long)addr &&
		     end >= (unsigned long)addr + len,
		     "%s: one VMA %lx-%lx covers %p-%p", what, start, end,
		     addr, addr + len);
}

static void touch(char *a, int first, int n, unsigned char val)
{
	int i;

	for (i = first; i < first + n; i++)
		memset(a + i * pg, val + i, pg);
}

/* Page i of the n pages at a holds val + i (or 0 where zero is set). */
static void expect_data(const char *a, int n, unsigned char val,
			uint64_t zero, const char *what)
{
	int i;
	size_t j;

	for (i = 0; i < n; i++) {
		unsigned char want = (zero >> i) & 1 ? 0 : val + i;

		for (j = 0; j < pg; j++) {
			if ((unsigned char)a[i * pg + j] != want) {
				tst_res(TFAIL, "%s: page %d byte %zu is 0x%x, "
					"not 0x%x", what, i, j,
					(unsigned char)a[i * pg + j], want);
				return;
			}
		}
	}
	tst_res(TPASS, "%s: data of %d pages intact", what, n);
}

static void test_rw_and_mprotect(void)
{
	char *a = SAFE_MMAP(NULL, NPAGES * pg, PROT_READ | PROT_WRITE,
			    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	volatile char c;

	vm_no_thp(a, NPAGES * pg);
	touch(a, 0, 8, 0x10);
	expect_mask(a, NPAGES, 0xffff, "new mapping, 8 of 16 pages written");

	clear_soft_dirty();
	expect_mask(a, NPAGES, 0, "after clear_refs 4");
	expect_data(a, 8, 0x10, 0, "after clear_refs 4");

	a[1 * pg + 7] = 0x11;
	a[3 * pg + 9] = 0x13;
	c = a[5 * pg];
	c = a[10 * pg];
	(void)c;
	expect_mask(a, NPAGES, (1 << 1) | (1 << 3),
		    "writes to pages 1 and 3, reads of 5 and of the hole 10");

	clear_soft_dirty();
	SAFE_MPROTECT(a, NPAGES * pg, PROT_READ);
	SAFE_MPROTECT(a, NPAGES * pg, PROT_READ | PROT_WRITE);
	a[2 * pg] = 0x12;
	expect_mask(a, NPAGES, 1 << 2,
		    "mprotect RO and RW of the whole mapping, write to page 2");

	clear_soft_dirty();
	SAFE_MPROTECT(a + 4 * pg, 2 * pg, PROT_READ);
	SAFE_MPROTECT(a + 4 * pg, 2 * pg, PROT_READ | PROT_WRITE);
	expect_one_vma(a, NPAGES * pg, "pages 4-5 RO and RW again");
	a[4 * pg] = 0x14;
	a[6 * pg] = 0x16;
	expect_mask(a, NPAGES, (1 << 4) | (1 << 6),
		    "mprotect RO and RW of pages 4-5, writes to pages 4 and 6");
	expect_data(a, 8, 0x10, 0, "after the mprotect() calls");

	SAFE_MUNMAP(a, NPAGES * pg);
}

static void test_mremap(void)
{
	char *a = SAFE_MMAP(NULL, NPAGES * pg, PROT_READ | PROT_WRITE,
			    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	char *dst = free_range(NPAGES * pg), *b;

	vm_no_thp(a, NPAGES * pg);
	touch(a, 0, 8, 0x20);
	clear_soft_dirty();
	b = mremap(a, 8 * pg, 8 * pg, MREMAP_MAYMOVE | MREMAP_FIXED, dst);
	if (b == MAP_FAILED)
		tst_brk(TBROK | TERRNO, "mremap(MREMAP_FIXED)");
	expect_mask(b, 8, 0xff, "8 cleared pages moved by mremap()");
	expect_data(b, 8, 0x20, 0, "after mremap()");
	SAFE_MUNMAP(b, 8 * pg);
	SAFE_MUNMAP(a + 8 * pg, 8 * pg);
}

static void remap_page(char *p)
{
	SAFE_MUNMAP(p, pg);
	if (mmap(p, pg, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) != p)
		tst_brk(TBROK | TERRNO, "mmap(MAP_FIXED, %p)", p);
}

static void test_new_vma(void)
{
	char *a = SAFE_MMAP(NULL, 8 * pg, PROT_READ | PROT_WRITE,
			    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	/* No MADV_NOHUGEPAGE here: the new page must have equal flags. */
	touch(a, 0, 8, 0x30);
	remap_page(a + 3 * pg);
	expect_one_vma(a, 8 * pg,
		       "page 3 mapped again beside VM_SOFTDIRTY neighbours");

	clear_soft_dirty();
	remap_page(a + 5 * pg);
	TST_EXP_EXPR(page_soft_dirty(a + 5 * pg),
		     "page 5 mapped again after clear_refs, untouched, "
		     "reads soft-dirty");
	expect_one_vma(a, 8 * pg, "page 5 mapped again after clear_refs");
	expect_data(a, 8, 0x30, (1 << 3) | (1 << 5),
		    "pages around the remapped ones");
	SAFE_MUNMAP(a, 8 * pg);
}

static void test_thp(void)
{
	size_t hp = thp_pmd_size(), n = hp / pg, cnt;
	char *a = thp_map_aligned(hp, 1, PROT_READ | PROT_WRITE);
	long kb;

	/* with defrag=madvise this may compact for the huge page */
	vm_madvise(a, hp, MADV_HUGEPAGE, "MADV_HUGEPAGE");
	memset(a, 0x41, hp);
	kb = smaps_kb(a, "AnonHugePages");
	if (kb != (long)(hp / 1024)) {
		tst_res(TCONF, "no huge page for an aligned %zu kB region "
			"(AnonHugePages %ld kB): THP part skipped", hp / 1024,
			kb);
		SAFE_MUNMAP(a, hp);
		return;
	}
	/* Keep khugepaged from collapsing the split page behind our back. */
	vm_madvise(a, hp, MADV_NOHUGEPAGE, "MADV_NOHUGEPAGE");

	clear_soft_dirty();
	cnt = dirty_count(a, n);
	TST_EXP_EXPR(cnt == 0, "huge page after clear_refs: %zu of %zu "
		     "entries soft-dirty (want 0)", cnt, n);

	a[100 * pg + 5] = 0x42;
	cnt = dirty_count(a, n);
	TST_EXP_EXPR(cnt == n, "one byte written to the huge page: %zu of %zu "
		     "entries soft-dirty (want all)", cnt, n);

	SAFE_MPROTECT(a, hp / 2, PROT_READ);
	kb = smaps_kb(a, "AnonHugePages");
	cnt = dirty_count(a, n);
	TST_EXP_EXPR(kb == 0 && cnt == n, "mprotect() of half split the PMD "
		     "(AnonHugePages %ld kB): %zu of %zu pages soft-dirty "
		     "(want all)", kb, cnt, n);

	clear_soft_dirty();
	a[300 * pg] = 0x43;
	cnt = dirty_count(a, n);
	TST_EXP_EXPR(cnt == 1 && page_soft_dirty(a + 300 * pg),
		     "split huge page cleared, base page 300 written: %zu "
		     "soft-dirty (want only page 300)", cnt);

	TST_EXP_EXPR(a[100 * pg + 5] == 0x42 && a[300 * pg] == 0x43 &&
		     a[0] == 0x41 && a[hp - 1] == 0x41,
		     "huge page data intact across the split");
	SAFE_MUNMAP(a, hp);
}

static void test_einval(void)
{
	static const char *const bad[] = {"0", "6", "-1", "4x"};
	unsigned int i;
	int err;

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		err = clear_refs(bad[i]);
		TST_EXP_EXPR(err == EINVAL, "clear_refs \"%s\": %s (want "
			     "EINVAL)", bad[i], err ? tst_strerrno(err) : "ok");
	}
	err = clear_refs(" 4\n");
	TST_EXP_EXPR(err == 0, "clear_refs \" 4\\n\": %s (want success)",
		     err ? tst_strerrno(err) : "ok");
}

static void run(void)
{
	test_rw_and_mprotect();
	test_mremap();
	test_new_vma();
	test_thp();
	test_einval();
}

static void setup(void)
{
	pg = vm_page_size();
	pagemap_fd = SAFE_OPEN("/proc/self/pagemap", O_RDONLY);
	if (access("/proc/self/clear_refs", W_OK))
		tst_brk(TCONF | TERRNO, "/proc/self/clear_refs not writable");
}

static void cleanup(void)
{
	if (pagemap_fd >= 0)
		SAFE_CLOSE(pagemap_fd);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.min_mem_avail_mb = 32,
	.save_restore = (const struct tst_path_val[]) {
		{THP_DIR "enabled", "always", TST_SR_TCONF_MISSING},
		{NULL, NULL, 0}
	},
	.needs_kconfigs = (const char *const []) {
		"CONFIG_MEM_SOFT_DIRTY=y", NULL
	},
	.tags = (const struct tst_tag[]) {
		{"linux-git", "76aefad628aa"},
		{"linux-git", "34228d473efe"},
		{"linux-git", "d9104d1ca966"},
		{}
	},
};
