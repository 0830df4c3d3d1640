// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * munmap(): "If a mapping to be removed was private, any modifications
 * made in this address range shall be discarded", while a shared
 * mapping's stores are changes to the underlying object and stay there:
 * after munmap() (no msync()) the file holds what was stored through the
 * MAP_SHARED mapping, and a new MAP_PRIVATE mapping shows the file's
 * data, not the discarded private store. Removing a range that spans
 * two separate mappings and the hole between them succeeds and leaves
 * nothing mapped there (msync() then fails with [ENOMEM]).
 */
#include <sys/mman.h>

#include "pts_helpers.h"

int main(void)
{
	long pg = sysconf(_SC_PAGESIZE);
	char path[64], buf[16] = "";
	char *s, *p, *a;
	int fd;

	snprintf(path, sizeof(path), "/tmp/pts_munmap2_%d", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0600);
	unlink(path);
	if (fd < 0 || ftruncate(fd, pg) || pwrite(fd, "file", 5, 0) != 5)
		PTS_UNRES("create %s: %m", path);
	p = mmap(NULL, pg, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
	if (p == MAP_FAILED)
		PTS_UNRES("mmap(): %m");
	strcpy(p, "priv");
	if (munmap(p, pg))
		PTS_FAILED("munmap(private): %m");
	p = mmap(NULL, pg, PROT_READ, MAP_PRIVATE, fd, 0);
	if (p == MAP_FAILED)
		PTS_UNRES("mmap(): %m");
	if (strcmp(p, "file"))
		PTS_FAILED("a new private mapping reads \"%s\", expected \"file\"", p);
	munmap(p, pg);
	s = mmap(NULL, pg, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (s == MAP_FAILED)
		PTS_UNRES("mmap(): %m");
	strcpy(s, "kept");
	if (munmap(s, pg))
		PTS_FAILED("munmap(shared): %m");
	if (pread(fd, buf, 5, 0) != 5 || strcmp(buf, "kept"))
		PTS_FAILED("the file reads \"%s\" after munmap of the shared store",
			   buf);
	printf("private store discarded, shared store kept in the file\n");

	a = mmap(NULL, 3 * pg, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (a == MAP_FAILED || munmap(a + pg, pg))
		PTS_UNRES("mmap/munmap: %m");
	if (munmap(a, 3 * pg))
		PTS_FAILED("munmap() across two mappings and a hole: %m");
	PTS_EXPECT_ERRNO(msync(a, pg, MS_ASYNC), ENOMEM,
			 "msync() of the first removed page");
	PTS_EXPECT_ERRNO(msync(a + 2 * pg, pg, MS_ASYNC), ENOMEM,
			 "msync() of the last removed page");
	PTS_PASSED("private changes discarded, shared kept; a range with a hole removed");
}
