// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mmap(): "The mmap() function shall establish a mapping between the
 * address space of the process at an address pa for len bytes to the
 * memory object represented by the file descriptor fildes at offset off
 * for len bytes." Four pages of a shared memory object, each tagged
 * with its number, are mapped with offsets 0, 2 and 3 pages and lengths
 * of one to two pages: each mapping shows the pages at its offset, in
 * order; a store through the mapping at offset 3 pages is seen through
 * the one at offset 2 pages (the same page of the object) at its second
 * page. The address returned is a multiple of the page size.
 */
#include <stdint.h>
#include <sys/mman.h>

#include "pts_helpers.h"

int main(void)
{
	long pg = sysconf(_SC_PAGESIZE);
	char name[64], *all, *m0, *m2, *m3;
	int fd, i;

	snprintf(name, sizeof(name), "/pts_mmap10_%d", (int)getpid());
	fd = shm_open(name, O_RDWR | O_CREAT | O_EXCL, 0600);
	shm_unlink(name);
	if (fd < 0 || ftruncate(fd, 4 * pg))
		PTS_UNRES("shm_open/ftruncate: %m");
	all = mmap(NULL, 4 * pg, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (all == MAP_FAILED)
		PTS_UNRES("mmap(): %m");
	for (i = 0; i < 4; i++)
		all[i * pg] = 'A' + i;
	m0 = mmap(NULL, pg, PROT_READ, MAP_SHARED, fd, 0);
	m2 = mmap(NULL, 2 * pg, PROT_READ, MAP_SHARED, fd, 2 * pg);
	m3 = mmap(NULL, pg, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 3 * pg);
	if (m0 == MAP_FAILED || m2 == MAP_FAILED || m3 == MAP_FAILED)
		PTS_FAILED("mmap() at an offset: %m");
	if (((uintptr_t)m0 | (uintptr_t)m2 | (uintptr_t)m3) % pg)
		PTS_FAILED("an address that is not page aligned");
	printf("offset 0: %c; offset 2 pages: %c %c; offset 3 pages: %c\n",
	       m0[0], m2[0], m2[pg], m3[0]);
	if (m0[0] != 'A' || m2[0] != 'C' || m2[pg] != 'D' || m3[0] != 'D')
		PTS_FAILED("a mapping does not show the object's pages at its offset");
	m3[1] = '!';
	if (m2[pg + 1] != '!' || all[3 * pg + 1] != '!')
		PTS_FAILED("a store at offset 3 pages is not in the object's page 3");
	PTS_PASSED("each mapping shows the object at its offset");
}
