// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Huge page overcommit through SHM_HUGETLB shared memory.
 *
 * With nr_hugepages 2 and nr_overcommit_hugepages 4 (see
 * hugetlb_overcommit.h for the rules), asserts the exact HugePages_Total,
 * Free, Rsvd and Surp values in /proc/meminfo and sysfs:
 *  0. shmget() of 2 + 4/2 pages reserves them all (2 surplus), shmat()
 *     changes nothing, each first touch takes one reserved page, every
 *     page holds what was written, shmdt() keeps the segment's pages,
 *     IPC_RMID returns to the baseline;
 *  1. shmget() of 2 + 4 pages (the limit) succeeds; removed untouched, the
 *     unused reservation and its surplus pages are given back;
 *  2. shmget() of 2 + 4 + 1 pages fails with ENOMEM, counters unchanged.
 *
 * No single upstream fix: this guards the reservation and surplus
 * accounting of mm/hugetlb.c and ipc/shm.c as documented.
 */
#include <sys/ipc.h>
#include <sys/shm.h>
#include "hugetlb_overcommit.h"
#include "lapi/shm.h"

static int shmid = -1;
static char *addr;

static void setup(void)
{
	long shmmax, need;

	hp_setup();
	need = (HP_POOL + HP_OVERCOMMIT + 1) * hp_size;
	if (tst_file_read_long("/proc/sys/kernel/shmmax", &shmmax) &&
	    shmmax < need)
		tst_brk(TCONF, "kernel.shmmax %ld is below the %ld bytes the "
			"test needs", shmmax, need);
}

static void cleanup(void)
{
	if (addr)
		shmdt(addr);
	if (shmid >= 0)
		shmctl(shmid, IPC_RMID, NULL);
}

static void remove_segment(void)
{
	if (addr) {
		if (shmdt(addr))
			tst_brk(TBROK | TERRNO, "shmdt()");
		addr = NULL;
	}
	if (shmctl(shmid, IPC_RMID, NULL))
		tst_brk(TBROK | TERRNO, "shmctl(IPC_RMID)");
	shmid = -1;
}

/* shmget() npages; 0 (and a TFAIL) if the kernel refused. */
static int get_segment(long npages)
{
	shmid = shmget(IPC_PRIVATE, npages * hp_size,
		       SHM_HUGETLB | IPC_CREAT | 0600);
	if (shmid < 0) {
		tst_res(TFAIL | TERRNO, "shmget(SHM_HUGETLB) of %ld huge "
			"pages", npages);
		return 0;
	}
	tst_res(TPASS, "shmget(SHM_HUGETLB) of %ld huge pages (pool %d, "
		"overcommit %d)", npages, HP_POOL, HP_OVERCOMMIT);
	return 1;
}

static void overcommit_half(void)
{
	long npages = HP_POOL + HP_OVERCOMMIT / 2, surp = npages - HP_POOL;
	void *p;

	hp_expect_baseline("before shmget()");
	if (!get_segment(npages))
		return;
	hp_expect("after shmget()", npages, npages, npages, surp);
	p = shmat(shmid, NULL, 0);
	if (p == (void *)-1)
		tst_brk(TBROK | TERRNO, "shmat()");
	addr = p;
	hp_expect("after shmat()", npages, npages, npages, surp);
	hp_touch_and_verify(addr, npages);
	if (shmdt(addr))
		tst_brk(TBROK | TERRNO, "shmdt()");
	addr = NULL;
	hp_expect("after shmdt(), the segment keeps its pages", npages, 0, 0,
		  surp);
	remove_segment();
	hp_expect_baseline("after IPC_RMID");
}

static void overcommit_limit_untouched(void)
{
	long npages = HP_POOL + HP_OVERCOMMIT;

	if (!get_segment(npages))
		return;
	hp_expect("after shmget() at the limit", npages, npages, npages,
		  HP_OVERCOMMIT);
	remove_segment();
	hp_expect_baseline("after IPC_RMID of the untouched segment");
}

static void overcommit_too_much(void)
{
	long npages = HP_POOL + HP_OVERCOMMIT + 1;

	TST_EXP_FAIL(shmid = shmget(IPC_PRIVATE, npages * hp_size,
				    SHM_HUGETLB | IPC_CREAT | 0600),
		     ENOMEM, "shmget(SHM_HUGETLB) of %ld huge pages, beyond "
		     "pool + overcommit", npages);
	if (shmid >= 0)
		remove_segment();
	hp_expect_baseline("after the failed shmget()");
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		overcommit_half();
		break;
	case 1:
		overcommit_limit_untouched();
		break;
	case 2:
		overcommit_too_much();
		break;
	}
}

static struct tst_test test = {
	.tcnt = 3,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	HP_TEST_FIELDS,
};
