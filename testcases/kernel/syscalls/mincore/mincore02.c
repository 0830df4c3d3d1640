// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mincore() error returns:
 *
 *   EINVAL  addr not page aligned
 *   ENOMEM  a range with nothing mapped; a range with an unmapped hole;
 *           a range past the top of the user address space
 *   EFAULT  vec in kernel space; vec in an unmapped user page
 */
#include "vm_helpers.h"

static size_t pg;
static unsigned char *map, *holed, *bad_vec;
static void *unmapped;

static void setup(void)
{
	pg = vm_page_size();
	map = SAFE_MMAP(NULL, 2 * pg, PROT_READ | PROT_WRITE,
			MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	holed = SAFE_MMAP(NULL, 3 * pg, PROT_READ,
			  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	SAFE_MUNMAP(holed + pg, pg);
	unmapped = free_range(2 * pg);
	bad_vec = free_range(pg);
}

static void run(unsigned int n)
{
	unsigned char vec[4];

	switch (n) {
	case 0:
		TST_EXP_FAIL(mincore(map + 1, pg, vec), EINVAL,
			     "mincore() at an address that is not page "
			     "aligned");
		break;
	case 1:
		TST_EXP_FAIL(mincore(unmapped, 2 * pg, vec), ENOMEM,
			     "mincore() of a range with nothing mapped");
		break;
	case 2:
		TST_EXP_FAIL(mincore(holed, 3 * pg, vec), ENOMEM,
			     "mincore() of a range with an unmapped hole");
		break;
	case 3:
		TST_EXP_FAIL(mincore(map, -2 * pg, vec), ENOMEM,
			     "mincore() of a range past the top of the address "
			     "space");
		break;
	case 4:
		TST_EXP_FAIL(mincore(map, 2 * pg, (void *)-4096L), EFAULT,
			     "mincore() with vec in kernel space");
		break;
	case 5:
		TST_EXP_FAIL(mincore(map, 2 * pg, bad_vec), EFAULT,
			     "mincore() with vec in an unmapped page");
		break;
	}
}

static struct tst_test test = {
	.tcnt = 6,
	.test = run,
	.setup = setup,
};
