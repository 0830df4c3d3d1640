// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Huge pages of a 1 GiB SHM_HUGETLB segment attached on a 1 GiB boundary,
 * where x86-64 shares the page table page that maps them (PMD sharing:
 * the attach covers a whole PUD-aligned range, so a second process
 * faulting it in links the first one's PMD page instead of building its
 * own). Pool of 512 pages of 2 MiB, no overcommit. Twice:
 *  - the segment reserves 512 pages; the parent writes a word into each
 *    page (all 512 taken);
 *  - a child reads every page through its own attach (sharing the PMD
 *    page) and writes a new word into each; in the second round it first
 *    cuts its attach with mprotect() of the last huge page, off the PUD
 *    boundary (the split must unshare the PMD page), and reads every page
 *    again after that;
 *  - after the child has exited, the parent reads the child's words;
 *  - after shmdt() and IPC_RMID every page is back in the pool: Free and
 *    Rsvd at their start values. c5c99429fa57 fixed huge pages leaking
 *    here, kept by a shared page table when the process exited.
 */
#include <sys/mman.h>
#include <sys/shm.h>
#include "tst_test.h"
#include "lapi/shm.h"
#include "vm_helpers.h"
#include "hugetlb_pool.h"

#define SEG_SIZE	(1UL << 30)
#define NPAGES		512

static unsigned long word(long i, int round, int child)
{
	return 0x5a5a000000000000UL ^ (unsigned long)i << 8 ^ round << 4 ^
	       child;
}

static long first_bad(char *a, int round, int child)
{
	long i;

	for (i = 0; i < NPAGES; i++) {
		if (*(volatile unsigned long *)(a + i * hp) !=
		    word(i, round, child))
			return i;
	}
	return -1;
}

static void child_run(char *a, int round)
{
	long i, bad;

	bad = first_bad(a, round, 0);
	TST_EXP_EXPR(bad < 0, "child reads the parent's 512 words (first bad "
		     "page %ld)", bad);
	if (round) {
		TST_EXP_PASS(mprotect(a + SEG_SIZE - hp, hp, PROT_READ),
			     "child: mprotect() of the last huge page splits "
			     "its attach off the PUD boundary");
		bad = first_bad(a, round, 0);
		TST_EXP_EXPR(bad < 0, "child reads the 512 words again after "
			     "the split (first bad page %ld)", bad);
	}
	for (i = 0; i < NPAGES - round; i++)
		*(volatile unsigned long *)(a + i * hp) = word(i, round, 1);
	_exit(0);
}

static void one_round(int round)
{
	char *a, *at;
	long i, bad;
	pid_t pid;
	int id;

	id = shmget(IPC_PRIVATE, SEG_SIZE, IPC_CREAT | 0600 | SHM_HUGETLB);
	if (id < 0)
		tst_brk(TBROK | TERRNO, "shmget(SHM_HUGETLB) of 1 GiB");
	htl_expect("1 GiB segment: 512 pages reserved", 0, NPAGES);
	a = htl_free_aligned(SEG_SIZE, SEG_SIZE);
	at = shmat(id, a, 0);
	if (at == (void *)-1)
		tst_brk(TBROK | TERRNO, "shmat() at %p", a);
	if (at != a)
		tst_brk(TBROK, "shmat() at %p attached at %p", a, at);
	for (i = 0; i < NPAGES; i++)
		*(volatile unsigned long *)(a + i * hp) = word(i, round, 0);
	htl_expect("parent wrote every page", NPAGES, 0);

	pid = SAFE_FORK();
	if (!pid)
		child_run(a, round);
	wait_child(pid);
	for (i = 0; i < NPAGES - round; i++)
		if (*(volatile unsigned long *)(a + i * hp) != word(i, round, 1))
			break;
	bad = i < NPAGES - round ? i : -1;
	if (bad < 0 && round && *(volatile unsigned long *)(a + SEG_SIZE - hp)
	    != word(NPAGES - 1, round, 0))
		bad = NPAGES - 1;
	TST_EXP_EXPR(bad < 0, "parent reads the child's words (first bad page "
		     "%ld)", bad);
	htl_expect("child gone", NPAGES, 0);
	if (shmdt(a))
		tst_brk(TBROK | TERRNO, "shmdt()");
	htl_expect("detached: the pages stay with the segment", NPAGES, 0);
	if (shmctl(id, IPC_RMID, NULL))
		tst_brk(TBROK | TERRNO, "shmctl(IPC_RMID)");
	htl_expect(round ? "removed (child had split its attach): no page "
		   "leaked" : "removed: no page leaked", 0, 0);
}

static void run(void)
{
	one_round(0);
	one_round(1);
}

static void setup(void)
{
	htl_setup(NPAGES, 0);
	if (hp != 2L << 20)
		tst_brk(TCONF, "default huge page of %ld kB, the test is "
			"sized for 2048 kB", hp / 1024);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.forks_child = 1,
	.timeout = 120,
	.hugepages = {NPAGES, TST_NEEDS},
	.save_restore = (const struct tst_path_val[]) {
		HTL_NO_OVERCOMMIT,
		{ "/proc/sys/kernel/shmmax", "1073741824", TST_SR_TCONF_MISSING },
		{}
	},
	.taint_check = TST_TAINT_W | TST_TAINT_D,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_HUGETLBFS", NULL
	},
	.tags = (const struct tst_tag[]) {
		{"linux-git", "c5c99429fa57"},
		{}
	},
};
