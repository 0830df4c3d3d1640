// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mlockall(MCL_FUTURE) locks every page that becomes mapped later, not
 * only new mmap() mappings: pages added by mremap() growing a mapping,
 * by brk() growing the heap and a shared file mapping are each locked
 * ("lo" in the VmFlags of their /proc/self/smaps entry), resident
 * without being touched (mincore()), and counted in VmLck by exactly
 * their size. munmap() of half the grown mapping lowers VmLck by that
 * half. Done in a child, which reads /proc without stdio so that no
 * allocation of its own changes VmLck between two reads.
 */
#include <sys/mman.h>

#include "pts_helpers.h"
#include "pts_proc_self.h"

static long pg;

static long vmlck(void)
{
	return pts_status_kb("VmLck:");
}

static int resident(char *m, long pages)
{
	unsigned char vec[64];
	int i, n = 0;

	if (pages > 64 || mincore(m, pages * pg, vec))
		return -1;
	for (i = 0; i < pages; i++)
		n += vec[i] & 1;
	return n;
}

#define CHECK(addr, pages, before, what) do { \
	long d_ = vmlck() - (before); \
	int r_ = resident(addr, pages), l_ = pts_locked_vma(addr); \
	if (d_ != (pages) * pg / 1024 || r_ != (pages) || l_ != 1) \
		PTS_FAILED("%s: VmLck +%ld kB (expected %ld), %d of %d pages " \
			   "resident, locked flag %d", what, d_, \
			   (long)((pages) * pg / 1024), r_, (int)(pages), l_); \
} while (0)

static int child(void)
{
	char path[64], *a, *b, *h, *f;
	long before;
	int fd;

	if (mlockall(MCL_FUTURE))
		PTS_UNRES("mlockall(MCL_FUTURE): %m");

	before = vmlck();
	a = mmap(NULL, 4 * pg, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (a == MAP_FAILED)
		PTS_UNRES("mmap(): %m");
	CHECK(a, 4, before, "new anonymous mapping");

	before = vmlck();
	b = mremap(a, 4 * pg, 12 * pg, MREMAP_MAYMOVE);
	if (b == MAP_FAILED)
		PTS_UNRES("mremap(): %m");
	CHECK(b + 4 * pg, 8, before, "pages added by mremap()");

	before = vmlck();
	if (munmap(b + 6 * pg, 6 * pg))
		PTS_UNRES("munmap(): %m");
	if (vmlck() - before != -6 * pg / 1024)
		PTS_FAILED("munmap() of 6 locked pages: VmLck %+ld kB",
			   vmlck() - before);

	/* the heap grows from the page the break is in, rounded up */
	h = sbrk(0);
	h = (char *)(((unsigned long)h + pg - 1) & ~(pg - 1));
	before = vmlck();
	if (brk(h + 8 * pg))
		PTS_UNRES("brk(): %m");
	CHECK(h, 8, before, "pages added by brk()");

	snprintf(path, sizeof(path), "/tmp/pts_mlockall4_%d", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0600);
	if (fd < 0 || ftruncate(fd, 4 * pg))
		PTS_UNRES("file set-up: %m");
	unlink(path);
	before = vmlck();
	f = mmap(NULL, 4 * pg, PROT_READ, MAP_SHARED, fd, 0);
	if (f == MAP_FAILED)
		PTS_UNRES("mmap() of the file: %m");
	CHECK(f, 4, before, "shared file mapping");
	return PTS_PASS;
}

int main(void)
{
	pg = sysconf(_SC_PAGESIZE);
	pts_run_child(child, "MCL_FUTURE child");
	PTS_PASSED("MCL_FUTURE locks mremap() and brk() growth and file mappings");
}
