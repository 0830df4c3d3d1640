// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * munmap(): [EINVAL] when addresses in [addr, addr + len) are outside
 * the valid range of the process's address space: a range starting at
 * the top page of the 64-bit space (kernel addresses), and a valid
 * mapped address with a len reaching past the top. Neither call unmaps
 * anything: the mapping keeps its data and stays writable.
 */
#include <stdint.h>
#include <sys/mman.h>

#include "pts_helpers.h"

int main(void)
{
	long pg = sysconf(_SC_PAGESIZE);
	uintptr_t top = UINTPTR_MAX & ~(uintptr_t)(pg - 1);
	char *m;

	m = mmap(NULL, 2 * pg, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (m == MAP_FAILED)
		PTS_UNRES("mmap(): %m");
	strcpy(m, "first");
	strcpy(m + pg, "second");
	PTS_EXPECT_ERRNO(munmap((void *)top, pg), EINVAL,
			 "munmap() of the top page");
	PTS_EXPECT_ERRNO(munmap((void *)(top - 16 * (uintptr_t)pg), 2 * pg),
			 EINVAL, "munmap() of kernel addresses");
	PTS_EXPECT_ERRNO(munmap(m, top - (uintptr_t)m), EINVAL,
			 "munmap() from a mapping to the top");
	if (strcmp(m, "first") || strcmp(m + pg, "second"))
		PTS_FAILED("the mapping lost its data");
	m[0] = 'F';
	m[pg] = 'S';
	PTS_PASSED("EINVAL outside the address space, nothing unmapped");
}
