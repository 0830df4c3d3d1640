// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * munlockall() undoes mlockall(MCL_CURRENT | MCL_FUTURE): afterwards
 * VmLck is 0, the pages that were locked keep their data, and a new
 * mapping is no longer locked or faulted in. It also succeeds, as a
 * no-op, in a process that has nothing locked, even unprivileged with
 * RLIMIT_MEMLOCK 0.
 */
#include "vm_helpers.h"

static size_t pg;

static void setup(void)
{
	pg = vm_page_size();
}

static void test_undo(void)
{
	unsigned char *p = SAFE_MMAP(NULL, 4 * pg, PROT_READ | PROT_WRITE,
				     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	void *q;

	memset(p, 0x61, 4 * pg);
	if (mlockall(MCL_CURRENT | MCL_FUTURE))
		tst_brk(TBROK | TERRNO, "mlockall(MCL_CURRENT | MCL_FUTURE)");
	if (status_kb("VmLck") < (long)(4 * pg / 1024))
		tst_brk(TBROK, "mlockall() locked only %ld kB",
			status_kb("VmLck"));

	TST_EXP_PASS(munlockall(), "munlockall()");
	TST_EXP_EXPR(status_kb("VmLck") == 0 && p[0] == 0x61 &&
		     p[4 * pg - 1] == 0x61,
		     "VmLck is 0 (%ld kB) and the data stays",
		     status_kb("VmLck"));
	q = SAFE_MMAP(NULL, 4 * pg, PROT_READ | PROT_WRITE,
		      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	TST_EXP_EXPR(status_kb("VmLck") == 0 && resident_pages(q, 4 * pg) == 0,
		     "a new mapping is neither locked nor resident "
		     "(MCL_FUTURE is cleared)");
}

static void test_nothing_locked(void)
{
	become_unprivileged();
	set_memlock(0);
	TST_EXP_PASS(munlockall(), "unprivileged munlockall() with nothing "
		     "locked, RLIMIT_MEMLOCK 0");
}

static void run(unsigned int n)
{
	pid_t pid = SAFE_FORK();

	if (pid) {
		wait_child(pid);
		return;
	}
	if (n == 0)
		test_undo();
	else
		test_nothing_locked();
	_exit(0);
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.forks_child = 1,
};
