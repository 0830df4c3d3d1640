// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * msync() error returns:
 *
 *   EINVAL  MS_SYNC and MS_ASYNC together; an unknown flag; addr not page
 *           aligned
 *   ENOMEM  a range with nothing mapped; a range with an unmapped hole; a
 *           range that wraps around the end of the address space
 *   EBUSY   MS_INVALIDATE on an mlock()ed range
 */
#include "vm_helpers.h"

#define FILE_NAME "msync02_file"

static size_t pg;
static unsigned char *map, *holed, *locked;
static void *unmapped;
static int fd = -1;

static void setup(void)
{
	pg = vm_page_size();
	fd = SAFE_OPEN(FILE_NAME, O_RDWR | O_CREAT | O_TRUNC, 0600);
	SAFE_FTRUNCATE(fd, 3 * pg);
	map = SAFE_MMAP(NULL, 2 * pg, PROT_READ | PROT_WRITE, MAP_SHARED,
			fd, 0);
	locked = SAFE_MMAP(NULL, pg, PROT_READ | PROT_WRITE, MAP_SHARED,
			   fd, 0);
	if (mlock(locked, pg))
		tst_brk(TBROK | TERRNO, "mlock()");
	unmapped = free_range(2 * pg);
	/* Last, so that no later mapping fills the hole. */
	holed = SAFE_MMAP(NULL, 3 * pg, PROT_READ | PROT_WRITE, MAP_SHARED,
			  fd, 0);
	SAFE_MUNMAP(holed + pg, pg);
}

static void cleanup(void)
{
	if (fd >= 0)
		SAFE_CLOSE(fd);
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		TST_EXP_FAIL(msync(map, pg, MS_SYNC | MS_ASYNC), EINVAL,
			     "msync(MS_SYNC | MS_ASYNC)");
		break;
	case 1:
		TST_EXP_FAIL(msync(map, pg, MS_SYNC | 0x100), EINVAL,
			     "msync(MS_SYNC | 0x100)");
		break;
	case 2:
		TST_EXP_FAIL(msync(map + 1, pg, MS_SYNC), EINVAL,
			     "msync() at an address that is not page aligned");
		break;
	case 3:
		TST_EXP_FAIL(msync(unmapped, 2 * pg, MS_SYNC), ENOMEM,
			     "msync() of a range with nothing mapped");
		break;
	case 4:
		TST_EXP_FAIL(msync(holed, 3 * pg, MS_SYNC), ENOMEM,
			     "msync() of a range with an unmapped hole");
		break;
	case 5:
		TST_EXP_FAIL(msync(map, -2 * pg, MS_SYNC), ENOMEM,
			     "msync() of a range that wraps around");
		break;
	case 6:
		TST_EXP_FAIL(msync(locked, pg, MS_INVALIDATE), EBUSY,
			     "msync(MS_INVALIDATE) of an mlock()ed range");
		break;
	case 7:
		TST_EXP_PASS(msync(locked, pg, MS_SYNC),
			     "msync(MS_SYNC) of the mlock()ed range (control)");
		break;
	}
}

static struct tst_test test = {
	.tcnt = 8,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_tmpdir = 1,
};
