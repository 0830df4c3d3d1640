// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * munmap() fails with EINVAL, and unmaps nothing, when the address is not
 * page aligned, the length is 0, or the range reaches past the top of the
 * user address space.
 */
#include "vm_helpers.h"

static size_t pg;
static unsigned char *map;

static void setup(void)
{
	pg = vm_page_size();
	map = SAFE_MMAP(NULL, 2 * pg, PROT_READ | PROT_WRITE,
			MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	memset(map, 0x6b, 2 * pg);
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		TST_EXP_FAIL(munmap(map + 1, pg), EINVAL,
			     "munmap() at an address that is not page aligned");
		break;
	case 1:
		TST_EXP_FAIL(munmap(map, 0), EINVAL, "munmap() of length 0");
		break;
	case 2:
		TST_EXP_FAIL(munmap(map, -2 * pg), EINVAL,
			     "munmap() of a range past the top of the address "
			     "space");
		break;
	case 3:
		TST_EXP_FAIL(munmap((void *)(-pg), pg), EINVAL,
			     "munmap() of the last page of the address range");
		break;
	case 4:
		expect_access(map, VM_READ_ACCESS, 0, 0,
			      "page 0 after the failed munmap() calls");
		expect_access(map + pg, VM_READ_ACCESS, 0, 0,
			      "page 1 after the failed munmap() calls");
		break;
	}
}

static void cleanup(void)
{
	if (map)
		SAFE_MUNMAP(map, 2 * pg);
}

static struct tst_test test = {
	.tcnt = 5,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.forks_child = 1,
};
