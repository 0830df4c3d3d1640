/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Whether the page cache pages of a file are dirty, read from the kernel
 * itself: the file is mapped, /proc/self/pagemap gives each page's frame
 * number (root only) and /proc/kpageflags its KPF_DIRTY bit
 * (CONFIG_PROC_PAGE_MONITOR). The sync tests write pages, check they are
 * dirty, sync, and check they are clean: written back, not just flagged.
 */
#ifndef PAGE_DIRTY_H
#define PAGE_DIRTY_H

#include <stdint.h>
#include <sys/vfs.h>
#include "tst_test.h"

#define KPF_DIRTY_BIT 4
#define PM_PRESENT (1ULL << 63)
#define PM_PFN_MASK ((1ULL << 55) - 1)
#define TMPFS_MAGIC_ 0x01021994
#define DIRTY_PAGES 4

/* Number of dirty pages among the npages mapped at map. */
static inline int dirty_pages(const char *map, int npages)
{
	long psz = getpagesize();
	uint64_t ent, flags;
	int pm, kpf, i, dirty = 0;
	volatile char c;

	pm = SAFE_OPEN("/proc/self/pagemap", O_RDONLY);
	kpf = open("/proc/kpageflags", O_RDONLY);
	if (kpf < 0)
		tst_brk(TCONF | TERRNO, "no /proc/kpageflags "
			"(CONFIG_PROC_PAGE_MONITOR)");
	for (i = 0; i < npages; i++) {
		c = map[i * psz];	/* map it in */
		(void)c;
		SAFE_PREAD(1, pm, &ent, sizeof(ent),
			   ((uintptr_t)map / psz + i) * sizeof(ent));
		if (!(ent & PM_PRESENT))
			tst_brk(TBROK, "page %d of the mapping not present", i);
		if (!(ent & PM_PFN_MASK))
			tst_brk(TCONF, "/proc/self/pagemap hides frame numbers "
				"(CAP_SYS_ADMIN missing?)");
		SAFE_PREAD(1, kpf, &flags, sizeof(flags),
			   (ent & PM_PFN_MASK) * sizeof(flags));
		dirty += !!(flags & (1ULL << KPF_DIRTY_BIT));
	}
	SAFE_CLOSE(pm);
	SAFE_CLOSE(kpf);
	return dirty;
}

/*
 * (Re)write DIRTY_PAGES pages of fd through write(), map them read-only,
 * and return the mapping once all are dirty. Background writeback may
 * clean them first on a busy system: a few tries, then TCONF.
 */
static inline char *dirty_file_pages(int fd)
{
	long psz = getpagesize();
	struct statfs sf;
	char buf[4096];
	char *map;
	int try, i;

	if (fstatfs(fd, &sf))
		tst_brk(TBROK | TERRNO, "fstatfs()");
	if (sf.f_type == TMPFS_MAGIC_)
		tst_brk(TCONF, "the tmpdir is a tmpfs: no writeback to see");

	map = SAFE_MMAP(NULL, DIRTY_PAGES * psz, PROT_READ, MAP_SHARED, fd, 0);
	for (try = 0; try < 3; try++) {
		memset(buf, 'a' + try, sizeof(buf));
		for (i = 0; i < DIRTY_PAGES * psz / (long)sizeof(buf); i++)
			SAFE_PWRITE(1, fd, buf, sizeof(buf), i * sizeof(buf));
		if (dirty_pages(map, DIRTY_PAGES) == DIRTY_PAGES)
			return map;
	}
	tst_brk(TCONF, "pages do not stay dirty after write(): background "
		"writeback cleans them at once");
}

#endif /* PAGE_DIRTY_H */
