// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * munlock() unlocks exactly the pages of the range:
 *
 * - VmLck shrinks by exactly the unlocked length; the data and the
 *   residency of the pages stay;
 * - unlocking a range that is not locked succeeds and changes nothing;
 * - an unprivileged user with RLIMIT_MEMLOCK 0 may unlock (munlock() needs
 *   no privilege);
 * - ENOMEM for a range with nothing mapped, EINVAL for a range that wraps
 *   around the end of the address space.
 */
#include "vm_helpers.h"

static size_t pg;
static long kb_per_page;

static void setup(void)
{
	pg = vm_page_size();
	kb_per_page = pg / 1024;
}

static void test_partial(void)
{
	unsigned char *p = SAFE_MMAP(NULL, 6 * pg, PROT_READ | PROT_WRITE,
				     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	long locked;

	memset(p, 0x4d, 6 * pg);
	SAFE_MUNMAP(p + 5 * pg, pg);
	if (mlock(p, 5 * pg))
		tst_brk(TBROK | TERRNO, "mlock() of 5 pages");
	locked = status_kb("VmLck");

	TST_EXP_PASS(munlock(p + pg, 2 * pg), "munlock() of pages 1-2 of 5");
	TST_EXP_EXPR(locked - status_kb("VmLck") == 2 * kb_per_page,
		     "VmLck shrank by 2 pages (%ld -> %ld kB)", locked,
		     status_kb("VmLck"));
	TST_EXP_EXPR(resident_pages(p, 5 * pg) == 5 && p[pg] == 0x4d &&
		     p[3 * pg - 1] == 0x4d,
		     "the unlocked pages stay resident with their data");

	locked = status_kb("VmLck");
	TST_EXP_PASS(munlock(p + pg, 2 * pg), "munlock() of the same range "
		     "again");
	TST_EXP_EXPR(status_kb("VmLck") == locked, "unlocking unlocked pages "
		     "changes nothing (VmLck %ld kB)", status_kb("VmLck"));

	TST_EXP_FAIL(munlock(p + 5 * pg, pg), ENOMEM,
		     "munlock() of a range with nothing mapped");
	TST_EXP_FAIL(munlock(p, -2 * pg), EINVAL,
		     "munlock() of a range that wraps around");
	SAFE_MUNMAP(p, 5 * pg);
}

static void test_unprivileged(void)
{
	pid_t pid;
	void *p;

	if (geteuid()) {
		tst_res(TCONF, "locking for the unprivileged case needs root");
		return;
	}
	pid = SAFE_FORK();
	if (pid) {
		wait_child(pid);
		return;
	}
	p = SAFE_MMAP(NULL, 2 * pg, PROT_READ | PROT_WRITE,
		      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (mlock(p, 2 * pg))
		tst_brk(TBROK | TERRNO, "mlock() as root");
	become_unprivileged();
	set_memlock(0);
	TST_EXP_PASS(munlock(p, 2 * pg),
		     "unprivileged munlock() with RLIMIT_MEMLOCK 0");
	TST_EXP_EXPR(status_kb("VmLck") == 0, "nothing is locked after it "
		     "(VmLck %ld kB)", status_kb("VmLck"));
	_exit(0);
}

static void run(unsigned int n)
{
	if (n == 0)
		test_partial();
	else
		test_unprivileged();
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.forks_child = 1,
};
