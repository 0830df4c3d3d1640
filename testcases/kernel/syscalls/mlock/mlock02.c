// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mlock() error returns:
 *
 *   ENOMEM  a range with nothing mapped; a range with an unmapped hole;
 *           unprivileged, more than RLIMIT_MEMLOCK
 *   EINVAL  a range that wraps around the end of the address space
 *   EPERM   unprivileged with RLIMIT_MEMLOCK 0
 *
 * and that an unprivileged user may lock up to the limit, where pages it
 * already locked are not counted again.
 */
#include "vm_helpers.h"

static size_t pg;

static void setup(void)
{
	pg = vm_page_size();
}

static void test_ranges(void)
{
	void *unmapped = free_range(2 * pg);
	unsigned char *holed = SAFE_MMAP(NULL, 3 * pg, PROT_READ,
					 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	SAFE_MUNMAP(holed + pg, pg);
	TST_EXP_FAIL(mlock(unmapped, 2 * pg), ENOMEM,
		     "mlock() of a range with nothing mapped");
	TST_EXP_FAIL(mlock(holed, 3 * pg), ENOMEM,
		     "mlock() of a range with an unmapped hole");
	TST_EXP_FAIL(mlock(holed, -2 * pg), EINVAL,
		     "mlock() of a range that wraps around");
	SAFE_MUNMAP(holed, 3 * pg);
}

static void test_unprivileged(void)
{
	pid_t pid = SAFE_FORK();
	unsigned char *p;

	if (pid) {
		wait_child(pid);
		return;
	}
	p = SAFE_MMAP(NULL, 8 * pg, PROT_READ | PROT_WRITE,
		      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	become_unprivileged();

	set_memlock(0);
	TST_EXP_FAIL(mlock(p, pg), EPERM,
		     "unprivileged mlock() with RLIMIT_MEMLOCK 0");

	set_memlock(4 * pg);
	TST_EXP_FAIL(mlock(p, 8 * pg), ENOMEM,
		     "unprivileged mlock() of 8 pages, RLIMIT_MEMLOCK 4");
	TST_EXP_PASS(mlock(p, 3 * pg),
		     "unprivileged mlock() of 3 pages, RLIMIT_MEMLOCK 4");
	TST_EXP_PASS(mlock(p, 4 * pg), "unprivileged mlock() of those 3 and "
		     "one more page: the 3 are not counted twice");
	TST_EXP_FAIL(mlock(p + 4 * pg, pg), ENOMEM,
		     "unprivileged mlock() of a 5th page, RLIMIT_MEMLOCK 4");
	_exit(0);
}

static void run(unsigned int n)
{
	if (n == 0)
		test_ranges();
	else
		test_unprivileged();
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.forks_child = 1,
};
