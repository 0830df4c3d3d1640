// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mmap() against resource limits and privilege:
 *
 * - MAP_LOCKED as an unprivileged user with RLIMIT_MEMLOCK 0 fails with
 *   EPERM, and with a limit below the length with EAGAIN; a length within
 *   the limit maps, locked (VmLck grows by it).
 * - As root (CAP_IPC_LOCK) MAP_LOCKED ignores RLIMIT_MEMLOCK 0: the
 *   mapping is locked and resident at once.
 * - A mapping that would take the address space past RLIMIT_AS fails with
 *   ENOMEM, one that fits succeeds.
 */
#include "vm_helpers.h"

static size_t pg;

static void setup(void)
{
	pg = vm_page_size();
}

static void test_unprivileged_locked(void)
{
	pid_t pid = SAFE_FORK();
	long before;
	void *p;

	if (pid) {
		wait_child(pid);
		return;
	}

	become_unprivileged();
	set_memlock(0);
	TST_EXP_FAIL((long)mmap(NULL, pg, PROT_READ | PROT_WRITE,
				MAP_PRIVATE | MAP_ANONYMOUS | MAP_LOCKED,
				-1, 0), EPERM,
		     "unprivileged MAP_LOCKED with RLIMIT_MEMLOCK 0");

	set_memlock(4 * pg);
	TST_EXP_FAIL((long)mmap(NULL, 8 * pg, PROT_READ | PROT_WRITE,
				MAP_PRIVATE | MAP_ANONYMOUS | MAP_LOCKED,
				-1, 0), EAGAIN,
		     "unprivileged MAP_LOCKED of 8 pages, RLIMIT_MEMLOCK 4");

	before = status_kb("VmLck");
	p = mmap(NULL, 4 * pg, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS | MAP_LOCKED, -1, 0);
	if (p == MAP_FAILED) {
		tst_res(TFAIL | TERRNO, "unprivileged MAP_LOCKED of 4 pages, "
			"RLIMIT_MEMLOCK 4 pages");
		_exit(0);
	}
	TST_EXP_EXPR(status_kb("VmLck") - before == (long)(4 * pg / 1024),
		     "unprivileged MAP_LOCKED within the limit locks it: VmLck "
		     "%ld kB -> %ld kB", before, status_kb("VmLck"));
	_exit(0);
}

static void test_root_locked(void)
{
	pid_t pid = SAFE_FORK();
	struct rlimit rl = { 0, 0 };
	long before;
	void *p;

	if (pid) {
		wait_child(pid);
		return;
	}

	if (setrlimit(RLIMIT_MEMLOCK, &rl))
		tst_brk(TBROK | TERRNO, "setrlimit(RLIMIT_MEMLOCK, 0)");
	before = status_kb("VmLck");
	p = mmap(NULL, 8 * pg, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS | MAP_LOCKED, -1, 0);
	if (p == MAP_FAILED) {
		tst_res(TFAIL | TERRNO,
			"root MAP_LOCKED with RLIMIT_MEMLOCK 0");
		_exit(0);
	}
	TST_EXP_EXPR(status_kb("VmLck") - before == (long)(8 * pg / 1024) &&
		     resident_pages(p, 8 * pg) == 8,
		     "root MAP_LOCKED with RLIMIT_MEMLOCK 0: 8 pages locked "
		     "(VmLck %ld kB -> %ld kB) and %zu resident", before,
		     status_kb("VmLck"), resident_pages(p, 8 * pg));
	_exit(0);
}

static void test_address_space_limit(void)
{
	pid_t pid = SAFE_FORK();
	struct rlimit rl;
	void *p;

	if (pid) {
		wait_child(pid);
		return;
	}

	/* Room for 256 more pages and not for 1024. */
	rl.rlim_cur = rl.rlim_max = status_kb("VmSize") * 1024 + 256 * pg;
	if (setrlimit(RLIMIT_AS, &rl))
		tst_brk(TBROK | TERRNO, "setrlimit(RLIMIT_AS)");
	TST_EXP_FAIL((long)mmap(NULL, 1024 * pg, PROT_READ,
				MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), ENOMEM,
		     "mapping 1024 pages with room for 256 under RLIMIT_AS");
	p = mmap(NULL, 16 * pg, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	TST_EXP_EXPR(p != MAP_FAILED, "mapping 16 pages with room for 256 "
		     "under RLIMIT_AS works");
	_exit(0);
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		test_unprivileged_locked();
		break;
	case 1:
		test_root_locked();
		break;
	case 2:
		test_address_space_limit();
		break;
	}
}

static struct tst_test test = {
	.tcnt = 3,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.forks_child = 1,
};
