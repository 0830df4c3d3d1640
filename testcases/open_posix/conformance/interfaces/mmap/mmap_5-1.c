// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mmap() errors: [EACCES] for PROT_WRITE with MAP_SHARED on a file
 * descriptor not open for writing, and for any mapping of a descriptor
 * open for writing only; [EBADF] for a descriptor that is not open
 * (without MAP_ANONYMOUS); [EINVAL] for MAP_FIXED with an address that is
 * not a multiple of the page size, and for flags with neither
 * MAP_SHARED nor MAP_PRIVATE. MAP_PRIVATE with PROT_WRITE of a read-only
 * descriptor is allowed.
 */
#include <sys/mman.h>

#include "pts_helpers.h"

int main(void)
{
	long pg = sysconf(_SC_PAGESIZE);
	char path[64];
	int ro, wo;
	void *p;

	snprintf(path, sizeof(path), "/tmp/pts_mmap5_%d", (int)getpid());
	wo = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	if (wo < 0 || ftruncate(wo, pg))
		PTS_UNRES("create %s: %m", path);
	ro = open(path, O_RDONLY);
	unlink(path);
	if (ro < 0)
		PTS_UNRES("open(O_RDONLY): %m");
	if (mmap(NULL, pg, PROT_READ | PROT_WRITE, MAP_SHARED, ro, 0) !=
	    MAP_FAILED || errno != EACCES)
		PTS_FAILED("MAP_SHARED PROT_WRITE of O_RDONLY: %m, expected EACCES");
	if (mmap(NULL, pg, PROT_READ, MAP_SHARED, wo, 0) != MAP_FAILED ||
	    errno != EACCES)
		PTS_FAILED("mapping an O_WRONLY descriptor: %m, expected EACCES");
	p = mmap(NULL, pg, PROT_READ | PROT_WRITE, MAP_PRIVATE, ro, 0);
	if (p == MAP_FAILED)
		PTS_FAILED("MAP_PRIVATE PROT_WRITE of O_RDONLY: %m");
	munmap(p, pg);
	close(wo);
	if (mmap(NULL, pg, PROT_READ, MAP_SHARED, wo, 0) != MAP_FAILED ||
	    errno != EBADF)
		PTS_FAILED("closed descriptor: %m, expected EBADF");
	p = mmap(NULL, 2 * pg, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (mmap((char *)p + 1, pg, PROT_READ, MAP_PRIVATE | MAP_FIXED, ro, 0) !=
	    MAP_FAILED || errno != EINVAL)
		PTS_FAILED("MAP_FIXED unaligned address: %m, expected EINVAL");
	if (mmap(NULL, pg, PROT_READ, 0, ro, 0) != MAP_FAILED || errno != EINVAL)
		PTS_FAILED("neither MAP_SHARED nor MAP_PRIVATE: %m, expected EINVAL");
	PTS_PASSED("EACCES, EBADF and EINVAL as specified");
}
