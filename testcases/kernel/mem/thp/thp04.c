// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * CVE-2017-1000405 ("huge dirty COW"): a forced write (FOLL_FORCE, here
 * through /proc/self/mem) into a read-only private anonymous mapping that
 * the huge zero page backs must land in a private copy, never in the huge
 * zero page, even while another thread keeps dropping the mapping with
 * MADV_DONTNEED and faulting the huge zero page back in with a forced
 * read (touch_pmd() once marked that PMD dirty unconditionally, and the
 * retried write then followed it into the shared zero page: a8f97366452e,
 * 8310d48b125d).
 *  - THP enabled is set to "madvise" and use_zero_page to 1 (restored);
 *    a PMD-aligned PROT_READ region with MADV_HUGEPAGE, read once, is
 *    the huge zero page: /proc/self/pagemap shows the same PFN for two
 *    such regions and consecutive PFNs inside one (TCONF otherwise, the
 *    reason printed);
 *  - one forced write gives the writer its own copy (the value reads
 *    back) while a second huge zero page region still reads zeros;
 *  - for a bounded time the main thread writes through /proc/self/mem
 *    while a second thread does MADV_DONTNEED and a forced read; after
 *    each write another huge zero page region must read zero at the
 *    written offset;
 *  - afterwards a fresh huge zero page region reads all zeros.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>
#include "tst_test.h"

#define THP_DIR "/sys/kernel/mm/transparent_hugepage/"
#define RACE_MS 3000

static size_t hp;
static char *victim, *probe;
static int memfd = -1;
static volatile int stop;
static unsigned long thread_rounds;

/* A PMD-aligned PROT_READ region of one huge page, MADV_HUGEPAGE, read. */
static char *map_zero_thp(void)
{
	char *p = SAFE_MMAP(NULL, 3 * hp, PROT_READ,
			    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	char *a = (char *)(((uintptr_t)p + hp - 1) & ~(hp - 1));

	if (a > p)
		SAFE_MUNMAP(p, a - p);
	SAFE_MUNMAP(a + hp, p + 3 * hp - (a + hp));
	if (madvise(a, hp, MADV_HUGEPAGE))
		tst_brk(TBROK | TERRNO, "madvise(MADV_HUGEPAGE)");
	if (*(volatile char *)a)
		tst_brk(TBROK, "a new anonymous mapping reads nonzero");
	return a;
}

static uint64_t pfn_of(const void *addr)
{
	uint64_t ent;
	int fd = SAFE_OPEN("/proc/self/pagemap", O_RDONLY);

	SAFE_PREAD(1, fd, &ent, sizeof(ent),
		   (off_t)((uintptr_t)addr / getpagesize()) * sizeof(ent));
	SAFE_CLOSE(fd);
	if (!(ent & (1ULL << 63)))
		return 0;
	return ent & ((1ULL << 55) - 1);
}

static int is_huge_zero(const char *a, const char *b)
{
	uint64_t pa = pfn_of(a), pa1 = pfn_of(a + getpagesize());
	uint64_t pb = pfn_of(b);

	tst_res(TINFO, "PFNs: region 1 %#llx, %#llx, region 2 %#llx",
		(unsigned long long)pa, (unsigned long long)pa1,
		(unsigned long long)pb);
	return pa && pa == pb && pa1 == pa + 1 &&
	       !(pa & (hp / getpagesize() - 1));
}

static void mem_write(void *addr, uint32_t val)
{
	TEST(pwrite(memfd, &val, sizeof(val), (off_t)(uintptr_t)addr));
	if (TST_RET != sizeof(val))
		tst_brk(TBROK | TTERRNO, "pwrite(/proc/self/mem) = %ld",
			TST_RET);
}

static void *dropper(void *arg)
{
	uint32_t *w = arg, v;

	while (!stop) {
		madvise(victim, hp, MADV_DONTNEED);
		/* forced read: faults the huge zero page in, touches the PMD */
		if (pread(memfd, &v, sizeof(v), (off_t)(uintptr_t)w) < 0)
			break;
		thread_rounds++;
	}
	return NULL;
}

static long first_nonzero(const char *a, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (a[i])
			return (long)i;
	return -1;
}

static void run(void)
{
	uint32_t *w = (uint32_t *)(victim + hp - sizeof(uint32_t));
	uint32_t *pw = (uint32_t *)(probe + hp - sizeof(uint32_t));
	unsigned long rounds = 0, bad = 0;
	long long end;
	pthread_t thr;
	char *fresh;
	long off;
	int ret;

	mem_write(w, 0xdeadbeef);
	TST_EXP_EXPR(*(volatile uint32_t *)w == 0xdeadbeef,
		     "forced write into the read-only huge zero page mapping "
		     "reads back in it (0x%x)", *(volatile uint32_t *)w);
	TST_EXP_EXPR(*(volatile uint32_t *)pw == 0,
		     "another huge zero page mapping still reads 0 (0x%x)",
		     *(volatile uint32_t *)pw);
	madvise(victim, hp, MADV_DONTNEED);

	stop = 0;
	ret = pthread_create(&thr, NULL, dropper, w);
	if (ret)
		tst_brk(TBROK, "pthread_create: %s", strerror(ret));

	end = tst_mono_ms() + RACE_MS;
	while (tst_mono_ms() < end) {
		mem_write(w, 0xdeadbeef);
		madvise(probe, hp, MADV_DONTNEED);
		if (*(volatile uint32_t *)pw) {
			bad++;
			break;
		}
		rounds++;
	}
	stop = 1;
	pthread_join(thr, NULL);

	tst_res(TINFO, "%lu forced writes, %lu DONTNEED/forced reads",
		rounds, thread_rounds);
	if (bad)
		tst_res(TFAIL, "the huge zero page was written: 0x%x at the "
			"end of another zero mapping", *(volatile uint32_t *)pw);
	else
		tst_res(TPASS, "no forced write reached the huge zero page");

	fresh = map_zero_thp();
	off = first_nonzero(fresh, hp);
	TST_EXP_EXPR(off < 0, "a fresh huge zero page mapping reads all "
		     "zeros (first nonzero byte at %ld)", off);
	SAFE_MUNMAP(fresh, hp);
}

static void setup(void)
{
	long v = 0;

	if (!tst_file_read_long(THP_DIR "hpage_pmd_size", &v))
		tst_brk(TCONF, "no " THP_DIR "hpage_pmd_size: no THP");
	if (v <= 0 ||
	    v % getpagesize())
		tst_brk(TBROK, "hpage_pmd_size %ld", v);
	hp = v;

	victim = map_zero_thp();
	probe = map_zero_thp();
	if (!is_huge_zero(victim, probe))
		tst_brk(TCONF, "a read-only MADV_HUGEPAGE region is not backed "
			"by the huge zero page (pagemap PFNs above)");
	memfd = SAFE_OPEN("/proc/self/mem", O_RDWR);
}

static void cleanup(void)
{
	if (memfd >= 0)
		SAFE_CLOSE(memfd);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.timeout = 60,
	.taint_check = TST_TAINT_W | TST_TAINT_D,
	.save_restore = (const struct tst_path_val[]) {
		{THP_DIR "enabled", "madvise", TST_SR_TCONF_MISSING},
		{THP_DIR "use_zero_page", "1", TST_SR_TCONF_MISSING},
		{}
	},
	.tags = (const struct tst_tag[]) {
		/* mm, thp: Do not make page table dirty unconditionally in touch_p[mu]d() */
		{"linux-git", "a8f97366452e"},
		/* huge_memory.c: respect FOLL_FORCE/FOLL_COW for thp */
		{"linux-git", "8310d48b125d"},
		{"CVE", "2017-1000405"},
		{}
	},
};
