// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mmap() errors about the size of the range: [EOVERFLOW] "The file is a
 * regular file and the value of off plus len exceeds the offset maximum
 * established in the open file description associated with fildes" (an
 * offset of the last page below 2^63 plus two pages); [ENOMEM]
 * "MAP_FIXED was specified, and the range [addr,addr+len) exceeds that
 * allowed for the address space of a process" (an address at the top of
 * the 64-bit space), and "MAP_FIXED was not specified and there is
 * insufficient room in the address space to effect the mapping" (a
 * length of more than half the space).
 */
#include <stdint.h>
#include <sys/mman.h>

#include "pts_helpers.h"

int main(void)
{
	long pg = sysconf(_SC_PAGESIZE);
	char path[64];
	off_t off;
	void *top;
	int fd;

	if (sizeof(off_t) != 8 || sizeof(void *) != 8)
		PTS_UNSUPP("the ranges used here are for 64-bit processes");
	snprintf(path, sizeof(path), "/tmp/pts_mmap8_%d", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0600);
	unlink(path);
	if (fd < 0 || ftruncate(fd, pg))
		PTS_UNRES("create %s: %m", path);
	off = (off_t)(INT64_MAX & ~(int64_t)(pg - 1));
	PTS_EXPECT_ERRNO(mmap(NULL, 2 * pg, PROT_READ, MAP_SHARED, fd, off),
			 EOVERFLOW, "mmap(off 2^63 - page, len 2 pages)");
	printf("offset %#llx + 2 pages: EOVERFLOW\n", (long long)off);
	top = (void *)(uintptr_t)(UINTPTR_MAX & ~(uintptr_t)(pg - 1));
	PTS_EXPECT_ERRNO(mmap(top, pg, PROT_READ,
			      MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0),
			 ENOMEM, "mmap(MAP_FIXED, last page of the 64-bit space)");
	PTS_EXPECT_ERRNO(mmap(NULL, (size_t)1 << 63, PROT_READ,
			      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
			 ENOMEM, "mmap(len 2^63)");
	PTS_PASSED("EOVERFLOW past the offset maximum; ENOMEM outside the address space");
}
