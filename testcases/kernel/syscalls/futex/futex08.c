// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Futexes in a shared huge page get keys of their own (two 2 MiB huge
 * pages reserved, restored after): in a MAP_SHARED | MAP_HUGETLB
 * mapping, word A at offset 0 and word B at offset 12 KiB (the same
 * offset within their 4 KiB subpages) and word C in the second huge
 * page, each with a process asleep in FUTEX_WAIT:
 * - FUTEX_WAKE on B wakes exactly the waiter of B (returns 1, that child
 *   is the one that ends), not the one of A;
 * - FUTEX_WAKE on C wakes the waiter of C; then FUTEX_WAKE on A the last.
 * Keys were made from the huge page's head page before 13d60f4b6ab5,
 * so A and B shared a wait list and the wrong waiter woke.
 */
#include <sys/mman.h>
#include "futex_helpers.h"

#define HP (2L << 20)

static uint32_t *area;

static void run(void)
{
	uint32_t *a = area, *b = area + 3 * 1024, *c = area + HP / 4;
	pid_t pa, pb, pc;

	*a = *b = *c = 0;
	pa = futex_waiter(a, FUTEX_WAIT, NULL, 0, 0);
	pb = futex_waiter(b, FUTEX_WAIT, NULL, 0, 0);
	pc = futex_waiter(c, FUTEX_WAIT, NULL, 0, 0);

	TST_EXP_VAL(sys_futex(b, FUTEX_WAKE, 1, NULL, NULL, 0), 1,
		    "FUTEX_WAKE on B (offset 12 KiB)");
	TST_EXP_VAL(reap_next(), pb, "the waiter that ended is B's");
	TST_EXP_VAL(sys_futex(c, FUTEX_WAKE, 1, NULL, NULL, 0), 1,
		    "FUTEX_WAKE on C (second huge page)");
	TST_EXP_VAL(reap_next(), pc, "then C's");
	TST_EXP_VAL(sys_futex(a, FUTEX_WAKE, 1, NULL, NULL, 0), 1,
		    "FUTEX_WAKE on A");
	reap_child(pa);
}

static void setup(void)
{
	area = mmap(NULL, 2 * HP, PROT_READ | PROT_WRITE,
		    MAP_SHARED | MAP_ANONYMOUS | MAP_HUGETLB, -1, 0);
	if (area == MAP_FAILED)
		tst_brk(TCONF | TERRNO, "no shared 2 MiB huge page mapping");
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.forks_child = 1,
	.needs_checkpoints = 1,
	.hugepages = { 2, TST_NEEDS },
	.tags = (const struct tst_tag[]) {
		/* futex: Take hugepages into account when generating
		 * futex_key */
		{"linux-git", "13d60f4b6ab5"},
		{}
	},
};
