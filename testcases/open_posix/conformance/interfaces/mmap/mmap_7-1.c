// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mmap() with MAP_FIXED: "the mapping established by mmap() shall
 * replace any previous mappings for those whole pages", at exactly the
 * address given: the middle page of a three-page anonymous mapping is
 * replaced by a file page (its data appears there, the neighbours keep
 * theirs). [EINVAL] for an offset that is not a multiple of the page
 * size; [ENODEV] for a descriptor whose file type does not support
 * mapping (a pipe).
 */
#include <sys/mman.h>

#include "pts_helpers.h"

int main(void)
{
	long pg = sysconf(_SC_PAGESIZE);
	char path[64], *a, *f;
	int fd, p[2];

	snprintf(path, sizeof(path), "/tmp/pts_mmap7_%d", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
	unlink(path);
	if (fd < 0 || ftruncate(fd, 2 * pg) || pwrite(fd, "FILE", 4, 0) != 4)
		PTS_UNRES("file: %m");
	a = mmap(NULL, 3 * pg, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (a == MAP_FAILED)
		PTS_UNRES("mmap(): %m");
	memset(a, 'z', 3 * pg);
	f = mmap(a + pg, pg, PROT_READ, MAP_SHARED | MAP_FIXED, fd, 0);
	if (f != a + pg)
		PTS_FAILED("MAP_FIXED returned %p, expected %p", (void *)f,
			   (void *)(a + pg));
	if (memcmp(f, "FILE", 4) || f[pg - 1] != 0)
		PTS_FAILED("the replaced page does not show the file");
	if (a[pg - 1] != 'z' || a[2 * pg] != 'z')
		PTS_FAILED("neighbouring pages changed");
	if (mmap(NULL, pg, PROT_READ, MAP_SHARED, fd, 1) != MAP_FAILED ||
	    errno != EINVAL)
		PTS_FAILED("unaligned offset: %m, expected EINVAL");
	if (pipe(p))
		PTS_UNRES("pipe(): %m");
	if (mmap(NULL, pg, PROT_READ, MAP_SHARED, p[0], 0) != MAP_FAILED ||
	    errno != ENODEV)
		PTS_FAILED("mapping a pipe: %m, expected ENODEV");
	PTS_PASSED("MAP_FIXED replaced the page, EINVAL, ENODEV");
}
