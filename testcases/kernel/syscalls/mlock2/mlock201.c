// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mlock2() (4.4):
 *
 * - MLOCK_ONFAULT locks the range (VmLck grows by its length) without
 *   faulting it in: no page is resident until touched, a touched page is
 *   resident and counted as locked in smaps;
 * - flags 0 behaves as mlock(): the range is locked and resident at once;
 * - munlock() releases an MLOCK_ONFAULT lock completely.
 */
#include "vm_helpers.h"
#include "lapi/mman.h"

static size_t pg;
static long kb_per_page;

static long sys_mlock2(void *addr, size_t len, int flags)
{
	return tst_syscall(__NR_mlock2, addr, len, flags);
}

static void setup(void)
{
	pg = vm_page_size();
	kb_per_page = pg / 1024;
}

static void test_onfault(void)
{
	unsigned char *p = SAFE_MMAP(NULL, 8 * pg, PROT_READ | PROT_WRITE,
				     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	long before = status_kb("VmLck"), locked_kb;
	size_t res;

	TST_EXP_PASS(sys_mlock2(p, 8 * pg, MLOCK_ONFAULT),
		     "mlock2(8 pages, MLOCK_ONFAULT)");
	res = resident_pages(p, 8 * pg);
	TST_EXP_EXPR(status_kb("VmLck") - before == 8 * kb_per_page &&
		     res == 0, "VmLck +%ld kB (want +%ld), %zu pages resident "
		     "(want 0)", status_kb("VmLck") - before,
		     8 * kb_per_page, res);

	p[2 * pg] = 1;
	p[7 * pg] = 1;
	res = resident_pages(p, 8 * pg);
	locked_kb = smaps_kb(p, "Locked");
	TST_EXP_EXPR(res == 2 && locked_kb == 2 * kb_per_page,
		     "after touching 2 pages: %zu resident, smaps Locked %ld "
		     "kB (want %ld)", res, locked_kb, 2 * kb_per_page);

	TST_EXP_PASS(munlock(p, 8 * pg), "munlock() of the range");
	TST_EXP_EXPR(status_kb("VmLck") == before && !smaps_kb(p, "Locked"),
		     "nothing of it is locked any more (VmLck %ld kB)",
		     status_kb("VmLck"));
	SAFE_MUNMAP(p, 8 * pg);
}

static void test_no_flags(void)
{
	void *p = SAFE_MMAP(NULL, 4 * pg, PROT_READ | PROT_WRITE,
			    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	long before = status_kb("VmLck");

	TST_EXP_PASS(sys_mlock2(p, 4 * pg, 0), "mlock2(4 pages, 0)");
	TST_EXP_EXPR(status_kb("VmLck") - before == 4 * kb_per_page &&
		     resident_pages(p, 4 * pg) == 4,
		     "the 4 pages are locked and resident at once");
	SAFE_MUNMAP(p, 4 * pg);
}

static void run(unsigned int n)
{
	if (n == 0)
		test_onfault();
	else
		test_no_flags();
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
};
