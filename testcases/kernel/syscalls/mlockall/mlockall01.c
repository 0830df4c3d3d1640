// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mlockall() locks what its flags say, each case in a fresh child:
 *
 * - MCL_CURRENT: an untouched mapping made before the call is locked and
 *   resident; a mapping made after it is neither;
 * - MCL_FUTURE: a mapping made after the call is locked (VmLck grows by
 *   its length) and resident before any access;
 * - MCL_FUTURE | MCL_ONFAULT (4.4): a later mapping is locked but only the
 *   pages touched become resident;
 * - MCL_CURRENT | MCL_ONFAULT: existing untouched pages stay non-resident.
 */
#include "vm_helpers.h"
#include "lapi/mman.h"

static size_t pg;
static long kb_per_page;

static void setup(void)
{
	pg = vm_page_size();
	kb_per_page = pg / 1024;
}

static void *map_pages(size_t n)
{
	return SAFE_MMAP(NULL, n * pg, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
}

static void test_current(void)
{
	void *before = map_pages(8), *after;
	long locked;

	TST_EXP_PASS(mlockall(MCL_CURRENT), "mlockall(MCL_CURRENT)");
	locked = status_kb("VmLck");
	TST_EXP_EXPR(resident_pages(before, 8 * pg) == 8 &&
		     locked >= 8 * kb_per_page,
		     "a mapping made before is resident (%zu of 8 pages) and "
		     "locked (VmLck %ld kB)", resident_pages(before, 8 * pg),
		     locked);
	after = map_pages(8);
	TST_EXP_EXPR(resident_pages(after, 8 * pg) == 0 &&
		     status_kb("VmLck") == locked,
		     "a mapping made after is neither resident nor locked");
}

static void test_future(int onfault)
{
	long locked;
	unsigned char *p;
	size_t res;

	if (onfault) {
		TST_EXP_PASS(mlockall(MCL_FUTURE | MCL_ONFAULT),
			     "mlockall(MCL_FUTURE | MCL_ONFAULT)");
	} else {
		TST_EXP_PASS(mlockall(MCL_FUTURE), "mlockall(MCL_FUTURE)");
	}
	if (!TST_PASS)
		return;
	locked = status_kb("VmLck");
	p = map_pages(8);
	res = resident_pages(p, 8 * pg);
	TST_EXP_EXPR(status_kb("VmLck") - locked == 8 * kb_per_page &&
		     res == (onfault ? 0u : 8u),
		     "a new 8-page mapping is locked (VmLck +%ld kB) with %zu "
		     "pages resident before any access",
		     status_kb("VmLck") - locked, res);
	if (onfault) {
		p[0] = 1;
		p[5 * pg] = 1;
		TST_EXP_EXPR(resident_pages(p, 8 * pg) == 2,
			     "after touching 2 pages, %zu are resident",
			     resident_pages(p, 8 * pg));
	}
}

static void test_current_onfault(void)
{
	unsigned char *p = map_pages(8);
	size_t res;

	p[pg] = 1;
	TST_EXP_PASS(mlockall(MCL_CURRENT | MCL_ONFAULT),
		     "mlockall(MCL_CURRENT | MCL_ONFAULT)");
	res = resident_pages(p, 8 * pg);
	TST_EXP_EXPR(res == 1 && status_kb("VmLck") >= 8 * kb_per_page,
		     "the mapping is locked and keeps its 1 touched page as "
		     "the only resident one (%zu)", res);
}

static void run(unsigned int n)
{
	pid_t pid = SAFE_FORK();

	if (pid) {
		wait_child(pid);
		return;
	}
	switch (n) {
	case 0:
		test_current();
		break;
	case 1:
		test_future(0);
		break;
	case 2:
		test_future(1);
		break;
	case 3:
		test_current_onfault();
		break;
	}
	_exit(0);
}

static struct tst_test test = {
	.tcnt = 4,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.forks_child = 1,
};
