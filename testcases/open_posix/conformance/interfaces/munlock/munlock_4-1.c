// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * munlock(): locks that other parts of the caller's own address space
 * hold on the same pages stay. One shared memory object is mapped
 * twice, both mappings locked; munlock() of the first leaves the second
 * locked (smaps "lo", VmLck lower by exactly the first's 4 pages) and
 * the pages shared (a store through the unlocked mapping is read
 * through the locked one).
 */
#include <sys/mman.h>

#include "pts_helpers.h"
#include "pts_proc_self.h"

int main(void)
{
	long pg = sysconf(_SC_PAGESIZE), kb = 4 * pg / 1024, base, v;
	char name[64];
	char *a, *b;
	int fd;

	snprintf(name, sizeof(name), "/pts_munlock4_%d", (int)getpid());
	fd = shm_open(name, O_RDWR | O_CREAT | O_EXCL, 0600);
	if (fd < 0)
		PTS_UNRES("shm_open(): %m");
	shm_unlink(name);
	if (ftruncate(fd, 4 * pg))
		PTS_UNRES("ftruncate(): %m");
	a = mmap(NULL, 4 * pg, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	b = mmap(NULL, 4 * pg, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (a == MAP_FAILED || b == MAP_FAILED)
		PTS_UNRES("mmap(): %m");
	base = pts_status_kb("VmLck:");
	if (mlock(a, 4 * pg) || mlock(b, 4 * pg))
		PTS_UNRES("mlock(): %m");
	v = pts_status_kb("VmLck:");
	if (v != base + 2 * kb)
		PTS_UNRES("VmLck %ld kB with both mappings locked, expected %ld",
			  v, base + 2 * kb);
	if (munlock(a, 4 * pg))
		PTS_FAILED("munlock(): %m");
	v = pts_status_kb("VmLck:");
	if (v != base + kb)
		PTS_FAILED("VmLck %ld kB after munlock() of one mapping, expected %ld (the other's %ld kB)",
			   v, base + kb, kb);
	if (pts_locked_vma(b) != 1 || pts_locked_vma(b + 3 * pg) != 1)
		PTS_FAILED("the second mapping lost its lock");
	if (pts_locked_vma(a) != 0)
		PTS_FAILED("the first mapping still locked");
	strcpy(a + 3 * pg, "shared");
	if (strcmp(b + 3 * pg, "shared"))
		PTS_FAILED("the two mappings no longer share the pages");
	PTS_PASSED("the other mapping of the same pages keeps its lock (VmLck %ld kB)",
		   v);
}
