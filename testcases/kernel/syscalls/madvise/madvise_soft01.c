// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * MADV_SOFT_OFFLINE of anonymous pages while other processes allocate
 * and free pages (the race closed by d4ae9916ea29, "mm: soft-offline:
 * close the race against page allocation"). Each iteration: two
 * children map, touch and unmap 64 pages in a loop while the test
 * process, for 4 rounds, fills 16 private pages with a pattern of its
 * own, notes each page's frame (/proc/self/pagemap) and soft-offlines
 * them one by one, then (after the children are killed: bounded)
 * checks:
 * - every page still holds its pattern, with no SIGBUS on access;
 * - a page madvise() offlined (0; EBUSY, a page the kernel could not
 *   isolate at that moment, is tolerated and counted apart) now sits in
 *   another frame;
 * - HardwareCorrupted of /proc/meminfo grew by exactly the pages
 *   offlined (4 kB each), nothing more;
 * - the kernel is not tainted (bad page, warning, oops: .taint_check).
 * Offlined frames stay out of use (global state: exclusive).
 * CONFIG_MEMORY_FAILURE=y is needed (the 6.1 cloud kernel lacks it).
 * Syscalls: madvise
 */
#include <fcntl.h>
#include <setjmp.h>
#include <signal.h>
#include <stdlib.h>
#include <unistd.h>
#include "tst_test.h"
#include "lapi/mman.h"

#define ROUNDS		4
#define PAGES		16
#define ALLOCATORS	2
#define ALLOC_PAGES	64
#define PM_PRESENT	(UINT64_C(1) << 63)
#define PM_PFN_MASK	((UINT64_C(1) << 55) - 1)

static size_t page;
static int pagemap = -1;
static sigjmp_buf bus_jmp;

static void on_sigbus(int sig)
{
	(void)sig;
	siglongjmp(bus_jmp, 1);
}

static uint64_t pfn_of(const void *addr)
{
	uint64_t e;

	SAFE_PREAD(1, pagemap, &e, sizeof(e),
		   (off_t)((uintptr_t)addr / page) * sizeof(e));
	if (!(e & PM_PRESENT))
		return 0;
	return e & PM_PFN_MASK;
}

static void fill(char *p, unsigned int id)
{
	size_t i;

	for (i = 0; i < page; i++)
		p[i] = (char)(id * 31 + i * 7);
}

/* the first differing byte, or -1 */
static long differs(const char *p, unsigned int id)
{
	size_t i;

	for (i = 0; i < page; i++)
		if (p[i] != (char)(id * 31 + i * 7))
			return i;
	return -1;
}

/* 1 when the page reads back its pattern, without SIGBUS */
static int data_kept(const char *p, unsigned int r, unsigned int i)
{
	long off;

	if (sigsetjmp(bus_jmp, 1)) {
		tst_res(TFAIL, "SIGBUS reading page %u of round %u", i, r);
		return 0;
	}
	off = differs(p, r * PAGES + i);
	if (off >= 0) {
		tst_res(TFAIL, "page %u of round %u: byte %ld changed", i, r,
			off);
		return 0;
	}
	return 1;
}

static void allocator(void)
{
	char *p;
	size_t i;

	for (;;) {
		p = SAFE_MMAP(NULL, ALLOC_PAGES * page, PROT_READ | PROT_WRITE,
			      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		for (i = 0; i < ALLOC_PAGES; i++)
			p[i * page] = 1;
		SAFE_MUNMAP(p, ALLOC_PAGES * page);
	}
}

static void run(void)
{
	static char *bufs[ROUNDS];
	static uint64_t before[ROUNDS][PAGES];
	static int offlined[ROUNDS][PAGES];
	pid_t kids[ALLOCATORS];
	unsigned int r, i, done = 0, busy = 0, bad_data = 0, bad_pfn = 0;
	long hc0, hc1;

	hc0 = tst_read_meminfo("HardwareCorrupted:");
	for (i = 0; i < ALLOCATORS; i++) {
		kids[i] = SAFE_FORK();
		if (!kids[i])
			allocator();
	}

	for (r = 0; r < ROUNDS; r++) {
		bufs[r] = SAFE_MMAP(NULL, PAGES * page, PROT_READ | PROT_WRITE,
				    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		for (i = 0; i < PAGES; i++) {
			fill(bufs[r] + i * page, r * PAGES + i);
			before[r][i] = pfn_of(bufs[r] + i * page);
		}
		for (i = 0; i < PAGES; i++) {
			offlined[r][i] = 0;
			if (!madvise(bufs[r] + i * page, page,
				     MADV_SOFT_OFFLINE)) {
				offlined[r][i] = 1;
				done++;
			} else if (errno == EBUSY) {
				busy++;
			} else {
				tst_res(TFAIL | TERRNO, "madvise(page %u of "
					"round %u, MADV_SOFT_OFFLINE)", i, r);
			}
		}
	}

	for (i = 0; i < ALLOCATORS; i++) {
		SAFE_KILL(kids[i], SIGKILL);
		reap_child_killed(kids[i], SIGKILL);
	}

	signal(SIGBUS, on_sigbus);
	for (r = 0; r < ROUNDS; r++) {
		for (i = 0; i < PAGES; i++) {
			if (!data_kept(bufs[r] + i * page, r, i))
				bad_data++;
			if (offlined[r][i] &&
			    pfn_of(bufs[r] + i * page) == before[r][i]) {
				tst_res(TFAIL, "page %u of round %u still in "
					"frame 0x%llx after soft offline", i, r,
					(unsigned long long)before[r][i]);
				bad_pfn++;
			}
		}
		SAFE_MUNMAP(bufs[r], PAGES * page);
	}
	signal(SIGBUS, SIG_DFL);
	hc1 = tst_read_meminfo("HardwareCorrupted:");

	tst_res(TINFO, "%u pages soft-offlined, %u EBUSY", done, busy);
	if (!done)
		tst_brk(TBROK, "no page could be soft-offlined (all EBUSY)");
	TST_EXP_EXPR(!bad_data, "all %u pages kept their content",
		     ROUNDS * PAGES);
	TST_EXP_EXPR(!bad_pfn, "the %u offlined pages moved to new frames",
		     done);
	TST_EXP_EXPR(hc1 - hc0 == (long)(done * (page / 1024)),
		     "HardwareCorrupted grew by %ld kB (%u pages offlined)",
		     hc1 - hc0, done);
}

static void setup(void)
{
	page = getpagesize();
	pagemap = SAFE_OPEN("/proc/self/pagemap", O_RDONLY);
	if (madvise(NULL, 0, MADV_SOFT_OFFLINE) && errno == EINVAL)
		tst_brk(TCONF, "madvise() does not know MADV_SOFT_OFFLINE");
}

static void cleanup(void)
{
	if (pagemap >= 0)
		SAFE_CLOSE(pagemap);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.forks_child = 1,
	.exclusive = 1,
	.taint_check = TST_TAINT_B | TST_TAINT_D | TST_TAINT_W,
	.needs_kconfigs = (const char *[]) {
		"CONFIG_MEMORY_FAILURE=y",
		NULL
	},
	.tags = (const struct tst_tag[]) {
		/* mm: soft-offline: close the race against page allocation */
		{"linux-git", "d4ae9916ea29"},
		{}
	},
};
